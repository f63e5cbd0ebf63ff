"""Server-sent events: an incremental WHATWG decoder and typed ``Stream`` / ``AsyncStream``.

Two conventions. An operation a body property switches to streaming (``stream: true``) follows
OpenAI's, which the OpenAI-compatible APIs share, described below. One that always streams
(a subscription) has plain events (``plain_events``): each event's data is a chunk, whatever it
holds (an ``error`` member too), but for an event named ``error``, which raises as below, and
the stream ends with the body; ``[DONE]`` is a chunk where the chunk type takes text, else
passed over (no typed chunk can be it).
Either way ``last_event_id`` and ``last_event`` give the ``id:`` and ``event:`` of the last
chunk's event (``id`` carries over from earlier events, as the standard says: what a
subscription is resumed from, with a ``Last-Event-ID`` header).

End of stream: ``data: [DONE]`` ends iteration. A clean end of the body without ``[DONE]``
also ends iteration silently (like openai-python: some OpenAI-compatible servers never send
``[DONE]``), unless no event came at all and the answer's Content-Type is another than
``text/event-stream`` (an HTML page from a proxy): that raises ``APIResponseValidationError``. A body cut by the transport (reset, truncated chunked encoding) raises
``APIConnectionError`` (``Stream ended before [DONE]`` in OpenAI's convention, else ``The stream
was cut before its end``), and a read timeout ``APITimeoutError``.

Errors in the stream: an event whose JSON has a truthy ``error`` key (OpenAI's convention only),
or any ``event: error``, raises, its message the server's (``server_message``). When the error object carries an HTTP-like status (``status``, ``status_code`` or a
numeric ``code``) the matching ``APIStatusError`` subclass is raised (``RateLimitError`` for
429, ...); otherwise a plain ``APIError``. A data line that is not JSON (or JSON nested too
deeply to decode) raises ``APIResponseValidationError`` naming the problem, as does, with the
client's ``strict_response_validation``, one whose JSON does not match the chunk type (else it
is parsed leniently, as a response body is: ``_parse``). An event whose JSON is no chunk (it does
not validate as the chunk type) but is one of the errors the operation declares for its error
answers (``error_types``: a model requiring a field, validated strictly) raises ``APIError``
(``APIStatusError`` with an HTTP-like status), in either convention: Hugging Face TGI ends a
plain stream with ``data: {"error": "...", "error_type": "generation"}``, its declared
``ErrorResponse``. A chunk type with an ``error`` field of its own keeps such events as chunks.
Every error event's ``parsed_body`` is that declared model when its JSON is one. A ``retry:`` field
that is no number Python reads is ignored, as openai-python's decoder does. Messages built
from what the server sent have the client's credentials blanked out.

Size: one event larger than ``max_event_size`` (the client's, 16 MiB by default) raises
``ResponseTooLargeError`` as soon as the decoder holds that much without a blank line; the
number of events is not limited.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import (
    AsyncGenerator,
    AsyncIterable,
    AsyncIterator,
    Callable,
    Generator,
    Iterable,
    Iterator,
)
from dataclasses import dataclass
from types import AsyncGeneratorType, GeneratorType, TracebackType
from typing import Any, Generic, Self, TypeVar

import pydantic

from . import _http
from ._errors import (
    APIConnectionError,
    APIError,
    APIResponseDecodingError,
    APIResponseValidationError,
    ResponseTooLargeError,
    connection_error,
    excerpt,
    hide_echoes,
    mismatch_error,
    redact_body,
    redacted_cause,
    server_message,
    status_error_class,
)
from ._parse import (
    UNCHECKED_JSON_BYTES,
    extra_keeps,
    is_json_media,
    json_validator,
    loads,
    mismatch_summary,
    only_text,
    parse_json,
    takes_text,
    validate_python,
)

__all__ = [
    "AsyncStream",
    "SSEDecoder",
    "ServerSentEvent",
    "Stream",
    "first_event_data",
    "is_event_stream",
]

_T = TypeVar("_T")


@dataclass(frozen=True)
class ServerSentEvent:
    """One dispatched event. ``event`` is ``None`` when the server sent no ``event:`` line."""

    data: str
    event: str | None = None
    id: str | None = None
    retry: int | None = None

    def json(self) -> Any:
        """The data decoded as JSON (``ValueError`` when it is not JSON, or nested too deeply
        to decode)."""
        return loads(self.data)


_BOM = b"\xef\xbb\xbf"

#: One dispatched event as the decoder produces it: ``(event, data, id, retry)``, ``data``
#: still UTF-8 bytes (the data lines joined with ``\n``).
RawEvent = tuple[str | None, bytes, str | None, int | None]


_LF = 10  # b"\n"[0]: `int in bytes` is a memchr, much faster than `b"\n" in bytes`
_CR = 13
#: A run of blank lines after a line's end: the blank lines after the first dispatch nothing.
#: Made one blank line before the stream is split into events, at C speed: 63 KiB of gzip
#: holding 64 MiB of blank lines kept a core busy for seconds, line by line in Python.
_BLANK_RUN = re.compile(rb"\n{3,}")


def _text(value: bytes) -> str:
    return value.decode("utf-8", "replace")


def _without_blank_runs(chunk: bytes) -> bytes:
    """``chunk`` with each run of blank lines after a line's end made one (:data:`_BLANK_RUN`):
    the same events."""
    return _BLANK_RUN.sub(b"\n\n", chunk) if b"\n\n\n" in chunk else chunk


class SSEDecoder:
    """Incremental decoder for ``text/event-stream`` (WHATWG HTML, "Parsing an event stream").

    Feed it byte chunks of any size; lines may end in CRLF, LF or CR (a CR at the end of a
    chunk is resolved when the next chunk arrives), a leading UTF-8 BOM is skipped, ``:``
    lines are comments (keep-alives), ``data`` lines are joined with ``\n``, and a blank line
    dispatches the event. Events with no data lines are not dispatched.

    Lines are split on bytes (CR and LF never occur inside a UTF-8 sequence, so a chunk may
    end anywhere, even inside a character); field values are decoded as UTF-8 with
    replacement characters for invalid bytes. :meth:`feed_raw` keeps the data as bytes.
    """

    def __init__(self, max_event_size: int | None = None) -> None:
        self._limit = max_event_size
        self._partial_size = 0  # bytes in `_partial`
        self._partial: list[bytes] = []  # what came after the last blank line, in pieces
        self._first = True  # the BOM is not resolved yet
        self._pending_cr = False  # the last chunk ended in CR: drop an LF that starts the next
        self._clean = False  # neither of those: chunks with no CR take the short way
        self._event: str | None = None
        #: the data lines of the event so far, joined by ``\n`` (one buffer, not a list of
        #: lines: 16 MiB of ``data:ab`` lines made two million objects, 264 MB), and how many
        self._data = bytearray()
        self._data_lines = 0
        self._last_id: str | None = None
        self._retry: int | None = None

    def feed(self, chunk: bytes) -> list[ServerSentEvent]:
        """Decode one chunk and return the events it completed."""
        return [
            ServerSentEvent(data=_text(data), event=event, id=id_, retry=retry)
            for event, data, id_, retry in self.feed_raw(chunk)
        ]

    def feed_raw(self, chunk: bytes) -> list[RawEvent]:
        """Like :meth:`feed`, without building ``ServerSentEvent`` objects or decoding the data."""
        events: list[RawEvent] = []
        for block in self.blocks(chunk):
            if block.startswith(b"data: ") and _LF not in block:  # the usual event
                events.append((None, block[6:], self._last_id, self._retry))
            else:
                self.block_events(block, events)
        return events

    def blocks(self, chunk: bytes) -> list[bytes]:
        """The lowest level: the whole events ``chunk`` completes, each as the bytes of its
        lines up to the blank line that ends it (LF-separated, without that blank line).

        A block without LF that starts with ``data: `` is one data line; hand any other
        block to :meth:`block_events` (in order: blocks update ``id`` and ``retry``).
        """
        partial = self._partial
        if self._clean and not partial and _CR not in chunk:  # e.g. one event per chunk
            blocks = _without_blank_runs(chunk).split(b"\n\n")
            rest = blocks.pop()
            if rest:
                self._keep(rest)
            if self._limit is not None and len(chunk) > self._limit:
                self._check(blocks)
            return blocks
        if not chunk:
            return []
        if self._first:
            if self._partial:
                chunk = self._partial.pop() + chunk
            if len(chunk) < len(_BOM) and _BOM.startswith(chunk):
                self._partial.append(chunk)  # maybe a BOM split across chunks
                return []
            self._first = False
            chunk = chunk.removeprefix(_BOM)
        if self._pending_cr:
            self._pending_cr = False
            chunk = chunk.removeprefix(b"\n")  # the LF of a CRLF split across chunks
        if _CR in chunk:
            self._pending_cr = chunk.endswith(b"\r")
            chunk = chunk.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        self._clean = not self._pending_cr
        if b"\n\n" not in chunk and not (
            partial and chunk.startswith(b"\n") and partial[-1].endswith(b"\n")
        ):
            if chunk:
                self._keep(chunk)  # no blank line yet: nothing to dispatch
            return []
        if partial:
            partial.append(chunk)
            chunk = b"".join(partial)
            partial.clear()
            self._partial_size = 0
        # Every "\n\n" ends a line and then a blank line: split into whole events.
        blocks = _without_blank_runs(chunk).split(b"\n\n")
        rest = blocks.pop()
        if rest:
            self._keep(rest)
        if self._limit is not None and len(chunk) > self._limit:
            self._check(blocks)
        return blocks

    def _keep(self, piece: bytes) -> None:
        """Hold ``piece`` until a blank line ends its event; past the limit, raise."""
        self._partial.append(piece)
        self._partial_size += len(piece)
        if self._limit is not None and self._partial_size > self._limit:
            self._partial.clear()
            self._partial_size = 0
            raise self._too_large()

    def _check(self, blocks: list[bytes]) -> None:
        limit = self._limit
        if limit is not None and any(len(block) > limit for block in blocks):
            raise self._too_large()

    def _too_large(self) -> ResponseTooLargeError:
        return _event_too_large(self._limit or 0)

    def block_events(self, block: bytes, events: list[RawEvent]) -> None:
        """Append the event of one block (see :meth:`blocks`), if it has data. Its lines are
        read one at a time: a block of millions of short lines (comments, ``id:``) split whole
        was a list of millions of objects, 200 MB for a 15 MiB event."""
        start = 0
        while True:
            end = block.find(_LF, start)
            line = block[start:] if end < 0 else block[start:end]
            if line:
                self._field(line)
            else:  # a blank line at the start of the block (a run of blank lines)
                self._dispatch(events)
            if end < 0:
                break
            start = end + 1
        self._dispatch(events)

    def _dispatch(self, events: list[RawEvent]) -> None:
        if self._data_lines:
            events.append((self._event, bytes(self._data), self._last_id, self._retry))
            self._data.clear()
            self._data_lines = 0
        self._event = None

    def _field(self, line: bytes) -> None:
        if line.startswith(b":"):
            return  # a comment
        name, colon, value = line.partition(b":")
        if colon and value.startswith(b" "):
            value = value[1:]
        if name == b"data":
            if self._data_lines:
                self._data += b"\n"
            self._data += value
            self._data_lines += 1
        elif name == b"event":
            self._event = _text(value)
        elif name == b"id":
            if b"\0" not in value:
                self._last_id = _text(value)
        elif name == b"retry" and value.isdigit():
            # as openai-python's decoder: a value it cannot read is ignored (Python refuses to
            # convert more than 4,300 digits)
            with contextlib.suppress(ValueError):
                self._retry = int(value)

    def flush(self) -> list[ServerSentEvent]:
        """End of stream: an unterminated final event is discarded, as the spec requires."""
        self._partial.clear()
        self._partial_size = 0
        self._data.clear()
        self._data_lines = 0
        self._event = None
        return []

    def iter_bytes(self, chunks: Iterable[bytes]) -> Iterator[ServerSentEvent]:
        """Decode an iterable of byte chunks into events."""
        for chunk in chunks:
            yield from self.feed(chunk)
        yield from self.flush()

    async def aiter_bytes(self, chunks: AsyncIterable[bytes]) -> AsyncIterator[ServerSentEvent]:
        """Decode an async iterable of byte chunks into events."""
        async for chunk in chunks:
            for event in self.feed(chunk):
                yield event


def _event_too_large(limit: int) -> ResponseTooLargeError:
    return ResponseTooLargeError(
        f"A server-sent event is larger than max_event_size ({limit} bytes)", limit=limit
    )


def is_event_stream(content_type: str) -> bool:
    """Whether a ``Content-Type`` names an event stream (``text/event-stream``, any parameters)."""
    return content_type.split(";", 1)[0].strip().lower() == "text/event-stream"


#: How much of an event stream read whole is handed to the decoder at a time by
#: :func:`first_event_data`: the first event is found without splitting the rest.
_FIRST_EVENT_PIECE = 1 << 16


def first_event_data(body: bytes, max_event_size: int | None = None) -> bytes | None:
    """The data of the first event of an event stream already read whole (an error answer
    sent as ``text/event-stream``: TGI's ``data:{"error": ...}``), the body's end ending its
    last event; ``None`` when it holds no event, or one larger than ``max_event_size``."""
    decoder = SSEDecoder(max_event_size)
    try:
        for start in range(0, len(body), _FIRST_EVENT_PIECE):
            events = decoder.feed_raw(body[start : start + _FIRST_EVENT_PIECE])
            if events:
                return events[0][1]
        events = decoder.feed_raw(b"\n\n")  # the end of the body ends an unterminated event
    except ResponseTooLargeError:
        return None
    return events[0][1] if events else None


def stream_error_models(targets: Iterable[object]) -> tuple[type[pydantic.BaseModel], ...]:
    """The declared error types (an ``errors`` table's targets) an event's JSON is checked
    against when it is no chunk: models, not root models, requiring at least one field (a model
    of optional fields only is any object, a chunk that drifted too), each once."""
    models: list[type[pydantic.BaseModel]] = []
    for target in targets:
        if (
            isinstance(target, type)
            and issubclass(target, pydantic.BaseModel)
            and not issubclass(target, pydantic.RootModel)
            and target not in models
            and any(field.is_required() for field in target.model_fields.values())
        ):
            models.append(target)
    return tuple(models)


#: A JSON escape of a letter of `error` (`"\u0065rror"` is the key `error` to a JSON reader):
#: data holding one is decoded to look for the key; other escapes (non-ASCII text, the usual
#: case of an escaping server) spell no `error`.
_ESCAPED_ERROR_LETTER = re.compile(rb"\\u00(?:65|72|6[fF])")
_ESCAPED_ERROR_TEXT = re.compile(r"\\u00(?:65|72|6[fF])")


def _status_from(error: object) -> int | None:
    if not isinstance(error, dict):
        return None
    for key in ("status", "status_code", "code"):
        value = error.get(key)
        if isinstance(value, bool):
            continue
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if isinstance(value, int) and 400 <= value <= 599:
            return value
    return None


def _error_from_event(
    response: _http.Response,
    payload: object,
    raw: str,
    event: str | None,
    redact: Callable[[str], str] = str,
    parsed: object | None = None,
) -> APIError:
    """The exception for an error event (``payload`` is the decoded JSON, or None; ``parsed``
    the declared error model it is, its ``parsed_body``)."""
    error: object = payload.get("error") if isinstance(payload, dict) else None
    if error is None:
        error = payload  # `event: error` with the error at the top level (or the data's text)
    # (`{"error": {"code": 429}, "message": "slow down"}`: the text beside a bare error)
    message = server_message(error) or (server_message(payload) if error is not payload else None)
    if message:
        # on one line and cut short, as an error status's message is: the server's text (up
        # to max_event_size) went whole into the exception, line breaks and all, where a log
        # line shows it; redacted first, as a key cut in two would escape redaction
        message = excerpt(redact(message))
    else:
        shown = excerpt(redact(raw)) if raw and payload is None else ""
        message = shown or "An error occurred during streaming"
    text = redact(
        f"Error in stream: {message}" if event != "error" else f"Error event in stream: {message}"
    )
    body = redact_body(error, raw, redact)  # a key the server echoes back, blanked out
    status = _status_from(error) or _status_from(payload)
    if status is not None:
        answer = hide_echoes(response, redact)
        return status_error_class(status)(
            text, response=answer, body=body, status_code=status, parsed_body=parsed
        )
    return APIError(text, response.request, body=body, parsed_body=parsed)


class _Decoder(Generic[_T]):
    """What ``Stream`` and ``AsyncStream`` share: turning a response into chunks. Apart from
    the streams, which hold it: their chunk generators hold this, not the stream, so that a
    stream no longer referenced is freed at once (no reference cycle), closing its response."""

    def __init__(
        self,
        response: _http.Response,
        chunk_type: object,
        redact: Callable[[str], str] | None = None,
        max_event_size: int | None = None,
        strict: bool = False,
        plain_events: bool = False,
        error_types: Iterable[object] = (),
    ) -> None:
        self.response = response
        self._chunk_type = chunk_type
        #: the operation's declared errors an event that is no chunk may be (see the module
        #: docstring): checked only on the slow path, once the event failed the chunk type
        self._error_models = stream_error_models(error_types)
        #: plain server-sent events: no `[DONE]`, an error only as `event: error` (see the
        #: module docstring)
        self._plain = plain_events
        self._decoder: SSEDecoder | None = None
        self._last_event: str | None = None
        #: the client's `strict_response_validation`: a chunk that does not match raises
        self._strict = strict
        self._redact: Callable[[str], str] = redact or str
        self._max_event_size = max_event_size
        #: the strict fast path, bound once per stream (raises ValueError on anything odd)
        self._validate = json_validator(chunk_type)
        #: whether an `error` member is visible after validation (in the model's extra), so
        #: the data need not be searched for `"error"` before
        self._error_in_extra = extra_keeps(chunk_type, "error")
        #: a chunk of any value or a string (no JSON schema for the events): data that is no
        #: JSON is the chunk as it is (SSE data is text), not a malformed event
        self._text = takes_text(chunk_type)
        #: a chunk of `type: string`: the data's text unless it is a JSON string
        self._only_text = only_text(chunk_type)

    @property
    def last_event_id(self) -> str | None:
        """The last event ID the stream has read: the ``id:`` of the last chunk's event, or of
        an earlier event when it had none (as the standard says: what a subscription resumes
        from, with a ``Last-Event-ID`` header); ``None`` before any."""
        return self._decoder._last_id if self._decoder is not None else None

    @property
    def last_event(self) -> str | None:
        """The ``event:`` name of the last chunk's event; ``None`` when it had none."""
        return self._last_event

    def _done(self, data: bytes) -> bool:
        """Whether data starting `[DONE]` is the end marker, not a chunk: always in OpenAI's
        convention (it ends the stream); in plain events only where no chunk can be it (the
        chunk type takes no text), and only the marker itself (it is passed over)."""
        return not self._plain or (not self._text and data.rstrip() == b"[DONE]")

    def _new_decoder(self) -> SSEDecoder:
        self._decoder = SSEDecoder(self._max_event_size)
        return self._decoder

    def _item(self, event: str | None, data: bytes) -> _T:
        """The chunk of one event other than ``[DONE]``: the fast path straight from the
        bytes, else (error events, bad JSON or UTF-8, lenient parsing) :meth:`_chunk`."""
        self._last_event = event
        # longer data: counted and checked for misfits (`parse_json`) on the slow path
        if self._plain and event != "error" and len(data) <= UNCHECKED_JSON_BYTES:
            try:
                plain: _T = self._validate(data)
            except ValueError:
                return self._slow(event, data)
            return plain
        if event is None and len(data) <= UNCHECKED_JSON_BYTES:
            if self._error_in_extra:
                try:
                    item: Any = self._validate(data)
                except ValueError:
                    return self._slow(event, data)
                extra = item.__pydantic_extra__
                if not (extra and extra.get("error")):
                    result: _T = item
                    return result
            elif data.find(b'"error"') < 0 and not _ESCAPED_ERROR_LETTER.search(data):
                try:
                    parsed: _T = self._validate(data)
                except ValueError:
                    return self._slow(event, data)
                return parsed
        return self._slow(event, data)

    def _slow(self, event: str | None, data: bytes) -> _T:
        return self._chunk(ServerSentEvent(data=_text(data), event=event))

    def _chunk(self, sse: ServerSentEvent) -> _T:
        data = sse.data
        if sse.event == "error":  # in plain events too: no chunk, whatever its data
            try:
                payload: object = loads(data)
            except ValueError:
                payload = None
            raise self._event_error(payload, data, sse.event)
        if self._plain:
            return self._plain_chunk(data)
        # cheap pre-check, only then decoded to look for the key (written `"\u0065rror"` too)
        if '"error"' in data or _ESCAPED_ERROR_TEXT.search(data):
            try:
                payload = loads(data)
            except ValueError as exc:
                return self._text_chunk(data, exc)
            if self._only_text:  # text: an `error` key is a log line's, not an error event's
                return self._as_text(payload, data)
            if isinstance(payload, dict) and payload.get("error"):
                raise self._event_error(payload, data, sse.event)
            return self._value_chunk(payload, data)
        return self._plain_chunk(data)

    def _value_chunk(self, payload: object, data: str) -> _T:
        """The chunk of an event's decoded JSON, unless it is no chunk but a declared error."""
        if self._error_models:
            decided = self._chunk_or_declared_error(
                lambda: validate_python(self._chunk_type, payload, strict=True),
                lambda: self._declared_error(payload, data),
            )
            if decided is not None:
                return decided[0]
        try:
            result: _T = validate_python(self._chunk_type, payload, strict=self._strict)
        except pydantic.ValidationError as exc:  # strict mode only
            raise self._mismatch(data, payload, exc) from redacted_cause(exc, self._redact)
        return result

    def _plain_chunk(self, data: str) -> _T:
        """The chunk of an event no error member is looked for in: its data parsed as the
        chunk type (text, where the type takes it), unless it is no chunk but a declared error."""
        if self._only_text:
            try:
                return self._as_text(loads(data), data)
            except ValueError:
                return self._as_text(data, data)
        if self._error_models:  # (no JSON: the parse below says so)
            decided = self._chunk_or_declared_error(
                lambda: parse_json(self._chunk_type, data, strict=True),
                lambda: self._declared_error_in(data),
            )
            if decided is not None:
                return decided[0]
        try:
            parsed: _T = parse_json(self._chunk_type, data, strict=self._strict)
        except pydantic.ValidationError as exc:  # strict mode only: JSON, but not the type
            raise self._mismatch(data, loads(data), exc) from redacted_cause(exc, self._redact)
        except ValueError as exc:
            return self._text_chunk(data, exc)
        return parsed

    def _chunk_or_declared_error(
        self, strict: Callable[[], _T], declared: Callable[[], APIError | None]
    ) -> tuple[_T] | None:
        """(the chunk the strict parse gives,); else raises the declared error the event is;
        ``None`` when it is neither (the chunk type's parse, lenient or strict, decides)."""
        try:
            return (strict(),)
        except ValueError:
            error = declared()
        if error is not None:  # not from the chunk type's validation error (nor the fast
            raise error from None  # path's): it quotes the data, and is no cause
        return None

    def _event_error(self, payload: object, data: str, event: str | None) -> APIError:
        """The exception for an error event, its ``parsed_body`` the declared error it is."""
        parsed = self._declared(payload, data) if self._error_models else None
        return _error_from_event(self.response, payload, data, event, self._redact, parsed)

    def _declared_error_in(self, data: str) -> APIError | None:
        """:meth:`_declared_error` of an event's data (``None`` when it is no JSON)."""
        try:
            payload = loads(data)
        except ValueError:
            return None
        return self._declared_error(payload, data)

    def _declared_error(self, payload: object, data: str) -> APIError | None:
        """The exception for an event that is no chunk, when its JSON is one of the
        operation's declared errors, else ``None`` (the event stays a chunk, built leniently,
        or strict mode's mismatch)."""
        parsed = self._declared(payload, data)
        if parsed is None:
            return None
        return _error_from_event(self.response, payload, data, None, self._redact, parsed)

    def _declared(self, payload: object, data: str) -> object | None:
        """``payload`` as the first declared error model it validates as (strictly), a
        credential the server echoed back blanked out first; else ``None``."""
        redacted = redact_body(payload, data, self._redact)
        for model in self._error_models:
            try:
                parsed: object = validate_python(model, redacted, strict=True)
            except (ValueError, TypeError, AttributeError, RecursionError):
                continue
            return parsed
        return None

    def _as_text(self, payload: object, data: str) -> _T:
        """The chunk of a `type: string` event: a JSON string's value, else the data's text
        (`42`, `null` or a JSON object line are text the type takes, not drift)."""
        text: _T = payload if isinstance(payload, str) else data  # type: ignore[assignment]
        return text

    def _text_chunk(self, data: str, exc: ValueError) -> _T:
        """The chunk of an event whose data is no JSON: the text, where the chunk type takes
        it; else the error of a malformed event."""
        if not self._text:
            raise self._malformed(data, exc) from redacted_cause(exc, self._redact)
        text: _T = data  # type: ignore[assignment]  # _T is Any or str here (takes_text)
        return text

    def _mismatch(
        self, data: str, payload: object, exc: pydantic.ValidationError
    ) -> APIResponseValidationError:
        """Strict mode's error for an event whose JSON does not match the chunk type."""
        return mismatch_error(
            self.response, "A server-sent event", mismatch_summary(exc), payload, data, self._redact
        )

    def _malformed(self, data: str, exc: ValueError) -> APIResponseValidationError:
        return APIResponseValidationError(
            response=hide_echoes(self.response, self._redact),
            body=self._redact(data),
            message=self._redact(
                f"Malformed JSON in server-sent event data ({exc}): {excerpt(self._redact(data), 120)!r}"
            ),
        )

    def _bounded(self, pieces: Iterable[bytes]) -> Iterator[bytes]:
        """``pieces``, failing once they add up to more than one event may hold."""
        size, limit = 0, self._max_event_size
        for piece in pieces:
            size += len(piece)
            if limit is not None and size > limit:
                raise _event_too_large(limit)
            yield piece

    async def _abounded(self, pieces: AsyncIterable[bytes]) -> AsyncIterator[bytes]:
        size, limit = 0, self._max_event_size
        async for piece in pieces:
            size += len(piece)
            if limit is not None and size > limit:
                raise _event_too_large(limit)
            yield piece

    def _not_streamed(self) -> bool:
        """The server answered with one JSON document instead of an event stream (it ignored
        ``stream=true``): that document is the stream's only chunk, rather than no chunks."""
        return is_json_media(self.response.headers.get("content-type", ""))

    def _check_no_events(self) -> None:
        """A stream that ended cleanly without one event: ``APIResponseValidationError`` when the
        answer says it is something else (an HTML page from a proxy or a captive portal
        answering 200), else nothing (an event stream may hold no event, and a server that
        names no Content-Type is given the benefit of the doubt)."""
        content_type = self.response.headers.get("content-type", "")
        if content_type.split(";", 1)[0].strip() and not is_event_stream(content_type):
            raise APIResponseValidationError(
                response=hide_echoes(self.response, self._redact),
                body=None,
                message=self._redact(
                    f"The answer to a streaming request is no event stream (Content-Type: "
                    f"{excerpt(content_type, 80)}, HTTP {self.response.status_code}) and held no "
                    "event"
                ),
            )

    def _cut(self, exc: Exception, *, events: bool = True) -> APIError:
        """The exception for a transport failure while reading the body (``events``: an event
        stream, not the one JSON document of a server that ignored ``stream=true``)."""
        if isinstance(exc, _http.TimeoutException):  # (a passed deadline says how far it came)
            return connection_error(exc, self.response.request, self._redact)
        if isinstance(exc, _http.DecodingError):
            return APIResponseDecodingError(
                response=hide_echoes(self.response, self._redact),
                body=None,
                message=f"The event stream could not be decoded: {type(exc).__name__}",
            )
        if not events:  # one JSON document
            ended = "The answer was cut before its end"
        elif self._plain:  # no end marker: the body's end is the stream's
            ended = "The stream was cut before its end"
        else:  # OpenAI's convention: the stream ends with `[DONE]`
            ended = "Stream ended before [DONE]"
        return APIConnectionError(
            message=f"{ended}: {type(exc).__name__}", request=self.response.request
        )

    def _chunks(self) -> Generator[_T, None, None]:
        """The chunks of ``response``, closing it at the end (``Stream``'s generator)."""
        # One generator from body bytes to chunks (no generator per stage): this loop runs
        # once per event, so the common event (one `data:` line) is validated right here.
        response = self.response
        if self._not_streamed():
            try:
                try:
                    body = b"".join(self._bounded(response.iter_bytes()))
                except (_http.TransportError, _http.DecodingError) as exc:
                    raise self._cut(exc, events=False) from redacted_cause(exc, self._redact)
                yield self._item(None, body)
            finally:
                response.close()
            return
        decoder = self._new_decoder()
        blocks = decoder.blocks
        item = self._item
        validate = self._validate
        in_extra = self._error_in_extra and not self._plain
        done = not self._plain  # whether `data: [DONE]` ends the stream, else is passed over
        try:
            try:
                empty = True
                for raw in response.iter_bytes():
                    for block in blocks(raw):
                        if block.startswith(b"data: ") and _LF not in block:  # the usual event
                            data = block[6:]
                            if data.startswith(b"[DONE]") and self._done(data):
                                if done:
                                    return
                                continue
                            if in_extra and len(data) <= UNCHECKED_JSON_BYTES:  # `_item`, inlined
                                self._last_event = None
                                try:
                                    value: Any = validate(data)
                                except ValueError:
                                    value = item(None, data)
                                else:
                                    extra = value.__pydantic_extra__
                                    if extra and extra.get("error"):
                                        value = item(None, data)
                                empty = False
                                yield value
                            else:
                                empty = False
                                yield item(None, data)
                            continue
                        events: list[RawEvent] = []
                        decoder.block_events(block, events)
                        for event, data, _, _ in events:
                            if data.startswith(b"[DONE]") and self._done(data):
                                if done:
                                    return
                                continue
                            empty = False
                            yield item(event, data)
                if empty:  # a clean end: no event at all
                    self._check_no_events()
            except (_http.TransportError, _http.DecodingError) as exc:  # TimeoutException is one
                raise self._cut(exc) from redacted_cause(exc, self._redact)
        finally:
            response.close()

    async def _achunks(self) -> AsyncGenerator[_T, None]:
        """The chunks of ``response``, closing it at the end (``AsyncStream``'s generator)."""
        response = self.response
        if self._not_streamed():
            try:
                try:
                    body = b"".join(
                        [piece async for piece in self._abounded(response.aiter_bytes())]
                    )
                except (_http.TransportError, _http.DecodingError) as exc:
                    raise self._cut(exc, events=False) from redacted_cause(exc, self._redact)
                yield self._item(None, body)
            finally:
                await response.aclose()
            return
        decoder = self._new_decoder()
        blocks = decoder.blocks
        item = self._item
        validate = self._validate
        in_extra = self._error_in_extra and not self._plain
        done = not self._plain  # whether `data: [DONE]` ends the stream, else is passed over
        chunks = response.aiter_bytes()
        try:
            try:
                empty = True
                async for raw in chunks:
                    for block in blocks(raw):
                        if block.startswith(b"data: ") and _LF not in block:  # the usual event
                            data = block[6:]
                            if data.startswith(b"[DONE]") and self._done(data):
                                if done:
                                    return
                                continue
                            if in_extra and len(data) <= UNCHECKED_JSON_BYTES:  # `_item`, inlined
                                self._last_event = None
                                try:
                                    value: Any = validate(data)
                                except ValueError:
                                    value = item(None, data)
                                else:
                                    extra = value.__pydantic_extra__
                                    if extra and extra.get("error"):
                                        value = item(None, data)
                                empty = False
                                yield value
                            else:
                                empty = False
                                yield item(None, data)
                            continue
                        events: list[RawEvent] = []
                        decoder.block_events(block, events)
                        for event, data, _, _ in events:
                            if data.startswith(b"[DONE]") and self._done(data):
                                if done:
                                    return
                                continue
                            empty = False
                            yield item(event, data)
                if empty:  # a clean end: no event at all
                    self._check_no_events()
            except (_http.TransportError, _http.DecodingError) as exc:  # TimeoutException is one
                raise self._cut(exc) from redacted_cause(exc, self._redact)
        finally:
            aclose = getattr(chunks, "aclose", None)  # an async generator: close it now,
            if aclose is not None:  # not later in the event loop's finaliser
                await aclose()
            await response.aclose()


class Stream(Generic[_T]):
    """Typed chunks of a server-sent event response.

    ```python
    with client.completions.create(..., stream=True) as stream:
        for chunk in stream:
            print(chunk.choices[0].text)
    ```

    Every ``for`` loop and ``next`` go on from where the last one stopped (as openai-python's:
    ``next(iter(stream))`` then ``for`` gives the rest). The HTTP response is closed when
    iteration ends, on ``close()``, on leaving a ``with`` block, and once the stream is no longer
    referenced (``for chunk in client...(stream=True)`` left with ``break``). A stream closed
    before its end raises ``APIError`` on a later ``for`` or ``next``: its remaining chunks were
    never read, and an empty loop would pass for the end of the answer.
    """

    def __init__(
        self,
        *,
        response: _http.Response,
        chunk_type: object,
        redact: Callable[[str], str] | None = None,
        max_event_size: int | None = None,
        strict: bool = False,
        plain_events: bool = False,
        error_types: Iterable[object] = (),
    ) -> None:
        self.response = response
        self._events: _Decoder[_T] = _Decoder(
            response, chunk_type, redact, max_event_size, strict, plain_events, error_types
        )
        # The chunk generator, made once: a `for` loop gets it directly (no wrapping generator
        # per chunk). It holds the decoder, not the stream: a stream no longer referenced is
        # freed at once, the generator with it, which closes the response.
        self._chunks = self._events._chunks()
        self._closed_early = False

    @property
    def last_event_id(self) -> str | None:
        """The ``id:`` of the last chunk's event, or of an earlier event when it had none (what
        a subscription resumes from, with a ``Last-Event-ID`` header); ``None`` before any."""
        return self._events.last_event_id

    @property
    def last_event(self) -> str | None:
        """The ``event:`` name of the last chunk's event; ``None`` when it had none."""
        return self._events.last_event

    def __next__(self) -> _T:
        if self._closed_early:
            raise _closed_before_end()
        return next(self._chunks)

    def __iter__(self) -> Iterator[_T]:
        if self._closed_early:
            raise _closed_before_end()
        return self._chunks

    def close(self) -> None:
        """Close the HTTP response, releasing (or dropping) the connection."""
        chunks = self._chunks
        if isinstance(chunks, GeneratorType) and chunks.gi_frame is not None:  # not at its end
            self._closed_early = True
        chunks.close()
        self.response.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class AsyncStream(Generic[_T]):
    """The async twin of :class:`Stream` (``async for``, ``async with``, ``await aclose()``, or
    ``await close()`` as in openai-python).

    A stream no longer referenced closes its response asynchronously: Python hands its
    generator to the event loop's finaliser, which closes it on a later loop iteration. Use
    ``async with`` (or ``await stream.aclose()``) to close deterministically.
    """

    def __init__(
        self,
        *,
        response: _http.Response,
        chunk_type: object,
        redact: Callable[[str], str] | None = None,
        max_event_size: int | None = None,
        strict: bool = False,
        plain_events: bool = False,
        error_types: Iterable[object] = (),
    ) -> None:
        self.response = response
        self._events: _Decoder[_T] = _Decoder(
            response, chunk_type, redact, max_event_size, strict, plain_events, error_types
        )
        # made once, holding the decoder, not the stream (see `Stream`)
        self._chunks = self._events._achunks()
        self._closed_early = False

    @property
    def last_event_id(self) -> str | None:
        """See :attr:`Stream.last_event_id`."""
        return self._events.last_event_id

    @property
    def last_event(self) -> str | None:
        """The ``event:`` name of the last chunk's event; ``None`` when it had none."""
        return self._events.last_event

    async def __anext__(self) -> _T:
        if self._closed_early:
            raise _closed_before_end()
        return await self._chunks.__anext__()

    def __aiter__(self) -> AsyncIterator[_T]:
        if self._closed_early:
            raise _closed_before_end()
        return self._chunks

    async def aclose(self) -> None:
        """Close the HTTP response, releasing (or dropping) the connection."""
        chunks = self._chunks
        if isinstance(chunks, AsyncGeneratorType) and chunks.ag_frame is not None:  # not at its end
            self._closed_early = True
        await chunks.aclose()
        await self.response.aclose()

    async def close(self) -> None:
        """Alias of :meth:`aclose` (openai-python's ``await stream.close()``)."""
        await self.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()


def _closed_before_end() -> APIError:
    return APIError(
        "The stream was closed before its end (close(), or leaving its with block): the rest "
        "of its chunks was never read"
    )
