"""readOnly properties deeper than a request body's own (ShipEngine's shipments: a body whose
items are `Shipment`s, whose `ship_to` is an `Address` with a readOnly, required `address_id`).

Only the body's own readOnly properties were left out of its request class: a nested object
kept its readOnly required fields, so no call could be made without inventing the values the
server owns (`RequestValidationError: shipments.0.ship_to.address_id: Field required`). Now a
request names each class holding such a property, however deep (through `$ref`s, array items,
a recursive schema), by its variant without them (`AddressRequest`); the answers' classes keep
them required. The sync and the async client each call a scripted server on 127.0.0.1.
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

PACKAGE = "trial_nested_read_only"
REF = "#/components/schemas/"
SERVER_OWNED = {"type": "string", "readOnly": True}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Nested readOnly", "version": "1"},
    "components": {"schemas": {
        "Address": {"type": "object", "required": ["address_id", "city"], "properties": {
            "address_id": SERVER_OWNED, "city": {"type": "string"}}},
        "Shipment": {"type": "object", "required": ["shipment_id", "ship_to", "packages"],
                     "properties": {
            "shipment_id": SERVER_OWNED,
            "ship_to": {"$ref": REF + "Address"},
            "packages": {"type": "array", "items": {
                "type": "object", "required": ["package_id", "weight"], "properties": {
                    "package_id": SERVER_OWNED, "weight": {"type": "number"}}}},
            "return_of": {"$ref": REF + "Shipment"}}},
    }},
    "paths": {"/shipments": {"post": {
        "operationId": "createShipments",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": ["shipments"], "properties": {
                "shipments": {"type": "array", "items": {"$ref": REF + "Shipment"}}}}}}},
        "responses": {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": REF + "Shipment"}}}}}}}},
}
SENT = {"ship_to": {"city": "Lyon"}, "packages": [{"weight": 2.5}],
        "return_of": {"ship_to": {"city": "Paris"}, "packages": []}}
ANSWER = {"shipment_id": "se-1", "ship_to": {"address_id": "a-1", "city": "Lyon"},
          "packages": [{"package_id": "p-1", "weight": 2.5}]}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("nested_read_only")
    spec = root / "shipments.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _call(package: ModuleType, kind: str, url: str, **options: Any) -> Any:
    if kind == "sync":
        with package.Client(base_url=url, max_retries=0, **options) as sync:
            return sync.default.create_shipments(shipments=[SENT])

    async def run() -> Any:
        async with package.AsyncClient(base_url=url, max_retries=0, **options) as session:
            return await session.default.create_shipments(shipments=[SENT])

    return asyncio.run(run())


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_request_needs_no_server_owned_value_however_deep(
        package: ModuleType, kind: str) -> None:
    with ScriptedServer([Reply(200, body=ANSWER)]) as server:
        shipment = _call(package, kind, server.url, strict_response_validation=True)
        (request,) = server.requests
    assert json.loads(request.body) == {"shipments": [SENT]}
    assert shipment.shipment_id == "se-1"
    assert shipment.ship_to.address_id == "a-1"
    assert shipment.packages[0].package_id == "p-1"


def test_the_answers_classes_still_require_them(package: ModuleType) -> None:
    models = package.models
    assert models.Shipment.model_fields["shipment_id"].is_required()
    assert models.Address.model_fields["address_id"].is_required()
    unowned = {**ANSWER, "ship_to": {"city": "Lyon"}}
    with ScriptedServer([Reply(200, body=unowned)]) as server, \
            pytest.raises(package.APIResponseValidationError):
        _call(package, "sync", server.url, strict_response_validation=True)


def test_the_method_is_typed_with_the_request_variants(package: ModuleType) -> None:
    text = (Path(package.__file__).parent / "resources" / "default.py").read_text("utf-8")
    assert "shipments: _abc.Sequence[_models.ShipmentRequest | _params.ShipmentRequestParam]" \
        in text
    request = package.models.ShipmentRequest
    assert set(request.model_fields) == {"ship_to", "packages", "return_of"}
    assert request.model_fields["ship_to"].annotation is package.models.AddressRequest
    assert set(package.models.AddressRequest.model_fields) == {"city"}
