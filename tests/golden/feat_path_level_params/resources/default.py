"""The `default` resource (`client.default`): its sync and async classes.

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
from .._pagination import AsyncPage, AsyncPaginator, Pagination, SyncPage
from .._types import NOT_GIVEN, Headers, NotGiven, Query, Timeout

__all__ = [
    "AsyncDefault",
    "Default",
]

_DEFAULT_GET_TEAM: ResponseSpec[None] = ResponseSpec(
    lambda: ResponseTargets(
        success={"204": None},
    )
)


_DEFAULT_LIST_MEMBERS: ResponseSpec[_models.ListMembersResponse] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.ListMembersResponse},
    )
)

_DEFAULT_LIST_MEMBERS_PAGES = Pagination(style="page", items="members", param="page")


class Default(SyncAPIResource):
    """Operations of the `default` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = DefaultWithRawResponse(self)
        self.with_streaming_response = DefaultWithStreamingResponse(self)

    def get_team(
        self,
        *,
        org: str,
        team_: str,
        team: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /orgs/{org}/teams/{team}

        Args:
            org: The `org` path parameter.
            team_: The `team` path parameter.
            team: The `team` query parameter.
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
            _models.GetTeamParams,
            {
                "org": org,
                "team (path)": team_,
                "team": team,
            },
            python_names={"team (path)": "team_"},
        )
        return self._get(
            _ops.format_path("/orgs/{org}/teams/{team (path)}", _checked, {"org", "team (path)"}),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["team"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_TEAM,
        )

    def list_members(
        self,
        *,
        org: str,
        page: int,
        n2_fa_only: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> SyncPage[str, _models.ListMembersResponse]:
        """GET /orgs/{org}/members

        Args:
            org: The `org` path parameter.
            page: The `page` query parameter.
            n2_fa_only: The `2fa-only` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `SyncPage` of `str` items: `for` over it gives every item of every page, fetching the
            next pages (page pagination) as needed; `.page` is the first `ListMembersResponse`
            answer, `.pages()` gives each answer in turn.

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
            _models.ListMembersParams,
            {
                "org": org,
                "page": page,
                "2fa-only": n2_fa_only,
            },
            python_names={"2fa-only": "n2_fa_only"},
        )
        return self._get(
            _ops.format_path("/orgs/{org}/members", _checked, {"org"}),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["page", "2fa-only"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_LIST_MEMBERS,
            pagination=_DEFAULT_LIST_MEMBERS_PAGES,
            page_cls=SyncPage[_builtins.str, _models.ListMembersResponse],
        )


class DefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Default) -> None:
        self.get_team = to_raw_response(resource.get_team)
        self.list_members = to_raw_response(resource.list_members)


class DefaultWithStreamingResponse:
    """`default` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Default) -> None:
        self.get_team = to_streamed_response(resource.get_team)
        self.list_members = to_streamed_response(resource.list_members)


class AsyncDefault(AsyncAPIResource):
    """Operations of the `default` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncDefaultWithRawResponse(self)
        self.with_streaming_response = AsyncDefaultWithStreamingResponse(self)

    async def get_team(
        self,
        *,
        org: str,
        team_: str,
        team: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /orgs/{org}/teams/{team}

        Args:
            org: The `org` path parameter.
            team_: The `team` path parameter.
            team: The `team` query parameter.
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
            _models.GetTeamParams,
            {
                "org": org,
                "team (path)": team_,
                "team": team,
            },
            python_names={"team (path)": "team_"},
        )
        return await self._get(
            _ops.format_path("/orgs/{org}/teams/{team (path)}", _checked, {"org", "team (path)"}),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["team"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_TEAM,
        )

    def list_members(
        self,
        *,
        org: str,
        page: int,
        n2_fa_only: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[str, _models.ListMembersResponse]:
        """GET /orgs/{org}/members

        Args:
            org: The `org` path parameter.
            page: The `page` query parameter.
            n2_fa_only: The `2fa-only` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            An `AsyncPaginator` of `str` items: `async for` over it gives every item of every page,
            fetching the next pages (page pagination) as needed; awaited, it gives the first page,
            an `AsyncPage` (`.page` is the first `ListMembersResponse` answer, `.pages()` gives each
            answer in turn).

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
            _models.ListMembersParams,
            {
                "org": org,
                "page": page,
                "2fa-only": n2_fa_only,
            },
            python_names={"2fa-only": "n2_fa_only"},
        )
        return self._get(
            _ops.format_path("/orgs/{org}/members", _checked, {"org"}),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["page", "2fa-only"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_LIST_MEMBERS,
            pagination=_DEFAULT_LIST_MEMBERS_PAGES,
            page_cls=AsyncPage[_builtins.str, _models.ListMembersResponse],
        )


class AsyncDefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.get_team = async_to_raw_response(resource.get_team)
        self.list_members = async_to_raw_response(resource.list_members)


class AsyncDefaultWithStreamingResponse:
    """`default` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.get_team = async_to_streamed_response(resource.get_team)
        self.list_members = async_to_streamed_response(resource.list_members)
