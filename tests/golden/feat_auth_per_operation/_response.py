"""The raw HTTP answer of a call, with lazy typed parsing.

``APIResponse`` is what ``with_raw_response`` methods return (the body already read) and what
``with_streaming_response`` methods yield inside their ``with`` block (the body not read until
asked: ``parse()``, ``read()``, ``iter_bytes()``, ``iter_text()``, ``iter_lines()``);
``AsyncAPIResponse`` is the async twin of the streaming one.

Whatever holds the whole body, or one whole line of it, is bounded by the client's
``max_response_size`` (a small gzip body can decode to gigabytes): ``read()``, ``text``,
``json()``, ``parse()`` and each line of ``iter_lines()`` end in ``ResponseTooLargeError``
past it. ``iter_bytes()`` and ``iter_text()`` hand every chunk over as it arrives, so they
hold nothing and are not limited.

A failure of the transport while the body is read (the server cut it short of its
``Content-Length``, reset the connection, stalled past the read timeout, or sent a corrupt
gzip body) raises the client's error, as the call itself would: ``APIConnectionError``,
``APITimeoutError``, ``APIResponseDecodingError``; the HTTP library's own exception is its
cause (redacted where it quotes a credential).
"""

from __future__ import annotations

import codecs
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from types import TracebackType
from typing import Any, Generic, TypeVar

from . import _http
from ._errors import (
    APIError,
    ResponseTooLargeError,
    connection_error,
    decoding_error,
    redacted_cause,
    request_id,
)
from ._parse import loads, validate_python

__all__ = [
    "APIResponse",
    "AsyncAPIResponse",
    "AsyncResponseContextManager",
    "ResponseContextManager",
    "aread_bounded",
    "body_text",
    "convert_header",
    "read_bounded",
]

_T = TypeVar("_T")
_R = TypeVar("_R")
_UNSET: Any = object()
#: What ``str.splitlines`` (and so the HTTP library's ``iter_lines``) ends a line at.
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def too_large(response: _http.Response, limit: int) -> ResponseTooLargeError:
    """The error for a body (or one line of it) past ``max_response_size``."""
    return ResponseTooLargeError(
        f"The response body is larger than max_response_size ({limit} bytes, decoded; "
        f"HTTP {response.status_code}): reading stopped there",
        response.request,
        limit=limit,
    )


def _keep(response: _http.Response, chunks: list[bytes]) -> bytes:
    content = response._content = b"".join(chunks)  # what the HTTP library's own read() sets
    return content


def read_bounded(response: _http.Response, limit: int) -> bytes:
    """The whole decoded body (read now, unless it has been), at most ``limit`` bytes:
    beyond that the response is closed and ``ResponseTooLargeError`` raised."""
    if hasattr(response, "_content"):  # read already
        return response.content
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > limit:
            response.close()
            raise too_large(response, limit)
        chunks.append(chunk)
    return _keep(response, chunks)


async def aread_bounded(response: _http.Response, limit: int) -> bytes:
    """The async twin of :func:`read_bounded`."""
    if hasattr(response, "_content"):
        return response.content
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        size += len(chunk)
        if size > limit:
            await response.aclose()
            raise too_large(response, limit)
        chunks.append(chunk)
    return _keep(response, chunks)


#: Text codecs Python knows that cannot read any body, bad bytes replaced: they raise instead.
UNUSABLE_CODECS = frozenset({"idna", "punycode", "undefined"})


def text_codec(response: _http.Response) -> str:
    """The codec the body's text is read with: the charset of its ``Content-Type`` when Python
    knows it as a text encoding that can replace bad bytes, else UTF-8 (the HTTP library's
    default). The library itself takes any codec the charset names: ``charset=zlib`` or
    ``rot13`` from a hostile server made its ``text`` raise ``AssertionError`` or
    ``TypeError``, ``charset=idna`` a ``UnicodeError``."""
    charset = response.charset_encoding
    if not charset:
        return "utf-8"
    try:
        info = codecs.lookup(charset)
    except LookupError:
        return "utf-8"
    if not getattr(info, "_is_text_encoding", True) or info.name in UNUSABLE_CODECS:
        return "utf-8"
    return info.name


class TextDecoder:
    """Body bytes -> text in :func:`text_codec`'s codec, bad bytes replaced, fed chunk by chunk
    (a character cut between two chunks is whole in the next piece). Never raises: a codec
    that refuses the body all the same (``utf-16`` without its byte order mark) gives way to
    UTF-8."""

    def __init__(self, response: _http.Response) -> None:
        self._decoder = codecs.getincrementaldecoder(text_codec(response))(errors="replace")

    def decode(self, data: bytes, final: bool = False) -> str:
        try:
            return str(self._decoder.decode(data, final))
        except (UnicodeError, ValueError, TypeError):
            self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
            return str(self._decoder.decode(data, final))


def body_text(response: _http.Response) -> str:
    """The body (read already) as text: :class:`TextDecoder`'s, where the HTTP library's
    ``text`` may raise."""
    return TextDecoder(response).decode(response.content, final=True)


class _TextPieces:
    """Decoded text in pieces of ``size`` characters (the last one shorter), or as it comes
    when ``size`` is ``None``: what ``iter_text(chunk_size)`` hands out."""

    def __init__(self, response: _http.Response, size: int | None) -> None:
        self._decoder = TextDecoder(response)
        self._size = size
        self._held = ""

    def feed(self, data: bytes, final: bool = False) -> list[str]:
        text = self._held + self._decoder.decode(data, final)
        if self._size is None or (final and len(text) <= self._size):
            self._held = ""
            return [text] if text else []
        cut = len(text) if final else len(text) - len(text) % self._size
        pieces = [text[start : start + self._size] for start in range(0, cut, self._size)]
        self._held = text[cut:]
        return pieces


class _LineSplitter:
    """Text chunks -> lines, by the rules of ``str.splitlines`` (a ``\\r\\n`` cut between
    two chunks is one line break); a line longer than ``limit`` characters raises, so an
    endless line cannot fill the memory."""

    def __init__(self, response: _http.Response, limit: int) -> None:
        self._response = response
        self._limit = limit
        self._partial: list[str] = []  # the unfinished line, as it arrived
        self._size = 0
        self._after_cr = False

    def feed(self, text: str) -> list[str]:
        """The lines ``text`` completes."""
        if self._after_cr and text.startswith("\n"):
            text = text[1:]  # the second half of a `\r\n`: the line ended already
        self._after_cr = text.endswith("\r")
        lines: list[str] = []
        for piece in text.splitlines(keepends=True):
            self._add(piece)
            if piece[-1] in _LINE_BREAKS:
                line = "".join(self._partial)
                self._partial, self._size = [], 0
                lines.append(line.splitlines()[0])  # without its line break
        return lines

    def _add(self, piece: str) -> None:
        self._size += len(piece.splitlines()[0])  # the line break is not part of the line
        if self._size > self._limit:
            self._partial, self._size = [], 0
            raise too_large(self._response, self._limit)
        self._partial.append(piece)

    def flush(self) -> list[str]:
        """The last line, if the body did not end with a line break."""
        line = "".join(self._partial)
        self._partial, self._size = [], 0
        return [line] if line else []


def convert_header(value: str, type_: object) -> object:
    """A header value converted to its documented python type; unconvertible -> the string."""
    if type_ is str or type_ is None or type_ is Any or type_ is object:
        return value
    try:
        if type_ is bool:
            lowered = value.strip().lower()
            if lowered in ("true", "1", "yes"):
                return True
            if lowered in ("false", "0", "no"):
                return False
            return value
        if type_ is int:
            return int(value.strip())
        if type_ is float:
            return float(value.strip())
        converted = validate_python(type_, value)
    except (ValueError, TypeError):
        return value
    return converted if converted is not None else value


class _BaseAPIResponse(Generic[_T]):
    """What the sync and async responses share: the status, headers and request."""

    def __init__(
        self,
        *,
        http_response: _http.Response,
        parser: Callable[[], _T],
        header_types: Mapping[str, object],
        retries_taken: int = 0,
        streams: bool = False,
        max_response_size: int,
        bound_body: Callable[[], None] | None = None,
        redact: Callable[[str], str] = str,
    ) -> None:
        self.http_response = http_response
        #: blanks out the client's credentials (and those the request carried) in messages
        self._redact = redact
        #: bounds the time of the whole body's read, once, before ``read()`` starts it (a
        #: body left unread by the call: the client's timeout, as a plain call's body has)
        self._bound_body = bound_body
        self.retries_taken = retries_taken
        self._parser = parser
        self._header_types = header_types
        #: the client's limit on what is read into memory: the whole body, or one line of it
        self._max_size = max_response_size
        #: whether `parse()` gives a `Stream` (which reads the body itself) rather than a body
        self._streams = streams
        self._parsed: Any = _UNSET

    def _start_reading(self) -> None:
        bound, self._bound_body = self._bound_body, None
        if bound is not None and not hasattr(self.http_response, "_content"):
            bound()

    @contextlib.contextmanager
    def _reading(self) -> Iterator[None]:
        """Raise a transport failure of the HTTP library while the block reads the body as the
        client's error (see the module docstring)."""
        try:
            yield
        except (_http.TransportError, _http.DecodingError) as exc:  # TimeoutException is one
            raise self._read_failure(exc) from redacted_cause(exc, self._redact)

    def _read_failure(self, exc: Exception) -> APIError:
        response = self.http_response
        if isinstance(exc, _http.DecodingError):
            return decoding_error(response, exc, self._redact)
        return connection_error(exc, response.request, self._redact)

    def _then(self, convert: Callable[[Any], _T]) -> None:
        """Parse into ``convert(what the parser gives)`` (a paginated call's page object)."""
        parser = self._parser
        self._parser = lambda: convert(parser())

    def _parse_read(self) -> _T:
        """The typed body once the body has been read (computed once, then cached)."""
        if self._parsed is _UNSET:
            self._parsed = self._parser()
        result: _T = self._parsed
        return result

    @property
    def status_code(self) -> int:
        """The HTTP status code."""
        return self.http_response.status_code

    @property
    def headers(self) -> _http.Headers:
        """The response headers (case-insensitive)."""
        return self.http_response.headers

    @property
    def request_id(self) -> str | None:
        """The ``x-request-id`` (or ``request-id``) response header, if any."""
        return request_id(self.http_response.headers)

    @property
    def typed_headers(self) -> dict[str, object]:
        """The response headers the spec documents, converted to their declared types.

        Keys are the header names as documented; headers absent from the response are left
        out; a value that does not convert stays a string.
        """
        result: dict[str, object] = {}
        for name, type_ in self._header_types.items():
            value = self.http_response.headers.get(name)
            if value is not None:
                result[name] = convert_header(value, type_)
        return result

    @property
    def url(self) -> _http.URL:
        """The URL that was requested."""
        return self.http_response.request.url

    @property
    def method(self) -> str:
        """The HTTP method of the request."""
        return self.http_response.request.method

    @property
    def is_closed(self) -> bool:
        """Whether the connection of this response has been released."""
        return self.http_response.is_closed

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} [{self.status_code}] {self.method} {self.url} "
            f"retries_taken={self.retries_taken}>"
        )


class APIResponse(_BaseAPIResponse[_T]):
    """The HTTP response of one call, from the ``with_raw_response`` and
    ``with_streaming_response`` variants.

    ``parse()`` gives what the normal call would have returned (the parsed body, or the
    ``Stream`` for a streaming call); everything else exposes the raw answer. Inside
    ``with_streaming_response`` nothing of the body is read before one of ``parse()``,
    ``read()``, ``content``, ``text``, ``json()`` or the ``iter_*`` methods asks for it.
    """

    def parse(self) -> _T:
        """The typed body (reads the body first if needed; computed once, then cached)."""
        if not self._streams:
            self.read()
        return self._parse_read()

    def read(self) -> bytes:
        """The whole raw body (read now if it has not been, within the client's timeout)."""
        self._start_reading()
        with self._reading():
            return read_bounded(self.http_response, self._max_size)

    @property
    def content(self) -> bytes:
        """The raw body (reads it if it has not been read yet)."""
        return self.read()

    @property
    def text(self) -> str:
        """The body decoded as text (in its charset when Python reads that as text, else UTF-8;
        bad bytes replaced)."""
        self.read()
        return body_text(self.http_response)

    def json(self) -> Any:
        """The body decoded as JSON (plain python values, no models)."""
        return loads(self.content)

    def iter_bytes(self, chunk_size: int | None = None) -> Iterator[bytes]:
        """The body as it arrives, decoded (gzip...) into byte chunks."""
        with self._reading():
            yield from self.http_response.iter_bytes(chunk_size)

    def iter_text(self, chunk_size: int | None = None) -> Iterator[str]:
        """The body as it arrives, as text chunks (decoded as :attr:`text` is)."""
        pieces = _TextPieces(self.http_response, chunk_size)
        with self._reading():
            for data in self.http_response.iter_bytes():
                yield from pieces.feed(data)
        yield from pieces.feed(b"", final=True)

    def iter_lines(self) -> Iterator[str]:
        """The body as it arrives, line by line (a line is at most ``max_response_size``
        characters)."""
        lines = _LineSplitter(self.http_response, self._max_size)
        for text in self.iter_text():
            yield from lines.feed(text)
        yield from lines.flush()

    def close(self) -> None:
        """Release the connection (the rest of the body is not read)."""
        self.http_response.close()


class AsyncAPIResponse(_BaseAPIResponse[_T]):
    """The async twin of :class:`APIResponse`, from ``with_streaming_response`` of an async
    client: ``await response.parse()``, ``async for chunk in response.iter_bytes()``."""

    @classmethod
    def of(cls, response: APIResponse[_R]) -> AsyncAPIResponse[_R]:
        """The same unread response, with async reading methods."""
        return AsyncAPIResponse(
            http_response=response.http_response,
            parser=response._parser,
            header_types=response._header_types,
            retries_taken=response.retries_taken,
            streams=response._streams,
            max_response_size=response._max_size,
            bound_body=response._bound_body,
            redact=response._redact,
        )

    async def parse(self) -> _T:
        """The typed body (reads the body first if needed; computed once, then cached)."""
        if not self._streams:
            await self.read()
        return self._parse_read()

    async def read(self) -> bytes:
        """The whole raw body (read now if it has not been, within the client's timeout)."""
        self._start_reading()
        with self._reading():
            return await aread_bounded(self.http_response, self._max_size)

    async def text(self) -> str:
        """The body decoded as text (in its charset when Python reads that as text, else UTF-8;
        bad bytes replaced)."""
        await self.read()
        return body_text(self.http_response)

    async def json(self) -> Any:
        """The body decoded as JSON (plain python values, no models)."""
        return loads(await self.read())

    async def iter_bytes(self, chunk_size: int | None = None) -> AsyncIterator[bytes]:
        """The body as it arrives, decoded (gzip...) into byte chunks."""
        with self._reading():
            async for chunk in self.http_response.aiter_bytes(chunk_size):
                yield chunk

    async def iter_text(self, chunk_size: int | None = None) -> AsyncIterator[str]:
        """The body as it arrives, as text chunks (decoded as :meth:`text` is)."""
        pieces = _TextPieces(self.http_response, chunk_size)
        with self._reading():
            async for data in self.http_response.aiter_bytes():
                for piece in pieces.feed(data):
                    yield piece
        for piece in pieces.feed(b"", final=True):
            yield piece

    async def iter_lines(self) -> AsyncIterator[str]:
        """The body as it arrives, line by line (a line is at most ``max_response_size``
        characters)."""
        lines = _LineSplitter(self.http_response, self._max_size)
        async for text in self.iter_text():
            for line in lines.feed(text):
                yield line
        for line in lines.flush():
            yield line

    async def close(self) -> None:
        """Release the connection (the rest of the body is not read)."""
        await self.http_response.aclose()


class ResponseContextManager(Generic[_R]):
    """``with client.x.with_streaming_response.create(...) as response:``: the request is
    sent on entering, the response closed on leaving (whatever was left unread)."""

    def __init__(self, send: Callable[[], APIResponse[_R]]) -> None:
        self._send = send
        self._response: APIResponse[_R] | None = None

    def __enter__(self) -> APIResponse[_R]:
        self._response = self._send()
        return self._response

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._response is not None:
            self._response.close()


class AsyncResponseContextManager(Generic[_R]):
    """The async twin of :class:`ResponseContextManager`: ``async with``."""

    def __init__(self, send: Callable[[], Awaitable[AsyncAPIResponse[_R]]]) -> None:
        self._send = send
        self._response: AsyncAPIResponse[_R] | None = None

    async def __aenter__(self) -> AsyncAPIResponse[_R]:
        self._response = await self._send()
        return self._response

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._response is not None:
            await self._response.close()
