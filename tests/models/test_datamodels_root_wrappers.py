"""Root models dcg folds into their users get a `<Name>Root` wrapper: in one dcg run when the
folded schemas are guessed right, else in two (plain, then wrapped); same models.py either way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator import ir, pipeline
from generator.document.loading import load
from generator.models import build, run
from tests.support import FEATURE_SPECS

ROOT_MODELS = FEATURE_SPECS / "root_models.yaml"


def _api(spec: Path) -> ir.Api:
    target = pipeline.target_for_spec(spec, "feat_root_models")
    return ir.build(load(target.spec).data, target.options)


def _counting_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    runs: list[int] = []
    run_dcg = run._run_dcg

    def counted(document: dict[str, Any], settings_dir: Path, field_aliases: dict[str, str],
                reserved: frozenset[str] = frozenset()) -> str:
        runs.append(1)
        return run_dcg(document, settings_dir, field_aliases, reserved)

    monkeypatch.setattr(run, "_run_dcg", counted)
    return runs


def test_folded_root_models_are_wrapped_in_one_run(monkeypatch: pytest.MonkeyPatch) -> None:
    api = _api(ROOT_MODELS)
    runs = _counting_runs(monkeypatch)
    one = build.models_source(api.models_input, api.required_classes, str(ROOT_MODELS))
    assert len(runs) == 1
    assert one.aliases  # the document has folded root models the operations name
    for name in api.required_classes:
        assert one.name(name) in one.classes

    runs.clear()
    monkeypatch.setattr(build, "_likely_folded", lambda schemas, required: set())
    two = build.models_source(api.models_input, api.required_classes, str(ROOT_MODELS))
    assert len(runs) == 2
    assert (two.source, two.aliases) == (one.source, one.aliases)


def test_a_wrong_guess_falls_back_to_two_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    api = _api(ROOT_MODELS)
    expected = build.models_source(api.models_input, api.required_classes, str(ROOT_MODELS))
    guess = build._likely_folded(
        api.models_input["components"]["schemas"], api.required_classes
    )
    schemas = api.models_input["components"]["schemas"]
    # an object schema stays a class of its own, wrapped or not: the output shows the guess wrong
    not_folded = sorted(
        name for name in api.required_classes if "properties" in schemas.get(name, {})
    )
    assert not_folded
    runs = _counting_runs(monkeypatch)
    monkeypatch.setattr(
        build, "_likely_folded", lambda schemas, required: guess | {not_folded[0]}
    )
    got = build.models_source(api.models_input, api.required_classes, str(ROOT_MODELS))
    assert len(runs) == 3  # the wrong guess, then plain and wrapped
    assert (got.source, got.aliases) == (expected.source, expected.aliases)


def test_a_component_named_otherwise_gets_its_name_back_in_a_second_run() -> None:
    """The fallback behind dcg's yielding names (`run._names_given_back`), fed what dcg's
    resolvers would hold had a shape kept a component's name: that shape's location gets the
    name numbered past every name taken, the component none (it takes its own)."""
    class Ref:
        def __init__(self, name: str) -> None:
            self.name = name

    class Resolver:
        def __init__(self, references: dict[str, Ref]) -> None:
            self.references = references

    stolen = "#/components/schemas/Feature/state#-datamodel-code-generator-#-enum-#-special-#"
    document = {"components": {"schemas": {"Feature": {}, "FeatureState": {}, "FeatureState2": {}}}}
    resolvers = [Resolver({stolen: Ref("FeatureState"),
                           "#/components/schemas/Feature": Ref("Feature"),
                           "#/components/schemas/FeatureState": Ref("FeatureState1"),
                           "#/components/schemas/FeatureState2": Ref("FeatureState2")})]
    assert run._names_given_back(document, resolvers) == {stolen: "FeatureState1"}
    named = [Resolver({"#/components/schemas/Feature": Ref("Feature"),
                       "#/components/schemas/FeatureState": Ref("FeatureState")})]
    assert run._names_given_back(document, named) == {}
