"""The index of models.py in the cache (generator/models/index.py): the index of a text read
before is taken from the cache without parsing the text; every class, field (its annotation,
node for node), base, enum, import and alias is the one parsing gives; a damaged entry is
ignored and the index computed again."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline
from generator.io.cache import Cache
from generator.models import index
from tests.support import FEATURE_SPECS

# what dcg writes, and what a position could get wrong: a multi-line annotation, text that is
# not ASCII before an annotation on its line, `\r\n` line ends, aliases, enums, roots, aliases
SOURCE = (
    "from __future__ import annotations\n"
    "from datetime import date as date_aliased\n"
    "from enum import Enum\n"
    "from typing import Annotated\n"
    "from pydantic import BaseModel, Field, RootModel\n"
    "from typing_extensions import TypeAliasType\n"
    "class Kind(Enum):\r\n"
    "    a = 'a'\r\n"
    "    one = 1\r\n"
    "class Pet(BaseModel):\n"
    "    café: Annotated[str, Field(description='Prix en €, « net »')] = 'é'\n"
    "    merged_from: Annotated[\n"
    "        list[Annotated[int, Field(ge=0)]] | None,\n"
    "        Field(alias='mergedFrom', description='one\\ntwo'),  # a comment\n"
    "    ] = None\n"
    "    when: date_aliased\n"
    "    kind: 'Kind'\n"
    "class Dog(Pet):\n"
    "    bark: bool = True\n"
    "class Tags(RootModel[list[str]]):\n"
    "    root: list[str]\n"
    "Json = TypeAliasType('Json', 'dict[str, Json] | list[Json] | str')\n"
)


def _shape(models: index.Models) -> dict[str, Any]:
    """Everything the index says, annotations as node dumps."""
    return {
        "classes": [(name, [(wire, ast.dump(f.annotation), f.type_text, f.optional, f.attribute)
                            for wire, f in fields.items()])
                    for name, fields in models.classes.items()],
        "bases": list(models.bases.items()), "roots": sorted(models.root_classes),
        "enums": list(models.enums.items()), "imports": list(models.imports.items()),
        "aliases": sorted(models.type_aliases), "source": models.source,
    }


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = ast.parse

    def spy(text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(index.ast, "parse", spy)
    return seen


def _dcg_source(spec: str) -> str:
    """models.py as the models stage makes it for a feature document."""
    target = pipeline.target_for_spec(FEATURE_SPECS / spec, "feature_pkg")
    document = pipeline.load_checked(target)
    api = pipeline.ir.build(document.data, target.options, tolerate=False)
    return pipeline.models.models_source(api.models_input, api.required_classes, spec).source


@pytest.mark.parametrize("spec", ["", "all_of.yaml"], ids=["handmade", "all_of.yaml"])
def test_a_warm_index_parses_no_text_and_is_the_same(tmp_path: Path, parses: list[str],
                                                     spec: str) -> None:
    source = _dcg_source(spec) if spec else SOURCE
    plain = _shape(index.index_models(source))
    cache = Cache(tmp_path / "cache")
    assert _shape(index.index_models(source, cache=cache)) == plain  # cold
    del parses[:]
    warm = index.index_models(source, cache=cache)
    assert source not in parses  # models.py is not parsed again
    assert warm.tree is None
    assert _shape(warm) == plain  # each annotation parsed from its text: the same nodes


def test_a_damaged_entry_is_ignored(tmp_path: Path, parses: list[str]) -> None:
    cache = Cache(tmp_path / "cache")
    plain = _shape(index.index_models(SOURCE))
    index.index_models(SOURCE, cache=cache)
    (entry,) = (tmp_path / "cache" / index.NAMESPACE).iterdir()
    raw = entry.read_bytes()
    for damaged in (raw[:-10], raw.replace(b"Pet", b"Cat"), b"x" + raw):
        entry.write_bytes(damaged)
        del parses[:]
        assert _shape(index.index_models(SOURCE, cache=cache)) == plain
        assert SOURCE in parses  # computed again


def test_a_foreign_entry_of_the_right_checksum_is_not_used(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "cache")
    key = index._entry_key(SOURCE)
    cache.put(index.NAMESPACE, key, {"format": index.ENTRY_FORMAT, "classes": [["Pet", [[
        "x", 1, "int", False, ""]]]], "bases": [], "roots": [], "enums": [], "imports": [],
        "type_aliases": []})
    assert _shape(index.index_models(SOURCE, cache=cache)) == _shape(index.index_models(SOURCE))


def test_a_warm_field_types_arguments_without_parsing_its_metadata(tmp_path: Path,
                                                                   parses: list[str]) -> None:
    """A signature reads a field's type without `Annotated[...]`: from the cache, only its
    type's text is parsed (not the outer `Field(...)`, descriptions and all), to the same
    nodes."""
    cold = index.index_models(SOURCE)
    cache = Cache(tmp_path / "cache")
    index.index_models(SOURCE, cache=cache)
    warm = index.index_models(SOURCE, cache=cache)
    del parses[:]
    for name, fields in cold.classes.items():
        for wire, found in fields.items():
            assert ast.dump(warm.classes[name][wire].stripped()) == ast.dump(found.stripped())
    assert parses and not any("description" in text for text in parses)
    assert ast.unparse(warm.classes["Pet"]["mergedFrom"].stripped()) == "list[int] | None"
