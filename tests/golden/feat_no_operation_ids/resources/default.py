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

_DEFAULT_DELETE_USERS_BY_USER_ID_NOTES: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"204": None},
    )
)


_DEFAULT_GET_USERS_BY_USER_ID_NOTES: ResponseSpec[
    list[_models.GetUsersByUserIdNotesResponseItem]
] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _ops.root_type(_models.GetUsersByUserIdNotesResponse)},
    )
)


class Default(SyncAPIResource):
    """Operations of the `default` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = DefaultWithRawResponse(self)
        self.with_streaming_response = DefaultWithStreamingResponse(self)

    def delete_users_by_user_id_notes(
        self,
        *,
        user_id: int,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """DELETE /users/{user_id}/notes

        Args:
            user_id: The `user_id` path parameter.
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
            _models.DeleteUsersByUserIdNotesParams,
            {
                "user_id": user_id,
            },
        )
        return self._delete(
            _ops.format_path("/users/{user_id}/notes", _checked, {"user_id"}),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_DELETE_USERS_BY_USER_ID_NOTES,
        )

    def get_users_by_user_id_notes(
        self,
        *,
        user_id: int,
        class_: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> list[_models.GetUsersByUserIdNotesResponseItem]:
        """GET /users/{user_id}/notes

        Args:
            user_id: The `user_id` path parameter.
            class_: The `class` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `list[GetUsersByUserIdNotesResponseItem]`: the 200 response.

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
            _models.GetUsersByUserIdNotesParams,
            {
                "user_id": user_id,
                "class": class_,
            },
            python_names={"class": "class_"},
        )
        return self._get(
            _ops.format_path("/users/{user_id}/notes", _checked, {"user_id"}),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["class"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_USERS_BY_USER_ID_NOTES,
        )


class DefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Default) -> None:
        self.delete_users_by_user_id_notes = to_raw_response(resource.delete_users_by_user_id_notes)
        self.get_users_by_user_id_notes = to_raw_response(resource.get_users_by_user_id_notes)


class DefaultWithStreamingResponse:
    """`default` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Default) -> None:
        self.delete_users_by_user_id_notes = to_streamed_response(
            resource.delete_users_by_user_id_notes
        )
        self.get_users_by_user_id_notes = to_streamed_response(resource.get_users_by_user_id_notes)


class AsyncDefault(AsyncAPIResource):
    """Operations of the `default` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncDefaultWithRawResponse(self)
        self.with_streaming_response = AsyncDefaultWithStreamingResponse(self)

    async def delete_users_by_user_id_notes(
        self,
        *,
        user_id: int,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """DELETE /users/{user_id}/notes

        Args:
            user_id: The `user_id` path parameter.
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
            _models.DeleteUsersByUserIdNotesParams,
            {
                "user_id": user_id,
            },
        )
        return await self._delete(
            _ops.format_path("/users/{user_id}/notes", _checked, {"user_id"}),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_DELETE_USERS_BY_USER_ID_NOTES,
        )

    async def get_users_by_user_id_notes(
        self,
        *,
        user_id: int,
        class_: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> list[_models.GetUsersByUserIdNotesResponseItem]:
        """GET /users/{user_id}/notes

        Args:
            user_id: The `user_id` path parameter.
            class_: The `class` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `list[GetUsersByUserIdNotesResponseItem]`: the 200 response.

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
            _models.GetUsersByUserIdNotesParams,
            {
                "user_id": user_id,
                "class": class_,
            },
            python_names={"class": "class_"},
        )
        return await self._get(
            _ops.format_path("/users/{user_id}/notes", _checked, {"user_id"}),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["class"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_USERS_BY_USER_ID_NOTES,
        )


class AsyncDefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.delete_users_by_user_id_notes = async_to_raw_response(
            resource.delete_users_by_user_id_notes
        )
        self.get_users_by_user_id_notes = async_to_raw_response(resource.get_users_by_user_id_notes)


class AsyncDefaultWithStreamingResponse:
    """`default` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.delete_users_by_user_id_notes = async_to_streamed_response(
            resource.delete_users_by_user_id_notes
        )
        self.get_users_by_user_id_notes = async_to_streamed_response(
            resource.get_users_by_user_id_notes
        )
