"""Tests for generator.drift (semantic OpenAPI diff) and generator.compare (provider table).

Every change class is written once against a version-neutral base document and then run four
ways: OpenAPI 3.0 / 3.1 spelling x inline / ``$ref``ed schemas. The expected pointer is written
along the operation path; in the ``$ref`` variants it is the same location where it literally
is (``literal``: through each ``$ref`` to its target), and every reported pointer must resolve
in the document it names.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import pytest

from generator.document.pointer import join_tokens, resolve_pointer, split_pointer
from generator.drift.diff.change import Change
from generator.drift.diff.client import NO_EFFECT, diff_with_client
from generator.drift.diff.differ import diff
from generator.drift.diff.table import compare
from generator.drift.report import exit_code, format_changes
from tests.support import SPECS

B, NB, PB = "breaking", "non-breaking", "possibly-breaking"
OP = "/paths/~1v1~1completions/post"
REQ_S = OP + "/requestBody/content/application~1json/schema"
RESP_S = OP + "/responses/200/content/application~1json/schema"
ITEMS = "/paths/~1items~1{id}"

Doc = dict[str, Any]


# --------------------------------------------------------------------------- document builder


def base() -> Doc:
    """Version-neutral document: ``nullable: true`` and ``example`` are converted for 3.1."""
    request = {
        "type": "object",
        "required": ["model", "prompt"],
        "properties": {
            "model": {"type": "string", "description": "Model id."},
            "prompt": {"type": "string"},
            "stop": {"oneOf": [{"type": "string"},
                               {"type": "array", "items": {"type": "string"}}]},
            "n": {"type": "integer"},
            "temperature": {"type": "number", "maximum": 2},
            "mode": {"type": "string", "enum": ["fast", "slow"]},
            "suffix": {"type": "string", "nullable": True},
            "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
        },
    }
    response = {
        "type": "object",
        "required": ["id", "choices"],
        "properties": {
            "id": {"type": "string"},
            "created": {"type": "integer"},
            "seed": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
            "choices": {"type": "array", "items": {
                "type": "object",
                "required": ["text"],
                "properties": {
                    "text": {"type": "string"},
                    "finish_reason": {"type": "string", "enum": ["stop", "length"]},
                },
            }},
            "usage": {"type": "object", "properties": {"prompt_tokens": {"type": "integer"}}},
        },
    }
    item_param = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "openapi": "neutral",
        "info": {"title": "t", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "security": [{"bearer": []}],
        "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
        "paths": {
            "/v1/completions": {"post": {
                "operationId": "createCompletion",
                "summary": "Create a completion",
                "description": "Creates a completion.",
                "parameters": [{"name": "api_version", "in": "query", "required": False,
                                "schema": {"type": "string"}}],
                "requestBody": {"required": True,
                                "content": {"application/json": {"schema": request}}},
                "responses": {"200": {"description": "OK", "content": {
                    "application/json": {"schema": response},
                    "text/event-stream": {"schema": {"type": "string"}},
                }, "headers": {"X-Request-Id": {"required": True, "schema": {"type": "string"}}}}},
            }},
            "/items/{id}": {
                "parameters": [item_param],
                "get": {"responses": {"200": {"description": "OK"}}},
                "delete": {"responses": {"204": {"description": "gone"}}},
            },
        },
    }


def op(d: Doc) -> Doc:
    result: Doc = d["paths"]["/v1/completions"]["post"]
    return result


def req(d: Doc) -> Doc:
    result: Doc = op(d)["requestBody"]["content"]["application/json"]["schema"]
    return result


def resp(d: Doc) -> Doc:
    result: Doc = op(d)["responses"]["200"]["content"]["application/json"]["schema"]
    return result


def _to_component(d: Doc, section: str, name: str, value: Any) -> dict[str, Any]:
    d.setdefault("components", {}).setdefault(section, {})[name] = value
    return {"$ref": f"#/components/{section}/{name}"}


def _ref_schema(d: Doc, name: str, holder: dict[str, Any], key: str) -> None:
    schema = holder.get(key)
    if isinstance(schema, dict) and "$ref" not in schema:
        nullable = schema.pop("nullable", None)
        holder[key] = _to_component(d, "schemas", name, schema)
        if nullable:
            holder[key]["nullable"] = True


def refify(d: Doc) -> Doc:
    """Move the request/response schemas (and nested ones) and all parameters to components."""
    operation = d["paths"].get("/v1/completions", {}).get("post", {})
    for media_type, body in operation.get("requestBody", {}).get("content", {}).items():
        if media_type.endswith("json"):
            _ref_schema(d, "Req", body, "schema")
    for response in operation.get("responses", {}).values():
        media = response.get("content", {}).get("application/json")
        if media:
            _ref_schema(d, "Resp", media, "schema")
            props = d["components"]["schemas"]["Resp"].get("properties", {})
            _ref_schema(d, "Usage", props, "usage")
            if "items" in props.get("choices", {}):
                _ref_schema(d, "Choice", props["choices"], "items")
    for path_item in d["paths"].values():
        for owner in [path_item, *(v for v in path_item.values() if isinstance(v, dict))]:
            params = owner.get("parameters", [])
            owner["parameters"] = [
                _to_component(d, "parameters", f"{p['in']}_{p['name']}", p) for p in params
            ] if isinstance(params, list) else params
    return d


def _convert(node: Any, version: str) -> Any:
    if isinstance(node, list):
        return [_convert(v, version) for v in node]
    if not isinstance(node, dict):
        return node
    node = {k: _convert(v, version) for k, v in node.items()}
    if version == "3.1" and "example" in node and "in" not in node:
        node["examples"] = [node.pop("example")]
    if node.get("nullable") is not True:
        return node
    if version == "3.0":
        if "$ref" in node:
            return {"allOf": [{"$ref": node["$ref"]}], "nullable": True}
        return node
    del node["nullable"]
    if isinstance(node.get("type"), str):
        node["type"] = [node["type"], "null"]
        if "enum" in node:
            node["enum"] = [*node["enum"], None]
        return node
    return {"anyOf": [node, {"type": "null"}]}


def render(d: Doc, version: str, use_refs: bool) -> Doc:
    d = copy.deepcopy(d)
    if use_refs:
        d = refify(d)
    d = _convert(d, version)
    d["openapi"] = "3.0.3" if version == "3.0" else "3.1.0"
    return d


VARIANTS = [("3.0", False), ("3.0", True), ("3.1", False), ("3.1", True)]
VARIANT_IDS = ["3.0-inline", "3.0-ref", "3.1-inline", "3.1-ref"]


# --------------------------------------------------------------------------- change classes


@dataclass(frozen=True)
class Case:
    name: str
    mutate: Callable[[Doc], None]
    expected: list[tuple[str, str, str]]  # (kind, severity, pointer)


def _set(path: list[Any], value: Any) -> Callable[[Doc], None]:
    def mutate(d: Doc) -> None:
        node = d
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return mutate


def _del(path: list[Any]) -> Callable[[Doc], None]:
    def mutate(d: Doc) -> None:
        node = d
        for part in path[:-1]:
            node = node[part]
        del node[path[-1]]
    return mutate


def _add_property(schema: Doc, name: str, value: Doc, *, required: bool) -> None:
    schema["properties"][name] = value
    if required:
        schema["required"].append(name)


def _rename_item_param(d: Doc) -> None:
    item = d["paths"].pop("/items/{id}")
    item["parameters"][0]["name"] = "item_id"
    d["paths"]["/items/{item_id}"] = item


def _replace_200_by_201(d: Doc) -> None:
    responses = op(d)["responses"]
    responses["201"] = responses.pop("200")


P = ["paths", "/v1/completions", "post"]
RQ = [*P, "requestBody", "content", "application/json", "schema"]
RS = [*P, "responses", "200", "content", "application/json", "schema"]
CHOICE = [*RS, "properties", "choices", "items", "properties"]

CASES = [
    Case("path-removed", _del(["paths", "/items/{id}"]), [("path-removed", B, ITEMS)]),
    Case("operation-removed", _del(["paths", "/items/{id}", "delete"]),
         [("operation-removed", B, ITEMS + "/delete")]),
    Case("operation-added",
         _set(["paths", "/items/{id}", "put"], {"responses": {"200": {"description": "OK"}}}),
         [("operation-added", NB, ITEMS + "/put")]),
    Case("parameter-removed", _set([*P, "parameters"], []),
         [("parameter-removed", B, OP + "/parameters/0")]),
    Case("parameter-added-required",
         lambda d: op(d)["parameters"].append(
             {"name": "user", "in": "header", "required": True, "schema": {"type": "string"}}),
         [("parameter-added-required", B, OP + "/parameters/1")]),
    Case("parameter-added-optional",
         lambda d: op(d)["parameters"].append(
             {"name": "user", "in": "query", "schema": {"type": "string"}}),
         [("parameter-added-optional", NB, OP + "/parameters/1")]),
    Case("parameter-became-required", _set([*P, "parameters", 0, "required"], True),
         [("parameter-became-required", B, OP + "/parameters/0")]),
    Case("parameter-type-changed", _set([*P, "parameters", 0, "schema"], {"type": "integer"}),
         [("type-changed", B, OP + "/parameters/0/schema")]),
    # the object stays open: no value the old schema accepted is rejected; whether the server
    # still reads the key is not said (closed, breaking: test_kinds_more.py)
    Case("request-property-removed", _del([*RQ, "properties", "n"]),
         [("request-property-removed", PB, REQ_S + "/properties/n")]),
    Case("request-property-added-required",
         lambda d: _add_property(req(d), "user", {"type": "string"}, required=True),
         [("request-property-added-required", B, REQ_S + "/properties/user")]),
    Case("request-property-added-optional", _set([*RQ, "properties", "user"], {"type": "string"}),
         [("request-property-added-optional", NB, REQ_S + "/properties/user")]),
    Case("request-property-became-required", lambda d: req(d)["required"].append("n"),
         [("request-property-became-required", B, REQ_S + "/properties/n")]),
    Case("request-property-became-optional", _set([*RQ, "required"], ["model"]),
         [("request-property-became-optional", NB, REQ_S + "/properties/prompt")]),
    Case("request-property-became-not-nullable",
         _set([*RQ, "properties", "suffix"], {"type": "string"}),
         [("request-property-became-not-nullable", B, REQ_S + "/properties/suffix")]),
    Case("type-changed", _set([*RQ, "properties", "prompt", "type"], "integer"),
         [("type-changed", B, REQ_S + "/properties/prompt")]),
    Case("type-narrowed", _set([*RQ, "properties", "temperature", "type"], "integer"),
         [("type-narrowed", B, REQ_S + "/properties/temperature")]),
    Case("type-widened-request", _set([*RQ, "properties", "n", "type"], "number"),
         [("type-widened", NB, REQ_S + "/properties/n")]),
    Case("type-widened-response", _set([*RS, "properties", "created", "type"], "number"),
         [("type-widened", B, RESP_S + "/properties/created")]),
    Case("type-narrowed-response", _set([*RS, "properties", "created", "type"], "boolean"),
         [("type-changed", B, RESP_S + "/properties/created")]),
    Case("enum-value-removed-request", _set([*RQ, "properties", "mode", "enum"], ["fast"]),
         [("enum-value-removed-request", B, REQ_S + "/properties/mode")]),
    Case("enum-value-added-request",
         _set([*RQ, "properties", "mode", "enum"], ["fast", "slow", "turbo"]),
         [("enum-value-added-request", NB, REQ_S + "/properties/mode")]),
    Case("enum-value-added-response",
         _set([*CHOICE, "finish_reason", "enum"], ["stop", "length", "content_filter"]),
         [("enum-value-added-response", NB,  # tolerant parsing keeps unknown values as str
           RESP_S + "/properties/choices/items/properties/finish_reason")]),
    Case("enum-value-removed-response", _set([*CHOICE, "finish_reason", "enum"], ["stop"]),
         [("enum-value-removed-response", NB,
           RESP_S + "/properties/choices/items/properties/finish_reason")]),
    Case("enum-constraint-added-request", _set([*RQ, "properties", "model", "enum"], ["a"]),
         [("enum-constraint-added", B, REQ_S + "/properties/model")]),
    Case("response-property-removed", _del([*RS, "properties", "created"]),
         [("response-property-removed", B, RESP_S + "/properties/created")]),
    Case("nested-response-property-removed", _del([*CHOICE, "text"]),
         [("response-property-removed", B, RESP_S + "/properties/choices/items/properties/text")]),
    Case("response-property-became-optional", _set([*RS, "required"], ["choices"]),
         [("response-property-became-optional", B, RESP_S + "/properties/id")]),
    Case("response-property-became-nullable",
         _set([*RS, "properties", "id"], {"type": "string", "nullable": True}),
         [("response-property-became-nullable", B, RESP_S + "/properties/id")]),
    Case("response-property-added", _set([*RS, "properties", "object"], {"type": "string"}),
         [("response-property-added", NB, RESP_S + "/properties/object")]),
    Case("nested-response-property-added",
         _set([*RS, "properties", "usage", "properties", "total_tokens"], {"type": "integer"}),
         [("response-property-added", NB, RESP_S + "/properties/usage/properties/total_tokens")]),
    # the same URL on the wire (the name is never sent); the client's argument is renamed,
    # which is client-breaking (tests/drift/test_client_effects.py)
    Case("path-parameter-renamed", _rename_item_param,
         [("path-parameter-renamed", NB, "/paths/~1items~1{item_id}")]),
    Case("success-response-removed", _replace_200_by_201,
         [("response-added", NB, OP + "/responses/201"),
          ("success-response-removed", B, OP + "/responses/200")]),
    Case("media-type-removed", _del([*P, "responses", "200", "content", "text/event-stream"]),
         [("media-type-removed", B, OP + "/responses/200/content/text~1event-stream")]),
    Case("server-changed", _set(["servers"], [{"url": "https://api.example.com/v2"}]),
         [("server-changed", B, "/servers")]),
    Case("server-added",
         _set(["servers"], [{"url": "https://api.example.com"}, {"url": "https://eu.example"}]),
         [("server-added", NB, "/servers")]),
    Case("security-changed-global", _set(["security"], [{"key": []}]),
         [("security-changed", B, "/security")]),
    # every caller meets no requirement at all: public is no break (whatever else it is)
    Case("security-removed-global", _set(["security"], []),
         [("security-changed", NB, "/security")]),
    # a caller holding a bearer token still meets one alternative
    Case("security-alternative-added", _set(["security"], [{"bearer": []}, {"key": []}]),
         [("security-changed", NB, "/security")]),
    Case("security-changed-operation", _set([*P, "security"], [{"bearer": ["write"]}]),
         [("security-changed", B, OP + "/security")]),
    Case("security-made-optional-for-an-operation", _set([*P, "security"], [{}, {"bearer": []}]),
         [("security-changed", NB, OP + "/security")]),
    # a hint and a scope catalog: a credential is got and sent alike
    Case("security-scheme-hints-changed",
         _set(["components", "securitySchemes", "bearer", "bearerFormat"], "JWT"),
         [("security-changed", NB, "/components/securitySchemes/bearer")]),
    Case("security-scheme-changed",
         _set(["components", "securitySchemes", "bearer"],
              {"type": "apiKey", "in": "header", "name": "X-Key"}),
         [("security-changed", B, "/components/securitySchemes/bearer")]),
    Case("description-changed", _set([*P, "description"], "Makes a completion."),
         [("description-changed", NB, OP)]),
    Case("schema-description-changed", _set([*RQ, "properties", "model", "description"], "Id."),
         [("description-changed", NB, REQ_S + "/properties/model")]),
    Case("summary-changed", _set([*P, "summary"], "Complete"), [("summary-changed", NB, OP)]),
    Case("example-changed", _set([*RQ, "properties", "prompt", "example"], "Say hi"),
         [("example-changed", NB, REQ_S + "/properties/prompt")]),
    Case("default-changed", _set([*RQ, "properties", "n", "default"], 1),
         [("default-changed", NB, REQ_S + "/properties/n")]),
    Case("constraint-tightened-request", _set([*RQ, "properties", "temperature", "maximum"], 1),
         [("constraint-tightened-request", B, REQ_S + "/properties/temperature")]),
    Case("constraint-relaxed-request", _set([*RQ, "properties", "temperature", "maximum"], 3),
         [("constraint-relaxed-request", NB, REQ_S + "/properties/temperature")]),
    Case("max-length-added-request", _set([*RQ, "properties", "prompt", "maxLength"], 10),
         [("constraint-tightened-request", B, REQ_S + "/properties/prompt")]),
    Case("one-of-branch-removed-request", _set([*RQ, "properties", "stop"], {"type": "string"}),
         [("one-of-branch-removed", B, REQ_S + "/properties/stop/oneOf/1")]),
    Case("one-of-branch-added-request",
         lambda d: req(d)["properties"]["stop"]["oneOf"].append({"type": "integer"}),
         [("one-of-branch-added", NB, REQ_S + "/properties/stop/oneOf/2")]),
    Case("one-of-branch-added-response",
         lambda d: resp(d)["properties"]["seed"]["oneOf"].append({"type": "boolean"}),
         [("one-of-branch-added", B, RESP_S + "/properties/seed/oneOf/2")]),
    Case("one-of-branch-removed-response",
         _set([*RS, "properties", "seed"], {"oneOf": [{"type": "integer"}]}),
         [("one-of-branch-removed", NB, RESP_S + "/properties/seed/oneOf/1")]),
    Case("array-items-type-changed",
         _set([*RQ, "properties", "stop", "oneOf", 1, "items"], {"type": "integer"}),
         [("type-changed", B, REQ_S + "/properties/stop/oneOf/1/items")]),
    Case("map-value-type-changed",
         _set([*RQ, "properties", "metadata", "additionalProperties"], {"type": "integer"}),
         [("type-changed", B, REQ_S + "/properties/metadata/additionalProperties")]),
    # the base schema declares no additional properties: only undeclared keys are rejected now
    # (declared ones made `false`: breaking, in test_projects_v2.py)
    Case("additional-properties-disallowed-request", _set([*RQ, "additionalProperties"], False),
         [("additional-properties-disallowed", "possibly-breaking", REQ_S)]),
    Case("additional-properties-disallowed-response", _set([*RS, "additionalProperties"], False),
         [("additional-properties-disallowed", NB, RESP_S)]),
    Case("request-body-became-optional", _set([*P, "requestBody", "required"], False),
         [("request-body-became-optional", NB, OP + "/requestBody")]),
    Case("request-media-type-removed",
         lambda d: op(d)["requestBody"].update(content={
             "application/merge-patch+json": op(d)["requestBody"]["content"]["application/json"]}),
         [("media-type-added", NB, OP + "/requestBody/content/application~1merge-patch+json"),
          ("media-type-removed", B, OP + "/requestBody/content/application~1json")]),
    # format: a constraint, and a change of the generated type (`str` -> `datetime`)
    Case("format-added-request", _set([*RQ, "properties", "prompt", "format"], "date-time"),
         [("constraint-tightened-request", B, REQ_S + "/properties/prompt")]),
    Case("format-added-response", _set([*RS, "properties", "created", "format"], "int32"),
         [("constraint-tightened-response", NB, RESP_S + "/properties/created")]),
    Case("format-of-the-practical-range", _set([*RQ, "properties", "n", "format"], "int64"),
         [("format-changed", NB, REQ_S + "/properties/n")]),
    # one branch's format: the union as a whole is judged (`subsume`: formats undecided)
    Case("format-added-to-one-branch",
         _set([*RQ, "properties", "stop", "oneOf", 0, "format"], "uuid"),
         [("one-of-branches-changed", PB, REQ_S + "/properties/stop")]),
    Case("format-follows-the-type",
         _set([*RQ, "properties", "n"], {"type": "number", "format": "float"}),
         [("type-widened", NB, REQ_S + "/properties/n")]),
    # readOnly / writeOnly: the generated request (response) model leaves the property out
    Case("request-property-became-read-only", _set([*RQ, "properties", "n", "readOnly"], True),
         [("request-property-became-read-only", B, REQ_S + "/properties/n")]),
    Case("response-property-became-write-only",
         _set([*RS, "properties", "created", "writeOnly"], True),
         [("response-property-became-write-only", B, RESP_S + "/properties/created")]),
    Case("response-property-became-read-only",
         _set([*RS, "properties", "created", "readOnly"], True),
         [("response-property-became-read-only", NB, RESP_S + "/properties/created")]),
    # how a parameter is spelt on the wire
    Case("parameter-explode-of-a-primitive", _set([*P, "parameters", 0, "explode"], False),
         [("parameter-serialization-changed", NB, OP + "/parameters/0")]),
    Case("parameter-style-prefixing-a-primitive", _set([*P, "parameters", 0, "style"], "label"),
         [("parameter-serialization-changed", B, OP + "/parameters/0")]),
    Case("parameter-explode-stated-as-its-default",
         lambda d: op(d)["parameters"][0].update(style="form", explode=True), []),
    # a primitive became an array: the type's change breaks; the old values (primitives) are
    # spelt alike under either `explode`, so the spelling's does not
    Case("parameter-explode-of-an-array",
         lambda d: op(d)["parameters"][0].update(
             schema={"type": "array", "items": {"type": "string"}}, explode=False),
         [("type-changed", B, OP + "/parameters/0/schema"),
          ("parameter-serialization-changed", NB, OP + "/parameters/0")]),
    Case("parameter-explode-of-an-array-kept",
         lambda d: op(d)["parameters"][0].update(
             schema={"type": "array", "items": {"type": "string"}}),
         [("type-changed", B, OP + "/parameters/0/schema")]),
    # Directus 14.0.0 -> 15.2.0's `meta`: a string, then a string or a list sent unexploded;
    # what old callers send (a string) is spelt as before
    Case("parameter-explode-of-a-union-taking-the-old-primitive",
         lambda d: op(d)["parameters"][0].update(
             schema={"oneOf": [{"type": "string"},
                               {"type": "array", "items": {"type": "string"}}]},
             style="form", explode=False),
         [("one-of-branch-added", NB, OP + "/parameters/0/schema/oneOf/1"),
          ("parameter-serialization-changed", NB, OP + "/parameters/0")]),
    # response headers
    Case("response-header-removed", _del([*P, "responses", "200", "headers"]),
         [("response-header-removed", B, OP + "/responses/200/headers/X-Request-Id")]),
    Case("response-header-became-optional",
         _set([*P, "responses", "200", "headers", "X-Request-Id", "required"], False),
         [("response-header-became-optional", B, OP + "/responses/200/headers/X-Request-Id")]),
    Case("response-header-type-changed",
         _set([*P, "responses", "200", "headers", "X-Request-Id", "schema"], {"type": "integer"}),
         [("type-changed", B, OP + "/responses/200/headers/X-Request-Id/schema")]),
    Case("response-header-added-in-another-case",
         _set([*P, "responses", "200", "headers", "x-request-id"],
              {"required": True, "schema": {"type": "string"}}),
         []),  # HTTP reads header names without case: the same header, said twice
    Case("allof-rewrite-is-no-change",
         lambda d: _split_allof(req(d)), []),
    Case("nullable-spelled-as-oneof-is-no-change",
         _set([*RQ, "properties", "suffix"], {"oneOf": [{"type": "string"}, {"type": "null"}]}),
         []),
]


def _split_allof(schema: Doc) -> None:
    props = schema.pop("properties")
    required = schema.pop("required")
    schema.pop("type")
    first = {"type": "object", "required": required[:1],
             "properties": {"model": props.pop("model")}}
    schema["allOf"] = [first, {"type": "object", "required": required[1:], "properties": props}]


@pytest.mark.parametrize(("version", "use_refs"), VARIANTS, ids=VARIANT_IDS)
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_change_class(case: Case, version: str, use_refs: bool) -> None:
    new_neutral = base()
    case.mutate(new_neutral)
    old, new = render(base(), version, use_refs), render(new_neutral, version, use_refs)
    changes = diff(old, new)
    for change in changes:
        assert resolve_pointer(old if change.side == "old" else new, change.pointer)[0], change
    found = [(c.kind, c.severity, literal(old if c.side == "old" else new, c.pointer, c.kind))
             for c in changes]
    expected = [(kind, severity, literal(old if kind.endswith("removed") else new, pointer, kind))
                for kind, severity, pointer in case.expected]
    assert sorted(found) == sorted(expected)
    breaking = any(sev == B for _, sev, _ in case.expected)
    assert exit_code(changes, "breaking") == int(breaking)
    assert exit_code(changes, "any") == int(bool(case.expected))
    assert exit_code(changes, "none") == 0
    for change in changes:
        assert change.message.startswith(("POST /v1/completions", "GET ", "DELETE ", "PUT ",
                                          "path ", "the ", "security ", "`/items/"))


_DECLARATIONS = ("property-removed", "property-added", "property-became-required",
                 "property-became-optional",
                 "parameter-removed", "parameter-added")


def literal(doc: Doc, pointer: str, kind: str) -> str:
    """``pointer`` (written along the operation path) where it literally is in ``doc``: each
    ``$ref`` on the way is followed to its target; the last one too, unless the change is about
    the declaration itself (a property or parameter added, removed, made required)."""
    node: Any = doc
    at = ""
    tokens = split_pointer(pointer)
    for i, token in enumerate([*tokens, None]):
        last = token is None
        while isinstance(node, dict) and "$ref" in node and not (
                last and kind.endswith(_DECLARATIONS)):
            at = node["$ref"][1:]
            node = resolve_pointer(doc, at)[1]
        if last:
            return at
        node = node[int(token) if isinstance(node, list) else token]
        at = join_tokens(at, token)
    raise AssertionError(i)


def test_message_names_operation_and_field() -> None:
    new = base()
    del req(new)["properties"]["n"]
    (change,) = diff(render(base(), "3.1", True), render(new, "3.1", True))
    assert change.message.startswith(
        "POST /v1/completions: request body property `n` was removed (the object takes ")


def test_a_title_change_says_both_titles() -> None:
    """A title is a name: `title changed (Issue)` left the reader to find what it was."""
    old, new = base(), base()
    req(old)["properties"]["n"]["title"] = "Choices"
    req(new)["properties"]["n"]["title"] = "Number of choices"
    (change,) = diff(render(old, "3.1", True), render(new, "3.1", True))
    assert change.kind == "title-changed"
    assert change.message.endswith("title changed from Choices to Number of choices")
    del req(new)["properties"]["n"]["title"]
    (change,) = diff(render(old, "3.1", True), render(new, "3.1", True))
    assert change.message.endswith("title changed from Choices to unset")


# --------------------------------------------------------------------------- equivalences


@pytest.mark.parametrize(("version", "use_refs"), VARIANTS, ids=VARIANT_IDS)
def test_identical_documents_have_no_changes(version: str, use_refs: bool) -> None:
    doc = render(base(), version, use_refs)
    assert diff(doc, copy.deepcopy(doc)) == []


@pytest.mark.parametrize("use_refs", [False, True])
def test_30_nullable_equals_31_type_array(use_refs: bool) -> None:
    old, new = render(base(), "3.0", use_refs), render(base(), "3.1", use_refs)
    assert diff(old, new) == []
    assert diff(new, old) == []


@pytest.mark.parametrize("nullable_31", [
    {"type": ["string", "null"]},
    {"oneOf": [{"type": "string"}, {"type": "null"}]},
    {"anyOf": [{"type": "null"}, {"type": "string"}]},
    {"type": "string", "nullable": True},  # 3.0
])
def test_every_nullable_spelling_is_equal(nullable_31: Doc) -> None:
    old, new = render(base(), "3.0", False), render(base(), "3.1", False)
    req(new)["properties"]["suffix"] = nullable_31
    assert diff(old, new) == []


def test_nullable_ref_spellings_are_equal() -> None:
    def doc(usage: Doc) -> Doc:
        d = render(base(), "3.1", True)
        resp_schema = d["components"]["schemas"]["Resp"]
        resp_schema["properties"]["usage"] = usage
        return d
    ref = {"$ref": "#/components/schemas/Usage"}
    spellings: list[Doc] = [
        {"allOf": [ref], "nullable": True},
        {"oneOf": [ref, {"type": "null"}]},
        {"anyOf": [{"type": "null"}, ref]},
    ]
    for spelling in spellings[1:]:
        assert diff(doc(spellings[0]), doc(spelling)) == []
    changes = diff(doc(ref), doc(spellings[1]))
    assert [(c.kind, c.pointer) for c in changes] == [
        ("response-property-became-nullable", "/components/schemas/Resp/properties/usage")]


def test_const_equals_single_value_enum() -> None:
    old, new = render(base(), "3.0", False), render(base(), "3.1", False)
    req(old)["properties"]["mode"] = {"type": "string", "enum": ["fast"]}
    req(new)["properties"]["mode"] = {"type": "string", "const": "fast"}
    assert diff(old, new) == []


def test_exclusive_bounds_30_boolean_equals_31_number() -> None:
    old, new = render(base(), "3.0", False), render(base(), "3.1", False)
    req(old)["properties"]["temperature"] = {"type": "number", "maximum": 2,
                                             "exclusiveMaximum": True}
    req(new)["properties"]["temperature"] = {"type": "number", "exclusiveMaximum": 2}
    assert diff(old, new) == []


def test_type_array_equals_oneof_of_types() -> None:
    old, new = render(base(), "3.1", False), render(base(), "3.1", False)
    req(old)["properties"]["prompt"] = {"type": ["string", "integer"]}
    req(new)["properties"]["prompt"] = {"oneOf": [{"type": "integer"}, {"type": "string"}]}
    assert diff(old, new) == []


def test_inline_vs_ref_is_only_component_info() -> None:
    changes = diff(render(base(), "3.1", False), render(base(), "3.1", True))
    assert {c.kind for c in changes} == {"component-added"}
    assert all(c.severity == NB for c in changes)
    assert exit_code(changes, "breaking") == 0


def test_renamed_component_is_non_breaking_info() -> None:
    old = render(base(), "3.0", True)
    new = copy.deepcopy(old)
    schemas = new["components"]["schemas"]
    schemas["CompletionRequest"] = schemas.pop("Req")
    req(new).update({"$ref": "#/components/schemas/CompletionRequest"})
    changes = diff(old, new)
    assert [(c.kind, c.severity, c.pointer) for c in changes] == [
        ("component-renamed", NB, "/components/schemas/CompletionRequest")]


def test_component_removed_and_added() -> None:
    old = render(base(), "3.0", True)
    new = copy.deepcopy(old)
    old["components"]["schemas"]["Unused"] = {"type": "string"}
    new["components"]["schemas"]["Other"] = {"type": "integer"}
    assert [(c.kind, c.pointer) for c in diff(old, new)] == [
        ("component-added", "/components/schemas/Other"),
        ("component-removed", "/components/schemas/Unused"),
    ]


# --------------------------------------------------------------------------- recursion


def _recursive_doc(version: str) -> Doc:
    d = render(base(), version, True)
    d["components"]["schemas"]["Node"] = {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
            "peer": {"$ref": "#/components/schemas/Peer"},
        },
    }
    d["components"]["schemas"]["Peer"] = {
        "type": "object", "properties": {"back": {"$ref": "#/components/schemas/Node"}}}
    d["components"]["schemas"]["Loop"] = {"$ref": "#/components/schemas/Loop"}
    d["components"]["schemas"]["Resp"]["properties"]["tree"] = {"$ref": "#/components/schemas/Node"}
    d["components"]["schemas"]["Resp"]["properties"]["loop"] = {"$ref": "#/components/schemas/Loop"}
    return d


@pytest.mark.timeout(10)
@pytest.mark.parametrize("version", ["3.0", "3.1"])
def test_recursive_schema_terminates(version: str) -> None:
    old = _recursive_doc(version)
    assert diff(old, copy.deepcopy(old)) == []
    new = copy.deepcopy(old)
    new["components"]["schemas"]["Node"]["required"] = ["name"]
    changes = diff(old, new)
    pointers = {(c.kind, c.pointer) for c in changes}
    assert ("response-property-became-required", "/components/schemas/Node/properties/name") in pointers
    assert all(c.severity == NB for c in changes)


# --------------------------------------------------------------------------- output


def _sample_changes() -> list[Change]:
    new = base()
    del new["paths"]["/items/{id}"]
    req(new)["properties"]["stop"]["description"] = "a | b"
    return diff(render(base(), "3.0", False), render(new, "3.0", False))


def test_format_text() -> None:
    text = format_changes(_sample_changes(), "text")
    assert text.splitlines() == [
        "== Breaking ==",
        "the document",
        "  [breaking] path-removed /paths/~1items~1{id} (old)",
        "      path `/items/{id}` was removed",
        "",
        "== Non-breaking ==",
        "POST /v1/completions",
        f"  [non-breaking] description-changed {REQ_S}/properties/stop (new)",
        "      POST /v1/completions: request body property `stop` description changed (a | b)",
        "1 breaking, 0 possibly breaking, 1 non-breaking change(s)",
    ]


def test_format_markdown_escapes_pipes() -> None:
    md = format_changes(_sample_changes(), "markdown")
    assert "**1 breaking, 0 possibly breaking, 1 non-breaking change(s)**" in md
    assert "| severity | kind | pointer | change |" in md
    assert "changed (a \\| b) (new) |" in md
    assert md.index("path-removed") < md.index("description-changed")


def test_format_markdown_renders_no_html_or_link_a_document_wrote() -> None:
    """A CI job renders the Markdown report (GitHub's job summary): a document's names and
    descriptions reached it as written, so `<img ...>` or `</table>` in a description was
    HTML, `[x](url)` a link, and a backtick in a name ended its code span early, letting what
    followed out of it. Outside code spans `<` is an entity and `](` escaped; each span is
    fenced by more backticks than it holds; our own `<br>` stays."""
    new = base()
    req(new)["properties"]["stop"]["description"] = "<img src=x onerror=alert(1)> [see](https://e.x)"
    req(new)["properties"]["x` <b>out</b> `y<i>"] = {"type": "string"}
    md = format_changes(diff(render(base(), "3.0", False), render(new, "3.0", False)), "markdown")
    cells = [line for line in md.splitlines() if line.startswith("| non-breaking")]
    described = next(line for line in cells if "description-changed" in line)
    assert "(&lt;img src=x onerror=alert(1)> [see]\\(https://e.x))" in described
    added = next(line for line in cells if "request-property-added" in line)
    # the pointer's span is fenced by two backticks; in the message, the name's own backticks
    # pair as Markdown pairs them, and what lies outside the spans is escaped
    assert "| `` /paths/~1v1~1completions/post/requestBody/content/application~1json/schema/" \
        "properties/x` <b>out<~1b> `y<i> `` |" in added
    assert "property `x` &lt;b>out&lt;/b> `y<i>` was added" in added
    assert "<img" not in md.replace("`", "").replace("&lt;img", "")
    assert all(line.count("<br>") == line.count("client:") for line in cells)


def test_format_json() -> None:
    payload = json.loads(format_changes(_sample_changes(), "json"))
    assert payload["summary"] == {"breaking": 1, "possibly_breaking": 0, "non_breaking": 1,
                                  "client_breaking": 0}
    assert [c["kind"] for c in payload["changes"]] == ["path-removed", "description-changed"]
    assert list(payload["changes"][0]) == ["pointer", "kind", "severity", "message", "side",
                                           "operations", "line", "client", "client_breaking",
                                           "detail"]


def test_format_empty_and_deterministic() -> None:
    assert format_changes([], "text") == "0 breaking, 0 possibly breaking, 0 non-breaking change(s)\n"
    assert "| severity" not in format_changes([], "markdown")
    assert json.loads(format_changes([], "json")) == {
        "changes": [], "summary": {"breaking": 0, "possibly_breaking": 0, "non_breaking": 0,
                                   "client_breaking": 0}}
    changes = _sample_changes()
    assert format_changes(changes, "json") == format_changes(list(reversed(changes)), "json")


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        format_changes([], "html")
    with pytest.raises(ValueError):
        exit_code([], "warn")


def test_exit_code_thresholds() -> None:
    info = [Change("/a", "summary-changed", NB, "m")]
    breaking = [*info, Change("/b", "path-removed", B, "m")]
    assert [exit_code([], f) for f in ("breaking", "any", "none")] == [0, 0, 0]
    assert [exit_code(info, f) for f in ("breaking", "any", "none")] == [0, 1, 0]
    assert [exit_code(breaking, f) for f in ("breaking", "any", "none")] == [1, 1, 0]


# --------------------------------------------------------------------------- compare.py


def _provider(version: str, use_refs: bool, *, hint: bool) -> Doc:
    d = base()
    if hint:
        op(d)["x-codegen-resource"] = "completions"
        op(d)["x-codegen-method"] = "create"
        d["paths"]["/v2/generate"] = {"post": d["paths"].pop("/v1/completions")["post"]}
    return render(d, version, use_refs)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]


def test_compare_table() -> None:
    other = render(base(), "3.1", False)
    del req(other)["properties"]["suffix"]
    resp(other)["properties"]["usage"]["properties"]["prompt_tokens_details"] = {
        "type": "object", "properties": {"cached_tokens": {"type": "integer", "default": 0}}}
    table = compare({"alpha": _provider("3.0", True, hint=True), "beta": other}, None)
    lines = table.splitlines()
    assert "- alpha: `POST /v2/generate`" in lines
    assert "- beta: `POST /v1/completions`" in lines
    header = next(line for line in lines if line.startswith("|  | field"))
    assert _cells(header) == ["", "field", "in", "alpha", "beta"]  # one column per provider
    rows = {"@".join(_cells(line)[1:3]): _cells(line) for line in lines
            if line.startswith("| ") and not line.startswith(("|  | field", "|---"))}
    assert all(len(row) == 5 for row in rows.values())
    assert rows["stop@body"][3].startswith("string \\| array[string]")
    assert rows["suffix@body"] == ["≠", "suffix", "body", "string · nullable", "—"]  # absent for beta
    assert "one of fast, slow" in rows["mode@body"][3]
    assert "choices[].text@response" in rows
    assert "choices[].finish_reason@response" in rows
    cached = rows["usage.prompt_tokens_details.cached_tokens@response"]
    assert cached == ["≠", "usage.prompt_tokens_details.cached_tokens", "response", "—", "integer · default 0"]
    assert "api_version@query" in rows
    same = [row for row in rows.values() if row[0] == ""]
    assert same and all(row[3] == row[4] for row in same)  # unmarked rows read the same
    assert all(row[3] != row[4] for row in rows.values() if row[0] == "≠")
    marked = sum(1 for row in rows.values() if row[0] == "≠")
    assert f"({marked} of {len(rows)} fields)" in table
    assert compare({"alpha": _provider("3.0", True, hint=True), "beta": other}, None) == table


def test_compare_same_schema_both_versions_renders_identically() -> None:
    table = compare({"a": _provider("3.0", False, hint=False),
                     "b": _provider("3.1", True, hint=False)}, None)
    for line in table.splitlines():
        if line.startswith("| ") and not line.startswith(("|  | field", "|---")):
            cells = _cells(line)
            assert cells[0] == "" and cells[3] == cells[4], line
    assert "(0 of " in table


def test_compare_missing_operation_and_explicit_operation() -> None:
    empty = {"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {}}
    table = compare({"a": _provider("3.1", False, hint=False), "z": empty}, None)
    assert "- z: no matching operation" in table
    explicit = compare({"a": _provider("3.1", False, hint=False)},
                       ("post", "/v1/completions"))
    assert "- a: `POST /v1/completions`" in explicit
    assert "prompt" in explicit


# --------------------------------------------------------------------------- shared locations


def _with_request(schema: Doc, version: str = "3.1") -> Doc:
    d = render(base(), version, False)
    req(d).clear()
    req(d).update(schema)
    return d


def test_items_of_every_union_branch_are_compared() -> None:
    def prompt(second_items: str) -> Doc:
        return {"type": "object", "properties": {"prompt": {"oneOf": [
            {"type": "string"},
            {"type": "array", "items": {"type": "string"}},
            {"type": "array", "items": {"type": second_items}},
        ]}}}
    changes = diff(_with_request(prompt("integer")), _with_request(prompt("boolean")))
    assert [(c.kind, c.severity) for c in changes] == [("type-changed", B)]
    assert changes[0].pointer.startswith(REQ_S + "/properties/prompt/oneOf/")
    assert "prompt[]" in changes[0].message


def test_property_declared_by_two_allof_members_is_merged() -> None:
    def schema(max_length: int) -> Doc:
        return {"allOf": [
            {"type": "object", "properties": {"name": {"type": "string"}}},
            {"properties": {"name": {"maxLength": max_length}}},
        ]}
    assert diff(_with_request(schema(5)), _with_request(schema(5))) == []
    changes = diff(_with_request(schema(5)), _with_request(schema(3)))
    assert [(c.kind, c.severity) for c in changes] == [("constraint-tightened-request", B)]


def test_property_of_one_union_branch() -> None:
    def schema(enum: list[str]) -> Doc:
        return {"oneOf": [
            {"type": "object", "required": ["type"],
             "properties": {"type": {"type": "string", "enum": ["text"]}}},
            {"type": "object", "required": ["type", "json_schema"],
             "properties": {"type": {"type": "string", "enum": enum},
                            "json_schema": {"type": "object"}}},
        ]}
    changes = diff(_with_request(schema(["json_schema"])),
                   _with_request(schema(["json_schema", "json_object"])))
    assert [(c.kind, c.severity, c.pointer) for c in changes] == [
        ("enum-value-added-request", NB, REQ_S + "/oneOf/0/properties/type")]
    table = compare({"p": _with_request(schema(["json_schema"]))}, None)
    assert "|  | json_schema | body | object · required |" in table
    assert "|  | type | body | string · one of text, json_schema · required |" in table


def test_real_specs_self_diff_is_empty() -> None:

    import yaml

    root = SPECS
    files = sorted(p for p in root.glob("*/openapi.*") if p.suffix in (".yaml", ".json"))
    if not files:
        pytest.skip("no vendored specs")
    docs = {p.parent.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in files}
    for doc in docs.values():
        assert diff(doc, copy.deepcopy(doc)) == []
    assert compare(docs, None) == compare(copy.deepcopy(docs), None)


# --------------------------------------------------------------------------- discriminators


def _pets(discriminator: Doc | None) -> Doc:
    """`POST /pets` takes and returns `Pet`, a `Cat` or a `Dog` told apart by `discriminator`
    (None: by their shapes alone)."""
    pet = {"$ref": "#/components/schemas/Pet"}
    branch = {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}}
    return {
        "openapi": "3.1.0", "info": {"title": "t", "version": "1"},
        "paths": {"/pets": {"post": {
            "requestBody": {"content": {"application/json": {"schema": pet}}},
            "responses": {"200": {"description": "ok",
                                  "content": {"application/json": {"schema": pet}}}}}}},
        "components": {"schemas": {
            "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"},
                              {"$ref": "#/components/schemas/Dog"}],
                    **({"discriminator": discriminator} if discriminator else {})},
            "Cat": branch, "Dog": copy.deepcopy(branch)}},
    }


_MAPPED = {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat",
                                               "dog": "#/components/schemas/Dog"}}


@pytest.mark.parametrize(("old", "new", "expected"), [
    # the tag is read from another property: old values lack it (a server reads the other
    # one; a client picks the branch by it)
    (_MAPPED, {"propertyName": "type", "mapping": _MAPPED["mapping"]},
     {("discriminator-property-changed", B)}),
    # `cat` renamed `kitty`: a request tagged `cat` is refused; a response tagged `kitty`
    # parses as plain data (as an unknown enum value does)
    (_MAPPED, {"propertyName": "kind", "mapping": {"kitty": "#/components/schemas/Cat",
                                                   "dog": "#/components/schemas/Dog"}},
     {("discriminator-value-removed", B), ("discriminator-value-removed", NB),
      ("discriminator-value-added", NB)}),
    # a union told apart by a tag from now on: a request value without one is refused
    # (whether every old value has it is not decided); a response parses as before
    (None, _MAPPED, {("discriminator-added", PB), ("discriminator-added", NB)}),
    # the implicit mapping (each branch's component name) spelt out: the same tags
    ({"propertyName": "kind"},
     {"propertyName": "kind", "mapping": {"Cat": "#/components/schemas/Cat"}}, set()),
], ids=["property", "tag-renamed", "added", "implicit-spelt-out"])
def test_a_discriminator_change_is_judged(old: Doc | None, new: Doc,
                                          expected: set[tuple[str, str]]) -> None:
    changes = diff(_pets(old), _pets(new))
    assert {(c.kind, c.severity) for c in changes} == expected
    assert all(c.pointer == "/components/schemas/Pet" for c in changes)


# --------------------------------------------------------------------------- webhooks


def _with_webhook(payload: Doc) -> Doc:
    """A 3.1 document whose one webhook, `newPet`, posts `payload` to the consumer."""
    return {
        "openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {},
        "webhooks": {"newPet": {"post": {
            "requestBody": {"content": {"application/json": {"schema": payload}}},
            "responses": {"200": {"description": "received"}}}}},
    }


_PAYLOAD = {"type": "object", "required": ["id"],
            "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}
_BODY = "/webhooks/newPet/post/requestBody/content/application~1json/schema"


@pytest.mark.parametrize(("mutate", "expected"), [
    # the consumer reads what the API sends: judged as a response is
    (lambda d: d["webhooks"]["newPet"]["post"]["requestBody"]["content"]["application/json"][
        "schema"]["properties"].pop("name"),
     {("response-property-removed", B, _BODY + "/properties/name")}),
    (lambda d: d["webhooks"]["newPet"]["post"]["requestBody"]["content"]["application/json"][
        "schema"]["properties"].update(age={"type": "integer"}),
     {("response-property-added", NB, _BODY + "/properties/age")}),
    (lambda d: d["webhooks"]["newPet"]["post"]["requestBody"]["content"]["application/json"][
        "schema"].update(required=[]),
     {("response-property-became-optional", B, _BODY + "/properties/id")}),
    (lambda d: d.pop("webhooks"), {("webhook-removed", B, "/webhooks/newPet")}),
], ids=["property-removed", "property-added", "property-optional", "webhook-removed"])
def test_a_webhook_is_compared_as_the_consumer_reads_it(
        mutate: Callable[[Doc], None], expected: set[tuple[str, str, str]]) -> None:
    new = _with_webhook(copy.deepcopy(_PAYLOAD))
    mutate(new)
    changes = diff(_with_webhook(copy.deepcopy(_PAYLOAD)), new)
    assert {(c.kind, c.severity, c.pointer) for c in changes} == expected
    assert all(c.message.startswith(("webhook `newPet`", "webhook `newPet` (POST)"))
               for c in changes)


def test_a_webhook_change_has_no_effect_on_the_generated_client() -> None:
    new = _with_webhook({**_PAYLOAD, "required": []})
    changes = diff_with_client(_with_webhook(_PAYLOAD), new)
    assert [(c.kind, c.client, c.client_breaking) for c in changes] == [
        ("response-property-became-optional", NO_EFFECT, False)]


def test_a_webhook_payload_component_change_names_its_model_class() -> None:
    """The payload a webhook names by `$ref` is a component: models.py has its class
    (`models.Pet`), which code parsing the webhook's payload uses, so its change is traced there,
    as a response's is (octokit/openapi-webhooks 12.0.3 -> 12.1.0: `issue`'s
    `author_association` became optional, `models.Issue.author_association: AuthorAssociation ->
    AuthorAssociation | None`, was "no effect")."""
    def doc(payload: Doc) -> Doc:
        document = _with_webhook({"$ref": "#/components/schemas/Pet"})
        document["components"] = {"schemas": {"Pet": payload}}
        return document

    changes = diff_with_client(doc(_PAYLOAD), doc({**_PAYLOAD, "required": []}))
    assert [(c.kind, c.pointer, c.client, c.client_breaking) for c in changes] == [
        ("response-property-became-optional", "/components/schemas/Pet/properties/id",
         "models.Pet.id: now optional: str -> str | None", True)]
    # what the webhook's own path item says stays without effect
    renamed = doc(_PAYLOAD)
    renamed["webhooks"]["newPet"]["post"]["requestBody"]["description"] = "a pet"
    (described,) = diff_with_client(doc(_PAYLOAD), renamed)
    assert described.client == NO_EFFECT


# --------------------------------------------------------------------------- callbacks

_EXPRESSION = "{$request.body#/callbackUrl}"


def _with_callback(payload: Doc, path: str = "/subscriptions") -> Doc:
    """A document whose one operation, `POST /subscriptions`, has the callback `onEvent`: the
    API posts `payload` to the URL the request named, and reads the consumer's answer."""
    answer = {"type": "object", "properties": {"ok": {"type": "boolean"}}}
    sent = {"post": {
        "requestBody": {"content": {"application/json": {"schema": payload}}},
        "responses": {"200": {"description": "received",
                              "content": {"application/json": {"schema": answer}}}},
    }}
    subscribe = {
        "operationId": "subscribe",
        "requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {"callbackUrl": {"type": "string"}}}}}},
        "responses": {"201": {"description": "subscribed"}},
        "callbacks": {"onEvent": {_EXPRESSION: sent}},
    }
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {path: {"post": subscribe}}}


_CALLBACK = "/paths/~1subscriptions/post/callbacks/onEvent/{$request.body#~1callbackUrl}"
_CALLBACK_BODY = _CALLBACK + "/post/requestBody/content/application~1json/schema"


def _callback_of(document: Doc) -> Doc:
    return cast(Doc, document["paths"]["/subscriptions"]["post"]["callbacks"]["onEvent"])


@pytest.mark.parametrize(("mutate", "expected"), [
    # the consumer reads what the API sends: judged as a response is
    (lambda d: _callback_of(d)[_EXPRESSION]["post"]["requestBody"]["content"][
        "application/json"]["schema"]["properties"].pop("name"),
     {("response-property-removed", B, _CALLBACK_BODY + "/properties/name")}),
    (lambda d: _callback_of(d)[_EXPRESSION]["post"]["requestBody"]["content"][
        "application/json"]["schema"]["properties"].update(age={"type": "integer"}),
     {("response-property-added", NB, _CALLBACK_BODY + "/properties/age")}),
    (lambda d: _callback_of(d)[_EXPRESSION]["post"]["requestBody"]["content"][
        "application/json"]["schema"].update(required=[]),
     {("response-property-became-optional", B, _CALLBACK_BODY + "/properties/id")}),
    # what the consumer answers is read by the API: judged as a request is
    (lambda d: _callback_of(d)[_EXPRESSION]["post"]["responses"]["200"]["content"][
        "application/json"]["schema"].update(required=["ok"]),
     {("request-property-became-required", B, _CALLBACK + "/post/responses/200/content/"
       "application~1json/schema/properties/ok")}),
    (lambda d: d["paths"]["/subscriptions"]["post"].pop("callbacks"),
     {("callback-removed", B, _CALLBACK)}),
    (lambda d: _callback_of(d).update({"{$request.body#/otherUrl}": _callback_of(d)[_EXPRESSION]}),
     {("callback-added", NB,
       "/paths/~1subscriptions/post/callbacks/onEvent/{$request.body#~1otherUrl}")}),
    (lambda d: _callback_of(d)[_EXPRESSION].update(put=_callback_of(d)[_EXPRESSION]["post"]),
     {("operation-added", NB, _CALLBACK + "/put")}),
], ids=["property-removed", "property-added", "property-optional", "answer-now-read",
        "callback-removed", "callback-added", "operation-added"])
def test_a_callback_is_compared_as_the_consumer_reads_it(
        mutate: Callable[[Doc], None], expected: set[tuple[str, str, str]]) -> None:
    new = _with_callback(copy.deepcopy(_PAYLOAD))
    mutate(new)
    changes = diff(_with_callback(copy.deepcopy(_PAYLOAD)), new)
    assert {(c.kind, c.severity, c.pointer) for c in changes} == expected
    assert all(c.message.startswith("POST /subscriptions: callback `onEvent`") for c in changes)


def test_a_callback_under_a_renamed_path_parameter_is_paired() -> None:
    """Operations are paired by path shape: the old side's pointers keep the old path."""
    old = _with_callback(copy.deepcopy(_PAYLOAD), "/subscriptions/{id}")
    new = _with_callback({**_PAYLOAD, "required": []}, "/subscriptions/{subscription}")
    changes = [c for c in diff(old, new) if c.kind != "path-parameter-renamed"]
    assert [(c.kind, c.pointer.split("/callbacks/")[0]) for c in changes] == [
        ("response-property-became-optional", "/paths/~1subscriptions~1{subscription}/post")]
    removed = diff(old, {**new, "paths": {"/subscriptions/{subscription}": {"post": {
        **new["paths"]["/subscriptions/{subscription}"]["post"], "callbacks": {}}}}})
    assert [c.pointer for c in removed if c.kind == "callback-removed"] == [
        "/paths/~1subscriptions~1{id}/post/callbacks/onEvent/{$request.body#~1callbackUrl}"]


def test_a_callback_change_has_no_effect_on_the_generated_client() -> None:
    new = _with_callback({**_PAYLOAD, "required": []})
    changes = diff_with_client(_with_callback(_PAYLOAD), new)
    assert [(c.kind, c.client, c.client_breaking) for c in changes] == [
        ("response-property-became-optional", NO_EFFECT, False)]


# --------------------------------------------------------------------------- server variables

def _with_regions(regions: list[str], default: str = "eu", url: str = "https://{region}.example") -> Doc:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
            "servers": [{"url": url, "variables": {"region": {"default": default,
                                                              "enum": regions}}}]}


@pytest.mark.parametrize(("new", "expected"), [
    (_with_regions(["eu"]), {("server-variable-value-removed", B, "/servers/0/variables/region/enum")}),
    (_with_regions(["eu", "us", "ap"]),
     {("server-variable-value-added", NB, "/servers/0/variables/region/enum")}),
    (_with_regions(["eu", "ap"]), {("server-variable-value-removed", B,
                                    "/servers/0/variables/region/enum"),
                                   ("server-variable-value-added", NB,
                                    "/servers/0/variables/region/enum")}),
    # the default changes the URL the client is given: the server itself changed
    (_with_regions(["eu", "us"], default="us"), {("server-changed", B, "/servers")}),
    # another URL template: not the same server, so its variables are not compared
    (_with_regions(["eu"], url="https://{region}.api.example"), {("server-changed", B, "/servers")}),
], ids=["value-removed", "value-added", "both", "default-changed", "other-template"])
def test_a_server_variables_values_are_compared(new: Doc, expected: set[tuple[str, str, str]]
                                                 ) -> None:
    changes = diff(_with_regions(["eu", "us"]), new)
    assert {(c.kind, c.severity, c.pointer) for c in changes} == expected
    assert all("region" in c.message for c in changes if c.kind.startswith("server-variable"))


def test_a_server_variable_change_has_no_effect_on_the_generated_client() -> None:
    changes = diff_with_client(_with_regions(["eu", "us"]), _with_regions(["eu"]))
    assert [(c.kind, c.client, c.client_breaking) for c in changes] == [
        ("server-variable-value-removed", NO_EFFECT, False)]


def _callback_with_signature(path: str, signed: bool, by_ref: bool) -> Doc:
    """`_with_callback` whose callback's POST takes a header `X-Sig` (when `signed`), the
    callback object a `$ref` to `components/callbacks` when `by_ref`."""
    document = _with_callback(copy.deepcopy(_PAYLOAD), path)
    operation = document["paths"][path]["post"]
    callback = operation["callbacks"]["onEvent"]
    callback["x-note"] = "signed" if signed else "unsigned"  # an extension: not an expression
    if signed:
        callback[_EXPRESSION]["post"]["parameters"] = [
            {"name": "X-Sig", "in": "header", "required": True, "schema": {"type": "string"}}]
    if by_ref:
        document["components"] = {"callbacks": {"Event": callback}}
        operation["callbacks"]["onEvent"] = {"$ref": "#/components/callbacks/Event"}
    return document


@pytest.mark.parametrize("by_ref", [False, True], ids=["inline", "by-ref"])
def test_a_callbacks_changes_point_where_each_side_has_them(by_ref: bool) -> None:
    """Each pointer resolves in the document its side names: the old path key where paths
    pair by shape, the component where a `$ref` leads; an extension is no callback."""
    old = _callback_with_signature("/subscriptions/{id}", True, by_ref)
    new = _callback_with_signature("/subscriptions/{subscription}", False, by_ref)
    changes = [c for c in diff(old, new) if c.kind != "path-parameter-renamed"]
    assert [(c.kind, c.side) for c in changes] == [("parameter-removed", "old")]
    found, _ = resolve_pointer(old, changes[0].pointer)
    assert found and changes[0].pointer.endswith("/post/parameters/0")
    assert changes[0].pointer.startswith(
        "/components/callbacks/Event/" if by_ref else "/paths/~1subscriptions~1{id}/post/")


def _by_ref(document: Doc, where: str) -> Doc:
    """`document` with its webhook's path item (`webhooks`) or its callback object
    (`callbacks`) moved into `components` and reached by `$ref`."""
    moved = copy.deepcopy(document)
    if where == "webhooks":
        moved["components"] = {"pathItems": {"NewPet": moved["webhooks"]["newPet"]}}
        moved["webhooks"]["newPet"] = {"$ref": "#/components/pathItems/NewPet"}
    else:
        callbacks = moved["paths"]["/subscriptions"]["post"]["callbacks"]
        moved["components"] = {"callbacks": {"Event": callbacks["onEvent"]}}
        callbacks["onEvent"] = {"$ref": "#/components/callbacks/Event"}
    return moved


@pytest.mark.parametrize("where", ["webhooks", "callbacks"])
def test_what_the_api_sends_has_no_effect_on_the_client_wherever_a_ref_puts_it(
        where: str) -> None:
    """Reported where it literally is (`/components/...`), a change of a webhook's or a
    callback's payload still touches nothing the generated client sends or reads."""
    make = _with_webhook if where == "webhooks" else _with_callback
    old, new = (_by_ref(make(payload), where)
                for payload in (_PAYLOAD, {**_PAYLOAD, "required": []}))
    changes = diff_with_client(old, new)
    assert [(c.kind, c.client, c.client_breaking) for c in changes] == [
        ("response-property-became-optional", NO_EFFECT, False)]
    assert changes[0].pointer.startswith("/components/")
