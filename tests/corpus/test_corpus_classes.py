"""The corpus runner's reading of our generator's stderr: failure classes and `skipped` lines.

The lines are exact first lines the generator printed for documents of the corpus (see
docs/corpus.md); the runner must put each in the class named here.
"""

from __future__ import annotations

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


def test_skipped_lines_are_counted_only_when_present_and_a_summary_is_not_an_item() -> None:
    assert corpus.skipped_lines("/d.json:1: /info: 'version' is a required property\n") == []
    stderr = ("/d.json:5: /paths/~1a/get: operation skipped: unresolvable $ref\n"
              "/d.json:9: /components/schemas/B: schema skipped (not supported)\n"
              "generated pkg: 40 operations, 2 skipped\n")
    assert len(corpus.skipped_lines(stderr)) == 2


def test_skipped_items_are_tabled_by_class_and_nothing_is_tabled_when_nothing_was_skipped() -> None:
    line = "/d.json:1: /paths/~1a/get: skipped: $ref '#/components/schemas/X' points to nothing"
    skipped = corpus.Outcome(ok=True, imported=True, skipped=1, skipped_lines=[line])
    result = corpus.Result("doc", {}, "3.0.0", "json", 10, 1, skipped, corpus.Outcome())
    table = corpus_classes.skipped_table([result])
    assert len(table) == 3
    assert table[2].startswith("| unresolvable internal $ref | 1 | 1 | `doc`")
    clean = corpus.Result("doc", {}, "3.0.0", "json", 10, 1, corpus.Outcome(ok=True, imported=True), corpus.Outcome())
    assert corpus_classes.skipped_table([clean]) == []
