"""The `default` resource (`client.default`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

import typing as _typing
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

_DEFAULT_GET_EXPORT: ResponseSpec[str | bytes] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": {"text/plain": str, "application/zip": bytes}},
    )
)


_DEFAULT_GET_REPORT: ResponseSpec[_models.Report | str] = ResponseSpec(
    lambda: ResponseTargets(
        success={
            "200": {
                "application/json": _models.Report,
                "application/markdown": str,
                "text/csv": str,
            }
        },
    )
)


class Default(SyncAPIResource):
    """Operations of the `default` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = DefaultWithRawResponse(self)
        self.with_streaming_response = DefaultWithStreamingResponse(self)

    def get_export(
        self,
        *,
        export_id: str,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> str | bytes:
        """GET /exports/{export_id}

        Args:
            export_id: The `export_id` path parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            The body as text (text/plain) or the body as bytes (application/zip): the 200 response
            (by its Content-Type).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.GetExportParams,
            {
                "export_id": export_id,
            },
        )
        return self._get(
            _ops.format_path("/exports/{export_id}", _checked, {"export_id"}),
            options=_ops.request_options(
                accept="application/zip, text/plain",
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_EXPORT,
        )

    def get_report(
        self,
        *,
        report_id: str,
        format: _models.GetReportParamsFormat
        | _typing.Literal["json", "csv", "markdown"]
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Report | str:
        """GET /reports/{report_id}

        The report as JSON, CSV or Markdown, as `format` asks.

        Args:
            report_id: The `report_id` path parameter.
            format: The `format` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Report` (application/json) or the body as text (application/markdown, text/csv): the
            200 response (by its Content-Type).

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
            _models.GetReportParams,
            {
                "report_id": report_id,
                "format": format,
            },
        )
        return self._get(
            _ops.format_path("/reports/{report_id}", _checked, {"report_id"}),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["format"]),
                accept="application/json, application/markdown, text/csv",
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_REPORT,
        )


class DefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Default) -> None:
        self.get_export = to_raw_response(resource.get_export)
        self.get_report = to_raw_response(resource.get_report)


class DefaultWithStreamingResponse:
    """`default` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Default) -> None:
        self.get_export = to_streamed_response(resource.get_export)
        self.get_report = to_streamed_response(resource.get_report)


class AsyncDefault(AsyncAPIResource):
    """Operations of the `default` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncDefaultWithRawResponse(self)
        self.with_streaming_response = AsyncDefaultWithStreamingResponse(self)

    async def get_export(
        self,
        *,
        export_id: str,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> str | bytes:
        """GET /exports/{export_id}

        Args:
            export_id: The `export_id` path parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            The body as text (text/plain) or the body as bytes (application/zip): the 200 response
            (by its Content-Type).

        Raises:
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.GetExportParams,
            {
                "export_id": export_id,
            },
        )
        return await self._get(
            _ops.format_path("/exports/{export_id}", _checked, {"export_id"}),
            options=_ops.request_options(
                accept="application/zip, text/plain",
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_EXPORT,
        )

    async def get_report(
        self,
        *,
        report_id: str,
        format: _models.GetReportParamsFormat
        | _typing.Literal["json", "csv", "markdown"]
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Report | str:
        """GET /reports/{report_id}

        The report as JSON, CSV or Markdown, as `format` asks.

        Args:
            report_id: The `report_id` path parameter.
            format: The `format` query parameter.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Report` (application/json) or the body as text (application/markdown, text/csv): the
            200 response (by its Content-Type).

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
            _models.GetReportParams,
            {
                "report_id": report_id,
                "format": format,
            },
        )
        return await self._get(
            _ops.format_path("/reports/{report_id}", _checked, {"report_id"}),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["format"]),
                accept="application/json, application/markdown, text/csv",
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
            ),
            cast_to=_DEFAULT_GET_REPORT,
        )


class AsyncDefaultWithRawResponse:
    """`default` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.get_export = async_to_raw_response(resource.get_export)
        self.get_report = async_to_raw_response(resource.get_report)


class AsyncDefaultWithStreamingResponse:
    """`default` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncDefault) -> None:
        self.get_export = async_to_streamed_response(resource.get_export)
        self.get_report = async_to_streamed_response(resource.get_report)
