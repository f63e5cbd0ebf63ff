"""The lines of a few JSON pointers in JSON text, without the line map of every node (for
the changes a drift report names; the document stage builds the map of every node).

`read.scan_json_lines` tokenises the whole text in Python (seconds for a 13 MB document) to
know the line of every node; a report that names the lines of a few hundred changes needs only
the nodes on their pointers. Here the text is descended along those pointers alone: a member
or item off every pointer is skipped by the C JSON decoder (`raw_decode`), so the cost is one
decode of the text, not one Python step per token.

The answer is the one `LineMap.nearest` gives: a member's line is its key's, an item's is
where its value starts, and a pointer that leaves the document takes the line of its deepest
node found. Text that is not the valid JSON a document was loaded from gives None (the caller
falls back to the full scan).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from generator.document.pointer import escape_token

_SPACE = re.compile(r"[ \t\n\r]*")
_KEY = re.compile(r'"((?:[^"\\]|\\.)*)"[ \t\n\r]*:[ \t\n\r]*', re.DOTALL)
_DECODER = json.JSONDecoder()

# A trie of the wanted pointers: escaped token -> (line found or 0, its own children).
_Trie = dict[str, list[Any]]


def pointer_lines(text: str, pointers: Iterable[str]) -> dict[str, int | None] | None:
    """{pointer: line of it or of its nearest ancestor} for each of `pointers`; None when the
    text cannot be descended (not JSON, nested past the interpreter's limit)."""
    wanted = sorted(set(pointers))
    trie: _Trie = {}
    for pointer in wanted:
        node = trie
        for token in pointer[1:].split("/") if pointer.startswith("/") else []:
            node = node.setdefault(token, [0, {}])[1]
    walker = _Descent(text)
    try:
        start = _SPACE.match(text, 0)
        position = start.end() if start else 0
        root_line = walker.line_at(position)
        walker.value(position, trie)
    except (ValueError, RecursionError, IndexError):
        return None
    return {pointer: _nearest(trie, pointer, root_line) for pointer in wanted}


def _nearest(trie: _Trie, pointer: str, root_line: int) -> int | None:
    if pointer and not pointer.startswith("/"):
        return None
    line, node = root_line, trie
    for token in pointer[1:].split("/") if pointer else []:
        entry = node.get(token)
        if entry is None or not entry[0]:
            break
        line, node = entry[0], entry[1]
    return line


class _Descent:
    """One walk down the text; positions only grow, so lines are counted as it goes."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._line, self._last = 1, 0

    def line_at(self, position: int) -> int:
        self._line += self.text.count("\n", self._last, position)
        self._last = position
        return self._line

    def value(self, position: int, trie: _Trie) -> int:
        """The end of the value at `position`, recording the lines of `trie`'s nodes in it."""
        first = self.text[position]
        if not trie or first not in "{[":
            return _DECODER.raw_decode(self.text, position)[1]
        return self._members(position, trie) if first == "{" else self._items(position, trie)

    def _members(self, position: int, trie: _Trie) -> int:
        position = self._space(position + 1)
        if self.text[position] == "}":
            return position + 1
        while True:
            key = _KEY.match(self.text, position)
            if key is None:
                raise ValueError("not a member")
            entry = trie.get(escape_token(_key_text(key.group(1))))
            if entry is not None:
                entry[0] = self.line_at(position)
            position = self._space(self.value(key.end(), entry[1] if entry else {}))
            if self.text[position] == "}":
                return position + 1
            position = self._after_comma(position)

    def _items(self, position: int, trie: _Trie) -> int:
        position = self._space(position + 1)
        if self.text[position] == "]":
            return position + 1
        index = 0
        while True:
            entry = trie.get(str(index))
            if entry is not None:
                entry[0] = self.line_at(position)
            position = self._space(self.value(position, entry[1] if entry else {}))
            if self.text[position] == "]":
                return position + 1
            position = self._after_comma(position)
            index += 1

    def _space(self, position: int) -> int:
        found = _SPACE.match(self.text, position)
        return found.end() if found else position

    def _after_comma(self, position: int) -> int:
        if self.text[position] != ",":
            raise ValueError("expected a comma")
        return self._space(position + 1)


def _key_text(raw: str) -> str:
    if "\\" not in raw:
        return raw
    return str(json.loads(f'"{raw}"'))
