"""The `repos` resource (`client.repos`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

import builtins as _builtins
from collections.abc import Mapping

from .. import _operations as _ops
from .. import models as _models
from .._base_client import AsyncAPIClient, ResponseSpec, ResponseTargets, SyncAPIClient
from .._base_resource import (
    AsyncAPIResource,
    SyncAPIResource,
    async_to_raw_response,
    async_to_streamed_response,
    to_raw_response,
    to_streamed_response,
)
from .._pagination import AsyncPage, AsyncPaginator, Pagination, SyncPage
from .._types import NOT_GIVEN, Headers, NotGiven, Query, Timeout

__all__ = [
    "AsyncRepos",
    "Repos",
]

_REPOS_LIST: ResponseSpec[list[_models.Item]] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.ReposListResponse)},
        headers={"Link": str},
    )
)

_REPOS_LIST_PAGES = Pagination(style="link")


class Repos(SyncAPIResource):
    """Operations of the `repos` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = ReposWithRawResponse(self)
        self.with_streaming_response = ReposWithStreamingResponse(self)

    def list(
        self,
        *,
        per_page: int | NotGiven = NOT_GIVEN,
        page: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> SyncPage[_models.Item, _builtins.list[_models.Item]]:
        """Link-header pagination, GitHub style (a bare array, the next page's URL in `Link`)

        Args:
            per_page: The `per_page` query parameter.
            page: The `page` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `SyncPage` of `Item` items: `for` over it gives every item of every page, fetching the
            next pages (link pagination) as needed; `.page` is the first `list[Item]` answer,
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
            _models.ReposListParams,
            {
                "per_page": per_page,
                "page": page,
            },
        )
        return self._get(
            "/repos",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["per_page", "page"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_REPOS_LIST,
            pagination=_REPOS_LIST_PAGES,
            page_cls=SyncPage[_models.Item, _builtins.list[_models.Item]],
        )


class ReposWithRawResponse:
    """`repos` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Repos) -> None:
        self.list = to_raw_response(resource.list)


class ReposWithStreamingResponse:
    """`repos` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Repos) -> None:
        self.list = to_streamed_response(resource.list)


class AsyncRepos(AsyncAPIResource):
    """Operations of the `repos` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncReposWithRawResponse(self)
        self.with_streaming_response = AsyncReposWithStreamingResponse(self)

    def list(
        self,
        *,
        per_page: int | NotGiven = NOT_GIVEN,
        page: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[_models.Item, _builtins.list[_models.Item]]:
        """Link-header pagination, GitHub style (a bare array, the next page's URL in `Link`)

        Args:
            per_page: The `per_page` query parameter.
            page: The `page` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            An `AsyncPaginator` of `Item` items: `async for` over it gives every item of every page,
            fetching the next pages (link pagination) as needed; awaited, it gives the first page,
            an `AsyncPage` (`.page` is the first `list[Item]` answer, `.pages()` gives each answer
            in turn).

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
            _models.ReposListParams,
            {
                "per_page": per_page,
                "page": page,
            },
        )
        return self._get(
            "/repos",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["per_page", "page"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_REPOS_LIST,
            pagination=_REPOS_LIST_PAGES,
            page_cls=AsyncPage[_models.Item, _builtins.list[_models.Item]],
        )


class AsyncReposWithRawResponse:
    """`repos` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncRepos) -> None:
        self.list = async_to_raw_response(resource.list)


class AsyncReposWithStreamingResponse:
    """`repos` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncRepos) -> None:
        self.list = async_to_streamed_response(resource.list)
