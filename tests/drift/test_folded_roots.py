"""Root models datamodel-code-generator writes into their uses (`--collapse-root-models`) have
no class in models.py: `diff` names the fields and arguments they are written into, never a
`models.X` that does not exist (Dialogporten 1.40.0 -> 1.118.6 removed
`ContinuationTokenSetOfTOrderDefinitionAndTTarget`, an alias of `{}` used by a query parameter:
"models.ContinuationTokenSetOfTOrderDefinitionAndTTarget: class removed", client-breaking, was
said of a class the package never had). The classes `types.py` says are folded are checked
against a package the real generator makes."""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import yaml

from generator import ir, pipeline
from generator.drift.diff.client import diff_with_client
from generator.drift.diff.types import client_annotations
from tests.drift.test_client_types import _Unannotated

Doc = dict[str, Any]
REF = "#/components/schemas/"


def base() -> Doc:
    """`GET /items` (a query parameter that is a nullable `oneOf` of an empty schema, as
    Dialogporten's `continuationToken`) answering a `Page` whose fields use root models of
    each kind: a list of a class, a string alias, a `$ref` alone, a constrained string in a
    list and in a map; roots no field uses; a root list answered whole."""
    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/items": {"get": {
            "operationId": "list_items", "tags": ["items"],
            "parameters": [{"name": "token", "in": "query", "schema": {
                "nullable": True, "oneOf": [{"$ref": REF + "TokenSet"}]}}],
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": REF + "Page"}}}}}}},
            "/all": {"get": {
                "operationId": "all_items", "tags": ["items"],
                "responses": {"200": {"description": "ok", "content": {"application/json": {
                    "schema": {"$ref": REF + "Answered"}}}}}}}},
        "components": {"schemas": {
            "Item": {"type": "object", "properties": {"a": {"type": "string"}}},
            "TokenSet": {},
            "ItemSet": {"type": "array", "items": {"$ref": REF + "Item"}},
            "Name": {"type": "string"},
            "Alias": {"$ref": REF + "Item"},
            "Tag": {"type": "string", "maxLength": 3},
            "Unused": {"type": "array", "items": {"$ref": REF + "Item"}},
            "Answered": {"type": "array", "items": {"$ref": REF + "Item"}},
            "Page": {"type": "object", "properties": {
                "items": {"$ref": REF + "ItemSet"},
                "name": {"$ref": REF + "Name"},
                "alias": {"$ref": REF + "Alias"},
                "tags": {"type": "array", "items": {"$ref": REF + "Tag"}},
                "by_tag": {"type": "object", "additionalProperties": {"$ref": REF + "Tag"}},
                "one_tag": {"$ref": REF + "Tag"}}},
        }},
    }


def _generated_classes(document: Doc, folder: Path) -> set[str]:
    """The names models/ defines (classes and type aliases), from the real generator."""
    spec = folder / "api.yaml"
    spec.write_text(yaml.safe_dump(document), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "api")])["api"]
    names = set()
    for path, text in files.items():
        if path.startswith("models/_"):
            for node in ast.parse(text).body:
                if isinstance(node, ast.ClassDef):
                    names.add(node.name)
                elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                    names.add(node.targets[0].id)
    return names


def test_the_roots_said_folded_are_those_models_py_has_no_class_for(tmp_path: Path) -> None:
    document = base()
    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL")
    spelt = client_annotations(ir.build(copy.deepcopy(document), options, tolerate=True))
    generated = _generated_classes(document, tmp_path)
    components = set(document["components"]["schemas"])
    assert {"TokenSet", "ItemSet", "Name"} == components - generated
    assert set(spelt.folded) == components - generated
    assert spelt.folded["ItemSet"] == (("Page", "items"),)
    # a root whose type is another model stays named where it is used, as dcg keeps it; a
    # constrained root stays named in a list or a map (its constraint has nowhere else to go)
    assert spelt.fields[("Page", "alias")] == "Alias | None"
    assert spelt.fields[("Page", "tags")] == "list[Tag] | None"
    assert spelt.fields[("Page", "by_tag")] == "dict[str, Tag] | None"
    assert spelt.fields[("Page", "one_tag")] == "str | None"


def _changed(mutate: Any) -> list[Any]:
    new = base()
    mutate(new["components"]["schemas"])
    return diff_with_client(base(), new)


def test_a_root_with_no_class_removed_names_its_uses_and_breaks_no_class_name() -> None:
    def remove(schemas: Doc) -> None:
        del schemas["TokenSet"]
        schemas["Page"]["properties"].pop("items")
        del schemas["ItemSet"]

    changes = {c.pointer: c for c in _changed(remove)}
    token = changes["/components/schemas/TokenSet"]
    assert token.kind == "component-removed"
    assert token.client == (
        "schema `TokenSet` removed; models.py had no class of its own for it, its uses were "
        "typed with what it held: client.items.list_items: argument token")
    assert token.client_breaking is False
    item_set = changes["/components/schemas/ItemSet"]
    assert "models.ItemSet" not in item_set.client and item_set.client_breaking is False
    # the class that did exist is still a class removed
    (alias,) = [c for c in _changed(lambda s: s.pop("Unused")) if c.kind == "component-removed"]
    assert (alias.client, alias.client_breaking) == ("models.Unused: class removed", True)


def test_a_root_with_no_class_renamed_or_changed_names_its_uses() -> None:
    renamed = _changed(lambda s: (s.update(ItemList=s.pop("ItemSet")),
                                  s["Page"]["properties"].update(items={"$ref": REF + "ItemList"})))
    (change,) = [c for c in renamed if c.kind == "component-renamed"]
    assert change.client == (
        "schema `ItemSet` renamed to `ItemList`; models.py has no class of its own for it, its "
        "uses are typed with what it holds: models.Page.items")
    assert change.client_breaking is False
    retyped = _changed(lambda s: s.update(Name={"type": "integer"}))
    (change,) = [c for c in retyped if c.pointer == "/components/schemas/Name"]
    assert change.client == ("models.Page.name: str | None -> int | None (models.py has no "
                             "class for schema `Name`: its uses are typed with what it holds)")
    assert change.client_breaking is True



# ---- list items (map values) with constraints of their own ------------------------------

def _constrained_doc(items: Doc) -> Doc:
    """`POST /a` taking `labels` (an expanded body) and answering a `Body` of `tags`, each a
    list of `items`; and maps and nested lists of constrained values."""
    def props(name: str) -> Doc:
        return {name: {"type": "array", "items": copy.deepcopy(items)},
                "by_key": {"type": "object", "additionalProperties": {"type": "integer",
                                                                      "maximum": 5}},
                "rows": {"type": "array", "items": {"type": "array", "items": {
                    "type": "string", "pattern": "^x"}}},
                "when": {"type": "array", "items": {"type": "string", "format": "date-time",
                                                    "maxLength": 40}},
                "values": {"type": "object", "additionalProperties": {
                    "type": "object", "properties": {"x": {"type": "string"}}}},
                "lat": {"oneOf": [{"type": "string"}, {"type": "number", "minimum": -90}]},
                "where": {"$ref": REF + "Latitude"},
                # ideal-postcodes' `InvalidPhoneNumber`: `None`, no enum class
                "gone": {"type": "string", "nullable": True, "enum": [None]}}

    def schema(name: str) -> Doc:
        return {"content": {"application/json": {"schema": {"$ref": REF + name}}}}

    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/a": {"post": {
            "operationId": "add", "tags": ["a"], "requestBody": schema("Req"),
            "responses": {"200": {"description": "ok", **schema("Body")}}}}},
        "components": {"schemas": {
            "Latitude": {"oneOf": [{"type": "string"}, {"type": "number", "maximum": 90}]},
            "Req": {"type": "object", "properties": props("labels")},
            "Body": {"type": "object", "properties": props("tags")}}},
    }


def _generated_fields(document: Doc, folder: Path) -> dict[tuple[str, str], str]:
    spec = folder / "api.yaml"
    spec.write_text(yaml.safe_dump(document), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "api")])["api"]
    found = {}
    for path, text in files.items():
        for node in ast.parse(text).body if path.startswith("models/_") else ():
            for statement in node.body if isinstance(node, ast.ClassDef) else ():
                if isinstance(statement, ast.AnnAssign) and isinstance(
                        statement.target, ast.Name) and statement.target.id != "root":
                    found[(node.name, statement.target.id)] = ast.unparse(
                        _Unannotated().visit(statement.annotation))
    return found


def test_constrained_items_are_spelt_as_the_generated_code(tmp_path: Path) -> None:
    """dcg makes constrained items a root model of their own (`list[BodyTag]`), a map's
    constrained values a type alias, a union's constrained branch a root model, and leaves a
    `date-time`'s length alone."""
    document = _constrained_doc({"type": "string", "maxLength": 3})
    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL")
    spelt = client_annotations(ir.build(copy.deepcopy(document), options, tolerate=True))
    generated = _generated_fields(document, tmp_path)
    assert {key: spelt.fields.get(key) for key in generated} == generated
    assert generated[("Body", "tags")] == "list[BodyTag] | None"
    assert generated[("Body", "by_key")] == "dict[str, BodyByKeyAdditionalProperty] | None"
    assert generated[("Body", "rows")] == "list[list[BodyRow]] | None"
    assert generated[("Body", "values")] == "dict[str, BodyValues] | None"
    # a constrained branch of a union: a root model named after the union (ideal-postcodes'
    # `latitude: str | LatitudeLatitude`)
    assert generated[("Body", "lat")] == "str | BodyLat | None"
    assert generated[("Body", "where")] == "str | LatitudeLatitude | None"
    assert generated[("Body", "gone")] == "None"
    arguments = {name: text for (_, name), text in spelt.arguments.items()}
    assert arguments["labels"] == "_abc.Sequence[_models.ReqLabel | str] | NotGiven"
    assert arguments["by_key"] == "dict[str, _models.ReqByKeyAdditionalProperty] | NotGiven"


def test_a_bound_that_makes_items_a_class_says_so_and_breaks_readers() -> None:
    old = _constrained_doc({"type": "string"})
    new = _constrained_doc({"type": "string", "maxLength": 3})
    changes = {c.pointer: c for c in diff_with_client(old, new)}
    answer = changes["/components/schemas/Body/properties/tags/items"]
    assert answer.client == ("models.Body.tags: maxLength changed from None to 3; annotation "
                             "list[str] | None -> list[BodyTag] | None")
    assert answer.severity == "non-breaking" and answer.client_breaking  # `tags[0]` is no str
    argument = changes["/components/schemas/Req/properties/labels/items"]
    assert argument.client == (
        "client.a.add: argument labels: maxLength changed from None to 3; annotation list[str] | "
        "NotGiven -> _abc.Sequence[_models.ReqLabel | str] | NotGiven")
    relaxed = {c.pointer: c for c in diff_with_client(new, old)}
    assert relaxed["/components/schemas/Req/properties/labels/items"].client.endswith(
        "(no longer takes models.ReqLabel)")


def test_an_inline_object_whose_type_list_holds_null_is_optional(tmp_path: Path) -> None:
    """3.1's `type: [object, "null"]` beside properties: the class or None (Figma 0.43.0's
    `ActivityLog.actor`, said `ActivityLogActor` alone)."""
    document = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
                "paths": {"/a": {"get": {"operationId": "get_a", "tags": ["a"], "responses": {
                    "200": {"description": "ok", "content": {"application/json": {"schema": {
                        "$ref": REF + "Log"}}}}}}}},
                "components": {"schemas": {"Log": {
                    "type": "object", "required": ["actor"], "properties": {"actor": {
                        "type": ["object", "null"],
                        "properties": {"id": {"type": "string"}}}}}}}}
    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL")
    spelt = client_annotations(ir.build(copy.deepcopy(document), options, tolerate=True))
    generated = _generated_fields(document, tmp_path)
    assert generated[("Log", "actor")] == "LogActor | None" == spelt.fields[("Log", "actor")]


def test_a_method_returning_a_root_others_fold_returns_its_root_wrapper(tmp_path: Path) -> None:
    """`GET /all` answers `Answered`, a list of `Item` a field also uses (and dcg folds
    there): the package keeps it as `AnsweredRoot` (`models.build`'s wrapper), which the
    method returns."""
    old = base()
    old["components"]["schemas"]["Page"]["properties"]["answered"] = {"$ref": REF + "Answered"}
    assert "AnsweredRoot" in _generated_classes(old, tmp_path)
    new = copy.deepcopy(old)
    responses = new["paths"]["/all"]["get"]["responses"]
    responses["201"] = responses.pop("200")
    (removed,) = [c for c in diff_with_client(old, new) if c.kind == "success-response-removed"]
    assert removed.client == ("client.items.all_items: returns models.AnsweredRoot: unchanged "
                              "(the same answer, now documented as 201)")
