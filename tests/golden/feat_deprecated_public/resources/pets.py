# This module defines deprecated methods (PEP 702) and wraps them (`with_raw_response`): only the
# calls of its users are to be flagged.
# mypy: disable-error-code="deprecated"
# pyright: reportDeprecated=false
"""The `pets` resource (`client.pets`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, overload

import typing_extensions as _typing_extensions

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
from .._streaming import AsyncStream, Stream
from .._types import NOT_GIVEN, Headers, NotGiven, Query, Timeout

__all__ = [
    "AsyncPets",
    "Pets",
]

_PETS_DELETE_PET: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"204": None},
    )
)


_PETS_GET_PET: ResponseSpec[_models.Pet] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.Pet},
    )
)


_PETS_SEARCH_PETS: ResponseSpec[_models.Pet] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.Pet},
        stream_chunk=_models.Pet,
    )
)


class Pets(SyncAPIResource):
    """Operations of the `pets` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = PetsWithRawResponse(self)
        self.with_streaming_response = PetsWithStreamingResponse(self)

    @_typing_extensions.deprecated("the API marks DELETE /pets/{pet_id} as deprecated")
    def delete_pet(
        self,
        *,
        pet_id: int,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """DELETE /pets/{pet_id}

        Deprecated: the spec marks this operation as deprecated.

        Args:
            pet_id: The `pet_id` path parameter.
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
            _models.PetsDeletePetParams,
            {
                "pet_id": pet_id,
            },
        )
        return self._delete(
            _ops.format_path("/pets/{pet_id}", _checked, {"pet_id"}),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_DELETE_PET,
        )

    def get_pet(
        self,
        *,
        pet_id: int,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet:
        """GET /pets/{pet_id}

        Args:
            pet_id: The `pet_id` path parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet`: the 200 response.

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
            _models.PetsGetPetParams,
            {
                "pet_id": pet_id,
            },
        )
        return self._get(
            _ops.format_path("/pets/{pet_id}", _checked, {"pet_id"}),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_GET_PET,
        )

    @overload
    def search_pets(
        self,
        *,
        q: str | NotGiven = NOT_GIVEN,
        stream: Literal[False] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet:
        """POST /pets/search

        Deprecated: the spec marks this operation as deprecated.

        Args:
            q: The `q` property of the request body.
            stream: The `stream` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    @overload
    def search_pets(
        self,
        *,
        stream: Literal[True],
        q: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Stream[_models.Pet]:
        """POST /pets/search

        Deprecated: the spec marks this operation as deprecated.

        Args:
            q: The `q` property of the request body.
            stream: The `stream` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `Stream` of `Pet` chunks (server-sent events).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    @overload
    def search_pets(
        self,
        *,
        q: str | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet | Stream[_models.Pet]:
        """POST /pets/search

        Deprecated: the spec marks this operation as deprecated.

        Args:
            q: The `q` property of the request body.
            stream: The `stream` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet`: the 200 response. With `stream=True`, a `Stream` of `Pet` chunks (server-sent
            events).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    @_typing_extensions.deprecated("the API marks POST /pets/search as deprecated")
    def search_pets(
        self,
        *,
        q: str | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet | Stream[_models.Pet]:
        """POST /pets/search

        Deprecated: the spec marks this operation as deprecated.

        Args:
            q: The `q` property of the request body.
            stream: The `stream` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet`: the 200 response. With `stream=True`, a `Stream` of `Pet` chunks (server-sent
            events).

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
            "/pets/search",
            body=_ops.validated(
                _models.PetsSearchPetsBody,
                {
                    "q": q,
                    "stream": stream,
                },
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_SEARCH_PETS,
            stream=stream is True,
            stream_cls=Stream[_models.Pet],
        )


class PetsWithRawResponse:
    """`pets` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Pets) -> None:
        self.delete_pet = to_raw_response(resource.delete_pet)
        self.get_pet = to_raw_response(resource.get_pet)
        self.search_pets = to_raw_response(resource.search_pets)


class PetsWithStreamingResponse:
    """`pets` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Pets) -> None:
        self.delete_pet = to_streamed_response(resource.delete_pet)
        self.get_pet = to_streamed_response(resource.get_pet)
        self.search_pets = to_streamed_response(resource.search_pets)


class AsyncPets(AsyncAPIResource):
    """Operations of the `pets` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncPetsWithRawResponse(self)
        self.with_streaming_response = AsyncPetsWithStreamingResponse(self)

    @_typing_extensions.deprecated("the API marks DELETE /pets/{pet_id} as deprecated")
    async def delete_pet(
        self,
        *,
        pet_id: int,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """DELETE /pets/{pet_id}

        Deprecated: the spec marks this operation as deprecated.

        Args:
            pet_id: The `pet_id` path parameter.
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
            _models.PetsDeletePetParams,
            {
                "pet_id": pet_id,
            },
        )
        return await self._delete(
            _ops.format_path("/pets/{pet_id}", _checked, {"pet_id"}),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_DELETE_PET,
        )

    async def get_pet(
        self,
        *,
        pet_id: int,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet:
        """GET /pets/{pet_id}

        Args:
            pet_id: The `pet_id` path parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet`: the 200 response.

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
            _models.PetsGetPetParams,
            {
                "pet_id": pet_id,
            },
        )
        return await self._get(
            _ops.format_path("/pets/{pet_id}", _checked, {"pet_id"}),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_GET_PET,
        )

    @overload
    async def search_pets(
        self,
        *,
        q: str | NotGiven = NOT_GIVEN,
        stream: Literal[False] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet:
        """POST /pets/search

        Deprecated: the spec marks this operation as deprecated.

        Args:
            q: The `q` property of the request body.
            stream: The `stream` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet`: the 200 response.

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    @overload
    async def search_pets(
        self,
        *,
        stream: Literal[True],
        q: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncStream[_models.Pet]:
        """POST /pets/search

        Deprecated: the spec marks this operation as deprecated.

        Args:
            q: The `q` property of the request body.
            stream: The `stream` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `AsyncStream` of `Pet` chunks (server-sent events).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    @overload
    async def search_pets(
        self,
        *,
        q: str | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet | AsyncStream[_models.Pet]:
        """POST /pets/search

        Deprecated: the spec marks this operation as deprecated.

        Args:
            q: The `q` property of the request body.
            stream: The `stream` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet`: the 200 response. With `stream=True`, a `AsyncStream` of `Pet` chunks
            (server-sent events).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    @_typing_extensions.deprecated("the API marks POST /pets/search as deprecated")
    async def search_pets(
        self,
        *,
        q: str | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet | AsyncStream[_models.Pet]:
        """POST /pets/search

        Deprecated: the spec marks this operation as deprecated.

        Args:
            q: The `q` property of the request body.
            stream: The `stream` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet`: the 200 response. With `stream=True`, a `AsyncStream` of `Pet` chunks
            (server-sent events).

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
            "/pets/search",
            body=_ops.validated(
                _models.PetsSearchPetsBody,
                {
                    "q": q,
                    "stream": stream,
                },
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_SEARCH_PETS,
            stream=stream is True,
            stream_cls=AsyncStream[_models.Pet],
        )


class AsyncPetsWithRawResponse:
    """`pets` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncPets) -> None:
        self.delete_pet = async_to_raw_response(resource.delete_pet)
        self.get_pet = async_to_raw_response(resource.get_pet)
        self.search_pets = async_to_raw_response(resource.search_pets)


class AsyncPetsWithStreamingResponse:
    """`pets` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncPets) -> None:
        self.delete_pet = async_to_streamed_response(resource.delete_pet)
        self.get_pet = async_to_streamed_response(resource.get_pet)
        self.search_pets = async_to_streamed_response(resource.search_pets)
