"""drift/diff/walk.py: the keywords one schema object sets, read with the shortcuts the
walker takes for the common case (no constraint keyword, no `items`, no
`additionalProperties`, no `discriminator`), answered as the keyword-by-keyword reading."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from generator.document.refs import Refs
from generator.drift.diff.walk import (
    LOWER_BOUNDS,
    OTHER_CONSTRAINTS,
    UPPER_BOUNDS,
    SchemaWalker,
    constraints_of,
    discriminator_of,
)


class _Frozen(Mapping[str, Any]):
    """A mapping that is not a dict: still read as a schema object."""

    def __init__(self, items: dict[str, Any]) -> None:
        self._items = items

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


def _every_keyword(node: Mapping[str, Any]) -> dict[str, Any]:
    """`constraints_of` without its shortcut: each keyword looked up."""
    found = {k: node[k] for k in (*UPPER_BOUNDS, *LOWER_BOUNDS, *OTHER_CONSTRAINTS)
             if k in node and not isinstance(node[k], bool)}
    for zero in ("minLength", "minItems", "minProperties"):
        if found.get(zero) == 0:
            del found[zero]
    if node.get("uniqueItems") is True:
        found["uniqueItems"] = True
    for exclusive, inclusive in (("exclusiveMaximum", "maximum"), ("exclusiveMinimum", "minimum")):
        if node.get(exclusive) is True and inclusive in node:
            found[exclusive] = found.pop(inclusive)
    return found


@pytest.mark.parametrize("node", [
    {}, {"type": "string", "description": "d"}, {1: 2, "x-maximum": 3, "Maximum": 4},
    {"minLength": 0}, {"minItems": 0, "maxItems": 2}, {"uniqueItems": True},
    {"uniqueItems": False}, {"exclusiveMaximum": True, "maximum": 3}, {"exclusiveMinimum": 2},
    {"format": "int32", "pattern": "^a$", "multipleOf": 2}, _Frozen({"maxLength": 3}),
    _Frozen({"type": "string"})])
def test_constraints_are_what_reading_every_keyword_finds(node: Mapping[str, Any]) -> None:
    assert constraints_of(node) == _every_keyword(node)


@pytest.mark.parametrize(("extra", "closed", "open_declared", "walked"), [
    (None, False, False, False), (False, True, False, False), (True, False, True, False),
    ({}, False, True, False), ({"type": "string"}, False, True, True),
    (_Frozen({"type": "string"}), False, True, True), (_Frozen({}), False, True, False),
    ("not a schema", False, False, False)])
def test_additional_properties_read_alike_for_any_mapping(
        extra: Any, closed: bool, open_declared: bool, walked: bool) -> None:
    node: dict[str, Any] = {"type": "object", "items": _Frozen({"type": "integer"})}
    if extra is not None:
        node["additionalProperties"] = extra
    shape = SchemaWalker(Refs({})).shape(node, "/s", frozenset(), 0)
    assert (shape.closed, shape.open_declared, shape.extra is not None) == (
        closed, open_declared, walked)
    assert shape.items is not None and shape.items.pointer == "/s/items"


def test_a_discriminator_is_read_from_any_mapping_and_none_without_one() -> None:
    assert discriminator_of({"type": "object"}) is None
    assert discriminator_of({"discriminator": None}) is None
    assert discriminator_of({"discriminator": ["kind"]}) is None
    assert discriminator_of({"discriminator": _Frozen({"propertyName": "kind"})}) == ("kind", ())
