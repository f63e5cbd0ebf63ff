"""The SSE fast path of templates/runtime/_streaming.py: byte-level line splitting with a
remainder buffer, whole events per blank line, and chunks validated straight from bytes.

Every recorded body is cut at every offset (and byte by byte) and must decode exactly as an
independent reference parser of the whole text does (WHATWG "Parsing an event stream"); the
typed ``Stream`` / ``AsyncStream`` run over in-memory responses with the same cuts.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import re
from collections.abc import AsyncIterator, Iterator
from types import ModuleType
from typing import Annotated, Any

import pydantic
import pytest


def chunk(text: str, **extra: Any) -> dict[str, Any]:
    return {
        "id": "cmpl-1",
        "object": "text_completion",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "text": text, "finish_reason": None}],
        **extra,
    }


def data(event: dict[str, Any], end: str = "\n\n") -> str:
    return f"data: {json.dumps(event, ensure_ascii=False)}{end}"


# -- a reference parser of the whole body --------------------------------------------------


def reference(body: bytes) -> list[tuple[str, str | None, str | None, int | None]]:
    """(data, event, id, retry) of every dispatched event, from the whole body at once."""
    text = body.decode("utf-8", "replace").removeprefix("\ufeff")
    lines = re.split(r"\r\n|\r|\n", text)[:-1]  # the unterminated last line is dropped
    events: list[tuple[str, str | None, str | None, int | None]] = []
    buffer: list[str] = []
    event: str | None = None
    last_id: str | None = None
    retry: int | None = None
    for line in lines:
        if not line:
            if buffer:
                events.append(("\n".join(buffer), event, last_id, retry))
            buffer, event = [], None
            continue
        if line.startswith(":"):
            continue
        name, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if name == "data":
            buffer.append(value)
        elif name == "event":
            event = value
        elif name == "id" and "\0" not in value:
            last_id = value
        elif name == "retry" and value.isascii() and value.isdigit():
            retry = int(value)
    return events


MIXED = (
    "\ufeff: keep-alive\r\n\r\n"
    + "\n\n\n"  # blank lines with nothing to dispatch
    + "event: completion\r\nid: 7\r\nretry: 1000\r\n"
    + "".join(f"data: {line}\r\n" for line in json.dumps(chunk("multi é"), indent=1).split("\n"))
    + "\r\n"
    + data(chunk("lf €"))
    + "data:" + json.dumps(chunk("no space")) + "\r\r"
    + "data: " + json.dumps(chunk("cr 😀"), ensure_ascii=False) + "\r\r"
    + "data\n\n"  # a field with no colon: one empty data line
    + "id: a\0b\nretry: x1\ndata: {}\n\n"  # ignored id (NUL) and retry (not digits)
    + ": comment\ndata: one\n: between\ndata:  two\n\n"
    + "event: ping\n\n"  # no data: not dispatched, and the event name is dropped
    + "event: held\n" + "\n" * 9 + "\r\n" * 3 + "\r" * 4  # runs of blank lines: one
    + "data: after the run\n\n"
    + data(chunk("after ping"), end="\r\n\r\n")
    + "data: bad BAD utf-8\n\n"
    + "data: unterminated at the end\n"
).encode().replace(b"BAD", b"\xff\xe2\x82")  # invalid bytes on the wire, one a cut sequence


def decode_all(pkg: ModuleType, pieces: list[bytes]) -> list[tuple[str, str | None, str | None, int | None]]:
    decoder = pkg.SSEDecoder()
    events = []
    for piece in pieces:
        events += decoder.feed(piece)
    events += decoder.flush()
    return [(e.data, e.event, e.id, e.retry) for e in events]


def test_reference_sees_the_recorded_features() -> None:
    events = reference(MIXED)
    assert [e[1] for e in events].count("completion") == 1
    assert json.loads(events[0][0])["choices"][0]["text"] == "multi é"
    assert events[0][2:] == ("7", 1000)
    assert ("", None, "7", 1000) in events
    assert ("one\n two", None, "7", 1000) in events
    assert any("\ufffd" in e[0] for e in events)
    assert not any("unterminated" in e[0] for e in events)
    assert len(events) == 10
    assert ("after the run", None, "7", 1000) in events  # `held` was dropped by the run


def test_a_run_of_blank_lines_is_read_as_one(pkg: ModuleType) -> None:
    """63 KiB of gzip held 64 MiB of blank lines, each dispatching nothing, one Python step
    each: a core busy for seconds, and the call's timeout never fired (all had arrived). A run
    is read as one blank line: each chunk of such a stream costs one step."""
    decoder = pkg.SSEDecoder()
    blocks = 0
    for _ in range(64):
        for piece in (b"\n" * 65_536, b"\r\n" * 32_768, b"\r" * 65_536):
            blocks += len(decoder.blocks(piece))
    assert decoder.feed(b"data: x\n\n")[0].data == "x"
    assert blocks <= 3 * 64, blocks


def test_whole_body(pkg: ModuleType) -> None:
    assert decode_all(pkg, [MIXED]) == reference(MIXED)


def test_cut_at_every_offset(pkg: ModuleType) -> None:
    expected = reference(MIXED)
    for cut in range(len(MIXED) + 1):
        assert decode_all(pkg, [MIXED[:cut], MIXED[cut:]]) == expected, cut


def test_cut_at_every_pair_of_offsets_near_line_ends(pkg: ModuleType) -> None:
    expected = reference(MIXED)
    ends = [i for i, byte in enumerate(MIXED) if byte in b"\r\n"]
    offsets = sorted({o for i in ends for o in (i - 1, i, i + 1, i + 2) if 0 <= o <= len(MIXED)})
    for first in offsets[::3]:
        for second in offsets:
            if second >= first:
                pieces = [MIXED[:first], MIXED[first:second], MIXED[second:]]
                assert decode_all(pkg, pieces) == expected, (first, second)


def test_byte_by_byte(pkg: ModuleType) -> None:
    pieces = [MIXED[i : i + 1] for i in range(len(MIXED))]
    assert decode_all(pkg, pieces) == reference(MIXED)


@pytest.mark.parametrize("size", [2, 3, 5, 7, 64])
def test_fixed_size_pieces_with_empty_chunks(pkg: ModuleType, size: int) -> None:
    pieces = []
    for i in range(0, len(MIXED), size):
        pieces += [MIXED[i : i + size], b""]
    assert decode_all(pkg, pieces) == reference(MIXED)


def test_crlf_split_between_cr_and_lf_dispatches_once(pkg: ModuleType) -> None:
    decoder = pkg.SSEDecoder()
    assert decoder.feed(b"data: a\r") == []
    assert decoder.feed(b"\n") == []
    # the CR of a blank line dispatches at once, before its LF arrives
    assert [e.data for e in decoder.feed(b"\r")] == ["a"]
    assert decoder.feed(b"\ndata: b\r\n\r\n") == [pkg.ServerSentEvent(data="b")]


def test_cr_only_blank_line_dispatches_without_waiting(pkg: ModuleType) -> None:
    decoder = pkg.SSEDecoder()
    assert [e.data for e in decoder.feed(b"data: x\r\r")] == ["x"]


def test_bom_split_and_only_at_the_start(pkg: ModuleType) -> None:
    decoder = pkg.SSEDecoder()
    assert decoder.feed(b"\xef") == []
    assert decoder.feed(b"\xbb") == []
    assert decoder.feed(b"\xbfdata: a\n\n\xef\xbb\xbfdata: b\n\n") == [pkg.ServerSentEvent(data="a")]
    # a second BOM is not skipped: that line's field name is "\ufeffdata", which is ignored


def test_large_event_in_many_small_chunks(pkg: ModuleType) -> None:
    payload = json.dumps(chunk("x" * 200_000))
    body = f"data: {payload}\n\n".encode()
    decoder = pkg.SSEDecoder()
    events = []
    for i in range(0, len(body), 1000):
        events += decoder.feed(body[i : i + 1000])
    assert [e.data for e in events] == [payload]


def test_feed_raw_keeps_bytes(pkg: ModuleType) -> None:
    decoder = pkg.SSEDecoder()
    raw = decoder.feed_raw(b"id: 3\ndata: caf\xc3\xa9\n\nevent: e\ndata: a\ndata: b\n\n")
    assert raw == [(None, b"caf\xc3\xa9", "3", None), ("e", b"a\nb", "3", None)]


# -- typed streams over in-memory responses ------------------------------------------------


def _body(*parts: str | dict[str, Any], done: bool = True) -> bytes:
    text = "".join(data(p) if isinstance(p, dict) else p for p in parts)
    return (text + ("data: [DONE]\n\n" if done else "")).encode()


class _Chunks:
    """A response body: yields the given pieces (then raises ``error``), counting them."""

    def __init__(self, pieces: list[bytes], error: Exception | None = None) -> None:
        self.pieces = pieces
        self.error = error
        self.served = 0

    def __iter__(self) -> Iterator[bytes]:
        for piece in self.pieces:
            self.served += 1
            yield piece
        if self.error is not None:
            raise self.error


class _AsyncChunks:
    """The async twin of :class:`_Chunks` (no ``__iter__``: httpx picks the body kind by it)."""

    def __init__(self, pieces: list[bytes], error: Exception | None = None) -> None:
        self.pieces = pieces
        self.error = error
        self.served = 0

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for piece in self.pieces:
            self.served += 1
            yield piece
        if self.error is not None:
            raise self.error


def _response(pkg: ModuleType, pieces: list[bytes], error: Exception | None = None, *, kind: str = "sync") -> Any:
    http = pkg._http
    body = _Chunks(pieces, error) if kind == "sync" else _AsyncChunks(pieces, error)
    request = http.Request("POST", "http://test/v1/completions")
    response = http.Response(200, headers={"content-type": "text/event-stream"}, content=body, request=request)
    response.body_chunks = body  # type: ignore[attr-defined]
    return response


def _sync_texts(pkg: ModuleType, pieces: list[bytes], **kw: Any) -> list[str]:
    stream = pkg.Stream(response=_response(pkg, pieces, **kw), chunk_type=pkg.models.Completion)
    return [c.choices[0].text for c in stream]


def _async_texts(pkg: ModuleType, pieces: list[bytes], **kw: Any) -> list[str]:
    async def collect() -> list[str]:
        stream = pkg.AsyncStream(response=_response(pkg, pieces, kind="async", **kw), chunk_type=pkg.models.Completion)
        return [c.choices[0].text async for c in stream]

    return asyncio.run(collect())


STREAM_BODY = _body(
    chunk("a"),
    ": ping\r\n\r\n",
    "data: " + json.dumps(chunk("crlf é")) + "\r\n\r\n",
    "data: " + json.dumps(chunk("cr")) + "\r\r",
    "event: completion\ndata: " + json.dumps(chunk("named")) + "\n\n",
    "data: " + json.dumps(chunk("unicode 😀"), ensure_ascii=False) + "\n\n",
    "data: {\"id\":\"x\",\"created\":1,\"model\":\"m\",\n"
    "data: \"choices\":[{\"index\":0,\"text\":\"multi\"}]}\n\n",
    "data: " + json.dumps({"id": "lenient", "choices": [{"text": "lenient"}], "new": 1}) + "\n\n",
)
STREAM_TEXTS = ["a", "crlf é", "cr", "named", "unicode 😀", "multi", "lenient"]


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_stream_cut_at_every_offset(pkg: ModuleType, kind: str) -> None:
    texts = _sync_texts if kind == "sync" else _async_texts
    step = 1 if kind == "sync" else 7  # an event loop per run: sample the async offsets
    for cut in range(0, len(STREAM_BODY) + 1, step):
        assert texts(pkg, [STREAM_BODY[:cut], STREAM_BODY[cut:]]) == STREAM_TEXTS, cut


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_stream_byte_by_byte(pkg: ModuleType, kind: str) -> None:
    texts = _sync_texts if kind == "sync" else _async_texts
    pieces = [STREAM_BODY[i : i + 1] for i in range(len(STREAM_BODY))]
    assert texts(pkg, pieces) == STREAM_TEXTS


def test_invalid_utf8_in_data_goes_through_the_slow_path(pkg: ModuleType) -> None:
    line = b"data: " + json.dumps(chunk("bad")).encode().replace(b'"bad"', b'"b\xffd"') + b"\n\n"
    assert _sync_texts(pkg, [line, b"data: [DONE]\n\n"]) == ["b\ufffdd"]


def test_done_stops_before_later_events_and_closes(pkg: ModuleType) -> None:
    body = _body(chunk("a")) + _body(chunk("after"), done=False)
    response = _response(pkg, [body])
    stream = pkg.Stream(response=response, chunk_type=pkg.models.Completion)
    assert [c.choices[0].text for c in stream] == ["a"]
    assert response.is_closed


def test_error_event_after_chunks_raises_typed_error(pkg: ModuleType) -> None:
    body = _body(chunk("a"), {"error": {"message": "slow down", "code": 429}})
    for cut in range(len(body) + 1):
        stream = pkg.Stream(response=_response(pkg, [body[:cut], body[cut:]]), chunk_type=pkg.models.Completion)
        got = []
        with pytest.raises(pkg.RateLimitError, match="slow down"):
            for c in stream:
                got.append(c.choices[0].text)
        assert got == ["a"]


def test_event_error_and_malformed_json(pkg: ModuleType) -> None:
    named = _body(chunk("a"), "event: error\ndata: upstream died\n\n")
    with pytest.raises(pkg.APIError, match="upstream died"):
        _sync_texts(pkg, [named])
    broken = _body(chunk("a"), 'data: {"id": "x", "choices": [\n\n')
    with pytest.raises(pkg.APIError, match="Malformed JSON in server-sent event data"):
        _sync_texts(pkg, [broken])
    with pytest.raises(pkg.APIError, match="Malformed JSON"):
        _async_texts(pkg, [broken])


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_transport_error_mid_stream(pkg: ModuleType, kind: str) -> None:
    texts = _sync_texts if kind == "sync" else _async_texts
    cut = pkg._http.RemoteProtocolError("peer closed connection")
    with pytest.raises(pkg.APIConnectionError, match="before \\[DONE\\]"):
        texts(pkg, [_body(chunk("a"), done=False)], error=cut)
    with pytest.raises(pkg.APITimeoutError):
        texts(pkg, [_body(chunk("a"), done=False)], error=pkg._http.TimeoutException("slow"))


def test_early_break_closes_and_stops_reading(pkg: ModuleType) -> None:
    pieces = [data(chunk(str(i))).encode() for i in range(50)]
    response = _response(pkg, pieces)
    for c in pkg.Stream(response=response, chunk_type=pkg.models.Completion):
        assert c.choices[0].text == "0"
        break
    assert response.is_closed
    assert response.body_chunks.served == 1


def test_a_stream_referenced_no_more_closes_without_the_garbage_collector(pkg: ModuleType) -> None:
    # the stream holds its chunk generator, which holds the decoder, not the stream: no cycle
    response = _response(pkg, [data(chunk(str(i))).encode() for i in range(5)])
    gc.disable()
    try:
        for _ in pkg.Stream(response=response, chunk_type=pkg.models.Completion):
            break
        assert response.is_closed
    finally:
        gc.enable()


def test_async_early_break_with_async_with_closes(pkg: ModuleType) -> None:
    pieces = [data(chunk(str(i))).encode() for i in range(50)]
    response = _response(pkg, pieces, kind="async")

    async def first() -> str:
        async with pkg.AsyncStream(response=response, chunk_type=pkg.models.Completion) as stream:
            async for c in stream:
                return str(c.choices[0].text)
        raise AssertionError("no chunk")

    assert asyncio.run(first()) == "0"
    assert response.is_closed
    assert response.body_chunks.served == 1


def test_any_chunk_type_gives_plain_json(pkg: ModuleType) -> None:
    stream = pkg.Stream(response=_response(pkg, [_body({"a": [1, 2.5]})]), chunk_type=Any)
    assert list(stream) == [{"a": [1, 2.5]}]



def _numbered(count: int) -> list[bytes]:
    return [data(chunk(str(i))).encode() for i in range(count)] + [b"data: [DONE]\n\n"]


def test_sync_next_then_for_continues(pkg: ModuleType) -> None:
    response = _response(pkg, _numbered(4))
    stream = pkg.Stream(response=response, chunk_type=pkg.models.Completion)
    assert next(stream).choices[0].text == "0"
    assert [c.choices[0].text for c in stream] == ["1", "2", "3"]
    assert response.is_closed
    assert list(stream) == []


def test_async_anext_then_async_for_continues(pkg: ModuleType) -> None:
    response = _response(pkg, _numbered(4), kind="async")

    async def run() -> tuple[str, list[str], list[Any]]:
        stream = pkg.AsyncStream(response=response, chunk_type=pkg.models.Completion)
        first = await stream.__anext__()
        rest = [c.choices[0].text async for c in stream]
        again = [c async for c in stream]
        return first.choices[0].text, rest, again

    assert asyncio.run(run()) == ("0", ["1", "2", "3"], [])
    assert response.is_closed


def test_async_for_then_anext_continues_the_same_chunks(pkg: ModuleType) -> None:
    response = _response(pkg, _numbered(4), kind="async")

    async def run() -> list[str]:
        stream = pkg.AsyncStream(response=response, chunk_type=pkg.models.Completion)
        iterator = aiter(stream)
        seen = [(await anext(iterator)).choices[0].text]
        seen.append((await stream.__anext__()).choices[0].text)  # the same generator
        seen += [c.choices[0].text async for c in stream]
        return seen

    assert asyncio.run(run()) == ["0", "1", "2", "3"]
    assert response.is_closed


def test_async_break_while_holding_the_stream_then_async_for_continues(pkg: ModuleType) -> None:
    # as openai-python's: a loop left with `break` is not the end of the answer
    response = _response(pkg, _numbered(5), kind="async")

    async def run() -> tuple[list[str], bool, list[str]]:
        stream = pkg.AsyncStream(response=response, chunk_type=pkg.models.Completion)
        seen = []
        async for c in stream:  # the stream object stays referenced: only the loop is left
            seen.append(c.choices[0].text)
            if len(seen) == 2:
                break
        for _ in range(5):
            await asyncio.sleep(0)  # no finaliser closes what the stream still holds
        closed = response.is_closed
        return seen, closed, [c.choices[0].text async for c in stream]

    assert asyncio.run(run()) == (["0", "1"], False, ["2", "3", "4"])
    assert response.is_closed


def test_a_partly_read_stream_goes_on_in_the_next_loop(pkg: ModuleType) -> None:
    """`next(iter(stream))` (a peek at the first chunk) and `islice` dropped the generator
    they were given, which closed the response: the loop after gave nothing, silently."""
    stream = pkg.Stream(response=_response(pkg, _numbered(6)), chunk_type=pkg.models.Completion)
    texts = [next(iter(stream)).choices[0].text]
    texts += [c.choices[0].text for c in itertools.islice(stream, 2)]
    texts += [c.choices[0].text for c in stream]
    assert texts == ["0", "1", "2", "3", "4", "5"]

    async def run() -> list[str]:
        stream = pkg.AsyncStream(response=_response(pkg, _numbered(4), kind="async"),
                                 chunk_type=pkg.models.Completion)
        seen = [(await anext(aiter(stream))).choices[0].text]
        return seen + [c.choices[0].text async for c in stream]

    assert asyncio.run(run()) == ["0", "1", "2", "3"]


def test_a_stream_closed_before_its_end_raises_when_read_again(pkg: ModuleType) -> None:
    # an empty loop would pass for the end of the answer; one read to its end stays quiet
    stream = pkg.Stream(response=_response(pkg, _numbered(4)), chunk_type=pkg.models.Completion)
    with stream:
        next(stream)
    for again in (lambda: list(stream), lambda: next(stream)):
        with pytest.raises(pkg.APIError, match="closed before its end"):
            again()
    whole = pkg.Stream(response=_response(pkg, _numbered(2)), chunk_type=pkg.models.Completion)
    with whole:
        assert len(list(whole)) == 2
    assert list(whole) == []

    async def run() -> None:
        stream = pkg.AsyncStream(response=_response(pkg, _numbered(4), kind="async"),
                                 chunk_type=pkg.models.Completion)
        async with stream:
            await anext(stream)
        with pytest.raises(pkg.APIError, match="closed before its end"):
            [c async for c in stream]

    asyncio.run(run())


def test_async_aclose_inside_the_loop_ends_it(pkg: ModuleType) -> None:
    response = _response(pkg, _numbered(20), kind="async")

    async def run() -> list[str]:
        stream = pkg.AsyncStream(response=response, chunk_type=pkg.models.Completion)
        seen = []
        async for c in stream:
            seen.append(c.choices[0].text)
            await stream.aclose()
        return seen

    assert asyncio.run(run()) == ["0"]
    assert response.is_closed


class _Loose(pydantic.BaseModel):
    """Like the generated chunk models: every field optional, extra allowed."""

    model_config = pydantic.ConfigDict(extra="allow")
    id: str | None = None
    text: str | None = None


class _Strict(pydantic.BaseModel):
    """Extra ignored: an `error` member is invisible after validation."""

    id: str | None = None
    text: str | None = None


class _Declared(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="allow")
    id: str | None = None
    error: object = None


@pytest.mark.parametrize("model", [_Loose, _Strict, _Declared])
def test_error_object_that_validates_still_raises(pkg: ModuleType, model: type[pydantic.BaseModel]) -> None:
    body = _body({"id": "1", "text": "ok"}, {"error": {"message": "overloaded", "status": 503}})
    stream = pkg.Stream(response=_response(pkg, [body]), chunk_type=model)
    seen = []
    with pytest.raises(pkg.InternalServerError, match="overloaded"):
        for c in stream:
            seen.append(c.text)
    assert seen == ["ok"]


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize("model", [_Loose, _Strict, _Declared])
def test_an_error_key_written_with_json_escapes_still_raises(
    pkg: ModuleType, model: type[pydantic.BaseModel], kind: str
) -> None:
    # `"\u0065rror"` is the key `error` to any JSON reader: a search of the bytes for
    # `"error"` alone let it through as a chunk (the error lost, its text a model's extra)
    escaped = 'data: {"\\u0065rror": {"message": "overloaded", "status": 503}}\n\n'
    body = _body({"id": "1", "text": "caf\u00e9"}, escaped)
    assert b"\\u0065rror" in body and b'"error"' not in body
    seen: list[str | None] = []

    async def walk() -> None:
        stream = pkg.AsyncStream(response=_response(pkg, [body], kind="async"), chunk_type=model)
        async for c in stream:
            seen.append(c.text)

    with pytest.raises(pkg.InternalServerError, match="overloaded"):
        if kind == "async":
            asyncio.run(walk())
        else:
            for c in pkg.Stream(response=_response(pkg, [body]), chunk_type=model):
                seen.append(c.text)
    assert seen == ["caf\u00e9"]


@pytest.mark.parametrize("model", [_Loose, _Strict, _Declared])
def test_error_word_inside_values_or_null_error_is_a_chunk(pkg: ModuleType, model: type[pydantic.BaseModel]) -> None:
    body = _body({"id": "1", "text": 'the "error" word'}, {"id": "2", "error": None})
    stream = pkg.Stream(response=_response(pkg, [body]), chunk_type=model)
    assert [c.id for c in stream] == ["1", "2"]


def test_which_models_show_the_error_key_after_validation(pkg: ModuleType) -> None:
    keeps = pkg._parse.extra_keeps
    assert keeps(_Loose, "error")
    assert not keeps(_Strict, "error")
    assert not keeps(_Declared, "error")
    assert not keeps(dict[str, Any], "error")

    class Aliased(_Loose):
        problem: object = pydantic.Field(default=None, alias="error")

    class Rewritten(_Loose):
        @pydantic.model_validator(mode="before")
        @classmethod
        def drop(cls, value: Any) -> Any:
            return value

    assert not keeps(Aliased, "error")
    assert not keeps(Rewritten, "error")


def test_sync_break_while_holding_the_stream_then_for_continues(pkg: ModuleType) -> None:
    response = _response(pkg, _numbered(5))
    stream = pkg.Stream(response=response, chunk_type=pkg.models.Completion)
    seen = []
    for c in stream:  # `stream` stays referenced: only the loop is left
        seen.append(c.choices[0].text)
        if len(seen) == 2:
            break
    assert not response.is_closed and seen == ["0", "1"]
    assert [c.choices[0].text for c in stream] == ["2", "3", "4"]
    assert response.is_closed


def test_sync_for_then_next_continues_the_same_chunks(pkg: ModuleType) -> None:
    response = _response(pkg, _numbered(4))
    stream = pkg.Stream(response=response, chunk_type=pkg.models.Completion)
    iterator = iter(stream)
    seen = [next(iterator).choices[0].text, next(stream).choices[0].text]
    seen += [c.choices[0].text for c in stream]
    assert seen == ["0", "1", "2", "3"]
    assert response.is_closed


def test_sync_close_inside_the_loop_ends_it(pkg: ModuleType) -> None:
    response = _response(pkg, _numbered(20))
    stream = pkg.Stream(response=response, chunk_type=pkg.models.Completion)
    seen = []
    for c in stream:
        seen.append(c.choices[0].text)
        stream.close()
    assert seen == ["0"]
    assert response.is_closed


def test_sync_with_block_closes_a_partly_read_stream(pkg: ModuleType) -> None:
    response = _response(pkg, _numbered(20))
    with pkg.Stream(response=response, chunk_type=pkg.models.Completion) as stream:
        assert next(iter(stream)).choices[0].text == "0"
    assert response.is_closed


# -- events whose data the document gives no JSON schema for (new-user trial) ---------------
# Mercure's subscription (`text/event-stream: {}`, no schema) streams plain text: the client,
# typed `Stream[Any]`, raised "Malformed JSON" at its first event. A chunk of any value or a
# string takes data that is no JSON as it is; JSON is still decoded, an error event still
# raises, and a model's chunk still calls such data malformed.

TEXT_BODY = _body("id: 1\nevent: update\ndata: hello world\n\n", {"a": 1},
                  'data: line "error" one\ndata: line two\n\n', done=False)
TEXTS = ["hello world", {"a": 1}, 'line "error" one\nline two']  # JSON is still decoded


@pytest.mark.parametrize(
    ("chunk_type", "body", "expected"),
    [
        (Any, TEXT_BODY, TEXTS),
        (Annotated[Any, pydantic.Field()], TEXT_BODY, TEXTS),  # a generated package's chunk
        (str, TEXT_BODY.replace(b'data: {"a": 1}\n\n', b""), [TEXTS[0], TEXTS[2]]),
        (Annotated[str, pydantic.Field()], _body('data: "quoted"\n\n', "data: bare\n\n",
                                                  done=False), ["quoted", "bare"]),
    ],
)
@pytest.mark.parametrize("strict", [False, True])
def test_text_data_is_the_chunk_of_a_stream_without_a_json_schema(
    pkg: ModuleType, chunk_type: object, body: bytes, expected: list[object], strict: bool
) -> None:
    stream = pkg.Stream(response=_response(pkg, [body]), chunk_type=chunk_type, strict=strict)
    assert list(stream) == expected

    async def collect() -> list[object]:
        chunks = pkg.AsyncStream(
            response=_response(pkg, [body], kind="async"), chunk_type=chunk_type, strict=strict
        )
        return [c async for c in chunks]

    assert asyncio.run(collect()) == expected


@pytest.mark.parametrize("chunk_type", [str, Annotated[str, pydantic.Field()]])
@pytest.mark.parametrize("strict", [False, True])
def test_a_string_chunk_is_text_even_where_the_text_reads_as_json(
    pkg: ModuleType, chunk_type: object, strict: bool
) -> None:
    """A `type: string` event stream (a log's lines) is typed `Stream[str]`: a line that reads
    as a JSON number, object, boolean or null is still its text, never the `int`, `dict` or
    None it decodes to (which the type does not take: strict mode raised on valid data). A
    JSON string is still its value (`data: "quoted"` -> `quoted`, as above). A line with an
    `error` key is a log line too: only an `error` event is an error in a stream of text."""
    body = _body("data: 42\n\n", 'data: {"level": "info"}\n\n', "data: null\n\n",
                 "data: true\n\n", 'data: "quoted"\n\n', "data: plain\n\n",
                 'data: {"level": "warn", "error": "disk 91% full"}\n\n', done=False)
    expected = ["42", '{"level": "info"}', "null", "true", "quoted", "plain",
                '{"level": "warn", "error": "disk 91% full"}']
    stream = pkg.Stream(response=_response(pkg, [body]), chunk_type=chunk_type, strict=strict)
    assert list(stream) == expected

    async def collect() -> list[object]:
        chunks = pkg.AsyncStream(
            response=_response(pkg, [body], kind="async"), chunk_type=chunk_type, strict=strict
        )
        return [c async for c in chunks]

    assert asyncio.run(collect()) == expected


def test_text_data_still_raises_for_an_error_event_or_a_model_chunk(pkg: ModuleType) -> None:
    named = _body("data: fine\n\n", "event: error\ndata: upstream died\n\n", done=False)
    with pytest.raises(pkg.APIError, match="upstream died"):
        list(pkg.Stream(response=_response(pkg, [named]), chunk_type=Any))
    with pytest.raises(pkg.APIError, match="Malformed JSON in server-sent event data"):
        _sync_texts(pkg, [_body("data: hello world\n\n", done=False)])
