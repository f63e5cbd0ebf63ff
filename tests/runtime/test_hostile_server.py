"""A hostile server never crashes the client (issue 22.9): whatever it answers ends in the
client's own `APIError` family, as openai-python's does, never a bare `RecursionError`,
`ValueError` or the HTTP library's `InvalidURL`.

Every case runs the sync and the async client on both HTTP libraries against a scripted server
on 127.0.0.1, within a few seconds (`timeout`): a 2xx body, a streamed event and a raw response
nested 3,000 arrays deep (6 KB, past what Python's JSON decoder recurses), an SSE `retry:` of
5,000 digits (past Python's int-string limit), and redirects to schemes that are no HTTP URL.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from tests.support.runtime_harness import Api, completion_options, completion_spec
from tests.support.servers import Reply, ScriptedServer, sse

pytestmark = pytest.mark.timeout(30)

DEEP = "[" * 3000 + "]" * 3000
JSON = {"content-type": "application/json"}
EVENTS = {"content-type": "text/event-stream"}
CHUNK = {"id": "c1", "object": "text_completion", "created": 1, "model": "m",
         "choices": [{"index": 0, "text": "hi", "finish_reason": "stop"}]}


@pytest.mark.parametrize("target", ["model", "any"])
def test_a_success_body_nested_3000_deep_is_a_validation_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    target: str,
) -> None:
    server = serve([Reply(200, JSON, body=DEEP)], repeat_last=True)
    api = make_api(server)
    spec = completion_spec(pkg) if target == "model" else pkg.ResponseSpec(success={"200": object})
    with pytest.raises(pkg.APIResponseValidationError, match="nested too deeply") as info:
        api.call(spec, completion_options(pkg))
    assert info.value.response.status_code == 200
    assert len(server.requests) == 1  # the server answered: nothing is sent again


def test_a_raw_responses_json_nested_too_deeply_is_a_value_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    api = make_api(serve([Reply(200, JSON, body=DEEP)], repeat_last=True))
    raw = api.raw(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(ValueError, match="nested too deeply"):
        raw.json()
    with pytest.raises(pkg.APIResponseValidationError):
        raw.parse()


@pytest.mark.parametrize("event", [f"data: {DEEP}\n\n", f'data: {{"error": {DEEP}}}\n\n',
                                   f"event: message\ndata: {DEEP}\n\n"],
                         ids=["data", "error-key", "named"])
def test_a_stream_event_nested_3000_deep_is_a_validation_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    event: str,
) -> None:
    server = serve([Reply(200, EVENTS, chunks=sse(CHUNK, event))])
    with pytest.raises(pkg.APIResponseValidationError, match="nested too deeply"):
        make_api(server).stream(completion_spec(pkg), completion_options(pkg))


def test_an_error_event_nested_too_deeply_still_raises_the_stream_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(200, EVENTS, chunks=sse(f"event: error\ndata: {DEEP}\n\n"))])
    with pytest.raises(pkg.APIError, match="Error event in stream"):
        make_api(server).stream(completion_spec(pkg), completion_options(pkg))


def test_a_json_answer_to_a_stream_nested_too_deeply_is_a_validation_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """A server that ignores `stream=true` and answers one JSON document."""
    server = serve([Reply(200, JSON, body=DEEP)])
    with pytest.raises(pkg.APIResponseValidationError, match="nested too deeply"):
        make_api(server).stream(completion_spec(pkg), completion_options(pkg))


@pytest.mark.parametrize("retry", ["9" * 5000, "1" * 4301, "12x", "-5", ""])
def test_an_unreadable_retry_field_is_ignored(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    retry: str,
) -> None:
    server = serve([Reply(200, EVENTS, chunks=sse(f"retry: {retry}\n", CHUNK, CHUNK))])
    chunks = make_api(server).stream(completion_spec(pkg), completion_options(pkg))
    assert [chunk.id for chunk in chunks] == ["c1", "c1"]


def test_the_decoder_keeps_the_last_readable_retry(pkg: ModuleType) -> None:
    decoder = pkg.SSEDecoder()
    events = decoder.feed(b"retry: 1500\ndata: a\n\nretry: " + b"9" * 5000 + b"\ndata: b\n\n")
    assert [(e.data, e.retry) for e in events] == [("a", 1500), ("b", 1500)]


@pytest.mark.parametrize("location", ["mailto:someone@example.com", "data:text/plain,hello",
                                      "about:blank", "urn:isbn:0451450523", "file:///etc/passwd",
                                      "javascript:alert(1)", "http://[::1", "http://a:b:c/"])
@pytest.mark.parametrize("status", [302, 307])
def test_a_redirect_to_no_http_url_is_an_api_error_not_retried(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    location: str, status: int,
) -> None:
    server = serve([Reply(status, {"Location": location})], repeat_last=True)
    api = make_api(server, max_retries=2)
    with pytest.raises(pkg.APIError, match="Invalid redirect from the server") as info:
        api.call(completion_spec(pkg), completion_options(pkg, method="get"))
    assert not isinstance(info.value, pkg.APIConnectionError)  # the server answered
    assert len(server.requests) == 1 and api.sleeps == []


def test_a_redirect_to_no_http_url_in_a_stream_is_an_api_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(303, {"Location": "about:blank"})], repeat_last=True)
    with pytest.raises(pkg.APIError, match="Invalid redirect from the server"):
        make_api(server).stream(completion_spec(pkg), completion_options(pkg))
    assert len(server.requests) == 1
