"""The tree of an edited models.py (generator/models/reparse.py) is the tree `ast.parse` gives of
the edited text, positions included, with only the edited statements parsed again."""

from __future__ import annotations

import ast

import pytest

from generator.models.reparse import Edit, edited_tree
from generator.models.typing_fixes import mypy_clean_parsed
from tests.models.test_model_typing import MODELS, NAMED_LIKE_TYPING

SOURCE = '''\
from pydantic import BaseModel


class A(BaseModel):
    x: int = 1
    y: str | None = None


@decorated
class B(A):
    """A docstring."""

    z: list[int] = []


C = A
'''


def _dump(tree: ast.Module) -> str:
    return ast.dump(tree, include_attributes=True)


def _apply(source: str, edits: list[Edit]) -> str:
    lines = source.split("\n")
    for (first, start, last, end), text in sorted(edits, reverse=True):
        head = lines[first - 1].encode()[:start].decode()
        tail = lines[last - 1].encode()[end:].decode()
        lines[first - 1 : last] = (head + text + tail).split("\n")
    return "\n".join(lines)


@pytest.mark.parametrize("edits", [
    [((5, 14, 5, 14), "  # an insertion on a line")],  # no line added
    [((5, 7, 5, 10), "(int |\n        None)")],  # a line added in the first class: all below move
    [((5, 7, 5, 10), "(\n\n int\n)"), ((13, 19, 13, 21), "[\n]")],  # lines added in two classes
    [((9, 0, 9, 10), "@decorated  # on the decorator")],  # a decorated class's first line
    [((16, 4, 16, 5), "B")],  # the last statement
])
def test_the_tree_is_the_tree_of_the_edited_text(edits: list[Edit]) -> None:
    edited = _apply(SOURCE, edits)
    tree = edited_tree(ast.parse(SOURCE), edits, edited)
    assert tree is not None
    assert _dump(tree) == _dump(ast.parse(edited))


def test_an_edit_across_two_statements_gives_none() -> None:
    edits: list[Edit] = [((6, 4, 10, 5), "pass\n\n\nclass")]
    assert edited_tree(ast.parse(SOURCE), edits, _apply(SOURCE, edits)) is None


def test_a_carriage_return_gives_none() -> None:
    edits: list[Edit] = [((5, 14, 5, 14), "  # x")]
    edited = _apply(SOURCE, edits).replace("C = A", "C = A\r")
    assert edited_tree(ast.parse(SOURCE), edits, edited) is None


def test_an_edit_that_breaks_the_statement_gives_none() -> None:
    edits: list[Edit] = [((5, 4, 5, 5), "x x")]
    assert edited_tree(ast.parse(SOURCE), edits, _apply(SOURCE, edits)) is None


@pytest.mark.parametrize("source", [MODELS, NAMED_LIKE_TYPING], ids=["conflicts", "typing-names"])
def test_mypy_clean_hands_over_the_tree_of_its_text(source: str) -> None:
    cleaned, tree = mypy_clean_parsed(source)
    assert cleaned != source  # the fixes edited it
    assert tree is not None
    assert _dump(tree) == _dump(ast.parse(cleaned))
