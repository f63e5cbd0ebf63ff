"""The intermediate model: what the templates and the later stages read of an API.

`Api` holds the package's resources, each with one `Operation` per path item method: its
parameters (python name, wire name, location), body, responses, stream and pages, plus the
security, the servers and the schema document handed to datamodel-code-generator. Values
only: `generator.ir.build` makes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from generator.ir import paging
from generator.ir.media import ResponseKind, media_kind
from generator.ir.usage import ALL as ALL_MODELS
from generator.names import namespace

__all__ = [
    "Api", "Body", "BodyKind", "BuildOptions", "Operation", "Param", "ParamLocation", "Resource",
    "ResponseHeader", "ResponseKind", "ResponseType", "Security", "SecurityScheme",
]

ParamLocation = Literal["path", "query", "header", "cookie", "body"]
BodyKind = Literal["json", "form", "multipart", "content"]


@dataclass(frozen=True)
class BuildOptions:
    """How a package is named and configured: the manifest entry's settings."""

    package: str
    api_key_env: str
    base_url_env: str
    default_base_url: str | None = None
    http_library: str = "httpx"
    source_file: str = ""
    # "all": a model for every component schema; "used": only for those the operations use
    # (ir/usage; webhook payloads and schemas nothing names get none)
    models: str = ALL_MODELS


@dataclass(frozen=True)
class Param:
    """One argument of a generated method."""

    name: str  # python identifier in the method signature
    wire_name: str  # exactly as sent
    location: ParamLocation
    model_class: str  # the models.py class whose field types this argument
    model_key: str  # that field's wire name (alias)
    required: bool
    nullable: bool
    description: str
    client_level: bool = False
    explode: bool = True
    deprecated: bool = False
    # the document's `style`, else its location's default (form for query and cookie, simple for
    # path and header), or "json" for a parameter given by `content: {application/json: ...}`
    # (sent JSON-encoded)
    style: str = "form"
    # the one value a required parameter's schema allows (`enum: [v]`, `const: v`), sent when
    # the call leaves it out: AWS's `X-Amz-Target` names the operation, and every call had to
    # spell it; `(True,)` for the switch of an operation that always streams; empty for any
    # other parameter
    only_value: tuple[str | int | float | bool, ...] = ()

    @property
    def omittable(self) -> bool:
        """Whether a call may leave it out: optional, set on the client, or of one value."""
        return not self.required or self.client_level or bool(self.only_value)


@dataclass(frozen=True)
class Body:
    """An operation's request body: how it is sent and which class validates it."""

    kind: BodyKind
    media_type: str
    model_class: str | None  # class validating the body (None: sent as given)
    expanded: bool  # object properties became keyword arguments
    required: bool
    file_fields: tuple[str, ...] = ()  # multipart properties sent as files
    # the body is one value the document names no part for, sent as the part `file`: "file"
    # (its schema a file), "string" (a string, read as a file), "" (the body names its parts)
    one_file_part: str = ""
    # a form body's properties whose `encoding` names a style: (property, style, explode)
    form_styles: tuple[tuple[str, str, bool], ...] = ()
    # form fields two values may give: objects spread into their properties (ir/bodies)
    spread_clashes: tuple[str, ...] = ()
    # the file fields that are a union with a file branch: a file part only when given a file
    file_unions: tuple[str, ...] = ()

    @property
    def is_text(self) -> bool:
        """A raw body of a `text/*` media type: the argument is `str`, not `bytes`."""
        return self.kind == "content" and media_kind(self.media_type) == "text"


@dataclass(frozen=True)
class ResponseType:
    """One documented response: its status, how it is read and the class it parses into."""

    status: str  # "200", "2XX", "default"
    kind: ResponseKind
    model_class: str | None  # for json bodies
    media_types: tuple[str, ...] = ()  # as documented, for the Accept header
    # a JSON answer whose schema allows null (3.0 `nullable`, 3.1 `type: [object, "null"]`):
    # a class of its own does not say so (a root model's type does), so the method returns
    # `Thing | None` and parses a `null` answer into None (never for a paginated list)
    nullable: bool = False
    # not documented: the answer a documented redirect leads to (`redirected_answer`)
    after_redirect: bool = False

    @property
    def content_never_sent(self) -> bool:
        """A 204 or 205 declared with content: those statuses carry no body (RFC 9110), so the
        client returns None for it, and the method's type and docs say so (Vimeo's `DELETE
        /tokens`)."""
        return self.status in ("204", "205") and self.kind != "none"


@dataclass(frozen=True)
class ResponseHeader:
    """A header a success response documents, with the python type it is read as."""

    wire_name: str
    python_type: str  # int, float, bool or str
    description: str


@dataclass(frozen=True)
class Operation:
    """One path item method, as one method of one resource class."""

    resource: str
    name: str  # method name
    http_method: str
    path: str
    pointer: str
    summary: str
    description: str
    params: tuple[Param, ...]
    body: Body | None
    success: tuple[ResponseType, ...]
    errors: tuple[ResponseType, ...]
    headers: tuple[ResponseHeader, ...]
    stream_param: str | None  # python name of the boolean that switches to SSE
    stream_chunk: str | None  # models.py class of one streamed chunk
    # the operation always streams: text/event-stream and no switch, or a switch (then sent true
    # when left out) of an operation answering nothing else or allowing only true
    stream_only: bool
    deprecated: bool
    # its events are plain server-sent events, not OpenAI's ([DONE], `error`): `plain_events`
    plain_events: bool = False
    # the operation's own `security` (alternatives of scheme names, `()` = public), None: the
    # document's
    security: tuple[tuple[str, ...], ...] | None = None
    pagination: paging.Pagination | None = None  # how a list's next pages are fetched
    constant: str = ""  # its ResponseSpec constant in _resources.py, unique in the package
    # header parameters left out of the method (the HTTP client sets them), each named
    ignored: tuple[namespace.Rename, ...] = ()
    # arguments not named as their parameter or property alone would be (a clash, a name
    # without a character a Python name can hold), each a note COVERAGE.md lists
    renamed_arguments: tuple[namespace.Rename, ...] = ()
    # `x-codegen-retry-safe: true`: retried on any failure, as an idempotent method (ir/retries)
    retry_safe: bool = False
    # the idempotency-key header the operation declares (a POST/PATCH carries a fresh key)
    idempotency_header: str | None = None
    # the server the operation's (or its path item's) own `servers` send it to, when that is
    # not the document's base URL (`ir.servers.operation_server`)
    server: str | None = None

    @property
    def returns(self) -> ResponseType | None:
        """The response the method's return type describes: the first documented success."""
        return self.success[0] if self.success else None


@dataclass(frozen=True)
class Resource:
    """A group of operations: an attribute of the client and a class of `_resources.py`."""

    attr: str
    class_name: str
    operations: tuple[Operation, ...]


@dataclass(frozen=True)
class SecurityScheme:
    """One security scheme the document uses, as the client sends it."""

    key: str  # its name under components/securitySchemes
    location: Literal["header", "query", "cookie"]
    field: str  # the header, query parameter or cookie name
    prefix: str  # written before the credential: "Bearer ", "Basic ", ""
    basic: bool  # HTTP basic: a username and a password
    # the client's constructor arguments: ("api_key",), ("username", "password")
    arguments: tuple[str, ...]
    env: tuple[str, ...]  # the environment variable of each argument


@dataclass(frozen=True)
class Security:
    """What the document says about authentication, for `_client.py`."""

    schemes: tuple[SecurityScheme, ...]
    requirements: tuple[tuple[str, ...], ...]  # the document's `security`: alternatives of keys
    # every operation needs a credential: a client without any fails at construction (when
    # some are public, it is made without one, and a call needing one raises instead)
    required: bool
    needed: bool = False  # some operation needs a credential (said in the client's docstring)


@dataclass(frozen=True)
class Api:
    """Everything a package is rendered from, for one document."""

    title: str
    version: str
    description: str
    options: BuildOptions
    base_url: str | None
    security: Security
    resources: tuple[Resource, ...]
    client_params: tuple[Param, ...]
    models_input: dict[str, Any]  # the schema document for datamodel-code-generator
    required_classes: frozenset[str]  # classes the templates reference; must exist in models.py
    # the classes of the operations' parameters (`<Operation>Params`), bodies and answers:
    # mostly leaves of the models, which dcg can make in a run of their own beside the rest
    # (models/parts.py)
    operation_classes: frozenset[str] = frozenset()
    failed: tuple[tuple[str, str], ...] = ()  # (operation pointer, why) of operations left out
    # every POST/PATCH carries this key (root `x-codegen-idempotency-key`); None: only the
    # operations declaring one (ir/retries)
    idempotency_header: str | None = None
    renames: tuple[namespace.Rename, ...] = ()  # spec-derived names that had to change, and why
    # the first server's URL when it is relative (`/api/v2`): the base URL a user gives ends in it
    server_path: str | None = None
    # the leading path segments every operation shares (`/v1`): a base URL ending in them
    # (openai-python's `https://host/v1`) has them dropped once by the client (ir/servers)
    path_prefix: str | None = None
    # the requests the document says the API sends its consumer, which no method makes: 3.1's
    # webhooks by name, each operation's callbacks (`POST /subscribe: onEvent`)
    incoming: tuple[str, ...] = ()
    # the document's servers after the first (ir/servers.other_servers), as written
    other_servers: tuple[str, ...] = ()
    # the component schemas (as the document names them) left without a model by
    # `models: used`, which no operation uses, sorted
    unused_schemas: tuple[str, ...] = ()
    # (class, the document's name) of each component schema given to the models stage
    component_names: tuple[tuple[str, str], ...] = ()

    def uses_deprecated(self) -> bool:
        """Whether an operation is deprecated: the package then imports `typing_extensions`
        (`@typing_extensions.deprecated`), a dependency its README names."""
        return any(operation.deprecated
                   for resource in self.resources for operation in resource.operations)

    def operation_servers(self) -> list[str]:
        """The servers operations name of their own (`Operation.server`), sorted: the client
        sends credentials there too while its base URL is the document's."""
        return sorted({operation.server for resource in self.resources
                       for operation in resource.operations if operation.server})

    def method_names(self) -> dict[str, tuple[str, str]]:
        """operation pointer -> (its resource class, its method): the names the package's
        operations were given, which the count check looks for in `_resources.py`."""
        return {
            operation.pointer: (resource.class_name, operation.name)
            for resource in self.resources for operation in resource.operations
        }
