"""A form or multipart body the document gives no properties (`schema: {}`, `{type: object}`,
a map of files: rclone's `/operations/uploadfile`), called as a user would.

Such a body is one argument, `body`. Before: left out where the document makes it optional, the
call died in an `AttributeError` (`'NotGiven' object has no attribute 'items'`); a mapping's
bytes went as text parts of no filename (a JPEG's raised `UnicodeDecodeError`), an open file
or a `(filename, content, type)` tuple was refused by a map-of-files schema's `bytes` type or
exploded into three text parts, so no file could be uploaded; a body that is no mapping raised
an `AttributeError`. Now a file value is a file part (a filename, `application/octet-stream`
or the type given), the others text or JSON parts, no body at all where none is given, and a
body that is no mapping a `RequestValidationError`. The sync and the async client each call a
scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import io
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

PACKAGE = "trial_free_form_multipart"

def _post(operation_id: str, media_type: str, schema: dict[str, Any], required: bool
          ) -> dict[str, Any]:
    return {"post": {"operationId": operation_id, "requestBody": {
        "required": required, "content": {media_type: {"schema": schema}}},
        "responses": {"204": {"description": "ok"}}}}

DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Free-form parts", "version": "1"},
    "paths": {
        "/upload": _post("upload", "multipart/form-data", {}, False),
        "/files": _post("files", "multipart/form-data", {
            "type": "object", "additionalProperties": {"type": "string", "format": "binary"}}, True),
        "/form": _post("form", "application/x-www-form-urlencoded", {"type": "object"}, False),
    },
}

@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("free_form_multipart")
    spec = root / "free.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)

def call(package: ModuleType, kind: str, url: str, method: str, **arguments: Any) -> Any:
    if kind == "sync":
        with package.Client(base_url=url, max_retries=0) as sync:
            return getattr(sync.default, method)(**arguments)

    async def run() -> Any:
        async with package.AsyncClient(base_url=url, max_retries=0) as session:
            return await getattr(session.default, method)(**arguments)

    return asyncio.run(run())

def _parts(body: bytes, content_type: str) -> list[tuple[str, bytes]]:
    """Each part of a multipart body: its headers' text and its content."""
    boundary = content_type.split("boundary=", 1)[1].encode()
    parts = []
    for chunk in body.split(b"--" + boundary)[1:-1]:
        head, _, content = chunk.strip(b"\r\n").partition(b"\r\n\r\n")
        parts.append((head.decode(), content))
    return parts

def test_the_method_takes_a_mapping_of_parts(package: ModuleType) -> None:
    text = (Path(package.__file__).parent / "resources" / "default.py").read_text("utf-8")
    assert text.count("body: Mapping[str, object] | NotGiven = NOT_GIVEN,") == 4  # upload, form
    assert text.count("        body: Mapping[str, object],\n") == 2  # files (a map of bytes)
    assert "_ops.multipart_parts(_models.FilesBody, body)" in text

@pytest.mark.parametrize("kind", ["sync", "async"])
def test_files_of_a_free_form_multipart_body_are_file_parts(
        package: ModuleType, kind: str, tmp_path: Path) -> None:
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0 jpeg")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        assert call(package, kind, server.url, "upload", body={
            "raw": b"\xff\xd8\xff", "opened": io.BytesIO(b"opened"),
            "named": ("a.png", b"png", "image/png"), "path": photo,
            "several": [b"one", b"two"], "note": "text", "meta": {"k": 1}}) is None
        assert call(package, kind, server.url, "files", body={
            "f": io.BytesIO(b"x"), "g": ("g.txt", b"g")}) is None
        upload, files = server.requests
    parts = _parts(upload.body, upload.headers["content-type"])
    by_name: dict[str, list[tuple[str, bytes]]] = {}
    for head, content in parts:
        name = head.split('name="', 1)[1].split('"', 1)[0]
        by_name.setdefault(name, []).append((head, content))
    assert by_name["raw"] == [(
        'Content-Disposition: form-data; name="raw"; filename="upload"\r\n'
        + "Content-Type: application/octet-stream", b"\xff\xd8\xff")]
    assert by_name["opened"][0][1] == b"opened" and 'filename="' in by_name["opened"][0][0]
    assert by_name["named"] == [(
        'Content-Disposition: form-data; name="named"; filename="a.png"\r\n'
        + "Content-Type: image/png", b"png")]
    assert 'filename="photo.jpg"' in by_name["path"][0][0]
    assert by_name["path"][0][1] == b"\xff\xd8\xff\xe0 jpeg"
    assert [content for _, content in by_name["several"]] == [b"one", b"two"]
    assert all('filename="' in head for head, _ in by_name["several"])
    assert by_name["note"] == [('Content-Disposition: form-data; name="note"', b"text")]
    assert by_name["meta"] == [('Content-Disposition: form-data; name="meta"\r\n'
                                + "Content-Type: application/json", b'{"k":1}')]
    sent = {head.split('name="', 1)[1].split('"', 1)[0]: (head, content)
            for head, content in _parts(files.body, files.headers["content-type"])}
    assert sent["f"][1] == b"x" and 'filename="upload"' in sent["f"][0]
    assert sent["g"][1] == b"g" and 'filename="g.txt"' in sent["g"][0]

@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize("method", ["upload", "form"])
def test_an_optional_body_left_out_sends_none(package: ModuleType, kind: str, method: str) -> None:
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        assert call(package, kind, server.url, method) is None
        (request,) = server.requests
    assert request.body == b""
    assert "content-type" not in request.headers

@pytest.mark.parametrize("content", [bytearray(b"ab"), memoryview(b"ab")])
def test_a_bytearray_or_memoryview_is_a_file_part(package: ModuleType, content: object) -> None:
    # the HTTP library sends bytes as they are and reads anything else (`.read()`): these
    # raised AttributeError once taken for files
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        assert call(package, "sync", server.url, "upload", body={"f": content}) is None
        (request,) = server.requests
    assert _parts(request.body, request.headers["content-type"]) == [(
        'Content-Disposition: form-data; name="f"; filename="upload"\r\n'
        + "Content-Type: application/octet-stream", b"ab")]


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_extra_body_without_the_body_is_sent_as_parts(package: ModuleType, kind: str) -> None:
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        assert call(package, kind, server.url, "upload", extra_body={"note": "n"}) is None
        (request,) = server.requests
    assert request.headers["content-type"].startswith("multipart/form-data; boundary=")
    assert _parts(request.body, request.headers["content-type"]) == [
        ('Content-Disposition: form-data; name="note"', b"n")]


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize("body", [None, b"raw", ["x"]])
def test_a_body_that_is_no_mapping_is_refused_before_sending(
        package: ModuleType, kind: str, body: object) -> None:
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        with pytest.raises(package.RequestValidationError,
                           match=r"^body: a multipart body is a mapping of field names"):
            call(package, kind, server.url, "upload", body=body)
        assert server.requests == []

def test_a_form_body_is_still_its_fields(package: ModuleType) -> None:
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        assert call(package, "sync", server.url, "form", body={"a": 1, "b": "x y"}) is None
        (request,) = server.requests
    assert request.headers["content-type"] == "application/x-www-form-urlencoded"
    assert request.body == b"a=1&b=x+y"
