"""Issue #12.2: the toolkit installs as a wheel and works from any directory.

The wheel is built from a copy of the sources (`pip wheel`, with build isolation: setuptools comes
from the package index), installed into a fresh virtualenv outside the repository together with
its declared dependencies at the pins of requirements.lock (so a dependency missing from
pyproject.toml fails here). From an unrelated directory the console command then generates a
feature document, and the generated package is imported and called against a local server by
the virtualenv's Python. The hooks of .pre-commit-hooks.yaml run from that install too.

It takes about a minute (most of it installing the dependencies); every step is bounded.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from tests.support import FEATURE_SPECS, ROOT
from tests.support.servers import Reply, ScriptedServer

STEP_TIMEOUT = 300  # seconds, per command
# What a wheel is built from: the package, its templates and the packaging files.
SOURCES = ("generator", "templates", "pyproject.toml", "setup.py", "README.md")

CALL = """
import json, sys
import pets

with pets.Client(api_key="k", base_url=sys.argv[1], max_retries=0) as client:
    listed = client.pets.list_pets(limit=2)
    inventory = client.store.get_inventory(store_id="s1")
print(json.dumps({"names": [pet.name for pet in listed], "inventory": inventory,
                  "module": pets.__file__, "errors": "APIResponseValidationError" in pets.__all__}))
"""


@dataclass(frozen=True)
class Installed:
    venv: Path
    elsewhere: Path  # an unrelated working directory
    seconds: dict[str, float]

    def command(self, name: str) -> str:
        return str(self.venv / "bin" / name)


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=STEP_TIMEOUT,
                            check=False, env=env)
    assert result.returncode == 0, f"{args}: {result.stdout}\n{result.stderr}"
    return result


def _clean_env() -> dict[str, str]:
    """The environment without anything pointing back at the repository or its virtualenv."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = os.pathsep.join(
        part for part in env.get("PATH", "").split(os.pathsep) if not part.startswith(str(ROOT)))
    return env


def _base_python() -> str:
    """The interpreter the repository's virtualenv was made from (a venv is made from it)."""
    return getattr(sys, "_base_executable", sys.executable)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    work = tmp_path_factory.mktemp("install")
    seconds: dict[str, float] = {}
    source = work / "openapi-clientgen"  # pip's in-tree build writes beside the sources: a copy
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    start = time.monotonic()
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(work / "dist"), str(source)],
         cwd=work)
    seconds["build"] = time.monotonic() - start
    wheels = list((work / "dist").glob("openapi_clientgen-*.whl"))
    assert len(wheels) == 1, wheels
    start = time.monotonic()
    _run([_base_python(), "-m", "venv", str(work / "venv")], cwd=work, env=_clean_env())
    _run([str(work / "venv" / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
          "--constraint", str(ROOT / "requirements.lock"), str(wheels[0])], cwd=work, env=_clean_env())
    seconds["install"] = time.monotonic() - start
    elsewhere = work / "somewhere" / "else"
    elsewhere.mkdir(parents=True)
    yield Installed(work / "venv", elsewhere, seconds)


@pytest.mark.timeout(900)
def test_wheel_generates_and_the_package_calls_a_local_server(installed: Installed) -> None:
    env = _clean_env()
    found = _run([installed.command("python"), "-c", "import generator; print(generator.__file__)"],
                 cwd=installed.elsewhere, env=env)
    assert str(installed.venv) in found.stdout and str(ROOT) not in found.stdout
    start = time.monotonic()
    generated = _run([installed.command("openapi-clientgen"), "generate", "--spec",
                      str(FEATURE_SPECS / "petstore_tags.yaml"), "--out", "pets"],
                     cwd=installed.elsewhere, env=env)
    installed.seconds["generate"] = time.monotonic() - start
    assert "wrote pets" in generated.stdout
    assert {"README.md", "api.md", "PROVENANCE.json", "_client.py"} <= set(os.listdir(installed.elsewhere / "pets"))
    replies = [Reply(200, body=[{"id": 1, "name": "Rex"}, {"id": 2, "name": "Tom", "tag": None}]),
               Reply(200, body={"apples": 3})]
    with ScriptedServer(replies) as server:
        called = _run([installed.command("python"), "-c", CALL, server.url], cwd=installed.elsewhere, env=env)
    answer = json.loads(called.stdout)
    assert answer["names"] == ["Rex", "Tom"] and answer["inventory"] == {"apples": 3}
    assert answer["errors"] is True
    assert Path(answer["module"]).is_relative_to(installed.elsewhere / "pets")
    assert [(r.method, r.path) for r in server.requests] == [("GET", "/pets"), ("GET", "/stores/s1/inventory")]
    assert server.requests[0].headers["user-agent"].startswith("pets/1.0 openapi-clientgen/")
    # `python -m generator` works from the install as well
    _run([installed.command("python"), "-m", "generator", "--help"], cwd=installed.elsewhere, env=env)
    print(f"wheel test seconds: {installed.seconds}")


@pytest.mark.timeout(900)
def test_pre_commit_hooks_run_from_the_install(installed: Installed, tmp_path: Path) -> None:
    """Each hook's entry is the console command; run as pre-commit runs it in a repository laid
    out like this one (specs/, generated/, docs/), it finds everything clean."""
    repo = tmp_path / "repo"
    for name in ("specs", "generated", "docs"):
        shutil.copytree(ROOT / name, repo / name, ignore=shutil.ignore_patterns("__pycache__"))
    hooks = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    assert set(hooks) == {"generated-code-check", "vendored-client-check"}
    extra_args = {"vendored-client-check": ["--target", "generated/ionos", "--provider", "ionos"]}
    env = _clean_env()
    env["PATH"] = os.pathsep.join([str(installed.venv / "bin"), env["PATH"]])  # as pre-commit's own venv
    for hook_id, hook in hooks.items():
        assert hook["language"] == "python" and hook["entry"].split()[0] == "openapi-clientgen"
        entry = hook["entry"].split()
        result = _run([installed.command(entry[0]), *entry[1:], *extra_args.get(hook_id, [])], cwd=repo, env=env)
        assert "clean: " in result.stdout and "drift" not in result.stdout
