"""A model whose field names are other fields' wire names reads and takes its fields by alias only.

datamodel-code-generator names a property's field after it, snake-cased (`userName` ->
`user_name`, alias `userName`), and numbers a second property that wants the same name
(`user_name` -> `user_name_1`, alias `user_name`). Every model takes its fields by name as well
as by alias (`populate_by_name=True`: callers write `User(user_name=...)`), so pydantic read
the field `user_name` from the key `user_name` too: an answer's `user_name` filled both fields,
and `User(user_name="a")` set both and sent a `userName` the caller never gave.

A model where some field's name is another field's wire key (its own fields and the ones it
inherits) gets `populate_by_name=False`: each key then fills exactly its own field, and callers
write the wire names (`User(userName="A", user_name="b")`), which pyright reads as the
constructor's keywords anyway. Every other model keeps taking names.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from generator.models.reparse import Edit

_CONFIG = "model_config"
_BY_NAME = "populate_by_name"


def alias_only_edits(tree: ast.Module) -> Iterator[Edit]:
    """The edits that make every model whose field names are other fields' keys take its
    fields by alias only. Classes come base first in a models.py (a base must be defined before
    its subclass), so each class's inherited keys are known when it is met: no recursion."""
    if not _imports_config_dict(tree):
        return  # no model takes its fields by name
    keys_of: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        keys = {}
        for base in node.bases:
            if isinstance(base, ast.Name):
                keys.update(keys_of.get(base.id, {}))
        keys.update(_own_keys(node))
        keys_of[node.name] = keys
        if _reads_another_key(keys):
            yield _by_alias_only(node)


def _imports_config_dict(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.ImportFrom) and node.module == "pydantic"
               and any(alias.name == "ConfigDict" and alias.asname is None
                       for alias in node.names)
               for node in tree.body)


def _own_keys(node: ast.ClassDef) -> dict[str, str]:
    """Field name -> the key it is read from (its alias, else its name), for the fields the
    class itself declares."""
    keys = {}
    for statement in node.body:
        if (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
                and statement.target.id != _CONFIG):
            name = statement.target.id
            keys[name] = _alias(statement) or name
    return keys


def _alias(statement: ast.AnnAssign) -> str | None:
    """The `alias` of the field's `Field(...)`: in its `Annotated[...]` or as its value."""
    calls = [statement.value] if statement.value is not None else []
    annotation = statement.annotation
    if (isinstance(annotation, ast.Subscript) and isinstance(annotation.value, ast.Name)
            and annotation.value.id == "Annotated" and isinstance(annotation.slice, ast.Tuple)):
        calls.extend(annotation.slice.elts[1:])
    return next((alias for call in calls if (alias := _alias_given(call)) is not None), None)


def _alias_given(node: ast.expr) -> str | None:
    """The string `alias=` of a `Field(...)` call; None for anything else."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "Field"):
        return None
    for keyword in node.keywords:
        if (keyword.arg == "alias" and isinstance(keyword.value, ast.Constant)
                and isinstance(keyword.value.value, str)):
            return keyword.value.value
    return None


def _reads_another_key(keys: dict[str, str]) -> bool:
    """Whether a field's name is the key another field is read from."""
    wire = set(keys.values())
    return any(name != key and name in wire for name, key in keys.items())


def _by_alias_only(node: ast.ClassDef) -> Edit:
    """`populate_by_name=False` in the class's `ConfigDict(...)`: the keyword's value replaced,
    else the keyword added; a class without a `model_config` of its own gets one."""
    config = _config_call(node)
    if config is None:
        first = _first_field(node)
        indent = " " * first.col_offset
        return ((first.lineno, 0, first.lineno, 0),
                f"{indent}{_CONFIG} = ConfigDict({_BY_NAME}=False)\n")
    for keyword in config.keywords:
        if keyword.arg == _BY_NAME:
            value = keyword.value
            assert value.end_lineno is not None and value.end_col_offset is not None
            return (value.lineno, value.col_offset, value.end_lineno, value.end_col_offset), "False"
    assert config.end_lineno is not None and config.end_col_offset is not None
    before_paren = config.end_col_offset - 1  # the call's `)`: the keyword goes just before it
    separator = ", " if config.args or config.keywords else ""
    return ((config.end_lineno, before_paren, config.end_lineno, before_paren),
            f"{separator}{_BY_NAME}=False")


def _config_call(node: ast.ClassDef) -> ast.Call | None:
    for statement in node.body:
        if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
                and statement.targets[0].id == _CONFIG and isinstance(statement.value, ast.Call)):
            return statement.value
    return None


def _first_field(node: ast.ClassDef) -> ast.stmt:
    """The first statement after the class's docstring (a class with fields has one)."""
    body = node.body
    docstring = (isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                 and isinstance(body[0].value.value, str))
    return body[1] if docstring and len(body) > 1 else body[0]
