"""A success answer without content added beside a model's (Gitea 1.1.1 -> 1.20.0's
`issueEditComment` gaining a `204`, `$ref`'d from `components/responses/empty`): the generated
method returns `Comment | None` where it returned `Comment` (`render.signatures`), which breaks
code reading the result, and the `204` must not be merged away with the other statuses the
shared `empty` answer was gained at by other operations."""

from __future__ import annotations

import copy
from typing import Any

from generator.drift.check.update import code_changes
from generator.drift.diff.client import diff_with_client
from generator.drift.report import exit_code

Doc = dict[str, Any]


def _doc(*, edit: tuple[str, ...] = ("200",), other: tuple[str, ...] = ("200",),
         nullable: bool = False) -> Doc:
    comment: Doc = {"$ref": "#/components/schemas/Comment"}
    answers: Doc = {
        "200": {"description": "ok", "content": {"application/json": {"schema": comment}}},
        "204": {"$ref": "#/components/responses/empty"},
        "405": {"$ref": "#/components/responses/empty"},
    }
    answers["default"] = answers["200"]
    text = {"description": "ok", "content": {"application/json": {"schema": {
        "type": "string"}}}}
    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {
            "/comments/{id}": {"patch": {
                "operationId": "editComment", "tags": ["issue"],
                "parameters": [{"name": "id", "in": "path", "required": True,
                                "schema": {"type": "integer"}}],
                "responses": {status: answers[status] for status in edit}}},
            "/other": {"get": {
                "operationId": "getOther", "tags": ["issue"],
                "responses": {status: text if status == "200" else answers[status]
                              for status in other}}},
        },
        "components": {
            "responses": {"empty": {"description": "APIEmpty is an empty response"}},
            "schemas": {"Comment": {"type": "object", "nullable": nullable, "properties": {
                "body": {"type": "string"}}}},
        },
    }


def test_a_204_added_beside_the_200_makes_the_method_return_none_too() -> None:
    changes = diff_with_client(_doc(), _doc(edit=("200", "204")))
    (added,) = changes
    assert (added.kind, added.message) == ("response-added",
                                           "PATCH /comments/{id}: response 204 was added")
    assert added.client_breaking
    assert added.client.endswith(
        "client.issue.edit_comment: now returns models.Comment | None (was models.Comment)")
    assert exit_code(changes, "client-breaking") == 1 and exit_code(changes, "breaking") == 0


def test_a_204_removed_says_the_return_no_longer_takes_none_on_the_removal() -> None:
    """Named on the answer's removal, not as a change of its own saying another class; and
    breaking no code (`Comment | None` -> `Comment`: code written for the old return still
    type-checks), where it was said to, as any success answer removed is."""
    changes = diff_with_client(_doc(edit=("200", "204")), _doc())
    (removed,) = changes
    assert removed.kind == "success-response-removed"
    assert removed.client.endswith(
        "client.issue.edit_comment: now returns models.Comment (was models.Comment | None)")
    assert not removed.client_breaking and exit_code(changes, "client-breaking") == 0
    # the operation's own `204` (no shared response): said at it
    own = _doc(edit=("200", "204"))
    own["paths"]["/comments/{id}"]["patch"]["responses"]["204"] = {"description": "none"}
    (removed,) = diff_with_client(own, _doc())
    assert removed.client == (
        "client.issue.edit_comment: now returns models.Comment (was models.Comment | None): "
        "code written for the old return still type-checks")
    assert not removed.client_breaking
    # the only success a 204: the method returned None, and now a Comment (breaking code)
    (only,) = [c for c in diff_with_client(_doc(edit=("204", "default")), _doc(edit=("default",)))
               if c.kind == "success-response-removed"]
    assert only.client_breaking


def test_a_204_added_beside_a_default_makes_the_method_return_none_alone() -> None:
    """A `default` is the method's return only while no 2XX is declared: a `204` added makes
    the method `-> None` (its `Comment` gone from the return), which went unsaid (the return
    of None was no return class at all)."""
    (added,) = diff_with_client(_doc(edit=("default",)), _doc(edit=("default", "204")))
    assert added.kind == "response-added" and added.client_breaking
    assert added.client.endswith(
        "client.issue.edit_comment: now returns None (was models.Comment)")
    # a `200` replaced by a `204`: said once, by the success answer's removal
    said = [c.client for c in diff_with_client(_doc(), _doc(edit=("204",)))]
    assert not any("now returns None" in text for text in said)
    assert any("returns models.Comment: success response removed" in t for t in said)


def test_an_answer_taking_null_already_returns_the_same_after_a_204() -> None:
    (added,) = diff_with_client(_doc(nullable=True), _doc(edit=("200", "204"), nullable=True))
    assert added.kind == "response-added" and "now returns" not in added.client
    assert not added.client_breaking


def test_a_shared_answer_gained_at_two_statuses_is_two_changes() -> None:
    """`empty` gained as the `204` of one operation and the `405` of another: one change per
    status (merged, the `204` and what it does to the method went unsaid)."""
    old = _doc()
    new = copy.deepcopy(_doc(edit=("200", "204"), other=("200", "405")))
    changes = sorted(diff_with_client(old, new), key=lambda c: c.message)
    assert [(c.pointer, c.message) for c in changes] == [
        ("/components/responses/empty", "GET /other: response 405 was added"),
        ("/components/responses/empty", "PATCH /comments/{id}: response 204 was added"),
    ]
    assert [c.client_breaking for c in changes] == [False, True]


def test_update_names_a_method_whose_return_changed() -> None:
    """`update`'s summary of the generated code: a method whose return came to take None
    said `changed method Issue.edit_comment` and nothing of what changed."""
    def resource(returns: str) -> dict[str, str]:
        return {"resources/issue.py": (
            "class Issue:\n"
            f"    def edit_comment(self, *, id: int) -> {returns}:\n"
            "        ...\n")}

    assert code_changes(resource("_models.Comment"), resource("_models.Comment | None")) == [
        "  changed file resources/issue.py",
        "  changed method Issue.edit_comment (returns _models.Comment -> _models.Comment | None)",
    ]
