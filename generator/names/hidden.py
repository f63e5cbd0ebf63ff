"""Builtins a generated name hides, and how generated code still reaches them.

A method named `list` hides the builtin from the annotations of its class's later methods (for
mypy); an argument named `list` hides it from its method's body. Annotations read there name such
builtins through the module alias `_builtins` (`import builtins as _builtins`), which no method
or argument can take.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from generator.names.reserved import BUILTIN_NAMES

BUILTINS_ALIAS = "_builtins"  # `import builtins as _builtins`: builtins no method or argument hides
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def hidden_builtins(names: Iterable[str]) -> frozenset[str]:
    """The builtins that `names`, bound in one scope, hide there."""
    return frozenset(names) & BUILTIN_NAMES


class _Builtins(ast.NodeTransformer):
    """Names in `hidden` read as `_builtins.<name>`."""

    def __init__(self, hidden: frozenset[str]) -> None:
        self.hidden = hidden

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id in self.hidden:
            return ast.Attribute(ast.Name(BUILTINS_ALIAS, ast.Load()), node.id, ast.Load())
        return node


def unhidden(annotation: str, hidden: frozenset[str]) -> str:
    """`annotation` with the builtins in `hidden` reached through `_builtins`."""
    # a cheap look at the words first: most annotations name no hidden builtin
    if not hidden.intersection(_IDENTIFIER.findall(annotation)):
        return annotation
    return ast.unparse(_Builtins(hidden).visit(ast.parse(annotation, mode="eval")))
