"""Issue #12.1: a clone in an empty directory is self-contained.

The repository's committed HEAD is cloned into a temporary directory with nothing beside it; there
`python -m generator generate`, `compare` and `check` (what `make generate` and `make check` run)
succeed, leave `git status` clean, and open no file outside the clone except the Python
installation's own (an audit hook records every `open`). The page-vs-document tests then pass in
the clone too, reading the reference pages the manifest names.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.support import ROOT

TIMEOUT = 300

# Runs a command of the generator with an audit hook that writes every path opened to a file.
AUDITED = """
import atexit, json, os, runpy, sys
opened = set()

def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        opened.add(os.path.realpath(os.fsdecode(args[0])))

def write_log():
    with open(log, "w") as handle:
        json.dump(sorted(opened), handle)

sys.addaudithook(hook)
log, sys.argv = sys.argv[1], ["generator", *sys.argv[2:]]
atexit.register(write_log)  # (the command ends the process itself: `command.entry`)
runpy.run_module("generator", run_name="__main__", alter_sys=True)
"""

# System places any Python program reads (devices, certificates, locale, time zones).
SYSTEM = ("/dev/", "/proc/", "/sys/", "/etc/", "/usr/", "/lib/", "/lib64/")


def _python_installation() -> list[str]:
    """Where the interpreter and its packages live (resolved: the venv may be a symlink)."""
    places = {sys.prefix, sys.base_prefix, sys.exec_prefix, *sysconfig.get_paths().values()}
    return sorted({os.path.realpath(place) for place in places if place})


def _outside(paths: list[str], clone: Path, scratch: Path) -> list[str]:
    allowed = [str(clone.resolve()), str(scratch.resolve()), *_python_installation()]
    return [path for path in paths
            if not path.startswith(SYSTEM)
            and not any(path == place or path.startswith(place + os.sep) for place in allowed)]


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("empty") / "openapi-clientgen"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(target)],
                   check=True, timeout=TIMEOUT, capture_output=True)
    return target


def _audited(clone: Path, scratch: Path, *args: str) -> list[str]:
    log = scratch / "opened.json"
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env["TMPDIR"] = str(scratch)  # temporary files of the run: in a place of its own
    # the generation cache is the user's, outside any checkout by design (tests/pipeline/
    # test_cache.py covers it): off here, so what is opened is what the run itself needs
    env["OPENAPI_CLIENTGEN_NO_CACHE"] = "1"
    result = subprocess.run([sys.executable, "-c", AUDITED, str(log), *args], cwd=clone, env=env,
                            capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return list(json.loads(log.read_text(encoding="utf-8")))


@pytest.mark.timeout(600)
def test_a_clone_generates_and_checks_clean_reading_only_itself(clone: Path, tmp_path: Path) -> None:
    opened = [
        *_audited(clone, tmp_path, "generate"),
        *_audited(clone, tmp_path, "compare", "--out", "docs/providers.md"),
        *_audited(clone, tmp_path, "check", "--full"),
    ]
    assert any(path.endswith("specs/ionos/openapi.json") for path in opened)  # the hook saw the reads
    assert _outside(opened, clone, tmp_path) == []
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=clone,
                            capture_output=True, text=True, timeout=60, check=True)
    assert [line for line in status.stdout.splitlines() if "__pycache__" not in line] == []


@pytest.mark.timeout(600)
def test_the_reference_page_tests_pass_in_a_clone(clone: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/providers/test_specs.py"],
        cwd=clone, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert result.returncode == 0, result.stdout[-3000:]
    assert " passed" in result.stdout
