"""document/loading.py: `load` refuses what is not OpenAPI 3.0/3.1; `Document`; `Problem`."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from generator.document import loading
from generator.document.bundle import refers_outside
from generator.document.loading import Document, load
from generator.problems import GeneratorError, Problem
from tests.document.expect import load_error, only, write
from tests.support import BAD_DOCS as BAD
from tests.support import FEATURE_SPECS


def test_problem_format_leaves_out_missing_parts() -> None:
    full = Problem("spec.yaml", "/paths", 3, "bad thing", "do this")
    assert full.format() == "spec.yaml:3: /paths: bad thing (do this)"
    assert Problem("spec.yaml", "", None, "bad").format() == "spec.yaml: bad"
    assert Problem("", "/a", None, "bad", severity="warning").format() == "/a: warning: bad"
    error = GeneratorError([full, Problem("x.json", "", 1, "other")])
    assert str(error) == "spec.yaml:3: /paths: bad thing (do this)\nx.json:1: other"


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


def test_document_is_frozen_and_line_of_walks_up() -> None:
    doc = Document(Path("x.yaml"), {}, "0" * 64, None, {"": 1, "/a": 3})
    assert doc.line_of("/a/b/c") == 3
    assert doc.line_of("/z") == 1
    assert doc.overlay_problems == ()


def _spec_with_title(title_json: str) -> str:
    """A JSON document whose title is the JSON string literal `title_json`, as written."""
    return ('{"openapi": "3.1.0", "info": {"title": ' + title_json + ', "version": "1"}, '
            '"paths": {}}')


def _has_lone_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return any(0xD800 <= ord(char) <= 0xDFFF for char in value)
    if isinstance(value, dict):
        return any(_has_lone_surrogate(key) or _has_lone_surrogate(item)
                   for key, item in value.items())
    return isinstance(value, list) and any(_has_lone_surrogate(item) for item in value)


@pytest.mark.parametrize(("title", "refused"), [
    (r'"rocket \ud83d\ude80"', False),  # a pair, as json.dumps escapes an emoji
    (r'"\\ud800"', False),  # an escaped backslash, then the text `ud800`
    (r'"\\\ud800"', True),  # an escaped backslash, then a lone escape
    (r'"\ude80\ud83d"', True),  # low then high: two lone halves
    (r'"\ud83d\u0041"', True),
    (r'"\ud83d"', True),
])
def test_only_unpaired_surrogate_escapes_of_json_are_refused(tmp_path: Path, title: str,
                                                              refused: bool) -> None:
    spec = write(tmp_path / "spec.json", _spec_with_title(title))
    if refused:
        assert only(load_error(spec)).pointer == "/info/title"
    else:
        assert not _has_lone_surrogate(load(spec).data)


def test_the_json_surrogate_pre_check_misses_no_lone_surrogate() -> None:
    """Strings of backslashes, quotes and surrogate escapes, written as JSON: whenever the
    parse holds a lone surrogate, the pre-check says the walk must run."""
    pieces = ["\\\\", "\\u", "\\ud83d", "\\ude80", "\\uDBFF", "\\udc00", "\\u0041", "a", "\\\"",
              "\\n", "d83d"]
    chooser = random.Random(21)
    for _ in range(3000):
        text = "".join(chooser.choice(pieces) for _ in range(chooser.randint(1, 8)))
        raw = _spec_with_title(f'"{text}"').encode()
        try:
            data = json.loads(raw)
        except ValueError:
            continue  # not JSON: the parse refuses it before any check
        if _has_lone_surrogate(data):
            assert loading._may_hold_lone_surrogates(raw, ".json"), text


def test_yaml_surrogate_escapes_are_always_walked() -> None:
    raw = b'openapi: 3.1.0\ninfo: {title: "\\ud83d\\ude80", version: "1"}\npaths: {}\n'
    assert loading._may_hold_lone_surrogates(raw, ".yaml")


def test_file_names_in_examples_do_not_make_the_document_bundled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`may_have_external_refs` takes `example: x.yaml` beside a `mapping` for a reference;
    nothing in the document refers outside it, so the bundling walk is skipped."""
    spec = write(tmp_path / "spec.json", json.dumps({
        "openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {},
        "components": {"schemas": {
            "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}],
                    "discriminator": {"propertyName": "kind",
                                      "mapping": {"cat": "#/components/schemas/Cat"}}},
            "Cat": {"type": "string", "example": "config.yaml"}}}}))
    assert loading.may_have_external_refs(spec.read_bytes())

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("bundled a document that refers to nothing outside it")

    monkeypatch.setattr(loading, "bundle_telling", refused)
    assert load(spec).data["components"]["schemas"]["Cat"]["example"] == "config.yaml"


def test_what_refers_outside_the_document() -> None:
    assert not refers_outside({"a": [{"$ref": "#/x"}, {"discriminator": {"mapping": {"d": "Dog"}}}]})
    assert refers_outside({"a": [{"b": {"$ref": "other.yaml#/x"}}]})
    assert refers_outside([{"discriminator": {"mapping": {"d": "#/x", "c": "cat.json"}}}])
    assert not refers_outside({"discriminator": {"mapping": {"d": "#/components/schemas/D"}}})


def test_a_document_says_whether_loading_bundled_anything_in(tmp_path: Path) -> None:
    """`Document.bundled`: a file followed is bundled; a `$ref` in an example is text (the
    bundler walks the document, follows nothing), and the data is the bytes' alone."""
    assert load(FEATURE_SPECS / "multi_file" / "main.yaml").bundled
    spec = write(tmp_path / "spec.json", json.dumps({
        "openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {},
        "components": {"schemas": {"Pet": {"type": "object", "example": {"$ref": "x.json"}}}}}))
    assert refers_outside(json.loads(spec.read_bytes()))
    loaded = load(spec)
    assert not loaded.bundled and loaded.data == json.loads(spec.read_bytes())
