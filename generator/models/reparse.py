"""The tree of an edited models.py from the tree of the text before, re-parsing only what changed.

`typing_fixes` edits a handful of lines of a models.py that can hold 100,000 (GitHub's: three
edits, five in OpenAI's), and the index and the split then need the tree of the edited text.
Parsing it whole again costs a second on GitHub's; here each top-level statement an edit
touched is parsed again alone, and the others are kept, moved down by the lines the edits above
them added. The result is the tree `ast.parse` gives of the edited text (tests/models compare
them, positions included). Anything this cannot place (an edit across statements, a line end
other than `\\n`) gives None: then the caller parses the whole text.
"""

from __future__ import annotations

import ast
import bisect
from collections.abc import Iterable

Span = tuple[int, int, int, int]  # first line, its byte offset, last line, the offset after
Edit = tuple[Span, str]  # what the text there becomes


def span_of(node: ast.expr | ast.stmt) -> Span:
    """Where `node` is in the text it was parsed from (the span an edit of it replaces)."""
    assert node.end_lineno is not None and node.end_col_offset is not None
    return node.lineno, node.col_offset, node.end_lineno, node.end_col_offset


def model_config_call(cls: ast.ClassDef) -> ast.Call | None:
    """The `ConfigDict(...)` call of the class's own `model_config = ...`, if it has one."""
    for statement in cls.body:
        if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
                and statement.targets[0].id == "model_config"
                and isinstance(statement.value, ast.Call)
                and getattr(statement.value.func, "id", "") == "ConfigDict"):
            return statement.value
    return None


def edited_tree(tree: ast.Module, edits: Iterable[Edit], edited: str) -> ast.Module | None:
    """`tree` (of the text before, which it takes over) made the tree of `edited`, the text
    after `edits`; None when an edit cannot be placed in one top-level statement."""
    if "\r" in edited:
        return None
    bounds = [(_first_line(node), node.end_lineno or node.lineno) for node in tree.body]
    added = _lines_added(bounds, edits)
    if added is None:
        return None
    lines = edited.split("\n")
    shift = 0
    body: list[ast.stmt] = []
    for position, node in enumerate(tree.body):
        if position in added:
            first, last = bounds[position]
            again = _parsed_alone(lines[first - 1 + shift : last + shift + added[position]],
                                  first - 1 + shift)
            if again is None:
                return None
            body.append(again)
            shift += added[position]
        else:
            if shift:
                ast.increment_lineno(node, shift)
            body.append(node)
    tree.body = body
    return tree


def _first_line(node: ast.stmt) -> int:
    if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        return min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
    return node.lineno


def _lines_added(bounds: list[tuple[int, int]], edits: Iterable[Edit]) -> dict[int, int] | None:
    """Statement position -> the lines its edits add (0 for one edited in place); None when an
    edit is not inside one statement."""
    starts = [first for first, _ in bounds]
    added: dict[int, int] = {}
    for (first, _, last, _), text in edits:
        position = bisect.bisect_right(starts, first) - 1
        if position < 0 or last > bounds[position][1]:
            return None
        added[position] = added.get(position, 0) + text.count("\n") - (last - first)
    return added


def _parsed_alone(lines: list[str], before: int) -> ast.stmt | None:
    """The one statement `lines` hold, numbered as if `before` lines came first."""
    try:
        parsed = ast.parse("\n".join(lines)).body
    except SyntaxError:
        return None
    if len(parsed) != 1:
        return None
    return ast.increment_lineno(parsed[0], before) if before else parsed[0]
