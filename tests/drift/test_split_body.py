"""A request body component split into one component per operation (Adyen's PaymentService 40
-> 68: `ModificationRequest`, the body of `/cancel`, `/adjustAuthorisation`..., became
`CancelRequest`, `AdjustAuthorisationRequest`...): a property gone for one operation is that
operation's change, and its client effect names that operation's method alone. It named every
method taking the old component as its body, each as its own side read it (`adjust`'s argument
made required, said on `POST /cancel`'s removal; Adyen's `/technicalCancel` losing
`originalReference` named `post_void_pending_refund`'s argument made optional)."""

from __future__ import annotations

from typing import Any

from generator.drift.diff.client import diff_with_client

Doc = dict[str, Any]


def _op(schema: str, operation_id: str) -> Doc:
    return {"post": {"operationId": operation_id, "tags": ["m"], "requestBody": {
        "required": True, "content": {"application/json": {"schema": {
            "$ref": f"#/components/schemas/{schema}"}}}},
        "responses": {"200": {"description": "ok"}}}}


def _doc(bodies: dict[str, str], schemas: Doc) -> Doc:
    amount = {"type": "object", "properties": {"value": {"type": "integer"}}}
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {f"/{name}": _op(schema, name) for name, schema in bodies.items()},
            "components": {"schemas": {"Amount": amount, **schemas}}}


def _request(*required: str, amount: bool = True) -> Doc:
    properties: Doc = {"ref": {"type": "string"}}
    if amount:
        properties["amount"] = {"$ref": "#/components/schemas/Amount"}
    return {"type": "object", "required": ["ref", *required], "properties": properties}


OLD = _doc({"adjust": "M", "cancel": "M", "refund": "M"}, {"M": _request()})
NEW = _doc({"adjust": "AdjustRequest", "cancel": "CancelRequest", "refund": "RefundRequest"},
           {"AdjustRequest": _request("amount"), "CancelRequest": _request(amount=False),
            "RefundRequest": _request()})


def test_a_property_removed_for_one_operation_names_that_method_alone() -> None:
    changes = diff_with_client(OLD, NEW)
    (removed,) = [c for c in changes if c.kind == "request-property-removed"]
    assert removed.operations == ("POST /cancel",)
    assert removed.client == ("client.m.cancel: argument amount: removed (was _models.Amount | "
                              "_params.AmountParam | NotGiven)")
    (required,) = [c for c in changes if c.kind == "request-property-became-required"]
    assert required.operations == ("POST /adjust",)
    assert required.client.startswith("client.m.adjust: argument amount: now required")
