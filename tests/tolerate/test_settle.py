"""tolerate/settle.py: decisions acted on until our own checks find nothing left."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from generator.document.loading import Document
from generator.problems import GeneratorError, Problem
from generator.tolerate import Outcome, settle, settle_own_problems

DATA: dict[str, Any] = {
    "openapi": "3.1.0", "info": {"title": "t", "version": "1"},
    "paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/Gone"}}}}}}}},
    "components": {"schemas": {"Count": {"type": "integer", "default": "many"}}},
}


def document(data: dict[str, Any]) -> Document:
    return Document(Path("spec.yaml"), data, "0" * 64, None, {})


def test_settle_repairs_a_copy_and_names_each_repair() -> None:
    before = copy.deepcopy(DATA)
    outcome = settle_own_problems(document(DATA))
    assert DATA == before, "the caller's document is not changed"
    schema = outcome.data["paths"]["/a"]["get"]["responses"]["200"]["content"][
        "application/json"]["schema"]
    assert schema == {}, "a dangling schema $ref reads as any value"
    assert "default" not in outcome.data["components"]["schemas"]["Count"]
    assert {repair.pointer for repair in outcome.repairs} == {
        "/paths/~1a/get/responses/200/content/application~1json/schema/$ref",
        "/components/schemas/Count/default"}
    assert outcome.skipped == ()


def test_a_blocking_problem_stops() -> None:
    problem = Problem("spec.yaml", "/nowhere", None, "cannot be decided")
    with pytest.raises(GeneratorError) as stopped:
        settle(document(DATA), Outcome.untouched(DATA), [problem])
    assert stopped.value.problems == [problem]


def test_nothing_to_settle_keeps_the_outcome() -> None:
    outcome = Outcome.untouched(DATA)
    warning = Problem("spec.yaml", "/info", None, "note", severity="warning")
    assert settle(document(DATA), outcome, [warning]) is outcome


def test_the_repaired_copy_shares_what_no_repair_touched() -> None:
    """A large document repaired in one place is not copied whole (GitHub's: ~20 MiB less at
    generation's peak): the parts no decision can touch are the loaded document's own objects,
    and those are left as they were."""
    data = copy.deepcopy(DATA)
    data["components"]["schemas"]["Untouched"] = {"type": "object", "properties": {
        "a": {"type": "string"}}}
    before = copy.deepcopy(data)
    outcome = settle_own_problems(document(data))
    assert data == before
    repaired = outcome.data["components"]["schemas"]
    assert repaired["Untouched"] is data["components"]["schemas"]["Untouched"]
    assert repaired["Count"] is not data["components"]["schemas"]["Count"]
    assert "default" in data["components"]["schemas"]["Count"]
