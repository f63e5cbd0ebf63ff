"""A 3.1 multipart property `{type: string, contentEncoding: binary}` is a file (Discord).

Discord's uploads (`create_guild_sticker`'s `file`, `create_message`'s `files[0]`...) mark
their files with `contentEncoding: binary` (raw octets), not `format: binary`: the argument was
`file: str`, so bytes were refused before sending and a text went as a text part, no file.
Now it is `FileContent`, sent as a file part; `contentEncoding: base64` stays a text. The sync
and the async client each call a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_content_encoding_binary"
DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Stickers", "version": "1"},
    "paths": {"/stickers": {"post": {
        "operationId": "createSticker",
        "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
            "type": "object", "required": ["name", "file"],
            "properties": {
                "name": {"type": "string"},
                "file": {"type": "string", "contentEncoding": "binary"},
                "preview": {"type": "string", "contentEncoding": "base64"},
            }}}}},
        "responses": {"204": {"description": "ok"}}}}},
}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, Path]:
    root = tmp_path_factory.mktemp("content_encoding_binary")
    spec = root / "stickers.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE), root / "out" / PACKAGE


def test_the_argument_is_a_file(generated: tuple[ModuleType, Path]) -> None:
    text = (generated[1] / "resources" / "default.py").read_text("utf-8")
    assert "        file: FileContent,\n" in text
    assert "        preview: str | NotGiven = NOT_GIVEN,\n" in text


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_bytes_go_as_a_file_part(generated: tuple[ModuleType, Path], kind: str) -> None:
    package = generated[0]
    arguments = {"name": "wave", "file": ("wave.png", b"\x89PNG\x00", "image/png")}
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        if kind == "sync":
            with package.Client(base_url=server.url, max_retries=0) as client:
                client.default.create_sticker(**arguments)
        else:
            async def run() -> None:
                async with package.AsyncClient(base_url=server.url, max_retries=0) as client:
                    await client.default.create_sticker(**arguments)
            asyncio.run(run())
        (request,) = server.requests
    assert (b'Content-Disposition: form-data; name="file"; filename="wave.png"\r\n'
            b"Content-Type: image/png\r\n\r\n\x89PNG\x00\r\n") in request.body
