"""Names a document gives that the generated package could not use as written (issue #22,
"noted, decide and say"):

- a header or cookie parameter whose name is no HTTP token (`X-Id\\nHost: evil`, `a=b; admin`)
  could never be sent: a required one leaves its operation out as a named skip (every call
  would fail at run time), an optional one (Notion's `""` header) is left out of its method,
  named; the others are generated, and no such name reaches the package;
- so could a credential whose apiKey header or cookie name is no token: the scheme is never
  used, an operation that can only be called with it is a named skip, one with another
  alternative keeps that one;
- properties named like pydantic's own attributes (`model_dump`, `model_validate_json`...) get
  field names outside pydantic's protected namespaces (`field_model_dump`), the wire name kept
  as the alias, so the package imports under `python -W error`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pydantic
import pytest

from generator.names.aliases import PROTECTED_PREFIXES, field_aliases
from tests.hostile.support import assert_no_crash, run_cli

BAD_NAMES = {"header": "X-Id\nHost: evil.example", "cookie": "a=b; admin"}
# every public attribute of BaseModel as a property, and one more in each namespace
ATTRIBUTES = sorted(name for name in dir(pydantic.BaseModel) if not name.startswith("_"))
PROPERTIES = [*ATTRIBUTES, "model_dump_everything", "model-validate-x", "field_model_dump"]


def _operation(name: str, parameter: dict[str, Any] | None = None) -> dict[str, Any]:
    body = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}
    operation: dict[str, Any] = {"operationId": name, "requestBody": body,
                                 "responses": {"200": {"description": "ok", **body}}}
    if parameter is not None:
        operation["parameters"] = [{**parameter, "schema": {"type": "string"}}]
    return operation


def _document() -> dict[str, Any]:
    properties = {name: {"type": "string"} for name in PROPERTIES}
    return {
        "openapi": "3.1.0", "info": {"title": "names", "version": "1"},
        "paths": {
            "/bad-header": {"post": _operation("badHeader", {"name": BAD_NAMES["header"],
                                                             "in": "header", "required": True})},
            "/bad-cookie": {"post": _operation("badCookie", {"name": BAD_NAMES["cookie"],
                                                             "in": "cookie", "required": True})},
            "/good": {"post": _operation("good", {"name": "X-Request-Id", "in": "header"})},
            "/optional-bad": {"post": _operation("optionalBad", {"name": "", "in": "header"})},
            "/bad-key": {"post": {**_operation("badKey"), "security": [{"badKey": []}]}},
            "/either-key": {"post": {**_operation("eitherKey"),
                                     "security": [{"badKey": []}, {"goodKey": []}]}},
        },
        "components": {"schemas": {"Pet": {"type": "object", "properties": properties,
                                           "required": ["model_dump"]}},
                       "securitySchemes": {
                           "badKey": {"type": "apiKey", "in": "header",
                                      "name": "X-Key\r\nHost: evil.example"},
                           "goodKey": {"type": "apiKey", "in": "header", "name": "X-Good-Key"}}},
    }


# every model builds with warnings as errors, and reads and writes the wire names
_USE = """
import json, sys
import names_pkg.models as models
from names_pkg import Client
pet = models.Pet.model_validate({"model_dump": "d", "model_validate": "v", "field_model_dump": "f"})
print(json.dumps([pet.field_model_dump_, pet.field_model_validate, pet.field_model_dump,
                  pet.model_dump(by_alias=True, exclude_none=True)]))
print(sorted(name for name in dir(Client(base_url="http://127.0.0.1:9", api_key="k").default)
             if not name.startswith("_")))
"""


@pytest.mark.timeout(300)
def test_unsendable_parameters_skip_their_operation_and_fields_import_cleanly(
        tmp_path: Path) -> None:
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(_document()), encoding="utf-8")
    out = tmp_path / "names_pkg"
    result = run_cli("generate", "--spec", spec, "--out", out, "--package", "names_pkg",
                     "--no-cache", timeout=240, memory_limit=3 * 1024**3)
    assert_no_crash(result)
    assert result.returncode == 0, result.stderr
    for location, name in BAD_NAMES.items():
        assert f"{location} parameter {name!r} cannot be sent" in result.stderr
    assert "skipped POST /bad-header" in result.stderr and "skipped POST /bad-cookie" in (
        result.stderr)
    assert "skipped POST /bad-key" in result.stderr and "security scheme 'badKey'" in (
        result.stderr) and "/either-key" not in result.stderr
    package = "".join(path.read_text(encoding="utf-8") for path in out.rglob("*.py"))
    assert "Host: evil" not in package and "admin" not in package
    assert "X-Request-Id" in package and "X-Good-Key" in package
    coverage = (out / "COVERAGE.md").read_text(encoding="utf-8")
    assert "POST /bad-header" in coverage and "POST /bad-cookie" in coverage
    used = subprocess.run([sys.executable, "-W", "error", "-c", _USE], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, check=False)
    assert used.returncode == 0, used.stderr[-3000:]
    values, methods = used.stdout.splitlines()
    assert json.loads(values) == ["d", "v", "f", {"model_dump": "d", "model_validate": "v",
                                                  "field_model_dump": "f"}]
    assert "good" in methods and "bad_header" not in methods and "bad_cookie" not in methods
    assert "optional_bad" in methods
    assert "~1optional-bad/post: noted: header parameter '' cannot be sent" in (
        result.stderr) and "-> left out of the method" in result.stderr
    assert "skipped POST /optional-bad" not in result.stderr
    assert "either_key" in methods and "bad_key" not in methods


def test_protected_aliases_leave_the_namespaces_and_every_other_name() -> None:
    aliases = field_aliases({"properties": {name: {} for name in PROPERTIES}})
    assert aliases["model_dump"] == "field_model_dump_"  # `field_model_dump` is a property
    assert aliases["model_validate"] == "field_model_validate"
    assert aliases["model-validate-x"] == "field_model_validate_x"
    assert not any(field.startswith(PROTECTED_PREFIXES) for field in aliases.values())
    assert len(set(aliases.values())) == len(aliases)
    assert set(aliases) == {name for name in PROPERTIES
                            if name.replace("-", "_").startswith(PROTECTED_PREFIXES)}


def test_the_prefixes_are_pydantics_protected_namespaces() -> None:
    """A field named like each BaseModel attribute plus `_` (as datamodel-code-generator
    renames one) warns exactly when it starts with one of `PROTECTED_PREFIXES`."""
    for attribute in ATTRIBUTES:
        name = f"{attribute}_"
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            pydantic.create_model("M", **{name: (str, "x")})  # type: ignore[call-overload]
        assert bool(caught) == name.startswith(PROTECTED_PREFIXES), name
