"""The per-request fast paths of templates/runtime/_base_client.py and _operations.py:
request bodies encoded by pydantic-core when they are plain JSON, request URLs parsed once
per client, base headers merged once per client, arguments validated and dumped without
the per-call pydantic wrappers. Each must send what the slow path sent.
"""

from __future__ import annotations

import datetime as dt
import enum
import importlib
import json
import math
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pydantic
import pytest

from tests.support.runtime_harness import (
    Api,
    completion_options,
    completion_spec,
)
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(20)

COMPLETION = {
    "id": "cmpl-1",
    "object": "text_completion",
    "created": 1,
    "model": "m",
    "choices": [{"index": 0, "text": "hello", "finish_reason": "stop"}],
}


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    running = ScriptedServer([Reply(200, body=COMPLETION)], repeat_last=True).start()
    yield running
    running.stop()


@pytest.fixture(params=["sync", "async"])
def api(pkg: ModuleType, server: ScriptedServer, request: pytest.FixtureRequest) -> Iterator[Api]:
    client = Api(pkg, str(request.param), base_url=server.url + "/v1")
    yield client
    client.close()


def _slow(body: object, pkg: ModuleType) -> bytes:
    return json.dumps(
        body, separators=(",", ":"), ensure_ascii=False, default=pkg._base_client._json_default
    ).encode("utf-8")


# -- request body encoding -----------------------------------------------------------------

PLAIN_BODIES: list[Any] = [
    {"model": "m", "prompt": "hi", "max_tokens": 16},
    {"n": 3, "t": 0.7, "big": 2**70, "neg": -5, "zero": 0.0, "tiny": 1e-7, "huge": 1e300},
    {"text": "héllo \u2028 😀 \"quoted\" \\ \n\t\x00", "flag": True, "off": False, "none": None},
    {"nested": {"list": [1, [2, {"x": [None, 1.5]}], "s"], "empty": {}, "nothing": []}},
    ["top", "level", 1],
    "just a string",
    17,
]


@pytest.mark.parametrize("body", PLAIN_BODIES)
def test_plain_bodies_decode_exactly_like_json_dumps(pkg: ModuleType, body: Any) -> None:
    fast = pkg._base_client.encode_json(body)
    assert pkg._base_client._plain(body)
    assert json.loads(fast) == json.loads(_slow(body, pkg))
    # same types after decoding: integers stay integers, floats stay floats
    assert _types(json.loads(fast)) == _types(body)


def _types(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _types(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_types(item) for item in value]
    return type(value).__name__


def test_plain_body_bytes_are_compact_utf8(pkg: ModuleType) -> None:
    assert pkg._base_client.encode_json({"a": 1, "b": [True, None], "c": "é"}) == (
        b'{"a":1,"b":[true,null],"c":"\xc3\xa9"}'
    )


class Color(enum.Enum):
    red = "red"


class Shade(str, enum.Enum):
    dark = "dark"


class Inner(pydantic.BaseModel):
    a: int = 1
    b: int = 2


class Count(int):
    pass


NOT_PLAIN: list[Any] = [
    {"color": Color.red},
    {"shade": Shade.dark},  # a str subclass: json.dumps writes its value
    {"when": dt.datetime(2024, 1, 2, 3, 4, 5, tzinfo=dt.UTC)},
    {"tuple": (1, 2)},
    {"model": Inner(a=5)},  # only the fields that were set
    {"count": Count(3)},
    {1: "int key"},
]


@pytest.mark.parametrize("body", NOT_PLAIN)
def test_other_bodies_keep_the_json_dumps_encoding(pkg: ModuleType, body: Any) -> None:
    assert not pkg._base_client._plain(body)
    assert pkg._base_client.encode_json(body) == _slow(body, pkg)


@pytest.mark.parametrize("body", [{"inf": math.inf}, {"nan": [math.nan]}])
def test_nan_and_infinity_are_no_json(pkg: ModuleType, body: Any) -> None:
    """json.dumps wrote `Infinity` and `NaN`, which JSON has not (tests/runtime/
    test_non_finite_numbers.py calls the methods): refused before anything is sent."""
    assert not pkg._base_client._plain(body)
    with pytest.raises(pkg.RequestValidationError, match="^body: holds NaN or an infinity"):
        pkg._base_client.encode_json(body)


def test_a_body_holding_a_lone_surrogate_is_refused_as_a_bad_argument(pkg: ModuleType) -> None:
    """A lone surrogate (`"\\ud800"` in an answer the client read leniently, sent back) raised
    a bare `UnicodeEncodeError`; a query or path value holding one is a client error."""
    with pytest.raises(pkg.RequestValidationError,
                       match=r"^body: holds a lone surrogate \(U\+D800, character 11 of its JSON\)"):
        pkg._base_client.encode_json({"bad": "caf\ud800"})
    with pytest.raises(TypeError, match="not JSON serializable"):
        pkg._base_client.encode_json({"what": object()})


def test_body_on_the_wire(pkg: ModuleType, api: Api, server: ScriptedServer) -> None:
    body = {"model": "m", "prompt": "hi", "max_tokens": 16, "temperature": 1e-7, "u": "é"}
    api.call(completion_spec(pkg), completion_options(pkg, json_body=body))
    request = server.requests[-1]
    assert request.body == b'{"model":"m","prompt":"hi","max_tokens":16,"temperature":1e-7,"u":"\xc3\xa9"}'
    assert json.loads(request.body) == body
    assert request.headers["content-length"] == str(len(request.body))


# -- URLs and headers prepared once --------------------------------------------------------


def test_url_parsed_once_per_client_and_no_stray_question_mark(
    pkg: ModuleType, api: Api, server: ScriptedServer
) -> None:
    for _ in range(3):
        api.call(completion_spec(pkg), completion_options(pkg))
    api.call(completion_spec(pkg), completion_options(pkg, query={"q": "1"}))
    targets = [request.target for request in server.requests]
    assert targets == ["/v1/completions"] * 3 + ["/v1/completions?q=1"]
    assert list(api.client._urls) == [server.url + "/v1/completions"]


def test_url_cache_is_bounded(pkg: ModuleType) -> None:
    client = pkg.SyncAPIClient(base_url="http://x", api_key=None)
    try:
        size = pkg._base_client._URL_CACHE_SIZE
        for index in range(size + 5):
            assert str(client._parsed_url(f"http://x/{index}")[0]) == f"http://x/{index}"
        assert len(client._urls) <= size
    finally:
        client.close()


def test_base_headers_follow_user_agent_and_stream_flag(
    pkg: ModuleType, api: Api, server: ScriptedServer
) -> None:
    spec, options = completion_spec(pkg), completion_options(pkg)
    api.call(spec, options)
    api.client.user_agent = "changed/1"
    api.call(spec, options)
    first, second = server.requests[-2:]
    assert first.headers["user-agent"] != "changed/1"
    assert second.headers["user-agent"] == "changed/1"
    assert second.headers["accept"] == "application/json"
    api.call(spec, completion_options(pkg, extra_headers={"Accept": "x/y", "User-Agent": pkg.omit}))
    last = server.requests[-1]
    assert last.headers["accept"] == "x/y"
    assert "user-agent" not in last.headers
    api.call(spec, options)  # the cached base headers were not changed by the previous call
    assert server.requests[-1].headers["user-agent"] == "changed/1"
    assert server.requests[-1].headers["accept"] == "application/json"


def test_default_headers_omit_and_content_type(pkg: ModuleType, server: ScriptedServer) -> None:
    api = Api(pkg, "sync", base_url=server.url, default_headers={"X-D": "1", "Authorization": pkg.omit})
    try:
        spec = completion_spec(pkg)
        api.call(spec, completion_options(pkg, headers={"content-type": "application/vnd+json"}))
        api.call(spec, completion_options(pkg))
        custom, plain = server.requests[-2:]
        assert custom.headers["content-type"] == "application/vnd+json"
        assert plain.headers["content-type"] == "application/json"
        for request in (custom, plain):
            assert request.headers["x-d"] == "1"
            assert "authorization" not in request.headers
    finally:
        api.close()


# -- arguments ------------------------------------------------------------------------------


class Body(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="allow", populate_by_name=True)
    model: str
    temperature: float | None = None
    weights: list[float] | None = None
    bias: dict[str, float] | None = None
    from_: str | None = pydantic.Field(default=None, alias="from")


def test_validated_keeps_given_integers_and_leaves_out_unset(pkg: ModuleType) -> None:
    ops = importlib.import_module(pkg.__name__ + "._operations")
    values = {
        "model": "m",
        "temperature": 1,
        "weights": [1, 2.5, 3],
        "bias": {"a": 2, "b": 0.5},
        "from": "x",
        "unset": pkg.NOT_GIVEN,
    }
    out = ops.validated(Body, values, nullable=frozenset(), python_names={"from": "from_"})
    assert out == {"model": "m", "temperature": 1, "weights": [1, 2.5, 3], "bias": {"a": 2, "b": 0.5}, "from": "x"}
    assert type(out["temperature"]) is int
    assert [type(w) for w in out["weights"]] == [int, float, int]
    assert type(out["bias"]["a"]) is int
    assert pkg._base_client.encode_json(out) == b'{"model":"m","temperature":1,"weights":[1,2.5,3],"bias":{"a":2,"b":0.5},"from":"x"}'


def test_validated_nulls_and_errors(pkg: ModuleType) -> None:
    ops = importlib.import_module(pkg.__name__ + "._operations")
    with pytest.raises(ops.RequestValidationError, match="temperature: the spec does not allow null"):
        ops.validated(Body, {"model": "m", "temperature": None}, nullable=frozenset(), python_names={})
    out = ops.validated(Body, {"model": "m", "temperature": None}, nullable=frozenset({"temperature"}), python_names={})
    assert out == {"model": "m", "temperature": None}
    with pytest.raises(ops.RequestValidationError, match="model"):
        ops.validated(Body, {"temperature": 1.5}, nullable=frozenset(), python_names={})


def test_validated_works_before_the_model_is_complete(pkg: ModuleType) -> None:
    ops = importlib.import_module(pkg.__name__ + "._operations")

    class Later(pydantic.BaseModel):
        child: Child | None = None  # defined below: resolved on first use
        n: float = 0

    class Child(pydantic.BaseModel):
        x: int

    Later.__pydantic_parent_namespace__ = {"Child": Child}  # type: ignore[misc]
    out = ops.validated(Later, {"child": {"x": 1}, "n": 2}, nullable=frozenset(), python_names={})
    assert out == {"child": {"x": 1}, "n": 2}
    assert type(out["n"]) is int


def test_stream_and_plain_base_headers_differ(pkg: ModuleType) -> None:
    server = ScriptedServer(
        [Reply(200, body=COMPLETION), Reply(200, chunks=[b"data: [DONE]\n\n"]), Reply(200, body=COMPLETION)]
    ).start()
    api = Api(pkg, "sync", base_url=server.url)
    try:
        spec, options = completion_spec(pkg), completion_options(pkg)
        api.call(spec, options)
        assert api.stream(spec, options) == []
        api.call(spec, options)
        assert [r.headers["accept"] for r in server.requests] == [
            "application/json",
            "text/event-stream",
            "application/json",
        ]
    finally:
        api.close()
        server.stop()


def test_an_undocumented_2xx_parses_into_the_declared_type(pkg: ModuleType) -> None:
    """Issue 23.7: never an untyped dict or text behind a model annotation."""
    server = ScriptedServer(
        [
            Reply(201, body={"a": 1}),
            Reply(201, body="text", headers={"Content-Type": "text/plain"}),
            Reply(200, body="{bad", headers={"Content-Type": "application/json"}),
        ]
    ).start()
    api = Api(pkg, "sync", base_url=server.url)
    try:
        spec = pkg.ResponseSpec(success={"200": pkg.models.Completion})
        assert type(api.call(spec, completion_options(pkg))) is pkg.models.Completion
        with pytest.raises(pkg.APIResponseValidationError, match=r"HTTP 201.*\(text/plain\)"):
            api.call(spec, completion_options(pkg))
        with pytest.raises(pkg.APIResponseValidationError, match=r"\(application/json\)"):
            api.call(spec, completion_options(pkg))
    finally:
        api.close()
        server.stop()


