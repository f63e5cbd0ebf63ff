"""A bug of the generator fails loudly; a problem of the document skips its operation, named.

`ir.build(tolerate=True)` used to catch every exception around each operation, so a bug (a
TypeError in the builder) showed as one more "skipped" operation in COVERAGE.md. Only document
problems (returned as `Problem` values, or a `Refs` GeneratorError) are skips now.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from generator import ir, pipeline
from generator.cli.main import main
from generator.ir import operations
from generator.problems import GeneratorError
from tests.support import IMPERFECT_DOCS, resources_source

TWO_OPERATIONS = (
    "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n"
    "  /items:\n    get: {operationId: listItems, responses: {'204': {description: ok}}}\n"
    "  /items/{id}:\n    get:\n      operationId: getItem\n"
    "      parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n"
    "      responses: {'204': {description: ok}}\n"
)
OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")


@pytest.fixture
def planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    """`responses`, which every operation goes through, breaks on `GET /items/{id}`."""
    real = operations.responses

    def broken(context: Any, stem: str, operation: dict[str, Any], **options: Any) -> Any:
        if operation.get("operationId") == "getItem":
            raise TypeError("planted bug")
        return real(context, stem, operation, **options)

    monkeypatch.setattr(operations, "responses", broken)


def _document(text: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(text)
    return data


@pytest.mark.usefixtures("planted_bug")
def test_a_bug_propagates_from_a_tolerant_build() -> None:
    with pytest.raises(TypeError, match="planted bug"):
        ir.build(_document(TWO_OPERATIONS), OPTIONS, tolerate=True)


@pytest.mark.usefixtures("planted_bug")
def test_a_bug_propagates_from_a_tolerant_generation(tmp_path: Path) -> None:
    spec = tmp_path / "two.yaml"
    spec.write_text(TWO_OPERATIONS, encoding="utf-8")
    with pytest.raises(TypeError, match="planted bug"):
        pipeline.generate_packages([pipeline.target_for_spec(spec, "pkg")])


@pytest.mark.usefixtures("planted_bug")
def test_the_cli_reports_a_bug_as_an_internal_error_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "two.yaml"
    spec.write_text(TWO_OPERATIONS, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["generate", "--spec", str(spec), "--out", str(out)]) == 2
    assert "internal error: TypeError: planted bug" in capsys.readouterr().err
    assert not out.exists()


def test_without_the_bug_both_operations_are_built() -> None:
    """The planted bug's document is fine: the failures above are the bug's."""
    api = ir.build(_document(TWO_OPERATIONS), OPTIONS, tolerate=True)
    assert api.failed == ()
    assert sorted(op.name for r in api.resources for op in r.operations) == ["get_item", "list_items"]


def test_a_document_problem_still_skips_its_operation_and_names_it(tmp_path: Path) -> None:
    """tests/imperfect_docs/skipped_operations.yaml: two operations the document breaks."""
    spec = IMPERFECT_DOCS / "skipped_operations.yaml"
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "pkg")])
    skipped = {skip.label: skip.reasons for skip in generation.outcomes["pkg"].skipped}
    assert set(skipped) == {"GET /items/{id}", "DELETE /items/{id}"}
    assert skipped["DELETE /items/{id}"] == ("parameter has no `in`",)
    resources = resources_source(generation.packages["pkg"])
    assert "def list_items(" in resources and "def get_item(" not in resources
    assert "`GET /items/{id}`" in generation.packages["pkg"]["COVERAGE.md"]


BAD_HINT = TWO_OPERATIONS.replace(
    "    get: {operationId: listItems,",
    "    get: {operationId: listItems, x-codegen-pagination: {style: sideways},")


def test_a_problem_ir_finds_is_a_named_skip_when_tolerant() -> None:
    """An `x-codegen-pagination` hint that fits no style: the builder's Problem value."""
    api = ir.build(_document(BAD_HINT), OPTIONS, tolerate=True)
    [(pointer, why)] = api.failed
    assert pointer == "/paths/~1items/get"
    assert why.startswith("the generator cannot build it: x-codegen-pagination: `style` must be")
    assert [op.name for r in api.resources for op in r.operations] == ["get_item"]


def test_a_problem_ir_finds_stops_a_strict_build() -> None:
    with pytest.raises(GeneratorError) as caught:
        ir.build(_document(BAD_HINT), OPTIONS)
    [problem] = caught.value.problems
    assert problem.pointer == "/paths/~1items/get/x-codegen-pagination"


def test_a_dangling_ref_met_while_building_is_a_named_skip() -> None:
    document = _document(TWO_OPERATIONS)
    document["paths"]["/items"]["get"]["responses"]["204"] = {"$ref": "#/components/responses/No"}
    api = ir.build(document, OPTIONS, tolerate=True)
    why = "the generator cannot build it: $ref '#/components/responses/No' points to nothing"
    assert api.failed == (("/paths/~1items/get", why),)
    with pytest.raises(GeneratorError):
        ir.build(document, OPTIONS)
