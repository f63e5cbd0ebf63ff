"""The `store` resource (`client.store`): its sync and async classes.

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
    "AsyncStore",
    "Store",
]

_STORE_GET_INVENTORY: ResponseSpec[dict[str, int]] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.StoreGetInventoryResponse)},
    )
)


class Store(SyncAPIResource):
    """Operations of the `store` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = StoreWithRawResponse(self)
        self.with_streaming_response = StoreWithStreamingResponse(self)

    def get_inventory(
        self,
        *,
        store_id: str,
        x_request_id: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> dict[str, int]:
        """GET /stores/{storeId}/inventory

        Args:
            store_id: The `storeId` path parameter.
            x_request_id: The `X-Request-ID` header.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `dict[str, int]`: the 200 response.

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
            _models.StoreGetInventoryParams,
            {
                "storeId": store_id,
                "X-Request-ID": x_request_id,
            },
            python_names={"storeId": "store_id", "X-Request-ID": "x_request_id"},
        )
        return self._get(
            _ops.format_path("/stores/{storeId}/inventory", _checked, {"storeId"}),
            options=_ops.request_options(
                headers=_ops.pick_headers(
                    _checked, ["X-Request-ID"], python_names={"X-Request-ID": "x_request_id"}
                ),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_STORE_GET_INVENTORY,
        )


class StoreWithRawResponse:
    """`store` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Store) -> None:
        self.get_inventory = to_raw_response(resource.get_inventory)


class StoreWithStreamingResponse:
    """`store` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Store) -> None:
        self.get_inventory = to_streamed_response(resource.get_inventory)


class AsyncStore(AsyncAPIResource):
    """Operations of the `store` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncStoreWithRawResponse(self)
        self.with_streaming_response = AsyncStoreWithStreamingResponse(self)

    async def get_inventory(
        self,
        *,
        store_id: str,
        x_request_id: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> dict[str, int]:
        """GET /stores/{storeId}/inventory

        Args:
            store_id: The `storeId` path parameter.
            x_request_id: The `X-Request-ID` header.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `dict[str, int]`: the 200 response.

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
            _models.StoreGetInventoryParams,
            {
                "storeId": store_id,
                "X-Request-ID": x_request_id,
            },
            python_names={"storeId": "store_id", "X-Request-ID": "x_request_id"},
        )
        return await self._get(
            _ops.format_path("/stores/{storeId}/inventory", _checked, {"storeId"}),
            options=_ops.request_options(
                headers=_ops.pick_headers(
                    _checked, ["X-Request-ID"], python_names={"X-Request-ID": "x_request_id"}
                ),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_STORE_GET_INVENTORY,
        )


class AsyncStoreWithRawResponse:
    """`store` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncStore) -> None:
        self.get_inventory = async_to_raw_response(resource.get_inventory)


class AsyncStoreWithStreamingResponse:
    """`store` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncStore) -> None:
        self.get_inventory = async_to_streamed_response(resource.get_inventory)
