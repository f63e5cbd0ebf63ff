"""3.1 tuples (`prefixItems`), as root models and as properties, called as a user would.

A tuple whose keywords fix its length (`minItems` equal to `maxItems`, or `items: false` and
`minItems` the positions) is typed `tuple[...]`, in the models and in the method's arguments and
return: sent as a JSON array, answered into a tuple. One of no fixed length has no tuple type
pydantic takes (no `tuple[str, *tuple[int, ...]]`): it is a list of its items' types, which
checks each item but not its position. That used to happen silently; it is now a named note
(ir/tuples) in COVERAGE.md and PROVENANCE.json, at the schema's pointer. The sync and the async
client each call a scripted server on 127.0.0.1.
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

PACKAGE = "trial_prefix_items"
REF = "#/components/schemas/"
NAME_AND_AGE = [{"type": "string"}, {"type": "integer"}]
DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Tuples", "version": "1"},
    "components": {"schemas": {
        "Point": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}],
                  "minItems": 2, "maxItems": 2},
        "Entry": {"type": "array", "prefixItems": NAME_AND_AGE, "items": False, "minItems": 2},
        "Tagged": {"type": "array", "prefixItems": NAME_AND_AGE,
                   "items": {"type": "boolean"}},
    }},
    "paths": {
        "/points": {"post": {
            "operationId": "move",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["to"], "properties": {
                    "to": {"$ref": REF + "Point"}, "entry": {"$ref": REF + "Entry"}}}}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": REF + "Point"}}}}}}},
        "/tagged": {"post": {
            "operationId": "tag",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "$ref": REF + "Tagged"}}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": REF + "Tagged"}}}}}}},
    },
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("prefix_items")
    spec = root / "tuples.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _call(package: ModuleType, kind: str, url: str, method: str, **arguments: Any) -> Any:
    if kind == "sync":
        with package.Client(base_url=url, max_retries=0) as client:
            return getattr(client.default, method)(**arguments)

    async def run() -> Any:
        async with package.AsyncClient(base_url=url, max_retries=0) as client:
            return await getattr(client.default, method)(**arguments)

    return asyncio.run(asyncio.wait_for(run(), 30))


def test_a_fixed_length_tuple_is_typed_a_tuple(package: ModuleType) -> None:
    text = (Path(package.__file__).parent / "resources" / "default.py").read_text("utf-8")
    assert "        to: tuple[float, float],\n" in text
    assert "        entry: tuple[str, int] | NotGiven = NOT_GIVEN,\n" in text
    assert "    ) -> tuple[float, float]:\n" in text


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_tuple_is_sent_as_an_array_and_answered_as_a_tuple(
        package: ModuleType, kind: str) -> None:
    with ScriptedServer([Reply(200, body=[3.5, 4])]) as server:
        moved = _call(package, kind, server.url, "move", to=(1.5, 2.0), entry=("Ada", 36))
        (request,) = server.requests
    assert json.loads(request.body) == {"to": [1.5, 2.0], "entry": ["Ada", 36]}
    assert moved == (3.5, 4.0)


def test_a_tuple_in_the_wrong_order_is_refused(package: ModuleType) -> None:
    with ScriptedServer([Reply(200, body=[0, 0])]) as server:
        with pytest.raises(package.RequestValidationError, match=r"^entry\.0"):
            _call(package, "sync", server.url, "move", to=(1.0, 2.0), entry=(36, "Ada"))
        assert server.requests == []


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_tuple_of_no_fixed_length_is_a_list_of_its_items(
        package: ModuleType, kind: str) -> None:
    with ScriptedServer([Reply(200, body=["Ada", 36, True])]) as server:
        tagged = _call(package, kind, server.url, "tag", body=["Ada", 36, True, False])
        (request,) = server.requests
    assert json.loads(request.body) == ["Ada", 36, True, False]
    assert tagged == ["Ada", 36, True]


def test_a_tuple_typed_as_a_list_is_named(package: ModuleType) -> None:
    folder = Path(package.__file__).parent
    coverage = folder.joinpath("COVERAGE.md").read_text("utf-8")
    assert coverage.count("`prefixItems` whose length") == 1
    assert ("- `/components/schemas/Tagged` (line 1): `` `prefixItems` whose length "
            "`minItems`/`maxItems`/`items: false` do not fix") in coverage
    assert "each item's type is checked, not its position" in coverage
    assert "/components/schemas/Tagged" in folder.joinpath("PROVENANCE.json").read_text("utf-8")
