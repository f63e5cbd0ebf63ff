"""The generated clients attacked as a careless caller and a hostile server would (issue 26):
what the audit found that the other runtime tests did not cover.

Every case runs the sync and the async client on both HTTP libraries against a scripted server
on 127.0.0.1 (started by the test, stopped when it ends, each call bounded by `timeout`).

* A value with a space or tab around it cannot be sent in a header (the HTTP library refuses
  it while writing the request, in an exception quoting the value): a header argument or an
  extra header is refused before anything is sent, as a line break is; a key is refused when
  the client is made; and the library's exception, which a traceback prints under the client's
  own, is no longer chained to it.
* A redirect whose `Location` names a host no resolver takes (a label past DNS's 63
  characters, an `xn--` label that decodes to nothing, a host left empty) ends in the
  client's `APIError` (as any other unusable Location does), not a bare `UnicodeError`,
  `idna` error or `ValueError` from inside the HTTP library; a `base_url` with such a host
  is refused when the client is made.
* A `charset` the HTTP library would decode with whatever codec Python has by that name
  (`zlib`, `rot13`: no text encodings; `idna`, or `utf-16` without its byte order mark: codecs
  that refuse the body) made every read of a text body raise `AssertionError`, `TypeError` or
  `UnicodeError` (an error status included: its message is built from the text); such a body
  is read as UTF-8, the library's default, and a real charset (`latin-1`) is still honoured.
* `max_response_size` bounds the bytes of a body, not what they decode into: 3 MiB of
  `{"choices": [{}, {}, ...]}` built 700 MiB of lenient models in minutes (a 57 MiB body:
  2.9 GB). JSON holding more than `MAX_JSON_CONTAINERS` objects and arrays is not decoded: a
  success body or a streamed event raises `APIResponseValidationError`, an error body is kept
  as its text; braces inside strings do not count.
* A cookie the home origin set (a session) went with a redirect to another origin on the same
  host (another port, or `http://` after `https://`): the client strips `Cookie` from such a
  hop, but the HTTP library's cookie jar matches hosts, not origins, and added it back. It
  stays home now, where the jar still sends it.
* A server setting a new cookie on every response (or one cookie of megabytes) grew a
  long-lived client's cookie jar without bound: a client the package makes keeps
  `MAX_COOKIES` (300), the newest set, and none longer than `MAX_COOKIE_BYTES` (4096).
* A header whose name says "key" or "credential" (Azure's `Ocp-Apim-Subscription-Key` and
  `x-functions-key`, `X-Access-Key`, often declared as plain header parameters rather than
  security schemes) was not taken for a credential: it followed a redirect to another origin
  and showed when the server echoed it back.
* A query parameter named like a credential (Google's `key`, `access_token`) that the document
  declares as a plain parameter showed in the HTTP library's INFO log line, in the `repr` of
  the request and of the raw response, and in a message echoing it: the URL shows it as
  `***` now, as a query key's, and an echo is blanked (`keyword`, `author` stay shown).
* A `base_url` with a query or a fragment (`.../v1?api-version=1`, as Azure's URLs are
  written) sent every request to a path with the operation's own path in the query, or
  dropped with the fragment: it is refused when the client is made.
* A streaming call answered 200 with an HTML page (a proxy's, a captive portal's) gave an
  empty stream, as if the model had said nothing: a stream that ends without one event raises
  `APIResponseValidationError` when its Content-Type is another than `text/event-stream`
  (events under a wrong Content-Type still go through, and an event stream may be empty).
* A 2xx body (or a streamed event) that is JSON but no object where a model is declared (`42`,
  `"text"`, `[...]`, `null`) was returned as it was, a number behind a method typed
  `-> Completion`, met later as an `AttributeError` (as an empty body would have been, which
  raises): it raises `APIResponseValidationError`; an object short of fields is still built.
"""

from __future__ import annotations

import importlib
import json
import logging
import re
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from tests.support.runtime_harness import Api, completion_options, completion_spec
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(60)

SECRET = "tok-SECRET-0123456789"
COMPLETION = {
    "id": "c1", "object": "text_completion", "created": 1, "model": "m",
    "choices": [{"index": 0, "text": "hi", "finish_reason": "stop"}],
}


def _shown(exc: BaseException) -> str:
    """All a traceback of ``exc`` prints (chained exceptions included), and its repr."""
    return "".join(traceback.format_exception(exc)) + repr(exc)


# -- a value with blanks around it in a header -----------------------------------------------


@pytest.mark.parametrize("value", [SECRET + " ", " " + SECRET, SECRET + "\t"])
def test_a_header_value_with_blanks_around_it_is_refused_before_sending(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], value: str
) -> None:
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server, max_retries=2)
    with pytest.raises(pkg.RequestValidationError, match="starts or ends with a space or tab") as caught:
        api.call(completion_spec(pkg), completion_options(pkg, extra_headers={"X-Note": value}))
    assert SECRET not in _shown(caught.value)
    ops = importlib.import_module(pkg.__name__ + "._operations")
    with pytest.raises(pkg.RequestValidationError, match="'X-Access-Token'.*space or tab") as named:
        ops.pick_headers({"token": value}, ["token"], wire_names={"token": "X-Access-Token"})
    assert SECRET not in _shown(named.value)
    with pytest.raises(pkg.RequestValidationError, match="space or tab"):
        make_api(server, default_headers={"X-Note": value})
    assert server.requests == [] and api.sleeps == []


def test_a_request_the_http_library_refuses_shows_no_value_in_its_traceback(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    # headers given to the engine directly are not checked (a generated method checks its
    # header arguments first): the library refuses the value and its exception quotes it
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server, max_retries=2)
    with pytest.raises(pkg.APIError, match="Invalid request") as caught:
        api.call(completion_spec(pkg), completion_options(pkg, headers={"X-Access-Token": SECRET + " "}))
    assert SECRET not in _shown(caught.value)
    assert caught.value.__cause__ is None and caught.value.__suppress_context__
    assert server.requests == [] and api.sleeps == []


def test_an_echoed_key_shows_in_no_cause_of_an_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """The library's exception an error is raised from quotes what the server sent (pydantic's
    `input_value`, a `Location` httpx cannot read): every traceback and `logging.exception`
    printed it. The cause is now that exception's type and message, the key blanked out."""
    drifted = {**COMPLETION, "choices": f"your key is {SECRET}"}
    event = f"data: {json.dumps(drifted)}\n\ndata: [DONE]\n\n"
    server = serve([
        Reply(200, JSON, body=drifted),
        Reply(200, {"Content-Type": "text/event-stream"}, chunks=[event.encode()]),
        Reply(302, {"Location": f"http://127.0.0.1:{SECRET}/x"}),
    ])
    api = make_api(server, max_retries=0, api_key=SECRET, strict_response_validation=True)
    with pytest.raises(pkg.APIResponseValidationError) as answer:
        api.call(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(pkg.APIResponseValidationError) as event_error:
        api.stream(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(pkg.APIError, match="Invalid redirect") as redirect:
        api.call(completion_spec(pkg), completion_options(pkg))
    for caught, kind in ((answer, "ValidationError"), (redirect, "InvalidURL|ProtocolError")):
        cause = caught.value.__cause__
        assert type(cause).__name__ == "RedactedCause" and re.search(kind, str(cause)), cause
        assert cause.__traceback__ is not None  # the library's frames still print
        assert SECRET not in _shown(caught.value)
    assert SECRET not in _shown(event_error.value)


def test_an_echoed_credential_named_header_shows_in_no_cause_either(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """A header argument named like a credential (`X-Access-Token`), echoed in a drifted answer:
    the message blanked it (the answer's redactor), the cause was checked with the client's
    own credentials only and kept pydantic's `input_value`."""
    drifted = {**COMPLETION, "choices": f"echo {SECRET}"}
    event = f"data: {json.dumps(drifted)}\n\ndata: [DONE]\n\n"
    server = serve([Reply(200, JSON, body=drifted),
                    Reply(200, {"Content-Type": "text/event-stream"}, chunks=[event.encode()])])
    api = make_api(server, max_retries=0, strict_response_validation=True)
    options = completion_options(pkg, headers={"X-Access-Token": SECRET})
    with pytest.raises(pkg.APIResponseValidationError) as answer:
        api.call(completion_spec(pkg), options)
    with pytest.raises(pkg.APIResponseValidationError) as event_error:
        api.stream(completion_spec(pkg), options)
    for caught in (answer, event_error):
        assert SECRET not in _shown(caught.value)
        assert type(caught.value.__cause__).__name__ == "RedactedCause"


@pytest.mark.parametrize("key", [SECRET + " ", " " + SECRET])
def test_a_key_with_blanks_around_it_is_refused_when_the_client_is_made(
    pkg: ModuleType, key: str
) -> None:
    for location in ("header", "query", "cookie"):
        scheme = pkg._auth.SecurityScheme("key", location, "X-API-Key")
        with pytest.raises(ValueError, match="api_key= starts or ends with a space or tab") as caught:
            pkg._auth.Auth([scheme], {"key": key}, requirements=[["key"]], sources={"key": "api_key="})
        assert SECRET not in _shown(caught.value)
    with pytest.raises(ValueError, match="space or tab") as engine:
        pkg.SyncAPIClient(base_url="https://api.example.com", api_key=key)
    assert SECRET not in _shown(engine.value)
    # a password is base64-encoded whole: its blanks are its own
    basic = pkg._auth.SecurityScheme("basic", "header", "Authorization", prefix="Basic ", basic=True)
    auth = pkg._auth.Auth([basic], {"basic": ("user", key)}, requirements=[["basic"]])
    assert auth.given


# -- a redirect to a host no resolver takes ------------------------------------------------

LONG_LABEL = "http://" + "a" * 64 + ".example/?k=" + SECRET


@pytest.mark.parametrize("location", [LONG_LABEL, "http://xn--a/" + SECRET, "//u:" + SECRET + "@/"])
def test_a_redirect_to_a_host_no_resolver_takes_is_an_api_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    location: str,
) -> None:
    server = serve([Reply(302, {"Location": location})], repeat_last=True)
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.APIError) as caught:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert len(server.requests) == 1
    if location == LONG_LABEL:  # the others, one library or the other tries and fails to connect
        assert str(caught.value).startswith("Invalid redirect from the server")
    assert SECRET not in str(caught.value)


def test_a_base_url_with_a_host_no_resolver_takes_is_refused_when_the_client_is_made(
    pkg: ModuleType,
) -> None:
    for base_url in ("https://" + "a" * 64 + ".example/v1", "https://api..example"):
        with pytest.raises(ValueError, match="cannot be reached: its host name has an empty label"):
            pkg.SyncAPIClient(base_url=base_url, api_key=SECRET)
    for fine in ("https://api.example./v1", "http://[::1]:8080", "https://" + "a" * 63 + ".example"):
        assert pkg.SyncAPIClient(base_url=fine, api_key=SECRET).base_url == fine



@pytest.mark.parametrize(("base_url", "problem"), [
    ("api.example.com/v1", r"it has no scheme \(https://api.example.com/v1\?\)"),
    ("localhost:8080", r"it has no scheme \(https://localhost:8080\?\)"),
    ("ftp://files.example.com", "it is not an http:// or https:// URL"),
    ("https://", "it has no host"), ("https:///v1", "it has no host"),
    ("https://api.example.com:99999", "its port is not between 1 and 65535"),
])
def test_a_base_url_no_request_can_use_is_refused_when_the_client_is_made(
    pkg: ModuleType, base_url: str, problem: str,
) -> None:
    # the user trial: each was taken, and every call then raised APIConnectionError ("Connection
    # error: UnsupportedProtocol..." or a failed name lookup), which reads as a network failure
    with pytest.raises(ValueError, match=f"base_url .* cannot be reached: {problem}"):
        pkg.SyncAPIClient(base_url=base_url, api_key=SECRET)
    with pytest.raises(ValueError, match="cannot be reached"):
        pkg.AsyncAPIClient(base_url=base_url, api_key=SECRET)
    assert pkg.SyncAPIClient(base_url="HTTPS://API.example.com:443", api_key=SECRET).base_url


@pytest.mark.parametrize("base_url", ["http://[::1", "http://h\x7f.com", "http://127.0.0.1:80:80"])
def test_a_base_url_the_http_library_cannot_parse_is_a_value_error_naming_it(
    pkg: ModuleType, base_url: str,
) -> None:
    # httpx.InvalidURL escaped: no ValueError, and nothing said which setting held it
    with pytest.raises(ValueError, match="base_url .* is not a URL"):
        pkg.SyncAPIClient(base_url=base_url, api_key=SECRET)

# -- a charset that is no text encoding ----------------------------------------------------

TEXT = "déjà vu\nligne 2\n"


@pytest.mark.parametrize("charset", ["zlib", "rot13", "idna", "utf-16", "latin-1"])
def test_a_charset_no_text_codec_reads_is_read_as_utf8(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], charset: str
) -> None:
    encoding = "latin-1" if charset == "latin-1" else "utf-8"
    error = '{"error": {"message": "déjà vu"}}'.encode(encoding)
    headers = {"Content-Type": "text/plain; charset=" + charset}
    server = serve([
        Reply(400, {"Content-Type": "application/json; charset=" + charset}, body=error),
        *[Reply(200, headers, body=TEXT.encode(encoding))] * 2,
    ])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.BadRequestError, match="déjà vu"):
        api.call(completion_spec(pkg), completion_options(pkg))
    text = pkg.ResponseSpec(success={"200": str})
    assert api.call(text, completion_options(pkg)) == TEXT
    raw = api.raw(text, completion_options(pkg))
    if api.kind == "async":
        raw = importlib.import_module(pkg.__name__ + "._response").AsyncAPIResponse.of(raw)

    async def gather(pieces: Any) -> list[str]:
        return [piece async for piece in pieces]

    def read(pieces: Any) -> list[str]:
        return list(pieces) if api.kind == "sync" else api.run(lambda: gather(pieces))

    assert (raw.text if api.kind == "sync" else api.run(raw.text)) == TEXT
    assert read(raw.iter_lines()) == ["déjà vu", "ligne 2"]
    assert read(raw.iter_text(4)) == ["déjà", " vu\n", "lign", "e 2\n"]
    assert "".join(read(raw.iter_text())) == TEXT


# -- JSON that would take gigabytes once decoded -------------------------------------------

LIMIT = 1 << 18  # _parse.MAX_JSON_CONTAINERS
MANY = '{"id": "c1", "created": 1, "model": "m", "choices": [' + ",".join(["{}"] * (LIMIT + 1)) + "]}"
JSON = {"Content-Type": "application/json"}


def test_json_holding_too_many_objects_is_not_decoded(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([
        Reply(200, JSON, body=MANY),
        Reply(400, JSON, body=MANY),
        Reply(200, {"Content-Type": "text/event-stream"}, chunks=[f"data: {MANY}\n\n".encode()]),
    ])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.APIResponseValidationError, match="more than 262144 objects and arrays"):
        api.call(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(pkg.BadRequestError) as error:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert error.value.body == MANY and error.value.parsed_body is None
    with pytest.raises(pkg.APIResponseValidationError, match="more than 262144 objects and arrays"):
        api.stream(completion_spec(pkg), completion_options(pkg))
    assert importlib.import_module(pkg.__name__ + "._parse").MAX_JSON_CONTAINERS == LIMIT


def test_braces_inside_strings_do_not_count(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    code = "{[" * LIMIT + '\\"{'  # an escaped quote keeps the string open
    body = {**COMPLETION, "choices": [{"index": 0, "text": code, "finish_reason": "stop"}]}
    event = "data: " + json.dumps(body) + "\n\n"
    server = serve([
        Reply(200, JSON, body=body),
        Reply(200, {"Content-Type": "text/event-stream"}, chunks=[event.encode()]),
    ])
    api = make_api(server, max_retries=0)
    assert api.call(completion_spec(pkg), completion_options(pkg)).choices[0].text == code
    (chunk,) = api.stream(completion_spec(pkg), completion_options(pkg))
    assert chunk.choices[0].text == code


# -- a session cookie the home origin set stays home ------------------------------------------


@pytest.mark.parametrize("status", [302, 307])
def test_a_cookie_the_home_origin_set_never_reaches_another_origin(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], status: int
) -> None:
    elsewhere = serve([Reply(200, body=COMPLETION)], repeat_last=True)
    home = serve([
        Reply(200, {"Set-Cookie": f"session={SECRET}; Path=/"}, body=COMPLETION),
        Reply(200, body=COMPLETION),
        Reply(status, {"Location": elsewhere.url + "/x"}),
    ])
    api = make_api(home, max_retries=0)
    for _ in range(3):
        api.call(completion_spec(pkg), completion_options(pkg))
    assert [request.headers.get("cookie") for request in home.requests] == [
        None, f"session={SECRET}", f"session={SECRET}"
    ]
    (landed,) = elsewhere.requests
    assert "cookie" not in landed.headers


def test_the_cookie_jar_keeps_the_newest_cookies_and_none_too_long(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server setting a new cookie on every response grew a long-lived client's jar without
    bound: the jar keeps `MAX_COOKIES` (here 3), the newest, and refuses a cookie longer than
    `MAX_COOKIE_BYTES`; what it keeps it still sends home."""
    base_client = importlib.import_module(pkg.__name__ + "._base_client")
    monkeypatch.setattr(base_client, "MAX_COOKIES", 3)
    huge = "v" * base_client.MAX_COOKIE_BYTES
    home = serve([
        *(Reply(200, {"Set-Cookie": f"c{index}=v{index}; Path=/"}, body=COMPLETION)
          for index in range(5)),
        Reply(200, {"Set-Cookie": f"big={huge}; Path=/"}, body=COMPLETION),
        Reply(200, body=COMPLETION),
    ])
    api = make_api(home, max_retries=0)
    for _ in range(7):
        api.call(completion_spec(pkg), completion_options(pkg))
    assert sorted(cookie.name for cookie in api.client._client.cookies.jar) == ["c2", "c3", "c4"]
    assert sorted(home.requests[-1].headers["cookie"].split("; ")) == ["c2=v2", "c3=v3", "c4=v4"]


def test_cookies_the_server_expired_do_not_count_against_the_jars_bound(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A session cookie stays while short-lived ones come and go: an expired cookie leaves the
    jar by the HTTP library's own path, and the jar's bound counts what it holds."""
    base_client = importlib.import_module(pkg.__name__ + "._base_client")
    monkeypatch.setattr(base_client, "MAX_COOKIES", 3)
    flashes = [Reply(200, {"Set-Cookie": f"flash{index}=x; Path=/{expiry}"}, body=COMPLETION)
               for index in range(8) for expiry in ("", "; Max-Age=0")]
    home = serve([Reply(200, {"Set-Cookie": "session=s1; Path=/"}, body=COMPLETION), *flashes,
                  Reply(200, body=COMPLETION)])
    api = make_api(home, max_retries=0)
    for _ in range(len(flashes) + 2):
        api.call(completion_spec(pkg), completion_options(pkg))
    assert [cookie.name for cookie in api.client._client.cookies.jar] == ["session"]
    assert home.requests[-1].headers["cookie"] == "session=s1"


def test_the_jars_bound_is_kept_without_walking_every_cookie_per_cookie(
    pkg: ModuleType, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A response setting 3,000 cookies took seconds of CPU, past the call's timeout (and an
    async client's event loop with it): each cookie set counted the jar by walking it whole."""
    import http.cookiejar

    base_client = importlib.import_module(pkg.__name__ + "._base_client")
    walks = []
    monkeypatch.setattr(base_client.BoundedCookieJar, "__iter__",
                        lambda jar: walks.append(1) or http.cookiejar.CookieJar.__iter__(jar))
    jar = base_client.BoundedCookieJar()
    for index in range(3 * base_client.MAX_COOKIES):
        jar.set_cookie(http.cookiejar.Cookie(
            0, f"c{index}", "v", None, False, "h.example", False, False, "/", True, False,
            None, False, None, None, {}))
    assert walks == []
    assert jar._held() == base_client.MAX_COOKIES
    assert {cookie.name for cookie in http.cookiejar.CookieJar.__iter__(jar)} == {
        f"c{index}" for index in range(2 * base_client.MAX_COOKIES, 3 * base_client.MAX_COOKIES)}


def test_a_retry_after_date_whose_offset_overflows_is_no_wait(pkg: ModuleType) -> None:
    # `+99999999999999999999` raised a bare OverflowError out of APIStatusError's making
    errors = importlib.import_module(pkg.__name__ + "._errors")
    header = {"retry-after": "Mon, 01 Jan 2000 00:00:00 +99999999999999999999"}
    assert errors.parse_retry_after(header) is None


# -- headers named like keys are credentials -------------------------------------------------


@pytest.mark.parametrize(
    "header", ["Ocp-Apim-Subscription-Key", "x-functions-key", "X-Access-Key", "X-Credential"]
)
def test_a_header_named_like_a_key_stays_home_and_is_blanked_when_echoed(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], header: str
) -> None:
    elsewhere = serve([Reply(200, body=COMPLETION)])
    home = serve([
        Reply(307, {"Location": elsewhere.url + "/x"}),
        Reply(401, body={"error": {"message": f"unknown key {SECRET}"}}),
    ])
    api = make_api(home, max_retries=0)
    options = completion_options(pkg, headers={header: SECRET, "X-Trace": "t-1"})
    api.call(completion_spec(pkg), options)
    (landed,) = elsewhere.requests
    assert SECRET not in json.dumps(landed.headers) and landed.headers["x-trace"] == "t-1"
    with pytest.raises(pkg.AuthenticationError) as caught:
        api.call(completion_spec(pkg), options)
    assert SECRET not in str(caught.value) + json.dumps(caught.value.body)
    assert [request.headers[header.lower()] for request in home.requests] == [SECRET, SECRET]


# -- query parameters named like credentials -----------------------------------------------


@pytest.mark.parametrize("name", ["key", "access_token", "X-Api-Key"])
def test_a_query_parameter_named_like_a_credential_shows_nowhere(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    caplog: pytest.LogCaptureFixture, name: str,
) -> None:
    caplog.set_level(logging.DEBUG)
    server = serve([
        Reply(200, body=COMPLETION),
        Reply(403, body={"error": {"message": f"key {SECRET} is revoked"}}),
    ])
    api = make_api(server, max_retries=0)
    query = {name: SECRET, "keyword": "shoes-and-socks", "author": "tolkien"}
    get = completion_options(pkg, method="get", json_body=pkg.NOT_GIVEN, query=query)
    raw = api.raw(completion_spec(pkg), get)
    with pytest.raises(pkg.PermissionDeniedError) as caught:
        api.call(completion_spec(pkg), get)
    assert [dict(request.query)[name] for request in server.requests] == [SECRET, SECRET]
    error = caught.value
    seen = repr(raw) + repr(raw.http_response.request) + str(error) + repr(error.request) + caplog.text
    assert SECRET not in seen and f"{name}=***" in caplog.text
    assert "keyword=shoes-and-socks" in caplog.text and "author=tolkien" in caplog.text


# -- a base URL whose query or fragment would swallow the paths --------------------------------


@pytest.mark.parametrize("tail", ["?api-version=2024-06-01", "?", "#docs"])
def test_a_base_url_with_a_query_or_fragment_is_refused(pkg: ModuleType, tail: str) -> None:
    for client in (pkg.SyncAPIClient, pkg.AsyncAPIClient):
        with pytest.raises(ValueError, match="must not carry a query .* or a fragment"):
            client(base_url="https://api.example.com/v1" + tail, api_key=SECRET)


# -- a 200 that is no event stream ----------------------------------------------------------

PORTAL = [b"<html><head><title>Sign in</title></head>\n\n", b"<body>Accept the terms</body></html>\n"]


def test_an_answer_that_is_no_event_stream_and_holds_no_event_raises(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    event = f"data: {json.dumps(COMPLETION)}\n\n".encode()
    server = serve([
        Reply(200, {"Content-Type": "text/html; charset=utf-8"}, chunks=PORTAL),
        Reply(200, {"Content-Type": "text/plain"}, chunks=[event, b"data: [DONE]\n\n"]),
        Reply(200, {"Content-Type": "text/event-stream"}, chunks=[b": keep-alive\n\n"]),
    ])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.APIResponseValidationError, match=r"no event stream \(Content-Type: text/html"):
        api.stream(completion_spec(pkg), completion_options(pkg))
    assert [chunk.id for chunk in api.stream(completion_spec(pkg), completion_options(pkg))] == ["c1"]
    assert api.stream(completion_spec(pkg), completion_options(pkg)) == []


# -- JSON that is no object where a model is declared ----------------------------------------


@pytest.mark.parametrize(("body", "kind"), [
    ("42", "a number"), ('"ok"', "a string"), ("[1, 2]", "an array"), ("null", "null"),
    ("true", "a boolean"),
])
def test_json_that_is_no_object_where_a_model_is_declared_raises(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    body: str, kind: str,
) -> None:
    server = serve([
        Reply(200, JSON, body=body),
        Reply(200, {"Content-Type": "text/event-stream"}, chunks=[f"data: {body}\n\n".encode()]),
        Reply(200, JSON, body={"id": "c2"}),
    ])
    api = make_api(server, max_retries=0)
    expected = rf"expected a JSON object \(Completion\), got {kind}"
    with pytest.raises(pkg.APIResponseValidationError, match=expected) as caught:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert caught.value.response.status_code == 200
    with pytest.raises(pkg.APIResponseValidationError, match=expected):
        api.stream(completion_spec(pkg), completion_options(pkg))
    lenient = api.call(completion_spec(pkg), completion_options(pkg))  # short of fields: built
    assert isinstance(lenient, pkg.models.Completion) and lenient.id == "c2"
