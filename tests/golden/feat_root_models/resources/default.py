"""The `default` resource (`client.default`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

import collections.abc as _abc
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

_DEFAULT_ANYTHING: ResponseSpec[_typing.Any] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.AnythingResponse)},
    )
)


_DEFAULT_GET_SHAPE: ResponseSpec[_models.Pet | _models.Owner] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.Shape)},
    )
)


_DEFAULT_LIST_PETS: ResponseSpec[list[_models.Pet]] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.PetsRoot)},
    )
)


_DEFAULT_REPLACE_PETS: ResponseSpec[int] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.Count)},
    )
)


_DEFAULT_SET_NAME: ResponseSpec[str] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.NameRoot)},
    )
)


class Default(SyncAPIResource):
    """Operations of the `default` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = DefaultWithRawResponse(self)
        self.with_streaming_response = DefaultWithStreamingResponse(self)

    def anything(
        self,
        *,
        body: _typing.Any,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _typing.Any:
        """POST /any

        Args:
            body: The request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Any`: the 200 response.

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
            "/any",
            body=_ops.validated_root(_models.AnyThing, body),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_ANYTHING,
        )

    def get_shape(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet | _models.Owner:
        """GET /shape

        Args:
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet | Owner`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
        """
        return self._get(
            "/shape",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_SHAPE,
        )

    def list_pets(
        self,
        *,
        name: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> list[_models.Pet]:
        """GET /pets

        Args:
            name: The `name` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `list[Pet]`: the 200 response.

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
            _models.ListPetsParams,
            {
                "name": name,
            },
        )
        return self._get(
            "/pets",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["name"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_LIST_PETS,
        )

    def replace_pets(
        self,
        *,
        body: _abc.Sequence[_models.Pet | _params.PetParam] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> int:
        """PUT /pets

        Args:
            body: The request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `int`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        return self._put(
            "/pets",
            body=_ops.validated_root(_models.PetsRoot, body),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_REPLACE_PETS,
        )

    def set_name(
        self,
        *,
        body: str,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> str:
        """POST /names

        Args:
            body: The request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `str`: the 200 response.

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
            "/names",
            body=_ops.validated_root(_models.NameRoot, body),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_SET_NAME,
        )


class DefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Default) -> None:
        self.anything = to_raw_response(resource.anything)
        self.get_shape = to_raw_response(resource.get_shape)
        self.list_pets = to_raw_response(resource.list_pets)
        self.replace_pets = to_raw_response(resource.replace_pets)
        self.set_name = to_raw_response(resource.set_name)


class DefaultWithStreamingResponse:
    """`default` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Default) -> None:
        self.anything = to_streamed_response(resource.anything)
        self.get_shape = to_streamed_response(resource.get_shape)
        self.list_pets = to_streamed_response(resource.list_pets)
        self.replace_pets = to_streamed_response(resource.replace_pets)
        self.set_name = to_streamed_response(resource.set_name)


class AsyncDefault(AsyncAPIResource):
    """Operations of the `default` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncDefaultWithRawResponse(self)
        self.with_streaming_response = AsyncDefaultWithStreamingResponse(self)

    async def anything(
        self,
        *,
        body: _typing.Any,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _typing.Any:
        """POST /any

        Args:
            body: The request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Any`: the 200 response.

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
            "/any",
            body=_ops.validated_root(_models.AnyThing, body),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_ANYTHING,
        )

    async def get_shape(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet | _models.Owner:
        """GET /shape

        Args:
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet | Owner`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
        """
        return await self._get(
            "/shape",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_SHAPE,
        )

    async def list_pets(
        self,
        *,
        name: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> list[_models.Pet]:
        """GET /pets

        Args:
            name: The `name` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `list[Pet]`: the 200 response.

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
            _models.ListPetsParams,
            {
                "name": name,
            },
        )
        return await self._get(
            "/pets",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["name"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_LIST_PETS,
        )

    async def replace_pets(
        self,
        *,
        body: _abc.Sequence[_models.Pet | _params.PetParam] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> int:
        """PUT /pets

        Args:
            body: The request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `int`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        return await self._put(
            "/pets",
            body=_ops.validated_root(_models.PetsRoot, body),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_REPLACE_PETS,
        )

    async def set_name(
        self,
        *,
        body: str,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> str:
        """POST /names

        Args:
            body: The request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `str`: the 200 response.

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
            "/names",
            body=_ops.validated_root(_models.NameRoot, body),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_SET_NAME,
        )


class AsyncDefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.anything = async_to_raw_response(resource.anything)
        self.get_shape = async_to_raw_response(resource.get_shape)
        self.list_pets = async_to_raw_response(resource.list_pets)
        self.replace_pets = async_to_raw_response(resource.replace_pets)
        self.set_name = async_to_raw_response(resource.set_name)


class AsyncDefaultWithStreamingResponse:
    """`default` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.anything = async_to_streamed_response(resource.anything)
        self.get_shape = async_to_streamed_response(resource.get_shape)
        self.list_pets = async_to_streamed_response(resource.list_pets)
        self.replace_pets = async_to_streamed_response(resource.replace_pets)
        self.set_name = async_to_streamed_response(resource.set_name)
