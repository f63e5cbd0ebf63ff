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

_COMPLETIONS_CREATE: ResponseSpec[_models.CompletionResponse] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.CompletionResponse},
        errors={"422": _models.HTTPValidationError},
        stream_chunk=_models.CompletionChunk,
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
        prompt: str | list[str] | list[int],
        ai_project_id: str | None | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | None
        | NotGiven = NOT_GIVEN,
        max_tokens: int | None | NotGiven = NOT_GIVEN,
        temperature: float | None | NotGiven = NOT_GIVEN,
        top_p: float | None | NotGiven = NOT_GIVEN,
        n: int | None | NotGiven = NOT_GIVEN,
        logprobs: int | None | NotGiven = NOT_GIVEN,
        echo: bool | None | NotGiven = NOT_GIVEN,
        stop: str | list[str] | NotGiven = NOT_GIVEN,
        presence_penalty: float | None | NotGiven = NOT_GIVEN,
        frequency_penalty: float | None | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | None | NotGiven = NOT_GIVEN,
        user: str | None | NotGiven = NOT_GIVEN,
        extra_body_: dict[str, _typing.Any] | None | NotGiven = NOT_GIVEN,
        service_tier: _models.ServiceTier
        | _typing.Literal["auto", "default", "over-limit", "flex", "no-limit"]
        | NotGiven = NOT_GIVEN,
        stream: Literal[False] | None | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.CompletionResponse:
        """Create completion

        Creates a model completion for the given input prompt.

        Args:
            model: ID of the model to use.
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays.
            ai_project_id: current project ID

                Defaults to the value the client was created with.
            stream_options: If set to {"include_usage": True}, usage stats will be sent with the
                last chunk of data
            max_tokens: Max completion token count
            temperature: What sampling temperature to use, between 0 and 2. Higher values like 0.8
                will make the output more random, while lower values like 0.2 will make it more
                focused and deterministic.
            top_p: An alternative to sampling with temperature, called nucleus sampling, where the
                model considers the results of the tokens with top_p probability mass. So 0.1 means
                only the tokens comprising the top 10% probability mass are considered.
            n: How many completions to generate for each prompt.
            logprobs: Include the log probabilities on the `logprobs` most likely tokens, as well
                the chosen tokens. So for example, if `logprobs` is 5, the API will return a list of
                the 5 most likely tokens. The API will always return the `logprob` of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            echo: Echo back the prompt in addition to the completion.
            stop: Up to 4 sequences where the API will stop generating further tokens.
            presence_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based
                on whether they appear in the text so far, increasing the model's likelihood to talk
                about new topics.
            frequency_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens
                based on their existing frequency in the text so far, decreasing the model's
                likelihood to repeat the same line verbatim.
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a json object that maps tokens (specified by their token ID in the
                tokenizer) to an associated bias value from -100 to 100. Mathematically, the bias is
                added to the logits generated by the model prior to sampling. The exact effect will
                vary per model, but values between -1 and 1 should decrease or increase likelihood
                of selection; values like -100 or 100 should result in a ban or exclusive selection
                of the relevant token.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse.
            extra_body_: To provide extra parameters.
            service_tier: Represents the service tier for requests. Attributes: Auto: Automatically
                choose the best available tier for the request (Default or OverLimit). Analyze
                response to determine which tier was used. Default: Return 429 errors on hitting the
                rate limit, do not exceed to the OverLimit tier. OverLimit: Indicate that the
                request was over the user limit. This tier cannot be set by user in the request, but
                us used in a response for tier=Auto. Flex: Do not consume rate-limit credits, but
                run with lower priority. May still result in 429 errors in case of if there is no
                resources to process.
            stream: Enable response streaming.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `CompletionResponse`: the 200 response.

        Raises:
            UnprocessableEntityError: The server answered 422 (`parsed_body`:
                `HTTPValidationError`).
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
        prompt: str | list[str] | list[int],
        stream: Literal[True],
        ai_project_id: str | None | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | None
        | NotGiven = NOT_GIVEN,
        max_tokens: int | None | NotGiven = NOT_GIVEN,
        temperature: float | None | NotGiven = NOT_GIVEN,
        top_p: float | None | NotGiven = NOT_GIVEN,
        n: int | None | NotGiven = NOT_GIVEN,
        logprobs: int | None | NotGiven = NOT_GIVEN,
        echo: bool | None | NotGiven = NOT_GIVEN,
        stop: str | list[str] | NotGiven = NOT_GIVEN,
        presence_penalty: float | None | NotGiven = NOT_GIVEN,
        frequency_penalty: float | None | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | None | NotGiven = NOT_GIVEN,
        user: str | None | NotGiven = NOT_GIVEN,
        extra_body_: dict[str, _typing.Any] | None | NotGiven = NOT_GIVEN,
        service_tier: _models.ServiceTier
        | _typing.Literal["auto", "default", "over-limit", "flex", "no-limit"]
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Stream[_models.CompletionChunk]:
        """Create completion

        Creates a model completion for the given input prompt.

        Args:
            model: ID of the model to use.
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays.
            ai_project_id: current project ID

                Defaults to the value the client was created with.
            stream_options: If set to {"include_usage": True}, usage stats will be sent with the
                last chunk of data
            max_tokens: Max completion token count
            temperature: What sampling temperature to use, between 0 and 2. Higher values like 0.8
                will make the output more random, while lower values like 0.2 will make it more
                focused and deterministic.
            top_p: An alternative to sampling with temperature, called nucleus sampling, where the
                model considers the results of the tokens with top_p probability mass. So 0.1 means
                only the tokens comprising the top 10% probability mass are considered.
            n: How many completions to generate for each prompt.
            logprobs: Include the log probabilities on the `logprobs` most likely tokens, as well
                the chosen tokens. So for example, if `logprobs` is 5, the API will return a list of
                the 5 most likely tokens. The API will always return the `logprob` of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            echo: Echo back the prompt in addition to the completion.
            stop: Up to 4 sequences where the API will stop generating further tokens.
            presence_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based
                on whether they appear in the text so far, increasing the model's likelihood to talk
                about new topics.
            frequency_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens
                based on their existing frequency in the text so far, decreasing the model's
                likelihood to repeat the same line verbatim.
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a json object that maps tokens (specified by their token ID in the
                tokenizer) to an associated bias value from -100 to 100. Mathematically, the bias is
                added to the logits generated by the model prior to sampling. The exact effect will
                vary per model, but values between -1 and 1 should decrease or increase likelihood
                of selection; values like -100 or 100 should result in a ban or exclusive selection
                of the relevant token.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse.
            extra_body_: To provide extra parameters.
            service_tier: Represents the service tier for requests. Attributes: Auto: Automatically
                choose the best available tier for the request (Default or OverLimit). Analyze
                response to determine which tier was used. Default: Return 429 errors on hitting the
                rate limit, do not exceed to the OverLimit tier. OverLimit: Indicate that the
                request was over the user limit. This tier cannot be set by user in the request, but
                us used in a response for tier=Auto. Flex: Do not consume rate-limit credits, but
                run with lower priority. May still result in 429 errors in case of if there is no
                resources to process.
            stream: Enable response streaming.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `Stream` of `CompletionChunk` chunks (server-sent events).

        Raises:
            UnprocessableEntityError: The server answered 422 (`parsed_body`:
                `HTTPValidationError`).
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
        prompt: str | list[str] | list[int],
        ai_project_id: str | None | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | None
        | NotGiven = NOT_GIVEN,
        max_tokens: int | None | NotGiven = NOT_GIVEN,
        temperature: float | None | NotGiven = NOT_GIVEN,
        top_p: float | None | NotGiven = NOT_GIVEN,
        n: int | None | NotGiven = NOT_GIVEN,
        logprobs: int | None | NotGiven = NOT_GIVEN,
        echo: bool | None | NotGiven = NOT_GIVEN,
        stop: str | list[str] | NotGiven = NOT_GIVEN,
        presence_penalty: float | None | NotGiven = NOT_GIVEN,
        frequency_penalty: float | None | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | None | NotGiven = NOT_GIVEN,
        user: str | None | NotGiven = NOT_GIVEN,
        extra_body_: dict[str, _typing.Any] | None | NotGiven = NOT_GIVEN,
        service_tier: _models.ServiceTier
        | _typing.Literal["auto", "default", "over-limit", "flex", "no-limit"]
        | NotGiven = NOT_GIVEN,
        stream: bool | None | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.CompletionResponse | Stream[_models.CompletionChunk]:
        """Create completion

        Creates a model completion for the given input prompt.

        Args:
            model: ID of the model to use.
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays.
            ai_project_id: current project ID

                Defaults to the value the client was created with.
            stream_options: If set to {"include_usage": True}, usage stats will be sent with the
                last chunk of data
            max_tokens: Max completion token count
            temperature: What sampling temperature to use, between 0 and 2. Higher values like 0.8
                will make the output more random, while lower values like 0.2 will make it more
                focused and deterministic.
            top_p: An alternative to sampling with temperature, called nucleus sampling, where the
                model considers the results of the tokens with top_p probability mass. So 0.1 means
                only the tokens comprising the top 10% probability mass are considered.
            n: How many completions to generate for each prompt.
            logprobs: Include the log probabilities on the `logprobs` most likely tokens, as well
                the chosen tokens. So for example, if `logprobs` is 5, the API will return a list of
                the 5 most likely tokens. The API will always return the `logprob` of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            echo: Echo back the prompt in addition to the completion.
            stop: Up to 4 sequences where the API will stop generating further tokens.
            presence_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based
                on whether they appear in the text so far, increasing the model's likelihood to talk
                about new topics.
            frequency_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens
                based on their existing frequency in the text so far, decreasing the model's
                likelihood to repeat the same line verbatim.
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a json object that maps tokens (specified by their token ID in the
                tokenizer) to an associated bias value from -100 to 100. Mathematically, the bias is
                added to the logits generated by the model prior to sampling. The exact effect will
                vary per model, but values between -1 and 1 should decrease or increase likelihood
                of selection; values like -100 or 100 should result in a ban or exclusive selection
                of the relevant token.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse.
            extra_body_: To provide extra parameters.
            service_tier: Represents the service tier for requests. Attributes: Auto: Automatically
                choose the best available tier for the request (Default or OverLimit). Analyze
                response to determine which tier was used. Default: Return 429 errors on hitting the
                rate limit, do not exceed to the OverLimit tier. OverLimit: Indicate that the
                request was over the user limit. This tier cannot be set by user in the request, but
                us used in a response for tier=Auto. Flex: Do not consume rate-limit credits, but
                run with lower priority. May still result in 429 errors in case of if there is no
                resources to process.
            stream: Enable response streaming.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `CompletionResponse`: the 200 response. With `stream=True`, a `Stream` of
            `CompletionChunk` chunks (server-sent events).

        Raises:
            UnprocessableEntityError: The server answered 422 (`parsed_body`:
                `HTTPValidationError`).
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
        prompt: str | list[str] | list[int],
        ai_project_id: str | None | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | None
        | NotGiven = NOT_GIVEN,
        max_tokens: int | None | NotGiven = NOT_GIVEN,
        temperature: float | None | NotGiven = NOT_GIVEN,
        top_p: float | None | NotGiven = NOT_GIVEN,
        n: int | None | NotGiven = NOT_GIVEN,
        logprobs: int | None | NotGiven = NOT_GIVEN,
        echo: bool | None | NotGiven = NOT_GIVEN,
        stop: str | list[str] | NotGiven = NOT_GIVEN,
        presence_penalty: float | None | NotGiven = NOT_GIVEN,
        frequency_penalty: float | None | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | None | NotGiven = NOT_GIVEN,
        user: str | None | NotGiven = NOT_GIVEN,
        extra_body_: dict[str, _typing.Any] | None | NotGiven = NOT_GIVEN,
        service_tier: _models.ServiceTier
        | _typing.Literal["auto", "default", "over-limit", "flex", "no-limit"]
        | NotGiven = NOT_GIVEN,
        stream: bool | None | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.CompletionResponse | Stream[_models.CompletionChunk]:
        """Create completion

        Creates a model completion for the given input prompt.

        Args:
            model: ID of the model to use.
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays.
            ai_project_id: current project ID

                Defaults to the value the client was created with.
            stream_options: If set to {"include_usage": True}, usage stats will be sent with the
                last chunk of data
            max_tokens: Max completion token count
            temperature: What sampling temperature to use, between 0 and 2. Higher values like 0.8
                will make the output more random, while lower values like 0.2 will make it more
                focused and deterministic.
            top_p: An alternative to sampling with temperature, called nucleus sampling, where the
                model considers the results of the tokens with top_p probability mass. So 0.1 means
                only the tokens comprising the top 10% probability mass are considered.
            n: How many completions to generate for each prompt.
            logprobs: Include the log probabilities on the `logprobs` most likely tokens, as well
                the chosen tokens. So for example, if `logprobs` is 5, the API will return a list of
                the 5 most likely tokens. The API will always return the `logprob` of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            echo: Echo back the prompt in addition to the completion.
            stop: Up to 4 sequences where the API will stop generating further tokens.
            presence_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based
                on whether they appear in the text so far, increasing the model's likelihood to talk
                about new topics.
            frequency_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens
                based on their existing frequency in the text so far, decreasing the model's
                likelihood to repeat the same line verbatim.
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a json object that maps tokens (specified by their token ID in the
                tokenizer) to an associated bias value from -100 to 100. Mathematically, the bias is
                added to the logits generated by the model prior to sampling. The exact effect will
                vary per model, but values between -1 and 1 should decrease or increase likelihood
                of selection; values like -100 or 100 should result in a ban or exclusive selection
                of the relevant token.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse.
            extra_body_: To provide extra parameters.
            service_tier: Represents the service tier for requests. Attributes: Auto: Automatically
                choose the best available tier for the request (Default or OverLimit). Analyze
                response to determine which tier was used. Default: Return 429 errors on hitting the
                rate limit, do not exceed to the OverLimit tier. OverLimit: Indicate that the
                request was over the user limit. This tier cannot be set by user in the request, but
                us used in a response for tier=Auto. Flex: Do not consume rate-limit credits, but
                run with lower priority. May still result in 429 errors in case of if there is no
                resources to process.
            stream: Enable response streaming.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `CompletionResponse`: the 200 response. With `stream=True`, a `Stream` of
            `CompletionChunk` chunks (server-sent events).

        Raises:
            UnprocessableEntityError: The server answered 422 (`parsed_body`:
                `HTTPValidationError`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.CompletionsCreateParams,
            {
                "ai_project_id": _ops.client_value(self._client, "ai_project_id", ai_project_id),
            },
            nullable={"ai_project_id"},
        )
        return self._post(
            "/v1/completions",
            body=_ops.validated(
                _models.CompletionRequest,
                {
                    "model": model,
                    "prompt": prompt,
                    "stream": stream,
                    "stream_options": stream_options,
                    "max_tokens": max_tokens,
                    "temperature": temperature,
                    "top_p": top_p,
                    "n": n,
                    "logprobs": logprobs,
                    "echo": echo,
                    "stop": stop,
                    "presence_penalty": presence_penalty,
                    "frequency_penalty": frequency_penalty,
                    "logit_bias": logit_bias,
                    "user": user,
                    "extra_body": extra_body_,
                    "service_tier": service_tier,
                },
                nullable={
                    "echo",
                    "extra_body",
                    "frequency_penalty",
                    "logit_bias",
                    "logprobs",
                    "max_tokens",
                    "n",
                    "presence_penalty",
                    "stream",
                    "stream_options",
                    "temperature",
                    "top_p",
                    "user",
                },
                python_names={"extra_body": "extra_body_"},
            ),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["ai_project_id"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
                retry_safe=True,
            ),
            cast_to=_COMPLETIONS_CREATE,
            stream=stream is True,
            stream_cls=Stream[_models.CompletionChunk],
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
        prompt: str | list[str] | list[int],
        ai_project_id: str | None | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | None
        | NotGiven = NOT_GIVEN,
        max_tokens: int | None | NotGiven = NOT_GIVEN,
        temperature: float | None | NotGiven = NOT_GIVEN,
        top_p: float | None | NotGiven = NOT_GIVEN,
        n: int | None | NotGiven = NOT_GIVEN,
        logprobs: int | None | NotGiven = NOT_GIVEN,
        echo: bool | None | NotGiven = NOT_GIVEN,
        stop: str | list[str] | NotGiven = NOT_GIVEN,
        presence_penalty: float | None | NotGiven = NOT_GIVEN,
        frequency_penalty: float | None | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | None | NotGiven = NOT_GIVEN,
        user: str | None | NotGiven = NOT_GIVEN,
        extra_body_: dict[str, _typing.Any] | None | NotGiven = NOT_GIVEN,
        service_tier: _models.ServiceTier
        | _typing.Literal["auto", "default", "over-limit", "flex", "no-limit"]
        | NotGiven = NOT_GIVEN,
        stream: Literal[False] | None | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.CompletionResponse:
        """Create completion

        Creates a model completion for the given input prompt.

        Args:
            model: ID of the model to use.
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays.
            ai_project_id: current project ID

                Defaults to the value the client was created with.
            stream_options: If set to {"include_usage": True}, usage stats will be sent with the
                last chunk of data
            max_tokens: Max completion token count
            temperature: What sampling temperature to use, between 0 and 2. Higher values like 0.8
                will make the output more random, while lower values like 0.2 will make it more
                focused and deterministic.
            top_p: An alternative to sampling with temperature, called nucleus sampling, where the
                model considers the results of the tokens with top_p probability mass. So 0.1 means
                only the tokens comprising the top 10% probability mass are considered.
            n: How many completions to generate for each prompt.
            logprobs: Include the log probabilities on the `logprobs` most likely tokens, as well
                the chosen tokens. So for example, if `logprobs` is 5, the API will return a list of
                the 5 most likely tokens. The API will always return the `logprob` of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            echo: Echo back the prompt in addition to the completion.
            stop: Up to 4 sequences where the API will stop generating further tokens.
            presence_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based
                on whether they appear in the text so far, increasing the model's likelihood to talk
                about new topics.
            frequency_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens
                based on their existing frequency in the text so far, decreasing the model's
                likelihood to repeat the same line verbatim.
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a json object that maps tokens (specified by their token ID in the
                tokenizer) to an associated bias value from -100 to 100. Mathematically, the bias is
                added to the logits generated by the model prior to sampling. The exact effect will
                vary per model, but values between -1 and 1 should decrease or increase likelihood
                of selection; values like -100 or 100 should result in a ban or exclusive selection
                of the relevant token.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse.
            extra_body_: To provide extra parameters.
            service_tier: Represents the service tier for requests. Attributes: Auto: Automatically
                choose the best available tier for the request (Default or OverLimit). Analyze
                response to determine which tier was used. Default: Return 429 errors on hitting the
                rate limit, do not exceed to the OverLimit tier. OverLimit: Indicate that the
                request was over the user limit. This tier cannot be set by user in the request, but
                us used in a response for tier=Auto. Flex: Do not consume rate-limit credits, but
                run with lower priority. May still result in 429 errors in case of if there is no
                resources to process.
            stream: Enable response streaming.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `CompletionResponse`: the 200 response.

        Raises:
            UnprocessableEntityError: The server answered 422 (`parsed_body`:
                `HTTPValidationError`).
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
        prompt: str | list[str] | list[int],
        stream: Literal[True],
        ai_project_id: str | None | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | None
        | NotGiven = NOT_GIVEN,
        max_tokens: int | None | NotGiven = NOT_GIVEN,
        temperature: float | None | NotGiven = NOT_GIVEN,
        top_p: float | None | NotGiven = NOT_GIVEN,
        n: int | None | NotGiven = NOT_GIVEN,
        logprobs: int | None | NotGiven = NOT_GIVEN,
        echo: bool | None | NotGiven = NOT_GIVEN,
        stop: str | list[str] | NotGiven = NOT_GIVEN,
        presence_penalty: float | None | NotGiven = NOT_GIVEN,
        frequency_penalty: float | None | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | None | NotGiven = NOT_GIVEN,
        user: str | None | NotGiven = NOT_GIVEN,
        extra_body_: dict[str, _typing.Any] | None | NotGiven = NOT_GIVEN,
        service_tier: _models.ServiceTier
        | _typing.Literal["auto", "default", "over-limit", "flex", "no-limit"]
        | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncStream[_models.CompletionChunk]:
        """Create completion

        Creates a model completion for the given input prompt.

        Args:
            model: ID of the model to use.
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays.
            ai_project_id: current project ID

                Defaults to the value the client was created with.
            stream_options: If set to {"include_usage": True}, usage stats will be sent with the
                last chunk of data
            max_tokens: Max completion token count
            temperature: What sampling temperature to use, between 0 and 2. Higher values like 0.8
                will make the output more random, while lower values like 0.2 will make it more
                focused and deterministic.
            top_p: An alternative to sampling with temperature, called nucleus sampling, where the
                model considers the results of the tokens with top_p probability mass. So 0.1 means
                only the tokens comprising the top 10% probability mass are considered.
            n: How many completions to generate for each prompt.
            logprobs: Include the log probabilities on the `logprobs` most likely tokens, as well
                the chosen tokens. So for example, if `logprobs` is 5, the API will return a list of
                the 5 most likely tokens. The API will always return the `logprob` of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            echo: Echo back the prompt in addition to the completion.
            stop: Up to 4 sequences where the API will stop generating further tokens.
            presence_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based
                on whether they appear in the text so far, increasing the model's likelihood to talk
                about new topics.
            frequency_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens
                based on their existing frequency in the text so far, decreasing the model's
                likelihood to repeat the same line verbatim.
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a json object that maps tokens (specified by their token ID in the
                tokenizer) to an associated bias value from -100 to 100. Mathematically, the bias is
                added to the logits generated by the model prior to sampling. The exact effect will
                vary per model, but values between -1 and 1 should decrease or increase likelihood
                of selection; values like -100 or 100 should result in a ban or exclusive selection
                of the relevant token.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse.
            extra_body_: To provide extra parameters.
            service_tier: Represents the service tier for requests. Attributes: Auto: Automatically
                choose the best available tier for the request (Default or OverLimit). Analyze
                response to determine which tier was used. Default: Return 429 errors on hitting the
                rate limit, do not exceed to the OverLimit tier. OverLimit: Indicate that the
                request was over the user limit. This tier cannot be set by user in the request, but
                us used in a response for tier=Auto. Flex: Do not consume rate-limit credits, but
                run with lower priority. May still result in 429 errors in case of if there is no
                resources to process.
            stream: Enable response streaming.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `AsyncStream` of `CompletionChunk` chunks (server-sent events).

        Raises:
            UnprocessableEntityError: The server answered 422 (`parsed_body`:
                `HTTPValidationError`).
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
        prompt: str | list[str] | list[int],
        ai_project_id: str | None | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | None
        | NotGiven = NOT_GIVEN,
        max_tokens: int | None | NotGiven = NOT_GIVEN,
        temperature: float | None | NotGiven = NOT_GIVEN,
        top_p: float | None | NotGiven = NOT_GIVEN,
        n: int | None | NotGiven = NOT_GIVEN,
        logprobs: int | None | NotGiven = NOT_GIVEN,
        echo: bool | None | NotGiven = NOT_GIVEN,
        stop: str | list[str] | NotGiven = NOT_GIVEN,
        presence_penalty: float | None | NotGiven = NOT_GIVEN,
        frequency_penalty: float | None | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | None | NotGiven = NOT_GIVEN,
        user: str | None | NotGiven = NOT_GIVEN,
        extra_body_: dict[str, _typing.Any] | None | NotGiven = NOT_GIVEN,
        service_tier: _models.ServiceTier
        | _typing.Literal["auto", "default", "over-limit", "flex", "no-limit"]
        | NotGiven = NOT_GIVEN,
        stream: bool | None | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.CompletionResponse | AsyncStream[_models.CompletionChunk]:
        """Create completion

        Creates a model completion for the given input prompt.

        Args:
            model: ID of the model to use.
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays.
            ai_project_id: current project ID

                Defaults to the value the client was created with.
            stream_options: If set to {"include_usage": True}, usage stats will be sent with the
                last chunk of data
            max_tokens: Max completion token count
            temperature: What sampling temperature to use, between 0 and 2. Higher values like 0.8
                will make the output more random, while lower values like 0.2 will make it more
                focused and deterministic.
            top_p: An alternative to sampling with temperature, called nucleus sampling, where the
                model considers the results of the tokens with top_p probability mass. So 0.1 means
                only the tokens comprising the top 10% probability mass are considered.
            n: How many completions to generate for each prompt.
            logprobs: Include the log probabilities on the `logprobs` most likely tokens, as well
                the chosen tokens. So for example, if `logprobs` is 5, the API will return a list of
                the 5 most likely tokens. The API will always return the `logprob` of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            echo: Echo back the prompt in addition to the completion.
            stop: Up to 4 sequences where the API will stop generating further tokens.
            presence_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based
                on whether they appear in the text so far, increasing the model's likelihood to talk
                about new topics.
            frequency_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens
                based on their existing frequency in the text so far, decreasing the model's
                likelihood to repeat the same line verbatim.
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a json object that maps tokens (specified by their token ID in the
                tokenizer) to an associated bias value from -100 to 100. Mathematically, the bias is
                added to the logits generated by the model prior to sampling. The exact effect will
                vary per model, but values between -1 and 1 should decrease or increase likelihood
                of selection; values like -100 or 100 should result in a ban or exclusive selection
                of the relevant token.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse.
            extra_body_: To provide extra parameters.
            service_tier: Represents the service tier for requests. Attributes: Auto: Automatically
                choose the best available tier for the request (Default or OverLimit). Analyze
                response to determine which tier was used. Default: Return 429 errors on hitting the
                rate limit, do not exceed to the OverLimit tier. OverLimit: Indicate that the
                request was over the user limit. This tier cannot be set by user in the request, but
                us used in a response for tier=Auto. Flex: Do not consume rate-limit credits, but
                run with lower priority. May still result in 429 errors in case of if there is no
                resources to process.
            stream: Enable response streaming.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `CompletionResponse`: the 200 response. With `stream=True`, a `AsyncStream` of
            `CompletionChunk` chunks (server-sent events).

        Raises:
            UnprocessableEntityError: The server answered 422 (`parsed_body`:
                `HTTPValidationError`).
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
        prompt: str | list[str] | list[int],
        ai_project_id: str | None | NotGiven = NOT_GIVEN,
        stream_options: _models.CompletionRequestStreamOptions
        | _params.CompletionRequestStreamOptionsParam
        | None
        | NotGiven = NOT_GIVEN,
        max_tokens: int | None | NotGiven = NOT_GIVEN,
        temperature: float | None | NotGiven = NOT_GIVEN,
        top_p: float | None | NotGiven = NOT_GIVEN,
        n: int | None | NotGiven = NOT_GIVEN,
        logprobs: int | None | NotGiven = NOT_GIVEN,
        echo: bool | None | NotGiven = NOT_GIVEN,
        stop: str | list[str] | NotGiven = NOT_GIVEN,
        presence_penalty: float | None | NotGiven = NOT_GIVEN,
        frequency_penalty: float | None | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | None | NotGiven = NOT_GIVEN,
        user: str | None | NotGiven = NOT_GIVEN,
        extra_body_: dict[str, _typing.Any] | None | NotGiven = NOT_GIVEN,
        service_tier: _models.ServiceTier
        | _typing.Literal["auto", "default", "over-limit", "flex", "no-limit"]
        | NotGiven = NOT_GIVEN,
        stream: bool | None | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.CompletionResponse | AsyncStream[_models.CompletionChunk]:
        """Create completion

        Creates a model completion for the given input prompt.

        Args:
            model: ID of the model to use.
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays.
            ai_project_id: current project ID

                Defaults to the value the client was created with.
            stream_options: If set to {"include_usage": True}, usage stats will be sent with the
                last chunk of data
            max_tokens: Max completion token count
            temperature: What sampling temperature to use, between 0 and 2. Higher values like 0.8
                will make the output more random, while lower values like 0.2 will make it more
                focused and deterministic.
            top_p: An alternative to sampling with temperature, called nucleus sampling, where the
                model considers the results of the tokens with top_p probability mass. So 0.1 means
                only the tokens comprising the top 10% probability mass are considered.
            n: How many completions to generate for each prompt.
            logprobs: Include the log probabilities on the `logprobs` most likely tokens, as well
                the chosen tokens. So for example, if `logprobs` is 5, the API will return a list of
                the 5 most likely tokens. The API will always return the `logprob` of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            echo: Echo back the prompt in addition to the completion.
            stop: Up to 4 sequences where the API will stop generating further tokens.
            presence_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based
                on whether they appear in the text so far, increasing the model's likelihood to talk
                about new topics.
            frequency_penalty: Number between -2.0 and 2.0. Positive values penalize new tokens
                based on their existing frequency in the text so far, decreasing the model's
                likelihood to repeat the same line verbatim.
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a json object that maps tokens (specified by their token ID in the
                tokenizer) to an associated bias value from -100 to 100. Mathematically, the bias is
                added to the logits generated by the model prior to sampling. The exact effect will
                vary per model, but values between -1 and 1 should decrease or increase likelihood
                of selection; values like -100 or 100 should result in a ban or exclusive selection
                of the relevant token.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse.
            extra_body_: To provide extra parameters.
            service_tier: Represents the service tier for requests. Attributes: Auto: Automatically
                choose the best available tier for the request (Default or OverLimit). Analyze
                response to determine which tier was used. Default: Return 429 errors on hitting the
                rate limit, do not exceed to the OverLimit tier. OverLimit: Indicate that the
                request was over the user limit. This tier cannot be set by user in the request, but
                us used in a response for tier=Auto. Flex: Do not consume rate-limit credits, but
                run with lower priority. May still result in 429 errors in case of if there is no
                resources to process.
            stream: Enable response streaming.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `CompletionResponse`: the 200 response. With `stream=True`, a `AsyncStream` of
            `CompletionChunk` chunks (server-sent events).

        Raises:
            UnprocessableEntityError: The server answered 422 (`parsed_body`:
                `HTTPValidationError`).
            APIStatusError: The server answered another error status (the subclass of its code where
                there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`,
                the error model the document declares for the status, if any.
            APIConnectionError: No usable answer: the connection failed, or timed out
                (`APITimeoutError`).
            APIResponseValidationError: A success body does not decode into its type.
            RequestValidationError: An argument does not match the spec; nothing was sent.
        """
        _checked = _ops.validated(
            _models.CompletionsCreateParams,
            {
                "ai_project_id": _ops.client_value(self._client, "ai_project_id", ai_project_id),
            },
            nullable={"ai_project_id"},
        )
        return await self._post(
            "/v1/completions",
            body=_ops.validated(
                _models.CompletionRequest,
                {
                    "model": model,
                    "prompt": prompt,
                    "stream": stream,
                    "stream_options": stream_options,
                    "max_tokens": max_tokens,
                    "temperature": temperature,
                    "top_p": top_p,
                    "n": n,
                    "logprobs": logprobs,
                    "echo": echo,
                    "stop": stop,
                    "presence_penalty": presence_penalty,
                    "frequency_penalty": frequency_penalty,
                    "logit_bias": logit_bias,
                    "user": user,
                    "extra_body": extra_body_,
                    "service_tier": service_tier,
                },
                nullable={
                    "echo",
                    "extra_body",
                    "frequency_penalty",
                    "logit_bias",
                    "logprobs",
                    "max_tokens",
                    "n",
                    "presence_penalty",
                    "stream",
                    "stream_options",
                    "temperature",
                    "top_p",
                    "user",
                },
                python_names={"extra_body": "extra_body_"},
            ),
            options=_ops.request_options(
                query=_ops.pick(_checked, ["ai_project_id"]),
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
                timeout=timeout,
                max_retries=max_retries,
                retry_safe=True,
            ),
            cast_to=_COMPLETIONS_CREATE,
            stream=stream is True,
            stream_cls=AsyncStream[_models.CompletionChunk],
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
