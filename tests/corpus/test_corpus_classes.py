"""The corpus runner's reading of our generator: the failure classes of its stderr, and the
repairs and skipped operations of a generated package (PROVENANCE.json `coverage`) by class.

The failure lines are exact first lines the generator printed for documents of the corpus (see
docs/corpus.md); the runner must put each in the class named here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import corpus, corpus_classes

LINES = [
    (("/c/docs/ai_openai.yaml:40123: /components/schemas/ContainerResource/required: ['id', 'name', 'id'] "
     "has non-unique elements"), "duplicate required entries"),
    ("/c/docs/ai_anthropic.yaml:3: /info: 'version' is a required property (add the missing field)",
     "missing info.version"),
    (("/c/docs/apis-guru_openai.com.json:1: /components/schemas/CreateChatCompletionRequest/properties/max_tokens"
     "/default: 'inf' is not of type 'integer' (fix the value's type (quote numbers meant as strings))"),
     "default of wrong type"),
    (("/c/docs/ai_azure-openai.json:123: /paths/~1deployments~1{deployment-id}~1completions/post/x-ms-examples/"
     "Create a completion./$ref: $ref './examples/completions.json': file not found (/c/docs/examples/"
     "completions.json) (check the relative path; it is resolved from the referring file's folder)"),
     "$ref in x-* extension to a missing file"),
    (("/c/docs/blockfrost_openapi.yaml:7817: /components/schemas/dreps/properties/json_metadata/anyOf/6/type: "
     "'null' is not one of ['array', 'boolean', 'integer', 'number', 'object', 'string'] "
     "(use one of the allowed values)"), "type: 'null' in a 3.0 document"),
    (("/c/docs/ai_openai.yaml:9: /components/schemas/FineTuningJob/properties/lr/oneOf/1/exclusiveMinimum: "
     "True is not of type 'number' (fix the value's type (quote numbers meant as strings))"),
     "boolean exclusiveMinimum/exclusiveMaximum in 3.1"),
    (("pkg/_client.py:10: generated code does not compile: invalid syntax (a generator bug: nothing was "
     "written; run with --debug and report it with the spec)"),
     "internal error: generated code does not compile (invalid syntax)"),
    ("timeout after 300 s", "timeout"),
    # problems the tolerant mode repaired, as PROVENANCE.json records them (`pointer: problem`)
    (("/paths/~1seldon~1{namespace}/post/parameters/0/schema/pattern: pattern cannot be compiled for validation: "
      "Error building \"str\" validator: SchemaError: Compiled regex exceeds size limit of 10485760 bytes."),
     "pattern pydantic-core cannot compile (regex size limit)"),
    (("/paths/~1v1~1datasets~1{id}/get/parameters/0/schema/pattern: pattern cannot be compiled for validation: "
      "Error building \"str\" validator: SchemaError: regex parse error: ^(?!usage$).*$ ^^^ error: look-around, "
      "including look-ahead and look-behind, is not supported"),
     "pattern pydantic-core cannot compile (look-around)"),
    (("/components/schemas/Domain/properties/domain/pattern: pattern cannot be compiled for validation: Error "
      "building \"str\" validator: SchemaError: regex parse error: \\A(\\*\\.)?([a-z]+)\\Z ^^ error: "
      "unrecognized escape sequence"), "pattern pydantic-core cannot compile (unrecognized escape)"),
    (("/components/schemas/CreateFineTuningJobRequest/properties/lr/oneOf/1/exclusiveMinimum: `exclusiveMinimum: "
      "true` is JSON Schema draft 4 syntax (which OpenAPI 3.0 uses); the generator reads a 3.1 document's schemas "
      "as JSON Schema 2020-12, where it is a number"), "boolean exclusiveMinimum/exclusiveMaximum in 3.1"),
    (("/components/schemas/CreateFineTuningJobRequest/properties/lr/oneOf/1/exclusiveMinimum: `exclusiveMinimum: "
      "true` is OpenAPI 3.0 syntax; in 3.1 it is a number"), "boolean exclusiveMinimum/exclusiveMaximum in 3.1"),
    ("/components/schemas/TruncationStrategy/oneOf: [] should be non-empty", "empty `oneOf` list"),
    (("/components/schemas/createResponse/allOf/2/properties/include/description: {'$ref': "
      "'#/components/schemas/includable/description'} is not of type 'string'"), "description that is not a string"),
]


@pytest.mark.parametrize(("line", "expected"), LINES, ids=[expected for _, expected in LINES])
def test_each_known_line_lands_in_its_class(line: str, expected: str) -> None:
    assert corpus_classes.classify_line(line) == expected


def test_an_unknown_validator_message_is_a_class_of_its_own_with_its_values_blanked() -> None:
    first = corpus_classes.classify_line("/d.json:3: /paths/~1a/get/x: 'abc' is too long (shorten it)")
    second = corpus_classes.classify_line("/d.json:9: /paths/~1b/put/y: 'defgh' is too long (shorten it)")
    assert first == second == "openapi-spec-validator: … is too long"


def test_an_import_failure_is_classed_by_its_exception() -> None:
    assert corpus_classes.classify("SchemaError: Compiled regex exceeds size limit", "import") == \
        "import: SchemaError"


def test_a_failure_reason_is_the_first_line_or_a_tracebacks_exception() -> None:
    assert corpus.reason("\n/d.json:1: /info: bad\n/d.json:2: /x: worse\n") == "/d.json:1: /info: bad"
    traceback = 'Traceback (most recent call last):\n  File "x.py", line 1\nNameError: name "x" is not defined\n'
    assert corpus.reason(traceback) == 'NameError: name "x" is not defined'


def test_a_failure_reason_is_never_a_repair_or_skip_note() -> None:
    stderr = ("/d.json:3: /components/schemas/A/default: repaired: 'x' is not of type 'integer' -> drops the "
              "invalid `default`\n"
              "/d.json:9: /paths/~1a/get: skipped GET /a: $ref '#/components/schemas/X' points to nothing\n"
              "pkg/_client.py:10: generated code does not compile: invalid syntax\n")
    assert corpus.reason(stderr) == "pkg/_client.py:10: generated code does not compile: invalid syntax"


def write_provenance(package: Path, coverage: dict[str, object] | None) -> None:
    package.mkdir(parents=True)
    record: dict[str, object] = {"inputs": [], "toolkit": {}, "files": {}}
    if coverage is not None:
        record["coverage"] = coverage
    (package / "PROVENANCE.json").write_text(json.dumps(record), encoding="utf-8")


def test_coverage_is_read_from_provenance_and_the_summary_line(tmp_path: Path) -> None:
    write_provenance(tmp_path / "pkg", {
        "repairs": [
            {"file": "d.json", "pointer": "/components/schemas/A/default", "line": 3,
             "problem": "'x' is not of type 'integer'", "action": "drops the invalid `default`"},
            {"file": "d.json", "pointer": "/components/schemas/B/default", "line": 7,
             "problem": "None is not of type 'object'", "action": "drops the invalid `default`"},
            {"file": "d.json", "pointer": "/components/schemas/C/required", "line": 9,
             "problem": "['a', 'a'] has non-unique elements", "action": "merges the duplicate `required` entries"},
        ],
        "skipped": [{"method": "GET", "path": "/a/{id}", "pointer": "/paths/~1a~1{id}/get",
                     "reasons": ["$ref '#/components/parameters/X' points to nothing"]}],
    })
    outcome = corpus.Outcome(ok=True, operations=4)
    stdout = "wrote /w/pkg: 4 of 5 operations generated, 1 skipped, 3 repaired (listed in /w/pkg/COVERAGE.md)\n"
    corpus.read_coverage(outcome, tmp_path / "pkg", stdout)
    assert (outcome.document_operations, outcome.skipped, outcome.repairs) == (5, 1, 3)
    assert outcome.repair_classes == {"drops the invalid `default`": 2, "merges the duplicate `required` entries": 1}
    assert outcome.repair_problems == {"default of wrong type": 2, "duplicate required entries": 1}
    assert outcome.skip_classes == {"unresolvable internal $ref": 1}
    assert outcome.skipped_lines == ["GET /a/{id}: $ref '#/components/parameters/X' points to nothing"]
    assert outcome.repair_lines[0] == ("/components/schemas/A/default: 'x' is not of type 'integer' -> "
                                       "drops the invalid `default`")


def test_the_lines_kept_include_one_of_each_class_however_many_come_before_it() -> None:
    lines = [f"line {n}" for n in range(30)]
    classes = ["often"] * 25 + ["rare"] * 5
    kept = corpus.examples(lines, classes)
    assert len(kept) == corpus.EXAMPLES
    assert kept[:19] == lines[:19]
    assert kept[-1] == "line 25"
    assert corpus.examples(lines[:3], classes[:3]) == lines[:3]


def test_a_package_with_nothing_repaired_or_skipped_counts_zero_and_all_its_operations(tmp_path: Path) -> None:
    write_provenance(tmp_path / "pkg", None)
    outcome = corpus.Outcome(ok=True, operations=7)
    corpus.read_coverage(outcome, tmp_path / "pkg", "wrote /w/pkg: 7 of 7 operations generated\n")
    assert (outcome.document_operations, outcome.skipped, outcome.repairs) == (7, 0, 0)
    assert outcome.repair_classes == outcome.skip_classes == {}


@pytest.mark.parametrize(("action", "expected"), [
    ("drops the invalid `default`", "drops the invalid `default`"),
    ("drops `#/components/parameters/Unused` (no operation uses it)", "drops `…` (no operation uses it)"),
    ("drops 'a', 'b' from `required` (no such property)", "drops … from `required` (no such property)"),
    ("ignores the unknown field(s) 'bogus', 'other'", "ignores the unknown field(s) …"),
    ("names it `Items.get_v2_items()` (its path-based name)", "names it `…` (its path-based name)"),
    ("moves it to `/search` with the query parameter(s) `q`", "moves it to `…` with the query parameter(s) …"),
    ("sends the fixed query `beta=true` with every request to the path",
     "sends the fixed query `…` with every request to the path"),
    ("reads `type: 'null'` the 3.1 way: null is allowed", "reads `type: 'null'` the 3.1 way: null is allowed"),
])
def test_a_repair_class_blanks_what_names_a_place(action: str, expected: str) -> None:
    assert corpus_classes.repair_class(action) == expected


def result_with(name: str, outcome: corpus.Outcome) -> corpus.Result:
    return corpus.Result(name, {}, "3.0.0", "json", 10, 5, outcome, corpus.Outcome())


def test_repairs_and_skips_are_tabled_by_class_over_the_documents() -> None:
    first = result_with("one", corpus.Outcome(
        ok=True, imported=True, repairs=3, repair_classes={"drops the invalid `default`": 3},
        repair_lines=["/components/schemas/A/default: 'x' is not of type 'integer' -> drops the invalid `default`"],
        skipped=1, skip_classes={"method name clash": 1},
        skipped_lines=["GET /b: get_b: `Items.list` and `Items.list` would both become the method"]))
    second = result_with("two", corpus.Outcome(
        ok=True, imported=True, repairs=1, repair_classes={"drops the invalid `default`": 1},
        repair_lines=["/components/schemas/B/default: None is not of type 'object' -> drops the invalid `default`"]))
    repairs = corpus_classes.coverage_table([first, second], "repair")
    assert repairs[2].startswith("| drops the invalid `default` | 4 | 2 | `one`: `` /components/schemas/A/default")
    skips = corpus_classes.coverage_table([first, second], "skip")
    assert skips[2].startswith("| method name clash | 1 | 1 | `one`: ``GET /b:")
    assert corpus_classes.coverage_line([first, second], "repair") == "drops the invalid `default` 4 (2 docs)"
    first.ours.repair_problems, second.ours.repair_problems = {"default of wrong type": 3}, {"default of wrong type": 1}
    problems = corpus_classes.coverage_table([first, second], "problem")
    assert problems[2] == ("| default of wrong type | 4 | 2 | `one`: `` /components/schemas/A/default: 'x' is not "
                           "of type 'integer' -> drops the invalid `default` `` |")
    clean = result_with("clean", corpus.Outcome(ok=True, imported=True, repairs=0, skipped=0))
    assert corpus_classes.coverage_table([clean], "skip") == ["(no skips)"]


def test_the_table_shows_operations_generated_of_the_documents_and_both_tools() -> None:
    ours = corpus.Outcome(ok=True, imported=True, operations=4, document_operations=5, skipped=1, repairs=3,
                          seconds=1.0)
    opc = corpus.Outcome(ok=True, operations=3, seconds=1.0)
    row = corpus.table([corpus.Result("doc", {}, "3.1.0", "yaml", 2048, 5, ours, opc)]).splitlines()[2]
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[:10] == ["doc", "3.1.0", "2", "5", "yes", "yes", "4/5", "1", "3", "1.0"]
    assert cells[10:12] == ["yes", "3"]
    lines = corpus.summary([corpus.Result("doc", {}, "3.1.0", "yaml", 2048, 5, ours, opc)])
    assert "ours 4/5 (80%) in the 1 it generated, openapi-python-client 3/5 (60%)" in lines[2]
    assert lines[3].startswith("ours left out 1 operation(s) in 1 document(s) and made 3 repair(s)")
