"""Every component schema has a model or is named where it has none: datamodel-code-generator
writes a plain type other schemas use (a union, a string) into their fields instead of a class,
and leaves one nothing uses out (two unions that only name each other), which the package then
lacked without a word. The README names them."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator import pipeline

DOC = {
    "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
    "paths": {"/n": {"get": {"operationId": "n", "responses": {"200": {
        "description": "ok",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}}}},
    "components": {"schemas": {
        "OO": {"oneOf": [{"$ref": "#/components/schemas/OO2"}, {"type": "string"}]},
        "OO2": {"anyOf": [{"$ref": "#/components/schemas/OO"}, {"type": "integer"}]},
        "Node": {"type": "object", "properties": {"name": {"type": "string"}}},
    }},
}
HEADING = "## Schemas without a class of their own"


def _readme(tmp_path: Path, document: dict[str, object]) -> tuple[str, dict[str, str]]:
    spec = tmp_path / "doc.yaml"
    spec.write_text(yaml.safe_dump(document), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "pkg")])["pkg"]
    return files["README.md"], files


def test_schemas_left_without_a_class_are_named(tmp_path: Path) -> None:
    readme, files = _readme(tmp_path, DOC)
    assert "class Node(" in files["models/_node.py"]
    assert not any("class OO" in text for name, text in files.items() if name.endswith(".py"))
    section = readme.split(HEADING, 1)[1].split("\n## ", 1)[0]
    assert "without a class of their own: `OO` and `OO2`." in " ".join(section.split())


def test_a_package_with_a_class_for_every_schema_says_nothing(tmp_path: Path) -> None:
    schemas = DOC["components"]["schemas"]  # type: ignore[index]
    readme, _ = _readme(tmp_path, {**DOC, "components": {"schemas": {"Node": schemas["Node"]}}})
    assert HEADING not in readme
