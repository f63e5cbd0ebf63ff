"""The client texts of `diff` say the generated code's Python annotations before and after
(generator/drift/diff/types.py spells them from the intermediate model, without running
datamodel-code-generator): minimal pairs, one per kind of change, with the exact texts; and
the spellings checked against the golden packages (tests/golden/), which the real generator
made from the feature documents."""

from __future__ import annotations

import ast
import copy
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator import ir
from generator.document.loading import load
from generator.drift.diff.change import NON_BREAKING, Change
from generator.drift.diff.client import (
    Built,
    built_pair,
    diff_with_client,
    elided,
    operation_record,
    with_client_effects,
)
from generator.drift.diff.types import (
    MAX_WIDENED_TEXT,
    Typing,
    _Arguments,
    client_annotations,
    field_text,
)
from generator.drift.report import exit_code
from tests.support import ROOT
from tests.support.features import feature_specs

Doc = dict[str, Any]
METHOD = "client.issues.add_labels"


def base() -> Doc:
    """`POST /issues/{number}/labels` (query `dry_run` and `mode`, an expanded body of
    `labels: list[str]`) returning an `Issue` (its `state` a `State` enum); a `LabelObject`
    component, unused yet."""
    number = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}
    issue = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Issue"}}},
             "description": "ok"}
    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/issues/{number}/labels": {"post": {
            "operationId": "add_labels", "tags": ["issues"],
            "parameters": [number,
                           {"name": "dry_run", "in": "query", "schema": {"type": "boolean"}},
                           {"name": "mode", "in": "query",
                            "schema": {"type": "string", "enum": ["a", "b"]}}],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Labels"}}}},
            "responses": {"200": issue}}}},
        "components": {"schemas": {
            "Labels": {"type": "object", "required": ["labels"], "properties": {
                "labels": {"type": "array", "items": {"type": "string"}}}},
            "LabelObject": {"type": "object", "required": ["name"],
                            "properties": {"name": {"type": "string"}}},
            "State": {"type": "string", "enum": ["open", "closed"]},
            "Issue": {"type": "object", "required": ["id"], "properties": {
                "id": {"type": "integer"}, "state_reason": {"type": "string"},
                "user": {"type": "object", "properties": {"login": {"type": "string"}}},
                "state": {"$ref": "#/components/schemas/State"}}},
        }},
    }


def _op(doc: Doc) -> Doc:
    return doc["paths"]["/issues/{number}/labels"]["post"]


def _schemas(doc: Doc) -> Doc:
    return doc["components"]["schemas"]


def _query(doc: Doc, name: str) -> Doc:
    return next(p for p in _op(doc)["parameters"] if p["name"] == name)


def _changed(mutate: Callable[[Doc], None]) -> list[Change]:
    new = copy.deepcopy(base())
    mutate(new)
    return diff_with_client(base(), new)


LABELS = "_abc.Sequence[str | _models.LabelObject | _params.LabelObjectParam]"
MODE = "_models.IssuesAddLabelsParamsMode | _typing.Literal"  # an inline enum: its class, values
Case = tuple[str, Callable[[Doc], None], str, str, bool]
CASES: list[Case] = [
    # a wider argument (the issue's example): each label also a `LabelObject` (or its dict form)
    ("argument-type-widened",
     lambda d: _schemas(d)["Labels"]["properties"]["labels"].update(items={"oneOf": [
         {"type": "string"}, {"$ref": "#/components/schemas/LabelObject"}]}),
     "one-of",
     f"{METHOD}: argument labels: list[str] -> {LABELS}", False),
    ("argument-type-narrowed", lambda d: _query(d, "dry_run").update(schema={"type": "string"}),
     "type-changed", f"{METHOD}: argument dry_run: bool | NotGiven -> str | NotGiven", True),
    ("argument-became-required", lambda d: _query(d, "dry_run").update(required=True),
     "parameter-became-required",
     f"{METHOD}: argument dry_run: now required: bool | NotGiven -> bool", True),
    ("argument-added-required",
     lambda d: _op(d)["parameters"].append({"name": "force", "in": "query", "required": True,
                                            "schema": {"type": "integer"}}),
     "parameter-added-required", f"{METHOD}: argument force: added (required): int", True),
    ("argument-added-optional",
     lambda d: _op(d)["parameters"].append({"name": "force", "in": "query",
                                            "schema": {"type": "integer"}}),
     "parameter-added-optional",
     f"{METHOD}: argument force: added (optional): int | NotGiven", False),
    ("body-argument-added-required",
     lambda d: (_schemas(d)["Labels"]["properties"].update(color={"type": "string"}),
                _schemas(d)["Labels"]["required"].append("color")),
     "request-property-added-required", f"{METHOD}: argument color: added (required): str", True),
    ("argument-removed", lambda d: _op(d)["parameters"].remove(_query(d, "dry_run")),
     "parameter-removed", f"{METHOD}: argument dry_run: removed (was bool | NotGiven)", True),
    ("argument-enum-value-added",
     lambda d: _query(d, "mode")["schema"].update(enum=["a", "b", "c"]),
     "enum-value-added-request",
     (f"{METHOD}: argument mode: {MODE}[\"a\", \"b\"] | NotGiven -> "
      f"{MODE}[\"a\", \"b\", \"c\"] | NotGiven"), False),
    ("argument-enum-value-removed", lambda d: _query(d, "mode")["schema"].update(enum=["a"]),
     "enum-value-removed-request",
     (f"{METHOD}: argument mode: {MODE}[\"a\", \"b\"] | NotGiven -> "
      '_typing.Literal["a"] | NotGiven; models.IssuesAddLabelsParamsMode: class removed'), True),
    ("field-type-changed",
     lambda d: _schemas(d)["Issue"]["properties"].update(state_reason={"type": "integer"}),
     "type-changed", "models.Issue.state_reason: str | None -> int | None", True),
    ("field-became-required", lambda d: _schemas(d)["Issue"].update(required=["id", "state_reason"]),
     "response-property-became-required",
     "models.Issue.state_reason: no longer optional: str | None -> str", False),
    ("field-became-optional", lambda d: _schemas(d)["Issue"].update(required=[]),
     "response-property-became-optional", "models.Issue.id: now optional: int -> int | None",
     True),
    ("field-became-nullable", lambda d: _schemas(d)["Issue"]["properties"]["id"].update(
        nullable=True),
     "response-property-became-nullable", "models.Issue.id: now accepts None: int -> int | None",
     True),
    ("field-added", lambda d: _schemas(d)["Issue"]["properties"].update(
        closed_at={"type": "string", "format": "date-time"}),
     "response-property-added", "models.Issue.closed_at: added: datetime | None", False),
    ("field-removed", lambda d: _schemas(d)["Issue"]["properties"].pop("state_reason"),
     "response-property-removed", "models.Issue.state_reason: removed (was str | None)", True),
    # inside an inline object: the class dcg makes of it, `<Owner><Field>`
    ("nested-field-type-changed",
     lambda d: _schemas(d)["Issue"]["properties"]["user"]["properties"].update(
         login={"type": "integer"}),
     "type-changed", "models.IssueUser.login: str | None -> int | None", True),
    ("field-enum-constraint-added", lambda d: _schemas(d)["Issue"]["properties"].update(
        state_reason={"type": "string", "enum": ["completed", "not_planned"]}),
     "enum-constraint-added", "models.Issue.state_reason: str | None -> IssueStateReason | None",
     False),
    # code naming the class stops type-checking, whatever the wire says
    ("model-removed", lambda d: _schemas(d).pop("LabelObject"),
     "component-removed", "models.LabelObject: class removed", True),
    ("model-added", lambda d: _schemas(d).update(Milestone={"type": "object"}),
     "component-added", "models.Milestone: class added", False),
    ("model-renamed", lambda d: _schemas(d).update(Label=_schemas(d).pop("LabelObject")),
     "component-renamed", "models.Label: class renamed (was models.LabelObject)", True),
    # a component enum: the class gains a member (arguments typed with it take the value too)
    ("enum-class-value-added", lambda d: _schemas(d).update(
        State={"type": "string", "enum": ["open", "closed", "locked"]}),
     "enum-value-added", 'models.State: gained enum value(s) "locked"', False),
]


@pytest.mark.parametrize(("mutate", "kind", "text", "client_breaking"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_kind_of_change_says_the_annotations_before_and_after(
        mutate: Callable[[Doc], None], kind: str, text: str, client_breaking: bool) -> None:
    changes = _changed(mutate)
    found = [c for c in changes if c.kind.startswith(kind)]
    assert len(found) == 1, changes
    assert found[0].client == text
    assert found[0].client_breaking is client_breaking
    assert exit_code(changes, "client-breaking") == int(
        any(c.client_breaking for c in changes))


def test_an_argument_that_loses_a_model_class_is_client_breaking() -> None:
    """A branch the differ judged covered (non-breaking on the wire: here stated, as
    `subsume` would decide it) still takes a class out of the argument's annotation: code
    passing `models.IssuesAddLabelsBodyOption2(...)` no longer type-checks."""
    def as_union(doc: Doc, *branches: Doc) -> Doc:
        _op(doc)["requestBody"]["content"]["application/json"]["schema"] = {"oneOf": [
            {"type": "array", "items": {"type": "string"}}, *branches]}
        return doc

    labels = {"type": "object", "properties": {"labels": {"type": "array",
                                                           "items": {"type": "string"}}}}
    old, new = as_union(base(), labels), as_union(base())
    pointer = ("/paths/~1issues~1{number}~1labels/post/requestBody/content/application~1json"
               "/schema/oneOf/1")
    covered = Change(pointer, "one-of-branch-removed", NON_BREAKING, "lost a branch", side="old")
    built = {"old": Built(old), "new": Built(new)}
    try:
        (traced,) = with_client_effects([covered], built)
    finally:
        for side in built.values():
            side.close()
    assert traced.client == (
        f"{METHOD}: argument body: list[str] | _models.IssuesAddLabelsBodyOption2"
        " | _params.IssuesAddLabelsBodyOption2Param -> list[str] (no longer takes"
        " models.IssuesAddLabelsBodyOption2)")
    assert traced.client_breaking


def test_long_annotations_elide_the_members_both_share() -> None:
    before = " | ".join(f"Address{i}" for i in range(12))
    after = before + " | NewAddress"
    assert elided(f"list[{before}] | None", f"list[{after}] | None") == (
        "list[Address0 | ... | Address11] | None",
        "list[Address0 | ... | Address11 | NewAddress] | None")
    assert elided("A | B", "A | C") == ("A | B", "A | C")  # nothing long enough to elide


# ---- the spellings agree with what the generator wrote -----------------------------------

GOLDEN = ROOT / "tests" / "golden"
# What types.py does not foresee (docs/drift.md, "How the types are spelt"): a `propertyNames`
# enum as a dict's key type, dcg's own names for recursive root models, a discriminator's
# `Literal`, and an enum holding `null` (a root model of an enum class). (Items of a list that
# carry constraints of their own, `maxLength: 3`, are the root model dcg makes of them,
# `list[CitiesAddCityBodyTag]`: spelt `list[str]` before.)
KNOWN_DIFFERENCES = {
    ("feat_forward_refs", "field", "Footer", "localizedTitle"),
    ("feat_forward_refs", "argument", "plant_forest", "body"),
    ("feat_forward_refs", "argument", "set_footer", "localized_title"),
    ("feat_forward_refs", "argument", "set_visitor", "claims"),
    ("feat_one_of", "field", "Cat", "pet_type"),
    ("feat_one_of", "field", "Dog", "pet_type"),
    ("feat_typed_bodies", "argument", "create_note", "channel"),
}


class _Unannotated(ast.NodeTransformer):
    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        if isinstance(node.value, ast.Name) and node.value.id == "Annotated":
            assert isinstance(node.slice, ast.Tuple)
            found: ast.AST = self.visit(node.slice.elts[0])
            return found
        return self.generic_visit(node)


def _golden_fields(package: str) -> dict[tuple[str, str], str]:
    """(class, wire name) -> the field's annotation in models/, `Annotated[...]` left out."""
    found = {}
    for module in (GOLDEN / package / "models").glob("_*.py"):
        for node in ast.parse(module.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.ClassDef):
                continue
            for statement in node.body:
                if (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
                        and statement.target.id not in ("model_config", "root")):
                    alias = [k.value.value for k in ast.walk(statement)
                             if isinstance(k, ast.keyword) and k.arg == "alias"
                             and isinstance(k.value, ast.Constant)]
                    wire = alias[0] if alias else statement.target.id
                    found[(node.name, wire)] = ast.unparse(_Unannotated().visit(
                        statement.annotation))
    return found


def _golden_arguments(package: str, resource: str, method: str) -> dict[str, str]:
    """The keyword arguments of the sync method, as its resource module annotates them (the
    last definition: an overloaded method's implementation)."""
    tree = ast.parse((GOLDEN / package / "resources" / f"{resource}.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and not node.name.startswith("Async"):
            defined = [d for d in node.body if isinstance(d, ast.FunctionDef) and d.name == method]
            if defined:
                return {a.arg: ast.unparse(a.annotation) for a in defined[-1].args.kwonlyargs
                        if a.annotation is not None}
    return {}


def _normal(annotation: str) -> str:
    return ast.unparse(ast.parse(annotation, mode="eval"))


def _disagreements(package: str, path: Path) -> tuple[int, set[tuple[str, str, str, str]]]:
    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL")
    api = ir.build(dict(load(path).data), options, tolerate=True)
    ours = client_annotations(api)
    compared, differing = 0, set()
    for (model, wire), annotation in _golden_fields(package).items():
        compared += 1
        if _normal(ours.fields.get((model, wire), "None")) != annotation:
            differing.add((package, "field", model, wire))
    for resource in api.resources:
        for operation in resource.operations:
            golden = _golden_arguments(package, resource.attr, operation.name)
            for param in operation.params:
                if param.name == operation.stream_param:
                    continue  # the overloads type the streaming switch themselves
                compared += 1
                if _normal(ours.arguments[(operation.pointer, param.name)]) != golden.get(
                        param.name):
                    differing.add((package, "argument", operation.name, param.name))
    return compared, differing


def test_the_spelt_annotations_are_the_generated_ones() -> None:
    """Every model field and every argument of every feature package, compared with the
    golden record: the same annotation, but for the few cases named above."""
    compared, differing = 0, set()
    for package, path in feature_specs().items():
        count, found = _disagreements(package, path)
        compared += count
        differing |= found
    assert compared > 300
    assert differing == KNOWN_DIFFERENCES


def test_hostile_schemas_are_spelt_in_bounded_time() -> None:
    """Root models naming the next one twice, 40 levels (inlined: 2**40 types; dcg keeps them
    named past 1 000, models/fan_out.py), an `allOf` cycle and an unhashable `const`: spelt
    without blowing up, the fan-out kept by name as dcg keeps it."""
    schemas: Doc = {f"S{i}": {"anyOf": [{"type": "array", "items": {"$ref": f"#/components/schemas/S{i + 1}"}},
                                        {"additionalProperties": {"$ref": f"#/components/schemas/S{i + 1}"}}]}
                    for i in range(40)}
    schemas["S40"] = {"type": "string"}
    schemas["A"] = {"allOf": [{"$ref": "#/components/schemas/B"}]}
    schemas["B"] = {"allOf": [{"$ref": "#/components/schemas/A"}]}
    schemas["Top"] = {"type": "object", "properties": {
        "tree": {"$ref": "#/components/schemas/S0"}, "odd": {"const": {"a": [1]}},
        "loop": {"$ref": "#/components/schemas/A"}}}
    typing = Typing({"components": {"schemas": schemas}})
    tree = field_text(typing.field_union("Top", "tree") or [])
    assert tree.startswith("list[") and len(tree) < 20_000
    assert field_text(typing.field_union("Top", "odd") or []) == "Any | None"
    assert field_text(typing.field_union("Top", "loop") or []) == "A | None"
    assert not typing.has_field("A", "missing")
    # an argument of that type: each root spelt once, the widening bounded (models/params.py
    # keeps a root past its bound as the model alone); unbounded it was a 65 MB string
    spelt, _ = _Arguments(typing).text(typing.root_union("S0"))
    assert spelt.startswith("list[") and len(spelt) < 3 * MAX_WIDENED_TEXT
    assert "_models.S" in spelt


def test_one_child_sends_both_sides_as_slim_records() -> None:
    """`built_pair` builds both sides in one child, one after the other, and gets what a child
    per side gets; what comes back holds no `ir` object (the 13 MB document's operations,
    unpickled whole, took the parent up by more than 100 MiB), only what the effects read."""
    new = copy.deepcopy(base())
    _query(new, "dry_run")["schema"] = {"type": "string"}
    pair = built_pair(base(), new)
    alone = {"old": Built(base()), "new": Built(new)}
    try:
        for side in ("old", "new"):
            found = pair[side].operations()
            assert found is not None and found == alone[side].operations()
            assert b"generator.ir" not in pickle.dumps(found)
    finally:
        for built in (*pair.values(), *alone.values()):
            built.close()
    api = ir.build(base(), ir.BuildOptions(package="client", api_key_env="K", base_url_env="U"),
                   tolerate=True)
    ((resource, operation),) = [(r.attr, o) for r in api.resources for o in r.operations]
    record = operation_record(resource, operation)
    assert (record.pointer, record.name, record.resource) == (operation.pointer, "add_labels",
                                                              "issues")
    assert [(p.name, p.wire_name, p.location, p.model_class, p.model_key)
            for p in record.params] == [(p.name, p.wire_name, p.location, p.model_class,
                                         p.model_key) for p in operation.params]
    assert record.body is not None and operation.body is not None
    assert (record.body.media_type, record.body.model_class, record.body.expanded) == (
        operation.body.media_type, operation.body.model_class, operation.body.expanded)
    assert [(r.status, r.model_class) for r in record.responses] == [
        (r.status, r.model_class) for r in (*operation.success, *operation.errors)]


def _golden_enums(package: str) -> dict[str, list[str]]:
    """Each enum class of the package's models/ -> its members' names, in order."""
    found = {}
    for module in (GOLDEN / package / "models").glob("_*.py"):
        for node in ast.parse(module.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(b, ast.Name) and b.id.endswith("Enum") for b in node.bases):
                found[node.name] = [t.id for s in node.body if isinstance(s, ast.Assign)
                                    for t in s.targets if isinstance(t, ast.Name)]
    return found


def _golden_returns(package: str, resource: str, method: str) -> str:
    """The sync method's return annotation (the last definition's: an implementation)."""
    tree = ast.parse((GOLDEN / package / "resources" / f"{resource}.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and not node.name.startswith("Async"):
            defined = [d for d in node.body if isinstance(d, ast.FunctionDef) and d.name == method]
            if defined and defined[-1].returns is not None:
                return ast.unparse(defined[-1].returns)
    return ""


def test_enum_members_and_pages_are_the_generated_ones() -> None:
    """The enum classes and member names `diff` says are removed (`types.enum_members`), and
    the paginated methods with their items (`client.operation_record`), against every feature
    package of the golden record. The one enum apart: `Channel`, an enum holding `null`, is a
    root model of dcg's `ChannelChannelEnum` (named above)."""
    pages = 0
    for package, path in feature_specs().items():
        options = ir.BuildOptions(package="client", api_key_env="K", base_url_env="U")
        api = ir.build(dict(load(path).data), options, tolerate=True)
        ours = client_annotations(api)
        spelt = {name: [member for _, member in members] for name, members in ours.enums.items()}
        golden = _golden_enums(package)
        if package == "feat_typed_bodies":
            spelt["ChannelChannelEnum"] = spelt.pop("Channel")
        assert spelt == golden, package
        for resource in api.resources:
            for operation in resource.operations:
                record = operation_record(resource.attr, operation, ours)
                returns = _golden_returns(package, resource.attr, operation.name)
                if record.pages is None:
                    assert not returns.startswith("SyncPage["), (package, operation.name)
                    continue
                pages += 1
                item = record.pages.item.replace("models.", "_models.")
                # a link walk's answer is the array itself: the type its root model wraps
                answer = (f"_builtins.list[{item}]" if record.returns in ours.root_types
                          else f"_models.{record.returns}")
                assert returns == f"SyncPage[{item}, {answer}]"
    assert pages == 11
