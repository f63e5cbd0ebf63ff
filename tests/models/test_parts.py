"""dcg's run in two parts (`models/parts.py`): the operations' parameter classes made in a run
of their own while the worker makes the rest. The feature documents' packages are the bytes one
run makes, with a worker or without; the parts are decided from the document alone (a titled
shape of the part's own keeps the run whole); two outputs that disagree, or a part's run that
fails, give way to one run over the whole input."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline
from generator.models import parts, run
from generator.problems import GeneratorError, Problem
from tests.support import FEATURE_SPECS

# documents with many parameters, enums among them, components they share with the rest
SPECS = ("array_query.yaml", "constrained_arguments.yaml", "enums.yaml", "header_cookie.yaml",
         "names.yaml", "pagination.yaml", "path_level_params.yaml", "path_styles.yaml",
         "unicode_names.yaml", "shared_shapes.yaml", "root_models.yaml")


def _targets() -> list[pipeline.Target]:
    return [pipeline.target_for_spec(FEATURE_SPECS / name, f"pkg{index}")
            for index, name in enumerate(SPECS)]


def _packages() -> dict[str, dict[str, str]]:
    return pipeline.build_packages(_targets(), cache=None)


def _runs_seen(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The component schemas of each dcg run made in this process from now on."""
    seen: list[list[str]] = []
    real = run._run_dcg

    def recording(document: dict[str, Any], settings_dir: Path, aliases: dict[str, str]) -> str:
        if document is not run._WARM_UP_INPUT:
            seen.append(list(document["components"]["schemas"]))
        return real(document, settings_dir, aliases)

    monkeypatch.setattr(run, "_run_dcg", recording)
    return seen


@pytest.fixture
def one_run() -> dict[str, dict[str, str]]:
    return _packages()


def test_packages_made_in_two_parts_are_the_bytes_of_one_run(
        monkeypatch: pytest.MonkeyPatch, one_run: dict[str, dict[str, str]]) -> None:
    monkeypatch.setattr(parts, "MIN_PART_CLASSES", 1)
    seen = _runs_seen(monkeypatch)
    splits = _splits_seen(monkeypatch)
    assert _packages() == one_run
    assert len(splits) >= len(SPECS) - 2  # (a document without parameters has none)
    for split in splits:  # each part run beside its rest, the whole input never
        part, rest = (list(side["components"]["schemas"]) for side in (split.part, split.rest))
        assert part in seen and rest in seen
        assert not any(set(part) | set(rest) <= set(names) for names in seen)


def _splits_seen(monkeypatch: pytest.MonkeyPatch) -> list[parts.Parts]:
    seen: list[parts.Parts] = []
    real = parts.separated

    def recording(document: dict[str, Any], separable: Any) -> parts.Parts | None:
        found = real(document, separable)
        if found is not None:
            seen.append(found)
        return found

    monkeypatch.setattr(parts, "separated", recording)
    return seen


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the worker is forked (Linux)")
def test_with_a_worker_the_rest_is_made_there_while_the_part_is_made_here(
        monkeypatch: pytest.MonkeyPatch, one_run: dict[str, dict[str, str]]) -> None:
    monkeypatch.setattr(parts, "MIN_PART_CLASSES", 1)
    seen = _runs_seen(monkeypatch)  # (recorded here: the worker, forked after, records there)
    splits = _splits_seen(monkeypatch)
    with run.dcg_worker(True) as worker:
        assert worker is not None
        beside = _packages()
    assert beside == one_run
    assert worker.answered >= len(SPECS)  # the rests, and the documents not split
    parts_made = [list(split.part["components"]["schemas"]) for split in splits]
    assert seen and all(names in parts_made for names in seen)  # nothing else ran here
    assert len(seen) == len(splits) >= len(SPECS) - 2


def test_a_part_whose_run_fails_gives_way_to_one_run(
        monkeypatch: pytest.MonkeyPatch, one_run: dict[str, dict[str, str]]) -> None:
    monkeypatch.setattr(parts, "MIN_PART_CLASSES", 1)
    splits = _splits_seen(monkeypatch)
    real = run._dcg_here
    failed: list[str] = []

    def failing_part(document: dict[str, Any], source_file: str,
                     aliases: dict[str, str]) -> str:
        if any(document is split.part for split in splits):
            failed.append(source_file)
            raise GeneratorError([Problem(source_file, "", None, "dcg failed", "")])
        return real(document, source_file, aliases)

    monkeypatch.setattr(run, "_dcg_here", failing_part)
    assert _packages() == one_run
    assert len(failed) == len(splits) >= len(SPECS) - 2


def test_outputs_that_disagree_give_way_to_one_run(
        monkeypatch: pytest.MonkeyPatch, one_run: dict[str, dict[str, str]]) -> None:
    monkeypatch.setattr(parts, "MIN_PART_CLASSES", 1)
    merges: list[bool] = []

    def refusing(rest: str, part: str) -> str | None:
        merges.append(True)
        return None

    monkeypatch.setattr(parts, "merged", refusing)
    assert _packages() == one_run
    assert merges


def _document(schemas: dict[str, Any]) -> dict[str, Any]:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "components": {"schemas": schemas}}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def test_the_part_holds_the_parameter_classes_nothing_else_uses_and_what_they_use(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parts, "MIN_PART_CLASSES", 2)
    schemas = {
        "Kind": {"type": "string", "enum": ["a", "b"]},  # shared: in both runs
        "Order": {"type": "string", "enum": ["asc"]},  # the part's own
        "Pet": {"type": "object", "properties": {"kind": _ref("Kind"), "q": _ref("UsedParams")}},
        "ListParams": {"type": "object", "properties": {"kind": _ref("Kind"), "o": _ref("Order")}},
        "GetParams": {"type": "object", "properties": {"id": {"type": "string"}}},
        "UsedParams": {"type": "object", "properties": {"id": {"type": "string"}}},
    }
    split = parts.separated(_document(schemas), ["ListParams", "GetParams", "UsedParams"])
    assert split is not None
    assert list(split.rest["components"]["schemas"]) == ["Kind", "Pet", "UsedParams"]
    assert list(split.part["components"]["schemas"]) == ["Kind", "Order", "ListParams",
                                                         "GetParams"]
    assert split.part["info"] == split.rest["info"] == {"title": "t", "version": "1"}
    titled = {**schemas, "Order": {**schemas["Order"], "title": "Order"}}
    assert parts.separated(_document(titled), ["ListParams", "GetParams", "UsedParams"]) is None
    named_title = {**schemas, "GetParams": {"type": "object", "properties": {"title": {}}}}
    assert parts.separated(_document(named_title), ["ListParams", "GetParams"]) is not None
    monkeypatch.setattr(parts, "MIN_PART_CLASSES", 3)  # two of their own: not worth a run
    assert parts.separated(_document(schemas), ["ListParams", "GetParams", "UsedParams"]) is None


REST = '''# header

from __future__ import annotations

from datetime import date as date_aliased
from pydantic import BaseModel


class Kind(BaseModel):
    value: str


class Pet(BaseModel):
    born: date_aliased
'''

PART = '''# header

from __future__ import annotations

from datetime import date
from pydantic import BaseModel


class Kind(BaseModel):
    value: str


class ListParams(BaseModel):
    """Listing."""

    since: date
    kind: Kind
'''


def test_two_outputs_merge_into_one_module_with_the_imports_each_needs() -> None:
    joined = parts.merged(REST, PART)
    assert joined is not None
    namespace: dict[str, Any] = {}
    exec(compile(joined, "models.py", "exec"), namespace)  # noqa: S102  # (our own text)
    assert {"Kind", "Pet", "ListParams"} <= namespace.keys()
    assert joined.count("class Kind(") == 1
    assert "from datetime import date\n" in joined and '"""Listing."""' in joined
    assert joined.index("class Pet(") < joined.index("class ListParams(")


@pytest.mark.parametrize(("rest", "part"), [
    (REST, PART.replace("    value: str", "    value: int")),  # one name, two definitions
    (REST, PART.replace("class ListParams(", "class BaseModel(")),  # a class named as an import
    (REST.replace("date as date_aliased", "date as day"),  # one name, two imports
     PART.replace("from datetime import date", "from datetime import datetime as day")),
    (REST, PART.replace("from __future__ import annotations",
                        "from __future__ import annotations\nfrom __future__ import division")),
    (REST.replace("class Kind(BaseModel):\n    value: str\n",
                  "class Kind(BaseModel):\n    value: str\n'''a string at the first column'''\n"),
     PART),
], ids=["definition", "class-named-as-import", "import", "future", "unknown-line"])
def test_outputs_that_disagree_are_not_merged(rest: str, part: str) -> None:
    assert parts.merged(rest, part) is None


def test_models_made_in_two_parts_are_kept_in_the_cache_and_found_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        one_run: dict[str, dict[str, str]]) -> None:
    from generator import ir
    from generator.document.loading import load
    from generator.io.cache import Cache
    from generator.models import build

    monkeypatch.setattr(parts, "MIN_PART_CLASSES", 1)
    cache = Cache(tmp_path / "cache")
    assert pipeline.build_packages(_targets(), cache=cache) == one_run  # cold
    target = _targets()[SPECS.index("pagination.yaml")]
    api = ir.build(load(target.spec).data, target.options)
    splits = _splits_seen(monkeypatch)  # (decided only when dcg's output is not in the cache)
    warm = build.models_source(api.models_input, api.required_classes, "pagination.yaml", cache,
                               api.parameter_classes)
    assert not splits
    assert warm.source == build.models_source(api.models_input, api.required_classes,
                                              "pagination.yaml", None,
                                              api.parameter_classes).source
    assert splits  # (made again without the cache: split)
