"""Secrets that are the items of an array (or the values of a map) with no constraints of
their own: `type: array, items: {type: string, format: password}` (or `writeOnly` strings).

models/secrets.py hid a secret field, and an item with constraints (a root model of its own),
but an item without any is typed inside its field's type (`list[str]`), where the mark does
nothing: the model's `repr` showed each password, and so did pydantic's `ValidationError` of a
model holding no other secret, and the generated method's `RequestValidationError` about an
item. Now the array's (the map's) own field is hidden, however many arrays deep. Checked
against a scripted server on 127.0.0.1, with the sync and the async client: the values still go
on the wire and are parsed from the answer.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pydantic
import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_password_items"
SECRET = "hunter2-secret"
PASSWORDS = {"type": "array", "items": {"type": "string", "format": "password"}}
VAULT = {"type": "object", "required": ["name", "passwords"], "properties": {
    "name": {"type": "string"},
    "passwords": PASSWORDS,
    "grid": {"type": "array", "items": PASSWORDS},
    "codes": {"type": "array", "items": {"type": "string", "writeOnly": True}},
    "by_site": {"type": "object", "additionalProperties": {"type": "string",
                                                           "format": "password"}},
    "keys": {"$ref": "#/components/schemas/Keys"}}}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Vault", "version": "1"},
    "paths": {"/vaults": {"post": {
        "operationId": "store",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "$ref": "#/components/schemas/Vault"}}}},
        "responses": {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Vault"}}}}}}}},
    "components": {"schemas": {"Vault": VAULT, "Keys": PASSWORDS}},
}
SENT = {"name": "home", "passwords": [SECRET + "-1"], "grid": [[SECRET + "-2"]],
        "codes": [SECRET + "-3"], "by_site": {"site": SECRET + "-4"},
        "keys": [SECRET + "-5"]}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Any:
    root = tmp_path_factory.mktemp("password_items")
    spec = root / "vault.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _store(package: Any, kind: str, url: str, **given: Any) -> Any:
    if kind == "sync":
        with package.Client(base_url=url, max_retries=0) as client:
            return client.default.store(**given)

    async def run() -> Any:
        async with package.AsyncClient(base_url=url, max_retries=0) as client:
            return await client.default.store(**given)

    return asyncio.run(asyncio.wait_for(run(), 30))


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_secret_items_are_sent_and_parsed_but_never_shown(package: Any, kind: str) -> None:
    answer = {"name": "home", "passwords": [SECRET + "-a"], "grid": [[SECRET + "-b"]],
              "by_site": {"site": SECRET + "-c"}, "keys": [SECRET + "-d"]}
    with ScriptedServer([Reply(200, body=answer)]) as server:
        parsed = _store(package, kind, server.url, **SENT)
        (request,) = server.requests
    assert json.loads(request.body) == SENT
    assert parsed.passwords == [SECRET + "-a"] and parsed.grid == [[SECRET + "-b"]]
    assert parsed.by_site == {"site": SECRET + "-c"} and parsed.keys == [SECRET + "-d"]
    assert SECRET not in repr(parsed) + str(parsed)
    assert "name='home'" in repr(parsed)


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_refused_item_is_not_quoted(package: Any, kind: str) -> None:
    with ScriptedServer([Reply(200, body={})]) as server:
        with pytest.raises(package.RequestValidationError) as refused:
            _store(package, kind, server.url, **{**SENT, "passwords": [SECRET, 7],
                                                   "codes": [SECRET, 8]})
        assert server.requests == []
    shown = str(refused.value) + repr(refused.value)
    assert "passwords.1" in shown and "codes.1" in shown and SECRET not in shown
    assert "(got int 7)" not in shown and "the value is not shown" in shown


def test_a_model_built_with_a_wrong_item_does_not_echo_the_others(package: Any) -> None:
    with pytest.raises(pydantic.ValidationError) as caught:
        package.models.Vault(name=3, passwords=[SECRET])
    assert SECRET not in str(caught.value) and "name" in str(caught.value)
