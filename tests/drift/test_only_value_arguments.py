"""A required parameter of one allowed value is an argument a call may leave out (the value is
sent): when the document allows a second value, the argument is required, and a call leaving it
out breaks, though the wire's verdict (an enum value added to a request) is non-breaking."""

from __future__ import annotations

from typing import Any

from generator.drift.diff.client import diff_with_client
from generator.drift.report import exit_code


def _document(values: list[str]) -> dict[str, Any]:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/x": {"get": {
        "operationId": "getX",
        "parameters": [{"name": "X-Target", "in": "header", "required": True,
                        "schema": {"type": "string", "enum": values}}],
        "responses": {"204": {"description": "ok"}}}}}}


def test_a_one_value_argument_becoming_required_breaks_calls() -> None:
    changes = diff_with_client(_document(["a"]), _document(["a", "b"]))
    (change,) = changes
    assert change.kind == "enum-value-added-request" and change.severity == "non-breaking"
    assert change.client_breaking and "| NotGiven ->" in change.client
    assert exit_code(changes, "client-breaking") == 1



def _headers(*names_and_types: tuple[str, str]) -> dict[str, Any]:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/x": {"get": {
        "operationId": "getX",
        "parameters": [{"name": name, "in": "header", "schema": {"type": kind}}
                       for name, kind in names_and_types],
        "responses": {"204": {"description": "ok"}}}}}}


def test_a_header_named_as_one_before_it_but_for_case_is_no_change() -> None:
    """Generation keeps the first of two header parameters of one level named alike but for
    case (`ir.parameters.merged_with_twins`): the differ pairs that one, so a second `x-id` added
    after `X-Id` changes no argument (it read the last, an integer now: a breaking change)."""
    assert diff_with_client(_headers(("X-Id", "string")),
                            _headers(("X-Id", "string"), ("x-id", "integer"))) == []


def test_a_required_header_twin_makes_the_kept_header_required() -> None:
    """A second `x-id`, required, after an optional `X-Id`: generation keeps `X-Id`, now
    required (`ir.parameters.merged_parameters`), so calls leaving it out break."""
    old = _headers(("X-Id", "string"))
    new = _headers(("X-Id", "string"), ("x-id", "string"))
    new["paths"]["/x"]["get"]["parameters"][1]["required"] = True
    changes = diff_with_client(old, new)
    assert [(c.kind, c.client_breaking) for c in changes] == [
        ("parameter-became-required", True)], changes
