"""A document never chooses what the generated package imports (issue #22, item 1).

datamodel-code-generator obeys keywords of its own (`customTypePath`, `customBasePath`,
`x-python-type`, `x-python-import`, ...): left in, `{type: object, customTypePath:
payload.run}` makes the package say `from payload import run`, run at import. Tolerant
generation drops each one, named; strict generation refuses, located.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.document.loading import load
from generator.validate.rules import check_code_keywords
from tests.hostile.support import assert_no_crash, run_cli
from tests.support import subpackage_text

ALLOWED_TOP_LEVEL = {"pydantic", "pydantic_core", "typing_extensions", "httpx", "httpx2",
                     "annotated_types"} | set(sys.stdlib_module_names)
PAYLOAD = "hostile_payload"  # not the standard library, not installed: any import of it shows


def _hostile(version: str) -> dict[str, Any]:
    """A document with every code keyword, several times, in many places."""
    target = f"{PAYLOAD}.run"
    return {
        "openapi": version,
        "info": {"title": "Hostile", "version": "1", "x-python-import": {"module": PAYLOAD}},
        "paths": {"/things": {"post": {
            "operationId": "make_thing",
            "parameters": [{"name": "q", "in": "query",
                            "schema": {"type": "string", "customTypePath": f"{PAYLOAD}.q"}}],
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "x-python-type": f"{PAYLOAD}.Body",
                "properties": {"a": {"type": "integer", "customTypePath": target}}}}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Thing"}}}}},
        }}},
        "components": {"schemas": {
            "Geo": {"type": "object", "customTypePath": "antigravity.geohash"},
            "Based": {"type": "object", "customBasePath": [f"{PAYLOAD}.Base"],
                      "properties": {"b": {"type": "string"}}},
            "Imported": {"type": "object",
                         "x-python-import": {"module": PAYLOAD, "name": "Imported"}},
            "Classy": {"type": "object", "x-is-base-class": True,
                       "properties": {"c": {"type": "string", "x-is-classvar": True}}},
            "Thing": {
                "type": "object",
                "example": {"customTypePath": "only data"},  # a value, not a keyword
                "properties": {
                    "customTypePath": {"type": "string"},  # a property so named: a name
                    "geo": {"$ref": "#/components/schemas/Geo"},
                    "based": {"$ref": "#/components/schemas/Based"},
                    "imported": {"$ref": "#/components/schemas/Imported"},
                    "classy": {"$ref": "#/components/schemas/Classy"},
                    "list": {"type": "array", "items": {"type": "string",
                                                        "x-python-type": f"{PAYLOAD}.Item"}},
                    "either": {"anyOf": [{"type": "string", "customTypePath": target},
                                         {"type": "integer"}]},
                    "keyed": {"type": "object", "additionalProperties": {"type": "string"},
                              "x-propertyNames": {"type": "string",
                                                  "x-python-type": f"{PAYLOAD}.Key"}},
                    "marked": {"type": "string",
                               "x-datamodel-code-generator-read-as-const": True},
                    # a value dcg cannot read stopped the whole document in dcg
                    "kind": {"type": "string", "enum": ["a", "b"],
                             "x-enum-field-as-literal": "all"},
                },
            },
        }},
    }


# Where each keyword stands (the JSON pointers the repairs name).
EXPECTED = {
    "/info/x-python-import",
    "/paths/~1things/post/parameters/0/schema/customTypePath",
    "/paths/~1things/post/requestBody/content/application~1json/schema/x-python-type",
    ("/paths/~1things/post/requestBody/content/application~1json/schema/properties/a/"
     "customTypePath"),
    "/components/schemas/Geo/customTypePath",
    "/components/schemas/Based/customBasePath",
    "/components/schemas/Imported/x-python-import",
    "/components/schemas/Classy/x-is-base-class",
    "/components/schemas/Classy/properties/c/x-is-classvar",
    "/components/schemas/Thing/properties/list/items/x-python-type",
    "/components/schemas/Thing/properties/either/anyOf/0/customTypePath",
    "/components/schemas/Thing/properties/keyed/x-propertyNames/x-python-type",
    "/components/schemas/Thing/properties/marked/x-datamodel-code-generator-read-as-const",
    "/components/schemas/Thing/properties/kind/x-enum-field-as-literal",
}


def _write(tmp_path: Path, version: str, suffix: str) -> Path:
    document = _hostile(version)
    path = tmp_path / f"hostile{suffix}"
    if suffix == ".json":
        path.write_text(json.dumps(document, indent=2))
    else:
        path.write_text(yaml.safe_dump(document, sort_keys=False))
    return path


def _imported_modules(package: Path) -> set[str]:
    """The top-level module of every absolute import in the package's .py files."""
    found: set[str] = set()
    for source in package.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(), str(source))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize(("version", "suffix"), [("3.1.0", ".yaml"), ("3.0.3", ".json")])
def test_every_code_keyword_is_found_where_it_stands(tmp_path: Path, version: str,
                                                     suffix: str) -> None:
    document = load(_write(tmp_path, version, suffix))
    problems = check_code_keywords(document)
    assert {problem.pointer for problem in problems} == EXPECTED
    assert all(problem.line is not None and problem.code == "code-keyword"
               for problem in problems)


@pytest.mark.parametrize(("version", "suffix"), [("3.1.0", ".yaml"), ("3.0.3", ".json")])
def test_tolerant_generation_drops_them_and_imports_nothing_the_document_named(
        tmp_path: Path, version: str, suffix: str) -> None:
    spec = _write(tmp_path, version, suffix)
    out = tmp_path / "hostile_pkg"
    result = run_cli("generate", "--spec", spec, "--out", out, timeout=300)
    assert_no_crash(result)
    assert result.returncode == 0, result.stderr
    # each named on stderr, or counted with the others of its wording past three of them
    said = [pointer for pointer in EXPECTED if f": {pointer}: repaired: " in result.stderr]
    counted = re.findall(r"\.\.\. and (\d+) more repaired alike", result.stderr)
    assert len(said) + sum(map(int, counted)) == len(EXPECTED), result.stderr
    coverage = (out / "COVERAGE.md").read_text()
    record = json.loads((out / "PROVENANCE.json").read_text())
    recorded = json.dumps(record)
    for pointer in EXPECTED:
        assert f"`{pointer}`" in coverage
        assert json.dumps(pointer) in recorded
    modules = _imported_modules(out)
    assert modules <= ALLOWED_TOP_LEVEL, modules - ALLOWED_TOP_LEVEL
    models = subpackage_text(out)
    assert PAYLOAD not in models and "geohash" not in models
    assert "custom_type_path" in models or "customTypePath" in models  # the property stays


def test_strict_generation_refuses_with_each_pointer(tmp_path: Path) -> None:
    spec = _write(tmp_path, "3.1.0", ".yaml")
    out = tmp_path / "strict_pkg"
    result = run_cli("generate", "--strict", "--spec", spec, "--out", out, timeout=300)
    assert_no_crash(result)
    assert result.returncode == 1
    for pointer in EXPECTED:
        assert f": {pointer}: `" in result.stderr, pointer
    assert "/components/schemas/Thing/properties/customTypePath:" not in result.stderr
    assert not out.exists()
