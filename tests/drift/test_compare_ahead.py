"""`drift_inputs.compare_loaded`: the comparison is made while openapi-spec-validator's
verdicts are still being worked out, on the pair our own checks make, and kept only when the
verdicts add no problem; else it is made again on the pair every problem makes. Either way
the pair and the value are the ones `compare(load_comparable(...))` gives."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.cli.drift_inputs import Comparable, compare_loaded, load_comparable
from generator.document.loading import load
from generator.validate.background import SpecValidation
from tests.cli.test_drift_cli import base_doc, write_doc


@pytest.fixture
def events(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """What happened, in order: "verdicts" each time a side's verdict is read."""
    happened: list[str] = []
    problems = SpecValidation.problems

    def recorded(self: SpecValidation) -> Any:
        happened.append("verdicts")
        return problems(self)

    monkeypatch.setattr(SpecValidation, "problems", recorded)
    yield happened
    gc.unfreeze()


def _paths(tmp_path: Path, new_doc: dict[str, Any]) -> dict[str, Path]:
    old_doc = base_doc()  # a slip our own checks find (a default that misfits): repaired
    old_doc["components"]["schemas"]["Req"]["properties"]["size"]["default"] = "big"
    return {"old": write_doc(tmp_path / "old.json", old_doc),
            "new": write_doc(tmp_path / "new.json", new_doc)}


def _seen(pair: Comparable) -> tuple[Any, ...]:
    return (pair.header(), pair.record(),
            {side: document.data for side, document in pair.documents.items()})


def test_the_comparison_made_ahead_of_the_verdicts_stands_when_they_add_nothing(
        tmp_path: Path, events: list[str]) -> None:
    paths = _paths(tmp_path, base_doc())

    def compare(pair: Comparable) -> tuple[Any, ...]:
        events.append("compare")
        return _seen(pair)

    pair, value = compare_loaded(paths, load, compare, strict=False, validate=True)
    assert events == ["compare", "verdicts", "verdicts"]  # made before they were read
    assert value == _seen(pair) == _seen(load_comparable(paths, load, strict=False,
                                                         validate=True))
    assert pair.header()[0].startswith("old: 1 repaired, new: 0 repaired")


def test_verdicts_that_add_a_problem_have_the_pair_compared_again(
        tmp_path: Path, events: list[str]) -> None:
    """A slip only openapi-spec-validator finds (no `info.title`) is repaired, and the
    comparison made ahead without that repair is made again, on the repaired pair; an error
    of the comparison made ahead is not raised, since that pair is not the one compared."""
    new_doc = base_doc()
    del new_doc["info"]["title"]
    paths = _paths(tmp_path, new_doc)
    compared: list[Comparable] = []

    def compare(pair: Comparable) -> tuple[Any, ...]:
        events.append("compare")
        compared.append(pair)
        if len(compared) == 1:
            raise ValueError("the pair made ahead")
        return _seen(pair)

    pair, value = compare_loaded(paths, load, compare, strict=False, validate=True)
    assert events == ["compare", "verdicts", "verdicts", "compare"]
    assert compared[1] is pair and _seen(compared[0]) != _seen(pair)
    # the first comparison shared the loaded sides' unchanged parts (`drift.share`): the pair
    # compared again is no longer apart, so `diff` builds no side on itself there
    assert compared[0].apart and not pair.apart
    expected = load_comparable(paths, load, strict=False, validate=True)
    assert value == _seen(pair) == _seen(expected)
    assert "new: 1 repaired" in pair.header()[0]


def test_an_error_of_the_comparison_made_ahead_is_raised_when_its_pair_stands(
        tmp_path: Path, events: list[str]) -> None:
    paths = _paths(tmp_path, base_doc())

    def compare(pair: Comparable) -> None:
        raise ValueError("not comparable")

    with pytest.raises(ValueError, match="not comparable"):
        compare_loaded(paths, load, compare, strict=False, validate=True)


def test_verdicts_from_the_cache_are_read_before_the_comparison(
        tmp_path: Path, events: list[str]) -> None:
    from generator.io.cache import Cache

    paths = _paths(tmp_path, base_doc())
    cache = Cache(tmp_path / "cache")
    load_comparable(paths, load, strict=False, validate=True, cache=cache)
    events.clear()

    def compare(pair: Comparable) -> None:
        events.append("compare")

    compare_loaded(paths, load, compare, strict=False, validate=True, cache=cache)
    assert events == ["verdicts", "verdicts", "compare"]  # nothing to wait for


def test_load_comparable_compares_nothing_ahead(tmp_path: Path, events: list[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """`load_comparable` (`update`'s pair) has nothing to compare: its pair is made once, after
    the verdicts, even when they add a problem."""
    from generator.cli import drift_inputs

    decided = drift_inputs._decided

    def recorded(*args: Any, **kwargs: Any) -> Any:
        events.append("decided")
        return decided(*args, **kwargs)

    monkeypatch.setattr(drift_inputs, "_decided", recorded)
    new_doc = base_doc()
    del new_doc["info"]["title"]
    load_comparable(_paths(tmp_path, new_doc), load, strict=False, validate=True)
    assert events == ["verdicts", "verdicts", "decided"]


def test_the_validator_is_imported_only_in_its_children(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """openapi-spec-validator (~26 MiB of modules) is imported by each side's child, never by
    the process that goes on to compare: there it would stay through the comparison, where
    `diff`'s memory peaks. The verdicts are the same."""
    import sys

    import generator.validate
    import generator.validate.openapi as imported

    name = "generator.validate.openapi"
    # the package's attribute, set again by an import: put back afterwards, as the module is,
    # so later tests see the one module
    monkeypatch.setattr(generator.validate, "openapi", imported)
    monkeypatch.delitem(sys.modules, name)
    new_doc = base_doc()
    del new_doc["info"]["title"]  # a slip only openapi-spec-validator finds
    pair = load_comparable(_paths(tmp_path, new_doc), load, strict=False, validate=True)
    gc.unfreeze()
    assert name not in sys.modules
    assert pair.header()[0].startswith("old: 1 repaired, new: 1 repaired")


def test_own_checks_are_located_once_a_side_is_checked_with_the_lines_they_always_had(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Our own checks run on each side without lines (each lookup read the whole file again,
    two copies of it at once, while every process of `diff` was at its largest); the problems
    kept are then located with the file read once per side, each at the line a located check
    gives it: `required` naming no property at the line of `required`, not of its schema."""
    from generator.drift.json_lines import FileLines, without_text
    from generator.validate import own_checks

    old = base_doc()
    req = old["components"]["schemas"]["Req"]
    req["properties"]["size"]["default"] = "big"
    req["required"] = ["name", "colour"]
    paths = {"old": write_doc(tmp_path / "old.json", old),
             "new": write_doc(tmp_path / "new.json", base_doc())}
    reads: list[Path] = []
    read_text = FileLines._read_text

    def counted(self: FileLines) -> str | None:
        reads.append(self.path)
        return read_text(self)

    monkeypatch.setattr(FileLines, "_read_text", counted)
    pair = load_comparable(paths, lambda path: without_text(load(path)), strict=False,
                           validate=True)
    gc.unfreeze()
    expected = {(p.pointer, p.line) for p in own_checks(load(paths["old"]))}
    assert {(r["pointer"], r["line"]) for r in pair.record()["old"]["repairs"]} == expected
    text = paths["old"].read_text(encoding="utf-8").splitlines()
    lines = {pointer: line for pointer, line in expected}
    assert '"required"' in text[lines["/components/schemas/Req"] - 1]
    assert reads == [paths["old"]]  # once, for both problems; nothing for the new side
