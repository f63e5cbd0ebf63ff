"""document/overlay.py: Overlay 1.0 actions (update, remove) and the JSONPath subset they use."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from generator.document.loading import load
from generator.document.overlay import JsonPathError, apply_overlay, parse_jsonpath, select
from generator.validate import validate
from tests.document.expect import find, load_error, only
from tests.support import BAD_DOCS as BAD


def test_overlay_target_that_matches_nothing_is_reported() -> None:
    overlay = BAD / "overlay_no_match.yaml"
    doc = load(BAD / "overlay_target.yaml", overlay=overlay)
    assert doc.data["paths"]["/items"]["get"]["x-codegen-method"] == "list"
    problem = only(list(doc.overlay_problems))
    assert problem.file == str(overlay)
    assert (problem.pointer, problem.line) == ("/actions/1", 9)
    assert "target \"$.paths['/things'].get\" matches nothing" in problem.message
    assert problem in validate(doc)
    assert doc.overlay_sha256 is not None and len(doc.overlay_sha256) == 64


def test_invalid_overlay_document_is_an_error() -> None:
    overlay = BAD / "overlay_invalid.yaml"
    problems = load_error(BAD / "overlay_target.yaml", overlay=overlay)
    version = find(problems, "/overlay", "not an Overlay 1.0 document")
    assert version.file == str(overlay)
    assert find(problems, "/actions/1", "no `target`").line == 7


SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "paths": {
        "/v1/items/{id}": {"get": {
            "operationId": "getItem", "tags": ["items"],
            "parameters": [
                {"name": "id", "in": "path"},
                {"name": "verbose", "in": "query"},
                {"name": "X-Trace", "in": "header"},
            ],
        }},
        "/v1/chat/completions": {"post": {"operationId": "createChat", "tags": ["chat"]}},
    },
}


def overlay_of(*actions: dict[str, Any]) -> dict[str, Any]:
    return {"overlay": "1.0.0", "info": {"title": "t", "version": "1"}, "actions": list(actions)}


def test_overlay_update_deep_merges_and_appends_arrays_without_mutating_input() -> None:
    before = copy.deepcopy(SPEC)
    result, problems = apply_overlay(SPEC, overlay_of(
        {"target": "$.paths['/v1/items/{id}'].get",
         "update": {"x-codegen-method": "retrieve", "tags": ["extra"]}},
        {"target": "$.paths['/v1/items/{id}'].get.parameters",
         "update": {"name": "new", "in": "query"}},
        {"target": "$.paths.*.post", "update": {"x-codegen-stream": {"param": "stream"}}},
    ), "o.yaml")
    assert problems == []
    assert SPEC == before
    get = result["paths"]["/v1/items/{id}"]["get"]
    assert get["x-codegen-method"] == "retrieve"
    assert get["tags"] == ["items", "extra"]
    assert get["parameters"][-1] == {"name": "new", "in": "query"}
    chat = result["paths"]["/v1/chat/completions"]["post"]
    assert chat["x-codegen-stream"] == {"param": "stream"}


def test_overlay_adds_a_component_and_names_it_in_a_hint() -> None:
    """What the Nebius and Infomaniak overlays do: a schema of their own (a stream chunk's) added
    beside the document's, then named by a later action's `x-codegen-stream.chunk`, merged into
    the hint an earlier action set."""
    spec = copy.deepcopy(SPEC)
    spec["components"] = {"schemas": {"Item": {"type": "object"}}}
    chunk = {"type": "object", "properties": {"usage": {"type": "object", "nullable": True}}}
    result, problems = apply_overlay(spec, overlay_of(
        {"target": "$.paths.*.post", "update": {"x-codegen-stream": {"param": "stream"}}},
        {"target": "$.components.schemas", "update": {"CompletionChunk": chunk}},
        {"target": "$.paths.*.post",
         "update": {"x-codegen-stream": {"chunk": "#/components/schemas/CompletionChunk"}}},
    ), "o.yaml")
    assert problems == []
    assert result["components"]["schemas"] == {"Item": {"type": "object"}, "CompletionChunk": chunk}
    assert result["paths"]["/v1/chat/completions"]["post"]["x-codegen-stream"] == {
        "param": "stream", "chunk": "#/components/schemas/CompletionChunk"}


def test_overlay_filters_and_remove() -> None:
    result, problems = apply_overlay(SPEC, overlay_of(
        {"target": "$.paths['/v1/items/{id}'].get.parameters[?(@.in == 'header')]", "remove": True},
        {"target": "$.paths[*].get.parameters[?@.name=='verbose']",
         "update": {"x-codegen-client-param": True}},
        {"target": '$["paths"]["/v1/chat/completions"]', "remove": True},
    ), "o.yaml")
    assert problems == []
    parameters = result["paths"]["/v1/items/{id}"]["get"]["parameters"]
    assert [p["name"] for p in parameters] == ["id", "verbose"]
    assert parameters[1]["x-codegen-client-param"] is True
    assert "/v1/chat/completions" not in result["paths"]


def test_overlay_no_match_problem_keeps_other_actions() -> None:
    result, problems = apply_overlay(SPEC, overlay_of(
        {"target": "$.paths['/v2/nothing'].get", "update": {"x": 1}},
        {"target": "$..[?(@.operationId == 'createChat')]",
         "update": {"x-codegen-method": "create"}},
    ), "hints.yaml")
    assert [(p.file, p.pointer) for p in problems] == [("hints.yaml", "/actions/0")]
    assert result["paths"]["/v1/chat/completions"]["post"]["x-codegen-method"] == "create"


@pytest.mark.parametrize(
    ("target", "pointers"),
    [
        ("$.paths['/v1/items/{id}'].get.parameters[0].name", ["id"]),
        ("$.paths['/v1/items/{id}'].get.parameters[-1].name", ["X-Trace"]),
        ('$.paths["/v1/chat/completions"].post.operationId', ["createChat"]),
        ("$..operationId", ["getItem", "createChat"]),
        ("$.paths.*.*.tags[*]", ["items", "chat"]),
        ("$.paths[*].get.parameters[?(@.in != 'path')].name", ["verbose", "X-Trace"]),
        ("$.paths[*].get.parameters[?(@.missing)]", []),
    ],
)
def test_jsonpath_subset(target: str, pointers: list[str]) -> None:
    assert [value for _, _, value in select(SPEC, parse_jsonpath(target))] == pointers


@pytest.mark.parametrize("target", ["paths", "$.a[1:2]", "$.a[?(@.x > 1)]", "$.a['x'", "$."])
def test_jsonpath_outside_the_subset_is_an_error(target: str) -> None:
    with pytest.raises(JsonPathError):
        parse_jsonpath(target)


def test_what_an_overlay_puts_in_is_placed_at_its_line_and_the_rest_stays_the_specs(
        tmp_path: Path) -> None:
    """A problem in a value the overlay gave is the overlay's to show; a merge into an object
    the spec wrote leaves that object, and the values the overlay did not touch, the spec's."""
    spec = tmp_path / "api.yaml"
    spec.write_text("""\
openapi: 3.0.3
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    Pet:
      type: object
      properties:
        id: {type: string}
      required: [id]
""", encoding="utf-8")
    overlay = tmp_path / "o.yaml"
    overlay.write_text("""\
overlay: 1.0.0
info: {title: o, version: "1"}
actions:
  - target: $.components.schemas.Pet.properties
    update:
      name:
        type: strin
      id: {maxLength: 5}
  - target: $.components.schemas.Pet.required
    update: name
""", encoding="utf-8")
    document = load(spec, overlay=overlay)
    assert document.place_of("/components/schemas/Pet/properties/name/type") == (str(overlay), 7)
    assert document.place_of("/components/schemas/Pet/properties/id/maxLength") == (str(overlay), 8)
    assert document.place_of("/components/schemas/Pet/required/1") == (str(overlay), 10)
    assert document.place_of("/components/schemas/Pet/properties/id/type") == ("", 9)
    assert document.place_of("/components/schemas/Pet/properties") == ("", 8)
    assert document.place_of("/components/schemas/Pet/required/0") == ("", 10)
    assert not document.bundled and document.referenced_files() == {}


def test_what_an_overlay_refers_to_in_another_file_is_that_files(tmp_path: Path) -> None:
    """An overlay adding a `$ref` to a file: bundling puts the file's content where the
    overlay put the reference, and a problem there is shown at the file's line."""
    spec = tmp_path / "api.yaml"
    spec.write_text("""\
openapi: 3.0.3
info: {title: t, version: "1"}
paths: {}
""", encoding="utf-8")
    (tmp_path / "paths.yaml").write_text("""\
b:
  get:
    operationId: getB
    responses:
      "200":
        description: ok
        content:
          application/json:
            schema: {type: strig}
""", encoding="utf-8")
    overlay = tmp_path / "o.yaml"
    overlay.write_text("""\
overlay: 1.0.0
info: {title: o, version: "1"}
actions:
  - target: $.paths
    update:
      /b:
        $ref: 'paths.yaml#/b'
""", encoding="utf-8")
    document = load(spec, overlay=overlay)
    schema = "/paths/~1b/get/responses/200/content/application~1json/schema/type"
    assert document.place_of(schema) == (str(tmp_path / "paths.yaml"), 9)
