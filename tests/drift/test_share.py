"""`drift.share`: the new document's unchanged parts become the old document's objects, and
nothing the differ tells apart is merged; the report with sharing is the report without it
(every minimal pair of test_drift.py, and the load/validate path of `diff`)."""

from __future__ import annotations

import copy
import gc
import json
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.document import tree
from generator.drift.diff.differ import _levels, diff
from generator.drift.diff.walk import _Spellings, canonical_json
from generator.drift.share import share
from tests.cli.test_drift_cli import base_doc, write_doc
from tests.drift.test_drift import CASES, base, render


def test_equal_parts_become_the_old_objects_and_the_json_stays() -> None:
    old, new = base_doc(), base_doc()
    new["components"]["schemas"]["Req"]["properties"]["name"]["maxLength"] = 3
    before = json.dumps(new)
    shared = share(old, new)
    assert shared is new and json.dumps(shared) == before
    schemas, old_schemas = shared["components"]["schemas"], old["components"]["schemas"]
    assert schemas["Resp"] is old_schemas["Resp"]  # unchanged: the old object
    assert schemas["Req"] is not old_schemas["Req"]  # changed below: kept, its children shared
    assert schemas["Req"]["required"] is old_schemas["Req"]["required"]
    assert shared["paths"] is old["paths"]
    assert share(old, copy.deepcopy(old)) is old  # all equal: the old document itself


@pytest.mark.parametrize(("before", "after"), [
    (1, 1.0), (1, True), (0.0, -0.0), ("1", 1), ([1], (1,)), (None, False)])
def test_values_python_takes_for_equal_are_kept_apart(before: Any, after: Any) -> None:
    old, new = {"s": {"default": before}}, {"s": {"default": after}}
    shared = share(old, new)
    assert shared["s"] is not old["s"] and shared["s"]["default"] is after


def test_keys_in_another_order_are_not_merged_but_their_values_are() -> None:
    inner = {"type": "string"}
    old = {"a": {"x": dict(inner)}, "b": {"y": 1}}
    new = {"b": {"y": 1}, "a": {"x": dict(inner)}}
    shared = share(old, new)
    assert shared is new and list(shared) == ["b", "a"]  # document order kept
    assert shared["a"] is old["a"] and shared["b"] is old["b"]


def test_minimal_pairs_report_the_same_with_sharing() -> None:
    """Every kind of change, in the variant with the most to share (3.1 spellings, schemas
    behind `$ref`s; one test: CI's budget), reported alike with and without sharing."""
    for case in CASES:
        changed = base()
        case.mutate(changed)
        old, new = render(base(), "3.1", True), render(changed, "3.1", True)
        expected = diff(old, copy.deepcopy(new))
        assert diff(old, share(old, new)) == expected, case.name


def test_diff_leaves_the_collector_as_it_found_it(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """`diff` freezes the heap for its forked children, and unfreezes it (a caller running
    several commands in one process keeps collecting its garbage)."""
    old = write_doc(tmp_path / "old.json", base_doc())
    new_doc = base_doc()
    new_doc["components"]["schemas"]["Req"]["properties"]["size"]["default"] = "big"
    new = write_doc(tmp_path / "new.json", new_doc)
    assert main(["diff", str(old), str(new), "--no-validate", "--fail-on", "any"]) == 1
    assert "default-changed" in capsys.readouterr().out
    assert gc.get_freeze_count() == 0


def test_both_sides_validated_beside_each_other_find_what_validate_finds(
        tmp_path: Path) -> None:
    """`load_comparable` (each side's checks in forked children, beside the other side's) gives
    each side the problems `validate` gives it, filtered as `diff` filters them."""
    from generator.cli.drift_inputs import CODEGEN_ONLY, load_comparable
    from generator.document.loading import load
    from generator.validate import openapi, validate

    assert openapi.spec_problems  # imported here once, not again in each child

    old_doc, new_doc = base_doc(), base_doc()
    old_doc["components"]["schemas"]["Req"]["properties"]["size"]["default"] = "big"
    new_doc["components"]["schemas"]["Resp"]["properties"]["status"]["enum"] = ["ok", "ok"]
    del new_doc["info"]["title"]
    paths = {"old": write_doc(tmp_path / "old.json", old_doc),
             "new": write_doc(tmp_path / "new.yaml", new_doc)}
    pair = load_comparable(paths, load, strict=False, validate=True)
    gc.unfreeze()
    assert pair.header()[0].startswith("old: 1 repaired, new: 2 repaired")
    for side, path in paths.items():
        expected = [p for p in validate(load(path)) if p.severity == "error"
                    and p.code not in CODEGEN_ONLY]
        repairs = pair.tolerated[side].repairs
        assert sorted(r.pointer for r in repairs) == sorted({p.pointer for p in expected})
        assert all(r.file == str(path) for r in repairs)


def test_the_nesting_of_both_sides_is_measured_in_one_walk() -> None:
    """`differ._levels` walks a part both sides share once, and answers what measuring each
    side alone answers (the recursion limit of the comparison)."""
    deep: dict[str, Any] = {"leaf": 1}
    for _ in range(30):
        deep = {"next": [deep]}
    for old, new in ((base(), base()), ({"a": deep}, {"b": {"c": deep}}), ({}, {"a": [[{}]]}),
                     ({"a": copy.deepcopy(deep)}, {"a": deep, "b": 2}), (1, 2)):
        expected = max(tree.depth(old), tree.depth(new))
        assert _levels(old, new) == expected
        assert _levels(old, share(old, copy.deepcopy(new))) == expected


def test_examples_spelt_once_are_spelt_as_canonical_json() -> None:
    """The walker spells each example object once (`walk._Spellings`), as `canonical_json`
    spells the list of them: keys sorted, `1`, `1.0` and `true` apart, text as written."""
    shared = {"b": [1, 1.0, True], "a": {"é": None, "z": "x\n"}}
    spelt = _Spellings()
    for values in ([], [shared], [shared, 1, "s", [shared], {}], [[], {"k": float("inf")}]):
        assert spelt.of_list(values) == canonical_json(values)
        assert spelt.of_list(values) == canonical_json(values)  # from what it kept


@pytest.mark.parametrize("value", [
    "s", "é\u2028\U0001F600", 1, 1.0, True, None, float("nan"), float("-inf"), [], {},
    {"b": [1, 1.0, True], "a": {"é": None, "z": "x\n"}}, [{"k": [{"j": 2, "i": 1}]}]])
def test_canonical_json_spells_as_json_dumps(value: Any) -> None:
    """`canonical_json` keeps one encoder (`walk._CANONICAL`) instead of the one
    `json.dumps` makes per call: the same text, and the same error for what JSON cannot
    spell."""
    assert canonical_json(value) == json.dumps(value, sort_keys=True, ensure_ascii=False)


def test_canonical_json_refuses_what_json_dumps_refuses() -> None:
    cyclic: list[Any] = []
    cyclic.append(cyclic)
    for value in ({1: "a", "b": 2}, object(), cyclic):
        with pytest.raises((TypeError, ValueError)) as ours:
            canonical_json(value)
        with pytest.raises((TypeError, ValueError)) as theirs:
            json.dumps(value, sort_keys=True, ensure_ascii=False)
        assert type(ours.value) is type(theirs.value) and str(ours.value) == str(theirs.value)
