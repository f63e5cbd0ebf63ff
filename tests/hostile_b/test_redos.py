"""A pattern that makes Python's `re` backtrack (issue #22 item 6): `^(a+)+$` against a default
of thirty a's and a `!` took a minute, doubling per character. Patterns of defaults are matched
in pydantic-core's linear-time engine, as the generated models match them.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from generator.validate.openapi import _pattern_matcher
from tests.hostile_b.hostile import assert_orderly, document, run_bounded, write_json

EVIL = "^(a+)+$"


def _spec(tmp_path: Path, default: str, pattern: str = EVIL) -> Path:
    schemas: dict[str, Any] = {"S1": {"type": "string", "pattern": pattern, "default": default}}
    return write_json(tmp_path / "spec.json", document(schemas))


@pytest.mark.timeout(120)
def test_backtracking_pattern_is_checked_in_bounded_time(tmp_path: Path) -> None:
    spec = _spec(tmp_path, "a" * 40 + "!")  # Python's re: days
    started = time.monotonic()
    result = run_bounded("validate", spec, timeout=60)
    assert time.monotonic() - started < 30
    assert_orderly(result)
    assert result.returncode == 1  # the default still does not match: reported, located
    output = result.stdout + result.stderr  # problems are printed on stderr
    assert "/components/schemas/S1/default" in output
    assert "does not match '^(a+)+$'" in output


@pytest.mark.timeout(120)
def test_a_matching_default_is_not_reported(tmp_path: Path) -> None:
    result = run_bounded("validate", _spec(tmp_path, "a" * 40), timeout=60)
    assert_orderly(result)
    assert result.returncode == 0, result.stdout + result.stderr


def test_pattern_matches_anywhere_as_json_schema_says() -> None:
    matches = _pattern_matcher("b+")
    assert matches is not None
    assert matches("abbc") and not matches("ac")  # search, not a whole-string match
    started = time.monotonic()
    evil = _pattern_matcher(EVIL)
    assert evil is not None and not evil("a" * 5000 + "!")
    assert time.monotonic() - started < 1
    assert _pattern_matcher("(?<=a)b") is None  # look-behind: not checked here (rules says so)
