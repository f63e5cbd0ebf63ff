"""The `models` resource (`client.models`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

import builtins as _builtins
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
    "AsyncModels",
    "Models",
]

_MODELS_LIST: ResponseSpec[list[str]] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.ModelsListResponse)},
    )
)


_MODELS_STR: ResponseSpec[list[str]] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.ModelsStrResponse)},
    )
)


class Models(SyncAPIResource):
    """Operations of the `models` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = ModelsWithRawResponse(self)
        self.with_streaming_response = ModelsWithStreamingResponse(self)

    def list(
        self,
        *,
        validated: _builtins.str | NotGiven = NOT_GIVEN,
        dispatch: _builtins.str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[_builtins.str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _builtins.list[_builtins.str]:
        """GET /models

        Args:
            validated: The `validated` query parameter.
            dispatch: The `dispatch` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `list[str]`: the 200 response.

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
            _models.ModelsListParams,
            {
                "validated": validated,
                "dispatch": dispatch,
            },
        )
        return self._get(
            "/models",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["validated", "dispatch"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_MODELS_LIST,
        )

    def str(
        self,
        *,
        dict: dict[_builtins.str, int] | NotGiven = NOT_GIVEN,
        request_options: _builtins.str | NotGiven = NOT_GIVEN,
        self_: _builtins.str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[_builtins.str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _builtins.list[_builtins.str]:
        """POST /models

        Args:
            dict: The `dict` property of the request body.
            request_options: The `request_options` property of the request body.
            self_: The `self` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `list[str]`: the 200 response.

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
            "/models",
            body=_ops.optional_body(
                _ops.validated(
                    _models.ModelsStrBody,
                    {
                        "dict": dict,
                        "request_options": request_options,
                        "self": self_,
                    },
                    python_names={"self": "self_"},
                )
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_MODELS_STR,
        )


class ModelsWithRawResponse:
    """`models` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Models) -> None:
        self.list = to_raw_response(resource.list)
        self.str = to_raw_response(resource.str)


class ModelsWithStreamingResponse:
    """`models` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Models) -> None:
        self.list = to_streamed_response(resource.list)
        self.str = to_streamed_response(resource.str)


class AsyncModels(AsyncAPIResource):
    """Operations of the `models` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncModelsWithRawResponse(self)
        self.with_streaming_response = AsyncModelsWithStreamingResponse(self)

    async def list(
        self,
        *,
        validated: _builtins.str | NotGiven = NOT_GIVEN,
        dispatch: _builtins.str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[_builtins.str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _builtins.list[_builtins.str]:
        """GET /models

        Args:
            validated: The `validated` query parameter.
            dispatch: The `dispatch` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `list[str]`: the 200 response.

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
            _models.ModelsListParams,
            {
                "validated": validated,
                "dispatch": dispatch,
            },
        )
        return await self._get(
            "/models",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["validated", "dispatch"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_MODELS_LIST,
        )

    async def str(
        self,
        *,
        dict: dict[_builtins.str, int] | NotGiven = NOT_GIVEN,
        request_options: _builtins.str | NotGiven = NOT_GIVEN,
        self_: _builtins.str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[_builtins.str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _builtins.list[_builtins.str]:
        """POST /models

        Args:
            dict: The `dict` property of the request body.
            request_options: The `request_options` property of the request body.
            self_: The `self` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `list[str]`: the 200 response.

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
            "/models",
            body=_ops.optional_body(
                _ops.validated(
                    _models.ModelsStrBody,
                    {
                        "dict": dict,
                        "request_options": request_options,
                        "self": self_,
                    },
                    python_names={"self": "self_"},
                )
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_MODELS_STR,
        )


class AsyncModelsWithRawResponse:
    """`models` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncModels) -> None:
        self.list = async_to_raw_response(resource.list)
        self.str = async_to_raw_response(resource.str)


class AsyncModelsWithStreamingResponse:
    """`models` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncModels) -> None:
        self.list = async_to_streamed_response(resource.list)
        self.str = async_to_streamed_response(resource.str)
