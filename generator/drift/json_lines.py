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

import codecs
import dataclasses
import hashlib
import json
import re
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.document.json_seek import skip_value
from generator.document.lines import LazyLines, LineMap
from generator.document.pointer import escape_token
from generator.document.read import json_text, scan_json_lines

if TYPE_CHECKING:
    from generator.document.loading import Document

_SPACE = re.compile(r"[ \t\n\r]*")
_KEY = re.compile(r'"((?:[^"\\]|\\.)*)"[ \t\n\r]*:[ \t\n\r]*', re.DOTALL)

# A trie of the wanted pointers: escaped token -> (line found or 0, its own children).
_Trie = dict[str, list[Any]]


def pointer_lines_in(raw: bytes, pointers: Iterable[str]) -> dict[str, int | None] | None:
    """`pointer_lines` of UTF-8 JSON `raw` (a byte order mark first is skipped, as
    `utf-8-sig` does), descended as Latin-1 text: one byte per character, where the decoded
    text of a document with one character past U+FFFF takes four (GitHub's 13 MB file: a
    13 MB `str`, not a 50 MB one). JSON's syntax is ASCII and a UTF-8 byte past it is never a
    quote, a backslash or a newline, so the descent and the lines are the same; only the keys
    are decoded. None, as `pointer_lines`, also when `raw` is not UTF-8."""
    text = _latin1_text(raw)
    return pointer_lines(text, pointers, _latin1=True) if text is not None else None


def _latin1_text(raw: bytes) -> str | None:
    """UTF-8 `raw` (a byte order mark first skipped) read as Latin-1; None if not UTF-8."""
    body = raw.removeprefix(_BOM)
    return body.decode("latin-1") if _is_utf8(body) else None


_BOM = "\ufeff".encode()
_CHUNK = 1 << 20  # bytes decoded at a time when checking that a file is UTF-8


def _is_utf8(raw: bytes) -> bool:
    """Whether `raw` decodes as UTF-8, checked a chunk at a time (no decoded copy kept)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(raw)
    try:
        for start in range(0, len(raw), _CHUNK):
            decoder.decode(view[start:start + _CHUNK])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def pointer_lines(text: str, pointers: Iterable[str], *,
                  _latin1: bool = False) -> dict[str, int | None] | None:
    """{pointer: line of it or of its nearest ancestor} for each of `pointers`; None when the
    text cannot be descended (not JSON, nested past the interpreter's limit). (`_latin1`: the
    text is UTF-8 read as Latin-1, `pointer_lines_in`.)"""
    wanted = sorted(set(pointers))
    trie: _Trie = {}
    for pointer in wanted:
        node = trie
        for token in pointer[1:].split("/") if pointer.startswith("/") else []:
            node = node.setdefault(token, [0, {}])[1]
    walker = _Descent(text, _latin1)
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

    def __init__(self, text: str, latin1: bool = False) -> None:
        self.text, self.latin1 = text, latin1
        self._line, self._last = 1, 0

    def line_at(self, position: int) -> int:
        self._line += self.text.count("\n", self._last, position)
        self._last = position
        return self._line

    def value(self, position: int, trie: _Trie) -> int:
        """The end of the value at `position`, recording the lines of `trie`'s nodes in it."""
        first = self.text[position]
        if not trie or first not in "{[":
            return skip_value(self.text, position)
        return self._members(position, trie) if first == "{" else self._items(position, trie)

    def _members(self, position: int, trie: _Trie) -> int:
        position = self._space(position + 1)
        if self.text[position] == "}":
            return position + 1
        while True:
            key = _KEY.match(self.text, position)
            if key is None:
                raise ValueError("not a member")
            entry = trie.get(escape_token(_key_text(self._utf8(key.group(1)))))
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

    def _utf8(self, raw: str) -> str:
        if not self.latin1 or raw.isascii():
            return raw
        return raw.encode("latin-1").decode("utf-8")

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


_SINGLE_LOOKUPS = 8  # pointers looked up one by one before the whole line map is built


class FileLines(LazyLines):
    """A JSON document's line map that does not hold its text: read back from the file (of
    the hash the document was loaded from) when a line is asked for. The document stage keeps
    the text for its lazy map (GitHub's 13 MB description: 12 MB of ASCII with escapes,
    `read._ascii_json`), held for each side of a diff that seldom needs a line. The first few
    lookups descend the text along their pointer alone (`pointer_lines`, the same answer as the
    map's `nearest`); after that, or for anything else, the whole map is built once. A file
    changed since it was loaded has no lines (None), never wrong ones."""

    def __init__(self, path: Path, sha256: str) -> None:
        super().__init__(self._whole)
        self.path, self.sha256 = path, sha256
        self._lookups = 0

    def _raw(self) -> bytes | None:
        try:
            raw = self.path.read_bytes()
        except OSError:
            return None
        return raw if hashlib.sha256(raw).hexdigest() == self.sha256 else None

    def _whole(self) -> LineMap:
        raw = self._raw()
        try:
            text = json_text(raw) if raw is not None else None  # (ASCII: 12 MB, not 50)
        except UnicodeDecodeError:
            text = None
        return scan_json_lines(text)[0] if text is not None else LineMap()

    def nearest(self, pointer: str) -> int | None:
        if self._lines is None and self._lookups < _SINGLE_LOOKUPS:
            self._lookups += 1
            text = self._latin1()
            found = pointer_lines(text, [pointer], _latin1=True) if text is not None else None
            if found is not None:
                return found[pointer]
        return super().nearest(pointer)

    def _latin1(self) -> str | None:
        """The file's text as `pointer_lines_in` descends it (its bytes let go before the
        descent: 13 MB less held for GitHub's); None where it would give None."""
        raw = self._raw()
        return _latin1_text(raw) if raw is not None else None


def without_text(document: Document) -> Document:
    """`document` with its JSON line map read back from the file when needed (`FileLines`)
    instead of computed from the text it keeps; any other document as it is, and so is one
    read from a pipe or a device (`diff a.json <(curl ...)`), which cannot be read again."""
    if (not isinstance(document.lines, LazyLines) or isinstance(document.lines, FileLines)
            or not _regular_file(document.path)):
        return document
    return dataclasses.replace(document, lines=FileLines(document.path, document.sha256))


def _regular_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False
