"""openapi-spec-validator beside code generation (`validate.SpecValidation`): the same verdict
as inline validation, its problems win over a generation failure they explain, and the forked
child never outlives the block."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from generator import pipeline, validate
from generator.document.loading import load
from generator.problems import GeneratorError
from generator.validate.background import SpecValidation, first_ends
from generator.validate.openapi import spec_problems
from tests.support import BAD_DOCS, ROOT

BAD = BAD_DOCS
INVALID = BAD / "validator_only.yaml"  # only openapi-spec-validator finds its problems
VALID = ROOT / "specs" / "ionos" / "openapi.json"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_child_verdict_equals_inline_verdict() -> None:
    document = load(INVALID)
    # (our checks find its undeclared path parameter too, which the validator may not reach)
    assert [p.code for p in validate.own_checks(document)] == ["path-parameter-undeclared"]
    with SpecValidation([document, load(VALID)]) as verdict:
        assert verdict.pid > 0, "expected a forked child on Linux"
        assert verdict.pid != os.getpid()
        found = verdict.problems()
    assert found == spec_problems(document)
    assert [p.pointer for p in found][:2] == [
        "/paths/~1items~1{item_id}/delete/responses/204",
        "/components/schemas/Item/properties/id/type",
    ]


def test_invalid_document_is_refused_by_build_packages(tmp_path: Path) -> None:
    target = pipeline.target_for_spec(INVALID, "pkg", strict=True)
    with pytest.raises(GeneratorError) as caught:
        pipeline.build_packages([target])
    document = load(INVALID)
    assert caught.value.problems == validate.with_validator_problems(
        validate.own_checks(document), spec_problems(document))


def test_validation_problems_win_over_the_generation_failure_they_explain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*_: object) -> object:
        raise KeyError("what an invalid document does to code generation")

    monkeypatch.setattr(pipeline, "_render", broken)
    with pytest.raises(GeneratorError) as caught:
        pipeline.build_packages([pipeline.target_for_spec(INVALID, "pkg", strict=True)])
    assert "'int' is not one of" in "\n".join(p.message for p in caught.value.problems)
    # a valid document: the generation failure itself reaches the caller
    with pytest.raises(KeyError, match="what an invalid document"):
        pipeline.build_packages([pipeline.target_for_spec(VALID, "pkg", strict=True)])


def test_leaving_without_asking_kills_and_reaps_the_child() -> None:
    with SpecValidation([load(VALID)]) as verdict:
        pid = verdict.pid
        assert _alive(pid)
    assert verdict.pid == 0
    assert not _alive(pid)  # reaped: not even a zombie is left


def test_a_child_that_dies_is_replaced_by_inline_validation() -> None:
    document = load(INVALID)
    with SpecValidation([document]) as verdict:
        os.kill(verdict.pid, signal.SIGKILL)
        found = verdict.problems()
    assert found == spec_problems(document)
    assert len(found) == 3


class _Running:
    """What `first_ends` reads of a validation whose child still runs: its pid, the read end
    of the pipe the child holds open until it ends, its deadline."""

    def __init__(self, seconds: float = 60.0) -> None:
        self.read_fd, self.write_fd = os.pipe()
        self.pid, self.deadline = 1, time.monotonic() + seconds

    def end(self) -> None:
        os.close(self.write_fd)

    def close(self) -> None:
        os.close(self.read_fd)


def test_the_comparison_waits_until_one_of_two_running_validators_has_ended() -> None:
    """`diff` forks its model builder once at most one validator child still runs (three
    children at once held ~30 MiB more on two cores, for no time gained): `first_ends` returns
    when the first of two ends, at once when fewer than two run, and at the deadline."""
    first, second = _Running(), _Running()
    try:
        timer = threading.Timer(0.3, first.end)
        timer.start()
        started = time.monotonic()
        first_ends([first, second])  # type: ignore[list-item]
        assert 0.25 <= time.monotonic() - started < 5  # returned when `first` ended
        timer.join()
        started = time.monotonic()
        first_ends([second])  # type: ignore[list-item]  # one alone: nothing to wait for
        assert time.monotonic() - started < 0.2
        late = _Running(seconds=0.3)
        started = time.monotonic()
        first_ends([second, late])  # type: ignore[list-item]  # neither ends: the deadline
        assert 0.25 <= time.monotonic() - started < 5
        late.end()
        late.close()
    finally:
        second.end()
        first.close()
        second.close()
