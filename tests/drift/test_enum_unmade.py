"""A component enum that became a `$ref` to another enum component (Bungie 2.0.0 -> 2.18.0 as
APIs.guru converts it: `BungieMembershipType`, `enum: [0, 1, ...]`, became `$ref: schema7`,
the same values and more): the class is kept but is no enum any more,
`class BungieMembershipType(RootModel[Schema7])`, so every member code names is gone. Compared
by content nothing was lost (`schema7` said added, `gained enum value(s)`), and the pair of 70
such classes said nothing client-breaking."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator import pipeline
from generator.drift.diff.client import diff_with_client
from generator.drift.report import exit_code
from tests.drift.test_folded_roots import _generated_fields

Doc = dict[str, Any]


def _doc(kind: Doc, **more: Doc) -> Doc:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {"/p": {"get": {"operationId": "getP", "tags": ["p"], "responses": {
                "200": {"description": "ok", "content": {"application/json": {"schema": {
                    "$ref": "#/components/schemas/Pet"}}}}}}}},
            "components": {"schemas": {"Pet": {"type": "object", "properties": {
                "kind": {"$ref": "#/components/schemas/Kind"}}}, "Kind": kind, **more}}}


OLD = _doc({"type": "string", "enum": ["a", "b"]})
NEW = _doc({"$ref": "#/components/schemas/schema7"},
           schema7={"type": "string", "enum": ["a", "b", "c"]})


def test_an_enum_that_became_a_ref_loses_its_members(tmp_path: Path) -> None:
    changes = diff_with_client(OLD, NEW)
    (unmade,) = [c for c in changes if c.kind == "enum-class-changed"]
    assert (unmade.pointer, unmade.severity) == ("/components/schemas/Kind", "non-breaking")
    assert unmade.message == ("schema `Kind`: the generated class `Kind` is no longer an enum "
                              "(it became a `$ref` to `schema7`)")
    assert unmade.client == ("models.Kind: no longer an enum class (a root model of Schema7); "
                             "models.Kind.a: member removed; models.Kind.b: member removed")
    assert unmade.client_breaking
    assert exit_code(changes, "client-breaking") == 1 and exit_code(changes, "breaking") == 0
    # as generated: the field keeps the class, which wraps the new enum, members none
    spec = tmp_path / "api.yaml"
    spec.write_text(yaml.safe_dump(NEW), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "api")])["api"]
    text = "".join(t for path, t in files.items() if path.startswith("models/_"))
    assert "class Kind(RootModel[Schema7]):" in text and "class Schema7(StrEnum):" in text
    assert _generated_fields(NEW, tmp_path)[("Pet", "kind")] == "Kind | None"


def test_an_enum_kept_an_enum_is_no_such_change() -> None:
    renamed = _doc({"type": "string", "enum": ["a", "b", "c"]})
    assert not [c for c in diff_with_client(OLD, renamed) if c.kind == "enum-class-changed"]


def test_an_enum_that_became_a_ref_to_one_of_fewer_values_is_no_class_removed(
        tmp_path: Path) -> None:
    """The enum the `$ref` names lacks a value (`c`): the value's removal was said of the
    class as `models.Kind: class removed`, though `Kind` is still a class (a root model), and
    that text kept `enum-class-changed` from saying its other members gone."""
    old = _doc({"type": "string", "enum": ["a", "b", "c"]})
    new = _doc({"$ref": "#/components/schemas/schema7"},
               schema7={"type": "string", "enum": ["a", "b"]})
    said = "; ".join(c.client for c in diff_with_client(old, new))
    assert "models.Kind: class removed" not in said
    assert ("models.Kind: no longer an enum class (a root model of Schema7); "
            "models.Kind.a: member removed; models.Kind.b: member removed; "
            "models.Kind.c: member removed") in said
    assert said.count("no longer an enum class") == 1
    spec = tmp_path / "api.yaml"
    spec.write_text(yaml.safe_dump(new), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "api")])["api"]
    text = "".join(t for path, t in files.items() if path.startswith("models/_"))
    assert "class Kind(RootModel[Schema7]):" in text


def test_the_schema_is_the_one_whose_class_it_is_when_two_would_share_a_name() -> None:
    """`Kind` beside `kind` (listed after it): `ir.build` names them `Kind` and `Kind2`, but
    the change was said of `kind`, which is still an enum ("it is no enum"), its `Kind` being
    the last key naive `class_name` mapped to it."""
    old = _doc({"type": "string", "enum": ["a", "b"]})
    schemas = old["components"]["schemas"]
    old["components"]["schemas"] = {"Pet": schemas["Pet"], "Kind": schemas["Kind"],
                                    "kind": {"type": "string", "enum": ["x", "y"]}}
    new = _doc({"$ref": "#/components/schemas/schema7"},
               schema7={"type": "string", "enum": ["a", "b", "c"]})
    new["components"]["schemas"]["kind"] = old["components"]["schemas"]["kind"]
    (unmade,) = [c for c in diff_with_client(old, new) if c.kind == "enum-class-changed"]
    assert unmade.pointer == "/components/schemas/Kind"
    assert unmade.message == ("schema `Kind`: the generated class `Kind` is no longer an enum "
                              "(it became a `$ref` to `schema7`)")
