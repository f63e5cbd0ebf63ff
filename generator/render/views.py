"""The views templates read: plain data about each method, gathered by `render.operations`.

Python computes data only (names, annotations, literals, docstrings); the templates hold the code,
including the body of every method.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from generator.names import reserved
from generator.names.identifiers import module_stem


@dataclass(frozen=True)
class Argument:
    """One argument of a signature: its name, annotation and default's source."""

    name: str
    annotation: str
    default: str | None  # None: required


@dataclass(frozen=True)
class Signature:
    """One `def` of a method (an overload or the implementation)."""

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
    only_value: tuple[str | int | float | bool, ...] = ()  # omitted -> this value (`Param`)


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
    json_encoded: frozenset[str]  # parameters sent as JSON text (`content: application/json`)
    python_names: dict[str, str]  # headers: key -> argument, where they differ (errors name both)
    exploded: frozenset[str] = frozenset()  # headers `simple` and exploded: objects as `k=v,...`
    joined: frozenset[str] = frozenset()  # cookies not `form` exploded: an object one cookie


@dataclass(frozen=True)
class BodyView:
    """How a method sends its request body."""

    kind: str  # json, form, multipart or content
    media_type: str
    argument: str | None  # the argument holding the whole body (properties not spread out)
    root_model: str | None  # the model checking that whole body (None: sent as given)
    checked: Checked | None  # the properties, when they are arguments
    files: frozenset[str]  # multipart file parts
    optional: bool = False  # the document's body is optional: none is sent when none is given
    # form fields whose `encoding` names a style: arrays and objects joined by a delimiter,
    # sent as `name[key]` fields (deepObject), or objects spread into their properties
    delimiters: dict[str, str] = field(default_factory=dict)
    deep: frozenset[str] = frozenset()
    spread: frozenset[str] = frozenset()
    # multipart file parts that are a union with a file branch: sent as a field when their
    # value is no file (a text, an object)
    file_unions: frozenset[str] = frozenset()
    # a form's media type as the document declares it, where that is not the bare
    # `application/x-www-form-urlencoded` the runtime sends (`; charset=utf-8`)
    form_media_type: str | None = None


@dataclass(frozen=True)
class Target:
    """What the runtime parses a body into: `_models.X`, `root_type(_models.X)` (the type a
    root model wraps, so a `list[Pet]` body is a list), a builtin (str, bytes, None, object),
    or, for a status documented in media types of several kinds, a mapping of media type ->
    target (`choices`) the answer's Content-Type picks from."""

    kind: Literal["model", "nullable_model", "root", "builtin", "media"]
    name: str
    choices: tuple[tuple[str, Target], ...] = ()  # media type -> target, for `media`

    def names_models(self) -> bool:
        """Whether the rendered target reads `_models.X`."""
        if self.kind == "media":
            return any(choice.names_models() for _, choice in self.choices)
        return self.kind != "builtin"


@dataclass(frozen=True)
class Responses:
    """The operation's `ResponseSpec` constant."""

    constant: str
    returns: str  # the type of the parsed success bodies
    success: tuple[tuple[str, Target], ...]  # status -> target
    errors: tuple[tuple[str, Target], ...]
    headers: tuple[tuple[str, str], ...]  # documented response header -> python type
    stream_chunk: Target | None
    plain_events: bool = False  # the stream's events are plain SSE (`ir.responses.plain_events`)


@dataclass(frozen=True)
class OperationView:
    """Everything one method of a resource class is rendered from."""

    name: str
    http_method: str  # get, post, ...: the resource's `_get`, `_post`, ...
    path: str  # the template, each placeholder named by its value's key (`{id (path)}`)
    written_path: str  # the path as the document writes it (`/items/{id}`), for the docs
    responses: Responses
    params: Checked | None  # path, query, header and cookie arguments
    path_keys: frozenset[str]
    path_styles: dict[str, str]  # path parameters not in the `simple` style: key -> style
    server: str | None  # the server the operation names of its own (`Operation.server`)
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
    retry_safe: bool = False  # `x-codegen-retry-safe`: retried on any failure
    idempotency_header: str | None = None  # the key header the operation declares
    # the PEP 702 message of a deprecated operation (`@deprecated(...)`), None when it is not
    deprecated: str | None = None
    # the Content-Type of a JSON body the document gives in a type of its own
    # (`application/merge-patch+json`); None: `application/json`, the runtime's
    content_type: str | None = None

    def uses_file_content(self) -> bool:
        """Whether a file argument's annotation names `FileContent`."""
        return bool(self.body and self.body.files and self.body.checked)


@dataclass(frozen=True)
class ResourceView:
    """One resource class (sync and async) and the client attribute holding it."""

    attr: str
    class_name: str
    operations: tuple[OperationView, ...]

    @property
    def module(self) -> str:
        """The module's name in `resources/` (`names.files.module_stem`)."""
        return module_stem(self.attr)



# The arguments every method has after the operation's own.
CALL_ARGUMENTS = tuple(Argument(*argument) for argument in reserved.CALL_ARGUMENTS)

