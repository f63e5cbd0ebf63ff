"""The command line a CI job can trust (issue #14.11, #14.12) and vendoring with `--out`
(issue #12.3):

- every argument of every command has help text (argparse walked);
- an unknown provider is a usage error, exit 2, in every command that takes one;
- `generate PROVIDER --out DIR [--package NAME]` writes exactly there; a folder name that is not
  a package name is refused saying what to pass; `--output` still works, with a warning;
- a copy generated under another name is clean for `check --target` by its record and by
  regeneration (`--full`) alike, and a changed setting is drift for both;
- `check` prints its summary first and caps the diff unless `--verbose`.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.cli.main import _parser
from tests.support import PROVIDERS, ROOT
from tests.support.sandbox import COMMAND, run_cli, sandbox_args, snapshot

FEATURES = ROOT / "tests" / "feature_specs"


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = _parser()
    sub = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    return dict(sub.choices)


def test_every_argument_of_every_command_has_help() -> None:
    commands = _commands()
    assert set(commands) == {"validate", "generate", "check", "diff", "compare", "update"}
    missing = [
        f"{name} {action.dest}"
        for name, command in commands.items()
        for action in command._actions
        if not isinstance(action, argparse._HelpAction)
        and (not action.help or action.help == argparse.SUPPRESS)
    ]
    assert missing == []


@pytest.mark.parametrize("command", [
    ["validate", "acme"], ["generate", "acme"], ["check", "acme"], ["compare", "acme"],
    ["update", "acme", "--from", "specs/ionos/openapi.json"],
    ["check", "--target", "generated/ionos", "--provider", "acme"],
], ids=lambda command: "-".join(command[:2]))
def test_unknown_provider_is_a_usage_error_everywhere(command: list[str]) -> None:
    result = run_cli(*command)
    assert result.returncode == 2, result.stderr
    assert "unknown provider 'acme'" in result.stderr and f"known providers: {', '.join(PROVIDERS)}" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_package_named_in_capitals_passes_its_own_ruff_check(tmp_path: Path) -> None:
    """`--out MyClient` names the package `MyClient`; ruff's pep8-naming (`N999`, on by
    default) flagged every module of it under the package's own ruff.toml."""
    out = tmp_path / "MyClient"
    assert run_cli("generate", "--spec", FEATURES / "pagination.yaml", "--out", out).returncode == 0
    ruff = subprocess.run([sys.executable, "-m", "ruff", "check", "--config", str(out / "ruff.toml"),
                           str(out)], capture_output=True, text=True, timeout=120, check=False)
    assert ruff.returncode == 0, ruff.stdout
    assert 'ignore = ["N999"]' in (out / "ruff.toml").read_text(encoding="utf-8")


@pytest.mark.timeout(300)
def test_generate_one_provider_into_out_and_check_the_renamed_copy(tmp_path: Path) -> None:
    out = tmp_path / "vendor" / "acme_llm"
    result = run_cli("generate", "ionos", "--out", out)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"wrote {out}: 1 of 1 operations generated\n"
    record = json.loads((out / "PROVENANCE.json").read_text(encoding="utf-8"))
    assert record["inputs"]["setting:package"] == "acme_llm" and record["inputs"]["setting:provider"] == "ionos"
    assert "from acme_llm import Client" in (out / "README.md").read_text(encoding="utf-8")
    for extra in ([], ["--full"]):  # the record and a regeneration agree
        check = run_cli("check", "--target", out, "--provider", "ionos", *extra)
        assert check.returncode == 0, check.stdout + check.stderr
        assert check.stdout.startswith("clean: ")
    # --package names the package whatever the folder is called
    named = tmp_path / "vendor" / "my-client"
    result = run_cli("generate", "ionos", "--out", named, "--package", "my_client")
    assert result.returncode == 0, result.stderr
    for extra in ([], ["--full"]):
        check = run_cli("check", "--target", named, "--provider", "ionos", *extra)
        assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.timeout(300)
def test_a_changed_setting_is_drift_by_record_and_by_regeneration(sandbox: Path, tmp_path: Path) -> None:
    manifest = sandbox / "specs" / "providers.yaml"
    out = tmp_path / "acme_llm"
    assert run_cli("generate", "ionos", "--out", out, "--manifest", manifest).returncode == 0
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("api_key_env: IONOS_API_KEY", "api_key_env: ACME_KEY"), encoding="utf-8")
    for extra in ([], ["--full"]):
        check = run_cli("check", "--target", out, "--provider", "ionos", "--manifest", manifest, *extra)
        assert check.returncode == 1, check.stdout + check.stderr
        assert "inputs changed: setting api_key_env" in check.stdout
        assert "_client.py" in check.stdout  # the variable's name is in the code


@pytest.mark.timeout(300)
def test_a_package_generated_from_a_document_is_checked_against_it(tmp_path: Path) -> None:
    """A vendoring team without a manifest: `generate --spec` then `check --target --spec` in CI,
    from another folder too; clean by record and by regeneration, a spec edit is drift for both,
    and the package's README shows that very command."""
    spec = tmp_path / "api.yaml"
    spec.write_text((FEATURES / "pagination.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "vendor" / "my-client"
    assert run_cli("generate", "--spec", spec, "--out", out, "--package", "my_client").returncode == 0
    readme = (out / "README.md").read_text(encoding="utf-8")
    assert "openapi-clientgen check --target path/to/my_client --spec api.yaml" in readme
    for extra in ([], ["--full"]):
        check = run_cli("check", "--target", out, "--spec", spec, *extra)
        assert (check.returncode, check.stdout) == (0, f"clean: {out}\n"), check.stderr
    spec.write_text(spec.read_text(encoding="utf-8").replace("title:", "title: Renamed", 1), encoding="utf-8")
    for extra in ([], ["--full"]):
        check = run_cli("check", "--target", out, "--spec", spec, *extra)
        assert check.returncode == 1, check.stdout + check.stderr
        assert "inputs changed: spec" in check.stdout and "README.md" in check.stdout
        assert f"replace {out} with a package freshly generated from {spec}" in check.stderr
    # the command the hint gives brings the copy back in line
    command = shlex.split(check.stderr.split(f": {COMMAND} ", 1)[1])
    assert command == ["generate", "--spec", str(spec), "--out", str(out), "--package", "my_client"]
    assert run_cli(*command).returncode == 0
    assert run_cli("check", "--target", out, "--spec", spec).returncode == 0
    for wrong in (["--spec", spec, "--provider", "ionos"], [], ["--spec", tmp_path / "nope.yaml"]):
        refused = run_cli("check", "--target", out, *wrong)
        assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr


def test_out_whose_name_is_not_a_package_says_what_to_pass(tmp_path: Path) -> None:
    result = run_cli("generate", "ionos", "--out", tmp_path / "my-client")
    assert result.returncode == 2
    assert "--out's folder name names the package, and 'my-client' is not a Python package name" in result.stderr
    assert "pass --package NAME, e.g. --package my_client" in result.stderr
    assert run_cli("generate", "ionos", "--out", tmp_path / "x", "--package", "not-valid").returncode == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.timeout(300)
def test_the_command_check_prints_is_one_a_shell_can_run(tmp_path: Path) -> None:
    """The remedy `check` prints is pasted into a shell: a folder or document with a space in
    its path split into two arguments. The package name comes from the copy's own
    PROVENANCE.json, which anyone with write access to the folder writes: one that names no
    package (`x; touch pwned`) is not taken (the folder's name is)."""
    spec = tmp_path / "api spec.yaml"
    spec.write_text((FEATURES / "auth_public.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "my vendor" / "acme"
    assert run_cli("generate", "--spec", spec, "--out", out).returncode == 0
    record = out / "PROVENANCE.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    data["inputs"]["setting:package"] = "acme; touch pwned"
    record.write_text(json.dumps(data), encoding="utf-8")
    check = run_cli("check", "--target", out, "--spec", spec)
    assert check.returncode == 1, check.stderr
    command = shlex.split(check.stderr.split(f": {COMMAND} ", 1)[1])
    # (the record edited by hand is a hand edit: the command forces the regeneration)
    assert command == ["generate", "--spec", str(spec), "--out", str(out), "--package", "acme",
                       "--force"]


@pytest.mark.parametrize("command", [
    ["generate", "--spec", FEATURES / "auth_public.yaml", "--package", ""],
    ["generate", "ionos", "--package", ""],
], ids=["spec", "provider"])
def test_an_empty_package_name_is_refused_not_taken_for_none(tmp_path: Path, command: list[Any]) -> None:
    """`--package ""` (`--package "$NAME"` with NAME unset) was read as no `--package`: the
    package took `--out`'s folder name, silently."""
    result = run_cli(*command, "--out", tmp_path / "pkg")
    assert result.returncode == 2, result.stderr
    assert "--package: '' is not a Python package name" in result.stderr
    assert "Traceback" not in result.stderr and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("force", [[], ["--force"]], ids=["plain", "force"])
def test_a_folder_holding_the_spec_is_refused_even_forced(tmp_path: Path, force: list[str]) -> None:
    """`--out .` beside `sub/spec.yaml` with `--force` replaced the folder, and the document the
    package is made from went with it."""
    spec = tmp_path / "sub" / "spec.yaml"
    spec.parent.mkdir()
    spec.write_bytes((FEATURES / "auth_public.yaml").read_bytes())
    result = run_cli("generate", "--spec", spec, "--out", tmp_path, "--package", "pk", *force)
    assert result.returncode == 2, result.stderr
    assert f"{tmp_path}: holds {spec}, an input of this command" in result.stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["spec.yaml", "sub"]


_REFERRING_SPEC = """openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /a:
    get:
      operationId: a
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: 'sub/models.yaml#/Thing'}}}}
"""
_MODELS = "Thing: {type: object, properties: {x: {type: string}}}\n"


def _spec_referring_into_sub(folder: Path) -> tuple[Path, Path]:
    """`folder/main.yaml`, whose `$ref` bundles in `folder/sub/models.yaml`."""
    spec, models = folder / "main.yaml", folder / "sub" / "models.yaml"
    models.parent.mkdir()
    spec.write_text(_REFERRING_SPEC, encoding="utf-8")
    models.write_text(_MODELS, encoding="utf-8")
    return spec, models


@pytest.mark.parametrize("force", [[], ["--force"]], ids=["plain", "force"])
def test_a_folder_holding_a_file_the_spec_refs_is_refused_even_forced(
        tmp_path: Path, force: list[str]) -> None:
    """`--out sub --force` beside `main.yaml`, whose `$ref` names `sub/models.yaml`: the folder
    was replaced and the user's models.yaml, an input as much as the spec, deleted."""
    spec, models = _spec_referring_into_sub(tmp_path)
    result = run_cli("generate", "--spec", spec, "--out", models.parent, "--package", "pk", *force)
    assert result.returncode == 2, result.stderr
    assert (f"{models.parent}: holds {models}, an input of this command (the spec's `$ref`s "
            "bundle it in): writing the package there would delete it") in result.stderr
    assert "discards" not in result.stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["main.yaml", "models.yaml", "sub"]
    assert models.read_text(encoding="utf-8") == _MODELS


def test_update_refuses_a_package_folder_holding_a_file_the_spec_refs(tmp_path: Path) -> None:
    """`update --out sub --force` replaced the folder as `generate` did: the new spec's
    `$ref`d file in it went."""
    spec, models = _spec_referring_into_sub(tmp_path)
    manifest = tmp_path / "providers.yaml"
    manifest.write_text("providers:\n  shop:\n    spec: main.yaml\n    package: sub\n    api_key_env: SHOP_KEY\n",
                        encoding="utf-8")
    new = tmp_path / "new.yaml"
    new.write_text(_REFERRING_SPEC.replace("title: T", "title: T2"), encoding="utf-8")
    result = run_cli("update", "shop", "--from", new, "--manifest", manifest,
                     "--out", models.parent, "--force", "--no-cache")
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"holds {models}, an input of this command (the spec's `$ref`s bundle it in)" \
        in result.stderr
    assert models.read_text(encoding="utf-8") == _MODELS
    assert spec.read_text(encoding="utf-8") == _REFERRING_SPEC  # nothing was written


def test_update_refuses_a_package_folder_holding_the_spec(tmp_path: Path) -> None:
    """The spec itself in the package's folder: `update --force` swapped the folder away and
    then failed to rename the new spec into it."""
    (tmp_path / "api.yaml").write_text(
        (FEATURES / "auth_public.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    manifest = tmp_path / "providers.yaml"
    manifest.write_text("providers:\n  shop:\n    spec: api.yaml\n    package: shop\n    api_key_env: SHOP_KEY\n",
                        encoding="utf-8")
    before = snapshot(tmp_path)
    result = run_cli("update", "shop", "--from", FEATURES / "auth_public.yaml", "--manifest",
                     manifest, "--out", tmp_path, "--force", "--no-cache")
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"holds {tmp_path / 'api.yaml'}, an input of this command" in result.stderr
    assert snapshot(tmp_path) == before


def test_notes_of_one_wording_are_shown_three_times_and_counted(tmp_path: Path) -> None:
    """Kubernetes printed 1,193 lines of one note, one per operation, burying its renames: a
    wording's first three lines are shown, the rest counted; COVERAGE.md lists them all."""
    answer = {"description": "ok", "content": {
        media: {"schema": {"type": "object"}} for media in ("application/json", "application/yaml")}}
    spec = tmp_path / "alike.json"
    spec.write_text(json.dumps({
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {f"/r{i}": {"get": {"operationId": f"get{i}", "responses": {"200": answer}}}
                  for i in range(6)},
    }), encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "pkg")
    assert result.returncode == 0, result.stderr
    noted = [line for line in result.stderr.splitlines() if "noted: the answer 200" in line]
    assert [line.split(": ")[1] for line in noted] == ["/paths/~1r0/get", "/paths/~1r1/get",
                                                       "/paths/~1r2/get"]
    assert f"alike.json: ... and 3 more noted alike (listed in {tmp_path / 'pkg' / 'COVERAGE.md'})" \
        in result.stderr
    assert "6 noted" in result.stdout
    assert (tmp_path / "pkg" / "COVERAGE.md").read_text(encoding="utf-8").count("/paths/~1r") >= 6


def test_each_wordings_count_follows_its_own_lines(tmp_path: Path) -> None:
    """Two wordings interleaved in the document (TGI's invalid defaults, `'null'` and `'1024'`):
    the `... and N more` line came where the fourth of its wording would have been, between
    lines of the other wording, which a reader took it to count. Each wording's lines come
    together, its count right after them."""
    answer = {"description": "ok", "content": {
        media: {"schema": {"type": "object"}} for media in ("application/json", "application/yaml")}}
    encoded = {"description": "ok", "content": {
        media: {"schema": {"type": "object"}} for media in ("application/json", "application/cbor")}}
    spec = tmp_path / "mixed.json"
    spec.write_text(json.dumps({
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {f"/r{i}": {"get": {"operationId": f"get{i}", "responses": {
            "200": answer if i % 2 else encoded}}} for i in range(10)},
    }), encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "pkg")
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "noted" in line]
    kinds = ["cbor" if "cbor" in line else "yaml" if "yaml" in line else "count"
             for line in lines]
    assert kinds == ["cbor"] * 3 + ["count"] + ["yaml"] * 3 + ["count"], lines
    assert "... and 2 more noted alike" in lines[3] and "... and 2 more noted alike" in lines[7]


def test_a_package_name_that_is_not_ascii_is_refused(tmp_path: Path) -> None:
    """`É_API_KEY` is no environment variable a shell exports, and httpx refuses the
    User-Agent `é/1.0`: every request of the package failed."""
    result = run_cli("generate", "--spec", FEATURES / "auth_public.yaml", "--out",
                     tmp_path / "pkg", "--package", "é")
    assert result.returncode == 2, result.stderr
    assert "--package: 'é' is not ASCII" in result.stderr
    assert "Traceback" not in result.stderr and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [
    ["generate", "--spec", FEATURES / "auth_public.yaml", "--out", ""],
    ["generate", "--spec", "", "--out", "OUT"],
    ["check", "--target", "", "--spec", FEATURES / "auth_public.yaml"],
    ["diff", "", FEATURES / "auth_public.yaml"],
    ["check", "ionos", "--compare-doc", ""],
], ids=lambda command: "-".join(str(part) for part in command[:2]))
def test_an_empty_path_is_refused_not_taken_for_the_current_folder(
    tmp_path: Path, command: list[Any]
) -> None:
    """An empty path was `Path("")`, the folder the shell stands in: `--out ""` would replace it
    (a folder name that is a package name), `check --target ""` compared all of it."""
    result = run_cli(*[tmp_path / "out" if part == "OUT" else part for part in command])
    assert result.returncode == 2, result.stderr
    assert "an empty path (an unset shell variable?)" in result.stderr
    assert "Traceback" not in result.stderr and list(tmp_path.iterdir()) == []


@pytest.mark.timeout(300)
def test_output_is_deprecated_for_out(tmp_path: Path) -> None:
    result = run_cli("generate", "ionos", "nebius", "--output", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "--output is deprecated; use --out" in result.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["ionos", "nebius"]
    several = run_cli("generate", "ionos", "nebius", "--out", tmp_path, "--package", "x")
    assert several.returncode == 2 and "--package names one package" in several.stderr


@pytest.mark.timeout(300)
def test_check_prints_a_summary_first_and_caps_the_diff(sandbox: Path) -> None:
    spec = sandbox / "specs" / "ionos" / "openapi.json"
    doc = json.loads(spec.read_text(encoding="utf-8"))
    doc["components"]["schemas"]["CompletionRequest"]["properties"]["user"]["description"] = "Who asks"
    doc["info"]["title"] = "IONOS, renamed"
    spec.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    before = snapshot(sandbox)
    short = run_cli("check", "ionos", *sandbox_args(sandbox))
    assert short.returncode == 1
    lines = short.stdout.splitlines()
    assert lines[0].startswith("drift: ") and lines[0].endswith("generated/ionos")
    assert lines[1] == "  inputs changed: spec"
    files = [line for line in lines[2:] if line.startswith("  changed: ")]
    assert files and all(re.search(r" \(inputs changed: spec; \+\d+ -\d+ lines\)$", line) for line in files)
    assert any("/README.md (inputs changed: spec; +" in line for line in files)
    total = next(line for line in lines if " file(s) differ: +" in line)
    assert lines.index(total) < next(i for i, line in enumerate(lines) if line.startswith("--- "))
    assert "more diff lines (--verbose shows every line)" in lines[-1]
    full = run_cli("check", "ionos", "--verbose", *sandbox_args(sandbox))
    assert full.returncode == 1 and "--verbose shows" not in full.stdout
    assert len(full.stdout.splitlines()) > len(lines)
    assert snapshot(sandbox) == before  # check writes nothing


@pytest.mark.parametrize("option", ["--f", "--fo", "--forc"])
def test_an_option_is_taken_only_spelt_whole(tmp_path: Path, option: str) -> None:
    """argparse took `--f` for `--force`: a folder of the user's files was replaced, silently."""
    out = tmp_path / "mine"
    out.mkdir()
    (out / "keep.txt").write_text("mine", encoding="utf-8")
    result = run_cli("generate", "--spec", FEATURES / "auth_public.yaml", "--out", out, option)
    assert result.returncode == 2 and f"unrecognized arguments: {option}" in result.stderr
    assert [path.name for path in out.iterdir()] == ["keep.txt"]


def test_the_version_is_asked_with_version() -> None:
    from generator import __version__

    result = run_cli("--version")
    assert (result.returncode, result.stdout) == (0, f"openapi-clientgen {__version__}\n")


def test_force_names_what_it_discards(tmp_path: Path) -> None:
    """A `.env` beside the package and a hand edit went without a word under `--force`."""
    spec, out = FEATURES / "auth_public.yaml", tmp_path / "pkg"
    assert run_cli("generate", "--spec", spec, "--out", out).returncode == 0
    (out / ".env").write_text("KEY=1\n", encoding="utf-8")
    with (out / "_client.py").open("a", encoding="utf-8") as edited:
        edited.write("# mine\n")
    result = run_cli("generate", "--spec", spec, "--out", out, "--force")
    assert result.returncode == 0, result.stderr
    assert (f"{out}: --force discards 2 file(s) this generator did not write as they are: "
            ".env, _client.py") in result.stderr
    again = run_cli("generate", "--spec", spec, "--out", out, "--force")
    assert "--force discards" not in again.stderr  # nothing of the user's left to discard


def test_validate_names_the_operations_generate_would_leave_out(tmp_path: Path) -> None:
    """A valid document that `generate` cannot build an operation of (a required header
    parameter no request can carry): `validate` says which and that generate skips it, where
    it used to say "valid" (exit 0) for a document generate then left a method out of."""
    spec = tmp_path / "api.yaml"
    spec.write_text(
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n"
        "  /pages:\n    get:\n      operationId: getPages\n      parameters:\n"
        "        - {name: 'X Id', in: header, required: true, schema: {type: string}}\n"
        "      responses: {'200': {description: ok}}\n"
        "  /other:\n    get:\n      operationId: other\n"
        "      responses: {'200': {description: ok}}\n", encoding="utf-8")
    result = run_cli("validate", spec)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "valid" not in result.stdout
    assert f"{spec}:5: /paths/~1pages/get:" in result.stderr
    assert "header parameter 'X Id' cannot be sent" in result.stderr
    assert result.stderr.rstrip().endswith("[generate skips this operation]")
    spec.write_text(spec.read_text(encoding="utf-8").replace("required: true, ", ""),
                    encoding="utf-8")
    result = run_cli("validate", spec)  # an optional one: left out of its method, named there
    assert (result.returncode, result.stdout) == (0, f"{spec}: valid\n"), result.stderr


def test_validate_says_a_strict_provider_stops_at_an_operation_generate_cannot_build(
        tmp_path: Path) -> None:
    """The same operation of a provider marked `strict: true`: generation stops there rather
    than skipping it, and `validate` says so (`generate stops: strict`)."""
    spec = tmp_path / "api.yaml"
    spec.write_text(
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n"
        "  /pages:\n    get:\n      operationId: getPages\n      parameters:\n"
        "        - {name: 'X Id', in: header, required: true, schema: {type: string}}\n"
        "      responses: {'200': {description: ok}}\n", encoding="utf-8")
    manifest = tmp_path / "providers.yaml"
    manifest.write_text("providers:\n  shop:\n    spec: api.yaml\n    package: shop\n"
                        "    api_key_env: SHOP_KEY\n    strict: true\n", encoding="utf-8")
    result = run_cli("validate", "shop", "--manifest", manifest)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "valid" not in result.stdout
    assert f"{spec}:5: /paths/~1pages/get:" in result.stderr
    assert result.stderr.rstrip().endswith("[generate stops: strict]")
    assert "generate skips" not in result.stderr
    generated = run_cli("generate", "shop", "--manifest", manifest, "--out",
                        tmp_path / "out", "--no-cache")
    assert generated.returncode == 1, generated.stdout + generated.stderr
