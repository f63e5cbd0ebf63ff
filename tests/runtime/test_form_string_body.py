"""Form and multipart request bodies the document gives in an unusual shape.

- An `application/x-www-form-urlencoded` body whose schema is a string (`{type: string}`, or a
  union's string branch) is the form already encoded (`a=1&b=2`): the method took `body: str`
  and every call raised `RequestValidationError` ("a form body is a mapping"). It is sent as
  given, as the form media type; a union's object branch is still sent as its fields.
  `extra_body=` merges into it as fields (it was dropped without a word): each field it names
  replaces the given one, the others stay as given. A media type with parameters
  (`; charset=utf-8`) is sent as declared, for a string form and a form of fields alike (it
  was the bare form type).
- The body's bytes are in the charset that media type declares (`; charset=iso-8859-1`: `é` is
  `%E9`, a string form's `é` the byte E9), where they stayed UTF-8 and a server reading them as
  declared read `Ã©`; a charset Python cannot write text in, or a value it cannot write, is a
  `RequestValidationError` naming where (never the value), nothing sent. `extra_body=`'s fields
  are written as the method's own are: `true`, an object as JSON text (`True`; `x`, its keys).
- A `multipart/mixed` body is still sent as `multipart/form-data` (the one multipart the client
  builds), now named at generation: on stderr and in COVERAGE.md (tests/ir/
  test_multipart_subtypes.py has the note's words).

The sync and the async client each call a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import urllib.parse
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.support import ROOT, import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_form_string_body"
FORM = "application/x-www-form-urlencoded"
CHARSET = f"{FORM}; charset=utf-8"
LATIN1 = f"{FORM}; charset=iso-8859-1"
FIELD_A = {"type": "object", "properties": {"a": {"type": "string"}}}
NO_CONTENT = {"204": {"description": "ok"}}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Form string", "version": "1"},
    "paths": {
        "/encoded": {"post": {
            "operationId": "encoded",
            "requestBody": {"content": {FORM: {"schema": {"type": "string"}}}},
            "responses": NO_CONTENT}},
        "/either": {"post": {
            "operationId": "either",
            "requestBody": {"required": True, "content": {FORM: {"schema": {"oneOf": [
                {"type": "string"},
                {"type": "object", "properties": {"a": {"type": "string"}}}]}}}},
            "responses": NO_CONTENT}},
        "/charset": {"post": {
            "operationId": "charset",
            "requestBody": {"required": True, "content": {CHARSET: {"schema": {
                "type": "string"}}}},
            "responses": NO_CONTENT}},
        "/charset-fields": {"post": {
            "operationId": "charset_fields",
            "requestBody": {"required": True, "content": {CHARSET: {"schema": {
                "type": "object", "properties": {"a": {"type": "string"}}}}}},
            "responses": NO_CONTENT}},
        "/latin1": {"post": {
            "operationId": "latin1",
            "requestBody": {"required": True, "content": {LATIN1: {"schema": {
                "type": "string"}}}},
            "responses": NO_CONTENT}},
        "/latin1-fields": {"post": {
            "operationId": "latin1_fields",
            "requestBody": {"required": True, "content": {LATIN1: {"schema": FIELD_A}}},
            "responses": NO_CONTENT}},
        "/utf16-fields": {"post": {
            "operationId": "utf16_fields",
            "requestBody": {"required": True, "content": {
                f"{FORM}; charset=utf-16": {"schema": FIELD_A}}},
            "responses": NO_CONTENT}},
        "/utf16": {"post": {
            "operationId": "utf16",
            "requestBody": {"required": True, "content": {
                f"{FORM}; charset=utf-16": {"schema": {"type": "string"}}}},
            "responses": NO_CONTENT}},
        "/unknown-charset": {"post": {
            "operationId": "unknown_charset",
            "requestBody": {"required": True, "content": {
                f"{FORM}; charset=x-no-such": {"schema": FIELD_A}}},
            "responses": NO_CONTENT}},
        "/mixed": {"post": {
            "operationId": "mixed",
            "requestBody": {"content": {"multipart/mixed": {"schema": {
                "type": "object", "properties": {"file": {"type": "string",
                                                          "format": "binary"}}}}}},
            "responses": NO_CONTENT}},
    },
}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, str]:
    """The package, and what `generate` said on stderr."""
    root = tmp_path_factory.mktemp("form_string_body")
    spec = root / "forms.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "generator", "generate", "--no-cache", "--spec", str(spec),
         "--out", str(root / "out" / PACKAGE)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    return import_from(root / "out", PACKAGE), result.stderr


def _call(package: ModuleType, kind: str, url: str, method: str, **given: Any) -> Any:
    if kind == "sync":
        with package.Client(base_url=url, api_key="k", max_retries=0) as client:
            return getattr(client.default, method)(**given)

    async def run() -> Any:
        async with package.AsyncClient(base_url=url, api_key="k", max_retries=0) as client:
            return await getattr(client.default, method)(**given)

    return asyncio.run(asyncio.wait_for(run(), 30))


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_string_form_body_is_sent_as_given(generated: tuple[ModuleType, str],
                                             kind: str) -> None:
    package, _ = generated
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        assert _call(package, kind, server.url, "encoded", body="a=1&b=x%20y") is None
        assert _call(package, kind, server.url, "encoded") is None  # optional: left out
        assert _call(package, kind, server.url, "either", body="c=3") is None
        assert _call(package, kind, server.url, "either", body={"a": "x y"}) is None
        sent, left_out, text, fields = server.requests
    assert sent.body == b"a=1&b=x%20y" and sent.headers["content-type"] == FORM
    assert left_out.body == b"" and "content-type" not in left_out.headers
    assert text.body == b"c=3" and text.headers["content-type"] == FORM
    assert fields.body == b"a=x+y" and fields.headers["content-type"] == FORM


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_extra_body_is_merged_into_a_string_form_body(generated: tuple[ModuleType, str],
                                                      kind: str) -> None:
    """As into a form of fields: added, and winning over a field the string gives (`b`); a
    `None` value removes it, as it does from a mapping; the fields kept go as given."""
    package, _ = generated
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        _call(package, kind, server.url, "encoded", body="a=1&b=x%20y",
              extra_body={"b": "new value", "c": ["1", "2"]})
        _call(package, kind, server.url, "encoded", body="a=x%20y&b=2", extra_body={"b": None})
        _call(package, kind, server.url, "either", body="a=1", extra_body={"d": 4})
        merged, removed, union = server.requests
    assert merged.body == b"a=1&b=new+value&c=1&c=2"
    assert merged.headers["content-type"] == FORM
    assert removed.body == b"a=x%20y"
    assert union.body == b"a=1&d=4"


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_form_media_type_is_sent_as_declared(generated: tuple[ModuleType, str],
                                               kind: str) -> None:
    """`; charset=utf-8` kept, as a raw body's media type is: the document says what the
    server takes, and the bytes sent are UTF-8, as it says."""
    package, _ = generated
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        _call(package, kind, server.url, "charset", body="a=%C3%A9")
        _call(package, kind, server.url, "charset_fields", a="é", extra_body={"b": "1"})
        text, fields = server.requests
    assert (text.body, text.headers["content-type"]) == (b"a=%C3%A9", CHARSET)
    assert (fields.body, fields.headers["content-type"]) == (b"a=%C3%A9&b=1", CHARSET)


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_form_is_encoded_in_its_declared_charset(generated: tuple[ModuleType, str],
                                                   kind: str) -> None:
    """A server reading the body as declared (ISO-8859-1) reads `é`, not `Ã©`; what the string
    form gives already percent-encoded (`%E9`) stays as given."""
    package, _ = generated
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        _call(package, kind, server.url, "latin1", body="a=é&b=%E9")
        _call(package, kind, server.url, "latin1", body="a=é", extra_body={"c": "ü é"})
        _call(package, kind, server.url, "latin1_fields", a="é", extra_body={"b": "ü"})
        text, merged, fields = server.requests
    assert (text.body, text.headers["content-type"]) == (b"a=\xe9&b=%E9", LATIN1)
    assert merged.body == b"a=\xe9&c=%FC+%E9"
    assert (fields.body, fields.headers["content-type"]) == (b"a=%E9&b=%FC", LATIN1)


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_form_of_fields_in_utf16_is_percent_encoded_in_utf8(generated: tuple[ModuleType, str],
                                                              kind: str) -> None:
    """Percent-encoded in UTF-16, each field's bytes began with a byte-order mark
    (`a=%FF%FE%E9%00`); a charset that does not write ASCII as ASCII sends its fields as
    browsers do, in UTF-8."""
    package, _ = generated
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        _call(package, kind, server.url, "utf16_fields", a="é", extra_body={"b": "ü"})
        [sent] = server.requests
    assert sent.body == b"a=%C3%A9&b=%C3%BC"
    assert sent.headers["content-type"] == f"{FORM}; charset=utf-16"


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_extra_fields_of_a_utf16_string_form_are_percent_encoded_as_its_own(
        generated: tuple[ModuleType, str], kind: str) -> None:
    """A string form is written whole in its charset (UTF-16 here), which only a server
    decoding the body as declared reads, and that server decodes the fields' percent-encoded
    bytes so too: `extra_body`'s fields appended to it were percent-encoded in UTF-8 (the
    choice for a form of fields), which it read as `꧃` for `é`."""
    package, _ = generated
    given = "a=" + urllib.parse.quote("é", encoding="utf-16")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        _call(package, kind, server.url, "utf16", body=given, extra_body={"b": "ü"})
        [sent] = server.requests
    text = sent.body.decode("utf-16")
    assert urllib.parse.parse_qs(text, encoding="utf-16") == {"a": ["é"], "b": ["ü"]}
    assert sent.headers["content-type"] == f"{FORM}; charset=utf-16"


@pytest.mark.parametrize(("method", "given", "said"), [
    ("latin1_fields", {"a": "x€secret"}, "form field 'a': character 2 cannot be written"),
    ("latin1_fields", {"a": "x", "extra_body": {"€": "1"}}, "form field #2's name: character 1"),
    ("latin1", {"body": "a=€secret"}, "body: character 3 cannot be written"),
    ("latin1", {"body": "a=1", "extra_body": {"b": "€secret"}}, "form field 'b': character 1"),
    ("unknown_charset", {"a": "x"}, "charset='x-no-such', which Python cannot encode text in"),
])
def test_a_form_its_charset_cannot_write_is_refused_before_sending(
        generated: tuple[ModuleType, str], method: str, given: dict[str, Any],
        said: str) -> None:
    """Sent, the server would read other text than was given; the message says where, never
    the value."""
    package, _ = generated
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        with pytest.raises(package.RequestValidationError) as caught:
            _call(package, "sync", server.url, method, **given)
        assert server.requests == []
    assert said in str(caught.value) and "nothing was sent" in str(caught.value)
    assert "€" not in str(caught.value) and "secret" not in str(caught.value)


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_extra_body_fields_are_written_as_the_methods_own(generated: tuple[ModuleType, str],
                                                          kind: str) -> None:
    """A bool as `true`, an object (or an array of them) as one field of JSON text, as
    `form_fields` writes the method's own; urlencode sent `True`, and an object's keys alone."""
    package, _ = generated
    extra = {"d": {"x": 1, "y": "é"}, "t": True, "f": [False, 2], "n": [{"k": None}]}
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        _call(package, kind, server.url, "charset_fields", a="x", extra_body=extra)
        _call(package, kind, server.url, "encoded", body="a=x", extra_body=extra)
        fields, text = server.requests
    expected = (b"a=x&d=%7B%22x%22%3A1%2C%22y%22%3A%22%C3%A9%22%7D&t=true&f=false&f=2"
                b"&n=%5B%7B%22k%22%3Anull%7D%5D")
    assert fields.body == expected and text.body == expected


def test_a_multipart_mixed_body_is_sent_as_form_data_and_said(
        generated: tuple[ModuleType, str]) -> None:
    package, stderr = generated
    said = ("/paths/~1mixed/post: noted: the request body is documented as `multipart/mixed`, "
            "which the client does not build -> sent as `multipart/form-data`")
    assert said in stderr
    coverage = (Path(package.__file__).parent / "COVERAGE.md").read_text("utf-8")
    assert "`/paths/~1mixed/post`" in coverage and "documented as `multipart/mixed`" in coverage
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        assert _call(package, "sync", server.url, "mixed", file=b"x") is None
        (request,) = server.requests
    assert request.headers["content-type"].startswith("multipart/form-data; boundary=")
