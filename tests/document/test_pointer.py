"""document/pointer.py: JSON pointers (RFC 6901) and `$ref` fragments."""

from __future__ import annotations

from generator.document.pointer import (
    escape_token,
    fragment_pointer,
    join_tokens,
    nearest_line,
    resolve_pointer,
    split_pointer,
)


def test_tokens_are_escaped_and_split_back() -> None:
    pointer = join_tokens("", "paths", "/a/{id}", "x~y", 0)
    assert pointer == "/paths/~1a~1{id}/x~0y/0"
    assert split_pointer(pointer) == ["paths", "/a/{id}", "x~y", "0"]
    assert escape_token("~1") == "~01", "`~` is escaped first, so `~1` stays itself"
    assert split_pointer("") == []


def test_fragments_are_percent_decoded_and_only_local_ones_are_pointers() -> None:
    assert fragment_pointer("#/paths/~1a~1%7Bid%7D") == "/paths/~1a~1{id}"
    assert fragment_pointer("#") == ""
    assert fragment_pointer("other.yaml#/A") is None


def test_resolve_pointer_walks_dicts_and_lists() -> None:
    data = {"a": [{"b": None}]}
    assert resolve_pointer(data, "/a/0/b") == (True, None)
    assert resolve_pointer(data, "/a/1") == (False, None)
    assert resolve_pointer(data, "/a/x") == (False, None)
    assert resolve_pointer(data, "") == (True, data)


def test_nearest_line_walks_up_to_an_ancestor() -> None:
    lines = {"": 1, "/a": 4}
    assert nearest_line(lines, "/a/b/c") == 4
    assert nearest_line(lines, "/z") == 1
    assert nearest_line({}, "/z") is None
