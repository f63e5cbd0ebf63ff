"""A cookie the server set (a load balancer's affinity, a CSRF cookie) goes with every later
call to its origin, those given a cookie parameter or a cookie credential too: the HTTP client
adds no kept cookie to a request that carries a `Cookie` header, and those calls sent only the
parameter. A kept cookie of the parameter's name gives way to the parameter. The client calls a
scripted server on 127.0.0.1."""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Things", "version": "1"},
    "components": {"securitySchemes": {
        "session": {"type": "apiKey", "in": "cookie", "name": "sid"}}},
    "paths": {"/things": {"get": {
        "operationId": "listThings",
        "parameters": [{"name": "theme", "in": "cookie", "schema": {"type": "string"}}],
        "responses": {"204": {"description": "none"}}}},
        "/login": {"get": {"operationId": "login", "security": [],
                           "responses": {"204": {"description": "none"}}}}},
    "security": [{"session": []}],
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("cookie_jar")
    spec = root / "things.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, "things")]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", "things")


def _cookies(header: str) -> dict[str, str]:
    return dict(pair.strip().split("=", 1) for pair in header.split(";"))


def test_kept_cookies_go_beside_a_cookie_parameter_and_credential(package: ModuleType) -> None:
    replies = [Reply(204, {"Set-Cookie": "affinity=node7; Path=/"}),
               Reply(204, {"Set-Cookie": "theme=dark; Path=/"}), Reply(204), Reply(204)]
    with ScriptedServer(replies) as server:
        with package.Client(base_url=server.url, max_retries=0, api_key="S1") as client:
            client.default.login()
            client.default.list_things()
            client.default.list_things(theme="light")
            client.default.list_things()
        requests = server.requests
    assert [_cookies(r.headers.get("cookie", "")) for r in requests[1:]] == [
        {"affinity": "node7", "sid": "S1"},
        {"affinity": "node7", "theme": "light", "sid": "S1"},  # the parameter's, not the kept
        {"affinity": "node7", "theme": "dark", "sid": "S1"},
    ]
