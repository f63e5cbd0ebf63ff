"""A JSON document's lines read back from its file (`FileLines`), for `diff`, which holds no text.

`diff` holds both documents at once; the text each was loaded from would be held beside it for
its line map (GitHub's 13 MB description: 12 MB of ASCII with escapes, `read._ascii_json`),
though a report names the lines of a few pointers only. A document `diff` loads keeps its file's
path and hash instead (`without_text`) and its lines are sought in the text read back from the
file (`json_seek.SeekingLines`: each lookup goes on from where the last one stopped, so the
positions found are kept and the text is not); a burst of lookups holds the text for its
duration (`held_text`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import stat
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from generator.document.json_seek import SeekingLines
from generator.document.lines import LazyLines, LineMap
from generator.document.read import json_text, scan_json_lines

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from generator.document.loading import Document

# Read back this many times, the text is held from then on: a document with that many problems
# to locate would read it again for each (~55 ms for GitHub's), and its text is smaller than the
# map of every node the lookups would otherwise end in.
_READS_BEFORE_HOLDING = 8


class FileLines(SeekingLines):
    """A JSON document's line map that does not hold its text: read back from the file (of
    the hash the document was loaded from) when a line is asked for, and sought through as
    the document stage seeks its own (the same text: `read.json_text`, the same answers). A
    file changed since it was loaded has no lines (None), never wrong ones."""

    def __init__(self, path: Path, sha256: str) -> None:
        super().__init__(None, self._whole)
        self.path, self.sha256 = path, sha256
        self._reads = 0

    def _text(self) -> str | None:
        if self._held is not None:
            return self._held
        self._reads += 1
        text = self._read_text()
        if self._reads >= _READS_BEFORE_HOLDING:
            self._held = text
        return text

    @contextmanager
    def text_held(self) -> Iterator[None]:
        """The text read once for every lookup inside (then let go, unless held already);
        nothing read when the lookups will not seek (the whole map is built)."""
        if self._held is not None or self._lines is not None or self._cannot_seek:
            yield
            return
        self._held = self._read_text()
        try:
            yield
        finally:
            self._held = None

    def _read_text(self) -> str | None:
        raw = self._raw()
        try:
            return json_text(raw) if raw is not None else None  # (ASCII: 12 MB, not 50)
        except UnicodeDecodeError:
            return None

    def _raw(self) -> bytes | None:
        try:
            raw = self.path.read_bytes()
        except OSError:
            return None
        return raw if hashlib.sha256(raw).hexdigest() == self.sha256 else None

    def _whole(self) -> LineMap:
        text = self._held if self._held is not None else self._read_text()
        return scan_json_lines(text)[0] if text is not None else LineMap()


def held_text(lines: Mapping[str, int]) -> AbstractContextManager[None]:
    """For many lookups in a row: a `FileLines` reads its file once for all of them."""
    return lines.text_held() if isinstance(lines, FileLines) else nullcontext()


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
