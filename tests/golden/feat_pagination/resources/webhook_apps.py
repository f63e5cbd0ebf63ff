"""The `webhook_apps` resource (`client.webhook_apps`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

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
    "AsyncWebhookApps",
    "WebhookApps",
]

_WEBHOOK_APPS_LIST: ResponseSpec[_models.WebhookAppsListResponse] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.WebhookAppsListResponse},
    )
)

_WEBHOOK_APPS_LIST_PAGES = Pagination(
    style="cursor",
    items="data",
    param="iterator",
    next="iterator",
    limit_param="limit",
    done="done",
)


class WebhookApps(SyncAPIResource):
    """Operations of the `webhook_apps` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = WebhookAppsWithRawResponse(self)
        self.with_streaming_response = WebhookAppsWithStreamingResponse(self)

    def list(
        self,
        *,
        iterator: str | None | NotGiven = NOT_GIVEN,
        limit: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> SyncPage[_models.Item, _models.WebhookAppsListResponse]:
        """Cursor pagination ended by a `done` flag, Svix style

        Args:
            iterator: The `iterator` query parameter.
            limit: The `limit` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `SyncPage` of `Item` items: `for` over it gives every item of every page, fetching the
            next pages (cursor pagination) as needed; `.page` is the first `WebhookAppsListResponse`
            answer, `.pages()` gives each answer in turn.

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
            _models.WebhookAppsListParams,
            {
                "iterator": iterator,
                "limit": limit,
            },
            nullable={"iterator"},
        )
        return self._get(
            "/apps",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["iterator", "limit"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_WEBHOOK_APPS_LIST,
            pagination=_WEBHOOK_APPS_LIST_PAGES,
            page_cls=SyncPage[_models.Item, _models.WebhookAppsListResponse],
        )


class WebhookAppsWithRawResponse:
    """`webhook_apps` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: WebhookApps) -> None:
        self.list = to_raw_response(resource.list)


class WebhookAppsWithStreamingResponse:
    """`webhook_apps` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: WebhookApps) -> None:
        self.list = to_streamed_response(resource.list)


class AsyncWebhookApps(AsyncAPIResource):
    """Operations of the `webhook_apps` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncWebhookAppsWithRawResponse(self)
        self.with_streaming_response = AsyncWebhookAppsWithStreamingResponse(self)

    def list(
        self,
        *,
        iterator: str | None | NotGiven = NOT_GIVEN,
        limit: int | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[_models.Item, _models.WebhookAppsListResponse]:
        """Cursor pagination ended by a `done` flag, Svix style

        Args:
            iterator: The `iterator` query parameter.
            limit: The `limit` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            An `AsyncPaginator` of `Item` items: `async for` over it gives every item of every page,
            fetching the next pages (cursor pagination) as needed; awaited, it gives the first page,
            an `AsyncPage` (`.page` is the first `WebhookAppsListResponse` answer, `.pages()` gives
            each answer in turn).

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
            _models.WebhookAppsListParams,
            {
                "iterator": iterator,
                "limit": limit,
            },
            nullable={"iterator"},
        )
        return self._get(
            "/apps",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["iterator", "limit"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_WEBHOOK_APPS_LIST,
            pagination=_WEBHOOK_APPS_LIST_PAGES,
            page_cls=AsyncPage[_models.Item, _models.WebhookAppsListResponse],
        )


class AsyncWebhookAppsWithRawResponse:
    """`webhook_apps` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncWebhookApps) -> None:
        self.list = async_to_raw_response(resource.list)


class AsyncWebhookAppsWithStreamingResponse:
    """`webhook_apps` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncWebhookApps) -> None:
        self.list = async_to_streamed_response(resource.list)
