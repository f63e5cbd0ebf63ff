"""The `timeout_` resource (`client.timeout_`): its sync and async classes.

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
    "AsyncTimeout2",
    "Timeout2",
]

_TIMEOUT_CLOSE: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"204": None},
    )
)


class Timeout2(SyncAPIResource):
    """Operations of the `timeout_` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = Timeout2WithRawResponse(self)
        self.with_streaming_response = Timeout2WithStreamingResponse(self)

    def close(
        self,
        *,
        base_url_: str | NotGiven = NOT_GIVEN,
        http_client_: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /timeout

        Args:
            base_url_: The `base_url` query parameter.

                Defaults to the value the client was created with.
            http_client_: The `http_client` query parameter.

                Defaults to the value the client was created with.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `None`: the 204 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.TimeoutCloseParams,
            {
                "base_url": _ops.client_value(self._client, "base_url_", base_url_),
                "http_client": _ops.client_value(self._client, "http_client_", http_client_),
            },
            python_names={"base_url": "base_url_", "http_client": "http_client_"},
        )
        return self._get(
            "/timeout",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["base_url", "http_client"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_TIMEOUT_CLOSE,
        )


class Timeout2WithRawResponse:
    """`timeout_` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Timeout2) -> None:
        self.close = to_raw_response(resource.close)


class Timeout2WithStreamingResponse:
    """`timeout_` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Timeout2) -> None:
        self.close = to_streamed_response(resource.close)


class AsyncTimeout2(AsyncAPIResource):
    """Operations of the `timeout_` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncTimeout2WithRawResponse(self)
        self.with_streaming_response = AsyncTimeout2WithStreamingResponse(self)

    async def close(
        self,
        *,
        base_url_: str | NotGiven = NOT_GIVEN,
        http_client_: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /timeout

        Args:
            base_url_: The `base_url` query parameter.

                Defaults to the value the client was created with.
            http_client_: The `http_client` query parameter.

                Defaults to the value the client was created with.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `None`: the 204 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.TimeoutCloseParams,
            {
                "base_url": _ops.client_value(self._client, "base_url_", base_url_),
                "http_client": _ops.client_value(self._client, "http_client_", http_client_),
            },
            python_names={"base_url": "base_url_", "http_client": "http_client_"},
        )
        return await self._get(
            "/timeout",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["base_url", "http_client"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_TIMEOUT_CLOSE,
        )


class AsyncTimeout2WithRawResponse:
    """`timeout_` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncTimeout2) -> None:
        self.close = async_to_raw_response(resource.close)


class AsyncTimeout2WithStreamingResponse:
    """`timeout_` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncTimeout2) -> None:
        self.close = async_to_streamed_response(resource.close)
