"""A fix applied to two documents (`diff` repairs a slip both sides hold alike, on each side)
gives each its own values: `diff` builds each side's model on the document itself in a forked
child, and an object held by both sides was changed by the first build under the second."""

from __future__ import annotations

from typing import Any

from generator.tolerate import repairs


def test_a_default_set_on_two_documents_is_two_objects() -> None:
    fix = repairs.set_default("", "components", {"schemas": {}})
    old: dict[str, Any] = {"openapi": "3.0.3"}
    new: dict[str, Any] = {"openapi": "3.0.3"}
    fix(old)
    fix(new)
    assert old["components"] == new["components"] == {"schemas": {}}
    assert old["components"] is not new["components"]
    assert old["components"]["schemas"] is not new["components"]["schemas"]
    old["components"]["schemas"]["Pet"] = {}
    assert new["components"] == {"schemas": {}}
    kept: dict[str, Any] = {"components": None}
    fix(kept)
    assert kept == {"components": None}  # a key already there is left as it is
