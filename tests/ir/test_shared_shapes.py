"""A titled inline object written more than once, alike, is one component schema (one class).

GitHub's webhook payloads write the same titled shapes (`issue`, `comment`, `repository`)
again and again: models.py's generator made a class of each copy (2,045 of its 8,476 classes).
The golden package `feat_shared_shapes` shows the classes; these tests show the rule.
"""

from __future__ import annotations

import copy
from typing import Any

from generator import ir
from generator.ir.shared_shapes import share_repeated_shapes

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
USER = {"title": "Simple User", "type": "object", "nullable": True, "description": "A user.",
        "properties": {"login": {"type": "string"}}}
REF = "#/components/schemas/"


def _owner(**fields: Any) -> dict[str, Any]:
    return {"type": "object", "properties": fields}


def test_each_place_refers_to_one_component_keeping_what_the_field_reads() -> None:
    schemas = {"A": _owner(user=copy.deepcopy(USER)),
               "B": _owner(users={"type": "array", "items": copy.deepcopy(USER)})}
    taken = {"A", "B"}
    share_repeated_shapes(schemas, taken)
    assert schemas["SimpleUser"] == USER and "SimpleUser" in taken
    kept = {"description": "A user.", "title": "Simple User", "nullable": True}
    assert schemas["A"]["properties"]["user"] == {"$ref": REF + "SimpleUser", **kept}
    assert schemas["B"]["properties"]["users"]["items"] == {"$ref": REF + "SimpleUser", **kept}


def test_only_titled_shapes_written_alike_are_shared() -> None:
    untitled = {key: value for key, value in USER.items() if key != "title"}
    other_words = {**USER, "description": "Another user."}
    schemas = {"A": _owner(user=copy.deepcopy(USER), plain=copy.deepcopy(untitled)),
               "B": _owner(user=other_words, plain=copy.deepcopy(untitled)),
               "C": {"allOf": [copy.deepcopy(USER), _owner(x={"type": "string"})]},
               "D": {"allOf": [copy.deepcopy(USER)]}}
    before = copy.deepcopy(schemas)
    share_repeated_shapes(schemas, set(schemas))
    assert schemas == before  # once each alike, untitled, or an `allOf` part (a base class)


def test_a_name_taken_is_told_apart_and_a_shape_inside_another_is_shared_too() -> None:
    issue = {"title": "Issue", "type": "object",
             "properties": {"id": {"type": "integer"}, "author": copy.deepcopy(USER)}}
    schemas = {"Issue": _owner(number={"type": "integer"}),
               "Opened": _owner(issue=copy.deepcopy(issue)),
               "Closed": _owner(issue=copy.deepcopy(issue), by=copy.deepcopy(USER))}
    share_repeated_shapes(schemas, set(schemas))
    assert schemas["Opened"]["properties"]["issue"]["$ref"] == REF + "Issue2"
    assert schemas["Closed"]["properties"]["issue"]["$ref"] == REF + "Issue2"
    assert schemas["Issue2"]["properties"]["author"]["$ref"] == REF + "SimpleUser"
    assert schemas["Closed"]["properties"]["by"]["$ref"] == REF + "SimpleUser"
    assert list(schemas) == ["Issue", "Opened", "Closed", "Issue2", "SimpleUser"]


def test_one_object_written_in_two_places_is_shared_as_any_copy() -> None:
    shared = copy.deepcopy(USER)
    schemas = {"A": _owner(user=shared), "B": _owner(user=shared)}
    share_repeated_shapes(schemas, set(schemas))
    assert schemas["A"]["properties"]["user"]["$ref"] == REF + "SimpleUser"
    assert schemas["B"]["properties"]["user"]["$ref"] == REF + "SimpleUser"


def test_the_built_model_names_its_classes_and_every_type_reads_the_component() -> None:
    document = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
                "components": {"schemas": {"A": _owner(user=copy.deepcopy(USER)),
                                           "B": _owner(user=copy.deepcopy(USER))}}}
    api = ir.build(document, OPTIONS)
    assert set(api.models_input["components"]["schemas"]) == {"A", "B", "SimpleUser"}
    assert dict(api.component_names) == {"A": "A", "B": "B"}  # (no document name of its own)


def test_copies_of_a_component_refer_to_it() -> None:
    """A YAML alias of a component (`user: *simple_user`) is the component's schema written
    again: its copies refer to the component, where a second class `SimpleUser2` was made."""
    schemas = {"SimpleUser": copy.deepcopy(USER), "A": _owner(user=copy.deepcopy(USER)),
               "B": _owner(user=USER)}
    share_repeated_shapes(schemas, set(schemas))
    assert list(schemas) == ["SimpleUser", "A", "B"]
    assert schemas["A"]["properties"]["user"]["$ref"] == REF + "SimpleUser"
    assert schemas["B"]["properties"]["user"]["$ref"] == REF + "SimpleUser"
    assert schemas["SimpleUser"] == USER
