"""Server-sent events: an incremental WHATWG decoder and typed ``Stream`` / ``AsyncStream``.

End of stream: ``data: [DONE]`` ends iteration. A clean end of the body without ``[DONE]``
also ends iteration silently (like openai-python: some OpenAI-compatible servers never send
``[DONE]``). A body cut by the transport (reset, truncated chunked encoding) raises
``APIConnectionError``, and a read timeout ``APITimeoutError``.

Errors in the stream: an event whose JSON has a truthy ``error`` key, or any ``event: error``,
raises. When the error object carries an HTTP-like status (``status``, ``status_code`` or a
numeric ``code``) the matching ``APIStatusError`` subclass is raised (``RateLimitError`` for
429, ...); otherwise a plain ``APIError``. A data line that is not JSON raises ``APIError``
naming the problem.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import (
    AsyncGenerator,
    AsyncIterable,
    AsyncIterator,
    Generator,
    Iterable,
    Iterator,
)
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Generic, Self, TypeVar

from . import _http
from ._errors import (
    APIConnectionError,
    APIError,
    APITimeoutError,
    excerpt,
    status_error_class,
)
from ._parse import parse_json, validate_python

__all__ = ["AsyncStream", "SSEDecoder", "ServerSentEvent", "Stream"]

_T = TypeVar("_T")


@dataclass(frozen=True)
class ServerSentEvent:
    """One dispatched event. ``event`` is ``None`` when the server sent no ``event:`` line."""

    data: str
    event: str | None = None
    id: str | None = None
    retry: int | None = None

    def json(self) -> Any:
        """The data decoded as JSON."""
        return json.loads(self.data)


class SSEDecoder:
    """Incremental decoder for ``text/event-stream`` (WHATWG HTML, "Parsing an event stream").

    Feed it byte chunks of any size; lines may end in CRLF, LF or CR (a CR at the end of a
    chunk is resolved when the next chunk arrives), a leading UTF-8 BOM is skipped, ``:``
    lines are comments (keep-alives), ``data`` lines are joined with ``\\n``, and a blank line
    dispatches the event. Events with no data lines are not dispatched.
    """

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._buffer = ""
        self._first = True
        self._pending_cr = False
        self._event: str | None = None
        self._data: list[str] = []
        self._id: str | None = None
        self._last_id: str | None = None
        self._retry: int | None = None

    def feed(self, chunk: bytes) -> list[ServerSentEvent]:
        """Decode one chunk and return the events it completed."""
        text = self._decoder.decode(chunk)
        if self._first and text:
            self._first = False
            text = text.removeprefix("\ufeff")
        if self._pending_cr and text.startswith("\n"):
            text = text[1:]  # the LF of a CRLF split across chunks
        self._pending_cr = False
        buffer = self._buffer + text
        events: list[ServerSentEvent] = []
        start = 0
        length = len(buffer)
        while start < length:
            cr = buffer.find("\r", start)
            lf = buffer.find("\n", start)
            if cr < 0 and lf < 0:
                break
            if cr >= 0 and (lf < 0 or cr < lf):
                end, nxt = cr, cr + 1
                if nxt < length and buffer[nxt] == "\n":
                    nxt += 1
                elif nxt == length:
                    self._pending_cr = True  # maybe CRLF split across chunks
            else:
                end, nxt = lf, lf + 1
            event = self._line(buffer[start:end])
            if event is not None:
                events.append(event)
            start = nxt
        self._buffer = buffer[start:]
        return events

    def flush(self) -> list[ServerSentEvent]:
        """End of stream: an unterminated final event is discarded, as the spec requires."""
        self._buffer = ""
        self._data = []
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

    def _line(self, line: str) -> ServerSentEvent | None:
        if not line:
            return self._dispatch()
        if line.startswith(":"):
            return None
        name, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "id":
            if "\0" not in value:
                self._last_id = value
        elif name == "retry" and value.isdigit():
            self._retry = int(value)
        return None

    def _dispatch(self) -> ServerSentEvent | None:
        if not self._data:
            self._event = None
            return None
        event = ServerSentEvent(
            data="\n".join(self._data), event=self._event, id=self._last_id, retry=self._retry
        )
        self._data = []
        self._event = None
        return event


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
    response: _http.Response, payload: object, raw: str, event: str | None
) -> APIError:
    """The exception for an error event (``payload`` is the decoded JSON, or None)."""
    error: object = payload.get("error") if isinstance(payload, dict) else None
    if error is None and isinstance(payload, dict):
        error = payload  # `event: error` with the error object at the top level
    message: object = None
    if isinstance(error, dict):
        message = error.get("message")
    elif isinstance(error, str):
        message = error
    if not isinstance(message, str) or not message:
        message = excerpt(raw) if raw and payload is None else "An error occurred during streaming"
    text = (
        f"Error in stream: {message}" if event != "error" else f"Error event in stream: {message}"
    )
    status = _status_from(error) or _status_from(payload)
    if status is not None:
        cls = status_error_class(status)
        return cls(text, response=response, body=error, status_code=status)
    return APIError(text, response.request, body=error)


class _Decoder(Generic[_T]):
    """What ``Stream`` and ``AsyncStream`` share: turning one event into one chunk."""

    def __init__(self, response: _http.Response, chunk_type: object) -> None:
        self.response = response
        self._chunk_type = chunk_type

    def _chunk(self, sse: ServerSentEvent) -> _T:
        data = sse.data
        if sse.event == "error":
            try:
                payload: object = json.loads(data)
            except ValueError:
                payload = None
            raise _error_from_event(self.response, payload, data, sse.event)
        if '"error"' in data:  # cheap pre-check; only then decode to look for the key
            try:
                payload = json.loads(data)
            except ValueError as exc:
                raise self._malformed(data, exc) from exc
            if isinstance(payload, dict) and payload.get("error"):
                raise _error_from_event(self.response, payload, data, sse.event)
            result: _T = validate_python(self._chunk_type, payload)
            return result
        try:
            parsed: _T = parse_json(self._chunk_type, data)
        except ValueError as exc:
            raise self._malformed(data, exc) from exc
        return parsed

    def _malformed(self, data: str, exc: ValueError) -> APIError:
        return APIError(
            f"Malformed JSON in server-sent event data ({exc}): {excerpt(data, 120)!r}",
            self.response.request,
            body=data,
        )


class Stream(_Decoder[_T]):
    """Typed chunks of a server-sent event response.

    ```python
    with client.completions.create(..., stream=True) as stream:
        for chunk in stream:
            print(chunk.choices[0].text)
    ```

    The HTTP response is closed when iteration ends, when a ``for`` loop over the stream is
    left early (``break``), on ``close()``, and on leaving a ``with`` block.
    """

    def __init__(self, *, response: _http.Response, chunk_type: object) -> None:
        super().__init__(response, chunk_type)
        self._iterator = self._stream()

    def _events(self) -> Iterator[ServerSentEvent]:
        decoder = SSEDecoder()
        try:
            yield from decoder.iter_bytes(self.response.iter_bytes())
        except _http.TimeoutException as exc:
            raise APITimeoutError(request=self.response.request) from exc
        except _http.TransportError as exc:
            raise APIConnectionError(
                message=f"Stream ended before [DONE]: {type(exc).__name__}",
                request=self.response.request,
            ) from exc

    def _stream(self) -> Generator[_T, None, None]:
        try:
            for sse in self._events():
                if sse.data.startswith("[DONE]"):
                    break
                yield self._chunk(sse)
        finally:
            self.response.close()

    def __next__(self) -> _T:
        return next(self._iterator)

    def __iter__(self) -> Iterator[_T]:
        try:
            yield from self._iterator
        finally:
            self.close()

    def close(self) -> None:
        """Close the HTTP response, releasing (or dropping) the connection."""
        self._iterator.close()
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


class AsyncStream(_Decoder[_T]):
    """The async twin of :class:`Stream` (``async for``, ``async with``, ``await aclose()``).

    Leaving an ``async for`` early closes the response too, but asynchronously: Python hands
    the abandoned iterator to the event loop's finaliser, which closes it on a later loop
    iteration. Use ``async with`` (or ``await stream.aclose()``) to close deterministically.
    """

    def __init__(self, *, response: _http.Response, chunk_type: object) -> None:
        super().__init__(response, chunk_type)
        self._iterator = self._stream()

    async def _events(self) -> AsyncGenerator[ServerSentEvent, None]:
        decoder = SSEDecoder()
        try:
            async for sse in decoder.aiter_bytes(self.response.aiter_bytes()):
                yield sse
        except _http.TimeoutException as exc:
            raise APITimeoutError(request=self.response.request) from exc
        except _http.TransportError as exc:
            raise APIConnectionError(
                message=f"Stream ended before [DONE]: {type(exc).__name__}",
                request=self.response.request,
            ) from exc

    async def _stream(self) -> AsyncGenerator[_T, None]:
        events = self._events()
        try:
            async for sse in events:
                if sse.data.startswith("[DONE]"):
                    break
                yield self._chunk(sse)
        finally:
            await events.aclose()
            await self.response.aclose()

    async def __anext__(self) -> _T:
        return await self._iterator.__anext__()

    async def __aiter__(self) -> AsyncIterator[_T]:
        try:
            async for item in self._iterator:
                yield item
        finally:
            await self.aclose()

    async def aclose(self) -> None:
        """Close the HTTP response, releasing (or dropping) the connection."""
        await self._iterator.aclose()
        await self.response.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()
