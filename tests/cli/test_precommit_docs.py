"""Issue #23.17: the pre-commit configuration docs/drift.md offers a vendoring repository works
as written: its `rev` resolves in a clone of this repository (a commit SHA, or a tag `v` + the
version pyproject.toml declares) and offers the hook it names, its `files` cover both the
vendored copy and the document (the hook runs when only the document changed), and its `args`
are a `check` that is clean on a fresh copy and fails once the document changed."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import yaml

from tests.support import ROOT
from tests.support.sandbox import run_cli

DOCS = ROOT / "docs" / "drift.md"
YAML_BLOCK = re.compile(r"```yaml\n(.*?)```", re.DOTALL)
DOCUMENT = """\
openapi: 3.0.3
info: {title: Acme, version: "1"}
servers: [{url: "https://acme.example.com"}]
paths:
  /widgets:
    get:
      operationId: list_widgets
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: array, items: {type: string}}}}}
"""


def _documented() -> dict[str, Any]:
    """The `repos:` entry of this repository in the vendoring example."""
    for block in YAML_BLOCK.findall(DOCS.read_text(encoding="utf-8")):
        config = yaml.safe_load(block)
        if isinstance(config, dict):
            for repo in config.get("repos", []):
                if str(repo.get("repo", "")).endswith("/openapi-clientgen"):
                    assert isinstance(repo, dict)
                    return repo
    raise AssertionError("docs/drift.md has no pre-commit example naming this repository")


def _git(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *map(str, args)], capture_output=True, text=True, timeout=120, check=False)


def test_the_documented_rev_resolves_in_a_clone_and_offers_the_hook(tmp_path: Path) -> None:
    repo = _documented()
    rev = str(repo["rev"])
    if rev.startswith("v"):  # the tag form: the version the package declares
        version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
        assert rev == f"v{version}"
    else:
        assert re.fullmatch(r"[0-9a-f]{40}", rev), "a commit is named by its full SHA (immutable)"
    clone = tmp_path / "clone"
    cloned = _git("clone", "--quiet", "--no-checkout", ROOT, clone)
    assert cloned.returncode == 0, cloned.stderr
    resolved = _git("-C", clone, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    assert resolved.returncode == 0, f"rev {rev} does not resolve in a clone"
    hooks = yaml.safe_load(_git("-C", clone, "show", f"{rev}:.pre-commit-hooks.yaml").stdout)
    offered = {hook["id"]: hook for hook in hooks}
    for hook in repo["hooks"]:
        assert hook["id"] in offered
        assert offered[hook["id"]]["entry"] == "openapi-clientgen check"


def test_the_documented_files_cover_the_copy_and_its_document() -> None:
    (hook,) = _documented()["hooks"]
    args = hook["args"]
    target, spec = args[args.index("--target") + 1], args[args.index("--spec") + 1]
    files = re.compile(hook["files"])
    assert files.search(f"{target}/_client.py") and files.search(spec)
    assert not files.search("README.md") and not files.search(f"{spec}.bak")


def test_the_documented_args_are_a_check_that_sees_a_changed_document(tmp_path: Path) -> None:
    (hook,) = _documented()["hooks"]
    args = hook["args"]
    target, spec = tmp_path / args[args.index("--target") + 1], tmp_path / args[args.index("--spec") + 1]
    spec.parent.mkdir(parents=True)
    spec.write_text(DOCUMENT, encoding="utf-8")
    assert run_cli("generate", "--spec", spec, "--out", target).returncode == 0
    documented = [str(tmp_path / a) if a in (str(target.relative_to(tmp_path)), str(spec.relative_to(tmp_path)))
                  else a for a in args]
    assert run_cli("check", *documented).returncode == 0
    spec.write_text(DOCUMENT.replace("type: string", "type: integer"), encoding="utf-8")
    changed = run_cli("check", *documented)
    assert changed.returncode == 1 and "generate --spec" in changed.stderr


def test_the_offered_hook_of_this_repository_runs_when_a_spec_changes() -> None:
    hooks = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    files = re.compile(hooks["generated-code-check"]["files"])
    assert files.search("specs/ionos/openapi.json") and files.search("specs/providers.yaml")
