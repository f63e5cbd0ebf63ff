"""The engine under the generated ``Client`` / ``AsyncClient``.

Each call is a :class:`RequestOptions` (what to send) and a :class:`ResponseSpec` (what the
spec says can come back), handed to ``request`` / ``request_raw`` (the generated resources
get there through ``_base_resource``: ``self._post(...)``). This module builds the HTTP
request, sends it with retries, maps failures to the exceptions in ``_errors`` and parses the
answer.

Sync and async share everything except the lines that do I/O: request building, the retry
decision and delay, response parsing and error mapping are methods of :class:`BaseClient`.

Retries (like openai-python): up to ``max_retries`` (default 2) extra attempts on connection
errors, timeouts (not an answer whose whole time ran out while it was arriving:
``DeadlinePassedError``), 408, 409, 429 and >= 500, unless the server says otherwise with
``x-should-retry: true|false``. A request that may have had an effect is only sent again when
that cannot repeat the effect. Retry-safe are: GET, HEAD, OPTIONS, PUT, DELETE and TRACE
(idempotent methods); an operation the document marks ``x-codegen-retry-safe`` (repeating it
costs but changes nothing, as an LLM completion: ``RequestOptions.retry_safe``); and a POST or
PATCH carrying an idempotency key, which is sent only where the server honours one: the
operation declares the header (``RequestOptions.idempotency_header``) or the client names it
(``idempotency_header=``, whose default the generated client takes from the document; an
explicit ``None`` sends no key anywhere, the declared ones included). The key is one per call,
the same for each of its attempts; the caller's own value is kept. Any
other POST or PATCH is retried only when it provably had no effect: a failure to connect
(nothing was sent), a 429 (the server declined it) or the server's ``x-should-retry: true``;
never after a timeout, a broken connection or a 5xx, when the server may have acted on it.
Redirects are followed here, at most ``max_redirects`` (a loop ends in
``TooManyRedirectsError``, never retried), and credentials go only to the configured origin
(and no more once a hop of the chain has left it).
A body that cannot be decoded (corrupt gzip) or is larger than ``max_response_size`` is the
server's answer, not a transport failure: it raises at once.

A 2xx body that is JSON but does not match its declared type is tolerated (``_parse``: built
without validation) unless the client has ``strict_response_validation=True`` (as
openai-python's ``_strict_response_validation``): then it raises
``APIResponseValidationError``, as does each such event of a stream.

The delay is ``retry-after-ms``, else ``Retry-After`` (seconds or an HTTP date) when it is in
(0, 60] s; otherwise exponential backoff 0.5 s * 2^n capped at 8 s, shortened by up to 25 %
of jitter. A server asking for more than 60 s is not retried at all: the error is raised at
once, its ``retry_after`` the seconds asked for, for the caller to schedule (a retry sooner
would only spend more of an exhausted quota). The request body is serialised once, so every
attempt sends the same bytes; a multipart file given by path is opened afresh for each
attempt, and one that cannot be rewound is never sent twice (``_uploads``).
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import contextvars
import datetime as _dt
import enum
import http.client
import http.cookiejar
import json
import logging
import math
import os
import random
import sys
import time
import urllib.request
import uuid
import warnings
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import TracebackType
from typing import Any, Final, Generic, Literal, Self, TypeVar, get_args, get_origin
from urllib.parse import parse_qsl, quote, unquote_plus, urlencode, urlsplit, urlunsplit

import pydantic
import pydantic_core

from . import _http, _uploads
from ._auth import (
    COOKIE_SAFE,
    Auth,
    Credential,
    HeadersView,
    SecurityScheme,
    SensitiveHeaders,
    SensitiveURL,
    credential_headers,
    credential_query,
    drop_query,
    host_problem,
    is_credential_header,
    is_loopback,
    values_redactor,
)
from ._auth import origin_of as _origin_of
from ._errors import (
    APIError,
    APIResponseDecodingError,
    APIResponseValidationError,
    APIStatusError,
    DeadlinePassedError,
    RequestValidationError,
    TooManyRedirectsError,
    connection_error,
    decoding_error,
    error_message,
    excerpt,
    hide_echoes,
    mismatch_error,
    parse_retry_after,
    redact_body,
    redacted_cause,
    request_id,
    status_error_class,
)
from ._pagination import items_of
from ._parse import (
    NO_TARGET,
    admits_null,
    loads,
    media_choice,
    mismatch_summary,
    parse_json,
    success_target,
    validate_python,
)
from ._response import UNUSABLE_CODECS, APIResponse, aread_bounded, body_text, read_bounded
from ._streaming import AsyncStream, Stream, first_event_data, is_event_stream
from ._types import NOT_GIVEN, Headers, NotGiven, Omit, Query, Timeout

__all__ = [
    "DEFAULT_IDEMPOTENCY_HEADER",
    "DEFAULT_MAX_EVENT_SIZE",
    "DEFAULT_MAX_REDIRECTS",
    "DEFAULT_MAX_RESPONSE_SIZE",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_TIMEOUT",
    "USER_AGENT",
    "AsyncAPIClient",
    "BaseClient",
    "RequestOptions",
    "ResponseSpec",
    "ResponseTargets",
    "SyncAPIClient",
    "dump_model",
    "header_problem",
]

log = logging.getLogger(__name__)

#: Sent as ``User-Agent``; the generated ``_client`` sets it to ``"<package>/<version>"``
#: (or a subclass overrides the ``user_agent`` class attribute).
USER_AGENT: str = f"{(__package__ or 'client').rpartition('.')[2]}/0"

DEFAULT_TIMEOUT: Final = _http.Timeout(600.0, connect=5.0)
DEFAULT_MAX_RETRIES: Final = 2
DEFAULT_LIMITS: Final = _http.Limits(max_connections=1000, max_keepalive_connections=100)
#: The cookies a client this package made keeps from responses, at most; the oldest set go
#: first (RFC 6265 asks for at least 50 per domain, browsers keep about 180).
MAX_COOKIES: Final = 300
#: A cookie whose name and value together are longer than this is not kept (browsers: 4096).
MAX_COOKIE_BYTES: Final = 4096
INITIAL_RETRY_DELAY: Final = 0.5
MAX_RETRY_DELAY: Final = 8.0
MAX_RETRY_AFTER: Final = 60.0
RETRY_STATUSES: Final = frozenset({408, 409, 429})
#: Statuses that carry no body (RFC 9110 15.3.5, 15.3.6): an empty one is ``None`` when lenient.
_NO_CONTENT: Final = frozenset({204, 205})
#: Methods whose repetition has no further effect (RFC 9110, 9.2.2): always safe to retry.
IDEMPOTENT_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"})
#: Failures that happen before any byte of the request is sent.
_NOT_SENT: Final = (_http.ConnectError, _http.ConnectTimeout, _http.PoolTimeout)
REDIRECT_STATUSES: Final = frozenset({301, 302, 303, 307, 308})
DEFAULT_MAX_REDIRECTS: Final = 5
#: Largest decoded body read into memory; a long completion is a few hundred KiB.
DEFAULT_MAX_RESPONSE_SIZE: Final = 64 * 1024 * 1024
#: Largest single server-sent event (a stream's total is not limited).
DEFAULT_MAX_EVENT_SIZE: Final = 16 * 1024 * 1024
#: The usual name of an idempotency-key header (``x-codegen-idempotency-key: true``); no
#: client sends one unless the document or the caller says the server honours it.
DEFAULT_IDEMPOTENCY_HEADER: Final = "Idempotency-Key"

_MISSING: Any = object()
_T = TypeVar("_T")
_HttpClientT = TypeVar("_HttpClientT", bound=_http.Client | _http.AsyncClient)
_URL_CACHE_SIZE: Final = 256  # distinct request URLs kept parsed per client


@dataclass(frozen=True)
class ResponseTargets:
    """What one operation's documented responses parse into.

    ``success`` and ``errors`` map a status key (``"200"``, ``"2XX"``, ``"default"``) to a parse
    target: a pydantic model class or any type ``TypeAdapter`` accepts, ``bytes`` (binary),
    ``str`` (text) or ``None`` (no body); a success status documented with several media
    types maps to a mapping of media type -> target (``{"application/json": Thing,
    "text/csv": str}``), picked by the answer's ``Content-Type``. A 2xx status the table does
    not list parses into the documented success type (``_parse.success_target``: the rule
    for several). ``headers`` maps documented response header names
    to python types for ``APIResponse.typed_headers``; ``stream_chunk`` is the type of each
    server-sent event when the call streams, and ``plain_events`` says its events are plain
    server-sent events rather than OpenAI's (see ``_streaming``).
    """

    success: Mapping[str, object]
    errors: Mapping[str, object] = field(default_factory=dict)
    headers: Mapping[str, object] = field(default_factory=dict)
    stream_chunk: object | None = None
    plain_events: bool = False


class ResponseSpec(Generic[_T]):
    """What the spec documents for one operation's responses; ``_T`` is the python type of
    the success bodies (the generated module declares it beside the spec's entries).

    A generated resource module gives ``build``, a function returning the
    :class:`ResponseTargets`, called once, on the operation's first call: the module names
    its models without importing them, so importing a resource loads no model. The tables
    may also be given directly (``ResponseSpec(success={"200": Pet})``).
    """

    __slots__ = ("_build", "_targets", "list_items")

    def __init__(
        self,
        build: Callable[[], ResponseTargets] | None = None,
        /,
        *,
        success: Mapping[str, object] | None = None,
        errors: Mapping[str, object] | None = None,
        headers: Mapping[str, object] | None = None,
        stream_chunk: object | None = None,
        plain_events: bool = False,
    ) -> None:
        self._build = build
        self._targets: ResponseTargets | None = None
        #: a list's answers: the name of their array of items (``listing``)
        self.list_items: str | None = None
        if build is None:
            self._targets = ResponseTargets(
                success or {}, errors or {}, headers or {}, stream_chunk, plain_events
            )

    @property
    def resolved(self) -> bool:
        """Whether the targets have been built (the models they name imported)."""
        return self._targets is not None

    @property
    def targets(self) -> ResponseTargets:
        """The parse targets, built on first use (two threads may both build them: the same
        tables either way)."""
        targets = self._targets
        if targets is None:
            assert self._build is not None
            targets = self._targets = self._build()
        return targets

    @property
    def success(self) -> Mapping[str, object]:
        """Status key -> parse target of the 2xx answers."""
        return self.targets.success

    @property
    def errors(self) -> Mapping[str, object]:
        """Status key -> parse target of the documented error answers."""
        return self.targets.errors

    @property
    def headers(self) -> Mapping[str, object]:
        """Documented response header -> its python type."""
        return self.targets.headers

    @property
    def stream_chunk(self) -> object | None:
        """The type of one server-sent event, when the call streams."""
        return self.targets.stream_chunk

    @property
    def plain_events(self) -> bool:
        """Whether the stream's events are plain server-sent events (not OpenAI's)."""
        return self.targets.plain_events

    def listing(self, items: str) -> ResponseSpec[_T]:
        """This spec for the pages of a list, whose answers hold their items in ``items``: an
        answer whose ``items`` is no array is refused (iterated, a string gave its letters as
        items, an object its keys)."""
        pages: ResponseSpec[_T] = ResponseSpec(self._build)
        # built once, here: a list called again shares them (each call makes its own spec)
        pages._targets, pages.list_items = self.targets, items
        return pages

    def __repr__(self) -> str:
        if self._targets is None:
            return "ResponseSpec(<not built yet>)"
        return f"ResponseSpec({self._targets!r})"


@dataclass
class RequestOptions:
    """Everything about one call's request; built by ``_base_resource`` from a generated
    method's path, body and options."""

    method: str
    path: str
    query: Mapping[str, object] = field(default_factory=dict)
    headers: Mapping[str, str] = field(default_factory=dict)
    cookies: Mapping[str, str] = field(default_factory=dict)
    json_body: object | NotGiven = NOT_GIVEN
    # a form's fields, or (a ``str``) the form already encoded, sent as given
    form: Mapping[str, object] | str | None = None
    # (part name, file) pairs: a name repeats for an array of files
    files: Sequence[tuple[str, object]] | Mapping[str, object] | None = None
    content: bytes | str | None = None
    content_type: str | None = None
    extra_headers: Headers | None = None
    extra_query: Query | None = None
    extra_body: Mapping[str, object] | None = None
    timeout: Timeout | NotGiven = NOT_GIVEN
    max_retries: int | NotGiven = NOT_GIVEN
    #: the operation's own ``security`` (alternatives of scheme names; ``()`` among them:
    #: public); ``None``: the document's
    security: Sequence[Sequence[str]] | None = None
    #: the operation may be sent again whatever happened to an attempt (``x-codegen-retry-safe``:
    #: repeating it costs but changes nothing, as a completion), as an idempotent method is
    retry_safe: bool = False
    #: the idempotency-key header the document declares for this operation (the server
    #: de-duplicates on it); ``None``: the client's ``idempotency_header``
    idempotency_header: str | None = None
    #: the server the document names for this operation alone (see ``_operation_servers``)
    server: str | None = None


@dataclass
class _Prepared:
    """A request ready to send, identical for every attempt."""

    method: str
    url: str
    params: list[tuple[str, Any]]
    headers: dict[str, str]
    content: bytes | None
    data: Mapping[str, Any] | None
    files: _uploads.Parts | None  # paths and one-shot files wrapped to be sent again (or not)
    timeout: Timeout
    max_retries: int
    omitted: frozenset[str] = frozenset()  # lower-cased header names removed with Omit
    credentials: tuple[Credential, ...] = ()  # sent only to the configured origin
    # a redirect of its chain went to another origin: no credential nor kept cookie follows,
    # not even back home (the foreign host chose that request)
    left_home: bool = False
    # idempotent method, an operation marked retry-safe, or an idempotency key is sent: any
    # failure may be retried; else only one that provably had no effect
    retry_safe: bool = True


# -- pure helpers --------------------------------------------------------------------------


def _callers_level() -> int:
    """The ``stacklevel`` of a warning raised by the function calling this one that names the
    first line outside this package: the user's ``Client(...)``, however many constructors
    (the generated client's, the engine's) lie between."""
    package = os.path.dirname(__file__)
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and os.path.dirname(frame.f_code.co_filename) == package:
        frame, level = frame.f_back, level + 1
    return level


def dump_model(
    instance: pydantic.BaseModel, given: object, *, names: Mapping[str, str] | None = None
) -> Any:
    """``instance.model_dump(mode="json", by_alias=True, exclude_unset=True)`` (its per-call
    Python layer skipped), where ``instance`` was validated from the caller's ``given`` value;
    with the constants of each model instance the caller made written, set or not:
    ``type: Literal["UninstallApp"] = "UninstallApp"`` is how a request tells its variants apart
    (a discriminator, a one-value enum with its default, a ``const``), and leaving it out as
    unset sent ``models.Uninstall(...)`` as what the server read as an install. A dict the
    caller gave gets none: the branch a union's validation took for it is no choice of theirs.
    Bytes that are not UTF-8 raise ``RequestValidationError`` naming where they are (``names``:
    the argument of each of ``given``'s keys, where they differ)."""
    serializer = type(instance).__pydantic_serializer__
    try:
        if isinstance(serializer, pydantic_core.SchemaSerializer):
            dumped = serializer.to_python(instance, mode="json", by_alias=True, exclude_unset=True)
        else:
            dumped = instance.model_dump(mode="json", by_alias=True, exclude_unset=True)
    except (UnicodeDecodeError, pydantic_core.PydanticSerializationError):
        named = given  # by the arguments' names, where they differ from the keys
        if names and isinstance(given, dict):
            named = {names.get(key, key): item for key, item in given.items()}
        place = _undecodable_bytes(named, "")
        if place is None:
            raise
        # JSON holds text: pydantic writes a `bytes` field (`format: binary`, which has no JSON
        # form) as UTF-8 text, and other bytes cannot be written (a raw UnicodeDecodeError);
        # encoding them (base64?) is a guess about the server that only the caller can make
        raise RequestValidationError(
            f"{place}: bytes that are not UTF-8 text cannot be sent in this body, which holds "
            "text (JSON, a form); pass them encoded as text the way the API expects (base64, "
            "...); nothing was sent"
        ) from None
    return _with_constants(given, dumped)


def _undecodable_bytes(value: object, place: str) -> str | None:
    """Where in ``value`` (what the caller gave: mappings, lists, models) bytes that are not
    UTF-8 sit (``data``, ``items[0].blob``; ``body`` for the value itself); ``None`` when
    nowhere."""
    if isinstance(value, bytes | bytearray):
        try:
            bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            return place or "body"
        return None
    for step, item in _parts_of(value):
        joined = step if step.startswith("[") or not place else f".{step}"
        found = _undecodable_bytes(item, f"{place}{joined}")
        if found is not None:
            return found
    return None


def _parts_of(value: object) -> Iterator[tuple[str, object]]:
    """(the name or ``[index]`` of each value ``value`` holds, the value), for a model (the fields
    set, its extras among them), a mapping or a list; nothing for anything else."""
    if isinstance(value, pydantic.BaseModel):
        yield from ((name, getattr(value, name, None)) for name in value.model_fields_set)
    elif isinstance(value, Mapping):
        yield from ((str(key), item) for key, item in value.items())
    elif isinstance(value, list | tuple):
        yield from ((f"[{index}]", item) for index, item in enumerate(value))


def _with_constants(given: object, dumped: Any) -> Any:
    """``dumped`` (the JSON-mode dump of what ``given`` was validated into: the same places,
    by wire names) with the constants (:func:`_model_plan`) of each model instance in
    ``given`` put in where the dump left them out; updated in place."""
    if isinstance(given, pydantic.RootModel):
        _with_constants(given.root, dumped)
    elif isinstance(given, pydantic.BaseModel):
        if type(dumped) is dict:
            constants, keys = _model_plan(type(given))
            for key, constant in constants:
                dumped.setdefault(key, constant)
            for name in given.model_fields_set:
                key = keys.get(name, name)
                if key in dumped:
                    _with_constants(getattr(given, name, None), dumped[key])
            for name, value in (given.__pydantic_extra__ or {}).items():
                if name in dumped:
                    _with_constants(value, dumped[name])
    elif isinstance(given, list | tuple):
        if type(dumped) is list and len(dumped) == len(given):
            for item, out in zip(given, dumped, strict=True):
                _with_constants(item, out)
    elif isinstance(given, dict) and type(dumped) is dict:
        for key, item in given.items():
            if isinstance(key, str) and key in dumped:
                _with_constants(item, dumped[key])
    return dumped


_PLANS: dict[type, tuple[tuple[tuple[str, Any], ...], dict[str, str]]] = {}


def _model_plan(
    model: type[pydantic.BaseModel],
) -> tuple[tuple[tuple[str, Any], ...], dict[str, str]]:
    """A model class's constants (wire name, value: a field typed ``Literal[x]`` whose default
    is ``x``) and each field's wire name by its name."""
    plan = _PLANS.get(model)
    if plan is None:
        constants: list[tuple[str, Any]] = []
        keys: dict[str, str] = {}
        for name, info in model.model_fields.items():
            key = keys[name] = info.serialization_alias or info.alias or name
            choices = get_args(info.annotation) if get_origin(info.annotation) is Literal else ()
            one = choices[0] if len(choices) == 1 else None
            if one is not None and type(info.default) is type(one) and info.default == one:
                constants.append((key, one))
        plan = _PLANS[model] = (tuple(constants), keys)
    return plan


def _json_default(value: object) -> object:
    """``json.dumps`` fallback for values a request model may leave un-dumped."""
    if isinstance(value, pydantic.BaseModel):
        return dump_model(value, value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, _dt.datetime | _dt.date | _dt.time):
        return value.isoformat()
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _plain(value: object) -> bool:
    """Whether ``value`` is made of exactly str, int, bool, None, finite float, list and
    str-keyed dict (no subclasses): the values pydantic-core encodes as ``json.dumps`` does."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return True
    if kind is dict and isinstance(value, dict):
        for key, item in value.items():
            if type(key) is not str or not _plain(item):
                return False
        return True
    if kind is list and isinstance(value, list):
        for item in value:
            if not _plain(item):
                return False
        return True
    return kind is float and isinstance(value, float) and math.isfinite(value)


def encode_json(body: object) -> bytes:
    """The compact UTF-8 JSON encoding used for every request body.

    Plain JSON values are encoded by pydantic-core (about twice as fast as ``json.dumps``
    here, the check included; same values once decoded, the text may differ only in how a
    float's exponent is written, ``1e-7`` for ``1e-07``); anything else (models, enums,
    dates, sets, ...) by ``json.dumps`` with :func:`_json_default`.
    """
    if _plain(body):
        with contextlib.suppress(ValueError):  # e.g. a lone surrogate: json.dumps says why
            return pydantic_core.to_json(body)
    try:
        text = json.dumps(
            body, separators=(",", ":"), ensure_ascii=False, default=_json_default, allow_nan=False
        )
    except ValueError as exc:
        if "Out of range float" not in str(exc):
            raise
        raise RequestValidationError(
            "body: holds NaN or an infinity, which JSON does not have (json.dumps would write "
            "NaN); nothing was sent"
        ) from None
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate ("\ud800" read from a lenient answer)
        raise RequestValidationError(
            f"body: holds a lone surrogate (U+{ord(text[exc.start]):04X}, character {exc.start} "
            "of its JSON), which UTF-8 cannot encode; nothing was sent"
        ) from None


def _lookup(table: Mapping[str, object], status: int) -> object:
    """The entry for ``status``: exact code, then ``"2XX"``-style range, then ``"default"``."""
    found = table.get(str(status), _MISSING)
    if found is not _MISSING:
        return found
    for key in (f"{status // 100}XX", f"{status // 100}xx", "default"):
        if key in table:
            return table[key]
    return _MISSING


# RFC 6265 cookie-octets other than `%` (COOKIE_SAFE): everything else in a cookie value
# (space, `;`, `,`, `"`, `\`, controls, non-ASCII) is percent-encoded: one value, one cookie.


def _skip(value: object) -> bool:
    return value is None or isinstance(value, Omit | NotGiven)


#: The characters of a header name (RFC 9110 5.1, ``token``): anything else, a space, a
#: colon or a line break, would end the name early and write a header nobody asked for.
_TOKEN_CHARS: Final = frozenset(
    "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
)


def is_token(name: str) -> bool:
    """Whether ``name`` can be a header or a cookie name: a non-empty ``token`` (RFC 9110 5.1,
    RFC 6265 4.1.1)."""
    return bool(name) and _TOKEN_CHARS.issuperset(name)


def header_problem(value: str) -> str | None:
    """What makes ``value`` unsendable as a header value (RFC 9110 field-value, ASCII only;
    no space or tab around it, which the HTTP library refuses and a server would strip)."""
    if "\r" in value or "\n" in value:
        return "contains a line break"
    if _controls(value):
        return "contains a control character"
    if not value.isascii():
        return "contains a non-ASCII character"
    if value != value.strip(" \t"):
        return "starts or ends with a space or tab"
    return None


def timeout_problem(timeout: object) -> str | None:
    """Why ``timeout`` is no timeout the HTTP library can wait (``None``, seconds as a finite
    number > 0, or an ``httpx.Timeout`` of such parts, its pool timeout >= 0), or None. A
    negative or NaN one failed at the socket with a ValueError (reported as a bad redirect), an
    infinite one with an OverflowError: ``None`` is no timeout. Zero made a socket of the sync
    client non-blocking (a connection error, "Operation now in progress") where the async
    client timed out: a wait of no time is no timeout either."""
    parts: tuple[tuple[object, int], ...] = ((timeout, 0),)
    if isinstance(timeout, _http.Timeout):
        parts = ((timeout.connect, 0), (timeout.read, 0), (timeout.write, 0), (timeout.pool, -1))
    for part, above in parts:
        if part is None:
            continue
        if isinstance(part, bool) or not isinstance(part, int | float):
            return f"must be seconds (a number) or None, not {type(part).__name__}"
        if not (math.isfinite(part) and part > above):
            least = "> 0" if above == 0 else ">= 0 for the pool"
            return f"must be a finite number of seconds {least}, or None for none (got {part!r})"
    return None


def retries_problem(max_retries: object) -> str | None:
    """Why ``max_retries`` is no count of retries (an int >= 0), or None."""
    if isinstance(max_retries, bool) or not isinstance(max_retries, int):
        return f"must be an int, not {type(max_retries).__name__}"
    return "must be >= 0" if max_retries < 0 else None


def options_problem(**options: object) -> str | None:
    """The first of ``options`` (``timeout``, ``max_retries``, in the order given; a
    ``NOT_GIVEN`` one is not checked) that no request can use, with why; None when each can."""
    for name, value in options.items():
        if isinstance(value, NotGiven):
            continue
        problem = timeout_problem(value) if name == "timeout" else retries_problem(value)
        if problem is not None:
            return f"{name} {problem}"
    return None


def check_headers(where: str, headers: Mapping[Any, object] | None) -> None:
    """``RequestValidationError`` for the first header of ``headers`` (the caller's
    ``extra_headers`` or ``default_headers``, named by ``where``) that cannot be sent, before
    anything is: the HTTP library would refuse it with an error naming neither, or (a number,
    bytes) send its ``str``. The value is never shown (it may be a token), nor a name that is
    not a valid one (it may be a whole ``Name: value`` line). ``Omit`` and ``None`` are no
    values: they remove or leave a header."""
    for name, value in (headers or {}).items():
        if not isinstance(name, str) or not is_token(name):
            kind = type(name).__name__
            raise RequestValidationError(
                f"{where}: a header name is not a valid one (got {kind}, not shown: a name is "
                "a non-empty str of letters, digits and !#$%&'*+-.^_`|~); nothing was sent"
            )
        if value is None or isinstance(value, Omit | NotGiven):
            continue
        problem = (
            header_problem(value)
            if isinstance(value, str)
            else f"is not a str (got {type(value).__name__})"
        )
        if problem is not None:
            raise RequestValidationError(
                f"{where} {name!r}: {problem} (the value is not shown); nothing was sent"
            )


def _put(
    headers: dict[str, tuple[str, str]], omitted: set[str], source: Mapping[str, object] | None
) -> None:
    """Merge ``source`` into ``headers`` (lower-cased name -> (name, value)): ``Omit``
    removes a header, ``None`` and ``NotGiven`` leave it as it is."""
    for name, value in (source or {}).items():
        key = name.lower()
        if isinstance(value, Omit):
            headers.pop(key, None)
            omitted.add(key)
        elif not isinstance(value, NotGiven) and value is not None:
            headers[key] = (name, str(value))
            omitted.discard(key)


def _form_content(
    form: Mapping[str, object] | str, extra: Mapping[str, object] | None, content_type: str
) -> bytes:
    """A form body's bytes in the charset its ``content_type`` declares (UTF-8 when none), so
    that a server reading it as declared reads what was given; ``extra_body``'s fields winning
    over the arguments' (as in a JSON body). A form given already encoded (``a=1&b=2``) keeps
    its fields as given, but those ``extra_body`` names, whose values replace them:
    ``extra_body`` is openai-python's way to send what the method does not type, so it is
    merged as fields, never dropped; refusing it would leave no way to add one (the method's
    one argument is the whole form)."""
    codec = _form_codec(content_type)
    if isinstance(form, Mapping):
        return _urlencoded(_form_pairs(form, extra), codec, _percent_codec(codec)).encode("ascii")
    _check_encodable(form, codec, "body")
    if not extra:
        return form.encode(codec)  # as a raw text body is sent
    kept = [
        pair
        for pair in form.split("&")
        if pair and unquote_plus(pair.partition("=")[0]) not in extra
    ]
    # (percent-encoded in the body's own charset: the whole body is text in it, which only a
    # server decoding it as declared reads, and that server decodes the fields so too)
    tail = _urlencoded(_form_pairs(extra), codec, codec)
    return "&".join([*kept, tail] if tail else kept).encode(codec)


def _form_codec(content_type: str) -> str:
    """The codec of the charset a form's ``Content-Type`` declares, UTF-8 when it declares
    none; ``RequestValidationError`` for one Python cannot write text in (sent as declared,
    the body would be bytes the server cannot read as such)."""
    charset = _charset_of(content_type)
    if charset is None:
        return "utf-8"
    codec = _text_codec(charset)
    if codec is None:
        raise RequestValidationError(
            f"the form's Content-Type declares charset={charset[:40]!r}, which Python cannot "
            "encode text in; nothing was sent"
        )
    return codec


def _text_codec(charset: str) -> str | None:
    """The name of the codec Python writes ``charset``'s text with, or None: unknown, or no
    text encoding (``base64``: ``str.encode`` refuses it), or none a server reads."""
    try:
        name = codecs.lookup(charset).name
        "".encode(name)
    except LookupError:
        return None
    return None if name in UNUSABLE_CODECS else name  # (``idna`` writes ``xn--`` labels)


def _charset_of(content_type: str) -> str | None:
    """The ``charset`` parameter of a media type (``text/plain; charset="utf-8"``), or None."""
    for parameter in content_type.split(";")[1:]:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset":
            return value.strip().strip('"') or None
    return None


def _form_pairs(*sources: Mapping[str, object] | None) -> list[tuple[str, object]]:
    """A form's fields, merged as :func:`_query_pairs` merges a query (later wins, an array
    repeats its field, None and ``Omit`` leave it out), each value written as the method's own
    form fields are (``_operations.form_fields``): a bool as ``true`` or ``false``, an object
    (or an array holding one) as one field of JSON text; Python wrote ``True``, and urlencode
    sent ``{"x": 1}`` as ``x``, its keys alone."""
    merged: dict[str, object] = {}
    for source in sources:
        if source:
            merged.update(source)
    nested = {str(key): _form_json(str(key), value) for key, value in merged.items()}
    return [(key, _form_bool(value)) for key, value in _query_pairs(nested)]


def _form_json(key: str, value: object) -> object:
    """An object, or an array holding an object or an array, as one field of JSON text (as
    ``_operations`` writes a form field); any other value as it is."""
    nests = isinstance(value, dict) or (
        isinstance(value, list | tuple)
        and any(isinstance(item, dict | list | tuple) for item in value)
    )
    if not nests:
        return value
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=_json_default)
    except (TypeError, ValueError) as exc:
        raise RequestValidationError(f"form field {key!r}: {exc}; nothing was sent") from None


def _form_bool(value: object) -> object:
    """A bool as JSON and httpx's ``data=`` write it (``true``), where ``str`` wrote ``True``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def _urlencoded(pairs: list[tuple[str, object]], codec: str, percent: str) -> str:
    """``pairs`` percent-encoded in ``percent``; a name or value ``codec`` (the form's
    charset) cannot write is refused first, by where it is (a value is never shown: it may be
    a secret)."""
    for index, (key, value) in enumerate(pairs, 1):
        _check_encodable(key, codec, f"form field #{index}'s name")
        if isinstance(value, str):
            _check_encodable(value, codec, f"form field {key!r}")
    return urlencode(pairs, doseq=True, encoding=percent)


def _percent_codec(codec: str) -> str:
    """The codec a form's fields are percent-encoded in: ``codec``, unless it does not write
    ASCII as ASCII (UTF-16, UTF-32: each field would carry a byte-order mark), then UTF-8,
    as browsers send such a form (WHATWG's ``application/x-www-form-urlencoded``)."""
    return codec if "a".encode(codec) == b"a" else "utf-8"


def _check_encodable(text: str, codec: str, where: str) -> None:
    """``RequestValidationError`` when ``codec`` cannot write ``text``, saying at which
    character (not which: the text may be a secret)."""
    try:
        text.encode(codec)
    except UnicodeEncodeError as exc:
        raise RequestValidationError(
            f"{where}: character {exc.start + 1} cannot be written in the form's charset "
            f"({codec}; the text is not shown); nothing was sent"
        ) from None


def _query_pairs(*sources: Mapping[str, object] | None) -> list[tuple[str, Any]]:
    """Merge query mappings (later wins), explode lists into repeated keys, drop None/Omit."""
    merged: dict[str, object] = {}
    for source in sources:
        if source:
            merged.update(source)
    pairs: list[tuple[str, Any]] = []
    for key, value in merged.items():
        if _skip(value):
            continue
        items = value if isinstance(value, list | tuple) else [value]
        for item in items:
            if _skip(item):
                continue
            if isinstance(item, enum.Enum):
                item = item.value
            pairs.append((key, item))
    return pairs


def should_retry(response: _http.Response) -> bool:
    """Whether a non-2xx answer is worth another attempt."""
    override = response.headers.get("x-should-retry", "").strip().lower()
    if override == "true":
        return True
    if override == "false":
        return False
    return response.status_code in RETRY_STATUSES or response.status_code >= 500


def retry_delay(
    retries_taken: int,
    headers: Mapping[str, str] | None,
    rand: Callable[[], float] = random.random,
) -> float:
    """Seconds to wait before retry number ``retries_taken + 1``."""
    if headers is not None:
        after = parse_retry_after(headers)
        if after is not None and 0 < after <= MAX_RETRY_AFTER:
            return after
    # (the exponent capped: 2.0 ** 1024 overflows, and the delay stops growing long before)
    backoff = min(INITIAL_RETRY_DELAY * 2.0 ** min(retries_taken, 32), MAX_RETRY_DELAY)
    return backoff * (1.0 - 0.25 * rand())


# -- shared client state and logic ---------------------------------------------------------


def _is_bad_location(exc: BaseException) -> bool:
    """Whether the library failed to parse a redirect's ``Location`` while sending: it says so
    with a RemoteProtocolError (a malformed URL) where a URL it parses but cannot send is an
    InvalidURL."""
    return isinstance(exc, _http.RemoteProtocolError) and str(exc).startswith(
        "Invalid URL in location header"
    )


#: Headers the HTTP library sets from the URL and the body: a value from an argument or a
#: document's header parameter would name another virtual host (which the credentials would go
#: to) or frame the body two ways at once (request smuggling).
_FRAMING_HEADERS = frozenset(
    {"host", "content-length", "transfer-encoding", "te", "trailer", "upgrade"}
)


def _refuse_framing_headers(headers: Mapping[str, tuple[str, str]]) -> None:
    """Refuse a request whose headers set one of ``_FRAMING_HEADERS`` (its value not shown)."""
    framing = sorted(name for name, _ in headers.values() if name.lower() in _FRAMING_HEADERS)
    if framing:
        raise APIError(
            f"Invalid request: header {framing[0]!r} is set by the HTTP client from the URL "
            "and the body; a value given for it is refused (change base_url to reach another "
            "host)"
        )


def _check_part_headers(parts: _uploads.Parts) -> None:
    """``RequestValidationError`` for a file part whose content type (``(filename, file,
    content_type)``) or own headers hold a line break or a control character: the HTTP library
    writes them into the part's head as they are (where it escapes the filename), so a value
    would add headers to the part or end its head early. No value is shown."""
    for name, value in parts:
        if not isinstance(value, tuple):
            continue
        shown = excerpt(repr(name), 80)
        if len(value) >= 3 and value[2] is not None:
            kind = value[2]
            if not isinstance(kind, str) or _controls(kind):
                raise RequestValidationError(
                    f"file part {shown}: its content type must be a str without line breaks or "
                    "control characters (it is written as the part's Content-Type header); "
                    "nothing was sent"
                )
        if len(value) >= 4 and value[3] is not None:
            check_headers(f"file part {shown} headers", value[3])


def _controls(value: str) -> bool:
    """Whether ``value`` holds a line break or another control character (a tab aside)."""
    return any((ord(char) < 0x20 and char != "\t") or ord(char) == 0x7F for char in value)


def body_seconds(timeout: Timeout) -> float | None:
    """The time a whole body the client reads at once may take: ``timeout``'s read timeout
    (``None``: no limit)."""
    return timeout.read if isinstance(timeout, _http.Timeout) else timeout


class _WrappedBody(_http.SyncByteStream, _http.AsyncByteStream):
    """A response's body read through another: closing it closes the one it wraps."""

    def __init__(self, stream: _http.SyncByteStream | _http.AsyncByteStream) -> None:
        self._stream = stream

    def close(self) -> None:
        assert isinstance(self._stream, _http.SyncByteStream)
        self._stream.close()

    async def aclose(self) -> None:
        assert isinstance(self._stream, _http.AsyncByteStream)
        await self._stream.aclose()


class _BodyDeadline(_WrappedBody):
    """A response's body that fails with ``DeadlinePassedError`` (a ``ReadTimeout``) once it has
    taken more than ``seconds`` since its headers came: the read timeout bounds only the wait
    between two reads, and a server sending a byte every few seconds kept a call going for ever
    (a slow-loris). Checked as each piece arrives: past the deadline by at most one read's
    wait."""

    def __init__(
        self,
        stream: _http.SyncByteStream | _http.AsyncByteStream,
        request: _http.Request,
        seconds: float,
    ) -> None:
        super().__init__(stream)
        self._request = request
        self._seconds = seconds
        self._deadline = time.monotonic() + seconds
        self._received = 0  # bytes of the body, as sent (before any decoding)

    def _check(self, piece: bytes) -> None:
        self._received += len(piece)
        if time.monotonic() > self._deadline:
            raise DeadlinePassedError(
                _still_arriving("The response body", self._seconds, self._received),
                request=self._request,
            )

    def __iter__(self) -> Iterator[bytes]:
        assert isinstance(self._stream, _http.SyncByteStream)
        for piece in self._stream:
            self._check(piece)
            yield piece

    async def __aiter__(self) -> AsyncIterator[bytes]:
        assert isinstance(self._stream, _http.AsyncByteStream)
        async for piece in self._stream:
            self._check(piece)
            yield piece


def _still_arriving(what: str, seconds: float, received: int) -> str:
    """The message of ``DeadlinePassedError``: what had come when the deadline ended the answer."""
    return (
        f"{what} did not come whole within {seconds:g} s (the read timeout, which also bounds "
        f"a whole answer the client reads): it was still arriving, {received} bytes received. "
        "Not retried, as a retry would have no more time: a longer timeout= lets it finish"
    )


#: A read the answer's clock cut short that timed out after a silence shorter than this share
#: of the read timeout was ended by the deadline, the answer arriving until then (a retry
#: would have no more time); a longer silence is a stall, retried.
_STALL_SHARE: Final = 0.5


class _AnswerClock:
    """The time one answer (status line, headers and the body the client reads) may take,
    started by its first read: the request's upload is not counted."""

    __slots__ = ("received", "seconds", "until")

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.until: float | None = None
        self.received = 0  # bytes of this answer read so far, its head included

    def restart(self) -> None:
        """Start again at the next read (see ``_restart_clock``)."""
        self.until = None
        self.received = 0

    def read_timeout(self, timeout: float | None) -> float | None:
        """The timeout of the next read: what is left of the answer's time, when less than
        ``timeout``; ``DeadlinePassedError`` once none is left (a server sending `100 Continue`
        forever has a byte ready at every read)."""
        now = time.monotonic()
        if self.until is None:
            self.until = now + self.seconds
            left = self.seconds  # exactly: `until - now` is off by a rounding
        else:
            left = self.until - now
        if left <= 0:
            raise self.passed()
        return left if timeout is None else min(timeout, left)

    def ended(self, exc: Exception, bounded: float | None, timeout: float | None) -> bool:
        """Whether a read that waited at most ``bounded`` (the clock's cut of ``timeout``) and
        failed with ``exc`` was ended by the answer's deadline while the answer was arriving:
        it timed out (the network library's own ``ReadTimeout``, the only timeout a read
        raises, known by its name: the library is not imported here) after a silence shorter
        than :data:`_STALL_SHARE` of the read timeout. A longer one is a stall, retried as any
        read timeout is (the server answering at once, then stalling, meets both together)."""
        if type(exc).__name__ != "ReadTimeout" or bounded is None:
            return False
        return timeout is None or bounded < timeout * _STALL_SHARE

    def passed(self) -> DeadlinePassedError:
        """The error of an answer whose time ran out while it was arriving."""
        return DeadlinePassedError(_still_arriving("The answer", self.seconds, self.received))

    def read(self, read: Callable[[float | None], _T], timeout: float | None) -> _T:
        """``read(its timeout)``, one read of the connection within the answer's time; a read
        the deadline ended (:meth:`ended`) raises ``DeadlinePassedError``."""
        bounded = self.read_timeout(timeout)
        try:
            return read(bounded)
        except Exception as exc:
            if self.ended(exc, bounded, timeout):
                raise self.passed() from exc
            raise

    async def aread(
        self, read: Callable[[float | None], Awaitable[_T]], timeout: float | None
    ) -> _T:
        """The async twin of :meth:`read`."""
        bounded = self.read_timeout(timeout)
        try:
            return await read(bounded)
        except Exception as exc:
            if self.ended(exc, bounded, timeout):
                raise self.passed() from exc
            raise


#: The clock of the answer being read in this thread or task (``None``: unbounded, as a
#: stream's events are once the call has returned it).
_ANSWER_CLOCK: contextvars.ContextVar[_AnswerClock | None] = contextvars.ContextVar(
    "_ANSWER_CLOCK", default=None
)


@contextlib.contextmanager
def _answer_clock(timeout: Timeout) -> Iterator[_AnswerClock | None]:
    """Bound the reads of an answer, while the block runs, by ``timeout``'s read timeout in
    all (see ``_bound_reads``); the clock given restarts (``until = None``) for each answer."""
    seconds = body_seconds(timeout)
    clock = None if seconds is None else _AnswerClock(seconds)
    token = _ANSWER_CLOCK.set(clock)
    try:
        yield clock
    finally:
        _ANSWER_CLOCK.reset(token)


class _BoundedStream:
    """A connection of the HTTP library whose reads stop at the answer's clock."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        clock = _ANSWER_CLOCK.get()
        if clock is None:
            unbounded: bytes = self._stream.read(max_bytes, timeout)
            return unbounded
        data: bytes = clock.read(lambda bounded: self._stream.read(max_bytes, bounded), timeout)
        clock.received += len(data)
        return data

    def start_tls(self, *args: Any, **kwargs: Any) -> _BoundedStream:
        _restart_clock()
        return _BoundedStream(self._stream.start_tls(*args, **kwargs))


class _AsyncBoundedStream(_BoundedStream):
    """The async twin of ``_BoundedStream``."""

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:  # type: ignore[override]
        clock = _ANSWER_CLOCK.get()
        if clock is None:
            unbounded: bytes = await self._stream.read(max_bytes, timeout)
            return unbounded
        data: bytes = await clock.aread(
            lambda bounded: self._stream.read(max_bytes, bounded), timeout
        )
        clock.received += len(data)
        return data

    async def start_tls(self, *args: Any, **kwargs: Any) -> _AsyncBoundedStream:  # type: ignore[override]
        _restart_clock()
        return _AsyncBoundedStream(await self._stream.start_tls(*args, **kwargs))


def _restart_clock() -> None:
    """The answer's clock starts again at its next read: for each answer of a redirect, and
    when TLS starts on a connection whose reads so far were a proxy's (the `CONNECT` reply, a
    SOCKS handshake), the answer yet to come after the request's upload, which is not counted."""
    clock = _ANSWER_CLOCK.get()
    if clock is not None:
        clock.restart()


class _BoundedBackend:
    """The HTTP library's network backend, its connections ``_BoundedStream``s."""

    def __init__(self, backend: Any, stream: type[_BoundedStream]) -> None:
        self._backend = backend
        self._stream = stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self._backend, name)

    def connect_tcp(self, *args: Any, **kwargs: Any) -> Any:
        return self._bounded(self._backend.connect_tcp(*args, **kwargs))

    def connect_unix_socket(self, *args: Any, **kwargs: Any) -> Any:
        return self._bounded(self._backend.connect_unix_socket(*args, **kwargs))

    def _bounded(self, connected: Any) -> Any:
        """The connection the library's backend made, bounded (awaited first, when async)."""
        if self._stream is _BoundedStream:
            return _BoundedStream(connected)

        async def bounded() -> _BoundedStream:
            return _AsyncBoundedStream(await connected)

        return bounded()


def _transports(client: _http.Client | _http.AsyncClient) -> list[object]:
    """The transports ``client`` sends through (private to the HTTP library: none found is
    none there)."""
    return [getattr(client, "_transport", None), *getattr(client, "_mounts", {}).values()]


def _bound_reads(client: _http.Client | _http.AsyncClient) -> None:
    """Make every connection of ``client`` (one this package made) read an answer within the
    answer's clock (``_answer_clock``), its headers included: the HTTP library's read timeout
    bounds the wait between two reads only, and a server sending its headers a byte at a time,
    or ``100 Continue`` forever, kept a call going as long as it liked. Reaches the library's
    connection pools, which are private: a library without them is left as it is (the body is
    still bounded, ``_BodyDeadline``)."""
    stream = _AsyncBoundedStream if isinstance(client, _http.AsyncClient) else _BoundedStream
    for transport in _transports(client):
        pool = getattr(transport, "_pool", None)
        backend = getattr(pool, "_network_backend", None)
        if backend is not None and not isinstance(backend, _BoundedBackend):
            pool._network_backend = _BoundedBackend(backend, stream)  # type: ignore[union-attr]


def _bound_body_time(response: _http.Response, timeout: Timeout) -> None:
    """Make the body of ``response``, which the client is about to read whole, fail once it
    has taken longer than ``timeout``'s read timeout (see ``_BodyDeadline``)."""
    seconds = body_seconds(timeout)
    if seconds is not None:
        response.stream = _BodyDeadline(response.stream, response.request, seconds)


def _with_request_id(parsed: _T, response: _http.Response) -> _T:
    """``parsed`` with the server's request id as ``_request_id`` when it is a model (as
    openai-python's models have it; ``None`` when the answer names none). The attribute is
    not a field: ``model_dump`` and ``==`` leave it out. Set past ``__setattr__``, so that a
    frozen model takes it too."""
    if isinstance(parsed, pydantic.BaseModel):
        object.__setattr__(parsed, "_request_id", request_id(response.headers))
    return parsed


#: What a client this package makes asks for in ``Accept-Encoding``: the codings decoded in
#: bounded steps (gzip and deflate expand one read at most about a thousandfold).
ACCEPT_ENCODING: Final = "gzip, deflate"
#: Codings the HTTP library decodes once their optional package is installed (``brotli``,
#: ``zstandard``): one read of a few KiB decodes whole, into gigabytes, before any of it can
#: be counted against ``max_response_size``.
_UNBOUNDED_CODINGS: Final = frozenset({"br", "zstd"})


def _bound_decoding(response: _http.Response) -> None:
    """A body compressed twice over (``Content-Encoding: gzip, gzip``) expands a thousandfold
    per layer inside the HTTP library, a few kilobytes into gigabytes, before any of it can be
    counted against ``max_response_size``: such a body is not decoded at all. Nor is a body in
    a coding of ``_UNBOUNDED_CODINGS`` the request did not ask for (the client asks for
    ``ACCEPT_ENCODING``; an ``Accept-Encoding`` the caller sets is the caller's choice). A
    body in one coding is decoded in small steps (``_SmallPieces``)."""
    codings = response.headers.get("content-encoding", "").lower().split(",")
    applied = [coding.strip() for coding in codings if coding.strip() not in ("", "identity")]
    if len(applied) > 1:
        raise _http.DecodingError(
            f"{len(applied)} content codings stacked ({', '.join(applied)}) are not decoded: "
            "a small body could expand past max_response_size before it is counted"
        )
    if applied and applied[0] in _UNBOUNDED_CODINGS:
        asked = response.request.headers.get("accept-encoding", "")
        if not {applied[0], "*"} & _asked_codings(asked):
            raise _http.DecodingError(
                f"Content-Encoding {applied[0]!r} was not asked for (Accept-Encoding: "
                f"{excerpt(asked, 80) or 'none'}) and is not decoded: one read of it could "
                "expand past max_response_size before it is counted"
            )
    if applied:
        response.stream = _SmallPieces(response.stream)


#: The most compressed bytes the HTTP library decodes in one step: gzip and deflate expand
#: them at most about a thousandfold, to 4 MiB.
_CODED_PIECE: Final = 4096


class _SmallPieces(_WrappedBody):
    """A compressed body handed to the HTTP library's decoder ``_CODED_PIECE`` bytes at a time.
    The library decodes whatever one read brought in one piece: 64 KiB of gzip became 64 MiB of
    text at once, which splitting into events or lines (``_streaming``, ``iter_lines``) made a
    list of millions of strings: 1.2 GB for 260 KB on the wire."""

    def __iter__(self) -> Iterator[bytes]:
        assert isinstance(self._stream, _http.SyncByteStream)
        for chunk in self._stream:
            yield from _pieces(chunk)

    async def __aiter__(self) -> AsyncIterator[bytes]:
        assert isinstance(self._stream, _http.AsyncByteStream)
        async for chunk in self._stream:
            for piece in _pieces(chunk):
                yield piece


def _pieces(chunk: bytes) -> Sequence[bytes]:
    """``chunk`` cut into pieces of at most ``_CODED_PIECE`` bytes."""
    if len(chunk) <= _CODED_PIECE:
        return (chunk,)
    return [chunk[start : start + _CODED_PIECE] for start in range(0, len(chunk), _CODED_PIECE)]


def _asked_codings(accept_encoding: str) -> set[str]:
    """The codings an ``Accept-Encoding`` value asks for: ``br;q=0`` refuses ``br``."""
    asked: set[str] = set()
    for entry in accept_encoding.lower().split(","):
        name, *parameters = (part.strip() for part in entry.split(";"))
        weights = [part[2:] for part in parameters if part.startswith("q=")]
        try:
            refused = bool(weights) and float(weights[0]) <= 0
        except ValueError:
            refused = False
        if name and not refused:
            asked.add(name)
    return asked


def _settle_cookies(
    http_client: _http.Client | _http.AsyncClient, request: _http.Request, home: bool, given: bool
) -> None:
    """The HTTP client's cookie jar matches hosts, not origins: a session cookie the home
    origin set stays there (not another port or scheme). To the home origin, a ``Cookie``
    header the request was ``given`` (a cookie parameter's, a credential's) carries the kept
    cookies too (:func:`_with_jar_cookies`)."""
    if not home and not given and "cookie" in request.headers:
        del request.headers["cookie"]
    elif home and given:
        _with_jar_cookies(http_client, request)


def _with_jar_cookies(
    http_client: _http.Client | _http.AsyncClient, request: _http.Request
) -> None:
    """``request``'s ``Cookie`` header (a cookie parameter's, a credential's) with the cookies
    the client keeps for its URL added, but for those of a name it gives: the HTTP client adds
    none to a request that has the header, and a load balancer's affinity cookie or a CSRF
    cookie the server set went missing on exactly the operations with cookie parameters."""
    probe = _http.Request(request.method, request.url)
    http_client.cookies.set_cookie_header(probe)
    kept = probe.headers.get("cookie")
    if not kept:
        return
    given = request.headers["cookie"]
    named = {pair.partition("=")[0].strip() for pair in given.split(";")}
    added = [
        pair.strip() for pair in kept.split(";") if pair.partition("=")[0].strip() not in named
    ]
    if added:
        request.headers["cookie"] = "; ".join([*added, given])


def check_base_url(value: str, named: str = "base_url") -> _http.URL:
    """``value`` as a URL requests can be made under; ``ValueError`` saying what is wrong
    otherwise, naming it as ``named`` (the environment variable a client read it from)."""
    try:
        url = _http.URL(value)
    except _http.InvalidURL as error:  # a control character, a port of two colons...
        raise ValueError(f"{named} {value[:120]!r} is not a URL: {error}") from None
    if url.userinfo:  # the HTTP library would send it as Basic auth, in place of the key
        raise ValueError(
            f"{named} must not carry a user name or password (user:password@host): a URL "
            "shows in logs, reprs and error messages; pass credentials as the client's "
            "credential arguments (or an Authorization header in default_headers)"
        )
    problem = _base_url_problem(value, url)
    if problem is not None:
        # (as given, blanks and all: ` https://...` is refused for its leading space)
        raise ValueError(f"{named} {value[:120]!r} cannot be reached: {problem}")
    if "?" in value or "#" in value:  # the paths would go after them
        raise ValueError(
            f"{named} must not carry a query (?...) or a fragment (#...): each request's "
            "path is appended to it, and would land in the query or be dropped with the "
            "fragment; pass query parameters as default_query="
        )
    return url


def _base_url_problem(given: str, url: _http.URL) -> str | None:
    """What keeps ``url`` from being a base URL, if anything. Checked as the client is made:
    the HTTP library only refuses one at the first request, as a connection error (a base URL
    typed without its scheme, ``api.example.com``, looked like a network failure)."""
    if url.scheme not in ("http", "https"):
        if "://" not in given:
            return f"it has no scheme (https://{excerpt(given, 80)}?)"
        return "it is not an http:// or https:// URL"
    if not url.raw_host:
        return "it has no host"
    if url.port is not None and not 0 < url.port < 65536:
        return "its port is not between 1 and 65535"
    return host_problem(url)


def _without_repeated_prefix(base_url: str, prefix: str) -> str:
    """``base_url`` without ``prefix`` (whole leading path segments every operation's path
    starts with, such as ``/v1``) when its path ends in it, once: ``https://host/v1`` (as
    openai-python's base URLs are written) and ``https://host`` then both reach
    ``https://host/v1/completions``. Any other base URL is returned as it is."""
    if not prefix:
        return base_url
    parts = urlsplit(base_url)
    path = parts.path.rstrip("/")
    if not path.endswith(prefix):  # `prefix` starts with "/": whole segments only
        return base_url
    return urlunsplit(parts._replace(path=path[: -len(prefix)]))


class BaseClient(Generic[_HttpClientT]):
    """State and I/O-free logic shared by :class:`SyncAPIClient` and :class:`AsyncAPIClient`."""

    #: ``User-Agent`` header; ``None`` -> the module's ``USER_AGENT``.
    user_agent: str | None = None
    #: the leading path segments every operation's path shares (``/v1``), set by the
    #: generated client; a base URL ending in them has them dropped once (see ``base_url``)
    _path_prefix: str = ""
    #: the document's default base URL, and the servers its operations name of their own
    #: (``https://uploads.example.com``), set by the generated client: an operation whose
    #: request names one goes there, with the credentials, while the base URL is the
    #: document's; a base URL the user chose (a proxy, a test server) serves every operation
    _document_base_url: str | None = None
    _operation_servers: tuple[str, ...] = ()
    _stream_cls: type[Stream[Any] | AsyncStream[Any]]
    _client: _HttpClientT

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str | None,
        auth_header: str = "Authorization",
        auth_scheme: str = "Bearer",
        auth: Auth | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_redirects: int = DEFAULT_MAX_REDIRECTS,
        max_response_size: int = DEFAULT_MAX_RESPONSE_SIZE,
        max_event_size: int = DEFAULT_MAX_EVENT_SIZE,
        idempotency_header: str | None | NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        strict_response_validation: bool = False,
    ) -> None:
        problem = options_problem(max_retries=max_retries, timeout=timeout)
        if problem is not None:
            raise ValueError(problem)
        for name, value, least in (
            ("max_redirects", max_redirects, 0),
            ("max_response_size", max_response_size, 1),
            ("max_event_size", max_event_size, 1),
        ):
            if value < least:
                raise ValueError(f"{name} must be >= {least}")
        check_headers("default_headers", default_headers)  # refused now, not at each call
        if isinstance(idempotency_header, str):  # a name that would write another header
            check_headers("idempotency_header", {idempotency_header: "key"})
        if auth is None:  # one key in one header: `Authorization: Bearer <key>` by default
            scheme = SecurityScheme(
                "api_key", field=auth_header, prefix=f"{auth_scheme} " if auth_scheme else ""
            )
            auth = Auth(
                [scheme],
                {"api_key": api_key or None},
                requirements=[["api_key"]] if api_key else [],
                sources={"api_key": "api_key"},
            )
        self._auth = auth
        self.__api_key = api_key
        self.base_url = str(base_url)  # after `_auth`: the setter works out the origin
        self.timeout: Timeout = DEFAULT_TIMEOUT if isinstance(timeout, NotGiven) else timeout
        self.max_retries = max_retries
        self.max_redirects = max_redirects
        self.max_response_size = max_response_size
        self.max_event_size = max_event_size
        #: the header every POST/PATCH carries a key in; ``NOT_GIVEN``: only the operations
        #: declaring one; ``None``: no key at all (the user's choice)
        self.idempotency_header: str | None | NotGiven = idempotency_header
        #: a 2xx body that does not match its declared type raises (else it is tolerated)
        self.strict_response_validation = strict_response_validation
        self._default_headers: dict[str, str] = dict(default_headers or {})
        self._default_query: dict[str, object] = dict(default_query or {})
        self._random: Callable[[], float] = random.random
        #: credential headers the HTTP library's repr would show (it hides only Authorization)
        self._hidden = self._auth.sensitive_headers()
        self._wrap_headers = bool(self._hidden - {"authorization", "proxy-authorization"})
        #: query parameters credentials travel in: a request URL's str shows them as ***
        self._hidden_query = self._auth.sensitive_query()
        #: stream flag -> (User-Agent it was built with, base headers, names omitted)
        self._header_cache: dict[bool, tuple[str, dict[str, tuple[str, str]], frozenset[str]]] = {}
        self._warn_if_clear_text()

    def _warn_if_clear_text(self) -> None:
        """Credentials over plain HTTP to another machine can be read on the way: say so."""
        scheme, host, _ = self._origin
        if scheme == "http" and self._auth.given and not is_loopback(host):
            warnings.warn(
                f"base_url {self.base_url!r} is plain http:// to a host other than this "
                "machine: the credentials are sent unencrypted (use https://)",
                UserWarning,
                stacklevel=_callers_level(),
            )

    @property
    def base_url(self) -> str:
        """Where requests go, as given; credentials go only to its origin (scheme, host, port).

        When every operation's path starts with the same segments (``/v1/completions``,
        ``/v1/models``: the client's ``_path_prefix``), a base URL whose path ends in them
        (``https://host/v1``, as openai-python's base URLs and the providers' guides write it)
        has them dropped once when requests are made: ``https://host`` and ``https://host/v1``
        both reach ``https://host/v1/completions``. A base URL ending in anything else, or a
        prefix not every operation shares, is left as it is.
        """
        return self.__base_url

    @base_url.setter
    def base_url(self, value: str) -> None:
        url = check_base_url(str(value))
        self.__base_url = str(value)
        #: what request paths are joined to (the base URL without a repeated path prefix)
        request_base = _without_repeated_prefix(self.__base_url, self._path_prefix)
        self._request_base = request_base.rstrip("/")
        self._origin = _origin_of(url)
        self._servers_apply = bool(self._operation_servers) and (
            self.__base_url.rstrip("/") == (self._document_base_url or "").rstrip("/")
        )
        #: the origins credentials go to: the base URL's, and the operations' own servers'
        #: while the base URL is the document's
        self._origins = frozenset(
            {self._origin}
            | (
                {_origin_of(_http.URL(server)) for server in self._operation_servers}
                if self._servers_apply
                else set()
            )
        )
        self._urls: dict[str, tuple[_http.URL, bool]] = {}

    @property
    def api_key(self) -> str | None:
        """The API key (never shown by ``repr``, logs or exception messages)."""
        return self.__api_key

    @property
    def default_headers(self) -> Mapping[str, str]:
        """The headers every request starts with (as openai-python's ``default_headers``):
        ``Accept``, ``User-Agent`` and the ``default_headers`` given, read-only. The client's
        credentials are not among them: they go only to the base URL's origin, and only with
        the operations that need them (``api_key`` gives the key). A header given here whose
        name says it holds a credential keeps its value, which its ``repr`` hides."""
        headers, _ = self._base_headers(stream=False)
        return HeadersView(dict(headers.values()), hidden=self._hidden)

    def is_closed(self) -> bool:
        """Whether the underlying HTTP client is closed (as openai-python's ``is_closed()``);
        a copy made by ``with_options`` shares it, so closing the original closes the copy."""
        return self._client.is_closed

    def __repr__(self) -> str:
        # each credential under the argument that gives it (a generated client names them:
        # `bearer_auth`, `username` and `password`...; the engine alone takes `api_key`)
        arguments: Mapping[str, object] = getattr(
            self, "credential_arguments", {"api_key": self._auth.given or None}
        )
        shown = "".join(
            f"{name}=<{'none' if value is None else 'set'}> " for name, value in arguments.items()
        )
        return (
            f"<{type(self).__name__} base_url={self.base_url!r} {shown}"
            f"max_retries={self.max_retries} http={_http.LIBRARY}>"
        )

    def _sets_cookies(self, url: str) -> bool:
        """Whether an answer from ``url`` may set this client's cookies: one from an origin its
        credentials go to. The jar matches hosts, not origins: a cookie another port or scheme
        of the same host set, after a redirect there, went home with every request after.
        Asked of every answer: the verdict is the one kept with the parse of the URL without
        its query (`_parsed_url`: the request's own), not worked out again (12 µs a call)."""
        try:
            return self._parsed_url(url.partition("?")[0].partition("#")[0])[1]
        except _http.InvalidURL:
            return False

    def _redact(self, text: str) -> str:
        """``text`` with every credential (in any escaped form) blanked out (servers
        sometimes echo a key back)."""
        return self._auth.redact(text)

    def _link_base(self, request: _http.Request) -> str:
        """The URL a relative ``Link`` in the answer to ``request`` is resolved against: the
        request's, as sent (its ``str`` shows credentials as ``***``), less the client's own
        query credentials (each request adds them again: they would pile up page by page)."""
        return drop_query(str(_http.URL(request.url)), self._hidden_query)

    def _answer_redactor(self, response: _http.Response) -> Callable[[str], str]:
        """``_redact``, and also the values of the request's headers and query parameters named
        like credentials: a header parameter such as ``x-access-token`` (a query parameter
        ``key``) is one the client was never told is a credential, and a server answering an
        error may echo it back."""
        try:
            request = response.request
        except RuntimeError:  # a response made without a request
            return self._redact
        echoed = credential_headers(request.headers) + credential_query(request.url)[1]
        if not echoed:
            return self._redact
        blank_echoed = values_redactor(echoed)
        return lambda text: blank_echoed(self._redact(text))

    # -- building ------------------------------------------------------------------------

    def _url(self, path: str, server: str | None = None) -> str:
        """Where a request for ``path`` goes: its operation's own ``server`` while the base
        URL is the document's (see ``_operation_servers``), else the base URL."""
        if path.startswith(("http://", "https://")):
            return path
        base = server if server is not None and self._servers_apply else self._request_base
        return base.rstrip("/") + "/" + path.lstrip("/")

    def _base_headers(self, stream: bool) -> tuple[dict[str, tuple[str, str]], frozenset[str]]:
        """The headers every request starts from (Accept, User-Agent, the client's
        default headers), merged once per client and ``stream`` flag: lower-cased name ->
        (name, value), and the names removed with ``Omit``."""
        user_agent = self.user_agent or USER_AGENT
        cached = self._header_cache.get(stream)
        if cached is not None and cached[0] == user_agent:
            return cached[1], cached[2]
        headers: dict[str, tuple[str, str]] = {}
        omitted: set[str] = set()
        _put(
            headers,
            omitted,
            {
                "Accept": "text/event-stream" if stream else "application/json",
                "User-Agent": user_agent,
            },
        )
        _put(headers, omitted, self._default_headers)
        _refuse_framing_headers(headers)
        frozen = frozenset(omitted)
        self._header_cache[stream] = (user_agent, headers, frozen)
        return headers, frozen

    def _headers(
        self, options: RequestOptions, *, stream: bool
    ) -> tuple[dict[str, tuple[str, str]], frozenset[str]]:
        """The request headers by lower-cased name, ``(name, value)`` (later sources win),
        and the names removed with ``Omit``."""
        base, base_omitted = self._base_headers(stream)
        headers = base.copy()
        if not (
            options.content_type or options.headers or options.cookies or options.extra_headers
        ):
            return headers, base_omitted
        omitted = set(base_omitted)
        if options.content_type and options.files is None:
            _put(headers, omitted, {"Content-Type": options.content_type})
        _put(headers, omitted, options.headers)  # checked by the method (pick_headers)
        if options.cookies:
            cookie = "; ".join(
                f"{name}={quote(value, safe=COOKIE_SAFE)}"
                for name, value in options.cookies.items()
            )
            _put(headers, omitted, {"Cookie": cookie})
        check_headers("extra_headers", options.extra_headers)
        _put(headers, omitted, options.extra_headers)
        _refuse_framing_headers(headers)
        return headers, frozenset(omitted)

    def _prepare(self, options: RequestOptions, *, stream: bool) -> _Prepared:
        """Turn ``options`` into a :class:`_Prepared` request, serialising the body once."""
        problem = options_problem(timeout=options.timeout, max_retries=options.max_retries)
        if problem is not None:
            raise RequestValidationError(f"{problem}; nothing was sent")
        by_name, omitted = self._headers(options, stream=stream)
        content: bytes | None = None
        data: Mapping[str, Any] | None = None
        files: _uploads.Parts | None = None
        body: object = options.json_body
        if options.extra_body:
            if isinstance(body, Mapping):
                body = {**body, **options.extra_body}
            elif isinstance(body, NotGiven):
                body = dict(options.extra_body)
        if options.files is not None:
            fields: dict[str, Any] = dict(options.form) if isinstance(options.form, Mapping) else {}
            if isinstance(body, Mapping):
                fields.update(body)
            data = {k: v for k, v in fields.items() if not _skip(v)}
            files = _uploads.file_parts(options.files)
            _check_part_headers(files)
            if not files:
                files, data = _uploads.fields_as_parts(data), None
        elif options.form is not None:
            if "content-type" not in by_name:
                by_name["content-type"] = ("Content-Type", "application/x-www-form-urlencoded")
            content = _form_content(options.form, options.extra_body, by_name["content-type"][1])
        elif options.content is not None:
            raw = options.content
            content = raw.encode("utf-8") if isinstance(raw, str) else raw
        elif not isinstance(body, NotGiven):
            content = encode_json(body)
            if "content-type" not in by_name:
                by_name["content-type"] = ("Content-Type", "application/json")
        method = options.method.upper()
        retry_safe = method in IDEMPOTENT_METHODS
        if not retry_safe:
            keyed = self._add_idempotency_key(options, by_name, omitted)
            retry_safe = keyed or options.retry_safe
        # A path the spec wrote with a fixed query (`/items?beta=true`) keeps it: its pairs go
        # first, as the HTTP client replaces a URL's query when it is given params.
        path, _, fixed_query = options.path.partition("?")
        if path.startswith(("http://", "https://")):
            # a link's URL (the next page's): its query is the server's, kept byte for byte
            path, fixed_query = options.path, ""
        return _Prepared(
            method=method,
            url=self._url(path, options.server),
            params=[
                *parse_qsl(fixed_query, keep_blank_values=True),
                *_query_pairs(self._default_query, options.query, options.extra_query),
            ],
            headers=dict(by_name.values()),
            content=content,
            data=data,
            files=files,
            timeout=self.timeout if isinstance(options.timeout, NotGiven) else options.timeout,
            max_retries=(
                self.max_retries
                if isinstance(options.max_retries, NotGiven)
                else options.max_retries
            ),
            omitted=omitted,
            credentials=self._auth.credentials(options.security),
            retry_safe=retry_safe,
        )

    def _add_idempotency_key(
        self,
        options: RequestOptions,
        by_name: dict[str, tuple[str, str]],
        omitted: frozenset[str],
    ) -> bool:
        """Give a POST/PATCH the idempotency key its server honours (the operation's declared
        header, else the client's ``idempotency_header``), one per call so that every attempt
        sends the same; whether a key is sent. Without one nothing is added: a key the server
        ignores would make a retry look safe when it is not. The client's ``None`` (given by
        the user; ``NOT_GIVEN`` is "not named") sends none at all, so nothing is keyed-retried."""
        if self.idempotency_header is None:  # the user turned keys off, everywhere
            return False
        client_header = self.idempotency_header
        header = options.idempotency_header or (
            None if isinstance(client_header, NotGiven) else client_header
        )
        if not header:
            return False
        key = header.lower()
        if key in by_name:  # the caller's own key
            return True
        if key in omitted:  # the caller removed it with Omit
            return False
        by_name[key] = (header, str(uuid.uuid4()))
        return True

    def _parsed_url(self, url: str) -> tuple[_http.URL, bool]:
        """``url`` parsed once (httpx parses a ``str`` URL on every request, tens of µs, while
        a parsed ``URL`` is only copied), and whether credentials may go there."""
        parsed = self._urls.get(url)
        if parsed is None:
            if len(self._urls) >= _URL_CACHE_SIZE:
                self._urls.clear()
            parsed_url = _http.URL(url)
            parsed = self._urls[url] = (parsed_url, _origin_of(parsed_url) in self._origins)
        return parsed

    def _build_request(
        self, http_client: _http.Client | _http.AsyncClient, prepared: _Prepared
    ) -> _http.Request:
        url, home = self._parsed_url(prepared.url)
        home = home and not prepared.left_home
        params, headers = prepared.params, prepared.headers
        if prepared.credentials and home:
            params, headers = self._with_credentials(prepared)
        if params and url.query:
            # a redirect's Location keeps its query, byte for byte (a signed link's too), the
            # credential after it: the HTTP client replaces a URL's query when given params
            url = url.copy_with(query=url.query + b"&" + urlencode(params).encode("ascii"))
            params = []
        try:
            request = http_client.build_request(
                prepared.method,
                url,
                params=params or None,  # [] would still re-parse the URL
                headers=headers,
                content=prepared.content,
                data=prepared.data,
                files=prepared.files,
                timeout=prepared.timeout,
            )
        except _http.HTTPError as exc:
            raise APIError(self._redact(f"Invalid request: {exc}")) from redacted_cause(
                exc, self._redact
            )
        except (ValueError, _http.InvalidURL) as exc:  # InvalidURL is not an HTTPError
            raise APIError(self._redact(f"Invalid request: {exc}")) from redacted_cause(
                exc, self._redact
            )
        for name in prepared.omitted:  # the HTTP client's own defaults (User-Agent, ...)
            if name in request.headers:
                del request.headers[name]
        _settle_cookies(
            http_client, request, home, any(name.lower() == "cookie" for name in headers)
        )
        if self._wrap_headers:
            hidden = SensitiveHeaders(request.headers)
            hidden.hidden = self._hidden
            request.headers = hidden
        hidden_query = self._hidden_query
        if request.url.query:  # also parameters named like credentials (`key`, `access_token`)
            hidden_query = hidden_query | credential_query(request.url)[0]
        if hidden_query:
            shown = SensitiveURL(request.url)
            shown.hidden = hidden_query
            request.url = shown
        return request

    def _with_credentials(
        self, prepared: _Prepared
    ) -> tuple[list[tuple[str, Any]], dict[str, str]]:
        """The query and headers of ``prepared`` with its credentials added (a header or
        cookie the caller set by name keeps the caller's value)."""
        params = list(prepared.params)
        headers = dict(prepared.headers)
        present = {name.lower(): name for name in headers}
        cookies: list[str] = []
        for credential in prepared.credentials:
            if credential.location == "query":
                params.append((credential.field, credential.value))
            elif credential.location == "cookie":
                # as given, `%` included: a session cookie is copied as the browser holds it,
                # already encoded (`s%3Aabc`); only what cannot be in a cookie is encoded
                value = quote(credential.value, safe=COOKIE_SAFE + "%")
                cookies.append(f"{credential.field}={value}")
            elif credential.field.lower() not in (present.keys() | prepared.omitted):
                headers[credential.field] = credential.value
        if cookies:
            cookie_name = present.get("cookie", "Cookie")
            headers[cookie_name] = "; ".join(filter(None, [headers.get(cookie_name), *cookies]))
        return params, headers

    def _redirect(self, prepared: _Prepared, response: _http.Response) -> _Prepared | None:
        """The request a redirect asks for (``None``: not a redirect). Its URL is absolute,
        so the credentials follow it only if it stays on the configured origin (checked when
        it is built); headers naming a credential are dropped when it leaves, and so are the
        credentials and the cookies kept for home, for the rest of the chain: a foreign host
        answering with a redirect back home would choose the authenticated request made there
        (as httpx, which drops ``Authorization`` hop by hop, never gives it back)."""
        location = response.headers.get("location")
        if response.status_code not in REDIRECT_STATUSES or not location:
            return None
        try:
            url = response.request.url.join(location)
        except _http.InvalidURL as exc:  # the server's Location cannot be followed
            raise self._bad_redirect(exc) from redacted_cause(exc, self._redact)
        if url.userinfo:  # the HTTP library would send it as Basic auth, in place of the key
            raise self._bad_redirect("its Location carries a user name or password (not shown)")
        if url.scheme not in ("http", "https"):  # mailto:, data:, about:blank, urn:, file:...
            raise self._bad_redirect(f"{excerpt(location, 80)!r} is not an http(s) URL")
        problem = host_problem(url)
        if problem is not None:
            raise self._bad_redirect(f"{excerpt(location, 80)!r}: {problem}")
        method, content, data, files = (
            prepared.method,
            prepared.content,
            prepared.data,
            prepared.files,
        )
        headers = dict(prepared.headers)
        if (response.status_code == 303 and method != "HEAD") or (
            response.status_code in (301, 302) and method == "POST"
        ):  # as browsers and the HTTP client do: the body is not sent again
            method, content, data, files = "GET", None, None, None
            headers = {
                k: v
                for k, v in headers.items()
                if k.lower() not in ("content-type", "content-length", "transfer-encoding")
            }
        else:
            self._check_body_resendable(prepared, f"redirected it (HTTP {response.status_code})")
        # leaving the trusted origins: also headers named like credentials, whoever set them
        credentials, left_home = prepared.credentials, prepared.left_home
        if _origin_of(url) not in self._origins:
            hidden = self._hidden | {"cookie"}
            headers = {
                k: v
                for k, v in headers.items()
                if k.lower() not in hidden and not is_credential_header(k)
            }
            credentials, left_home = (), True
        return replace(
            prepared,
            credentials=credentials,
            left_home=left_home,
            method=method,
            url=str(url),
            params=[],
            headers=headers,
            content=content,
            data=data,
            files=files,
        )

    def _check_body_resendable(self, prepared: _Prepared, why: str) -> None:
        """Refuse to send a body again whose file could not be rewound: it would go empty or
        cut short."""
        part = _uploads.spent(prepared.files)
        if part is not None:
            raise APIError(
                self._redact(
                    f"The server {why}, which sends the request body again, but the file of "
                    f"part {part!r} cannot be rewound and was read already: pass a path, bytes "
                    f"or a seekable file to allow it ({prepared.method} {prepared.url})"
                )
            )

    def _bad_redirect(self, why: object) -> APIError:
        """A redirect whose ``Location`` cannot be followed: the server's answer, not a
        transport failure (so it is not retried)."""
        return APIError(self._redact(f"Invalid redirect from the server: {why}"))

    def _too_many_redirects(self, prepared: _Prepared) -> TooManyRedirectsError:
        return TooManyRedirectsError(
            self._redact(
                f"More than {self.max_redirects} redirects ({prepared.method} "
                f"{prepared.url}): a redirect loop?"
            )
        )

    def _undecodable(self, response: _http.Response, exc: Exception) -> APIResponseDecodingError:
        return decoding_error(response, exc, self._answer_redactor(response))

    def _local_error(self, exc: Exception, request: _http.Request | None) -> APIError:
        """A request the HTTP library refused to write (e.g. a line break in a header). Its
        message may quote a header's value: none of them is shown (a token read from a file
        keeps its line break). Raised ``from None``: the library's own exception, which a
        traceback would print below it, quotes the value as it is."""
        sent = list(request.headers.values()) if request is not None else []
        return APIError(values_redactor(sent)(self._redact(f"Invalid request: {exc}")))

    def _may_retry_after(self, prepared: _Prepared, exc: Exception) -> bool:
        """Whether a transport failure may be retried without repeating an effect (and with
        the whole body): any, for a retry-safe request; else only one that happened before
        anything was sent (a failed connect)."""
        if _uploads.spent(prepared.files) is not None or isinstance(exc, DeadlinePassedError):
            return False  # the body cannot go whole again; a retry would have no more time
        return prepared.retry_safe or isinstance(exc, _NOT_SENT)

    def _may_retry_status(self, prepared: _Prepared, response: _http.Response) -> bool:
        """Whether a non-2xx answer may be retried: a retryable status of a retry-safe request
        (idempotent method, marked retry-safe, or carrying an idempotency key), a 429 of any
        request (the server declined it: nothing was done), or the server's
        ``x-should-retry: true``. Never when the body cannot be sent whole again, nor when the
        server asks for a longer wait than the client sleeps (a retry sooner is pointless)."""
        if _uploads.spent(prepared.files) is not None:
            return False
        after = parse_retry_after(response.headers)
        if after is not None and after > MAX_RETRY_AFTER:
            return False
        if response.headers.get("x-should-retry", "").strip().lower() == "true":
            return True
        if not prepared.retry_safe and response.status_code != 429:
            return False  # a 5xx or timeout-like status after the body went out: maybe done
        return should_retry(response)

    # -- retries -------------------------------------------------------------------------

    def _retry_delay(self, retries_taken: int, response: _http.Response | None) -> float:
        return retry_delay(retries_taken, response.headers if response else None, self._random)

    def _log_retry(
        self, prepared: _Prepared, retries_taken: int, delay: float, reason: str
    ) -> None:
        log.debug(
            "Retrying %s %s in %.2f s (retry %d of %d): %s",
            prepared.method,
            self._redact(prepared.url),  # a redirect's Location may echo a key
            delay,
            retries_taken + 1,
            prepared.max_retries,
            reason,
        )

    def _transport_error(
        self, exc: Exception, request: _http.Request | None, attempts: int
    ) -> APIError:
        """The exception for a transport failure once retries are exhausted."""
        return connection_error(exc, request, self._redact, attempts=attempts)

    # -- parsing -------------------------------------------------------------------------

    def _make_status_error(
        self, spec: ResponseSpec[Any], response: _http.Response
    ) -> APIStatusError:
        """The typed exception for a non-2xx answer whose body has been read; a credential
        the server echoes back is blanked out of its body (and so of its message) first."""
        redact = self._answer_redactor(response)
        raw = response.content
        text = redact(body_text(response)) if raw else ""
        decoded = self._error_json(response, text, redact) if raw else _MISSING
        body: object = text or None
        parsed: object = None
        if decoded is not _MISSING:
            body = decoded
            target = _lookup(spec.errors, response.status_code)
            if target not in (_MISSING, None, str, bytes):
                try:  # strict: a body that does not match is None, never a hollow model
                    parsed = validate_python(target, decoded, strict=True)
                except (ValueError, TypeError, AttributeError, RecursionError):  # `body` shows it
                    parsed = None
        message = error_message(
            response.status_code, None if decoded is _MISSING else decoded, text
        )
        cls = status_error_class(response.status_code)
        shown = hide_echoes(response, redact)
        return cls(redact(message), response=shown, body=body, parsed_body=parsed)

    def _error_json(
        self, response: _http.Response, text: str, redact: Callable[[str], str]
    ) -> object:
        """The decoded JSON of an error answer's body (read, not empty), credentials blanked
        out, else ``_MISSING``; of an event stream (TGI declares its errors as
        ``text/event-stream``: ``data:{"error": ...}``), the data of its first event, or the
        whole body where it holds no event (a JSON error sent under the stream's type)."""
        raw = response.content
        if is_event_stream(response.headers.get("content-type", "")):
            raw = first_event_data(raw, self.max_event_size) or raw
        try:
            return redact_body(loads(raw), text, redact)
        except ValueError:  # not JSON, nested too deeply, or too big once decoded (loads)
            return _MISSING

    def _parse_body(self, spec: ResponseSpec[Any], response: _http.Response) -> Any:
        """The typed body of a 2xx answer that has been read: parsed into what the document
        declares for its status (``success_target``: an undocumented 2xx into the declared
        success type too, never an untyped value behind a model annotation), or
        ``APIResponseValidationError``: for a body that is not JSON or is empty where the
        declared type takes no null (``_check_empty_body``), and with
        ``strict_response_validation`` for one that does not match the declared type. An empty 204 or 205 is ``None`` unless
        ``strict_response_validation``: those statuses carry no body (RFC 9110), and raising
        on a POST or DELETE that succeeded would invite the caller to repeat it."""
        raw = response.content
        if not raw and response.status_code in _NO_CONTENT and not self.strict_response_validation:
            return None  # 204/205 carry no body (RFC 9110): a success, whatever was declared
        content_type = response.headers.get("content-type", "")
        target = success_target(spec.success, response.status_code, content_type, raw)
        if target is None:
            return None
        if target is NO_TARGET:
            raise self._invalid_body(
                response, f"its Content-Type ({content_type}) is none the document lists"
            )
        if spec.list_items is not None and target in (bytes, str):
            # a list's walk reads JSON pages: a page read as text would give no items, and the
            # list would end there as if it were empty
            raise self._invalid_body(
                response, f"a page of a list must be JSON, not {content_type or 'untyped'}"
            )
        if target is bytes:
            return raw
        if target is str:
            return body_text(response)
        if not raw:
            self._check_empty_body(response, target)
            return None
        try:
            parsed = parse_json(target, raw, strict=self.strict_response_validation)
        except pydantic.ValidationError as exc:  # strict mode only: JSON, but not the type
            raise self._mismatch(response, exc) from redacted_cause(
                exc, self._answer_redactor(response)
            )
        except ValueError as exc:
            raise self._invalid_body(
                response, f"expected a JSON body ({content_type or 'no content-type'}): {exc}"
            ) from redacted_cause(exc, self._answer_redactor(response))
        items = spec.list_items
        if items is not None and not isinstance(items_of(parsed, items), list | None):
            what = f"its `{items}` is" if items else "it is"
            raise self._invalid_body(response, f"{what} no array of the list's items")
        return parsed

    def _check_empty_body(self, response: _http.Response, target: object) -> None:
        """Raises ``APIResponseValidationError`` for an empty 2xx body where JSON is declared,
        in both modes, unless it may be ``None`` (a status documented without content never
        gets here: its target is ``None``): for a HEAD answer, which has no body, and, unless
        ``strict_response_validation``, where the declared type takes null: a method typed
        ``-> Pet`` returning ``None`` would be a lie the caller meets later as an
        ``AttributeError``."""
        lenient = not self.strict_response_validation
        if response.request.method != "HEAD" and not (lenient and admits_null(target)):
            raise self._invalid_body(response, "it is empty where JSON is declared")

    def _invalid_body(self, response: _http.Response, why: str) -> APIResponseValidationError:
        redact = self._answer_redactor(response)
        return APIResponseValidationError(
            response=hide_echoes(response, redact),
            body=redact(body_text(response)),
            message=redact(  # a validation error quotes the input
                f"The body of HTTP {response.status_code} could not be read: {why}"
            ),
        )

    def _mismatch(
        self, response: _http.Response, exc: pydantic.ValidationError
    ) -> APIResponseValidationError:
        # JSON (the validator parsed it), nested no deeper than `loads` reads
        return mismatch_error(
            response,
            f"The body of HTTP {response.status_code}",
            mismatch_summary(exc),
            loads(response.content),
            body_text(response),
            self._answer_redactor(response),
        )

    def _chunk_type(self, spec: ResponseSpec[Any]) -> object:
        if spec.stream_chunk is not None:
            return spec.stream_chunk
        target = _lookup(spec.success, 200)
        if isinstance(target, Mapping):  # several media types: the events are JSON
            target = media_choice(target, "application/json")
        return Any if target in (_MISSING, NO_TARGET, None) else target

    def _raw_response(
        self,
        spec: ResponseSpec[Any],
        response: _http.Response,
        *,
        stream: bool,
        stream_cls: type[Stream[Any] | AsyncStream[Any]] | None,
        retries_taken: int,
        unread_timeout: Timeout | None = None,
    ) -> APIResponse[Any]:
        """The call's response; ``unread_timeout``: the timeout of a body left unread (a
        ``with_streaming_response`` call), which bounds the whole body's read in ``read()``
        as a plain call's is bounded (``iter_bytes()`` and the rest stay unbounded)."""
        parser: Callable[[], Any]
        if stream:
            stream_cls, chunk_type = stream_cls or self._stream_cls, self._chunk_type(spec)
            parser = lambda: stream_cls(
                response=response,
                chunk_type=chunk_type,
                redact=self._answer_redactor(response),
                max_event_size=self.max_event_size,
                strict=self.strict_response_validation,
                plain_events=spec.plain_events,
                error_types=spec.errors.values(),
            )
        else:
            parser = lambda: _with_request_id(self._parse_body(spec, response), response)
        return APIResponse(
            http_response=response,
            parser=parser,
            header_types=spec.headers,
            retries_taken=retries_taken,
            streams=stream,
            max_response_size=self.max_response_size,
            redact=self._answer_redactor(response),
            bound_body=None
            if unread_timeout is None
            else lambda: _bound_body_time(response, unread_timeout),
        )


class BoundedCookieJar(http.cookiejar.CookieJar):
    """The cookie jar of a client this package makes: a server that sets new cookies on every
    response (or one of megabytes) cannot grow a long-lived client's memory without bound.
    Keeps ``MAX_COOKIES`` cookies at most, dropping the oldest set, and none longer than
    ``MAX_COOKIE_BYTES``; otherwise the standard library's jar, with its matching rules.
    ``keeps`` says whether an answer from a URL may set cookies at all (a client's: only its
    own origins)."""

    def __init__(self, keeps: Callable[[str], bool] | None = None) -> None:
        super().__init__()
        self._set_order: OrderedDict[tuple[str, str, str], None] = OrderedDict()
        self._keeps = keeps

    def extract_cookies(
        self, response: http.client.HTTPResponse, request: urllib.request.Request
    ) -> None:
        if self._keeps is None or self._keeps(request.get_full_url()):
            super().extract_cookies(response, request)

    def set_cookie(self, cookie: http.cookiejar.Cookie) -> None:
        if len(cookie.name) + len(cookie.value or "") > MAX_COOKIE_BYTES:
            return
        with self._cookies_lock:  # type: ignore[attr-defined]  # the jar's own lock
            super().set_cookie(cookie)
            key = (cookie.domain, cookie.path, cookie.name)
            self._set_order[key] = None
            self._set_order.move_to_end(key)
            if len(self._set_order) > 2 * MAX_COOKIES:  # cookies expired or cleared since
                self._set_order = OrderedDict(
                    (known, None) for known in self._set_order if self._holds(known)
                )
            # (counted from the jar's dicts: `len(self)` walks every cookie, and a response
            # setting 3,000 cookies then took seconds, past the call's timeout)
            held = self._held()
            while held > MAX_COOKIES and self._set_order:
                oldest, _ = self._set_order.popitem(last=False)
                if self._holds(oldest):
                    self.clear(*oldest)
                    held -= 1

    def _held(self) -> int:
        """How many cookies the jar holds."""
        cookies: dict[str, dict[str, dict[str, Any]]] = self._cookies  # type: ignore[attr-defined]
        return sum(len(names) for paths in cookies.values() for names in paths.values())

    def _holds(self, key: tuple[str, str, str]) -> bool:
        """Whether the cookie set as ``key`` (domain, path, name) is still in the jar."""
        domain, path, name = key
        cookies: dict[str, dict[str, dict[str, Any]]] = self._cookies  # type: ignore[attr-defined]
        return name in cookies.get(domain, {}).get(path, {})


class SyncAPIClient(BaseClient[_http.Client]):
    """Synchronous client engine (see the module docstring for retry rules)."""

    _stream_cls = Stream

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str | None,
        auth_header: str = "Authorization",
        auth_scheme: str = "Bearer",
        auth: Auth | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_redirects: int = DEFAULT_MAX_REDIRECTS,
        max_response_size: int = DEFAULT_MAX_RESPONSE_SIZE,
        max_event_size: int = DEFAULT_MAX_EVENT_SIZE,
        idempotency_header: str | None | NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        strict_response_validation: bool = False,
        http_client: _http.Client | None = None,
    ) -> None:
        super().__init__(
            base_url=base_url,
            api_key=api_key,
            auth_header=auth_header,
            auth_scheme=auth_scheme,
            auth=auth,
            timeout=timeout,
            max_retries=max_retries,
            max_redirects=max_redirects,
            max_response_size=max_response_size,
            max_event_size=max_event_size,
            idempotency_header=idempotency_header,
            default_headers=default_headers,
            default_query=default_query,
            strict_response_validation=strict_response_validation,
        )
        self._owns_client = http_client is None
        self._client = http_client or _http.Client(
            timeout=self.timeout,
            limits=DEFAULT_LIMITS,
            follow_redirects=False,  # see request_raw
            cookies=BoundedCookieJar(self._sets_cookies),
            headers={"Accept-Encoding": ACCEPT_ENCODING},  # see _bound_decoding
        )
        if self._owns_client:
            _bound_reads(self._client)
        #: Sleeps between retries; tests replace it.
        self._sleep: Callable[[float], None] = time.sleep

    def request(
        self,
        spec: ResponseSpec[Any],
        options: RequestOptions,
        *,
        stream: bool = False,
        stream_cls: type[Stream[Any]] | None = None,
    ) -> Any:
        """Send the request; return the parsed body, or a ``Stream`` (``stream_cls``, e.g.
        ``Stream[Chunk]``) when ``stream``."""
        return self.request_raw(spec, options, stream=stream, stream_cls=stream_cls).parse()

    def request_raw(
        self,
        spec: ResponseSpec[Any],
        options: RequestOptions,
        *,
        stream: bool = False,
        stream_cls: type[Stream[Any]] | None = None,
        lazy: bool = False,
    ) -> APIResponse[Any]:
        """Send the request; return the raw :class:`APIResponse` (non-2xx still raises).
        ``lazy``: a success body is left unread until the response is asked for it."""
        prepared = self._prepare(options, stream=stream)
        try:
            return self._send(spec, prepared, stream=stream, stream_cls=stream_cls, lazy=lazy)
        finally:
            _uploads.close(prepared.files)  # files given by path, opened by the attempts

    def _send(
        self,
        spec: ResponseSpec[Any],
        prepared: _Prepared,
        *,
        stream: bool,
        stream_cls: type[Stream[Any]] | None,
        lazy: bool,
    ) -> APIResponse[Any]:
        """Send ``prepared``, following redirects and retrying as the module docstring says."""
        retries_taken = 0
        while True:
            request: _http.Request | None = None
            response: _http.Response | None = None
            try:
                with _answer_clock(prepared.timeout):
                    attempt, hops = prepared, 0
                    while True:  # redirects, followed here so that credentials stay home
                        _restart_clock()  # each answer has the time of one
                        request = self._build_request(self._client, attempt)
                        try:
                            response = self._client.send(
                                request, stream=True, follow_redirects=False
                            )
                        except (UnicodeError, ValueError) as exc:  # no HTTPError: the library read
                            raise self._bad_redirect(exc) from None  # a Location it cannot use
                        following = self._redirect(attempt, response)
                        if following is None:
                            break
                        response.close()
                        response = None
                        if hops >= self.max_redirects:
                            raise self._too_many_redirects(prepared)
                        hops, attempt = hops + 1, following
                    _bound_decoding(response)
                    if not ((stream or lazy) and response.is_success):
                        self._read(response, prepared.timeout)
            except _http.LocalProtocolError as exc:  # our request, not the network: no retry
                if response is not None:
                    response.close()
                raise self._local_error(exc, request) from None
            except _http.InvalidURL as exc:  # no HTTPError: httpx reads a Location it
                if response is not None:  # cannot join while sending (`next_request`)
                    response.close()
                raise self._bad_redirect(exc) from redacted_cause(exc, self._redact)
            except _http.DecodingError as exc:  # the server answered: not a transport error
                if response is None:
                    raise
                response.close()
                raise self._undecodable(response, exc) from redacted_cause(
                    exc, self._answer_redactor(response)
                )
            except _http.HTTPError as exc:
                if response is not None:
                    response.close()
                if _is_bad_location(exc):  # the server's answer, not the network: no retry
                    raise self._bad_redirect(exc) from redacted_cause(exc, self._redact)
                if retries_taken < prepared.max_retries and self._may_retry_after(prepared, exc):
                    delay = self._retry_delay(retries_taken, None)
                    self._log_retry(prepared, retries_taken, delay, type(exc).__name__)
                    self._sleep(delay)
                    retries_taken += 1
                    continue
                raise self._transport_error(exc, request, retries_taken + 1) from redacted_cause(
                    exc, self._redact
                )
            except BaseException:
                if response is not None:
                    response.close()
                raise
            if response.is_success:
                return self._raw_response(
                    spec,
                    response,
                    stream=stream,
                    stream_cls=stream_cls,
                    retries_taken=retries_taken,
                    unread_timeout=prepared.timeout if lazy and not stream else None,
                )
            if retries_taken < prepared.max_retries and self._may_retry_status(prepared, response):
                delay = self._retry_delay(retries_taken, response)
                self._log_retry(prepared, retries_taken, delay, f"HTTP {response.status_code}")
                response.close()
                self._sleep(delay)
                retries_taken += 1
                continue
            response.close()
            raise self._make_status_error(spec, response)

    def _read(self, response: _http.Response, timeout: Timeout) -> None:
        """Read the body into ``response.content``, decoded, at most ``max_response_size``
        bytes of it (a small compressed body can decode to gigabytes), within ``timeout``'s
        read timeout for the whole of it."""
        _bound_body_time(response, timeout)
        read_bounded(response, self.max_response_size)

    def close(self) -> None:
        """Close the underlying HTTP client if this client created it."""
        if self._owns_client:
            self._client.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


#: The event loop each async HTTP client (shared by a client and its ``with_options`` copies)
#: was first used on, whose connections its pool keeps (``AsyncAPIClient._check_loop``).
_LOOPS: weakref.WeakKeyDictionary[_http.AsyncClient, asyncio.AbstractEventLoop] = (
    weakref.WeakKeyDictionary()
)


def _keeps_loop(client: _http.AsyncClient) -> bool:
    """Whether ``client`` sends through the HTTP library's own network transport, whose pool
    keeps each connection on the event loop that opened it."""
    return any(isinstance(each, _http.AsyncHTTPTransport) for each in _transports(client))


def _holds_connections(client: _http.AsyncClient) -> bool:
    """Whether a pool of ``client``'s transports holds a connection (or cannot say)."""
    for transport in _transports(client):
        if isinstance(transport, _http.AsyncHTTPTransport):
            connections = getattr(getattr(transport, "_pool", None), "connections", None)
            if not isinstance(connections, list) or connections:
                return True
    return False


class AsyncAPIClient(BaseClient[_http.AsyncClient]):
    """Asynchronous client engine: ``await request(...)``, ``AsyncStream``, ``aclose()``."""

    _stream_cls = AsyncStream

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str | None,
        auth_header: str = "Authorization",
        auth_scheme: str = "Bearer",
        auth: Auth | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_redirects: int = DEFAULT_MAX_REDIRECTS,
        max_response_size: int = DEFAULT_MAX_RESPONSE_SIZE,
        max_event_size: int = DEFAULT_MAX_EVENT_SIZE,
        idempotency_header: str | None | NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str] | None = None,
        default_query: Mapping[str, object] | None = None,
        strict_response_validation: bool = False,
        http_client: _http.AsyncClient | None = None,
    ) -> None:
        super().__init__(
            base_url=base_url,
            api_key=api_key,
            auth_header=auth_header,
            auth_scheme=auth_scheme,
            auth=auth,
            timeout=timeout,
            max_retries=max_retries,
            max_redirects=max_redirects,
            max_response_size=max_response_size,
            max_event_size=max_event_size,
            idempotency_header=idempotency_header,
            default_headers=default_headers,
            default_query=default_query,
            strict_response_validation=strict_response_validation,
        )
        self._owns_client = http_client is None
        self._client = http_client or _http.AsyncClient(
            timeout=self.timeout,
            limits=DEFAULT_LIMITS,
            follow_redirects=False,  # see request_raw
            cookies=BoundedCookieJar(self._sets_cookies),
            headers={"Accept-Encoding": ACCEPT_ENCODING},  # see _bound_decoding
        )
        if self._owns_client:
            _bound_reads(self._client)
        #: Sleeps between retries; tests replace it.
        self._sleep: Callable[[float], Awaitable[None]] = asyncio.sleep

    async def request(
        self,
        spec: ResponseSpec[Any],
        options: RequestOptions,
        *,
        stream: bool = False,
        stream_cls: type[AsyncStream[Any]] | None = None,
    ) -> Any:
        """Send the request; return the parsed body, or an ``AsyncStream`` (``stream_cls``)
        when ``stream``."""
        return (await self.request_raw(spec, options, stream=stream, stream_cls=stream_cls)).parse()

    async def request_raw(
        self,
        spec: ResponseSpec[Any],
        options: RequestOptions,
        *,
        stream: bool = False,
        stream_cls: type[AsyncStream[Any]] | None = None,
        lazy: bool = False,
    ) -> APIResponse[Any]:
        """Send the request; return the raw :class:`APIResponse` (non-2xx still raises).
        ``lazy``: a success body is left unread until the response is asked for it."""
        self._check_loop()
        prepared = self._prepare(options, stream=stream)
        try:
            return await self._send(spec, prepared, stream=stream, stream_cls=stream_cls, lazy=lazy)
        finally:
            _uploads.close(prepared.files)  # files given by path, opened by the attempts

    def _check_loop(self) -> None:
        """Refuse, before anything is sent, a call on another event loop than the one this
        client's connections were made on (a second ``asyncio.run``). The HTTP library reused
        such a connection: it wrote the request (a POST reached the server), then failed with a
        bare ``RuntimeError: Event loop is closed``, on every other call. Not an
        ``APIConnectionError``, which would invite a retry: the remedy is a client per loop.
        Only the library's own network transport keeps connections (``_keeps_loop``): over
        ``httpx.MockTransport`` or another transport, any loop is the transport's business."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not run by asyncio (trio): its own business
            return
        first = _LOOPS.setdefault(self._client, loop)
        if first is loop or not _keeps_loop(self._client):
            return
        if first.is_closed() and not _holds_connections(self._client):
            _LOOPS[self._client] = loop  # a closed loop left no connection: this one starts clean
            return
        raise APIError(
            "This AsyncClient was first used on another event loop, whose connections "
            "it keeps (a second asyncio.run?); nothing was sent. Make an AsyncClient in "
            "each event loop (inside the coroutine asyncio.run runs) and close it there"
        )

    async def _send(
        self,
        spec: ResponseSpec[Any],
        prepared: _Prepared,
        *,
        stream: bool,
        stream_cls: type[AsyncStream[Any]] | None,
        lazy: bool,
    ) -> APIResponse[Any]:
        """Send ``prepared``, following redirects and retrying as the module docstring says."""
        retries_taken = 0
        while True:
            request: _http.Request | None = None
            response: _http.Response | None = None
            try:
                with _answer_clock(prepared.timeout):
                    attempt, hops = prepared, 0
                    while True:  # redirects, followed here so that credentials stay home
                        _restart_clock()  # each answer has the time of one
                        request = self._build_request(self._client, attempt)
                        try:
                            response = await self._client.send(
                                request, stream=True, follow_redirects=False
                            )
                        except (UnicodeError, ValueError) as exc:  # no HTTPError: the library read
                            raise self._bad_redirect(exc) from None  # a Location it cannot use
                        following = self._redirect(attempt, response)
                        if following is None:
                            break
                        await response.aclose()
                        response = None
                        if hops >= self.max_redirects:
                            raise self._too_many_redirects(prepared)
                        hops, attempt = hops + 1, following
                    _bound_decoding(response)
                    if not ((stream or lazy) and response.is_success):
                        await self._read(response, prepared.timeout)
            except _http.LocalProtocolError as exc:  # our request, not the network: no retry
                if response is not None:
                    await response.aclose()
                raise self._local_error(exc, request) from None
            except _http.InvalidURL as exc:  # no HTTPError: httpx reads a Location it
                if response is not None:  # cannot join while sending (`next_request`)
                    await response.aclose()
                raise self._bad_redirect(exc) from redacted_cause(exc, self._redact)
            except _http.DecodingError as exc:  # the server answered: not a transport error
                if response is None:
                    raise
                await response.aclose()
                raise self._undecodable(response, exc) from redacted_cause(
                    exc, self._answer_redactor(response)
                )
            except _http.HTTPError as exc:
                if response is not None:
                    await response.aclose()
                if _is_bad_location(exc):  # the server's answer, not the network: no retry
                    raise self._bad_redirect(exc) from redacted_cause(exc, self._redact)
                if retries_taken < prepared.max_retries and self._may_retry_after(prepared, exc):
                    delay = self._retry_delay(retries_taken, None)
                    self._log_retry(prepared, retries_taken, delay, type(exc).__name__)
                    await self._sleep(delay)
                    retries_taken += 1
                    continue
                raise self._transport_error(exc, request, retries_taken + 1) from redacted_cause(
                    exc, self._redact
                )
            except BaseException:
                if response is not None:
                    await response.aclose()
                raise
            if response.is_success:
                return self._raw_response(
                    spec,
                    response,
                    stream=stream,
                    stream_cls=stream_cls,
                    retries_taken=retries_taken,
                    unread_timeout=prepared.timeout if lazy and not stream else None,
                )
            if retries_taken < prepared.max_retries and self._may_retry_status(prepared, response):
                delay = self._retry_delay(retries_taken, response)
                self._log_retry(prepared, retries_taken, delay, f"HTTP {response.status_code}")
                await response.aclose()
                await self._sleep(delay)
                retries_taken += 1
                continue
            await response.aclose()
            raise self._make_status_error(spec, response)

    async def _read(self, response: _http.Response, timeout: Timeout) -> None:
        """Read the body into ``response.content``, decoded, at most ``max_response_size``
        bytes of it (a small compressed body can decode to gigabytes), within ``timeout``'s
        read timeout for the whole of it."""
        _bound_body_time(response, timeout)
        await aread_bounded(response, self.max_response_size)

    async def close(self) -> None:
        """Close the underlying HTTP client if this client created it."""
        if self._owns_client:
            await self._client.aclose()

    async def aclose(self) -> None:
        """Alias of :meth:`close`."""
        await self.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
