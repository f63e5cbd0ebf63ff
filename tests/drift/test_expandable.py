"""Stripe's "expandable" fields: every component holds properties `anyOf: [string id, $ref
Other]`, and the components reach one another in cycles (Stripe's 2.4 MB document: 485 of its
775 schemas from each of 452 operations). Past `walk.FIELD_BUDGET` the walker cuts what it
expanded before, and each cut pair is compared on its own; each such comparison walked again
all that its pair reaches, the pairs below it compared the same way, recursing: `diff` of
Stripe 2023-03-09 -> 2025-05-15 was killed after 600 s and 3.8 GB. Each shared component is
now walked once per side, not once per path or operation reaching it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from generator.drift.diff import differ
from generator.drift.diff.differ import diff
from generator.drift.diff.walk import SchemaWalker
from generator.problems import GeneratorError

Doc = dict[str, Any]


def _expandable(components: int, extra: bool = False) -> Doc:
    """`C0`..`Cn`, each with two expandable links to others (3i+1, 3i+7, modulo n: the paths
    through them outgrow any budget; with n prime to 3, each reaches all), answered by `GET /a` (`C0`) and `GET /b` (`C1`); `extra`: the
    last one gains a property."""
    schemas: Doc = {}
    for i in range(components):
        properties: Doc = {"id": {"type": "string"}, "created": {"type": "integer"}}
        for j, step in enumerate((1, 7)):
            target = f"#/components/schemas/C{(i * 3 + step) % components}"
            properties[f"link{j}"] = {"anyOf": [{"type": "string", "maxLength": 5000},
                                                {"$ref": target}], "nullable": True}
        schemas[f"C{i}"] = {"type": "object", "required": ["id"], "properties": properties}
    if extra:
        schemas[f"C{components - 1}"]["properties"]["extra"] = {"type": "string"}

    def answer(name: str) -> Doc:
        return {"get": {"responses": {"200": {"description": "ok", "content": {
            "application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}}}}}

    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {"/a": answer("C0"), "/b": answer("C1")},
            "components": {"schemas": schemas}}


@pytest.mark.timeout(30)  # (each cut pair walking all it reaches: minutes, gigabytes)
def test_each_expandable_component_is_walked_once_per_side(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    walked: Counter[tuple[str, str]] = Counter()
    walk = SchemaWalker.walk

    def counted(self: SchemaWalker, schema: Any, pointer: str, *args: Any,
                **kwargs: Any) -> Any:
        walked[self.name, pointer] += 1
        return walk(self, schema, pointer, *args, **kwargs)

    monkeypatch.setattr(SchemaWalker, "walk", counted)
    changes = diff(_expandable(200), _expandable(200, extra=True))
    assert [(c.kind, c.pointer, c.operations) for c in changes] == [
        ("response-property-added", "/components/schemas/C199/properties/extra",
         ("GET /a", "GET /b"))]
    assert max(walked.values()) == 1, walked.most_common(3)


@pytest.mark.timeout(60)
def test_a_cut_pair_compared_once_reads_as_compared_for_each_operation() -> None:
    # the changes below a cut pair, found for `GET /a` and re-rooted for `GET /b`, are the
    # ones comparing the pair again for `GET /b` finds (`reuse=False`: every pair per
    # operation), change for change: kinds, pointers, messages, operations
    old, new = _expandable(61), _expandable(61, extra=True)
    new["components"]["schemas"]["C5"]["properties"]["created"]["type"] = "string"
    new["components"]["schemas"]["C9"]["required"] = ["id", "created"]
    reused = diff(old, new)
    assert reused == diff(old, new, reuse=False)
    assert {(c.kind, c.pointer) for c in reused} == {
        ("response-property-added", "/components/schemas/C60/properties/extra"),
        ("type-changed", "/components/schemas/C5/properties/created"),
        ("response-property-became-required", "/components/schemas/C9/properties/created")}
    assert all(c.operations == ("GET /a", "GET /b") for c in reused)


def test_comparing_cut_pairs_past_their_budget_is_refused_located(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(differ, "CUT_FIELDS", 10)
    with pytest.raises(GeneratorError) as refused:
        diff(_expandable(61), _expandable(61, extra=True))
    (problem,) = refused.value.problems
    assert problem.pointer.startswith("/components/schemas/C")
    assert "too many to compare" in problem.message
