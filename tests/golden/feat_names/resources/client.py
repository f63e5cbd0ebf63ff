"""The `client` resource (`client.client`): its sync and async classes.

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
    "AsyncClient2",
    "Client2",
]

_CLIENT_WITH_RAW_RESPONSE_: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"204": None},
    )
)


class Client2(SyncAPIResource):
    """Operations of the `client` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = Client2WithRawResponse(self)
        self.with_streaming_response = Client2WithStreamingResponse(self)

    def with_raw_response_(
        self,
        *,
        cast: str,
        body: str | NotGiven = NOT_GIVEN,
        params: str | NotGiven = NOT_GIVEN,
        list: list[int] | NotGiven = NOT_GIVEN,
        api_key_: str | NotGiven = NOT_GIVEN,
        body_: list[str] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /client/{cast}

        Args:
            cast: The `cast` path parameter.
            body: The `body` query parameter.
            params: The `params` query parameter.
            list: The `list` query parameter.
            api_key_: The `api_key` header.

                Defaults to the value the client was created with.
            body_: The request body.
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
            _models.ClientWithRawResponseParams,
            {
                "cast": cast,
                "body": body,
                "params": params,
                "list": list,
                "api_key": _ops.client_value(self._client, "api_key_", api_key_),
            },
            python_names={"api_key": "api_key_"},
        )
        return self._post(
            _ops.format_path("/client/{cast}", _checked, {"cast"}),
            body=_ops.validated_root(_models.ClientWithRawResponseBody, body_),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["body", "params", "list"]),
                headers=_ops.pick_headers(
                    _checked, ["api_key"], python_names={"api_key": "api_key_"}
                ),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_CLIENT_WITH_RAW_RESPONSE_,
        )


class Client2WithRawResponse:
    """`client` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Client2) -> None:
        self.with_raw_response_ = to_raw_response(resource.with_raw_response_)


class Client2WithStreamingResponse:
    """`client` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Client2) -> None:
        self.with_raw_response_ = to_streamed_response(resource.with_raw_response_)


class AsyncClient2(AsyncAPIResource):
    """Operations of the `client` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncClient2WithRawResponse(self)
        self.with_streaming_response = AsyncClient2WithStreamingResponse(self)

    async def with_raw_response_(
        self,
        *,
        cast: str,
        body: str | NotGiven = NOT_GIVEN,
        params: str | NotGiven = NOT_GIVEN,
        list: list[int] | NotGiven = NOT_GIVEN,
        api_key_: str | NotGiven = NOT_GIVEN,
        body_: list[str] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /client/{cast}

        Args:
            cast: The `cast` path parameter.
            body: The `body` query parameter.
            params: The `params` query parameter.
            list: The `list` query parameter.
            api_key_: The `api_key` header.

                Defaults to the value the client was created with.
            body_: The request body.
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
            _models.ClientWithRawResponseParams,
            {
                "cast": cast,
                "body": body,
                "params": params,
                "list": list,
                "api_key": _ops.client_value(self._client, "api_key_", api_key_),
            },
            python_names={"api_key": "api_key_"},
        )
        return await self._post(
            _ops.format_path("/client/{cast}", _checked, {"cast"}),
            body=_ops.validated_root(_models.ClientWithRawResponseBody, body_),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["body", "params", "list"]),
                headers=_ops.pick_headers(
                    _checked, ["api_key"], python_names={"api_key": "api_key_"}
                ),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_CLIENT_WITH_RAW_RESPONSE_,
        )


class AsyncClient2WithRawResponse:
    """`client` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncClient2) -> None:
        self.with_raw_response_ = async_to_raw_response(resource.with_raw_response_)


class AsyncClient2WithStreamingResponse:
    """`client` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncClient2) -> None:
        self.with_raw_response_ = async_to_streamed_response(resource.with_raw_response_)
