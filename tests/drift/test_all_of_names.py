"""The classes datamodel-code-generator makes inside `allOf`s are named as it names them, so a
change there names a class models.py has (`diff`'s client texts, generator/drift/diff/types.py):

* an inline part's object property of a component: `<Field>` (`Abc.a1` -> `A1`), unless a
  component whose name sorts before it references it, which dcg parses first and reaches it
  through: `<Name><Field>` (`Zed.z1` -> `ZedZ1`). An allOf part's `title` seemed to decide it
  (`Pet`'s titled part: `PetOwner`); the order does. A property beside the `allOf` likewise
  (`Side.s1` -> `S1`); one that becomes a plain object's is `<Name><Field>`, a class renamed;
* a field's inline `allOf` (or one inline part): the class `<Field>`, not `<Owner><Field>`, its
  parts' object properties `<Field><Prop>`; a list's items `<Singular>` (`f_items` -> `FItem`);
* an inline part's property overrides the one its `$ref`'d parent declares;
* an `allOf` of not exactly one `$ref` whose parts declare a property differently is merged
  into one class (Figma's `TableNode` and its traits): its inline classes are its own."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from generator import ir
from generator.drift.diff.client import diff_with_client
from generator.drift.diff.types import client_annotations
from tests.drift.test_client_types import _normal
from tests.drift.test_folded_roots import _generated_fields

Doc = dict[str, Any]
REF = "#/components/schemas/"


def _object(prop: str) -> Doc:
    return {"type": "object", "properties": {prop: {"type": "object", "properties": {
        "q": {"type": "string"}}}}}


def _part_of_base(prop: str, **extra: Any) -> Doc:
    return {"allOf": [{"$ref": REF + "Base"}, {**_object(prop), **extra}]}


def base() -> Doc:
    schemas = {
        "Base": {"type": "object", "properties": {"id": {"type": "string"},
                                                  "daily": {"type": "string"}}},
        "Abc": _part_of_base("a1"), "Zed": _part_of_base("z1"),
        "Pet": _part_of_base("owner", title="PetExtra"),
        "Mid": _part_of_base("m1"), "Aaa": {"type": "object", "properties": {
            "mid": {"$ref": REF + "Mid"}}},
        "Lonely": _part_of_base("l1"),
        # properties beside the `allOf`: read as one more inline part (linode's `Linode`)
        "Side": {"allOf": [{"$ref": REF + "Base"}], **_object("s1")},
        "Near": {"allOf": [{"$ref": REF + "Base"}], **_object("n1")},
        "Aab": {"type": "object", "properties": {"near": {"$ref": REF + "Near"}}},
        "Override": {"allOf": [{"$ref": REF + "Base"}, {"type": "object", "properties": {
            "daily": {"type": "object", "properties": {"limit": {"type": "number"}}}}}]},
        "Trait": {"type": "object", "properties": {"type": {"type": "string"}, "align": {
            "type": "string", "enum": ["LEFT", "RIGHT"]}}},
        "Sized": {"type": "object", "properties": {"size": {"type": "number"}}},
        # two `$ref` parts and `type` declared twice, differently: dcg merges them all into
        # one class, whose inline classes are its own (`NodeAlign`), not the trait's
        "Node": {"allOf": [{"type": "object", "properties": {"type": {"type": "string",
                                                                      "enum": ["NODE"]}}},
                           {"$ref": REF + "Trait"}, {"$ref": REF + "Sized"}]},
        # the same parts declared alike: it inherits them (`TraitAlign`)
        "Plain": {"allOf": [{"$ref": REF + "Trait"}, {"$ref": REF + "Sized"}]},
        "Holder": {"type": "object", "properties": {
            "node": {"$ref": REF + "Node"}, "plain": {"$ref": REF + "Plain"},
            "abc": {"$ref": REF + "Abc"}, "zed": {"$ref": REF + "Zed"},
            "pet": {"$ref": REF + "Pet"}, "override": {"$ref": REF + "Override"},
            "f_ref_part": _part_of_base("d1"),
            "f_one": {"allOf": [_object("d2")]},
            "f_items": {"type": "array", "items": _part_of_base("d3")}}},
    }
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {"/a": {"get": {"operationId": "get_a", "tags": ["a"], "responses": {
                "200": {"description": "ok", "content": {"application/json": {"schema": {
                    "$ref": REF + "Holder"}}}}}}}},
            "components": {"schemas": schemas}}


def test_the_classes_inside_all_ofs_are_named_as_the_generated_code_names_them(
        tmp_path: Path) -> None:
    document = base()
    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL")
    spelt = client_annotations(ir.build(copy.deepcopy(document), options, tolerate=True))
    generated = _generated_fields(document, tmp_path)
    assert {key: _normal(spelt.fields.get(key, 'None')) for key in generated} == generated
    expected = {("Abc", "a1"): "A1 | None", ("Zed", "z1"): "ZedZ1 | None",
                ("Pet", "owner"): "PetOwner | None", ("Mid", "m1"): "MidM1 | None",
                ("Lonely", "l1"): "L1 | None", ("Override", "daily"): "OverrideDaily | None",
                ("Side", "s1"): "S1 | None", ("Near", "n1"): "NearN1 | None",
                ("Holder", "f_ref_part"): "FRefPart | None", ("FRefPart", "d1"): "FRefPartD1 | None",
                ("Holder", "f_one"): "FOne | None", ("FOne", "d2"): "FOneD2 | None",
                ("Holder", "f_items"): "list[FItem] | None",
                ("Node", "align"): "NodeAlign | None", ("Trait", "align"): "TraitAlign | None"}
    assert {key: generated[key] for key in expected} == expected


def test_a_change_inside_an_all_of_part_names_the_class_models_py_has() -> None:
    new = base()
    for name, prop in (("Zed", "z1"), ("Abc", "a1")):
        new["components"]["schemas"][name]["allOf"][1]["properties"][prop]["properties"][
            "q"] = {"type": "integer"}
    texts = sorted(c.client for c in diff_with_client(base(), new) if c.kind == "type-changed")
    assert texts == ["models.A1.q: str | None -> int | None",
                     "models.ZedZ1.q: str | None -> int | None"]


def test_inline_union_branches_are_numbered_among_the_classes_they_make(tmp_path: Path) -> None:
    """A union's inline object branches are `<Owner><Field>`, `<Owner><Field>1`... (a
    component's: `<Name><Name>`...), counting only them: Figma 0.43.0's `VariableComposedColor`
    branches are `VariableComposedColorVariableComposedColor` and `...1`, said
    `VariableComposedColor1 | VariableComposedColor2` before."""
    def branch(prop: str) -> Doc:
        return {"type": "object", "properties": {prop: {"type": "string"}}}

    document = base()
    schemas = document["components"]["schemas"]
    schemas["Comp"] = {"oneOf": [branch("a"), {"$ref": REF + "Base"}, branch("b")]}
    schemas["Holder"]["properties"].update(
        comp={"$ref": REF + "Comp"}, two={"oneOf": [branch("d"), branch("e")]},
        mixed={"oneOf": [{"type": "string"}, branch("g"), {"$ref": REF + "Base"}, branch("h")]})
    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL")
    spelt = client_annotations(ir.build(copy.deepcopy(document), options, tolerate=True))
    generated = _generated_fields(document, tmp_path)
    assert {key: _normal(spelt.fields.get(key, "None")) for key in generated} == generated
    assert generated[("Holder", "comp")] == "CompComp | Base | CompComp1 | None"
    assert generated[("Holder", "two")] == "HolderTwo | HolderTwo1 | None"
    assert generated[("Holder", "mixed")] == "str | HolderMixed | Base | HolderMixed1 | None"


def test_an_inline_all_of_named_like_a_component_is_never_said_to_be_it() -> None:
    """GitHub 23.0.0's `repositories: {items: {allOf: [$ref repository, {custom_properties}]}}`:
    dcg names the class `Repository2` beside the component `Repository` (a digit not
    foreseen); a property added to the part is not `models.Repository`'s."""
    document = base()
    schemas = document["components"]["schemas"]
    schemas["Repository"] = {"type": "object", "properties": {"id": {"type": "string"}}}
    schemas["Holder"]["properties"]["repositories"] = {"type": "array", "items": {"allOf": [
        {"$ref": REF + "Repository"}, _object("custom")]}}
    new = copy.deepcopy(document)
    new["components"]["schemas"]["Holder"]["properties"]["repositories"]["items"]["allOf"][1][
        "properties"]["extra"] = {"type": "string"}
    (added,) = [c for c in diff_with_client(document, new) if c.kind == "response-property-added"]
    assert not added.client.startswith("models.Repository.")
    assert added.client == "models.HolderRepository.extra: added: str | None"


def _linode(beside: bool) -> Doc:
    """linode's `Linode`: `allOf: [$ref LinodeBase]` with its properties beside it (an inline
    `alerts` object, a `backups` object holding a `schedule` with an enum `day`, an enum
    `status`), or, unless `beside`, the same properties, the `allOf` gone."""
    schedule = {"type": "object", "properties": {"day": {"type": "string",
                                                         "enum": ["Sunday", "Monday"]}}}
    properties = {
        "alerts": {"type": "object", "properties": {"cpu": {"type": "integer"}}},
        "backups": {"type": "object", "properties": {"schedule": schedule}},
        "status": {"type": "string", "enum": ["running", "offline"]}}
    linode: Doc = {"type": "object", "properties": {"id": {"type": "integer"}, **properties}}
    if beside:
        linode = {"allOf": [{"$ref": REF + "LinodeBase"}], "properties": properties}
    document = base()
    document["components"]["schemas"].update(
        LinodeBase={"type": "object", "properties": {"id": {"type": "integer"}}}, Linode=linode)
    # (answered, not a component's `$ref`: `Holder`, parsed first, would name them `Linode...`)
    document["paths"]["/linode"] = {"get": {"operationId": "get_linode", "tags": ["a"],
                                            "responses": {"200": {
                                                "description": "ok", "content": {
                                                    "application/json": {"schema": {
                                                        "$ref": REF + "Linode"}}}}}}}
    return document


def test_inline_classes_named_another_way_are_said_renamed(tmp_path: Path) -> None:
    """The `allOf` gone, dcg names `Linode`'s inline classes `<Owner><Field>` (`Alerts` ->
    `LinodeAlerts`, and below it `BackupsSchedule` -> `LinodeBackupsSchedule`): code naming
    `models.Alerts` breaks. The diff spelt both sides `LinodeAlerts` and said nothing; each
    class is a `class-renamed` of its own at its property now, client-breaking, and an enum's
    value added names its field's old class and new (the old class's field found through the
    rename: `BackupsSchedule.day`, said `annotation unchanged` before)."""
    old, new = _linode(True), _linode(False)
    generated = {key: text for key, text in _generated_fields(old, tmp_path).items()
                 if key[0] in ("Linode", "Backups", "BackupsSchedule")}
    assert generated == {("Linode", "alerts"): "Alerts | None",
                         ("Linode", "backups"): "Backups | None",
                         ("Linode", "status"): "Status | None",
                         ("Backups", "schedule"): "BackupsSchedule | None",
                         ("BackupsSchedule", "day"): "BackupsScheduleDay | None"}
    linode = new["components"]["schemas"]["Linode"]["properties"]
    linode["status"]["enum"].append("stopped")
    linode["backups"]["properties"]["schedule"]["properties"]["day"]["enum"].append("Friday")
    changes = diff_with_client(old, new)
    renamed = {c.pointer: c for c in changes if c.kind == "class-renamed"}
    at = "/components/schemas/Linode/properties/"
    assert {pointer: c.client for pointer, c in renamed.items()} == {
        f"{at}alerts": "models.LinodeAlerts: class renamed (was models.Alerts)",
        f"{at}backups": "models.LinodeBackups: class renamed (was models.Backups)",
        f"{at}backups/properties/schedule":
            "models.LinodeBackupsSchedule: class renamed (was models.BackupsSchedule)",
        f"{at}backups/properties/schedule/properties/day":
            "models.LinodeBackupsScheduleDay: class renamed (was models.BackupsScheduleDay)",
        f"{at}status": "models.LinodeStatus: class renamed (was models.Status)"}
    alerts = renamed[f"{at}alerts"]
    assert alerts.message == ("schema `Linode` property `alerts`: the class made of its inline "
                              "schema is named another way (`Alerts` -> `LinodeAlerts`)")
    assert all(c.client_breaking and c.severity == "non-breaking" for c in renamed.values())
    assert not [c for c in changes if c.kind == "field-class-changed"]
    gained = sorted(c.client for c in changes if c.kind.startswith("enum-value-added"))
    assert gained == [
        ('models.Linode.status: gained enum value(s) "stopped": Status | None -> LinodeStatus'
         ' | None'),
        ('models.LinodeBackupsSchedule.day: gained enum value(s) "Friday": BackupsScheduleDay'
         ' | None -> LinodeBackupsScheduleDay | None')]
