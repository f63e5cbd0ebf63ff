"""validate/: our own checks and openapi-spec-validator's, each problem with pointer and line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.document.loading import load
from generator.names.operations import operation_names as default_operation_names
from generator.validate import validate
from tests.document.expect import find, only, write
from tests.support import BAD_DOCS as BAD
from tests.support import ROOT, import_from
from tests.support.sandbox import run_cli
from tests.support.servers import Reply, ScriptedServer


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
        # hints naming nothing are read past, to the operationId and the tag (and named: below)
        ("/x", "get", {"x-codegen-method": 42, "x-codegen-resource": "--", "tags": ["Items"],
                       "operationId": "listItems"}, ("items", "list_items")),
        ("/x", "get", {"x-codegen-method": "", "operationId": None}, ("default", "get_x")),
    ],
)
def test_default_operation_names(path: str, verb: str, operation: dict[str, Any],
                                 expected: tuple[str, str]) -> None:
    assert default_operation_names(path, verb, operation) == expected


def test_a_naming_hint_that_names_nothing_is_noted() -> None:
    from generator import ir

    operation = {"operationId": "listItems", "x-codegen-method": 42, "x-codegen-resource": "--",
                 "responses": {"204": {"description": "ok"}}}
    api = ir.build({"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
                    "paths": {"/x": {"get": operation}}},
                   ir.BuildOptions(package="pkg", api_key_env="K", base_url_env="B"))
    assert sorted(note.problem for note in api.renames) == [
        "`x-codegen-method` is 42, which names nothing",
        '`x-codegen-resource` is "--", which names nothing',
    ]
    assert [op.name for resource in api.resources for op in resource.operations] == ["list_items"]


def _own_problems(tmp_path: Path, schemas: str, version: str = "3.0.3") -> list[tuple[str, str]]:
    from generator.validate import own_checks

    text = (f"openapi: {version}\ninfo: {{title: t, version: '1'}}\npaths: {{}}\n"
            f"components:\n  schemas:\n{schemas}")
    doc = load(write(tmp_path / "spec.yaml", text))
    return [(p.code, p.pointer) for p in own_checks(doc)]


def test_a_uri_default_that_is_no_url_is_reported_and_a_url_is_not(tmp_path: Path) -> None:
    """openapi-spec-validator checks no `format: uri`; the model types the field `AnyUrl`, whose
    default `""` could not be: reported (and `generate` drops it, a named repair)."""
    found = _own_problems(tmp_path, """\
    Site:
      type: object
      properties:
        empty: {type: string, format: uri, default: ""}
        relative: {type: string, format: uri, default: /docs}
        good: {type: string, format: uri, default: "https://example.com/"}
        plain: {type: string, default: ""}
""")
    assert found == [("schema:format", "/components/schemas/Site/properties/empty/default"),
                     ("schema:format", "/components/schemas/Site/properties/relative/default")]


def test_a_duration_default_that_is_no_duration_is_reported_and_one_is_not(tmp_path: Path) -> None:
    """Nor `format: duration` (ReadMe's `schema-validation` document: `default: TBD`): the model
    types the field `timedelta`, whose default the string stayed (mypy --strict failed on the
    package; the attribute held "TBD"). Reported, and `generate` drops it, a named repair."""
    found = _own_problems(tmp_path, """\
    Job:
      type: object
      properties:
        tbd: {type: string, format: duration, default: TBD}
        iso: {type: string, format: duration, default: P1DT2H}
        seconds: {type: string, format: duration, default: PT0.5S}
""")
    assert found == [("schema:format", "/components/schemas/Job/properties/tbd/default")]


def test_a_long_list_with_duplicates_is_named_by_its_repeats(tmp_path: Path) -> None:
    """A short list is shown whole, as the validator words it; a long one (Stripe's
    `api_version` enum: one date 98 times) by the entries it repeats, not written out."""
    from generator.validate import own_checks

    long_enum = ["2025-10-15", *(f"v{i}" for i in range(40)), *["2025-10-15"] * 97, "x", "x"]
    text = ("openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n"
            f"    Short: {{type: string, enum: [a, b, a]}}\n"
            f"    Long: {{type: string, enum: {long_enum}}}\n")
    doc = load(write(tmp_path / "spec.yaml", text))
    messages = {p.pointer: p.message for p in own_checks(doc) if p.code == "schema:uniqueItems"}
    assert messages == {
        "/components/schemas/Short/enum": "['a', 'b', 'a'] has non-unique elements",
        "/components/schemas/Long/enum": "a list of 140 entries has non-unique elements: "
                                         "'2025-10-15' (98 times), 'x' (2 times)"}


def test_integers_past_a_floats_precision_are_distinct_entries(tmp_path: Path) -> None:
    """2**53 + 1 and 2**53 are one float: compared as floats, a valid enum's second value was
    "merged" away as a duplicate. 1 and 1.0 stay one JSON value."""
    found = _own_problems(tmp_path, """\
    Big: {type: integer, enum: [9007199254740993, 9007199254740992]}
    Same: {type: number, enum: [1, 1.0]}
""")
    assert found == [("schema:uniqueItems", "/components/schemas/Same/enum")]


MAPPED = """\
    Dog: {type: object, properties: {kind: {type: string}}}
    Cat: {type: object, properties: {kind: {type: string}}}
    Pet:
      oneOf: [{$ref: '#/components/schemas/Dog'}, {$ref: '#/components/schemas/Cat'}]
      discriminator:
        propertyName: kind
        mapping: {MAPPING}
"""


@pytest.mark.parametrize(("mapping", "dangling"), [
    ("{dog: '#/components/schemas/Dog', cat: Cat}", []),
    ("{dog: '#/components/schemas/Dgo', cat: Kat}", ["dog", "cat"]),
    ("{dog: '#/components/schemas/Dog/properties/kind', cat: 'https://example.com/x#/Cat'}", []),
])
def test_a_discriminator_mapping_naming_no_schema_is_reported(
        mapping: str, dangling: list[str], tmp_path: Path) -> None:
    found = _own_problems(tmp_path, MAPPED.replace("{MAPPING}", mapping))
    assert found == [("dangling-mapping", f"/components/schemas/Pet/discriminator/mapping/{tag}")
                     for tag in dangling]


def test_a_mapping_to_another_file_is_the_bundlers_not_a_schema_name(tmp_path: Path) -> None:
    """`dog.yaml` is a reference (the bundler's `is_mapping_reference`), never the schema
    named `dog.yaml`: bundled in, it names what the file holds, and nothing is dangling."""
    write(tmp_path / "dog.yaml", "type: object\nproperties: {kind: {type: string}}\n")
    found = _own_problems(tmp_path, MAPPED.replace("{MAPPING}", "{dog: dog.yaml, cat: Cat}"))
    assert found == []


def test_the_dangling_mapping_problem_has_its_line_and_a_suggestion(tmp_path: Path) -> None:
    from generator.validate import own_checks

    text = (f"openapi: 3.1.0\ninfo: {{title: t, version: '1'}}\npaths: {{}}\ncomponents:\n"
            f"  schemas:\n{MAPPED.replace('{MAPPING}', '{cat: Kat}')}")
    problem = only(own_checks(load(write(tmp_path / "spec.yaml", text))))
    assert problem.line == 12
    assert problem.message == "discriminator mapping 'cat' names '#/components/schemas/Kat', which does not exist"
    assert problem.hint == "did you mean 'Cat'?"


@pytest.mark.parametrize(("schemas", "expected"), [
    # the schema's own properties do not define it: reported at the schema
    ("    A: {type: object, required: [id, ghost], properties: {id: {type: string}}}\n",
     [("required-not-a-property", "/components/schemas/A")]),
    ("    A: {type: object, additionalProperties: false, required: [x], properties: {}}\n",
     [("required-not-a-property", "/components/schemas/A")]),
    # nested inline schemas too
    ("    A: {type: array, items: {type: object, required: [b], properties: {a: {}}}}\n",
     [("required-not-a-property", "/components/schemas/A/items")]),
    # defined: nothing to say
    ("    A: {type: object, required: [id], properties: {id: {type: string}}}\n", []),
    # defined elsewhere, or read with other schemas: not ours to judge
    (("    B: {type: object, properties: {name: {}}}\n"
      "    A: {allOf: [{$ref: '#/components/schemas/B'}, {required: [name], properties: {x: {}}}]}\n"),
     []),
    ("    A: {type: object, properties: {a: {}}, anyOf: [{required: [a]}, {required: [b]}]}\n", []),
    ("    A: {type: object, properties: {a: {}}, not: {required: [b], properties: {c: {}}}}\n", []),
    ("    A: {type: object, required: [b], properties: {a: {}}, additionalProperties: {}}\n", []),
    ("    A: {type: object, required: [x-b], properties: {a: {}}, patternProperties: {'^x-': {}}}\n",
     []),
    # a property named `required` is a name, not the keyword
    ("    A: {type: object, properties: {required: {type: array}}}\n", []),
    # a schema a `$ref` makes an allOf member (Spotify's PagingObject: its users define
    # `items`) is read with the others as an inline member is; unreferenced, it is reported
    (("    Page: {type: object, required: [total, items], properties: {total: {}}}\n"
      "    Tracks: {allOf: [{$ref: '#/components/schemas/Page'}, {properties: {items: {}}}]}\n"),
     []),
    (("    Page: {type: object, required: [total, items], properties: {total: {}}}\n"
      "    Tracks: {type: object, properties: {page: {$ref: '#/components/schemas/Page'}}}\n"),
     [("required-not-a-property", "/components/schemas/Page")]),
])
def test_required_naming_no_property_is_reported_where_nothing_else_defines_it(
        schemas: str, expected: list[tuple[str, str]], tmp_path: Path) -> None:
    assert _own_problems(tmp_path, schemas) == expected


def test_the_required_problem_has_the_line_of_required(tmp_path: Path) -> None:
    from generator.validate import own_checks

    text = ("openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n"
            "    A:\n      type: object\n      properties:\n        id: {type: string}\n"
            "      required: [id, nmae]\n")
    problem = only(own_checks(load(write(tmp_path / "spec.yaml", text))))
    assert (problem.pointer, problem.line) == ("/components/schemas/A", 10)
    assert problem.message == "`required` lists 'nmae', which `properties` does not define"


_TWO_SLIPS_IN_ONE_SCHEMA = """\
openapi: 3.0.0
info: {title: t, version: "1"}
paths:
  /lb:
    get:
      operationId: getLb
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/LB"}
components:
  schemas:
    LB:
      allOf:
        - type: object
          properties: {name: {type: string}}
        - type: object
          properties: {$ref: "#/components/schemas/ids"}
        - type: object
          properties: {$ref: "#/components/schemas/tag"}
    ids: {droplet_ids: {type: array, items: {type: integer}}}
    tag: {tag: {type: string}}
"""


def test_every_slip_of_one_schema_is_reported_and_repaired(tmp_path: Path) -> None:
    # DigitalOcean's LoadBalancer: two allOf members each give `properties` as a `$ref` (a
    # string where a schema goes). openapi-spec-validator says so in one error; only its
    # deepest sub-error was reported, so only one was repaired, and the other crashed
    # datamodel-code-generator ("ValidationError: 3 validation errors for JsonSchemaObject").
    spec = write(tmp_path / "spec.yaml", _TWO_SLIPS_IN_ONE_SCHEMA)
    problems = validate(load(spec))
    find(problems, "/components/schemas/LB/allOf/1/properties/$ref", "is not of type 'object'")
    find(problems, "/components/schemas/LB/allOf/2/properties/$ref", "is not of type 'object'")
    done = subprocess.run(
        [sys.executable, "-m", "generator", "generate", "--spec", str(spec),
         "--out", str(tmp_path / "lb")], capture_output=True, text=True, check=False, cwd=ROOT,
        timeout=120)
    assert done.returncode == 0, done.stderr
    assert "1 of 1 operations generated" in done.stdout + done.stderr


def test_a_path_with_dot_segments_is_named_and_its_operations_skipped(tmp_path: Path) -> None:
    """`https://h/v1` + `/a/../../admin` is `https://h/admin` once the HTTP client resolves the
    dots: the document would send requests outside its server URL's path."""
    spec = write(tmp_path / "dots.yaml", """\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /ok/{x}.json:
    get: {operationId: fine, parameters: [{name: x, in: path, required: true, schema: {type: string}}], responses: {"200": {description: ok}}}
  /a/../../admin:
    get: {operationId: up, responses: {"200": {description: ok}}}
""")
    problem = only([p for p in validate(load(spec)) if p.code == "path-dot-segment"])
    assert (problem.pointer, problem.line) == ("/paths/~1a~1..~1..~1admin", 6)
    from generator import tolerate

    decision = only(tolerate.triage(load(spec).data, [problem]))
    assert decision.category == "operation"
    assert decision.operations == ("/paths/~1a~1..~1..~1admin/get",)


def test_a_crash_of_openapi_spec_validator_names_the_object_it_was_checking(
        tmp_path: Path) -> None:
    spec = write(tmp_path / "brace.yaml", """\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /fine: {get: {responses: {"200": {description: ok}}}}
  /brace/{x}}:
    get:
      parameters: [{name: x, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok}}
""")
    crash = only([p for p in validate(load(spec)) if p.code == "validator-crashed"])
    assert (crash.pointer, crash.line) == ("/paths/~1brace~1{x}}/get", 6)
    assert "openapi-spec-validator failed: ValueError" in crash.message


def test_an_unusable_pattern_says_why_however_long_it_is(tmp_path: Path) -> None:
    """The regex engine writes the pattern, carets under the place, then the reason: cut to
    200 characters, loket.nl's long look-ahead password rule lost the reason."""
    long = "(?=^.{8,255}$)" + "((?=.*\\\\d)(?=.*[A-Z])(?=.*[a-z])|)" * 8 + "^.*"
    spec = write(tmp_path / "pattern.yaml", f"""\
openapi: 3.0.3
info: {{title: t, version: "1"}}
paths: {{}}
components:
  schemas:
    Password: {{type: string, pattern: "{long}"}}
""")
    problem = only([p for p in validate(load(spec)) if p.code == "pattern-unusable"])
    assert problem.pointer == "/components/schemas/Password/pattern"
    assert problem.message.endswith("regex parse error: look-around, including look-ahead and "
                                    "look-behind, is not supported (at character 1)")


def test_a_media_type_without_its_slash_is_named_and_read_as_meant(tmp_path: Path) -> None:
    """loket.nl writes `applicationjson;version=2018-01-01`: the body was sent as bytes under
    that Content-Type, and nothing said so."""
    spec = write(tmp_path / "media.yaml", """\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /earnings:
    post:
      requestBody:
        content:
          applicationjson;version=2018-01-01: {schema: {type: object}}
      responses:
        "201": {description: ok, content: {weird: {schema: {type: string}}}}
  /download:
    get:
      responses:
        "200": {description: ok, content: {"*": {schema: {type: string, format: binary}}}}
""")
    doc = load(spec)
    problems = [p for p in validate(doc) if p.code == "media-type-malformed"]
    assert [(p.pointer, p.line) for p in problems] == [
        ("/paths/~1earnings/post/requestBody/content/applicationjson;version=2018-01-01", 8),
        ("/paths/~1earnings/post/responses/201/content/weird", 10),
        ("/paths/~1download/get/responses/200/content/*", 14)]
    from generator import tolerate

    decisions = tolerate.triage(doc.data, problems)
    assert [d.action for d in decisions] == [
        "reads it as `application/json;version=2018-01-01`", "keeps it as written (its body is bytes)",
        "reads it as `*/*`"]
    repaired = tolerate.apply(doc.data, decisions).data
    assert list(repaired["paths"]["/earnings"]["post"]["requestBody"]["content"]) == [
        "application/json;version=2018-01-01"]
    # Telnyx's downloads: `*` is any type, which `Accept: *` (no media range) did not say
    assert list(repaired["paths"]["/download"]["get"]["responses"]["200"]["content"]) == ["*/*"]


def test_a_form_media_type_misspelt_is_read_as_the_form_meant(tmp_path: Path) -> None:
    """Mastodon's document writes its 13 form bodies (account sign-up, media uploads, OAuth's
    token) as `application/form-data`, no registered type: each was `body: bytes`, sent under
    that type, the form left to the caller to encode. Read as `multipart/form-data` (and
    `form-data`, `multipart/x-www-form-urlencoded` as the forms they name), the properties are
    arguments and the body a form; the repair is named."""
    spec = write(tmp_path / "forms.yaml", """\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /api/v1/media:
    post:
      operationId: upload
      requestBody:
        content:
          application/form-data:
            schema:
              type: object
              required: [file]
              properties:
                file: {type: string, format: binary}
                description: {type: string}
      responses: {"200": {description: ok}}
  /oauth/token:
    post:
      operationId: token
      requestBody:
        content:
          multipart/x-www-form-urlencoded:
            schema: {type: object, properties: {code: {type: string}}}
      responses: {"200": {description: ok}}
""")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert ("/paths/~1api~1v1~1media/post/requestBody/content/application~1form-data: repaired: "
            "media type 'application/form-data' is no form's media type (a form is "
            "`multipart/form-data`): a server reading forms refuses it -> reads it as "
            "`multipart/form-data`") in result.stderr
    assert "reads it as `application/x-www-form-urlencoded`" in result.stderr
    package = import_from(tmp_path, "out")
    with ScriptedServer([Reply(200)], repeat_last=True) as server:
        client = package.Client(base_url=server.url, max_retries=0)
        client.default.upload(file=b"\x89PNG", description="a cat")
        client.default.token(code="c 1")
    upload, token = server.requests
    assert upload.headers["content-type"].startswith("multipart/form-data; boundary=")
    assert b'name="file"; filename="upload"' in upload.body
    assert token.headers["content-type"] == "application/x-www-form-urlencoded"
    assert token.body == b"code=c+1"


def test_an_operation_whose_media_type_no_header_carries_is_left_out_and_named(
        tmp_path: Path) -> None:
    """`application/json\r\nX-Evil: 1` as a request's or an answer's media type: sent as the
    Content-Type or in Accept, every call failed (`Invalid request: Illegal header value`)
    before anything was sent. Those operations are left out, each named; the others generate,
    one whose error answer has such a media type too (it is only read)."""
    import json

    spec = tmp_path / "media.json"
    fine = {"200": {"description": "ok", "content": {"application/json": {"schema": {}}}}}
    spec.write_text(json.dumps({
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {
            "/a": {"post": {"operationId": "a", "requestBody": {"content": {
                "application/json\r\nX-Evil: 1": {"schema": {"type": "object"}}}},
                "responses": fine}},
            "/b": {"get": {"operationId": "b", "responses": {"200": {
                "description": "ok", "content": {"text/plain\u202e": {"schema": {}}}}}}},
            "/c": {"get": {"operationId": "c", "responses": fine}},
            "/d": {"get": {"operationId": "d", "responses": {**fine, "400": {  # only read
                "description": "no", "content": {"application/problem+json\u00e9": {}}}}}},
        }}), encoding="utf-8")
    problems = [p for p in validate(load(spec)) if p.code == "media-type-unsendable"]
    assert [p.pointer for p in problems] == [
        "/paths/~1a/post/requestBody/content/application~1json\r\nX-Evil: 1",
        "/paths/~1b/get/responses/200/content/text~1plain\u202e"]
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert "skipped POST /a" in result.stderr and "skipped GET /b" in result.stderr
    assert "\r" not in result.stderr and "\u202e" not in result.stderr  # (spelt as escapes)
    methods = (tmp_path / "out" / "resources" / "default.py").read_text(encoding="utf-8")
    assert "def c(" in methods and "def d(" in methods
    assert "def a(" not in methods and "def b(" not in methods


def test_a_crash_on_a_value_already_called_malformed_is_said_as_its_consequence(
        tmp_path: Path) -> None:
    """`paths` written as a list: the library's walk asserts an object and breaks there with
    an empty `AssertionError`; the document-level pass has said what is wrong, in words a user
    can act on, and the stop says only that the rest went unchecked."""
    spec = write(tmp_path / "listed.yaml", """\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  - /a
""")
    problem, stop = validate(load(spec))
    assert (problem.pointer, problem.line, problem.code) == ("/paths", 3, "schema:type")
    assert "is not of type 'object'" in problem.message
    assert problem.hint == "write an object here (each entry a key: value), not a list"
    assert (stop.pointer, stop.code) == ("/paths", "validator-crashed")
    assert stop.message == ("openapi-spec-validator stopped at this malformed value: errors "
                            "after it were not checked")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "pkg")
    assert result.returncode == 1 and not (tmp_path / "pkg").exists()
    assert "listed.yaml:3: /paths: nothing to generate: `paths` is a list, not an object" \
        in result.stderr


@pytest.mark.parametrize(("value", "hint"), [
    ("1.0", "fix the value's type (quote numbers meant as strings)"),
    ("[t]", "write a string here"),
    ("{a: b}", "write a string here"),
])
def test_a_wrong_type_hint_fits_the_value_written(tmp_path: Path, value: str, hint: str) -> None:
    spec = write(tmp_path / "typed.yaml", f"""\
openapi: 3.0.3
info: {{title: t, version: {value}}}
paths: {{}}
""")
    problem = only([p for p in validate(load(spec)) if p.pointer == "/info/version"])
    assert problem.hint == hint


def test_a_validator_crash_named_at_a_value_is_no_slip_of_that_value() -> None:
    """A crash while checking a schema's `default` is named at the schema: read as a problem of
    the `default`, the repair for an invalid default deleted a valid one."""
    from generator import tolerate
    from generator.problems import Problem

    crash = Problem("d.yaml", "/components/schemas/A/default", None,
                    "openapi-spec-validator failed: ValueError: boom", code="validator-crashed")
    data = {"components": {"schemas": {"A": {"type": "string", "default": "x"}}}}
    decision = only(tolerate.triage(data, [crash]))
    assert decision.action == "generates without openapi-spec-validator's verdict on the rest"


@pytest.mark.parametrize(("child", "expected"), [
    # the model builds the default, a Node, whose own `child` default builds another...
    ("{allOf: [{$ref: '#/components/schemas/Node'}], default: {}}",
     [("default-recursive", "/components/schemas/Node/properties/child/default")]),
    ("{$ref: '#/components/schemas/Node', default: {name: n}}",
     [("default-recursive", "/components/schemas/Node/properties/child/default")]),
    # a default that gives the property itself ends there; another schema's is no recursion
    ("{allOf: [{$ref: '#/components/schemas/Node'}], default: {child: null}}", []),
    ("{allOf: [{$ref: '#/components/schemas/Leaf'}], default: {}}", []),
])
def test_an_object_default_building_the_schema_it_sits_in_is_reported(
        child: str, expected: list[tuple[str, str]], tmp_path: Path) -> None:
    schemas = (f"    Node: {{type: object, properties: {{name: {{type: string}}, child: {child}}}}}\n"
               "    Leaf: {type: object, properties: {name: {type: string}}}\n")
    assert _own_problems(tmp_path, schemas) == expected


def test_a_parameter_with_schema_and_content_is_said_once_without_a_dump(tmp_path: Path) -> None:
    """The validator's `oneOf` matched by both branches said "is valid under each of" and
    printed the parameter and the meta-schema; the slip it stands for is said beside it."""
    spec = write(tmp_path / "both.yaml", (
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n"
        "      parameters:\n        - name: filter\n          in: query\n"
        "          schema: {type: string}\n"
        "          content: {application/json: {schema: {type: object}}}\n"
        "      responses: {'200': {description: ok}}\n"))
    problems = [p for p in validate(load(spec)) if p.pointer == "/paths/~1a/get/parameters/0"]
    assert [p.message for p in problems] == [
        "parameter `filter` (in: query): has both `schema` and `content`, which exclude each other"]


def test_a_problem_of_the_whole_document_explains_no_crash() -> None:
    """A crash is said as the consequence of a malformed value only below that value: a
    problem of the document's root (`info` missing, pointer "") is above every value, and
    the crash keeps its own words."""
    from generator.problems import Problem
    from generator.validate.openapi import _explained

    crash = Problem("d.yaml", "/paths/~1a/get", 4, "openapi-spec-validator failed: ValueError: x",
                    code="validator-crashed")
    root = Problem("d.yaml", "", 1, "'info' is a required property")
    assert _explained(crash, [root]) is crash
    paths = Problem("d.yaml", "/paths", 3, "['/a'] is not of type 'object'")
    assert _explained(crash, [paths]).message.startswith("openapi-spec-validator stopped at")


def test_an_extension_key_under_paths_is_valid(tmp_path: Path) -> None:
    """`paths: {x-codegen-contextRoot: ...}` (apicurio's registry): OpenAPI allows `x-` keys
    there; openapi-spec-validator took it for a path and broke (KeyError), so `validate` and
    `generate --strict` refused a valid document."""
    spec = write(tmp_path / "ext.yaml", """\
openapi: 3.0.2
info: {title: t, version: '1'}
paths:
  x-codegen-contextRoot: /apis/registry/v2
  /items:
    get:
      operationId: listItems
      parameters: [{name: q, in: query, schema: {type: intger}}]
      responses:
        '204': {description: ok}
""")
    problems = validate(load(spec))
    assert [(p.pointer, p.code) for p in problems] == [
        ("/paths/~1items/get/parameters/0/schema/type", "schema:enum")], problems
    fixed = write(tmp_path / "fixed.yaml", spec.read_text(encoding="utf-8").replace(
        "intger", "integer"))
    result = run_cli("generate", "--strict", "--spec", fixed, "--out", tmp_path / "pkg")
    assert result.returncode == 0, result.stderr
