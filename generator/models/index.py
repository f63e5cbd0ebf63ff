"""The index of models.py: its classes, their bases and fields (by wire name, with annotations),
root models, enums, imported names and type aliases, read from the source's AST.

The index lets the templates type each method argument exactly as the model types the field:
`field_annotation("CompletionRequest", "prompt")` -> `str | list[str] | list[int]`, with
model class names qualified as `_models.X`.
"""

from __future__ import annotations

import ast
import copy
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field

from generator.models.annotations import (
    QUALIFIER,
    EnumWidener,
    Qualifier,
    UnionFlattener,
    module_alias,
    strip_annotated,
    without_none,
)
from generator.models.split import ModelModules


@dataclass(frozen=True)
class ModelField:
    """One field of a model class: its annotation as models.py writes it."""

    annotation: ast.expr
    optional: bool  # has a default
    attribute: str = ""  # its Python name, when that is not the wire name (`Field(alias=...)`)


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
        the first base's winning, not from where Python's lookup would find it)."""
        own = self.classes.get(class_name, {}).get(wire_name)
        if own is not None:
            return own
        for base in self.bases.get(class_name, ()):
            found = self.field(base, wire_name)
            if found is not None:
                return found
        return None

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
        node = EnumWidener(self.enums).visit(copy.deepcopy(node))
        return ast.unparse(UnionFlattener().visit(self.qualifier().visit(node)))

    def field_type(self, class_name: str, wire_name: str, *, drop_none: bool) -> ast.expr | None:
        """The field's annotation node without `Annotated[...]` (and `| None` when asked)."""
        found = self.field(class_name, wire_name)
        if found is None:
            return None
        node = strip_annotated(found.annotation)
        return without_none(node) if drop_none else node

    def root_type(self, class_name: str) -> ast.expr | None:
        """The type the root model `class_name` wraps, without `Annotated[...]` (None: not a
        root model)."""
        if class_name not in self.root_classes:
            return None
        found = self.classes.get(class_name, {}).get("root")
        return None if found is None else strip_annotated(found.annotation)

    def is_object_class(self, name: str) -> bool:
        """Whether `name` is a model class with fields of its own (not an enum or root model)."""
        return name in self.classes and name not in self.enums and name not in self.root_classes

    def class_annotation(self, class_name: str) -> str:
        """`_models.X`, or the root type of a root model (a list, a union...) qualified."""
        class_name = self.name(class_name)
        root = self.root_type(class_name)
        if root is not None:
            return ast.unparse(self.qualifier().visit(copy.deepcopy(root)))
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


def _enum_values(node: ast.ClassDef) -> tuple[str | int, ...]:
    """The member values of an enum class (str and int members only)."""
    values: list[str | int] = []
    for statement in node.body:
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Constant):
            value = statement.value.value
            if isinstance(value, str | int) and not isinstance(value, bool):
                values.append(value)
    return tuple(values)


def _is_enum(node: ast.ClassDef) -> bool:
    return any(isinstance(base, ast.Name) and base.id in _ENUM_BASES for base in node.bases)


def _is_root(node: ast.ClassDef) -> bool:
    return any(isinstance(base, ast.Subscript) and getattr(base.value, "id", "") == "RootModel"
               for base in node.bases)


def _class_fields(node: ast.ClassDef) -> dict[str, ModelField]:
    """The fields a class body declares, by wire name (`model_config` is no field)."""
    fields: dict[str, ModelField] = {}
    for statement in node.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            name = statement.target.id
            if name == "model_config":
                continue
            wire = _field_wire_name(name, statement.annotation)
            fields[wire] = ModelField(statement.annotation, statement.value is not None,
                                      name if name != wire else "")
    return fields


def index_models(source: str, tree: ast.Module | None = None) -> Models:
    """The index of the models.py text `source` (which it keeps); `tree` is that text parsed,
    when the caller has it (else it is parsed here)."""
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
        classes[node.name] = _class_fields(node)
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
