"""document/refs.py: `Refs` (strict and lenient resolution) and `iter_refs`/`iter_objects`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from generator.document.loading import Document
from generator.document.refs import (
    Refs,
    SettledRefs,
    is_named_map,
    iter_objects,
    iter_refs,
)
from generator.problems import GeneratorError
from generator.validate import own_checks

DATA: dict[str, Any] = {
    "paths": {"/a/{id}": {"get": {"operationId": "getA"}}},
    "components": {"schemas": {
        "A": {"type": "string"},
        "B": {"$ref": "#/components/schemas/A", "description": "B's own"},
        "Loop": {"$ref": "#/components/schemas/Loop"},
    }},
}


def test_lookup_reads_percent_encoded_and_escaped_fragments() -> None:
    refs = Refs(DATA)
    assert refs.lookup("#/paths/~1a~1%7Bid%7D/get") == (True, {"operationId": "getA"})
    assert refs.lookup("#/components/schemas/Nope") == (False, None)
    assert refs.lookup("other.yaml#/A") == (False, None)


def test_target_names_a_dangling_or_external_ref() -> None:
    refs = Refs(DATA, "spec.yaml")
    with pytest.raises(GeneratorError, match="points to nothing") as dangling:
        refs.target("#/components/schemas/Nope")
    assert dangling.value.problems[0].pointer == "/components/schemas/Nope"
    with pytest.raises(GeneratorError, match="unbundled external"):
        refs.target("other.yaml#/A")


def test_resolve_follows_chains_and_stops_at_a_cycle() -> None:
    refs = Refs(DATA)
    assert refs.resolve({"$ref": "#/components/schemas/B"}) == {"type": "string"}
    assert refs.resolve(DATA["components"]["schemas"]["Loop"]) == {
        "$ref": "#/components/schemas/Loop"}


def test_deref_lets_siblings_override_and_marks_what_it_cannot_follow() -> None:
    refs = Refs(DATA)
    node, stack, looped = refs.deref({"$ref": "#/components/schemas/B", "title": "t"})
    assert node == {"type": "string", "description": "B's own", "title": "t"}
    assert stack == {"#/components/schemas/B", "#/components/schemas/A"} and not looped
    assert refs.deref({"$ref": "#/nowhere"})[0] == {"x-unresolved-ref": "#/nowhere"}
    assert refs.object({"$ref": "#/nowhere"}) == {"x-unresolved-ref": "#/nowhere"}


def test_settled_refs_answer_as_refs_each_ref_once() -> None:
    """The differ's `SettledRefs` remembers each look-up: found, dangling and external refs
    answer as `Refs` answers them, the first time and again, and so do the walks built on
    `lookup` (`deref`, `object`, `resolve`)."""
    refs, settled = Refs(DATA), SettledRefs(DATA)
    asked = ["#/paths/~1a~1%7Bid%7D/get", "#/components/schemas/B", "#/components/schemas/Loop",
             "#/components/schemas/Nope", "other.yaml#/A", "#"]
    for _ in range(2):
        assert [settled.lookup(ref) for ref in asked] == [refs.lookup(ref) for ref in asked]
    node = {"$ref": "#/components/schemas/B", "title": "t"}
    assert settled.deref(node) == refs.deref(node)
    assert settled.object({"$ref": "#/nowhere"}) == refs.object({"$ref": "#/nowhere"})
    assert settled.resolve(DATA["components"]["schemas"]["Loop"]) == refs.resolve(
        DATA["components"]["schemas"]["Loop"])
    found, target = settled.lookup("#/components/schemas/A")
    assert found and target is DATA["components"]["schemas"]["A"]  # the document's own object


def test_deref_follows_a_mapping_that_is_not_a_dict() -> None:
    """`deref` asks `dict` first (`MAPPINGS`): any other mapping is still followed."""

    class Frozen(Mapping[str, Any]):
        def __init__(self, items: dict[str, Any]) -> None:
            self._items = items

        def __getitem__(self, key: str) -> Any:
            return self._items[key]

        def __iter__(self) -> Iterator[str]:
            return iter(self._items)

        def __len__(self) -> int:
            return len(self._items)

    data = {"components": {"schemas": {"A": Frozen({"type": "string"})}}}
    node, stack, looped = Refs(data).deref(Frozen({"$ref": "#/components/schemas/A"}))
    assert node == {"type": "string"} and stack == {"#/components/schemas/A"} and not looped


def test_iter_refs_skips_data_and_extensions_but_not_named_maps() -> None:
    ref = {"$ref": "#/components/schemas/A"}
    schema = {
        "example": dict(ref), "default": dict(ref), "enum": [dict(ref)], "x-vendor": dict(ref),
        "examples": [dict(ref)],
        "properties": {"default": dict(ref), "x-id": dict(ref)},
    }
    content = {"examples": {"one": dict(ref), "two": {"value": dict(ref)}}}
    found = [pointer for pointer, _ in iter_refs({"schema": schema, "content": content})]
    assert found == ["/schema/properties/default/$ref", "/schema/properties/x-id/$ref",
                     "/content/examples/one/$ref"]


def test_a_property_value_of_a_property_named_examples_is_a_schema() -> None:
    """A schema's property `examples` with a property `value`: its `$ref` is a reference (the
    walk skipped it as an Example Object's `value`: `models: used` then dropped its target and
    dcg typed the field `Any`). An Example Object's `value` stays data."""
    ref = {"$ref": "#/components/schemas/Sample"}
    schema = {"properties": {"examples": {"type": "object", "properties": {"value": ref}}}}
    example = {"examples": {"one": {"value": dict(ref)}}}
    found = [pointer for pointer, _ in iter_refs({"schema": schema, "media": example})]
    assert found == ["/schema/properties/examples/properties/value/$ref"]


def test_a_ref_under_dependent_schemas_is_seen() -> None:
    """`dependentSchemas` maps property names to schemas: a dependency named `default` or
    `x-flag` is a schema, and its `$ref` a reference (it used to be read as data)."""
    schema = {"dependentSchemas": {"default": {"$ref": "#/components/schemas/Gone"},
                                   "x-flag": {"$ref": "#/components/schemas/A"}}}
    data = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {},
            "components": {"schemas": {"A": {"type": "string"}, "S": schema}}}
    assert is_named_map("/components/schemas/S/dependentSchemas")
    assert [pointer for pointer, _ in iter_refs(data)] == [
        "/components/schemas/S/dependentSchemas/default/$ref",
        "/components/schemas/S/dependentSchemas/x-flag/$ref"]
    problems = own_checks(Document(Path("s.yaml"), data, "0" * 64, None, {}))
    assert [(p.code, p.pointer) for p in problems] == [
        ("dangling-ref", "/components/schemas/S/dependentSchemas/default/$ref")]


def test_iter_objects_goes_in_document_order() -> None:
    data = {"a": {"b": {}}, "c": [{"d": {}}]}
    assert [pointer for pointer, _ in iter_objects(data)] == ["", "/a", "/a/b", "/c/0", "/c/0/d"]


def _iter_objects_by_pointer(data: Any) -> list[tuple[str, int]]:
    """The walk as it was written before its speed-up (every value stacked, the rules read from
    the pointer): the reference the fast walk must equal."""
    from generator.document.keywords import DATA_KEYWORDS
    from generator.document.pointer import join_pointer
    from generator.document.refs import _is_responses, is_extension

    found = []
    stack: list[tuple[Any, str, str]] = [(data, "", "")]
    while stack:
        node, pointer, parent_key = stack.pop()
        if isinstance(node, dict):
            found.append((pointer, id(node)))
            named_map = is_named_map(pointer) or _is_responses(pointer)
            for key, value in reversed(node.items()):
                skipped = key in DATA_KEYWORDS - {"examples"} or is_extension(key)
                if (not named_map and skipped) or (key == "value" and not named_map
                                                    and pointer.rsplit("/", 2)[-2:-1] == ["examples"]):
                    continue
                stack.append((value, join_pointer(pointer, key), key))
        elif isinstance(node, list) and parent_key != "examples":
            stack.extend((node[i], f"{pointer}/{i}", "") for i in range(len(node) - 1, -1, -1))
    return found


def test_iter_objects_equals_the_pointer_rules_on_every_kind_of_key() -> None:
    schema = {"type": "object", "default": {"$ref": "#/d"}, "x-ext": {"$ref": "#/e"},
              "properties": {"x-id": {"$ref": "#/p"}, "default": {"type": "string"},
                             "examples": {"properties": {"value": {"$ref": "#/pv"}}},
                             "a/b~c": {"items": [{"enum": [{}]}, [{}]]}},
              "examples": [{"$ref": "#/ex"}], "example": {"k": {}}}
    data = {
        "paths": {"/a": {"get": {"responses": {"default": {"$ref": "#/r"}, "200": {
            "content": {"application/json": {"schema": schema, "examples": {
                "one": {"value": {"$ref": "#/v"}, "summary": "s"},
                "": {"value": {}}}}}}}}}},
        "components": {"schemas": {"x-named": schema, "S": {"allOf": [schema, True]}},
                       "examples": {"E": {"value": {"deep": {}}}},
                       "x-other": {"$ref": "#/o"}},
        "x-top": {"a": {}}, "examples": {"value": {"b": {}}}, "": {"responses": {"default": {}}},
    }
    fast = [(pointer, id(node)) for pointer, node in iter_objects(data)]
    assert fast == _iter_objects_by_pointer(data)
    assert len(fast) > 20  # the document exercises the walk
