"""A URL the caller gives reaches the server as written (a `format: uri` value is a `str`;
`_operations._keep_given` kept what pydantic's `AnyUrl` rewrote, as integers already were).

pydantic rewrites a `format: uri` value (`AnyUrl`): `https://App.example.com` became
`https://app.example.com/`, `https://a.example?x=1` became `https://a.example/?x=1`,
`/x/../y` became `/y`. An OAuth `redirect_uri` the server compares byte for byte, or a signed
URL, then failed. Only URLs are kept so: what the model reads for the caller in other fields
(a Unix time in a `date-time` field, a `urn:uuid:` UUID) is sent in the form the document
names, as before. A value the model refuses still raises before anything is sent. Body
properties (top level, nested, in lists), a whole body and query parameters are called
against a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from urllib.parse import parse_qsl, urlsplit

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

PACKAGE = "trial_given_strings"
URI = {"type": "string", "format": "uri"}
SPEC = {
    "openapi": "3.0.3",
    "info": {"title": "Apps", "version": "1"},
    "paths": {"/apps": {"post": {
        "operationId": "register",
        "parameters": [{"name": "callback", "in": "query", "schema": URI},
                       {"name": "since", "in": "query",
                        "schema": {"type": "string", "format": "date-time"}}],
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": ["redirect_uri"], "properties": {
                "redirect_uri": URI,
                "more": {"type": "array", "items": URI},
                "nested": {"type": "object", "properties": {"home": URI}},
                "id": {"type": "string", "format": "uuid"},
            }}}}},
        "responses": {"204": {"description": "ok"}},
    }}, "/links": {"put": {
        "operationId": "replaceLinks",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "array", "items": URI}}}},
        "responses": {"204": {"description": "ok"}},
    }}},
}
WRITTEN = ["https://App.Example.com", "https://a.example?x=1", "http://a.example:80/x/../y"]


@pytest.fixture
def package(tmp_path: Path) -> ModuleType:
    spec = tmp_path / "apps.json"
    spec.write_text(json.dumps(SPEC), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, tmp_path / "out" / name)
    return import_from(tmp_path / "out", PACKAGE)


def test_uris_are_sent_as_written(package: ModuleType, serve: Callable[..., ScriptedServer]) -> None:
    server = serve([Reply(204)])
    with package.Client(base_url=server.url, max_retries=0) as client:
        client.default.register(redirect_uri=WRITTEN[0], more=WRITTEN, callback=WRITTEN[1],
                                nested={"home": WRITTEN[2]})
    [request] = server.requests
    assert request.json() == {"redirect_uri": WRITTEN[0], "more": WRITTEN,
                              "nested": {"home": WRITTEN[2]}}
    assert parse_qsl(urlsplit(request.target).query) == [("callback", WRITTEN[1])]


def test_what_the_model_reads_for_the_caller_is_sent_as_it_writes_it(
    package: ModuleType, serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(204)])
    with package.Client(base_url=server.url, max_retries=0) as client:
        client.default.register(redirect_uri=WRITTEN[0], since="1700000000",
                                id="urn:uuid:12345678-1234-5678-1234-567812345678")
    [request] = server.requests
    assert request.json()["id"] == "12345678-1234-5678-1234-567812345678"
    assert parse_qsl(urlsplit(request.target).query) == [("since", "2023-11-14T22:13:20Z")]


def test_a_value_the_model_refuses_still_raises(
    package: ModuleType, serve: Callable[..., ScriptedServer]
) -> None:
    """(A `format: uri` value is a `str`, as in openai-python and opc: any string is sent as
    written; a `uuid` is still read, and refused when it is none.)"""
    server = serve([])
    with (package.Client(base_url=server.url, max_retries=0) as client,
          pytest.raises(package.RequestValidationError, match="id")):
        client.default.register(redirect_uri="not a url", id="not a uuid")
    assert server.requests == []


def test_a_whole_body_keeps_its_urls_too(
    package: ModuleType, serve: Callable[..., ScriptedServer]
) -> None:
    server = serve([Reply(204)])
    with package.Client(base_url=server.url, max_retries=0) as client:
        client.default.replace_links(body=WRITTEN)
    assert server.requests[0].json() == WRITTEN
