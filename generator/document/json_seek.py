"""The lines of a JSON document's pointers, found by seeking through its text (`SeekingLines`).

A document's problems and repairs name a few pointers. The map of every node
(`read.scan_json_lines`) tokenises the whole text in Python to give them their lines: 1.1 s of
CPU for GitHub's 13 MB description, whose one repair asks for one line. Here the objects and
arrays on a pointer's way are read member by member, each member off the way skipped by the C
JSON decoder (`raw_decode`), and what was read is kept: the next pointer under the same object
goes on from where the last one stopped, so any number of lookups reads the text about once.

The lines are the map's (`LineMap.nearest`): a member's is its key's, an item's is where its
value starts, the root's is where the document starts, and a pointer that leaves the document
takes the line of its deepest node found. Iterating, and text the C decoder cannot descend
(nested past the interpreter's recursion limit), build the whole map instead.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable

from generator.document.lines import LazyLines, LineMap
from generator.document.pointer import escape_token

_SPACE = re.compile(r"[ \t\n\r]*")  # JSON's whitespace: a loaded document has no other
# Reads past a value without keeping it: each object becomes None as soon as it is read, so
# skipping a large one (GitHub's `paths`: 6 MiB of objects) holds no more than one nesting
# path's members at a time, and is faster; where it ends is where the plain decoder ends.
_SKIPPER = json.JSONDecoder(object_pairs_hook=lambda pairs: None)


def skip_value(text: str, position: int) -> int:
    """Where the JSON value starting at `position` of `text` ends (ValueError: not JSON)."""
    end: int = _SKIPPER.raw_decode(text, position)[1]
    return end

_scanstring = json.decoder.scanstring  # type: ignore[attr-defined]  # C; (text, end) -> (str, end)


class _Container:
    """One object or array of the text, read as far as the lookups so far needed."""

    __slots__ = ("count", "done", "is_array", "members", "resume")

    def __init__(self, position: int, is_array: bool) -> None:
        self.is_array = is_array
        # escaped token -> (where its line is counted: the key, or an item's value; its value)
        self.members: dict[str, tuple[int, int]] = {}
        self.count = 0  # members read
        self.resume = position + 1  # where reading goes on: after the bracket, or a member
        self.done = False


class SeekingLines(LazyLines):
    """The line map of JSON `text` (`compute` builds all of it), whose lookups seek through the
    text until the whole map is wanted. What is kept between lookups is positions, not text: a
    subclass may give the text anew for each (`_text`; `drift.json_lines.FileLines` reads it
    back from the file), as long as it is the same text each time."""

    def __init__(self, text: str | None, compute: Callable[[], LineMap]) -> None:
        super().__init__(compute)
        self._held = text
        self._containers: dict[int, _Container] = {}  # by the position of its bracket
        self._counted = [(0, 1)]  # (position, its line), in order: where counting resumes
        self._cannot_seek = False

    def nearest(self, pointer: str) -> int | None:
        found = self._seek(pointer)
        return super().nearest(pointer) if found is None else found[1]

    def __getitem__(self, pointer: str) -> int:
        found = self._seek(pointer)
        if found is None:
            return super().__getitem__(pointer)
        exact, line = found
        if not exact or line is None:
            raise KeyError(pointer)
        return line

    def _seek(self, pointer: str) -> tuple[bool, int | None] | None:
        """(whether `pointer` is a node, the line of it or of its deepest ancestor found); None
        when the whole map answers instead (built already, or the text cannot be sought)."""
        if self._lines is not None or self._cannot_seek:
            return None
        text = self._text()
        if text is None:
            return None
        try:
            return self._descend(text, pointer)
        except (ValueError, RecursionError, IndexError):  # deeper than the C decoder goes
            self._cannot_seek = True
            return None

    def _text(self) -> str | None:
        """The text sought through (None: the whole map answers); each call gives the same."""
        return self._held

    def _descend(self, text: str, pointer: str) -> tuple[bool, int | None]:
        if pointer and not pointer.startswith("/"):
            return False, None
        position = _space(text, 0)  # the root value
        counted_at = position
        for token in pointer[1:].split("/") if pointer else ():
            member = self._member(text, position, token)
            if member is None:
                return False, self._line_at(text, counted_at)
            counted_at, position = member
        return True, self._line_at(text, counted_at)

    def _member(self, text: str, position: int, token: str) -> tuple[int, int] | None:
        """The member `token` of the object or array at `position`, read up to it; None when
        there is none (or the value there has no members)."""
        if text[position] not in "{[":
            return None
        container = self._containers.get(position)
        if container is None:
            container = _Container(position, text[position] == "[")
            self._containers[position] = container
        found = container.members.get(token)
        while found is None and not container.done:
            read = self._next_member(text, container)
            if read is not None and read[0] == token:
                found = read[1]
        return found

    def _next_member(self, text: str, container: _Container) -> tuple[str, tuple[int, int]] | None:
        """The next member of `container` read (its value skipped by the C decoder); None at
        its end."""
        position = _space(text, container.resume)
        if text[position] == ("]" if container.is_array else "}"):
            container.done = True
            return None
        if container.count:
            if text[position] != ",":
                raise ValueError("expected a comma")
            position = _space(text, position + 1)
        if container.is_array:
            token, counted_at, value = str(container.count), position, position
        else:
            if text[position] != '"':
                raise ValueError("expected a key")
            key, end = _scanstring(text, position + 1)
            end = _space(text, end)
            if text[end] != ":":
                raise ValueError("expected a colon")
            token, counted_at, value = escape_token(key), position, _space(text, end + 1)
        container.resume = skip_value(text, value)
        container.count += 1
        container.members[token] = (counted_at, value)  # loading refused any key written twice
        return token, (counted_at, value)

    def _line_at(self, text: str, position: int) -> int:
        """The line `position` is on, counted from the nearest position counted before."""
        index = bisect.bisect_right(self._counted, (position, float("inf"))) - 1
        start, line = self._counted[index]
        if start != position:
            line += text.count("\n", start, position)
            self._counted.insert(index + 1, (position, line))
        return line


def _space(text: str, position: int) -> int:
    found = _SPACE.match(text, position)
    return found.end() if found else position
