"""`apply(..., sharing=True)` (what `diff` repairs with): the same repaired document as a whole
copy gives, the caller's document unchanged, and every part no decision touches shared."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from generator import validate
from generator.document.loading import load
from generator.tolerate import apply, triage
from generator.tolerate.touched import region, regions

IMPERFECT = sorted((Path(__file__).parents[1] / "imperfect_docs").glob("*.yaml"))


def _spelt(data: Any) -> str:
    return json.dumps(data)  # key order included: the order the report follows


@pytest.mark.parametrize("spec", IMPERFECT, ids=lambda path: path.stem)
def test_a_sharing_copy_is_repaired_as_a_whole_copy_is(spec: Path) -> None:
    data = load(spec).data
    decisions = triage(data, validate.validate(load(spec)))
    before = copy.deepcopy(data)
    whole, sharing = apply(data, decisions), apply(data, decisions, sharing=True)
    assert _spelt(sharing.data) == _spelt(whole.data)
    assert (sharing.repairs, sharing.skipped) == (whole.repairs, whole.skipped)
    assert _spelt(data) == _spelt(before)  # the caller's document as it was


def _document(tmp_path: Path, document: dict[str, Any]) -> Any:
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(document), encoding="utf-8")
    return load(spec)


def test_what_no_decision_touches_stays_the_callers(tmp_path: Path) -> None:
    ok = {"responses": {"204": {"description": "ok"}}}
    loaded = _document(tmp_path, {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/a": {"get": {**ok, "bogus": True}}, "/b": {"get": ok}},
        "components": {"schemas": {"S": {"type": "string"}}}})
    data = loaded.data
    decisions = triage(data, validate.validate(loaded))
    assert decisions  # the unknown field, repaired
    repaired = apply(data, decisions, sharing=True).data
    assert "bogus" not in repaired["paths"]["/a"]["get"] and "bogus" in data["paths"]["/a"]["get"]
    assert repaired["paths"]["/b"] is data["paths"]["/b"]
    assert repaired["components"] is data["components"]
    assert repaired["paths"] is not data["paths"]


def test_removed_list_items_are_dropped_where_they_were_marked(tmp_path: Path) -> None:
    loaded = _document(tmp_path, {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
        "tags": [{"name": "fine"}, {"name": 3}, {"name": "also"}]})
    data = loaded.data
    decisions = triage(data, validate.validate(loaded))
    repaired = apply(data, decisions, sharing=True).data
    assert repaired["tags"] == [{"name": "fine"}, {"name": "also"}]
    assert len(data["tags"]) == 3


def test_regions_are_path_items_components_and_top_level_members() -> None:
    assert region("/paths/~1a/get/parameters/0") == ("paths", "/a")
    assert region("/components/schemas/S/properties/x") == ("components", "schemas", "S")
    assert region("/webhooks/w/post") == ("webhooks", "w")
    assert region("/tags/1/name") == ("tags",)
    assert region("/components") == ("components",)
    assert region("") == ()


def test_a_region_inside_another_is_copied_with_it() -> None:
    from generator.problems import Problem
    from generator.tolerate import Decision

    def decided(pointer: str) -> Decision:
        return Decision(Problem("f", pointer, None, "m"), "repairable", "a")

    assert regions([decided("/components/schemas/S/type"), decided("/components"),
                    decided("/paths/~1a/get")]) == [("components",), ("paths", "/a")]
