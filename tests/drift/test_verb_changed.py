"""An operation that keeps its path and operationId but changes its HTTP method (POST -> PUT)
is one change, `operation-method-changed`, not an operation removed plus one added: breaking
on the wire (an old caller's POST is no longer answered), and for the generated client the
method it was (its name comes from the operationId), sent with the new verb: not
client-breaking, unless the operation's own changes (compared as any operation's) break it.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from generator.cli import main
from generator.drift.diff.client import diff_with_client
from generator.drift.diff.differ import diff
from generator.drift.report import exit_code, format_changes

Doc = dict[str, Any]
PETS = "/paths/~1pets~1{id}"


def base() -> Doc:
    pet_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}
    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/pets/{id}": {
            "post": {
                "operationId": "update_pet", "tags": ["pets"], "parameters": [pet_id],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Pet"}}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Pet"}}}}}},
            "get": {
                "operationId": "get_pet", "tags": ["pets"], "parameters": [pet_id],
                "responses": {"200": {"description": "ok", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Pet"}}}}}},
        }},
        "components": {"schemas": {"Pet": {
            "type": "object", "required": ["name"],
            "properties": {"name": {"type": "string"}, "tag": {"type": "string"}}}}},
    }


def _moved(doc: Doc, old: str = "post", new: str = "put") -> Doc:
    item = doc["paths"]["/pets/{id}"]
    item[new] = item.pop(old)
    return doc


def test_a_verb_changed_is_one_change_not_a_removal_and_an_addition() -> None:
    changes = diff_with_client(base(), _moved(copy.deepcopy(base())))
    assert [(c.kind, c.severity, c.pointer, c.side) for c in changes] == [
        ("operation-method-changed", "breaking", PETS + "/put", "new")]
    (change,) = changes
    assert change.message == ("PUT /pets/{id}: HTTP method changed from POST to PUT (the same "
                              "operation, operationId `update_pet`)")
    assert change.client == ("client.pets.update_pet: unchanged, sent as PUT by the regenerated "
                             "client (was POST; calls unchanged)")
    assert change.client_breaking is False
    assert exit_code(changes, "client-breaking") == 0
    assert exit_code(changes, "breaking") == 1


def test_the_operation_is_compared_across_the_verbs() -> None:
    """What else changed in the operation is reported as for any operation, under the new
    verb's label; a removal points into the old document at the old verb."""
    new = _moved(copy.deepcopy(base()))
    op = new["paths"]["/pets/{id}"]["put"]
    op["parameters"] = [*op["parameters"], {"name": "force", "in": "query", "required": True,
                                            "schema": {"type": "boolean"}}]
    old = copy.deepcopy(base())
    old["paths"]["/pets/{id}"]["post"]["parameters"].append(
        {"name": "dry_run", "in": "query", "schema": {"type": "boolean"}})
    changes = {c.kind: c for c in diff_with_client(old, new)}
    assert sorted(changes) == ["operation-method-changed", "parameter-added-required",
                               "parameter-removed"]
    added, removed = changes["parameter-added-required"], changes["parameter-removed"]
    assert added.pointer == PETS + "/put/parameters/1"
    assert added.message == "PUT /pets/{id}: query parameter `force` was added as required"
    assert added.client == "client.pets.update_pet: argument force: added (required): bool"
    assert added.client_breaking
    assert (removed.pointer, removed.side) == (PETS + "/post/parameters/1", "old")
    assert removed.client.startswith("client.pets.update_pet: argument dry_run: removed")
    assert not changes["operation-method-changed"].client_breaking


def test_without_the_same_operation_id_it_stays_a_removal_and_an_addition() -> None:
    new = _moved(copy.deepcopy(base()))
    new["paths"]["/pets/{id}"]["put"]["operationId"] = "replace_pet"
    assert sorted(c.kind for c in diff(base(), new)) == ["operation-added", "operation-removed"]
    # two operations without operationIds: nothing says they are the same one
    old, new = base(), _moved(copy.deepcopy(base()))
    del old["paths"]["/pets/{id}"]["post"]["operationId"]
    del new["paths"]["/pets/{id}"]["put"]["operationId"]
    assert sorted(c.kind for c in diff(old, new)) == ["operation-added", "operation-removed"]


def test_a_verb_taken_by_another_operation_is_not_a_move() -> None:
    """POST -> PUT where the old document had a PUT already is that PUT's own change."""
    old = copy.deepcopy(base())
    old["paths"]["/pets/{id}"]["put"] = {"operationId": "replace_pet", "responses": {
        "204": {"description": "done"}}}
    new = copy.deepcopy(old)
    new["paths"]["/pets/{id}"].pop("post")
    assert sorted(c.kind for c in diff(old, new)) == ["operation-removed"]


def test_the_command_reports_it_once_in_every_format(tmp_path: Path,
                                                     capsys: Any) -> None:
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(base()))
    new.write_text(json.dumps(_moved(copy.deepcopy(base()))))
    assert main(["diff", str(old), str(new), "--no-cache", "--fail-on", "client-breaking"]) == 0
    text = capsys.readouterr().out
    assert text.count("operation-method-changed") == 1
    assert "operation-removed" not in text and "operation-added" not in text
    assert main(["diff", str(old), str(new), "--no-cache", "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [c["kind"] for c in report["changes"]] == ["operation-method-changed"]
    assert main(["diff", str(old), str(new), "--no-cache", "--format", "markdown"]) == 1
    assert "HTTP method changed from POST to PUT" in capsys.readouterr().out
    changes = diff_with_client(base(), _moved(copy.deepcopy(base())))
    assert "client.pets.update_pet" in format_changes(changes, "text")


# --------------------------------------------------------------------------- a path moved


def _at(doc: Doc, path: str) -> Doc:
    doc["paths"][path] = doc["paths"].pop("/pets/{id}")
    return doc


def test_a_path_moved_with_its_operations_is_one_change_not_removals_and_additions() -> None:
    """`/pets/{id}` -> `/animals/{id}` (or a `/v2` prefix on every path), the same operationIds
    (a CI engineer's trial: methods removed and added, client-breaking): one `path-changed`,
    breaking for a caller sending to the old URL; the generated methods are the ones they were
    (named by their operationIds), sent to the new URL: calls unchanged. The operations are
    still compared: a change in one is reported under the new path."""
    for path in ("/animals/{id}", "/v2/pets/{id}"):
        changes = diff_with_client(base(), _at(copy.deepcopy(base()), path))
        pointer = "/paths/" + path.replace("/", "~1")
        assert [(c.kind, c.severity, c.pointer) for c in changes] == [
            ("path-changed", "breaking", pointer)]
        (change,) = changes
        assert change.message == (f"path `/pets/{{id}}` is now `{path}` (the same operations: "
                                  "operationId `get_pet`, `update_pet`)")
        assert change.client == ("client.pets.get_pet, client.pets.update_pet: calls unchanged "
                                 f"(the regenerated client sends them to `{path}`, was "
                                 "`/pets/{id}`)")
        assert not change.client_breaking and exit_code(changes, "client-breaking") == 0

    new = _at(copy.deepcopy(base()), "/animals/{id}")
    new["paths"]["/animals/{id}"]["get"]["parameters"] = [
        *new["paths"]["/animals/{id}"]["get"]["parameters"],
        {"name": "full", "in": "query", "required": True, "schema": {"type": "boolean"}}]
    kinds = {c.kind: c for c in diff_with_client(base(), new)}
    assert sorted(kinds) == ["parameter-added-required", "path-changed"]
    assert kinds["parameter-added-required"].pointer.startswith("/paths/~1animals~1{id}/get/")


def test_a_path_moved_renaming_its_parameter_does_not_say_calls_unchanged() -> None:
    """`/pets/{id}` -> `/animals/{petId}`: the move's client line said "calls unchanged" while
    `path-parameter-renamed` beside it said the argument `id` became `pet_id`."""
    new = _at(copy.deepcopy(base()), "/animals/{petId}")
    for operation in new["paths"]["/animals/{petId}"].values():
        for parameter in operation.get("parameters", []):
            if parameter.get("in") == "path":
                parameter["name"] = "petId"
    changes = {c.kind: c for c in diff_with_client(base(), new)}
    assert "calls unchanged" not in (changes["path-changed"].client or "")
    assert changes["path-parameter-renamed"].client_breaking


def test_a_path_moved_with_other_operations_is_removed_and_added() -> None:
    """Another operationId under the new path: not the same path item; the operation whose
    operationId both have is one operation moved (`pairing.operations_moved`), the others
    removed and added."""
    new = _at(copy.deepcopy(base()), "/animals/{id}")
    new["paths"]["/animals/{id}"]["get"]["operationId"] = "get_animal"
    assert sorted(c.kind for c in diff(base(), new)) == [
        "operation-added", "operation-path-changed", "operation-removed"]
