"""Form and multipart request bodies the document gives in an unusual shape.

- An `application/x-www-form-urlencoded` body whose schema is a string (`{type: string}`, or a
  union's string branch) is the form already encoded (`a=1&b=2`): the method took `body: str`
  and every call raised `RequestValidationError` ("a form body is a mapping"). It is sent as
  given, as the form media type; a union's object branch is still sent as its fields.
  `extra_body=` merges into it as fields (it was dropped without a word): each field it names
  replaces the given one, the others stay as given. A media type with parameters
  (`; charset=utf-8`) is sent as declared, for a string form and a form of fields alike (it
  was the bare form type).
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
