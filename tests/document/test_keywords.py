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
