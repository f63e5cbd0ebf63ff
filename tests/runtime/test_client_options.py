"""Client options as openai-python has them, on a generated provider client against a real
server on 127.0.0.1: `copy` / `with_options` sharing the connection pool, and
`with_streaming_response` leaving the body unread until asked (issue 14, item 3)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.support import COMPLETION, GENERATED, import_from
from tests.support.servers import Reply, ScriptedServer

JSON_PARTS = [b'{"id": "cmpl-1", "object": "text_completion", ', b'"created": 1, "model": "m", ',
              b'"choices": [{"index": 0, "text": "Hello!", "finish_reason": "stop"}]}']


@pytest.fixture
def infomaniak(clean_env: pytest.MonkeyPatch) -> Any:
    return import_from(GENERATED, "infomaniak")


def test_copy_changes_the_options_and_shares_the_pool(infomaniak: Any) -> None:
    with ScriptedServer([Reply(200, body=COMPLETION)], repeat_last=True) as server:
        client = infomaniak.Client(api_key="sk-1", base_url=server.url, product_id=7,
                                   default_headers={"X-A": "a"}, max_retries=0)
        quick = client.with_options(timeout=3.5, max_retries=4)
        other = client.copy(api_key="sk-2", product_id=8, default_headers={"X-B": "b"})
        assert type(quick) is infomaniak.Client and quick is not client
        assert quick._client is client._client is other._client  # one connection pool
        assert (quick.timeout, quick.max_retries) == (3.5, 4)
        assert (client.timeout.read, client.max_retries) == (600.0, 0)  # the original unchanged
        assert quick.api_key == "sk-1" and quick.client_params == {"product_id": 7}
        quick.completions.create(model="m", prompt="a")
        other.completions.create(model="m", prompt="b")
        other.close()  # the copy does not own the pool: the original still works
        client.completions.create(model="m", prompt="c")
        client.close()
    first, second, third = server.requests
    assert first.path == "/2/ai/7/openai/v1/completions"
    assert first.headers["authorization"] == "Bearer sk-1" and first.headers["x-a"] == "a"
    assert second.path == "/2/ai/8/openai/v1/completions"
    assert second.headers["authorization"] == "Bearer sk-2"
    assert (second.headers["x-a"], second.headers["x-b"]) == ("a", "b")  # merged
    assert third.path == "/2/ai/7/openai/v1/completions"
    assert server.connections == 1  # the copies reused the original's connection


def test_with_options_timeout_applies_to_the_copy_only(infomaniak: Any) -> None:
    with ScriptedServer([Reply(200, body=COMPLETION, delay=0.5)], repeat_last=True) as server:
        client = infomaniak.Client(api_key="k", base_url=server.url, product_id=1, max_retries=0)
        with pytest.raises(infomaniak.APITimeoutError):
            client.with_options(timeout=0.1).completions.create(model="m", prompt="a")
        assert client.completions.create(model="m", prompt="a").id == "cmpl-1"
        client.close()


def test_async_copy_shares_the_pool(infomaniak: Any) -> None:
    async def run(url: str) -> tuple[Any, Any]:
        client = infomaniak.AsyncClient(api_key="k", base_url=url, product_id=1)
        copy = client.with_options(max_retries=0, timeout=None)
        assert type(copy) is infomaniak.AsyncClient and copy._client is client._client
        assert copy.timeout is None and client.timeout is not None
        result = await copy.completions.create(model="m", prompt="a")
        await client.close()
        return result, copy

    with ScriptedServer([Reply(200, body=COMPLETION)]) as server:
        result, _ = asyncio.run(run(server.url))
    assert result.id == "cmpl-1"


def test_streaming_response_reads_the_body_only_when_asked(infomaniak: Any) -> None:
    # the server sends the first part of the body, then holds the connection open: a client
    # reading the body before returning would block until its timeout
    reply = Reply(200, headers={"Content-Type": "application/json"}, chunks=JSON_PARTS[:1],
                  hold_open=True)
    with ScriptedServer([reply]) as server:
        client = infomaniak.Client(api_key="k", base_url=server.url, product_id=1, max_retries=0,
                                   timeout=5.0)
        streaming = client.completions.with_streaming_response.create(model="m", prompt="a")
        assert server.requests == []  # nothing sent before the `with`
        with streaming as response:
            assert isinstance(response, infomaniak.APIResponse)
            assert response.status_code == 200
            assert not response.http_response.is_stream_consumed
            first = next(response.iter_bytes())
            assert first == JSON_PARTS[0]
            assert not response.is_closed
        assert response.is_closed  # leaving the block released the connection
        assert server.client_closed.wait(5)
        client.close()


def test_streaming_response_parse_and_read(infomaniak: Any) -> None:
    reply = Reply(200, headers={"Content-Type": "application/json"}, chunks=JSON_PARTS,
                  chunk_delay=0.05)
    with ScriptedServer([reply, reply]) as server:
        client = infomaniak.Client(api_key="k", base_url=server.url, product_id=1, max_retries=0)
        with client.completions.with_streaming_response.create(model="m", prompt="a") as response:
            assert not response.http_response.is_stream_consumed
            completion = response.parse()
            assert response.http_response.is_stream_consumed
        assert isinstance(completion, infomaniak.models.Completion)
        assert completion.choices[0].text == "Hello!"
        with client.completions.with_streaming_response.create(model="m", prompt="a") as response:
            assert response.read() == b"".join(JSON_PARTS)
            assert response.parse().id == "cmpl-1"
        client.close()


def test_async_streaming_response(infomaniak: Any) -> None:
    reply = Reply(200, headers={"Content-Type": "application/json"}, chunks=JSON_PARTS,
                  chunk_delay=0.05)

    async def run(url: str) -> tuple[list[bytes], str]:
        client = infomaniak.AsyncClient(api_key="k", base_url=url, product_id=1, max_retries=0)
        manager = client.completions.with_streaming_response.create(model="m", prompt="a")
        async with manager as response:
            assert isinstance(response, infomaniak.AsyncAPIResponse)
            assert not response.http_response.is_stream_consumed
            chunks = [chunk async for chunk in response.iter_bytes()]
        async with client.completions.with_streaming_response.create(model="m", prompt="b") as again:
            parsed = await again.parse()
        await client.close()
        return chunks, parsed.id

    with ScriptedServer([reply, reply]) as server:
        chunks, parsed_id = asyncio.run(run(server.url))
    assert b"".join(chunks) == b"".join(JSON_PARTS)
    assert parsed_id == "cmpl-1"


def test_streaming_response_error_status_still_raises(infomaniak: Any) -> None:
    with ScriptedServer([Reply(404, body={"error": {"message": "no model"}})]) as server:
        client = infomaniak.Client(api_key="k", base_url=server.url, product_id=1, max_retries=0)
        streaming = client.completions.with_streaming_response.create(model="m", prompt="a")
        with pytest.raises(infomaniak.NotFoundError) as raised, streaming:
            pass
        assert raised.value.body == {"error": {"message": "no model"}}
        client.close()


# -- a base URL ending in the prefix every operation shares (openai-python's `.../v1`) ----------


@pytest.mark.parametrize("provider", ["ionos", "nebius"])
@pytest.mark.parametrize("suffix", ["", "/", "/v1", "/v1/"])
def test_a_base_url_with_or_without_the_shared_prefix_reaches_the_same_path(
    provider: str, suffix: str, clean_env: pytest.MonkeyPatch
) -> None:
    package = import_from(GENERATED, provider)
    with (
        ScriptedServer([Reply(200, body=COMPLETION)]) as server,
        package.Client(api_key="k", base_url=server.url + suffix) as client,
    ):
        assert client.base_url == server.url + suffix  # shown as given
        client.completions.create(model="m", prompt="Hi")
    assert server.requests[0].path == "/v1/completions"


def test_a_base_url_from_the_environment_drops_the_prefix_too(clean_env: pytest.MonkeyPatch) -> None:
    package = import_from(GENERATED, "nebius")
    with ScriptedServer([Reply(200, body=COMPLETION)]) as server:
        clean_env.setenv("NEBIUS_BASE_URL", server.url + "/v1/")
        with package.Client(api_key="k") as client:
            client.completions.create(model="m", prompt="Hi")
    assert server.requests[0].path == "/v1/completions"


@pytest.mark.parametrize("kind", ["Client", "AsyncClient"])
def test_a_base_url_from_the_environment_is_refused_under_its_own_name(
    kind: str, clean_env: pytest.MonkeyPatch
) -> None:
    """A user who set `NEBIUS_BASE_URL=api.example.com` is told which setting is wrong (the
    variable), not `base_url=`, which they never passed; one they pass is checked as before."""
    package = import_from(GENERATED, "nebius")
    clean_env.setenv("NEBIUS_BASE_URL", "api.example.com/v1")
    with pytest.raises(ValueError, match=r"^NEBIUS_BASE_URL 'api.example.com/v1' cannot be "
                                         r"reached: it has no scheme \(https://api"):
        getattr(package, kind)(api_key="k")
    with pytest.raises(ValueError, match=r"^base_url 'ftp://x' cannot be reached"):
        getattr(package, kind)(api_key="k", base_url="ftp://x")


def test_a_refused_base_url_is_shown_as_given(clean_env: pytest.MonkeyPatch) -> None:
    """` https://api.example.com/v1` is refused for its leading space: the message showed it
    without the space (`base_url 'https://api.example.com/v1' cannot be reached: it is not
    an http:// or https:// URL`), contradicting itself."""
    package = import_from(GENERATED, "ionos")
    with pytest.raises(ValueError, match=r"^base_url ' https://api.example.com/v1' cannot be "):
        package.Client(api_key="k", base_url=" https://api.example.com/v1")


def test_async_client_drops_the_prefix_and_a_copy_keeps_doing_so(clean_env: pytest.MonkeyPatch) -> None:
    package = import_from(GENERATED, "ionos")

    async def run(url: str) -> None:
        async with package.AsyncClient(api_key="k", base_url=url + "/v1") as client:
            await client.completions.create(model="m", prompt="a")
            await client.with_options(timeout=5.0).completions.create(model="m", prompt="b")

    with ScriptedServer([Reply(200, body=COMPLETION)], repeat_last=True) as server:
        asyncio.run(run(server.url))
    assert [r.path for r in server.requests] == ["/v1/completions", "/v1/completions"]


@pytest.mark.parametrize(("suffix", "path"), [
    ("/v2", "/v2/v1/completions"),  # another segment: untouched
    ("/xv1", "/xv1/v1/completions"),  # whole segments only
    ("/v1/v1", "/v1/v1/completions"),  # dropped once, never twice
    ("/proxy", "/proxy/v1/completions"),
])
def test_a_base_url_ending_in_anything_else_is_used_as_given(
    suffix: str, path: str, clean_env: pytest.MonkeyPatch
) -> None:
    package = import_from(GENERATED, "ionos")
    with (
        ScriptedServer([Reply(200, body=COMPLETION)]) as server,
        package.Client(api_key="k", base_url=server.url + suffix) as client,
    ):
        client.completions.create(model="m", prompt="Hi")
    assert server.requests[0].path == path


def test_the_prefix_stops_at_a_placeholder(clean_env: pytest.MonkeyPatch) -> None:
    # Infomaniak's paths share only `/2/ai` before the `{product_id}` placeholder: that is the
    # prefix; a base URL ending in `/v1` (after the placeholder) stays as it is
    package = import_from(GENERATED, "infomaniak")
    assert package.Client._path_prefix == "/2/ai"
    with ScriptedServer([Reply(200, body=COMPLETION)], repeat_last=True) as server:
        for suffix in ("/2/ai", "/v1"):
            with package.Client(api_key="k", base_url=server.url + suffix, product_id=3) as client:
                client.completions.create(model="m", prompt="Hi")
    assert [r.path for r in server.requests] == [
        "/2/ai/3/openai/v1/completions", "/v1/2/ai/3/openai/v1/completions"]


# -- is_closed() as openai-python has it ------------------------------------------------------


def test_is_closed_on_both_clients(infomaniak: Any) -> None:
    client = infomaniak.Client(api_key="k", base_url="http://127.0.0.1:9", product_id=1)
    copy = client.with_options(timeout=1.0)
    assert (client.is_closed(), copy.is_closed()) == (False, False)
    client.close()
    assert (client.is_closed(), copy.is_closed()) == (True, True)  # the copy shares the pool

    async def run() -> tuple[bool, bool]:
        aclient = infomaniak.AsyncClient(api_key="k", base_url="http://127.0.0.1:9", product_id=1)
        before = aclient.is_closed()
        await aclient.close()
        return before, aclient.is_closed()

    assert asyncio.run(run()) == (False, True)


# -- with_options(x=None) unsets a client-level argument (user trial, item 4) ----------------------


def test_with_options_none_unsets_a_client_level_argument_but_keeps_credentials(
    clean_env: pytest.MonkeyPatch,
) -> None:
    nebius = import_from(GENERATED, "nebius")
    with ScriptedServer([Reply(200, body=COMPLETION)], repeat_last=True) as server:
        client = nebius.Client(api_key="sk-1", base_url=server.url, ai_project_id="p-1", max_retries=0)
        unset = client.with_options(ai_project_id=None, api_key=None)
        kept = client.with_options(max_retries=1)  # left out: kept
        assert unset.client_params == {"ai_project_id": None} and unset.api_key == "sk-1"
        assert kept.client_params == {"ai_project_id": "p-1"}
        unset.completions.create(model="m", prompt="a")
        unset.completions.create(model="m", prompt="b", ai_project_id="p-2")  # per call still works
        client.completions.create(model="m", prompt="c")  # the original unchanged
        client.close()
    first, second, third = server.requests
    assert first.query == [] and first.headers["authorization"] == "Bearer sk-1"
    assert second.query == [("ai_project_id", "p-2")]
    assert third.query == [("ai_project_id", "p-1")]


def test_a_path_backed_client_argument_unset_must_be_passed_per_call(infomaniak: Any) -> None:
    with ScriptedServer([Reply(200, body=COMPLETION)], repeat_last=True) as server:
        client = infomaniak.Client(api_key="k", base_url=server.url, product_id=7, max_retries=0)
        unset = client.with_options(product_id=None)
        with pytest.raises(infomaniak.RequestValidationError, match="product_id"):
            unset.completions.create(model="m", prompt="a")  # refused, never a path without it
        unset.completions.create(model="m", prompt="a", product_id=8)
        client.close()
    assert [r.path for r in server.requests] == ["/2/ai/8/openai/v1/completions"]


# -- client.default_headers (user trial, item 2) -------------------------------------------------


def test_default_headers_are_the_headers_sent_without_the_credentials(infomaniak: Any) -> None:
    secret = "sk-live-0123456789abcdef"
    client = infomaniak.Client(api_key=secret, base_url="http://127.0.0.1:9", product_id=1,
                               default_headers={"X-Team": "blue", "X-Api-Key": "extra-secret-42"})
    headers = client.default_headers
    assert dict(headers) == {"Accept": "application/json", "User-Agent": client.user_agent,
                             "X-Team": "blue", "X-Api-Key": "extra-secret-42"}
    assert headers["x-team"] == "blue" and "ACCEPT" in headers  # names in any case
    assert "Authorization" not in headers  # the client's own credential: not a default header
    shown = repr(headers) + str(headers)
    assert secret not in shown and "extra-secret-42" not in shown and "'X-Team': 'blue'" in shown
    with pytest.raises(TypeError):
        headers["X-Team"] = "red"  # type: ignore[index]  # read-only
    copy = client.with_options(default_headers={"X-Team": infomaniak.Omit(), "X-B": "b"})
    assert "X-Team" not in copy.default_headers and copy.default_headers["X-B"] == "b"
    client.close()


def test_default_headers_say_what_a_request_carries(infomaniak: Any) -> None:
    with ScriptedServer([Reply(200, body=COMPLETION)]) as server:
        client = infomaniak.Client(api_key="k", base_url=server.url, product_id=1, max_retries=0,
                                   default_headers={"X-Team": "blue"})
        client.completions.create(model="m", prompt="a")
        expected = {name.lower(): value for name, value in client.default_headers.items()}
        client.close()
    (request,) = server.requests
    assert {name: request.headers[name] for name in expected} == expected


# -- the server's request id on what a method returns (user trial, item 3) ------------------------


@pytest.mark.parametrize("header", ["x-request-id", "request-id"])
def test_a_returned_model_carries_the_request_id(infomaniak: Any, header: str) -> None:
    replies = [Reply(200, {header: "req-123"}, body=COMPLETION), Reply(200, body=COMPLETION)]
    with ScriptedServer(replies) as server:
        client = infomaniak.Client(api_key="k", base_url=server.url, product_id=1, max_retries=0)
        completion = client.completions.create(model="m", prompt="a")
        raw = client.completions.with_raw_response.create(model="m", prompt="a")
        client.close()
    assert completion._request_id == "req-123"
    assert "_request_id" not in completion.model_dump() and "req-123" not in repr(completion)
    assert raw.request_id is None and raw.parse()._request_id is None  # none sent: None
    assert completion == raw.parse()  # not a field: the same answer compares equal


def test_an_async_returned_model_carries_the_request_id(infomaniak: Any) -> None:
    async def run(url: str) -> tuple[Any, Any]:
        async with infomaniak.AsyncClient(api_key="k", base_url=url, product_id=1) as client:
            completion = await client.completions.create(model="m", prompt="a")
            raw = await client.completions.with_raw_response.create(model="m", prompt="a")
            return completion, await raw.parse()

    reply = Reply(200, {"x-request-id": "req-9"}, body=COMPLETION)
    with ScriptedServer([reply, reply]) as server:
        completion, parsed = asyncio.run(run(server.url))
    assert completion._request_id == parsed._request_id == "req-9"
