"""Triage of the problem classes the end-to-end documents do not cover, on small documents:
each problem `validate` finds gets its class, and `apply` makes the stated repair or skip."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator import validate
from generator.document.loading import load
from generator.tolerate import Decision, apply, triage


def decisions_for(tmp_path: Path, document: dict[str, Any]) -> tuple[dict[str, Any], list[Decision]]:
    spec = tmp_path / "spec.yaml"
    spec.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    loaded = load(spec)
    return loaded.data, triage(loaded.data, validate.validate(loaded))


def base(paths: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": paths, **extra}


OK = {"responses": {"204": {"description": "ok"}}}


def test_unknown_operation_field_is_ignored(tmp_path: Path) -> None:
    data, decisions = decisions_for(tmp_path, base({"/a": {"get": {**OK, "bogus": True}}}))
    [decision] = decisions
    assert (decision.category, decision.action) == ("repairable", "drops the unknown field(s) `bogus`")
    assert "bogus" not in apply(data, decisions).data["paths"]["/a"]["get"]


def test_undeclared_path_parameter_is_declared(tmp_path: Path) -> None:
    data, decisions = decisions_for(tmp_path, base({"/a/{id}": {"get": dict(OK)}}))
    assert [d.action for d in decisions] == ["declares the path parameter `id` as a required string"]
    operation = apply(data, decisions).data["paths"]["/a/{id}"]["get"]
    assert operation["parameters"] == [
        {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    ]


def test_dangling_schema_ref_reads_as_any(tmp_path: Path) -> None:
    body = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Nope"}}}}
    data, decisions = decisions_for(tmp_path, base({"/a": {"post": {**OK, "requestBody": body}}}))
    [decision] = decisions
    assert decision.category == "repairable"
    repaired = apply(data, decisions).data
    assert repaired["paths"]["/a"]["post"]["requestBody"]["content"]["application/json"]["schema"] == {}


def test_dangling_ref_in_a_default_response_is_repaired_like_any_other(tmp_path: Path) -> None:
    """`default` in a Responses object is a response, not a schema's default value: its refs count."""
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Eror"}}}}
    operation = {"responses": {"200": {"description": "ok"}, "default": {"description": "e", **error}}}
    data, decisions = decisions_for(tmp_path, base({"/a": {"get": operation}}))
    [decision] = decisions
    assert decision.category == "repairable" and "Eror" in decision.problem.message
    repaired = apply(data, decisions).data["paths"]["/a"]["get"]["responses"]["default"]
    assert repaired["content"]["application/json"]["schema"] == {}


def test_a_schema_default_value_holding_a_ref_key_is_data(tmp_path: Path) -> None:
    """Inside a schema (even a property named `responses`), `default` stays data."""
    schema = {"type": "object", "properties": {"responses": {
        "type": "object", "default": {"$ref": "#/components/schemas/Nope"}}}}
    body = {"content": {"application/json": {"schema": schema}}}
    _, decisions = decisions_for(tmp_path, base({"/a": {"post": {**OK, "requestBody": body}}}))
    assert decisions == []


def test_invalid_component_skips_every_operation_using_it(tmp_path: Path) -> None:
    parameter = {"$ref": "#/components/parameters/Limit"}
    document = base(
        {"/a": {"get": {**OK, "parameters": [parameter]}}, "/b": {"get": {**OK, "parameters": [parameter]}},
         "/c": {"get": dict(OK)}},
        components={"parameters": {"Limit": {"name": "limit", "in": "query",
                                             "schema": {"type": "array", "items": {"type": "integer"}},
                                             "style": "sideways"}}},
    )
    data, decisions = decisions_for(tmp_path, document)
    skips = [d for d in decisions if d.category == "operation"]
    assert skips and {op for d in skips for op in d.operations} == {"/paths/~1a/get", "/paths/~1b/get"}
    outcome = apply(data, decisions)
    assert [s.label for s in outcome.skipped] == ["GET /a", "GET /b"]
    assert set(outcome.data["paths"]["/c"]) == {"get"} and "get" not in outcome.data["paths"]["/a"]


def test_an_invalid_security_scheme_skips_the_operations_requiring_it(tmp_path: Path) -> None:
    """A scheme is used by name, not `$ref`: an invalid one (`type: kerberos`) was dropped as
    "no operation uses it", then its operation skipped as naming a scheme "not declared"."""
    document = base(
        {"/a": {"get": {**OK, "security": [{"weird": []}]}}, "/b": {"get": dict(OK)},
         "/c": {"get": {**OK, "security": []}}},
        security=[{"weird": []}],
        components={"securitySchemes": {"weird": {"type": "kerberos"}}})
    data, decisions = decisions_for(tmp_path, document)
    skips = [d for d in decisions if d.category == "operation"]
    assert {op for d in skips for op in d.operations} == {"/paths/~1a/get", "/paths/~1b/get"}
    assert all("not declared" not in d.problem.message for d in decisions)
    outcome = apply(data, decisions)
    assert [s.label for s in outcome.skipped] == ["GET /a", "GET /b"]
    assert "kerberos" in " ".join(outcome.skipped[0].reasons)


def test_invalid_unused_component_is_dropped(tmp_path: Path) -> None:
    document = base({"/c": {"get": dict(OK)}}, components={
        "parameters": {"Unused": {"name": "x", "in": "query", "style": "sideways"}}})
    data, decisions = decisions_for(tmp_path, document)
    assert decisions and all(d.category == "repairable" for d in decisions)
    assert "Unused" not in apply(data, decisions).data["components"]["parameters"]


def test_invalid_descriptive_entry_is_dropped(tmp_path: Path) -> None:
    document = base({"/c": {"get": dict(OK)}}, tags=[{"description": "no name"}, {"name": "fine"}])
    data, decisions = decisions_for(tmp_path, document)
    # (openapi-spec-validator itself crashes on a tag without a name: that is said too)
    assert "drops the invalid `/tags/0`" in [d.action for d in decisions]
    assert all(d.category == "repairable" for d in decisions)
    assert apply(data, decisions).data["tags"] == [{"name": "fine"}]


def test_invalid_root_part_no_rule_covers_blocks(tmp_path: Path) -> None:
    document = base({"/c": {"get": dict(OK)}}, security="everyone")
    _, decisions = decisions_for(tmp_path, document)
    assert [d.category for d in decisions] == ["blocking"]


def test_apply_leaves_the_callers_data_alone(tmp_path: Path) -> None:
    data, decisions = decisions_for(tmp_path, base({"/a": {"get": {**OK, "bogus": True}}}))
    before = copy.deepcopy(data)
    apply(data, decisions)
    assert data == before


@pytest.mark.parametrize(("version", "schema", "repaired"), [
    ("3.1.0", {"type": "number", "minimum": 2, "exclusiveMinimum": True}, {"type": "number", "exclusiveMinimum": 2}),
    ("3.1.0", {"type": "number", "maximum": 2, "exclusiveMaximum": False}, {"type": "number", "maximum": 2}),
    ("3.0.3", {"type": "integer", "default": "x"}, {"type": "integer"}),
    ("3.0.3", {"type": "string", "enum": ["a"], "default": "b"}, {"type": "string", "enum": ["a"]}),
    ("3.0.3", {"type": "string", "default": None}, {"type": "string"}),
    ("3.0.3", {"type": "string", "nullable": True, "default": None}, None),  # valid: untouched
    ("3.1.0", {"oneOf": [{"type": "string"}, {"type": "integer"}], "default": None},
     {"oneOf": [{"type": "string"}, {"type": "integer"}]}),
    ("3.1.0", {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}, None),
    # reported at `default/0` (an entry our own check does not judge): the whole default goes,
    # never read as a schema (it became `[{}]`)
    ("3.0.3", {"type": "array", "items": {"oneOf": [{"type": "integer"}, {"type": "boolean"}]},
               "default": ["x"]},
     {"type": "array", "items": {"oneOf": [{"type": "integer"}, {"type": "boolean"}]}}),
])
def test_schema_repairs(tmp_path: Path, version: str, schema: dict[str, Any],
                        repaired: dict[str, Any] | None) -> None:
    document = base({"/c": {"get": dict(OK)}}, components={"schemas": {"S": schema}})
    document["openapi"] = version
    data, decisions = decisions_for(tmp_path, document)
    result = apply(data, decisions).data["components"]["schemas"]["S"]
    assert result == (schema if repaired is None else repaired)
    assert all(d.category == "repairable" for d in decisions)
    assert bool(decisions) == (repaired is not None)


def test_keywords_are_told_from_names_by_position(tmp_path: Path) -> None:
    """A property called `default`, a schema called `examples`: names, not keywords."""
    document = base({"/c": {"get": dict(OK)}}, components={"schemas": {
        "Setting": {"type": "object", "required": ["default"], "properties": {"default": 5, "name": {"type": "string"}}},
        "examples": {"type": "object", "properties": {"id": {"type": "string"}, "bad": 5}},
    }})
    document["openapi"] = "3.1.0"
    data, decisions = decisions_for(tmp_path, document)
    schemas = apply(data, decisions).data["components"]["schemas"]
    assert schemas["Setting"]["properties"] == {"default": {}, "name": {"type": "string"}}
    assert schemas["Setting"]["required"] == ["default"]
    assert schemas["examples"]["properties"] == {"id": {"type": "string"}, "bad": {}}


def test_declared_path_parameter_the_path_lacks_is_dropped(tmp_path: Path) -> None:
    parameter = {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}
    data, decisions = decisions_for(tmp_path, base({"/items": {"get": {**OK, "parameters": [parameter]}}}))
    assert [d.action for d in decisions] == ["drops the path parameter `id`: the path has no `{id}`"]
    assert apply(data, decisions).data["paths"]["/items"]["get"]["parameters"] == []


def test_server_variable_default_is_not_a_schema_default(tmp_path: Path) -> None:
    servers = [{"url": "https://{region}.example.com", "variables": {"region": {"default": "eu", "enum": ["us", "eu-west"]}}}]
    _, decisions = decisions_for(tmp_path, base({"/c": {"get": dict(OK)}}, servers=servers))
    assert decisions == []


def test_json_schema_keyword_in_a_30_schema_is_kept(tmp_path: Path) -> None:
    document = base({"/c": {"get": dict(OK)}}, components={"schemas": {"S": {"type": "string", "const": "a"}}})
    data, decisions = decisions_for(tmp_path, document)
    assert [d.action for d in decisions] == ["keeps `const` (JSON Schema keywords, read as 3.1 does)"]
    assert apply(data, decisions).data["components"]["schemas"]["S"] == {"type": "string", "const": "a"}


def test_a_default_outside_its_enum_is_told_to_use_an_allowed_value(tmp_path: Path) -> None:
    """A default of the right type but not among the enum's values: quoting numbers is no help."""
    schema = {"type": "object", "properties": {"color": {
        "type": "string", "enum": ["red", "green"], "default": "blue"}}}
    body = {"content": {"application/json": {"schema": schema}}}
    _, decisions = decisions_for(tmp_path, base({"/a": {"post": {**OK, "requestBody": body}}}))
    [decision] = decisions
    assert decision.problem.message == "'blue' is not one of ['red', 'green']"
    assert decision.problem.hint == "use one of the allowed values, or drop the default"


def test_a_style_that_sends_the_same_is_dropped_for_every_user_of_the_component(tmp_path: Path) -> None:
    """A single value is sent alike in every query style: the component is repaired, not its users skipped."""
    parameter = {"$ref": "#/components/parameters/Limit"}
    document = base({"/a": {"get": {**OK, "parameters": [parameter]}}}, components={"parameters": {
        "Limit": {"name": "limit", "in": "query", "schema": {"type": "integer"}, "style": "sideways"}}})
    data, decisions = decisions_for(tmp_path, document)
    assert [(d.category, d.action) for d in decisions] == [
        ("repairable", "drops `style: sideways`: a query parameter is sent `form` style")]
    assert decisions[0].problem.message.startswith("parameter `limit` (in: query): ")
    assert "style" not in apply(data, decisions).data["components"]["parameters"]["Limit"]


@pytest.mark.parametrize(("version", "message"), [
    ("3.0.3", "parameter `id` (in: path): 'required' is a required property"),
    ("3.1.0", "parameter `id` (in: path): 'required' is a required property"),
])
def test_the_parameters_own_location_speaks(tmp_path: Path, version: str, message: str) -> None:
    """openapi-spec-validator's `oneOf` has a branch per `in`: the path branch's error, not the
    query branch's `'path' is not one of ['query']`."""
    parameter = {"name": "id", "in": "path", "schema": {"type": "string"}}
    document = base({"/a/{id}": {"get": {**OK, "parameters": [parameter]}}})
    document["openapi"] = version
    data, decisions = decisions_for(tmp_path, document)
    assert [d.problem.message for d in decisions] == [message]
    repaired = apply(data, decisions).data["paths"]["/a/{id}"]["get"]["parameters"][0]
    assert repaired["required"] is True


def test_required_as_text_reads_as_what_it_says(tmp_path: Path) -> None:
    parameters = [{"name": "a", "in": "query", "required": "yes", "schema": {"type": "string"}},
                  {"name": "b", "in": "query", "required": "optional", "schema": {"type": "string"}}]
    data, decisions = decisions_for(tmp_path, base({"/a": {"get": {**OK, "parameters": parameters}}}))
    assert all(d.category == "repairable" for d in decisions)
    repaired = apply(data, decisions).data["paths"]["/a"]["get"]["parameters"]
    assert [p["required"] for p in repaired] == [True, False]


def test_an_empty_security_is_not_read_as_no_credentials(tmp_path: Path) -> None:
    """`security:` with nothing after it is null: `[]` would drop credentials, so it is not a
    slip read as empty; an empty `parameters:` is."""
    document = base({"/a": {"get": {**OK, "security": None}}, "/b": {"get": {**OK, "parameters": None}}})
    data, decisions = decisions_for(tmp_path, document)
    # (openapi-spec-validator crashes on the null `parameters`, and says where)
    by_pointer = {d.problem.pointer: d for d in decisions if d.problem.code != "validator-crashed"}
    assert by_pointer["/paths/~1a/get/security"].category == "operation"
    assert by_pointer["/paths/~1b/get/parameters"].action == "reads the empty `parameters:` as `[]`"
    assert apply(data, decisions).data["paths"]["/b"]["get"]["parameters"] == []


def test_31_responses_left_without_a_status_keep_the_operation(tmp_path: Path) -> None:
    document = base({"/a": {"get": {"responses": {"abcdef": {"description": "x"}}}}})
    document["openapi"] = "3.1.0"
    data, decisions = decisions_for(tmp_path, document)
    assert {d.category for d in decisions} == {"repairable"}
    assert {d.action for d in decisions} == {
        "drops the invalid status key(s) `abcdef` (no documented response is left)"}
    assert apply(data, decisions).data["paths"]["/a"]["get"]["responses"] == {}


def test_false_among_union_branches_is_no_problem(tmp_path: Path) -> None:
    """A `false` branch of `anyOf` never matches: the other branches decide, nothing to repair."""
    document = base({"/c": {"get": dict(OK)}}, components={"schemas": {
        "S": {"anyOf": [False, {"type": "string"}]}, "T": {"oneOf": [False]}}})
    document["openapi"] = "3.1.0"
    data, decisions = decisions_for(tmp_path, document)
    assert [d.problem.pointer for d in decisions] == ["/components/schemas/T/oneOf/0"]
    assert apply(data, decisions).data["components"]["schemas"]["T"] == {"oneOf": [{}]}


def test_a_lower_case_status_range_is_read_as_the_range(tmp_path: Path) -> None:
    responses = {"2xx": {"description": "ok"}, "nope": {"description": "x"}}
    data, decisions = decisions_for(tmp_path, base({"/a": {"get": {"responses": responses}}}))
    assert {d.action for d in decisions} == {
        "reads `2xx` as `2XX`; drops the invalid status key(s) `nope`"}
    assert list(apply(data, decisions).data["paths"]["/a"]["get"]["responses"]) == ["2XX"]
