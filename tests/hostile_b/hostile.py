"""Hostile inputs for tests/hostile_b: documents whose `$ref`s fan out, and a bounded runner.

Every command is run in a subprocess with a wall-clock timeout and an address-space limit
(RLIMIT_AS), so a regression shows as a failed test (timeout, MemoryError, "internal error"),
never as a hung or swapping test run.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.support import ROOT

LEVELS = 30  # 2**30 paths through the references: only a walk that visits each schema once ends
TIMEOUT = 120.0  # seconds per command: each finishes in a few (more under a loaded CI)
MEMORY = 3 * 1024**3  # bytes of address space per command


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_bounded(*args: str | Path, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    """`python -m generator ARGS`, killed after `timeout` seconds, in `MEMORY` bytes at most."""
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, check=False,
                          preexec_fn=_limit_memory)


def assert_orderly(result: subprocess.CompletedProcess[str]) -> None:
    """No traceback, no MemoryError, no internal error: a job done or a located refusal."""
    output = result.stdout + result.stderr
    for sign in ("Traceback", "MemoryError", "internal error", "RecursionError"):
        assert sign not in output, output[-2000:]
    assert result.returncode in (0, 1, 2), output[-2000:]


def document(schemas: dict[str, Any], root: str = "S1", *, example: Any = None) -> dict[str, Any]:
    """One operation whose request and response bodies are `root`."""
    media: dict[str, Any] = {"schema": {"$ref": f"#/components/schemas/{root}"}}
    if example is not None:
        media["example"] = example
    return {
        "openapi": "3.1.0", "info": {"title": "hostile", "version": "1"},
        "paths": {"/x": {"post": {
            "operationId": "send",
            "requestBody": {"content": {"application/json": media}},
            "responses": {"200": {"description": "ok", "content": {"application/json": media}}},
        }}},
        "components": {"schemas": schemas},
    }


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def property_fan_out(levels: int = LEVELS, leaf: str = "string") -> dict[str, Any]:
    """`S_i: {properties: {a: $ref S_i+1, b: $ref S_i+1}}`."""
    schemas: dict[str, Any] = {
        f"S{i}": {"type": "object", "properties": {"a": _ref(f"S{i + 1}"), "b": _ref(f"S{i + 1}")}}
        for i in range(1, levels)
    }
    schemas[f"S{levels}"] = {"type": leaf}
    return document(schemas)


def all_of_fan_out(levels: int = LEVELS, leaf: str = "string") -> dict[str, Any]:
    """`S_i: {allOf: [$ref S_i+1, $ref S_i+1]}`, the last one an object."""
    schemas: dict[str, Any] = {
        f"S{i}": {"allOf": [_ref(f"S{i + 1}"), _ref(f"S{i + 1}")]} for i in range(1, levels)
    }
    schemas[f"S{levels}"] = {"type": "object", "properties": {"x": {"type": leaf}}}
    return document(schemas)


def external_fan_out(levels: int = LEVELS) -> dict[str, Any]:
    """An external file's entries, each referencing the next twice: `E_i: {a: $ref E_i+1,
    b: $ref E_i+1}` (written as a schema, an example value and plain objects by the tests)."""
    entries: dict[str, Any] = {
        f"E{i}": {"type": "object", "properties": {"a": {"$ref": f"#/E{i + 1}"},
                                                   "b": {"$ref": f"#/E{i + 1}"}}}
        for i in range(1, levels)
    }
    entries[f"E{levels}"] = {"type": "string"}
    return entries


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def any_of_fan_out(levels: int = LEVELS, leaf: str = "string") -> dict[str, Any]:
    """`S_i: {anyOf: [$ref S_i+1, $ref S_i+1]}`: its rendered type doubles per level."""
    schemas: dict[str, Any] = {
        f"S{i}": {"anyOf": [_ref(f"S{i + 1}"), _ref(f"S{i + 1}")]} for i in range(1, levels)
    }
    schemas[f"S{levels}"] = {"type": "object", "properties": {"x": {"type": leaf}}}
    return document(schemas)


def diamond_fan_out(levels: int = LEVELS, leaf: str = "string") -> dict[str, Any]:
    """`S_i: {allOf: [$ref A_i+1, $ref B_i+1]}`, both of which are `allOf: [$ref S_i+1]`: the
    same schema through 2**depth different `$ref` paths."""
    schemas: dict[str, Any] = {}
    for i in range(1, levels):
        schemas[f"S{i}"] = {"allOf": [_ref(f"A{i + 1}"), _ref(f"B{i + 1}")]}
        schemas[f"A{i + 1}"] = {"allOf": [_ref(f"S{i + 1}")]}
        schemas[f"B{i + 1}"] = {"allOf": [_ref(f"S{i + 1}")]}
    schemas[f"S{levels}"] = {"type": "object", "properties": {"x": {"type": leaf}}}
    return document(schemas)


def nested_arrays_fan_out(levels: int = LEVELS, leaf: str = "string") -> dict[str, Any]:
    """`S_i: {anyOf: [{array of S_i+1}, {anyOf: [{array of S_i+1}, null]}]}`: a nested `anyOf`
    of arrays of the next schema, whose inlined type doubles per level."""
    schemas: dict[str, Any] = {}
    for i in range(1, levels):
        array = {"type": "array", "items": _ref(f"S{i + 1}")}
        schemas[f"S{i}"] = {"anyOf": [array, {"anyOf": [dict(array), {"type": "null"}]}]}
    schemas[f"S{levels}"] = {"type": "object", "properties": {"x": {"type": leaf}}}
    return document(schemas)


def list_or_map_fan_out(levels: int = LEVELS, leaf: str = "string") -> dict[str, Any]:
    """`S_i: {anyOf: [{array of S_i+1}, {map of S_i+1}]}`: two different types of the next
    schema, so its inlined type has 2**levels members that no union could merge."""
    schemas: dict[str, Any] = {
        f"S{i}": {"anyOf": [{"type": "array", "items": _ref(f"S{i + 1}")},
                            {"type": "object", "additionalProperties": _ref(f"S{i + 1}")}]}
        for i in range(1, levels)
    }
    schemas[f"S{levels}"] = {"type": "object", "properties": {"x": {"type": leaf}}}
    return document(schemas)
