"""Exceptions raised by the client.

```
APIError
├── APIStatusError                 the server answered with a non-2xx status
│   ├── BadRequestError            400
│   ├── AuthenticationError        401
│   ├── PermissionDeniedError      403
│   ├── NotFoundError              404
│   ├── ConflictError              409
│   ├── UnprocessableEntityError   422
│   ├── RateLimitError             429
│   └── InternalServerError        >= 500
│       └── OverloadedError        529
├── APIConnectionError             no usable answer: refused, reset, truncated
│   └── APITimeoutError
├── APIResponseValidationError     a 2xx answer whose body could not be decoded (or, with
│   │                              strict_response_validation, does not match its type)
│   └── APIResponseDecodingError   a received body whose Content-Encoding is corrupt
├── ResponseTooLargeError          a body or one server-sent event larger than the client allows
├── TooManyRedirectsError          more redirects than the client follows (a loop)
├── PaginationCycleError           a list's next page is one it already fetched (a loop)
├── PaginationLinkError            a list's Link header leads elsewhere or is too large
└── MissingCredentialsError        the API needs a credential and none was given

RequestValidationError (a ValueError)  an argument, or a header given in extra_headers or
                                       default_headers, that cannot be sent: nothing was sent
```

Every ``APIStatusError`` carries the error body twice: ``body`` is the body as sent, decoded
(the JSON value, else the text, else ``None``), the same shape for every status; ``parsed_body``
is that body parsed into the error model the document declares for the status (``None`` where
it declares none or the body does not validate against it: never a model built without its
required fields). ``parsed_as(Model)`` gives it typed::

    except NotFoundError as e:
        e.body                          # {"error": {"message": "no such model"}}
        e.parsed_as(models.ErrorResponse)  # ErrorResponse(...) or None

Messages never contain request headers, and the client blanks out every credential it holds
(in any escaped form) from the messages it builds, and from ``body`` (so from ``code``,
``param``, ``type`` and ``parsed_body`` too), so a key a server echoes back cannot leak through
them. ``response`` is the answer as received, but for a credential echoed back in its reason
phrase or a header value, which is blanked out there too (``hide_echoes``): their reprs would
show it. ``request`` (and ``response.request``, and the ``request`` of the HTTP library's
exception it was raised from, ``__cause__``) is a copy of the request sent without its
credentials (``error_request``), so an error logged whole, pickled or sent to an error tracker
carries none (a tracker recording each frame's local variables records the request as sent,
as it records the client); every error pickles and deep-copies."""

from __future__ import annotations

import builtins
import datetime as _dt
import email.utils
import math
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from . import _http

__all__ = [
    "APIConnectionError",
    "APIError",
    "APIResponseDecodingError",
    "APIResponseValidationError",
    "APIStatusError",
    "APITimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "DeadlinePassedError",
    "InternalServerError",
    "MissingCredentialsError",
    "NotFoundError",
    "OverloadedError",
    "PaginationCycleError",
    "PaginationLinkError",
    "PermissionDeniedError",
    "RateLimitError",
    "RedactedCause",
    "RequestValidationError",
    "ResponseTooLargeError",
    "TooManyRedirectsError",
    "UnprocessableEntityError",
    "connection_error",
    "decoding_error",
    "error_message",
    "hide_echoes",
    "is_credential_header",
    "parse_retry_after",
    "redact_body",
    "request_id",
    "status_error_class",
]

_EXCERPT_CHARS = 300
#: A word of a text, as ``str.split`` finds them (the same blanks end it).
_WORD = re.compile(r"\S+")
_ModelT = TypeVar("_ModelT")
_CopiedT = TypeVar("_CopiedT", _http.Request, _http.Response)
_ErrorT = TypeVar("_ErrorT", bound="APIError")


class RequestValidationError(ValueError):
    """An argument does not match the spec, or a header cannot be sent; raised before
    anything is sent. A ``ValueError``, not an ``APIError``: the caller's mistake, not the
    server's answer."""


#: Words in a request header's name that say it carries a credential, whether or not the
#: document declares it as a security scheme (``x-access-token`` as a plain header parameter;
#: ``key``: Azure's ``Ocp-Apim-Subscription-Key`` and ``x-functions-key``, ``x-api-key``, an
#: ``Idempotency-Key`` too, which costs nothing to keep home).
_CREDENTIAL_WORDS = (
    "auth",
    "token",
    "secret",
    "password",
    "passwd",
    "key",
    "credential",
    "session",
    "signature",
    "cookie",
)


def is_credential_header(name: str) -> bool:
    """Whether a request header's name says it holds a credential."""
    lowered = name.lower()
    return any(word in lowered for word in _CREDENTIAL_WORDS)


def error_request(request: _http.Request) -> _http.Request:
    """``request`` as an error keeps it (as openai-python's errors do): a copy without the
    headers holding a credential (the client's schemes', which its ``SensitiveHeaders`` names
    ``hidden``, and those named like one, ``Cookie`` included), its URL showing each credential
    query parameter as ``***``. An error is logged, pickled and sent to error trackers whole;
    the request sent is not changed. ``request`` itself when it holds none."""
    hidden: frozenset[str] = getattr(request.headers, "hidden", frozenset())
    raw = request.headers.raw
    kept = [(name, value) for name, value in raw if not _holds_credential(name, hidden)]
    shown_query: frozenset[str] = getattr(request.url, "hidden", frozenset())  # SensitiveURL
    if len(kept) == len(raw) and not shown_query:
        return request
    safe = _copied(request)
    safe.headers = _http.Headers(kept, encoding=request.headers.encoding)
    if shown_query:
        safe.url = _http.URL(str(request.url))  # its str shows those values as ***
    return safe


def _holds_credential(name: bytes, hidden: frozenset[str]) -> bool:
    text = name.decode("latin-1").lower()
    return text in hidden or is_credential_header(text)


def error_response(response: _http.Response, request: _http.Request) -> _http.Response:
    """``response`` as an error keeps it: a copy whose request is ``request`` (the error's,
    :func:`error_request`), as are those of the answers before it (``history``) and of the
    redirect it names (``next_request``); ``response`` itself when that changes nothing."""
    if request is response.request and not response.history and response.next_request is None:
        return response
    safe = _copied(response)
    safe.request = request
    safe.history = [error_response(hop, error_request(hop.request)) for hop in response.history]
    if response.next_request is not None:
        safe.next_request = error_request(response.next_request)
    return safe


def _copied(value: _CopiedT) -> _CopiedT:
    """A shallow copy of a request or response, sharing its body stream: ``copy.copy`` goes
    through their pickling, which drops the stream and marks a response closed."""
    copied = object.__new__(type(value))
    copied.__dict__.update(vars(value))
    return copied


def _unpickled(kind: type[_ErrorT], args: tuple[Any, ...]) -> _ErrorT:
    """An error of ``kind`` with ``args``, its attributes set after (``APIError.__reduce__``)."""
    return kind.__new__(kind, *args)


def request_id(headers: Mapping[str, str]) -> str | None:
    """The server's request id (``x-request-id``, else ``request-id``), for support tickets."""
    value: str | None = headers.get("x-request-id") or headers.get("request-id")
    return value


class APIError(Exception):
    """Base class of every error this client raises.

    Attributes:
        message: human-readable description (also ``str(error)``).
        request: the HTTP request that failed, if one was sent.
        body: the decoded error body (a JSON value, or the text when it is not JSON), or
            ``None``; never a model (``parsed_body`` holds the parsed one).
        code / param / type: copied from an ``{"error": {...}}`` body when present.
        parsed_body: the error parsed into the error model the document declares (an
            ``APIStatusError``'s body; an error event inside a stream whose data is one of the
            operation's declared errors), or ``None``; see :meth:`parsed_as` for it typed.
    """

    message: str
    request: _http.Request | None
    body: object | None
    code: object | None
    param: object | None
    type: str | None
    parsed_body: object | None

    def __init__(
        self,
        message: str,
        request: _http.Request | None = None,
        *,
        body: object | None = None,
        parsed_body: object | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.request = None if request is None else error_request(request)
        self.body = body
        self.parsed_body = parsed_body
        details = _error_details(body)
        self.code = details.get("code")
        self.param = details.get("param")
        error_type = details.get("type")
        self.type = error_type if isinstance(error_type, str) else None

    def __str__(self) -> str:
        return self.message

    # `builtins.type`: the attribute `type` (the error's type, as openai-python's) hides it here
    def parsed_as(self, model: builtins.type[_ModelT]) -> _ModelT | None:
        """``parsed_body`` when it is a ``model`` (the error model the document declares),
        else ``None``: ``e.parsed_as(models.ErrorResponse)``."""
        return self.parsed_body if isinstance(self.parsed_body, model) else None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as its class, message and attributes: ``Exception`` would
        call the class with the message alone, which the subclasses taking ``response=``
        refuse."""
        return _unpickled, (type(self), self.args), self.__dict__


class APIStatusError(APIError):
    """The server answered with a non-success status code.

    Attributes:
        response: the HTTP response (its body has been read).
        status_code: the HTTP status (or, for an error event inside a stream, the status the
            event reported).
        headers: the response headers.
        request_id: the ``x-request-id`` / ``request-id`` response header, if any.
        parsed_body: ``body`` parsed into the error model the document declares for this
            status, or ``None`` (none declared, or the body does not match it); see
            :meth:`parsed_as` for it typed.
        retry_after: the seconds the server asked to wait before trying again
            (``retry-after-ms``, else ``Retry-After`` in seconds or as an HTTP date, counted
            from when the error was raised; a date already past is 0), or ``None``. The client
            sleeps at most 60 s between its own retries: a longer wait is raised at once,
            for the caller to schedule.
    """

    response: _http.Response
    status_code: int
    parsed_body: object | None
    retry_after: float | None

    def __init__(
        self,
        message: str,
        *,
        response: _http.Response,
        body: object | None,
        status_code: int | None = None,
        parsed_body: object | None = None,
    ) -> None:
        request = error_request(response.request)
        super().__init__(message, request, body=body, parsed_body=parsed_body)
        self.response = error_response(response, request)
        self.status_code = response.status_code if status_code is None else status_code
        after = parse_retry_after(response.headers)
        self.retry_after = None if after is None else max(after, 0.0)

    @property
    def headers(self) -> _http.Headers:
        """The response headers."""
        return self.response.headers

    @property
    def request_id(self) -> str | None:
        """The server's request id, for support tickets."""
        return request_id(self.response.headers)


class BadRequestError(APIStatusError):
    """HTTP 400."""


class AuthenticationError(APIStatusError):
    """HTTP 401: missing or invalid API key."""


class PermissionDeniedError(APIStatusError):
    """HTTP 403."""


class NotFoundError(APIStatusError):
    """HTTP 404."""


class ConflictError(APIStatusError):
    """HTTP 409."""


class UnprocessableEntityError(APIStatusError):
    """HTTP 422: the request body failed the server's validation."""


class RateLimitError(APIStatusError):
    """HTTP 429."""


class InternalServerError(APIStatusError):
    """HTTP 5xx."""


class OverloadedError(InternalServerError):
    """HTTP 529: the service is overloaded (documented by IONOS)."""


class APIConnectionError(APIError):
    """The request could not be completed: connection refused or reset, truncated answer."""

    def __init__(
        self, *, message: str = "Connection error.", request: _http.Request | None = None
    ) -> None:
        super().__init__(message, request, body=None)


class APITimeoutError(APIConnectionError):
    """The request timed out (connect, read, write or pool)."""

    def __init__(
        self, *, message: str = "Request timed out.", request: _http.Request | None = None
    ) -> None:
        super().__init__(message=message, request=request)


class DeadlinePassedError(_http.ReadTimeout):
    """The HTTP library's ``ReadTimeout`` for an answer whose deadline passed while it was still
    arriving (the read timeout bounds a whole answer the client reads, not only the wait
    between two reads), rather than a wait past the read timeout: a retry would have no more
    time, so none is made (``connection_error`` keeps its message)."""


def connection_error(
    exc: Exception,
    request: _http.Request | None,
    redact: Callable[[str], str],
    *,
    attempts: int = 1,
) -> APIConnectionError:
    """The client's error for a transport failure of the HTTP library: ``APITimeoutError`` for
    a timeout (saying how far the answer came when its deadline ended it, else which timeout
    ran out and after how many attempts), else ``APIConnectionError`` naming the failure (the
    peer cut the body short, reset the connection ...), its message redacted whole, then cut."""
    if isinstance(exc, DeadlinePassedError):
        return APITimeoutError(message=redact(str(exc)), request=request)
    if isinstance(exc, _http.TimeoutException):
        # (the timeouts the HTTP library was given, by phase: `build_request` records them)
        timeouts = request.extensions.get("timeout") if request is not None else None
        return APITimeoutError(message=timed_out(exc, timeouts, attempts), request=request)
    detail = excerpt(redact(str(exc)), 200)
    message = f"Connection error: {type(exc).__name__}" + (f": {detail}" if detail else "")
    return APIConnectionError(message=message, request=request)


_TIMEOUT_PHASES: tuple[tuple[type[Exception], str], ...] = (
    (_http.ConnectTimeout, "connect"),
    (_http.ReadTimeout, "read"),
    (_http.WriteTimeout, "write"),
    (_http.PoolTimeout, "pool"),
)


def timed_out(exc: Exception, timeouts: object, attempts: int) -> str:
    """``Request timed out (read timeout of 2 s, 3 attempts).``: which of the timeouts ran
    out, its value (``timeouts``: the request's ``timeout`` extension, seconds by phase), and
    the attempts made, so that a caller sees what to raise."""
    phase = next((name for kind, name in _TIMEOUT_PHASES if isinstance(exc, kind)), None)
    seconds = timeouts.get(phase) if phase is not None and isinstance(timeouts, Mapping) else None
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
        seconds = None
    parts = []
    if phase is not None:
        parts.append(f"{phase} timeout" + (f" of {seconds:g} s" if seconds is not None else ""))
    if attempts > 1:
        parts.append(f"{attempts} attempts")
    return f"Request timed out ({', '.join(parts)})." if parts else "Request timed out."


def decoding_error(
    response: _http.Response, exc: Exception, redact: Callable[[str], str]
) -> APIResponseDecodingError:
    """The client's error for a body its ``Content-Encoding`` could not be undone on (a
    corrupt gzip), the answer's echoes of a credential hidden and its message redacted."""
    encoding = response.headers.get("content-encoding", "none")
    return APIResponseDecodingError(
        response=hide_echoes(response, redact),
        body=None,
        message=redact(
            f"The response body (HTTP {response.status_code}, Content-Encoding: {encoding}) "
            f"could not be decoded: {exc}"
        ),
    )


class APIResponseValidationError(APIError):
    """A success response whose body could not be decoded into the documented type: not
    JSON, empty where the type takes no null, a Content-Type the document does not list, or
    (with the client's ``strict_response_validation=True``) JSON that does not match the
    declared model, when ``body`` is the decoded JSON."""

    response: _http.Response
    status_code: int

    def __init__(
        self, *, response: _http.Response, body: object | None, message: str | None = None
    ) -> None:
        request = error_request(response.request)
        super().__init__(message or "The response body could not be decoded.", request, body=body)
        self.response = error_response(response, request)
        self.status_code = response.status_code


class APIResponseDecodingError(APIResponseValidationError):
    """A response arrived but its body could not be decoded (e.g. corrupt gzip). The server
    did answer, so this is not a transport failure and the request is not sent again."""


class ResponseTooLargeError(APIError):
    """A response body (decoded) or one server-sent event is larger than the client allows
    (``max_response_size`` / ``max_event_size``); reading stopped at the limit.

    Attributes:
        limit: the limit in bytes that was exceeded.
    """

    def __init__(self, message: str, request: _http.Request | None = None, *, limit: int) -> None:
        super().__init__(message, request)
        self.limit = limit


class TooManyRedirectsError(APIError):
    """The server redirected more often than the client follows (``max_redirects``): a
    redirect loop. Not retried."""


class PaginationCycleError(APIError):
    """Walking a paginated list, the server's answer asked for a page already fetched in this
    walk (its cursors run in a cycle, or it ignored the cursor sent): following it would never
    end. The items of the pages before were given; not retried.

    Attributes:
        param: the query parameter choosing the page (``after``, ``offset``, ``page`` ...).
        value: the value it was asked to take again.
    """

    def __init__(self, message: str, *, param: str, value: str) -> None:
        super().__init__(message)
        self.param = param
        self.value = value


class PaginationLinkError(APIError):
    """Walking a list paged by its answers' ``Link`` header (RFC 8288), the link to the next page
    could not be followed: it leads to another origin (scheme, host, port) than the one that
    answered, where the client's credentials must not go, or the header is larger than the
    client reads. The items of the pages before were given; not retried.

    Attributes:
        url: the link to the next page, cut short (``None`` when the header was not read).
    """

    def __init__(self, message: str, *, url: str | None) -> None:
        super().__init__(message)
        self.url = url


class MissingCredentialsError(APIError):
    """The API requires a credential and none was given, neither as an argument nor in its
    environment variable (raised when the client is created, or before a request is sent
    for an operation whose own requirement names a credential the client does not have)."""


_STATUS_ERRORS: dict[int, type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
    529: OverloadedError,
}


#: ``Retry-After`` seconds: ASCII digits, a fraction allowed; no sign, exponent, inf or nan.
_SECONDS = re.compile(r"[0-9]+(?:\.[0-9]+)?", re.ASCII)


def parse_retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds to wait per ``retry-after-ms``, else ``Retry-After`` (seconds or HTTP date; a
    date already past gives a negative number); ``None`` when absent or neither. Its seconds
    are ASCII digits (RFC 9110's ``1*DIGIT``), a fraction taken as openai-python takes it
    (``1.5``): ``float`` also read ``1e3`` as 1000 s, and a negative number, which asks for
    no wait, was a wait of 0."""
    retry_ms = headers.get("retry-after-ms")
    if retry_ms is not None:
        with_ms = _finite(retry_ms)
        if with_ms is not None:
            return with_ms / 1000.0
    retry_after = headers.get("retry-after")
    if retry_after is None:
        return None
    digits = retry_after.strip()
    if _SECONDS.fullmatch(digits):  # (isdigit or \d alone take "²" and other scripts' digits)
        return _finite(digits)  # (None for hundreds of digits: float gives inf)
    try:
        when = email.utils.parsedate_to_datetime(retry_after)
    except (TypeError, ValueError, IndexError, OverflowError):  # (an offset of 20 digits)
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=_dt.UTC)
    return (when - _dt.datetime.now(_dt.UTC)).total_seconds()


def _finite(text: str) -> float | None:
    """``text`` as a number of seconds; ``None`` for anything else, "nan" and "inf" included
    (``float`` reads them, and no wait is infinite)."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def status_error_class(status_code: int) -> type[APIStatusError]:
    """The exception class for an HTTP status code (``APIStatusError`` if none is specific)."""
    if status_code in _STATUS_ERRORS:
        return _STATUS_ERRORS[status_code]
    if status_code >= 500:
        return InternalServerError
    return APIStatusError


def _as_mapping(value: object) -> Mapping[str, Any] | None:
    """``value`` as a string-keyed mapping: dicts as-is, pydantic models dumped."""
    if isinstance(value, Mapping):
        return value
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        try:
            dumped = dump()
        except (ValueError, TypeError, AttributeError):  # a lenient model may not dump
            return None
        return dumped if isinstance(dumped, Mapping) else None
    return None


def _error_details(body: object) -> Mapping[str, Any]:
    """The ``{"error": {...}}`` object of an error body, else the body itself, else ``{}``."""
    mapping = _as_mapping(body)
    if mapping is None:
        return {}
    inner = _as_mapping(mapping.get("error"))
    return inner if inner is not None else mapping


def mismatch_error(
    response: _http.Response,
    subject: str,
    summary: str,
    payload: object,
    text: str,
    redact: Callable[[str], str],
) -> APIResponseValidationError:
    """Strict mode's error for JSON that does not match its declared type (`subject`: a body,
    an event): ``body`` the decoded JSON, as an ``APIStatusError``'s, and the message what the
    validation found (`summary`), a credential echoed back blanked out in both."""
    return APIResponseValidationError(
        response=hide_echoes(response, redact),
        body=redact_body(payload, text, redact),
        message=redact(  # a validation message may quote the input
            f"{subject} does not match the declared type (strict_response_validation): {summary}"
        ),
    )


def redact_body(body: object, text: str, redact: Callable[[str], str]) -> object:
    """``body`` (decoded from ``text``) with ``redact`` applied to every string in it, keys
    included; a body nested deeper than Python recurses is given as its text, redacted."""
    try:
        return _redact_values(body, redact)
    except RecursionError:
        return redact(text)


def hide_echoes(response: _http.Response, redact: Callable[[str], str]) -> _http.Response:
    """``response``, an answer an error carries, with a credential the server echoed back in its
    reason phrase or a header value blanked out (in place; nothing else changes): their reprs,
    ``<Response [401 bad key sk-...]>`` and a ``WWW-Authenticate`` quoting the key, are what a
    log of the error or a debugger shows."""
    reason = response.extensions.get("reason_phrase")
    if isinstance(reason, bytes) and reason:
        shown = _redact_latin1(reason, redact)
        if shown != reason:
            response.extensions["reason_phrase"] = shown
    headers = response.headers
    raw = headers.raw
    hidden = [(name, _redact_latin1(value, redact)) for name, value in raw]
    if hidden != raw:
        response.headers = _http.Headers(hidden, encoding=headers.encoding)
    return response


def _redact_latin1(value: bytes, redact: Callable[[str], str]) -> bytes:
    """``value`` (the bytes of a status line or header) redacted as text, each byte a letter."""
    text = value.decode("latin-1")
    shown = redact(text)
    return value if shown == text else shown.encode("latin-1", "replace")


def _redact_values(value: object, redact: Callable[[str], str]) -> object:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {_redact_values(k, redact): _redact_values(v, redact) for k, v in value.items()}
    if isinstance(value, list):
        return [_redact_values(item, redact) for item in value]
    return value


class RedactedCause(Exception):
    """What an error was raised from, as its traceback prints it, where the library's own
    exception quotes a credential: its type and message with every credential blanked out, and
    its frames. Such a message quotes what the server sent (a pydantic error's ``input_value``,
    a ``Location`` the HTTP library could not read) or the request; a server echoing the key
    put it into every traceback and ``logging.exception``."""


def redacted_cause(exc: BaseException, redact: Callable[[str], str]) -> BaseException:
    """The cause to raise an error ``from``: ``exc`` itself (``isinstance(e.__cause__,
    httpx.ConnectError)`` holds, as with openai-python) unless a message of it or of the
    exceptions it chains to would show a credential, then a :class:`RedactedCause`. Either
    way the HTTP library's exceptions of the chain keep as ``request`` the error's copy
    without credentials (:func:`error_request`), not the request as sent."""
    chain = list(_chain(exc))
    for current in chain:
        _forget_credentials(current)
    if all(redact(str(current)) == str(current) for current in chain):
        return exc
    kind = type(exc)
    cause = RedactedCause(redact(f"{kind.__module__}.{kind.__qualname__}: {exc}"))
    return cause.with_traceback(exc.__traceback__)


def _forget_credentials(exc: BaseException) -> None:
    """``exc``'s request, if it is the HTTP library's exception holding one, replaced by its
    copy without credentials: an error tracker or a logger sends the cause along with the
    error, and ``e.__cause__.request.headers`` held the key."""
    if not isinstance(exc, _http.HTTPError):
        return
    try:
        request = exc.request
    except RuntimeError:  # none set (the library raised it before sending)
        return
    exc.request = error_request(request)


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """The exceptions a traceback of ``exc`` prints: itself and its causes and contexts."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or (
            None if current.__suppress_context__ else current.__context__
        )


def excerpt(text: str, limit: int = _EXCERPT_CHARS) -> str:
    """``text`` on one line (each run of blanks one space), cut to ``limit`` characters, each
    character that is not printable spelt as its escape (:func:`printable`). Only the words
    shown are taken out of it: splitting a whole body of megabytes of short words
    (``ab ab ab ...``) made a list of millions of strings, 1.6 GB for 64 MiB of answer."""
    words: list[str] = []
    size = -1  # the length of the words joined by one space each
    for word in _WORD.finditer(text):
        start = word.start()
        words.append(printable(text[start : min(word.end(), start + limit + 1)]))
        size += 1 + len(words[-1])
        if size > limit:
            break
    flat = " ".join(words)
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def printable(text: str) -> str:
    """``text`` with each character a terminal acts on spelt as its escape (``\\x1b``): the
    C0 and C1 controls, the bidi controls and the line and paragraph separators. A server's
    text reaches messages, tracebacks and logs, and an escape sequence in it must not clear the
    reader's screen or write their clipboard (OSC 52). Any other character stays (an emoji's
    zero-width joiner, Persian's non-joiner)."""
    if _ACTED_ON.search(text) is None:
        return text
    return _ACTED_ON.sub(lambda found: _escaped(found[0]), text)


#: What :func:`printable` spells as escapes.
_ACTED_ON = re.compile(
    "[\\x00-\\x1f\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069]"
)


def _escaped(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


#: Where error bodies put their text, in the order looked for (after OpenAI's
#: ``{"error": {"message": ...}}``): most APIs' ``message``, Plaid's ``error_message``, Xero's
#: ``Message``, FastAPI's and RFC 7807's ``detail``, OAuth's ``error_description``, Jira's
#: ``errorMessages`` and ``errors`` (a list of messages, or one per field), GraphQL's ``errors``
#: (``[{"message": ...}]``), pydantic's ``msg``, and RFC 7807's ``title`` alone.
_MESSAGE_KEYS = (
    "message",
    "error_message",
    "Message",
    "errorMessage",
    "msg",
    "detail",
    "error_description",
    "errorMessages",
    "errors",
    "title",
)
#: What names the text a key holds, when both are there: ``title: detail`` (RFC 7807),
#: ``error: error_description`` (OAuth's code, then its text).
_LABELS = {"detail": "title", "error_description": "error"}
#: Where an entry of a list of errors names what it is about (FastAPI's ``loc``, ``field``).
_PLACES = ("loc", "field", "path")
#: How deep into the body, and how many entries of a list, a message is looked for: the
#: message is cut to ``_EXCERPT_CHARS`` anyway, and a body may be megabytes of entries.
_MESSAGE_DEPTH = 4
_LISTED = 5


def server_message(body: object, depth: int = 0) -> str | None:
    """The server's own text in an error body (the decoded JSON), else ``None``: the message
    under the first of :data:`_MESSAGE_KEYS` that holds one (inside ``error`` first), an
    ``error`` string, or a list's messages joined by ``; ``."""
    if depth > _MESSAGE_DEPTH:
        return None
    if isinstance(body, str):
        return body.strip() or None
    if isinstance(body, list):
        return _listed(body, depth)
    mapping = _as_mapping(body)
    if mapping is None:
        return None
    error = mapping.get("error")
    inner = server_message(error, depth + 1) if _as_mapping(error) is not None else None
    if inner:
        return inner
    for key in _MESSAGE_KEYS:
        value = mapping.get(key)
        found = _field_messages(value) if key == "errors" else None
        found = found or server_message(value, depth + 1)
        if found:
            label = _LABELS.get(key)
            return _labelled(mapping.get(label) if label is not None else None, found)
    return server_message(error, depth + 1) if isinstance(error, str) else None


def _listed(entries: list[Any], depth: int) -> str | None:
    """The messages of the first :data:`_LISTED` entries of a list of errors, each after what
    it is about (``body.prompt: field required``), joined by ``; ``."""
    texts = []
    for entry in entries[:_LISTED]:
        text = server_message(entry, depth + 1)
        if text:
            texts.append(_labelled(_place(entry), text))
    more = len(entries) - _LISTED
    return "; ".join(texts) + (f" (and {more} more)" if more > 0 and texts else "") or None


def _field_messages(value: object) -> str | None:
    """Jira's ``errors``: one message per field, ``{"summary": "Field required"}``."""
    mapping = _as_mapping(value)
    if not mapping:
        return None
    pairs = [(key, text) for key, text in mapping.items() if isinstance(text, str) and text]
    shown = [f"{key}: {text}" for key, text in pairs[:_LISTED]]
    return "; ".join(shown) or None


def _place(entry: object) -> str | None:
    """What an entry of a list of errors is about: ``body.prompt`` for ``loc: [body, prompt]``."""
    mapping = _as_mapping(entry)
    if mapping is None:
        return None
    for key in _PLACES:
        place = mapping.get(key)
        if isinstance(place, list) and place:
            return ".".join(str(part) for part in place[:10])
        if isinstance(place, str | int) and not isinstance(place, bool):
            return str(place)
    return None


def _labelled(label: object, text: str) -> str:
    """``label: text`` when the body names what the text is about (and the text does not say
    it already), else ``text``."""
    if isinstance(label, str) and label.strip() and label.strip() not in text:
        return f"{label.strip()}: {text}"
    return text


def error_message(status_code: int, body: object, text: str) -> str:
    """The message of an ``APIStatusError``: status plus the server's own message when the body
    has one (:func:`server_message`: ``{"error": {"message": ...}}``, ``{"message": ...}``,
    ``{"detail": ...}``, ``{"error_message": ...}``, ``{"errorMessages": [...]}`` ...), on
    one line and cut short, else a short excerpt of the raw body."""
    found = server_message(body) if body is not None else None
    detail = excerpt(found) if found else excerpt(text)
    return f"Error code: {status_code} - {detail}" if detail else f"Error code: {status_code}"
