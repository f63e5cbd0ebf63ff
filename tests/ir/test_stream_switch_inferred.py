"""A body property named `stream` switches an operation to server-sent events, unless another
operation taking the same request body answers `text/event-stream` and this one does not:
Hugging Face TGI's `/chat_tokenize` takes `ChatRequest` (`stream` included) and answers JSON
only, where `/chat/completions` streams it, and got a `stream=True` overload returning a
stream. OpenAI's `/completions` declares no event stream, yet streams: its body is its own, so
it keeps the switch (a rule keyed on the document declaring streams anywhere took it away)."""

from __future__ import annotations

from typing import Any

import yaml

from generator import ir
from generator.ir.responses import QUIET_SWITCH_PROBLEM

DOC = """
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /chat_tokenize:
    post:
      operationId: tokenize
      requestBody:
        content:
          application/json: {schema: {$ref: '#/components/schemas/ChatRequest'}}
      responses:
        '200':
          description: ok
          content:
            application/json: {schema: {$ref: '#/components/schemas/Answer'}}
  /chat:
    post:
      operationId: chat
      requestBody:
        content:
          application/json: {schema: {$ref: '#/components/schemas/ChatRequest'}}
      responses:
        '200':
          description: events
          content:
            application/json: {schema: {$ref: '#/components/schemas/Answer'}}
            text/event-stream: {schema: {$ref: '#/components/schemas/Answer'}}
  /completions:
    post:
      operationId: complete
      requestBody:
        content:
          application/json: {schema: {$ref: '#/components/schemas/CompletionRequest'}}
      responses:
        '200':
          description: ok
          content:
            application/json: {schema: {$ref: '#/components/schemas/Answer'}}
components:
  schemas:
    Answer: {type: object, properties: {text: {type: string}}}
    ChatRequest: {type: object, properties: {stream: {type: boolean}, q: {type: string}}}
    CompletionRequest: {type: object, properties: {stream: {type: boolean}, p: {type: string}}}
"""
OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")


def _operation(document: dict[str, Any], name: str) -> Any:
    api = ir.build(document, OPTIONS)
    [built] = [op for resource in api.resources for op in resource.operations
               if op.name == name]
    return built


def test_a_body_a_streaming_operation_shares_is_no_switch_where_no_stream_is_answered() -> None:
    operation = _operation(yaml.safe_load(DOC), "tokenize")
    assert operation.stream_param is None and operation.stream_chunk is None
    assert "stream" in [p.wire_name for p in operation.params]
    [note] = [n for n in operation.ignored if n.problem == QUIET_SWITCH_PROBLEM]
    assert note.pointer == "/paths/~1chat_tokenize/post" and note.kind == "note"
    assert _operation(yaml.safe_load(DOC), "chat").stream_param == "stream"


def test_a_body_of_its_own_keeps_the_inferred_switch() -> None:
    """OpenAI's `/completions`: no event stream declared there, none sharing its body."""
    operation = _operation(yaml.safe_load(DOC), "complete")
    assert operation.stream_param == "stream" and operation.stream_chunk == "Answer"
    assert not [n for n in operation.ignored if n.problem == QUIET_SWITCH_PROBLEM]


def test_a_hint_still_names_the_switch() -> None:
    document = yaml.safe_load(DOC)
    document["paths"]["/chat_tokenize"]["post"]["x-codegen-stream"] = {"param": "stream"}
    assert _operation(document, "tokenize").stream_param == "stream"


def test_an_inline_body_keeps_its_switch() -> None:
    """Two inline bodies written alike are not one body: the switch stays (as it was)."""
    document = yaml.safe_load(DOC)
    inline = document["components"]["schemas"]["ChatRequest"]
    for path in ("/chat_tokenize", "/chat"):
        document["paths"][path]["post"]["requestBody"]["content"]["application/json"] = {
            "schema": dict(inline)}
    assert _operation(document, "tokenize").stream_param == "stream"
