"""`rules.unchanged`: the differ skips the rules for a field whose two records are equal
(nearly every field compared). It must skip exactly where the rules find nothing: every
part changed alone is left to the rules, and so is a record holding a value unequal to
itself (a NaN, which PyYAML reads as one object for every `.nan` of a document)."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from generator.drift.diff import differ
from generator.drift.diff.differ import diff
from generator.drift.diff.rules import Ctx, FieldDiff, unchanged
from generator.drift.diff.walk import Field, SchemaInfo
from tests.drift.test_drift import CASES, base, render

_BASE = SchemaInfo(frozenset({"string"}), "string", False, True, ('"a"', '"b"'), '"a"',
                   (("maxLength", 3), ("pattern", "^a")), False, False, "", (), "d", "t", "[1]",
                   False, False)
_NAN = float("nan")
# one part of the record changed at a time, each to a value the rules tell apart
_CHANGED: dict[str, Any] = {
    "types": frozenset({"integer"}), "label": "integer", "nullable": True, "required": False,
    "enum": ('"a"',), "default": '"b"', "constraints": (("maxLength", 4),), "closed": True,
    "open_declared": True, "union": "oneOf", "branches": ("integer", "string"),
    "description": "e", "title": None, "examples": "[2]", "deprecated": True,
    "read_only": True, "write_only": True, "discriminator": ("kind", ("a",))}


def _found(old: SchemaInfo, new: SchemaInfo, direction: str = "request") -> list[tuple[Any, ...]]:
    found: list[tuple[Any, ...]] = []
    ctx = Ctx("GET /a", "request body", direction)  # type: ignore[arg-type]
    FieldDiff(lambda *change: found.append(change), ctx, Field((".x",), "/a", old),
              Field((".x",), "/a", new)).run()
    return found


@pytest.mark.parametrize("direction", ["request", "response"])
def test_equal_records_are_what_the_rules_find_nothing_in(direction: str) -> None:
    assert unchanged(_BASE, dataclasses.replace(_BASE)) and not _found(
        _BASE, dataclasses.replace(_BASE), direction)
    for name, value in _CHANGED.items():
        other = dataclasses.replace(_BASE, **{name: value})
        assert not unchanged(_BASE, other), name
        assert not unchanged(other, _BASE), name


@pytest.mark.parametrize("part", ["description", "title", "constraints"])
def test_a_value_unequal_to_itself_goes_to_the_rules(part: str) -> None:
    """One NaN object on both sides: the records compare equal (a tuple takes an object for
    itself), the rules' `!=` does not, and they report it, as they did before the shortcut."""
    value: Any = (("maximum", _NAN),) if part == "constraints" else _NAN
    old = dataclasses.replace(_BASE, **{part: value})
    new = dataclasses.replace(_BASE, **{part: value})
    assert old == new and not unchanged(old, new)
    assert _found(old, new)


def test_minimal_pairs_report_the_same_without_the_shortcut(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every kind of change, in both versions' spellings, reported alike when every field
    goes to the rules."""
    pairs = []
    for case in CASES:
        changed = base()
        case.mutate(changed)
        for version in ("3.0", "3.1"):
            pairs.append((render(base(), version, True), render(changed, version, True)))
    expected = [diff(old, copy.deepcopy(new)) for old, new in pairs]
    monkeypatch.setattr(differ, "unchanged", lambda old, new: False)
    assert [diff(old, copy.deepcopy(new)) for old, new in pairs] == expected
