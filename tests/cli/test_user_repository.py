"""Issue #23.15 and #23.16: the tool in a user's own repository, a manifest of APIs that are
not this repository's completions providers. The comparison page is there only when the
manifest asks for it (`compare:`), and a drift message names the command that remakes the
package there (no Makefile), which then leaves `check` clean."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.support import SPECS
from tests.support.sandbox import COMMAND, run_cli

ACME = """\
openapi: 3.0.3
info: {title: Acme, version: "1"}
servers: [{url: "https://acme.example.com"}]
paths:
  /widgets:
    get:
      operationId: list_widgets
      tags: [widgets]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: "#/components/schemas/Widget"}}
    post:
      operationId: create_widget
      tags: [widgets]
      requestBody:
        required: true
        content: {application/json: {schema: {$ref: "#/components/schemas/Widget"}}}
      responses:
        "201": {description: made, content: {application/json: {schema: {$ref: "#/components/schemas/Widget"}}}}
components:
  schemas:
    Widget:
      type: object
      required: [name]
      properties:
        name: {type: string}
        size: {type: integer}
"""

MANIFEST = """\
providers:
  acme:
    spec: acme/openapi.yaml
    package: acme
    api_key_env: ACME_API_KEY
"""


def _repository(root: Path, manifest: str = MANIFEST) -> Path:
    """A user's repository: specs/providers.yaml and one document, no Makefile, no docs/."""
    (root / "specs" / "acme").mkdir(parents=True)
    (root / "specs" / "acme" / "openapi.yaml").write_text(ACME, encoding="utf-8")
    (root / "specs" / "providers.yaml").write_text(manifest, encoding="utf-8")
    return root / "specs" / "providers.yaml"


def _generate_then_check(manifest: Path, out: Path) -> tuple[int, str, str]:
    generated = run_cli("generate", "--manifest", manifest, "--out", out)
    assert generated.returncode == 0, generated.stderr
    checked = run_cli("check", "--manifest", manifest, "--output", out)
    return checked.returncode, checked.stdout, checked.stderr


def test_a_manifest_without_compare_has_no_comparison_page(tmp_path: Path) -> None:
    """`generate` then `check` is clean: no docs/providers.md is asked for, none is written."""
    manifest = _repository(tmp_path)
    code, stdout, stderr = _generate_then_check(manifest, tmp_path / "generated")
    assert code == 0, stdout + stderr
    assert "providers.md" not in stdout + stderr and not (tmp_path / "docs").exists()
    assert stdout.count("clean: ") == 1


def test_a_manifest_asking_for_a_comparison_page_gets_one_for_its_operation(tmp_path: Path) -> None:
    """`compare: {out, operation}`: `check` reports the page missing, naming the command that
    writes it; after that command it is clean, and the page tabulates the chosen operation."""
    manifest = _repository(tmp_path, MANIFEST + "compare:\n  out: ../docs/widgets.md\n"
                                              "  operation: POST /widgets\n")
    code, stdout, stderr = _generate_then_check(manifest, tmp_path / "generated")
    assert code == 1 and "document missing" in stdout, stdout
    hint = stderr.split("run `", 1)[1].split("`", 1)[0]
    assert "make generate" not in hint and "compare" in hint and "widgets.md" in hint
    for command in hint.split(" && "):
        assert command.startswith(f"{COMMAND} ")  # as the command was run: runnable here
        assert run_cli(*shlex.split(command.removeprefix(f"{COMMAND} "))).returncode == 0
    page = (tmp_path / "docs" / "widgets.md").read_text(encoding="utf-8")
    assert "# `POST /widgets` across providers" in page and "| name |" in page
    rechecked = run_cli("check", "--manifest", manifest, "--output", tmp_path / "generated")
    assert rechecked.returncode == 0, rechecked.stdout + rechecked.stderr


@pytest.mark.parametrize("entry", ["compare: yes\n", "compare:\n  out: x.md\n  operation: widgets\n"])
def test_a_bad_compare_entry_is_named(entry: str, tmp_path: Path) -> None:
    manifest = _repository(tmp_path, MANIFEST + entry)
    result = run_cli("check", "--manifest", manifest, "--output", tmp_path / "generated")
    assert result.returncode == 2 and "providers.yaml" in result.stderr and "/compare" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_drift_names_the_command_that_remakes_it_where_check_runs(fmt: str, tmp_path: Path) -> None:
    """No Makefile here: when the document changed, the message names `openapi-clientgen
    generate ...` with this manifest and output, and that command makes `check` clean again."""
    manifest = _repository(tmp_path)
    out = tmp_path / "generated"
    assert _generate_then_check(manifest, out)[0] == 0
    spec = tmp_path / "specs" / "acme" / "openapi.yaml"
    spec.write_text(ACME.replace("size: {type: integer}", "size: {type: number}"), encoding="utf-8")
    result = run_cli("check", "--manifest", manifest, "--output", out, "--format", fmt)
    assert result.returncode == 1
    said = result.stderr if fmt == "text" else result.stdout
    assert "make generate" not in said
    command = said.split(f"`{COMMAND} generate", 1)[1].split("`", 1)[0]
    assert f"--manifest {manifest}" in command and f"--out {out}" in command
    assert run_cli("generate", *shlex.split(command)).returncode == 0
    assert run_cli("check", "--manifest", manifest, "--output", out).returncode == 0


def test_drift_of_a_vendored_copy_names_its_own_command(tmp_path: Path) -> None:
    """`check --target DIR --spec FILE` (the github format too): the exact `generate --spec`."""
    spec = tmp_path / "acme.yaml"
    spec.write_text(ACME, encoding="utf-8")
    target = tmp_path / "vendor" / "acme_client"
    assert run_cli("generate", "--spec", spec, "--out", target).returncode == 0
    (target / "_client.py").write_text("# edited\n", encoding="utf-8")
    result = run_cli("check", "--target", target, "--spec", spec, "--format", "github")
    assert result.returncode == 1 and "make generate" not in result.stdout
    assert (f"`{COMMAND} generate --spec {spec} --out {target} --package acme_client "
            "--force`") in result.stdout  # (the edit is a hand edit: the command forces)


def test_update_given_a_document_says_what_remakes_a_spec_package(tmp_path: Path) -> None:
    """`update` rewrites a manifest provider's spec; a `--spec` package has no such home, and
    `update acme.yaml` says which commands do the job instead of "unknown provider"."""
    spec = tmp_path / "acme.yaml"
    spec.write_text(ACME, encoding="utf-8")
    result = run_cli("update", spec, "--from", spec)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "not a document" in result.stderr and "generate --spec NEW --out DIR" in result.stderr
    assert "unknown provider" not in result.stderr


def test_generate_given_a_document_says_to_pass_it_as_spec(tmp_path: Path) -> None:
    """A new user's first try, `generate openapi.yaml`, read the path as a provider name
    ("unknown provider '/tmp/x/openapi.yaml'"): it says how to name a document, writing
    nothing."""
    spec = tmp_path / "acme.yaml"
    spec.write_text(ACME, encoding="utf-8")
    result = run_cli("generate", spec)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"--spec {spec} --out DIR" in result.stderr and "unknown provider" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["acme.yaml"]


def test_update_of_an_unknown_name_says_what_remakes_a_spec_package(tmp_path: Path) -> None:
    """`update bookstore --from v2.yaml`, where `bookstore` was generated with `--spec` (no
    manifest entry): beside the known providers, the message says which commands do the job."""
    spec = tmp_path / "acme.yaml"
    spec.write_text(ACME, encoding="utf-8")
    result = run_cli("update", "bookstore", "--from", spec)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "unknown provider 'bookstore'" in result.stderr and "known providers:" in result.stderr
    assert "generated with --spec has no entry to update" in result.stderr
    assert "generate --spec NEW --out DIR" in result.stderr


def test_check_takes_out_as_generate_does(tmp_path: Path) -> None:
    """`--out` means in `check` what it meant to `generate`: the folder holding the packages,
    or (one provider named) the package's own folder, whatever it is called; `--output` keeps
    working, and the two together are a usage error."""
    manifest = _repository(tmp_path)
    root = tmp_path / "generated"
    assert run_cli("generate", "--manifest", manifest, "--out", root).returncode == 0
    checked = run_cli("check", "--manifest", manifest, "--out", root)
    assert (checked.returncode, checked.stdout) == (0, f"clean: {root / 'acme'}\n"), checked.stderr
    copy = tmp_path / "vendor" / "acme_client"
    assert run_cli("generate", "acme", "--manifest", manifest, "--out", copy).returncode == 0
    for extra in ([], ["--full"]):  # by the record and by regeneration
        checked = run_cli("check", "acme", "--manifest", manifest, "--out", copy, *extra)
        assert (checked.returncode, checked.stdout) == (0, f"clean: {copy}\n"), checked.stderr
    both = run_cli("check", "--manifest", manifest, "--out", root, "--output", root)
    assert both.returncode == 2 and "not allowed with argument" in both.stderr
    with_target = run_cli("check", "--manifest", manifest, "--out", copy, "--target", copy,
                          "--provider", "acme")
    assert with_target.returncode == 2 and "either --out or --target" in with_target.stderr


def test_drift_under_output_of_one_provider_names_its_package_folder(tmp_path: Path) -> None:
    """`check acme --output ROOT`: `generate acme --out DIR` writes the package into DIR itself,
    so the command given names ROOT/acme, and running it makes `check` clean again."""
    manifest = _repository(tmp_path)
    root = tmp_path / "generated"
    assert run_cli("generate", "--manifest", manifest, "--out", root).returncode == 0
    spec = tmp_path / "specs" / "acme" / "openapi.yaml"
    spec.write_text(ACME.replace("size: {type: integer}", "size: {type: number}"), encoding="utf-8")
    result = run_cli("check", "acme", "--manifest", manifest, "--output", root)
    assert result.returncode == 1
    command = result.stderr.split(f"`{COMMAND} generate", 1)[1].split("`", 1)[0]
    assert f"--out {root / 'acme'}" in command
    assert run_cli("generate", *shlex.split(command)).returncode == 0
    assert run_cli("check", "acme", "--manifest", manifest, "--output", root).returncode == 0
    assert sorted(path.name for path in root.iterdir()) == ["acme"]


def test_update_takes_out_as_generate_does(tmp_path: Path) -> None:
    """`update acme --out DIR` updates the package `generate acme --out DIR` wrote there, under
    its own name, and nothing under generated/."""
    manifest = _repository(tmp_path)
    copy = tmp_path / "vendor" / "acme_client"
    assert run_cli("generate", "acme", "--manifest", manifest, "--out", copy).returncode == 0
    new = tmp_path / "new.yaml"
    new.write_text(ACME.replace("size: {type: integer}", "size: {type: number}"), encoding="utf-8")
    updated = run_cli("update", "acme", "--from", new, "--manifest", manifest, "--out", copy)
    assert updated.returncode == 0, updated.stdout + updated.stderr
    assert f"generated code changes in {copy}" in updated.stdout
    assert not (tmp_path / "generated").exists() and not (copy / "acme").exists()
    assert "from acme_client import" in (copy / "README.md").read_text(encoding="utf-8")
    checked = run_cli("check", "acme", "--manifest", manifest, "--out", copy, "--full")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_record_naming_no_package_is_not_taken_as_the_name(tmp_path: Path) -> None:
    """`update acme --out DIR` and `check --out DIR` take a copy's name from its PROVENANCE.json,
    a file in the copy anyone may write: `../../evil` became the package's name in the README
    (`from ../../evil import Client`) and its User-Agent. A name no package can have is not
    taken: the folder's name is (and `check` says the record's setting changed)."""
    manifest = _repository(tmp_path)
    copy = tmp_path / "vendor" / "acme_client"
    assert run_cli("generate", "acme", "--manifest", manifest, "--out", copy).returncode == 0
    record = copy / "PROVENANCE.json"
    record.write_text(record.read_text(encoding="utf-8").replace(
        '"setting:package": "acme_client"', '"setting:package": "../../evil"'), encoding="utf-8")
    checked = run_cli("check", "acme", "--manifest", manifest, "--out", copy)
    assert checked.returncode == 1 and "--package acme_client" in checked.stderr, checked.stderr
    new = tmp_path / "new.yaml"
    new.write_text(ACME.replace("size: {type: integer}", "size: {type: number}"), encoding="utf-8")
    updated = run_cli("update", "acme", "--from", new, "--manifest", manifest, "--out", copy,
                      "--discard-edits")
    assert updated.returncode == 0, updated.stdout + updated.stderr
    written = "".join(path.read_text(encoding="utf-8") for path in copy.rglob("*") if path.is_file())
    assert "evil" not in written and "from acme_client import" in written


def test_a_change_in_a_referenced_file_is_drift(tmp_path: Path) -> None:
    """The record held the spec's hash alone: `pet.yaml`, which the spec's `$ref` bundles in,
    gained a property and `check` said clean. Each referenced file's hash is recorded (by its
    path from the spec's folder) and hashed again by the no-op check."""
    specs = tmp_path / "specs"
    (specs / "common").mkdir(parents=True)
    spec = specs / "acme.yaml"
    spec.write_text(
        "openapi: 3.0.3\ninfo: {title: Acme, version: '1'}\npaths:\n  /pets:\n    get:\n"
        "      operationId: listPets\n      responses:\n        '200':\n          description: ok\n"
        "          content: {application/json: {schema: {$ref: 'common/pet.yaml#/Pet'}}}\n",
        encoding="utf-8")
    pet = specs / "common" / "pet.yaml"
    pet.write_text("Pet:\n  type: object\n  properties:\n    name: {type: string}\n",
                   encoding="utf-8")
    target = tmp_path / "vendor" / "acme_client"
    assert run_cli("generate", "--spec", spec, "--out", target).returncode == 0
    assert '"ref_sha256:common/pet.yaml"' in (target / "PROVENANCE.json").read_text("utf-8")
    assert run_cli("check", "--target", target, "--spec", spec).returncode == 0
    pet.write_text(pet.read_text("utf-8") + "    age: {type: integer}\n", encoding="utf-8")
    result = run_cli("check", "--target", target, "--spec", spec)
    assert result.returncode == 1, result.stdout
    assert "inputs changed: referenced file common/pet.yaml" in result.stdout
    assert "+    age: int | None = None" in result.stdout
    pet.unlink()  # the document cannot be read: not compared, named
    gone = run_cli("check", "--target", target, "--spec", spec)
    assert gone.returncode == 2 and "common/pet.yaml" in gone.stderr


def test_check_of_a_copy_made_with_an_overlay_asks_for_it(tmp_path: Path) -> None:
    """A copy made with `--overlay`, checked without it: `check` advised a `generate` command
    without it, which renames the client's methods and arguments (another API)."""
    target = tmp_path / "vendor" / "ionos_client"
    spec, overlay = SPECS / "ionos" / "openapi.json", SPECS / "ionos" / "overlay.yaml"
    made = run_cli("generate", "--spec", spec, "--overlay", overlay, "--out", target)
    assert made.returncode == 0, made.stderr
    result = run_cli("check", "--target", target, "--spec", spec)
    assert result.returncode == 1
    assert f"{target} was generated with an overlay: check it with --overlay FILE" in result.stderr
    assert f"{COMMAND} generate" not in result.stderr
    assert run_cli("check", "--target", target, "--spec", spec, "--overlay", overlay).returncode == 0
