"""A multipart request body documented as another subtype than form-data (`multipart/mixed`,
`multipart/related`): the client builds `multipart/form-data` only, and sent it so silently.
Now a note names each such operation (stderr and COVERAGE.md: tests/runtime/
test_form_string_body.py sends one); where the document lists form-data too, form-data is the
one used, whatever the names' order."""

from __future__ import annotations

from typing import Any

import pytest

from generator import ir

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
PARTS = {"schema": {"type": "object", "properties": {"file": {"type": "string",
                                                              "format": "binary"}}}}


def _operation(content: dict[str, Any]) -> Any:
    document = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
                "paths": {"/x": {"post": {"operationId": "x", "requestBody": {"content": content},
                                          "responses": {"204": {"description": "ok"}}}}}}
    (operation,) = [op for resource in ir.build(document, OPTIONS).resources
                    for op in resource.operations]
    return operation


@pytest.mark.parametrize("subtype", ["multipart/mixed", "multipart/related"])
def test_another_multipart_subtype_is_noted_as_sent_as_form_data(subtype: str) -> None:
    operation = _operation({subtype: PARTS})
    assert (operation.body.kind, operation.body.media_type) == ("multipart", subtype)
    (note,) = operation.ignored
    assert note.kind == "note" and note.pointer == "/paths/~1x/post"
    assert note.problem == (f"the request body is documented as `{subtype}`, which the client "
                            "does not build")
    assert note.action.startswith("sent as `multipart/form-data`")


def test_form_data_is_not_noted_and_is_chosen_among_other_subtypes() -> None:
    assert _operation({"multipart/form-data; charset=utf-8": PARTS}).ignored == ()
    # `multipart/alternative` sorts first: it was the one chosen (and sent as form-data)
    operation = _operation({"multipart/alternative": PARTS, "multipart/form-data": PARTS})
    assert operation.body.media_type == "multipart/form-data" and operation.ignored == ()
    # a form is still chosen before multipart, as before
    operation = _operation({"multipart/form-data": PARTS,
                            "application/x-www-form-urlencoded": PARTS})
    assert operation.body.kind == "form"
