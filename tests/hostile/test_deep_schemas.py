"""Schemas nested 1,000 levels deep through the whole pipeline (issue #22, item 14).

In `properties` (a class per level) they generate, strict or not. In `items` (one annotation,
`list[list[...]]`, nesting a bracket per level: Python's parser stops at 200) the schema where
`MAX_INLINE_NESTING` is crossed is a located problem: tolerant generation reads it as any
value, strict generation refuses. Either way: no RecursionError, no internal error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.problems import shown_pointer
from generator.validate.rules import MAX_INLINE_NESTING
from tests.document.test_depth import json_text, yaml_text
from tests.hostile.support import assert_no_crash, run_cli
from tests.support import subpackage_text

LEVELS = 1_000
OPERATION = ('{"/d": {"get": {"operationId": "get_d", "responses": {"200": {"description": "ok",'
             ' "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Deep"}'
             "}}}}}}}")


def _document(tmp_path: Path, kind: str, form: str) -> Path:
    """`components/schemas/Deep` nested `LEVELS` deep, returned by one operation."""
    if form == "json":
        text = json_text(LEVELS, kind).replace('"paths": {}', f'"paths": {OPERATION}')
    else:
        text = yaml_text(LEVELS, kind).replace("paths: {}", f"paths: {OPERATION}")
    path = tmp_path / f"deep.{form}"
    path.write_text(text)
    return path


@pytest.mark.parametrize("form", ["json", "yaml"])
def test_1000_levels_of_properties_generate(tmp_path: Path, form: str) -> None:
    out = tmp_path / "deep_pkg"
    result = run_cli("generate", "--strict", "--spec", _document(tmp_path, "properties", form),
                     "--out", out, timeout=300)
    assert_no_crash(result)
    assert result.returncode == 0, result.stderr[-2000:]
    assert subpackage_text(out).count("\nclass ") >= LEVELS


@pytest.mark.parametrize("form", ["json", "yaml"])
def test_1000_levels_of_items_are_cut_where_the_limit_is_crossed(tmp_path: Path,
                                                                 form: str) -> None:
    spec = _document(tmp_path, "items", form)
    where = "/components/schemas/Deep" + "/items" * (MAX_INLINE_NESTING + 1)
    strict = run_cli("generate", "--strict", "--spec", spec, "--out", tmp_path / "strict_pkg",
                     timeout=300)
    assert_no_crash(strict)
    assert strict.returncode == 1
    # the message shows the 1,000-level pointer shortened (`problems.shown_pointer`)
    assert f": {shown_pointer(where)}: schemas are nested inline more than" in strict.stderr
    assert "MAX_INLINE_NESTING" in strict.stderr
    assert not (tmp_path / "strict_pkg").exists()

    out = tmp_path / "deep_pkg"
    tolerant = run_cli("generate", "--spec", spec, "--out", out, timeout=300)
    assert_no_crash(tolerant)
    assert tolerant.returncode == 0, tolerant.stderr[-2000:]
    assert f": {shown_pointer(where)}: repaired: " in tolerant.stderr
    assert f"`{where}`" in (out / "COVERAGE.md").read_text()
