"""Issue #13.9: deep and recursive schemas generate; only a `$ref` to itself is an error.

Schemas nested 75 and 300 levels deep (in JSON and in YAML), a schema that contains itself
(through array items, map values, union branches) and two that contain each other (through
properties) generate strictly
(no repair), import, and carry a nested value to a real local server and back. A `$ref` that
comes back to itself with nothing in between (`S -> S`, `P -> Q -> P`, through `allOf` alone)
is a located problem.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic_core import to_jsonable_python

from generator import pipeline
from generator.io import write
from generator.problems import GeneratorError
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

SCHEMAS = "#/components/schemas/"


def _nested(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(levels):
        schema = {"type": "object", "properties": {"p": schema}}
    return schema


def _value(levels: int) -> Any:
    value: Any = "leaf"
    for _ in range(levels):
        value = {"p": value}
    return value


def _document(schemas: dict[str, Any], body: str, response: str) -> dict[str, Any]:
    def content(name: str) -> dict[str, Any]:
        return {"application/json": {"schema": {"$ref": SCHEMAS + name}}}

    return {
        "openapi": "3.1.0",
        "info": {"title": "deep", "version": "1"},
        "servers": [{"url": "http://127.0.0.1:1"}],
        "paths": {"/echo": {"post": {
            "operationId": "echo",
            "requestBody": {"required": True, "content": content(body)},
            "responses": {"200": {"description": "ok", "content": content(response)}},
        }}},
        "components": {"schemas": schemas},
    }


def _generated(doc: dict[str, Any], folder: Path, package: str, suffix: str = ".json") -> Any:
    """Generated strictly (any problem stops), written and imported. JSON text is YAML too:
    the `.yaml` suffix sends the same text through the YAML reader."""
    spec = folder / f"{package}{suffix}"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, package, strict=True)])
    assert not generation.outcomes.get(package), "a valid document needs no repair"
    write.write(generation.packages[package], folder / package)
    return import_from(folder, package)


def _echo(package: Any, value: Any) -> tuple[Any, Any]:
    """`client.default.echo(...)` with `value` as its properties; (what arrived, what came back)."""
    with ScriptedServer([Reply(200, body=value)]) as server:
        client = package.Client(api_key="k", base_url=server.url)
        returned = client.default.echo(**value)
        return server.requests[0].json(), returned


@pytest.mark.parametrize(("levels", "suffix"), [(75, ".json"), (300, ".json"), (300, ".yaml")])
def test_deeply_nested_schemas_generate_and_carry_their_values(
    levels: int, suffix: str, tmp_path: Path,
) -> None:
    package = _generated(_document({"Deep": _nested(levels)}, "Deep", "Deep"), tmp_path,
                         f"deep{levels}", suffix)
    sent, returned = _echo(package, _value(levels))
    assert sent == _value(levels)
    assert returned.model_dump(mode="json") == _value(levels)
    node = returned
    for _ in range(levels):
        node = node.p
    assert node == "leaf"


def test_recursive_schemas_generate_and_reference_themselves(tmp_path: Path) -> None:
    schemas = {
        "Node": {"type": "object", "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": SCHEMAS + "Node"}},
        }},
        "A": {"type": "object", "properties": {"b": {"$ref": SCHEMAS + "B"}, "n": {"type": "integer"}}},
        "B": {"type": "object", "properties": {"a": {"$ref": SCHEMAS + "A"}}},
    }
    package = _generated(_document(schemas, "Node", "A"), tmp_path, "recursive_pkg")
    assert package.models.Node.model_fields["children"].annotation == list[package.models.Node] | None
    tree: dict[str, Any] = {"name": "leaf"}
    for depth in range(200):
        tree = {"name": f"n{depth}", "children": [tree]}
    chain: dict[str, Any] = {"n": 0}
    for depth in range(100):
        chain = {"b": {"a": chain}, "n": depth + 1}
    with ScriptedServer([Reply(200, body=chain)]) as server:
        client = package.Client(api_key="k", base_url=server.url)
        returned = client.default.echo(**tree)
        assert server.requests[0].json() == tree
    assert isinstance(returned, package.models.A)
    assert returned.model_dump(mode="json", exclude_none=True) == chain


@pytest.mark.parametrize(("name", "schema", "value"), [
    ("union", {"oneOf": [{"type": "string"}, {"type": "array", "items": {"$ref": SCHEMAS + "Union"}}]},
     ["a", ["b", ["c"]]]),
    ("nullable_union", {"anyOf": [{"type": "null"}, {"type": "object", "properties": {
        "next": {"$ref": SCHEMAS + "Nullable_union"}}}]}, {"next": {"next": None}}),
    ("nested_list", {"type": "array", "items": {"$ref": SCHEMAS + "Nested_list"}}, [[[]], []]),
    ("tree_map", {"type": "object", "additionalProperties": {"$ref": SCHEMAS + "Tree_map"}},
     {"a": {"b": {}}}),
])
def test_schemas_that_contain_themselves_generate(name: str, schema: dict[str, Any], value: Any,
                                                  tmp_path: Path) -> None:
    """Through a union branch, array items or map values: recursive, legal, generated strictly,
    and a nested value goes out and comes back."""
    component = name.capitalize()
    doc = _document({component: schema}, component, component)
    operation = doc["paths"]["/echo"]["post"]
    operation["parameters"] = [{"name": "q", "in": "query", "schema": {"$ref": SCHEMAS + component}}]
    package = _generated(doc, tmp_path, f"self_{name}")
    with ScriptedServer([Reply(200, body=value)]) as server:
        client = package.Client(api_key="k", base_url=server.url)
        takes_body = "body" in inspect.signature(client.default.echo).parameters
        # a map without named properties has no arguments: its entries go as `extra_body`
        returned = client.default.echo(body=value) if takes_body else client.default.echo(extra_body=value)
        assert server.requests[0].json() == value
    assert to_jsonable_python(returned) == value


@pytest.mark.parametrize(("schemas", "pointers"), [
    ({"A": {"allOf": [{"$ref": SCHEMAS + "A"}], "properties": {"x": {"type": "string"}}}},
     ["/components/schemas/A/allOf/0/$ref"]),
    ({"A": {"allOf": [{"$ref": SCHEMAS + "B"}]}, "B": {"allOf": [{"$ref": SCHEMAS + "A"}]}},
     ["/components/schemas/A/allOf/0/$ref"]),
    ({"S": {"$ref": SCHEMAS + "S"}}, ["/components/schemas/S/$ref"]),
    ({"P": {"$ref": SCHEMAS + "Q"}, "Q": {"$ref": SCHEMAS + "P"}}, ["/components/schemas/P/$ref"]),
    ({"Z": {"$ref": SCHEMAS + "Y"}, "Y": {"$ref": SCHEMAS + "X"}, "X": {"$ref": SCHEMAS + "Y"}},
     ["/components/schemas/X/$ref"]),
])
def test_a_ref_to_itself_with_nothing_in_between_is_located(
    schemas: dict[str, Any], pointers: list[str], tmp_path: Path,
) -> None:
    doc = _document({**schemas, "Ok": {"type": "object"}}, "Ok", "Ok")
    spec = tmp_path / "cycle.json"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GeneratorError) as caught:
        pipeline.generate_packages([pipeline.target_for_spec(spec, "cycle_pkg", strict=True)])
    cycles = [problem for problem in caught.value.problems if problem.code == "ref-cycle"]
    assert [problem.pointer for problem in cycles] == pointers
    assert all("$ref cycle with nothing in between" in problem.message and problem.file == str(spec)
               for problem in cycles)
    assert cycles[0].line == 1  # the JSON text is one line
