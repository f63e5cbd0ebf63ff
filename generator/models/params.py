"""The `TypedDict` form of model classes (params.py), and the request annotations using it.

A request argument typed with a model also takes the model's dict form (`stream_options=
{"include_usage": True}` as well as `models.StreamOptions(include_usage=True)`): the classes
whose form the arguments use are collected while the arguments are typed (`ParamTypes`), then
params.py gets the `TypedDict` of each (`ParamTypes.param_classes`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from generator.models.annotations import (
    QUALIFIER,
    EnumWidener,
    StrWidener,
    UnionFlattener,
)
from generator.models.index import ModelField, Models

PARAMS_QUALIFIER = "_params"
ABC_QUALIFIER = "_abc"  # collections.abc, as the resources and params modules import it
PARAM_SUFFIX = "Param"
_COVARIANT = {"list": "Sequence", "dict": "Mapping"}
# A root model is widened with the type it wraps only while that stays this small, root models
# inside it widened too: past it (root models naming the next one twice, level after level,
# would widen into 2**levels members) an argument takes the root model itself.
MAX_WIDENED_NODES = 2_000
# ... and while the root models widened inside each other are at most this many deep: a chain
# of hundreds (`S180: {type: array, items: S179}`, each a named root model) was widened level by
# level, and the recursive walks ran out of stack.
MAX_WIDENED_DEPTH = 16


@dataclass(frozen=True)
class ParamField:
    """One key of a `TypedDict`: the wire name, its annotation, whether it is `Required`."""

    key: str  # the wire name
    annotation: str
    required: bool


@dataclass(frozen=True)
class ParamClass:
    """The `TypedDict` form of a model class: what a caller may pass instead of the model."""

    name: str
    model: str
    fields: tuple[ParamField, ...]


@dataclass
class ParamTypes:
    """The model classes whose `TypedDict` form request arguments use, collected while the
    arguments are typed."""

    used: set[str] = field(default_factory=set)
    widths: dict[str, int] = field(default_factory=dict)  # root model -> `_widened_nodes`
    # (annotation as written, qualifier) -> (its source, the classes typing it collected), for
    # the `Models` they were made with: GitHub's 4,700 arguments have 560 distinct types
    sources: dict[tuple[str, str | None], tuple[str, frozenset[str]]] = field(
        default_factory=dict, repr=False)
    sources_of: Models | None = field(default=None, repr=False)
    # (a field's type as written, drop_none) -> its key in `sources`: most arguments share their
    # field's type text with others (`str | None`, `int`), so their annotation is found by that
    # text, with no copy of the field's tree to strip and unparse for the key
    typed_texts: dict[tuple[str, bool], tuple[str, str | None]] = field(
        default_factory=dict, repr=False)

    def request_annotation(
        self, models: Models, class_name: str, wire_name: str, *, drop_none: bool
    ) -> str:
        """`Models.annotation`, where every model class also takes its `TypedDict` form
        (`_models.StreamOptions | _params.StreamOptionsParam`): what a request argument accepts."""
        found = models.field(class_name, wire_name)
        if found is None:
            return "object"
        self._made_with(models)
        typed = (found.type_text, drop_none)
        key = self.typed_texts.get(typed)
        if key is not None:
            source, used = self.sources[key]
            self.used.update(used)
            return source
        node = models.field_type(class_name, wire_name, drop_none=drop_none)
        assert node is not None  # the field was found above
        key = (ast.unparse(node), PARAMS_QUALIFIER)
        self.typed_texts[typed] = key
        return self._source(models, node, PARAMS_QUALIFIER, key)

    def request_class_annotation(self, models: Models, class_name: str) -> str:
        """`Models.class_annotation` for a whole request body: the model or its `TypedDict`
        form (a root model: the type it wraps, widened the same way)."""
        class_name = models.name(class_name)
        root = models.root_type(class_name)
        node = root if root is not None else ast.Name(class_name, ast.Load())
        return self._source(models, node, PARAMS_QUALIFIER)

    def param_classes(self, models: Models) -> list[ParamClass]:
        """The `TypedDict` of every class collected, and of the classes their fields use, in
        models.py order: keys are wire names, the model's required fields `Required[...]`."""
        built: dict[str, ParamClass] = {}
        while pending := sorted(self.used - built.keys()):
            for name in pending:  # typing the fields may collect more classes
                built[name] = self._param_class(models, name)
        return [built[name] for name in models.classes if name in built]

    def _param_class(self, models: Models, name: str) -> ParamClass:
        fields = tuple(
            ParamField(wire, self._source(models, found.stripped(), None),
                       required=not found.optional)
            for wire, found in _own_fields_first(models, name).items()
        )
        return ParamClass(f"{name}{PARAM_SUFFIX}", name, fields)

    def _made_with(self, models: Models) -> None:
        """Forget what was typed with other `Models` than `models`."""
        if self.sources_of is not models:
            self.sources, self.typed_texts, self.sources_of = {}, {}, models

    def _source(self, models: Models, node: ast.expr, qualifier: str | None,
                key: tuple[str, str | None] | None = None) -> str:
        """`node` (the caller's own copy: it is rewritten in place) widened, qualified and
        unparsed; made once per text (`key`: that text and `qualifier`, when the caller has
        it), the classes it collects (`used`) collected again on each later use."""
        self._made_with(models)
        if key is None:
            key = (ast.unparse(node), qualifier)
        known = self.sources.get(key)
        if known is None:
            outer, self.used = self.used, set()  # to see what this one collects
            try:
                known = self.sources[key] = (self._made_source(models, node, qualifier),
                                             frozenset(self.used))
            finally:
                outer.update(self.used)
                self.used = outer
        else:
            self.used.update(known[1])
        return known[0]

    def _made_source(self, models: Models, node: ast.expr, qualifier: str | None) -> str:
        node = EnumWidener(models.enums).visit(node)
        node = StrWidener(models.imports).visit(node)
        node = models.qualifier().visit(node)
        widened = _ParamWidener(models, self, qualifier).visit(node)
        return ast.unparse(UnionFlattener().visit(widened))


def _own_fields_first(models: Models, class_name: str) -> dict[str, ModelField]:
    """The fields of `class_name` and of its bases (its own first), by wire name."""
    own = models.classes.get(class_name, {})
    inherited = {wire: found for wire, found in models.all_fields(class_name).items()
                 if wire not in own}
    return {**own, **inherited}


class _ParamWidener(ast.NodeTransformer):
    """`Pet` -> `Pet | PetParam` for object model classes (the `TypedDict` qualified by
    `qualifier` when given); a root model also takes the type it wraps, widened the same way
    (`Tags` -> `Tags | list[str]`), except inside itself (a recursive root stays the model).

    A list or a map of widened members becomes a `Sequence` / `Mapping`: those are covariant,
    so a caller's `list[PetParam]` passes where `list[Pet | PetParam]` would be refused."""

    def __init__(self, models: Models, params: ParamTypes, qualifier: str | None) -> None:
        self.models = models
        self.params = params
        self.qualifier = qualifier
        self.expanding: set[str] = set()
        self.widened = 0  # members widened so far

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        before = self.widened
        self.generic_visit(node)
        container = node.value.id if isinstance(node.value, ast.Name) else None
        if self.widened > before and container in _COVARIANT:
            node.value = ast.Attribute(ast.Name(ABC_QUALIFIER, ast.Load()), _COVARIANT[container],
                                       ast.Load())
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        if not (isinstance(node.value, ast.Name) and node.value.id == QUALIFIER):
            return node
        if self.models.is_object_class(node.attr):
            return self._with_dict_form(node)
        return self._with_root_type(node)

    def _with_dict_form(self, node: ast.Attribute) -> ast.expr:
        name = node.attr
        self.params.used.add(name)
        self.widened += 1
        param: ast.expr = ast.Name(f"{name}{PARAM_SUFFIX}", ast.Load())
        if self.qualifier:
            param = ast.Attribute(ast.Name(self.qualifier, ast.Load()), f"{name}{PARAM_SUFFIX}",
                                  ast.Load())
        return ast.BinOp(left=node, op=ast.BitOr(), right=param)

    def _with_root_type(self, node: ast.Attribute) -> ast.expr:
        name = node.attr
        root = self.models.root_type(name)
        if (root is None or name in self.expanding or len(self.expanding) >= MAX_WIDENED_DEPTH
                or _widened_nodes(self.models, name, self.params.widths) > MAX_WIDENED_NODES):
            return node
        self.expanding.add(name)
        inner = StrWidener(self.models.imports).visit(EnumWidener(self.models.enums).visit(root))
        inner = self.visit(self.models.qualifier().visit(inner))
        self.expanding.discard(name)
        self.widened += 1
        return ast.BinOp(left=node, op=ast.BitOr(), right=inner)


def _widened_nodes(models: Models, name: str, known: dict[str, int], depth: int = 0) -> int:
    """The size of root model `name`'s type with every root model in it widened in turn and
    enum values added (AST nodes), up to just past `MAX_WIDENED_NODES`: each root model is
    measured once (`known`), however many paths reach it. A chain of root models deeper than
    `MAX_WIDENED_DEPTH` is not widened whole: measured as past the limit."""
    if name in known:
        return known[name]
    if depth > MAX_WIDENED_DEPTH:
        return MAX_WIDENED_NODES + 1
    known[name] = 1  # while it is measured: a recursive root stays the model (not widened)
    total = 0
    for node in ast.walk(models.root_type(name) or ast.Constant(None)):
        total += 1
        if isinstance(node, ast.Name):
            total += len(models.enums.get(node.id, ()))
            if node.id in models.root_classes and node.id != name:
                total += _widened_nodes(models, node.id, known, depth + 1)
        if total > MAX_WIDENED_NODES:
            break
    known[name] = total
    return total
