"""document/keywords.py: the one table of subschema keywords, and `subschemas`."""

from __future__ import annotations

from typing import Any

from generator.document.keywords import (
    DATA_KEYWORDS,
    SCHEMA_LISTS,
    SCHEMA_MAPS,
    SCHEMA_VALUES,
    SUBSCHEMA_KEYWORDS,
    subschemas,
)


def test_the_table_is_three_disjoint_kinds_and_their_union() -> None:
    kinds = [set(SCHEMA_MAPS), set(SCHEMA_LISTS), set(SCHEMA_VALUES)]
    assert sum(len(kind) for kind in kinds) == len(SUBSCHEMA_KEYWORDS)
    assert set().union(*kinds) == SUBSCHEMA_KEYWORDS
    assert "dependentSchemas" in SCHEMA_MAPS
    assert not DATA_KEYWORDS & SUBSCHEMA_KEYWORDS


def test_subschemas_yields_every_keywords_children_replaceable_in_place() -> None:
    schema: dict[str, Any] = {"type": "object", "description": "not a subschema"}
    expected = []
    for keyword in SCHEMA_MAPS:
        schema[keyword] = {"one": {"title": f"{keyword}.one"}, "two": {"title": f"{keyword}.two"}}
        expected += [f"{keyword}.one", f"{keyword}.two"]
    for keyword in SCHEMA_LISTS:
        schema[keyword] = [{"title": f"{keyword}.0"}, {"title": f"{keyword}.1"}]
        expected += [f"{keyword}.0", f"{keyword}.1"]
    for keyword in SCHEMA_VALUES:
        schema[keyword] = {"title": keyword}
        expected.append(keyword)
    found = list(subschemas(schema))
    assert sorted(container[key]["title"] for container, key in found) == sorted(expected)
    for container, key in found:
        container[key] = {"replaced": True}
    assert schema["allOf"] == [{"replaced": True}, {"replaced": True}]
    assert schema["properties"]["one"] == {"replaced": True}
    assert schema["items"] == {"replaced": True}
    assert schema["description"] == "not a subschema"


def test_subschemas_skips_maps_and_lists_of_the_wrong_shape_and_goes_one_level_down() -> None:
    schema = {"properties": ["not", "a", "map"], "allOf": {"not": "a list"},
              "items": {"properties": {"inner": {}}}}
    assert list(subschemas(schema)) == [(schema, "items")]


def test_a_schema_without_a_subschema_keyword_yields_what_the_table_walk_yields() -> None:
    """`subschemas` answers a schema none of whose keys is a subschema keyword at once; with
    one of them, or a key that only looks like one, it yields what reading every keyword of
    the table yields, in the table's order."""

    def table_walk(schema: dict[Any, Any]) -> list[tuple[Any, Any]]:
        found: list[tuple[Any, Any]] = []
        for keyword in SCHEMA_MAPS:
            if isinstance(schema.get(keyword), dict):
                found += [(schema[keyword], name) for name in schema[keyword]]
        for keyword in SCHEMA_LISTS:
            if isinstance(schema.get(keyword), list):
                found += [(schema[keyword], index) for index in range(len(schema[keyword]))]
        found += [(schema, keyword) for keyword in SCHEMA_VALUES if keyword in schema]
        return found

    schemas: list[dict[Any, Any]] = [
        {}, {"type": "string", "description": "leaf"}, {1: "x", None: [], "x-items": {}},
        {"Items": {}, "allof": [{}], "$ref": "#/a"}, {"not": False},
        {"type": "array", "items": {}}, {"properties": {}, "enum": [{"items": 1}]},
        {"then": None, "oneOf": [{}, {}], "properties": {"a": {}}}]
    for schema in schemas:
        assert list(subschemas(schema)) == table_walk(schema)
