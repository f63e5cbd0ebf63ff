"""Problems are values: where (file, JSON pointer, line) and what (message, hint).

`GeneratorError` carries a list of them up to the CLI, which prints `str(error)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def printable(text: str) -> str:
    """`text` safe to print on a terminal: every character that is not printable (ESC, BEL,
    other control characters, bidi overrides, line separators) spelt as its escape (`\\x1b`),
    the rest as it is. A document's names reach messages; an escape sequence in one must not
    clear a screen or write the clipboard (OSC 52) of whoever reads the output."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else _escaped(char) for char in text)


def _escaped(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


# A pointer longer than this is shortened in messages: a document nested thousands of levels
# deep gives one of 15 KB, which would bury the message (JSON output keeps pointers exact).
# Real documents' deepest places fit whole (Vercel's 19 segments, ~200 characters: two of
# them shortened alike were two problems printed as one line, told apart only in COVERAGE.md).
MAX_SHOWN_POINTER = 400
_HEAD_SEGMENTS, _TAIL_SEGMENTS, _MAX_SEGMENT = 6, 6, 60


def shown_pointer(pointer: str) -> str:
    """`pointer` as a message shows it: whole up to `MAX_SHOWN_POINTER` characters, else its
    first and last segments (each at most `_MAX_SEGMENT` characters) around `…`, with how many
    segments it has: `/components/schemas/Deep/properties/a/…/properties/a/b (2,404 segments)`."""
    if len(pointer) <= MAX_SHOWN_POINTER:
        return pointer
    segments = pointer.split("/")[1:]
    if len(segments) <= _HEAD_SEGMENTS + _TAIL_SEGMENTS:
        return "/" + "/".join(_cut(segment) for segment in segments)
    head = "/".join(_cut(segment) for segment in segments[:_HEAD_SEGMENTS])
    tail = "/".join(_cut(segment) for segment in segments[-_TAIL_SEGMENTS:])
    return f"/{head}/…/{tail} ({len(segments):,} segments)"


def _cut(segment: str) -> str:
    return segment if len(segment) <= _MAX_SEGMENT else segment[:_MAX_SEGMENT - 1] + "…"


@dataclass(frozen=True)
class Problem:
    file: str
    pointer: str
    line: int | None
    message: str
    hint: str = ""
    severity: str = "error"
    code: str = ""  # what kind of problem (`dangling-ref`, `schema:type`, ...): how it is triaged
    # the file `pointer` was written in when not `file` (content a `$ref` bundled in from
    # another file; `line` is then that file's): `file` stays the document the problem is of
    origin: str = ""
    # the place whose line `line` is, when not `pointer` (`required-not-a-property` is of the
    # schema, its line that of `required`): where a problem found unlocated is located later
    line_at: str = ""

    def format(self) -> str:
        """One line: `file:line: pointer: message (hint)`; missing parts are left out, a long
        pointer is shortened (`shown_pointer`); what a document wrote is made `printable`."""
        return printable(self._text())

    def _text(self) -> str:
        location = self.origin or self.file
        if self.line is not None:
            location = f"{location}:{self.line}" if location else f"line {self.line}"
        parts = [part for part in (location, shown_pointer(self.pointer)) if part]
        if self.severity != "error":
            parts.append(self.severity)
        text = ": ".join([*parts, self.message]) if parts else self.message
        if self.hint:
            text = f"{text} ({self.hint})"
        return text


# What a command interrupted before it wrote anything says (`command`, `cli.main`).
INTERRUPTED = "interrupted; nothing was written"
REPAIR, RENAME, NOTE = "repair", "rename", "note"  # what a `Repaired` is (`Repaired.kind`)


@dataclass(frozen=True)
class Repaired:
    """A problem `generate` repaired, and how."""

    file: str
    pointer: str
    line: int | None
    problem: str
    action: str
    origin: str = ""  # the file `pointer` was written in when not `file` (`Problem.origin`)
    # REPAIR: a slip of the document; RENAME: a name the generated code could not use as the
    # document gives it (a keyword, two arguments of one name); NOTE: a part of the document
    # the generated code reads its own way (a header parameter OpenAPI ignores, left out of
    # the method). A renamed or noted document is valid: `--strict` does not refuse it
    kind: str = REPAIR


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
