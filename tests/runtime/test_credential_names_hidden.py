"""A value whose name says it holds a credential is never shown in a `RequestValidationError`
(review round 6).

A header parameter `X-Api-Key`, a query parameter `access_token` or a property `client_secret`
that the document declares as a plain string (no security scheme, no `format: password`) is a
credential all the same: the client keeps such a header home on a redirect and blanks it when
a server echoes it. A value that did not match its schema was quoted by the method's error
(`x_api_key: String should match pattern '^sk-' (got str 'bad-SECRET-...')`), in a message
that ends up in logs and tracebacks. Such a value is not shown now, at any depth; a value of
another name still is. Checked with the sync and the async client against a scripted server
on 127.0.0.1: the refused calls send nothing, a good one sends the values as given.
"""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Callable
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_credential_names"
SECRET = "bad-SECRET-0123456789"
SPEC = {
    "openapi": "3.1.0",
    "info": {"title": "Names", "version": "1"},
    "paths": {"/send": {"post": {
        "operationId": "send",
        "parameters": [
            {"name": "X-Api-Key", "in": "header", "required": True,
             "schema": {"type": "string", "pattern": "^sk-"}},
            {"name": "access_token", "in": "query", "schema": {"type": "string", "maxLength": 8}},
        ],
        "requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {
                "client_secret": {"type": "string", "minLength": 40},
                "nested": {"type": "object", "properties": {"api_key": {"type": "integer"}}},
                "note": {"type": "string", "maxLength": 4}}}}}},
        "responses": {"204": {"description": "ok"}},
    }}},
}
CALLS: list[dict[str, Any]] = [
    {"x_api_key": SECRET},
    {"x_api_key": "sk-1", "access_token": SECRET},
    {"x_api_key": "sk-1", "client_secret": SECRET},
    {"x_api_key": "sk-1", "nested": {"api_key": SECRET}},
    {"x_api_key": "sk-1", "note": "a-long-note"},
    {"x_api_key": "sk-good", "access_token": "tok-1", "client_secret": "s" * 40},
]


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Any:
    root = tmp_path_factory.mktemp("names")
    spec = root / "names.json"
    spec.write_text(json.dumps(SPEC), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _outcomes(package: Any, url: str, kind: str) -> list[Any]:
    async def run_async() -> list[Any]:
        outcomes: list[Any] = []
        async with package.AsyncClient(base_url=url, max_retries=0) as client:
            for given in CALLS:
                try:
                    outcomes.append(await client.default.send(**given))
                except package.RequestValidationError as exc:
                    outcomes.append(exc)
        return outcomes

    if kind == "async":
        return asyncio.run(asyncio.wait_for(run_async(), 30))
    outcomes: list[Any] = []
    with package.Client(base_url=url, max_retries=0) as client:
        for given in CALLS:
            try:
                outcomes.append(client.default.send(**given))
            except package.RequestValidationError as exc:
                outcomes.append(exc)
    return outcomes


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_value_named_like_a_credential_is_not_shown_when_refused(
    package: Any, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([Reply(204)])
    *refused, note, sent = _outcomes(package, server.url, kind)
    for error, where in zip(refused, ["x_api_key", "access_token", "client_secret",
                                      "nested.api_key"], strict=True):
        assert isinstance(error, package.RequestValidationError), error
        shown = "".join(traceback.format_exception(error)) + repr(error)
        assert "SECRET" not in shown and f"{where}: " in str(error)
        assert "(the value is not shown)" in str(error)
    assert "(got str 'a-long-note')" in str(note)  # no credential: the value helps
    assert sent is None
    (request,) = server.requests  # the refused calls sent nothing
    assert request.headers["x-api-key"] == "sk-good" and request.query == [("access_token", "tok-1")]
    assert request.json() == {"client_secret": "s" * 40}
