"""`json_lines.pointer_lines` gives the line `LineMap.nearest` (the full scan) gives, for every
node of a document and for pointers that leave it; so does `FileLines`, which reads the text
back from the file."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from generator.document.lines import LazyLines
from generator.document.loading import load
from generator.document.pointer import join_tokens
from generator.document.read import scan_json_lines
from generator.drift.json_lines import FileLines, pointer_lines, pointer_lines_in, without_text


def _pointers(node: Any, pointer: str = "") -> list[str]:
    found = [pointer]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _pointers(value, join_tokens(pointer, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _pointers(value, join_tokens(pointer, str(index)))
    return found


DATA = {"openapi": "3.1.0", "a/b": {"c~d": [1, {"x": None}, [], {}], "é\u2028": "s",
                                                               "\U0001F600": ["\U0001F680"]},
        "quote\"key": {"\\": True, "": [{"y": "a\nb"}]}, "empty": {}, "list": [[[]], "x"]}


def test_every_node_and_pointers_that_leave_the_document() -> None:
    for text in (json.dumps(DATA, indent=2), json.dumps(DATA), json.dumps(DATA, indent="\t"),
                 json.dumps(DATA, indent=1, ensure_ascii=False).replace(": ", " :\n ")):
        full, _ = scan_json_lines(text)
        pointers = [*_pointers(DATA), "/nope", "/a~1b/c~0d/9", "/a~1b/c~0d/1/x/deeper",
                    "no-slash", "/list/0/0/0"]
        assert pointer_lines(text, pointers) == {p: full.nearest(p) for p in pointers}


def test_bytes_read_as_latin1_give_the_lines_of_the_decoded_text() -> None:
    """`pointer_lines_in` (UTF-8 bytes descended one byte a character) answers as the decoded
    text does: keys past ASCII, past U+FFFF, escaped or not, a byte order mark first; bytes
    that are not UTF-8 are left to the full scan."""
    data = {**DATA, "ключ\U0001f600": {"\u00e9": [1, {"z": "\U0001f600\n"}]}, "x\u0085": 1}
    for text in (json.dumps(data, indent=2, ensure_ascii=False), json.dumps(data, indent=2),
                 json.dumps(data, ensure_ascii=False),
                 json.dumps(data, indent=1, ensure_ascii=False).replace(": ", " :\n ")):
        full, _ = scan_json_lines(text)
        pointers = [*_pointers(data), "/nope", "/ключ\U0001f600/é/1/z/deeper"]
        expected = {p: full.nearest(p) for p in pointers}
        assert pointer_lines_in(text.encode(), pointers) == expected
        assert pointer_lines_in("\ufeff".encode() + text.encode(), pointers) == expected
    assert pointer_lines_in(b'{"a": "\xff"}', ["/a"]) is None
    assert pointer_lines_in(b'{"a": [1, 2', ["/a/1"]) is None


def test_text_that_is_not_json_is_left_to_the_full_scan() -> None:
    assert pointer_lines('{"a": [1, 2', ["/a/1"]) is None
    assert pointer_lines('{"a" 1}', ["/a"]) is None


@pytest.mark.parametrize("ensure_ascii", [True, False], ids=["escaped", "wide"])
def test_file_lines_answer_as_the_map_without_holding_the_text(tmp_path: Path,
                                                               ensure_ascii: bool) -> None:
    """A document `diff` loads keeps no text for its line map (`without_text`): its lines are
    read back from the file, one pointer at a time at first, then from the whole map, and are
    the ones the document stage's own map gives; a file changed since has no lines. A file
    with characters past U+FFFF too (its text is then read as ASCII with escapes)."""
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(DATA, indent=2, ensure_ascii=ensure_ascii), encoding="utf-8")
    document = load(path)
    assert isinstance(document.lines, LazyLines)
    light = without_text(document)
    assert isinstance(light.lines, FileLines) and light.data is document.data
    assert without_text(light) is light  # already without its text: kept, map and all
    text = path.read_text(encoding="utf-8")
    assert text not in vars(light.lines).values()
    pointers = [*_pointers(DATA), "/nope", "/a~1b/c~0d/1/x/deeper"]
    expected = {p: document.line_of(p) for p in pointers}
    assert {p: light.line_of(p) for p in pointers} == expected  # past the single lookups too
    assert dict(light.lines) == dict(document.lines)
    path.write_text(json.dumps({"openapi": "3.1.0", "other": DATA}, indent=2), encoding="utf-8")
    assert without_text(load(tmp_path / "doc.json")).line_of("/other") == 3
    assert light.line_of("/a~1b") == expected["/a~1b"]  # its map was built already
    stale = without_text(document)
    assert stale.line_of("/a~1b") is None  # not the line of another text


def test_a_yaml_document_keeps_its_map(tmp_path: Path) -> None:
    path = tmp_path / "doc.yaml"
    path.write_text("openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
                    encoding="utf-8")
    document = load(path)
    assert without_text(document) is document



def test_a_document_read_from_a_pipe_keeps_its_map(tmp_path: Path) -> None:
    """`diff old.json <(cat new.json)`: a pipe cannot be read again, so its lines stay with
    the text it was loaded from (they were lost: `FileLines` read the drained pipe)."""
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(DATA, indent=2), encoding="utf-8")
    read_fd, write_fd = os.pipe()
    with os.fdopen(write_fd, "wb") as writer:
        writer.write(path.read_bytes())
    try:
        document = load(Path(f"/dev/fd/{read_fd}"))
    finally:
        os.close(read_fd)
    kept = without_text(document)
    assert kept is document and kept.line_of("/a~1b") == load(path).line_of("/a~1b") == 3
