"""Multipart file parts the document spells unusually: a file inside a `oneOf`/`anyOf` (a file
or a text, a file or a link object, a file or null), and a required file property named "".

Before: a property whose file sat in a union's branch was no file property: its argument was
typed `bytes | str`, a `(filename, file)` tuple was refused and bytes went as a text part of no
filename. A required file named "" (a body of parts the caller names, `multipart_parts`) was
left out of the model's check, which then refused the call (`body: arguments: Field required`),
so no such file could be sent. Now a union with a file branch takes any file (`FileContent`),
sent as a file part with its filename, and its other branches' values as fields; the file
named "" is checked as present and sent with its filename. The sync and the async client each
call a scripted server on 127.0.0.1.
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
from tests.support.servers import Recorded, Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_multipart_file_unions"
FILE = {"type": "string", "format": "binary"}


def _post(operation_id: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"post": {"operationId": operation_id, "requestBody": {
        "required": True, "content": {"multipart/form-data": {"schema": schema}}},
        "responses": {"204": {"description": "ok"}}}}


DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Multipart unions", "version": "1"},
    "paths": {
        "/upload": _post("upload", {"type": "object", "required": ["file"], "properties": {
            "file": {"oneOf": [FILE, {"type": "string"}]},
            "source": {"oneOf": [FILE, {"type": "object", "properties": {
                "url": {"type": "string"}}}]},
            "blob": {"anyOf": [{"type": "string", "contentMediaType": "application/octet-stream"},
                               {"type": "null"}]},
            "attachment": FILE}}),
        "/nameless": _post("nameless", {"type": "object", "required": ["", "note"],
                                        "properties": {"": FILE, "note": {"type": "string"}}}),
    },
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("multipart_file_unions")
    spec = root / "unions.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _send(package: ModuleType, kind: str, method: str, **arguments: Any) -> Recorded:
    with ScriptedServer([Reply(204)]) as server:
        if kind == "sync":
            with package.Client(base_url=server.url, max_retries=0) as client:
                assert getattr(client.default, method)(**arguments) is None
        else:
            async def run() -> None:
                async with package.AsyncClient(base_url=server.url, max_retries=0) as client:
                    assert await getattr(client.default, method)(**arguments) is None
            asyncio.run(asyncio.wait_for(run(), 30))
        (request,) = server.requests
    return request


def _parts(request: Recorded) -> dict[str, tuple[str, bytes]]:
    """Each part of a multipart request by its name: its headers' text and its content."""
    boundary = request.headers["content-type"].split("boundary=", 1)[1].encode()
    parts = {}
    for chunk in request.body.split(b"--" + boundary)[1:-1]:
        head, _, content = chunk.strip(b"\r\n").partition(b"\r\n\r\n")
        parts[head.decode().split('name="', 1)[1].split('"', 1)[0]] = (head.decode(), content)
    return parts


def test_a_union_with_a_file_branch_takes_any_file(package: ModuleType) -> None:
    text = (Path(package.__file__).parent / "resources" / "default.py").read_text("utf-8")
    assert "        file: FileContent | str,\n" in text
    assert "        blob: FileContent | NotGiven = NOT_GIVEN,\n" in text


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_file_in_a_union_is_a_file_part(package: ModuleType, kind: str) -> None:
    parts = _parts(_send(package, kind, "upload", file=("photo.png", b"\x89PNG", "image/png"),
                         source=b"\xff\xd8", blob=b"raw"))
    assert parts["file"] == (('Content-Disposition: form-data; name="file"; filename="photo.png"'
                             "\r\nContent-Type: image/png"), b"\x89PNG")
    assert parts["source"][1] == b"\xff\xd8" and 'filename="upload"' in parts["source"][0]
    assert parts["blob"][1] == b"raw" and 'filename="upload"' in parts["blob"][0]


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_the_other_branches_are_fields(package: ModuleType, kind: str) -> None:
    parts = _parts(_send(package, kind, "upload", file="plain text", source={"url": "https://x"}))
    assert parts["file"] == ('Content-Disposition: form-data; name="file"', b"plain text")
    assert parts["source"] == (('Content-Disposition: form-data; name="source"\r\n'
                               "Content-Type: application/json"), b'{"url":"https://x"}')


def test_a_value_of_no_branch_is_refused(package: ModuleType) -> None:
    with ScriptedServer([Reply(204)]) as server, package.Client(
            base_url=server.url, max_retries=0) as client:
        with pytest.raises(package.RequestValidationError, match="file"):
            client.default.upload(file=12)
        assert server.requests == []


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_required_file_named_empty_keeps_its_filename(package: ModuleType, kind: str) -> None:
    parts = _parts(_send(package, kind, "nameless",
                         body={"": ("a.txt", b"AAA", "text/plain"), "note": "n"}))
    assert parts[""] == (('Content-Disposition: form-data; name=""; filename="a.txt"\r\n'
                         "Content-Type: text/plain"), b"AAA")
    assert parts["note"] == ('Content-Disposition: form-data; name="note"', b"n")


def test_a_missing_required_text_part_beside_a_file_is_refused(package: ModuleType) -> None:
    with ScriptedServer([Reply(204)]) as server, package.Client(
            base_url=server.url, max_retries=0) as client:
        with pytest.raises(package.RequestValidationError, match="note"):
            client.default.nameless(body={"": b"AAA"})
        assert server.requests == []


def test_a_missing_file_named_empty_is_named(package: ModuleType) -> None:
    with ScriptedServer([Reply(204)]) as server, package.Client(
            base_url=server.url, max_retries=0) as client:
        with pytest.raises(package.RequestValidationError) as refused:
            client.default.nameless(body={"note": "n"})
        assert server.requests == []
    assert str(refused.value) == 'body: "": Field required'  # it said `arguments`


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_plain_file_property_given_text_is_refused(package: ModuleType, kind: str) -> None:
    # only a union's other branches are fields: a `format: binary` property given text (which
    # its `FileContent` type does not take) was sent as a file of that text, so a path given as
    # a str uploaded the path; it is refused before sending
    with pytest.raises(package.RequestValidationError, match=r"^attachment: .*not a str"):
        _send(package, kind, "upload", file="t", attachment="as text")
