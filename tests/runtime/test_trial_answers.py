"""What a hostile-server trial and a new-user trial found in how the client reports a broken or
refused answer, against scripted servers on 127.0.0.1 (sync and async, both HTTP libraries):

* A body read through ``with_streaming_response`` (``read()``, ``parse()``, ``json()``,
  ``iter_bytes()``, ``iter_text()``, ``iter_lines()``) that the server cut short, or let stall
  past the read timeout, raised the HTTP library's ``RemoteProtocolError`` / ``ReadTimeout``,
  not the client's ``APIConnectionError`` / ``APITimeoutError`` every other read raises.
* A stream of plain events (an operation that always streams) handed ``event: error`` over as
  an ordinary chunk and ended normally; openai-python raises for an error event. It raises
  ``APIError`` (its status class when the data names a status) on plain streams too.
* A plain stream cut short said ``Stream ended before [DONE]``, a marker it never has.
* ``str(e)`` of a status error was the whole JSON body where the server's text is not under
  ``message``: Plaid's ``error_message``, Xero's ``Message``, Jira's ``errorMessages``, OAuth's
  ``error_description``, RFC 7807's ``title`` and ``detail``, FastAPI's ``detail`` list.
* A whole answer's deadline (the read timeout bounds a whole answer the client reads) passed
  while its data was still arriving gave a bare "Request timed out.", and every retry repeated
  the whole download, which no retry can finish sooner: the message says how far it came, and
  it is not retried (a wait past the read timeout still is).
* The reprs of ``e.response`` and ``e.headers`` showed an API key the server echoed back in its
  reason phrase or a ``WWW-Authenticate`` header, where the README says a credential never shows
  in a repr.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
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
JSON = {"Content-Type": "application/json"}
EVENTS = {"Content-Type": "text/event-stream"}
METHODS = ["read", "parse", "json", "iter_bytes", "iter_text", "iter_lines"]


def _unread(api: Api, pkg: ModuleType) -> Any:
    """A `with_streaming_response` answer: its body not read yet."""
    get = completion_options(pkg, method="get")
    raw = api.run(lambda: api.client.request_raw(completion_spec(pkg), get, lazy=True))
    return raw if api.kind == "sync" else pkg._response.AsyncAPIResponse.of(raw)


def _consume(api: Api, response: Any, method: str) -> Any:
    """``response.<method>()`` read to its end, sync or async."""
    if api.kind == "sync":
        result = getattr(response, method)()
        return list(result) if method.startswith("iter") else result

    async def consume() -> Any:
        result = getattr(response, method)()
        if method.startswith("iter"):
            return [piece async for piece in result]
        return await result

    return api.run(consume)


# -- a body read through with_streaming_response -----------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_a_body_cut_short_raises_the_clients_connection_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    method: str,
) -> None:
    pieces = [b'{"id": "c1",\n', b' "object": "x"}\n']
    server = serve([Reply(200, JSON, chunks=pieces, cut_after=1)])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.APIConnectionError, match="Connection error: RemoteProtocolError") as e:
        _consume(api, _unread(api, pkg), method)
    assert not isinstance(e.value, pkg.APITimeoutError)
    assert isinstance(e.value.__cause__, pkg._http.RemoteProtocolError)  # as the call's


@pytest.mark.parametrize("method", ["read", "iter_bytes", "iter_lines"])
def test_a_body_stalling_past_the_read_timeout_raises_the_clients_timeout_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    method: str,
) -> None:
    server = serve([Reply(200, JSON, chunks=[b'{"id": "c1",\n'], hold_open=True)])
    api = make_api(server, max_retries=0, timeout=0.5)
    started = time.monotonic()
    with pytest.raises(pkg.APITimeoutError) as e:
        _consume(api, _unread(api, pkg), method)
    # (the value read from the request's timeout extension: this path has no `_Prepared`)
    assert str(e.value) == "Request timed out (read timeout of 0.5 s)."
    assert time.monotonic() - started < 5
    assert isinstance(e.value.__cause__, pkg._http.ReadTimeout)


def test_a_corrupt_gzip_body_raises_the_clients_decoding_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(200, {**JSON, "Content-Encoding": "gzip"}, body=b"not gzip at all")])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.APIResponseDecodingError, match="could not be decoded"):
        _consume(api, _unread(api, pkg), "read")


def test_a_cut_body_of_a_plain_call_raises_the_same_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(200, JSON, chunks=[b'{"id": "c1",\n'], cut_after=1)])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.APIConnectionError, match="Connection error: RemoteProtocolError"):
        api.call(completion_spec(pkg), completion_options(pkg))


# -- plain event streams --------------------------------------------------------------------


def _plain(pkg: ModuleType) -> Any:
    return completion_spec(pkg, plain_events=True)


def test_an_error_event_of_a_plain_stream_raises(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    key = "sk-test-SECRET-0123456789"
    quota = {"error": {"message": f"quota exceeded for {key}", "code": 429}}
    server = serve([
        Reply(200, EVENTS, chunks=[
            f"data: {json.dumps(COMPLETION)}\n\n".encode(),
            f"event: error\ndata: {json.dumps(quota)}\n\n".encode(),
            f"data: {json.dumps(COMPLETION)}\n\n".encode(),
        ]),
        Reply(200, EVENTS, chunks=[b"event: error\ndata: upstream died\n\n"]),
    ])
    api = make_api(server, max_retries=0)
    seen: list[Any] = []
    with pytest.raises(pkg.RateLimitError) as e:
        stream = api.run(lambda: api.client.request(_plain(pkg), completion_options(pkg),
                                                    stream=True))
        if api.kind == "sync":
            seen.extend(stream)
        else:
            async def consume() -> None:
                async for chunk in stream:
                    seen.append(chunk)
            api.run(consume)
    assert [chunk.id for chunk in seen] == ["c1"]  # the chunk before it, as usual
    assert str(e.value) == "Error event in stream: quota exceeded for ***"
    assert e.value.body == {"message": "quota exceeded for ***", "code": 429}
    with pytest.raises(pkg.APIError, match="Error event in stream: upstream died"):
        api.stream(_plain(pkg), completion_options(pkg))


def test_an_error_member_of_a_plain_event_is_still_a_chunk(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """Only the event's name says error in plain events: a chunk may have an `error` field."""
    server = serve([Reply(200, EVENTS, chunks=[
        f"data: {json.dumps({**COMPLETION, 'error': 'disk full'})}\n\n".encode(),
        f"event: update\ndata: {json.dumps(COMPLETION)}\n\n".encode(),
    ])])
    api = make_api(server, max_retries=0)
    chunks = api.stream(_plain(pkg), completion_options(pkg))
    assert [chunk.id for chunk in chunks] == ["c1", "c1"]


def test_a_plain_stream_cut_short_names_no_done_marker(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    pieces = [f"data: {json.dumps(COMPLETION)}\n\n".encode()] * 3
    server = serve([Reply(200, EVENTS, chunks=pieces, cut_after=2)])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.APIConnectionError) as e:
        api.stream(_plain(pkg), completion_options(pkg))
    assert str(e.value) == "The stream was cut before its end: RemoteProtocolError"


# -- the server's message of an error status --------------------------------------------------

MESSAGES = [
    ({"error_message": "the item was not found", "error_code": "ITEM_NOT_FOUND"},
     "the item was not found"),  # Plaid
    ({"Type": "ValidationException", "Message": "A validation exception occurred",
      "Elements": [{"ValidationErrors": [{"Message": "Email is invalid"}]}]},
     "A validation exception occurred"),  # Xero
    ({"errorMessages": ["Issue does not exist", "Or you may not see it"], "errors": {}},
     "Issue does not exist; Or you may not see it"),  # Jira
    ({"errorMessages": [], "errors": {"summary": "You must specify a summary"}},
     "summary: You must specify a summary"),  # Jira, a field's
    ({"type": "about:blank", "title": "Not Found", "status": 404, "detail": "no pet 5"},
     "Not Found: no pet 5"),  # RFC 7807
    ({"detail": [{"loc": ["body", "prompt"], "msg": "field required", "type": "missing"}]},
     "body.prompt: field required"),  # FastAPI
    ({"error": "invalid_grant", "error_description": "The code has expired"},
     "invalid_grant: The code has expired"),  # OAuth
    ({"ok": False, "error": "invalid_auth"}, "invalid_auth"),  # Slack
    ({"errors": [{"message": "Field 'x' doesn't exist", "locations": []}]},
     "Field 'x' doesn't exist"),  # GraphQL
    ({"error": {"message": "no such model", "type": "invalid_request_error"}},
     "no such model"),  # OpenAI
    ({"errors": [{"message": f"bad {n}"} for n in range(8)]},
     "bad 0; bad 1; bad 2; bad 3; bad 4 (and 3 more)"),
    ({"": "not a label", "message": "the text"}, "the text"),  # an empty key labels nothing
]


@pytest.mark.parametrize(("body", "message"), MESSAGES)
def test_a_status_errors_message_is_the_servers_text_wherever_it_puts_it(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    body: dict[str, Any], message: str,
) -> None:
    server = serve([Reply(400, body=body)])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.BadRequestError) as e:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert str(e.value) == f"Error code: 400 - {message}"
    assert e.value.body == body


def test_an_error_event_whose_text_is_beside_the_error_says_it(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """`{"error": {"code": 429}, "message": "slow down"}`: the text beside a bare error object,
    as an error status's message finds it (it said "An error occurred during streaming")."""
    event = {"error": {"code": 429}, "message": "slow down"}
    server = serve([Reply(200, EVENTS, chunks=[f"event: error\ndata: {json.dumps(event)}\n\n".encode()])])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.RateLimitError, match="^Error event in stream: slow down$"):
        api.stream(_plain(pkg), completion_options(pkg))


def test_a_status_errors_message_is_bounded_and_redacted(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    key = "sk-test-SECRET-0123456789"
    server = serve([Reply(401, body={"errorMessages": [f"bad key {key} " + "x " * 500] * 1000})])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.AuthenticationError) as e:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert str(e.value).startswith("Error code: 401 - bad key *** x x")
    assert len(str(e.value)) <= 320 and key not in str(e.value)


HOSTILE_TEXT = "quota exceeded\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\x1b[H\u202eexe.txt"
SPELT = "quota exceeded\\x1b]52;c;ZWNobyBwd25lZA==\\x07\\x1b[2J\\x1b[H\\u202eexe.txt"


@pytest.mark.parametrize("where", ["json", "text", "event"])
def test_a_servers_text_reaches_a_message_with_its_control_characters_spelt(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    where: str,
) -> None:
    """An escape sequence in an error's text (OSC 52 writes the clipboard, CSI 2J clears the
    screen, U+202E reverses what follows) reached `str(error)`, and so every traceback and log
    line that printed it: each such character is spelt as its escape, as the generator spells
    a document's. The body keeps the server's text whole."""
    if where == "event":
        chunks = [f"event: error\ndata: {json.dumps({'message': HOSTILE_TEXT})}\n\n".encode()]
        server = serve([Reply(200, EVENTS, chunks=chunks)])
        with pytest.raises(pkg.APIError) as raised:
            make_api(server, max_retries=0).stream(_plain(pkg), completion_options(pkg))
    else:
        reply = (Reply(400, body={"message": HOSTILE_TEXT}) if where == "json" else
                 Reply(400, {"Content-Type": "text/plain"}, body=HOSTILE_TEXT.encode()))
        server = serve([reply])
        with pytest.raises(pkg.BadRequestError) as raised:
            make_api(server, max_retries=0).call(completion_spec(pkg), completion_options(pkg))
    message = str(raised.value)
    assert message.isprintable() and message.endswith(SPELT), message


# -- a whole answer's deadline ----------------------------------------------------------------

TRICKLE = [bytes([byte]) for byte in b'{"id": "c1", "pad": "' + b"x" * 60 + b'"}']  # 0.1 s apart


@pytest.mark.parametrize("status", [200, 500])
def test_a_deadline_passed_while_the_answer_arrives_says_so_and_is_not_retried(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    status: int,
) -> None:
    slow = Reply(status, JSON, chunks=TRICKLE, chunk_delay=0.1)
    server = serve([slow, slow, slow])
    api = make_api(server, max_retries=2, timeout=1.0)
    started = time.monotonic()
    with pytest.raises(pkg.APITimeoutError) as e:
        api.call(completion_spec(pkg), completion_options(pkg, method="get"))
    assert time.monotonic() - started < 2
    assert len(server.requests) == 1 and api.sleeps == []  # no retry could do better
    message = str(e.value)
    # (the answer's clock, started at its first read, ends it at a read; the body's, started
    # as its headers came, at the piece read last, when this process got to it after both
    # deadlines: on a loaded machine either can say it first)
    assert message.startswith(("The answer did not come whole within 1 s",
                               "The response body did not come whole within 1 s")), message
    received = int(message.split("still arriving, ")[1].split(" bytes")[0])
    assert 5 < received < 300  # the head and some of the trickle
    assert "Not retried" in message


def test_an_answer_that_does_not_start_within_the_read_timeout_is_retried(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """A wait past the read timeout, no deadline: retried, as before (and as openai-python)."""
    server = serve([Reply(200, body=COMPLETION, delay=1.0), Reply(200, body=COMPLETION)])
    api = make_api(server, max_retries=1, timeout=0.4)
    assert api.call(completion_spec(pkg), completion_options(pkg, method="get")).id == "c1"
    assert len(api.sleeps) == 1


def test_an_answer_stalling_after_its_head_is_retried(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """The head at once, then nothing for the read timeout: a stall (whose end the deadline
    meets too), retried as before."""
    stalled = Reply(200, JSON, chunks=[b'{"id": "c1",'], hold_open=True)
    server = serve([stalled, Reply(200, body=COMPLETION)])
    api = make_api(server, max_retries=1, timeout=0.5)
    assert api.call(completion_spec(pkg), completion_options(pkg, method="get")).id == "c1"
    assert len(api.sleeps) == 1


def test_a_streamed_bodys_deadline_says_how_far_it_came(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(200, JSON, chunks=TRICKLE[:30], chunk_delay=0.1)])
    api = make_api(server, max_retries=0, timeout=1.0)
    with pytest.raises(pkg.APITimeoutError, match=(
            r"^The response body did not come whole within 1 s .*still arriving, \d+ bytes")):
        _consume(api, _unread(api, pkg), "read")


# -- a credential echoed back in the answer an error carries ----------------------------------


def test_a_key_echoed_in_the_reason_or_a_header_shows_in_no_repr_of_the_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    key = "sk-test-SECRET-0123456789"
    echo = {"WWW-Authenticate": f'ApiKey error="invalid key {key}"', "x-request-id": "r1",
            "Retry-After": "0"}
    server = serve([Reply(401, echo, body={"message": "bad key"}, reason=f"bad key {key}")])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.AuthenticationError) as e:
        api.call(completion_spec(pkg), completion_options(pkg))
    error = e.value
    shown = [repr(error.response), repr(error.response.headers), repr(error.headers),
             error.response.reason_phrase, str(error)]
    assert not [text for text in shown if key in text], shown
    assert repr(error.response) == "<Response [401 bad key ***]>"
    assert error.headers["www-authenticate"] == 'ApiKey error="invalid key ***"'
    assert error.request_id == "r1" and error.retry_after == 0  # the rest as received
