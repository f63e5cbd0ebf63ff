"""Tests of the hand-written runtime (templates/runtime), against scripted local servers.

Every test runs for both HTTP libraries (httpx, httpx2) and, where it talks to a server, for
both the sync and the async client.
"""

from __future__ import annotations

import email.utils
import json
import logging
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.support.runtime_harness import (
    VARIANTS,
    Api,
    completion_options,
    completion_spec,
)
from tests.support.servers import Reply, ScriptedServer, sse

pytestmark = pytest.mark.timeout(20)

KEY = "sk-test-SECRET-0123456789"

COMPLETION = {
    "id": "cmpl-1",
    "object": "text_completion",
    "created": 1700000000,
    "model": "m",
    "choices": [{"index": 0, "text": "hello", "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3},
}


def chunk(text: str, index: int = 0, **extra: Any) -> dict[str, Any]:
    return {
        "id": "cmpl-1",
        "object": "text_completion",
        "created": 1,
        "model": "m",
        "choices": [{"index": index, "text": text, "finish_reason": None}],
        **extra,
    }


def err(message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"message": message, "type": "invalid_request_error", **extra}}


# -- fixtures ------------------------------------------------------------------------------


# -- package shape -------------------------------------------------------------------------


def test_http_is_the_only_module_importing_the_library(pkg: ModuleType) -> None:
    folder = Path(pkg.__file__).parent
    for path in folder.glob("_*.py"):
        text = path.read_text()
        if path.name == "_http.py":
            assert text.count("as _lib") == 1
            continue
        assert "import httpx" not in text, path.name
        assert "from httpx" not in text, path.name


def test_package_uses_the_variant(pkg: ModuleType) -> None:
    assert pkg._http.LIBRARY in VARIANTS
    assert pkg.__name__.split("_")[1] == pkg._http.LIBRARY


def test_sentinels(pkg: ModuleType) -> None:
    assert not pkg.NOT_GIVEN
    assert repr(pkg.NOT_GIVEN) == "NOT_GIVEN"
    assert pkg.NotGiven() is pkg.NOT_GIVEN
    assert not pkg.omit
    assert repr(pkg.Omit()) == "omit"


# -- success path and request building -----------------------------------------------------


def test_json_request_and_parsed_response(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server)
    result = api.call(completion_spec(pkg), completion_options(pkg))
    assert isinstance(result, pkg.models.Completion)
    assert result.choices[0].finish_reason is pkg.models.FinishReason.stop
    (req,) = server.requests
    assert req.method == "POST"
    assert req.path == "/v1/completions"
    assert req.headers["authorization"] == f"Bearer {KEY}"
    assert req.headers["content-type"] == "application/json"
    assert req.headers["accept"] == "application/json"
    assert "user-agent" in req.headers
    assert req.body == b'{"model":"m","prompt":"hi"}'


def test_no_auth_header_without_key(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server, api_key=None)
    api.call(completion_spec(pkg), completion_options(pkg))
    assert "authorization" not in server.requests[0].headers


def test_extra_headers_query_body_and_omit(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(
        server,
        default_headers={"X-Default": "d", "X-Gone": "g"},
        default_query={"api-version": "1"},
    )
    options = completion_options(
        pkg,
        query={"tag": ["a", "b"], "n": 2, "flag": True},
        headers={"X-Op": "op"},
        cookies={"session": "s1", "prefs": 'a b;c=d,"é"%'},
        extra_headers={"X-Extra": "e", "X-Gone": pkg.Omit(), "user-agent": pkg.omit},
        extra_query={"n": 3, "extra": "q"},
        extra_body={"prompt": "override", "echo": True, "unicode": "héllo"},
    )
    api.call(completion_spec(pkg), options)
    (req,) = server.requests
    assert req.query == [
        ("api-version", "1"),
        ("tag", "a"),
        ("tag", "b"),
        ("n", "3"),
        ("flag", "true"),
        ("extra", "q"),
    ]
    assert req.headers["x-default"] == "d"
    assert req.headers["x-op"] == "op"
    assert req.headers["x-extra"] == "e"
    # one value stays one cookie: what RFC 6265 does not allow in a value is percent-encoded
    assert req.headers["cookie"] == "session=s1; prefs=a%20b%3Bc=d%2C%22%C3%A9%22%25"
    assert "x-gone" not in req.headers
    assert "user-agent" not in req.headers
    assert req.json() == {"model": "m", "prompt": "override", "echo": True, "unicode": "héllo"}
    assert "héllo".encode() in req.body  # ensure_ascii=False


def test_base_url_path_prefix_kept(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server, base_url=server.url + "/prefix/v1/")
    api.call(completion_spec(pkg), completion_options(pkg, path="/models/a%2Fb"))
    assert server.requests[0].target == "/prefix/v1/models/a%2Fb"


def test_form_content_and_multipart(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve(
        [Reply(200, body="ok", headers={"Content-Type": "text/plain"})], repeat_last=True
    )
    api = make_api(server)
    spec = pkg.ResponseSpec(success={"200": str})
    assert api.call(spec, completion_options(pkg, json_body=pkg.NOT_GIVEN, form={"a": "1"})) == "ok"
    api.call(
        spec,
        completion_options(
            pkg, json_body=pkg.NOT_GIVEN, content="raw text", content_type="text/plain"
        ),
    )
    api.call(
        spec,
        completion_options(
            pkg,
            json_body={"purpose": "fine-tune"},
            files={"file": ("data.jsonl", b'{"x":1}\n', "application/jsonl")},
        ),
    )
    form, raw, multipart = server.requests
    assert form.body == b"a=1"
    assert form.headers["content-type"] == "application/x-www-form-urlencoded"
    assert raw.body == b"raw text"
    assert raw.headers["content-type"] == "text/plain"
    assert multipart.headers["content-type"].startswith("multipart/form-data; boundary=")
    assert b'filename="data.jsonl"' in multipart.body
    assert b"fine-tune" in multipart.body


def test_text_bytes_and_empty_bodies(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve(
        [
            Reply(200, body=b"\x00\x01", headers={"Content-Type": "application/octet-stream"}),
            Reply(200, body="plain", headers={"Content-Type": "text/plain"}),
            Reply(204),
            Reply(200, body={"a": [1]}),
        ]
    )
    api = make_api(server)
    options = completion_options(pkg)
    assert api.call(pkg.ResponseSpec(success={"2XX": bytes}), options) == b"\x00\x01"
    assert api.call(pkg.ResponseSpec(success={"default": str}), options) == "plain"
    assert api.call(pkg.ResponseSpec(success={"204": None}), options) is None
    assert api.call(pkg.ResponseSpec(success={"200": dict[str, list[int]]}), options) == {"a": [1]}


def test_invalid_json_body_raises_validation_error(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(200, body="{not json", headers={"Content-Type": "application/json"})])
    api = make_api(server)
    with pytest.raises(pkg.APIResponseValidationError) as info:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert info.value.status_code == 200


# -- tolerant parsing ----------------------------------------------------------------------


def test_tolerant_parsing(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    body = {
        "id": "cmpl-2",
        "created": 1,
        # "model" (required) is missing
        "choices": [
            {"index": 0, "text": "x", "finish_reason": "content_filter", "logprobs": {"a": 1}}
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2, "cached": 7},
        "system_fingerprint": "fp_1",
    }
    server = serve([Reply(200, body=body)])
    api = make_api(server)
    result = api.call(completion_spec(pkg), completion_options(pkg))
    assert isinstance(result, pkg.models.Completion)
    assert result.model is None
    assert result.system_fingerprint == "fp_1"
    assert result.model_extra == {"system_fingerprint": "fp_1"}
    choice = result.choices[0]
    assert isinstance(choice, pkg.models.Choice)
    assert choice.finish_reason == "content_filter"
    assert type(choice.finish_reason) is str
    assert choice.logprobs == {"a": 1}
    assert isinstance(result.usage, pkg.models.Usage)
    assert result.usage.cached == 7
    assert result.object == "text_completion"  # default still applied


def test_lenient_construct_unions_and_lists(pkg: ModuleType) -> None:
    from typing import Optional, Union

    m = pkg.models
    construct = pkg._parse.construct
    built = construct([{"index": 0, "text": "t", "finish_reason": "weird"}], list[m.Choice])
    assert isinstance(built[0], m.Choice)
    assert built[0].finish_reason == "weird"
    assert construct({"index": 1}, Optional[m.Choice]).text is None  # noqa: UP045
    union = Union[m.Usage, m.Choice]  # noqa: UP007
    assert isinstance(construct({"index": 1, "text": "a", "finish_reason": "x"}, union), m.Choice)
    assert construct({"k": {"index": 2, "text": "b"}}, dict[str, m.Choice])["k"].index == 2
    assert construct("stop", m.FinishReason) is m.FinishReason.stop
    assert construct(None, m.Choice) is None


# -- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "error_name"),
    [
        (400, "BadRequestError"),
        (401, "AuthenticationError"),
        (403, "PermissionDeniedError"),
        (404, "NotFoundError"),
        (422, "UnprocessableEntityError"),
    ],
)
def test_no_retry_on_4xx_typed_errors(
    pkg: ModuleType,
    serve: Callable[..., ScriptedServer],
    make_api: Callable[..., Api],
    status: int,
    error_name: str,
) -> None:
    if status == 422:
        body: Any = {"detail": [{"loc": ["body", "prompt"], "msg": "field required", "type": "m"}]}
    else:
        body = err(f"bad thing {status}", code="some_code")
    server = serve([Reply(status, body=body, headers={"x-request-id": "req-42"})])
    api = make_api(server)
    with pytest.raises(pkg.APIStatusError) as info:
        api.call(completion_spec(pkg), completion_options(pkg))
    exc = info.value
    assert type(exc) is getattr(pkg, error_name)
    assert len(server.requests) == 1
    assert api.sleeps == []
    assert exc.status_code == status
    assert exc.request_id == "req-42"
    assert exc.headers["x-request-id"] == "req-42"
    assert str(status) in str(exc)
    assert exc.body == body  # the decoded JSON, whatever the status; the model beside it
    if status == 422:
        assert isinstance(exc.parsed_body, pkg.models.HTTPValidationError)
        assert exc.parsed_as(pkg.models.HTTPValidationError) is exc.parsed_body
        assert exc.parsed_as(pkg.models.ErrorResponse) is None
        assert exc.parsed_body.detail[0].msg == "field required"
        assert "field required" in str(exc)
    else:
        assert isinstance(exc.parsed_body, pkg.models.ErrorResponse)
        assert exc.parsed_body.error.message == f"bad thing {status}"
        assert exc.message == f"Error code: {status} - bad thing {status}"
        assert exc.code == "some_code"
        assert exc.type == "invalid_request_error"


def test_error_body_not_json_kept_as_text(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(404, body="<html>nope</html>", headers={"Content-Type": "text/html"})])
    api = make_api(server)
    with pytest.raises(pkg.NotFoundError) as info:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert info.value.body == "<html>nope</html>"
    assert "nope" in str(info.value)


def test_error_body_without_documented_schema_is_json(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(409, body={"error": "conflict!"}, headers={"x-should-retry": "false"})])
    api = make_api(server)
    with pytest.raises(pkg.ConflictError) as info:
        api.call(pkg.ResponseSpec(success={"200": dict}), completion_options(pkg))
    assert info.value.body == {"error": "conflict!"}
    assert str(info.value) == "Error code: 409 - conflict!"
    assert len(server.requests) == 1


# -- retries -------------------------------------------------------------------------------


def test_retry_429_with_retry_after_then_200(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve(
        [
            Reply(429, body=err("slow down"), headers={"Retry-After": "2"}),
            Reply(200, body=COMPLETION),
        ]
    )
    api = make_api(server)
    options = completion_options(pkg, json_body={"model": "m", "prompt": "ünï", "n": [1, 2]})
    raw = api.raw(completion_spec(pkg), options)
    assert raw.retries_taken == 1
    assert api.sleeps == [2.0]
    first, second = server.requests
    assert first.body == second.body == b'{"model":"m","prompt":"\xc3\xbcn\xc3\xaf","n":[1,2]}'
    assert isinstance(raw.parse(), pkg.models.Completion)


def test_retry_after_real_delay_is_honoured(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(429, headers={"Retry-After": "1"}), Reply(200, body=COMPLETION)])
    api = make_api(server)
    api.real_sleep()
    started = time.monotonic()
    api.call(completion_spec(pkg), completion_options(pkg))
    elapsed = time.monotonic() - started
    assert 1.0 <= elapsed < 3.0
    gap = server.requests[1].time - server.requests[0].time
    assert 1.0 <= gap < 3.0


def test_retry_after_ms_and_http_date(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    date = email.utils.formatdate(time.time() + 30, usegmt=True)
    server = serve(
        [
            Reply(503, headers={"retry-after-ms": "250", "Retry-After": "9"}),
            Reply(503, headers={"Retry-After": date}),
            Reply(200, body=COMPLETION),
        ]
    )
    api = make_api(server, max_retries=3)
    api.call(completion_spec(pkg), completion_options(pkg))
    assert api.sleeps[0] == 0.25
    assert 27 < api.sleeps[1] <= 30


def test_retry_after_zero_or_unreadable_falls_back_to_backoff(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve(
        [Reply(429, headers={"Retry-After": "soon"}), Reply(429, headers={"Retry-After": "0"})]
        + [Reply(200, body=COMPLETION)]
    )
    api = make_api(server)
    api.call(completion_spec(pkg), completion_options(pkg))
    assert 0.375 <= api.sleeps[0] <= 0.5
    assert 0.75 <= api.sleeps[1] <= 1.0


def test_retry_after_beyond_the_cap_is_not_waited_for_nor_retried(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(429, headers={"Retry-After": "3600"}), Reply(200, body=COMPLETION)])
    api = make_api(server)
    with pytest.raises(pkg.RateLimitError) as info:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert len(server.requests) == 1 and api.sleeps == []
    assert info.value.retry_after == 3600.0


def test_529_overloaded_after_retries(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(529, body=err("Overloaded"))], repeat_last=True)
    api = make_api(server)
    with pytest.raises(pkg.OverloadedError) as info:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert isinstance(info.value, pkg.InternalServerError)
    assert info.value.status_code == 529
    assert len(server.requests) == 3
    assert len(api.sleeps) == 2
    assert all(0 < s <= 8 for s in api.sleeps)
    assert "Overloaded" in str(info.value)


def test_500_retried_then_success_and_per_call_max_retries(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(500, body="boom"), Reply(200, body=COMPLETION), Reply(500, body="x")])
    api = make_api(server)
    assert api.call(completion_spec(pkg), completion_options(pkg)).id == "cmpl-1"
    with pytest.raises(pkg.InternalServerError):
        api.call(completion_spec(pkg), completion_options(pkg, max_retries=0))
    assert len(server.requests) == 3


def test_backoff_schedule(pkg: ModuleType) -> None:
    delay = pkg._base_client.retry_delay
    assert [delay(n, None, lambda: 0.0) for n in range(6)] == [0.5, 1, 2, 4, 8, 8]
    assert delay(0, None, lambda: 1.0) == 0.375


def test_x_should_retry_overrides(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve(
        [
            Reply(400, body=err("retry me"), headers={"x-should-retry": "true"}),
            Reply(200, body=COMPLETION),
            Reply(503, body=err("do not"), headers={"x-should-retry": "false"}),
        ]
    )
    api = make_api(server)
    api.call(completion_spec(pkg), completion_options(pkg))
    assert len(server.requests) == 2
    with pytest.raises(pkg.InternalServerError):
        api.call(completion_spec(pkg), completion_options(pkg))
    assert len(server.requests) == 3


def test_connection_reset_retried_then_connection_error(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(reset=True)], repeat_last=True)
    api = make_api(server)
    with pytest.raises(pkg.APIConnectionError) as info:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert not isinstance(info.value, pkg.APITimeoutError)
    assert isinstance(info.value.__cause__, pkg._http.HTTPError)
    assert len(server.requests) == 3
    assert len(api.sleeps) == 2


def test_connection_reset_then_success(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(reset=True), Reply(200, body=COMPLETION)])
    api = make_api(server)
    assert api.call(completion_spec(pkg), completion_options(pkg)).id == "cmpl-1"
    assert server.requests[0].body == server.requests[1].body


def test_connection_refused(pkg: ModuleType, make_api: Callable[..., Api]) -> None:
    server = ScriptedServer([])
    server.stop()  # a port nobody listens on
    api = make_api(server, max_retries=1)
    with pytest.raises(pkg.APIConnectionError) as info:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert "ConnectError" in str(info.value)


def test_timeout_per_call(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(200, body=COMPLETION, delay=5)], repeat_last=True)
    api = make_api(server)
    started = time.monotonic()
    with pytest.raises(pkg.APITimeoutError) as info:
        api.call(completion_spec(pkg), completion_options(pkg, timeout=0.2, max_retries=1))
    assert time.monotonic() - started < 2
    assert len(server.requests) == 2
    # which timeout ran out, its value and the attempts: what a caller needs to raise
    assert str(info.value) == "Request timed out (read timeout of 0.2 s, 2 attempts)."


def test_client_timeout_default(pkg: ModuleType) -> None:
    client = pkg.SyncAPIClient(base_url="http://127.0.0.1:9", api_key=None)
    try:
        assert client.timeout == pkg._http.Timeout(600, connect=5)
        assert client.max_retries == 2
    finally:
        client.close()


# -- raw responses -------------------------------------------------------------------------


def test_raw_response(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    headers = {
        "x-request-id": "req-1",
        "x-ratelimit-remaining": "41",
        "x-ratelimit-reset": "1.5",
        "x-model": "m",
    }
    server = serve(
        [
            Reply(200, body=COMPLETION, headers=headers),
            Reply(200, body=COMPLETION, headers={"x-ratelimit-remaining": "lots"}),
        ]
    )
    api = make_api(server)
    raw = api.raw(completion_spec(pkg), completion_options(pkg))
    assert isinstance(raw, pkg.APIResponse)
    assert raw.status_code == 200
    assert raw.request_id == "req-1"
    assert raw.headers["x-model"] == "m"
    assert raw.typed_headers == {
        "x-ratelimit-remaining": 41,
        "x-ratelimit-reset": 1.5,
        "x-model": "m",
    }
    assert raw.json()["id"] == "cmpl-1"
    assert json.loads(raw.text) == COMPLETION
    parsed = raw.parse()
    assert parsed is raw.parse()
    assert isinstance(parsed, pkg.models.Completion)
    raw2 = api.raw(completion_spec(pkg), completion_options(pkg))
    assert raw2.typed_headers == {"x-ratelimit-remaining": "lots"}


# -- streaming -----------------------------------------------------------------------------


def _stream_server(serve: Callable[..., ScriptedServer], chunks: list[bytes], **kw: Any) -> Any:
    return serve([Reply(200, chunks=chunks, **kw)])


def test_stream_normal_with_done(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = _stream_server(
        serve,
        sse(chunk("a"), chunk("b"))
        + [b"data: " + json.dumps(chunk("after done")).encode() + b"\n\n"],
        chunk_delay=0.01,
    )
    api = make_api(server)
    chunks = api.stream(completion_spec(pkg), completion_options(pkg))
    assert [c.choices[0].text for c in chunks] == ["a", "b"]
    assert all(isinstance(c, pkg.models.Completion) for c in chunks)
    assert server.requests[0].headers["accept"] == "text/event-stream"


def test_stream_answered_with_plain_json_yields_that_document(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    """A server that ignores `stream=true` and answers with one JSON document: that document
    is the stream's one chunk (not an empty stream), and an error document still raises."""
    server = serve(
        [
            Reply(200, body=chunk("whole")),
            Reply(200, body={"error": {"message": "quota exceeded", "code": 429}}),
        ]
    )
    api = make_api(server)
    chunks = api.stream(completion_spec(pkg), completion_options(pkg))
    assert [c.choices[0].text for c in chunks] == ["whole"]
    assert isinstance(chunks[0], pkg.models.Completion)
    assert server.requests[0].headers["accept"] == "text/event-stream"
    with pytest.raises(pkg.RateLimitError, match="quota exceeded"):
        api.stream(completion_spec(pkg), completion_options(pkg))


def test_stream_decoding_features(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    multi = json.dumps(chunk("multi"), indent=1).split("\n")
    body = (
        "\ufeff: keep-alive\r\n\r\n"
        "event: completion\r\nid: 7\r\nretry: 1000\r\n"
        + "".join(f"data: {line}\r\n" for line in multi)
        + "\r\n"
        + ": ping\n\n"
        + "data:"
        + json.dumps(chunk("lf"))
        + "\n\n"
        + "data: "
        + json.dumps(chunk("cr"))
        + "\r\r"
        + "data: "
        + json.dumps({**chunk("usage"), "choices": [], "usage": COMPLETION["usage"]})
        + "\n\n"
        + "data: [DONE]\n\n"
    ).encode()
    # split in awkward places (inside the BOM, between CR and LF, mid-field)
    pieces = [body[:2], body[2:40], body[40:41]] + [
        body[i : i + 7] for i in range(41, len(body), 7)
    ]
    server = _stream_server(serve, pieces)
    api = make_api(server)
    chunks = api.stream(completion_spec(pkg), completion_options(pkg))
    assert [c.choices[0].text for c in chunks[:3]] == ["multi", "lf", "cr"]
    assert chunks[3].choices == []
    assert chunks[3].usage.total_tokens == 3


def test_sse_decoder_unit(pkg: ModuleType) -> None:
    decoder = pkg.SSEDecoder()
    events = []
    for piece in [b"\xef\xbb", b"\xbfevent: e\r", b"\ndata: a\ndata:  b\nid: 1\n", b"\n: c\n\n"]:
        events += decoder.feed(piece)
    assert events == [pkg.ServerSentEvent(data="a\n b", event="e", id="1")]
    assert decoder.feed(b"data: x\n") == []  # not dispatched without the blank line
    assert decoder.flush() == []


def test_stream_error_event_mid_stream(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = _stream_server(
        serve, sse(chunk("a"), {"error": {"message": "quota exceeded", "code": 429}})
    )
    api = make_api(server)
    with pytest.raises(pkg.RateLimitError) as info:
        api.stream(completion_spec(pkg), completion_options(pkg))
    assert info.value.status_code == 429
    assert "quota exceeded" in str(info.value)


def test_stream_error_without_status_is_api_error(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = _stream_server(serve, sse({"error": {"message": "model crashed", "code": "boom"}}))
    api = make_api(server)
    with pytest.raises(pkg.APIError) as info:
        api.stream(completion_spec(pkg), completion_options(pkg))
    assert type(info.value) is pkg.APIError
    assert "model crashed" in str(info.value)


def test_stream_event_error_line(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = _stream_server(serve, sse(chunk("a"), "event: error\ndata: upstream died\n\n"))
    api = make_api(server)
    with pytest.raises(pkg.APIError, match="upstream died"):
        api.stream(completion_spec(pkg), completion_options(pkg))


def test_stream_malformed_json(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = _stream_server(serve, sse(chunk("a"), 'data: {"id": "x", "choices": [\n\n'))
    api = make_api(server)
    with pytest.raises(pkg.APIError, match="Malformed JSON in server-sent event data"):
        api.stream(completion_spec(pkg), completion_options(pkg))


def test_stream_cut_midway_raises_connection_error(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = _stream_server(serve, sse(chunk("a"), chunk("b"), chunk("c")), cut_after=2)
    api = make_api(server)
    with pytest.raises(pkg.APIConnectionError, match="before \\[DONE\\]"):
        api.stream(completion_spec(pkg), completion_options(pkg))


def test_stream_clean_eof_without_done_ends(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = _stream_server(serve, sse(chunk("a"), done=False))
    api = make_api(server)
    chunks = api.stream(completion_spec(pkg), completion_options(pkg))
    assert [c.choices[0].text for c in chunks] == ["a"]


def test_stream_early_break_closes_connection(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = _stream_server(serve, sse(chunk("a"), chunk("b"), done=False), hold_open=True)
    api = make_api(server)
    chunks = api.stream(completion_spec(pkg), completion_options(pkg), limit=1)
    assert len(chunks) == 1
    assert server.client_closed.wait(5)


def test_stream_context_manager_closes_connection(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = _stream_server(serve, sse(chunk("a"), chunk("b"), done=False), hold_open=True)
    api = make_api(server)
    chunks = api.stream_with(completion_spec(pkg), completion_options(pkg), limit=1)
    assert len(chunks) == 1
    assert server.client_closed.wait(5)


def test_stream_close_closes_connection(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api], kind: str
) -> None:
    # openai-python's `stream.close()`, awaited on AsyncStream (an alias of its aclose())
    server = _stream_server(serve, sse(chunk("a"), chunk("b"), done=False), hold_open=True)
    api = make_api(server)

    async def first_then_close() -> str:
        stream = await api.client.request(completion_spec(pkg), completion_options(pkg), stream=True)
        first = await stream.__anext__()
        await stream.close()
        return str(first.choices[0].text)

    if kind == "sync":
        stream = api.client.request(completion_spec(pkg), completion_options(pkg), stream=True)
        first = next(stream).choices[0].text
        stream.close()
    else:
        first = api.run(first_then_close)
    assert first == "a"
    assert server.client_closed.wait(5)


def test_is_closed_follows_the_http_client(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api], kind: str
) -> None:
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server)
    assert api.client.is_closed() is False
    api.call(completion_spec(pkg), completion_options(pkg))
    assert api.client.is_closed() is False
    if kind == "sync":
        api.client.close()
    else:
        api.run(api.client.close)
    assert api.client.is_closed() is True


def test_stream_http_error_before_streaming(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(429, body=err("wait")), Reply(200, chunks=sse(chunk("ok")))])
    api = make_api(server)
    chunks = api.stream(completion_spec(pkg), completion_options(pkg))
    assert [c.choices[0].text for c in chunks] == ["ok"]
    assert len(api.sleeps) == 1


def test_stream_raw_parse_returns_stream(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api], kind: str
) -> None:
    server = _stream_server(serve, sse(chunk("a")), headers={"x-request-id": "r-s"})
    api = make_api(server)
    raw = api.raw(completion_spec(pkg), completion_options(pkg), stream=True)
    assert raw.request_id == "r-s"
    stream = raw.parse()
    if kind == "sync":
        assert isinstance(stream, pkg.Stream)
        assert [c.choices[0].text for c in stream] == ["a"]
    else:
        assert isinstance(stream, pkg.AsyncStream)

        async def collect() -> list[Any]:
            return [c async for c in stream]

        assert [c.choices[0].text for c in api.run(collect)] == ["a"]


# -- secrets -------------------------------------------------------------------------------


def test_api_key_never_shown(
    pkg: ModuleType,
    serve: Callable[..., ScriptedServer],
    make_api: Callable[..., Api],
    caplog: pytest.LogCaptureFixture,
) -> None:
    server = serve(
        [
            Reply(503, body=err("try later")),
            Reply(401, body=err(f"Incorrect API key provided: {KEY}")),
        ]
    )
    api = make_api(server, max_retries=1)
    assert KEY not in repr(api.client)
    assert KEY not in str(api.client)
    with caplog.at_level(logging.DEBUG), pytest.raises(pkg.AuthenticationError) as info:
        api.call(completion_spec(pkg), completion_options(pkg))
    exc = info.value
    assert server.requests[0].headers["authorization"] == f"Bearer {KEY}"
    for text in (str(exc), repr(exc), exc.message, repr(exc.request), repr(exc.request.headers)):
        assert KEY not in text
    assert "Incorrect API key provided: ***" in str(exc)
    assert "Retrying" in caplog.text
    assert KEY not in caplog.text


def test_custom_auth_header(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server, auth_header="X-Api-Key", auth_scheme="")
    api.call(completion_spec(pkg), completion_options(pkg))
    assert server.requests[0].headers["x-api-key"] == KEY
    assert "authorization" not in server.requests[0].headers


def test_user_http_client_not_closed(pkg: ModuleType, kind: str) -> None:
    if kind == "sync":
        http = pkg._http.Client()
        with pkg.SyncAPIClient(base_url="http://x", api_key=None, http_client=http):
            pass
        assert not http.is_closed
        http.close()


def test_stream_read_timeout_mid_stream(
    pkg: ModuleType, serve: Callable[..., ScriptedServer], make_api: Callable[..., Api]
) -> None:
    server = _stream_server(serve, sse(chunk("a"), chunk("b")), chunk_delay=3)
    api = make_api(server)
    started = time.monotonic()
    with pytest.raises(pkg.APITimeoutError):
        api.stream(completion_spec(pkg), completion_options(pkg, timeout=0.3))
    assert time.monotonic() - started < 2.5


def test_stream_chunk_fast_path_and_lenient_fallback(pkg: ModuleType) -> None:
    decoder = pkg._streaming._Decoder  # what Stream and AsyncStream share
    parser = decoder(response=None, chunk_type=pkg.models.Completion)
    ok = parser._chunk(pkg.ServerSentEvent(data=json.dumps(chunk("a"))))
    assert ok.choices[0].text == "a"
    lenient = parser._chunk(pkg.ServerSentEvent(data='{"id":"x","choices":[{"text":"t"}],"new":1}'))
    assert lenient.new == 1
    assert lenient.choices[0].text == "t"
    assert lenient.model is None
