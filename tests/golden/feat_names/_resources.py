"""The API resources: one class per resource, one method per operation."""

from __future__ import annotations

import builtins as _builtins
from collections.abc import Mapping

from . import _operations as _ops
from . import models as _models
from ._base_client import AsyncAPIClient, ResponseSpec, SyncAPIClient
from ._base_resource import (
    AsyncAPIResource,
    SyncAPIResource,
    async_to_raw_response,
    async_to_streamed_response,
    to_raw_response,
    to_streamed_response,
)
from ._types import NOT_GIVEN, Headers, NotGiven, Query, Timeout

__all__ = [
    "AB",
    "A",
    "AsyncA",
    "AsyncAB",
    "AsyncAsyncJobs",
    "AsyncClient2",
    "AsyncJobs",
    "AsyncJobs2",
    "AsyncModels",
    "AsyncStr",
    "AsyncTimeout2",
    "AsyncWithOptions",
    "Client2",
    "Jobs2",
    "Models",
    "Str",
    "Timeout2",
    "WithOptions",
]

_A_B_C: ResponseSpec[None] = ResponseSpec(
    success={"204": None},
)


_A_B_C2: ResponseSpec[None] = ResponseSpec(
    success={"204": None},
)


_ASYNC_JOBS_LIST_ASYNC_JOBS: ResponseSpec[None] = ResponseSpec(
    success={"204": None},
)


_CLIENT_WITH_RAW_RESPONSE_: ResponseSpec[None] = ResponseSpec(
    success={"204": None},
)


_JOBS_LIST_JOBS: ResponseSpec[None] = ResponseSpec(
    success={"204": None},
)


_MODELS_LIST: ResponseSpec[list[str]] = ResponseSpec(
    success={"200": _ops.root_type(_models.ModelsListResponse)},
)


_MODELS_STR: ResponseSpec[list[str]] = ResponseSpec(
    success={"200": _ops.root_type(_models.ModelsStrResponse)},
)


_STR_GET_STR: ResponseSpec[None] = ResponseSpec(
    success={"204": None},
)


_TIMEOUT_CLOSE: ResponseSpec[None] = ResponseSpec(
    success={"204": None},
)


_WITH_OPTIONS_GET_OPTIONS: ResponseSpec[None] = ResponseSpec(
    success={"204": None},
)


class A(SyncAPIResource):
    """Operations of the `a` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AWithRawResponse(self)
        self.with_streaming_response = AWithStreamingResponse(self)

    def b_c(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /a/bc

        Args:
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
        """
        return self._get(
            "/a/bc",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_A_B_C,
        )


class AWithRawResponse:
    """`a` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: A) -> None:
        self.b_c = to_raw_response(resource.b_c)


class AWithStreamingResponse:
    """`a` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: A) -> None:
        self.b_c = to_streamed_response(resource.b_c)


class AsyncA(AsyncAPIResource):
    """Operations of the `a` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncAWithRawResponse(self)
        self.with_streaming_response = AsyncAWithStreamingResponse(self)

    async def b_c(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /a/bc

        Args:
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
        """
        return await self._get(
            "/a/bc",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_A_B_C,
        )


class AsyncAWithRawResponse:
    """`a` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncA) -> None:
        self.b_c = async_to_raw_response(resource.b_c)


class AsyncAWithStreamingResponse:
    """`a` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncA) -> None:
        self.b_c = async_to_streamed_response(resource.b_c)


class AB(SyncAPIResource):
    """Operations of the `a_b` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = ABWithRawResponse(self)
        self.with_streaming_response = ABWithStreamingResponse(self)

    def c(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /ab

        Args:
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
        """
        return self._get(
            "/ab",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_A_B_C2,
        )


class ABWithRawResponse:
    """`a_b` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AB) -> None:
        self.c = to_raw_response(resource.c)


class ABWithStreamingResponse:
    """`a_b` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: AB) -> None:
        self.c = to_streamed_response(resource.c)


class AsyncAB(AsyncAPIResource):
    """Operations of the `a_b` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncABWithRawResponse(self)
        self.with_streaming_response = AsyncABWithStreamingResponse(self)

    async def c(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /ab

        Args:
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
        """
        return await self._get(
            "/ab",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_A_B_C2,
        )


class AsyncABWithRawResponse:
    """`a_b` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncAB) -> None:
        self.c = async_to_raw_response(resource.c)


class AsyncABWithStreamingResponse:
    """`a_b` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncAB) -> None:
        self.c = async_to_streamed_response(resource.c)


class AsyncJobs(SyncAPIResource):
    """Operations of the `async_jobs` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncJobsWithRawResponse(self)
        self.with_streaming_response = AsyncJobsWithStreamingResponse(self)

    def list_async_jobs(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /async-jobs

        Args:
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
        """
        return self._get(
            "/async-jobs",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_ASYNC_JOBS_LIST_ASYNC_JOBS,
        )


class AsyncJobsWithRawResponse:
    """`async_jobs` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncJobs) -> None:
        self.list_async_jobs = to_raw_response(resource.list_async_jobs)


class AsyncJobsWithStreamingResponse:
    """`async_jobs` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: AsyncJobs) -> None:
        self.list_async_jobs = to_streamed_response(resource.list_async_jobs)


class AsyncAsyncJobs(AsyncAPIResource):
    """Operations of the `async_jobs` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncAsyncJobsWithRawResponse(self)
        self.with_streaming_response = AsyncAsyncJobsWithStreamingResponse(self)

    async def list_async_jobs(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /async-jobs

        Args:
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
        """
        return await self._get(
            "/async-jobs",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_ASYNC_JOBS_LIST_ASYNC_JOBS,
        )


class AsyncAsyncJobsWithRawResponse:
    """`async_jobs` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncAsyncJobs) -> None:
        self.list_async_jobs = async_to_raw_response(resource.list_async_jobs)


class AsyncAsyncJobsWithStreamingResponse:
    """`async_jobs` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncAsyncJobs) -> None:
        self.list_async_jobs = async_to_streamed_response(resource.list_async_jobs)


class Client2(SyncAPIResource):
    """Operations of the `client` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = Client2WithRawResponse(self)
        self.with_streaming_response = Client2WithStreamingResponse(self)

    def with_raw_response_(
        self,
        *,
        cast: str,
        body: str | NotGiven = NOT_GIVEN,
        params: str | NotGiven = NOT_GIVEN,
        list: list[int] | NotGiven = NOT_GIVEN,
        api_key_: str | NotGiven = NOT_GIVEN,
        body_: list[str] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /client/{cast}

        Args:
            cast: The `cast` path parameter.
            body: The `body` query parameter.
            params: The `params` query parameter.
            list: The `list` query parameter.
            api_key_: The `api_key` header.

                Defaults to the value the client was created with.
            body_: The request body.
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
            _models.ClientWithRawResponseParams,
            {
                "cast": cast,
                "body": body,
                "params": params,
                "list": list,
                "api_key": _ops.client_value(self._client, "api_key_", api_key_),
            },
            python_names={"api_key": "api_key_"},
        )
        return self._post(
            _ops.format_path("/client/{cast}", _checked, {"cast"}),
            body=_ops.validated_root(_models.ClientWithRawResponseBody, body_),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["body", "params", "list"]),
                headers=_ops.pick_strings(_checked, ["api_key"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_CLIENT_WITH_RAW_RESPONSE_,
        )


class Client2WithRawResponse:
    """`client` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Client2) -> None:
        self.with_raw_response_ = to_raw_response(resource.with_raw_response_)


class Client2WithStreamingResponse:
    """`client` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Client2) -> None:
        self.with_raw_response_ = to_streamed_response(resource.with_raw_response_)


class AsyncClient2(AsyncAPIResource):
    """Operations of the `client` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncClient2WithRawResponse(self)
        self.with_streaming_response = AsyncClient2WithStreamingResponse(self)

    async def with_raw_response_(
        self,
        *,
        cast: str,
        body: str | NotGiven = NOT_GIVEN,
        params: str | NotGiven = NOT_GIVEN,
        list: list[int] | NotGiven = NOT_GIVEN,
        api_key_: str | NotGiven = NOT_GIVEN,
        body_: list[str] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """POST /client/{cast}

        Args:
            cast: The `cast` path parameter.
            body: The `body` query parameter.
            params: The `params` query parameter.
            list: The `list` query parameter.
            api_key_: The `api_key` header.

                Defaults to the value the client was created with.
            body_: The request body.
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
            _models.ClientWithRawResponseParams,
            {
                "cast": cast,
                "body": body,
                "params": params,
                "list": list,
                "api_key": _ops.client_value(self._client, "api_key_", api_key_),
            },
            python_names={"api_key": "api_key_"},
        )
        return await self._post(
            _ops.format_path("/client/{cast}", _checked, {"cast"}),
            body=_ops.validated_root(_models.ClientWithRawResponseBody, body_),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["body", "params", "list"]),
                headers=_ops.pick_strings(_checked, ["api_key"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_CLIENT_WITH_RAW_RESPONSE_,
        )


class AsyncClient2WithRawResponse:
    """`client` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncClient2) -> None:
        self.with_raw_response_ = async_to_raw_response(resource.with_raw_response_)


class AsyncClient2WithStreamingResponse:
    """`client` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncClient2) -> None:
        self.with_raw_response_ = async_to_streamed_response(resource.with_raw_response_)


class Jobs2(SyncAPIResource):
    """Operations of the `jobs` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = Jobs2WithRawResponse(self)
        self.with_streaming_response = Jobs2WithStreamingResponse(self)

    def list_jobs(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /jobs

        Args:
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
        """
        return self._get(
            "/jobs",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_JOBS_LIST_JOBS,
        )


class Jobs2WithRawResponse:
    """`jobs` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Jobs2) -> None:
        self.list_jobs = to_raw_response(resource.list_jobs)


class Jobs2WithStreamingResponse:
    """`jobs` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Jobs2) -> None:
        self.list_jobs = to_streamed_response(resource.list_jobs)


class AsyncJobs2(AsyncAPIResource):
    """Operations of the `jobs` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncJobs2WithRawResponse(self)
        self.with_streaming_response = AsyncJobs2WithStreamingResponse(self)

    async def list_jobs(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /jobs

        Args:
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
        """
        return await self._get(
            "/jobs",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_JOBS_LIST_JOBS,
        )


class AsyncJobs2WithRawResponse:
    """`jobs` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncJobs2) -> None:
        self.list_jobs = async_to_raw_response(resource.list_jobs)


class AsyncJobs2WithStreamingResponse:
    """`jobs` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncJobs2) -> None:
        self.list_jobs = async_to_streamed_response(resource.list_jobs)


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
            body=_ops.validated(
                _models.ModelsStrBody,
                {
                    "dict": dict,
                    "request_options": request_options,
                    "self": self_,
                },
                python_names={"self": "self_"},
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
            body=_ops.validated(
                _models.ModelsStrBody,
                {
                    "dict": dict,
                    "request_options": request_options,
                    "self": self_,
                },
                python_names={"self": "self_"},
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


class Str(SyncAPIResource):
    """Operations of the `str_` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = StrWithRawResponse(self)
        self.with_streaming_response = StrWithStreamingResponse(self)

    def get_str(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /str

        Args:
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
        """
        return self._get(
            "/str",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_STR_GET_STR,
        )


class StrWithRawResponse:
    """`str_` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Str) -> None:
        self.get_str = to_raw_response(resource.get_str)


class StrWithStreamingResponse:
    """`str_` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Str) -> None:
        self.get_str = to_streamed_response(resource.get_str)


class AsyncStr(AsyncAPIResource):
    """Operations of the `str_` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncStrWithRawResponse(self)
        self.with_streaming_response = AsyncStrWithStreamingResponse(self)

    async def get_str(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /str

        Args:
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
        """
        return await self._get(
            "/str",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_STR_GET_STR,
        )


class AsyncStrWithRawResponse:
    """`str_` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncStr) -> None:
        self.get_str = async_to_raw_response(resource.get_str)


class AsyncStrWithStreamingResponse:
    """`str_` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncStr) -> None:
        self.get_str = async_to_streamed_response(resource.get_str)


class Timeout2(SyncAPIResource):
    """Operations of the `timeout_` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = Timeout2WithRawResponse(self)
        self.with_streaming_response = Timeout2WithStreamingResponse(self)

    def close(
        self,
        *,
        base_url_: str | NotGiven = NOT_GIVEN,
        http_client_: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /timeout

        Args:
            base_url_: The `base_url` query parameter.

                Defaults to the value the client was created with.
            http_client_: The `http_client` query parameter.

                Defaults to the value the client was created with.
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
            _models.TimeoutCloseParams,
            {
                "base_url": _ops.client_value(self._client, "base_url_", base_url_),
                "http_client": _ops.client_value(self._client, "http_client_", http_client_),
            },
            python_names={"base_url": "base_url_", "http_client": "http_client_"},
        )
        return self._get(
            "/timeout",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["base_url", "http_client"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_TIMEOUT_CLOSE,
        )


class Timeout2WithRawResponse:
    """`timeout_` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Timeout2) -> None:
        self.close = to_raw_response(resource.close)


class Timeout2WithStreamingResponse:
    """`timeout_` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Timeout2) -> None:
        self.close = to_streamed_response(resource.close)


class AsyncTimeout2(AsyncAPIResource):
    """Operations of the `timeout_` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncTimeout2WithRawResponse(self)
        self.with_streaming_response = AsyncTimeout2WithStreamingResponse(self)

    async def close(
        self,
        *,
        base_url_: str | NotGiven = NOT_GIVEN,
        http_client_: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /timeout

        Args:
            base_url_: The `base_url` query parameter.

                Defaults to the value the client was created with.
            http_client_: The `http_client` query parameter.

                Defaults to the value the client was created with.
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
            _models.TimeoutCloseParams,
            {
                "base_url": _ops.client_value(self._client, "base_url_", base_url_),
                "http_client": _ops.client_value(self._client, "http_client_", http_client_),
            },
            python_names={"base_url": "base_url_", "http_client": "http_client_"},
        )
        return await self._get(
            "/timeout",
            options=_ops.request_options(
                query=_ops.pick(_checked, ["base_url", "http_client"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_TIMEOUT_CLOSE,
        )


class AsyncTimeout2WithRawResponse:
    """`timeout_` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncTimeout2) -> None:
        self.close = async_to_raw_response(resource.close)


class AsyncTimeout2WithStreamingResponse:
    """`timeout_` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncTimeout2) -> None:
        self.close = async_to_streamed_response(resource.close)


class WithOptions(SyncAPIResource):
    """Operations of the `with_options_` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = WithOptionsWithRawResponse(self)
        self.with_streaming_response = WithOptionsWithStreamingResponse(self)

    def get_options(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /with-options

        Args:
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
        """
        return self._get(
            "/with-options",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_WITH_OPTIONS_GET_OPTIONS,
        )


class WithOptionsWithRawResponse:
    """`with_options_` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: WithOptions) -> None:
        self.get_options = to_raw_response(resource.get_options)


class WithOptionsWithStreamingResponse:
    """`with_options_` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: WithOptions) -> None:
        self.get_options = to_streamed_response(resource.get_options)


class AsyncWithOptions(AsyncAPIResource):
    """Operations of the `with_options_` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncWithOptionsWithRawResponse(self)
        self.with_streaming_response = AsyncWithOptionsWithStreamingResponse(self)

    async def get_options(
        self,
        *,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> None:
        """GET /with-options

        Args:
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
        """
        return await self._get(
            "/with-options",
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_WITH_OPTIONS_GET_OPTIONS,
        )


class AsyncWithOptionsWithRawResponse:
    """`with_options_` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncWithOptions) -> None:
        self.get_options = async_to_raw_response(resource.get_options)


class AsyncWithOptionsWithStreamingResponse:
    """`with_options_` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncWithOptions) -> None:
        self.get_options = async_to_streamed_response(resource.get_options)
