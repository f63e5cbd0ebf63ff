"""Another tool's pagination extension on an operation not read as paged is named: Datadog
marks `list_monitors` with `x-pagination`, which the generator does not read, and the method
returned one page without a word (a large-document trial)."""

from __future__ import annotations

from typing import Any

from generator import ir

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")


def _operation(extra: dict[str, Any]) -> Any:
    document = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
        "/monitors": {"get": {"operationId": "listMonitors", **extra, "responses": {"200": {
            "description": "ok", "content": {"application/json": {"schema": {
                "type": "array", "items": {"type": "string"}}}}}}}}}}
    (operation,) = [op for r in ir.build(document, OPTIONS).resources for op in r.operations]
    return operation


def test_another_tools_pagination_hint_is_named_where_it_is_not_read() -> None:
    operation = _operation({"x-pagination": {"limitParam": "page_size", "pageParam": "page"}})
    assert operation.pagination is None
    (note,) = operation.ignored
    assert note.pointer == "/paths/~1monitors/get" and note.kind == "note"
    assert note.problem.startswith("`x-pagination` says how it pages")
    assert "x-codegen-pagination" in note.action


def test_nothing_is_said_without_one_or_beside_our_own_hint() -> None:
    assert _operation({}).ignored == ()
    hinted = _operation({"x-pagination": {}, "x-codegen-pagination": False})
    assert hinted.pagination is None and hinted.ignored == ()
