"""The `completions` resource (`client.completions`): its sync and async classes.

The models each answer parses into are looked up on the operation's first call, so importing this
module loads none of them.
"""

from __future__ import annotations

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

_COMPLETIONS_CREATE: ResponseSpec[_models.Completion] = ResponseSpec(
    lambda: ResponseTargets(
        success={"200": _models.Completion},
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
        product_id: int | NotGiven = NOT_GIVEN,
        best_of: float | NotGiven = NOT_GIVEN,
        echo: bool | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | NotGiven = NOT_GIVEN,
        logprobs: float | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        prompt: str | list[str] | list[int] | list[list[int]] | NotGiven = NOT_GIVEN,
        seed: int | NotGiven = NOT_GIVEN,
        stop: str | NotGiven = NOT_GIVEN,
        stream_options: _models.StreamOptions | _params.StreamOptionsParam | NotGiven = NOT_GIVEN,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream: Literal[False] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Completion:
        """Create completion

        OpenAI compatible completion, see the [OpenAI
        documentation](https://developers.openai.com/api/reference/resources/completions/methods/create).

        Some models are in **beta** and may being subject to changes, use [GET
        `/1/ai/models`](/docs/api/get/1/ai/models) to check what model are in **beta** and see our
        [General Terms and Conditions](https://www.infomaniak.com/gtl/rgpd.documents).

        List of models available on this endpoint could be retrieve with [GET
        `/2/ai/{product_id}/openai/v1/models`](/docs/api/get/2/ai/{product_id}/openai/v1/models).

        Args:
            model: Model name used to generate the response, like `qwen3` or
                `swiss-ai/Apertus-70B-Instruct-2509`. Infomaniak offers a wide range of models with
                different capabilities, performance characteristics, and price points. Use the
                endpoint [GET `/1/ai/models`](/docs/api/get/1/ai/models) to retrieve the models list
                with various informations.
            product_id: The `product_id` path parameter.

                Defaults to the value the client was created with.
            best_of: Generates `best_of` completions server-side and returns the "best" (the one
                with the highest log probability per token). Results cannot be streamed. When used
                with `n`, `best_of` controls the number of candidate completions and `n` specifies
                how many to return – `best_of` must be greater than n. **Note:** Because this
                parameter generates many completions, it can quickly consume your token quota. Use
                carefully and ensure that you have reasonable settings for `max_tokens` and `stop`.
            echo: Echo back the prompt in addition to the completion.
            frequency_penalty: Positive values penalize new tokens based on their existing frequency
                in the text so far, decreasing the model’s likelihood to repeat the same line
                verbatim. See [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a JSON object that maps tokens (specified by their token ID in the GPT
                tokenizer) to an associated bias value from `-100` to `100`. You can use this
                [OpenAI tokenizer tool](https://developers.openai.com/tokenizer?view=bpe) to convert
                text to token IDs. Mathematically, the bias is added to the logits generated by the
                model prior to sampling. The exact effect will vary per model, but values between
                `-1` and `1` should decrease or increase likelihood of selection; values like `-100`
                or `100` should result in a ban or exclusive selection of the relevant token. As an
                example, you can pass `{"50256": -100}` to prevent the `<|endoftext|>` token from
                being generated.
            logprobs: Include the log probabilities on the `logprobs` most likely output tokens, as
                well the chosen tokens. For example, if `logprobs` is 5, the API will return a list
                of the 5 most likely tokens. The API will always return the logprob of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            max_tokens: The maximum number of tokens that can be generated in the completion. The
                token count of your prompt plus max_tokens cannot exceed the model’s context length.
            n: How many completions to generate for each prompt. **Note:** Because this parameter
                generates many completions, it can quickly consume your token quota. Use carefully
                and ensure that you have reasonable settings for `max_tokens` and `stop`.
            presence_penalty: Positive values penalize new tokens based on whether they appear in
                the text so far, increasing the model’s likelihood to talk about new topics. See
                [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays. Note that `<|endoftext|>` is the
                document separator that the model sees during training, so if a prompt is not
                specified the model will generate as if from the beginning of a new document.
            seed: If specified, our system will make a best effort to sample deterministically, such
                that repeated requests with the same `seed` and parameters should return the same
                result. Determinism is not guaranteed, and you should refer to the
                `system_fingerprint` response parameter to monitor changes in the backend. Format:
                `int64`.
            stop: Up to 4 sequences where the API will stop generating further tokens. The returned
                text will not contain the stop sequence.
            stream_options: Options for streaming response. Only set this when you set `stream:
                true`.
            temperature: *Defaults to* `1` What sampling temperature to use, between 0 and 2. Higher
                values like 0.8 will make the output more random, while lower values like 0.2 will
                make it more focused and deterministic. We generally recommend altering this or
                `top_p` but not both.
            top_p: <i>Defaults to</i> `1` An alternative to sampling with temperature, called
                nucleus sampling, where the model considers the results of the tokens with top_p
                probability mass. So 0.1 means only the tokens comprising the top 10% probability
                mass are considered. We generally recommend altering this or `temperature` but not
                both.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse. See [OpenAI documentation to learn
                more](https://developers.openai.com/docs/guides/safety-best-practices#end-user-ids)
            stream: Whether to stream back partial progress. If set, tokens will be sent as
                data-only [server-sent
                events](https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events/Using_server-sent_events#Event_stream_format)
                as they become available, with the stream terminated by a `data: [DONE]` message.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Completion`: the 200 response.

        Raises:
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
        stream: Literal[True],
        product_id: int | NotGiven = NOT_GIVEN,
        best_of: float | NotGiven = NOT_GIVEN,
        echo: bool | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | NotGiven = NOT_GIVEN,
        logprobs: float | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        prompt: str | list[str] | list[int] | list[list[int]] | NotGiven = NOT_GIVEN,
        seed: int | NotGiven = NOT_GIVEN,
        stop: str | NotGiven = NOT_GIVEN,
        stream_options: _models.StreamOptions | _params.StreamOptionsParam | NotGiven = NOT_GIVEN,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Stream[_models.CompletionChunk]:
        """Create completion

        OpenAI compatible completion, see the [OpenAI
        documentation](https://developers.openai.com/api/reference/resources/completions/methods/create).

        Some models are in **beta** and may being subject to changes, use [GET
        `/1/ai/models`](/docs/api/get/1/ai/models) to check what model are in **beta** and see our
        [General Terms and Conditions](https://www.infomaniak.com/gtl/rgpd.documents).

        List of models available on this endpoint could be retrieve with [GET
        `/2/ai/{product_id}/openai/v1/models`](/docs/api/get/2/ai/{product_id}/openai/v1/models).

        Args:
            model: Model name used to generate the response, like `qwen3` or
                `swiss-ai/Apertus-70B-Instruct-2509`. Infomaniak offers a wide range of models with
                different capabilities, performance characteristics, and price points. Use the
                endpoint [GET `/1/ai/models`](/docs/api/get/1/ai/models) to retrieve the models list
                with various informations.
            product_id: The `product_id` path parameter.

                Defaults to the value the client was created with.
            best_of: Generates `best_of` completions server-side and returns the "best" (the one
                with the highest log probability per token). Results cannot be streamed. When used
                with `n`, `best_of` controls the number of candidate completions and `n` specifies
                how many to return – `best_of` must be greater than n. **Note:** Because this
                parameter generates many completions, it can quickly consume your token quota. Use
                carefully and ensure that you have reasonable settings for `max_tokens` and `stop`.
            echo: Echo back the prompt in addition to the completion.
            frequency_penalty: Positive values penalize new tokens based on their existing frequency
                in the text so far, decreasing the model’s likelihood to repeat the same line
                verbatim. See [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a JSON object that maps tokens (specified by their token ID in the GPT
                tokenizer) to an associated bias value from `-100` to `100`. You can use this
                [OpenAI tokenizer tool](https://developers.openai.com/tokenizer?view=bpe) to convert
                text to token IDs. Mathematically, the bias is added to the logits generated by the
                model prior to sampling. The exact effect will vary per model, but values between
                `-1` and `1` should decrease or increase likelihood of selection; values like `-100`
                or `100` should result in a ban or exclusive selection of the relevant token. As an
                example, you can pass `{"50256": -100}` to prevent the `<|endoftext|>` token from
                being generated.
            logprobs: Include the log probabilities on the `logprobs` most likely output tokens, as
                well the chosen tokens. For example, if `logprobs` is 5, the API will return a list
                of the 5 most likely tokens. The API will always return the logprob of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            max_tokens: The maximum number of tokens that can be generated in the completion. The
                token count of your prompt plus max_tokens cannot exceed the model’s context length.
            n: How many completions to generate for each prompt. **Note:** Because this parameter
                generates many completions, it can quickly consume your token quota. Use carefully
                and ensure that you have reasonable settings for `max_tokens` and `stop`.
            presence_penalty: Positive values penalize new tokens based on whether they appear in
                the text so far, increasing the model’s likelihood to talk about new topics. See
                [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays. Note that `<|endoftext|>` is the
                document separator that the model sees during training, so if a prompt is not
                specified the model will generate as if from the beginning of a new document.
            seed: If specified, our system will make a best effort to sample deterministically, such
                that repeated requests with the same `seed` and parameters should return the same
                result. Determinism is not guaranteed, and you should refer to the
                `system_fingerprint` response parameter to monitor changes in the backend. Format:
                `int64`.
            stop: Up to 4 sequences where the API will stop generating further tokens. The returned
                text will not contain the stop sequence.
            stream_options: Options for streaming response. Only set this when you set `stream:
                true`.
            temperature: *Defaults to* `1` What sampling temperature to use, between 0 and 2. Higher
                values like 0.8 will make the output more random, while lower values like 0.2 will
                make it more focused and deterministic. We generally recommend altering this or
                `top_p` but not both.
            top_p: <i>Defaults to</i> `1` An alternative to sampling with temperature, called
                nucleus sampling, where the model considers the results of the tokens with top_p
                probability mass. So 0.1 means only the tokens comprising the top 10% probability
                mass are considered. We generally recommend altering this or `temperature` but not
                both.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse. See [OpenAI documentation to learn
                more](https://developers.openai.com/docs/guides/safety-best-practices#end-user-ids)
            stream: Whether to stream back partial progress. If set, tokens will be sent as
                data-only [server-sent
                events](https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events/Using_server-sent_events#Event_stream_format)
                as they become available, with the stream terminated by a `data: [DONE]` message.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `Stream` of `CompletionChunk` chunks (server-sent events).

        Raises:
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
        product_id: int | NotGiven = NOT_GIVEN,
        best_of: float | NotGiven = NOT_GIVEN,
        echo: bool | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | NotGiven = NOT_GIVEN,
        logprobs: float | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        prompt: str | list[str] | list[int] | list[list[int]] | NotGiven = NOT_GIVEN,
        seed: int | NotGiven = NOT_GIVEN,
        stop: str | NotGiven = NOT_GIVEN,
        stream_options: _models.StreamOptions | _params.StreamOptionsParam | NotGiven = NOT_GIVEN,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Completion | Stream[_models.CompletionChunk]:
        """Create completion

        OpenAI compatible completion, see the [OpenAI
        documentation](https://developers.openai.com/api/reference/resources/completions/methods/create).

        Some models are in **beta** and may being subject to changes, use [GET
        `/1/ai/models`](/docs/api/get/1/ai/models) to check what model are in **beta** and see our
        [General Terms and Conditions](https://www.infomaniak.com/gtl/rgpd.documents).

        List of models available on this endpoint could be retrieve with [GET
        `/2/ai/{product_id}/openai/v1/models`](/docs/api/get/2/ai/{product_id}/openai/v1/models).

        Args:
            model: Model name used to generate the response, like `qwen3` or
                `swiss-ai/Apertus-70B-Instruct-2509`. Infomaniak offers a wide range of models with
                different capabilities, performance characteristics, and price points. Use the
                endpoint [GET `/1/ai/models`](/docs/api/get/1/ai/models) to retrieve the models list
                with various informations.
            product_id: The `product_id` path parameter.

                Defaults to the value the client was created with.
            best_of: Generates `best_of` completions server-side and returns the "best" (the one
                with the highest log probability per token). Results cannot be streamed. When used
                with `n`, `best_of` controls the number of candidate completions and `n` specifies
                how many to return – `best_of` must be greater than n. **Note:** Because this
                parameter generates many completions, it can quickly consume your token quota. Use
                carefully and ensure that you have reasonable settings for `max_tokens` and `stop`.
            echo: Echo back the prompt in addition to the completion.
            frequency_penalty: Positive values penalize new tokens based on their existing frequency
                in the text so far, decreasing the model’s likelihood to repeat the same line
                verbatim. See [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a JSON object that maps tokens (specified by their token ID in the GPT
                tokenizer) to an associated bias value from `-100` to `100`. You can use this
                [OpenAI tokenizer tool](https://developers.openai.com/tokenizer?view=bpe) to convert
                text to token IDs. Mathematically, the bias is added to the logits generated by the
                model prior to sampling. The exact effect will vary per model, but values between
                `-1` and `1` should decrease or increase likelihood of selection; values like `-100`
                or `100` should result in a ban or exclusive selection of the relevant token. As an
                example, you can pass `{"50256": -100}` to prevent the `<|endoftext|>` token from
                being generated.
            logprobs: Include the log probabilities on the `logprobs` most likely output tokens, as
                well the chosen tokens. For example, if `logprobs` is 5, the API will return a list
                of the 5 most likely tokens. The API will always return the logprob of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            max_tokens: The maximum number of tokens that can be generated in the completion. The
                token count of your prompt plus max_tokens cannot exceed the model’s context length.
            n: How many completions to generate for each prompt. **Note:** Because this parameter
                generates many completions, it can quickly consume your token quota. Use carefully
                and ensure that you have reasonable settings for `max_tokens` and `stop`.
            presence_penalty: Positive values penalize new tokens based on whether they appear in
                the text so far, increasing the model’s likelihood to talk about new topics. See
                [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays. Note that `<|endoftext|>` is the
                document separator that the model sees during training, so if a prompt is not
                specified the model will generate as if from the beginning of a new document.
            seed: If specified, our system will make a best effort to sample deterministically, such
                that repeated requests with the same `seed` and parameters should return the same
                result. Determinism is not guaranteed, and you should refer to the
                `system_fingerprint` response parameter to monitor changes in the backend. Format:
                `int64`.
            stop: Up to 4 sequences where the API will stop generating further tokens. The returned
                text will not contain the stop sequence.
            stream_options: Options for streaming response. Only set this when you set `stream:
                true`.
            temperature: *Defaults to* `1` What sampling temperature to use, between 0 and 2. Higher
                values like 0.8 will make the output more random, while lower values like 0.2 will
                make it more focused and deterministic. We generally recommend altering this or
                `top_p` but not both.
            top_p: <i>Defaults to</i> `1` An alternative to sampling with temperature, called
                nucleus sampling, where the model considers the results of the tokens with top_p
                probability mass. So 0.1 means only the tokens comprising the top 10% probability
                mass are considered. We generally recommend altering this or `temperature` but not
                both.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse. See [OpenAI documentation to learn
                more](https://developers.openai.com/docs/guides/safety-best-practices#end-user-ids)
            stream: Whether to stream back partial progress. If set, tokens will be sent as
                data-only [server-sent
                events](https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events/Using_server-sent_events#Event_stream_format)
                as they become available, with the stream terminated by a `data: [DONE]` message.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Completion`: the 200 response. With `stream=True`, a `Stream` of `CompletionChunk`
            chunks (server-sent events).

        Raises:
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
        product_id: int | NotGiven = NOT_GIVEN,
        best_of: float | NotGiven = NOT_GIVEN,
        echo: bool | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | NotGiven = NOT_GIVEN,
        logprobs: float | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        prompt: str | list[str] | list[int] | list[list[int]] | NotGiven = NOT_GIVEN,
        seed: int | NotGiven = NOT_GIVEN,
        stop: str | NotGiven = NOT_GIVEN,
        stream_options: _models.StreamOptions | _params.StreamOptionsParam | NotGiven = NOT_GIVEN,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Completion | Stream[_models.CompletionChunk]:
        """Create completion

        OpenAI compatible completion, see the [OpenAI
        documentation](https://developers.openai.com/api/reference/resources/completions/methods/create).

        Some models are in **beta** and may being subject to changes, use [GET
        `/1/ai/models`](/docs/api/get/1/ai/models) to check what model are in **beta** and see our
        [General Terms and Conditions](https://www.infomaniak.com/gtl/rgpd.documents).

        List of models available on this endpoint could be retrieve with [GET
        `/2/ai/{product_id}/openai/v1/models`](/docs/api/get/2/ai/{product_id}/openai/v1/models).

        Args:
            model: Model name used to generate the response, like `qwen3` or
                `swiss-ai/Apertus-70B-Instruct-2509`. Infomaniak offers a wide range of models with
                different capabilities, performance characteristics, and price points. Use the
                endpoint [GET `/1/ai/models`](/docs/api/get/1/ai/models) to retrieve the models list
                with various informations.
            product_id: The `product_id` path parameter.

                Defaults to the value the client was created with.
            best_of: Generates `best_of` completions server-side and returns the "best" (the one
                with the highest log probability per token). Results cannot be streamed. When used
                with `n`, `best_of` controls the number of candidate completions and `n` specifies
                how many to return – `best_of` must be greater than n. **Note:** Because this
                parameter generates many completions, it can quickly consume your token quota. Use
                carefully and ensure that you have reasonable settings for `max_tokens` and `stop`.
            echo: Echo back the prompt in addition to the completion.
            frequency_penalty: Positive values penalize new tokens based on their existing frequency
                in the text so far, decreasing the model’s likelihood to repeat the same line
                verbatim. See [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a JSON object that maps tokens (specified by their token ID in the GPT
                tokenizer) to an associated bias value from `-100` to `100`. You can use this
                [OpenAI tokenizer tool](https://developers.openai.com/tokenizer?view=bpe) to convert
                text to token IDs. Mathematically, the bias is added to the logits generated by the
                model prior to sampling. The exact effect will vary per model, but values between
                `-1` and `1` should decrease or increase likelihood of selection; values like `-100`
                or `100` should result in a ban or exclusive selection of the relevant token. As an
                example, you can pass `{"50256": -100}` to prevent the `<|endoftext|>` token from
                being generated.
            logprobs: Include the log probabilities on the `logprobs` most likely output tokens, as
                well the chosen tokens. For example, if `logprobs` is 5, the API will return a list
                of the 5 most likely tokens. The API will always return the logprob of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            max_tokens: The maximum number of tokens that can be generated in the completion. The
                token count of your prompt plus max_tokens cannot exceed the model’s context length.
            n: How many completions to generate for each prompt. **Note:** Because this parameter
                generates many completions, it can quickly consume your token quota. Use carefully
                and ensure that you have reasonable settings for `max_tokens` and `stop`.
            presence_penalty: Positive values penalize new tokens based on whether they appear in
                the text so far, increasing the model’s likelihood to talk about new topics. See
                [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays. Note that `<|endoftext|>` is the
                document separator that the model sees during training, so if a prompt is not
                specified the model will generate as if from the beginning of a new document.
            seed: If specified, our system will make a best effort to sample deterministically, such
                that repeated requests with the same `seed` and parameters should return the same
                result. Determinism is not guaranteed, and you should refer to the
                `system_fingerprint` response parameter to monitor changes in the backend. Format:
                `int64`.
            stop: Up to 4 sequences where the API will stop generating further tokens. The returned
                text will not contain the stop sequence.
            stream_options: Options for streaming response. Only set this when you set `stream:
                true`.
            temperature: *Defaults to* `1` What sampling temperature to use, between 0 and 2. Higher
                values like 0.8 will make the output more random, while lower values like 0.2 will
                make it more focused and deterministic. We generally recommend altering this or
                `top_p` but not both.
            top_p: <i>Defaults to</i> `1` An alternative to sampling with temperature, called
                nucleus sampling, where the model considers the results of the tokens with top_p
                probability mass. So 0.1 means only the tokens comprising the top 10% probability
                mass are considered. We generally recommend altering this or `temperature` but not
                both.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse. See [OpenAI documentation to learn
                more](https://developers.openai.com/docs/guides/safety-best-practices#end-user-ids)
            stream: Whether to stream back partial progress. If set, tokens will be sent as
                data-only [server-sent
                events](https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events/Using_server-sent_events#Event_stream_format)
                as they become available, with the stream terminated by a `data: [DONE]` message.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Completion`: the 200 response. With `stream=True`, a `Stream` of `CompletionChunk`
            chunks (server-sent events).

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
            _models.CompletionsCreateParams,
            {
                "product_id": _ops.client_value(self._client, "product_id", product_id),
            },
        )
        return self._post(
            _ops.format_path("/2/ai/{product_id}/openai/v1/completions", _checked, {"product_id"}),
            body=_ops.validated(
                _models.CompletionRequest,
                {
                    "model": model,
                    "best_of": best_of,
                    "echo": echo,
                    "frequency_penalty": frequency_penalty,
                    "logit_bias": logit_bias,
                    "logprobs": logprobs,
                    "max_tokens": max_tokens,
                    "n": n,
                    "presence_penalty": presence_penalty,
                    "prompt": prompt,
                    "seed": seed,
                    "stop": stop,
                    "stream": stream,
                    "stream_options": stream_options,
                    "temperature": temperature,
                    "top_p": top_p,
                    "user": user,
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
        product_id: int | NotGiven = NOT_GIVEN,
        best_of: float | NotGiven = NOT_GIVEN,
        echo: bool | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | NotGiven = NOT_GIVEN,
        logprobs: float | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        prompt: str | list[str] | list[int] | list[list[int]] | NotGiven = NOT_GIVEN,
        seed: int | NotGiven = NOT_GIVEN,
        stop: str | NotGiven = NOT_GIVEN,
        stream_options: _models.StreamOptions | _params.StreamOptionsParam | NotGiven = NOT_GIVEN,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream: Literal[False] | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Completion:
        """Create completion

        OpenAI compatible completion, see the [OpenAI
        documentation](https://developers.openai.com/api/reference/resources/completions/methods/create).

        Some models are in **beta** and may being subject to changes, use [GET
        `/1/ai/models`](/docs/api/get/1/ai/models) to check what model are in **beta** and see our
        [General Terms and Conditions](https://www.infomaniak.com/gtl/rgpd.documents).

        List of models available on this endpoint could be retrieve with [GET
        `/2/ai/{product_id}/openai/v1/models`](/docs/api/get/2/ai/{product_id}/openai/v1/models).

        Args:
            model: Model name used to generate the response, like `qwen3` or
                `swiss-ai/Apertus-70B-Instruct-2509`. Infomaniak offers a wide range of models with
                different capabilities, performance characteristics, and price points. Use the
                endpoint [GET `/1/ai/models`](/docs/api/get/1/ai/models) to retrieve the models list
                with various informations.
            product_id: The `product_id` path parameter.

                Defaults to the value the client was created with.
            best_of: Generates `best_of` completions server-side and returns the "best" (the one
                with the highest log probability per token). Results cannot be streamed. When used
                with `n`, `best_of` controls the number of candidate completions and `n` specifies
                how many to return – `best_of` must be greater than n. **Note:** Because this
                parameter generates many completions, it can quickly consume your token quota. Use
                carefully and ensure that you have reasonable settings for `max_tokens` and `stop`.
            echo: Echo back the prompt in addition to the completion.
            frequency_penalty: Positive values penalize new tokens based on their existing frequency
                in the text so far, decreasing the model’s likelihood to repeat the same line
                verbatim. See [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a JSON object that maps tokens (specified by their token ID in the GPT
                tokenizer) to an associated bias value from `-100` to `100`. You can use this
                [OpenAI tokenizer tool](https://developers.openai.com/tokenizer?view=bpe) to convert
                text to token IDs. Mathematically, the bias is added to the logits generated by the
                model prior to sampling. The exact effect will vary per model, but values between
                `-1` and `1` should decrease or increase likelihood of selection; values like `-100`
                or `100` should result in a ban or exclusive selection of the relevant token. As an
                example, you can pass `{"50256": -100}` to prevent the `<|endoftext|>` token from
                being generated.
            logprobs: Include the log probabilities on the `logprobs` most likely output tokens, as
                well the chosen tokens. For example, if `logprobs` is 5, the API will return a list
                of the 5 most likely tokens. The API will always return the logprob of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            max_tokens: The maximum number of tokens that can be generated in the completion. The
                token count of your prompt plus max_tokens cannot exceed the model’s context length.
            n: How many completions to generate for each prompt. **Note:** Because this parameter
                generates many completions, it can quickly consume your token quota. Use carefully
                and ensure that you have reasonable settings for `max_tokens` and `stop`.
            presence_penalty: Positive values penalize new tokens based on whether they appear in
                the text so far, increasing the model’s likelihood to talk about new topics. See
                [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays. Note that `<|endoftext|>` is the
                document separator that the model sees during training, so if a prompt is not
                specified the model will generate as if from the beginning of a new document.
            seed: If specified, our system will make a best effort to sample deterministically, such
                that repeated requests with the same `seed` and parameters should return the same
                result. Determinism is not guaranteed, and you should refer to the
                `system_fingerprint` response parameter to monitor changes in the backend. Format:
                `int64`.
            stop: Up to 4 sequences where the API will stop generating further tokens. The returned
                text will not contain the stop sequence.
            stream_options: Options for streaming response. Only set this when you set `stream:
                true`.
            temperature: *Defaults to* `1` What sampling temperature to use, between 0 and 2. Higher
                values like 0.8 will make the output more random, while lower values like 0.2 will
                make it more focused and deterministic. We generally recommend altering this or
                `top_p` but not both.
            top_p: <i>Defaults to</i> `1` An alternative to sampling with temperature, called
                nucleus sampling, where the model considers the results of the tokens with top_p
                probability mass. So 0.1 means only the tokens comprising the top 10% probability
                mass are considered. We generally recommend altering this or `temperature` but not
                both.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse. See [OpenAI documentation to learn
                more](https://developers.openai.com/docs/guides/safety-best-practices#end-user-ids)
            stream: Whether to stream back partial progress. If set, tokens will be sent as
                data-only [server-sent
                events](https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events/Using_server-sent_events#Event_stream_format)
                as they become available, with the stream terminated by a `data: [DONE]` message.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Completion`: the 200 response.

        Raises:
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
        stream: Literal[True],
        product_id: int | NotGiven = NOT_GIVEN,
        best_of: float | NotGiven = NOT_GIVEN,
        echo: bool | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | NotGiven = NOT_GIVEN,
        logprobs: float | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        prompt: str | list[str] | list[int] | list[list[int]] | NotGiven = NOT_GIVEN,
        seed: int | NotGiven = NOT_GIVEN,
        stop: str | NotGiven = NOT_GIVEN,
        stream_options: _models.StreamOptions | _params.StreamOptionsParam | NotGiven = NOT_GIVEN,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncStream[_models.CompletionChunk]:
        """Create completion

        OpenAI compatible completion, see the [OpenAI
        documentation](https://developers.openai.com/api/reference/resources/completions/methods/create).

        Some models are in **beta** and may being subject to changes, use [GET
        `/1/ai/models`](/docs/api/get/1/ai/models) to check what model are in **beta** and see our
        [General Terms and Conditions](https://www.infomaniak.com/gtl/rgpd.documents).

        List of models available on this endpoint could be retrieve with [GET
        `/2/ai/{product_id}/openai/v1/models`](/docs/api/get/2/ai/{product_id}/openai/v1/models).

        Args:
            model: Model name used to generate the response, like `qwen3` or
                `swiss-ai/Apertus-70B-Instruct-2509`. Infomaniak offers a wide range of models with
                different capabilities, performance characteristics, and price points. Use the
                endpoint [GET `/1/ai/models`](/docs/api/get/1/ai/models) to retrieve the models list
                with various informations.
            product_id: The `product_id` path parameter.

                Defaults to the value the client was created with.
            best_of: Generates `best_of` completions server-side and returns the "best" (the one
                with the highest log probability per token). Results cannot be streamed. When used
                with `n`, `best_of` controls the number of candidate completions and `n` specifies
                how many to return – `best_of` must be greater than n. **Note:** Because this
                parameter generates many completions, it can quickly consume your token quota. Use
                carefully and ensure that you have reasonable settings for `max_tokens` and `stop`.
            echo: Echo back the prompt in addition to the completion.
            frequency_penalty: Positive values penalize new tokens based on their existing frequency
                in the text so far, decreasing the model’s likelihood to repeat the same line
                verbatim. See [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a JSON object that maps tokens (specified by their token ID in the GPT
                tokenizer) to an associated bias value from `-100` to `100`. You can use this
                [OpenAI tokenizer tool](https://developers.openai.com/tokenizer?view=bpe) to convert
                text to token IDs. Mathematically, the bias is added to the logits generated by the
                model prior to sampling. The exact effect will vary per model, but values between
                `-1` and `1` should decrease or increase likelihood of selection; values like `-100`
                or `100` should result in a ban or exclusive selection of the relevant token. As an
                example, you can pass `{"50256": -100}` to prevent the `<|endoftext|>` token from
                being generated.
            logprobs: Include the log probabilities on the `logprobs` most likely output tokens, as
                well the chosen tokens. For example, if `logprobs` is 5, the API will return a list
                of the 5 most likely tokens. The API will always return the logprob of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            max_tokens: The maximum number of tokens that can be generated in the completion. The
                token count of your prompt plus max_tokens cannot exceed the model’s context length.
            n: How many completions to generate for each prompt. **Note:** Because this parameter
                generates many completions, it can quickly consume your token quota. Use carefully
                and ensure that you have reasonable settings for `max_tokens` and `stop`.
            presence_penalty: Positive values penalize new tokens based on whether they appear in
                the text so far, increasing the model’s likelihood to talk about new topics. See
                [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays. Note that `<|endoftext|>` is the
                document separator that the model sees during training, so if a prompt is not
                specified the model will generate as if from the beginning of a new document.
            seed: If specified, our system will make a best effort to sample deterministically, such
                that repeated requests with the same `seed` and parameters should return the same
                result. Determinism is not guaranteed, and you should refer to the
                `system_fingerprint` response parameter to monitor changes in the backend. Format:
                `int64`.
            stop: Up to 4 sequences where the API will stop generating further tokens. The returned
                text will not contain the stop sequence.
            stream_options: Options for streaming response. Only set this when you set `stream:
                true`.
            temperature: *Defaults to* `1` What sampling temperature to use, between 0 and 2. Higher
                values like 0.8 will make the output more random, while lower values like 0.2 will
                make it more focused and deterministic. We generally recommend altering this or
                `top_p` but not both.
            top_p: <i>Defaults to</i> `1` An alternative to sampling with temperature, called
                nucleus sampling, where the model considers the results of the tokens with top_p
                probability mass. So 0.1 means only the tokens comprising the top 10% probability
                mass are considered. We generally recommend altering this or `temperature` but not
                both.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse. See [OpenAI documentation to learn
                more](https://developers.openai.com/docs/guides/safety-best-practices#end-user-ids)
            stream: Whether to stream back partial progress. If set, tokens will be sent as
                data-only [server-sent
                events](https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events/Using_server-sent_events#Event_stream_format)
                as they become available, with the stream terminated by a `data: [DONE]` message.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            A `AsyncStream` of `CompletionChunk` chunks (server-sent events).

        Raises:
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
        product_id: int | NotGiven = NOT_GIVEN,
        best_of: float | NotGiven = NOT_GIVEN,
        echo: bool | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | NotGiven = NOT_GIVEN,
        logprobs: float | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        prompt: str | list[str] | list[int] | list[list[int]] | NotGiven = NOT_GIVEN,
        seed: int | NotGiven = NOT_GIVEN,
        stop: str | NotGiven = NOT_GIVEN,
        stream_options: _models.StreamOptions | _params.StreamOptionsParam | NotGiven = NOT_GIVEN,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Completion | AsyncStream[_models.CompletionChunk]:
        """Create completion

        OpenAI compatible completion, see the [OpenAI
        documentation](https://developers.openai.com/api/reference/resources/completions/methods/create).

        Some models are in **beta** and may being subject to changes, use [GET
        `/1/ai/models`](/docs/api/get/1/ai/models) to check what model are in **beta** and see our
        [General Terms and Conditions](https://www.infomaniak.com/gtl/rgpd.documents).

        List of models available on this endpoint could be retrieve with [GET
        `/2/ai/{product_id}/openai/v1/models`](/docs/api/get/2/ai/{product_id}/openai/v1/models).

        Args:
            model: Model name used to generate the response, like `qwen3` or
                `swiss-ai/Apertus-70B-Instruct-2509`. Infomaniak offers a wide range of models with
                different capabilities, performance characteristics, and price points. Use the
                endpoint [GET `/1/ai/models`](/docs/api/get/1/ai/models) to retrieve the models list
                with various informations.
            product_id: The `product_id` path parameter.

                Defaults to the value the client was created with.
            best_of: Generates `best_of` completions server-side and returns the "best" (the one
                with the highest log probability per token). Results cannot be streamed. When used
                with `n`, `best_of` controls the number of candidate completions and `n` specifies
                how many to return – `best_of` must be greater than n. **Note:** Because this
                parameter generates many completions, it can quickly consume your token quota. Use
                carefully and ensure that you have reasonable settings for `max_tokens` and `stop`.
            echo: Echo back the prompt in addition to the completion.
            frequency_penalty: Positive values penalize new tokens based on their existing frequency
                in the text so far, decreasing the model’s likelihood to repeat the same line
                verbatim. See [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a JSON object that maps tokens (specified by their token ID in the GPT
                tokenizer) to an associated bias value from `-100` to `100`. You can use this
                [OpenAI tokenizer tool](https://developers.openai.com/tokenizer?view=bpe) to convert
                text to token IDs. Mathematically, the bias is added to the logits generated by the
                model prior to sampling. The exact effect will vary per model, but values between
                `-1` and `1` should decrease or increase likelihood of selection; values like `-100`
                or `100` should result in a ban or exclusive selection of the relevant token. As an
                example, you can pass `{"50256": -100}` to prevent the `<|endoftext|>` token from
                being generated.
            logprobs: Include the log probabilities on the `logprobs` most likely output tokens, as
                well the chosen tokens. For example, if `logprobs` is 5, the API will return a list
                of the 5 most likely tokens. The API will always return the logprob of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            max_tokens: The maximum number of tokens that can be generated in the completion. The
                token count of your prompt plus max_tokens cannot exceed the model’s context length.
            n: How many completions to generate for each prompt. **Note:** Because this parameter
                generates many completions, it can quickly consume your token quota. Use carefully
                and ensure that you have reasonable settings for `max_tokens` and `stop`.
            presence_penalty: Positive values penalize new tokens based on whether they appear in
                the text so far, increasing the model’s likelihood to talk about new topics. See
                [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays. Note that `<|endoftext|>` is the
                document separator that the model sees during training, so if a prompt is not
                specified the model will generate as if from the beginning of a new document.
            seed: If specified, our system will make a best effort to sample deterministically, such
                that repeated requests with the same `seed` and parameters should return the same
                result. Determinism is not guaranteed, and you should refer to the
                `system_fingerprint` response parameter to monitor changes in the backend. Format:
                `int64`.
            stop: Up to 4 sequences where the API will stop generating further tokens. The returned
                text will not contain the stop sequence.
            stream_options: Options for streaming response. Only set this when you set `stream:
                true`.
            temperature: *Defaults to* `1` What sampling temperature to use, between 0 and 2. Higher
                values like 0.8 will make the output more random, while lower values like 0.2 will
                make it more focused and deterministic. We generally recommend altering this or
                `top_p` but not both.
            top_p: <i>Defaults to</i> `1` An alternative to sampling with temperature, called
                nucleus sampling, where the model considers the results of the tokens with top_p
                probability mass. So 0.1 means only the tokens comprising the top 10% probability
                mass are considered. We generally recommend altering this or `temperature` but not
                both.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse. See [OpenAI documentation to learn
                more](https://developers.openai.com/docs/guides/safety-best-practices#end-user-ids)
            stream: Whether to stream back partial progress. If set, tokens will be sent as
                data-only [server-sent
                events](https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events/Using_server-sent_events#Event_stream_format)
                as they become available, with the stream terminated by a `data: [DONE]` message.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Completion`: the 200 response. With `stream=True`, a `AsyncStream` of `CompletionChunk`
            chunks (server-sent events).

        Raises:
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
        product_id: int | NotGiven = NOT_GIVEN,
        best_of: float | NotGiven = NOT_GIVEN,
        echo: bool | NotGiven = NOT_GIVEN,
        frequency_penalty: float | NotGiven = NOT_GIVEN,
        logit_bias: dict[str, float] | NotGiven = NOT_GIVEN,
        logprobs: float | NotGiven = NOT_GIVEN,
        max_tokens: int | NotGiven = NOT_GIVEN,
        n: int | NotGiven = NOT_GIVEN,
        presence_penalty: float | NotGiven = NOT_GIVEN,
        prompt: str | list[str] | list[int] | list[list[int]] | NotGiven = NOT_GIVEN,
        seed: int | NotGiven = NOT_GIVEN,
        stop: str | NotGiven = NOT_GIVEN,
        stream_options: _models.StreamOptions | _params.StreamOptionsParam | NotGiven = NOT_GIVEN,
        temperature: float | NotGiven = NOT_GIVEN,
        top_p: float | NotGiven = NOT_GIVEN,
        user: str | NotGiven = NOT_GIVEN,
        stream: bool | NotGiven = NOT_GIVEN,
        extra_headers: Headers | None = None,
        extra_query: Query | None = None,
        extra_body: Mapping[str, object] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> _models.Completion | AsyncStream[_models.CompletionChunk]:
        """Create completion

        OpenAI compatible completion, see the [OpenAI
        documentation](https://developers.openai.com/api/reference/resources/completions/methods/create).

        Some models are in **beta** and may being subject to changes, use [GET
        `/1/ai/models`](/docs/api/get/1/ai/models) to check what model are in **beta** and see our
        [General Terms and Conditions](https://www.infomaniak.com/gtl/rgpd.documents).

        List of models available on this endpoint could be retrieve with [GET
        `/2/ai/{product_id}/openai/v1/models`](/docs/api/get/2/ai/{product_id}/openai/v1/models).

        Args:
            model: Model name used to generate the response, like `qwen3` or
                `swiss-ai/Apertus-70B-Instruct-2509`. Infomaniak offers a wide range of models with
                different capabilities, performance characteristics, and price points. Use the
                endpoint [GET `/1/ai/models`](/docs/api/get/1/ai/models) to retrieve the models list
                with various informations.
            product_id: The `product_id` path parameter.

                Defaults to the value the client was created with.
            best_of: Generates `best_of` completions server-side and returns the "best" (the one
                with the highest log probability per token). Results cannot be streamed. When used
                with `n`, `best_of` controls the number of candidate completions and `n` specifies
                how many to return – `best_of` must be greater than n. **Note:** Because this
                parameter generates many completions, it can quickly consume your token quota. Use
                carefully and ensure that you have reasonable settings for `max_tokens` and `stop`.
            echo: Echo back the prompt in addition to the completion.
            frequency_penalty: Positive values penalize new tokens based on their existing frequency
                in the text so far, decreasing the model’s likelihood to repeat the same line
                verbatim. See [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            logit_bias: Modify the likelihood of specified tokens appearing in the completion.
                Accepts a JSON object that maps tokens (specified by their token ID in the GPT
                tokenizer) to an associated bias value from `-100` to `100`. You can use this
                [OpenAI tokenizer tool](https://developers.openai.com/tokenizer?view=bpe) to convert
                text to token IDs. Mathematically, the bias is added to the logits generated by the
                model prior to sampling. The exact effect will vary per model, but values between
                `-1` and `1` should decrease or increase likelihood of selection; values like `-100`
                or `100` should result in a ban or exclusive selection of the relevant token. As an
                example, you can pass `{"50256": -100}` to prevent the `<|endoftext|>` token from
                being generated.
            logprobs: Include the log probabilities on the `logprobs` most likely output tokens, as
                well the chosen tokens. For example, if `logprobs` is 5, the API will return a list
                of the 5 most likely tokens. The API will always return the logprob of the sampled
                token, so there may be up to `logprobs+1` elements in the response.
            max_tokens: The maximum number of tokens that can be generated in the completion. The
                token count of your prompt plus max_tokens cannot exceed the model’s context length.
            n: How many completions to generate for each prompt. **Note:** Because this parameter
                generates many completions, it can quickly consume your token quota. Use carefully
                and ensure that you have reasonable settings for `max_tokens` and `stop`.
            presence_penalty: Positive values penalize new tokens based on whether they appear in
                the text so far, increasing the model’s likelihood to talk about new topics. See
                [more information about frequency and presence penalties
                (OpenAI)](https://developers.openai.com/docs/guides/text-generation).
            prompt: The prompt(s) to generate completions for, encoded as a string, array of
                strings, array of tokens, or array of token arrays. Note that `<|endoftext|>` is the
                document separator that the model sees during training, so if a prompt is not
                specified the model will generate as if from the beginning of a new document.
            seed: If specified, our system will make a best effort to sample deterministically, such
                that repeated requests with the same `seed` and parameters should return the same
                result. Determinism is not guaranteed, and you should refer to the
                `system_fingerprint` response parameter to monitor changes in the backend. Format:
                `int64`.
            stop: Up to 4 sequences where the API will stop generating further tokens. The returned
                text will not contain the stop sequence.
            stream_options: Options for streaming response. Only set this when you set `stream:
                true`.
            temperature: *Defaults to* `1` What sampling temperature to use, between 0 and 2. Higher
                values like 0.8 will make the output more random, while lower values like 0.2 will
                make it more focused and deterministic. We generally recommend altering this or
                `top_p` but not both.
            top_p: <i>Defaults to</i> `1` An alternative to sampling with temperature, called
                nucleus sampling, where the model considers the results of the tokens with top_p
                probability mass. So 0.1 means only the tokens comprising the top 10% probability
                mass are considered. We generally recommend altering this or `temperature` but not
                both.
            user: A unique identifier representing your end-user, which can help OpenAI to monitor
                and detect abuse. See [OpenAI documentation to learn
                more](https://developers.openai.com/docs/guides/safety-best-practices#end-user-ids)
            stream: Whether to stream back partial progress. If set, tokens will be sent as
                data-only [server-sent
                events](https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events/Using_server-sent_events#Event_stream_format)
                as they become available, with the stream terminated by a `data: [DONE]` message.
            extra_headers: Headers to send besides the client's and the spec's (they win); an
                `Omit()` value removes a header.
            extra_query: Query parameters to add to the request.
            extra_body: Properties to add to the request body (they win over the arguments).
            timeout: The timeout of this request, in seconds, instead of the client's.
            max_retries: The number of retries of this request, instead of the client's.

        Returns:
            `Completion`: the 200 response. With `stream=True`, a `AsyncStream` of `CompletionChunk`
            chunks (server-sent events).

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
            _models.CompletionsCreateParams,
            {
                "product_id": _ops.client_value(self._client, "product_id", product_id),
            },
        )
        return await self._post(
            _ops.format_path("/2/ai/{product_id}/openai/v1/completions", _checked, {"product_id"}),
            body=_ops.validated(
                _models.CompletionRequest,
                {
                    "model": model,
                    "best_of": best_of,
                    "echo": echo,
                    "frequency_penalty": frequency_penalty,
                    "logit_bias": logit_bias,
                    "logprobs": logprobs,
                    "max_tokens": max_tokens,
                    "n": n,
                    "presence_penalty": presence_penalty,
                    "prompt": prompt,
                    "seed": seed,
                    "stop": stop,
                    "stream": stream,
                    "stream_options": stream_options,
                    "temperature": temperature,
                    "top_p": top_p,
                    "user": user,
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
