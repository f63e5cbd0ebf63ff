"""Rewrites of the annotations models.py gives its fields, into what a signature reads.

Each is an AST transformer or a small function over `ast.expr`: `Annotated[...]` stripped,
forward references unquoted, `| None` dropped, enum classes widened with their plain values (URL
and UUID types with `str`), model names qualified as `_models.X` and imported names as
`_<module>.name`, unions flattened.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Any

QUALIFIER = "_models"


def module_alias(module: str) -> str:
    """How generated modules import `module` for annotations: `datetime` -> `_datetime`."""
    return "_" + module.replace(".", "_")


def union_members(node: ast.expr) -> list[ast.expr]:
    """The members of a `A | B | ...` union, in order (a non-union is its own one member).
    Its own stack: a union of Microsoft Graph's 653 subtypes nests as deep."""
    members: list[ast.expr] = []
    pending = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, ast.BinOp) and isinstance(current.op, ast.BitOr):
            pending += [current.right, current.left]
        else:
            members.append(current)
    return members


def unparsed(node: ast.expr) -> str:
    """`ast.unparse(node)`, a union member by member: `ast.unparse` recurses once per `|`,
    and a union of hundreds of subtypes (a discriminator's mapping) ran out of stack."""
    members = union_members(node)
    return " | ".join(ast.unparse(member) for member in members)


def union_of(members: list[ast.expr]) -> ast.expr:
    """`A | B | ...` of one or more members."""
    result = members[0]
    for member in members[1:]:
        result = ast.BinOp(left=result, op=ast.BitOr(), right=member)
    return result


def without_none(node: ast.expr) -> ast.expr:
    """`node` without its `None` members (unchanged when it has none, or only `None`)."""
    members = union_members(node)
    kept = [m for m in members if not (isinstance(m, ast.Constant) and m.value is None)]
    if not kept or len(kept) == len(members):
        return node
    return union_of(kept)


def strip_annotated(node: ast.expr) -> ast.expr:
    """`node` without any `Annotated[T, Field(...)]` wrapper, however deep (`list[Annotated[A | B,
    Field(discriminator=...)]]` -> `list[A | B]`): the metadata belongs to the model, which still
    validates the value; a signature needs only the type. Forward references come unquoted
    (`dict["Lang", str]` -> `dict[Lang, str]`; see `_ForwardReferences`)."""
    result = _ForwardReferences().visit(_copied(node, strip=True))
    assert isinstance(result, ast.expr)
    return result


def clone(node: ast.expr) -> ast.expr:
    """A copy of `node`'s tree that the rewrites here may change in place (they do: a
    `NodeTransformer` sets the fields of the nodes it visits). `copy.deepcopy` of an AST goes
    through the pickling protocol node by node: several times slower, and signatures copy
    thousands of annotations."""
    copied = _copied(node, strip=False)
    assert isinstance(copied, ast.expr)
    return copied


def _copied(value: Any, *, strip: bool) -> Any:
    """`value` (a node, a list of them, or a field's plain value) copied; with `strip`, each
    `Annotated[T, ...]` is the copy of its `T` (its metadata, descriptions and all, is never
    copied). Nodes without fields (`Load`, `BitOr`) hold nothing to change and are shared."""
    if isinstance(value, list):
        return [_copied(item, strip=strip) for item in value]
    if not isinstance(value, ast.AST) or not value._fields:
        return value
    if strip and _is_annotated(value):
        return _copied(value.slice.elts[0], strip=True)  # type: ignore[attr-defined]
    copied = value.__class__.__new__(value.__class__)
    for name, field in value.__dict__.items():
        setattr(copied, name, _copied(field, strip=strip))
    return copied


def _is_annotated(node: ast.AST) -> bool:
    """`Annotated[T, ...]`: a subscript of the name `Annotated` by a tuple of at least `T`."""
    return (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)
            and node.value.id == "Annotated" and isinstance(node.slice, ast.Tuple)
            and bool(node.slice.elts))


class _ForwardReferences(ast.NodeTransformer):
    """`"Lang"` -> `Lang`, `"list[Tree]"` -> `list[Tree]`: datamodel-code-generator quotes the
    names a class uses before defining them (a key enum, a recursive model). Quoted, a name
    escapes the rewrites that qualify it (`_models.Lang`) and widen it, and the module using the
    annotation holds no such name (mypy: not defined; `get_type_hints`: NameError). A
    `Literal[...]`'s strings are values, and stay."""

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        head = node.value
        name = head.attr if isinstance(head, ast.Attribute) else getattr(head, "id", "")
        return node if name == "Literal" else self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if not isinstance(node.value, str):
            return node
        try:
            parsed = ast.parse(node.value.strip(), mode="eval").body
        except SyntaxError:
            return node
        unquoted: ast.AST = self.visit(parsed)
        return unquoted


class UnionFlattener(ast.NodeTransformer):
    """`A | (B | C)` -> `A | B | C`: a widened member reads as one more union member; a member
    that widening brought twice (`str` of two enums, the `None` of a nullable root model inside
    an optional field) is kept once."""

    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        if not isinstance(node.op, ast.BitOr):
            return node
        unique: dict[str, ast.expr] = {}
        for member in (self.visit(member) for member in union_members(node)):
            unique.setdefault(ast.unparse(member), member)
        return union_of(list(unique.values()))


class EnumWidener(ast.NodeTransformer):
    """`Color` -> `Color | Literal["red", "green"]`: an argument takes the enum's plain values
    too, as callers write them (`color="red"`); the model still checks them."""

    def __init__(self, enums: Mapping[str, tuple[str | int, ...]]) -> None:
        self.enums = enums

    def visit_Name(self, node: ast.Name) -> ast.expr:
        values = self.enums.get(node.id)
        if not values:
            return node
        members = (ast.Tuple([ast.Constant(v) for v in values], ast.Load()) if len(values) > 1
                   else ast.Constant(values[0]))
        typing_literal = ast.Attribute(ast.Name(module_alias("typing"), ast.Load()), "Literal",
                                       ast.Load())
        literal = ast.Subscript(typing_literal, members, ast.Load())
        return ast.BinOp(left=node, op=ast.BitOr(), right=literal)


def takes_str(module: str, name: str) -> bool:
    """Whether models.py's imported type `name` of `module` is one a field validates a plain
    `str` into (pydantic's lax mode) but a type checker refuses a `str` for: pydantic's URL
    and DSN types (`format: uri` -> `AnyUrl`), UUIDs (`format: uuid`)."""
    if module == "pydantic":
        return name.endswith(("Url", "Dsn")) or name.startswith("UUID")
    return (module, name) == ("uuid", "UUID")


class StrWidener(ast.NodeTransformer):
    """`AnyUrl` -> `AnyUrl | str`, `UUID` -> `UUID | str` (`takes_str`): an argument takes the
    string a caller has, as the model validating it does, as enums take their values."""

    def __init__(self, imports: Mapping[str, tuple[str, str]]) -> None:
        self.imports = imports

    def visit_Name(self, node: ast.Name) -> ast.expr:
        found = self.imports.get(node.id)
        if found is None or not takes_str(*found):
            return node
        return ast.BinOp(left=node, op=ast.BitOr(), right=ast.Name("str", ast.Load()))


class Qualifier(ast.NodeTransformer):
    """`Foo` -> `_models.Foo` for model classes; `Any` -> `_typing.Any`, `date_aliased` ->
    `_datetime.date` and the like for the names models.py imports (the modules using these
    annotations import those modules under `_` aliases, so no argument name can shadow them)."""

    def __init__(self, model_names: AbstractSet[str],
                 imports: Mapping[str, tuple[str, str]]) -> None:
        self.model_names = model_names
        self.imports = imports

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id in self.model_names:
            qualified = ast.Attribute(ast.Name(QUALIFIER, ast.Load()), node.id, ast.Load())
        elif node.id in self.imports:
            module, name = self.imports[node.id]
            qualified = ast.Attribute(ast.Name(module_alias(module), ast.Load()), name, ast.Load())
        else:
            return node
        return ast.copy_location(qualified, node)
