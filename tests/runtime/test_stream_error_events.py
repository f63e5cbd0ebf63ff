"""Errors inside event streams, and error answers sent as event streams, as Hugging Face TGI's
document declares them, against a scripted server on 127.0.0.1, sync and async.

TGI's `POST /generate_stream` always streams (plain events, no `stream` switch), its chunks
`StreamResponse` (`index` and `token` required), and ends a failed generation with
`data:{"error": "...", "error_type": "generation"}`: the client yielded it as a
`StreamResponse(index=None, token=None)`, the error only in `model_extra`. An event that is no
chunk but is an error the operation declares (`ErrorResponse`, required `error` and
`error_type`) now raises `APIError`, its `parsed_body` the declared model.

TGI declares its 4xx/5xx answers as `text/event-stream` with schema `ErrorResponse`: a 424
raised `APIStatusError: Error code: 424 - data:{"error": ...}` with `parsed_body=None`. The
first event's data is now decoded into the declared error.
"""

from __future__ import annotations

import asyncio
import importlib
import json
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(300)

PACKAGE = "trial_stream_errors"
SSE = "text/event-stream"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _answers(chunk: str, error: str, error_media: str = SSE) -> dict[str, Any]:
    """A 200 event stream of `chunk`s and a 424 of `error` (TGI's errors are event streams)."""
    return {"200": {"description": "events", "content": {SSE: {"schema": _ref(chunk)}}},
            "424": {"description": "failed", "content": {error_media: {"schema": _ref(error)}}}}


def _body(properties: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": {
        "type": "object", "required": ["inputs"],
        "properties": {"inputs": {"type": "string"}, **properties}}}}}


def _post(operation_id: str, answers: dict[str, Any], **switch: Any) -> dict[str, Any]:
    return {"post": {"operationId": operation_id, "tags": ["tgi"],
                     "requestBody": _body(switch), "responses": answers}}


CHAT_REQUEST = {"required": True, "content": {"application/json": {"schema": _ref("ChatRequest")}}}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Stream errors", "version": "1"},
    "paths": {
        # TGI's: plain events (the operation always streams)
        "/generate_stream": _post("generate_stream", _answers("StreamResponse", "ErrorResponse")),
        # a chunk type with an `error` field of its own: such an event is a chunk
        "/logs": _post("logs", _answers("LogLine", "ErrorResponse")),
        # an error model of optional fields only: it cannot tell an error from a drifted chunk
        "/loose": _post("loose", _answers("StreamResponse", "Problem")),
        # TGI's `/chat_tokenize`: the chat request `/chat` streams, an answer in JSON only
        "/chat_tokenize": {"post": {"operationId": "chat_tokenize", "tags": ["tgi"],
                                    "requestBody": CHAT_REQUEST,
                                    "responses": {"200": {"description": "ok", "content": {
                                        "application/json": {"schema": _ref("LogLine")}}}}}},
        # OpenAI's convention (a `stream` switch, a JSON answer beside the events)
        "/chat": {"post": {"operationId": "chat", "tags": ["tgi"],
                           "requestBody": CHAT_REQUEST,
                           "responses": {
                               "200": {"description": "ok", "content": {
                                   "application/json": {"schema": _ref("StreamResponse")},
                                   SSE: {"schema": _ref("StreamResponse")}}},
                               "424": {"description": "failed", "content": {
                                   "application/json": {"schema": _ref("ErrorResponse")}}}}}},
    },
    "components": {"schemas": {
        "StreamResponse": {"type": "object", "required": ["index", "token"], "properties": {
            "index": {"type": "integer"},
            "token": {"type": "object", "properties": {"text": {"type": "string"}}},
            "generated_text": {"type": "string", "nullable": True}}},
        "ErrorResponse": {"type": "object", "required": ["error", "error_type"], "properties": {
            "error": {"type": "string"}, "error_type": {"type": "string"}}},
        "LogLine": {"type": "object", "required": ["line"], "properties": {
            "line": {"type": "string"}, "error": {"type": "string"},
            "error_type": {"type": "string"}}},
        "Problem": {"type": "object", "properties": {"detail": {"type": "string"}}},
        "ChatRequest": _body({"stream": {"type": "boolean"}})["content"]["application/json"][
            "schema"],
    }},
}

TOKEN = 'data:{"index":1,"token":{"text":"a"}}\n\n'
ERROR = {"error": "CUDA OOM", "error_type": "generation"}
ERROR_EVENT = f"data:{json.dumps(ERROR)}\n\n"


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("stream_errors")
    spec = root / "tgi.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _consume(package: ModuleType, reply: Reply, method: str, *, use_async: bool,
             strict: bool = False, **arguments: Any) -> tuple[list[Any], BaseException | None]:
    """The chunks `client.tgi.<method>(inputs="x", **arguments)` yields against `reply`, and
    what it raised (None when it ended cleanly)."""
    chunks: list[Any] = []
    with ScriptedServer([reply]) as server:
        options = {"base_url": server.url, "max_retries": 0, "strict_response_validation": strict}
        try:
            if use_async:
                asyncio.run(_async_consume(package, options, method, chunks, arguments))
            else:
                with package.Client(**options) as client:
                    # (`extend` keeps the chunks before an exception)
                    chunks.extend(getattr(client.tgi, method)(inputs="x", **arguments))
        except package.APIError as exc:
            return chunks, exc
    return chunks, None


async def _async_consume(package: ModuleType, options: dict[str, Any], method: str,
                         chunks: list[Any], arguments: dict[str, Any]) -> None:
    async with package.AsyncClient(**options) as client:
        async for chunk in await getattr(client.tgi, method)(inputs="x", **arguments):
            chunks.append(chunk)


def _events(body: str, status: int = 200) -> Reply:
    return Reply(status, {"Content-Type": SSE}, body=body)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_an_event_that_is_a_declared_error_raises(package: ModuleType, use_async: bool) -> None:
    """TGI's failed generation: the token before it is yielded, then `APIError` with the
    server's message, its body the `error` member (as openai-python's) and its `parsed_body`
    the declared `ErrorResponse`."""
    chunks, raised = _consume(package, _events(TOKEN + ERROR_EVENT), "generate_stream",
                              use_async=use_async)
    assert [chunk.index for chunk in chunks] == [1]
    assert type(raised) is package.APIError
    assert str(raised) == "Error in stream: CUDA OOM"
    assert raised.body == "CUDA OOM"
    parsed = raised.parsed_as(package.models.ErrorResponse)
    assert parsed is not None and parsed.error_type == "generation"
    assert raised.__cause__ is None and raised.__suppress_context__  # no validation error shown


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_an_error_event_of_a_status_raises_that_status(package: ModuleType,
                                                       use_async: bool) -> None:
    """An error the document declares that reports an HTTP-like status raises its class, as an
    `error` event in OpenAI's convention does."""
    event = f"data:{json.dumps({**ERROR, 'status': 429})}\n\n"
    _, raised = _consume(package, _events(event), "generate_stream", use_async=use_async)
    assert isinstance(raised, package.RateLimitError) and raised.status_code == 429
    assert isinstance(raised.parsed_body, package.models.ErrorResponse)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_a_chunk_with_an_error_field_of_its_own_stays_a_chunk(package: ModuleType,
                                                             use_async: bool) -> None:
    """`LogLine` has `error` and `error_type` fields: an event holding them validates as a
    chunk, which is yielded, though it would validate as `ErrorResponse` too."""
    event = f"data:{json.dumps({'line': 'disk full', **ERROR})}\n\n"
    chunks, raised = _consume(package, _events(event), "logs", use_async=use_async)
    assert raised is None
    assert [(chunk.line, chunk.error) for chunk in chunks] == [("disk full", "CUDA OOM")]


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_an_event_matching_no_declared_error_is_a_lenient_chunk(package: ModuleType,
                                                                use_async: bool) -> None:
    """No chunk, no declared error (an error model of optional fields only matches any object,
    so it is not looked for): as before, the chunk built leniently, the drift in its extra."""
    event = 'data:{"detail":"overloaded"}\n\n'
    for method in ("generate_stream", "loose"):
        chunks, raised = _consume(package, _events(TOKEN + event), method, use_async=use_async)
        assert raised is None
        assert chunks[1].index is None and chunks[1].model_extra == {"detail": "overloaded"}


def test_strict_validation_still_refuses_an_event_matching_no_declared_error(
        package: ModuleType) -> None:
    _, raised = _consume(package, _events('data:{"detail":"overloaded"}\n\n'), "generate_stream",
                         use_async=False, strict=True)
    assert isinstance(raised, package.APIResponseValidationError)


def test_strict_validation_raises_the_declared_error_not_a_mismatch(package: ModuleType) -> None:
    _, raised = _consume(package, _events(ERROR_EVENT), "generate_stream", use_async=False,
                         strict=True)
    assert type(raised) is package.APIError and str(raised) == "Error in stream: CUDA OOM"


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_openai_convention_error_events_carry_the_declared_model(package: ModuleType,
                                                                 use_async: bool) -> None:
    """A stream a `stream` switch turns on already raised on an `error` member; its
    `parsed_body` is now the declared error it is."""
    _, raised = _consume(package, _events(TOKEN + ERROR_EVENT + "data: [DONE]\n\n"), "chat",
                         use_async=use_async, stream=True)
    assert type(raised) is package.APIError and raised.body == "CUDA OOM"
    assert isinstance(raised.parsed_body, package.models.ErrorResponse)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_an_error_answer_sent_as_an_event_stream_is_decoded(package: ModuleType,
                                                            use_async: bool) -> None:
    """TGI's 424 `data:{"error": ...}`: the first event's data is the body, parsed into the
    declared `ErrorResponse`, the message the server's."""
    for body in (ERROR_EVENT, ERROR_EVENT.strip(), ": comment\n" + ERROR_EVENT + TOKEN):
        _, raised = _consume(package, _events(body, 424), "generate_stream",
                             use_async=use_async)
        assert isinstance(raised, package.APIStatusError) and raised.status_code == 424
        assert str(raised) == "Error code: 424 - CUDA OOM"
        assert raised.body == ERROR
        parsed = raised.parsed_as(package.models.ErrorResponse)
        assert parsed is not None and parsed.error == "CUDA OOM"


def test_an_event_stream_error_without_json_keeps_its_text(package: ModuleType) -> None:
    _, raised = _consume(package, _events("data: busy\n\n", 424), "generate_stream",
                         use_async=False)
    assert isinstance(raised, package.APIStatusError)
    assert raised.body == "data: busy\n\n" and raised.parsed_body is None


def test_a_json_error_sent_under_the_event_stream_type_is_decoded(package: ModuleType) -> None:
    """A server answering its error as plain JSON with the stream's `Content-Type` (no `data:`
    line): the whole body is the error, as it was before event-stream errors were read."""
    _, raised = _consume(package, _events(json.dumps(ERROR), 424), "generate_stream",
                         use_async=False)
    assert isinstance(raised, package.APIStatusError) and raised.body == ERROR
    assert str(raised) == "Error code: 424 - CUDA OOM"
    assert isinstance(raised.parsed_body, package.models.ErrorResponse)


def test_the_error_models_are_declared_for_event_stream_errors(package: ModuleType) -> None:
    """The generator reads a `text/event-stream` error's schema (it was no body at all)."""
    spec = importlib.import_module(f"{PACKAGE}.resources.tgi")._TGI_GENERATE_STREAM
    assert spec.errors == {"424": package.models.ErrorResponse}


def test_a_stream_property_of_an_operation_answering_json_only_is_sent_as_given(
        package: ModuleType) -> None:
    """TGI's `/chat_tokenize`: the chat request `/chat` streams, this operation answers JSON
    only, so `stream` is no switch: `stream=True` is sent, JSON asked for and its
    answer returned (it returned a `Stream`, asked for events, and iterating it gave the JSON
    answer as its only chunk)."""
    with ScriptedServer([Reply(200, body={"line": "3 tokens"})]) as server, \
            package.Client(base_url=server.url, max_retries=0) as client:
        answer = client.tgi.chat_tokenize(inputs="x", stream=True)
        (request,) = server.requests
    assert isinstance(answer, package.models.LogLine) and answer.line == "3 tokens"
    assert request.json() == {"inputs": "x", "stream": True}
    assert request.headers["accept"] == "application/json"
