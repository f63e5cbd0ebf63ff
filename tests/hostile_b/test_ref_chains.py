"""A chain of `$ref`s to arrays or maps (`S180: {type: array, items: S179}`, ..., 13 KB of
document): datamodel-code-generator inlined every root model into the next, one annotation 180
levels deep, which the generated module could not import (a RecursionError in pydantic; past
200, "too many nested parentheses" stopped `generate` with an internal error), and the
arguments' widening walked the chain level by level. Root models inline at most
`MAX_INLINED_DEPTH` levels deep and widen at most `MAX_WIDENED_DEPTH`: the package generates,
imports, and sends a value to a server on 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(300)


def _chain(levels: int, keyword: str) -> dict[str, Any]:
    schemas: dict[str, Any] = {"S0": {"type": "string"}}
    for level in range(1, levels + 1):
        inner = {"$ref": f"#/components/schemas/S{level - 1}"}
        schemas[f"S{level}"] = ({"type": "array", "items": inner} if keyword == "items"
                                else {"type": "object", "additionalProperties": inner})
    top = {"$ref": f"#/components/schemas/S{levels}"}
    return {
        "openapi": "3.1.0", "info": {"title": "chain", "version": "1"},
        "paths": {"/a": {"post": {
            "operationId": "op",
            "requestBody": {"content": {"application/json": {"schema": top}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": top}}}}}}},
        "components": {"schemas": schemas},
    }


def _package(tmp_path: Path, levels: int, keyword: str) -> ModuleType:
    spec = tmp_path / "chain.json"
    spec.write_text(json.dumps(_chain(levels, keyword)), encoding="utf-8")
    name = f"chain_{keyword}_{levels}"
    for package, files in pipeline.build_packages([pipeline.target_for_spec(spec, name)]).items():
        write.write(files, tmp_path / "out" / package)
    return import_from(tmp_path / "out", name)


def _nested(levels: int, keyword: str) -> Any:
    value: Any = "leaf"
    for _ in range(levels):
        value = [value] if keyword == "items" else {"k": value}
    return value


@pytest.mark.parametrize(("levels", "keyword"), [(180, "items"), (210, "map")])
def test_a_long_chain_of_refs_generates_imports_and_is_sent(
        tmp_path: Path, levels: int, keyword: str) -> None:
    package = _package(tmp_path, levels, keyword)
    for name in package.models.__all__:  # every model module imports
        getattr(package.models, name)
    value = _nested(levels, keyword)
    with ScriptedServer([Reply(200, body=value)]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            answer = client.default.op(body=value)
        (request,) = server.requests
    assert request.json() == value
    assert _plain(answer) == value  # (the chain's named root models hold the levels)


def _plain(value: Any) -> Any:
    """`value` with every root model it holds replaced by what it wraps."""
    while hasattr(value, "root"):
        value = value.root
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value
