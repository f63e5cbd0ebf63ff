"""A multipart body's parts go in the document's order, text parts first (Box's upload).

Box's `POST /files/content` lists `attributes` (an object, sent as JSON) before `file`, and
answers 400 `metadata_after_file_contents` when the file comes first. The file parts went
before every JSON part, and among themselves in alphabetical order: now the file and JSON
parts follow the document's properties, after the text parts (which servers that want the
file last, as S3's POST form does, also get). The sync and the async client each call a
scripted server on 127.0.0.1. A body of parts the caller names (rclone's `schema: {}`) keeps
the caller's order (its files were sorted by name).
"""

from __future__ import annotations

import asyncio
import json
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_multipart_order"
BINARY = {"type": "string", "format": "binary"}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Uploads", "version": "1"},
    "paths": {"/files/content": {"post": {
        "operationId": "upload",
        "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
            "type": "object", "required": ["attributes", "file"],
            "properties": {
                "attributes": {"type": "object", "properties": {"name": {"type": "string"}}},
                "file": BINARY,
                "content_md5": {"type": "string"},
                "a_thumbnail": BINARY,
            }}}}},
        "responses": {"204": {"description": "ok"}}}},
        "/archive": {"post": {
            "operationId": "archive",
            "requestBody": {"content": {"multipart/form-data": {"schema": {}}}},
            "responses": {"204": {"description": "ok"}}}}},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("multipart_order")
    spec = root / "uploads.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _names(body: bytes, content_type: str) -> list[str]:
    boundary = content_type.split("boundary=", 1)[1].encode()
    return [chunk.split(b'name="', 1)[1].split(b'"', 1)[0].decode()
            for chunk in body.split(b"--" + boundary)[1:-1]]


def _sent(package: ModuleType, kind: str, method: str, **arguments: Any) -> list[str]:
    """The part names of the body `method` sent, in their order."""
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        if kind == "sync":
            with package.Client(base_url=server.url, max_retries=0) as client:
                getattr(client.default, method)(**arguments)
        else:
            async def run() -> None:
                async with package.AsyncClient(base_url=server.url, max_retries=0) as client:
                    await getattr(client.default, method)(**arguments)
            asyncio.run(run())
        (request,) = server.requests
    return _names(request.body, request.headers["content-type"])


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_parts_go_in_the_documents_order_after_the_text_parts(package: ModuleType,
                                                              kind: str) -> None:
    assert _sent(package, kind, "upload", attributes={"name": "Photo.png"}, file=b"\x89PNG",
                 content_md5="abc", a_thumbnail=("t.png", b"png", "image/png")) == [
        "content_md5", "attributes", "file", "a_thumbnail"]


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_parts_the_caller_names_go_in_the_callers_order(package: ModuleType, kind: str) -> None:
    assert _sent(package, kind, "archive", body={
        "zz": b"1", "note": "text", "meta": {"k": 1}, "aa": ("a.txt", b"2")}) == [
        "note", "zz", "meta", "aa"]
