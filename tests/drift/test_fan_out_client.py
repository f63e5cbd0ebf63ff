"""`S_i: {properties: {a: $ref S_i+1, b: $ref S_i+1}}`, 30 deep (2**30 paths through 2 KB):
`diff` with its defaults (validated, tolerated, each change traced to the generated client)
ends in bounded time and memory, and reports the change once, at the shared schema, with the
model fields it changes (the leaf schema, a root model, has no class of its own)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile_b.hostile import (
    LEVELS,
    assert_orderly,
    property_fan_out,
    run_bounded,
    write_json,
)


@pytest.mark.timeout(200)
def test_fan_out_diff_with_defaults_names_the_model_field(tmp_path: Path) -> None:
    old = write_json(tmp_path / "old.json", property_fan_out())
    new = write_json(tmp_path / "new.json", property_fan_out(leaf="integer"))
    result = run_bounded("diff", old, new, "--format", "json", "--no-cache")
    assert_orderly(result)
    assert result.returncode == 1, result.stdout[-2000:] + result.stderr[-2000:]
    changes = json.loads(result.stdout)["changes"]
    typed = [c for c in changes if c["kind"] == "type-changed"]
    assert len(typed) == 1 and f"S{LEVELS}" in typed[0]["pointer"], typed
    # the leaf `S30: {type: string}` is no class of models.py (dcg writes `str` into S29's
    # fields): the fields it is written into are named
    assert typed[0]["client"] == (
        f"models.S{LEVELS - 1}.a: str | None -> int | None; models.S{LEVELS - 1}.b: str | None "
        f"-> int | None (models.py has no class for schema `S{LEVELS}`: its uses are typed with "
        "what it holds)")
