"""The generated clients attacked again as a hostile server and a careless caller would (the
"hostile 5" audit): what the earlier attack tests (test_client_attacks.py, test_hardening.py,
test_hostile_server.py) did not cover.

Every case runs the sync and the async client on both HTTP libraries against a scripted server
on 127.0.0.1 (started by the test, stopped when it ends, each call bounded in time).

* A body in a coding httpx decodes once an optional package is installed (``br`` with
  ``brotli``, ``zstd`` with ``zstandard``, both common in an environment) was decoded whole,
  one read at a time: a few KiB of brotli expand into gigabytes before ``max_response_size``
  can count them (gzip and deflate expand a read about a thousandfold at most; httpx2 decodes
  every coding in pieces of 1 MiB). A client the package makes asks for ``gzip, deflate`` only, and such a body the
  request did not ask for is not decoded (``APIResponseDecodingError``), a stream's too; an
  ``Accept-Encoding`` the caller sets is the caller's choice.
* A server sending its body a byte at a time, each within the read timeout (a slow-loris),
  kept a call going for as long as it liked: the HTTP library's timeouts bound the wait
  between two reads, never the whole. A body the client reads whole (a parsed answer, an error
  body, ``with_raw_response``) must now come whole within the read timeout too, counted from
  its headers (``APITimeoutError``, not retried: a retry would have no more time); a stream's
  events and a ``with_streaming_response`` body the caller reads are bounded between reads
  only.
* The same before the body: a server sending ``100 Continue`` answers without end (each read
  finds one ready, no read timeout ever fires), or its status line and headers a byte at a
  time (100 KiB of them pass the HTTP library), kept the call going. A client the package
  makes bounds every read of an answer, its headers included, by what is left of the read
  timeout (its connections' reads, ``_bound_reads``); the upload before it is not counted.
* A careless caller's ``True`` where the spec wants a number was sent as ``1`` (pydantic's lax
  mode reads it so): ``product_id=True`` requested ``/2/ai/1/...``, another product, and
  ``item_id=True`` would delete item 1. A bool given for a number, in a path, the query or the
  body, however deep, is refused before anything is sent (``RequestValidationError``); ``1``
  for a bool field, or ``"7"`` for a number, are read as before.
"""

from __future__ import annotations

import importlib
import re
import time
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from tests.support.runtime_harness import Api, completion_options, completion_spec
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(60)

COMPLETION = {
    "id": "c1", "object": "text_completion", "created": 1, "model": "m",
    "choices": [{"index": 0, "text": "hi", "finish_reason": "stop"}],
}


# -- a coding decoded whole, one read at a time -----------------------------------------------


class _Whole:
    """Stands for the brotli or zstandard decoder the HTTP library uses once the package is
    installed: each read decoded (here unchanged, and counted); httpx returns a read's bytes
    whole, httpx2 yields them in pieces of at most 1 MiB."""

    calls = 0
    pieces = False  # httpx2's decoders yield

    def decode(self, data: bytes) -> object:
        type(self).calls += 1
        return iter([data]) if self.pieces else data

    def flush(self) -> object:
        return iter([]) if self.pieces else b""


@pytest.fixture
def installed_decoders(pkg: ModuleType) -> Iterator[None]:
    """``br`` and ``zstd`` decoded by the HTTP library, as with brotli and zstandard installed."""
    library = importlib.import_module(pkg._http.LIBRARY + "._decoders")
    decoders = library.SUPPORTED_DECODERS
    saved = dict(decoders)
    decoders.update({"br": _Whole, "zstd": _Whole})
    _Whole.calls, _Whole.pieces = 0, pkg._http.LIBRARY == "httpx2"
    yield
    decoders.clear()
    decoders.update(saved)


@pytest.mark.usefixtures("installed_decoders")
@pytest.mark.parametrize("coding", ["br", "zstd", "BR"])
def test_a_coding_decoded_whole_is_not_decoded_unless_asked_for(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    coding: str,
) -> None:
    import json

    body = json.dumps(COMPLETION).encode()
    answer = {"Content-Type": "application/json", "Content-Encoding": coding}
    events = {"Content-Type": "text/event-stream", "Content-Encoding": coding}
    server = serve([
        Reply(200, answer, body=body),
        Reply(200, events, chunks=[b"data: " + body + b"\n\n"]),
        Reply(200, answer, body=body),
        Reply(200, answer, body=body),
    ])
    api = make_api(server, max_retries=2)
    with pytest.raises(pkg.APIResponseDecodingError, match=f"{coding.lower()!r} was not asked for"):
        api.call(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(pkg.APIResponseDecodingError, match="not asked for"):
        api.stream(completion_spec(pkg), completion_options(pkg))
    assert _Whole.calls == 0 and api.sleeps == []  # the server answered: not retried
    assert [request.headers["accept-encoding"] for request in server.requests] == [
        "gzip, deflate", "gzip, deflate"
    ]
    asked = completion_options(pkg, extra_headers={"Accept-Encoding": f"{coding.lower()};q=1"})
    assert api.call(completion_spec(pkg), asked).id == "c1"  # the caller's choice
    assert _Whole.calls > 0
    refused = completion_options(
        pkg, extra_headers={"Accept-Encoding": f"gzip, {coding.lower()};q=0"})
    with pytest.raises(pkg.APIResponseDecodingError, match="not asked for"):  # q=0: refused
        api.call(completion_spec(pkg), refused)


# -- a body trickled a byte at a time ----------------------------------------------------------

TRICKLE = [bytes([byte]) for byte in b'{"id": "c1", "pad": "' + b"x" * 60 + b'"}']  # 0.1 s apart


@pytest.mark.parametrize("status", [200, 500])
def test_a_body_trickled_within_the_read_timeout_still_ends_at_it(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    status: int,
) -> None:
    # 80 pieces 0.1 s apart: 8 s in all, each read well within the read timeout of 1 s
    slow = Reply(status, {"Content-Type": "application/json"}, chunks=TRICKLE, chunk_delay=0.1)
    server = serve([slow, slow])
    api = make_api(server, max_retries=1, timeout=1.0)
    started = time.monotonic()
    with pytest.raises(pkg.APITimeoutError):
        api.call(completion_spec(pkg), completion_options(pkg, method="get"))
    assert time.monotonic() - started < 2
    assert len(server.requests) == 1 and api.sleeps == []  # a retry would have no more time


def test_a_body_left_unread_by_the_call_is_read_whole_within_the_timeout(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """`with_streaming_response` leaves the body unread: its `read()` (`parse()`, `text`,
    `json()`) read it with no bound on the whole, so the trickle above kept `parse()` going for
    as long as the server liked, where the plain call stopped at 1 s. The whole body's read is
    bounded as the plain call's, counted from when it starts; `iter_bytes()` stays the
    caller's to pace."""
    trickle = TRICKLE[:25]  # 2.5 s
    slow = Reply(200, {"Content-Type": "application/json"}, chunks=trickle, chunk_delay=0.1)
    server = serve([slow, slow])
    api = make_api(server, max_retries=0, timeout=1.0)
    get = completion_options(pkg, method="get")

    def unread() -> Any:
        raw = api.run(lambda: api.client.request_raw(completion_spec(pkg), get, lazy=True))
        return raw if api.kind == "sync" else pkg._response.AsyncAPIResponse.of(raw)

    raw = unread()
    started = time.monotonic()
    with pytest.raises(pkg.APITimeoutError, match="did not come whole within 1 s"):
        api.run(raw.parse)
    assert time.monotonic() - started < 2
    raw = unread()

    async def pieces() -> bytes:
        return b"".join([piece async for piece in raw.iter_bytes()])

    body = b"".join(raw.iter_bytes()) if api.kind == "sync" else api.run(pieces)
    assert body == b"".join(trickle)  # each read within the timeout: the caller's pace


def test_a_body_within_the_read_timeout_or_a_stream_past_it_is_read(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    import json

    quick = [piece.encode() for piece in json.dumps(COMPLETION)]
    events = [f"data: {json.dumps(COMPLETION)}\n\n".encode()] * 12
    server = serve([
        Reply(200, {"Content-Type": "application/json"}, chunks=quick, chunk_delay=0.002),
        Reply(200, {"Content-Type": "text/event-stream"}, chunks=events, chunk_delay=0.1),
        Reply(200, {"Content-Type": "application/json"}, chunks=quick, chunk_delay=0.01),
    ])
    api = make_api(server, max_retries=0, timeout=1.0)
    assert api.call(completion_spec(pkg), completion_options(pkg)).id == "c1"
    assert len(api.stream(completion_spec(pkg), completion_options(pkg))) == 12  # 1.2 s
    unbounded = completion_options(pkg, timeout=pkg._http.Timeout(1.0, read=None))
    assert api.call(completion_spec(pkg), unbounded).id == "c1"  # no read timeout, no bound


@pytest.mark.parametrize("slow", ["informational", "trickled head"])
def test_an_answer_whose_head_never_ends_still_ends_at_the_read_timeout(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    slow: str,
) -> None:
    # 100 `100 Continue` answers or a head of 150 bytes, 0.05 s apart: 5 s or more in all
    reply = (Reply(200, body=COMPLETION, informational=100, head_delay=0.05)
             if slow == "informational"
             else Reply(200, {"X-Pad": "p" * 60}, body=COMPLETION, trickle_head=True,
                        head_delay=0.05))
    server = serve([reply, Reply(200, body=COMPLETION)])
    api = make_api(server, max_retries=0, timeout=1.0)
    started = time.monotonic()
    with pytest.raises(pkg.APITimeoutError):
        api.call(completion_spec(pkg), completion_options(pkg))
    assert time.monotonic() - started < 2.5
    assert api.call(completion_spec(pkg), completion_options(pkg)).id == "c1"  # the next is fine


# -- a bool where a number is wanted -----------------------------------------------------------


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_bool_where_the_spec_wants_a_number_is_refused_not_sent_as_1(
    serve: Callable[..., ScriptedServer], kind: str
) -> None:
    import asyncio

    from tests.support import COMPLETION as ANSWER
    from tests.support import GENERATED, import_from

    infomaniak = import_from(GENERATED, "infomaniak")
    BASE = {"model": "m", "prompt": "p"}
    server = serve([Reply(200, body=ANSWER)], repeat_last=True)
    calls: list[dict[str, object]] = [
        {"product_id": True}, {"product_id": 7, "n": True}, {"product_id": 7, "max_tokens": False},
        {"product_id": 7, "prompt": [[1, True]]},  # tokens: `list[list[int]]`
        {"product_id": "7", "n": 1, "echo": 1},  # read as before: 7, 1 and True
    ]

    async def run_async() -> list[object]:
        async with infomaniak.AsyncClient(api_key="k", base_url=server.url, max_retries=0) as client:
            outcomes: list[object] = []
            for given in calls:
                try:
                    outcomes.append(await client.completions.create(**{**BASE, **given}))
                except infomaniak.RequestValidationError as exc:
                    outcomes.append(exc)
            return outcomes

    if kind == "async":
        outcomes = asyncio.run(asyncio.wait_for(run_async(), 30))
    else:
        outcomes = []
        with infomaniak.Client(api_key="k", base_url=server.url, max_retries=0) as client:
            for given in calls:
                try:
                    outcomes.append(client.completions.create(**{**BASE, **given}))
                except infomaniak.RequestValidationError as exc:
                    outcomes.append(exc)
    *refused, fine = outcomes
    expected = [r"product_id: a bool where the spec wants a number \(it would be sent as 1\)",
                "n: a bool where the spec wants a number", "max_tokens: a bool .* sent as 0",
                r"prompt.0.1: a bool"]
    for error, message in zip(refused, expected, strict=True):
        assert isinstance(error, infomaniak.RequestValidationError)
        assert re.search(message, str(error)), str(error)
    assert not isinstance(fine, Exception)
    (request,) = server.requests  # the refused calls sent nothing
    assert request.path == "/2/ai/7/openai/v1/completions"
    assert request.json() == {"model": "m", "prompt": "p", "n": 1, "echo": True}


def test_a_bool_given_under_a_fields_python_name_is_found_too() -> None:
    """A nested object may be given with the fields' Python names (the models take both): the
    bool under `product_id` is the one the models wrote as `productId: 1`."""
    from tests.support import GENERATED, import_from

    import_from(GENERATED, "infomaniak")
    import importlib

    ops = importlib.import_module("infomaniak._operations")
    found = list(ops._bools_made_numbers(
        {"body": {"productId": 1, "maxTokens": 5}}, {"body": {"product_id": True, "max_tokens": 5}},
        ()))
    assert found == [(("body", "productId"), True)]
    assert list(ops._bools_made_numbers({"n": 1}, {"n": 1}, ())) == []


def test_a_proxy_tunnels_reply_does_not_start_the_answers_clock() -> None:
    """Through an HTTPS proxy, the `CONNECT` reply is read on the connection before TLS starts
    and before the request is uploaded: the answer's clock starts again with TLS, so a long
    upload is not counted against the answer (its first read starts the clock)."""
    import importlib

    from tests.support import GENERATED, import_from

    import_from(GENERATED, "ionos")
    base = importlib.import_module("ionos._base_client")

    class Raw:
        def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
            return b"HTTP/1.1 200 Connection established\r\n\r\n"

        def start_tls(self, *args: object, **kwargs: object) -> Raw:
            return self

    with base._answer_clock(5.0) as clock:
        stream = base._BoundedStream(Raw())
        stream.read(4096)  # the proxy's reply: the clock runs
        assert clock.until is not None
        clock.until -= 10  # as if the upload had taken longer than the read timeout
        tls = stream.start_tls(None)
        assert clock.until is None  # the answer's first read starts it again
        assert tls.read(4096) and clock.until is not None
