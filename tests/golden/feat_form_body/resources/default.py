"""The `default` resource (`client.default`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

import typing as _typing
from collections.abc import Mapping
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    # the request dicts are named in signatures only: params is not imported at run time
    from .. import params as _params

__all__ = [
    "AsyncDefault",
    "Default",
]

_DEFAULT_CREATE_CUSTOMER: ResponseSpec[_models.CreateCustomerResponse] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.CreateCustomerResponse},
    )
)


_DEFAULT_GET_TOKEN: ResponseSpec[_models.GetTokenResponse] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.GetTokenResponse},
    )
)


class Default(SyncAPIResource):
    """Operations of the `default` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = DefaultWithRawResponse(self)
        self.with_streaming_response = DefaultWithStreamingResponse(self)

    def create_customer(
        self,
        *,
        email: str | NotGiven = NOT_GIVEN,
        metadata: dict[str, str] | NotGiven = NOT_GIVEN,
        expand: list[str] | NotGiven = NOT_GIVEN,
        address: _models.CreateCustomerBodyAddress
        | _params.CreateCustomerBodyAddressParam
        | NotGiven = NOT_GIVEN,
        tags: list[str] | NotGiven = NOT_GIVEN,
        filter: dict[str, str] | NotGiven = NOT_GIVEN,
        options: dict[str, int] | NotGiven = NOT_GIVEN,
        plain: dict[str, str] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.CreateCustomerResponse:
        """POST /v1/customers

        Stripe's way of sending objects and arrays in a form (`encoding` styles).

        Args:
            email: The `email` property of the request body.
            metadata: The `metadata` property of the request body.
            expand: The `expand` property of the request body.
            address: The `address` property of the request body.
            tags: The `tags` property of the request body.
            filter: The `filter` property of the request body.
            options: The `options` property of the request body.
            plain: The `plain` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `CreateCustomerResponse`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        return self._post(
            "/v1/customers",
            body=_ops.form_body(
                _ops.validated(
                    _models.CreateCustomerBody,
                    {
                        "email": email,
                        "metadata": metadata,
                        "expand": expand,
                        "address": address,
                        "tags": tags,
                        "filter": filter,
                        "options": options,
                        "plain": plain,
                    },
                ),
                delimiters={"tags": "|", "filter": ","},
                deep={"address", "expand", "metadata"},
                spread={"options"},
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_CREATE_CUSTOMER,
        )

    def get_token(
        self,
        *,
        grant_type: _models.GetTokenBodyGrantType
        | _typing.Literal["client_credentials", "password"],
        client_id: str,
        scope: list[str] | NotGiven = NOT_GIVEN,
        remember: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.GetTokenResponse:
        """POST /oauth/token

        Args:
            grant_type: The `grant_type` property of the request body.
            client_id: The `client_id` property of the request body.
            scope: The `scope` property of the request body.
            remember: The `remember` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `GetTokenResponse`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        return self._post(
            "/oauth/token",
            body=_ops.form_body(
                _ops.validated(
                    _models.GetTokenBody,
                    {
                        "grant_type": grant_type,
                        "client_id": client_id,
                        "scope": scope,
                        "remember": remember,
                    },
                )
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_TOKEN,
        )


class DefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Default) -> None:
        self.create_customer = to_raw_response(resource.create_customer)
        self.get_token = to_raw_response(resource.get_token)


class DefaultWithStreamingResponse:
    """`default` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Default) -> None:
        self.create_customer = to_streamed_response(resource.create_customer)
        self.get_token = to_streamed_response(resource.get_token)


class AsyncDefault(AsyncAPIResource):
    """Operations of the `default` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncDefaultWithRawResponse(self)
        self.with_streaming_response = AsyncDefaultWithStreamingResponse(self)

    async def create_customer(
        self,
        *,
        email: str | NotGiven = NOT_GIVEN,
        metadata: dict[str, str] | NotGiven = NOT_GIVEN,
        expand: list[str] | NotGiven = NOT_GIVEN,
        address: _models.CreateCustomerBodyAddress
        | _params.CreateCustomerBodyAddressParam
        | NotGiven = NOT_GIVEN,
        tags: list[str] | NotGiven = NOT_GIVEN,
        filter: dict[str, str] | NotGiven = NOT_GIVEN,
        options: dict[str, int] | NotGiven = NOT_GIVEN,
        plain: dict[str, str] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.CreateCustomerResponse:
        """POST /v1/customers

        Stripe's way of sending objects and arrays in a form (`encoding` styles).

        Args:
            email: The `email` property of the request body.
            metadata: The `metadata` property of the request body.
            expand: The `expand` property of the request body.
            address: The `address` property of the request body.
            tags: The `tags` property of the request body.
            filter: The `filter` property of the request body.
            options: The `options` property of the request body.
            plain: The `plain` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `CreateCustomerResponse`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        return await self._post(
            "/v1/customers",
            body=_ops.form_body(
                _ops.validated(
                    _models.CreateCustomerBody,
                    {
                        "email": email,
                        "metadata": metadata,
                        "expand": expand,
                        "address": address,
                        "tags": tags,
                        "filter": filter,
                        "options": options,
                        "plain": plain,
                    },
                ),
                delimiters={"tags": "|", "filter": ","},
                deep={"address", "expand", "metadata"},
                spread={"options"},
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_CREATE_CUSTOMER,
        )

    async def get_token(
        self,
        *,
        grant_type: _models.GetTokenBodyGrantType
        | _typing.Literal["client_credentials", "password"],
        client_id: str,
        scope: list[str] | NotGiven = NOT_GIVEN,
        remember: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.GetTokenResponse:
        """POST /oauth/token

        Args:
            grant_type: The `grant_type` property of the request body.
            client_id: The `client_id` property of the request body.
            scope: The `scope` property of the request body.
            remember: The `remember` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `GetTokenResponse`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        return await self._post(
            "/oauth/token",
            body=_ops.form_body(
                _ops.validated(
                    _models.GetTokenBody,
                    {
                        "grant_type": grant_type,
                        "client_id": client_id,
                        "scope": scope,
                        "remember": remember,
                    },
                )
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_TOKEN,
        )


class AsyncDefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.create_customer = async_to_raw_response(resource.create_customer)
        self.get_token = async_to_raw_response(resource.get_token)


class AsyncDefaultWithStreamingResponse:
    """`default` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.create_customer = async_to_streamed_response(resource.create_customer)
        self.get_token = async_to_streamed_response(resource.get_token)
