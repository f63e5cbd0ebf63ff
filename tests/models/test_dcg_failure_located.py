"""A failure of datamodel-code-generator is located by the document's names and lines: dcg
names a component schema by its class (`PetStore`), the document by its key (`pet-store`);
a schema the generator made itself (a titled shape written at several places) is named in the
message, located at the component schemas. The cause stays for --debug."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator import pipeline
from generator.models import run
from generator.problems import GeneratorError

DOCUMENT = """\
openapi: 3.0.3
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    pet-store:
      type: object
      properties:
        name:
          type: string
        owner:
          title: Owner
          type: object
          properties:
            id: {type: integer}
        keeper:
          title: Owner
          type: object
          properties:
            id: {type: integer}
"""


def _failing_at(path: str) -> Any:
    real = run._run_dcg

    def failing(document: dict[str, Any], settings_dir: Path, aliases: dict[str, str],
                reserved: frozenset[str] = frozenset()) -> str:
        if document is run._WARM_UP_INPUT:
            return real(document, settings_dir, aliases, reserved)
        raise ValueError(f"Error at schema path '#{path}': no such type\nmore of dcg's message")

    return failing


def _failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: str) -> GeneratorError:
    spec = tmp_path / "pets.yaml"
    spec.write_text(DOCUMENT, encoding="utf-8")
    monkeypatch.setattr(run, "_run_dcg", _failing_at(path))
    with pytest.raises(GeneratorError) as raised:
        pipeline.build_packages([pipeline.target_for_spec(spec, "pets")], cache=None)
    return raised.value


def test_a_component_is_named_by_the_documents_key_at_its_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    error = _failure(tmp_path, monkeypatch, "/components/schemas/PetStore/properties/name")
    [problem] = error.problems
    assert problem.pointer == "/components/schemas/pet-store/properties/name"
    assert problem.line == 9
    assert problem.message == "datamodel-code-generator failed: no such type"
    assert isinstance(error.__cause__, ValueError)  # (--debug shows dcg's traceback)


def test_a_schema_the_generator_made_is_named_in_the_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    error = _failure(tmp_path, monkeypatch, "/components/schemas/Owner/properties/id")
    [problem] = error.problems
    assert problem.pointer == "/components/schemas"
    assert problem.line == 5
    assert "(in `Owner`, a schema the generator made of shapes the document writes" in (
        problem.message)
