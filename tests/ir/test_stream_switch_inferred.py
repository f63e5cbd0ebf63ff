"""A body property named `stream` switches an operation to server-sent events unless the
document says which operations stream and this one is none of them: Hugging Face TGI's
`/chat_tokenize` takes a chat request (`stream` included) and answers JSON only, beside
operations answering `text/event-stream`, and got a `stream=True` overload returning a stream."""

from __future__ import annotations

from typing import Any

import yaml

from generator import ir

DOC = """
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /tokenize:
    post:
      operationId: tokenize
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {stream: {type: boolean}, q: {type: string}}}
      responses:
        '200':
          description: ok
          content:
            application/json: {schema: {$ref: '#/components/schemas/Answer'}}
  /generate_stream:
    post:
      operationId: generate_stream
      responses:
        '200':
          description: events
          content:
            text/event-stream: {schema: {$ref: '#/components/schemas/Answer'}}
components:
  schemas:
    Answer: {type: object, properties: {text: {type: string}}}
"""
OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")


def _tokenize(document: dict[str, Any]) -> Any:
    api = ir.build(document, OPTIONS)
    [built] = [op for resource in api.resources for op in resource.operations
               if op.name == "tokenize"]
    return built


def test_a_document_declaring_its_streams_is_taken_at_its_word() -> None:
    """The document answers `text/event-stream` elsewhere: `stream` is a body argument."""
    operation = _tokenize(yaml.safe_load(DOC))
    assert operation.stream_param is None and operation.stream_chunk is None
    assert "stream" in [p.wire_name for p in operation.params]


def test_a_document_declaring_no_stream_keeps_the_inferred_switch() -> None:
    """No operation declares events (the OpenAI-compatible documents leave them out): the
    OpenAI convention still makes `stream` the switch."""
    document = yaml.safe_load(DOC)
    del document["paths"]["/generate_stream"]
    operation = _tokenize(document)
    assert operation.stream_param == "stream" and operation.stream_chunk == "Answer"


def test_a_hint_still_names_the_switch() -> None:
    document = yaml.safe_load(DOC)
    document["paths"]["/tokenize"]["post"]["x-codegen-stream"] = {"param": "stream"}
    assert _tokenize(document).stream_param == "stream"


def test_an_operation_answering_events_keeps_its_switch() -> None:
    document = yaml.safe_load(DOC)
    document["paths"]["/tokenize"]["post"]["responses"]["200"]["content"][
        "text/event-stream"] = {"schema": {"$ref": "#/components/schemas/Answer"}}
    assert _tokenize(document).stream_param == "stream"
