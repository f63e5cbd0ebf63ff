"""Paths pair by template shape, a trailing slash left out (`/pets/` -> `/pets` is the same
path), unless a document has both spellings: Gitea 1.1.1 has `/orgs/{org}/hooks` (GET,
`orgListHooks`) and `/orgs/{org}/hooks/` (POST, `orgCreateHook`), 1.20.0 has both under
`/orgs/{org}/hooks`. Keyed by the same shape, one of the old path items went unread: GET read
as added (`method added`), its answer's items re-pointed from `Branch` to `Hook` never
compared, nothing said of the old path gone."""

from __future__ import annotations

import copy
from typing import Any

from generator.drift.diff.client import diff_with_client
from generator.drift.diff.pairing import old_ops_by_new, path_shapes
from generator.drift.report import exit_code

Doc = dict[str, Any]


def _answer(schema: Doc) -> Doc:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


def _doc(paths: Doc) -> Doc:
    obj = {"type": "object", "properties": {"name": {"type": "string"}}}
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": paths,
            "components": {"schemas": {
                "Branch": obj, "Hook": {"type": "object", "properties": {
                    "id": {"type": "integer"}}}}}}


def _list(item: str) -> Doc:
    return {"operationId": "listHooks", "tags": ["org"], "responses": _answer(
        {"type": "array", "items": {"$ref": f"#/components/schemas/{item}"}})}


CREATE = {"operationId": "createHook", "tags": ["org"],
          "responses": _answer({"$ref": "#/components/schemas/Hook"})}
OLD = _doc({"/hooks": {"get": _list("Branch")}, "/hooks/": {"post": CREATE}})
NEW = _doc({"/hooks": {"get": _list("Hook"), "post": CREATE}})


def test_both_spellings_on_one_side_pair_by_their_exact_spelling() -> None:
    assert path_shapes(["/hooks", "/hooks/"], ["/hooks"]) == (
        {"/hooks": "/hooks", "/hooks/": "/hooks/"}, {"/hooks": "/hooks"})
    assert path_shapes(["/a/{x}/"], ["/a/{y}"]) == ({"/a/{}": "/a/{x}/"}, {"/a/{}": "/a/{y}"})
    assert old_ops_by_new(OLD, NEW)["/paths/~1hooks/get"] == "/paths/~1hooks/get"


def test_the_operation_on_the_path_both_sides_have_is_compared_not_added() -> None:
    changes = diff_with_client(OLD, NEW)
    assert not [c for c in changes if c.pointer == "/paths/~1hooks/get"
                and c.kind == "operation-added"]
    said = "; ".join(c.client for c in changes)
    assert "client.org.list_hooks: now returns list[models.Hook] (was list[models.Branch])" in said


def test_an_operation_moved_to_another_path_is_one_change_not_a_removal_and_an_addition(
) -> None:
    """`POST /hooks/` (`createHook`) under `/hooks` in the new document: it was `path-removed`
    (`client.org.create_hook: method removed`, client-breaking) and `operation-added`
    (`method added`) for a method the package keeps as it was."""
    old = _doc({"/hooks": {"get": _list("Hook")}, "/hooks/": {"post": CREATE}})
    new = _doc({"/hooks": {"get": _list("Hook"), "post": CREATE}})
    changes = diff_with_client(old, new)
    assert [(c.kind, c.severity, c.pointer) for c in changes] == [
        ("operation-path-changed", "breaking", "/paths/~1hooks/post")]
    (moved,) = changes
    assert moved.message == ("POST /hooks: path changed from `/hooks/` (the same operation, "
                             "operationId `createHook`)")
    assert moved.client == ("client.org.create_hook: unchanged, sent to `/hooks` by the "
                            "regenerated client (was `/hooks/`; calls unchanged)")
    assert not moved.client_breaking
    assert exit_code(changes, "client-breaking") == 0 and exit_code(changes, "breaking") == 1


def test_a_moved_operation_is_compared_under_its_new_path() -> None:
    """Moved to a path only the new document has, its other operations added; what changed
    in the operation itself is said as for any other."""
    create = copy.deepcopy(CREATE)
    create["parameters"] = [{"name": "dry", "in": "query", "required": True,
                             "schema": {"type": "boolean"}}]
    old = _doc({"/hooks": {"get": _list("Hook")}, "/old/hooks": {"post": CREATE}})
    new = _doc({"/hooks": {"get": _list("Hook")},
                "/v2/hooks": {"post": create, "put": {**CREATE, "operationId": "putHook"}}})
    found = {c.kind: c for c in diff_with_client(old, new)}
    assert sorted(found) == ["operation-added", "operation-path-changed",
                             "parameter-added-required"]
    assert found["operation-added"].message == "PUT /v2/hooks: operation was added"
    assert found["parameter-added-required"].client == (
        "client.org.create_hook: argument dry: added (required): bool")
    assert found["parameter-added-required"].client_breaking
