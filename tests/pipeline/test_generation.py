"""The regeneration harness: committed output equals what the inputs produce, byte for byte,
on any PYTHONHASHSEED; the output passes ruff and mypy --strict; a package copied elsewhere
under another name still works."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from generator import pipeline
from generator.drift.check.tree import compare_trees, read_tree
from generator.manifest import load_manifest
from generator.output.format import RUFF_SETTINGS
from tests.support import GENERATED, PROVIDERS, ROOT, import_from
from tests.support.servers import Reply, ScriptedServer

VENV_BIN = Path(sys.executable).parent


def test_committed_generated_matches_regeneration() -> None:
    packages = pipeline.build_packages(pipeline.targets(load_manifest(ROOT / "specs" / "providers.yaml"), []))
    assert sorted(packages) == list(PROVIDERS)
    report: list[str] = []
    for name, files in packages.items():
        report.extend(compare_trees(files, read_tree(GENERATED / name), f"generated/{name}"))
    assert not report, "generated/ drifted; run `make generate`:\n" + "".join(
        line if line.endswith("\n") else line + "\n" for line in report
    )


def test_same_bytes_under_different_hash_seeds(tmp_path: Path) -> None:
    trees = []
    for seed in ("0", "2718281"):
        out = tmp_path / f"seed-{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run(
            [sys.executable, "-m", "generator", "generate", "--out", str(out)],
            cwd=ROOT, env=env, check=True, capture_output=True, timeout=120,
        )
        trees.append({name: read_tree(out / name) for name in PROVIDERS})
    assert trees[0] == trees[1]
    assert trees[0]["ionos"] == read_tree(GENERATED / "ionos")


def test_generated_packages_pass_ruff_and_mypy_strict() -> None:
    ruff = subprocess.run(
        [str(VENV_BIN / "ruff"), "check", "--isolated", "--line-length=100", "generated"],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         *(f"generated/{name}" for name in PROVIDERS)],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr


# Each provider's completion call with its request object as a dict (issue 14: the SDK's
# `stream_options={"include_usage": True}`), plus the SDK's client options.
PROVIDER_DICTS = """
from __future__ import annotations

import infomaniak
import ionos
import nebius


def usage() -> None:
    first = infomaniak.Client(api_key="k", product_id=1)
    first.completions.create(model="m", prompt="x", stream_options={"include_usage": True})
    first.with_options(timeout=5.0, max_retries=0).completions.create(model="m", prompt="x")
    nebius.Client(api_key="k").completions.create(
        model="m", prompt="x", stream_options={"include_usage": True}
    )
    client = ionos.Client(api_key="k").copy(max_retries=1)
    client.completions.create(model="m", prompt="x", stream_options={"include_usage": True})
    with client.completions.with_streaming_response.create(model="m", prompt="x") as response:
        lines: list[str] = list(response.iter_lines())
    del lines
"""


def test_provider_calls_with_plain_dicts_pass_mypy_strict(tmp_path: Path) -> None:
    (tmp_path / "usage.py").write_text(PROVIDER_DICTS, encoding="utf-8")
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=silent",
         str(tmp_path / "usage.py")],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "MYPYPATH": str(GENERATED)},
    )
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr


def test_runtime_templates_are_already_formatted() -> None:
    """The runtime is copied into each package as it is (write.format_packages skips it), so
    it must already be what ruff would make of it with the generator's settings."""
    for args in (["format", "--check", *RUFF_SETTINGS], ["check", *RUFF_SETTINGS, "--select=I,F401"]):
        ruff = subprocess.run(
            [str(VENV_BIN / "ruff"), *args, "templates/runtime"],
            check=False, cwd=ROOT, capture_output=True, text=True, timeout=60,
        )
        assert ruff.returncode == 0, ruff.stdout + ruff.stderr


def test_generated_package_is_self_contained() -> None:
    for name in PROVIDERS:
        sources = sorted((GENERATED / name).rglob("*.py"))
        assert any(source.parent.name == "models" for source in sources)  # subpackages too
        for source in sources:
            text = source.read_text(encoding="utf-8")
            assert f"from {name}" not in text and "import generated" not in text, source
            assert "from generated" not in text, source


def test_copied_package_works_under_another_name(tmp_path: Path) -> None:
    shutil.copytree(GENERATED / "ionos", tmp_path / "acme_llm")
    acme = import_from(tmp_path, "acme_llm")
    body = {"id": "c1", "object": "text_completion", "created": 1, "model": "m",
            "choices": [{"index": 0, "text": "hello", "finish_reason": "stop"}]}
    with ScriptedServer([Reply(200, body=body)]) as server:
        client = acme.Client(api_key="k", base_url=server.url)
        completion = client.completions.create(model="m", prompt="Hi")
        client.close()
    assert completion.choices[0].text == "hello"
    assert type(completion).__module__ == "acme_llm.models._successful_completion_response"
    assert server.requests[0].path == "/v1/completions"
