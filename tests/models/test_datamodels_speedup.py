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


# -- the memoised pure helpers (models.dcg_speed) ----------------------------------------------

PROVIDERS = Path(__file__).resolve().parents[2] / "specs"
_FEATURES = ("names.yaml", "one_of.yaml", "recursive.yaml", "openapi31_nullable.yaml")


def _document_sources() -> list[tuple[str, Any]]:
    """(name, the models stage's input) of the providers' documents with their overlays, a few
    feature documents (names, enums, unions, nullability, recursion) and a synthetic one."""
    from generator.document.loading import load
    from tests.support import FEATURE_SPECS

    chosen = [
        (PROVIDERS / name / spec, PROVIDERS / name / "overlay.yaml")
        for name, spec in (
            ("infomaniak", "openapi.yaml"),
            ("ionos", "openapi.json"),
            ("nebius", "openapi.yaml"),
        )
    ]
    chosen += [(FEATURE_SPECS / name, None) for name in _FEATURES]
    apis = []
    for spec, overlay in chosen:
        target = pipeline.target_for_spec(spec, "speed", overlay)
        apis.append(
            (spec.name, ir.build(load(target.spec, overlay=target.overlay).data, target.options))
        )
    options = pipeline.target_for_spec(Path("synthetic.json"), "syn").options
    apis.append(("synthetic", ir.build(make_spec(40, seed=3), options)))
    apis.append(("diamond", ir.build(_all_of_diamond(6), options)))
    return apis


def _all_of_diamond(levels: int) -> dict[str, Any]:
    """`S0` extends `S1` and `T1`, each of which extends `S2` and `T2`, ...: every class is
    reached from the top by many ways (dcg merged each base's config again from each, twice
    the work per level), each with a field of its own and one that overrides a base's."""
    schemas: dict[str, Any] = {}
    for level in range(levels):
        below = [{"$ref": f"#/components/schemas/{side}{level + 1}"} for side in "ST"]
        for side in "ST":
            own = {"type": "object", "properties": {f"{side.lower()}{level}": {"type": "string"},
                                                    "shared": {"type": "integer"}}}
            schemas[f"{side}{level}"] = {"allOf": [*below, own]}
    for side in "ST":
        schemas[f"{side}{levels}"] = {"type": "object", "properties": {"shared": {"type": "string"}}}
    return {"openapi": "3.0.3", "info": {"title": "Diamond", "version": "1"}, "paths": {},
            "components": {"schemas": schemas}}


def _all_models(apis: list[tuple[str, Any]]) -> dict[str, tuple[str, str]]:
    return {
        name: (models.source, repr(models.modules))
        for name, api in apis
        for models in [build.models_source(api.models_input, api.required_classes, name)]
    }


def test_memoised_dcg_helpers_give_dcg_own_output(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.models import dcg_speed

    apis = _document_sources()
    fast = _all_models(apis)
    applied = {patch.name: patch for patch in dcg_speed._PATCHES if patch.original is not None}
    assert set(applied) == {patch.name for patch in dcg_speed._PATCHES}  # all on dcg 0.89.0
    assert all(
        applied[name].memo
        for name in (  # each was asked, its answers kept
            "_safe_config_dict_items",
            "current_base_path_context",
        )
    )

    with dcg_speed.without_speed_ups():
        monkeypatch.setattr(run, "_speed_up_dcg", lambda: None)
        from datamodel_code_generator.parser import _inherited_schemas as inherited

        base_lookup = inherited.get_generated_base_models
        monkeypatch.setattr(
            inherited,
            "get_generated_base_models",
            getattr(base_lookup, "clientgen_original", base_lookup),
        )
        memos_before = {name: dict(patch.memo) for name, patch in applied.items()}
        plain = _all_models(apis)
        assert {name: dict(patch.memo) for name, patch in applied.items()} == memos_before
    assert plain == fast


def test_memoised_config_items_answer_as_dcg_does() -> None:
    """The memo keeps values of different types apart (`1`, `True`, a `str` subclass), and a
    config it has no key for (a list value) goes to dcg's own function."""
    from datamodel_code_generator import PythonVersion  # type: ignore[attr-defined]
    from datamodel_code_generator.model.pydantic_v2 import ConfigDict, base_model

    from generator.models import dcg_speed

    run._run_dcg(
        {
            "openapi": "3.0.3",
            "info": {"title": "t", "version": "1"},
            "paths": {},
            "components": {"schemas": {"A": {"type": "string"}}},
        },
        Path("."),
        {},
    )
    fast = base_model._safe_config_dict_items
    original = fast.clientgen_original
    target = PythonVersion.PY_311

    class Text(str):
        pass

    configs: list[Any] = [
        {"extra": "allow"},
        {"extra": Text("allow")},
        {"frozen": True},
        {"frozen": 1},
        {"frozen": 1.0},
        {"title": "x", "strict": False},
        {"json_schema_extra": ["a"]},
        ConfigDict(extra="allow"),
        ConfigDict(extra="forbid", frozen=True),
        ConfigDict(),
    ]
    for config in configs * 2:  # the second time from the memo
        assert fast(config, target) == original(config, target)
    assert dcg_speed._scalar(1) != dcg_speed._scalar(True)
    assert dcg_speed._config_key({"json_schema_extra": ["a"]}, target) is None


def test_the_config_merge_answers_as_dcg_does_on_cycles_and_shared_bases() -> None:
    """`dcg_speed._applied_config_items` against dcg's own method on base graphs of stand-in
    models: shared bases (diamonds), repeated bases and cycles (where a base already on the
    way adds nothing, and no answer of that way may be kept for another)."""
    import random
    from types import SimpleNamespace

    from datamodel_code_generator.model.pydantic_v2 import base_model

    from generator.models import dcg_speed

    dcg_speed.install()
    fast = base_model.BaseModel._applied_config_items
    original = fast.clientgen_original

    class Model(base_model.BaseModel):  # type: ignore[misc]
        """A stand-in with only what the merge reads: its bases (as dcg's `_find_base_classes`
        reads them) and its own config items."""

        base_classes = property(lambda self: self._bases)

        def __init__(self, label: str, keys: list[str]) -> None:
            self._label, self._keys, self._bases = label, keys, []

        def _rendered_config_items(self) -> dict[str, str]:
            # a few keys of three, so that which base writes a key last decides its value
            return {key: self._label for key in self._keys}

    rng = random.Random(42)
    for _ in range(300):
        models = [Model(f"m{index}", rng.sample(["a", "b", "c"], rng.randint(0, 2)))
                  for index in range(rng.randint(1, 7))]
        for model in models:
            model._bases = [SimpleNamespace(reference=SimpleNamespace(source=rng.choice(models)))
                            for _ in range(rng.randint(0, 3))]
        with pytest.MonkeyPatch.context() as patch:  # dcg's own method, all the way up
            patch.setattr(base_model.BaseModel, "_applied_config_items", original)
            expected = [list(model._applied_config_items().items()) for model in models]
        assert base_model.BaseModel._applied_config_items is fast
        assert [list(model._applied_config_items().items()) for model in models] == expected
