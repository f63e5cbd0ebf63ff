"""Issue #23.19: a fourth provider added as docs/adding-a-provider.md says (its folder under
specs/ and its manifest entry, nothing else) is covered by the provider tests, in a copy of the
repository: they collect and pass for it, and `generate`, `compare` and `check` take it in."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import MANIFEST, ROOT

# What a copy of the repository needs to generate and run the provider tests.
COPIED = ("generator", "templates", "specs", "docs", "tests", "bench", "pyproject.toml", "setup.py",
          "Makefile", "requirements.lock")
SKIPPED = shutil.ignore_patterns("__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", "golden")
ENTRY = """\
  acme:
    spec: acme/openapi.yaml
    overlay: acme/overlay.yaml
    reference: acme/reference.txt
    package: acme
    api_key_env: ACME_API_KEY
    strict: true
    base_url: https://api.acme.example
"""


def _clone(where: Path) -> Path:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, where / name, ignore=SKIPPED)
        else:
            shutil.copy2(source, where / name)
    return where


def _run(clone: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=clone, capture_output=True, text=True,
                          timeout=timeout, check=False)


@pytest.mark.timeout(900)
def test_a_fourth_provider_is_covered_by_the_provider_tests(tmp_path: Path) -> None:
    clone = _clone(tmp_path / "repo")
    # Acme publishes a field-list page, like Nebius: its folder is Nebius's files.
    shutil.copytree(clone / "specs" / "nebius", clone / "specs" / "acme")
    manifest = clone / "specs" / "providers.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert text == MANIFEST.read_text(encoding="utf-8")
    manifest.write_text(text.replace("providers:\n", "providers:\n" + ENTRY, 1), encoding="utf-8")
    # The facts the docs' table asks for that apply: the overlay marks a client parameter ...
    specs_test = clone / "tests" / "providers" / "test_specs.py"
    pinned = 'CLIENT_PARAMS = {"infomaniak": "product_id", "nebius": "ai_project_id"}'
    assert pinned in specs_test.read_text(encoding="utf-8")
    specs_test.write_text(specs_test.read_text(encoding="utf-8").replace(
        pinned, pinned[:-1] + ', "acme": "ai_project_id"}'), encoding="utf-8")
    # ... and, Nebius's overlay being copied, the stream-chunk schema it adds.
    chunks = 'STREAM_CHUNKS = {"infomaniak": "CompletionChunk", "nebius": "CompletionChunk"}'
    assert chunks in specs_test.read_text(encoding="utf-8")
    specs_test.write_text(specs_test.read_text(encoding="utf-8").replace(
        chunks, chunks[:-1] + ', "acme": "CompletionChunk"}'), encoding="utf-8")

    collected = _run(clone, "-m", "pytest", "-q", "--collect-only", "-p", "no:cacheprovider", "tests/providers",
                     "--ignore=tests/providers/test_adding_a_provider.py")
    assert collected.returncode == 0, collected.stdout + collected.stderr
    assert sum("[acme]" in line for line in collected.stdout.splitlines()) >= 4, collected.stdout

    ran = _run(clone, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/providers",
               "--ignore=tests/providers/test_adding_a_provider.py")
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]

    generated = _run(clone, "-m", "generator", "generate", "acme")
    assert generated.returncode == 0, generated.stderr
    assert (clone / "generated" / "acme" / "_client.py").is_file()
    compared = _run(clone, "-m", "generator", "compare", "--out", "docs/providers.md")
    assert compared.returncode == 0, compared.stderr
    header = next(line for line in (clone / "docs" / "providers.md").read_text(encoding="utf-8").splitlines()
                  if line.startswith("|"))
    assert [cell.strip() for cell in header.split("|")[-5:-1]] == ["acme", "infomaniak", "ionos", "nebius"]
    checked = _run(clone, "-m", "generator", "check", "acme")
    assert checked.returncode == 0, checked.stdout + checked.stderr
