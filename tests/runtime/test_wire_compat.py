"""Wire compatibility with the official `openai` package.

For the same call, the JSON body a generated client sends equals, value for value and type for
type, the body `openai.OpenAI().completions.create(...)` sends, for every parameter the
provider documents that OpenAI's `completions.create` also has. Both clients talk to the same
capture server (`servers.ScriptedServer`); the openai client's base URL is the provider's path
prefix, since it posts to `<base_url>/completions`.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
from typing import Any

import openai
import pytest

from tests.support import COMPLETION, GENERATED, PROVIDERS, import_from
from tests.support.prism import Operation, operation, python_name, sample
from tests.support.servers import Recorded, Reply, ScriptedServer, sse

MODES = ("sync", "async")
API_KEY = "sk-wire-0123456789"

#: request options of the SDKs, not parameters of the API
SDK_OPTIONS = frozenset({"self", "extra_headers", "extra_query", "extra_body", "timeout"})

#: the values of the operation's parameters (not body properties) for both clients
PARAMETERS: dict[str, dict[str, Any]] = {
    "infomaniak": {"product_id": 1234},
    "ionos": {},
    "nebius": {"ai_project_id": "project-e0t1v2"},
}


def openai_parameters() -> frozenset[str]:
    signature = inspect.signature(openai.resources.completions.Completions.create)
    async_signature = inspect.signature(openai.resources.completions.AsyncCompletions.create)
    assert set(signature.parameters) == set(async_signature.parameters)
    return frozenset(signature.parameters) - SDK_OPTIONS


def shared(provider: str) -> frozenset[str]:
    """Body properties the provider documents that `openai` completions.create also takes."""
    return frozenset(operation(provider).body_properties) & openai_parameters()


@functools.cache
def package(provider: str) -> Any:
    return import_from(GENERATED, provider)


def cases(provider: str) -> list[tuple[str, dict[str, Any]]]:
    """(case id, shared-parameter kwargs): every shared parameter once with a valid value,
    every union branch (prompt, stop), streaming with stream_options, and null where allowed."""
    op = operation(provider)
    names = sorted(shared(provider))
    plain = {n: sample(op, n) for n in names if n not in ("stream", "stream_options")}
    result = [("all", plain)]
    for name in names:
        variants = op.variants(name)
        for shape in variants[1:]:
            result.append((f"{name}={shape}", {**plain, name: sample(op, name, shape)}))
    if "stream" in names:
        streaming = {**plain, "stream": True}
        if "stream_options" in names:
            streaming["stream_options"] = sample(op, "stream_options")
        result.append(("stream", streaming))
    nullable = [n for n in names if op.nullable(n) and n != "stream"]
    if nullable:
        result.append(("nulls", {**plain, **{n: None for n in nullable}}))
    return result


ALL_CASES = [(provider, case_id) for provider in PROVIDERS for case_id, _ in cases(provider)]


def prefix(op: Operation, provider: str) -> str:
    """The path before `/completions`, parameters filled in: the openai client's base URL."""
    path = op.path
    for name, value in PARAMETERS[provider].items():
        path = path.replace("{" + name + "}", str(value))
    assert path.endswith("/completions")
    return path.removesuffix("/completions")


def query_parameters(op: Operation, provider: str) -> dict[str, Any]:
    return {
        name: value
        for name, value in PARAMETERS[provider].items()
        if op.parameters[name]["in"] == "query"
    }


def send_both(provider: str, mode: str, kwargs: dict[str, Any]) -> tuple[Recorded, Recorded]:
    """The request the openai client sends, and the generated client's, for `kwargs`."""
    op = operation(provider)
    pkg = package(provider)
    streaming = kwargs.get("stream") is True
    reply = (
        Reply(200, {"Content-Type": "text/event-stream"}, chunks=sse(COMPLETION))
        if streaming
        else Reply(200, body=COMPLETION)
    )
    generated_kwargs = {python_name(k): v for k, v in kwargs.items()} | PARAMETERS[provider]
    with ScriptedServer([reply], repeat_last=True) as server:
        openai_options = {
            "api_key": API_KEY,
            "base_url": server.url + prefix(op, provider),
            "max_retries": 0,
        }
        openai_query = query_parameters(op, provider) or None
        options = {"api_key": API_KEY, "base_url": server.url, "max_retries": 0}
        if mode == "sync":
            with openai.OpenAI(**openai_options) as reference:
                result = reference.completions.create(**kwargs, extra_query=openai_query)
                if streaming:
                    assert [c.choices[0].text for c in result] == ["Hello!"]
                else:
                    assert result.choices[0].text == "Hello!"
            with pkg.Client(**options) as client:
                result = client.completions.create(**generated_kwargs)
                if streaming:
                    assert [c.choices[0].text for c in result] == ["Hello!"]
                else:
                    assert result.choices[0].text == "Hello!"
        else:

            async def run() -> None:
                async with openai.AsyncOpenAI(**openai_options) as reference:
                    result = await reference.completions.create(**kwargs, extra_query=openai_query)
                    if streaming:
                        assert [c.choices[0].text async for c in result] == ["Hello!"]
                    else:
                        assert result.choices[0].text == "Hello!"
                async with pkg.AsyncClient(**options) as client:
                    result = await client.completions.create(**generated_kwargs)
                    if streaming:
                        assert [c.choices[0].text async for c in result] == ["Hello!"]
                    else:
                        assert result.choices[0].text == "Hello!"

            asyncio.run(run())
    reference_request, generated_request = server.requests
    return reference_request, generated_request


def typed(value: Any) -> Any:
    """A JSON value with every scalar tagged by its JSON type: `3` and `3.0` differ on the wire."""
    if isinstance(value, dict):
        return {key: typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [typed(item) for item in value]
    return (type(value).__name__, value)


# -- the comparison covers every shared parameter ---------------------------------------------


@pytest.mark.parametrize("provider", PROVIDERS)
def test_cases_cover_every_shared_parameter(provider: str) -> None:
    covered = set().union(*(kwargs for _, kwargs in cases(provider)))
    assert covered == shared(provider)
    # and what is shared is at least what all three documents and OpenAI have in common
    assert {
        "model",
        "prompt",
        "max_tokens",
        "temperature",
        "top_p",
        "n",
        "stop",
        "stream",
        "stream_options",
        "presence_penalty",
        "frequency_penalty",
        "logit_bias",
        "user",
    } <= shared(provider)


def test_the_shared_parameters() -> None:
    """Pinned, so that a spec or openai update that changes the overlap is noticed."""
    assert {p: sorted(openai_parameters() - shared(p)) for p in PROVIDERS} == {
        "infomaniak": ["suffix"],
        "ionos": ["best_of", "echo", "logprobs", "seed", "suffix"],
        "nebius": ["best_of", "seed", "suffix"],
    }


# -- the bodies ----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("provider", "case_id"), ALL_CASES)
def test_same_body_as_the_openai_package(provider: str, case_id: str, mode: str) -> None:
    kwargs = dict(cases(provider))[case_id]
    reference, generated = send_both(provider, mode, kwargs)
    assert generated.method == reference.method == "POST"
    assert generated.path == reference.path
    assert generated.query == reference.query
    assert generated.headers["content-type"] == reference.headers["content-type"]
    assert generated.headers["authorization"] == reference.headers["authorization"]
    assert generated.json() == reference.json()
    assert set(reference.json()) == set(kwargs)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_same_json_number_types_as_the_openai_package(provider: str) -> None:
    """`3` stays `3`: an integer the caller passes for a `type: number` property must not go
    out as `3.0` (equal after json.loads in Python, but not to a server decoding into an int:
    Go's encoding/json, for one, rejects `3.0` for an int field). The openai package sends
    what it is given."""
    kwargs = dict(cases(provider))["all"]
    reference, generated = send_both(provider, "sync", kwargs)
    different = {
        key: (reference.json()[key], generated.json()[key])
        for key in reference.json()
        if typed(reference.json()[key]) != typed(generated.json().get(key))
    }
    assert not different, f"(openai, generated) bodies differ in JSON number types: {different}"
