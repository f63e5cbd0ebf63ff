"""Conformance: each generated client against Stoplight Prism mocking the provider's own document.

Prism validates every request against the vendored spec (body, parameters, bearer auth) and
answers from the spec's responses, so a passing test means: the document accepts what the
client sends, and the client parses what the document says can come back. Each test runs the
sync `Client` and the `AsyncClient`. Streaming (which Prism cannot do) runs against a scripted
SSE server; Prism still validates the streaming request itself.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import json
from collections.abc import Callable
from typing import Any

import pydantic
import pytest

from tests.support import GENERATED, PROVIDERS, import_from
from tests.support.prism import (
    SDK_KWARGS,
    SPECS,
    PrismPool,
    full_arguments,
    operation,
    prism_servers_fixture,  # noqa: F401  (the `prism_servers` session fixture)
    python_name,
    sample,
)
from tests.support.servers import Reply, ScriptedServer, sse

MODES = ("sync", "async")
API_KEY = "sk-conformance-0123456789"

#: the model each provider's documented 200 parses into
SUCCESS_MODEL = {
    "infomaniak": "Completion",
    "ionos": "SuccessfulCompletionResponse",
    "nebius": "CompletionResponse",
}
# The model one streamed chunk parses into: the overlay's chunk schema where the 200 response
# requires what only the last chunk carries (`usage`), else the 200 response's model.
CHUNK_MODEL = {**SUCCESS_MODEL, "infomaniak": "CompletionChunk", "nebius": "CompletionChunk"}


@functools.cache
def package(provider: str) -> Any:
    """The generated package, imported once (so its exception classes stay the same objects)."""
    return import_from(GENERATED, provider)


def prism_url(pool: PrismPool, provider: str) -> str:
    return pool.url(SPECS[provider])


def call(
    provider: str,
    mode: str,
    base_url: str,
    kwargs: dict[str, Any],
    *,
    client_kwargs: dict[str, Any] | None = None,
    configure: Callable[[Any], None] | None = None,
    api_key: str | None = API_KEY,
) -> Any:
    """`completions.with_raw_response.create(**kwargs)` on a fresh sync or async client.

    Returns the APIResponse with its body read (a streaming response is closed unread) and
    `parse()` already called for non-streaming calls; exceptions propagate.
    """
    pkg = package(provider)
    options = {"api_key": api_key, "base_url": base_url, **(client_kwargs or {})}
    streaming = kwargs.get("stream") is True
    if mode == "sync":
        with pkg.Client(**options) as client:
            if configure:
                configure(client)
            raw = client.completions.with_raw_response.create(**kwargs)
            if streaming:
                raw.http_response.close()
            else:
                raw.parse()
            return raw

    async def run() -> Any:
        async with pkg.AsyncClient(**options) as client:
            if configure:
                configure(client)
            raw = await client.completions.with_raw_response.create(**kwargs)
            assert isinstance(raw, pkg.AsyncAPIResponse)  # `await raw.parse()`, as openai-python's
            if streaming:
                await raw.http_response.aclose()
                return _ReadAsync(raw, None)
            return _ReadAsync(raw, await raw.parse())

    return asyncio.run(run())


class _ReadAsync:
    """An async raw response whose body was read and parsed inside the event loop, with the
    plain accessors the assertions below share with the sync `APIResponse`."""

    def __init__(self, raw: Any, parsed: Any) -> None:
        self._raw, self._parsed = raw, parsed

    def __getattr__(self, name: str) -> Any:
        return getattr(self._raw, name)  # status_code, headers, http_response, ...

    def parse(self) -> Any:
        return self._parsed

    @property
    def content(self) -> bytes:
        return bytes(self._raw.http_response.content)

    @property
    def text(self) -> str:
        return str(self._raw.http_response.text)

    def json(self) -> Any:
        return json.loads(self.content)


def assert_accepted(raw: Any) -> None:
    """Prism answered 2xx and reported no violation of the document."""
    assert 200 <= raw.status_code < 300, raw.text
    violations = raw.headers.get("sl-violations")
    assert violations is None, f"Prism reports the request violates the spec: {violations}"


def assert_parsed(provider: str, raw: Any) -> None:
    """The body parsed into the 200 model, losslessly (extra properties kept, nothing added).

    The runtime falls back to building models without validation when a body does not fit;
    a body the document allows must pass the model's validation itself (no fallback).
    """
    model = getattr(package(provider).models, SUCCESS_MODEL[provider])
    parsed = raw.parse()
    assert type(parsed) is model
    try:
        model.model_validate_json(raw.content)
    except pydantic.ValidationError as exc:
        pytest.fail(f"a response the document allows fails the generated model: {exc}")
    dumped = parsed.model_dump(mode="json", by_alias=True, exclude_unset=True)
    assert dumped == raw.json()


# -- the documented inputs are exactly the generated method's -----------------------------------


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_full_call_covers_every_documented_input(provider: str) -> None:
    """The kwargs the tests send are the document's inputs, and the generated method's."""
    op = operation(provider)
    kwargs = full_arguments(provider)
    assert set(kwargs) == {python_name(name) for name in op.documented}
    pkg = package(provider)
    sync_client = pkg.Client(api_key="k", base_url="http://127.0.0.1:9")
    async_client = pkg.AsyncClient(api_key="k", base_url="http://127.0.0.1:9")
    for create in (sync_client.completions.create, async_client.completions.create):
        arguments = set(inspect.signature(create).parameters) - SDK_KWARGS
        assert arguments == set(kwargs), f"{provider}: generated arguments != documented inputs"
    sync_client.close()


# -- every documented input, accepted by the document -------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_every_documented_input_is_accepted(
    provider: str, mode: str, prism_servers: PrismPool
) -> None:
    raw = call(provider, mode, prism_url(prism_servers, provider), full_arguments(provider))
    assert_accepted(raw)
    assert_parsed(provider, raw)
    assert raw.http_response.request.headers["authorization"] == f"Bearer {API_KEY}"
    sent = json.loads(raw.http_response.request.content)
    op = operation(provider)
    assert set(sent) == set(op.body_properties), "every body property went on the wire"
    if provider == "ionos":  # documented 200 headers, converted to their declared types
        assert raw.typed_headers == {
            "X-RateLimit-Burst": 0,
            "X-RateLimit-Limit": 0,
            "X-RateLimit-Remaining": 0,
        }


def _union_cases() -> list[tuple[str, str, str]]:
    cases = []
    for provider in PROVIDERS:
        op = operation(provider)
        for name in sorted(op.body_properties):
            variants = op.variants(name)
            if len(variants) > 1:
                cases.extend((provider, name, shape) for shape in variants)
    return cases


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("provider", "name", "shape"), _union_cases())
def test_each_union_branch_is_accepted(
    provider: str, name: str, shape: str, mode: str, prism_servers: PrismPool
) -> None:
    kwargs = full_arguments(provider)
    kwargs[python_name(name)] = sample(operation(provider), name, shape)
    raw = call(provider, mode, prism_url(prism_servers, provider), kwargs)
    assert_accepted(raw)
    assert_parsed(provider, raw)
    assert json.loads(raw.http_response.request.content)[name] == kwargs[python_name(name)]


def _nullable_providers() -> list[str]:
    return [p for p in PROVIDERS if any(operation(p).nullable(n) for n in operation(p).documented)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", _nullable_providers())
def test_null_where_the_document_allows_it(
    provider: str, mode: str, prism_servers: PrismPool
) -> None:
    op = operation(provider)
    nullable = {n for n in op.documented if op.nullable(n)}
    kwargs = full_arguments(provider)
    kwargs.update({python_name(n): None for n in nullable})
    raw = call(provider, mode, prism_url(prism_servers, provider), kwargs)
    assert_accepted(raw)
    assert_parsed(provider, raw)
    sent = json.loads(raw.http_response.request.content)
    assert {k for k, v in sent.items() if v is None} == nullable & set(op.body_properties)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_streaming_request_is_accepted(
    provider: str, mode: str, prism_servers: PrismPool
) -> None:
    """Prism cannot stream, but it validates `stream: true` and `stream_options`.

    A streaming call asks for `Accept: text/event-stream`; the vendored documents declare no
    such response (hence the overlays' `x-codegen-stream`), so Prism would answer 406 without
    looking at the body. The test asks for JSON instead to have the body validated.
    """
    kwargs = {
        **full_arguments(provider),
        "stream": True,
        "extra_headers": {"Accept": "application/json"},
    }
    raw = call(provider, mode, prism_url(prism_servers, provider), kwargs)
    assert_accepted(raw)
    sent = json.loads(raw.http_response.request.content)
    assert sent["stream"] is True
    assert sent["stream_options"] == kwargs["stream_options"]


# -- what the document says can come back ------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_dynamic_responses_parse(provider: str, mode: str, prism_servers: PrismPool) -> None:
    """`Prefer: dynamic=true`: random values, lists of any length, extra properties."""
    url = prism_url(prism_servers, provider)
    kwargs = {**full_arguments(provider), "extra_headers": {"Prefer": "dynamic=true"}}
    bodies = []
    for _ in range(6):
        raw = call(provider, mode, url, kwargs)
        assert_accepted(raw)
        assert_parsed(provider, raw)
        bodies.append(raw.json())
    assert len({json.dumps(b, sort_keys=True) for b in bodies}) > 1, "Prism did not vary its answer"


def _reshape(op: Any, schema: dict[str, Any], value: Any, *, minimal: bool) -> Any:
    """`value` with only the required properties (`minimal`), or with an unknown property
    added to every object that does not forbid them (not `minimal`), recursively."""
    schema = op.resolve(schema)
    branches = schema.get("oneOf") or schema.get("anyOf") or schema.get("allOf")
    if branches and not schema.get("properties"):
        return value  # the documents' responses use no unions; leave such a value as it is
    if isinstance(value, list):
        return [_reshape(op, schema.get("items", {}), item, minimal=minimal) for item in value]
    if not isinstance(value, dict) or "properties" not in schema:
        return value
    properties = schema["properties"]
    required = set(schema.get("required", []))
    result = {
        key: _reshape(op, properties.get(key, {}), item, minimal=minimal)
        for key, item in value.items()
        if not minimal or key in required
    }
    if not minimal and schema.get("additionalProperties", True) is not False:
        result["x_not_in_the_spec"] = {"nested": [1, "two", None], "flag": True}
    return result


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape", ["only-required", "extra-everywhere"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_documented_response_extremes_parse(
    provider: str, shape: str, mode: str, prism_servers: PrismPool
) -> None:
    """Prism's own example cut down to the required properties at every level, or with an
    unknown property added to every object: both are valid answers and must parse losslessly
    (Prism's dynamic mode always fills the optional properties, so this is done by hand)."""
    op = operation(provider)
    example = call(provider, "sync", prism_url(prism_servers, provider), full_arguments(provider))
    schema = op.resolve(op.operation["responses"]["200"])["content"]["application/json"]["schema"]
    body = _reshape(op, schema, example.json(), minimal=shape == "only-required")
    if shape == "extra-everywhere":  # (Infomaniak's response has no optional property)
        assert body != example.json()
    with ScriptedServer([Reply(200, body=body)]) as server:
        raw = call(provider, mode, server.url, full_arguments(provider))
    assert_parsed(provider, raw)
    assert raw.json() == body


DOCUMENTED_ERRORS = [
    ("ionos", 429, "RateLimitError", "ErrorResponse"),
    ("ionos", 529, "OverloadedError", "ErrorResponse"),
    ("nebius", 422, "UnprocessableEntityError", "HTTPValidationError"),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("provider", "status", "error", "body_model"), DOCUMENTED_ERRORS)
def test_documented_error_responses(
    provider: str,
    status: int,
    error: str,
    body_model: str,
    mode: str,
    prism_servers: PrismPool,
) -> None:
    pkg = package(provider)
    kwargs = {**full_arguments(provider), "extra_headers": {"Prefer": f"code={status}"}}
    with pytest.raises(getattr(pkg, error)) as caught:
        call(
            provider,
            mode,
            prism_url(prism_servers, provider),
            kwargs,
            client_kwargs={"max_retries": 0},
        )
    exc = caught.value
    assert exc.status_code == status
    assert isinstance(exc, pkg.APIStatusError)
    assert type(exc.parsed_body).__name__ == body_model, exc.body
    assert isinstance(exc.body, dict)  # the decoded JSON beside the model
    assert "sl-violations" not in exc.headers
    if provider == "ionos":
        assert exc.headers["retry-after"] == "0"
        # the spec's example body {"error": {"message": "string", "type": "string", ...}}
        assert exc.type == "string"
        assert exc.body["error"]["message"] == "string"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("status", [429, 529])
def test_documented_retryable_errors_are_retried(
    status: int, mode: str, prism_servers: PrismPool
) -> None:
    """IONOS's 429/529 are retried `max_retries` times (Retry-After: 0 -> backoff), then raised."""
    pkg = package("ionos")
    sleeps: list[float] = []

    def configure(client: Any) -> None:
        if mode == "sync":
            client._sleep = sleeps.append
        else:

            async def sleep(delay: float) -> None:
                sleeps.append(delay)

            client._sleep = sleep

    kwargs = {**full_arguments("ionos"), "extra_headers": {"Prefer": f"code={status}"}}
    with pytest.raises(pkg.RateLimitError if status == 429 else pkg.OverloadedError):
        call(
            "ionos",
            mode,
            prism_url(prism_servers, "ionos"),
            kwargs,
            client_kwargs={"max_retries": 3},
            configure=configure,
        )
    assert len(sleeps) == 3
    assert all(0 < delay <= 8 for delay in sleeps)


# -- what the document rejects ----------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_missing_bearer_token_fails_fast_and_an_omitted_header_is_401(
    provider: str, mode: str, prism_servers: PrismPool, clean_env: pytest.MonkeyPatch
) -> None:
    pkg = package(provider)
    url = prism_url(prism_servers, provider)
    # no key and no environment variable: the client refuses to be created, naming the variable
    with pytest.raises(pkg.MissingCredentialsError, match=f"{provider.upper()}_API_KEY"):
        call(provider, mode, url, full_arguments(provider), api_key=None)
    # the header removed per call with Omit(): the document's server answers 401
    kwargs = {**full_arguments(provider), "extra_headers": {"Authorization": pkg.Omit()}}
    with pytest.raises(pkg.AuthenticationError) as caught:
        call(provider, mode, url, kwargs, client_kwargs={"max_retries": 0})
    assert caught.value.status_code == 401
    assert "authorization" not in caught.value.response.request.headers


#: what Prism answers a body that violates the document: the spec's 400 (IONOS) or 422 (Nebius),
#: else its own 422
INVALID_BODY_STATUS = {"infomaniak": 422, "ionos": 400, "nebius": 422}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_invalid_body_is_rejected_with_the_typed_error(
    provider: str, mode: str, prism_servers: PrismPool
) -> None:
    """`extra_body` bypasses the client's own checks: Prism must reject the wrong type."""
    pkg = package(provider)
    status = INVALID_BODY_STATUS[provider]
    kwargs = {**full_arguments(provider), "extra_body": {"max_tokens": "many"}}
    with pytest.raises(
        pkg.BadRequestError if status == 400 else pkg.UnprocessableEntityError
    ) as caught:
        call(
            provider,
            mode,
            prism_url(prism_servers, provider),
            kwargs,
            client_kwargs={"max_retries": 0},
        )
    exc = caught.value
    assert exc.status_code == status
    assert json.loads(exc.response.request.content)["max_tokens"] == "many"
    violations = exc.headers.get("sl-violations")
    if violations is not None:  # the spec documents the status: details in the header
        locations = [v["location"] for v in json.loads(violations)]
        assert ["request", "body", "max_tokens"] in locations
    else:  # Prism's own 422 (application/problem+json) carries them in the body
        assert any(v["location"] == ["body", "max_tokens"] for v in exc.body["validation"])
    if provider == "nebius":
        assert type(exc.parsed_body).__name__ == "HTTPValidationError"


# -- streaming, against a scripted SSE server ------------------------------------------------


def _chunk(text: str, *, usage: bool = False) -> dict[str, Any]:
    chunk: dict[str, Any] = {
        "id": "cmpl-1",
        "object": "text_completion",
        "created": 1700000000,
        "model": "m",
        "choices": []
        if usage
        else [{"index": 0, "text": text, "finish_reason": None, "logprobs": None}],
        "system_fingerprint": None,
        "service_tier": "default",
        "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5} if usage else None,
    }
    return chunk


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_streaming_parses_server_sent_events(provider: str, mode: str) -> None:
    pkg = package(provider)
    model = getattr(pkg.models, CHUNK_MODEL[provider])
    events = sse(_chunk("Hel"), _chunk("lo"), _chunk("", usage=True))
    kwargs = {**full_arguments(provider), "stream": True}
    with ScriptedServer(
        [Reply(200, {"Content-Type": "text/event-stream"}, chunks=events)]
    ) as server:
        if mode == "sync":
            with (
                pkg.Client(api_key=API_KEY, base_url=server.url) as client,
                client.completions.create(**kwargs) as stream,
            ):
                chunks = list(stream)
        else:

            async def run() -> list[Any]:
                async with pkg.AsyncClient(api_key=API_KEY, base_url=server.url) as client:
                    stream = await client.completions.create(**kwargs)
                    async with stream:
                        return [chunk async for chunk in stream]

            chunks = asyncio.run(run())
    assert [type(c) for c in chunks] == [model] * 3
    assert "".join(c.choices[0].text for c in chunks[:2]) == "Hello"
    assert chunks[2].choices == [] and chunks[2].usage.total_tokens == 5
    (request,) = server.requests
    assert request.headers["accept"] == "text/event-stream"
    assert request.json()["stream"] is True
    assert request.json()["stream_options"] == kwargs["stream_options"]
