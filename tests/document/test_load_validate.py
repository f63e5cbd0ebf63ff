"""Load, overlay and validate stages: the bad-input corpus (tests/bad_docs/) and good paths."""

from __future__ import annotations

import copy
import functools
import http.server
import json
import os
import threading
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.document.loading import Document, load
from generator.document.overlay import JsonPathError, apply_overlay, parse_jsonpath, select
from generator.names.operations import operation_names as default_operation_names
from generator.problems import GeneratorError, Problem
from generator.validate import validate
from tests.support import BAD_DOCS

BAD = BAD_DOCS


def load_error(path: Path, **kwargs: Any) -> list[Problem]:
    with pytest.raises(GeneratorError) as caught:
        load(path, **kwargs)
    assert caught.value.problems, "GeneratorError without problems"
    assert "Traceback" not in str(caught.value)
    return caught.value.problems


def only(problems: list[Problem]) -> Problem:
    assert len(problems) == 1, [p.format() for p in problems]
    return problems[0]


def find(problems: list[Problem], pointer: str, text: str) -> Problem:
    for problem in problems:
        if problem.pointer == pointer and text in problem.message:
            return problem
    raise AssertionError(f"no problem at {pointer!r} with {text!r} in {[p.format() for p in problems]}")


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


# --------------------------------------------------------------------------- Problem


def test_problem_format_leaves_out_missing_parts() -> None:
    full = Problem("spec.yaml", "/paths", 3, "bad thing", "do this")
    assert full.format() == "spec.yaml:3: /paths: bad thing (do this)"
    assert Problem("spec.yaml", "", None, "bad").format() == "spec.yaml: bad"
    assert Problem("", "/a", None, "bad", severity="warning").format() == "/a: warning: bad"
    error = GeneratorError([full, Problem("x.json", "", 1, "other")])
    assert str(error) == "spec.yaml:3: /paths: bad thing (do this)\nx.json:1: other"


# --------------------------------------------------------------------------- syntax


def test_yaml_syntax_error_has_line_column_and_hint() -> None:
    problem = only(load_error(BAD / "yaml_syntax.yaml"))
    assert problem.file == str(BAD / "yaml_syntax.yaml")
    assert problem.line == 5
    assert "YAML syntax error at column 20" in problem.message
    assert "mapping values are not allowed" in problem.message
    assert "quoted" in problem.hint


def test_json_syntax_error_has_line_and_column() -> None:
    problem = only(load_error(BAD / "json_syntax.json"))
    assert problem.file == str(BAD / "json_syntax.json")
    assert problem.line == 5
    assert "JSON syntax error at column 1" in problem.message
    assert "trailing comma" in problem.hint


def test_duplicate_yaml_key_names_both_lines() -> None:
    problem = only(load_error(BAD / "duplicate_keys.yaml"))
    assert problem.pointer == "/paths/~1items"
    assert problem.line == 11
    assert "duplicate key '/items'" in problem.message
    assert "first on line 6, again on line 11" in problem.message


def test_duplicate_json_key_names_both_lines() -> None:
    problem = only(load_error(BAD / "duplicate_keys.json"))
    assert problem.pointer == "/info/title"
    assert problem.line == 6
    assert "first on line 4, again on line 6" in problem.message


def test_json_nan_is_refused(tmp_path: Path) -> None:
    spec = write(tmp_path / "nan.json", '{"openapi": "3.1.0", "x": NaN}')
    assert "NaN is not valid JSON" in only(load_error(spec)).message


def test_alias_bomb_is_refused_with_bounded_memory() -> None:
    """Refused before anything is expanded: memory stays small (speed is `make bench`'s job)."""
    tracemalloc.start()
    try:
        problem = only(load_error(BAD / "alias_bomb.yaml"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50 * 1024 * 1024
    assert problem.line == 4
    assert "alias bomb" in problem.message
    assert "anchors/aliases" in problem.hint


def test_a_few_aliases_and_merge_keys_are_expanded_into_independent_copies(tmp_path: Path) -> None:
    spec = write(tmp_path / "aliases.yaml", """\
openapi: 3.1.0
info: {title: t, version: "1"}
paths: {}
x-base: &base {a: 1, b: [1]}
x-copy: *base
x-merged:
  <<: *base
  b: [2]
""")
    data = load(spec).data
    assert data["x-copy"] == {"a": 1, "b": [1]}
    assert data["x-merged"] == {"a": 1, "b": [2]}
    data["x-copy"]["b"].append(9)
    assert data["x-base"]["b"] == [1], "aliases must be copies, not shared objects"


# --------------------------------------------------------------------------- not OpenAPI


def test_empty_file() -> None:
    problem = only(load_error(BAD / "empty.yaml"))
    assert problem.file == str(BAD / "empty.yaml")
    assert problem.message == "file is empty"


def test_not_openapi() -> None:
    problem = only(load_error(BAD / "not_openapi.yaml"))
    assert problem.line == 1
    assert "no top-level `openapi` key" in problem.message


def test_not_a_mapping() -> None:
    problem = only(load_error(BAD / "not_mapping.yaml"))
    assert "the document is a list, not a mapping" in problem.message


def test_swagger_2_is_unsupported_with_conversion_hint() -> None:
    problem = only(load_error(BAD / "swagger2.yaml"))
    assert (problem.pointer, problem.line) == ("/swagger", 1)
    assert "Swagger 2.0 documents are not supported" in problem.message
    assert "convert it to OpenAPI 3" in problem.hint


def test_unquoted_float_version_says_quote_it() -> None:
    problem = only(load_error(BAD / "unquoted_version.yaml"))
    assert (problem.pointer, problem.line) == ("/openapi", 2)
    assert "`openapi: 3.0` was read as a number" in problem.message
    assert 'openapi: "3.0.3"' in problem.hint


def test_unsupported_version() -> None:
    problem = only(load_error(BAD / "unsupported_version.yaml"))
    assert (problem.pointer, problem.line) == ("/openapi", 1)
    assert "unsupported OpenAPI version '3.2.0'" in problem.message


def test_file_over_the_size_limit() -> None:
    problem = only(load_error(BAD / "overlay_target.yaml", max_bytes=100))
    assert "larger than the limit of 100 bytes" in problem.message


def test_missing_file() -> None:
    assert only(load_error(BAD / "no_such_file.yaml")).message == "file not found"


# --------------------------------------------------------------------------- normalisation, lines

SMALL_YAML = """\
openapi: 3.1.0
info:
  title: Small
  version: "1"
paths:
  /items/{id}:
    get:
      tags:
        - items
        - on
      responses:
        200:
          description: ok
x-dates:
  on: 2024-01-01
  yes: yes
  octal: 0755
  number: 1.5
  nothing: null
"""


def test_yaml_is_normalised_to_json_data_and_lines_are_recorded(tmp_path: Path) -> None:
    doc = load(write(tmp_path / "small.yaml", SMALL_YAML))
    assert doc.data["paths"]["/items/{id}"]["get"]["responses"] == {"200": {"description": "ok"}}
    assert doc.data["paths"]["/items/{id}"]["get"]["tags"] == ["items", "on"]
    assert doc.data["x-dates"] == {
        "on": "2024-01-01", "yes": "yes", "octal": "0755", "number": 1.5, "nothing": None,
    }
    json.dumps(doc.data)  # JSON-compatible
    op = "/paths/~1items~1{id}/get"
    assert doc.lines["/openapi"] == 1
    assert doc.lines["/paths/~1items~1{id}"] == 6
    assert doc.lines[op] == 7
    assert doc.lines[f"{op}/tags/1"] == 10
    assert doc.lines[f"{op}/responses/200/description"] == 13
    assert doc.line_of(f"{op}/responses/200/content/application~1json") == 12
    assert doc.line_of("/nowhere/at/all") == 1


SMALL_JSON = """\
{
  "openapi": "3.1.0",
  "info": {"title": "Small", "version": "1"},
  "paths": {
    "/items/{id}": {
      "get": {
        "tags": [
          "items",
          7
        ],
        "responses": {
          "200": {"description": "ok \\"quoted\\" {x}"}
        }
      }
    }
  },
  "x-a~b": [[1, 2], {"k": true}]
}
"""


def test_json_lines_are_recorded(tmp_path: Path) -> None:
    doc = load(write(tmp_path / "small.json", SMALL_JSON))
    op = "/paths/~1items~1{id}/get"
    assert doc.lines["/info/version"] == 3
    assert doc.lines[op] == 6
    assert doc.lines[f"{op}/tags/0"] == 8
    assert doc.lines[f"{op}/tags/1"] == 9
    assert doc.lines[f"{op}/responses/200/description"] == 12
    assert doc.lines["/x-a~0b/1/k"] == 17
    assert doc.sha256 == __import__("hashlib").sha256(SMALL_JSON.encode()).hexdigest()


def _big_spec(target_bytes: int) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    schemas: dict[str, Any] = {}
    index = 0
    while index * 3000 < target_bytes:
        name = f"Thing{index}"
        schemas[name] = {
            "type": "object",
            "properties": {
                f"field_{j}": {"type": "string", "description": f"Field {j}", "enum": ["a", "b"]}
                for j in range(20)
            },
        }
        paths[f"/things{index}/{{thing_id}}"] = {"get": {
            "operationId": f"getThing{index}",
            "parameters": [{"name": "thing_id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": f"#/components/schemas/{name}"}}}}},
        }}
        index += 1
    return {"openapi": "3.1.0", "info": {"title": "Big", "version": "1"}, "paths": paths,
            "components": {"schemas": schemas}}


def test_20_mb_json_document_loads_with_line_numbers(tmp_path: Path) -> None:
    """A large document loads and its lines are found (how fast: `make bench`, not a test)."""
    text = json.dumps(_big_spec(20_000_000), indent=2)
    assert len(text) > 20_000_000
    spec = write(tmp_path / "big.json", text)
    doc = load(spec)
    pointer = "/components/schemas/Thing4000/properties/field_3/enum/1"
    line = doc.line_of(pointer)
    assert line is not None
    assert text.splitlines()[line - 1].strip() == '"b"'


# --------------------------------------------------------------------------- external $refs


def test_multi_file_refs_are_bundled_into_components() -> None:
    doc = load(BAD / "bundle" / "spec.yaml")
    data = doc.data
    item = data["paths"]["/items/{item_id}"]
    assert item["parameters"] == [{"$ref": "#/components/parameters/ItemId"}]
    assert item["get"]["responses"]["200"] == {"$ref": "#/components/responses/ItemResponse"}
    error_ref = item["get"]["responses"]["404"]["content"]["application/json"]["schema"]
    assert error_ref == {"$ref": "#/components/schemas/error"}
    components = data["components"]
    assert components["parameters"]["ItemId"]["schema"] == {
        "$ref": "#/components/schemas/ItemIdType"
    }
    # the document already has an `Item`: the bundled one gets a numeric suffix
    assert "the document's own Item" in components["schemas"]["Item"]["description"]
    bundled_item = components["schemas"]["Item2"]
    assert bundled_item["properties"]["children"]["items"] == {"$ref": "#/components/schemas/Item2"}
    assert bundled_item["properties"]["error"] == {"$ref": "#/components/schemas/error"}
    assert components["responses"]["ItemResponse"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Item2"
    }
    assert components["schemas"]["error"]["properties"]["message"] == {"type": "string"}
    assert "$ref': '" not in repr({k: v for k, v in data.items()}).replace("'#/", "")
    assert validate(doc) == []


def test_missing_ref_file_names_pointer_and_line() -> None:
    problem = only(load_error(BAD / "missing_ref_file.yaml"))
    assert problem.file == str(BAD / "missing_ref_file.yaml")
    assert (problem.pointer, problem.line) == ("/paths/~1items/get/parameters/0/$ref", 9)
    assert "'./parameters.yaml#/Limit': file not found" in problem.message


def test_ref_outside_the_spec_folder_is_refused() -> None:
    spec = BAD / "ref_outside" / "spec.yaml"
    problem = only(load_error(spec))
    assert problem.file == str(spec)
    assert problem.line == 14
    assert problem.pointer == "/paths/~1items/get/responses/200/content/application~1json/schema/$ref"
    assert "'../outside_target.yaml#/Item' points outside the spec's folder" in problem.message


def test_symlink_leading_outside_the_spec_folder_is_refused(tmp_path: Path) -> None:
    write(tmp_path / "secret.yaml", "Item: {type: object}\n")
    spec = write(tmp_path / "spec" / "spec.yaml", """\
openapi: 3.1.0
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    Item:
      $ref: "link.yaml#/Item"
""")
    os.symlink(tmp_path / "secret.yaml", tmp_path / "spec" / "link.yaml")
    problem = only(load_error(spec))
    assert (problem.pointer, problem.line) == ("/components/schemas/Item/$ref", 7)
    assert "points outside the spec's folder" in problem.message


def test_remote_ref_is_refused_without_the_flag() -> None:
    spec = BAD / "remote_ref.yaml"
    problem = only(load_error(spec))
    assert problem.file == str(spec)
    assert problem.line == 14
    assert problem.pointer == "/paths/~1items/get/responses/200/content/application~1json/schema/$ref"
    assert "remote $ref 'https://example.com/schemas/item.yaml#/Item' refused" in problem.message
    assert "--allow-remote-refs" in problem.hint


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def http_root(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    root = tmp_path / "served"
    root.mkdir()
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield root, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.mark.timeout(30)
def test_remote_ref_is_fetched_with_the_flag(tmp_path: Path, http_root: tuple[Path, str]) -> None:
    root, base = http_root
    write(root / "item.yaml", "Item:\n  type: object\n  properties:\n    id: {$ref: 'common.yaml#/Id'}\n")
    write(root / "common.yaml", "Id: {type: string}\n")
    spec = write(tmp_path / "spec.yaml", f"""\
openapi: 3.1.0
info: {{title: t, version: "1"}}
paths: {{}}
components:
  schemas:
    Holder:
      $ref: "{base}/item.yaml#/Item"
""")
    doc = load(spec, allow_remote_refs=True)
    schemas = doc.data["components"]["schemas"]
    assert schemas["Holder"] == {"$ref": "#/components/schemas/Item"}
    assert schemas["Item"]["properties"]["id"] == {"$ref": "#/components/schemas/Id"}
    assert schemas["Id"] == {"type": "string"}
    assert validate(doc) == []


@pytest.mark.timeout(30)
def test_remote_ref_that_is_missing_is_reported(tmp_path: Path, http_root: tuple[Path, str]) -> None:
    _, base = http_root
    spec = write(tmp_path / "spec.yaml", f"""\
openapi: 3.1.0
info: {{title: t, version: "1"}}
paths: {{}}
components:
  schemas:
    Holder:
      $ref: "{base}/nothing.yaml"
""")
    problems = load_error(spec, allow_remote_refs=True)
    find(problems, "/components/schemas/Holder/$ref", "cannot be loaded")
    assert any("404" in p.message for p in problems)


# --------------------------------------------------------------------------- validation


def test_invalid_30_document_reports_every_error_with_pointer_and_line() -> None:
    doc = load(BAD / "invalid_30.yaml")
    problems = validate(doc)
    assert all(p.file == str(BAD / "invalid_30.yaml") for p in problems)
    missing = find(problems, "/paths/~1items~1{item_id}/delete/responses/204",
                   "'description' is a required property")
    assert missing.line == 24
    bad_type = find(problems, "/components/schemas/Item/properties/id/type", "'int' is not one of")
    assert bad_type.line == 31
    bad_default = find(problems, "/components/schemas/Item/properties/name/default",
                       "3 is not of type 'string'")
    assert bad_default.line == 34
    path_param = find(problems, "/paths/~1items~1{item_id}/get", "Path parameter 'item_id'")
    assert path_param.line == 7
    assert len(problems) == 4, [p.format() for p in problems]


def test_invalid_31_document_reports_every_error_with_pointer_and_line() -> None:
    doc = load(BAD / "invalid_31.json")
    problems = validate(doc)
    unexpected = find(problems, "/paths/~1items/post", "'bogus' was unexpected")
    assert unexpected.line == 19
    duplicate = find(problems, "/paths/~1items/post", "Operation ID 'listItems'")
    assert duplicate.line == 19
    bad_type = find(problems, "/components/schemas/Item/properties/id/type", "'strin'")
    assert bad_type.line == 28
    clash = find(problems, "/paths/~1items/post", "would both become the method default.list_items()")
    assert "/paths/~1items/get (line 6)" in clash.message


def test_dangling_ref_is_reported_by_our_check_and_validation_goes_on() -> None:
    doc = load(BAD / "dangling_ref.yaml")
    problems = validate(doc)
    pointer = "/paths/~1items/get/responses/200/content/application~1json/schema/$ref"
    ours = find(problems, pointer, "$ref '#/components/schemas/Itme' points to nothing")
    assert ours.line == 14
    assert ours.severity == "error"
    assert "/components/schemas has no 'Itme'" in ours.message
    assert "did you mean 'Item'?" in ours.hint
    stopped = find(problems, pointer, "openapi-spec-validator stopped")
    assert stopped.severity == "warning"


def test_validator_errors_before_a_dangling_ref_are_kept(tmp_path: Path) -> None:
    spec = write(tmp_path / "spec.yaml", """\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200":
          content: {}
  /b:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Nope"}
""")
    problems = validate(load(spec))
    assert find(problems, "/paths/~1a/get/responses/200", "'description' is a required").line == 7
    find(problems, "/paths/~1b/get/responses/200/content/application~1json/schema/$ref",
         "points to nothing")


def test_refs_in_examples_are_data_not_references(tmp_path: Path) -> None:
    spec = write(tmp_path / "spec.yaml", """\
openapi: 3.1.0
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    Doc:
      type: object
      example: {$ref: "#/not/a/ref"}
      properties:
        example: {type: string}
""")
    assert validate(load(spec)) == []


def test_two_operations_with_the_same_method_name() -> None:
    problems = validate(load(BAD / "method_clash.yaml"))
    clash = only(problems)
    assert clash.file == str(BAD / "method_clash.yaml")
    assert (clash.pointer, clash.line) == ("/paths/~1v2~1items/get", 13)
    assert "/paths/~1v1~1items/get (line 7)" in clash.message
    assert "items.list_items()" in clash.message
    assert "x-codegen-method" in clash.hint


@pytest.mark.parametrize(
    ("path", "verb", "operation", "expected"),
    [
        ("/v1/items", "get", {"operationId": "listItems", "tags": ["Items"]}, ("items", "list_items")),
        ("/v1/items", "get", {"operationId": "getHTTPResponse"}, ("default", "get_http_response")),
        ("/v1/items/{item_id}", "delete", {}, ("default", "delete_v1_items_by_item_id")),
        ("/", "get", {"tags": []}, ("default", "get")),
        ("/x", "post", {"x-codegen-resource": "Chat Completions", "x-codegen-method": "create",
                        "operationId": "createChatCompletion", "tags": ["chat"]},
         ("chat_completions", "create")),
    ],
)
def test_default_operation_names(path: str, verb: str, operation: dict[str, Any],
                                 expected: tuple[str, str]) -> None:
    assert default_operation_names(path, verb, operation) == expected


# --------------------------------------------------------------------------- overlays


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
        {"target": "$.paths['/v1/items/{id}'].get.parameters", "update": {"name": "new", "in": "query"}},
        {"target": "$.paths.*.post", "update": {"x-codegen-stream": {"param": "stream"}}},
    ), "o.yaml")
    assert problems == []
    assert SPEC == before
    get = result["paths"]["/v1/items/{id}"]["get"]
    assert get["x-codegen-method"] == "retrieve"
    assert get["tags"] == ["items", "extra"]
    assert get["parameters"][-1] == {"name": "new", "in": "query"}
    assert result["paths"]["/v1/chat/completions"]["post"]["x-codegen-stream"] == {"param": "stream"}


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
        {"target": "$..[?(@.operationId == 'createChat')]", "update": {"x-codegen-method": "create"}},
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


def test_document_is_frozen_and_line_of_walks_up() -> None:
    doc = Document(Path("x.yaml"), {}, "0" * 64, None, {"": 1, "/a": 3})
    assert doc.line_of("/a/b/c") == 3
    assert doc.line_of("/z") == 1
    assert doc.overlay_problems == ()
