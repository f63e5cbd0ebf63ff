"""Each provider's generated client against a real HTTP server on 127.0.0.1: the request on the
wire (method, path, query, auth, JSON body) and the documented 200 parsed into its model."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support import COMPLETION, GENERATED, import_from
from tests.support.servers import Reply, ScriptedServer


def _serve_once(provider: str, clean_env: pytest.MonkeyPatch, call: Any, **client_kwargs: Any) -> Any:
    package = import_from(GENERATED, provider)
    with ScriptedServer([Reply(200, body=COMPLETION)]) as server:
        clean_env.setenv(f"{provider.upper()}_API_KEY", "sk-test-123")
        client = package.Client(base_url=server.url, **client_kwargs)
        result = call(client)
        client.close()
    return result, server.requests


def test_infomaniak_request_on_the_wire(clean_env: pytest.MonkeyPatch) -> None:
    result, requests = _serve_once(
        "infomaniak", clean_env,
        lambda c: c.completions.create(
            model="qwen3", prompt=[[1, 2], [3]], max_tokens=16, logit_bias={"50256": -100},
            stream_options={"include_usage": True},
        ),
        product_id=1234,
    )
    (request,) = requests
    assert request.method == "POST"
    assert request.path == "/2/ai/1234/openai/v1/completions"
    assert request.headers["authorization"] == "Bearer sk-test-123"
    assert request.headers["content-type"].startswith("application/json")
    assert request.json() == {
        "model": "qwen3", "prompt": [[1, 2], [3]], "max_tokens": 16,
        "logit_bias": {"50256": -100}, "stream_options": {"include_usage": True},
    }
    assert result.choices[0].text == "Hello!"
    assert result.usage.total_tokens == 5


def test_infomaniak_product_id_per_call_wins(clean_env: pytest.MonkeyPatch) -> None:
    _, requests = _serve_once(
        "infomaniak", clean_env,
        lambda c: c.completions.create(model="m", prompt="Hi", product_id=99),
        product_id=1,
    )
    assert requests[0].path == "/2/ai/99/openai/v1/completions"


def test_infomaniak_product_id_missing_is_a_clear_error(clean_env: pytest.MonkeyPatch) -> None:
    package = import_from(GENERATED, "infomaniak")
    client = package.Client(api_key="k", base_url="http://127.0.0.1:9")
    with pytest.raises(package.RequestValidationError, match="product_id"):
        client.completions.create(model="m", prompt="Hi")


def test_nebius_request_on_the_wire(clean_env: pytest.MonkeyPatch) -> None:
    result, requests = _serve_once(
        "nebius", clean_env,
        lambda c: c.completions.create(
            model="meta-llama", prompt=[1, 2, 3], stop=["\n", "END"], service_tier="flex",
            temperature=None, user="u-1",
        ),
        ai_project_id="proj-7",
    )
    (request,) = requests
    assert request.path == "/v1/completions"
    assert request.query == [("ai_project_id", "proj-7")]
    assert request.headers["authorization"] == "Bearer sk-test-123"
    # temperature is nullable in Nebius's spec: an explicit None is sent as null.
    assert request.json() == {
        "model": "meta-llama", "prompt": [1, 2, 3], "stop": ["\n", "END"],
        "service_tier": "flex", "temperature": None, "user": "u-1",
    }
    assert result.service_tier.value == "default"
    assert result.usage.prompt_tokens == 3


def test_ionos_request_on_the_wire(clean_env: pytest.MonkeyPatch) -> None:
    result, requests = _serve_once(
        "ionos", clean_env,
        lambda c: c.completions.create(model="llama", prompt="Hello", stop=["."], n=2),
    )
    (request,) = requests
    assert request.path == "/v1/completions"
    assert request.query == []
    assert request.json() == {"model": "llama", "prompt": "Hello", "stop": ["."], "n": 2}
    assert result.id == "cmpl-1"
    assert result.choices[0].finish_reason == "stop"


def test_ionos_default_base_url_comes_from_the_spec(clean_env: pytest.MonkeyPatch) -> None:
    package = import_from(GENERATED, "ionos")
    client = package.Client(api_key="k")
    assert str(client.base_url).rstrip("/") == "https://openai.inference.de-txl.ionos.com"


@pytest.mark.parametrize("provider", ["infomaniak", "nebius"])
def test_manifest_base_url_when_the_spec_has_none(provider: str, clean_env: pytest.MonkeyPatch) -> None:
    package = import_from(GENERATED, provider)
    expected = {"infomaniak": "https://api.infomaniak.com", "nebius": "https://api.studio.nebius.com"}
    assert str(package.Client(api_key="k").base_url).rstrip("/") == expected[provider]


def test_wrong_argument_type_is_caught_before_sending(clean_env: pytest.MonkeyPatch) -> None:
    package = import_from(GENERATED, "nebius")
    with ScriptedServer([Reply(200, body=COMPLETION)]) as server:
        client = package.Client(api_key="k", base_url=server.url)
        with pytest.raises(package.RequestValidationError, match="max_tokens"):
            client.completions.create(model="m", prompt="x", max_tokens="many")
        with pytest.raises(package.RequestValidationError, match="service_tier"):
            client.completions.create(model="m", prompt="x", service_tier="platinum")
    assert server.requests == []


@pytest.mark.parametrize("provider", ["infomaniak", "ionos", "nebius"])
def test_a_completion_is_retried_after_a_502_without_a_key(provider: str, clean_env: pytest.MonkeyPatch) -> None:
    # the overlays mark completions x-codegen-retry-safe: openai-python's retries, no key the
    # provider never documented
    package = import_from(GENERATED, provider)
    with ScriptedServer([Reply(502), Reply(200, body=COMPLETION)]) as server:
        clean_env.setenv(f"{provider.upper()}_API_KEY", "sk-test-123")
        extra = {"product_id": 1} if provider == "infomaniak" else {}
        with package.Client(base_url=server.url, **extra) as client:
            client._sleep = lambda seconds: None
            assert client.completions.create(model="m", prompt="Hi").choices[0].text == "Hello!"
    first, second = server.requests
    assert first.json() == second.json()
    assert not [name for name in first.headers if "idempotency" in name]


# IONOS's document says its backend answers errors in an IONOS-native shape, not the declared
# OpenAI-style ErrorResponse: such a body is left unparsed, never a hollow ErrorResponse(error=None).
_IONOS_NATIVE = {"httpStatus": 429, "messages": [{"errorCode": "paas-rate-limit", "message": "Too many requests"}]}
_IONOS_DECLARED = {"error": {"message": "slow down", "type": "requests", "code": "429"}}


@pytest.mark.parametrize(("body", "parsed"), [(_IONOS_NATIVE, False), (_IONOS_DECLARED, True)])
def test_ionos_parsed_body_is_the_validated_model_or_none(
    body: dict[str, Any], parsed: bool, clean_env: pytest.MonkeyPatch
) -> None:
    package = import_from(GENERATED, "ionos")
    with (
        ScriptedServer([Reply(429, body=body)]) as server,
        package.Client(api_key="k", base_url=server.url, max_retries=0) as client,
        pytest.raises(package.RateLimitError) as caught,
    ):
        client.completions.create(model="m", prompt="x")
    error = caught.value
    assert error.body == body  # the decoded JSON either way
    if parsed:
        assert isinstance(error.parsed_body, package.models.ErrorResponse)
        assert error.parsed_as(package.models.ErrorResponse) is error.parsed_body
        assert error.parsed_body.error.message == "slow down"
    else:
        assert error.parsed_body is None
        assert error.parsed_as(package.models.ErrorResponse) is None
