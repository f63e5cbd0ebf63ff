"""The API resources: one class per resource, one method per operation."""

from __future__ import annotations

from collections.abc import Mapping

from . import _operations as _ops
from . import models as _models
from ._base_client import AsyncAPIClient, ResponseSpec, SyncAPIClient
from ._base_resource import (
    AsyncAPIResource,
    SyncAPIResource,
    async_to_raw_response,
    async_to_streamed_response,
    to_raw_response,
    to_streamed_response,
)
from ._pagination import AsyncPage, AsyncPaginator, Pagination, SyncPage
from ._types import NOT_GIVEN, Headers, NotGiven, Query, Timeout

__all__ = [
    "AsyncEngines",
    "AsyncEvents",
    "AsyncItems",
    "AsyncJobs",
    "AsyncPets",
    "Engines",
    "Events",
    "Items",
    "Jobs",
    "Pets",
]

_ENGINES_LIST: ResponseSpec[_models.ModelList] = ResponseSpec(
    success={"200": _models.ModelList},
)

_ENGINES_LIST_PAGES = Pagination(
    style="cursor", items="data", param="after", has_more="has_more", limit_param="limit"
)

_EVENTS_LIST: ResponseSpec[_models.EventFeed] = ResponseSpec(
    success={"200": _models.EventFeed},
)

_EVENTS_LIST_PAGES = Pagination(style="cursor", items="entries", param="token", next="continuation")

_ITEMS_LIST: ResponseSpec[_models.ItemPage] = ResponseSpec(
    success={"200": _models.ItemPage},
)

_ITEMS_LIST_PAGES = Pagination(
    style="offset", items="items", param="offset", total="total", limit_param="limit"
)

_JOBS_LIST: ResponseSpec[_models.JobList] = ResponseSpec(
    success={"200": _models.JobList},
)

_JOBS_LIST_PAGES = Pagination(
    style="cursor",
    items="data",
    param="cursor",
    next="next_cursor",
    has_more="has_more",
    limit_param="limit",
)

_PETS_LIST: ResponseSpec[_models.PetPage] = ResponseSpec(
    success={"200": _models.PetPage},
)

_PETS_LIST_PAGES = Pagination(
    style="page", items="results", param="page", total="total_pages", limit_param="per_page"
)


class Engines(SyncAPIResource):
    """Operations of the `engines` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = EnginesWithRawResponse(self)
        self.with_streaming_response = EnginesWithStreamingResponse(self)

    def list(
        self,
        *,
        after: str | NotGiven = NOT_GIVEN,
        limit: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> SyncPage[_models.Model, _models.ModelList]:
        """Cursor pagination, OpenAI style (after = the last item's id, has_more)

        Args:
            after: The `after` query parameter.
            limit: The `limit` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `SyncPage` of `Model` items: `for` over it gives every item of every page, fetching
            the next pages (cursor pagination) as needed; `.page` is the first `ModelList` answer,
            `.pages()` gives each answer in turn.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.EnginesListParams,
            {
                "after": after,
                "limit": limit,
            },
        )
        return self._get(
            "/models",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["after", "limit"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_ENGINES_LIST,
            pagination=_ENGINES_LIST_PAGES,
            page_cls=SyncPage[_models.Model, _models.ModelList],
        )


class EnginesWithRawResponse:
    """`engines` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Engines) -> None:
        self.list = to_raw_response(resource.list)


class EnginesWithStreamingResponse:
    """`engines` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Engines) -> None:
        self.list = to_streamed_response(resource.list)


class AsyncEngines(AsyncAPIResource):
    """Operations of the `engines` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncEnginesWithRawResponse(self)
        self.with_streaming_response = AsyncEnginesWithStreamingResponse(self)

    def list(
        self,
        *,
        after: str | NotGiven = NOT_GIVEN,
        limit: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[_models.Model, _models.ModelList]:
        """Cursor pagination, OpenAI style (after = the last item's id, has_more)

        Args:
            after: The `after` query parameter.
            limit: The `limit` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            An `AsyncPaginator` of `Model` items: `async for` over it gives every item of every
            page, fetching the next pages (cursor pagination) as needed; awaited, it gives the first
            page, an `AsyncPage` (`.page` is the first `ModelList` answer, `.pages()` gives each
            answer in turn).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.EnginesListParams,
            {
                "after": after,
                "limit": limit,
            },
        )
        return self._get(
            "/models",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["after", "limit"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_ENGINES_LIST,
            pagination=_ENGINES_LIST_PAGES,
            page_cls=AsyncPage[_models.Model, _models.ModelList],
        )


class AsyncEnginesWithRawResponse:
    """`engines` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncEngines) -> None:
        self.list = async_to_raw_response(resource.list)


class AsyncEnginesWithStreamingResponse:
    """`engines` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncEngines) -> None:
        self.list = async_to_streamed_response(resource.list)


class Events(SyncAPIResource):
    """Operations of the `events` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = EventsWithRawResponse(self)
        self.with_streaming_response = EventsWithStreamingResponse(self)

    def list(
        self,
        *,
        token: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> SyncPage[_models.Event, _models.EventFeed]:
        """Cursor pagination declared by the hint (names no rule would guess)

        Args:
            token: The `token` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `SyncPage` of `Event` items: `for` over it gives every item of every page, fetching
            the next pages (cursor pagination) as needed; `.page` is the first `EventFeed` answer,
            `.pages()` gives each answer in turn.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.EventsListParams,
            {
                "token": token,
            },
        )
        return self._get(
            "/events",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["token"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_EVENTS_LIST,
            pagination=_EVENTS_LIST_PAGES,
            page_cls=SyncPage[_models.Event, _models.EventFeed],
        )


class EventsWithRawResponse:
    """`events` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Events) -> None:
        self.list = to_raw_response(resource.list)


class EventsWithStreamingResponse:
    """`events` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Events) -> None:
        self.list = to_streamed_response(resource.list)


class AsyncEvents(AsyncAPIResource):
    """Operations of the `events` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncEventsWithRawResponse(self)
        self.with_streaming_response = AsyncEventsWithStreamingResponse(self)

    def list(
        self,
        *,
        token: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[_models.Event, _models.EventFeed]:
        """Cursor pagination declared by the hint (names no rule would guess)

        Args:
            token: The `token` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            An `AsyncPaginator` of `Event` items: `async for` over it gives every item of every
            page, fetching the next pages (cursor pagination) as needed; awaited, it gives the first
            page, an `AsyncPage` (`.page` is the first `EventFeed` answer, `.pages()` gives each
            answer in turn).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.EventsListParams,
            {
                "token": token,
            },
        )
        return self._get(
            "/events",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["token"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_EVENTS_LIST,
            pagination=_EVENTS_LIST_PAGES,
            page_cls=AsyncPage[_models.Event, _models.EventFeed],
        )


class AsyncEventsWithRawResponse:
    """`events` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncEvents) -> None:
        self.list = async_to_raw_response(resource.list)


class AsyncEventsWithStreamingResponse:
    """`events` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncEvents) -> None:
        self.list = async_to_streamed_response(resource.list)


class Items(SyncAPIResource):
    """Operations of the `items` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = ItemsWithRawResponse(self)
        self.with_streaming_response = ItemsWithStreamingResponse(self)

    def list(
        self,
        *,
        offset: int | NotGiven = NOT_GIVEN,
        limit: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> SyncPage[_models.Item, _models.ItemPage]:
        """Offset pagination (offset, limit, total)

        Args:
            offset: The `offset` query parameter.
            limit: The `limit` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `SyncPage` of `Item` items: `for` over it gives every item of every page, fetching the
            next pages (offset pagination) as needed; `.page` is the first `ItemPage` answer,
            `.pages()` gives each answer in turn.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.ItemsListParams,
            {
                "offset": offset,
                "limit": limit,
            },
        )
        return self._get(
            "/items",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["offset", "limit"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_ITEMS_LIST,
            pagination=_ITEMS_LIST_PAGES,
            page_cls=SyncPage[_models.Item, _models.ItemPage],
        )


class ItemsWithRawResponse:
    """`items` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Items) -> None:
        self.list = to_raw_response(resource.list)


class ItemsWithStreamingResponse:
    """`items` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Items) -> None:
        self.list = to_streamed_response(resource.list)


class AsyncItems(AsyncAPIResource):
    """Operations of the `items` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncItemsWithRawResponse(self)
        self.with_streaming_response = AsyncItemsWithStreamingResponse(self)

    def list(
        self,
        *,
        offset: int | NotGiven = NOT_GIVEN,
        limit: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[_models.Item, _models.ItemPage]:
        """Offset pagination (offset, limit, total)

        Args:
            offset: The `offset` query parameter.
            limit: The `limit` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            An `AsyncPaginator` of `Item` items: `async for` over it gives every item of every page,
            fetching the next pages (offset pagination) as needed; awaited, it gives the first page,
            an `AsyncPage` (`.page` is the first `ItemPage` answer, `.pages()` gives each answer in
            turn).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.ItemsListParams,
            {
                "offset": offset,
                "limit": limit,
            },
        )
        return self._get(
            "/items",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["offset", "limit"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_ITEMS_LIST,
            pagination=_ITEMS_LIST_PAGES,
            page_cls=AsyncPage[_models.Item, _models.ItemPage],
        )


class AsyncItemsWithRawResponse:
    """`items` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncItems) -> None:
        self.list = async_to_raw_response(resource.list)


class AsyncItemsWithStreamingResponse:
    """`items` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncItems) -> None:
        self.list = async_to_streamed_response(resource.list)


class Jobs(SyncAPIResource):
    """Operations of the `jobs` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = JobsWithRawResponse(self)
        self.with_streaming_response = JobsWithStreamingResponse(self)

    def list(
        self,
        *,
        cursor: str | NotGiven = NOT_GIVEN,
        limit: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> SyncPage[_models.Job, _models.JobList]:
        """Cursor pagination with both a next cursor and has_more (has_more false ends it)

        Args:
            cursor: The `cursor` query parameter.
            limit: The `limit` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `SyncPage` of `Job` items: `for` over it gives every item of every page, fetching the
            next pages (cursor pagination) as needed; `.page` is the first `JobList` answer,
            `.pages()` gives each answer in turn.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.JobsListParams,
            {
                "cursor": cursor,
                "limit": limit,
            },
        )
        return self._get(
            "/jobs",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["cursor", "limit"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_JOBS_LIST,
            pagination=_JOBS_LIST_PAGES,
            page_cls=SyncPage[_models.Job, _models.JobList],
        )


class JobsWithRawResponse:
    """`jobs` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Jobs) -> None:
        self.list = to_raw_response(resource.list)


class JobsWithStreamingResponse:
    """`jobs` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Jobs) -> None:
        self.list = to_streamed_response(resource.list)


class AsyncJobs(AsyncAPIResource):
    """Operations of the `jobs` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncJobsWithRawResponse(self)
        self.with_streaming_response = AsyncJobsWithStreamingResponse(self)

    def list(
        self,
        *,
        cursor: str | NotGiven = NOT_GIVEN,
        limit: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[_models.Job, _models.JobList]:
        """Cursor pagination with both a next cursor and has_more (has_more false ends it)

        Args:
            cursor: The `cursor` query parameter.
            limit: The `limit` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            An `AsyncPaginator` of `Job` items: `async for` over it gives every item of every page,
            fetching the next pages (cursor pagination) as needed; awaited, it gives the first page,
            an `AsyncPage` (`.page` is the first `JobList` answer, `.pages()` gives each answer in
            turn).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.JobsListParams,
            {
                "cursor": cursor,
                "limit": limit,
            },
        )
        return self._get(
            "/jobs",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["cursor", "limit"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_JOBS_LIST,
            pagination=_JOBS_LIST_PAGES,
            page_cls=AsyncPage[_models.Job, _models.JobList],
        )


class AsyncJobsWithRawResponse:
    """`jobs` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncJobs) -> None:
        self.list = async_to_raw_response(resource.list)


class AsyncJobsWithStreamingResponse:
    """`jobs` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncJobs) -> None:
        self.list = async_to_streamed_response(resource.list)


class Pets(SyncAPIResource):
    """Operations of the `pets` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = PetsWithRawResponse(self)
        self.with_streaming_response = PetsWithStreamingResponse(self)

    def list(
        self,
        *,
        page: int | NotGiven = NOT_GIVEN,
        per_page: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> SyncPage[_models.Pet, _models.PetPage]:
        """Page-number pagination (page, per_page, total_pages)

        Args:
            page: The `page` query parameter.
            per_page: The `per_page` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `SyncPage` of `Pet` items: `for` over it gives every item of every page, fetching the
            next pages (page pagination) as needed; `.page` is the first `PetPage` answer,
            `.pages()` gives each answer in turn.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.PetsListParams,
            {
                "page": page,
                "per_page": per_page,
            },
        )
        return self._get(
            "/pets",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["page", "per_page"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_LIST,
            pagination=_PETS_LIST_PAGES,
            page_cls=SyncPage[_models.Pet, _models.PetPage],
        )


class PetsWithRawResponse:
    """`pets` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Pets) -> None:
        self.list = to_raw_response(resource.list)


class PetsWithStreamingResponse:
    """`pets` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Pets) -> None:
        self.list = to_streamed_response(resource.list)


class AsyncPets(AsyncAPIResource):
    """Operations of the `pets` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncPetsWithRawResponse(self)
        self.with_streaming_response = AsyncPetsWithStreamingResponse(self)

    def list(
        self,
        *,
        page: int | NotGiven = NOT_GIVEN,
        per_page: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[_models.Pet, _models.PetPage]:
        """Page-number pagination (page, per_page, total_pages)

        Args:
            page: The `page` query parameter.
            per_page: The `per_page` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            An `AsyncPaginator` of `Pet` items: `async for` over it gives every item of every page,
            fetching the next pages (page pagination) as needed; awaited, it gives the first page,
            an `AsyncPage` (`.page` is the first `PetPage` answer, `.pages()` gives each answer in
            turn).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.PetsListParams,
            {
                "page": page,
                "per_page": per_page,
            },
        )
        return self._get(
            "/pets",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["page", "per_page"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_LIST,
            pagination=_PETS_LIST_PAGES,
            page_cls=AsyncPage[_models.Pet, _models.PetPage],
        )


class AsyncPetsWithRawResponse:
    """`pets` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncPets) -> None:
        self.list = async_to_raw_response(resource.list)


class AsyncPetsWithStreamingResponse:
    """`pets` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncPets) -> None:
        self.list = async_to_streamed_response(resource.list)
