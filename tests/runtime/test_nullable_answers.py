"""A success answer whose schema allows null (3.0 `nullable: true`, 3.1 `type: [object,
"null"]`, on a component or inline) makes the method return `Thing | None`, and a `null`
answer is None (`ResponseType.nullable`).

The class of such a schema does not say it takes null (a root model's type does: a
`oneOf: [Thing, {type: "null"}]` was already `Thing | None`), so the method was typed
`-> Thing` and every `null` the document allows raised `APIResponseValidationError`. An
object answer is still the model; with `strict_response_validation` a wrong one still raises.
The sync and the async client each call a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
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

PACKAGE = "trial_nullable_answers"
JSON = {"Content-Type": "application/json"}


def _get(operation_id: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"get": {"operationId": operation_id, "responses": {"200": {
        "description": "ok", "content": {"application/json": {"schema": schema}}}}}}


DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Nullable", "version": "1"},
    "paths": {
        "/component": _get("component", {"$ref": "#/components/schemas/Maybe"}),
        "/inline": _get("inline", {"type": ["object", "null"],
                                   "properties": {"id": {"type": "integer"}}}),
        "/plain": _get("plain", {"$ref": "#/components/schemas/Thing"}),
    },
    "components": {"schemas": {
        "Maybe": {"type": ["object", "null"], "properties": {"id": {"type": "integer"}}},
        "Thing": {"type": "object", "properties": {"id": {"type": "integer"}}},
    }},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("nullable")
    spec = root / "nullable.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def call(package: ModuleType, kind: str, url: str, method: str, **client: Any) -> Any:
    if kind == "sync":
        with package.Client(base_url=url, max_retries=0, **client) as sync:
            return getattr(sync.default, method)()

    async def run() -> Any:
        async with package.AsyncClient(base_url=url, max_retries=0, **client) as session:
            return await getattr(session.default, method)()

    return asyncio.run(run())


def test_the_methods_say_none_where_the_document_does(package: ModuleType) -> None:
    text = (Path(package.__file__).parent / "resources" / "default.py").read_text("utf-8")
    assert text.count(") -> _models.Maybe | None:") == 2  # sync and async
    assert text.count(") -> _models.InlineResponse | None:") == 2
    assert text.count(") -> _models.Thing:") == 2


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize("method", ["component", "inline"])
def test_a_null_answer_is_none(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str, method: str
) -> None:
    server = serve([Reply(200, JSON, b"null"), Reply(200, JSON, {"id": 3})])
    assert call(package, kind, server.url, method) is None
    answer = call(package, kind, server.url, method)
    assert answer.id == 3 and type(answer).__name__ in ("Maybe", "InlineResponse")


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_strict_validation_still_refuses_a_wrong_object(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([Reply(200, JSON, {"id": "not a number"})])
    with pytest.raises(package.APIResponseValidationError):
        call(package, kind, server.url, "component", strict_response_validation=True)


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_null_where_the_document_allows_none_still_raises(
    package: ModuleType, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    server = serve([Reply(200, JSON, b"null")])
    with pytest.raises(package.APIResponseValidationError):
        call(package, kind, server.url, "plain")
