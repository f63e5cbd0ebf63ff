"""`generate` forks the children whose answers it reads late (openapi-spec-validator's
verdict, the recheck of the first round of repairs) at a lower priority (`BACKGROUND_NICE`),
and the ones it waits on at once (our slowest checks beside the rest) at its own."""

from __future__ import annotations

import pytest

from generator import pipeline
from generator.io import children, forked
from generator.io.children import BACKGROUND_NICE
from generator.validate import background
from tests.support import IMPERFECT_DOCS


def test_the_validator_and_the_recheck_run_at_a_lower_priority(
        monkeypatch: pytest.MonkeyPatch) -> None:
    niceness: list[int] = []

    def recorded(*, nice: int = 0) -> int:
        niceness.append(nice)
        return children.fork_child(nice=nice)

    monkeypatch.setattr(background, "fork_child", recorded)
    monkeypatch.setattr(forked, "fork_child", recorded)
    # a repair in the first round (a name listed twice in `required`) makes the recheck child
    target = pipeline.target_for_spec(IMPERFECT_DOCS / "duplicate_required.yaml", "pkg")
    pipeline.build_packages([target], cache=None)
    assert niceness.count(BACKGROUND_NICE) >= 2, niceness
