"""document/loading.py: `load` refuses what is not OpenAPI 3.0/3.1; `Document`; `Problem`."""

from __future__ import annotations

from pathlib import Path

from generator.document.loading import Document
from generator.problems import GeneratorError, Problem
from tests.document.expect import load_error, only
from tests.support import BAD_DOCS as BAD


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
