"""The API resources: one class per resource, one method per operation."""

from __future__ import annotations

import typing as _typing
from collections.abc import Mapping
from typing import Literal, cast, overload

from . import models as _models
from ._base_client import AsyncAPIClient, RequestOptions, ResponseSpec, SyncAPIClient
from ._operations import (
    async_dispatch,
    async_to_raw_response,
    dispatch,
    to_raw_response,
    validated,
)
from ._streaming import AsyncStream, Stream
from ._types import NOT_GIVEN, Headers, NotGiven, Query, Timeout

__all__ = [
    "AsyncCompletions",
    "Completions",
]

_COMPLETIONS_CREATE = ResponseSpec(
    success={"200": _models.SuccessfulCompletionResponse},
    errors={"400": None, "429": _models.ErrorResponse, "500": None, "529": _models.ErrorResponse},
    headers={"X-RateLimit-Burst": int, "X-RateLimit-Limit": int, "X-RateLimit-Remaining": int},
    stream_chunk=_models.SuccessfulCompletionResponse,
)


def _completions_create_options(
    client: SyncAPIClient | AsyncAPIClient,
    *,
    params: dict[str, object],
    body: dict[str, object],
    extra_headers: Headers | None,
    extra_query: Query | None,
    extra_body: Mapping[str, object] | None,
    timeout: Timeout | NotGiven,
    max_retries: int | NotGiven,
) -> RequestOptions:
    return RequestOptions(
        method="post",
        path="/v1/completions",
        json_body=validated(_models.CompletionRequest, body, nullable=frozenset(), python_names={}),
        extra_headers=extra_headers,
        extra_query=extra_query,
        extra_body=extra_body,
        timeout=timeout,
        max_retries=max_retries,
    )


class Completions:
    """Operations of the `completions` resource."""

    def __init__(self, client: SyncAPIClient) -> None:
        self._client = client
        self.with_raw_response = CompletionsWithRawResponse(self)

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
        stream_options: _models.CompletionRequestStreamOptions | NotGiven = NOT_GIVEN,
        stream: Literal[False] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse: ...

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
        stream_options: _models.CompletionRequestStreamOptions | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Stream[_models.SuccessfulCompletionResponse]: ...

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
        stream_options: _models.CompletionRequestStreamOptions | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse | Stream[_models.SuccessfulCompletionResponse]: ...

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
        stream_options: _models.CompletionRequestStreamOptions | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse | Stream[_models.SuccessfulCompletionResponse]:
        """Create Completions

        Create Completions by calling an available model in a format that is compatible with the OpenAI API

        Args:
            model: ID of the model to use
            prompt: The prompt to generate completions from
            temperature: The sampling temperature to be used
            top_p: An alternative to sampling with temperature
            n: The number of chat completion choices to generate for each input message
            stream: If set to true, it sends partial message deltas
            stop: Up to 4 sequences where the API will stop generating further tokens
            max_tokens: The maximum number of tokens to generate in the chat completion
            presence_penalty: It is used to penalize new tokens based on their existence in the text so far
            frequency_penalty: It is used to penalize new tokens based on their frequency in the text so far
            logit_bias: Used to modify the probability of specific tokens appearing in the completion
            user: A unique identifier representing your end-user
            stream_options: Options for streaming responses
        """
        options = _completions_create_options(
            self._client,
            params={},
            body={
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
            extra_headers=extra_headers,
            extra_query=extra_query,
            extra_body=extra_body,
            timeout=timeout,
            max_retries=max_retries,
        )
        result = dispatch(self._client, _COMPLETIONS_CREATE, options, stream=stream is True)
        return cast(
            "_models.SuccessfulCompletionResponse | Stream[_models.SuccessfulCompletionResponse]",
            result,
        )


class CompletionsWithRawResponse:
    """`completions` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: Completions) -> None:
        self.create = to_raw_response(resource.create)


class AsyncCompletions:
    """Operations of the `completions` resource (async)."""

    def __init__(self, client: AsyncAPIClient) -> None:
        self._client = client
        self.with_raw_response = AsyncCompletionsWithRawResponse(self)

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
        stream_options: _models.CompletionRequestStreamOptions | NotGiven = NOT_GIVEN,
        stream: Literal[False] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse: ...

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
        stream_options: _models.CompletionRequestStreamOptions | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncStream[_models.SuccessfulCompletionResponse]: ...

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
        stream_options: _models.CompletionRequestStreamOptions | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> (
        _models.SuccessfulCompletionResponse | AsyncStream[_models.SuccessfulCompletionResponse]
    ): ...

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
        stream_options: _models.CompletionRequestStreamOptions | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.SuccessfulCompletionResponse | AsyncStream[_models.SuccessfulCompletionResponse]:
        """Create Completions

        Create Completions by calling an available model in a format that is compatible with the OpenAI API

        Args:
            model: ID of the model to use
            prompt: The prompt to generate completions from
            temperature: The sampling temperature to be used
            top_p: An alternative to sampling with temperature
            n: The number of chat completion choices to generate for each input message
            stream: If set to true, it sends partial message deltas
            stop: Up to 4 sequences where the API will stop generating further tokens
            max_tokens: The maximum number of tokens to generate in the chat completion
            presence_penalty: It is used to penalize new tokens based on their existence in the text so far
            frequency_penalty: It is used to penalize new tokens based on their frequency in the text so far
            logit_bias: Used to modify the probability of specific tokens appearing in the completion
            user: A unique identifier representing your end-user
            stream_options: Options for streaming responses
        """
        options = _completions_create_options(
            self._client,
            params={},
            body={
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
            extra_headers=extra_headers,
            extra_query=extra_query,
            extra_body=extra_body,
            timeout=timeout,
            max_retries=max_retries,
        )
        result = await async_dispatch(
            self._client, _COMPLETIONS_CREATE, options, stream=stream is True
        )
        return cast(
            "_models.SuccessfulCompletionResponse | AsyncStream[_models.SuccessfulCompletionResponse]",
            result,
        )


class AsyncCompletionsWithRawResponse:
    """`completions` methods that return the raw response: status, headers, `parse()`."""

    def __init__(self, resource: AsyncCompletions) -> None:
        self.create = async_to_raw_response(resource.create)
