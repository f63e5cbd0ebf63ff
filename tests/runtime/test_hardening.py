"""The runtime under attack and bad luck (issue 13): credentials that stay home and never show,
bounded memory, retries that cannot repeat a side effect, and a warning for plain HTTP.

Every test runs the sync and the async client (and both HTTP libraries) against scripted
servers on 127.0.0.1; "another origin" is a second server on another port. The memory bounds
are measured in a child process (its peak RSS) while a gzip bomb built at run time decodes.
"""

from __future__ import annotations

import asyncio
import copy
import datetime
import email.parser
import email.policy
import email.utils
import gzip
import importlib
import json
import logging
import os
import pickle
import socket
import subprocess
import sys
import textwrap
import threading
import time
import warnings
import zlib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import quote

import pytest

from tests.support import GENERATED, ROOT, import_from
from tests.support.runtime_harness import (
    Api,
    completion_options,
    completion_spec,
)
from tests.support.servers import Reply, ScriptedServer, sse

SECRET = "sk-test-SECRET-0123456789"
COMPLETION = {
    "id": "c1", "object": "text_completion", "created": 1, "model": "m",
    "choices": [{"index": 0, "text": "hi", "finish_reason": "stop"}],
}


def header_key(pkg: ModuleType, secret: str = SECRET, field: str = "X-API-Key") -> Any:
    """Credentials of one apiKey header scheme (as a generated client builds them)."""
    scheme = pkg._auth.SecurityScheme("key", "header", field)
    return pkg._auth.Auth([scheme], {"key": secret}, requirements=[["key"]], sources={"key": "api_key="})


# -- credentials go only to their origin ---------------------------------------------------


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_custom_header_key_never_reaches_another_origin(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], status: int
) -> None:
    elsewhere = serve([Reply(200, body=COMPLETION)])
    home = serve([Reply(status, {"Location": elsewhere.url + "/x"})])
    api = make_api(home, auth=header_key(pkg), default_headers={"Authorization": "Bearer " + SECRET})
    api.call(completion_spec(pkg), completion_options(pkg))
    (sent,) = home.requests
    (landed,) = elsewhere.requests
    assert sent.headers["x-api-key"] == SECRET
    assert SECRET not in json.dumps(landed.headers) + landed.target
    assert landed.method == ("POST" if status in (307, 308) else "GET")


@pytest.mark.parametrize("status", [302, 307])
def test_headers_named_like_credentials_never_reach_another_origin_whoever_set_them(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], status: int
) -> None:
    # neither the client's default headers nor a call's extra headers are declared credentials,
    # but their names say they are: they stay home as the declared scheme's header does
    elsewhere = serve([Reply(200, body=COMPLETION)])
    home = serve([Reply(status, {"Location": elsewhere.url + "/x"})])
    api = make_api(home, auth=header_key(pkg), default_headers={"X-Gateway-Token": "gw-" + SECRET})
    api.call(completion_spec(pkg), completion_options(
        pkg, extra_headers={"X-Goog-Api-Key": "goog-" + SECRET, "X-Trace": "trace-1"}))
    (sent,), (landed,) = home.requests, elsewhere.requests
    assert sent.headers["x-gateway-token"] == "gw-" + SECRET
    assert sent.headers["x-goog-api-key"] == "goog-" + SECRET
    assert SECRET not in json.dumps(landed.headers) + landed.target
    assert landed.headers["x-trace"] == "trace-1"  # a header naming no credential follows


def test_an_absolute_url_to_another_host_gets_no_credential(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    elsewhere = serve([Reply(200, body=COMPLETION)])
    home = serve([])
    api = make_api(home, auth=header_key(pkg))
    api.call(completion_spec(pkg), completion_options(pkg, path=elsewhere.url + "/abs"))
    assert "x-api-key" not in elsewhere.requests[0].headers


@pytest.mark.parametrize(
    ("location", "field", "prefix"),
    [("header", "Authorization", "Bearer "), ("header", "X-API-Key", ""),
     ("query", "api_key", ""), ("cookie", "session", "")],
)
def test_a_redirect_back_home_from_another_origin_carries_no_credential(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    location: str, field: str, prefix: str,
) -> None:
    # the foreign host chose the path and query of the request made home: not with the key
    bounce: list[str] = []
    home = serve([], answer=lambda request: (
        Reply(200, body=COMPLETION) if "admin" in request.target else Reply(307, {"Location": bounce[0]})))
    elsewhere = serve([Reply(307, {"Location": home.url + "/v1/admin/delete?confirm=yes"})])
    bounce.append(elsewhere.url + "/bounce")
    scheme = pkg._auth.SecurityScheme("key", location, field, prefix)  # type: ignore[arg-type]
    auth = pkg._auth.Auth([scheme], {"key": SECRET}, requirements=[["key"]])
    api = make_api(home, auth=auth)
    api.call(completion_spec(pkg), completion_options(pkg))
    (first, back), (bounced,) = home.requests, elsewhere.requests
    assert SECRET in json.dumps(first.headers) + first.target
    assert back.target == "/v1/admin/delete?confirm=yes"
    assert SECRET not in json.dumps(bounced.headers) + bounced.target
    assert SECRET not in json.dumps(back.headers) + back.target


def test_a_redirect_back_home_from_another_origin_carries_no_kept_cookie(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    # a session cookie the home origin set is a credential too: the foreign host chose the request
    bounce: list[str] = []
    home = serve([], answer=lambda request: (
        Reply(200, {"Set-Cookie": "sid=jar-" + SECRET + "; Path=/"}, body=COMPLETION)
        if "login" in request.target else Reply(200, body=COMPLETION) if "admin" in request.target
        else Reply(307, {"Location": bounce[0]})))
    elsewhere = serve([Reply(307, {"Location": home.url + "/v1/admin/delete?confirm=yes"})])
    bounce.append(elsewhere.url + "/bounce")
    api = make_api(home)
    api.call(completion_spec(pkg), completion_options(pkg, path="/login"))
    api.call(completion_spec(pkg), completion_options(pkg))
    (_, first, back), (bounced,) = home.requests, elsewhere.requests
    assert SECRET in first.headers.get("cookie", "")  # kept, and sent home
    assert back.target == "/v1/admin/delete?confirm=yes"
    assert SECRET not in json.dumps(bounced.headers) and SECRET not in json.dumps(back.headers)


def test_a_malformed_key_is_refused_at_construction_without_showing_it(pkg: ModuleType) -> None:
    for bad in (SECRET + "\n", SECRET + "\r\nX-Injected: 1", "sk-é-" + SECRET):
        with pytest.raises(ValueError) as caught:
            pkg.SyncAPIClient(base_url="https://api.example.com", api_key=bad)
        message = str(caught.value)
        assert SECRET not in message and "sk-" not in message
        assert "position" in message
    with pytest.raises(ValueError, match="api_key="):
        header_key(pkg, SECRET + "\n")


def test_a_bad_header_value_is_refused_before_sending_not_retried(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    # the caller's mistake, as a bad header argument is: RequestValidationError (a ValueError)
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server, auth=header_key(pkg), max_retries=3)
    with pytest.raises(pkg.RequestValidationError) as caught:
        api.call(completion_spec(pkg), completion_options(pkg, extra_headers={"X-Note": "a\r\nb" + SECRET}))
    assert not isinstance(caught.value, pkg.APIError)
    assert SECRET not in str(caught.value) and SECRET not in repr(caught.value)
    assert api.sleeps == [] and server.requests == []


def test_a_header_value_the_http_library_would_refuse_is_not_shown(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    # a token read from a file keeps its line break: the library's message would quote the value
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server, max_retries=0)
    token = "tok-from-a-file-0123456789\n"
    with pytest.raises(pkg.RequestValidationError) as caught:
        api.call(completion_spec(pkg), completion_options(pkg, extra_headers={"X-Note": token}))
    assert "tok-from-a-file" not in str(caught.value) + repr(caught.value)
    assert "extra_headers 'X-Note': contains a line break" in str(caught.value)
    assert server.requests == []


@pytest.mark.parametrize("header", [
    {"Host": "other-tenant.example"}, {"Content-Length": "0"},
    {"Transfer-Encoding": "chunked"}, {"te": "trailers"},
])
def test_headers_the_http_library_frames_the_request_with_are_refused(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    header: dict[str, str],
) -> None:
    # Host would send the credentials to another virtual host; Content-Length beside
    # Transfer-Encoding frames one body two ways (request smuggling)
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server, max_retries=3)
    with pytest.raises(pkg.APIError, match="set by the HTTP client") as caught:
        api.call(completion_spec(pkg), completion_options(pkg, extra_headers=header))
    assert next(iter(header.values())) not in str(caught.value)
    with_default = make_api(server, default_headers=header)
    with pytest.raises(pkg.APIError, match="set by the HTTP client"):
        with_default.call(completion_spec(pkg), completion_options(pkg))
    assert server.requests == [] and api.sleeps == []


def test_a_key_echoed_with_json_escaped_slashes_is_blanked(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    key = "AbCd/EfGh+IjKl=="  # base64 keys hold '/', which PHP's json_encode writes as '\/'
    body = b'{"code": 401, "invalid_key": "AbCd\\/EfGh+IjKl=="}'
    server = serve([Reply(401, {"Content-Type": "application/json"}, body=body)])
    api = make_api(server, auth=header_key(pkg, key), max_retries=0)
    with pytest.raises(pkg.AuthenticationError) as caught:
        api.call(completion_spec(pkg), completion_options(pkg))
    shown = str(caught.value) + repr(caught.value) + json.dumps(caught.value.body)
    assert "EfGh" not in shown and "***" in str(caught.value)


def test_credential_headers_are_hidden_in_request_repr(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(200, body=COMPLETION)])
    api = make_api(server, auth=header_key(pkg))
    raw = api.raw(completion_spec(pkg), completion_options(pkg))
    shown = repr(raw.http_response.request.headers)
    assert SECRET not in shown and "[secure]" in shown and "x-api-key" in shown.lower()
    assert raw.http_response.request.headers["x-api-key"] == SECRET
    assert SECRET not in repr(api.client) and SECRET not in repr(api.client._auth)


# Escapes a key may take in a message: a backslash, a quote and characters percent-encoding changes.
ODD_SECRET = "sk-od\\d'key/+ 0123456789"


def test_echoed_keys_are_blanked_in_every_escaped_form(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    forms = [ODD_SECRET, repr(ODD_SECRET)[1:-1], json.dumps(ODD_SECRET)[1:-1], quote(ODD_SECRET, safe="")]
    server = serve([Reply(400, {"Content-Type": "text/plain"}, body=" | ".join(forms))])
    api = make_api(server, auth=header_key(pkg, ODD_SECRET), max_retries=0)
    with pytest.raises(pkg.BadRequestError) as caught:
        api.call(completion_spec(pkg), completion_options(pkg))
    for form in forms:
        assert form not in str(caught.value)
    assert "***" in str(caught.value)


def test_a_key_echoed_in_response_headers_is_blanked_from_the_debug_log(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The HTTP library's transport logs the headers it received at DEBUG as the repr of
    their bytes, where a backslash is doubled: a key echoed JSON-escaped (``\\/``, ``\\\\``)
    showed in that log, its forms as text being blanked but not their bytes' repr."""
    caplog.set_level(logging.DEBUG)
    escaped = json.dumps(ODD_SECRET)[1:-1].replace("/", "\\/")
    server = serve([Reply(200, {"X-Echo": escaped, "X-Echo-Plain": ODD_SECRET}, body=COMPLETION)])
    api = make_api(server, auth=header_key(pkg, ODD_SECRET), max_retries=0)
    raw = api.raw(completion_spec(pkg), completion_options(pkg))
    assert raw.headers["x-echo"] == escaped  # the answer itself is the server's, untouched
    assert "receive_response_headers" in caplog.text and "X-Echo" in caplog.text
    for form in (ODD_SECRET, escaped, json.dumps(ODD_SECRET)[1:-1]):
        assert form not in caplog.text
        assert repr(form.encode())[2:-1] not in caplog.text
    assert caplog.text.count("***") >= 2


def test_a_credential_sent_as_a_plain_header_parameter_is_blanked_when_echoed(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """A document may declare its token as an ordinary header parameter (`x-access-token`), not
    as a security scheme: the client was never told it is a credential, yet a header named like
    one is blanked out of the error a server answers with, as a declared key is. A header
    named like nothing of the kind stays as the server said it. (The token is not the
    client's own key, which is blanked anyway.)"""
    echoed = {"error": {"message": f"bad token {HEADER_TOKEN}, trace {PLAIN_VALUE}"}}
    server = serve([
        Reply(401, body=echoed),
        Reply(200, {"Content-Type": "application/json"}, body="{not json " + HEADER_TOKEN),
    ])
    api = make_api(server, max_retries=0)
    sent = {"X-Access-Token": HEADER_TOKEN, "X-Trace": PLAIN_VALUE,
            "Cookie": f"theme=dark; session={ODD_SECRET}"}
    with pytest.raises(pkg.AuthenticationError) as status_error:
        api.call(completion_spec(pkg), completion_options(pkg, extra_headers=sent))
    with pytest.raises(pkg.APIResponseValidationError) as invalid:
        api.call(completion_spec(pkg), completion_options(pkg, extra_headers=sent))
    assert server.requests[0].headers["x-access-token"] == HEADER_TOKEN  # sent as given
    for caught in (status_error.value, invalid.value):
        shown = str(caught) + repr(caught) + json.dumps(caught.body)
        assert HEADER_TOKEN not in shown and "***" in shown
    assert status_error.value.body == {"error": {"message": f"bad token ***, trace {PLAIN_VALUE}"}}
    pairs = pkg._auth.credential_headers({"Cookie": f"theme=dark; session={ODD_SECRET}", "Accept": "x/y"})
    assert ODD_SECRET in pairs and "dark" in pairs and "x/y" not in pairs


PLAIN_VALUE = "trace-0123456789"
HEADER_TOKEN = "tok-plain-header-9876543210"


def test_an_error_event_echoing_the_key_is_redacted(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    event = {"error": {"message": f"invalid key {SECRET} (as {quote(SECRET)})"}}
    server = serve([Reply(200, chunks=sse(event))])
    api = make_api(server, auth=header_key(pkg))
    with pytest.raises(pkg.APIError) as caught:
        api.stream(completion_spec(pkg), completion_options(pkg))
    assert SECRET not in str(caught.value) and "invalid key ***" in str(caught.value)
    assert caught.value.body == {"message": "invalid key *** (as ***)"}


@pytest.mark.parametrize("scheme", ["", "ftp://"])
@pytest.mark.parametrize("status", [302, 307])
def test_a_redirect_carrying_a_user_name_or_password_is_refused(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    status: int, scheme: str,
) -> None:
    """The HTTP library sends a URL's `user:password@` as Basic auth, in place of the client's
    key: a redirect home carrying one let the server (or an open redirect on the API's origin)
    choose the account a resent POST body runs as, and the request's URL then showed the
    password. Refused, as a base URL carrying one is; the password is in no message."""
    def redirect(_: object) -> Reply:
        home = server.url.replace("://", "://attacker:hunter2@")
        if scheme:  # (the scheme's own refusal quoted the Location, password and all)
            home = scheme + home.split("://", 1)[1]
        return Reply(status, {"Location": home + "/hop/completions"})

    server = serve([], answer=redirect)
    api = make_api(server, auth=header_key(pkg), max_retries=2)
    with pytest.raises(pkg.APIError, match="Invalid redirect from the server: its Location "
                       "carries a user name or password") as caught:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert not isinstance(caught.value, pkg.APIConnectionError)  # the server answered
    assert len(server.requests) == 1 and api.sleeps == []
    assert "hunter2" not in str(caught.value) + repr(caught.value)


def query_key(pkg: ModuleType, secret: str = SECRET) -> Any:
    """Credentials of one apiKey scheme ``in: query`` named ``api_key``."""
    scheme = pkg._auth.SecurityScheme("key", "query", "api_key")
    return pkg._auth.Auth([scheme], {"key": secret}, requirements=[["key"]], sources={"key": "api_key="})


def shown(*things: object) -> str:
    """Everything a person or a log could see of ``things``: str and repr of each."""
    return " ".join(f"{thing} {thing!r}" for thing in things)


def test_a_query_key_shows_in_no_log_repr_or_message(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The HTTP library logs every request's URL at INFO (the query key in it), and prints the
    URL in ``repr(request)``: the URL of a request shows the key as ``***``, the wire keeps it."""
    caplog.set_level(logging.DEBUG)  # every logger: the HTTP library's, its transport's, ours
    elsewhere = serve([Reply(200, body=COMPLETION)])
    server = serve([
        Reply(503), Reply(307, {"Location": "/v1/moved"}), Reply(200, body=COMPLETION),
        Reply(404, body={"error": {"message": "no such thing"}}),
        Reply(302, {"Location": elsewhere.url + "/gone"}),
    ])
    api = make_api(server, auth=query_key(pkg))
    get = completion_options(pkg, method="get", json_body=pkg.NOT_GIVEN, query={"q": "a b"})
    raw = api.raw(completion_spec(pkg), get)
    request = raw.http_response.request
    assert [r.query for r in server.requests] == [[("q", "a b"), ("api_key", SECRET)]] * 2 + [
        [("api_key", SECRET)]]  # a redirect's Location brings its own query
    assert server.requests[2].path == "/v1/moved" and str(request.url).endswith("/v1/moved?api_key=***")
    assert dict(request.url.params)["api_key"] == SECRET  # the value itself is still there
    assert request.url == pkg._http.URL(request.url) and len({request.url, pkg._http.URL(request.url)}) == 1
    with pytest.raises(pkg.NotFoundError) as status:
        api.call(completion_spec(pkg), get)
    api.call(completion_spec(pkg), get)  # on to another origin: no key, nothing to hide
    assert elsewhere.requests[0].query == [] or "api_key" not in dict(elsewhere.requests[0].query)
    error = status.value
    seen = shown(raw, request, request.url, error, error.request, error.request.url, error.response)
    assert SECRET not in seen + caplog.text and quote(SECRET) not in seen + caplog.text
    assert "api_key=***" in seen and "api_key=***" in caplog.text
    assert "HTTP Request: GET" in caplog.text  # the library's own line was there, redacted


def test_a_query_key_shows_in_no_connection_error(
    pkg: ModuleType, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    api = Api(pkg, kind, base_url=f"http://127.0.0.1:{port}/v1", auth=query_key(pkg), max_retries=1)
    try:
        with pytest.raises(pkg.APIConnectionError) as caught:
            api.call(completion_spec(pkg), completion_options(pkg))
    finally:
        api.close()
    error = caught.value
    seen = shown(error, error.request, error.request.url, error.__cause__)
    assert "api_key=***" in seen
    assert SECRET not in seen + caplog.text


def test_the_cause_of_a_connection_error_keeps_no_credential(pkg: ModuleType, kind: str) -> None:
    """An error tracker sends the cause along: the library's exception held the request sent."""
    api = Api(pkg, kind, base_url=refused_url(), auth=every_scheme(pkg), max_retries=0)
    try:
        with pytest.raises(pkg.APIConnectionError) as caught:
            api.call(completion_spec(pkg), completion_options(pkg))
    finally:
        api.close()
    cause = caught.value.__cause__
    assert isinstance(cause, pkg._http.ConnectError)  # still the library's own exception
    assert SECRET not in json.dumps(dict(cause.request.headers)) + str(cause.request.url)
    assert "api_key=***" in str(cause.request.url)


def every_scheme(pkg: ModuleType) -> Any:
    """A header, a query, a cookie and a bearer credential, all sent together."""
    schemes = [pkg._auth.SecurityScheme("h", "header", "X-Custom"),
               pkg._auth.SecurityScheme("q", "query", "api_key"),
               pkg._auth.SecurityScheme("c", "cookie", "session"),
               pkg._auth.SecurityScheme("b", "header", "Authorization", "Bearer ")]
    secrets = {name: f"{name}-{SECRET}" for name in "hqcb"}
    return pkg._auth.Auth(schemes, secrets, requirements=[list("hqcb")])


def test_an_error_keeps_a_copy_of_its_request_without_the_credentials(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """An error is logged whole, pickled, handed to an error tracker: its request (and its
    response's) holds no credential, declared or named like one (openai-python's errors strip
    them too), while the request sent had them all."""
    server = serve([Reply(400, body={"error": {"message": "bad"}})])
    api = make_api(server, auth=every_scheme(pkg), max_retries=0,
                   default_headers={"X-Gateway-Token": "gw-" + SECRET, "X-Trace": "t-1"})
    with pytest.raises(pkg.BadRequestError) as caught:
        api.call(completion_spec(pkg), completion_options(pkg))
    (sent,) = server.requests
    assert sent.headers["x-custom"] == "h-" + SECRET and sent.headers["cookie"] == "session=c-" + SECRET
    error = caught.value
    for request in (error.request, error.response.request):
        assert SECRET not in json.dumps(dict(request.headers)) + str(request.url.params) + shown(request)
        assert request.headers["x-trace"] == "t-1" and request.method == "POST"
        assert str(request.url).endswith("/v1/completions?api_key=***")
    assert error.response.request is error.request and error.response.status_code == 400
    assert str(error) == "Error code: 400 - bad" and "BadRequestError" in repr(error)
    assert SECRET not in repr(pickle.dumps(error))


def test_every_error_pickles_and_deep_copies(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(404, {"x-request-id": "req-1"}, body={"error": {"message": "gone"}})])
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.NotFoundError) as status:
        api.call(completion_spec(pkg), completion_options(pkg))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        api.client.base_url = f"http://127.0.0.1:{probe.getsockname()[1]}/v1"
    with pytest.raises(pkg.APIConnectionError) as connection:
        api.call(completion_spec(pkg), completion_options(pkg))
    for error in (status.value, connection.value, pkg.APITimeoutError()):
        for again in (pickle.loads(pickle.dumps(error)), copy.deepcopy(error)):
            assert type(again) is type(error) and str(again) == str(error)
            assert again.request is None or again.request.url == error.request.url
    found = pickle.loads(pickle.dumps(status.value))
    assert (found.status_code, found.request_id, found.body) == (404, "req-1", {"error": {"message": "gone"}})
    assert found.parsed_as(pkg.models.ErrorResponse).error.message == "gone"


def test_a_key_echoed_in_a_response_header_is_blanked_in_the_http_librarys_logs(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The transport logs every response header at DEBUG: a server echoing the key there does
    not put it in the log (the runtime's filter on the HTTP library's loggers)."""
    caplog.set_level(logging.DEBUG)
    server = serve([Reply(200, {"X-Echo": f"key={SECRET}"}, body=COMPLETION)])
    api = make_api(server, auth=header_key(pkg))
    api.call(completion_spec(pkg), completion_options(pkg))
    assert server.requests[0].headers["x-api-key"] == SECRET
    assert "X-Echo" in caplog.text and "key=***" in caplog.text  # the record was there, redacted
    assert SECRET not in caplog.text


def test_a_key_the_server_echoes_is_blanked_in_the_error_body_too(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """``message``, ``str``, ``repr``, ``body`` (and ``code``/``param``/``parsed_body`` read from
    it) never hold the key; ``response`` is the answer as received."""
    echoed = {"error": {"message": f"invalid key {SECRET}", "param": SECRET, "code": "bad_key",
                        "seen": [{SECRET: json.dumps(SECRET)}]}}
    long_text = "x" * 290 + SECRET  # the key across the place a message is cut short
    server = serve([
        Reply(401, body=echoed),
        Reply(403, {"Content-Type": "text/plain"}, body=long_text),
        Reply(200, {"Content-Type": "application/json"}, body="{not json " + SECRET),
        Reply(400, {"Content-Type": "application/json"}, body="[" * 100_000),  # deeper than json reads
    ])
    api = make_api(server, auth=header_key(pkg), max_retries=0)
    with pytest.raises(pkg.AuthenticationError) as json_error:
        api.call(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(pkg.PermissionDeniedError) as text_error:
        api.call(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(pkg.APIResponseValidationError) as invalid:
        api.call(completion_spec(pkg), completion_options(pkg))
    with pytest.raises(pkg.BadRequestError):  # not a RecursionError
        api.call(completion_spec(pkg), completion_options(pkg))
    first = json_error.value
    assert first.body == {"error": {"message": "invalid key ***", "param": "***", "code": "bad_key",
                                    "seen": [{"***": '"***"'}]}}
    assert first.param == "***" and first.code == "bad_key"
    assert first.parsed_as(pkg.models.ErrorResponse).error.message == "invalid key ***"
    assert text_error.value.body == "x" * 290 + "***"
    assert invalid.value.body == "{not json ***"
    for error in (first, text_error.value, invalid.value):
        seen = shown(error, error.message, error.body, error.parsed_body if hasattr(error, "parsed_body") else "")
        assert SECRET[:10] not in seen, seen
    assert SECRET in first.response.text  # the raw answer, as received


def test_a_base_url_carrying_a_password_is_refused_without_showing_it(
    pkg: ModuleType, serve: Callable[..., ScriptedServer]
) -> None:
    # the HTTP library would send user:password as Basic auth in place of the key, and the
    # URL, password and all, would show in the client's repr, request reprs and logs
    server = serve([Reply(200, body=COMPLETION)])
    with_password = server.url.replace("http://", "http://user:" + SECRET + "@")
    for kwargs in ({"api_key": "k"}, {"api_key": None, "auth": header_key(pkg)}):
        with pytest.raises(ValueError, match="user name or password") as caught:
            pkg.SyncAPIClient(base_url=with_password, **kwargs)
        assert SECRET not in str(caught.value)
    client = pkg.SyncAPIClient(base_url=server.url, api_key="k")
    with pytest.raises(ValueError, match="user name or password"):
        client.base_url = server.url.replace("http://", "http://user@")
    assert client.base_url == server.url  # refused: the client still sends where it did
    client.close()
    assert not server.requests


def test_a_body_compressed_twice_over_is_refused_before_it_expands(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    # 64 MiB of zeros gzipped twice is a few kilobytes on the wire; decoded layer by layer
    # inside the HTTP library it would be whole before max_response_size could count it
    bomb = gzip.compress(gzip.compress(bytes(64 * 1024 * 1024)))
    assert len(bomb) < 200_000
    server = serve([Reply(200, {"Content-Type": "application/json",
                                "Content-Encoding": "gzip, gzip"}, body=bomb)])
    api = make_api(server, max_retries=2, max_response_size=1024 * 1024)
    with pytest.raises(pkg.APIResponseDecodingError, match="stacked") as caught:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert "gzip, gzip" in str(caught.value)
    assert api.sleeps == [] and len(server.requests) == 1  # the server answered: not retried


# -- plain HTTP ----------------------------------------------------------------------------


def test_plain_http_to_another_host_with_a_key_warns_once(pkg: ModuleType) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pkg.SyncAPIClient(base_url="http://api.example.com/v1", api_key=SECRET).close()
    assert len(caught) == 1 and "http://" in str(caught[0].message)
    assert SECRET not in str(caught[0].message)
    quiet = [
        {"base_url": "https://api.example.com", "api_key": SECRET},
        {"base_url": "http://127.0.0.1:9", "api_key": SECRET},
        {"base_url": "http://localhost:9", "api_key": SECRET},
        {"base_url": "http://[::1]:9", "api_key": SECRET},
        {"base_url": "http://api.example.com", "api_key": None},
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for kwargs in quiet:
            pkg.SyncAPIClient(**kwargs).close()


def test_the_clear_text_warning_names_the_callers_line() -> None:
    """It named `_client.py` of the package (AWS's first servers are plain http): a warning
    points at the line to change, the user's `Client(...)`, through the generated client's
    constructor and the engine's."""
    package = import_from(GENERATED, "ionos")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        package.Client(base_url="http://api.example.com/v1", api_key=SECRET).close()
    assert [(warning.filename, warning.category) for warning in caught] == [
        (__file__, UserWarning)]


# -- retries that cannot repeat a side effect ---------------------------------------------------


SLOW_DOWN = {"error": {"message": "slow down", "type": "rate_limit"}}


def post(pkg: ModuleType, **overrides: Any) -> Any:
    """A POST that may have an effect (an order): not marked retry-safe."""
    return completion_options(pkg, retry_safe=False, **overrides)


def refused_url() -> str:
    """A 127.0.0.1 URL nothing listens on: connecting fails before any byte is sent."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def test_a_post_the_document_says_nothing_about_is_sent_once_after_a_502_or_a_timeout(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    # the backend may have committed before the proxy's 502 or our timeout: a second POST
    # could be a second order, and no key is sent that the server might ignore anyway
    server = serve([Reply(502), Reply(200, body=COMPLETION)])
    api = make_api(server)
    with pytest.raises(pkg.InternalServerError):
        api.call(completion_spec(pkg), post(pkg))
    assert len(server.requests) == 1 and api.sleeps == []
    assert "idempotency-key" not in server.requests[0].headers
    slow = serve([Reply(200, body=COMPLETION, delay=1.0), Reply(200, body=COMPLETION)])
    api = make_api(slow, timeout=0.3)
    with pytest.raises(pkg.APITimeoutError):
        api.call(completion_spec(pkg), post(pkg))
    assert len(slow.requests) == 1
    # the same answer to a GET is retried
    api.client.base_url = server.url + "/v1"
    api.call(completion_spec(pkg), post(pkg, method="get", json_body=pkg.NOT_GIVEN))
    assert len(server.requests) == 2


def test_a_post_is_retried_when_it_provably_had_no_effect(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    # a 429: the server declined the request
    limited = serve([Reply(429, {"Retry-After": "1"}), Reply(200, body=COMPLETION)])
    api = make_api(limited)
    assert api.call(completion_spec(pkg), post(pkg)).id == "c1"
    assert len(limited.requests) == 2 and api.sleeps == [1.0]
    # the server's own x-should-retry: true is heard
    told = serve([Reply(503, {"x-should-retry": "true"}), Reply(200, body=COMPLETION)])
    api.client.base_url = told.url + "/v1"
    api.call(completion_spec(pkg), post(pkg))
    assert len(told.requests) == 2
    # ... and x-should-retry: false, even on a 429
    declined = serve([Reply(429, {"x-should-retry": "false"}), Reply(200, body=COMPLETION)])
    api.client.base_url = declined.url + "/v1"
    with pytest.raises(pkg.RateLimitError):
        api.call(completion_spec(pkg), post(pkg))
    assert len(declined.requests) == 1
    # connection refused: nothing was sent
    refused = Api(pkg, api.kind, base_url=refused_url(), max_retries=2)
    try:
        with pytest.raises(pkg.APIConnectionError):
            refused.call(completion_spec(pkg), post(pkg))
        assert len(refused.sleeps) == 2
    finally:
        refused.close()


def test_a_post_with_a_declared_idempotency_key_is_retried_with_the_same_key(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(502), Reply(503), Reply(200, body=COMPLETION)], repeat_last=True)
    api = make_api(server)
    declared = post(pkg, idempotency_header="X-Idempotency-Key")  # the operation declares it
    api.call(completion_spec(pkg), declared)
    keys = {r.headers["x-idempotency-key"] for r in server.requests}
    assert len(server.requests) == 3 and len(keys) == 1 and "" not in keys
    assert "idempotency-key" not in server.requests[0].headers  # only the declared header
    api.call(completion_spec(pkg), declared)
    assert server.requests[-1].headers["x-idempotency-key"] not in keys  # a new call, a new key
    # the caller's own key is kept
    own = post(pkg, idempotency_header="X-Idempotency-Key", headers={"X-Idempotency-Key": "mine"})
    api.call(completion_spec(pkg), own)
    assert server.requests[-1].headers["x-idempotency-key"] == "mine"


def test_a_client_naming_the_header_keys_and_retries_every_post_unless_omitted(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(200, body=COMPLETION, delay=1.0), Reply(200, body=COMPLETION)])
    api = make_api(server, timeout=0.3, idempotency_header="Idempotency-Key")
    api.call(completion_spec(pkg), post(pkg))
    first, second = server.requests
    assert first.headers["idempotency-key"] == second.headers["idempotency-key"]
    # the key taken away with Omit takes the retries with it
    bare = serve([Reply(502), Reply(200, body=COMPLETION)])
    api.client.base_url = bare.url + "/v1"
    with pytest.raises(pkg.InternalServerError):
        api.call(completion_spec(pkg), post(pkg, extra_headers={"Idempotency-Key": pkg.Omit()}))
    assert len(bare.requests) == 1 and "idempotency-key" not in bare.requests[0].headers


def test_an_operation_marked_retry_safe_is_retried_without_a_key(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(502), Reply(reset=True), Reply(200, body=COMPLETION)])
    api = make_api(server)
    assert api.call(completion_spec(pkg), completion_options(pkg, retry_safe=True)).id == "c1"
    assert len(server.requests) == 3 and len(api.sleeps) == 2
    assert not any("idempotency-key" in r.headers for r in server.requests)


@pytest.mark.parametrize("retry_safe", [True, False], ids=["retry-safe", "plain-post"])
def test_a_retry_after_beyond_the_cap_raises_at_once_with_the_wait(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], retry_safe: bool
) -> None:
    # retrying sooner than asked would spend more of an exhausted quota: the caller schedules
    server = serve([Reply(429, {"Retry-After": "120"}, body=SLOW_DOWN), Reply(200, body=COMPLETION)])
    api = make_api(server)
    with pytest.raises(pkg.RateLimitError) as caught:
        api.call(completion_spec(pkg), completion_options(pkg, retry_safe=retry_safe))
    assert len(server.requests) == 1 and api.sleeps == []
    assert caught.value.retry_after == 120.0
    # the server's x-should-retry: true does not make waiting shorter either
    told = serve([Reply(503, {"retry-after-ms": "90000", "x-should-retry": "true"}), Reply(200, body=COMPLETION)])
    api.client.base_url = told.url + "/v1"
    with pytest.raises(pkg.InternalServerError) as caught_503:
        api.call(completion_spec(pkg), completion_options(pkg, retry_safe=retry_safe))
    assert len(told.requests) == 1 and caught_503.value.retry_after == 90.0


def test_a_retry_after_within_the_cap_is_waited_and_stays_on_the_last_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(429, {"Retry-After": "2"}, body=SLOW_DOWN)], repeat_last=True)
    api = make_api(server, max_retries=2)
    with pytest.raises(pkg.RateLimitError) as caught:
        api.call(completion_spec(pkg), post(pkg))
    assert len(server.requests) == 3 and api.sleeps == [2.0, 2.0]
    assert caught.value.retry_after == 2.0
    api.real_sleep()  # the wait is really taken: a short one, to keep the test fast
    quick = serve([Reply(429, {"retry-after-ms": "200"}), Reply(200, body=COMPLETION)])
    api.client.base_url = quick.url + "/v1"
    started = time.monotonic()
    api.call(completion_spec(pkg), post(pkg))
    assert len(quick.requests) == 2 and time.monotonic() - started >= 0.19


def test_retry_after_is_read_as_seconds_a_date_or_milliseconds(pkg: ModuleType) -> None:
    def error(headers: dict[str, str | bytes]) -> Any:
        response = pkg._http.Response(429, headers=headers, request=pkg._http.Request("GET", "http://h/"))
        return pkg.RateLimitError("slow", response=response, body=None)

    assert error({}).retry_after is None
    assert error({"Retry-After": "soon"}).retry_after is None
    assert error({"Retry-After": "nan"}).retry_after is None  # float() reads it: no wait is NaN
    # delay-seconds is 1*DIGIT (RFC 9110): float() read "1e3" as 1000 s, "-5" as a wait of 0
    assert error({"Retry-After": " 7 "}).retry_after == 7.0
    assert error({"Retry-After": "1.5"}).retry_after == 1.5  # as openai-python reads it
    for unread in ("1e3", "-5", "+5", "1.", ".5", "1.5e2", "inf", "nan", "1_000",
                   "²".encode("latin-1"), "٣".encode(), "1.٣".encode(), "9" * 400):
        assert error({"Retry-After": unread}).retry_after is None, unread
    assert error({"Retry-After": "1.5", "retry-after-ms": "250"}).retry_after == 0.25
    assert error({"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"}).retry_after == 0.0  # past
    later = email.utils.format_datetime(
        datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=300), usegmt=True
    )
    assert 290 < error({"Retry-After": later}).retry_after <= 300


def test_an_async_client_over_a_transport_keeping_no_connection_serves_any_event_loop(
    pkg: ModuleType,
) -> None:
    """An `httpx.MockTransport` (a test's module-level client, pytest-asyncio's loop per test)
    or another transport keeps no connection of the HTTP library's pool: any loop may call."""
    lib = pkg._http._lib
    seen: list[str] = []

    async def answer(request: Any) -> Any:
        seen.append(request.method)
        return lib.Response(200, json=COMPLETION)

    http = lib.AsyncClient(transport=lib.MockTransport(answer))
    client = pkg.AsyncAPIClient(base_url="https://api.example.com/v1", api_key=SECRET, http_client=http)
    for _ in range(3):
        asyncio.run(client.request(completion_spec(pkg), post(pkg)))
    assert seen == ["POST"] * 3


def test_an_async_client_whose_closed_loop_left_no_connection_serves_the_next_loop(
    pkg: ModuleType, serve: Callable[..., ScriptedServer]
) -> None:
    # the server closed each connection: the pool holds none of the first loop's
    server = serve([Reply(200, {"Connection": "close"}, body=COMPLETION)], repeat_last=True)
    client = pkg.AsyncAPIClient(base_url=server.url + "/v1", api_key=SECRET, max_retries=0)
    for _ in range(2):
        asyncio.run(client.request(completion_spec(pkg), post(pkg)))
    assert len(server.requests) == 2


def test_a_corrupt_gzip_body_is_a_decoding_error_not_retried(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    corrupt = gzip.compress(json.dumps(COMPLETION).encode())[:20] + b"\x00garbage" * 8
    server = serve([Reply(200, {"Content-Encoding": "gzip", "Content-Type": "application/json"}, body=corrupt)],
                   repeat_last=True)
    api = make_api(server, max_retries=3)
    with pytest.raises(pkg.APIResponseDecodingError) as caught:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert isinstance(caught.value, pkg.APIResponseValidationError)
    assert not isinstance(caught.value, pkg.APIConnectionError)
    assert "gzip" in str(caught.value)
    assert len(server.requests) == 1 and api.sleeps == []


def test_an_async_client_on_a_second_event_loop_sends_nothing_and_says_why(
    pkg: ModuleType, serve: Callable[..., ScriptedServer]
) -> None:
    """A second `asyncio.run` reused a connection of the first, closed loop: the POST reached
    the server, then a bare `RuntimeError: Event loop is closed` (every other call)."""
    server = serve([Reply(200, body=COMPLETION)], repeat_last=True)
    client = pkg.AsyncAPIClient(base_url=server.url + "/v1", api_key=SECRET, max_retries=2)
    asyncio.run(client.request(completion_spec(pkg), post(pkg)))
    for _ in range(2):
        with pytest.raises(pkg.APIError, match="another event loop.*nothing was sent") as caught:
            asyncio.run(client.request(completion_spec(pkg), post(pkg)))
        assert not isinstance(caught.value, pkg.APIConnectionError)  # nothing to retry
    assert len(server.requests) == 1

    async def in_one_loop() -> None:  # a client made in its loop serves it, calls after calls
        async with pkg.AsyncAPIClient(base_url=server.url + "/v1", api_key=SECRET) as own:
            for _ in range(2):
                await own.request(completion_spec(pkg), post(pkg))

    for _ in range(2):
        asyncio.run(in_one_loop())
    assert len(server.requests) == 5


def test_a_redirect_loop_on_a_post_ends_quickly_and_is_not_retried(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(307, {"Location": "/v1/completions"})], repeat_last=True)
    api = make_api(server, max_retries=2)
    with pytest.raises(pkg.TooManyRedirectsError, match="redirect"):
        api.call(completion_spec(pkg), completion_options(pkg))
    assert len(server.requests) == 1 + pkg._base_client.DEFAULT_MAX_REDIRECTS
    assert all(r.method == "POST" and r.json() == {"model": "m", "prompt": "hi"} for r in server.requests)
    assert api.sleeps == []
    few = serve([Reply(307, {"Location": "/v1/completions"})], repeat_last=True)
    api = make_api(few, max_redirects=1)
    with pytest.raises(pkg.TooManyRedirectsError):
        api.call(completion_spec(pkg), completion_options(pkg))
    assert len(few.requests) == 2


def test_a_location_that_is_no_url_is_an_api_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """An unparsable Location ends in the package's own error, never a bare library exception
    (httpx2's InvalidURL is not one of its HTTPErrors; httpx reports a protocol error itself)."""
    server = serve([Reply(302, {"Location": "http://[::1"})], repeat_last=True)
    api = make_api(server, max_retries=0)
    with pytest.raises(pkg.APIError, match="(?i)invalid (redirect|url)"):
        api.call(completion_spec(pkg), completion_options(pkg))
    assert len(server.requests) == 1


# -- a request body sent again -------------------------------------------------------------


def file_payloads(request: Any) -> dict[str, bytes]:
    """Part name -> payload of each file part of a multipart request as received."""
    head = f"Content-Type: {request.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + request.body)
    return {str(part.get_param("name", header="content-disposition")): part.get_payload(decode=True)
            for part in message.iter_parts() if part.get_filename()}


def upload_options(pkg: ModuleType, files: list[tuple[str, object]]) -> Any:
    return completion_options(pkg, path="/files", json_body=pkg.NOT_GIVEN, form={"purpose": "x"}, files=files)


DATA = bytes(range(256)) * 4099  # 1 MiB and a bit: many 64 KiB reads


@pytest.mark.parametrize("first", [Reply(307, {"Location": "/v1/again"}), Reply(308, {"Location": "/v1/again"}),
                                   Reply(503)], ids=["307", "308", "retry"])
def test_a_file_part_goes_whole_with_every_attempt(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], tmp_path: Path,
    first: Reply,
) -> None:
    """A redirect that keeps the body, and a retry, send each file whole again: a path (opened
    afresh for each attempt, streamed) and an open file (rewound)."""
    path = tmp_path / "train.jsonl"
    path.write_bytes(DATA)
    server = serve([first, Reply(200, body={"id": "f"})])
    api = make_api(server)
    with path.open("rb") as handle:
        files = [("by_path", path), ("named", ("renamed.bin", path, "application/x-test")), ("opened", handle)]
        api.call(completion_spec(pkg, success={"200": None}), upload_options(pkg, files))
    assert len(server.requests) == 2
    for request in server.requests:
        assert file_payloads(request) == {"by_path": DATA, "named": DATA, "opened": DATA}
        assert int(request.headers["content-length"]) == len(request.body)
    assert b'filename="train.jsonl"' in server.requests[1].body
    assert b'filename="renamed.bin"\r\nContent-Type: application/x-test' in server.requests[1].body


def pipe_with(data: bytes) -> Any:
    """A file that cannot be rewound (the read end of a pipe) holding ``data``."""
    read_end, write_end = os.pipe()
    writer = threading.Thread(target=lambda: (os.write(write_end, data), os.close(write_end)), daemon=True)
    writer.start()
    return os.fdopen(read_end, "rb")


def test_a_file_that_cannot_be_rewound_is_sent_once_never_cut_short(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    """A pipe goes whole once (chunked: its size is unknown); a redirect asking for the body
    again is refused with an error naming the part, a failure after it was read is not
    retried: never an empty or truncated body."""
    fine = serve([Reply(200, body={"id": "f"})])
    with pipe_with(DATA) as pipe:
        make_api(fine).call(completion_spec(pkg, success={"200": None}), upload_options(pkg, [("log", pipe)]))
    (sent,) = fine.requests
    assert file_payloads(sent) == {"log": DATA} and sent.headers["transfer-encoding"] == "chunked"

    moved = serve([Reply(307, {"Location": "/v1/again"}), Reply(200, body={"id": "f"})])
    with pipe_with(DATA) as pipe, pytest.raises(pkg.APIError, match="part 'log' cannot be rewound") as caught:
        make_api(moved).call(completion_spec(pkg, success={"200": None}), upload_options(pkg, [("log", pipe)]))
    assert "307" in str(caught.value) and "path, bytes or a seekable file" in str(caught.value)
    assert [file_payloads(r) for r in moved.requests] == [{"log": DATA}]

    failing = serve([Reply(503, {"x-should-retry": "true"}), Reply(200, body={"id": "f"})])
    api = make_api(failing, max_retries=2)
    with pipe_with(DATA) as pipe, pytest.raises(pkg.InternalServerError):
        api.call(completion_spec(pkg, success={"200": None}), upload_options(pkg, [("log", pipe)]))
    assert len(failing.requests) == 1 and api.sleeps == []


def fifo_with(folder: Path, data: bytes) -> Path:
    """A named pipe in ``folder`` that gives ``data`` to the first reader to open it."""
    folder.mkdir()
    fifo = folder / "fifo"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "wb") as writer:
            writer.write(data)

    threading.Thread(target=feed, daemon=True).start()
    return fifo


def test_a_path_to_a_named_pipe_is_sent_once_whole(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], tmp_path: Path
) -> None:
    """A path that is not a regular file (a named pipe, `/dev/stdin`, `<(cmd)`) has no size to
    announce (it was sent with a Content-Length of 0 bytes of file: the HTTP library stopped on
    "Too much data") and cannot be read twice: it goes chunked, once; a redirect asking for it
    again is refused, naming the part. A missing path fails before anything is sent."""
    fine = serve([Reply(200, body={"id": "f"})])
    make_api(fine).call(completion_spec(pkg, success={"200": None}),
                        upload_options(pkg, [("log", fifo_with(tmp_path / "a", DATA))]))
    (sent,) = fine.requests
    assert file_payloads(sent) == {"log": DATA} and sent.headers["transfer-encoding"] == "chunked"
    assert b'filename="fifo"' in sent.body

    moved = serve([Reply(307, {"Location": "/v1/again"}), Reply(200, body={"id": "f"})])
    with pytest.raises(pkg.APIError, match="part 'log' cannot be rewound"):
        make_api(moved).call(completion_spec(pkg, success={"200": None}),
                             upload_options(pkg, [("log", ("log.txt", fifo_with(tmp_path / "b", DATA)))]))
    assert [file_payloads(r) for r in moved.requests] == [{"log": DATA}]

    with pytest.raises(FileNotFoundError):
        make_api(fine).call(completion_spec(pkg, success={"200": None}),
                            upload_options(pkg, [("log", tmp_path / "missing")]))
    assert len(fine.requests) == 1


def test_a_file_given_by_path_is_closed_after_the_call(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], tmp_path: Path
) -> None:
    path = tmp_path / "a.bin"
    path.write_bytes(DATA)
    server = serve([Reply(200, body={"id": "f"}), Reply(400, body={"error": "no"})])
    api = make_api(server, max_retries=0)
    before = set(os.listdir("/proc/self/fd"))
    api.call(completion_spec(pkg, success={"200": None}), upload_options(pkg, [("f", path)]))
    with pytest.raises(pkg.BadRequestError):
        api.call(completion_spec(pkg, success={"200": None}), upload_options(pkg, [("f", path)]))
    opened = {os.readlink(f"/proc/self/fd/{fd}") for fd in set(os.listdir("/proc/self/fd")) - before
              if os.path.exists(f"/proc/self/fd/{fd}")}
    assert str(path) not in opened


UPLOAD_CHILD = """
import json, os, resource, socket, sys, threading
sys.path[:0] = [{root!r}, {packages!r}]
import {name} as pkg
from tests.support.runtime_harness import completion_options, completion_spec

def discard(listener, received):
    # one request: its head, then its body counted and dropped; a 200 with an empty object
    conn, _ = listener.accept()
    with conn:
        data = b""
        while b"\\r\\n\\r\\n" not in data:
            data += conn.recv(65536)
        head, _, rest = data.partition(b"\\r\\n\\r\\n")
        length = int([line.split(b":")[1] for line in head.split(b"\\r\\n")
                      if line.lower().startswith(b"content-length:")][0])
        count = len(rest)
        while count < length:
            count += len(conn.recv(1 << 20))
        received.append(count)
        conn.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nContent-Length: 2\\r\\n\\r\\n{{}}")

path = {path!r}
with open(path, "wb") as handle:
    handle.truncate({size})  # sparse: nothing written, {size} bytes to send
listener = socket.create_server(("127.0.0.1", 0))
received = []
server = threading.Thread(target=discard, args=(listener, received), daemon=True)
server.start()
client = pkg.SyncAPIClient(base_url="http://127.0.0.1:%d" % listener.getsockname()[1], api_key="sk-child-0123456789")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
options = completion_options(pkg, path="/files", json_body=pkg.NOT_GIVEN, form={{}}, files=[("f", __import__("pathlib").Path(path))])
client.request(completion_spec(pkg, success={{"200": None}}), options)
growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
server.join(10)
print(json.dumps({{"growth": growth, "received": received[0]}}))
"""


def test_a_file_given_by_path_is_streamed_not_read_into_memory(pkg: ModuleType, tmp_path: Path) -> None:
    """A 256 MiB file given by path goes out while the child's peak RSS grows by a fraction of it."""
    size = 256 << 20
    script = UPLOAD_CHILD.format(root=str(ROOT), packages=str(Path(pkg.__file__).parents[1]), name=pkg.__name__,
                                 path=str(tmp_path / "big.bin"), size=size)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    assert outcome["received"] > size
    assert outcome["growth"] < 64 << 20, outcome


# -- bounded memory ------------------------------------------------------------------------


def gzip_bomb(decoded: int) -> bytes:
    """``decoded`` bytes of zeros, gzip-compressed (about 1/1000 of that), built here."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = b"\0" * (1 << 20)
    parts = [packer.compress(block) for _ in range(decoded >> 20)]
    return b"".join(parts) + packer.flush()


def test_a_body_larger_than_max_response_size_ends_in_a_typed_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    bomb = gzip_bomb(64 << 20)
    server = serve([Reply(200, {"Content-Encoding": "gzip", "Content-Type": "application/json"}, body=bomb)])
    api = make_api(server, max_response_size=1 << 20, max_retries=2)
    with pytest.raises(pkg.ResponseTooLargeError) as caught:
        api.call(completion_spec(pkg), completion_options(pkg))
    assert isinstance(caught.value, pkg.APIError) and caught.value.limit == 1 << 20
    assert len(server.requests) == 1  # not retried
    small = serve([Reply(200, body=COMPLETION)])
    assert make_api(small, max_response_size=1 << 20).call(completion_spec(pkg), completion_options(pkg)).id == "c1"


def test_an_event_larger_than_max_event_size_ends_in_a_typed_error(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer]
) -> None:
    endless = [b"data: " + b"x" * 4096] * 64  # 256 KiB, never a blank line
    server = serve([Reply(200, chunks=endless)])
    api = make_api(server, max_event_size=64 << 10)
    with pytest.raises(pkg.ResponseTooLargeError, match="max_event_size"):
        api.stream(completion_spec(pkg), completion_options(pkg))
    # events under the limit stream as usual, however many
    fine = serve([Reply(200, chunks=sse(*[COMPLETION] * 50))])
    assert len(make_api(fine, max_event_size=64 << 10).stream(completion_spec(pkg), completion_options(pkg))) == 50


# What a caller may do with the unread response `with_streaming_response` yields, sync and async.
STREAMED_USES: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "read": (lambda r: r.read(), lambda r: r.read()),
    "content": (lambda r: r.content, lambda r: r.read()),
    "json": (lambda r: r.json(), lambda r: r.json()),
    "parse": (lambda r: r.parse(), lambda r: r.parse()),
    "text": (lambda r: r.text, lambda r: r.text()),
    "lines": (lambda r: list(r.iter_lines()), lambda r: _collect(r.iter_lines())),
    "bytes": (lambda r: sum(map(len, r.iter_bytes())), lambda r: _total(r.iter_bytes())),
}


async def _collect(items: Any) -> list[Any]:
    return [item async for item in items]


async def _total(chunks: Any) -> int:
    return sum([len(chunk) async for chunk in chunks])


def with_streaming_response(api: Api, spec: Any, use: Callable[[Any], Any]) -> Any:
    """``use(response)`` inside ``with resource.with_streaming_response.create() as response``
    (the runtime's own wrapper around a resource method that posts a completion)."""
    res = importlib.import_module(api.pkg.__name__ + "._base_resource")
    body = {"model": "m", "prompt": "hi"}
    if api.kind == "sync":
        resource = res.SyncAPIResource(api.client)
        create = res.to_streamed_response(lambda: resource._post("/completions", body=body, cast_to=spec))
        with create() as response:
            return use(response)
    async_resource = res.AsyncAPIResource(api.client)
    acreate = res.async_to_streamed_response(lambda: async_resource._post("/completions", body=body, cast_to=spec))

    async def run() -> Any:
        async with acreate() as response:
            result = use(response)
            return await result if hasattr(result, "__await__") else result

    return api.run(run)


@pytest.mark.parametrize("use", sorted(STREAMED_USES))
def test_a_streamed_response_holds_at_most_max_response_size(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], kind: str, use: str
) -> None:
    """Whatever reads the whole body (or one line of it) through with_streaming_response stops
    at the client's limit; iter_bytes hands each chunk over and holds nothing, so it is free."""
    gzip_json = {"Content-Encoding": "gzip", "Content-Type": "application/json"}
    server = serve([Reply(200, gzip_json, body=gzip_bomb(8 << 20))], repeat_last=True)
    api = make_api(server, max_response_size=1 << 20)
    apply = STREAMED_USES[use][0 if kind == "sync" else 1]
    if use == "bytes":
        assert with_streaming_response(api, completion_spec(pkg), apply) == 8 << 20
        return
    with pytest.raises(pkg.ResponseTooLargeError) as caught:
        with_streaming_response(api, completion_spec(pkg), apply)
    assert caught.value.limit == 1 << 20 and "max_response_size" in str(caught.value)
    # many lines, each under the limit, however long the body
    lines = serve([Reply(200, {"Content-Type": "text/plain"}, chunks=[b"x" * 1000 + b"\n"] * 3000)])
    api = make_api(lines, max_response_size=64 << 10)
    lines_of = STREAMED_USES["lines"][0 if kind == "sync" else 1]
    assert with_streaming_response(api, completion_spec(pkg), lines_of) == ["x" * 1000] * 3000


def test_streamed_lines_split_as_the_http_library_splits_them(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], kind: str
) -> None:
    chunks = [b"a\r", b"\nb\n", b"c\rd", b"\r\n\r\ne\x0bf\r", b"\r", b"g"]
    server = serve([Reply(200, {"Content-Type": "text/plain"}, chunks=chunks)])
    lines_of = STREAMED_USES["lines"][0 if kind == "sync" else 1]
    got = with_streaming_response(make_api(server), completion_spec(pkg), lines_of)
    assert got == b"".join(chunks).decode().splitlines() == ["a", "b", "c", "d", "", "e", "f", "", "g"]


def test_a_streamed_line_may_be_max_response_size_long_its_line_break_not_counted(
    pkg: ModuleType, make_api: Callable[..., Api], serve: Callable[..., ScriptedServer], kind: str
) -> None:
    """As ``read()`` allows a body of exactly the limit, ``iter_lines`` allows a line of
    exactly the limit: the break after it is not part of the line it gives."""
    limit = 1 << 10
    chunks = [b"x" * limit + b"\r", b"\n" + b"y" * limit + b"\n", b"z" * limit]
    server = serve([Reply(200, {"Content-Type": "text/plain"}, chunks=chunks)])
    lines_of = STREAMED_USES["lines"][0 if kind == "sync" else 1]
    got = with_streaming_response(make_api(server, max_response_size=limit), completion_spec(pkg), lines_of)
    assert got == ["x" * limit, "y" * limit, "z" * limit]


CHILD = """
import json, resource, sys, zlib
sys.path[:0] = [{root!r}, {packages!r}]
from tests.support.servers import Reply, ScriptedServer
import {name} as pkg
from tests.support.runtime_harness import completion_options, completion_spec

def bomb(decoded):
    packer = zlib.compressobj(6, zlib.DEFLATED, 31)
    block = b"\\0" * (1 << 20)
    return b"".join(packer.compress(block) for _ in range(decoded >> 20)) + packer.flush()

def peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

DECODED = {decoded}

body = bomb(DECODED)  # 512 MiB once decoded, half a MiB on the wire
JSON = {{"Content-Encoding": "gzip", "Content-Type": "application/json"}}
TEXT = {{"Content-Encoding": "gzip", "Content-Type": "text/plain"}}
replies = [  # as a JSON body, as an event stream: one endless event (no blank line), and as
    # the unread body of with_streaming_response: read whole, and as one endless line
    Reply(200, JSON, body=body),
    Reply(200, {{"Content-Encoding": "gzip", "Content-Type": "text/event-stream"}}, body=body),
    Reply(200, JSON, body=body),
    Reply(200, TEXT, body=body),
]

def call(client, label):
    spec, options = completion_spec(pkg), completion_options(pkg)
    if label == "body":
        client.request(spec, options)
    elif label == "event":
        for _ in client.request(spec, options, stream=True):
            pass
    else:
        response = client.request_raw(spec, options, lazy=True)
        try:
            response.read() if label == "streamed_read" else list(response.iter_lines())
        finally:
            response.close()

results = {{}}
with ScriptedServer(replies) as server:
    client = pkg.SyncAPIClient(base_url=server.url, api_key="sk-child-0123456789")
    before = peak()
    for label in ("body", "event", "streamed_read", "streamed_lines"):
        try:
            call(client, label)
            results[label] = "no error"
        except pkg.ResponseTooLargeError as exc:
            results[label] = type(exc).__name__
    results["growth"] = peak() - before
    client.close()
print(json.dumps(results))
"""


def test_gzip_bombs_stay_within_bounded_memory_in_a_child_process(
    pkg: ModuleType, tmp_path: Path
) -> None:
    """Default limits (64 MiB body, 16 MiB event) against 512 MiB bombs, as a parsed body, an
    event stream, and the unread body of ``with_streaming_response`` (``read()`` and
    ``iter_lines()`` of one endless line): the peak RSS of the child grows by far less than
    the decoded size."""
    packages = str(Path(pkg.__file__).parents[1])
    script = CHILD.format(root=str(ROOT), packages=packages, name=pkg.__name__, decoded=512 << 20)
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    assert set(outcome) - {"growth"} == {"body", "event", "streamed_read", "streamed_lines"}
    assert {outcome[label] for label in set(outcome) - {"growth"}} == {"ResponseTooLargeError"}, outcome
    assert outcome["growth"] < 256 << 20, outcome  # 512 MiB decoded, never held
