"""The records a comparison holds by the tens of thousands to its end are slotted: no
`__dict__` each (GitHub's pair: the differ's peak 89 -> 82 MiB)."""

from __future__ import annotations

from generator.document.refs import Refs
from generator.drift.diff import walk


def test_the_walkers_records_have_no_dict_each() -> None:
    document = {"components": {"schemas": {"Pet": {"type": "object", "properties": {
        "name": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}}}}}}
    walker = walk.SchemaWalker(Refs(document))
    fields = walker.flatten({"$ref": "#/components/schemas/Pet"}, "/x")
    shape = walker.shape(document["components"]["schemas"]["Pet"], "/components/schemas/Pet",
                         frozenset(), 0)
    held = [*fields.values(), *(f.info for f in fields.values()), shape,
            *shape.properties.values()]
    assert len(fields) == 4 and len(shape.properties) == 2
    assert all(not hasattr(record, "__dict__") for record in held)


def test_a_copied_shape_is_equal_and_has_its_own_containers() -> None:
    walker = walk.SchemaWalker(Refs({}))
    schema = {"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}}
    original = walker._memoised(schema, "/s", frozenset(), 0)
    copied = walker.shape(schema, "/s", frozenset(), 0)
    assert copied == original and copied is not original
    copied.required.add("b")
    copied.properties.pop("a")
    assert original.required == {"a"} and list(original.properties) == ["a"]


def test_memoised_shapes_share_their_empty_containers_and_copies_get_their_own() -> None:
    walker = walk.SchemaWalker(Refs({}))
    first = walker._memoised({"type": "string"}, "/a", frozenset(), 0)
    second = walker._memoised({"description": "any"}, "/b", frozenset(), 0)
    assert first.required is second.required and first.branches is second.branches
    assert second.types is walk._NO_TYPES and first.types == ["string"]
    copied = walker.shape({"description": "any"}, "/b", frozenset(), 0)
    copied.required.add("x")
    copied.types.append("object")
    assert walk._NO_NAMES == set() and walk._NO_TYPES == []
    assert second.required == set() and second.types == []


def test_equal_sets_of_names_are_one_object() -> None:
    """The types of each field and the `$ref` stacks of the memoised shapes' children."""
    document = {"components": {"schemas": {
        "A": {"type": "object", "properties": {"x": {"type": "string"},
                                               "b": {"$ref": "#/components/schemas/B"}}},
        "B": {"type": "object", "properties": {"y": {"type": "string"}}}}}}
    walker = walk.SchemaWalker(Refs(document))
    fields = walker.flatten({"$ref": "#/components/schemas/A"}, "/x")
    x, y = fields[(".x",)].info.types, fields[(".b", ".y")].info.types
    assert x == y == frozenset({"string"}) and x is y
    again = walker.flatten({"$ref": "#/components/schemas/A"}, "/z")
    assert again[(".x",)].info.types is x
    built = walker._memoised(document["components"]["schemas"]["A"]["properties"]["b"],
                             "/p", frozenset({"#/components/schemas/A"}), 1)
    other = walker._memoised({"$ref": "#/components/schemas/B"}, "/q",
                             frozenset({"#/components/schemas/A"}), 1)
    assert built.properties["y"].stack is other.properties["y"].stack


def test_the_judges_readings_share_their_sets() -> None:
    from generator.drift.diff import subsume

    refs = Refs({})
    first = subsume._own(refs, {"type": "string"})
    second = subsume._own(refs, {"type": ["string", "null"], "maxLength": 3})
    assert first is not None and second is not None
    assert first.types is second.types and first.required is second.required
    assert first.patterns is subsume._NO_NAMES
