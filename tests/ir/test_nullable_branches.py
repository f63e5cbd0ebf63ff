"""A 3.0 union branch of `nullable: true` alone (Rust's schemars writes `anyOf: [{$ref: X},
{nullable: true}]` for an `Option<X>`: Qdrant's document, 263 times) is read as null: the
argument was `Filter | FilterParam | Any | None`, which `filter=object()` fits under mypy
--strict; it is `Filter | FilterParam | None`, and the reading is named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline

pytestmark = pytest.mark.timeout(120)


def _document(openapi: str, branches: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "openapi": openapi, "info": {"title": "Points", "version": "1"},
        "paths": {"/search": {"post": {
            "operationId": "search", "tags": ["points"],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "properties": {"filter": {"anyOf": branches}}}}}},
            "responses": {"204": {"description": "done"}}}}},
        "components": {"schemas": {"Filter": {"type": "object", "properties": {
            "must": {"type": "array", "items": {"type": "string"}}}}}},
    }


FILTER = {"$ref": "#/components/schemas/Filter"}


def _files(tmp_path: Path, document: dict[str, Any]) -> dict[str, str]:
    spec = tmp_path / "points.json"
    spec.write_text(json.dumps(document), encoding="utf-8")
    return pipeline.build_packages([pipeline.target_for_spec(spec, "points")])["points"]


def _argument(files: dict[str, str]) -> str:
    line = next(line for line in files["resources/points.py"].splitlines()
                if line.strip().startswith("filter:"))
    return line.strip()


def test_a_nullable_only_branch_is_read_as_null_and_named(tmp_path: Path) -> None:
    files = _files(tmp_path, _document("3.0.3", [FILTER, {"nullable": True,
                                                          "description": "none"}]))
    assert _argument(files) == (
        "filter: _models.Filter | _params.FilterParam | None | NotGiven = NOT_GIVEN,")
    coverage = files["COVERAGE.md"]
    assert "/paths/~1search/post/requestBody/content/application~1json/schema/properties/filter" \
        in coverage and "read as null: the union is nullable" in coverage


def test_a_31_document_and_a_union_of_nullable_branches_alone_are_read_as_written(
        tmp_path: Path) -> None:
    """3.1 has no `nullable` (such a branch allows any value there too, as written); a union
    of nothing but such branches keeps them: there is no other branch to make nullable."""
    for openapi, branches in (("3.1.0", [FILTER, {"nullable": True}]),
                              ("3.0.3", [{"nullable": True}, {"nullable": True, "title": "t"}])):
        files = _files(tmp_path, _document(openapi, branches))
        assert "Any" in _argument(files), (openapi, _argument(files))
        assert "read as null" not in files.get("COVERAGE.md", "")  # (none: nothing to say)
