"""IR -> the whole package in memory: relative path -> text.

Python here computes data only: names, annotations, literals and docstrings, gathered in
small views (`OperationView` and its parts). The templates hold the code, including the body
of every method. Spec text reaches a template only as a finished Python literal (`literal`,
`docstring`) or as an identifier built by `names`, so nothing in a spec can inject code.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import keyword
import math
import re
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import jinja2

from generator import __version__
from generator.ir import Api, Body, Operation, Param, Resource, ResponseType, Security
from generator.models.dcg import Models, ParamClass, ParamTypes
from generator.names import namespace, reserved
from generator.problems import GeneratorError, Problem
from generator.render import docstrings as docs

TEMPLATES = namespace.TEMPLATES
RUNTIME = namespace.RUNTIME
RENDERED_MODULES = ("__init__.py", "_client.py", "_resources.py", "params.py")
BUILTIN_NAMES = reserved.BUILTIN_NAMES
BUILTINS_ALIAS = "_builtins"  # `import builtins as _builtins`: builtins no method or argument hides
QUERY_DELIMITERS = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|"}


def literal(value: object) -> str:
    """A Python literal for a str/int/float/bool/None (or a list/dict/set of them)."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return repr(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else f"float({str(value)!r})"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(literal(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(str(k))}: {literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (set, frozenset)):
        # sorted: the same set always gives the same text
        return "{" + ", ".join(sorted(literal(item) for item in value)) + "}" if value else "set()"
    return repr(str(value))


# Control characters other than newline and tab read as spaces in a docstring.
_CONTROL_TO_SPACE = {code: " " for code in range(0x20) if chr(code) not in "\n\t"}


def docstring(text: str, indent: str = "") -> str:
    """A triple-quoted literal holding `text` exactly, whatever it contains."""
    cleaned = text.replace("\r\n", "\n").translate(_CONTROL_TO_SPACE)
    cleaned = cleaned.replace("\\", "\\\\").replace('"""', '\\"\\"\\"').strip()
    if cleaned.endswith('"'):
        cleaned += " "
    lines = cleaned.split("\n")
    if len(lines) == 1:
        return f'"""{lines[0]}"""'
    body = "\n".join((indent + line) if line.strip() else "" for line in lines[1:])
    return f'"""{lines[0]}\n{body}\n{indent}"""'


# ---- views: what the templates read -------------------------------------------------------


@dataclass(frozen=True)
class Argument:
    name: str
    annotation: str
    default: str | None  # None: required


@dataclass(frozen=True)
class Signature:
    arguments: tuple[Argument, ...]
    returns: str
    doc: str  # the docstring literal


@dataclass(frozen=True)
class MethodVariant:
    """The sync or the async method of an operation."""

    overloads: tuple[Signature, ...]
    implementation: Signature
    stream_class: str  # Stream or AsyncStream
    page_class: str  # SyncPage or AsyncPage
    # `async def ... return await self._get(...)`; an async list method is a plain `def`
    # returning the `AsyncPaginator` (awaited or iterated by the caller)
    coroutine: bool


PAGE_CLASSES = {"Stream": "SyncPage", "AsyncStream": "AsyncPage"}
# What a list method returns: the first page (sync), a paginator to await or iterate (async)
LIST_CLASSES = {"Stream": "SyncPage", "AsyncStream": "AsyncPaginator"}


@dataclass(frozen=True)
class PageView:
    """A paginated list: its `Pagination` constant and the type of one item."""

    constant: str
    arguments: tuple[tuple[str, object], ...]  # the `Pagination(...)` keyword arguments
    item: str
    returns: str  # the type of one page's parsed body


@dataclass(frozen=True)
class Value:
    """One argument in the mapping a model checks: wire name -> argument."""

    key: str
    argument: str
    client_level: bool  # omitted -> the value the client was created with


@dataclass(frozen=True)
class Checked:
    """`validated(model, {key: argument, ...}, ...)`: arguments checked by one model."""

    model: str
    values: tuple[Value, ...]
    nullable: frozenset[str]  # keys the spec lets be null
    python_names: dict[str, str]  # key -> argument, where they differ (errors name arguments)
    raw: frozenset[str]  # keys passed through unchecked (multipart files)


@dataclass(frozen=True)
class Placed:
    """The checked parameters sent in one location (query, headers or cookies)."""

    keys: tuple[str, ...]
    wire_names: dict[str, str]  # key -> wire name, where they differ
    delimiters: dict[str, str]  # query arrays and objects not exploded: key -> delimiter
    deep: frozenset[str]  # deepObject query parameters
    json_encoded: frozenset[str]  # query parameters sent as JSON text


@dataclass(frozen=True)
class BodyView:
    kind: str  # json, form, multipart or content
    media_type: str
    argument: str | None  # the argument holding the whole body (properties not spread out)
    root_model: str | None  # the model checking that whole body (None: sent as given)
    checked: Checked | None  # the properties, when they are arguments
    files: frozenset[str]  # multipart file parts


@dataclass(frozen=True)
class Target:
    """What the runtime parses a body into: `_models.X`, `root_type(_models.X)` (the type a
    root model wraps, so a `list[Pet]` body is a list) or a builtin (str, bytes, None, object)."""

    kind: Literal["model", "root", "builtin"]
    name: str


@dataclass(frozen=True)
class Responses:
    """The operation's `ResponseSpec` constant."""

    constant: str
    returns: str  # the type of the parsed success bodies
    success: tuple[tuple[str, Target], ...]  # status -> target
    errors: tuple[tuple[str, Target], ...]
    headers: tuple[tuple[str, str], ...]  # documented response header -> python type
    stream_chunk: Target | None


@dataclass(frozen=True)
class OperationView:
    name: str
    http_method: str  # get, post, ...: the resource's `_get`, `_post`, ...
    path: str
    responses: Responses
    params: Checked | None  # path, query, header and cookie arguments
    path_keys: frozenset[str]
    query: Placed | None
    headers: Placed | None
    cookies: Placed | None
    accept: str | None  # an Accept header for operations that answer only in non-JSON types
    body: BodyView | None
    stream_switch: str | None  # the argument that switches to streaming
    always_streams: bool
    stream_chunk: str | None  # the annotation of one streamed chunk
    page: PageView | None  # a paginated list
    sync: MethodVariant
    async_: MethodVariant
    security: list[list[str]] | None = None  # the operation's own requirement (`[]`: public)

    def uses_file_content(self) -> bool:
        """Whether a file argument's annotation names `FileContent`."""
        return bool(self.body and self.body.files and self.body.checked)


@dataclass(frozen=True)
class ResourceView:
    attr: str
    class_name: str
    operations: tuple[OperationView, ...]


# ---- arguments and signatures ---------------------------------------------------------------


def _response_annotation(response: ResponseType, models: Models) -> str:
    if response.kind == "json":
        return models.class_annotation(response.model_class) if response.model_class else "object"
    return {"text": "str", "bytes": "bytes", "none": "None"}[response.kind]


def _union(annotations: Iterable[str]) -> str:
    unique = list(dict.fromkeys(annotations))
    return " | ".join(unique) if unique else "None"


def _argument(param: Param, models: Models, body: Body | None, params: ParamTypes) -> Argument:
    optional = not param.required or param.client_level
    annotation = _annotation(param, models, body, params)
    if optional:
        return Argument(param.name, f"{annotation} | NotGiven", "NOT_GIVEN")
    return Argument(param.name, annotation, None)


def _annotation(param: Param, models: Models, body: Body | None, params: ParamTypes) -> str:
    """The argument's type: the model field's type, or the whole body's type; model classes
    in it also take their `TypedDict` form (collected in `params`)."""
    if param.location != "body" or param.model_key:
        if body is not None and param.location == "body" and param.model_key in body.file_fields:
            field = models.annotation(param.model_class, param.model_key, drop_none=True)
            return "list[FileContent]" if field.startswith("list[") else "FileContent"
        return models.request_annotation(
            param.model_class, param.model_key, drop_none=not param.nullable, params=params
        )
    if param.model_class:
        return models.request_class_annotation(param.model_class, params)
    if body is not None and body.kind == "content":
        return "str" if body.is_text else "bytes"
    return "object"  # a JSON body the spec gives no schema for


CALL_ARGUMENTS = tuple(Argument(*argument) for argument in reserved.CALL_ARGUMENTS)


@dataclass(frozen=True)
class _Shape:
    """What the sync and async signatures of an operation share."""

    arguments: tuple[Argument, ...]  # the operation's own, in order
    returns: str  # the non-streaming return type
    returns_doc: str
    chunk: str | None
    doc: docs.MethodDoc
    item: str | None = None  # the type of one item of a paginated list
    docstrings: dict[str, str] = field(default_factory=dict)  # by Returns text

    def docstring(self, returns_doc: str) -> str:
        """The method's docstring literal with `returns_doc` as its Returns section (the
        sync and async methods share most of theirs: each is built once)."""
        found = self.docstrings.get(returns_doc)
        if found is None:
            found = self.docstrings[returns_doc] = docstring(self.doc.text(returns_doc), " " * 8)
        return found


def _shape(operation: Operation, models: Models, params: ParamTypes) -> _Shape:
    arguments = tuple(_argument(p, models, operation.body, params) for p in operation.params)
    annotations = [_response_annotation(r, models) for r in operation.success]
    chunk = models.class_annotation(operation.stream_chunk) if operation.stream_chunk else None
    switch = operation.stream_param if chunk else None
    # as the implementation lists them: a streaming switch comes after the other arguments
    order = [a.name for a in arguments if a.name != switch] + ([switch] if switch else [])
    order += [a.name for a in CALL_ARGUMENTS]
    return _Shape(
        arguments,
        _union(annotations),
        docs.returns_doc(operation, annotations),
        chunk,
        docs.method_doc(operation, order),
        _item_annotation(operation, models),
    )


def _item_annotation(operation: Operation, models: Models) -> str | None:
    """The type of one item of a paginated list: the items array's element type."""
    answer = operation.returns
    if operation.pagination is None or answer is None or answer.model_class is None:
        return None
    field = models.annotation(answer.model_class, operation.pagination.items, drop_none=True)
    node = ast.parse(field, mode="eval").body
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "list":
        return ast.unparse(node.slice)
    return "object"


def _variant(operation: Operation, shape: _Shape, stream_class: str) -> MethodVariant:
    def signature(arguments: Iterable[Argument], returns: str, returns_doc: str) -> Signature:
        return Signature((*arguments, *CALL_ARGUMENTS), returns, shape.docstring(returns_doc))

    page_class = PAGE_CLASSES[stream_class]
    is_async = stream_class == "AsyncStream"

    def variant(overloads: tuple[Signature, ...], implementation: Signature, *, lists: bool = False) -> MethodVariant:
        return MethodVariant(overloads, implementation, stream_class, page_class, is_async and not lists)

    if shape.item is not None and operation.pagination is not None:
        returned = f"{LIST_CLASSES[stream_class]}[{shape.item}, {shape.returns}]"
        page_doc = docs.page_doc(LIST_CLASSES[stream_class], page_class, shape.item, shape.returns,
                                 operation.pagination.style)
        return variant((), signature(shape.arguments, returned, page_doc), lists=True)
    if shape.chunk is None:
        return variant((), signature(shape.arguments, shape.returns, shape.returns_doc))
    stream = f"{stream_class}[{shape.chunk}]"
    stream_doc = docs.stream_doc(stream_class, shape.chunk)
    switch = operation.stream_param
    if switch is None:  # always streams
        return variant((), signature(shape.arguments, stream, stream_doc))
    required = [a for a in shape.arguments if a.default is None and a.name != switch]
    optional = [a for a in shape.arguments if a.default is not None and a.name != switch]
    either = f"{shape.returns} | {stream}"
    either_doc = docs.either_doc(shape.returns_doc, switch, stream_doc)
    overloads = (
        signature([*required, *optional, Argument(switch, "Literal[False] | NotGiven", "NOT_GIVEN")],
                  shape.returns, shape.returns_doc),
        signature([*required, Argument(switch, "Literal[True]", None), *optional], stream, stream_doc),
        signature([*required, *optional, Argument(switch, "bool | NotGiven", "NOT_GIVEN")],
                  either, either_doc),
    )
    return variant(overloads, overloads[-1])


# ---- what the method body sends ------------------------------------------------------------


def _checked(model: str, params: list[Param], raw: Iterable[str] = ()) -> Checked:
    return Checked(
        model=model,
        values=tuple(Value(p.model_key, p.name, p.client_level) for p in params),
        nullable=frozenset(p.model_key for p in params if p.nullable),
        python_names={p.model_key: p.name for p in params if p.model_key != p.name},
        raw=frozenset(raw),
    )


def _placed(params: list[Param]) -> Placed | None:
    if not params:
        return None
    return Placed(
        keys=tuple(p.model_key for p in params),
        wire_names={p.model_key: p.wire_name for p in params if p.model_key != p.wire_name},
        delimiters={p.model_key: QUERY_DELIMITERS[p.style] for p in params
                    if not p.explode and p.style in QUERY_DELIMITERS},
        deep=frozenset(p.model_key for p in params if p.style == "deepObject"),
        json_encoded=frozenset(p.model_key for p in params if p.style == "json"),
    )


def _body_view(operation: Operation, models: Models) -> BodyView | None:
    body = operation.body
    if body is None:
        return None
    fields = [p for p in operation.params if p.location == "body"]
    if body.expanded and body.model_class is not None:
        checked = _checked(body.model_class, fields, body.file_fields)
        return BodyView(body.kind, body.media_type, None, None, checked, frozenset(body.file_fields))
    root_model = models.name(body.model_class) if body.model_class else None
    argument = fields[0].name if fields else "body"
    return BodyView(body.kind, body.media_type, argument, root_model, None, frozenset(body.file_fields))


def _accept(operation: Operation) -> str | None:
    if any(r.kind == "json" for r in operation.success) or operation.stream_only:
        return None
    media = sorted({m for r in operation.success for m in r.media_types})
    return ", ".join(media) or None


def _target(response: ResponseType, models: Models) -> Target:
    if response.kind == "json":
        return _model_target(response.model_class, models) if response.model_class else Target("builtin", "object")
    return Target("builtin", {"text": "str", "bytes": "bytes", "none": "None"}[response.kind])


def _model_target(class_name: str, models: Models) -> Target:
    return Target("root" if models.is_root(class_name) else "model", models.name(class_name))


def _responses(operation: Operation, models: Models, returns: str) -> Responses:
    return Responses(
        constant=operation.constant,
        returns=returns,
        success=tuple((r.status, _target(r, models)) for r in operation.success),
        errors=tuple((r.status, _target(r, models)) for r in operation.errors),
        headers=tuple((h.wire_name, h.python_type) for h in operation.headers),
        stream_chunk=_model_target(operation.stream_chunk, models) if operation.stream_chunk else None,
    )


def _operation_view(operation: Operation, models: Models, params: ParamTypes,
                    hidden: frozenset[str]) -> OperationView:
    """The view of one method; `hidden`: the builtins its class's methods hide."""
    shape = _shape(operation, models, params)
    located = {
        location: [p for p in operation.params if p.location == location]
        for location in ("path", "query", "header", "cookie")
    }
    non_body = [p for p in operation.params if p.location != "body"]
    return OperationView(
        name=operation.name,
        http_method=operation.http_method,
        path=operation.path,
        responses=_responses(operation, models, shape.returns),
        params=_checked(non_body[0].model_class, non_body) if non_body else None,
        path_keys=frozenset(p.model_key for p in located["path"]),
        query=_placed(located["query"]),
        headers=_placed(located["header"]),
        cookies=_placed(located["cookie"]),
        accept=_accept(operation),
        body=_body_view(operation, models),
        stream_switch=operation.stream_param if shape.chunk else None,
        always_streams=operation.stream_only and shape.chunk is not None,
        # read in the body, where an argument named like a builtin would hide it
        stream_chunk=unhidden(shape.chunk, BUILTIN_NAMES) if shape.chunk else None,
        page=_page_view(operation, shape),
        sync=_unhidden_variant(_variant(operation, shape, "Stream"), hidden),
        async_=_unhidden_variant(_variant(operation, shape, "AsyncStream"), hidden),
        security=None if operation.security is None else [list(r) for r in operation.security],
    )


def _page_view(operation: Operation, shape: _Shape) -> PageView | None:
    pagination = operation.pagination
    if pagination is None or shape.item is None:
        return None
    arguments = tuple((name, value) for name, value in vars(pagination).items() if value is not None)
    # `page_cls=SyncPage[item, returns]` is read in the body, where arguments may hide builtins
    return PageView(f"{operation.constant}_PAGES", arguments, unhidden(shape.item, BUILTIN_NAMES),
                    unhidden(shape.returns, BUILTIN_NAMES))


class _Builtins(ast.NodeTransformer):
    """Names in `hidden` read as `_builtins.<name>`."""

    def __init__(self, hidden: frozenset[str]) -> None:
        self.hidden = hidden

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id in self.hidden:
            return ast.Attribute(ast.Name(BUILTINS_ALIAS, ast.Load()), node.id, ast.Load())
        return node


def unhidden(annotation: str, hidden: frozenset[str]) -> str:
    """`annotation` with the builtins in `hidden` reached through `_builtins`: a method named
    `list` hides the builtin from the annotations of its class's later methods (for mypy), an
    argument named `list` hides it from its method's body."""
    if not hidden.intersection(re.findall(r"[A-Za-z_]\w*", annotation)):
        return annotation
    return ast.unparse(_Builtins(hidden).visit(ast.parse(annotation, mode="eval")))


def _unhidden_signature(signature: Signature, hidden: frozenset[str]) -> Signature:
    arguments = tuple(dataclasses.replace(a, annotation=unhidden(a.annotation, hidden)) for a in signature.arguments)
    return dataclasses.replace(signature, arguments=arguments, returns=unhidden(signature.returns, hidden))


def _unhidden_variant(variant: MethodVariant, hidden: frozenset[str]) -> MethodVariant:
    if not hidden:
        return variant
    return dataclasses.replace(variant, overloads=tuple(_unhidden_signature(s, hidden) for s in variant.overloads),
                               implementation=_unhidden_signature(variant.implementation, hidden))


# ---- the package -----------------------------------------------------------------------------


@functools.lru_cache(maxsize=4)  # one per process and folder: the templates compile once
def environment(templates: Path) -> jinja2.Environment:
    """The Jinja environment of a templates folder, with the filters spec text goes through."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["literal"] = literal
    env.filters["docstring"] = docstring
    env.filters["code"] = markdown_code
    env.filters["oneline"] = one_line
    return env


def markdown_code(text: object) -> str:
    """`text` as inline Markdown code whatever backticks it holds; newlines folded."""
    flat = one_line(text)
    fence = "`"
    while fence in flat:
        fence += "`"
    padding = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{padding}{flat}{padding}{fence}"


def one_line(text: object) -> str:
    return " ".join(str(text).split())


HTTP_IMPORT = "import httpx as _lib"
# What the package root exports besides the errors (`__init__.py`).
ROOT_EXPORTS = ("NOT_GIVEN", "APIResponse", "AsyncAPIResponse", "AsyncClient", "AsyncPage", "AsyncPaginator",
                "AsyncStream", "Client", "NotGiven", "Omit", "Stream", "SyncPage", "models", "params")


def http_module(source: str, library: str) -> str:
    """`_http.py` for the chosen library: its one import line is the only difference."""
    if source.count(HTTP_IMPORT) != 1:
        raise RuntimeError(f"templates/runtime/_http.py must contain {HTTP_IMPORT!r} exactly once")
    return source.replace(HTTP_IMPORT, f"import {library} as _lib")


def exports(names: list[str]) -> list[str]:
    """`__all__` order as ruff's RUF022 wants it: CONSTANTS, then Classes, then functions."""
    # as ruff tells them apart: a constant is upper case and longer than one letter (`AB`, not `A`)
    return sorted(names, key=lambda name: (
        0 if len(name) > 1 and name.isupper() else 1 if name[:1].isupper() else 2, name))


@functools.cache
def error_modules() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every exception class of the runtime modules, by module: (`_errors`, (`APIError`, ...)).
    The package root exports them all, whatever the runtime adds, so every error a client can
    raise is importable from the package."""
    found = []
    for module in sorted(RUNTIME.glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        names = sorted(node.name for node in tree.body
                       if isinstance(node, ast.ClassDef) and node.name.endswith("Error")
                       and not node.name.startswith("_"))
        if names:
            found.append((module.stem, tuple(names)))
    return tuple(found)


def error_exports() -> tuple[str, ...]:
    return tuple(sorted(name for _, names in error_modules() for name in names))


def with_exports(models: Models) -> str:
    """models.py with an `__all__` naming every public class (`from pkg.models import *` and
    type checkers see exactly those); the classes as its index holds them."""
    names = exports([name for name in models.classes if not name.startswith("_")])
    listed = "".join(f"    {literal(name)},\n" for name in names)
    return models.source.rstrip("\n") + "\n\n__all__ = [\n" + listed + "]\n"


def user_agent(api: Api) -> str:
    """`<package>/<API version> openapi-clientgen/<generator version>`."""
    version = "".join(api.version.split()) or "0"
    return f"{api.options.package}/{version} openapi-clientgen/{__version__}"


def runtime_files() -> frozenset[str]:
    """The package files copied from templates/runtime/ (`_http.py` with its import swapped)."""
    return frozenset(module.name for module in RUNTIME.glob("*.py"))


@dataclass(frozen=True)
class ParamClassView:
    """One `TypedDict` of params.py: class syntax when every key can be an attribute name."""

    name: str
    model: str
    fields: tuple[tuple[str, str], ...]  # key -> annotation (`Required[...]` for required keys)
    functional: bool


# Names params.py uses in annotations (with the module aliases of `Models.annotation_modules`):
# a key spelled like one would shadow it in a class body.
_PARAMS_MODULE_NAMES = frozenset({"Required", "TypedDict", "_models", "_abc"})


def _annotation_modules(models: Models, operations: list[OperationView]) -> list[tuple[str, str]]:
    """(module, alias) of each module the annotations of the resources and params modules name:
    those models.py takes names from, and `builtins` when a signature needs a builtin an argument
    shadows (models.py may import from it too: one import either way)."""
    modules = set(models.annotation_modules)
    if any(BUILTINS_ALIAS in text for op in operations for text in _annotations(op)):
        modules.add(("builtins", BUILTINS_ALIAS))
    return sorted(modules)


def _param_class_view(param_class: ParamClass, module_aliases: AbstractSet[str]) -> ParamClassView:
    fields = tuple(
        (f.key, f"Required[{f.annotation}]" if f.required else f.annotation) for f in param_class.fields
    )
    functional = any(
        not key.isidentifier() or keyword.iskeyword(key) or key in _PARAMS_MODULE_NAMES
        or key in module_aliases or key.endswith("Param") or key in BUILTIN_NAMES
        for key, _ in fields
    )
    return ParamClassView(param_class.name, param_class.model, fields, functional)


def _resource_view(resource: Resource, models: Models, params: ParamTypes) -> ResourceView:
    hidden = frozenset(op.name for op in resource.operations) & BUILTIN_NAMES
    return ResourceView(
        resource.attr,
        resource.class_name,
        tuple(_operation_view(op, models, params, hidden) for op in resource.operations),
    )


@dataclass(frozen=True)
class SchemeView:
    """One security scheme as `_client.py` declares it and takes its credential."""

    key: str
    location: str
    field: str
    prefix: str
    basic: bool
    arguments: tuple[str, ...]
    env: tuple[str, ...]

    @property
    def source(self) -> str:
        """How a user gives the credential, for the runtime's messages."""
        if self.basic:
            return f"{self.arguments[0]}= and {self.arguments[1]}= (or {self.env[0]} and {self.env[1]})"
        return f"{self.arguments[0]}= (or the {self.env[0]} environment variable)"


@dataclass(frozen=True)
class SecurityView:
    schemes: tuple[SchemeView, ...]
    requirements: tuple[tuple[str, ...], ...]
    required: bool

    @property
    def arguments(self) -> list[str]:
        return [argument for scheme in self.schemes for argument in scheme.arguments]

    @property
    def single_key(self) -> bool:
        """The one credential is `api_key`: the client's `api_key` attribute returns it."""
        return self.arguments == ["api_key"]

    @property
    def basic(self) -> bool:
        return any(scheme.basic for scheme in self.schemes)

    @property
    def keyed(self) -> bool:
        return any(not scheme.basic for scheme in self.schemes)

    @property
    def doc(self) -> list[str]:
        """One docstring line per credential argument: `- api_key: IONOS_API_KEY`."""
        return [f"- `{a}`: `{e}`" for s in self.schemes for a, e in zip(s.arguments, s.env, strict=True)]


def _security_view(security: Security) -> SecurityView:
    return SecurityView(
        tuple(SchemeView(s.key, s.location, s.field, s.prefix, s.basic, s.arguments, s.env)
              for s in security.schemes),
        security.requirements,
        security.required,
    )


@dataclass(frozen=True)
class PackageViews:
    """What the package's files are rendered from: one view per resource, and the request
    models whose `TypedDict` form (params.py) the arguments take."""

    resources: list[ResourceView]
    params: ParamTypes


def package_views(api: Api, models: Models) -> PackageViews:
    params = ParamTypes()
    return PackageViews([_resource_view(resource, models, params) for resource in api.resources], params)


def render(api: Api, models: Models, views: PackageViews | None = None) -> dict[str, str]:
    """Every Python file of the package, unformatted, keyed by relative path."""
    env = environment(TEMPLATES)
    views = views if views is not None else package_views(api, models)
    resources, params = views.resources, views.params
    operations = [op for resource in resources for op in resource.operations]
    client_params = [
        Argument(p.name, models.annotation(p.model_class, p.model_key, drop_none=True) + " | None", "None")
        for p in api.client_params
    ]
    module_aliases = {alias for _, alias in models.annotation_modules}
    param_classes = [_param_class_view(c, module_aliases) for c in models.param_classes(params)]
    context = {
        "api": api,
        "title_doc": docstring(api.title or api.options.package),
        "resources": resources,
        "operations": operations,
        "resource_exports": exports(
            [name for r in api.resources for name in (r.class_name, "Async" + r.class_name)]
        ),
        "client_params": client_params,
        "security": _security_view(api.security),
        "uses_overloads": any(op.sync.overloads for op in operations),
        "uses_streams": any(op.stream_chunk for op in operations),
        "uses_file_content": any(op.uses_file_content() for op in operations),
        "uses_pages": any(op.page for op in operations),
        "param_classes": param_classes,
        "param_exports": exports([c.name for c in param_classes]),
        "annotation_modules": _annotation_modules(models, operations),
        "generator_version": __version__,
        "user_agent": user_agent(api),
        "error_modules": error_modules(),
        "root_exports": exports([*ROOT_EXPORTS, *error_exports()]),
    }
    files = {
        "__init__.py": env.get_template("__init__.py.jinja").render(context),
        "_client.py": env.get_template("_client.py.jinja").render(context),
        "_resources.py": env.get_template("_resources.py.jinja").render(context),
        "models.py": with_exports(models),
        "params.py": env.get_template("params.py.jinja").render(context),
        "py.typed": "",
    }
    for module in sorted(RUNTIME.glob("*.py")):
        files[module.name] = module.read_text(encoding="utf-8")
    files["_http.py"] = http_module(files["_http.py"], api.options.http_library)
    _check_module_names(files, api.options.source_file)
    return files


def _annotations(op: OperationView) -> Iterator[str]:
    if op.stream_chunk:
        yield op.stream_chunk
    if op.page:
        yield from (op.page.item, op.page.returns)
    for signature in (*op.sync.overloads, op.sync.implementation):
        yield signature.returns
        yield from (a.annotation for a in signature.arguments)


def _check_module_names(files: dict[str, str], source_file: str) -> None:
    """Every name a rendered module binds, it binds once: names are chosen clear of each other
    (`namespace.plan`), so a name bound twice is a generator bug, and fails loudly."""
    twice = namespace.names_bound_twice(files, RENDERED_MODULES)
    if twice:
        raise GeneratorError([Problem(
            source_file, "", None, f"generator bug: names bound twice: {', '.join(twice)}",
            "nothing was written; run with --debug and report it with the spec")])
