"""The `default` resource (`client.default`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

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

_DEFAULT_BY_LABEL: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"204": None},
    )
)


_DEFAULT_BY_MATRIX: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"204": None},
    )
)


_DEFAULT_BY_SIMPLE: ResponseSpec[None] = ResponseSpec(
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

    def by_label(
        self,
        *,
        id: int,
        ids: list[str],
        each: list[str],
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /label/{id}/{ids}/{each}

        Args:
            id: The `id` path parameter.
            ids: The `ids` path parameter.
            each: The `each` path parameter.
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
            _models.ByLabelParams,
            {
                "id": id,
                "ids": ids,
                "each": each,
            },
        )
        return self._get(
            _ops.format_path(
                "/label/{id}/{ids}/{each}",
                _checked,
                {"each", "id", "ids"},
                {"each": "label*", "id": "label", "ids": "label"},
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_BY_LABEL,
        )

    def by_matrix(
        self,
        *,
        id: int,
        ids: list[str],
        each: list[str],
        point: _models.Point | _params.PointParam,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /matrix/{id}/{ids}/{each}/{point}

        Args:
            id: The `id` path parameter.
            ids: The `ids` path parameter.
            each: The `each` path parameter.
            point: The `point` path parameter.
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
            _models.ByMatrixParams,
            {
                "id": id,
                "ids": ids,
                "each": each,
                "point": point,
            },
        )
        return self._get(
            _ops.format_path(
                "/matrix/{id}/{ids}/{each}/{point}",
                _checked,
                {"each", "id", "ids", "point"},
                {"each": "matrix*", "id": "matrix", "ids": "matrix", "point": "matrix*"},
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_BY_MATRIX,
        )

    def by_simple(
        self,
        *,
        point: _models.Point | _params.PointParam,
        spread: _models.Point | _params.PointParam,
        where: _models.Point | _params.PointParam,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /simple/{point}/{spread}/{where}

        Args:
            point: The `point` path parameter.
            spread: The `spread` path parameter.
            where: The `where` path parameter.
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
            _models.BySimpleParams,
            {
                "point": point,
                "spread": spread,
                "where": where,
            },
        )
        return self._get(
            _ops.format_path(
                "/simple/{point}/{spread}/{where}",
                _checked,
                {"point", "spread", "where"},
                {"spread": "simple*", "where": "json"},
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_BY_SIMPLE,
        )


class DefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Default) -> None:
        self.by_label = to_raw_response(resource.by_label)
        self.by_matrix = to_raw_response(resource.by_matrix)
        self.by_simple = to_raw_response(resource.by_simple)


class DefaultWithStreamingResponse:
    """`default` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Default) -> None:
        self.by_label = to_streamed_response(resource.by_label)
        self.by_matrix = to_streamed_response(resource.by_matrix)
        self.by_simple = to_streamed_response(resource.by_simple)


class AsyncDefault(AsyncAPIResource):
    """Operations of the `default` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncDefaultWithRawResponse(self)
        self.with_streaming_response = AsyncDefaultWithStreamingResponse(self)

    async def by_label(
        self,
        *,
        id: int,
        ids: list[str],
        each: list[str],
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /label/{id}/{ids}/{each}

        Args:
            id: The `id` path parameter.
            ids: The `ids` path parameter.
            each: The `each` path parameter.
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
            _models.ByLabelParams,
            {
                "id": id,
                "ids": ids,
                "each": each,
            },
        )
        return await self._get(
            _ops.format_path(
                "/label/{id}/{ids}/{each}",
                _checked,
                {"each", "id", "ids"},
                {"each": "label*", "id": "label", "ids": "label"},
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_BY_LABEL,
        )

    async def by_matrix(
        self,
        *,
        id: int,
        ids: list[str],
        each: list[str],
        point: _models.Point | _params.PointParam,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /matrix/{id}/{ids}/{each}/{point}

        Args:
            id: The `id` path parameter.
            ids: The `ids` path parameter.
            each: The `each` path parameter.
            point: The `point` path parameter.
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
            _models.ByMatrixParams,
            {
                "id": id,
                "ids": ids,
                "each": each,
                "point": point,
            },
        )
        return await self._get(
            _ops.format_path(
                "/matrix/{id}/{ids}/{each}/{point}",
                _checked,
                {"each", "id", "ids", "point"},
                {"each": "matrix*", "id": "matrix", "ids": "matrix", "point": "matrix*"},
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_BY_MATRIX,
        )

    async def by_simple(
        self,
        *,
        point: _models.Point | _params.PointParam,
        spread: _models.Point | _params.PointParam,
        where: _models.Point | _params.PointParam,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /simple/{point}/{spread}/{where}

        Args:
            point: The `point` path parameter.
            spread: The `spread` path parameter.
            where: The `where` path parameter.
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
            _models.BySimpleParams,
            {
                "point": point,
                "spread": spread,
                "where": where,
            },
        )
        return await self._get(
            _ops.format_path(
                "/simple/{point}/{spread}/{where}",
                _checked,
                {"point", "spread", "where"},
                {"spread": "simple*", "where": "json"},
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_BY_SIMPLE,
        )


class AsyncDefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.by_label = async_to_raw_response(resource.by_label)
        self.by_matrix = async_to_raw_response(resource.by_matrix)
        self.by_simple = async_to_raw_response(resource.by_simple)


class AsyncDefaultWithStreamingResponse:
    """`default` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.by_label = async_to_streamed_response(resource.by_label)
        self.by_matrix = async_to_streamed_response(resource.by_matrix)
        self.by_simple = async_to_streamed_response(resource.by_simple)
