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

