"""The faster base-model lookup patched into datamodel-code-generator changes no output byte.

`models.run._speed_up_dcg` replaces dcg 0.89.0's quadratic `get_generated_base_models` (a
Python scan of every parsed model for each base not parsed yet) with the same first-match
search done in C. A synthetic document with `allOf` bases referring forward (schemas are
sorted by name, bases by number) goes through dcg with the patch and with dcg's own
function: models.py is the same text, and the patched function did the lookups.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.synthetic import make_spec
from generator import ir, pipeline
from generator.models import build, run


def _models_source(spec: dict[str, Any]) -> str:
    options = pipeline.target_for_spec(Path("synthetic.json"), "syn").options
    api = ir.build(spec, options)
    return build.models_source(api.models_input, api.required_classes, "synthetic.json").source


def test_fast_base_lookup_gives_dcg_own_output(monkeypatch: pytest.MonkeyPatch) -> None:
    from datamodel_code_generator.parser import _inherited_schemas as inherited

    spec = make_spec(300)
    run._speed_up_dcg()
    patched = inherited.get_generated_base_models
    original = patched.clientgen_original  # the patch is applied (dcg 0.89.0 is pinned)

    calls = {"fast": 0}

    def counting(parser: Any, base_classes: list[Any]) -> list[Any]:
        calls["fast"] += 1
        return patched(parser, base_classes)  # type: ignore[no-any-return]

    counting.clientgen_original = original  # type: ignore[attr-defined]
    monkeypatch.setattr(inherited, "get_generated_base_models", counting)
    fast = _models_source(spec)
    assert calls["fast"] > 0

    monkeypatch.setattr(inherited, "get_generated_base_models", original)
    monkeypatch.setattr(run, "_speed_up_dcg", lambda: None)
    assert _models_source(spec) == fast
