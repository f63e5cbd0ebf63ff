"""The `default` resource (`client.default`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

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

_DEFAULT_PLANT_FOREST: ResponseSpec[list[dict[str, object]]] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.ForestRoot)},
    )
)


_DEFAULT_SET_FOOTER: ResponseSpec[_models.Footer] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.Footer},
    )
)


_DEFAULT_SET_VISITOR: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"204": None},
    )
)


_DEFAULT_START_SESSION: ResponseSpec[None] = ResponseSpec(
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

    def plant_forest(
        self,
        *,
        body: list[dict[str, object]],
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> list[dict[str, object]]:
        """POST /forest

        Args:
            body: The request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `list[dict[str, object]]`: the 200 response.

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
            "/forest",
            body=_ops.validated_root(_models.ForestRoot, body),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_PLANT_FOREST,
        )

    def set_footer(
        self,
        *,
        title: str,
        localized_title: dict[
            _models.TranslationLanguage | _typing.Literal["en", "fr", "pt-br"], str
        ]
        | None
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Footer:
        """POST /footer

        Args:
            title: The `title` property of the request body.
            localized_title: The `localizedTitle` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Footer`: the 200 response.

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
            "/footer",
            body=_ops.validated(
                _models.Footer,
                {
                    "title": title,
                    "localizedTitle": localized_title,
                },
                nullable={"localizedTitle"},
                python_names={"localizedTitle": "localized_title"},
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_SET_FOOTER,
        )

    def set_visitor(
        self,
        *,
        claims: _models.PlainObject
        | dict[str, _models.PlainObject | str | list[str | _models.PlainObject]]
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /visitor

        Args:
            claims: The `claims` property of the request body.
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
            "/visitor",
            body=_ops.validated(
                _models.Visitor,
                {
                    "claims": claims,
                },
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_SET_VISITOR,
        )

    def start_session(
        self,
        *,
        visitor: _models.Visitor | _params.VisitorParam,
        footer: _models.Footer | _params.FooterParam | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /sessions

        Args:
            visitor: The `visitor` property of the request body.
            footer: The `footer` property of the request body.
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
            "/sessions",
            body=_ops.validated(
                _models.StartSessionBody,
                {
                    "visitor": visitor,
                    "footer": footer,
                },
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_START_SESSION,
        )


class DefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Default) -> None:
        self.plant_forest = to_raw_response(resource.plant_forest)
        self.set_footer = to_raw_response(resource.set_footer)
        self.set_visitor = to_raw_response(resource.set_visitor)
        self.start_session = to_raw_response(resource.start_session)


class DefaultWithStreamingResponse:
    """`default` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Default) -> None:
        self.plant_forest = to_streamed_response(resource.plant_forest)
        self.set_footer = to_streamed_response(resource.set_footer)
        self.set_visitor = to_streamed_response(resource.set_visitor)
        self.start_session = to_streamed_response(resource.start_session)


class AsyncDefault(AsyncAPIResource):
    """Operations of the `default` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncDefaultWithRawResponse(self)
        self.with_streaming_response = AsyncDefaultWithStreamingResponse(self)

    async def plant_forest(
        self,
        *,
        body: list[dict[str, object]],
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> list[dict[str, object]]:
        """POST /forest

        Args:
            body: The request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `list[dict[str, object]]`: the 200 response.

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
            "/forest",
            body=_ops.validated_root(_models.ForestRoot, body),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_PLANT_FOREST,
        )

    async def set_footer(
        self,
        *,
        title: str,
        localized_title: dict[
            _models.TranslationLanguage | _typing.Literal["en", "fr", "pt-br"], str
        ]
        | None
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Footer:
        """POST /footer

        Args:
            title: The `title` property of the request body.
            localized_title: The `localizedTitle` property of the request body.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Footer`: the 200 response.

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
            "/footer",
            body=_ops.validated(
                _models.Footer,
                {
                    "title": title,
                    "localizedTitle": localized_title,
                },
                nullable={"localizedTitle"},
                python_names={"localizedTitle": "localized_title"},
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_SET_FOOTER,
        )

    async def set_visitor(
        self,
        *,
        claims: _models.PlainObject
        | dict[str, _models.PlainObject | str | list[str | _models.PlainObject]]
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /visitor

        Args:
            claims: The `claims` property of the request body.
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
            "/visitor",
            body=_ops.validated(
                _models.Visitor,
                {
                    "claims": claims,
                },
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_SET_VISITOR,
        )

    async def start_session(
        self,
        *,
        visitor: _models.Visitor | _params.VisitorParam,
        footer: _models.Footer | _params.FooterParam | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /sessions

        Args:
            visitor: The `visitor` property of the request body.
            footer: The `footer` property of the request body.
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
            "/sessions",
            body=_ops.validated(
                _models.StartSessionBody,
                {
                    "visitor": visitor,
                    "footer": footer,
                },
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_START_SESSION,
        )


class AsyncDefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.plant_forest = async_to_raw_response(resource.plant_forest)
        self.set_footer = async_to_raw_response(resource.set_footer)
        self.set_visitor = async_to_raw_response(resource.set_visitor)
        self.start_session = async_to_raw_response(resource.start_session)


class AsyncDefaultWithStreamingResponse:
    """`default` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.plant_forest = async_to_streamed_response(resource.plant_forest)
        self.set_footer = async_to_streamed_response(resource.set_footer)
        self.set_visitor = async_to_streamed_response(resource.set_visitor)
        self.start_session = async_to_streamed_response(resource.start_session)
