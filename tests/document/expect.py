"""Helpers of the document and validate tests: a load that must fail, and the problem looked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.document.loading import load
from generator.problems import GeneratorError, Problem


def load_error(path: Path, **kwargs: Any) -> list[Problem]:
    with pytest.raises(GeneratorError) as caught:
        load(path, **kwargs)
    assert caught.value.problems, "GeneratorError without problems"
    assert "Traceback" not in str(caught.value)
    return caught.value.problems


def only(problems: list[Problem]) -> Problem:
    assert len(problems) == 1, [p.format() for p in problems]
    return problems[0]


def find(problems: list[Problem], pointer: str, text: str) -> Problem:
    for problem in problems:
        if problem.pointer == pointer and text in problem.message:
            return problem
    shown = [p.format() for p in problems]
    raise AssertionError(f"no problem at {pointer!r} with {text!r} in {shown}")


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path
