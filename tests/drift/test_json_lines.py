"""`json_lines.pointer_lines` gives the line `LineMap.nearest` (the full scan) gives, for every
node of a document and for pointers that leave it."""

from __future__ import annotations

import json
from typing import Any

from generator.document.pointer import join_tokens
from generator.document.read import scan_json_lines
from generator.drift.json_lines import pointer_lines


def _pointers(node: Any, pointer: str = "") -> list[str]:
    found = [pointer]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _pointers(value, join_tokens(pointer, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _pointers(value, join_tokens(pointer, str(index)))
    return found


DATA = {"openapi": "3.1.0", "a/b": {"c~d": [1, {"x": None}, [], {}], "é\u2028": "s"},
        "quote\"key": {"\\": True, "": [{"y": "a\nb"}]}, "empty": {}, "list": [[[]], "x"]}


def test_every_node_and_pointers_that_leave_the_document() -> None:
    for text in (json.dumps(DATA, indent=2), json.dumps(DATA), json.dumps(DATA, indent="\t"),
                 json.dumps(DATA, indent=1, ensure_ascii=False).replace(": ", " :\n ")):
        full, _ = scan_json_lines(text)
        pointers = [*_pointers(DATA), "/nope", "/a~1b/c~0d/9", "/a~1b/c~0d/1/x/deeper",
                    "no-slash", "/list/0/0/0"]
        assert pointer_lines(text, pointers) == {p: full.nearest(p) for p in pointers}


def test_text_that_is_not_json_is_left_to_the_full_scan() -> None:
    assert pointer_lines('{"a": [1, 2', ["/a/1"]) is None
    assert pointer_lines('{"a" 1}', ["/a"]) is None
