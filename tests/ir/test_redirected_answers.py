"""An operation documenting only a redirect returns the bytes it leads to; a documented success
beside a redirect keeps the method's type its own (`ir.responses._redirected_only`)."""

from __future__ import annotations

from typing import Any

import pytest

from generator import ir

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
THING = {"description": "made", "content": {"application/json": {"schema": {
    "type": "object", "properties": {"id": {"type": "string"}}}}}}


def _successes(responses: dict[str, Any], method: str = "get") -> list[tuple[str, str, bool]]:
    document = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
                "paths": {"/x": {method: {"operationId": "x", "responses": responses}}}}
    (operation,) = [op for resource in ir.build(document, OPTIONS).resources
                    for op in resource.operations]
    return [(r.status, r.kind, r.after_redirect) for r in operation.success]


@pytest.mark.parametrize(("responses", "method", "expected"), [
    ({"302": {"description": "to the archive"}}, "get", [("2XX", "bytes", True)]),
    ({"202": {"description": "not ready"}, "302": {"description": "the file"}}, "get",
     [("202", "none", False), ("2XX", "bytes", True)]),
    # a documented success keeps the type (these were widened to `Thing | bytes`, `None | bytes`)
    ({"201": THING, "303": {"description": "see it"}}, "post", [("201", "json", False)]),
    ({"204": {"description": "gone"}, "307": {"description": "elsewhere"}}, "delete",
     [("204", "none", False)]),
    ({"default": THING, "302": {"description": "moved"}}, "get", [("default", "json", False)]),
])
def test_only_an_undocumented_destination_is_read_as_bytes(
        responses: dict[str, Any], method: str, expected: list[tuple[str, str, bool]]) -> None:
    assert _successes(responses, method) == expected
