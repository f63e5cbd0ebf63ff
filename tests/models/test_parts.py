"""dcg's run in two parts (`models/parts.py`): the classes of the operations' parameters, bodies
and answers made in a run of their own while the worker makes the rest. The feature documents'
packages are the bytes one run makes, with a worker or without; the parts are decided from the
document alone (about half the models, a discriminated union in one run); each run leaves the
names of the other's components to them, as one run does; names a run gave a shape otherwise
are made the rest's; two outputs that disagree otherwise, or a part's run that fails, give way
to one run over the whole input."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline
from generator.models import parts, run
from generator.problems import GeneratorError, Problem
from tests.support import FEATURE_SPECS

# documents with many parameters, enums among them, components they share with the rest; the
# last four split with every operation class (in the others, the operations reach every schema)
SPECS = ("array_query.yaml", "constrained_arguments.yaml", "enums.yaml", "header_cookie.yaml",
         "names.yaml", "pagination.yaml", "path_level_params.yaml", "path_styles.yaml",
         "unicode_names.yaml", "root_models.yaml", "shared_shapes.yaml", "event_stream.yaml",
         "forward_refs.yaml", "read_write_only.yaml")
SPLIT_WITH_EVERY_OPERATION_CLASS = 4
SPLIT_WITH_PARAMETER_CLASSES = 10  # (a document without parameters has none)


def _targets() -> list[pipeline.Target]:
    return [pipeline.target_for_spec(FEATURE_SPECS / name, f"pkg{index}")
            for index, name in enumerate(SPECS)]


def _packages() -> dict[str, dict[str, str]]:
    return pipeline.build_packages(_targets(), cache=None)


def _runs_seen(monkeypatch: pytest.MonkeyPatch,
               collector: list[bool] | None = None) -> list[list[str]]:
    """The component schemas of each dcg run made in this process from now on (and into
    `collector`, whether the cyclic collector was on during each)."""
    seen: list[list[str]] = []
    real = run._run_dcg

    def recording(document: dict[str, Any], settings_dir: Path, aliases: dict[str, str],
                  reserved: frozenset[str] = frozenset()) -> str:
        if document is not run._WARM_UP_INPUT:
            seen.append(list(document["components"]["schemas"]))
            if collector is not None:
                collector.append(gc.isenabled())
        return real(document, settings_dir, aliases, reserved)

    monkeypatch.setattr(run, "_run_dcg", recording)
    return seen


@pytest.fixture
def one_run() -> dict[str, dict[str, str]]:
    return _packages()


@pytest.mark.parametrize("only_parameters", [False, True], ids=["operations", "parameters"])
def test_packages_made_in_two_parts_are_the_bytes_of_one_run(
        monkeypatch: pytest.MonkeyPatch, one_run: dict[str, dict[str, str]],
        only_parameters: bool) -> None:
    monkeypatch.setattr(parts, "MIN_RUN_SIZE", 1)
    seen = _runs_seen(monkeypatch)
    splits = _splits_seen(monkeypatch, only_parameters=only_parameters)
    assert _packages() == one_run
    assert len(splits) >= (SPLIT_WITH_PARAMETER_CLASSES if only_parameters
                           else SPLIT_WITH_EVERY_OPERATION_CLASS)
    for split in splits:  # each part run beside its rest, the whole input never
        part, rest = (list(side["components"]["schemas"]) for side in (split.part, split.rest))
        assert part in seen and rest in seen
        assert not any(set(part) | set(rest) <= set(names) for names in seen)


def _splits_seen(monkeypatch: pytest.MonkeyPatch, *,
                 only_parameters: bool = True) -> list[parts.Parts]:
    """The parts of each document split from now on; by default only the operations'
    parameter classes are separable (most of the documents then split, not only a few)."""
    seen: list[parts.Parts] = []
    real = parts.separated

    def recording(document: dict[str, Any], separable: Any) -> parts.Parts | None:
        if only_parameters:
            separable = [name for name in separable if name.endswith("Params")]
        found = real(document, separable)
        if found is not None:
            seen.append(found)
        return found

    monkeypatch.setattr(parts, "separated", recording)
    return seen


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the worker is forked (Linux)")
def test_with_a_worker_the_larger_input_is_made_there_while_the_other_is_made_here(
        monkeypatch: pytest.MonkeyPatch, one_run: dict[str, dict[str, str]]) -> None:
    monkeypatch.setattr(parts, "MIN_RUN_SIZE", 1)
    collector: list[bool] = []
    # (recorded here: the worker, forked after, records there)
    seen = _runs_seen(monkeypatch, collector)
    splits = _splits_seen(monkeypatch)
    with run.dcg_worker(True) as worker:
        assert worker is not None
        beside = _packages()
    assert beside == one_run
    assert collector and all(collector)  # (here with the collector on: see `_dcg_text`)
    assert worker.answered >= len(SPECS)  # one input of each split, the documents not split
    smaller = [list((split.rest if split.rest_size < split.part_size else split.part)
                    ["components"]["schemas"]) for split in splits]
    assert seen == smaller  # of each split, the smaller input here, and nothing else
    assert len(seen) == len(splits) >= SPLIT_WITH_PARAMETER_CLASSES
    assert {split.rest_size < split.part_size for split in splits} == {True, False}


def test_a_part_whose_run_fails_gives_way_to_one_run(
        monkeypatch: pytest.MonkeyPatch, one_run: dict[str, dict[str, str]]) -> None:
    monkeypatch.setattr(parts, "MIN_RUN_SIZE", 1)
    splits = _splits_seen(monkeypatch)
    real = run._dcg_here
    failed: list[str] = []

    def failing_part(document: dict[str, Any], source_file: str, aliases: dict[str, str],
                     reserved: frozenset[str] = frozenset()) -> str:
        if any(document is split.part for split in splits):
            failed.append(source_file)
            raise GeneratorError([Problem(source_file, "", None, "dcg failed", "")])
        return real(document, source_file, aliases, reserved)

    monkeypatch.setattr(run, "_dcg_here", failing_part)
    assert _packages() == one_run
    assert len(failed) == len(splits) >= SPLIT_WITH_PARAMETER_CLASSES


def test_outputs_that_disagree_give_way_to_one_run(
        monkeypatch: pytest.MonkeyPatch, one_run: dict[str, dict[str, str]]) -> None:
    monkeypatch.setattr(parts, "MIN_RUN_SIZE", 1)
    merges: list[bool] = []

    def refusing(rest: str, part: str, *_: Any) -> str | None:
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


def test_the_part_holds_the_operation_classes_nothing_else_uses_and_what_they_use(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parts, "MIN_RUN_SIZE", 6)
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
    assert split.rest_reserved == {"Order", "ListParams", "GetParams"}  # the part's own
    assert split.part_reserved == {"Pet", "UsedParams"}  # the rest's own
    # their classes and fields (an enum 1, an object with two properties 3): 1+3+2 and
    # 1+1+3+2 (the worker is given the larger)
    assert (split.rest_size, split.part_size) == (6, 7)
    monkeypatch.setattr(parts, "MIN_RUN_SIZE", 7)  # the smaller (6): not worth a run
    assert parts.separated(_document(schemas), ["ListParams", "GetParams", "UsedParams"]) is None


def test_each_run_leaves_the_names_of_the_other_runs_components_to_them(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """One run names an inline shape after its place (`ListParams.filter`: `ListParamsFilter`)
    unless a component holds that name, then numbers it; run apart, the shape's run does not
    see the component: told its name, it numbers the shape as one run does."""
    monkeypatch.setattr(parts, "MIN_RUN_SIZE", 1)
    def obj(name: str) -> dict[str, Any]:
        return {"type": "object", "properties": {name: {"type": "integer"}}}

    document = _document({
        "Pet": {"type": "object", "properties": {"filter": _ref("ListParamsFilter"),
                                                 "owner": obj("name")}},
        "ListParamsFilter": obj("a"),  # the rest's: the part's `ListParams.filter` steps aside
        "ListParams": {"type": "object", "properties": {"filter": obj("b")}},
        "PetOwner": obj("id"),  # the part's: the rest's inline `Pet.owner` steps aside
    })
    one = run._run_dcg(document, tmp_path, {})
    split = parts.separated(document, ["ListParams", "PetOwner"])
    assert split is not None
    rest = run._run_dcg(split.rest, tmp_path, {}, split.rest_reserved)
    part = run._run_dcg(split.part, tmp_path, {}, split.part_reserved)
    joined = parts.merged(rest, part)
    assert joined is not None
    assert _defined(joined) == _defined(one)
    assert {"ListParamsFilter1", "PetOwner1"} <= _defined(joined).keys()
    unreserved = run._run_dcg(split.part, tmp_path, {})  # the part's shape takes the name
    assert "class ListParamsFilter(" in unreserved  # (a component's name: not merged)
    assert parts.merged(rest, unreserved, split.components, split.shared) is None


def _defined(text: str) -> dict[str, str]:
    """Each name the module defines -> its definition's text."""
    found = parts._read(text)
    assert found is not None
    return {name: source for name, source in found.defined.items() if "import" not in source}


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
    assert parts.merged(rest, part, frozenset({"Kind", "Pet", "ListParams"})) is None


def test_models_made_in_two_parts_are_kept_in_the_cache_and_found_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        one_run: dict[str, dict[str, str]]) -> None:
    from generator import ir
    from generator.document.loading import load
    from generator.io.cache import Cache
    from generator.models import build

    monkeypatch.setattr(parts, "MIN_RUN_SIZE", 1)
    cache = Cache(tmp_path / "cache")
    splits = _splits_seen(monkeypatch)
    assert pipeline.build_packages(_targets(), cache=cache) == one_run  # cold
    target = _targets()[SPECS.index("pagination.yaml")]
    api = ir.build(load(target.spec).data, target.options)
    splits.clear()  # (decided only when dcg's output is not in the cache)
    warm = build.models_source(api.models_input, api.required_classes, "pagination.yaml", cache,
                               api.operation_classes)
    assert not splits
    assert warm.source == build.models_source(api.models_input, api.required_classes,
                                              "pagination.yaml", None,
                                              api.operation_classes).source
    assert splits  # (made again without the cache: split)


HEADER = "# header\n\nfrom __future__ import annotations\n\nfrom pydantic import BaseModel\n"


def _module(*classes: str) -> str:
    return HEADER + "".join(f"\n\n{text}" for text in classes)


def test_a_shape_each_run_named_otherwise_takes_the_name_the_rest_gave_it() -> None:
    """Bitbucket's `SnippetComment.links`: `Links10` in one run, `SnippetCommentLinks` in the
    other; the part's name gives way wherever it stands as a name (not in its strings)."""
    rest = _module("class Comment(BaseModel):\n    links: Links10 | None = None\n",
                   "class Links10(BaseModel):\n    href: str\n")
    part = _module("class Comment(BaseModel):\n    links: CommentLinks | None = None\n",
                   "class CommentLinks(BaseModel):\n    href: str\n",
                   "class ListParams(BaseModel):\n    links: CommentLinks\n"
                   "    '''Named CommentLinks in the part.'''\n")
    joined = parts.merged(rest, part, frozenset({"Comment", "ListParams"}),
                          frozenset({"Comment"}))
    assert joined is not None
    assert joined.count("class Comment(") == 1 and "class CommentLinks" not in joined
    assert "class ListParams(BaseModel):\n    links: Links10\n" in joined
    assert "'''Named CommentLinks in the part.'''" in joined


def test_a_name_each_run_gave_another_shape_is_numbered_afresh_in_the_part() -> None:
    rest = _module("class Address(BaseModel):\n    city: str\n",
                   "class Address1(BaseModel):\n    zip: str\n")
    part = _module("class Address(BaseModel):\n    street: str\n",
                   "class ListParams(BaseModel):\n    address: Address\n")
    joined = parts.merged(rest, part, frozenset({"ListParams"}))
    assert joined is not None
    assert "class Address2(BaseModel):\n    street: str\n" in joined
    assert "class ListParams(BaseModel):\n    address: Address2\n" in joined
    assert "class Address(BaseModel):\n    city: str\n" in joined


@pytest.mark.parametrize(("rest", "part", "components", "shared"), [
    # a component's text differs otherwise than by names
    (_module("class Pet(BaseModel):\n    name: str\n"),
     _module("class Pet(BaseModel):\n    name: int\n"), {"Pet"}, {"Pet"}),
    # a component would take another name
    (_module("class Owner(BaseModel):\n    pet: Pet2\n", "class Pet2(BaseModel):\n    a: str\n"),
     _module("class Owner(BaseModel):\n    pet: Pet\n", "class Pet(BaseModel):\n    a: str\n"),
     {"Owner", "Pet"}, {"Owner"}),
    # a schema of both runs is a class in one only (a root model written where it is used)
    (_module("class Pet(BaseModel):\n    name: str\n", "class Kind(BaseModel):\n    a: str\n"),
     _module("class Pet(BaseModel):\n    name: str\n"), {"Pet", "Kind"}, {"Pet", "Kind"}),
], ids=["component-differs", "component-renamed", "class-in-one-run-only"])
def test_runs_that_cannot_be_reconciled_are_not_merged(
        rest: str, part: str, components: set[str], shared: set[str]) -> None:
    assert parts.merged(rest, part, frozenset(components), frozenset(shared)) is None


def test_a_discriminated_union_is_made_in_one_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """dcg writes a branch's discriminating property as a `Literal` only in the run holding
    its union: an operation's class reaching a branch the rest makes too goes to the rest."""
    monkeypatch.setattr(parts, "MIN_RUN_SIZE", 1)
    branch = {"type": "object", "properties": {"kind": {"type": "string"}}}
    schemas = {
        "Cat": branch, "Dog": branch,
        "Pet": {"oneOf": [_ref("Cat"), _ref("Dog")],
                "discriminator": {"propertyName": "kind",
                                  "mapping": {"cat": "#/components/schemas/Cat"}}},
        "Owner": {"type": "object", "properties": {"pet": _ref("Pet")}},
        "CatsListResponse": {"type": "array", "items": _ref("Cat")},  # a branch, shared
        "GetParams": {"type": "object", "properties": {"id": {"type": "string"}}},
    }
    split = parts.separated(_document(schemas), ["CatsListResponse", "GetParams"])
    assert split is not None
    assert list(split.part["components"]["schemas"]) == ["GetParams"]
    assert "CatsListResponse" in split.rest["components"]["schemas"]
    walked = {name: parts._walked(schema) for name, schema in schemas.items()}
    assert parts._in_discriminated_unions(walked) == {"Cat", "Dog", "Pet"}


def test_the_part_takes_the_operation_classes_in_name_order_up_to_half_the_models(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten parameter classes of one field (2 each) and a schema of ten fields (11): the part
    takes the first eight (16 against 15), not all ten (20 against 11)."""
    monkeypatch.setattr(parts, "MIN_RUN_SIZE", 1)
    field = {"type": "object", "properties": {"id": {"type": "string"}}}
    schemas: dict[str, Any] = {f"Op{index}Params": field for index in range(10)}
    schemas["Pet"] = {"type": "object",
                      "properties": {f"f{index}": {"type": "string"} for index in range(10)}}
    split = parts.separated(_document(schemas), [f"Op{index}Params" for index in range(10)])
    assert split is not None
    assert list(split.part["components"]["schemas"]) == [f"Op{index}Params" for index in range(8)]
    assert (split.part_size, split.rest_size) == (16, 15)


def test_a_discriminators_mapping_names_its_branches_as_the_project_reads_them() -> None:
    """A mapping value is a reference or a bare name (`names.components.mapping_ref`), a
    reference into a schema names that schema (`names.components.component_schema`)."""
    holder = {"oneOf": [_ref("Cat")],
              "discriminator": {"propertyName": "kind",
                                "mapping": {"dog": "Dog", "cow": "#/components/schemas/Cow"}}}
    walked = parts._walked({"type": "object", "properties": {
        "pet": holder, "id": {"$ref": "#/components/schemas/Owner/properties/id"}}})
    assert walked.branches == {"Cat", "Dog", "Cow"} and walked.discriminates
    assert walked.refers == {"Cat", "Dog", "Cow", "Owner"}
