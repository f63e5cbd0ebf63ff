"""A header parameter's value the HTTP library cannot send (new-user trial, finding 08).

A line break (which would start another header), a control character or a non-ASCII character
in a header argument raises the documented `RequestValidationError` before anything is sent,
naming the header and the argument, never the value (it may be a secret the document does not
declare as one); a cookie parameter takes the same values (they are percent-encoded). The
package is generated from tests/feature_specs/header_cookie.yaml; each case runs the sync and
the async client against a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import FEATURE_SPECS, import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

OK = Reply(200, {"Content-Type": "application/json"}, {"user": "ada"})


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    out = tmp_path_factory.mktemp("headers")
    target = pipeline.target_for_spec(FEATURE_SPECS / "header_cookie.yaml", "feat_header_cookie")
    for name, files in pipeline.build_packages([target]).items():
        write.write(files, out / name)
    return import_from(out, "feat_header_cookie")


def get_session(package: ModuleType, kind: str, url: str, **arguments: Any) -> Any:
    """`client.default.get_session(...)` on the sync or the async client."""
    arguments = {"x_request_id": "r-1", "session_id": "s-1", **arguments}
    if kind == "sync":
        with package.Client(base_url=url, max_retries=0) as client:
            return client.default.get_session(**arguments)

    async def run() -> Any:
        async with package.AsyncClient(base_url=url, max_retries=0) as client:
            return await client.default.get_session(**arguments)

    return asyncio.run(run())


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("a\r\nX-Evil: 1", "contains a line break"),
        ("line\nbreak", "contains a line break"),
        ("nul\x00byte", "contains a control character"),
        ("caf\u00e9-value", "contains a non-ASCII character"),
    ],
)
def test_a_header_value_that_cannot_be_sent_is_a_request_validation_error(
    package: ModuleType,
    serve: Callable[..., ScriptedServer],
    kind: str,
    value: str,
    problem: str,
) -> None:
    server = serve([OK])
    with pytest.raises(package.RequestValidationError) as info:
        get_session(package, kind, server.url, x_request_id=value)
    message = str(info.value)
    assert "header parameter 'X-Request-ID' (x_request_id)" in message and problem in message
    assert value not in message and repr(value)[1:-1] not in message  # nor escaped
    assert not isinstance(info.value, package.APIError)  # a programming error, not the server's
    assert server.requests == []


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_good_headers_and_any_cookie_value_are_sent(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([OK])
    get_session(package, kind, server.url, x_retry_count=2, session_id="caf\u00e9; a\r\nb")
    (request,) = server.requests
    assert request.headers["x-request-id"] == "r-1" and request.headers["x-retry-count"] == "2"
    assert request.headers["cookie"].startswith("session_id=caf%C3%A9%3B%20a%0D%0Ab")


# -- the same for headers given in extra_headers= and default_headers= (user trial, item 1) ------

SECRET = "sk-live-0123456789abcdef"
BAD_VALUES = [
    (f"{SECRET}\r\nX-Evil: 1", "contains a line break"),
    (f"{SECRET}\x00", "contains a control character"),
    (f"{SECRET}\u00e9", "contains a non-ASCII character"),
    (12345, "is not a str (got int)"),
    (SECRET.encode(), "is not a str (got bytes)"),  # its str would be sent: "b'sk-...'"
]
BAD_NAMES = [f"X-Token: {SECRET}", "X Token", "", 7, b"X-Token"]


def _assert_refused(info: pytest.ExceptionInfo[Exception], package: ModuleType, where: str) -> None:
    message = str(info.value)
    assert message.startswith(where) and "nothing was sent" in message
    assert SECRET not in message and "0123456789" not in message  # nor a part of it
    assert not isinstance(info.value, package.APIError)  # the caller's mistake, not the server's


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize(("value", "problem"), BAD_VALUES)
def test_a_bad_extra_header_value_is_a_request_validation_error(
    package: ModuleType,
    serve: Callable[..., ScriptedServer],
    kind: str,
    value: object,
    problem: str,
) -> None:
    server = serve([OK])
    with pytest.raises(package.RequestValidationError) as info:
        get_session(package, kind, server.url, extra_headers={"X-Token": value})
    _assert_refused(info, package, "extra_headers 'X-Token': ")
    assert problem in str(info.value)
    assert server.requests == []


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_bad_extra_header_name_is_a_request_validation_error_that_does_not_show_it(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str, name: object
) -> None:
    server = serve([OK])
    with pytest.raises(package.RequestValidationError) as info:
        get_session(package, kind, server.url, extra_headers={name: "v"})
    _assert_refused(info, package, "extra_headers: a header name is not a valid one")
    assert server.requests == []


@pytest.mark.parametrize("client_class", ["Client", "AsyncClient"])
@pytest.mark.parametrize(("value", "problem"), BAD_VALUES)
def test_a_bad_default_header_is_refused_when_the_client_is_made(
    package: ModuleType, client_class: str, value: object, problem: str
) -> None:
    with pytest.raises(package.RequestValidationError) as info:
        getattr(package, client_class)(base_url="http://127.0.0.1:9", default_headers={"X-Token": value})
    _assert_refused(info, package, "default_headers 'X-Token': ")
    assert problem in str(info.value)


def test_a_bad_default_header_given_to_with_options_is_refused(package: ModuleType) -> None:
    with (
        package.Client(base_url="http://127.0.0.1:9") as client,
        pytest.raises(package.RequestValidationError) as info,
    ):
        client.with_options(default_headers={"X-Token": f"{SECRET}\n"})
    _assert_refused(info, package, "default_headers 'X-Token': ")


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_omit_and_none_in_extra_headers_still_remove_and_leave_a_header(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([OK])
    get_session(package, kind, server.url, extra_headers={"User-Agent": package.Omit(), "X-A": None, "X-B": "b"})
    (request,) = server.requests
    assert "user-agent" not in request.headers and "x-a" not in request.headers
    assert request.headers["x-b"] == "b"


# -- a header or cookie parameter with a style or a media type (new-user trial) -----------------
# ReadMe's parameters-style.json gives cookies `style: form, explode: false`: the method passed
# the query's `delimiters=` to the cookies' helper, a TypeError on every call (and a mypy error
# in the package); a header or cookie with `content: application/json` did the same with
# `json_encoded=`. A header or cookie value is one string: arrays comma-joined, JSON as text.

STYLED = """
openapi: 3.0.3
info: {title: Styled headers and cookies, version: '1'}
paths:
  /x:
    get:
      operationId: getX
      parameters:
        - name: X-Filter
          in: header
          content: {application/json: {schema: {type: object, properties: {a: {type: integer}}}}}
        - {name: X-Ids, in: header, style: simple, explode: false,
           schema: {type: array, items: {type: integer}}}
        - {name: ids, in: cookie, style: form, explode: false,
           schema: {type: array, items: {type: integer}}}
        - name: meta
          in: cookie
          content: {application/json: {schema: {type: object, properties: {b: {type: string}}}}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object}}}}
  /items/{filter}:
    get:
      operationId: getItems
      parameters:
        - {name: filter, in: path, required: true, explode: true, schema: {$ref: '#/components/schemas/Who'}}
        - {name: X-Who, in: header, style: simple, explode: true, schema: {$ref: '#/components/schemas/Who'}}
        - {name: X-Plain, in: header, schema: {$ref: '#/components/schemas/Who'}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object}}}}
  /prefs:
    get:
      operationId: getPrefs
      parameters:
        - {name: who, in: cookie, schema: {$ref: '#/components/schemas/Who'}}
        - {name: pair, in: cookie, style: form, explode: false, schema: {$ref: '#/components/schemas/Who'}}
        - {name: tags, in: cookie, schema: {type: array, items: {type: string}}}
        - {name: n, in: cookie, schema: {type: integer}}
        - {name: bag, in: cookie, schema: {type: object, additionalProperties: {type: string}}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object}}}}
components:
  schemas:
    Who:
      type: object
      properties: {role: {type: string}, first: {type: string}}
"""


@pytest.fixture(scope="module")
def styled(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    out = tmp_path_factory.mktemp("styled")
    spec = out / "styled.yaml"
    spec.write_text(STYLED, encoding="utf-8")
    target = pipeline.target_for_spec(spec, "feat_styled_headers")
    for name, files in pipeline.build_packages([target]).items():
        write.write(files, out / name)
    return import_from(out, "feat_styled_headers")


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_header_and_cookie_parameters_with_a_style_or_a_json_media_type_are_sent(
    styled: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([OK])
    arguments = {"x_filter": {"a": 1}, "x_ids": [1, 2], "ids": [3, 4], "meta": {"b": "\u00e9"}}
    if kind == "sync":
        with styled.Client(base_url=server.url, max_retries=0) as client:
            client.default.get_x(**arguments)
    else:

        async def run() -> None:
            async with styled.AsyncClient(base_url=server.url, max_retries=0) as client:
                await client.default.get_x(**arguments)

        asyncio.run(run())
    (request,) = server.requests
    assert request.headers["x-filter"] == '{"a":1}' and request.headers["x-ids"] == "1,2"
    assert request.headers["cookie"] == "ids=3%2C4; meta={%22b%22:%22%5Cu00e9%22}"


# A `simple` object with `explode: true` is `role=admin,first=Alex` (OpenAPI's style table), in a
# header or a path; without it (the default for both) `role,admin,first,Alex`. Both were sent
# the second way (ReadMe's parameters-style.json, "headers_simple_exploded").


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_an_exploded_simple_object_is_sent_as_key_value_pairs(
    styled: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([OK])
    who = {"role": "admin", "first": "Alex"}
    arguments = {"filter": who, "x_who": who, "x_plain": who}
    if kind == "sync":
        with styled.Client(base_url=server.url, max_retries=0) as client:
            client.default.get_items(**arguments)
    else:

        async def run() -> None:
            async with styled.AsyncClient(base_url=server.url, max_retries=0) as client:
                await client.default.get_items(**arguments)

        asyncio.run(run())
    (request,) = server.requests
    assert request.path == "/items/role=admin,first=Alex"
    assert request.headers["x-who"] == "role=admin,first=Alex"
    assert request.headers["x-plain"] == "role,admin,first,Alex"


# A cookie's object is `form` and exploded by default: each property a cookie of its own
# (`role=admin; first=Alex`, OpenAPI's style table); `explode: false` makes it one cookie
# (`pair=role,admin,first,Alex`, its commas percent-encoded as every cookie value's are). The
# exploded one was sent as the second (new-user trial); arrays and primitives are one cookie.


def _get_prefs(styled: ModuleType, kind: str, url: str, **arguments: Any) -> None:
    if kind == "sync":
        with styled.Client(base_url=url, max_retries=0) as client:
            client.default.get_prefs(**arguments)
        return

    async def run() -> None:
        async with styled.AsyncClient(base_url=url, max_retries=0) as client:
            await client.default.get_prefs(**arguments)

    asyncio.run(run())


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_an_exploded_form_cookie_object_is_a_cookie_per_property(
    styled: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([OK])
    who = {"role": "admin", "first": "Alex"}
    _get_prefs(styled, kind, server.url, who=who, pair=who, tags=["a", "b"], n=3)
    (request,) = server.requests
    assert request.headers["cookie"] == (
        "role=admin; first=Alex; pair=role%2Cadmin%2Cfirst%2CAlex; tags=a%2Cb; n=3"
    )


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_cookie_objects_property_that_no_cookie_name_can_be_is_refused(
    styled: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([OK])
    with pytest.raises(styled.RequestValidationError) as info:
        _get_prefs(styled, kind, server.url, bag={"ok": "1", "a=b; admin": "x"})
    message = str(info.value)
    assert message.startswith("cookie parameter 'bag': a property name is not a cookie name")
    assert "admin" not in message and "nothing was sent" in message
    assert server.requests == []
