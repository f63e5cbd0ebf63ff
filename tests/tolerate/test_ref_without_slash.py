"""`$ref: '#components/schemas/A'` (the fragment's `/` left out): `validate` found nothing
(the pointer read leniently named the schema) and `generate` stopped in the code generator,
saying neither where nor why. It is a slip now: reported where it is, and repaired by writing
the pointer it means when that names something; a dangling reference when not."""

from __future__ import annotations

from pathlib import Path

from tests.tolerate.test_tolerant_generation import run_cli

DOC = """\
openapi: 3.0.3
info: {title: t, version: '1'}
servers: [{url: 'https://api.example.com'}]
components:
  schemas:
    A: {type: object, properties: {x: {type: string}}}
paths:
  /a:
    post:
      operationId: make
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: 'REF'}
"""
WHERE = "/paths/~1a/post/responses/200/content/application~1json/schema/$ref"


def test_a_ref_without_its_slash_is_reported_and_repaired(tmp_path: Path) -> None:
    spec = tmp_path / "slash.yaml"
    spec.write_text(DOC.replace("REF", "#components/schemas/A"), encoding="utf-8")
    checked = run_cli("validate", spec)
    assert checked.returncode == 1
    assert (f"slash.yaml:16: {WHERE}: $ref '#components/schemas/A': its fragment is no JSON "
            "pointer (which starts with `/`) (write '#/components/schemas/A')") in checked.stderr
    out = tmp_path / "pkg"
    made = run_cli("generate", "--spec", spec, "--out", out, "--package", "pkg")
    assert made.returncode == 0, made.stderr
    assert f"{WHERE}: repaired: " in made.stderr
    assert "-> reads it as '#/components/schemas/A'" in made.stderr
    assert "-> _models.A:" in (out / "resources" / "default.py").read_text(encoding="utf-8")


def test_one_naming_nothing_either_way_is_a_dangling_reference(tmp_path: Path) -> None:
    spec = tmp_path / "slash.yaml"
    spec.write_text(DOC.replace("REF", "#components/schemas/B"), encoding="utf-8")
    checked = run_cli("validate", spec)
    assert checked.returncode == 1
    assert "the pointer it might mean names nothing either" in checked.stderr
    made = run_cli("generate", "--spec", spec, "--out", tmp_path / "pkg", "--package", "pkg")
    assert made.returncode == 0, made.stderr
    assert "reads the schema as unconstrained (any value)" in made.stderr
