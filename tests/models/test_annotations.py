"""The annotation rewrites' copies: `clone` and `strip_annotated` give trees of their own, equal
to what `copy.deepcopy` (and the stripping of `Annotated[...]` after it) gave."""

from __future__ import annotations

import ast
import copy

from generator.models.annotations import EnumWidener, clone, strip_annotated

SOURCES = [
    "int",
    "list[Annotated[A | B, Field(discriminator='kind', description='a long text')]] | None",
    "dict['Lang', str]",
    "Annotated[int]",  # no metadata: not the `Annotated[T, ...]` form, kept as written
    "Annotated[Annotated[str, Field(min_length=1)], Field(description='d')]",
    "Literal['a', \"b\"] | Annotated['Tree', Field(alias='t')]",
]


def _dump(node: ast.AST) -> str:
    return ast.dump(node, include_attributes=True)


def _nodes(node: ast.AST) -> set[int]:
    """The ids of the nodes with fields (those a rewrite may change) in `node`'s tree."""
    return {id(child) for child in ast.walk(node) if child._fields}


def test_a_clone_equals_a_deep_copy_and_shares_no_node_with_fields() -> None:
    for source in SOURCES:
        node = ast.parse(source, mode="eval").body
        copied = clone(node)
        assert _dump(copied) == _dump(copy.deepcopy(node))
        assert not _nodes(copied) & _nodes(node)


def test_rewriting_a_clone_leaves_the_original_as_it_was() -> None:
    node = ast.parse("list[Color] | None", mode="eval").body
    before = _dump(node)
    widened = EnumWidener({"Color": ("red", "green")}).visit(clone(node))
    assert ast.unparse(widened) == "list[Color | _typing.Literal['red', 'green']] | None"
    assert _dump(node) == before


def test_stripping_drops_annotated_however_deep_and_copies_nothing_of_the_original() -> None:
    expected = {
        "int": "int",
        SOURCES[1]: "list[A | B] | None",
        SOURCES[2]: "dict[Lang, str]",
        SOURCES[3]: "Annotated[int]",
        SOURCES[4]: "str",
        SOURCES[5]: "Literal['a', 'b'] | Tree",
    }
    for source, stripped in expected.items():
        node = ast.parse(source, mode="eval").body
        before = _dump(node)
        result = strip_annotated(node)
        assert ast.unparse(result) == stripped
        assert _dump(node) == before
        assert not _nodes(result) & _nodes(node)
