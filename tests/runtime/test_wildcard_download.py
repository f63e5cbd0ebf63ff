"""A download documented as `*/*` with a file schema (springdoc's `ResponseEntity<Resource>`:
`content: {"*/*": {schema: {type: string, format: binary}}}`) is read as bytes.

`*/*` alone stands for JSON (`ir.media.media_kind`), and such a method was typed `-> bytes`
while its answer went through the JSON decoder: every real file (`application/octet-stream`,
`image/png`) raised `APIResponseValidationError`, and a JSON-looking one came back decoded.
The method now asks `Accept: */*` and returns the body's bytes whatever its Content-Type;
a `*/*` of JSON schema keeps being decoded. The sync and the async client each call a
scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_wildcard_download"
DOCUMENT = """\
openapi: 3.0.3
info: {title: Files, version: "1"}
paths:
  /files/{id}:
    get:
      operationId: download
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        "200":
          description: the file
          content:
            "*/*":
              schema: {type: string, format: binary}
  /meta:
    get:
      operationId: meta
      responses:
        "200":
          description: JSON under */*
          content:
            "*/*":
              schema: {type: object, properties: {size: {type: integer}}}
"""


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("wildcard")
    spec = root / "files.yaml"
    spec.write_text(DOCUMENT, encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def call(package: ModuleType, kind: str, url: str, method: str, **arguments: Any) -> Any:
    if kind == "sync":
        with package.Client(base_url=url, max_retries=0) as client:
            return getattr(client.default, method)(**arguments)

    async def run() -> Any:
        async with package.AsyncClient(base_url=url, max_retries=0) as client:
            return await getattr(client.default, method)(**arguments)

    return asyncio.run(run())


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize("content_type, body", [
    ("application/octet-stream", b"\x00\x01\xff"),
    ("image/png", b"\x89PNG\r\n"),
    ("application/json", b'"not decoded"'),
])
def test_a_wildcard_file_answer_is_its_bytes(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str,
    content_type: str, body: bytes
) -> None:
    server = serve([Reply(200, {"Content-Type": content_type}, body)])
    assert call(package, kind, server.url, "download", id="f1") == body
    [request] = server.requests
    assert request.target == "/files/f1"
    assert request.headers["accept"] == "*/*"


def test_the_method_is_typed_bytes_and_makes_no_model(package: ModuleType) -> None:
    source = Path(package.__file__).with_name("resources") / "default.py"
    text = source.read_text(encoding="utf-8")
    assert 'success={"200": bytes}' in text
    assert not hasattr(package.models, "DownloadResponse")


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_wildcard_json_answer_is_still_decoded(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([Reply(200, {"Content-Type": "application/json"}, {"size": 3})])
    meta = call(package, kind, server.url, "meta")
    assert type(meta) is package.models.MetaResponse and meta.size == 3
