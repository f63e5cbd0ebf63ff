"""The index of models.py: its classes, their bases and fields (by wire name, with annotations),
root models, enums, imported names and type aliases, read from the source's AST.

The index lets the templates type each method argument exactly as the model types the field:
`field_annotation("CompletionRequest", "prompt")` -> `str | list[str] | list[int]`, with
model class names qualified as `_models.X`.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.io.cache import Cache, key_of
from generator.io.provenance import sha256_text, toolkit_fingerprint
from generator.models.annotations import (
    QUALIFIER,
    EnumWidener,
    Qualifier,
    UnionFlattener,
    clone,
    module_alias,
    strip_annotated,
    unparsed,
    without_none,
)
from generator.models.split import ModelModules


class ModelField:
    """One field of a model class: its annotation as models.py writes it, whether it has a
    default, and its Python name when that is not the wire name (`Field(alias=...)`).

    From the cache, the annotation comes as its text and is parsed when first read: a render
    reads a few thousand of GitHub's 51,000 annotations, and parsing all of models.py (4 MB)
    again would take seconds. `type_text` (what the package's docs show) comes with it."""

    __slots__ = ("_annotation", "_stripped", "_text", "_type_text", "attribute", "optional")

    def __init__(self, annotation: ast.expr | None, optional: bool, attribute: str = "", *,
                 text: str | None = None, type_text: str | None = None) -> None:
        if annotation is None and text is None:
            raise ValueError("a field needs its annotation or its text")
        self._annotation = annotation
        self._stripped: ast.expr | None = None
        self._text = text
        self._type_text = type_text
        self.optional = optional
        self.attribute = attribute

    @property
    def annotation(self) -> ast.expr:
        """The annotation's node (parsed from its text on first use)."""
        if self._annotation is None:
            assert self._text is not None
            self._annotation = ast.parse(self._text.strip(), mode="eval").body
        return self._annotation

    def stripped(self) -> ast.expr:
        """A new copy of the annotation without `Annotated[...]` (`strip_annotated`), which the
        caller may change: stripped once per field (a field many operations type an argument
        with is read as often), copied for each caller (its metadata, descriptions and all, is
        not copied again)."""
        if self._stripped is None:
            self._stripped = strip_annotated(self._type_node())
        return clone(self._stripped)

    def _type_node(self) -> ast.expr:
        """The annotation, or (not parsed yet) its type's text parsed: `Annotated[T, Field(...)]`
        as `T`, stripped the same, without parsing the metadata (descriptions and all)."""
        if self._annotation is None and self._type_text is not None:
            return ast.parse(self._type_text.strip(), mode="eval").body
        return self.annotation

    @property
    def type_text(self) -> str:
        """The annotation as its type reads: `Annotated[T, Field(...)]` is `T`, unparsed."""
        if self._type_text is None:
            self._type_text = _type_text(self.annotation)
        return self._type_text

    def text(self) -> str:
        """The annotation's source text (as models.py writes it, or unparsed)."""
        if self._text is None:
            self._text = ast.unparse(self.annotation)
        return self._text


def _type_text(annotation: ast.expr) -> str:
    """An annotation as its type reads: `Annotated[T, Field(...)]` is `T`."""
    if (isinstance(annotation, ast.Subscript) and isinstance(annotation.value, ast.Name)
            and annotation.value.id == "Annotated" and isinstance(annotation.slice, ast.Tuple)):
        return _type_text(annotation.slice.elts[0])
    return unparsed(annotation)


@dataclass(frozen=True)
class Models:
    """models.py and its index: what the models stage hands on to rendering."""

    source: str
    classes: dict[str, dict[str, ModelField]]  # class -> wire name -> field
    bases: dict[str, tuple[str, ...]]
    root_classes: frozenset[str]
    # a schema datamodel-code-generator folded into the models using it -> the root class
    # wrapping it that was added for the operations that need it by name
    aliases: dict[str, str] = field(default_factory=dict)
    enums: dict[str, tuple[str | int, ...]] = field(default_factory=dict)  # class -> values
    # a name models.py imports -> (its module, its name there): `date_aliased` -> (datetime, date)
    imports: dict[str, tuple[str, str]] = field(default_factory=dict)
    # names models.py binds outside classes that annotations may use: `X = TypeAliasType("X", ...)`
    type_aliases: frozenset[str] = frozenset()
    # the group modules the package writes models.py as (`split.split_models`): set by the models
    # stage, which knows the component schemas; None for an index alone
    modules: ModelModules | None = None
    # `source` parsed, kept only until the split has read it: parsing a large models.py takes
    # seconds (GitHub's: 1.5 s), and the whole tree is large to keep for a whole generation
    tree: ast.Module | None = field(default=None, compare=False, repr=False)

    @property
    def annotation_modules(self) -> list[tuple[str, str]]:
        """(module, alias) of each module whose names models.py imports: the modules that use
        its annotations import them under these `_` aliases, which no argument can shadow."""
        # typing: the `Literal` of `EnumWidener`
        modules = {module for module, _ in self.imports.values()} | {"typing"}
        return sorted((module, module_alias(module)) for module in modules)

    @functools.cached_property
    def class_names(self) -> frozenset[str]:
        """Every class models.py defines (root models included), built once per package."""
        return frozenset(self.classes)

    @functools.cached_property
    def module_names(self) -> frozenset[str]:
        """What annotations reach as `_models.X`: the classes and the type aliases, built once
        (every annotation of the package is qualified against it)."""
        return self.class_names | self.type_aliases

    def qualifier(self) -> Qualifier:
        """The rewrite qualifying this package's model and imported names."""
        return Qualifier(self.module_names, self.imports)

    def name(self, class_name: str) -> str:
        """The models.py class standing for `class_name`."""
        return self.aliases.get(class_name, class_name)

    def is_root(self, class_name: str) -> bool:
        """Whether `class_name` stands for a root model (a `RootModel[...]` subclass)."""
        return self.name(class_name) in self.root_classes

    def field(self, class_name: str, wire_name: str) -> ModelField | None:
        """The field `wire_name` of `class_name`, searching base classes too: its own, else the
        one its first base that has the field has (pydantic copies a field from its bases' fields,
        the first base's winning, not from where Python's lookup would find it). Each answer is
        kept: bases that extend the same classes (an `allOf` diamond) were searched again from
        each way down, twice as long for each level (a 20-level document: 97 s)."""
        key = (class_name, wire_name)
        found_before = self._fields_found
        if key in found_before:
            return found_before[key]
        found = self.classes.get(class_name, {}).get(wire_name)
        if found is None:
            found = next((inherited for base in self.bases.get(class_name, ())
                          if (inherited := self.field(base, wire_name)) is not None), None)
        found_before[key] = found
        return found

    @functools.cached_property
    def _fields_found(self) -> dict[tuple[str, str], ModelField | None]:
        return {}  # (class, wire name) -> `field`'s answer, filled as asked for

    def all_fields(self, class_name: str) -> dict[str, ModelField]:
        """Every field of `class_name` in pydantic's order: as the method resolution order,
        walked from its far end, first declares each (a base's fields first); each the
        definition `field` gives."""
        names = dict.fromkeys(wire for current in reversed(self.mro(class_name))
                              for wire in self.classes.get(current, {}))
        return {wire: found for wire in names
                if (found := self.field(class_name, wire)) is not None}

    def mro(self, class_name: str) -> tuple[str, ...]:
        """`class_name` then its bases, in the order Python looks an attribute up in them (C3)."""
        return _linearized(class_name, self.bases, self._mros)

    @functools.cached_property
    def _mros(self) -> dict[str, tuple[str, ...]]:
        return {}  # class -> its method resolution order, filled as asked for

    def annotation(self, class_name: str, wire_name: str, *, drop_none: bool) -> str:
        """Python source of the field's type, model names qualified, `| None` dropped on request."""
        node = self.field_type(class_name, wire_name, drop_none=drop_none)
        if node is None:
            return "object"
        node = EnumWidener(self.enums).visit(node)  # a copy of its own (`field_type`)
        return ast.unparse(UnionFlattener().visit(self.qualifier().visit(node)))

    def field_type(self, class_name: str, wire_name: str, *, drop_none: bool) -> ast.expr | None:
        """The field's annotation node without `Annotated[...]` (and `| None` when asked)."""
        found = self.field(class_name, wire_name)
        if found is None:
            return None
        node = found.stripped()
        return without_none(node) if drop_none else node

    def root_type(self, class_name: str) -> ast.expr | None:
        """The type the root model `class_name` wraps, without `Annotated[...]` (None: not a
        root model)."""
        if class_name not in self.root_classes:
            return None
        found = self.classes.get(class_name, {}).get("root")
        return None if found is None else found.stripped()

    def is_object_class(self, name: str) -> bool:
        """Whether `name` is a model class with fields of its own (not an enum or root model)."""
        return name in self.classes and name not in self.enums and name not in self.root_classes

    def class_annotation(self, class_name: str) -> str:
        """`_models.X`, or the root type of a root model (a list, a union...) qualified."""
        class_name = self.name(class_name)
        root = self.root_type(class_name)
        if root is not None:
            return ast.unparse(self.qualifier().visit(root))  # a copy of its own (`root_type`)
        return f"{QUALIFIER}.{class_name}"


def _field_wire_name(target: str, annotation: ast.expr) -> str:
    """The alias in `Annotated[..., Field(alias="x")]`, else the attribute name."""
    if not (isinstance(annotation, ast.Subscript) and isinstance(annotation.slice, ast.Tuple)):
        return target
    for meta in annotation.slice.elts[1:]:
        if isinstance(meta, ast.Call) and getattr(meta.func, "id", "") == "Field":
            for keyword in meta.keywords:
                if keyword.arg == "alias" and isinstance(keyword.value, ast.Constant):
                    return str(keyword.value.value)
    return target


def _linearized(name: str, bases: Mapping[str, tuple[str, ...]],
                memo: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """`name`'s C3 linearization over `bases` (names without an entry have no bases). A
    hierarchy Python would reject (no consistent order) falls back on depth-first order."""
    if name in memo:
        return memo[name]
    own = bases.get(name, ())
    pending = [list(_linearized(base, bases, memo)) for base in own] + [list(own)]
    order = [name]
    while pending := [sequence for sequence in pending if sequence]:
        head = next((sequence[0] for sequence in pending
                     if not any(sequence[0] in other[1:] for other in pending)), None)
        if head is None:  # inconsistent: the import would fail anyway
            order.extend(base for sequence in pending for base in sequence if base not in order)
            break
        order.append(head)
        for sequence in pending:
            if sequence[0] == head:
                del sequence[0]
    memo[name] = tuple(order)
    return memo[name]


_ENUM_BASES = frozenset({"Enum", "StrEnum", "IntEnum"})


# the ints a `Literal[...]` may hold for mypy (a larger one is "an arbitrary expression")
_LITERAL_INTS = range(-(2**63), 2**63)


def _enum_values(node: ast.ClassDef) -> tuple[str | int, ...]:
    """The member values of an enum class (str and int members only, a negative int too: dcg
    writes `-5` as a unary minus; an int past 64 bits left out, as mypy takes none in a
    `Literal`)."""
    values: list[str | int] = []
    for statement in node.body:
        if not isinstance(statement, ast.Assign):
            continue
        value = _literal_value(statement.value)
        if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)
                                      and value in _LITERAL_INTS):
            values.append(value)
    return tuple(values)


def _literal_value(node: ast.expr) -> object:
    """The value of a constant, or of a negated numeric constant (`-5`); else None."""
    if isinstance(node, ast.Constant):
        return node.value
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant)
            and isinstance(node.operand.value, int | float)
            and not isinstance(node.operand.value, bool)):
        return -node.operand.value
    return None


def _is_enum(node: ast.ClassDef) -> bool:
    return any(isinstance(base, ast.Name) and base.id in _ENUM_BASES for base in node.bases)


def _is_root(node: ast.ClassDef) -> bool:
    return any(isinstance(base, ast.Subscript) and getattr(base.value, "id", "") == "RootModel"
               for base in node.bases)


def _class_fields(node: ast.ClassDef, segment: _Segments | None) -> dict[str, ModelField]:
    """The fields a class body declares, by wire name (`model_config` is no field); with
    `segment`, each keeps its annotation's source text (for the cache)."""
    fields: dict[str, ModelField] = {}
    for statement in node.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            name = statement.target.id
            if name == "model_config":
                continue
            wire = _field_wire_name(name, statement.annotation)
            fields[wire] = ModelField(
                statement.annotation, statement.value is not None, name if name != wire else "",
                text=segment.of(statement.annotation) if segment is not None else None)
    return fields


def index_models(source: str, tree: ast.Module | None = None,
                 cache: Cache | None = None) -> Models:
    """The index of the models.py text `source` (which it keeps); `tree` is that text parsed,
    when the caller has it (else it is parsed here, unless `cache` holds the index of the same
    text: then nothing is parsed)."""
    if cache is None:
        return _indexed(source, tree, None)
    key = _entry_key(source)
    found = _from_entry(source, cache.get(NAMESPACE, key))
    if found is not None:
        return found
    models = _indexed(source, tree, _Segments(source))
    cache.put(NAMESPACE, key, _entry(models))
    return models


def _indexed(source: str, tree: ast.Module | None, segment: _Segments | None) -> Models:
    if tree is None:
        tree = ast.parse(source)
    classes: dict[str, dict[str, ModelField]] = {}
    bases: dict[str, tuple[str, ...]] = {}
    roots: set[str] = set()
    enums: dict[str, tuple[str | int, ...]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        if _is_enum(node):
            enums[node.name] = _enum_values(node)
        if _is_root(node):
            roots.add(node.name)
        bases[node.name] = tuple(base.id for base in node.bases if isinstance(base, ast.Name))
        classes[node.name] = _class_fields(node, segment)
    return Models(source, classes, bases, frozenset(roots), enums=enums,
                  imports=_imported_names(tree), type_aliases=_type_aliases(tree), tree=tree)


def _imported_names(tree: ast.Module) -> dict[str, tuple[str, str]]:
    """Each name models.py imports from another module, as its annotations spell it."""
    return {
        alias.asname or alias.name: (node.module, alias.name)
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module and not node.level
        and node.module != "__future__"
        for alias in node.names
    }


def _type_aliases(tree: ast.Module) -> frozenset[str]:
    """The type aliases models.py defines (`X = TypeAliasType("X", ...)`: the form dcg writes
    for Python 3.11, which has no `type X = ...` statement)."""
    return frozenset(
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
        and getattr(node.value.func, "id", "") == "TypeAliasType"
        for target in node.targets if isinstance(target, ast.Name)
    )


# -- the index in the cache, beside dcg's output ------------------------------------------------

NAMESPACE = "models_index"
ENTRY_FORMAT = 1  # of an index entry: changing its fields changes this


def _entry_key(source: str) -> str:
    """What the index of `source` depends on: the text, the code reading it (the generator's
    source hash) and Python's version (whose parser reads it)."""
    return key_of({"format": ENTRY_FORMAT, "source_sha256": sha256_text(source),
                   "generator_sha256": toolkit_fingerprint()["generator_sha256"],
                   "python": sys.version})


def _entry(models: Models) -> dict[str, Any]:
    """The index as JSON, every order kept (models.py's order is the package's)."""
    return {
        "format": ENTRY_FORMAT,
        "classes": [[name, [[wire, f.text(), f.type_text, f.optional, f.attribute]
                            for wire, f in fields.items()]]
                    for name, fields in models.classes.items()],
        "bases": [[name, list(bases)] for name, bases in models.bases.items()],
        "roots": sorted(models.root_classes),
        "enums": [[name, list(values)] for name, values in models.enums.items()],
        "imports": [[name, module, real] for name, (module, real) in models.imports.items()],
        "type_aliases": sorted(models.type_aliases),
    }


def _from_entry(source: str, entry: Any) -> Models | None:
    """The index an entry holds, or None when it is not one this module wrote whole."""
    if not isinstance(entry, dict) or entry.get("format") != ENTRY_FORMAT:
        return None
    try:
        classes = {name: {wire: ModelField(None, bool(optional), attribute, text=text,
                                           type_text=type_text)
                          for wire, text, type_text, optional, attribute in fields}
                   for name, fields in entry["classes"]}
        models = Models(
            source, classes, {name: tuple(bases) for name, bases in entry["bases"]},
            frozenset(entry["roots"]),
            enums={name: tuple(values) for name, values in entry["enums"]},
            imports={name: (module, real) for name, module, real in entry["imports"]},
            type_aliases=frozenset(entry["type_aliases"]))
    except (KeyError, TypeError, ValueError):
        return None
    return models if _well_typed(models) else None


def _well_typed(models: Models) -> bool:
    """Every name and text a string, every enum value a string or an int: a foreign entry
    that parses as JSON is still not used."""
    def strings(values: Any) -> bool:
        return all(isinstance(value, str) for value in values)

    return (all(strings((name, *fields)) and all(
                strings((f._text, f._type_text, f.attribute)) for f in fields.values())
                for name, fields in models.classes.items())
            and all(strings((name, *bases)) for name, bases in models.bases.items())
            and strings(models.root_classes) and strings(models.type_aliases)
            and all(strings((name, *pair)) for name, pair in models.imports.items())
            and all(isinstance(name, str) and all(
                isinstance(v, str | int) and not isinstance(v, bool) for v in values)
                for name, values in models.enums.items()))


class _Segments:
    """The source text of nodes of one text, by their positions (`ast.get_source_segment`
    splits the whole text again for every node: minutes for GitHub's 51,000 annotations).
    Lines end as the parser ends them (`\\r\\n`, `\\r`, `\\n`); columns count UTF-8 bytes."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.starts = [0, *(match.end() for match in _LINE_END.finditer(source))]

    def of(self, node: ast.expr) -> str | None:
        """The text of `node`, or None (then it is unparsed when stored)."""
        end_line, end_column = node.end_lineno, node.end_col_offset
        if end_line is None or end_column is None:
            return None
        return self.source[self._offset(node.lineno, node.col_offset):
                           self._offset(end_line, end_column)]

    def _offset(self, line: int, column: int) -> int:
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.source)
        text = self.source[start:end]
        if text.isascii():
            return start + column
        return start + len(text.encode("utf-8")[:column].decode("utf-8", "replace"))


_LINE_END = re.compile(r"\r\n|\r|\n")
