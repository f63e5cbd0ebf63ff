"""The child that builds both sides' intermediate models builds the last one on the document
itself (`ir.build(in_place=True)`): the same records and annotations as from a working copy,
never in the parent (which builds them itself when the child fails)."""

from __future__ import annotations

import copy
import os
import pickle
from pathlib import Path
from typing import Any

import pytest

from generator import ir
from generator.document.loading import load
from generator.document.tree import changed_in_place, copy_tree
from generator.drift.diff import client
from tests.support import FEATURE_SPECS

SPECS = sorted(FEATURE_SPECS.glob("*.yaml")) + sorted(FEATURE_SPECS.glob("*.json"))


def _data(path: Path) -> dict[str, Any]:
    return load(path).data


@pytest.mark.parametrize("path", SPECS, ids=lambda path: path.name)
def test_a_model_built_in_place_is_the_one_built_on_a_copy(path: Path) -> None:
    data = _data(path)
    expected = client._operations(data)
    assert pickle.dumps(client._operations(copy.deepcopy(data), in_place=True)) == \
        pickle.dumps(expected)


def _document() -> dict[str, Any]:
    """A component whose class name is not its name: its `$ref`s are renamed in a build."""
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
        "/a": {"get": {"operationId": "getA", "responses": {"200": {
            "description": "ok", "content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/a-thing"}}}}}}}},
        "components": {"schemas": {"a-thing": {"type": "object", "properties": {
            "x": {"type": "string"}}}}}}


def test_in_place_changes_the_document_and_the_copy_does_not() -> None:
    document = _document()
    before = copy.deepcopy(document)
    options = ir.BuildOptions(package="p", api_key_env="K", base_url_env="U")
    on_copy = ir.build(document, options)
    assert document == before
    in_place = ir.build(document, options, in_place=True)
    assert document != before and in_place.models_input is document
    assert on_copy.models_input == in_place.models_input


def test_changed_in_place_calls_what_copy_tree_calls_once_per_dict() -> None:
    shared = {"enum": ["a"]}
    data = {"x": shared, "y": [shared, {"z": {"enum": ["b"]}}], "w": 1}
    calls: list[tuple[str, ...]] = []

    def each(source: dict[str, Any], target: dict[str, Any]) -> None:
        calls.append(tuple(source))
        target["added"] = [{"not": "walked"}]

    copied = copy_tree(copy.deepcopy(data), each)
    walked = list(calls)
    calls.clear()
    assert changed_in_place(data, each) is data
    assert sorted(calls) == sorted(walked) and len(calls) == 4  # the shared dict once
    assert data == copied and data["x"] is data["y"][0]


def test_only_the_forked_childs_last_side_is_built_in_place() -> None:
    """`_operations_of` in the parent (the child failed) changes no document; in a child (not
    the parent's pid) only the last one."""
    old, new = _document(), _document()
    before = copy.deepcopy((old, new))
    here = client._operations_of((old, new), os.getpid())
    assert (old, new) == before
    child = client._operations_of((old, new), os.getpid() + 1)
    assert old == before[0] and new != before[1]
    assert child == here  # each side's records, pickled
    assert [pickle.loads(side) for side in here] == [client._operations(d) for d in before]


def test_each_sides_records_are_pickled_before_the_next_side_is_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    build, dumps = client._operations, client.pickle.dumps

    def built(data: Any, in_place: bool = False, models: str = "all") -> Any:
        events.append("build")
        return build(data, in_place, models)

    def pickled(value: Any) -> bytes:
        events.append("pickle")
        return dumps(value)

    monkeypatch.setattr(client, "_operations", built)
    monkeypatch.setattr(client.pickle, "dumps", pickled)
    client._operations_of((_document(), _document()), os.getpid())
    assert events == ["build", "pickle", "build", "pickle"]
