"""The `default` resource (`client.default`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

import typing as _typing
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
    "AsyncDefault",
    "Default",
]

_DEFAULT_GET_SESSION: ResponseSpec[_models.GetSessionResponse] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.GetSessionResponse},
        headers={"X-Rate-Remaining": int},
    )
)


class Default(SyncAPIResource):
    """Operations of the `default` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = DefaultWithRawResponse(self)
        self.with_streaming_response = DefaultWithStreamingResponse(self)

    def get_session(
        self,
        *,
        x_request_id: str,
        session_id: str,
        x_retry_count: int | NotGiven = NOT_GIVEN,
        x_debug: bool | NotGiven = NOT_GIVEN,
        theme: _models.GetSessionParamsTheme
        | _typing.Literal["light", "dark"]
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.GetSessionResponse:
        """GET /session

        Args:
            x_request_id: The `X-Request-ID` header.
            session_id: The `session_id` cookie.
            x_retry_count: The `X-Retry-Count` header.
            x_debug: The `X-Debug` header.
            theme: The `theme` cookie.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `GetSessionResponse`: the 200 response.

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
            _models.GetSessionParams,
            {
                "X-Request-ID": x_request_id,
                "session_id": session_id,
                "X-Retry-Count": x_retry_count,
                "X-Debug": x_debug,
                "theme": theme,
            },
            python_names={
                "X-Request-ID": "x_request_id",
                "X-Retry-Count": "x_retry_count",
                "X-Debug": "x_debug",
            },
        )
        return self._get(
            "/session",
            options=_ops.request_options(
                headers=_ops.pick_headers(
                    _checked,
                    ["X-Request-ID", "X-Retry-Count", "X-Debug"],
                    python_names={
                        "X-Request-ID": "x_request_id",
                        "X-Retry-Count": "x_retry_count",
                        "X-Debug": "x_debug",
                    },
                ),
                cookies=_ops.pick_cookies(_checked, ["session_id", "theme"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_SESSION,
        )


class DefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Default) -> None:
        self.get_session = to_raw_response(resource.get_session)


class DefaultWithStreamingResponse:
    """`default` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Default) -> None:
        self.get_session = to_streamed_response(resource.get_session)


class AsyncDefault(AsyncAPIResource):
    """Operations of the `default` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncDefaultWithRawResponse(self)
        self.with_streaming_response = AsyncDefaultWithStreamingResponse(self)

    async def get_session(
        self,
        *,
        x_request_id: str,
        session_id: str,
        x_retry_count: int | NotGiven = NOT_GIVEN,
        x_debug: bool | NotGiven = NOT_GIVEN,
        theme: _models.GetSessionParamsTheme
        | _typing.Literal["light", "dark"]
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.GetSessionResponse:
        """GET /session

        Args:
            x_request_id: The `X-Request-ID` header.
            session_id: The `session_id` cookie.
            x_retry_count: The `X-Retry-Count` header.
            x_debug: The `X-Debug` header.
            theme: The `theme` cookie.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `GetSessionResponse`: the 200 response.

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
            _models.GetSessionParams,
            {
                "X-Request-ID": x_request_id,
                "session_id": session_id,
                "X-Retry-Count": x_retry_count,
                "X-Debug": x_debug,
                "theme": theme,
            },
            python_names={
                "X-Request-ID": "x_request_id",
                "X-Retry-Count": "x_retry_count",
                "X-Debug": "x_debug",
            },
        )
        return await self._get(
            "/session",
            options=_ops.request_options(
                headers=_ops.pick_headers(
                    _checked,
                    ["X-Request-ID", "X-Retry-Count", "X-Debug"],
                    python_names={
                        "X-Request-ID": "x_request_id",
                        "X-Retry-Count": "x_retry_count",
                        "X-Debug": "x_debug",
                    },
                ),
                cookies=_ops.pick_cookies(_checked, ["session_id", "theme"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_SESSION,
        )


class AsyncDefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.get_session = async_to_raw_response(resource.get_session)


class AsyncDefaultWithStreamingResponse:
    """`default` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.get_session = async_to_streamed_response(resource.get_session)
