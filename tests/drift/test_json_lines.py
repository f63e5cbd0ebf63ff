"""`FileLines`, which reads a document's text back from its file, gives the line `LineMap.nearest`
(the full scan) gives, for every node of a document and for pointers that leave it."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from generator.document.lines import LazyLines
from generator.document.loading import load
from generator.document.pointer import join_tokens
from generator.document.read import scan_json_lines
from generator.drift.json_lines import FileLines, held_text, without_text


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


def _texts(data: Any) -> list[str]:
    return [json.dumps(data, indent=2), json.dumps(data), json.dumps(data, indent="\t"),
            json.dumps(data, indent=2, ensure_ascii=False), json.dumps(data, ensure_ascii=False),
            json.dumps(data, indent=1, ensure_ascii=False).replace(": ", " :\n ")]


def test_every_node_and_pointers_that_leave_the_document(tmp_path: Path) -> None:
    """`FileLines` seeks through the text read back from the file, as the document stage
    seeks through its own, and answers as the full scan's map does: keys past ASCII and past
    U+FFFF, escaped or not, a byte order mark first; without building that map."""
    data = {**DATA, "ключ\U0001f600": {"\u00e9": [1, {"z": "\U0001f600\n"}]}, "x\u0085": 1}
    pointers = [*_pointers(data), "/nope", "/a~1b/c~0d/9", "/a~1b/c~0d/1/x/deeper", "no-slash",
                "/list/0/0/0", "/ключ\U0001f600/é/1/z/deeper"]
    path = tmp_path / "doc.json"
    for text in _texts(data):
        full, _ = scan_json_lines(text)
        for raw in (text.encode(), "\ufeff".encode() + text.encode()):
            path.write_bytes(raw)
            lines = without_text(load(path)).lines
            assert isinstance(lines, FileLines)
            assert {p: lines.nearest(p) for p in pointers} == {p: full.nearest(p) for p in pointers}
            assert lines._lines is None  # sought, never scanned


def test_a_burst_of_lookups_reads_the_file_once(tmp_path: Path) -> None:
    """`held_text`: the text read once when entered serves every lookup inside (the file may
    even be gone), and is let go when left; a file not UTF-8 has no lines."""
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(DATA, indent=2), encoding="utf-8")
    document = without_text(load(path))
    expected = {p: load(path).line_of(p) for p in _pointers(DATA)}
    with held_text(document.lines):
        path.unlink()
        assert {p: document.line_of(p) for p in expected} == expected
    assert document.line_of("/a~1b/c~0d/3") is None  # read again: the file is gone
    assert not any(isinstance(value, str) and "openapi" in value
                   for value in vars(document.lines).values())
    path.write_bytes(b'{"a": "\xff"}')
    assert FileLines(path, hashlib.sha256(path.read_bytes()).hexdigest()).nearest("/a") is None


@pytest.mark.parametrize("ensure_ascii", [True, False], ids=["escaped", "wide"])
def test_file_lines_answer_as_the_map_without_holding_the_text(tmp_path: Path,
                                                               ensure_ascii: bool) -> None:
    """A document `diff` loads keeps no text for its line map (`without_text`): its lines are
    read back from the file and sought through (the text held after a few reads), and are
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
    assert len(pointers) > 8 and light.lines._held is not None  # read 8 times: now held
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
