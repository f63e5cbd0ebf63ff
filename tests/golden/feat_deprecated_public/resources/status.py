"""The `status` resource (`client.status`): its sync and async classes.

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
from .._types import NOT_GIVEN, Headers, NotGiven, Query, Timeout

__all__ = [
    "AsyncStatus",
    "Status",
]

_STATUS_GET_HEALTH: ResponseSpec[_models.StatusGetHealthResponse] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.StatusGetHealthResponse},
    )
)


class Status(SyncAPIResource):
    """Operations of the `status` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = StatusWithRawResponse(self)
        self.with_streaming_response = StatusWithStreamingResponse(self)

    def get_health(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.StatusGetHealthResponse:
        """GET /health

        Args:
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `StatusGetHealthResponse`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
        """
        return self._get(
            "/health",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
                security=[[]],
            ),
            cast_to=_STATUS_GET_HEALTH,
        )


class StatusWithRawResponse:
    """`status` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Status) -> None:
        self.get_health = to_raw_response(resource.get_health)


class StatusWithStreamingResponse:
    """`status` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Status) -> None:
        self.get_health = to_streamed_response(resource.get_health)


class AsyncStatus(AsyncAPIResource):
    """Operations of the `status` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncStatusWithRawResponse(self)
        self.with_streaming_response = AsyncStatusWithStreamingResponse(self)

    async def get_health(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.StatusGetHealthResponse:
        """GET /health

        Args:
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `StatusGetHealthResponse`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
        """
        return await self._get(
            "/health",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
                security=[[]],
            ),
            cast_to=_STATUS_GET_HEALTH,
        )


class AsyncStatusWithRawResponse:
    """`status` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncStatus) -> None:
        self.get_health = async_to_raw_response(resource.get_health)


class AsyncStatusWithStreamingResponse:
    """`status` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncStatus) -> None:
        self.get_health = async_to_streamed_response(resource.get_health)
