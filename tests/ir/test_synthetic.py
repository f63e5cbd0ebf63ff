"""The synthetic documents `make bench` generates from: valid, exact sizes, deterministic, and
every operation survives generation. No timing here: `make bench` measures speed and memory."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from openapi_spec_validator import OpenAPIV30SpecValidator

from bench.counting import sync_methods
from bench.synthetic import count_operations, make_spec
from tests.support import ROOT, resources_source

N = 200


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return make_spec(N)


def test_document_is_valid_openapi_303(spec: dict[str, Any]) -> None:
    errors = [error.message for error in OpenAPIV30SpecValidator(spec).iter_errors()]
    assert errors == []
    assert spec["openapi"] == "3.0.3"


def test_sizes_are_exact(spec: dict[str, Any]) -> None:
    assert len(spec["components"]["schemas"]) == N
    assert count_operations(spec) == N // 4


def test_mix_of_shapes(spec: dict[str, Any]) -> None:
    text = json.dumps(spec)
    for shape in ('"oneOf"', '"allOf"', '"nullable": true', '"enum"', '"$ref"', '"array"'):
        assert shape in text, shape
    verbs = {verb for item in spec["paths"].values() for verb in item}
    assert verbs == {"get", "post", "put", "delete"}
    locations = {p["in"] for item in spec["paths"].values() for op in item.values()
                 for p in op.get("parameters", [])}
    assert locations == {"path", "query"}


def test_deterministic_for_a_seed() -> None:
    assert json.dumps(make_spec(N, seed=3)) == json.dumps(make_spec(N, seed=3))
    assert json.dumps(make_spec(N, seed=3)) != json.dumps(make_spec(N, seed=4))


def test_generation_keeps_every_operation(spec: dict[str, Any], tmp_path: Path) -> None:
    spec_file = tmp_path / "synthetic.json"
    spec_file.write_text(json.dumps(spec), encoding="utf-8")
    out = tmp_path / "synthetic_client"
    subprocess.run(
        [sys.executable, "-m", "generator", "generate", "--spec", str(spec_file), "--out", str(out)],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )
    methods = sync_methods(resources_source(out))
    assert len(methods) == count_operations(spec)
    assert len(set(methods)) == len(methods)
    expected = {op["operationId"].lower() for item in spec["paths"].values() for op in item.values()}
    assert {m.split(".")[1].replace("_", "") for m in methods} == expected
