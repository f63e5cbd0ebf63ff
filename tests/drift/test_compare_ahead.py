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

    def recorded(*args: Any) -> Any:
        events.append("decided")
        return decided(*args)

    monkeypatch.setattr(drift_inputs, "_decided", recorded)
    new_doc = base_doc()
    del new_doc["info"]["title"]
    load_comparable(_paths(tmp_path, new_doc), load, strict=False, validate=True)
    assert events == ["verdicts", "verdicts", "decided"]


def test_the_validator_is_imported_once_before_its_children_unless_cached(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both sides' children run openapi-spec-validator: imported in the parent before the
    first is forked, they share it instead of importing it each; not when the cache answers."""
    import sys

    from generator.io.cache import Cache

    paths = _paths(tmp_path, base_doc())
    cache = Cache(tmp_path / "cache")
    name = "generator.validate.openapi"
    import generator.validate
    import generator.validate.openapi as imported
    # the package's attribute, set again by each import below: put back afterwards, as the
    # module is, so later tests see the one module
    monkeypatch.setattr(generator.validate, "openapi", imported)
    monkeypatch.delitem(sys.modules, name)
    with SpecValidation([load(paths["old"])], cache, import_first=True) as verdict:
        assert name in sys.modules  # nothing cached yet: imported before the child
        verdict.problems()
    load_comparable(paths, load, strict=False, validate=True, cache=cache)  # both cached now
    gc.unfreeze()
    monkeypatch.delitem(sys.modules, name)
    with SpecValidation([load(paths["old"])], cache, import_first=True) as verdict:
        assert name not in sys.modules
        verdict.problems()
    assert name not in sys.modules


def test_the_old_sides_own_checks_are_forked_before_the_validator_is_imported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The import (~0.23 s on GitHub's pair) is made with the old side's own checks already
    running in their child, not with the other core idle."""
    import sys

    import generator.validate
    import generator.validate.openapi as imported
    from generator.cli import drift_inputs
    from generator.io.forked import Forked

    name = "generator.validate.openapi"
    monkeypatch.setattr(generator.validate, "openapi", imported)  # (as the test above)
    monkeypatch.delitem(sys.modules, name)
    imported_at_fork: list[bool] = []

    class Recorded(Forked[Any]):
        def __init__(self, call: Any) -> None:
            imported_at_fork.append(name in sys.modules)
            super().__init__(call)

    monkeypatch.setattr(drift_inputs, "Forked", Recorded)
    load_comparable(_paths(tmp_path, base_doc()), load, strict=False, validate=True)
    gc.unfreeze()
    assert imported_at_fork == [False]
    assert name in sys.modules
