"""Minimal pairs for a method that takes its request body another way (`client._with_body_shapes`):
keyword arguments, one per property, or one argument `body` (`ir.bodies`: a `oneOf`/`anyOf`
beside the properties, a list, a free-form object...). Code calling the method the old way
breaks whatever the wire says, so the change is client-breaking; its wire verdict is the
document's change's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from generator.drift.diff.client import diff_with_client
from generator.drift.report import exit_code
from tests.drift.test_kinds_more import NB, B, Doc, _labels, _pair, _schemas

METHOD = "client.issues.add_labels"
SPREAD = "keyword arguments (labels, names)"
WHOLE = "one argument `body`"


def _names(doc: Doc) -> None:
    """`Labels` (the expanded body) with a second optional property, `names`."""
    _schemas(doc)["Labels"]["properties"]["names"] = {"type": "array",
                                                      "items": {"type": "string"}}


def _union(key: str) -> Callable[[Doc], None]:
    """`Labels` as `labels` or `names`: a `key` (`oneOf`/`anyOf`) of required sets beside its
    properties."""
    def change(doc: Doc) -> None:
        _names(doc)
        labels = _schemas(doc)["Labels"]
        labels["required"] = []
        labels[key] = [{"required": ["labels"]}, {"required": ["names"]}]
    return change


@pytest.mark.parametrize("key", ["oneOf", "anyOf"])
def test_a_union_beside_the_properties_makes_the_body_one_argument(key: str) -> None:
    """`add_labels(labels=[...])` becomes `add_labels(body={"labels": [...]})`: every old
    value is still taken (non-breaking on the wire: the first branch covers it), but the
    old call no longer type-checks or runs. Named on the branch gained, which made the union;
    the property made optional lands on the class, a union of its branches now."""
    old, new = _pair(_union(key), _names)
    changes = {c.kind: c for c in diff_with_client(old, new)}
    kind = f"{key.replace('O', '-o').lower()}-branch-added"
    union = changes[kind]
    assert (union.pointer, union.severity) == (f"/components/schemas/Labels/{key}/1", NB)
    assert union.client == (f"models.Labels: gained a branch (object); {METHOD}: takes its "
                            f"request body as {WHOLE} (was {SPREAD})")
    assert union.client_breaking
    optional = changes["request-property-became-optional"]
    assert (optional.client, optional.client_breaking) == (
        "models.Labels: at labels: now optional", False)
    assert exit_code(list(changes.values()), "breaking") == 0
    assert exit_code(list(changes.values()), "client-breaking") == 1


def test_a_union_removed_spreads_the_body_into_keyword_arguments_again() -> None:
    """The reverse: `body=` no longer exists, `labels` is a required argument. The branch
    lost is breaking on the wire as the differ judged it (a value with `names` alone is
    refused now), and the shape is named on it."""
    old, new = _pair(_union("oneOf"), _names)
    changes = {c.kind: c for c in diff_with_client(new, old)}
    lost = changes["one-of-branch-removed"]
    assert (lost.severity, lost.client_breaking) == (B, True)
    assert lost.client == (f"models.Labels: lost a branch (object); {METHOD}: takes its "
                           f"request body as {SPREAD} (was {WHOLE})")
    assert sum("takes its request body" in c.client for c in changes.values()) == 1


def test_a_body_made_a_list_is_one_argument() -> None:
    """An object of properties made a list: breaking on the wire already; the effect says the
    method takes it whole now."""
    def listed(doc: Doc) -> None:
        _schemas(doc)["Labels"] = {"type": "array", "items": {"type": "string"}}

    old, new = _pair(listed)
    (change,) = diff_with_client(old, new)
    assert (change.kind, change.severity, change.client_breaking) == ("type-changed", B, True)
    assert change.client.endswith(f"{METHOD}: takes its request body as {WHOLE} (was "
                                  "keyword arguments (labels))")


def test_a_parameter_named_body_renames_the_body_argument() -> None:
    """A whole body's argument is `body` unless a parameter has that name: a query parameter
    `body` added makes it `body_`, and `body=` now sets the query parameter. No change of the
    body itself is reported, so the shape is a change of its own, at the request body:
    non-breaking on the wire (the body sent is the same), client-breaking."""
    def listed(doc: Doc) -> None:
        _schemas(doc)["Labels"] = {"type": "array", "items": {"type": "string"}}

    def query_body(doc: Doc) -> None:
        _labels(doc)["parameters"].append({"name": "body", "in": "query",
                                           "schema": {"type": "string"}})

    old, new = _pair(query_body, listed)
    changes = {c.kind: c for c in diff_with_client(old, new)}
    assert sorted(changes) == ["body-shape-changed", "parameter-added-optional"]
    own = changes["body-shape-changed"]
    assert (own.pointer, own.severity, own.side) == (
        "/paths/~1issues~1{number}~1labels/post/requestBody", NB, "new")
    assert own.message == ("POST /issues/{number}/labels: the generated method now takes its "
                           "request body as one argument `body_` (the body sent is unchanged)")
    assert own.client == f"{METHOD}: takes its request body as one argument `body_` (was {WHOLE})"
    assert own.client_breaking
    assert exit_code(list(changes.values()), "breaking") == 0
    assert exit_code(list(changes.values()), "client-breaking") == 1


def test_the_shape_kept_is_not_named() -> None:
    """A union body gaining a branch, or an expanded body gaining a property: the method
    takes its body as it did (the argument's type, or the arguments, are the changes' own
    effects), so nothing is said of the shape and neither is client-breaking."""
    def third(doc: Doc) -> None:
        _schemas(doc)["Labels"]["oneOf"].append({"required": ["labels", "names"]})

    for old, new in (_pair(third, _union("oneOf")), _pair(_names)):
        changes = diff_with_client(old, new)
        assert changes and not any("takes its request body" in c.client for c in changes)
        assert exit_code(changes, "client-breaking") == 0
