"""`x-codegen-stream.chunk` names the schema stream chunks parse into, written as a reference
string or as a Reference Object (`{$ref: ...}`): both forms mean the same class."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from generator import ir

DOC = """
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /complete:
    post:
      operationId: complete
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties: {stream: {type: boolean}}
      responses:
        '200':
          description: ok
          content:
            application/json: {schema: {$ref: '#/components/schemas/Answer'}}
components:
  schemas:
    Answer: {type: object, required: [usage], properties: {usage: {type: integer}}}
    Chunk: {type: object, properties: {usage: {type: integer, nullable: true}}}
"""
OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")


def _chunk(hint: Any) -> Any:
    document = yaml.safe_load(DOC)
    if hint is not None:
        document["paths"]["/complete"]["post"]["x-codegen-stream"] = hint
    api = ir.build(document, OPTIONS)
    [operation] = [op for resource in api.resources for op in resource.operations]
    return operation.stream_chunk


@pytest.mark.parametrize("chunk", ["#/components/schemas/Chunk",
                                   {"$ref": "#/components/schemas/Chunk"}])
def test_either_form_names_the_chunk_schema(chunk: Any) -> None:
    assert _chunk({"param": "stream", "chunk": chunk}) == "Chunk"


def test_without_chunk_the_answer_is_the_chunk() -> None:
    assert _chunk(None) == "Answer"


def _operation(hint: Any, *, switched: bool = True) -> Any:
    document = yaml.safe_load(DOC)
    operation = document["paths"]["/complete"]["post"]
    if not switched:  # a subscription: always answers with events, nothing switches them
        del operation["requestBody"]
        operation["responses"]["200"]["content"] = {
            "text/event-stream": {"schema": {"$ref": "#/components/schemas/Chunk"}}}
    if hint is not None:
        operation["x-codegen-stream"] = hint
    api = ir.build(document, OPTIONS)
    [built] = [op for resource in api.resources for op in resource.operations]
    return built


@pytest.mark.parametrize(("switched", "hint", "plain"), [
    (True, None, False),  # `stream: true`: OpenAI's convention ([DONE], `error` events)
    (False, None, True),  # always streaming: plain events
    (True, {"events": "plain"}, True),
    (False, {"events": "openai"}, False),
    (False, {"events": "something else"}, True),  # not a choice: the rule decides
])
def test_a_stream_has_plain_events_unless_switched_or_told(switched: bool, hint: Any,
                                                           plain: bool) -> None:
    operation = _operation(hint, switched=switched)
    assert operation.stream_chunk == ("Answer" if switched else "Chunk")
    assert operation.plain_events is plain


def test_an_operation_that_does_not_stream_has_no_event_convention() -> None:
    document = yaml.safe_load(DOC)
    del document["paths"]["/complete"]["post"]["requestBody"]
    api = ir.build(document, OPTIONS)
    [operation] = [op for resource in api.resources for op in resource.operations]
    assert operation.stream_chunk is None and operation.plain_events is False


def test_an_events_value_that_is_no_choice_is_reported(tmp_path: Any) -> None:
    """`events: sometimes` is not read (the rule decides), and said so, as every other hint
    of the wrong kind is (`hint-invalid`, where it is written)."""
    from generator.document.loading import load
    from generator.validate.rules import check_codegen_hints

    document = yaml.safe_load(DOC)
    document["paths"]["/complete"]["post"]["x-codegen-stream"] = {"events": "sometimes"}
    path = tmp_path / "doc.yaml"
    path.write_text(yaml.safe_dump(document), encoding="utf-8")
    [problem] = check_codegen_hints(load(path))
    assert (problem.code, problem.pointer) == (
        "hint-invalid", "/paths/~1complete/post/x-codegen-stream/events")
    assert problem.message == "`events` must be openai or plain (got 'sometimes')"
