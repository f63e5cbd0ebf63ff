"""The `default` resource (`client.default`): its sync and async classes.

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
    "AsyncDefault",
    "Default",
]

_DEFAULT_MAKE_MEASURE: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"204": None},
    )
)


class Default(SyncAPIResource):
    """Operations of the `default` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = DefaultWithRawResponse(self)
        self.with_streaming_response = DefaultWithStreamingResponse(self)

    def make_measure(
        self,
        *,
        größe: int,
        straße: str | NotGiven = NOT_GIVEN,
        groe: str | NotGiven = NOT_GIVEN,
        ñ: str | NotGiven = NOT_GIVEN,
        日本: str | NotGiven = NOT_GIVEN,
        größe_wert: str | NotGiven = NOT_GIVEN,
        café_au_lait: str | NotGiven = NOT_GIVEN,
        æon: str | NotGiven = NOT_GIVEN,
        value: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /measures

        Args:
            größe: The `größe` property of the request body.
            straße: The `straße` query parameter.
            groe: The `groe` property of the request body.
            ñ: The `ñ` property of the request body.
            日本: The `日本` property of the request body.
            größe_wert: The `größeWert` property of the request body.
            café_au_lait: The `café-au-lait` property of the request body.
            æon: The `ÆON` property of the request body.
            value: The `🙂` property of the request body.
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
            _models.MakeMeasureParams,
            {
                "straße": straße,
            },
        )
        return self._post(
            "/measures",
            body=_ops.validated(
                _models.MakeMeasureBody,
                {
                    "größe": größe,
                    "groe": groe,
                    "ñ": ñ,
                    "日本": 日本,
                    "größeWert": größe_wert,
                    "café-au-lait": café_au_lait,
                    "ÆON": æon,
                    "🙂": value,
                },
                python_names={
                    "größeWert": "größe_wert",
                    "café-au-lait": "café_au_lait",
                    "ÆON": "æon",
                    "🙂": "value",
                },
            ),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["straße"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_MAKE_MEASURE,
        )


class DefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Default) -> None:
        self.make_measure = to_raw_response(resource.make_measure)


class DefaultWithStreamingResponse:
    """`default` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Default) -> None:
        self.make_measure = to_streamed_response(resource.make_measure)


class AsyncDefault(AsyncAPIResource):
    """Operations of the `default` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncDefaultWithRawResponse(self)
        self.with_streaming_response = AsyncDefaultWithStreamingResponse(self)

    async def make_measure(
        self,
        *,
        größe: int,
        straße: str | NotGiven = NOT_GIVEN,
        groe: str | NotGiven = NOT_GIVEN,
        ñ: str | NotGiven = NOT_GIVEN,
        日本: str | NotGiven = NOT_GIVEN,
        größe_wert: str | NotGiven = NOT_GIVEN,
        café_au_lait: str | NotGiven = NOT_GIVEN,
        æon: str | NotGiven = NOT_GIVEN,
        value: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /measures

        Args:
            größe: The `größe` property of the request body.
            straße: The `straße` query parameter.
            groe: The `groe` property of the request body.
            ñ: The `ñ` property of the request body.
            日本: The `日本` property of the request body.
            größe_wert: The `größeWert` property of the request body.
            café_au_lait: The `café-au-lait` property of the request body.
            æon: The `ÆON` property of the request body.
            value: The `🙂` property of the request body.
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
            _models.MakeMeasureParams,
            {
                "straße": straße,
            },
        )
        return await self._post(
            "/measures",
            body=_ops.validated(
                _models.MakeMeasureBody,
                {
                    "größe": größe,
                    "groe": groe,
                    "ñ": ñ,
                    "日本": 日本,
                    "größeWert": größe_wert,
                    "café-au-lait": café_au_lait,
                    "ÆON": æon,
                    "🙂": value,
                },
                python_names={
                    "größeWert": "größe_wert",
                    "café-au-lait": "café_au_lait",
                    "ÆON": "æon",
                    "🙂": "value",
                },
            ),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["straße"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_MAKE_MEASURE,
        )


class AsyncDefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.make_measure = async_to_raw_response(resource.make_measure)


class AsyncDefaultWithStreamingResponse:
    """`default` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.make_measure = async_to_streamed_response(resource.make_measure)
