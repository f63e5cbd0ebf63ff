"""`generate --models used` and the manifest's `models: used`: a package with models only for the
component schemas its operations use, every other one named (stderr, the package's README), the
choice recorded so that `check` remakes the same package; a manifest's bad value is located."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.io import cache as cache_module
from tests.support.sandbox import run_cli

SPEC = """\
openapi: 3.1.0
info: {title: Shop, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: the pets
          content:
            application/json:
              schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}
webhooks:
  petSold:
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: "#/components/schemas/PetSold"}
      responses:
        "200": {description: received}
components:
  schemas:
    Pet:
      type: object
      required: [id]
      properties:
        id: {type: integer}
        owner: {$ref: "#/components/schemas/Owner"}
    Owner:
      type: object
      properties:
        name: {type: string}
    PetSold:
      type: object
      properties:
        pet: {$ref: "#/components/schemas/Pet"}
    Unreferenced:
      type: object
      properties:
        note: {type: string}
"""


def _models_of(folder: Path) -> dict[str, bool]:
    """Which of the document's classes `folder`'s package has, read by importing it."""
    code = ("import json, sys, shop\n"
            "print(json.dumps({name: hasattr(shop.models, name) for name in "
            "('Pet', 'Owner', 'PetSold', 'Unreferenced')}))")
    result = subprocess.run([sys.executable, "-c", code], cwd=folder.parent, capture_output=True,
                            text=True, timeout=120, check=True)
    found: dict[str, bool] = json.loads(result.stdout)
    return found


def test_models_used_leaves_out_and_names_what_no_operation_uses(tmp_path: Path) -> None:
    spec = tmp_path / "shop.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    used, every = tmp_path / "used" / "shop", tmp_path / "all" / "shop"
    result = run_cli("generate", "--spec", spec, "--out", used, "--models", "used", "--no-cache")
    assert result.returncode == 0, result.stderr
    assert "models: used: the component schemas no operation uses have no model" in result.stderr
    assert _models_of(used) == {"Pet": True, "Owner": True, "PetSold": False,
                                "Unreferenced": False}
    readme = (used / "README.md").read_text(encoding="utf-8")
    assert "## Schemas without a model" in readme
    assert "other 2 component schemas" in readme and "`PetSold` and `Unreferenced`" in readme
    assert "--models used" in readme  # the command that remakes it
    record = json.loads((used / "PROVENANCE.json").read_text(encoding="utf-8"))
    assert record["inputs"]["setting:models"] == "used"
    checked = run_cli("check", "--target", used, "--spec", spec)
    assert checked.returncode == 0 and "clean" in checked.stdout, checked.stdout + checked.stderr

    default = run_cli("generate", "--spec", spec, "--out", every, "--no-cache")
    assert default.returncode == 0, default.stderr
    assert "models: used" not in default.stderr
    assert all(_models_of(every).values())
    assert "Schemas without a model" not in (every / "README.md").read_text(encoding="utf-8")
    record = json.loads((every / "PROVENANCE.json").read_text(encoding="utf-8"))
    assert "setting:models" not in record["inputs"]  # records made before the option: unchanged


def test_a_manifest_models_value_it_does_not_know_is_located(tmp_path: Path) -> None:
    manifest = _manifest(tmp_path, "some")
    result = run_cli("generate", "--manifest", manifest, "--out", tmp_path / "out")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "/providers/shop/models" in result.stderr and "'some'" in result.stderr
    assert not (tmp_path / "out").exists()


def test_diff_says_a_change_of_an_unused_schema_has_no_effect_on_a_used_models_client(
        tmp_path: Path) -> None:
    """A webhook payload's required property removed: `models.PetSold.pet` loses a field in a
    package with every model (client-breaking), and changes nothing in one made with
    `--models used`, which has no `PetSold`. A change of a used schema is said either way."""
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    old.write_text(SPEC.replace("    PetSold:\n      type: object\n",
                                "    PetSold:\n      type: object\n      required: [pet]\n"),
                   encoding="utf-8")
    new.write_text(SPEC.replace("        pet: {$ref: \"#/components/schemas/Pet\"}\n", "")
                   .replace("        id: {type: integer}\n", "        id: {type: string}\n"),
                   encoding="utf-8")

    def effects(*extra: str) -> tuple[int, dict[str, tuple[str, bool]]]:
        result = run_cli("diff", old, new, "--format", "json", "--fail-on", "client-breaking",
                         "--no-cache", *extra)
        assert result.returncode in (0, 1), result.stderr
        changes = json.loads(result.stdout)["changes"]
        return result.returncode, {c["pointer"]: (c["client"], c["client_breaking"])
                                   for c in changes}

    every_code, every = effects()
    used_code, used = effects("--models", "used")
    payload = "/components/schemas/PetSold/properties/pet"
    assert every[payload][0].startswith("models.PetSold.pet") and every[payload][1]
    assert used[payload] == ("no effect on the generated client", False)
    pet_id = "/components/schemas/Pet/properties/id"
    assert used[pet_id][0].startswith("models.Pet.id") and used[pet_id] == every[pet_id]
    assert every_code == 1 and used_code == 1  # Pet.id's type changed: breaking in both


def test_the_cache_keeps_the_two_packages_apart(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """With the cache on, a package made with every model is not given for `--models used` of
    the same bytes (nor the other way round): the setting is part of every key."""
    monkeypatch.setenv(cache_module.DIR_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(cache_module.OFF_ENV, raising=False)
    spec = tmp_path / "shop.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    entries = []
    for models, folder in (("all", "a"), ("used", "b"), ("all", "c"), ("used", "d")):
        result = run_cli("generate", "--spec", spec, "--out", tmp_path / folder / "shop",
                         "--models", models)
        assert result.returncode == 0, result.stderr
        entries.append(sorted(path for path in (tmp_path / "cache").rglob("*") if path.is_file()))
    assert entries[1] != entries[0]  # the second setting made entries of its own...
    assert entries[3] == entries[2] == entries[1]  # ...and both were found again, not remade
    assert _models_of(tmp_path / "a" / "shop") == _models_of(tmp_path / "c" / "shop")
    assert _models_of(tmp_path / "b" / "shop") == _models_of(tmp_path / "d" / "shop")
    assert _models_of(tmp_path / "a" / "shop")["PetSold"]
    assert not _models_of(tmp_path / "b" / "shop")["PetSold"]


def _manifest(tmp_path: Path, models: str) -> Path:
    (tmp_path / "shop.yaml").write_text(SPEC, encoding="utf-8")
    manifest = tmp_path / "providers.yaml"
    manifest.write_text("providers:\n  shop:\n    spec: shop.yaml\n    package: shop\n"
                        f"    api_key_env: SHOP_API_KEY\n    models: {models}\n",
                        encoding="utf-8")
    return manifest


def test_a_providers_models_used_is_generated_and_checked_as_the_manifest_says(
        tmp_path: Path) -> None:
    manifest = _manifest(tmp_path, "used")
    out = tmp_path / "out"
    result = run_cli("generate", "--manifest", manifest, "--out", out, "--no-cache")
    assert result.returncode == 0, result.stderr
    assert _models_of(out / "shop") == {"Pet": True, "Owner": True, "PetSold": False,
                                        "Unreferenced": False}
    assert "generate shop --out path/to/shop" in (out / "shop" / "README.md").read_text(
        encoding="utf-8")  # the manifest remakes it: no option on the line
    checked = run_cli("check", "--manifest", manifest, "--out", out)
    assert checked.returncode == 0 and "clean" in checked.stdout, checked.stdout + checked.stderr


def test_models_on_the_command_line_goes_with_spec_only(tmp_path: Path) -> None:
    """A provider's package is remade by `check` and `update` from its manifest entry: a
    `--models` given to `generate` alone would read as drift there, so it is refused."""
    manifest = _manifest(tmp_path, "all")
    result = run_cli("generate", "--manifest", manifest, "--out", tmp_path / "out",
                     "--models", "used")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "--models goes with --spec" in result.stderr and "models: used" in result.stderr
    assert not (tmp_path / "out").exists()
