"""Overlay targets are bounded (issue #22, item 5): each step of a JSONPath keeps a node once,
and matches at most `MAX_MATCHES` nodes; an update copied into many matches adds at most
`MAX_ADDED_NODES` nodes. Past either: a located error naming the limit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.document.overlay import (
    MAX_ADDED_NODES,
    MAX_MATCHES,
    apply_overlay,
    parse_jsonpath,
    select,
)
from generator.problems import GeneratorError
from tests.hostile.support import assert_no_crash, run_cli
from tests.support import subpackage_text

BOMB = "$" + "..*" * 6


def _deep_document(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for level in range(levels):
        schema = {"type": "object", "properties": {f"p{level}": schema}}
    return {"openapi": "3.1.0", "info": {"title": "Deep", "version": "1"},
            "paths": {"/a": {"get": {"operationId": "get_a", "responses": {"200": {
                "description": "ok", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Deep"}}}}}}}},
            "components": {"schemas": {"Deep": schema}}}


def _nodes(data: Any) -> int:
    return len(select(data, parse_jsonpath("$..*")))


def test_a_recursive_bomb_matches_each_node_once() -> None:
    document = _deep_document(40)
    matches = select(document, parse_jsonpath(BOMB))
    places = {(id(parent), key) for parent, key, _ in matches}
    assert len(places) == len(matches)  # no node twice
    assert 0 < len(matches) < _nodes(document)  # the nodes 6 levels down or more, once each


def test_an_update_through_a_bomb_is_applied_once_per_object(tmp_path: Path) -> None:
    document = _deep_document(40)
    result, problems = apply_overlay(document, {"overlay": "1.0.0", "actions": [
        {"target": "$..properties", "update": {"x-seen": [1]}}]}, "o.yaml")
    assert problems == []
    deep = result["components"]["schemas"]["Deep"]
    while "properties" in deep:
        properties = deep["properties"]
        assert properties.get("x-seen") == [1]  # appended once, not once per way to it
        deep = next(value for key, value in properties.items() if key != "x-seen")


def test_a_target_matching_too_many_nodes_is_a_located_error() -> None:
    document = {"openapi": "3.1.0", "x-many": list(range(MAX_MATCHES + 1))}
    with pytest.raises(GeneratorError) as caught:
        apply_overlay(document, {"overlay": "1.0.0", "actions": [
            {"target": "$.paths", "update": {}}, {"target": "$..*", "remove": True}]}, "o.yaml")
    [problem] = caught.value.problems
    assert problem.pointer == "/actions/1/target"
    assert "MAX_MATCHES" in problem.message and f"{MAX_MATCHES:,}" in problem.message


def test_an_update_copied_into_too_many_matches_is_a_located_error() -> None:
    items = 1_000
    document = {"openapi": "3.1.0", "x-many": [{} for _ in range(items)]}
    update = {"k": list(range(MAX_ADDED_NODES // items))}
    with pytest.raises(GeneratorError) as caught:
        apply_overlay(document, {"overlay": "1.0.0", "actions": [
            {"target": "$['x-many'][*]", "update": update}]}, "o.yaml")
    [problem] = caught.value.problems
    assert problem.pointer == "/actions/0/update"
    assert "MAX_ADDED_NODES" in problem.message


@pytest.mark.parametrize("deep", [40, 400])
def test_generate_with_a_bomb_overlay_ends_in_bounded_time_and_memory(tmp_path: Path,
                                                                     deep: int) -> None:
    spec = tmp_path / "deep.json"
    spec.write_text(json.dumps(_deep_document(deep)))
    overlay = tmp_path / "bomb.yaml"
    target = BOMB + "..[?(@.type == 'object')]"  # the bomb, then only object schemas
    overlay.write_text(f"overlay: 1.0.0\nactions:\n  - target: \"{target}\"\n"
                       "    update: {description: hello}\n")
    out = tmp_path / "deep_pkg"
    result = run_cli("generate", "--spec", spec, "--overlay", overlay, "--out", out,
                     timeout=300, memory_limit=3_000_000_000)
    assert_no_crash(result)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "hello" in subpackage_text(out)
