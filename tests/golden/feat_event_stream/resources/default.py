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
from .._streaming import AsyncStream, Stream
from .._types import NOT_GIVEN, Headers, NotGiven, Query, Timeout

__all__ = [
    "AsyncDefault",
    "Default",
]

_DEFAULT_WATCH_EVENTS: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": None},
        errors={"404": _models.Problem},
        stream_chunk=_models.Event,
        plain_events=True,
    )
)


class Default(SyncAPIResource):
    """Operations of the `default` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = DefaultWithRawResponse(self)
        self.with_streaming_response = DefaultWithStreamingResponse(self)

    def watch_events(
        self,
        *,
        topic: str,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Stream[_models.Event]:
        """Watch events

        Args:
            topic: The `topic` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `Stream` of `Event` chunks (server-sent events).

        Raises:
            NotFoundError: The server answered 404 (`parsed_body`: `Problem`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.WatchEventsParams,
            {
                "topic": topic,
            },
        )
        return self._get(
            "/events",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["topic"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_WATCH_EVENTS,
            stream=True,
            stream_cls=Stream[_models.Event],
        )


class DefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Default) -> None:
        self.watch_events = to_raw_response(resource.watch_events)


class DefaultWithStreamingResponse:
    """`default` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Default) -> None:
        self.watch_events = to_streamed_response(resource.watch_events)


class AsyncDefault(AsyncAPIResource):
    """Operations of the `default` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncDefaultWithRawResponse(self)
        self.with_streaming_response = AsyncDefaultWithStreamingResponse(self)

    async def watch_events(
        self,
        *,
        topic: str,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncStream[_models.Event]:
        """Watch events

        Args:
            topic: The `topic` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `AsyncStream` of `Event` chunks (server-sent events).

        Raises:
            NotFoundError: The server answered 404 (`parsed_body`: `Problem`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.WatchEventsParams,
            {
                "topic": topic,
            },
        )
        return await self._get(
            "/events",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["topic"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_WATCH_EVENTS,
            stream=True,
            stream_cls=AsyncStream[_models.Event],
        )


class AsyncDefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.watch_events = async_to_raw_response(resource.watch_events)


class AsyncDefaultWithStreamingResponse:
    """`default` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.watch_events = async_to_streamed_response(resource.watch_events)
