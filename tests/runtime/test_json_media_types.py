"""A JSON request body the document gives in a media type of its own is sent with that
`Content-Type` (`render.operations._json_content_type`, the runtime's `content_type` option).

Kubernetes takes a PATCH only as `application/merge-patch+json`, `application/json-patch+json`
or its strategic merge patch, and a JSON:API server answers 415 to anything but
`application/vnd.api+json`: sent as `application/json`, as it was, every such call failed.
`application/json` (with or without parameters) and `*/*` are still sent as
`application/json`; an optional body left out sends no Content-Type (unless `extra_body`
makes one). The sync and the async client each call a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_json_media_types"
ITEM = {"type": "object", "properties": {"name": {"type": "string", "nullable": True}}}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Patches", "version": "1"},
    "paths": {
        path: {"patch": {
            "operationId": operation_id,
            "requestBody": {"required": required, "content": {media_type: {"schema": schema}}},
            "responses": {"204": {"description": "ok"}},
        }}
        for path, operation_id, media_type, schema, required in [
            ("/merge", "merge", "application/merge-patch+json", ITEM, False),
            ("/ops", "ops", "application/json-patch+json",
             {"type": "array", "items": {"type": "object"}}, True),
            ("/jsonapi", "jsonapi", "application/vnd.api+json", ITEM, True),
            ("/plain", "plain", "application/json; charset=utf-8", ITEM, True),
            ("/any", "anything", "*/*", ITEM, True),
        ]
    },
}
# Swashbuckle (ASP.NET Core) lists these for every JSON body; `application/*+json` sorts first
DOCUMENT["paths"]["/swashbuckle"] = {"post": {
    "operationId": "swashbuckle",
    "requestBody": {"required": True, "content": {
        media_type: {"schema": ITEM} for media_type in
        ["application/json-patch+json", "application/json", "text/json", "application/*+json"]}},
    "responses": {"204": {"description": "ok"}},
}}

# Kubernetes' PATCH: a JSON Patch (a list of operations) sorts first, its bodies are objects
DOCUMENT["paths"]["/deployments"] = {"patch": {
    "operationId": "patch_deployment",
    "requestBody": {"required": True, "content": {
        media_type: {"schema": ITEM} for media_type in
        ["application/apply-patch+yaml", "application/json-patch+json",
         "application/merge-patch+json", "application/strategic-merge-patch+json"]}},
    "responses": {"204": {"description": "ok"}},
}}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("json_media")
    spec = root / "patches.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
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
@pytest.mark.parametrize("method, arguments, sent, content_type", [
    ("merge", {"name": None}, {"name": None}, "application/merge-patch+json"),
    ("ops", {"body": [{"op": "remove", "path": "/a"}]}, [{"op": "remove", "path": "/a"}],
     "application/json-patch+json"),
    ("jsonapi", {"name": "n"}, {"name": "n"}, "application/vnd.api+json"),
    ("plain", {"name": "n"}, {"name": "n"}, "application/json"),
    ("anything", {"name": "n"}, {"name": "n"}, "application/json"),
    ("swashbuckle", {"name": "n"}, {"name": "n"}, "application/json"),
    ("patch_deployment", {"name": "n"}, {"name": "n"}, "application/merge-patch+json"),
    ("merge", {"extra_body": {"k": 1}}, {"k": 1}, "application/merge-patch+json"),
])
def test_a_json_body_is_sent_as_its_documented_media_type(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str, method: str,
    arguments: dict[str, Any], sent: Any, content_type: str
) -> None:
    server = serve([Reply(204)])
    assert call(package, kind, server.url, method, **arguments) is None
    [request] = server.requests
    assert request.headers["content-type"] == content_type
    assert request.json() == sent


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_an_optional_body_left_out_sends_no_content_type(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([Reply(204)])
    call(package, kind, server.url, "merge")
    [request] = server.requests
    assert request.body == b"" and "content-type" not in request.headers


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_extra_headers_still_win(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([Reply(204)])
    call(package, kind, server.url, "merge", name="n",
         extra_headers={"Content-Type": "application/strategic-merge-patch+json"})
    assert server.requests[0].headers["content-type"] == "application/strategic-merge-patch+json"
