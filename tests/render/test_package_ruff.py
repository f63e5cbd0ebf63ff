"""Issue #23.18: a generated package carries the ruff settings it was formatted with
(`ruff.toml`), so `ruff check` and `ruff format --check` run inside a vendored copy pass with
no configuration of ours around it, and a surrounding project's stricter configuration (the
closest one is ruff's) does not apply to it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import pipeline
from generator.io import write
from generator.render.style import LINE_LENGTH
from tests.support import FEATURE_SPECS, GENERATED, PROVIDERS

RUFF = str(Path(sys.executable).parent / "ruff")
# A project around the vendored copy that would fail it: shorter lines, every rule.
STRICT_PROJECT = '[tool.ruff]\nline-length = 60\n\n[tool.ruff.lint]\nselect = ["ALL"]\n'


def _ruff(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """ruff in `folder` with no user-level configuration (an empty XDG_CONFIG_HOME)."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(folder.parent / "no-config"), "RUFF_CACHE_DIR":
           str(folder.parent / "ruff-cache")}
    return subprocess.run([RUFF, *args], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def _assert_clean(package: Path) -> None:
    checked = _ruff(package, "check", ".")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    formatted = _ruff(package, "format", "--check", ".")
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr


@pytest.mark.parametrize("surrounding", ["none", "strict"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_vendored_provider_package_is_clean_under_its_own_ruff_settings(
        provider: str, surrounding: str, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    if surrounding == "strict":
        (project / "pyproject.toml").write_text(STRICT_PROJECT, encoding="utf-8")
    package = project / "vendor" / provider
    shutil.copytree(GENERATED / provider, package, ignore=shutil.ignore_patterns("__pycache__"))
    assert f"line-length = {LINE_LENGTH}\n" in (package / "ruff.toml").read_text(encoding="utf-8")
    _assert_clean(package)


def test_feature_packages_are_clean_under_their_ruff_settings(tmp_path: Path) -> None:
    """Packages with resources, models, params, uploads, streams and pages, generated anew."""
    names = ("petstore_tags", "multipart", "pagination", "event_stream", "recursive", "names")
    targets = [pipeline.target_for_spec(FEATURE_SPECS / f"{name}.yaml", name) for name in names]
    for name, files in pipeline.build_packages(targets).items():
        assert "ruff.toml" in files
        write.write(files, tmp_path / name)
        _assert_clean(tmp_path / name)


def test_the_settings_are_what_makes_it_clean(tmp_path: Path) -> None:
    """Without the file, ruff's defaults (line length 88) would reformat the package: the
    shipped settings are needed, not decoration."""
    package = tmp_path / "ionos"
    shutil.copytree(GENERATED / "ionos", package, ignore=shutil.ignore_patterns("__pycache__"))
    (package / "ruff.toml").unlink()
    assert _ruff(package, "format", "--check", ".").returncode == 1
