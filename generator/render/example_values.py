"""Example values that the schema's constraints accept, for the README's calls.

A README example is what a new user copies first; the request model checks it before anything
is sent, so a value of the right type is not enough: `"string"` breaks a `maxLength: 2`, `[]` a
`minItems: 1`, `1` a `minimum: 10`, and a `pattern` takes only what it matches. The constraints
are read from the field's `Field(...)` in models.py (datamodel-code-generator writes the schema's
there), and a value is adjusted to them, or found to be impossible to show honestly (None: the
README then picks another call).

A pattern gets the shortest string its regular expression describes (the usual shapes: literals,
classes, repeats, groups, alternatives), checked with `re.search` as pydantic checks it; a
pattern Python's `re` cannot read, or one with look-arounds, gets no value.
"""

from __future__ import annotations

import ast
import importlib
import math
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# the parser behind `re`: `re._parser` from 3.11 (`sre_parse`, deprecated, before)
_regex_parser: Any = importlib.import_module(
    "re._parser" if sys.version_info >= (3, 11) else "sre_parse")

_BOUNDS = ("ge", "gt", "le", "lt", "multiple_of")
_LENGTHS = ("min_length", "max_length")


@dataclass(frozen=True)
class Constraints:
    """What `Field(...)` asks of a value (None: not asked)."""

    min_length: int | None = None  # characters of a string, items of a list
    max_length: int | None = None
    pattern: str | None = None
    ge: float | None = None
    gt: float | None = None
    le: float | None = None
    lt: float | None = None
    multiple_of: float | None = None
    items: Constraints | None = None  # a list's items' (`list[Annotated[str, Field(...)]]`)

    @property
    def empty(self) -> bool:
        return self == NONE


NONE = Constraints()


Roots = Callable[[str], "ast.expr | None"]  # a root model class -> the annotation of its root


def constraints_of(annotation: ast.expr, roots: Roots = lambda name: None) -> Constraints:
    """The constraints of a field's annotation, `Annotated[T, Field(min_length=1, ...)]` (with
    `| None` around it or not), a root model's it names (`roots` gives its root's annotation),
    and its list items'; none for anything else."""
    node = _annotated(annotation)
    if node is None:
        named = _named_root(annotation, roots)
        if named is not None:
            return constraints_of(named)
        items = _items(annotation, roots)
        return NONE if items is None else Constraints(items=items)
    found: dict[str, Any] = {}
    elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else []
    items = _items(elements[0], roots) if elements else None
    if items is not None:
        found["items"] = items
    for metadata in elements[1:]:
        if isinstance(metadata, ast.Call) and _called(metadata) == "Field":
            found.update((keyword.arg, value) for keyword in metadata.keywords
                         if keyword.arg is not None
                         and _usable(keyword.arg, value := _literal(keyword.value)))
    return Constraints(**found)


def _usable(name: str, value: Any) -> bool:
    """Whether `value` is one this module reads for the `Field` argument `name`."""
    if name in _LENGTHS:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    if name in _BOUNDS:
        return (isinstance(value, int | float) and not isinstance(value, bool)
                and math.isfinite(value))
    return name == "pattern" and isinstance(value, str)


def _named_root(node: ast.expr, roots: Roots) -> ast.expr | None:
    """The root's annotation of the root model `node` names (alone, or with `| None`)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = [side for side in (node.left, node.right)
                 if not (isinstance(side, ast.Constant) and side.value is None)]
        return _named_root(sides[0], roots) if len(sides) == 1 else None
    return roots(node.id) if isinstance(node, ast.Name) else None


def _items(node: ast.expr, roots: Roots) -> Constraints | None:
    """The constraints of a list's items (`list[Annotated[str, Field(...)]]`), where asked."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _items(node.left, roots) or _items(node.right, roots)
    if isinstance(node, ast.Subscript) and _called(node.value) in ("list", "Sequence"):
        found = constraints_of(node.slice, roots)
        return None if found.empty else found
    return None


def _annotated(node: ast.expr) -> ast.Subscript | None:
    """The `Annotated[...]` of `node`, or of the one member of `X | None` that is one."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        for side in (node.left, node.right):
            found = _annotated(side)
            if found is not None:
                return found
        return None
    if isinstance(node, ast.Subscript) and _called(node.value) == "Annotated":
        return node
    return None


def _called(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute):
        return target.attr
    return target.id if isinstance(target, ast.Name) else ""


def _literal(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return None


def text_value(constraints: Constraints, default: str = "string") -> str | None:
    """A string `constraints` accept: `default` cut or padded to the lengths asked, or one its
    pattern matches; None when there is none to show."""
    low, high = constraints.min_length or 0, constraints.max_length
    if high is not None and high < low:
        return None
    if constraints.pattern is None:
        text = default[:high] if high is not None else default
        return text + "x" * max(0, low - len(text))
    return _matching(constraints.pattern, low, high)


def _matching(pattern: str, low: int, high: int | None) -> str | None:
    try:
        compiled = re.compile(pattern)
        text = _shortest(_regex_parser.parse(pattern))
    except (re.error, _Unshowable, RecursionError, OverflowError):
        return None
    if text is None or not low <= len(text) <= (high if high is not None else len(text)):
        return None
    return text if compiled.search(text) else None


def number_value(constraints: Constraints, integer: bool, default: float = 1) -> str | None:
    """Source of a number `constraints` accept (an `int` when `integer`), near `default`."""
    value: float = default
    step = 1 if integer else 0.5
    if constraints.ge is not None:
        value = max(value, constraints.ge)
    if constraints.gt is not None and value <= constraints.gt:
        value = constraints.gt + step
    if constraints.le is not None:
        value = min(value, constraints.le)
    if constraints.lt is not None and value >= constraints.lt:
        value = constraints.lt - step
    if constraints.multiple_of:
        value = _multiple_near(value, constraints.multiple_of, constraints)
    if integer:
        value = math.ceil(value)
    if not _within(value, constraints):
        return None
    return repr(int(value)) if integer else repr(float(value))


def _multiple_near(value: float, step: float, constraints: Constraints) -> float:
    """The multiple of `step` at or above `value`, or the one below where that is past the
    bounds (1 to 5 in steps of 4: 5, brought down from a default of 10, rounds up to 8; 4 is
    the value)."""
    above = math.ceil(value / step) * step
    return above if _within(above, constraints) else math.floor(value / step) * step


def _within(value: float, constraints: Constraints) -> bool:
    return ((constraints.ge is None or value >= constraints.ge)
            and (constraints.gt is None or value > constraints.gt)
            and (constraints.le is None or value <= constraints.le)
            and (constraints.lt is None or value < constraints.lt))


class _Unshowable(Exception):
    """A regular expression this module does not build a match for (a look-around...)."""


_CATEGORY_CHARACTER = {
    "CATEGORY_DIGIT": "1", "CATEGORY_NOT_DIGIT": "a", "CATEGORY_WORD": "a",
    "CATEGORY_NOT_WORD": "-", "CATEGORY_SPACE": " ", "CATEGORY_NOT_SPACE": "a",
}
_MAX_REPEAT_SHOWN = 64  # a repeat asking for more is not shown (`a{1000}`)


def _shortest(parsed: Any) -> str:
    """The shortest text the parsed expression matches (its first alternative of each choice)."""
    return "".join(_shortest_of(str(op), argument) for op, argument in parsed)


def _shortest_of(name: str, argument: Any) -> str:
    """The shortest text one parsed item matches."""
    if name == "LITERAL":
        return chr(argument)
    if name in ("ANY", "NOT_LITERAL"):
        return "a" if argument != ord("a") else "b"
    if name == "IN":
        return _in_class(argument)
    if name == "BRANCH":
        return _shortest(argument[1][0])
    if name in ("SUBPATTERN", "ATOMIC_GROUP"):
        return _shortest(argument[-1] if name == "SUBPATTERN" else argument)
    if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        low, _high, item = argument
        if not isinstance(low, int) or low > _MAX_REPEAT_SHOWN:
            raise _Unshowable
        return _shortest(item) * low
    if name == "AT":
        return ""  # ^, $, \b: where, not what
    raise _Unshowable  # look-arounds, back references, conditionals


def _in_class(items: Any) -> str:
    """One character of a `[...]` class (`[^...]`: one outside it, tried from a few)."""
    if items and str(items[0][0]) == "NEGATE":
        excluded = re.compile("[" + _class_source(items[1:]) + "]")
        for candidate in "a1-_ A.":
            if not excluded.match(candidate):
                return candidate
        raise _Unshowable
    op, argument = items[0]
    name = str(op)
    if name == "LITERAL":
        return chr(argument)
    if name == "RANGE":
        return chr(argument[0])
    if name == "CATEGORY":
        return _CATEGORY_CHARACTER.get(str(argument), "a")
    raise _Unshowable


def _class_source(items: Any) -> str:
    """The source of a class's items (for a negated class, matched with `re`)."""
    parts = []
    for op, argument in items:
        name = str(op)
        if name == "LITERAL":
            parts.append(re.escape(chr(argument)))
        elif name == "RANGE":
            parts.append(f"{re.escape(chr(argument[0]))}-{re.escape(chr(argument[1]))}")
        elif name == "CATEGORY":
            parts.append({"CATEGORY_DIGIT": r"\d", "CATEGORY_NOT_DIGIT": r"\D",
                          "CATEGORY_WORD": r"\w", "CATEGORY_NOT_WORD": r"\W",
                          "CATEGORY_SPACE": r"\s", "CATEGORY_NOT_SPACE": r"\S"}.get(str(argument),
                                                                                  ""))
        else:
            raise _Unshowable
    return "".join(parts)
