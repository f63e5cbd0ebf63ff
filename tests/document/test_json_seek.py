"""document/json_seek.py: a JSON document's lines found by seeking through its text are the
lines of the map of every node (`scan_json_lines`), without building that map."""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.document import read
from generator.document.json_seek import SeekingLines, skip_value
from generator.document.lines import LineMap
from generator.document.read import parse_bytes, scan_json_lines
from tests.support import ROOT

FEATURE_SPECS = sorted((ROOT / "tests" / "feature_specs").glob("*.yaml"))
PROVIDER_SPECS = [ROOT / "specs" / "ionos" / "openapi.json", ROOT / "specs" / "nebius" / "openapi.yaml"]


def _layouts(data: Any) -> Iterator[str]:
    """The same data written as people and tools write JSON: compact, indented, odd spacing,
    escaped or not."""
    yield json.dumps(data, default=str)
    yield json.dumps(data, default=str, indent=2, ensure_ascii=False)
    yield json.dumps(data, default=str, indent="\t", separators=(" ,", " : "))
    yield json.dumps(data, default=str, separators=(",\n", "\n:\n  "))  # values below keys
    yield "\r\n  " + json.dumps(data, default=str, indent=1).replace("\n", "\r\n") + "\n\n"


def _asked(full: LineMap) -> list[str]:
    """Every pointer of the document, and pointers that leave it on the way."""
    pointers = list(full)
    misses = ["nothing", "/", "/nothing/at/all"]
    for pointer in pointers[:400]:
        misses += [f"{pointer}/nope", f"{pointer}/0", f"{pointer}/00", f"{pointer}/-1"]
    return pointers + misses


@pytest.mark.parametrize("spec", [*FEATURE_SPECS, *PROVIDER_SPECS], ids=lambda p: p.name)
def test_every_pointer_has_the_line_of_the_whole_map(spec: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    data = yaml.safe_load(spec.read_text(encoding="utf-8"))
    for text in _layouts(data):
        full = scan_json_lines(text)[0]
        _, lines = parse_bytes(text.encode(), "t.json", ".json")
        assert isinstance(lines, SeekingLines)
        monkeypatch.setattr(read, "_scanned_lines", _no_full_map)
        for pointer in _asked(full):
            assert lines.nearest(pointer) == full.nearest(pointer), pointer
            assert lines.get(pointer) == full.get(pointer), pointer
        monkeypatch.undo()


def _no_full_map(text: str) -> LineMap:
    raise AssertionError("the whole line map was built")


def test_keys_with_escapes_slashes_and_tildes_are_found_by_their_pointer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = '{"paths": {"/a/{id}": {"x~y": 1, "\\u00e9\\"q": [10, {"k": 2}]}}}'
    _, lines = parse_bytes(text.encode(), "t.json", ".json")
    full = scan_json_lines(text)[0]
    monkeypatch.setattr(read, "_scanned_lines", _no_full_map)  # found by seeking, not the map
    for pointer in ["/paths/~1a~1{id}/x~0y", "/paths/~1a~1{id}/\u00e9\"q/1/k",
                    "/paths/~1a~1{id}/\u00e9\"q/2", "/paths/~1a"]:
        assert lines.nearest(pointer) == full.nearest(pointer) == 1, pointer
    assert lines["/paths/~1a~1{id}/\u00e9\"q/1/k"] == 1
    with pytest.raises(KeyError):
        lines["/paths/~1a"]


def test_lines_asked_out_of_order_are_counted_right(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "{\n" + ",\n".join(f'"k{i}": [\n{i}\n]' for i in range(50)) + "\n}"
    full = scan_json_lines(text)[0]
    _, lines = parse_bytes(text.encode(), "t.json", ".json")
    monkeypatch.setattr(read, "_scanned_lines", _no_full_map)  # counted by seeking, not the map
    for i in [40, 3, 49, 0, 3, 25, 41]:
        assert lines[f"/k{i}"] == full[f"/k{i}"]
        assert lines[f"/k{i}/0"] == full[f"/k{i}/0"]


def test_text_nested_past_the_decoders_limit_builds_the_whole_map() -> None:
    """The C decoder recurses once per level: past the limit, the map of every node answers."""
    depth = 2000  # under MAX_NESTING, over the default recursion limit
    text = '{"a": ' + '{"b": ' * depth + "1" + "}" * depth + "}"
    _, lines = parse_bytes(text.encode(), "t.json", ".json")
    pointer = "/a" + "/b" * depth
    assert lines[pointer] == 1
    assert lines.nearest(pointer + "/c") == 1
    assert isinstance(lines, SeekingLines) and lines._lines is not None


def test_iterating_gives_every_pointer_of_the_whole_map() -> None:
    text = '{"a": [1, {"b": 2}],\n"c": 3}'
    _, lines = parse_bytes(text.encode(), "t.json", ".json")
    assert dict(lines) == dict(scan_json_lines(text)[0])


def test_a_value_skipped_ends_where_the_decoder_ends_and_is_not_kept() -> None:
    """A lookup passes over the members off its pointer (GitHub's `paths`, 6 MiB of objects
    when decoded): where each ends is where json's decoder ends, and nothing of it is held
    meanwhile but one nesting path's members."""
    big = {f"/p{i}": {"get": {"responses": {"200": {"description": "ok " * 5,
                                                  "content": {"a/b": {"schema": [1, "x"]}}}}}}
           for i in range(4_000)}
    text = " " + json.dumps({"paths": big, "n": [1.5, True, None, "s"]}) + " "
    decoder = json.JSONDecoder()
    for position in (1, text.index("{", 2), text.index("[1.5"), text.index('"s"')):
        assert skip_value(text, position) == decoder.raw_decode(text, position)[1]
    with pytest.raises(ValueError):
        skip_value('{"a": [1, 2}', 0)
    start = text.index("{", 2)
    tracemalloc.start()
    try:
        decoder.raw_decode(text, start)
        decoded = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        skip_value(text, start)
        skipped = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert skipped * 8 < decoded  # (the decoder still keeps one string per key it met)
