"""An object spread into a form body's fields (`encoding: {style: form, explode: true}`) that
holds a key the body has already: a field of the same name, or a key of another spread object.

`form_fields` put each into one dict, so the later value silently replaced the earlier one:
`name="Ada", options={"name": "Bob"}` sent `name=Bob` alone. Now such a call is refused with a
`RequestValidationError` naming the field and both values it would come from, before anything
is sent; a spread without a clash is sent as before. Where the document declares the clash
(the spread object's `name` beside the body's), COVERAGE.md names it too. The sync and the async client each call a
scripted server on 127.0.0.1.
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

PACKAGE = "trial_form_spread_clash"
MAP = {"type": "object", "additionalProperties": {"type": "string"}}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Form spread", "version": "1"},
    "paths": {"/people": {"post": {
        "operationId": "addPerson",
        "requestBody": {"required": True, "content": {"application/x-www-form-urlencoded": {
            "schema": {"type": "object", "required": ["name"], "properties": {
                "name": {"type": "string"}, "options": MAP, "extra": MAP}},
            "encoding": {"options": {"style": "form", "explode": True},
                         "extra": {"style": "form", "explode": True}}}}},
        "responses": {"204": {"description": "ok"}}}},
        "/pets": {"post": {
            "operationId": "findPets",
            "requestBody": {"required": True, "content": {"application/x-www-form-urlencoded": {
                "schema": {"type": "object", "properties": {
                    "name": {"type": "string"},
                    "filter": {"type": "object", "properties": {
                        "name": {"type": "string"}, "kind": {"type": "string"}}}}},
                "encoding": {"filter": {"style": "form", "explode": True}}}}},
            "responses": {"204": {"description": "ok"}}}}},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("form_spread_clash")
    spec = root / "people.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _add(package: ModuleType, kind: str, url: str, **given: Any) -> Any:
    if kind == "sync":
        with package.Client(base_url=url, max_retries=0) as client:
            return client.default.add_person(**given)

    async def run() -> Any:
        async with package.AsyncClient(base_url=url, max_retries=0) as client:
            return await client.default.add_person(**given)

    return asyncio.run(asyncio.wait_for(run(), 30))


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize(("given", "named"), [
    ({"name": "Ada", "options": {"name": "Bob"}}, "'name' would be sent from both name and options"),
    ({"name": "Ada", "options": {"k": "1"}, "extra": {"k": "2"}},
     "'k' would be sent from both options and extra"),
])
def test_a_spread_field_never_replaces_another(
        package: ModuleType, kind: str, given: dict[str, Any], named: str) -> None:
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        with pytest.raises(package.RequestValidationError) as refused:
            _add(package, kind, server.url, **given)
        assert server.requests == []
    assert named in str(refused.value) and "nothing was sent" in str(refused.value)


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_spread_without_a_clash_is_sent_as_its_fields(package: ModuleType, kind: str) -> None:
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        assert _add(package, kind, server.url, name="Ada", options={"colour": "red"},
                    extra={"size": "2"}) is None
        (request,) = server.requests
    assert request.body == b"name=Ada&colour=red&size=2"


def test_a_declared_clash_is_named_and_refused(package: ModuleType) -> None:
    coverage = (Path(package.__file__).parent / "COVERAGE.md").read_text("utf-8")
    assert "`/paths/~1pets/post` (line 1): ``the form body's field `name` may come from two" \
        in coverage
    assert "/people" not in coverage  # maps: nothing declared, the runtime's check alone
    with ScriptedServer([Reply(204)], repeat_last=True) as server, package.Client(
            base_url=server.url, max_retries=0) as client:
        with pytest.raises(package.RequestValidationError, match="'name' would be sent from"):
            client.default.find_pets(name="Rex", filter={"name": "Tom"})
        assert client.default.find_pets(name="Rex", filter={"kind": "cat"}) is None
        (request,) = server.requests
    assert request.body == b"name=Rex&kind=cat"
