"""Problems are values: where (file, JSON pointer, line) and what (message, hint).

`GeneratorError` carries a list of them up to the CLI, which prints `str(error)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    file: str
    pointer: str
    line: int | None
    message: str
    hint: str = ""
    severity: str = "error"
    code: str = ""  # what kind of problem (`dangling-ref`, `schema:type`, ...): how it is triaged

    def format(self) -> str:
        """One line: `file:line: pointer: message (hint)`; missing parts are left out."""
        location = self.file
        if self.line is not None:
            location = f"{location}:{self.line}" if location else f"line {self.line}"
        parts = [part for part in (location, self.pointer) if part]
        if self.severity != "error":
            parts.append(self.severity)
        text = ": ".join([*parts, self.message]) if parts else self.message
        if self.hint:
            text = f"{text} ({self.hint})"
        return text


@dataclass(frozen=True)
class Repaired:
    """A problem `generate` repaired, and how."""

    file: str
    pointer: str
    line: int | None
    problem: str
    action: str


@dataclass(frozen=True)
class Skipped:
    """An operation `generate` left out of the package, and why."""

    method: str
    path: str
    pointer: str
    reasons: tuple[str, ...]

    @property
    def label(self) -> str:
        return operation_label(self.method, self.path)


def operation_label(method: str, path: str) -> str:
    """How messages name an operation: `GET /items/{id}`."""
    return f"{method.upper()} {path}"


class GeneratorError(Exception):
    """One or more problems that stop the pipeline."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__(self.__str__())

    def __str__(self) -> str:
        return "\n".join(problem.format() for problem in self.problems)


def unique_problems(problems: Iterable[Problem]) -> list[Problem]:
    """Each (file, pointer, message) once, in order."""
    seen: set[tuple[str, str, str]] = set()
    result = []
    for problem in problems:
        key = (problem.file, problem.pointer, problem.message)
        if key not in seen:
            seen.add(key)
            result.append(problem)
    return result
