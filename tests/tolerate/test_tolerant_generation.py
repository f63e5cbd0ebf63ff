"""Imperfect documents generate anyway: every repair and every skipped operation is named.

One small document per repair class and per skip class (tests/imperfect_docs/). For each:
the warning line on stderr, the entry in PROVENANCE.json and COVERAGE.md, and the generated
behaviour (the repaired field as repaired, the skipped operation absent, the other operations
working against a local server). The same documents with `--strict` exit 1 listing the same
problems and leave the output folder as it was.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator.manifest import load_manifest
from generator.output import coverage
from generator.problems import GeneratorError
from tests.support import IMPERFECT_DOCS as IMPERFECT
from tests.support import ROOT, import_from, resource_methods_in, subpackage_text
from tests.support.servers import Reply, ScriptedServer


@dataclass(frozen=True)
class Case:
    doc: str
    lines: tuple[str, ...]  # substrings, each of one stderr line: `file:line: pointer: what was done`
    repaired: int
    skipped: tuple[str, ...]  # "GET /path" of each skipped operation


CASES = [
    Case("default_wrong_type.yaml", (
        ("default_wrong_type.yaml:23: /components/schemas/Thing/properties/name/default: repaired: "
        "True is not of type 'string' -> drops the invalid `default`"),
        ("default_wrong_type.yaml:24: /components/schemas/Thing/properties/limit/default: repaired: "
        "'inf' is not of type 'integer' -> drops the invalid `default`"),
    ), 2, ()),
    Case("duplicate_required.yaml", (
        ("duplicate_required.yaml:17: /components/schemas/Thing/required: repaired: "
        "['id', 'name', 'id'] has non-unique elements -> merges the duplicate `required` entries"),
        ("duplicate_required.yaml:21: /components/schemas/Thing/properties/kind/enum: repaired: "
        "['a', 'b', 'a'] has non-unique elements -> merges the duplicate `enum` entries"),
    ), 2, ()),
    Case("unusable_pattern.yaml", (
        ("unusable_pattern.yaml:15: /paths/~1codes/post/requestBody/content/application~1json/schema/"
         "properties/code/pattern: repaired: pattern cannot be compiled for validation: "),
        "look-around, including look-ahead and look-behind, is not supported (at character 2) -> drops the `pattern`",
    ), 1, ()),
    Case("null_schema.yaml", (
        ("null_schema.yaml:10: /paths/~1items/post/requestBody/content/application~1json/schema: "
         "repaired: None is not of type 'object' -> reads the invalid schema as unconstrained "
         "(any value)"),
    ), 1, ()),
    Case("boolean_exclusive_31.yaml", (
        ("boolean_exclusive_31.yaml:15: /paths/~1rates/post/requestBody/content/application~1json/"
        "schema/properties/rate/exclusiveMinimum: repaired: `exclusiveMinimum: true` is JSON Schema "
        "draft 4 syntax (which OpenAPI 3.0 uses); the generator reads a 3.1 document's schemas as "
        "JSON Schema 2020-12, where it is a number -> reads the boolean `exclusiveMinimum` as "
        "draft 4 does"),
    ), 1, ()),
    # each bound read once, nothing dropped after; the document declares draft 4 its dialect, in
    # which the boolean is valid: the message says whose syntax it is, not that 3.1 forbids it
    Case("boolean_exclusive_draft4.yaml", (
        ("boolean_exclusive_draft4.yaml:14: /paths/~1rates/get/parameters/0/schema/"
         "exclusiveMinimum: repaired: `exclusiveMinimum: true` is JSON Schema draft 4 syntax "
         "(which OpenAPI 3.0 uses); the generator reads a 3.1 document's schemas as JSON Schema "
         "2020-12, where it is a number"),
        ("boolean_exclusive_draft4.yaml:14: /paths/~1rates/get/parameters/0/schema/"
         "exclusiveMaximum: repaired: `exclusiveMaximum: true` is JSON Schema draft 4 syntax"),
    ), 2, ()),
    Case("missing_info_version.yaml", (
        ("missing_info_version.yaml:2: /info: repaired: 'version' is a required property "
        "-> reads the missing `version` as empty"),
    ), 1, ()),
    Case("number_as_text.yaml", (  # new-user trial: the version was dropped, the operation skipped
        ("number_as_text.yaml:4: /info/version: repaired: 1.0 is not of type 'string' -> reads "
         "`version` as the text '1.0' (quote it to keep it as written)"),
        ("number_as_text.yaml:9: /paths/~1ping/get/summary: repaired: 2024 is not of type 'string' "
         "-> reads `summary` as the text '2024'"),
        ("number_as_text.yaml:11: /paths/~1ping/get/parameters/0/description: repaired: parameter "
         "`q` (in: query): 5 is not of type 'string' -> reads `description` as the text '5'"),
        ("number_as_text.yaml:13: /paths/~1ping/get/responses/204/description: repaired: 204 is not "
         "of type 'string' -> reads `description` as the text '204'"),
    ), 4, ()),
    Case("null_type_30.yaml", (
        ("null_type_30.yaml:21: /components/schemas/Note/properties/text/anyOf/1/type: repaired: "
        "'null' is not one of ['array', 'boolean', 'integer', 'number', 'object', 'string'] "
        "-> reads `type: 'null'` the 3.1 way: null is allowed"),
    ), 1, ()),
    Case("path_query_string.yaml", (
        ("path_query_string.yaml:4: /paths/~1search~1articles?query={query}: repaired: path "
        "'/search/articles?query={query}' carries a query string -> moves it to `/search/articles` "
        "with the query parameter(s) `query`"),
    ), 1, ()),
    Case("skipped_operations.yaml", (
        ("skipped_operations.yaml:16: /paths/~1items~1{id}/get: skipped GET /items/{id}: "
        "$ref '#/components/parameters/ItemId' points to nothing"),
        ("skipped_operations.yaml:22: /paths/~1items~1{id}/delete: skipped DELETE /items/{id}: "
        "parameter has no `in`"),
    ), 0, ("GET /items/{id}", "DELETE /items/{id}")),
    Case("method_clash.yaml", (
        ("method_clash.yaml:11: /paths/~1v2~1items/get: repaired: operations /paths/~1v1~1items/get "
        "(line 5) and /paths/~1v2~1items/get would both become the method items.list_items() "
        "-> names it `items.get_v2_items()` (its path-based name)"),
        ("method_clash.yaml:17: /paths/~1v3~1items/get: skipped GET /v3/items: operations "
        "/paths/~1v1~1items/get (line 5) and /paths/~1v3~1items/get would both become the method "
        "items.list_items()"),
    ), 2, ("GET /v3/items",)),
]
CASES += [
    Case("fixed_query.yaml", (
        ("fixed_query.yaml:4: /paths/~1items?beta=true: repaired: path '/items?beta=true' carries a "
         "query string -> sends the fixed query `beta=true` with every request to the path"),
        ("fixed_query.yaml:20: /components/schemas/Item/properties/name/minLength: repaired: "
         "`minLength: -1` is negative: no value can be held to it -> drops `minLength`: values are "
         "not counted against it"),
    ), 2, ()),
    Case("path_item_ref.yaml", (
        ("path_item_ref.yaml:6: /paths/~1v1~1items/get: repaired: operations /paths/~1items/get "
         "(line 4) and /paths/~1v1~1items/get would both become the method default.list_items() "
         "-> names it `default.get_v1_items()` (its path-based name)"),
        ("path_item_ref.yaml:9: /paths/~1other/get: skipped GET /other: parameter `bad` (in: query): "
         "'bogus' is not one of ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject']"),
    ), 2, ("GET /other",)),
    Case("query_string_and_skip.yaml", (
        ("query_string_and_skip.yaml:4: /paths/~1search?q={q}: repaired: path '/search?q={q}' "
         "carries a query string -> moves it to `/search` with the query parameter(s) `q`"),
        ("query_string_and_skip.yaml:13: /paths/~1api?action={action}/get: skipped GET "
         "/api?action={action}: path '/api?action={action}' carries a query string"),
        "query_string_and_skip.yaml:3: /paths/~1search/get: skipped GET /search: parameter has no `in`",
    ), 1, ("GET /api?action={action}", "POST /api?method={method}", "GET /search")),
]
CASES += [
    Case("dangling_mapping.yaml", (
        ("dangling_mapping.yaml:27: /components/schemas/Pet/discriminator/mapping/cat: repaired: "
         "discriminator mapping 'cat' names '#/components/schemas/Kat', which does not exist "
         "(did you mean 'Cat'?) -> drops the discriminator mapping entry `cat` (it names no "
         "schema)"),
        ("dangling_mapping.yaml:41: /components/schemas/Owner: repaired: `required` lists 'nmae', "
         "which `properties` does not define -> drops `nmae` from `required` (no such property)"),
        ("dangling_mapping.yaml:49: /components/schemas/Tags: repaired: `required` lists 'tags', "
         "which `properties` does not define -> drops `tags` from `required` (no such property)"),
    ), 3, ()),
]
CLEAN = ["extension_ref.yaml", "percent_encoded_ref.yaml"]


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def generate(doc: str, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return run_cli("generate", "--spec", IMPERFECT / doc, "--out", out, "--package", "pkg", *extra)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, str]]:
    """Every imperfect document generated once: doc -> (package folder, stderr)."""
    root = tmp_path_factory.mktemp("tolerant")
    results = {}
    for doc in [case.doc for case in CASES] + CLEAN:
        out = root / doc.removesuffix(".yaml") / "pkg"
        result = generate(doc, out)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
        results[doc] = (out, result.stderr)
    return results


def package(generated: dict[str, tuple[Path, str]], doc: str) -> ModuleType:
    folder, _ = generated[doc]
    return import_from(folder.parent, "pkg")


@pytest.mark.timeout(600)
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.doc)
def test_each_repair_and_skip_is_named(case: Case, generated: dict[str, tuple[Path, str]]) -> None:
    folder, stderr = generated[case.doc]
    lines = stderr.splitlines()
    for expected in case.lines:
        assert any(expected in line for line in lines), f"{expected!r} not in:\n{stderr}"
    record = json.loads((folder / "PROVENANCE.json").read_text(encoding="utf-8"))["coverage"]
    assert len(record["repairs"]) == case.repaired
    assert [f"{s['method']} {s['path']}" for s in record["skipped"]] == list(case.skipped)
    assert all(s["reasons"] for s in record["skipped"])
    note = (folder / "COVERAGE.md").read_text(encoding="utf-8")
    for label in case.skipped:
        assert f"`{label}`" in note
    assert f"## Repairs ({case.repaired})" in note if case.repaired else "## Repairs" not in note


@pytest.mark.timeout(600)
@pytest.mark.parametrize("doc", CLEAN)
def test_extension_refs_and_percent_encoded_fragments_are_not_problems(
    doc: str, generated: dict[str, tuple[Path, str]]
) -> None:
    folder, stderr = generated[doc]
    assert stderr == ""
    assert not (folder / "COVERAGE.md").exists()
    assert "coverage" not in json.loads((folder / "PROVENANCE.json").read_text(encoding="utf-8"))


def test_dropped_defaults_are_absent_and_valid_ones_kept(generated: dict[str, tuple[Path, str]]) -> None:
    models = package(generated, "default_wrong_type.yaml").models
    fields = models.Thing.model_fields
    assert fields["name"].default is None
    assert fields["limit"].default is None
    assert fields["size"].default == 3


def test_merged_entries_keep_their_meaning(generated: dict[str, tuple[Path, str]]) -> None:
    models = package(generated, "duplicate_required.yaml").models
    fields = models.Thing.model_fields
    assert fields["id"].is_required() and fields["name"].is_required()
    assert [member.value for member in models.ThingKind] == ["a", "b"]


def test_unusable_pattern_is_dropped_and_the_others_kept(generated: dict[str, tuple[Path, str]]) -> None:
    pkg = package(generated, "unusable_pattern.yaml")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        client = pkg.Client(api_key="k", base_url=server.url)
        with pytest.raises(pkg.RequestValidationError):
            client.default.send_code(code="xy", zip="1234")  # zip's pattern still holds
        client.default.send_code(code="xy", zip="12345")  # code's pattern is gone
    assert [r.json() for r in server.requests] == [{"code": "xy", "zip": "12345"}]


def test_null_schema_takes_any_body(generated: dict[str, tuple[Path, str]]) -> None:
    pkg = package(generated, "null_schema.yaml")
    with ScriptedServer([Reply(204)]) as server:
        pkg.Client(api_key="k", base_url=server.url).default.create_item(body={"any": [1]})
    assert server.requests[0].json() == {"any": [1]}


def test_webhooks_only_document_gives_models_and_says_so(tmp_path: Path) -> None:
    result = generate("webhooks_only.yaml", tmp_path / "pkg")
    assert result.returncode == 0, result.stderr
    assert "webhooks_only.yaml: no operations under `paths`" in result.stderr
    pkg = import_from(tmp_path, "pkg")
    assert pkg.models.Pet(name="rex").name == "rex"


def test_document_with_nothing_to_generate_is_refused(tmp_path: Path) -> None:
    spec = tmp_path / "empty.yaml"
    spec.write_text("openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n", encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "pkg")
    assert result.returncode == 1
    assert "empty.yaml:3: /paths: nothing to generate" in result.stderr
    assert not (tmp_path / "pkg").exists()


def test_missing_info_version_reads_as_empty(generated: dict[str, tuple[Path, str]]) -> None:
    assert package(generated, "missing_info_version.yaml").__version__ == ""
    folder, _ = generated["missing_info_version.yaml"]
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "A typed Python client for No version, generated by" in readme  # no "API version ``"


def test_a_number_where_text_goes_is_read_as_its_text(generated: dict[str, tuple[Path, str]]) -> None:
    pkg = package(generated, "number_as_text.yaml")
    assert pkg.__version__ == "1.0"
    folder, _ = generated["number_as_text.yaml"]
    assert "(API version `1.0`)" in (folder / "README.md").read_text(encoding="utf-8")
    with ScriptedServer([Reply(204)]) as server:
        assert pkg.Client(base_url=server.url).default.ping(q="x") is None
    assert server.requests[0].query == [("q", "x")]


def test_null_branch_makes_the_field_nullable(generated: dict[str, tuple[Path, str]]) -> None:
    models = package(generated, "null_type_30.yaml").models
    assert models.Note.model_validate({"text": None}).text is None
    assert models.Note.model_validate({"text": "a"}).text == "a"


def test_boolean_exclusive_minimum_is_a_strict_bound(generated: dict[str, tuple[Path, str]]) -> None:
    pkg = package(generated, "boolean_exclusive_31.yaml")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        client = pkg.Client(api_key="k", base_url=server.url)
        with pytest.raises(pkg.RequestValidationError):
            client.default.set_rate(rate=0)
        assert server.requests == []
        client.default.set_rate(rate=0.5)
        assert server.requests[0].json() == {"rate": 0.5}


def test_boolean_bounds_under_a_draft_4_dialect_stay_bounds(
        generated: dict[str, tuple[Path, str]]) -> None:
    """A 3.1 document whose `jsonSchemaDialect` is draft 4 writes `exclusiveMinimum: true`
    validly: read as 3.1's number bound, the schema was validated again as draft 4, the number
    dropped as no boolean, `maximum` then missing its dependency: the argument was typed `Any`,
    unchecked, after three repairs of a valid schema."""
    pkg = package(generated, "boolean_exclusive_draft4.yaml")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        client = pkg.Client(api_key="k", base_url=server.url)
        for bound in (0, 10, "x"):
            with pytest.raises(pkg.RequestValidationError):
                client.default.set_rate(rate=bound)
        assert server.requests == []
        client.default.set_rate(rate=2.5)
        assert server.requests[0].query == [("rate", "2.5")]


def test_query_string_path_is_sent_as_a_query(generated: dict[str, tuple[Path, str]]) -> None:
    pkg = package(generated, "path_query_string.yaml")
    with ScriptedServer([Reply(200, body=["a"])]) as server:
        result = pkg.Client(api_key="k", base_url=server.url).default.search_articles(query="a b")
    assert result == ["a"]
    assert server.requests[0].path == "/search/articles"
    assert server.requests[0].query == [("query", "a b")]


def test_skipped_operations_are_absent_and_the_rest_works(generated: dict[str, tuple[Path, str]]) -> None:
    pkg = package(generated, "skipped_operations.yaml")
    with ScriptedServer([Reply(200, body=["x"])]) as server:
        client = pkg.Client(api_key="k", base_url=server.url)
        assert not hasattr(client.default, "get_item")
        assert not hasattr(client.default, "delete_item")
        assert client.default.list_items(limit=2) == ["x"]
    assert (server.requests[0].path, server.requests[0].query) == ("/items", [("limit", "2")])


def test_renamed_and_skipped_clashes(generated: dict[str, tuple[Path, str]]) -> None:
    pkg = package(generated, "method_clash.yaml")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        items = pkg.Client(api_key="k", base_url=server.url).items
        items.list_items()
        items.get_v2_items()
        items.get_v3_items()
    assert [r.path for r in server.requests] == ["/v1/items", "/v2/items", "/v4/items"]


def test_percent_encoded_ref_resolves_to_the_path_parameter(generated: dict[str, tuple[Path, str]]) -> None:
    pkg = package(generated, "percent_encoded_ref.yaml")
    with ScriptedServer([Reply(204)]) as server:
        pkg.Client(api_key="k", base_url=server.url).default.latest_sync(company_id="c 1")
    assert server.requests[0].target == "/companies/c%201/syncs/latest"


@pytest.mark.timeout(600)
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.doc)
def test_strict_refuses_with_the_same_problems_and_writes_nothing(case: Case, tmp_path: Path) -> None:
    out = tmp_path / "pkg"
    out.mkdir()
    (out / "keep.txt").write_text("mine\n", encoding="utf-8")
    result = generate(case.doc, out, "--strict")
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    for expected in case.lines:
        if ": repaired: " in expected:  # the same location and problem, without the repair
            location, _, rest = expected.partition(": repaired: ")
            assert f"{location}: {rest.split(' -> ')[0]}" in result.stderr, result.stderr
        else:  # the same problem (strict names where in the operation it is)
            problem = expected.partition(": skipped ")[2].partition(": ")[2]
            assert problem in result.stderr, result.stderr
    assert [p.name for p in out.iterdir()] == ["keep.txt"]


def test_a_dangling_mapping_entry_goes_and_the_others_tag_as_before(
        generated: dict[str, tuple[Path, str]]) -> None:
    """`cat: Kat` dropped: `dog` still tags Dog, Cat is told by its schema's name; the Owner
    model requires `id` only (`nmae` was no property)."""
    models = package(generated, "dangling_mapping.yaml").models
    assert type(models.Pet.model_validate({"kind": "dog", "bark": True}).root).__name__ == "Dog"
    assert type(models.Pet.model_validate({"kind": "Cat"}).root).__name__ == "Cat"
    assert models.Owner.model_validate({"id": "o1"}).id == "o1"


def test_validate_says_what_generate_would_do() -> None:
    result = run_cli("validate", IMPERFECT / "skipped_operations.yaml", IMPERFECT / "default_wrong_type.yaml")
    assert result.returncode == 1
    assert "[generate skips GET /items/{id}]" in result.stderr
    assert "[generate skips DELETE /items/{id}]" in result.stderr
    assert "[generate repairs: drops the invalid `default`]" in result.stderr


def test_validate_reports_a_dangling_mapping_and_an_undefined_required_name() -> None:
    """Both found by `validate` too, with line, pointer and what `generate` does about them."""
    result = run_cli("validate", IMPERFECT / "dangling_mapping.yaml")
    assert result.returncode == 1
    doc = IMPERFECT / "dangling_mapping.yaml"
    assert (f"{doc}:27: /components/schemas/Pet/discriminator/mapping/cat: discriminator mapping "
            "'cat' names '#/components/schemas/Kat', which does not exist (did you mean 'Cat'?) "
            "[generate repairs: drops the discriminator mapping entry `cat` (it names no schema)]"
            ) in result.stderr
    assert (f"{doc}:41: /components/schemas/Owner: `required` lists 'nmae', which `properties` "
            "does not define (add the property, or drop the name from `required`) "
            "[generate repairs: drops `nmae` from `required` (no such property)]") in result.stderr
    assert f"{doc}:49: /components/schemas/Tags: `required` lists 'tags'" in result.stderr
    assert len(result.stderr.splitlines()) == 3, result.stderr


def test_vendored_providers_are_strict() -> None:
    manifest = load_manifest(ROOT / "specs" / "providers.yaml")
    assert [provider.strict for provider in manifest.providers] == [True, True, True]


def test_manifest_strict_must_be_a_boolean(tmp_path: Path) -> None:
    manifest = tmp_path / "providers.yaml"
    manifest.write_text("providers:\n  p:\n    spec: s.yaml\n    package: p\n    api_key_env: P_KEY\n"
                        "    strict: 'yes'\n", encoding="utf-8")
    with pytest.raises(GeneratorError) as caught:
        load_manifest(manifest)
    assert caught.value.problems[0].pointer == "/providers/p/strict"


def test_count_check_fails_loudly_on_a_lost_method() -> None:
    document: dict[str, Any] = {"paths": {"/a": {"get": {"operationId": "one"}},
                                          "/b": {"get": {"operationId": "two"}}}}
    resources = "class Default(SyncAPIResource):\n    def one(self) -> None: ...\n"
    named = {"/paths/~1a/get": ("Default", "one"), "/paths/~1b/get": ("Default", "two")}
    with pytest.raises(GeneratorError) as caught:
        coverage.check("spec.yaml", document, document, set(), resource_methods_in({"resources/default.py": resources}), named)
    assert "generator bug: 2 operations to generate, 1 methods generated" in str(caught.value)
    assert "not generated: GET /b" in str(caught.value)
    working = {"paths": {"/a": document["paths"]["/a"]}}
    coverage.check("spec.yaml", document, working, {"/paths/~1b/get"},
                   resource_methods_in({"resources/default.py": resources}), named)  # a named skip accounts for it


def test_fixed_query_is_sent_with_the_other_query_parameters(generated: dict[str, tuple[Path, str]]) -> None:
    """httpx replaces a URL's query when given params: the fixed pairs must survive them."""
    folder, _ = generated["fixed_query.yaml"]
    assert "min_length" not in subpackage_text(folder)  # repaired too
    pkg = package(generated, "fixed_query.yaml")
    with ScriptedServer([Reply(200, body={"name": ""})], repeat_last=True) as server:
        items = pkg.Client(api_key="k", base_url=server.url).default
        items.list_items(limit=5)
        items.list_items()
        items.list_items(extra_query={"page": 2})
    assert [(r.path, r.query) for r in server.requests] == [
        ("/items", [("beta", "true"), ("limit", "5")]),
        ("/items", [("beta", "true")]),
        ("/items", [("beta", "true"), ("page", "2")]),
    ]


def test_operations_of_a_referenced_path_item(generated: dict[str, tuple[Path, str]]) -> None:
    pkg = package(generated, "path_item_ref.yaml")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        client = pkg.Client(api_key="k", base_url=server.url)
        client.default.list_items()
        client.default.get_v1_items()
        assert not hasattr(client.default, "other")
    assert [r.path for r in server.requests] == ["/items", "/v1/items"]


def test_moved_and_skipped_query_string_paths(generated: dict[str, tuple[Path, str]]) -> None:
    pkg = package(generated, "query_string_and_skip.yaml")
    client = pkg.Client(api_key="k", base_url="http://127.0.0.1:9")
    assert [name for name in ("search", "do_action", "call_method", "other") if hasattr(client.default, name)] == [
        "other"
    ]


def test_count_check_knows_resource_classes_by_their_base() -> None:
    """A tag `async-jobs` makes the sync class `AsyncJobs`: still counted."""
    document: dict[str, Any] = {"paths": {"/jobs": {"get": {"operationId": "listJobs", "tags": ["async-jobs"]}}}}
    resources = (
        "class AsyncJobs(SyncAPIResource):\n    def list_jobs(self) -> None: ...\n"
        "class AsyncAsyncJobs(AsyncAPIResource):\n    async def list_jobs(self) -> None: ...\n"
    )
    named = {"/paths/~1jobs/get": ("AsyncJobs", "list_jobs")}
    coverage.check("spec.yaml", document, document, set(), resource_methods_in({"resources/async_jobs.py": resources}), named)


def test_a_document_whose_every_operation_is_skipped_is_refused(tmp_path: Path) -> None:
    """Skipping every operation would write a client without methods and exit 0, a refusal a CI
    job would not notice: it fails instead, each skip named, and nothing is written."""
    spec = tmp_path / "hopeless.yaml"
    spec.write_text(
        "openapi: 3.0.3\n"
        "info: {title: t, version: '1'}\n"
        "paths:\n"
        "  /a:\n"
        "    get:\n"
        "      parameters: [{name: q, schema: {type: string}}]\n"
        "      responses: {'200': {description: ok}}\n"
        "  /b:\n"
        "    post:\n"
        "      parameters: [{name: r, schema: {type: string}}]\n"
        "      responses: {'200': {description: ok}}\n",
        encoding="utf-8",
    )
    out = tmp_path / "pkg"
    result = run_cli("generate", "--spec", spec, "--out", out)
    assert result.returncode == 1, result.stderr
    assert "hopeless.yaml:5: /paths/~1a/get: skipped GET /a: parameter has no `in`" in result.stderr
    assert "hopeless.yaml:9: /paths/~1b/post: skipped POST /b:" in result.stderr
    assert ("hopeless.yaml:3: /paths: every one of its 2 operations had to be skipped: the client "
            "would have no methods; nothing was written") in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()
    # one usable operation is enough: the other is skipped and named, the package written
    spec.write_text(spec.read_text(encoding="utf-8").replace("{name: r,", "{name: r, in: query,"),
                    encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", out)
    assert result.returncode == 0, result.stderr
    assert "skipped GET /a" in result.stderr and "1 of 2 operations generated" in result.stdout


def test_a_repair_keeps_the_guess_at_what_was_meant(tmp_path: Path) -> None:
    """`generate` reads a misspelt `$ref` as any value; it says which name was likely meant,
    as `validate` does, so the author can fix the document rather than live with `Any`."""
    spec = tmp_path / "typo.yaml"
    spec.write_text("""\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      operationId: getA
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Pett'}
components:
  schemas:
    Pet: {type: object}
""", encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "pkg")
    assert result.returncode == 0, result.stderr
    assert ("typo.yaml:12: /paths/~1a/get/responses/200/content/application~1json/schema/$ref: "
            "repaired: $ref '#/components/schemas/Pett' points to nothing: /components/schemas "
            "has no 'Pett' (did you mean 'Pet'?) -> reads the schema as unconstrained (any value)"
            ) in result.stderr
    assert "(did you mean 'Pet'?)" in (tmp_path / "pkg" / coverage.NOTE_FILENAME).read_text()


def test_a_query_parameter_the_path_fixes_is_sent_once(tmp_path: Path) -> None:
    """`/files/{name}?view=fileinfo` that also declares the query parameter `view` (a sweep of
    real documents found it): the argument was sent beside the fixed pair
    (`?view=fileinfo&view=fileinfo_ext`). The path fixes it: the parameter is left out of the
    arguments, and said so."""
    spec = tmp_path / "fixed.yaml"
    spec.write_text("""\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /files/{name}?view=fileinfo:
    parameters:
      - {name: view, in: query, schema: {type: string}}
    get:
      operationId: fileInfo
      parameters:
        - {name: name, in: path, required: true, schema: {type: string}}
        - {$ref: '#/components/parameters/View'}
        - {name: limit, in: query, schema: {type: integer}}
      responses: {"204": {description: ok}}
components:
  parameters:
    View: {name: view, in: query, required: true, schema: {type: string, enum: [fileinfo, ext]}}
""", encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "fixedpkg")
    assert result.returncode == 0, result.stderr
    assert ("sends the fixed query `view=fileinfo` with every request to the path, and leaves "
            "the query parameter(s) `view` it fixes out of the arguments") in result.stderr
    pkg = import_from(tmp_path, "fixedpkg")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        pkg.Client(base_url=server.url).default.file_info(name="a", limit=2)
        with pytest.raises(TypeError):
            pkg.Client(base_url=server.url).default.file_info(name="a", view="ext")
    assert [(r.path, r.query) for r in server.requests] == [
        ("/files/a", [("view", "fileinfo"), ("limit", "2")])]


def test_a_pattern_written_between_javascripts_slashes_is_read_as_meant(tmp_path: Path) -> None:
    """`pattern: '/^[a-z0-9._]+$/'` (PeerTube's usernames; data2crm has 144): as written no
    string matches (`^` after a `/`), so every call was refused. Read without the slashes,
    its `i` flag kept inline; a pattern merely holding slashes (`^/api/.*`) is left alone."""
    spec = tmp_path / "users.yaml"
    spec.write_text("""\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /users:
    post:
      operationId: addUser
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [username]
              properties:
                username: {type: string, pattern: '/^[a-z0-9._]+$/'}
                code: {type: string, pattern: '/^3[A-Z]{3}$/i'}
                path: {type: string, pattern: '^/api/.*/'}
      responses: {"204": {description: ok}}
""", encoding="utf-8")
    checked = run_cli("validate", spec)
    assert checked.returncode == 1
    assert ("users.yaml:15: /paths/~1users/post/requestBody/content/application~1json/schema/"
            "properties/username/pattern: pattern '/^[a-z0-9._]+$/' is written between "
            "JavaScript's slashes") in checked.stderr
    assert "properties/path/pattern" not in checked.stderr
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "jspkg")
    assert result.returncode == 0, result.stderr
    assert "-> reads it as '(?i)^3[A-Z]{3}$'" in result.stderr
    pkg = import_from(tmp_path, "jspkg")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        client = pkg.Client(base_url=server.url).default
        client.add_user(username="alice", code="3abc", path="/api/v1/")
        with pytest.raises(pkg.RequestValidationError):
            client.add_user(username="Alice!")
    assert [r.json() for r in server.requests] == [
        {"username": "alice", "code": "3abc", "path": "/api/v1/"}]
