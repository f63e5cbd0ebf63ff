"""Minimal pairs for a request body whose `allOf` merges in a `oneOf`/`anyOf` that makes
classes (`document.schemas.merges_a_union`): the generated method takes it as one argument,
`body`, typed as dcg's classes of the merged branches (the body's class is a `RootModel` of
them, collapsed), so a change inside it lands on that argument, never on a field of the body's
class, which has none. The spellings are checked against generated packages in
`test_the_names_diff_prints_are_the_generated_packages_own`."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from generator.drift.diff.client import diff_with_client, elided

METHOD = "client.channels.create_channel"
BODY = "ChannelsCreateChannelBodyChannelsCreateChannelBody"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _document() -> dict[str, Any]:
    """GitBook's `createSiteChannel` shape: `allOf: [oneOf: [Slack, Linear], {role}]`."""
    kinds = {name: {"type": "object", "required": ["type"],
                    "properties": {"type": {"type": "string", "enum": [name.lower()]}}}
             for name in ("Slack", "Linear", "Teams")}
    body = {"allOf": [{"oneOf": [_ref("Slack"), _ref("Linear")]},
                      {"type": "object", "properties": {"role": {"type": "string"}}}]}
    return {"openapi": "3.0.3", "info": {"title": "Channels", "version": "1"},
            "components": {"schemas": kinds},
            "paths": {"/channels": {"post": {
                "operationId": "create_channel", "tags": ["channels"],
                "requestBody": {"required": True,
                                "content": {"application/json": {"schema": body}}},
                "responses": {"204": {"description": "ok"}}}}}}


def _body(doc: dict[str, Any]) -> dict[str, Any]:
    post = doc["paths"]["/channels"]["post"]
    schema: dict[str, Any] = post["requestBody"]["content"]["application/json"]["schema"]
    return schema


def _label_added(doc: dict[str, Any]) -> None:
    _body(doc)["allOf"][1]["properties"]["label"] = {"type": "integer"}


def _branch_added(doc: dict[str, Any]) -> None:
    _body(doc)["allOf"][0]["oneOf"].append(_ref("Teams"))


def _role_required(doc: dict[str, Any]) -> None:
    _body(doc)["allOf"][1]["required"] = ["role"]


def _clients(change: Any, kind: str = "") -> list[str | None]:
    """The client effects of the changes `change` makes (those of `kind`, if given)."""
    old, new = _document(), _document()
    change(new)
    return [c.client for c in diff_with_client(old, new) if c.kind.startswith(kind)]


def _argument(*branches: int) -> str:
    return " | ".join(f"_models.{BODY}{i} | _params.{BODY}{i}Param" for i in branches)


def test_a_property_added_in_the_merged_part_is_the_body_arguments() -> None:
    """At a6f80ef2 it was `argument label` (spread); since the body became one argument,
    diff named `models.ChannelsCreateChannelBody.label`, a field of a RootModel that has none."""
    assert _clients(_label_added) == [f"{METHOD}: argument body: at label: added (optional)"]


def test_a_branch_added_retypes_the_body_argument_as_the_signature_spells_it() -> None:
    """Was `argument body: gained a object branch; type unchanged: _models.ChannelsCreate
    ChannelBody | _params.ChannelsCreateChannelBodyParam`: a class and a param the package
    does not have, and no change where the signature gains a class."""
    (client,) = _clients(_branch_added, "one-of-branch-added")
    before, after = elided(_argument(1, 2), _argument(1, 2, 3))
    assert client == f"{METHOD}: argument body: {before} -> {after}"


def test_a_property_made_required_in_the_merged_part_is_the_body_arguments() -> None:
    assert _clients(_role_required) == [f"{METHOD}: argument body: at role: now required"]


def test_the_names_diff_prints_are_the_generated_packages_own(tmp_path: Path) -> None:
    """The body argument's annotation diff spells is the generated method's, on both sides."""
    import re

    from generator import pipeline

    for side, change in (("old", None), ("new", _branch_added)):
        doc = copy.deepcopy(_document())
        if change:
            change(doc)
        spec = tmp_path / f"{side}.json"
        spec.write_text(json.dumps(doc))
        files = pipeline.build_packages([pipeline.target_for_spec(spec, side)])[side]
        source = files["resources/channels.py"]
        signature = source[source.index("    def create_channel("):].split("extra_headers")[0]
        spelt = re.sub(r"\s+", " ", signature.split("body: ", 1)[1]).rstrip(", ")
        assert spelt == (_argument(1, 2) if side == "old" else _argument(1, 2, 3))


def _shapes() -> dict[str, list[Any]]:
    """`allOf`s merging in a union, as named in the methods of one document: the classes dcg
    numbers the branches after differ with how many inline branches and parts there are."""
    role = {"type": "object", "properties": {"role": {"type": "string"}}}
    inline_branches = [{"type": "object", "properties": {"a": {"type": "string"}}},
                       {"type": "object", "properties": {"b": {"type": "string"}}}]
    return {
        "refs_then_part": [{"oneOf": [_ref("Slack"), _ref("Linear")]}, role],
        "component_of_refs": [_ref("Setup"), role],
        "component_of_inline_branches": [_ref("SetupInline"), role],
        "part_then_refs": [_ref("Contact"), {"oneOf": [_ref("Slack"), _ref("Linear")]}],
        "part_then_inline": [_ref("Contact"), {"oneOf": inline_branches}],
        "required_beside_properties": [_ref("Contact"), {
            "properties": {"x": {"type": "string"}},
            "anyOf": [{"required": ["email"]}, {"required": ["phone"]}]}],
        "two_parts": [_ref("Setup"), role, {"properties": {"z": {"type": "integer"}}}],
        "one_part": [_ref("SetupInline")],
        "nullable": [{"oneOf": [_ref("Slack"), {"type": "null"}]}, role],
    }


def test_the_body_argument_is_spelt_as_each_generated_signature_spells_it(tmp_path: Path) -> None:
    import re

    from generator import ir, pipeline
    from generator.drift.diff.types import client_annotations

    doc = _document()
    schemas = doc["components"]["schemas"]
    schemas["Setup"] = {"oneOf": [_ref("Slack"), _ref("Linear")]}
    schemas["SetupInline"] = {"oneOf": [
        {"type": "object", "properties": {"a": {"type": "string"}}},
        {"type": "object", "properties": {"b": {"type": "string"}}}]}
    schemas["Contact"] = {"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string"}, "email": {"type": "string"}, "phone": {"type": "string"}}}
    doc["paths"] = {f"/{name}": {"post": {
        "operationId": name, "tags": ["s"], "requestBody": {"required": True, "content": {
            "application/json": {"schema": {"allOf": parts}}}},
        "responses": {"204": {"description": "ok"}}}} for name, parts in _shapes().items()}
    spec = tmp_path / "shapes.json"
    spec.write_text(json.dumps(doc))
    source = pipeline.build_packages([pipeline.target_for_spec(spec, "p")])["p"]["resources/s.py"]
    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL")
    spelt = client_annotations(ir.build(doc, options, tolerate=True)).arguments
    for name in _shapes():
        signature = source[source.index(f"    def {name}("):].split("extra_headers")[0]
        generated = re.sub(r"\s+", " ", signature.split("body: ", 1)[1]).strip().rstrip(",")
        assert spelt[(f"/paths/~1{name}/post", "body")] == generated, name


def test_a_schema_first_reached_at_the_depth_limit_is_looked_into_again_when_reached_sooner(
        ) -> None:
    from generator.document.schemas import merges_a_union

    limit = 6
    union = {"oneOf": [_ref("Slack"), _ref("Linear")]}
    inner = {"allOf": [union]}  # the union, one level below `shared`
    shared = {"allOf": [inner]}
    chain: dict[str, Any] = shared
    for _ in range(limit - 1):  # `shared` again, `limit` levels down: its parts cut there
        chain = {"allOf": [chain]}
    assert not merges_a_union({"allOf": [chain]}, lambda node: node, limit)
    assert merges_a_union({"allOf": [shared]}, lambda node: node, limit)
    # the long way first, then the short one: the short one still finds the union
    assert merges_a_union({"allOf": [chain, shared]}, lambda node: node, limit)
