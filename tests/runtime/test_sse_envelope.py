"""Event streams as Mistral's OpenAPI 3.1 document describes them, against a scripted server on
127.0.0.1, sync and async.

Its `text/event-stream` schemas describe the whole event, as Speakeasy's documents and OpenAPI
3.2's `itemSchema` do (`CompletionEvent: {required: [data], properties: {data: CompletionChunk}}`),
and the client parsed each event's data as that envelope: `chunk.data` was None (typed
`CompletionChunk`, so mypy passed) and a conversation's `event` and `data` both None. Each event's
data is now parsed as the `data` property's schema, the event's name in `stream.last_event`.

`/v1/conversations#stream` answers nothing but the stream, its switch `{enum: [true], default:
true}`: called without `stream=True` the method returned None, asked for `application/json` and
left `stream` out (the server streamed, the client threw it away), and its overloads offered
`stream: Literal[False]`. Such a method now always returns the stream and sends `stream: true`.
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

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(300)

PACKAGE = "trial_sse_envelope"
SSE = "text/event-stream"


def _body(stream: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": {
        "type": "object", "properties": {"stream": stream, "q": {"type": "string"}}}}}}


def _events(schema: dict[str, Any], json_answer: str | None = None) -> dict[str, Any]:
    content: dict[str, Any] = {SSE: {"schema": schema}}
    if json_answer is not None:
        content["application/json"] = {"schema": {"$ref": f"#/components/schemas/{json_answer}"}}
    return {"200": {"description": "ok", "content": content}}


EVENT = {"$ref": "#/components/schemas/ConversationEvent"}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Envelopes", "version": "1"},
    "paths": {
        # JSON, or with `stream: true` events whose schema is the envelope `{data: Chunk}`
        "/chat": {"post": {"operationId": "chat", "tags": ["chat"],
                           "requestBody": _body({"type": "boolean", "default": False}),
                           "responses": _events({"$ref": "#/components/schemas/CompletionEvent"},
                                                json_answer="Chunk")}},
        # only events, the switch allowing only true (Mistral's `/v1/conversations#stream`)
        "/conversations": {"post": {"operationId": "start_stream", "tags": ["conversations"],
                                    "requestBody": _body({"type": "boolean", "enum": [True],
                                                          "default": True}),
                                    "responses": _events(EVENT)}},
        # only events, a plain boolean switch with no default
        "/conversations/{id}": {"post": {
            "operationId": "append_stream", "tags": ["conversations"],
            "parameters": [{"name": "id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "requestBody": _body({"type": "boolean"}), "responses": _events(EVENT)}},
    },
    "components": {"schemas": {
        "Chunk": {"type": "object", "required": ["id"], "properties": {
            "id": {"type": "string"}, "text": {"type": "string"}}},
        "CompletionEvent": {"type": "object", "required": ["data"],
                            "properties": {"data": {"$ref": "#/components/schemas/Chunk"}}},
        "ConversationEvent": {"type": "object", "required": ["event", "data"], "properties": {
            "event": {"type": "string"},
            "data": {"oneOf": [{"$ref": "#/components/schemas/Started"},
                               {"$ref": "#/components/schemas/Delta"}],
                     "discriminator": {"propertyName": "type"}}}},
        "Started": {"type": "object", "required": ["type", "conversation_id"], "properties": {
            "type": {"const": "started"}, "conversation_id": {"type": "string"}}},
        "Delta": {"type": "object", "required": ["type", "content"], "properties": {
            "type": {"const": "delta"}, "content": {"type": "string"}}},
    }},
}

COMPLETION = 'event: completion\ndata: {"id": "c1", "text": "Hi"}\n\ndata: [DONE]\n\n'
CONVERSATION = ('event: started\ndata: {"type": "started", "conversation_id": "k1"}\n\n'
                'event: delta\ndata: {"type": "delta", "content": "Hi"}\n\n')


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sse_envelope")
    spec = root / "envelopes.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return root / "out"


@pytest.fixture(scope="module")
def package(out: Path) -> ModuleType:
    return import_from(out, PACKAGE)


def _events_reply(body: str) -> Reply:
    return Reply(200, {"Content-Type": SSE}, body=body)


def _call(package: ModuleType, body: str, call: Any, *, use_async: bool) -> tuple[list[Any], Any]:
    """The chunks of the stream `call(client)` returns, and the request the server received;
    with `use_async`, through an `AsyncClient`."""
    with ScriptedServer([_events_reply(body)]) as server:
        if use_async:
            chunks, last = asyncio.run(_async_chunks(package, server.url, call))
        else:
            with package.Client(base_url=server.url, max_retries=0) as client:
                stream = call(client)
                chunks = [chunk for chunk in stream]
                last = stream.last_event
        (request,) = server.requests
    return [*chunks, last], request


async def _async_chunks(package: ModuleType, url: str, call: Any) -> tuple[list[Any], Any]:
    async with package.AsyncClient(base_url=url, max_retries=0) as client:
        stream = await call(client)
        return [chunk async for chunk in stream], stream.last_event


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_each_events_data_is_the_envelopes_data_property(package: ModuleType,
                                                         use_async: bool) -> None:
    """`CompletionEvent: {data: Chunk}`: the chunks are `Chunk`s, their fields set."""
    [chunk, last], request = _call(package, COMPLETION,
                                   lambda client: client.chat.chat(q="x", stream=True),
                                   use_async=use_async)
    assert isinstance(chunk, package.models.Chunk)
    assert (chunk.id, chunk.text) == ("c1", "Hi")
    assert last == "completion"  # the event's name stays reachable
    assert request.json() == {"q": "x", "stream": True}


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_a_conversation_event_is_its_datas_variant(package: ModuleType, use_async: bool) -> None:
    """`{event, data: oneOf [Started, Delta]}`: each event's data is its discriminated class."""
    [started, delta, last], _ = _call(
        package, CONVERSATION, lambda client: client.conversations.start_stream(q="x"),
        use_async=use_async)
    models = package.models
    assert isinstance(started, models.Started) and started.conversation_id == "k1"
    assert isinstance(delta, models.Delta) and delta.content == "Hi"
    assert last == "delta"


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("method", ["start_stream", "append_stream"])
def test_an_operation_answering_only_events_always_streams(package: ModuleType, method: str,
                                                           use_async: bool) -> None:
    """Without `stream=True` the method returns the stream (it returned None), asks for events
    and sends `stream: true` (a switch of `enum: [true]`, or a plain boolean: the operation
    answers nothing else)."""
    arguments = {"id": "k1"} if method == "append_stream" else {}
    chunks, request = _call(
        package, CONVERSATION,
        lambda client: getattr(client.conversations, method)(q="x", **arguments),
        use_async=use_async)
    assert [type(chunk).__name__ for chunk in chunks[:-1]] == ["Started", "Delta"]
    assert request.headers["accept"] == SSE
    assert request.json() == {"q": "x", "stream": True}


CALLS = """
from typing import assert_type

import {package}
from {package} import models


def calls(client: {package}.Client, aclient: {package}.AsyncClient) -> None:
    assert_type(client.conversations.start_stream(q="x"), {package}.Stream[models.Started | models.Delta])
    assert_type(client.conversations.append_stream(id="k", stream=True),
                {package}.Stream[models.Started | models.Delta])
    client.conversations.start_stream(stream=False)  # type: ignore[arg-type]
    assert_type(client.chat.chat(q="x"), models.Chunk)
    assert_type(client.chat.chat(q="x", stream=True), {package}.Stream[models.Chunk])


async def acalls(aclient: {package}.AsyncClient) -> None:
    assert_type(await aclient.conversations.start_stream(q="x"),
                {package}.AsyncStream[models.Started | models.Delta])
"""


def test_the_methods_are_typed_as_they_stream(out: Path) -> None:
    """mypy --strict: an operation answering only events returns the stream whatever its
    switch (`stream=False` is an error: the ignore is used), an envelope streams its data."""
    (out / "calls.py").write_text(CALLS.format(package=PACKAGE), encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", PACKAGE, "calls.py"],
        cwd=out, capture_output=True, text=True, timeout=600, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
