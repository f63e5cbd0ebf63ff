"""document/lines.py: one entry per node, the same answers a dict of full pointers gave."""

from __future__ import annotations

import tracemalloc

import pytest

from generator.document.lines import ROOT, LineMap
from generator.document.pointer import nearest_line
from generator.document.read import parse_bytes


def test_a_line_map_answers_as_a_dict_of_pointers_does() -> None:
    lines = LineMap()
    lines.set_line(ROOT, 1)
    paths = lines.add(ROOT, "paths", 2)
    item = lines.add(paths, "/a/{id}", 3)
    lines.add(item, 0, 4)
    lines.add(ROOT, "x~y", 5)
    expected = {"": 1, "/paths": 2, "/paths/~1a~1{id}": 3, "/paths/~1a~1{id}/0": 4, "/x~0y": 5}
    assert dict(lines) == expected
    assert len(lines) == len(expected)
    for pointer in [*expected, "/paths/~1a~1{id}/1/b", "/nothing", "/paths/~1a", "/x~0y/"]:
        assert nearest_line(lines, pointer) == nearest_line(expected, pointer), pointer
    assert lines.pointer_of(item) == "/paths/~1a~1{id}"
    with pytest.raises(KeyError):
        lines["/nothing"]


def test_a_key_written_again_keeps_its_node_and_takes_the_later_line() -> None:
    lines = LineMap()
    first = lines.add(ROOT, "a", 2)
    assert lines.add(ROOT, "a", 7) == first
    assert lines["/a"] == 7


def test_yaml_merge_keys_take_the_lines_of_the_keys_written_last() -> None:
    text = b"base: &b\n  x: 1\n  y: 2\nitem:\n  <<: *b\n  y: 3\n"
    _, lines = parse_bytes(text, "t.yaml", ".yaml")
    assert lines["/item/x"] == 2  # from the anchor
    assert lines["/item/y"] == 6  # its own, written after the merge


def test_a_node_is_stored_without_its_pointer() -> None:
    """Many items deep under long keys: a pointer string per item would take 200 MB here."""
    key = "k" * 100_000
    text = ('{"a": {"' + key + '": {"' + key + '": [' + ",".join(["0"] * 1000) + "]}}}").encode()
    _, lines = parse_bytes(text, "t.json", ".json")
    tracemalloc.start()
    try:
        assert lines[f"/a/{key}/{key}/999"] == 1  # the JSON line map is made now
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * 1024 * 1024
