"""The generated clients facing a hostile server, review round 6: what the earlier rounds missed.

Every case runs the sync and the async client on both HTTP libraries against a scripted server
on 127.0.0.1 (started by the test, stopped when it ends).

* A large JSON body (a success, an error, a streamed event) is counted for its objects and
  arrays before it is decoded, outside its strings: the strings were found by a pattern that
  wanted the closing quote, so a string never closed and full of escaped quotes (`"\\"\\"...`)
  made the search start over at each of them and read on to the end each time: 1.2 MB of body
  held a call for minutes, whatever its timeout (the time goes after the body is read).
* An error body's excerpt (the message of its `APIStatusError`, when the body names no message
  of its own) split the whole body into words to keep the first 300 characters: an answer of
  short words (`ab ab ab ...`, 64 KB once gzipped) made a list of millions of strings, 1.6 GB
  for the 64 MiB `max_response_size` lets in. Only the words shown are taken now.
* A file part's content type (`(filename, file, content_type)`, as a form's upload hands it
  on) went into the part's head as it was, where the HTTP library escapes the filename: a line
  break in it added headers to the part, or ended its head and made the rest the file's first
  bytes. It is refused before anything is sent, as a header argument's line break is.
* A compressed body was decoded one network read at a time, whatever that read held: 64 KiB of
  gzip is 64 MiB of text at once, which splitting it into events or lines made a list of
  millions of strings (`iter_lines` over 260 KB of gzipped line breaks grew the client by
  1.2 GB; an event stream of blank lines by 350 MB). The HTTP library's decoder is now fed
  4 KiB at a time, so no decoded piece is much over 4 MiB.
* JSON was counted for its objects and arrays only, but every value becomes an object of 30 to
  60 bytes: 64 MiB of `["ab","ab",...]` (64 KB gzipped) decoded into 1 GB. JSON holding more
  than `MAX_JSON_VALUES` (4,194,304) values is not decoded either; commas and colons inside
  strings do not count.
* A server-sent event's lines were split into a list all at once, and its data lines kept as a
  list: an event of millions of short lines (`:ab` comments, `id:` fields, `data:ab` lines;
  15 MiB of them, 23 KB gzipped) made millions of objects, 150 to 260 MB. The lines are read
  one at a time and the data kept in one buffer.
* A cookie set by another origin of the same host (another port, or `http://` after
  `https://`), reached by a redirect, went home with every request after: the HTTP library's
  jar matches hosts, not origins. A client the package makes keeps only the cookies its own
  origins set (those still go home, as before).
* The parse targets' validators were compiled afresh at each use (their cache had come off the
  function when another was inserted above it): an answer of 50,000 dates with one unreadable,
  built item by item, compiled 50,000 validators, seconds of CPU for 1.5 MB.
* An error event's message went whole into the stream's exception, as long as the event and
  with its line breaks (a log line forged under the client's own): it is on one line and cut
  to 300 characters, as an error status's message is.
* An answer whose array (or object) items all misfit their type made pydantic report every one:
  2 MiB of `{"choices": [1, 1, ...]}` grew the client by 480 MB (1.4 GB with
  `strict_response_validation`, whose summary listed them all), whether a body, an error
  status's body or a streamed event. JSON over 64 KiB and decoded answers are first validated
  by a fail-fast twin of their type, which stops at the first misfit of each array and object;
  what valid answers parse to, and what small misfits report, is unchanged.
"""

from __future__ import annotations

import datetime
import importlib
import json
import time
import tracemalloc
import zlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pydantic
import pytest

from tests.support.runtime_harness import Api, completion_options, completion_spec
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

JSON = {"Content-Type": "application/json"}
LIMIT = 1 << 18  # _parse.MAX_JSON_CONTAINERS
# more brackets than the limit in more bytes than are left uncounted, then a string never
# closed: 80 KB of escaped quotes
UNCLOSED = "[" * (2 * LIMIT) + '"' + '\\"' * 40_000


def test_a_string_never_closed_is_counted_in_linear_time(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([
        Reply(200, JSON, body=UNCLOSED),
        Reply(400, JSON, body=UNCLOSED),
        Reply(200, {"Content-Type": "text/event-stream"}, chunks=[f"data: {UNCLOSED}\n\n".encode()]),
    ])
    api = make_api(server, max_retries=0)
    started = time.monotonic()
    with pytest.raises(pkg.APIResponseValidationError, match="more than 262144 objects and arrays"):
        api.call(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(pkg.BadRequestError) as error:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert error.value.body == UNCLOSED
    with pytest.raises(pkg.APIResponseValidationError, match="more than 262144 objects and arrays"):
        api.stream(completion_spec(pkg), completion_options(pkg))
    assert time.monotonic() - started < 10  # each took about 30 s, then minutes past 200 KB


def test_an_error_body_of_short_words_is_excerpted_without_splitting_all_of_it(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    size = 8 << 20
    words = "ab " * (size // 3)  # 2.8 million words: 170 MB as a list of strings
    server = serve([Reply(500, {"Content-Type": "text/plain"}, body=words)])
    api = make_api(server, max_retries=0, max_response_size=size)
    tracemalloc.start()
    try:
        with pytest.raises(pkg.InternalServerError) as error:
            api.call(completion_spec(pkg), completion_options(pkg))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert str(error.value).startswith("Error code: 500 - ab ab ab")
    assert str(error.value).endswith("...") and len(str(error.value)) < 400
    assert peak < 6 * size, peak  # the body, its text and their copies; not a word list


@pytest.mark.parametrize("bad", ["text/plain\r\nX-Injected: 1", "text/plain\n\nforged", "a\x00b"])
def test_a_file_parts_content_type_with_a_line_break_is_refused_before_sending(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], bad: str
) -> None:
    server = serve([Reply(200, body={"id": "f"})], repeat_last=True)
    api = make_api(server, max_retries=0)

    def upload(content_type: str) -> None:
        files = [("file", ("notes.txt", b"data", content_type))]
        options = completion_options(
            pkg, path="/files", json_body=pkg.NOT_GIVEN, form={"purpose": "x"}, files=files
        )
        api.call(completion_spec(pkg, success={"200": None}), options)

    with pytest.raises(pkg.RequestValidationError, match="file part 'file': its content type"):
        upload(bad)
    assert server.requests == []
    upload("text/plain; charset=utf-8")  # a parameter, with its blank, is fine
    (sent,) = server.requests
    assert b'filename="notes.txt"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\ndata' in sent.body


def gzipped_zeros(size: int) -> bytes:
    """``size`` zero bytes, gzipped (a thousandfold smaller), made a MiB at a time."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    mib = bytes(1 << 20)
    return b"".join([*(packer.compress(mib) for _ in range(size >> 20)), packer.flush()])


def test_a_compressed_body_is_decoded_in_small_pieces(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], kind: str
) -> None:
    size = 64 << 20
    server = serve([Reply(200, {"Content-Encoding": "gzip", "Content-Type": "text/plain"},
                          body=gzipped_zeros(size))])
    api = make_api(server, max_retries=0)
    raw = api.run(lambda: api.client.request_raw(
        completion_spec(pkg, success={"200": str}), completion_options(pkg), lazy=True
    ))
    response = raw.http_response
    if kind == "sync":
        sizes = [len(piece) for piece in response.iter_bytes()]
    else:
        async def read() -> list[int]:
            return [len(piece) async for piece in response.aiter_bytes()]

        sizes = api.run(read)
    assert sum(sizes) == size
    assert max(sizes) <= 5 << 20, max(sizes)  # 4 KiB of gzip, decoded: each read was 64 MiB


VALUES = 1 << 22  # _parse.MAX_JSON_VALUES


def test_json_holding_too_many_values_is_not_decoded(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    many = "[" + "1," * (VALUES + 1) + "1]"  # 8 MiB; `"ab",` five times over took 1 GB per 64 MiB
    prose = ",:" * (VALUES // 2 + 1) + "." * VALUES  # as many commas and colons, in a string
    fine = {"id": "c1", "created": 1, "model": "m",
            "choices": [{"index": 0, "text": prose, "finish_reason": "stop"}]}
    server = serve([
        Reply(200, JSON, body=many),
        Reply(400, JSON, body=many),
        Reply(200, {"Content-Encoding": "gzip", **JSON}, body=gzipped_json(many)),
        Reply(200, JSON, body=fine),
    ])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.APIResponseValidationError, match=f"more than {VALUES} values"):
        api.call(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(pkg.BadRequestError) as error:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert error.value.body == many and error.value.parsed_body is None
    with pytest.raises(pkg.APIResponseValidationError, match=f"more than {VALUES} values"):
        api.call(completion_spec(pkg), completion_options(pkg))
    assert api.call(completion_spec(pkg), completion_options(pkg)).choices[0].text == prose
    assert importlib.import_module(pkg.__name__ + "._parse").MAX_JSON_VALUES == VALUES


def test_many_empty_strings_are_refused_without_a_copy_of_the_body(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """24 MiB of `"",` (24 KB gzipped): the values were counted outside strings in a copy of
    the text without them, built of one piece per gap: 1.4 GB here, 3.7 GB for 63 MiB."""
    many = "[" + '"",' * (8 << 20) + '""]'
    server = serve([Reply(200, {"Content-Encoding": "gzip", **JSON}, body=gzipped_json(many)),
                    Reply(500, {"Content-Encoding": "gzip", **JSON}, body=gzipped_json(many))])
    api = make_api(server, max_retries=0)
    tracemalloc.start()
    try:
        with pytest.raises(pkg.APIResponseValidationError, match=f"more than {VALUES} values"):
            api.call(completion_spec(pkg), completion_options(pkg))
        with pytest.raises(pkg.InternalServerError) as error:
            api.call(completion_spec(pkg), completion_options(pkg))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert error.value.parsed_body is None
    # the body, its chunks and its decoded text (async reads hold one copy more), where a piece
    # per string was 1.4 GB
    assert peak < 6 * len(many), peak


@pytest.mark.parametrize(("text", "counts"), [
    ('{"a,b": [1, 2], "c": {"d": "{[x:"}}', {"{[": 3, ",:": 5}),
    (r'["\\", "\\"]', {"{[": 1, ",:": 1}),  # a string ending in an escaped backslash
    (r'["a\"b", 1]', {"{[": 1, ",:": 1}),  # an escaped quote inside a string
    ('"never closed, : {', {"{[": 0, ",:": 0}),
    # more strings than separators: no JSON; the reading stops where `json` stops too
    ('["a" "b" "c", 1, 2, 3]', {"{[": 1, ",:": 0}),
])
def test_marks_are_counted_outside_strings(
    pkg: ModuleType, text: str, counts: dict[str, int]
) -> None:
    parse = importlib.import_module(pkg.__name__ + "._parse")
    assert parse._counts_outside_strings(text) == counts
    assert parse._counts_outside_strings(text.encode()) == counts


def test_utf16_json_is_counted_as_the_text_it_decodes_to(pkg: ModuleType) -> None:
    """`json.loads` reads UTF-16 bytes too: counted as bytes, a quote's byte beside a NUL
    paired strings wrongly and 263,146 containers passed a limit of 262,144."""
    parse = importlib.import_module(pkg.__name__ + "._parse")
    text = r'["\"",' + "[]," * (LIMIT + 1000) + "[]]"
    for encoding in ("utf-8", "utf-16-le", "utf-16", "utf-32"):
        with pytest.raises(ValueError, match="objects and arrays"):
            parse.check_json_size(text.encode(encoding))
    parse.check_json_size(json.dumps(["∬" * (VALUES * 2)]).encode("utf-16"))  # one string


def gzipped_json(text: str) -> bytes:
    return zlib.compress(text.encode(), 9, wbits=31)


LAST = {"id": "c1", "created": 1, "model": "m", "choices": []}


@pytest.mark.parametrize("line", [":ab", "id:ab", "data:ab"])
def test_an_event_of_many_short_lines_is_read_without_a_list_of_them(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], line: str
) -> None:
    size = 2 << 20
    count = size // (len(line) + 1) - 100  # 300,000 lines and more
    event = (line + "\n") * count + f"data: {json.dumps(LAST)}\n\n"
    server = serve([Reply(200, {"Content-Type": "text/event-stream"}, body=event + "data: [DONE]\n\n")])
    api = make_api(server, max_retries=0, max_event_size=size)
    tracemalloc.start()
    try:
        (chunk,) = api.stream(completion_spec(pkg, stream_chunk=object), completion_options(pkg))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # data lines are joined with line breaks: no JSON, the chunk is their text
    assert chunk == ("ab\n" * count + json.dumps(LAST) if line == "data:ab" else LAST)
    assert peak < 6 * size, peak  # the body, its event and their copies; not a list of lines


COMPLETION = {"id": "c1", "object": "text_completion", "created": 1, "model": "m",
              "choices": [{"index": 0, "text": "hi", "finish_reason": "stop"}]}


@pytest.mark.parametrize("status", [302, 307])
def test_a_cookie_another_origin_set_never_reaches_home(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], status: int
) -> None:
    elsewhere = serve([Reply(200, {"Set-Cookie": "planted=by-elsewhere; Path=/"}, body=COMPLETION)])
    home = serve([
        Reply(status, {"Location": elsewhere.url + "/x"}),
        Reply(200, {"Set-Cookie": "session=home-1; Path=/"}, body=COMPLETION),
        Reply(200, body=COMPLETION),
    ])
    api = make_api(home, max_retries=0)
    for _ in range(3):
        api.call(completion_spec(pkg), completion_options(pkg))
    assert len(elsewhere.requests) == 1
    # the second call to home carries home's own cookie, never the one elsewhere planted
    assert [request.headers.get("cookie") for request in home.requests] == [
        None, None, "session=home-1"
    ]


def test_an_answer_built_item_by_item_compiles_its_validator_once(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[object] = []

    class Counted(pydantic.TypeAdapter):  # type: ignore[type-arg]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            built.append(args[0])
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(pydantic, "TypeAdapter", Counted)
    dates = ["2026-12-05T15:00:00Z"] * 20_000 + ["not a date"]  # the last one: lenient path
    server = serve([Reply(200, JSON, body=dates)], repeat_last=True)
    api = make_api(server, max_retries=0)
    spec = completion_spec(pkg, success={"200": list[datetime.datetime]})
    for _ in range(2):
        answer = api.call(spec, completion_options(pkg))
        assert answer[0] == datetime.datetime(2026, 12, 5, 15, tzinfo=datetime.UTC)
        assert answer[-1] == "not a date" and len(answer) == 20_001
    assert len(built) <= 2, len(built)  # list[datetime] and datetime, once each: 40,000 before


def test_an_error_events_message_is_one_line_cut_short(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    said = "overloaded\nINFO forged log line\n" + "x" * (1 << 20)
    events = [f"data: {json.dumps({'error': {'message': said, 'status': 503}})}\n\n".encode()]
    server = serve([Reply(200, {"Content-Type": "text/event-stream"}, chunks=events)])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.APIStatusError) as error:
        api.stream(completion_spec(pkg), completion_options(pkg))
    message = str(error.value)
    assert message.startswith("Error in stream: overloaded INFO forged log line xxx")
    assert "\n" not in message and len(message) < 400, len(message)
    assert error.value.status_code == 503 and error.value.body["message"] == said  # kept whole


def peak_rss_since(reset: bool = False) -> int:
    """The process's peak resident size in bytes (VmHWM), reset to the current size first with
    ``reset``: pydantic-core's errors live in Rust's heap, which tracemalloc does not see."""
    if reset:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM in /proc/self/status")


MISFITS = 1 << 20  # 2 MiB of `1,`: pydantic made an error for each, 450 MB at least


@pytest.mark.parametrize("strict", [False, True])
def test_an_answer_of_many_misfits_is_refused_at_the_first(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    strict: bool,
) -> None:
    misfits = "[" + "1," * MISFITS + "1]"
    long_fine = {"id": "c1", "created": 1, "model": "m",
                 "choices": [{"index": i, "text": "ab" * 20} for i in range(3000)]}  # 150 KB
    server = serve([
        Reply(200, JSON, body=f'{{"id":"c1","created":1,"model":"m","choices":{misfits}}}'),
        Reply(422, JSON, body=f'{{"detail":{misfits}}}'),
        Reply(200, JSON, body=long_fine),
    ])
    api = make_api(server, max_retries=0, strict_response_validation=strict)
    before = peak_rss_since(reset=True)
    if strict:
        with pytest.raises(pkg.APIResponseValidationError, match="choices.0: Input should be"):
            api.call(completion_spec(pkg), completion_options(pkg))
    else:
        answer = api.call(completion_spec(pkg), completion_options(pkg))
        assert len(answer.choices) == MISFITS + 1 and answer.choices[-1] == 1  # built leniently
    with pytest.raises(pkg.UnprocessableEntityError) as error:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert error.value.parsed_body is None
    grown = peak_rss_since() - before
    assert grown < 100 << 20, grown  # the body and its decoded list; 450 MB and more before
    answer = api.call(completion_spec(pkg), completion_options(pkg))
    assert answer == pkg.models.Completion.model_validate(long_fine)
    assert isinstance(answer.choices[-1], pkg.models.Choice)


@pytest.mark.parametrize("strict", [False, True])
def test_an_event_of_many_misfits_is_refused_at_the_first(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    strict: bool,
) -> None:
    misfits = "[" + "1," * MISFITS + "1]"
    data = f'{{"id":"c1","created":1,"model":"m","choices":{misfits}}}'
    server = serve([Reply(200, {"Content-Type": "text/event-stream"},
                          body=f"data: {data}\n\ndata: [DONE]\n\n")])
    api = make_api(server, max_retries=0, strict_response_validation=strict,
                   max_event_size=4 * MISFITS)
    before = peak_rss_since(reset=True)
    if strict:
        with pytest.raises(pkg.APIResponseValidationError, match="choices.0: Input should be"):
            api.stream(completion_spec(pkg), completion_options(pkg))
    else:
        (chunk,) = api.stream(completion_spec(pkg), completion_options(pkg))
        assert len(chunk.choices) == MISFITS + 1 and chunk.choices[0] == 1
    grown = peak_rss_since() - before
    assert grown < 100 << 20, grown  # 450 MB and more before


def test_an_ordinary_misfit_is_reported_as_before(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    few = {"id": "c1", "created": 1, "model": "m", "choices": [1, 2, 3, 4, 5]}
    server = serve([Reply(200, JSON, body=few)])
    api = make_api(server, max_retries=0, strict_response_validation=True)
    shown = "; ".join(f"choices.{i}: Input should be an object" for i in range(3))
    with pytest.raises(pkg.APIResponseValidationError, match=f"{shown} \\(and 2 more\\)"):
        api.call(completion_spec(pkg), completion_options(pkg))


def test_long_answers_of_maps_and_unions_parse_as_before(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    choice = {"index": 0, "text": "ab", "finish_reason": "stop"}
    fine = {f"k{i}": [choice] * 3 if i % 2 else i for i in range(2000)}  # 130 KB
    misfit = {**fine, "k1": [choice, {"index": "x"}], "k2": "two"}
    server = serve([Reply(200, JSON, body=fine), Reply(200, JSON, body=misfit)])
    api = make_api(server, max_retries=0)
    target = dict[str, list[pkg.models.Choice] | int]
    spec = completion_spec(pkg, success={"200": target})
    assert api.call(spec, completion_options(pkg)) == pydantic.TypeAdapter(target).validate_python(fine)
    answer = api.call(spec, completion_options(pkg))  # lenient: built as it is
    assert answer["k1"][1].index == "x" and answer["k2"] == "two"
    assert answer["k3"] == [pkg.models.Choice(**choice)] * 3
