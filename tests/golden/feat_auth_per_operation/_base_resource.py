"""The base of the generated resource classes: one typed method per HTTP method.

A generated method checks its arguments (``_operations``) and ends with one call that shows
the HTTP method and the path, as in openai-python::

    return self._post(
        "/v1/completions",
        body=validated(_models.CompletionRequest, {"model": model, "prompt": prompt}),
        options=request_options(extra_headers=extra_headers, timeout=timeout),
        cast_to=_COMPLETIONS_CREATE,
        stream=stream is True,
        stream_cls=Stream[_models.Completion],
    )

``cast_to`` is the operation's :class:`ResponseSpec`, whose type parameter is the type of the
parsed body: the call returns that type, or ``stream_cls`` when it streams. Inside
``with_raw_response`` the same call returns the :class:`APIResponse` instead (an
:class:`AsyncAPIResponse`, parsed by awaiting it, on the async client; :func:`to_raw_response`
types that); inside ``with_streaming_response`` it returns the
response with its body still unread, wrapped in a context manager that closes it
(:func:`to_streamed_response`).

On the async client the call is awaited (``return await self._post(...)``), except a list's:
``return self._get(..., pagination=...)`` gives an :class:`AsyncPaginator` at once, so the
method is no coroutine and ``async for item in client.models.list()`` needs no ``await``.
"""

from __future__ import annotations

import contextvars
import dataclasses
import functools
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any, Literal, ParamSpec, TypeVar, overload

from ._base_client import AsyncAPIClient, RequestOptions, ResponseSpec, SyncAPIClient
from ._operations import FORM_MEDIA_TYPE, CallOptions, FormBody, MultipartBody, RawBody
from ._pagination import (
    Answer,
    AsyncPage,
    AsyncPaginator,
    Pagination,
    SyncPage,
    next_cursor_header,
)
from ._response import (
    APIResponse,
    AsyncAPIResponse,
    AsyncResponseContextManager,
    ResponseContextManager,
)
from ._streaming import AsyncStream, Stream
from ._types import NOT_GIVEN, NotGiven

__all__ = [
    "AsyncAPIResource",
    "AsyncHTTPMethod",
    "SyncAPIResource",
    "SyncHTTPMethod",
    "async_to_raw_response",
    "async_to_streamed_response",
    "to_raw_response",
    "to_streamed_response",
]

P = ParamSpec("P")
R = TypeVar("R")
_T = TypeVar("_T")
_SyncStreamT = TypeVar("_SyncStreamT", bound=Stream[Any])
_AsyncStreamT = TypeVar("_AsyncStreamT", bound=AsyncStream[Any])
_SyncPageT = TypeVar("_SyncPageT", bound=SyncPage[Any, Any])
_ItemT = TypeVar("_ItemT")
_PageT = TypeVar("_PageT")

# Set while a `with_raw_response` method runs: the call returns the `APIResponse`.
_RAW_RESPONSE: contextvars.ContextVar[bool] = contextvars.ContextVar("raw_response", default=False)
# Set while a `with_streaming_response` method runs: the call returns the unread response.
_STREAMED_RESPONSE: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "streamed_response", default=False
)


def _page_request(
    request: RequestOptions, query: Mapping[str, object], url: str | None
) -> RequestOptions:
    """The request of a list's next page: the list's own with another query, or (a link walk)
    the URL of the answer's Link header, whose query is the whole of it (the caller's
    ``extra_query`` was in the first request, which the link repeats)."""
    if url is None:
        return dataclasses.replace(request, query=query)
    return dataclasses.replace(request, path=url, query={}, extra_query=None)


def _answer(
    client: SyncAPIClient | AsyncAPIClient,
    raw: APIResponse[Any] | AsyncAPIResponse[Any],
    page: Any,
    home: str,
) -> Answer[Any]:
    """A page's parsed answer with what a link walk reads of its response: the URL that
    answered it (a redirect's end, which a relative Link is resolved against), its ``Link``
    header, and ``home``, the URL the list's method asked (whose origin alone a Link may
    lead to: a server the first page was redirected to must not lead the walk to itself).
    The page alone for the other walks (``home`` is "")."""
    if not home:
        return Answer(page)
    response = raw.http_response
    base = client._link_base(response.request)
    return Answer(
        page,
        base,
        response.headers.get("link"),
        home,
        cursor=next_cursor_header(response.headers),
    )


def _walk_redactor(
    client: SyncAPIClient | AsyncAPIClient, raw: APIResponse[Any] | AsyncAPIResponse[Any]
) -> Callable[[str], str]:
    """What a list's messages blank: the client's credentials, and the values of the first
    request's headers and query parameters named like credentials (a caller's
    ``extra_query={"access_token": ...}``, which a link to the next page repeats)."""
    return client._answer_redactor(raw.http_response)


def _home(
    client: SyncAPIClient | AsyncAPIClient, request: RequestOptions, pagination: Pagination
) -> str:
    """The URL a list's method asks (before any redirect): where its link walk may go; ""
    for the other walks, which read no link."""
    if pagination.style != "link":
        return ""
    return client._url(request.path.partition("?")[0], request.server)


def _request(method: str, path: str, body: object, options: CallOptions | None) -> RequestOptions:
    """The whole request: `body` is JSON-ready data (``NOT_GIVEN``: none), or a form,
    multipart or raw body from ``_operations``."""
    given = options if options is not None else CallOptions()
    if isinstance(body, FormBody):
        if body.content_type != FORM_MEDIA_TYPE:  # (else `_prepare` names the bare type)
            given = given.copy()
            given["content_type"] = body.content_type
        return RequestOptions(method, path, form=body.fields, **given)
    if isinstance(body, MultipartBody):
        return RequestOptions(method, path, form=body.fields, files=body.files, **given)
    if isinstance(body, RawBody):
        given = given.copy()
        given["content_type"] = body.content_type
        return RequestOptions(method, path, content=body.content, **given)
    if isinstance(body, NotGiven) and "content_type" in given and not given.get("extra_body"):
        # a JSON body's own media type (`application/merge-patch+json`) goes only with a body:
        # none when the optional body was left out (`extra_body` alone makes one)
        given = given.copy()
        del given["content_type"]
    return RequestOptions(method, path, json_body=body, **given)


class SyncHTTPMethod:
    """One HTTP method of the client, as a resource calls it: ``self._get(path, ...)``."""

    def __init__(self, client: SyncAPIClient, method: str) -> None:
        self._client = client
        self._method = method

    @overload
    def __call__(
        self,
        path: str,
        *,
        body: object = NOT_GIVEN,
        options: CallOptions | None = None,
        cast_to: ResponseSpec[_T],
        stream: Literal[False] = False,
    ) -> _T: ...

    @overload
    def __call__(
        self,
        path: str,
        *,
        body: object = NOT_GIVEN,
        options: CallOptions | None = None,
        cast_to: ResponseSpec[_T],
        stream: Literal[True],
        stream_cls: type[_SyncStreamT],
    ) -> _SyncStreamT: ...

    @overload
    def __call__(
        self,
        path: str,
        *,
        body: object = NOT_GIVEN,
        options: CallOptions | None = None,
        cast_to: ResponseSpec[_T],
        stream: bool,
        stream_cls: type[_SyncStreamT],
    ) -> _T | _SyncStreamT: ...

    @overload
    def __call__(
        self,
        path: str,
        *,
        body: object = NOT_GIVEN,
        options: CallOptions | None = None,
        cast_to: ResponseSpec[_T],
        pagination: Pagination,
        page_cls: type[_SyncPageT],
    ) -> _SyncPageT: ...

    def __call__(
        self,
        path: str,
        *,
        body: object = NOT_GIVEN,
        options: CallOptions | None = None,
        cast_to: ResponseSpec[Any],
        stream: bool = False,
        stream_cls: type[Stream[Any]] | None = None,
        pagination: Pagination | None = None,
        page_cls: type[SyncPage[Any, Any]] | None = None,
    ) -> Any:
        """Send the request; the parsed body, the stream, the first page of a list (which
        fetches the next ones), or (raw) the ``APIResponse``."""
        request = _request(self._method, path, body, options)
        if pagination is not None:
            cast_to = cast_to.listing(pagination.items)
        if _STREAMED_RESPONSE.get() or _RAW_RESPONSE.get():
            raw = self._client.request_raw(
                cast_to,
                request,
                stream=stream,
                stream_cls=stream_cls,
                lazy=_STREAMED_RESPONSE.get(),
            )
            if pagination is not None and page_cls is not None:
                raw._then(self._pager(cast_to, request, pagination, page_cls, raw))
            return raw
        if pagination is not None and page_cls is not None:
            first = self._client.request_raw(cast_to, request)
            return self._pager(cast_to, request, pagination, page_cls, first)(first.parse())
        return self._client.request(cast_to, request, stream=stream, stream_cls=stream_cls)

    def _pager(
        self,
        cast_to: ResponseSpec[Any],
        request: RequestOptions,
        pagination: Pagination,
        page_cls: type[SyncPage[Any, Any]],
        raw: APIResponse[Any],
    ) -> Callable[[Any], SyncPage[Any, Any]]:
        """First answer (of ``raw``) -> the page object, whose next pages repeat ``request``
        with another query, or ask at the URL of the answer's Link header."""

        client, home = self._client, _home(self._client, request, pagination)

        def fetch(query: Mapping[str, object], url: str | None) -> Answer[Any]:
            following = client.request_raw(cast_to, _page_request(request, query, url))
            return _answer(client, following, following.parse(), home)

        return lambda first: page_cls(
            pagination,
            fetch,
            request.query,
            _answer(client, raw, first, home),
            redact=_walk_redactor(client, raw),
        )


class AsyncHTTPMethod:
    """The async twin of :class:`SyncHTTPMethod`: ``await self._get(path, ...)``, except for a
    list: ``self._get(path, ..., pagination=...)`` is an :class:`AsyncPaginator`, awaited for
    the first page or iterated with ``async for`` over every item."""

    def __init__(self, client: AsyncAPIClient, method: str) -> None:
        self._client = client
        self._method = method

    @overload
    def __call__(
        self,
        path: str,
        *,
        body: object = NOT_GIVEN,
        options: CallOptions | None = None,
        cast_to: ResponseSpec[_T],
        stream: Literal[False] = False,
    ) -> Coroutine[Any, Any, _T]: ...

    @overload
    def __call__(
        self,
        path: str,
        *,
        body: object = NOT_GIVEN,
        options: CallOptions | None = None,
        cast_to: ResponseSpec[_T],
        stream: Literal[True],
        stream_cls: type[_AsyncStreamT],
    ) -> Coroutine[Any, Any, _AsyncStreamT]: ...

    @overload
    def __call__(
        self,
        path: str,
        *,
        body: object = NOT_GIVEN,
        options: CallOptions | None = None,
        cast_to: ResponseSpec[_T],
        stream: bool,
        stream_cls: type[_AsyncStreamT],
    ) -> Coroutine[Any, Any, _T | _AsyncStreamT]: ...

    @overload
    def __call__(
        self,
        path: str,
        *,
        body: object = NOT_GIVEN,
        options: CallOptions | None = None,
        cast_to: ResponseSpec[_T],
        pagination: Pagination,
        page_cls: type[AsyncPage[_ItemT, _PageT]],
    ) -> AsyncPaginator[_ItemT, _PageT]: ...

    def __call__(
        self,
        path: str,
        *,
        body: object = NOT_GIVEN,
        options: CallOptions | None = None,
        cast_to: ResponseSpec[Any],
        stream: bool = False,
        stream_cls: type[AsyncStream[Any]] | None = None,
        pagination: Pagination | None = None,
        page_cls: type[AsyncPage[Any, Any]] | None = None,
    ) -> Any:
        """The request, to be awaited; a list's :class:`AsyncPaginator` (nothing is sent
        until it is awaited or iterated)."""
        request = _request(self._method, path, body, options)
        if pagination is not None and page_cls is not None:
            send = functools.partial(
                self._send,
                cast_to.listing(pagination.items),
                request,
                pagination=pagination,
                page_cls=page_cls,
            )
            return AsyncPaginator(send)
        return self._send(cast_to, request, stream=stream, stream_cls=stream_cls)

    async def _send(
        self,
        cast_to: ResponseSpec[Any],
        request: RequestOptions,
        *,
        stream: bool = False,
        stream_cls: type[AsyncStream[Any]] | None = None,
        pagination: Pagination | None = None,
        page_cls: type[AsyncPage[Any, Any]] | None = None,
    ) -> Any:
        """Send the request; the parsed body, the stream, the first page of a list (which
        fetches the next ones), or (raw) the ``APIResponse``."""
        client = self._client
        if _STREAMED_RESPONSE.get() or _RAW_RESPONSE.get():
            raw = await client.request_raw(
                cast_to,
                request,
                stream=stream,
                stream_cls=stream_cls,
                lazy=_STREAMED_RESPONSE.get(),
            )
            if pagination is not None and page_cls is not None:
                raw._then(self._pager(cast_to, request, pagination, page_cls, raw))
            return AsyncAPIResponse.of(raw) if _STREAMED_RESPONSE.get() else raw
        if pagination is not None and page_cls is not None:
            first = await client.request_raw(cast_to, request)
            return self._pager(cast_to, request, pagination, page_cls, first)(first.parse())
        return await client.request(cast_to, request, stream=stream, stream_cls=stream_cls)

    def _pager(
        self,
        cast_to: ResponseSpec[Any],
        request: RequestOptions,
        pagination: Pagination,
        page_cls: type[AsyncPage[Any, Any]],
        raw: APIResponse[Any] | AsyncAPIResponse[Any],
    ) -> Callable[[Any], AsyncPage[Any, Any]]:
        """First answer (of ``raw``) -> the page object, whose next pages repeat ``request``
        with another query, or ask at the URL of the answer's Link header."""

        client, home = self._client, _home(self._client, request, pagination)

        async def fetch(query: Mapping[str, object], url: str | None) -> Answer[Any]:
            following = await client.request_raw(cast_to, _page_request(request, query, url))
            return _answer(client, following, following.parse(), home)

        return lambda first: page_cls(
            pagination,
            fetch,
            request.query,
            _answer(client, raw, first, home),
            redact=_walk_redactor(client, raw),
        )


class SyncAPIResource:
    """A group of operations sharing one client; ``self._post(...)`` and the other HTTP
    methods send a request through it."""

    def __init__(self, client: SyncAPIClient) -> None:
        self._client = client
        self._get = SyncHTTPMethod(client, "get")
        self._put = SyncHTTPMethod(client, "put")
        self._post = SyncHTTPMethod(client, "post")
        self._delete = SyncHTTPMethod(client, "delete")
        self._options = SyncHTTPMethod(client, "options")
        self._head = SyncHTTPMethod(client, "head")
        self._patch = SyncHTTPMethod(client, "patch")
        self._trace = SyncHTTPMethod(client, "trace")


class AsyncAPIResource:
    """The async twin of :class:`SyncAPIResource`."""

    def __init__(self, client: AsyncAPIClient) -> None:
        self._client = client
        self._get = AsyncHTTPMethod(client, "get")
        self._put = AsyncHTTPMethod(client, "put")
        self._post = AsyncHTTPMethod(client, "post")
        self._delete = AsyncHTTPMethod(client, "delete")
        self._options = AsyncHTTPMethod(client, "options")
        self._head = AsyncHTTPMethod(client, "head")
        self._patch = AsyncHTTPMethod(client, "patch")
        self._trace = AsyncHTTPMethod(client, "trace")


def to_raw_response(method: Callable[P, R]) -> Callable[P, APIResponse[R]]:
    """The same method, returning the raw response (status, headers, `parse()`)."""

    @functools.wraps(method)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> APIResponse[R]:
        token = _RAW_RESPONSE.set(True)
        try:
            return method(*args, **kwargs)  # type: ignore[return-value]
        finally:
            _RAW_RESPONSE.reset(token)

    return wrapped


def async_to_raw_response(
    method: Callable[P, Awaitable[R]],
) -> Callable[P, Awaitable[AsyncAPIResponse[R]]]:
    """The async twin of :func:`to_raw_response`: an :class:`AsyncAPIResponse` (its body read),
    ``await raw.parse()`` as in openai-python."""

    @functools.wraps(method)
    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> AsyncAPIResponse[R]:
        token = _RAW_RESPONSE.set(True)
        try:
            raw: APIResponse[R] = await method(*args, **kwargs)  # type: ignore[assignment]
        finally:
            _RAW_RESPONSE.reset(token)
        return AsyncAPIResponse.of(raw)

    return wrapped


def to_streamed_response(method: Callable[P, R]) -> Callable[P, ResponseContextManager[R]]:
    """The same method, returning a context manager around the response with its body unread:
    ``with resource.with_streaming_response.create(...) as response: response.iter_lines()``."""

    @functools.wraps(method)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> ResponseContextManager[R]:
        def send() -> APIResponse[R]:
            token = _STREAMED_RESPONSE.set(True)
            try:
                return method(*args, **kwargs)  # type: ignore[return-value]
            finally:
                _STREAMED_RESPONSE.reset(token)

        return ResponseContextManager(send)

    return wrapped


def async_to_streamed_response(
    method: Callable[P, Awaitable[R]],
) -> Callable[P, AsyncResponseContextManager[R]]:
    """The async twin of :func:`to_streamed_response`: ``async with``."""

    @functools.wraps(method)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> AsyncResponseContextManager[R]:
        async def send() -> AsyncAPIResponse[R]:
            token = _STREAMED_RESPONSE.set(True)
            try:
                return await method(*args, **kwargs)  # type: ignore[return-value]
            finally:
                _STREAMED_RESPONSE.reset(token)

        return AsyncResponseContextManager(send)

    return wrapped
