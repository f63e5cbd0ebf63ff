"""GitHub's `POST /orgs/{org}/projectsV2/{project_number}/items` (and its `/users/{username}`
twin), REST description 22.0.0 -> 23.0.0 (`@octokit/openapi`), reduced to a minimal pair.

Old request body: `{type: object, properties: {type: enum [Issue, PullRequest], id: integer},
required: [type, id]}`, no `additionalProperties`.
New: the same two properties plus `owner`, `repo` (strings) and `number` (integer);
`required: [type]`; `oneOf: [{required: [id]}, {required: [owner, repo, number]}]`;
`additionalProperties: false`.

Change by change:
* `owner`, `repo`, `number` added as optional properties: not breaking (nothing old callers
  send is affected).
* `id` no longer required at the top, and `oneOf` added: not breaking for any value built from
  the old schema's properties: such a value has `type` and `id` and none of `owner`, `repo`,
  `number` (the old schema did not name them), so it matches the first branch and only it.
* `additionalProperties: false`: the only change that rejects an old value, and only one with
  keys the old schema never named (`{type, id, foo}`, or `{type, id, owner, repo, number}`
  sent as undeclared extras, which now also matches both `oneOf` branches). A generated
  client's method sends the declared properties; undeclared keys arrive only through
  `extra_body`. So it is possibly breaking, never a confident "breaking".
An explicit `additionalProperties: true` (or a schema) made `false` stays breaking: then the
old document did promise that undeclared keys are accepted.

The generated client is another matter: with the `oneOf` beside the properties the method
takes the body as one argument, `body` (typed as the branches' classes), where it took `type`
and `id` as keyword arguments, so `add_item(type=..., id=...)` breaks. The change that made
the union (the `oneOf` branch gained) names that and is client-breaking; its wire verdict is
still non-breaking.
"""

from __future__ import annotations

import copy
from typing import Any

from generator.drift.diff.change import BREAKING, NON_BREAKING, POSSIBLY_BREAKING
from generator.drift.diff.client import NO_EFFECT, diff_with_client
from generator.drift.diff.differ import diff
from generator.drift.report import exit_code

PATH = "/orgs/{org}/projectsV2/{project_number}/items"
SCHEMA = ("/paths/~1orgs~1{org}~1projectsV2~1{project_number}~1items/post/requestBody/content/"
          "application~1json/schema")


def _document(schema: dict[str, Any]) -> dict[str, Any]:
    parameters = [{"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
                  for name in ("org", "project_number")]
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {PATH: {
        "post": {"operationId": "add-item", "parameters": parameters,
                 "requestBody": {"required": True,
                                 "content": {"application/json": {"schema": schema}}},
                 "responses": {"201": {"description": "created"}}}}}}


OLD = {"type": "object", "required": ["type", "id"], "properties": {
    "type": {"type": "string", "enum": ["Issue", "PullRequest"]},
    "id": {"type": "integer"}}}
NEW = {"type": "object", "additionalProperties": False, "required": ["type"],
       "properties": {**OLD["properties"], "owner": {"type": "string"},
                      "repo": {"type": "string"}, "number": {"type": "integer"}},
       "oneOf": [{"required": ["id"]}, {"required": ["owner", "repo", "number"]}]}


def test_projects_v2_item_body_has_no_confident_breaking_change() -> None:
    changes = diff(_document(OLD), _document(NEW))
    severities = {(c.kind, c.pointer.removeprefix(SCHEMA)): c.severity for c in changes}
    assert BREAKING not in severities.values(), changes
    assert severities[("additional-properties-disallowed", "")] == POSSIBLY_BREAKING
    for name in ("owner", "repo", "number"):
        assert severities[("request-property-added-optional", f"/properties/{name}")] == (
            NON_BREAKING)
    assert severities[("request-property-became-optional", "/properties/id")] == NON_BREAKING
    traced = diff_with_client(_document(OLD), _document(NEW))
    closed = [c for c in traced if c.kind == "additional-properties-disallowed"]
    # the body's classes take extra properties either way (`extra="allow"`): no code changes
    assert [(c.client, c.client_breaking) for c in closed] == [(NO_EFFECT, False)]
    # `id` is the branches' field now: named on the body argument, not as a field gone
    (optional,) = [c for c in traced if c.kind == "request-property-became-optional"]
    assert optional.client == "client.default.add_item: argument body: at id: now optional"
    (union,) = [c for c in traced if c.client_breaking]
    assert (union.kind, union.severity) == ("one-of-branch-added", NON_BREAKING)
    assert union.client.endswith("client.default.add_item: takes its request body as one "
                                 "argument `body` (was keyword arguments (type, id))")
    assert BREAKING not in {c.severity for c in traced}
    assert exit_code(traced, "breaking") == 0 and exit_code(traced, "client-breaking") == 1


def test_closing_a_body_that_declared_additional_properties_is_breaking() -> None:
    declared = copy.deepcopy(OLD)
    declared["additionalProperties"] = True
    closed = copy.deepcopy(OLD)
    closed["additionalProperties"] = False
    (change,) = diff(_document(declared), _document(closed))
    assert (change.kind, change.severity) == ("additional-properties-disallowed", BREAKING)
    opened = {**OLD, "additionalProperties": {"type": "string"}}
    (change,) = diff(_document(opened), _document(closed))
    assert (change.kind, change.severity) == ("additional-properties-disallowed", BREAKING)
