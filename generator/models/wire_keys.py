"""No field of a model is named like another field's wire key.

datamodel-code-generator names a property's field after it, snake-cased (`userName` ->
`user_name`, alias `userName`), and numbers a second property that wants the same name
(`user_name` -> `user_name_1`, alias `user_name`). Every model takes its fields by name as well
as by alias (`populate_by_name=True`: callers write `User(created_at=...)`), so pydantic read
the field `user_name` from the key `user_name` too: an answer's `user_name` filled both fields,
and `User(user_name="a")` set both and sent a `userName` the caller never gave.

Such a field is renamed to the first free `<name>_<n>` (`userName` -> `user_name_2`), its alias
kept: every key then fills exactly its own field (`User(user_name="a")` is the property
`user_name`'s), code reading the old name fails loudly instead of reading another property, and
every other field of the model still takes its name. A field named so that comes from a base
class, or that a discriminator names, is not renamed: that model takes its fields by alias
only (`populate_by_name=False`) instead.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field

from generator.models.reparse import Edit, model_config_call, span_of

_CONFIG = "model_config"
_BY_NAME = "populate_by_name"


@dataclass
class _Fields:
    """A class's fields as a model has them: name -> the key it is read from (its alias, else
    its name), and the class that declares each."""

    keys: dict[str, str] = field(default_factory=dict)
    declared_in: dict[str, str] = field(default_factory=dict)


def wire_key_edits(tree: ast.Module) -> Iterator[Edit]:
    """The edits that leave no field named like another field's key. Classes come base first
    in a models.py (a base is defined before its subclass), so each class's inherited fields
    are known when it is met: no recursion."""
    if not _imports_config_dict(tree):
        return  # no model takes its fields by name
    discriminators: set[str] | None = None
    fields_of: dict[str, _Fields] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        fields = _inherited(node, fields_of)
        own = _own_fields(node)
        fields.keys.update({name: key for name, (_, key) in own.items()})
        fields.declared_in.update(dict.fromkeys(own, node.name))
        fields_of[node.name] = fields
        clashing = _named_like_another_key(fields.keys)
        if not clashing:
            continue
        if discriminators is None:
            discriminators = _discriminator_names(tree)
        renamable = {name for name in clashing
                     if fields.declared_in[name] == node.name and name not in discriminators}
        for name in sorted(renamable):
            new = _free_name(name, fields.keys)
            fields.keys[new] = fields.keys.pop(name)
            fields.declared_in[new] = fields.declared_in.pop(name)
            yield span_of(own[name][0]), new
        if clashing - renamable:
            yield _by_alias_only(node)


def _imports_config_dict(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.ImportFrom) and node.module == "pydantic"
               and any(alias.name == "ConfigDict" and alias.asname is None
                       for alias in node.names)
               for node in tree.body)


def _discriminator_names(tree: ast.Module) -> set[str]:
    """Every string a `discriminator=` keyword gives (it names a field): a walk of the whole
    module, made only when some field is named like another's key."""
    return {node.value.value for node in ast.walk(tree)
            if isinstance(node, ast.keyword) and node.arg == "discriminator"
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def _inherited(node: ast.ClassDef, fields_of: dict[str, _Fields]) -> _Fields:
    inherited = _Fields()
    for base in node.bases:
        if isinstance(base, ast.Name) and base.id in fields_of:
            inherited.keys.update(fields_of[base.id].keys)
            inherited.declared_in.update(fields_of[base.id].declared_in)
    return inherited


def _own_fields(node: ast.ClassDef) -> dict[str, tuple[ast.Name, str]]:
    """Field name -> (its target, the key it is read from), for the fields the class itself
    declares."""
    fields = {}
    for statement in node.body:
        if (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
                and statement.target.id != _CONFIG):
            name = statement.target.id
            fields[name] = (statement.target, _alias(statement) or name)
    return fields


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


def _named_like_another_key(keys: dict[str, str]) -> set[str]:
    """The fields whose name is the key another field is read from."""
    wire = set(keys.values())
    return {name for name, key in keys.items() if name != key and name in wire}


def _free_name(name: str, keys: dict[str, str]) -> str:
    """`<name>_<n>`, the first n from 2 that is no field's name nor any field's key."""
    taken = {*keys, *keys.values()}
    return next(candidate for n in itertools.count(2)
                if (candidate := f"{name}_{n}") not in taken)


def _by_alias_only(node: ast.ClassDef) -> Edit:
    """`populate_by_name=False` in the class's `ConfigDict(...)`: the keyword's value replaced,
    else the keyword added; a class without a `model_config` of its own gets one."""
    config = model_config_call(node)
    if config is None:
        first = _first_field(node)
        indent = " " * first.col_offset
        return ((first.lineno, 0, first.lineno, 0),
                f"{indent}{_CONFIG} = ConfigDict({_BY_NAME}=False)\n")
    for keyword in config.keywords:
        if keyword.arg == _BY_NAME:
            return span_of(keyword.value), "False"
    assert config.end_lineno is not None and config.end_col_offset is not None
    before_paren = config.end_col_offset - 1  # the call's `)`: the keyword goes just before it
    separator = ", " if config.args or config.keywords else ""
    return ((config.end_lineno, before_paren, config.end_lineno, before_paren),
            f"{separator}{_BY_NAME}=False")


def _first_field(node: ast.ClassDef) -> ast.stmt:
    """The first statement after the class's docstring (a class with fields has one)."""
    body = node.body
    docstring = (isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                 and isinstance(body[0].value.value, str))
    return body[1] if docstring and len(body) > 1 else body[0]
