"""A document split over several files: a problem in what a `$ref` bundled in from another file
is named by that file and its line (the main document's pointer kept), in `validate`'s output,
in `generate`'s stderr, COVERAGE.md and PROVENANCE.json; not by the main file's `components:`
or `paths:` line.

The fixture is tests/feature_specs/multi_file/ with its schemas moved to `models/` and slipped
(`minimum: one`), and a path item in `items.yaml` (inlined: a 3.0 document has no
`components/pathItems`) holding a repairable slip and an operation that has to be skipped.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator import ir, pipeline
from generator.document.loading import load
from generator.problems import GeneratorError, Problem
from tests.cli.test_cli_errors import run_cli
from tests.support import FEATURE_SPECS

MULTI_FILE = FEATURE_SPECS / "multi_file"
ITEMS = """\
lines:
  get:
    operationId: listLines
    parameters:
      - name: limit
        in: query
        required: 'optional'
        schema: {type: integer}
    responses:
      '200':
        description: ok
        content:
          application/json:
            schema: {$ref: 'models/schemas.yaml#/Line'}
  post:
    operationId: addLine
    parameters:
      - name: dry_run
        schema: {type: boolean}
    responses:
      '204': {description: added}
"""
SCHEMA_PLACE = "/components/schemas/Line/properties/quantity/minimum"
REQUIRED_PLACE = "/components/schemas/NewOrder"  # its line is that of `required`
PARAMETER_PLACE = "/paths/~1lines/get/parameters/0/required"


@pytest.fixture
def split(tmp_path: Path) -> Path:
    """The main file of the split document."""
    (tmp_path / "models").mkdir()
    shutil.copy(MULTI_FILE / "parameters.yaml", tmp_path)
    schemas = (MULTI_FILE / "schemas.yaml").read_text()
    slipped = schemas.replace("minimum: 1}", "minimum: one}").replace(
        "required: [lines]", "required: [lines, note]")
    assert slipped != schemas
    (tmp_path / "models" / "schemas.yaml").write_text(slipped)
    main = (MULTI_FILE / "main.yaml").read_text().replace("'schemas.yaml", "'models/schemas.yaml")
    (tmp_path / "main.yaml").write_text(main + "  /lines:\n    $ref: 'items.yaml#/lines'\n")
    (tmp_path / "items.yaml").write_text(ITEMS)
    return tmp_path / "main.yaml"


def _line(path: Path, text: str) -> int:
    """The line of `path` that holds `text` (written once)."""
    numbers = [n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    assert len(numbers) == 1, numbers
    return numbers[0]


def test_validate_names_the_bundled_file_and_its_line(split: Path) -> None:
    result = run_cli("validate", str(split))
    assert result.returncode == 1, result.stderr
    folder = split.parent
    schemas_line = _line(folder / "models" / "schemas.yaml", "minimum: one")
    assert (f"{folder / 'models' / 'schemas.yaml'}:{schemas_line}: {SCHEMA_PLACE}: 'one' is not "
            "of type 'number'") in result.stderr
    items_line = _line(folder / "items.yaml", "required: 'optional'")
    assert f"{folder / 'items.yaml'}:{items_line}: {PARAMETER_PLACE}: parameter" in result.stderr
    required_line = _line(folder / "models" / "schemas.yaml", "required: [lines, note]")
    assert (f"{folder / 'models' / 'schemas.yaml'}:{required_line}: {REQUIRED_PLACE}: `required` "
            "lists 'note'") in result.stderr
    assert not [line for line in result.stderr.splitlines() if line.startswith(f"{split}:")
                and (SCHEMA_PLACE in line or PARAMETER_PLACE in line)]


def test_generate_names_the_bundled_file_in_stderr_coverage_and_provenance(
        split: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    out = tmp_path_factory.mktemp("out") / "split_client"
    result = run_cli("generate", "--spec", str(split), "--out", str(out), "--no-cache")
    assert result.returncode == 0, result.stderr
    folder = split.parent
    schemas_line = _line(folder / "models" / "schemas.yaml", "minimum: one")
    items_line = _line(folder / "items.yaml", "required: 'optional'")
    skipped_line = _line(folder / "items.yaml", "post:")
    assert (f"{folder / 'models' / 'schemas.yaml'}:{schemas_line}: {SCHEMA_PLACE}: repaired: "
            "'one' is not of type 'number'") in result.stderr
    assert f"{folder / 'items.yaml'}:{items_line}: {PARAMETER_PLACE}: repaired:" in result.stderr
    assert (f"{folder / 'items.yaml'}:{skipped_line}: /paths/~1lines/post: skipped POST /lines: "
            "parameter has no `in`") in result.stderr

    note = (out / "COVERAGE.md").read_text()
    assert f"- `{SCHEMA_PLACE}` (`models/schemas.yaml` line {schemas_line}): " in note
    assert f"- `{PARAMETER_PLACE}` (`items.yaml` line {items_line}): " in note
    repairs = json.loads((out / "PROVENANCE.json").read_text())["coverage"]["repairs"]
    places = {(r["file"], r["pointer"], r["line"]) for r in repairs}
    required_line = _line(folder / "models" / "schemas.yaml", "required: [lines, note]")
    assert places == {("models/schemas.yaml", SCHEMA_PLACE, schemas_line),
                      ("models/schemas.yaml", REQUIRED_PLACE, required_line),
                      ("items.yaml", PARAMETER_PLACE, items_line)}


def test_place_of_follows_content_from_file_to_file(split: Path) -> None:
    """A schema bundled into components from `items.yaml`'s inlined path item's reference;
    the main file's own content keeps its file and line; one file alone records nothing."""
    document = load(split)
    folder = split.parent
    assert document.place_of(SCHEMA_PLACE) == (
        str(folder / "models" / "schemas.yaml"),
        _line(folder / "models" / "schemas.yaml", "minimum: one"))
    assert document.place_of("/paths/~1lines/get/responses/200/description") == (
        str(folder / "items.yaml"), _line(folder / "items.yaml", "description: ok"))
    assert document.place_of("/paths/~1orders/post") == (
        "", _line(split, "post:"))
    assert load(FEATURE_SPECS / "all_of.yaml").origins is None


def test_strict_generate_names_the_bundled_file(
        split: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    out = tmp_path_factory.mktemp("out") / "split_client"
    result = run_cli("generate", "--spec", str(split), "--out", str(out), "--no-cache",
                     "--strict")
    assert result.returncode == 1, result.stderr
    schemas = split.parent / "models" / "schemas.yaml"
    assert (f"{schemas}:{_line(schemas, 'minimum: one')}: {SCHEMA_PLACE}: 'one' is not of type "
            "'number'") in result.stderr
    assert not out.exists()


def test_a_problem_generation_stops_at_is_sent_to_the_bundled_file(
        split: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever stage stops generation (a blocking slip, openapi-spec-validator's verdict on a
    strict target, every operation skipped) names the file its pointer was written in."""
    def stops(documents: object, cache: object) -> None:
        raise GeneratorError([Problem(str(split), SCHEMA_PLACE, 3, "stops here")])

    monkeypatch.setattr(pipeline, "_generate_fresh", stops)
    target = pipeline.Target(split, None, ir.BuildOptions("split", "SPLIT_KEY", "SPLIT_URL"))
    with pytest.raises(GeneratorError) as raised:
        pipeline.generate_packages([target])
    schemas = split.parent / "models" / "schemas.yaml"
    assert [problem.format() for problem in raised.value.problems] == [
        f"{schemas}:{_line(schemas, 'minimum: one')}: {SCHEMA_PLACE}: stops here"]
