"""A JSON request body holding `format: binary` properties: typed `bytes`, as before.

JSON holds text, and `format: binary` has no JSON form (OpenAPI 3.0 gives it none; 3.1 says
binary in JSON is `contentEncoding: base64`). pydantic writes `bytes` in JSON as UTF-8 text, so
bytes that are text go as that text; other bytes (a PNG) made its serializer raise a raw
`UnicodeDecodeError` from inside the runtime. Now such a call raises `RequestValidationError`
naming the argument (and where inside it), before anything is sent: encoding the bytes
(base64?) is a guess about the server only the caller can make. The sync and the async client
each call a scripted server on 127.0.0.1.
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

PACKAGE = "trial_binary_in_json"
BINARY = {"type": "string", "format": "binary"}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Binary in JSON", "version": "1"},
    "paths": {"/o": {"post": {
        "operationId": "upload",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "properties": {
                "fileData": BINARY,
                "parts": {"type": "array", "items": {
                    "type": "object", "properties": {"blob": BINARY}}}}}}}},
        "responses": {"204": {"description": "ok"}}}}},
}
PNG = b"\x89PNG\r\n\x1a\n\x00\xff"


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("binary_in_json")
    spec = root / "binary.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _upload(package: ModuleType, kind: str, url: str, **given: Any) -> Any:
    if kind == "sync":
        with package.Client(base_url=url, api_key="k", max_retries=0) as client:
            return client.default.upload(**given)

    async def run() -> Any:
        async with package.AsyncClient(base_url=url, api_key="k", max_retries=0) as client:
            return await client.default.upload(**given)

    return asyncio.run(asyncio.wait_for(run(), 30))


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize(("given", "named"), [
    ({"file_data": PNG}, "file_data: "),
    ({"parts": [{"blob": b"text"}, {"blob": PNG}]}, "parts[1].blob: "),
], ids=["argument", "inside"])
def test_bytes_that_are_not_text_are_refused_naming_where(
        package: ModuleType, kind: str, given: dict[str, Any], named: str) -> None:
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        with pytest.raises(package.RequestValidationError) as refused:
            _upload(package, kind, server.url, **given)
        assert server.requests == []
    message = str(refused.value)
    assert message.startswith(named), message
    assert "not UTF-8" in message and "nothing was sent" in message


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_bytes_that_are_text_are_sent_as_that_text(package: ModuleType, kind: str) -> None:
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        assert _upload(package, kind, server.url, file_data="é".encode(),
                       parts=[{"blob": b"a"}]) is None
        (request,) = server.requests
    assert json.loads(request.body) == {"fileData": "é", "parts": [{"blob": "a"}]}
