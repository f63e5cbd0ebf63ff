"""Make datamodel-code-generator's models.py pass `mypy --strict`, keeping what it validates.

Three shapes of real documents (OpenAI's among them) give models that pydantic runs as meant but
mypy rejects:

- a subclass (`allOf: [Base, {...}]`) redeclaring a field of its base with a type that is not a
  subtype of the base's (`status: CallStatus` over `status: ToolCallStatus | None`): pydantic
  lets a subclass narrow or change a field, mypy calls it an incompatible assignment. The line
  gets `# type: ignore[assignment]`: the schema says so, and the field's own type stays exact;
- a class with two bases that declare one field with different types (`# type: ignore[misc]` on
  the class line, for the same reason);
- a field whose type does not take `None` with `None` as its default (`user: str = None`): the
  type says `| None`, as the attribute is when the field is not given;
- a field typed with a root model whose default is the bare value (`n: N | None = 1`, with
  `validate_default=True`): the default becomes `N(1)`, the value pydantic builds from it anyway;
  likewise a field typed with an object model whose default is its JSON object
  (`nested: Nested = {"value": "preset"}` becomes `Nested.model_validate({...})`).

One pydantic runs otherwise than the document means: a field named like another field's wire
key is renamed (`wire_keys`: `user_name` would fill `userName`'s field too).

And one ruff rejects without a fix of its own: `typing.Dict` / `typing.List` (in the
`__annotations__` dcg writes for typed extra fields) become `dict` / `list`; the formatter's
import fixes then drop the unused import.

`--strict` also reports an ignore that is not needed, so each is added only where the rule mypy
applies says the types conflict (`_conflicts`): every member of the new type must be a member of
the old one, a subclass of one, a literal of its type, or `int` where `float` is.
"""

from __future__ import annotations

import ast
import bisect
import copy
import dataclasses
import datetime
import functools
import io
import ipaddress
import json
import re
import tokenize
import uuid
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Union

from generator.models.reparse import Edit, Span, edited_tree, span_of
from generator.models.wire_keys import wire_key_edits

# The width the formatter wraps generated lines at (`render.style.LINE_LENGTH`, which this
# stage, before rendering, cannot import without a cycle; a test holds the two equal)
LINE_LENGTH = 100

_TOP = frozenset({"Any", "object"})


@dataclass(frozen=True)
class _Field:
    statement: ast.AnnAssign
    annotation: ast.expr  # as the checks read it: `| None` added where `_none_defaults` adds it


@dataclass
class _Memo:
    """What `_definition` and `_all_fields` found for one class, each asked for once."""

    definitions: dict[str, _Field | None] = dataclasses.field(default_factory=dict)
    field_names: list[str] | None = None


@dataclass(frozen=True)
class _Class:
    node: ast.ClassDef
    bases: tuple[str, ...]
    fields: dict[str, _Field]
    # bases shared along many paths (`allOf` diamonds, level after level) are walked once
    memo: _Memo = dataclasses.field(default_factory=_Memo, compare=False, repr=False)

    @property
    def name(self) -> str:
        return self.node.name


def mypy_clean(source: str) -> str:
    """`source` (a models.py) with the conflicts mypy would report marked or resolved."""
    return _cleaned(source, ast.parse(source))[0]


def mypy_clean_parsed(source: str) -> tuple[str, ast.Module | None]:
    """`mypy_clean(source)`, and the tree of that text (the one parsed here, its edited
    statements parsed again: `reparse`), or None when the edits could not be placed: a caller
    that needs the tree parses nothing again."""
    tree = ast.parse(source)
    cleaned, edits = _cleaned(source, tree)
    if cleaned is source:
        return cleaned, tree
    return cleaned, edited_tree(tree, edits, cleaned)


def _cleaned(source: str, tree: ast.Module) -> tuple[str, list[Edit]]:
    """The text after the edits the checks ask for, and those edits (each once)."""
    classes = {node.name: _class(node) for node in tree.body if isinstance(node, ast.ClassDef)}
    lines = source.split("\n")
    edits = list(dict.fromkeys([
        # first: edits at one place are made in this order, each before what the last put
        # there, and a type-ignore comment must open its line's comment (a noqa may follow)
        *_mutable_inherited_defaults(tree, lines),
        *_root_default_wraps(tree, lines), *_builtin_generics(tree, lines), *_none_defaults(tree),
        *_override_ignores(classes, lines), *_header_ignores(classes, source, lines),
        *_quoted_root_unions(tree), *_bare_generics(tree), *_constrained_calls(tree, lines),
        *_mutable_enum_values(tree), *wire_key_edits(tree),
    ]))
    if not edits:
        return source, []
    # from the end, so that no edit moves a place another still has to change; at one place a
    # replacement goes before an insertion; an edit asked for twice is made once
    for span, text in sorted(edits, key=_from_the_end, reverse=True):
        _replace(lines, span, text)
    return "\n".join(lines), edits


def _quoted_root_unions(tree: ast.Module) -> Iterator[Edit]:
    """`RootModel[Union[str, list[Optional["Value"]]]]` (a recursive root model's base, where a
    forward reference must be a string and `X | "Y"` fails at run time) -> `RootModel["str |
    list[Value | None]"]`: one string pydantic resolves as it resolves the field, and not the
    `Union` ruff rejects (UP007, which it cannot fix there itself)."""
    for node in tree.body:
        for base in node.bases if isinstance(node, ast.ClassDef) else ():
            if not (isinstance(base, ast.Subscript)
                    and getattr(base.value, "id", "") == "RootModel"):
                continue
            names = {getattr(n, "id", "") for n in ast.walk(base.slice)}
            forward = any(isinstance(n, ast.Constant) and isinstance(n.value, str)
                          for n in ast.walk(base.slice))
            if forward and names & {"Union", "Optional"}:
                piped = _PipeUnions().visit(copy.deepcopy(base.slice))
                yield span_of(base.slice), repr(ast.unparse(piped))


class _PipeUnions(ast.NodeTransformer):
    """`Union[A, B]` -> `A | B`, `Optional[A]` -> `A | None`, `"A"` -> `A` (inside a string the
    forward reference needs no quotes); `Literal[...]` values stay strings."""

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        kind = getattr(node.value, "id", "")
        if kind == "Literal":
            return node
        self.generic_visit(node)
        if kind not in ("Union", "Optional"):
            return node
        arguments = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        parts = [member for part in arguments
                 for member in _members(part)]  # `Union[A, Optional[B]]`: A | B | None, flat
        if kind == "Optional":
            parts.append(ast.Constant(None))
        piped = parts[0]
        for part in parts[1:]:
            piped = ast.BinOp(left=piped, op=ast.BitOr(), right=part)
        return piped

    def visit_Call(self, node: ast.Call) -> ast.expr:
        return node  # `Field(description="...")`: its strings are values, not references

    def visit_Constant(self, node: ast.Constant) -> ast.expr:
        if isinstance(node.value, str) and node.value.isidentifier():
            return ast.Name(node.value, ast.Load())
        return node


def _mutable_enum_values(tree: ast.Module) -> Iterator[Edit]:
    """`# noqa: RUF012` on an enum member whose value is a list (Mailchimp's `enum: [[abuse],
    [bounce]]` of an array: each value an array, as the document says), which ruff reads as a
    mutable class attribute: put after the opening bracket, where the formatter keeps it
    however it wraps the rest and where ruff reports the value."""
    for node in tree.body:
        if not (isinstance(node, ast.ClassDef) and _is_enum_class(node)):
            continue
        for statement in node.body:
            value = statement.value if isinstance(statement, ast.Assign) else None
            if isinstance(value, ast.List | ast.Dict | ast.Set):
                line, offset = value.lineno, value.col_offset + 1
                yield (line, offset, line, offset), "  # noqa: RUF012\n"


def _mutable_inherited_defaults(tree: ast.Module, lines: list[str]) -> Iterator[Edit]:
    """`# noqa: RUF012` on a field's list, dict or set default in a model that derives from
    another model (json2video's `Text(BaseElement, VisualElement)`: `settings: ... = {}`).
    pydantic copies a default for each instance, and ruff knows it of a class deriving from
    `BaseModel` itself, not of one whose base lives in another module (as the models' group
    modules put it). An empty value's at the end of its line (the formatter leaves a pragma
    comment out of the line's width, and `{}` never wraps), any other's as
    `_mutable_enum_values` places it: after the opening bracket, where ruff reports it however
    the formatter wraps the value (at the end of a line the formatter wrapped, it followed the
    closing bracket)."""
    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or all(
                ast.unparse(base) in _PYDANTIC_BASES for base in node.bases):
            continue
        for statement in node.body:
            value = statement.value if isinstance(statement, ast.AnnAssign) else None
            if not isinstance(value, ast.List | ast.Dict | ast.Set):
                continue
            line = value.lineno
            if _is_empty(value) and value.end_lineno == line:
                end = len(lines[line - 1].encode("utf-8"))
                yield (line, end, line, end), "  # noqa: RUF012"
            else:
                yield (line, value.col_offset + 1, line, value.col_offset + 1), "  # noqa: RUF012\n"


def _is_empty(value: ast.List | ast.Dict | ast.Set) -> bool:
    return not (value.keys if isinstance(value, ast.Dict) else value.elts)


_PYDANTIC_BASES = frozenset({"BaseModel", "RootModel"})


def _is_enum_class(node: ast.ClassDef) -> bool:
    """Whether dcg's class derives from an enum (`Enum`, `StrEnum`, `IntEnum`)."""
    return any(ast.unparse(base).endswith("Enum") for base in node.bases)


def _from_the_end(edit: Edit) -> tuple[int, int, bool]:
    (first_line, first_offset, last_line, last_offset), _ = edit
    return first_line, first_offset, (first_line, first_offset) != (last_line, last_offset)


def _override_ignores(classes: dict[str, _Class], lines: list[str]) -> Iterator[Edit]:
    """`# type: ignore[assignment]` on each override in conflict (not on one that has one)."""
    for field in _overrides_in_conflict(classes):
        if not any("# type: ignore" in line for line in _lines_of(field.statement, lines)):
            yield from _field_ignore(field.statement, lines)


def _header_ignores(classes: dict[str, _Class], source: str, lines: list[str]) -> Iterator[Edit]:
    """`# type: ignore[misc]` on each class whose bases conflict (a header with keywords, or
    with an ignore already, is left as it is)."""
    for cls in classes.values():
        if (len(cls.bases) > 1 and not cls.node.keywords
                and "# type: ignore" not in lines[cls.node.lineno - 1]
                and _bases_conflict(cls, classes)):
            yield _header_ignoring_misc(cls.node, source)


def _lines_of(statement: ast.stmt, lines: list[str]) -> list[str]:
    return lines[statement.lineno - 1 : statement.end_lineno or statement.lineno]


def _class(node: ast.ClassDef) -> _Class:
    fields = {
        statement.target.id: _Field(statement, _checked_annotation(statement))
        for statement in node.body
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
        and statement.target.id != "model_config"
    }
    bases = tuple(base.id for base in node.bases if isinstance(base, ast.Name))
    return _Class(node, bases, fields)


def _checked_annotation(statement: ast.AnnAssign) -> ast.expr:
    if _takes_none_by_default(statement):
        return ast.BinOp(left=statement.annotation, op=ast.BitOr(), right=ast.Constant(None))
    return statement.annotation


def _is_object_model(node: ast.ClassDef) -> bool:
    """A model class with fields (a `BaseModel`, or a subclass of another model: not an enum)."""
    bases = {ast.unparse(base) for base in node.bases}
    return bool(bases) and not bases & {"Enum", "StrEnum", "IntEnum"} and not _is_root(node)


def _is_root(node: ast.ClassDef) -> bool:
    return any(isinstance(base, ast.Subscript) and getattr(base.value, "id", "") == "RootModel"
               for base in node.bases)


def _inherited(classes: dict[str, _Class], name: str, field: str) -> _Field | None:
    """The definition of `field` a class inherits: from its bases, first base first."""
    definitions = _base_definitions(classes, name, field)
    return definitions[0] if definitions else None


def _base_definitions(classes: dict[str, _Class], name: str, field: str) -> list[_Field]:
    """The definition of `field` each base of class `name` has (its own or inherited), in base
    order: an override is checked against every one of them."""
    found: list[_Field] = []
    for base in classes[name].bases if name in classes else ():
        definition = _definition(classes, base, field)
        if definition is not None and definition not in found:
            found.append(definition)
    return found


def _definition(classes: dict[str, _Class], name: str, field: str) -> _Field | None:
    """The definition of `field` class `name` has: its own, else the one it inherits."""
    if name not in classes:
        return None
    found = classes[name].memo.definitions
    if field not in found:
        own = classes[name].fields.get(field)
        found[field] = own if own is not None else _inherited(classes, name, field)
    return found[field]


def _overrides_in_conflict(classes: dict[str, _Class]) -> Iterator[_Field]:
    """Each field that redeclares an inherited one with a type mypy finds in conflict."""
    for cls in classes.values():
        for field, own in cls.fields.items():
            if any(_conflicts(own.annotation, inherited.annotation, classes)
                   for inherited in _base_definitions(classes, cls.name, field)):
                yield own


def _field_ignore(statement: ast.AnnAssign, lines: list[str]) -> list[Edit]:
    """`# type: ignore[assignment]` where mypy reports the conflict once the formatter has
    wrapped the statement: mypy reports it on the default's line. A default on the
    statement's last line gets it at the line's end, where the formatter keeps it, unless that
    line is too long: the formatter then puts the default alone between parentheses, after
    which the comment would follow the closing one (GitHub's `checks/create` `status`), so the
    default is put between them here, the comment after it. Without a default, on the first
    line, after the annotation's first `[` (the formatter keeps a comment there however it
    wraps the rest)."""
    annotation = statement.annotation
    value = statement.value
    if value is None and isinstance(annotation, ast.Subscript):
        _, _, line, offset = span_of(annotation.value)
        offset = lines[line - 1].encode("utf-8").index(b"[", offset) + 1
        return [((line, offset, line, offset), "  # type: ignore[assignment]\n")]
    line = statement.end_lineno or statement.lineno
    end = len(lines[line - 1].encode("utf-8"))
    if value is None or statement.lineno != line or len(lines[line - 1]) <= LINE_LENGTH:
        return [((line, end, line, end), "  # type: ignore[assignment]")]
    first_line, first_offset, last_line, last_offset = span_of(value)
    return [((first_line, first_offset, first_line, first_offset), "(\n"),
            ((last_line, last_offset, last_line, last_offset),
             "  # type: ignore[assignment]\n)")]


def _bases_conflict(cls: _Class, classes: dict[str, _Class]) -> bool:
    """Whether two bases of `cls` declare a field with conflicting types (one `cls` does not
    redeclare: then its override is what mypy checks)."""
    first: dict[str, _Field] = {}
    for base in cls.bases:
        for field in _all_fields(classes, base):
            definition = _definition(classes, base, field)
            if field in cls.fields or definition is None:
                continue
            earlier = first.setdefault(field, definition)
            if earlier is not definition and _differ(earlier.annotation, definition.annotation,
                                                     classes):
                return True
    return False


def _all_fields(classes: dict[str, _Class], name: str) -> list[str]:
    if name not in classes:
        return []
    cls = classes[name]
    if cls.memo.field_names is None:
        inherited = dict.fromkeys(wire for base in cls.bases for wire in _all_fields(classes, base))
        cls.memo.field_names = list({**inherited, **dict.fromkeys(cls.fields)})
    return cls.memo.field_names


def _differ(first: ast.expr, second: ast.expr, classes: dict[str, _Class]) -> bool:
    """Two bases' definitions of a (mutable) field must be the same type for mypy, not merely
    one a subtype of the other."""
    return _conflicts(first, second, classes) or _conflicts(second, first, classes)


def _conflicts(new: ast.expr, old: ast.expr, classes: dict[str, _Class]) -> bool:
    """Whether mypy rejects `new` where `old` was declared (new is not a subtype of old)."""
    old_members = _members(old)
    old_texts = {ast.unparse(member) for member in old_members}
    if old_texts & _TOP:
        return False
    old_literals = {value for member in old_members for value in _literal_values(member)}
    return not all(_fits(member, old_texts, old_literals, classes) for member in _members(new))


def _fits(member: ast.expr, old: set[str], old_literals: set[object],
          classes: dict[str, _Class]) -> bool:
    text = ast.unparse(member)
    if text in old or (text == "int" and "float" in old):
        return True
    values = _literal_values(member)
    if values:
        return all(value in old_literals or _literal_fits(value, old) for value in values)
    return any(ancestor in old for ancestor in _ancestors(classes, text))


# The builtins mypy takes a literal's value for, beyond its own type: `bool` is an `int`, and an
# `int` goes where a `float` does (Figma's `status: Literal[429]` over `status: float`).
_WIDER = {"bool": ("int", "float"), "int": ("float",)}


def _literal_fits(value: object, old: set[str]) -> bool:
    kind = type(value).__name__
    return kind in old or any(wider in old for wider in _WIDER.get(kind, ()))


# Bases of the standard library's own that make a class a subtype of a builtin.
_LIBRARY_BASES = {
    "StrEnum": ("str", "Enum"), "IntEnum": ("int", "Enum"), "IntFlag": ("int", "Enum"),
}


def _ancestors(classes: dict[str, _Class], name: str) -> set[str]:
    """Every class `name` derives from (a `StrEnum` is a `str`, as mypy knows)."""
    found: set[str] = set()
    pending = [name]
    while pending:
        current = pending.pop()
        bases = classes[current].bases if current in classes else _LIBRARY_BASES.get(current, ())
        for base in bases:
            if base not in found:
                found.add(base)
                pending.append(base)
    return found


def _members(node: ast.expr) -> list[ast.expr]:
    """The members of a type, `Annotated[...]` and `X | Y` / `Optional` / `Union` unwrapped.
    Its own stack: a union of a discriminator's hundreds of subtypes nests as deep."""
    members: list[ast.expr] = []
    pending: list[ast.expr] = [node]
    while pending:
        current = pending.pop()
        wrapper = getattr(current.value, "id", "") if isinstance(current, ast.Subscript) else ""
        if wrapper == "Annotated":
            pending.append(_unannotated(current))
        elif isinstance(current, ast.BinOp) and isinstance(current.op, ast.BitOr):
            pending += [current.right, current.left]
        elif wrapper in ("Optional", "Union"):
            assert isinstance(current, ast.Subscript)  # (a wrapper is one)
            parts = current.slice.elts if isinstance(current.slice, ast.Tuple) else [current.slice]
            pending += [*([ast.Constant(None)] if wrapper == "Optional" else []), *reversed(parts)]
        else:
            members.append(current)
    return members


def _literal_values(node: ast.expr) -> list[object]:
    if not (isinstance(node, ast.Subscript) and getattr(node.value, "id", "") == "Literal"):
        return []
    parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    return [part.value for part in parts if isinstance(part, ast.Constant)]


def _root_default_wraps(tree: ast.Module, lines: list[str]) -> Iterator[Edit]:
    """Defaults given as the bare value of the one root model a field is typed with, or as the
    JSON object of the one object model it is typed with. A default runs when its class is
    defined: one of a model defined further down (a cycle) stays bare, the line ignored (`N(1)`
    would fail the import; pydantic validates 1 into an `N` anyway)."""
    defined = _Defined(roots=set(), objects=set(), members=_root_enum_members(tree), later={
        node.name for node in tree.body
        if isinstance(node, ast.ClassDef) and (_is_root(node) or _is_object_model(node))},
        imported=_value_types_imported(tree))
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        for statement in node.body:
            if isinstance(statement, ast.AnnAssign) and _bare_default(statement.value):
                yield from _default_edits(statement, defined, lines)
        if _is_root(node):
            defined.roots.add(node.name)
        elif _is_object_model(node):
            defined.objects.add(node.name)
        defined.later.discard(node.name)


@dataclass
class _Defined:
    """The model classes met so far as `_root_default_wraps` walks models.py, and the rest."""

    roots: set[str]
    objects: set[str]  # object models
    later: set[str]  # root and object models defined further down
    members: dict[tuple[str, object], str]  # `_root_enum_members`
    imported: dict[str, str]  # `_value_types_imported`


def _value_types_imported(tree: ast.Module) -> dict[str, str]:
    """Local name -> the name it imports, for the modules whose types `_PARSED_DEFAULTS` makes
    values of: dcg imports `date` as `date_aliased` where a field is named `date` (a `date`
    query parameter's model), whose default then went unparsed."""
    return {alias.asname or alias.name: alias.name for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module in _VALUE_MODULES
            for alias in node.names}


def _bare_default(value: ast.expr | None) -> bool:
    """A default that is a literal value (not None, not a `Field(...)` or a call building it)."""
    if value is None or (isinstance(value, ast.Constant) and value.value is None):
        return False
    return isinstance(value, ast.Constant | ast.List | ast.Dict | ast.UnaryOp)


def _default_edits(statement: ast.AnnAssign, defined: _Defined, lines: list[str]) -> list[Edit]:
    value = statement.value
    assert value is not None  # `_bare_default` said so
    types = [m for m in _members(statement.annotation) if ast.unparse(m) != "None"]
    name = ast.unparse(types[0]) if len(types) == 1 else ""
    if name in defined.roots:
        return [(span_of(value), _wrapped_default(name, value, lines, defined.members))]
    if name in defined.objects and isinstance(value, ast.Dict):
        # an object model's default given as its JSON object: the model it validates into
        return [(span_of(value), _validated(name, value, lines))]
    if name in defined.later and "# type: ignore" not in lines[(statement.end_lineno or 1) - 1]:
        return _field_ignore(statement, lines)
    model = _entries_model(types[0], value, defined) if len(types) == 1 else None
    if model is not None:
        return [(span_of(value), _validated_entries(model, value, lines))]
    parsed = (_parsed_default(name, value, lines, defined.imported) if name
              else _parsed_union_default(types, value, lines, defined.imported))
    return [(span_of(value), parsed)] if parsed is not None else []


def _parsed_union_default(types: list[ast.expr], value: ast.expr, lines: list[str],
                          imported: dict[str, str]) -> str | None:
    """A union's string default as the value pydantic reads it into from JSON (OpenAQ's
    `date_from: datetime | date = "2000-01-01"`: a `date`, its exact type), when every member
    is a type `_PARSED_DEFAULTS` makes values of; else None (a `str` takes the string as it
    is; a model or a constrained type is left to the `default` check)."""
    names = [ast.unparse(member) for member in types]
    kinds = [_value_types().get(imported.get(name, name)) for name in names]
    if not (isinstance(value, ast.Constant) and isinstance(value.value, str)) or None in kinds:
        return None
    from pydantic import TypeAdapter  # (as `_any_url`)

    try:
        union: Any = Union[tuple(kinds)]  # noqa: UP007  # (built from the members at hand)
        made: object = TypeAdapter(union).validate_json(json.dumps(value.value))
    except ValueError:  # (pydantic's ValidationError is one)
        return None
    name = next((name for name, kind in zip(names, kinds, strict=True) if type(made) is kind),
                None)
    return _parsed_default(name, value, lines, imported) if name is not None else None


def _entries_model(annotation: ast.expr, value: ast.expr, defined: _Defined) -> str | None:
    """The object model a `dict[str, Model]` or `list[Model]` field's default holds the JSON
    objects of (Docker's `Runtimes: {runc: {path: docker-runc}}`: mypy, `dict[str, str]` is no
    `dict[str, Runtime]`), when defined above; None for any other default."""
    kind, item = _container_of(annotation)
    if item not in defined.objects:
        return None
    entries = (value.values if kind == "dict" and isinstance(value, ast.Dict)
               else value.elts if kind == "list" and isinstance(value, ast.List) else [None])
    return item if all(isinstance(entry, ast.Dict) for entry in entries) else None


def _container_of(annotation: ast.expr) -> tuple[str, str]:
    """(`dict` or `list`, the name of its values' type) of `dict[str, X]` or `list[X]`; else
    ("", "")."""
    if not (isinstance(annotation, ast.Subscript) and isinstance(annotation.value, ast.Name)):
        return "", ""
    kind, inner = annotation.value.id, annotation.slice
    if kind == "dict" and isinstance(inner, ast.Tuple) and len(inner.elts) == 2:
        return kind, ast.unparse(inner.elts[1])
    return (kind, ast.unparse(inner)) if kind == "list" else ("", "")


def _validated_entries(model: str, value: ast.expr, lines: list[str]) -> str:
    """The default with each entry its model's `model_validate(...)`."""
    if isinstance(value, ast.Dict):
        return "{" + ", ".join(f"{_text_at(lines, span_of(key))}: {_validated(model, entry, lines)}"
                               for key, entry in zip(value.keys, value.values, strict=True)
                               if key is not None) + "}"
    assert isinstance(value, ast.List)
    return "[" + ", ".join(_validated(model, entry, lines) for entry in value.elts) + "]"


def _validated(model: str, node: ast.expr, lines: list[str]) -> str:
    """`Model.model_validate(<the JSON object at node>)`: the model its default validates into."""
    return f"{model}.model_validate({_text_at(lines, span_of(node))})"


def _parsed_default(name: str, value: ast.expr, lines: list[str],
                    imported: dict[str, str]) -> str | None:
    """A URL, UUID, date, time, duration, IP address or bytes field's default as the value of
    its type (`AnyUrl("https://x/")`, `datetime.fromisoformat("2020-01-01T00:00:00Z")`, `b""`:
    Neutrino's `format: binary` answers default to ""), where dcg wrote
    the JSON string (mypy: a `str` is no `AnyUrl`; and unvalidated, the attribute held the
    string). `name` is the type as the module spells it (`date_aliased`), `imported` what each
    local name imports. Only a string that parses: a module must import (one that does not is
    left to the `default` check, `validate.rules`, whose repair drops it)."""
    make = _PARSED_DEFAULTS.get(imported.get(name, name))
    if make is None or not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
        return None
    try:
        made = make(value.value)
    except ValueError:  # (pydantic's ValidationError is one)
        return None
    if isinstance(made, bytes):  # (pydantic reads a string as its UTF-8 bytes)
        return repr(made)
    if isinstance(made, datetime.timedelta):  # no `fromisoformat` reads ISO 8601's `P1DT2H`
        return (f"{name}(days={made.days}, seconds={made.seconds}, "
                f"microseconds={made.microseconds})")
    text = _text_at(lines, span_of(value))
    fromisoformat = isinstance(made, datetime.date | datetime.time)
    return f"{name}.fromisoformat({text})" if fromisoformat else f"{name}({text})"


def _any_url(text: str) -> object:
    from pydantic import AnyUrl  # (imported with dcg: the models stage has it)

    return AnyUrl(text)


def _duration(text: str) -> object:
    from pydantic import TypeAdapter  # (as `_any_url`)

    return TypeAdapter(datetime.timedelta).validate_python(text)


# the types dcg gives `format: uri`, `uuid`, `date-time`, `date`, `time`, `duration`, `ipv4`,
# `ipv6` and `binary`, and what parses a default into each as the generated module will
_PARSED_DEFAULTS: dict[str, Callable[[str], object]] = {
    "AnyUrl": _any_url, "UUID": uuid.UUID, "datetime": datetime.datetime.fromisoformat,
    "date": datetime.date.fromisoformat, "time": datetime.time.fromisoformat,
    "timedelta": _duration, "IPv4Address": ipaddress.IPv4Address,
    "IPv6Address": ipaddress.IPv6Address, "bytes": lambda text: text.encode("utf-8"),
}
# the modules those types are imported from
_VALUE_MODULES = frozenset({"pydantic", "uuid", "datetime", "ipaddress"})


@functools.cache
def _value_types() -> dict[str, type]:
    """The classes of the types `_PARSED_DEFAULTS` makes values of, by the names dcg imports
    them as (pydantic's imported when first asked, as `_any_url` does)."""
    from pydantic import AnyUrl

    return {"AnyUrl": AnyUrl, "UUID": uuid.UUID, "datetime": datetime.datetime,
            "date": datetime.date, "time": datetime.time, "timedelta": datetime.timedelta,
            "IPv4Address": ipaddress.IPv4Address, "IPv6Address": ipaddress.IPv6Address,
            "bytes": bytes}


def _wrapped_default(root: str, value: ast.expr, lines: list[str],
                     members: dict[tuple[str, object], str]) -> str:
    """`N(1)`, or `N(NEnum.rc1)` for the value of an enum the root model wraps."""
    constant = value.value if isinstance(value, ast.Constant) else None
    given = members.get((root, constant)) or _text_at(lines, span_of(value))
    return f"{root}({given})"


def _text_at(lines: list[str], span: Span) -> str:
    """The text `span` covers (`ast.get_source_segment` splits the whole text again for each
    node it is asked for: a third of this module's time on OpenAI's models)."""
    first_line, first_offset, last_line, last_offset = span
    chosen = [line.encode("utf-8") for line in lines[first_line - 1 : last_line]]
    chosen[-1] = chosen[-1][:last_offset]
    chosen[0] = chosen[0][first_offset:]
    return b"\n".join(chosen).decode("utf-8")


def _root_enum_members(tree: ast.Module) -> dict[tuple[str, object], str]:
    """(root model, value) -> `Enum.member`, for root models wrapping one enum (an enum with
    `null` among its values: `N(RootModel[NEnum | None])`). Their default is the member, not the
    bare value: mypy takes `N(NEnum.rc1)` and refuses `N("RC1")`, as the root's type says."""
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    enums = {node.name: {statement.value.value: f"{node.name}.{target.id}"
                         for statement in node.body if isinstance(statement, ast.Assign)
                         and isinstance(statement.value, ast.Constant)
                         for target in statement.targets if isinstance(target, ast.Name)}
             for node in classes if _is_enum_class(node)}
    found: dict[tuple[str, object], str] = {}
    for node in classes:
        root = next((s.annotation for s in node.body if isinstance(s, ast.AnnAssign)
                     and isinstance(s.target, ast.Name) and s.target.id == "root"), None)
        wrapped = [ast.unparse(m) for m in _members(root) if ast.unparse(m) != "None"
                   ] if root else []
        if _is_root(node) and len(wrapped) == 1 and wrapped[0] in enums:
            found.update({(node.name, value): member
                          for value, member in enums[wrapped[0]].items()})
    return found


def _none_defaults(tree: ast.Module) -> Iterator[Edit]:
    """`x: T = None` (or `Annotated[T, ...] = None`) where T does not take None: `T | None`."""
    for node in tree.body:
        for statement in node.body if isinstance(node, ast.ClassDef) else ():
            if isinstance(statement, ast.AnnAssign) and _takes_none_by_default(statement):
                _, _, line, offset = span_of(_unannotated(statement.annotation))
                # an insertion: edits inside it stay valid
                yield (line, offset, line, offset), " | None"


def _takes_none_by_default(statement: ast.AnnAssign) -> bool:
    """A default of None on a type that does not take None (`user: str = None`)."""
    default = statement.value
    if not (isinstance(default, ast.Constant) and default.value is None):
        return False
    return not any(_is_none_or_top(member) for member in _members(statement.annotation))


def _is_none_or_top(member: ast.expr) -> bool:
    """Whether `member` is spelt `None`, `Any` or `object` (what `ast.unparse` would say, read
    from the node: unparsing each of GitHub's 85,000 defaulted fields took a second)."""
    if isinstance(member, ast.Constant):
        return member.value is None
    return isinstance(member, ast.Name) and member.id in _TOP


def _unannotated(annotation: ast.expr) -> ast.expr:
    """`T` of `Annotated[T, ...]`, else the annotation itself."""
    if isinstance(annotation, ast.Subscript) and getattr(annotation.value, "id", "") == "Annotated":
        inner = annotation.slice
        return inner.elts[0] if isinstance(inner, ast.Tuple) else inner
    return annotation


_BUILTIN_GENERICS = {"Dict": "dict", "List": "list"}


def _builtin_generics(tree: ast.Module, lines: list[str]) -> Iterator[Edit]:
    """`typing.Dict` / `typing.List` as `dict` / `list`: only the names imported from typing (a
    schema named `List` is a model class, and a field typed with it stays typed with it)."""
    from_typing = {alias.name for node in tree.body
                   if isinstance(node, ast.ImportFrom) and node.module == "typing"
                   for alias in node.names if alias.asname is None}
    defined = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    replaced = (from_typing - defined) & _BUILTIN_GENERICS.keys()
    for statement in _statements_spelling(tree, lines, replaced) if replaced else ():
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and node.id in replaced:
                yield span_of(node), _BUILTIN_GENERICS[node.id]


# pydantic's constrained-type functions dcg calls in an annotation, and the type each constrains
_CONSTRAINED_TYPES = {"constr": "str", "conint": "int", "confloat": "float", "conbytes": "bytes"}


def _constrained_calls(tree: ast.Module, lines: list[str]) -> Iterator[Edit]:
    """`constr(min_length=2) | conint(ge=5)` (dcg's spelling of a 3.1 type array constrained
    per type, `type: [string, integer], minLength: 2, minimum: 5`) as `Annotated[str,
    Field(min_length=2)] | Annotated[int, Field(ge=5)]`: the same constraints for pydantic,
    and no call in an annotation, which mypy refuses. Where the module imports `Annotated` and
    `Field` (dcg's does whenever a field is constrained) and no class takes their names."""
    imported = {(node.module, alias.name) for node in tree.body
                if isinstance(node, ast.ImportFrom) for alias in node.names if alias.asname is None}
    called = {name for module, name in imported if module == "pydantic"} & _CONSTRAINED_TYPES.keys()
    defined = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    if not called or {"Field", "Annotated"} & defined:
        return
    yield from _importing(tree, {"pydantic": "Field", "typing": "Annotated"}, imported)
    for statement in _statements_spelling(tree, lines, called):
        if not isinstance(statement, ast.ClassDef):
            continue
        annotations = [*(base for base in statement.bases if not _names_later(base)),
                       *(field.annotation for field in statement.body
                         if isinstance(field, ast.AnnAssign))]
        for annotation in annotations:
            for node in ast.walk(annotation):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in called and not node.args
                        and all(keyword.arg for keyword in node.keywords)):
                    arguments = ", ".join(f"{keyword.arg}={ast.unparse(keyword.value)}"
                                          for keyword in node.keywords)
                    constrained = _CONSTRAINED_TYPES[node.func.id]
                    yield span_of(node), f"Annotated[{constrained}, Field({arguments})]"


def _importing(tree: ast.Module, wanted: dict[str, str], imported: set[tuple[str | None, str]]
               ) -> Iterator[Edit]:
    """Edits importing each name of `wanted` (module -> name) the module does not import: added
    to that module's `from` import, or, without one, written before the `pydantic` one (which a
    module using its constrained types has); ruff sorts them."""
    statements = {node.module: node for node in reversed(tree.body)
                  if isinstance(node, ast.ImportFrom) and node.level == 0}
    written: dict[str, str] = {}
    for module, name in wanted.items():
        if (module, name) in imported:
            continue
        if (statement := statements.get(module)) is not None:
            written[module] = ast.unparse(ast.ImportFrom(
                module, [*statement.names, ast.alias(name)], 0))
        else:
            written["pydantic"] = f"from {module} import {name}\n" + written.get(
                "pydantic", ast.unparse(statements["pydantic"]))
    for module, text in written.items():
        statement = statements[module]
        assert statement.end_lineno is not None and statement.end_col_offset is not None
        yield (statement.lineno, statement.col_offset, statement.end_lineno,
               statement.end_col_offset), text


def _names_later(base: ast.expr) -> bool:
    """Whether a class's base names a class by a string (`RootModel[Union["Value", str]]`):
    `_quoted_root_unions` rewrites such a base whole. A call's arguments (a `pattern`) are
    values, not names."""
    pending: list[ast.AST] = [base]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return True
        if not isinstance(node, ast.Call):
            pending.extend(ast.iter_child_nodes(node))
    return False


def _statements_spelling(tree: ast.Module, lines: list[str], words: set[str]) -> list[ast.stmt]:
    """The top-level statements whose lines hold one of `words` as a word: the only ones that
    can hold a `Name` of it (walking every node of a large models.py costs seconds)."""
    spelt = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(words))) + r")\b")
    found = [number for number, line in enumerate(lines, start=1) if spelt.search(line)]
    return [statement for statement in tree.body
            if _holds_a_line(found, statement.lineno, statement.end_lineno or statement.lineno)]


def _holds_a_line(numbers: list[int], first: int, last: int) -> bool:
    """Whether the sorted `numbers` hold one in `first`..`last`."""
    position = bisect.bisect_left(numbers, first)
    return position < len(numbers) and numbers[position] <= last


_BARE = {"list": "list[object]", "dict": "dict[str, object]"}


def _bare_generics(tree: ast.Module) -> Iterator[Edit]:
    """A bare `list` / `dict` (dcg's type for an array of maps of itself, `RootModel[list[dict]]`,
    which mypy --strict refuses as missing type arguments) as `list[object]` / `dict[str,
    object]`: what pydantic checks of it either way, spelt so a type checker reads it."""
    for cls in (node for node in tree.body if isinstance(node, ast.ClassDef)):
        typed = [*cls.bases, *(s.annotation for s in cls.body if isinstance(s, ast.AnnAssign))]
        for annotation in typed:
            yield from _bare_in(annotation)


def _bare_in(annotation: ast.expr) -> Iterator[Edit]:
    """`_bare_generics` of one annotation, in the order `ast.walk` meets the names. One walk:
    a subscript's head is a child of the subscript, met after it."""
    heads: set[int] = set()
    pending: deque[ast.AST] = deque([annotation])
    while pending:
        node = pending.popleft()
        if isinstance(node, ast.Subscript):
            heads.add(id(node.value))
        elif isinstance(node, ast.Name):
            if node.id in _BARE and id(node) not in heads:
                yield span_of(node), _BARE[node.id]
            continue
        elif isinstance(node, ast.Constant):
            continue
        pending.extend(ast.iter_child_nodes(node))


def _header_ignoring_misc(node: ast.ClassDef, source: str) -> Edit:
    """`class C(A, B):` written one base a line with the ignore after the `(`: mypy reports the
    conflict on the `class` line, and that is where the formatter keeps a comment (one at the
    end of a header it wraps moves to its last line)."""
    last = node.bases[-1]
    assert last.end_lineno is not None and last.end_col_offset is not None
    line, end = _header_colon(source.split("\n"), last.end_lineno, last.end_col_offset)
    bases = "".join(f"    {ast.unparse(base)},\n" for base in node.bases)
    header = f"class {node.name}(  # type: ignore[misc]"
    return (node.lineno, node.col_offset, line, end), f"{header}\n{bases}):"


def _header_colon(lines: list[str], line: int, offset: int) -> tuple[int, int]:
    """The line and byte offset just after the `:` ending a class header, from `offset` on
    `line`, just after its last base: the first `:` token there (a `:` in a comment is not one,
    and the header's keywords, which hold them, are never rewritten)."""
    first = lines[line - 1].encode("utf-8")[offset:].decode("utf-8")
    # the `(` balances the `)` still to come: a tokenizer may reject an unmatched one
    fragment = "(" + "\n".join([first, *lines[line:]])
    for token in tokenize.generate_tokens(io.StringIO(fragment).readline):
        if token.type == tokenize.OP and token.string == ":":
            row, column = token.end
            if row == 1:
                return line, offset + len(first[: column - 1].encode("utf-8"))
            return line + row - 1, len(lines[line + row - 2][:column].encode("utf-8"))
    raise ValueError(f"no `:` ends the class header on line {line}")


def _replace(lines: list[str], span: Span, text: str) -> None:
    """Put `text` where `span` is (it may cover several lines; ast's offsets count UTF-8 bytes)."""
    first_line, first_offset, last_line, last_offset = span
    head = lines[first_line - 1].encode("utf-8")[:first_offset].decode("utf-8")
    tail = lines[last_line - 1].encode("utf-8")[last_offset:].decode("utf-8")
    lines[first_line - 1 : last_line] = (head + text + tail).split("\n")
