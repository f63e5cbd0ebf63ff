"""The `pets` resource (`client.pets`): its sync and async classes.

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
    "AsyncPets",
    "Pets",
]

_PETS_CREATE_PET: ResponseSpec[_models.Pet] = ResponseSpec(
    lambda: ResponseTargets(
        success={"201": _models.Pet},
    )
)


_PETS_LIST_PETS: ResponseSpec[list[_models.Pet]] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.PetsListPetsResponse)},
    )
)


class Pets(SyncAPIResource):
    """Operations of the `pets` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = PetsWithRawResponse(self)
        self.with_streaming_response = PetsWithStreamingResponse(self)

    def create_pet(
        self,
        *,
        name: str,
        tag: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet:
        """POST /pets

        Args:
            name: The `name` property of the request body.
            tag: The `tag` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet`: the 201 response.

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
            "/pets",
            body=_ops.validated(
                _models.NewPet,
                {
                    "name": name,
                    "tag": tag,
                },
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_CREATE_PET,
        )

    def list_pets(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        tags: list[str] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> list[_models.Pet]:
        """GET /pets

        Args:
            limit: The `limit` query parameter.
            tags: The `tags` query parameter.
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
            _models.PetsListPetsParams,
            {
                "limit": limit,
                "tags": tags,
            },
        )
        return self._get(
            "/pets",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["limit", "tags"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_LIST_PETS,
        )


class PetsWithRawResponse:
    """`pets` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Pets) -> None:
        self.create_pet = to_raw_response(resource.create_pet)
        self.list_pets = to_raw_response(resource.list_pets)


class PetsWithStreamingResponse:
    """`pets` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Pets) -> None:
        self.create_pet = to_streamed_response(resource.create_pet)
        self.list_pets = to_streamed_response(resource.list_pets)


class AsyncPets(AsyncAPIResource):
    """Operations of the `pets` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncPetsWithRawResponse(self)
        self.with_streaming_response = AsyncPetsWithStreamingResponse(self)

    async def create_pet(
        self,
        *,
        name: str,
        tag: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Pet:
        """POST /pets

        Args:
            name: The `name` property of the request body.
            tag: The `tag` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Pet`: the 201 response.

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
            "/pets",
            body=_ops.validated(
                _models.NewPet,
                {
                    "name": name,
                    "tag": tag,
                },
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_CREATE_PET,
        )

    async def list_pets(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        tags: list[str] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> list[_models.Pet]:
        """GET /pets

        Args:
            limit: The `limit` query parameter.
            tags: The `tags` query parameter.
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
            _models.PetsListPetsParams,
            {
                "limit": limit,
                "tags": tags,
            },
        )
        return await self._get(
            "/pets",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["limit", "tags"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_PETS_LIST_PETS,
        )


class AsyncPetsWithRawResponse:
    """`pets` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncPets) -> None:
        self.create_pet = async_to_raw_response(resource.create_pet)
        self.list_pets = async_to_raw_response(resource.list_pets)


class AsyncPetsWithStreamingResponse:
    """`pets` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncPets) -> None:
        self.create_pet = async_to_streamed_response(resource.create_pet)
        self.list_pets = async_to_streamed_response(resource.list_pets)
