"""The `completions` resource (`client.completions`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

import typing as _typing
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal, overload

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

if TYPE_CHECKING:
    # the request dicts are named in signatures only: params is not imported at run time
    from .. import params as _params

__all__ = [
    "AsyncCompletions",
    "Completions",
]

_COMPLETIONS_CREATE: ResponseSpec[_models.SuccessfulCompletionResponse] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.SuccessfulCompletionResponse},
        errors={
            "400": None,
            "429": _models.ErrorResponse,
            "500": None,
            "529": _models.ErrorResponse,
        },
        headers={"X-RateLimit-Burst": int, "X-RateLimit-Limit": int, "X-RateLimit-Remaining": int},
        stream_chunk=_models.SuccessfulCompletionResponse,
    )
)


class Completions(SyncAPIResource):
    """Operations of the `completions` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = CompletionsWithRawResponse(self)
        self.with_streaming_response = CompletionsWithStreamingResponse(self)

    @overload
    def create(
        self,
        *,
        model: str,
        prompt: str,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        stop: list[str] | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, _typing.Any] | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | NotGiven = NOT_GIVEN,
        stream: Literal[False] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse:
        """Create Completions

        Create Completions by calling an available model in a format that is compatible with the
        OpenAI API

        Args:
            model: ID of the model to use
            prompt: The prompt to generate completions from
            temperature: The sampling temperature to be used
            top_p: An alternative to sampling with temperature
            n: The number of chat completion choices to generate for each input message
            stop: Up to 4 sequences where the API will stop generating further tokens
            max_tokens: The maximum number of tokens to generate in the chat completion
            presence_penalty: It is used to penalize new tokens based on their existence in the text
                so far
            frequency_penalty: It is used to penalize new tokens based on their frequency in the
                text so far
            logit_bias: Used to modify the probability of specific tokens appearing in the
                completion
            user: A unique identifier representing your end-user
            stream_options: Options for streaming responses
            stream: If set to true, it sends partial message deltas
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `SuccessfulCompletionResponse`: the 200 response.

        Raises:
            BadRequestError: The server answered 400.
            RateLimitError: The server answered 429 (`parsed_body`: `ErrorResponse`).
            InternalServerError: The server answered 500.
            OverloadedError: The server answered 529 (`parsed_body`: `ErrorResponse`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    @overload
    def create(
        self,
        *,
        model: str,
        prompt: str,
        stream: Literal[True],
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        stop: list[str] | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, _typing.Any] | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Stream[_models.SuccessfulCompletionResponse]:
        """Create Completions

        Create Completions by calling an available model in a format that is compatible with the
        OpenAI API

        Args:
            model: ID of the model to use
            prompt: The prompt to generate completions from
            temperature: The sampling temperature to be used
            top_p: An alternative to sampling with temperature
            n: The number of chat completion choices to generate for each input message
            stop: Up to 4 sequences where the API will stop generating further tokens
            max_tokens: The maximum number of tokens to generate in the chat completion
            presence_penalty: It is used to penalize new tokens based on their existence in the text
                so far
            frequency_penalty: It is used to penalize new tokens based on their frequency in the
                text so far
            logit_bias: Used to modify the probability of specific tokens appearing in the
                completion
            user: A unique identifier representing your end-user
            stream_options: Options for streaming responses
            stream: If set to true, it sends partial message deltas
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `Stream` of `SuccessfulCompletionResponse` chunks (server-sent events).

        Raises:
            BadRequestError: The server answered 400.
            RateLimitError: The server answered 429 (`parsed_body`: `ErrorResponse`).
            InternalServerError: The server answered 500.
            OverloadedError: The server answered 529 (`parsed_body`: `ErrorResponse`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    @overload
    def create(
        self,
        *,
        model: str,
        prompt: str,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        stop: list[str] | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, _typing.Any] | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse | Stream[_models.SuccessfulCompletionResponse]:
        """Create Completions

        Create Completions by calling an available model in a format that is compatible with the
        OpenAI API

        Args:
            model: ID of the model to use
            prompt: The prompt to generate completions from
            temperature: The sampling temperature to be used
            top_p: An alternative to sampling with temperature
            n: The number of chat completion choices to generate for each input message
            stop: Up to 4 sequences where the API will stop generating further tokens
            max_tokens: The maximum number of tokens to generate in the chat completion
            presence_penalty: It is used to penalize new tokens based on their existence in the text
                so far
            frequency_penalty: It is used to penalize new tokens based on their frequency in the
                text so far
            logit_bias: Used to modify the probability of specific tokens appearing in the
                completion
            user: A unique identifier representing your end-user
            stream_options: Options for streaming responses
            stream: If set to true, it sends partial message deltas
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `SuccessfulCompletionResponse`: the 200 response. With `stream=True`, a `Stream` of
            `SuccessfulCompletionResponse` chunks (server-sent events).

        Raises:
            BadRequestError: The server answered 400.
            RateLimitError: The server answered 429 (`parsed_body`: `ErrorResponse`).
            InternalServerError: The server answered 500.
            OverloadedError: The server answered 529 (`parsed_body`: `ErrorResponse`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    def create(
        self,
        *,
        model: str,
        prompt: str,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        stop: list[str] | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, _typing.Any] | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse | Stream[_models.SuccessfulCompletionResponse]:
        """Create Completions

        Create Completions by calling an available model in a format that is compatible with the
        OpenAI API

        Args:
            model: ID of the model to use
            prompt: The prompt to generate completions from
            temperature: The sampling temperature to be used
            top_p: An alternative to sampling with temperature
            n: The number of chat completion choices to generate for each input message
            stop: Up to 4 sequences where the API will stop generating further tokens
            max_tokens: The maximum number of tokens to generate in the chat completion
            presence_penalty: It is used to penalize new tokens based on their existence in the text
                so far
            frequency_penalty: It is used to penalize new tokens based on their frequency in the
                text so far
            logit_bias: Used to modify the probability of specific tokens appearing in the
                completion
            user: A unique identifier representing your end-user
            stream_options: Options for streaming responses
            stream: If set to true, it sends partial message deltas
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `SuccessfulCompletionResponse`: the 200 response. With `stream=True`, a `Stream` of
            `SuccessfulCompletionResponse` chunks (server-sent events).

        Raises:
            BadRequestError: The server answered 400.
            RateLimitError: The server answered 429 (`parsed_body`: `ErrorResponse`).
            InternalServerError: The server answered 500.
            OverloadedError: The server answered 529 (`parsed_body`: `ErrorResponse`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        return self._post(
            "/v1/completions",
            body=_ops.validated(
                _models.CompletionRequest,
                {
                    "model": model,
                    "prompt": prompt,
                    "temperature": temperature,
                    "top_p": top_p,
                    "n": n,
                    "stream": stream,
                    "stop": stop,
                    "max_tokens": max_tokens,
                    "presence_penalty": presence_penalty,
                    "frequency_penalty": frequency_penalty,
                    "logit_bias": logit_bias,
                    "user": user,
                    "stream_options": stream_options,
                },
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
                retry_safe=True,
            ),
            cast_to=_COMPLETIONS_CREATE,
            stream=stream is True,
            stream_cls=Stream[_models.SuccessfulCompletionResponse],
        )


class CompletionsWithRawResponse:
    """`completions` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Completions) -> None:
        self.create = to_raw_response(resource.create)


class CompletionsWithStreamingResponse:
    """`completions` methods that return the response unread, as a context manager:
    `with ... as response:` then `response.parse()`, `read()` or `iter_bytes()`."""

    def __init__(self, resource: Completions) -> None:
        self.create = to_streamed_response(resource.create)


class AsyncCompletions(AsyncAPIResource):
    """Operations of the `completions` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.with_raw_response = AsyncCompletionsWithRawResponse(self)
        self.with_streaming_response = AsyncCompletionsWithStreamingResponse(self)

    @overload
    async def create(
        self,
        *,
        model: str,
        prompt: str,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        stop: list[str] | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, _typing.Any] | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | NotGiven = NOT_GIVEN,
        stream: Literal[False] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse:
        """Create Completions

        Create Completions by calling an available model in a format that is compatible with the
        OpenAI API

        Args:
            model: ID of the model to use
            prompt: The prompt to generate completions from
            temperature: The sampling temperature to be used
            top_p: An alternative to sampling with temperature
            n: The number of chat completion choices to generate for each input message
            stop: Up to 4 sequences where the API will stop generating further tokens
            max_tokens: The maximum number of tokens to generate in the chat completion
            presence_penalty: It is used to penalize new tokens based on their existence in the text
                so far
            frequency_penalty: It is used to penalize new tokens based on their frequency in the
                text so far
            logit_bias: Used to modify the probability of specific tokens appearing in the
                completion
            user: A unique identifier representing your end-user
            stream_options: Options for streaming responses
            stream: If set to true, it sends partial message deltas
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `SuccessfulCompletionResponse`: the 200 response.

        Raises:
            BadRequestError: The server answered 400.
            RateLimitError: The server answered 429 (`parsed_body`: `ErrorResponse`).
            InternalServerError: The server answered 500.
            OverloadedError: The server answered 529 (`parsed_body`: `ErrorResponse`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    @overload
    async def create(
        self,
        *,
        model: str,
        prompt: str,
        stream: Literal[True],
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        stop: list[str] | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, _typing.Any] | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncStream[_models.SuccessfulCompletionResponse]:
        """Create Completions

        Create Completions by calling an available model in a format that is compatible with the
        OpenAI API

        Args:
            model: ID of the model to use
            prompt: The prompt to generate completions from
            temperature: The sampling temperature to be used
            top_p: An alternative to sampling with temperature
            n: The number of chat completion choices to generate for each input message
            stop: Up to 4 sequences where the API will stop generating further tokens
            max_tokens: The maximum number of tokens to generate in the chat completion
            presence_penalty: It is used to penalize new tokens based on their existence in the text
                so far
            frequency_penalty: It is used to penalize new tokens based on their frequency in the
                text so far
            logit_bias: Used to modify the probability of specific tokens appearing in the
                completion
            user: A unique identifier representing your end-user
            stream_options: Options for streaming responses
            stream: If set to true, it sends partial message deltas
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `AsyncStream` of `SuccessfulCompletionResponse` chunks (server-sent events).

        Raises:
            BadRequestError: The server answered 400.
            RateLimitError: The server answered 429 (`parsed_body`: `ErrorResponse`).
            InternalServerError: The server answered 500.
            OverloadedError: The server answered 529 (`parsed_body`: `ErrorResponse`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    @overload
    async def create(
        self,
        *,
        model: str,
        prompt: str,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        stop: list[str] | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, _typing.Any] | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse | AsyncStream[_models.SuccessfulCompletionResponse]:
        """Create Completions

        Create Completions by calling an available model in a format that is compatible with the
        OpenAI API

        Args:
            model: ID of the model to use
            prompt: The prompt to generate completions from
            temperature: The sampling temperature to be used
            top_p: An alternative to sampling with temperature
            n: The number of chat completion choices to generate for each input message
            stop: Up to 4 sequences where the API will stop generating further tokens
            max_tokens: The maximum number of tokens to generate in the chat completion
            presence_penalty: It is used to penalize new tokens based on their existence in the text
                so far
            frequency_penalty: It is used to penalize new tokens based on their frequency in the
                text so far
            logit_bias: Used to modify the probability of specific tokens appearing in the
                completion
            user: A unique identifier representing your end-user
            stream_options: Options for streaming responses
            stream: If set to true, it sends partial message deltas
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `SuccessfulCompletionResponse`: the 200 response. With `stream=True`, a `AsyncStream` of
            `SuccessfulCompletionResponse` chunks (server-sent events).

        Raises:
            BadRequestError: The server answered 400.
            RateLimitError: The server answered 429 (`parsed_body`: `ErrorResponse`).
            InternalServerError: The server answered 500.
            OverloadedError: The server answered 529 (`parsed_body`: `ErrorResponse`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """

    async def create(
        self,
        *,
        model: str,
        prompt: str,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        stop: list[str] | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, _typing.Any] | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse | AsyncStream[_models.SuccessfulCompletionResponse]:
        """Create Completions

        Create Completions by calling an available model in a format that is compatible with the
        OpenAI API

        Args:
            model: ID of the model to use
            prompt: The prompt to generate completions from
            temperature: The sampling temperature to be used
            top_p: An alternative to sampling with temperature
            n: The number of chat completion choices to generate for each input message
            stop: Up to 4 sequences where the API will stop generating further tokens
            max_tokens: The maximum number of tokens to generate in the chat completion
            presence_penalty: It is used to penalize new tokens based on their existence in the text
                so far
            frequency_penalty: It is used to penalize new tokens based on their frequency in the
                text so far
            logit_bias: Used to modify the probability of specific tokens appearing in the
                completion
            user: A unique identifier representing your end-user
            stream_options: Options for streaming responses
            stream: If set to true, it sends partial message deltas
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `SuccessfulCompletionResponse`: the 200 response. With `stream=True`, a `AsyncStream` of
            `SuccessfulCompletionResponse` chunks (server-sent events).

        Raises:
            BadRequestError: The server answered 400.
            RateLimitError: The server answered 429 (`parsed_body`: `ErrorResponse`).
            InternalServerError: The server answered 500.
            OverloadedError: The server answered 529 (`parsed_body`: `ErrorResponse`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        return await self._post(
            "/v1/completions",
            body=_ops.validated(
                _models.CompletionRequest,
                {
                    "model": model,
                    "prompt": prompt,
                    "temperature": temperature,
                    "top_p": top_p,
                    "n": n,
                    "stream": stream,
                    "stop": stop,
                    "max_tokens": max_tokens,
                    "presence_penalty": presence_penalty,
                    "frequency_penalty": frequency_penalty,
                    "logit_bias": logit_bias,
                    "user": user,
                    "stream_options": stream_options,
                },
            ),
            options=_ops.request_options(
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
                retry_safe=True,
            ),
            cast_to=_COMPLETIONS_CREATE,
            stream=stream is True,
            stream_cls=AsyncStream[_models.SuccessfulCompletionResponse],
        )


class AsyncCompletionsWithRawResponse:
    """`completions` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncCompletions) -> None:
        self.create = async_to_raw_response(resource.create)


class AsyncCompletionsWithStreamingResponse:
    """`completions` methods that return the response unread, as an async context
    manager: `async with ... as response:` then `await response.parse()`."""

    def __init__(self, resource: AsyncCompletions) -> None:
        self.create = async_to_streamed_response(resource.create)
