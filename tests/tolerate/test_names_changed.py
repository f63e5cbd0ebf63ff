"""A name the generated code cannot use as the document gives it (two query parameters one
Python name, `user-name` and `user_name`) is not a slip of the document: `validate` finds the
document valid, `--strict` generates it, and the package says so. It was listed with the
repairs, under "The document has problems... Generate with `--strict` to refuse such a
document", which `--strict` then did not do."""

from __future__ import annotations

import json
from pathlib import Path

from tests.tolerate.test_tolerant_generation import run_cli

DOC = """\
openapi: 3.0.3
info: {title: Names, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
  /users:
    get:
      operationId: listUsers
      parameters:
        - {name: user-name, in: query, schema: {type: string}}
        - {name: user_name, in: query, schema: {type: string}}
      responses:
        '204': {description: none}
"""


def test_a_name_changed_is_named_apart_from_the_repairs(tmp_path: Path) -> None:
    spec = tmp_path / "names.yaml"
    spec.write_text(DOC, encoding="utf-8")
    assert run_cli("validate", spec).returncode == 0
    for extra in ((), ("--strict",)):
        out = tmp_path / f"pkg{len(extra)}"
        result = run_cli("generate", "--spec", spec, "--out", out, "--package", "pkg", *extra)
        assert result.returncode == 0, result.stderr
        assert ": /paths/~1users/get: renamed: the query parameter `user_name` would be the " \
               "argument `user_name`" in result.stderr
        assert "0 repaired, 1 renamed" in result.stdout and "repaired:" not in result.stderr
        note = (out / "COVERAGE.md").read_text(encoding="utf-8")
        assert "## Names changed (1)" in note and "`--strict` keeps them" in note
        assert "## Repairs" not in note and "The document has problems" not in note
        recorded = json.loads((out / "PROVENANCE.json").read_text(encoding="utf-8"))["coverage"]
        assert recorded["repairs"] == [] and [r["action"] for r in recorded["renames"]] == [
            "its argument is `user_name_`"]


def test_a_name_changed_in_a_bundled_file_names_that_file(tmp_path: Path) -> None:
    """Content a `$ref` brings from another file is placed in that file, as a repair is."""
    (tmp_path / "paths").mkdir()
    operation = DOC.split("  /users:\n", 1)[1]
    (tmp_path / "paths" / "users.yaml").write_text(
        "\n".join(line[4:] for line in operation.splitlines()) + "\n", encoding="utf-8")
    spec = tmp_path / "spec.yaml"
    spec.write_text(DOC.split("  /users:\n", 1)[0] + "  /users: {$ref: 'paths/users.yaml'}\n",
                    encoding="utf-8")
    out = tmp_path / "pkg"
    result = run_cli("generate", "--spec", spec, "--out", out, "--package", "pkg")
    assert result.returncode == 0, result.stderr
    note = (out / "COVERAGE.md").read_text(encoding="utf-8")
    assert "- `/paths/~1users/get` (`paths/users.yaml` line 1): " in note, note


NOTED = """\
openapi: 3.0.3
info: {title: Noted, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
  /files:
    post:
      operationId: upload
      parameters:
        - {name: Content-Type, in: header, schema: {type: string}}
        - {name: Content-Length, in: header, schema: {type: integer}}
      requestBody:
        content: {application/octet-stream: {schema: {type: string, format: binary}}}
      responses:
        '204': {description: none}
"""


def test_a_header_left_out_of_the_method_is_noted_not_renamed(tmp_path: Path) -> None:
    """loket.nl's and PeerTube's `Content-Type` / `Content-Length` header parameters, left out
    of the methods (OpenAPI ignores the one, the HTTP client sets the other), were said as
    `renamed:` under "Names changed": nothing was renamed."""
    spec = tmp_path / "noted.yaml"
    spec.write_text(NOTED, encoding="utf-8")
    out = tmp_path / "pkg"
    result = run_cli("generate", "--spec", spec, "--out", out, "--package", "pkg", "--strict")
    assert result.returncode == 0, result.stderr
    assert result.stderr.count(": noted: header parameter `Content-") == 2
    assert "renamed:" not in result.stderr and "repaired:" not in result.stderr
    assert "0 repaired, 2 noted" in result.stdout
    note = (out / "COVERAGE.md").read_text(encoding="utf-8")
    assert "## Read the generator's way (2)" in note and "## Names changed" not in note
    recorded = json.loads((out / "PROVENANCE.json").read_text(encoding="utf-8"))["coverage"]
    assert recorded["repairs"] == [] and "renames" not in recorded
    assert [r["action"] for r in recorded["notes"]] == ["left out of the method"] * 2
