"""A `text/event-stream` schema of the whole event (`{event, data}`: Speakeasy's documents,
Mistral's, OpenAPI 3.2's `itemSchema`) streams its `data`, named by a note; a stream switch that
allows one value decides whether the operation streams at all."""

from __future__ import annotations

from typing import Any

import pytest

from generator import ir
from generator.ir.model import Operation
from generator.problems import NOTE

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
CHUNK = {"$ref": "#/components/schemas/Chunk"}


def _document(events: dict[str, Any], *, stream: dict[str, Any] | None = None,
              json_answer: bool = False, operations: int = 1,
              hint: dict[str, Any] | None = None) -> dict[str, Any]:
    content: dict[str, Any] = {"text/event-stream": events}
    if json_answer:
        content["application/json"] = {"schema": CHUNK}
    operation: dict[str, Any] = {"responses": {"200": {"description": "ok", "content": content}}}
    if stream is not None:
        operation["requestBody"] = {"content": {"application/json": {"schema": {
            "type": "object", "properties": {"stream": stream}}}}}
    if hint is not None:
        operation["x-codegen-stream"] = hint
    return {
        "openapi": "3.1.0", "info": {"title": "t", "version": "1"},
        "paths": {f"/events{n}": {"post": {**operation, "operationId": f"events{n}"}}
                  for n in range(operations)},
        "components": {"schemas": {
            "Chunk": {"type": "object", "properties": {"id": {"type": "string"}}},
            "Envelope": {"type": "object", "properties": {
                "event": {"type": "string"},
                "data": {"oneOf": [CHUNK, {"type": "string"}]}}},
        }},
    }


def _operations(document: dict[str, Any]) -> list[Operation]:
    api = ir.build(document, OPTIONS)
    return [op for resource in api.resources for op in resource.operations]


def _operation(events: dict[str, Any], **options: Any) -> Operation:
    [operation] = _operations(_document(events, **options))
    return operation


def _notes(operation: Operation) -> list[str]:
    return [f"{note.problem} -> {note.action}" for note in operation.ignored if note.kind == NOTE]


@pytest.mark.parametrize("envelope", [
    {"type": "object", "required": ["data"], "properties": {"data": CHUNK}},  # CompletionEvent
    {"properties": {"event": {"type": "string"}, "data": CHUNK, "id": {"type": "string"},
                    "retry": {"type": "integer"}}},
    {"allOf": [{"type": "object", "properties": {"event": {"type": "string"}}},
               {"type": "object", "properties": {"data": CHUNK}}]},
])
@pytest.mark.parametrize("where", ["schema", "itemSchema"])
def test_an_envelope_streams_its_data_and_says_so(envelope: dict[str, Any], where: str) -> None:
    operation = _operation({where: envelope})
    assert operation.stream_chunk == "Chunk"
    [note] = _notes(operation)
    assert "describes the whole event" in note and "`Chunk`" in note and "last_event" in note


def test_a_string_data_holding_json_streams_its_content_schema() -> None:
    """OpenAPI 3.2's example: `data: {type: string, contentMediaType: application/json,
    contentSchema: ...}`."""
    data = {"type": "string", "contentMediaType": "application/json", "contentSchema": CHUNK}
    operation = _operation({"itemSchema": {"type": "object", "properties": {"data": data}}})
    assert operation.stream_chunk == "Chunk"


@pytest.mark.parametrize("schema", [
    CHUNK,  # the data's own schema
    {"type": "object", "properties": {"data": CHUNK, "kind": {"type": "string"}}},  # not a field
    {"type": "object", "properties": {"event": {"type": "string"}}},  # no `data`
])
def test_a_schema_of_the_data_is_the_chunk(schema: dict[str, Any]) -> None:
    operation = _operation({"schema": schema})
    assert operation.stream_chunk == ("Chunk" if schema is CHUNK else "StreamChunk")
    assert not _notes(operation)


def test_the_hint_names_the_chunk_over_the_envelope() -> None:
    envelope = {"type": "object", "properties": {"data": CHUNK}}
    operation = _operation({"schema": envelope},
                           hint={"chunk": "#/components/schemas/Envelope"})
    assert operation.stream_chunk == "Envelope"
    assert not _notes(operation)


def test_a_components_inline_data_is_one_class_for_every_stream() -> None:
    """Mistral's three conversation streams answer `ConversationEvents`, whose `data` is an
    inline union: one class (`EnvelopeData`), not one per operation."""
    chunks = {op.stream_chunk for op in _operations(_document(
        {"schema": {"$ref": "#/components/schemas/Envelope"}}, operations=3))}
    assert chunks == {"EnvelopeData"}


@pytest.mark.parametrize(("stream", "json_answer", "always"), [
    ({"type": "boolean"}, True, False),  # OpenAI's switch: JSON, or events with stream=True
    ({"type": "boolean"}, False, True),  # the operation answers nothing but events
    ({"type": "boolean", "enum": [True], "default": True}, True, True),
    ({"type": "boolean", "const": True}, False, True),
    ({"type": "integer", "enum": [1]}, True, False),  # no boolean: 1 is not true here
])
def test_a_switch_is_always_on_when_nothing_else_is_answered(
        stream: dict[str, Any], json_answer: bool, always: bool) -> None:
    operation = _operation({"schema": CHUNK}, stream=stream, json_answer=json_answer)
    assert (operation.stream_param, operation.stream_only) == ("stream", always)
    [switch] = [p for p in operation.params if p.name == "stream"]
    assert switch.only_value == ((True,) if always else ())  # sent true when left out


def test_a_switch_allowing_only_false_never_streams() -> None:
    """Mistral's `/v1/audio/transcriptions` (`stream: {const: false}`): no `stream=True`."""
    operation = _operation({"schema": CHUNK}, stream={"type": "boolean", "const": False},
                           json_answer=True)
    assert (operation.stream_param, operation.stream_chunk) == (None, None)
