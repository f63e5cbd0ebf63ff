"""The differ's reuse (`drift/diff/same.py`) changes nothing in the report: a schema pair equal
with all it references is not walked, and a pair's changes found for one operation are
re-rooted for every other operation reaching it. Each pair below is diffed with and without
reuse and the two reports must be equal, change for change (pointer, kind, severity, message,
side, operations)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bench.drift_pairs import load_pairs, pair_files
from generator.document.loading import load
from generator.document.refs import Refs
from generator.drift.diff.differ import diff
from generator.drift.diff.same import Same
from tests.drift.test_drift import CASES, VARIANT_IDS, VARIANTS, base, render


def _both(old: dict[str, Any], new: dict[str, Any]) -> list[Any]:
    reused, walked = diff(old, new), diff(old, new, reuse=False)
    assert reused == walked
    return reused


@pytest.mark.parametrize(("version", "use_refs"), VARIANTS, ids=VARIANT_IDS)
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_minimal_pairs_per_kind_of_change(case: Any, version: str, use_refs: bool) -> None:
    changed = base()
    case.mutate(changed)
    _both(render(base(), version, use_refs), render(changed, version, use_refs))


def _shared(leaf: str, description: str = "a") -> dict[str, Any]:
    """Three operations and two places (a response, a request body) reaching `Item`, whose
    `tags` items reach `Tag`; `Other` changes nothing."""
    ref = {"$ref": "#/components/schemas/Item"}

    def op(method: str) -> dict[str, Any]:
        return {"requestBody": {"content": {"application/json": {"schema": dict(ref)}}},
                "responses": {"200": {"description": "ok", "content": {
                    "application/json": {"schema": dict(ref)}}},
                    "201": {"description": "ok", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Other"}}}}}}

    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {"/a": {"post": op("post"), "put": op("put")}, "/b/{id}": {"post": op("b")}},
            "components": {"schemas": {
                "Item": {"type": "object", "required": ["id"], "properties": {
                    "id": {"type": "string"},
                    "tags": {"type": "array", "items": {"$ref": "#/components/schemas/Tag"}}}},
                "Tag": {"type": "object", "description": description,
                        "properties": {"name": {"type": leaf}}},
                "Other": {"type": "object", "properties": {
                    "self": {"$ref": "#/components/schemas/Other"}}}}}}


def test_a_change_deep_in_a_shared_component_is_reported_once_with_every_operation() -> None:
    changes = _both(_shared("string"), _shared("integer", description="b"))
    kinds = sorted((c.kind, c.pointer, len(c.operations)) for c in changes)
    tag = "/components/schemas/Tag"
    # (a type changed in a request and in a response, breaking both ways: one change)
    assert kinds == [("description-changed", tag, 3), ("type-changed", tag + "/properties/name", 3)]


def test_equal_closure_is_told_from_a_change_anywhere_it_reaches() -> None:
    old, new = _shared("string"), _shared("integer")
    same = Same(Refs(old), Refs(new))
    item, other = {"$ref": "#/components/schemas/Item"}, {"$ref": "#/components/schemas/Other"}
    assert not same.same(item, item)  # Item is equal, but Tag, which it reaches, is not
    assert same.same(other, other)  # a cycle, equal on both sides
    assert not same.same({"$ref": "#/components/schemas/Nowhere"}, other)
    gone = copy.deepcopy(new)
    del gone["components"]["schemas"]["Other"]
    assert not Same(Refs(old), Refs(gone)).same(other, other)


@pytest.mark.parametrize(("before", "after"), [(1, True), (0, False), (1, 1.0), ([1, 0], [True, False])])
@pytest.mark.parametrize("keyword", ["const", "default", "enum"])
def test_a_value_python_takes_for_equal_is_still_a_change(keyword: str, before: Any,
                                                          after: Any) -> None:
    """`1 == True` and `1 == 1.0` in Python, not in JSON: the reuse must not skip the pair."""
    def doc(value: Any) -> dict[str, Any]:
        data = _shared("string")
        tag = data["components"]["schemas"]["Tag"]["properties"]["name"]
        tag[keyword] = value if keyword != "enum" or isinstance(value, list) else [value]
        return data

    changes = _both(doc(before), doc(after))
    assert changes and all("/components/schemas/Tag" in c.pointer for c in changes), changes


@pytest.mark.timeout(600)
@pytest.mark.parametrize("name", [p.name for p in load_pairs()[1]])
def test_pinned_pairs(name: str) -> None:
    old, new = pair_files(name)
    _both(load(old).data, load(new).data)


def test_a_walk_reads_memoised_shapes_without_copying_them(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """A location of one schema reads its memoised shape (the walk changes none: walked again,
    it reads alike); merged locations (allOf) and labels get copies of their own."""
    from generator.drift.diff import walk

    copied: list[object] = []
    plain = walk._copy_shape

    def counted(shape: walk._Shape) -> walk._Shape:
        copied.append(shape)
        return plain(shape)

    monkeypatch.setattr(walk, "_copy_shape", counted)
    document = {"components": {"schemas": {
        "Pet": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}},
            "owner": {"allOf": [{"$ref": "#/components/schemas/Owner"}, {"nullable": True}]}}},
        "Owner": {"type": "object", "properties": {"id": {"type": "integer"}}}}}}
    walker = walk.SchemaWalker(Refs(document), "doc")
    pet = {"$ref": "#/components/schemas/Pet"}
    first = walker.flatten(pet, "/a")
    assert len(first) == 6 and len(copied) < len(first)  # (a copy per location, before)
    assert first == walker.flatten(pet, "/a")


@pytest.mark.parametrize("case", CASES[:12], ids=[c.name for c in CASES[:12]])
def test_a_full_shape_memo_let_go_changes_no_report(case: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The walker's shape memo is bounded (`walk.SHAPE_MEMO`, for the comparison's memory) and
    emptied when full: a shape built again is the same shape, so the report is the same when
    every lookup misses."""
    from generator.drift.diff import walk

    changed = base()
    case.mutate(changed)
    old, new = render(base(), "3.1", True), render(changed, "3.1", True)
    kept = diff(old, new)
    monkeypatch.setattr(walk, "SHAPE_MEMO", 1)
    assert diff(old, new) == kept
    assert kept
