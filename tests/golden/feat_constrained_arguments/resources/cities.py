"""The `cities` resource (`client.cities`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

import collections.abc as _abc
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
    "AsyncCities",
    "Cities",
]

_CITIES_ADD_CITY: ResponseSpec[_models.CitiesAddCityResponse] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.CitiesAddCityResponse},
    )
)


class Cities(SyncAPIResource):
    """Operations of the `cities` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = CitiesWithRawResponse(self)
        self.with_streaming_response = CitiesWithStreamingResponse(self)

    def add_city(
        self,
        *,
        code: str,
        count: int,
        x_trace: str,
        tags: _abc.Sequence[_models.CitiesAddCityBodyTag | str],
        postcode: str,
        ratio: float,
        origin: _models.Point | _params.PointParam,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.CitiesAddCityResponse:
        """POST /countries/{code}/cities

        Args:
            code: The `code` path parameter.
            count: The `count` query parameter.
            x_trace: The `X-Trace` header.
            tags: The `tags` property of the request body.
            postcode: The `postcode` property of the request body.
            ratio: The `ratio` property of the request body.
            origin: The `origin` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `CitiesAddCityResponse`: the 200 response.

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
            _models.CitiesAddCityParams,
            {
                "code": code,
                "count": count,
                "X-Trace": x_trace,
            },
            python_names={"X-Trace": "x_trace"},
        )
        return self._post(
            _ops.format_path("/countries/{code}/cities", _checked, {"code"}),
            body=_ops.validated(
                _models.CitiesAddCityBody,
                {
                    "tags": tags,
                    "postcode": postcode,
                    "ratio": ratio,
                    "origin": origin,
                },
            ),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["count"]),
                headers=_ops.pick_headers(
                    _checked, ["X-Trace"], python_names={"X-Trace": "x_trace"}
                ),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_CITIES_ADD_CITY,
        )


class CitiesWithRawResponse:
    """`cities` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Cities) -> None:
        self.add_city = to_raw_response(resource.add_city)


class CitiesWithStreamingResponse:
    """`cities` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Cities) -> None:
        self.add_city = to_streamed_response(resource.add_city)


class AsyncCities(AsyncAPIResource):
    """Operations of the `cities` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncCitiesWithRawResponse(self)
        self.with_streaming_response = AsyncCitiesWithStreamingResponse(self)

    async def add_city(
        self,
        *,
        code: str,
        count: int,
        x_trace: str,
        tags: _abc.Sequence[_models.CitiesAddCityBodyTag | str],
        postcode: str,
        ratio: float,
        origin: _models.Point | _params.PointParam,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.CitiesAddCityResponse:
        """POST /countries/{code}/cities

        Args:
            code: The `code` path parameter.
            count: The `count` query parameter.
            x_trace: The `X-Trace` header.
            tags: The `tags` property of the request body.
            postcode: The `postcode` property of the request body.
            ratio: The `ratio` property of the request body.
            origin: The `origin` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `CitiesAddCityResponse`: the 200 response.

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
            _models.CitiesAddCityParams,
            {
                "code": code,
                "count": count,
                "X-Trace": x_trace,
            },
            python_names={"X-Trace": "x_trace"},
        )
        return await self._post(
            _ops.format_path("/countries/{code}/cities", _checked, {"code"}),
            body=_ops.validated(
                _models.CitiesAddCityBody,
                {
                    "tags": tags,
                    "postcode": postcode,
                    "ratio": ratio,
                    "origin": origin,
                },
            ),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["count"]),
                headers=_ops.pick_headers(
                    _checked, ["X-Trace"], python_names={"X-Trace": "x_trace"}
                ),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_CITIES_ADD_CITY,
        )


class AsyncCitiesWithRawResponse:
    """`cities` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncCities) -> None:
        self.add_city = async_to_raw_response(resource.add_city)


class AsyncCitiesWithStreamingResponse:
    """`cities` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncCities) -> None:
        self.add_city = async_to_streamed_response(resource.add_city)
