"""An inline object whose `properties` are empty (`{type: object, properties: {}}`) is
datamodel-code-generator's free-form `dict[str, Any]`, not a class: traccar 4.3 -> 5.6's
`Position.network` (`string` -> such an object) was said `str | None -> PositionNetwork | None`
where the package has `dict[str, Any] | None`. And the same object coming to declare properties
turns the field's `dict` into a class, which breaks `network["ip"]`: it was said only as
`models.PNetwork.ip: added`, not client-breaking."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from generator import ir
from generator.drift.diff.client import diff_with_client
from generator.drift.diff.types import client_annotations
from generator.drift.report import exit_code
from tests.drift.test_folded_roots import _generated_fields

Doc = dict[str, Any]
FREE: Doc = {"type": "object", "properties": {}}


def _doc(network: Doc) -> Doc:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {"/p": {"get": {"operationId": "getP", "tags": ["p"], "responses": {
                "200": {"description": "ok", "content": {"application/json": {"schema": {
                    "$ref": "#/components/schemas/P"}}}}}}}},
            "components": {"schemas": {"P": {"type": "object", "properties": {
                "network": network, "nets": {"type": "array", "items": network},
                "bare": {k: v for k, v in network.items() if k != "type"}}}}}}


def test_an_object_of_no_properties_is_spelt_a_dict_as_generated(tmp_path: Path) -> None:
    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL")
    spelt = client_annotations(ir.build(copy.deepcopy(_doc(FREE)), options, tolerate=True))
    generated = _generated_fields(_doc(FREE), tmp_path)
    assert {key: spelt.fields.get(key) for key in generated} == generated
    assert generated[("P", "network")] == generated[("P", "bare")] == "dict[str, Any] | None"
    assert generated[("P", "nets")] == "list[dict[str, Any]] | None"
    said = [c.client for c in diff_with_client(_doc({"type": "string"}), _doc(FREE))]
    assert "models.P.network: str | None -> dict[str, Any] | None" in said


def test_a_free_form_object_that_declares_properties_becomes_a_class() -> None:
    declared = copy.deepcopy(FREE)
    declared["properties"] = {"ip": {"type": "string"}}
    changes = diff_with_client(_doc(FREE), _doc(declared))
    (retyped,) = [c for c in changes if c.kind == "field-class-changed"
                  and c.pointer == "/components/schemas/P/properties/network"]
    assert retyped.client == "models.P.network: dict[str, Any] | None -> PNetwork | None"
    assert retyped.client_breaking and "now declares properties" in retyped.message
    assert exit_code(changes, "client-breaking") == 1
    (back,) = [c for c in diff_with_client(_doc(declared), _doc(FREE))
               if c.kind == "field-class-changed"
               and c.pointer == "/components/schemas/P/properties/network"]
    assert back.client == ("models.P.network: PNetwork | None -> dict[str, Any] | None; "
                           "models.PNetwork: class removed")
