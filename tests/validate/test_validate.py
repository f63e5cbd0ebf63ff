"""validate/: our own checks and openapi-spec-validator's, each problem with pointer and line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.document.loading import load
from generator.names.operations import operation_names as default_operation_names
from generator.validate import validate
from tests.document.expect import find, only, write
from tests.support import BAD_DOCS as BAD


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
    clash = find(problems, "/paths/~1items/post",
                 "would both become the method default.list_items()")
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
        ("/v1/items", "get", {"operationId": "listItems", "tags": ["Items"]},
         ("items", "list_items")),
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
