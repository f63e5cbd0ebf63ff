"""The `renders` resource (`client.renders`): its sync and async classes.

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
    "AsyncRenders",
    "Renders",
]

_RENDERS_RENDER: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"204": None},
    )
)


class Renders(SyncAPIResource):
    """Operations of the `renders` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = RendersWithRawResponse(self)
        self.with_streaming_response = RendersWithStreamingResponse(self)

    def render(
        self,
        *,
        body: _models.RenderRequestRenderRequest
        | _params.RenderRequestRenderRequestParam
        | _models.RenderRequestRenderRequest1
        | _params.RenderRequestRenderRequest1Param,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /renders

        Args:
            body: The request body.
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
        return self._post(
            "/renders",
            body=_ops.validated_root(_models.RenderRequest, body),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_RENDERS_RENDER,
        )


class RendersWithRawResponse:
    """`renders` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Renders) -> None:
        self.render = to_raw_response(resource.render)


class RendersWithStreamingResponse:
    """`renders` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Renders) -> None:
        self.render = to_streamed_response(resource.render)


class AsyncRenders(AsyncAPIResource):
    """Operations of the `renders` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncRendersWithRawResponse(self)
        self.with_streaming_response = AsyncRendersWithStreamingResponse(self)

    async def render(
        self,
        *,
        body: _models.RenderRequestRenderRequest
        | _params.RenderRequestRenderRequestParam
        | _models.RenderRequestRenderRequest1
        | _params.RenderRequestRenderRequest1Param,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /renders

        Args:
            body: The request body.
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
        return await self._post(
            "/renders",
            body=_ops.validated_root(_models.RenderRequest, body),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_RENDERS_RENDER,
        )


class AsyncRendersWithRawResponse:
    """`renders` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncRenders) -> None:
        self.render = async_to_raw_response(resource.render)


class AsyncRendersWithStreamingResponse:
    """`renders` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncRenders) -> None:
        self.render = async_to_streamed_response(resource.render)
