"""Pagination detected from a list's shape, and `x-codegen-pagination: false` turning it off
(on the operation, or at the document's root for every operation): a list whose `next_cursor`
means something else keeps returning its answer's model."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from generator import ir

LIST = """
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /pets:
    get:
      operationId: listPets
      parameters: [{name: cursor, in: query, schema: {type: string}}]
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: {type: array, items: {type: string}}
                  next_cursor: {type: string}
"""
OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")


def _pagination(document: dict[str, Any]) -> Any:
    api = ir.build(document, OPTIONS)
    [operation] = [op for resource in api.resources for op in resource.operations]
    return operation.pagination


def test_a_list_shaped_answer_pages_by_its_cursor() -> None:
    found = _pagination(yaml.safe_load(LIST))
    assert (found.style, found.items, found.param, found.next) == (
        "cursor", "data", "cursor", "next_cursor")


@pytest.mark.parametrize("where", ["operation", "root"])
def test_false_turns_detection_off(where: str) -> None:
    document = yaml.safe_load(LIST)
    target = document["paths"]["/pets"]["get"] if where == "operation" else document
    target["x-codegen-pagination"] = False
    assert _pagination(document) is None


def test_an_operations_hint_wins_over_the_roots_false() -> None:
    document = yaml.safe_load(LIST)
    document["x-codegen-pagination"] = False
    document["paths"]["/pets"]["get"]["x-codegen-pagination"] = {"style": "cursor"}
    assert _pagination(document).param == "cursor"


def test_a_roots_mapping_is_no_hint_for_every_operation() -> None:
    """Only `false` means something at the root: a mapping there is not applied to each
    operation (their shapes differ), detection goes on."""
    document = yaml.safe_load(LIST)
    document["x-codegen-pagination"] = {"style": "offset"}
    assert _pagination(document).style == "cursor"


UNREAD = """
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /projects:
    get:
      operationId: listProjects
      parameters: [{name: from, in: query, schema: {type: integer}}]
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  projects: {type: array, items: {type: string}}
                  pagination:
                    type: object
                    properties:
                      count: {type: integer}
                      next: {type: integer, nullable: true}
"""


def _next_page_notes(document: dict[str, Any]) -> list[tuple[str, str, str]]:
    api = ir.build(document, OPTIONS)
    return [(rename.pointer, rename.problem, rename.action) for rename in api.renames
            if "looks like the next page" in rename.problem]


def test_a_list_naming_its_next_page_where_no_walk_reads_it_is_noted() -> None:
    """Vercel's `{projects, pagination: {next}}`, asked for with `from`: no walk reads it, the
    method returns one page, and the note says which hint would page it."""
    document = yaml.safe_load(UNREAD)
    assert _pagination(document) is None
    assert _next_page_notes(document) == [(
        "/paths/~1projects/get",
        ("the answer's `pagination.next` looks like the next page's cursor, but no query "
         "parameter to send it as was found"),
        ("not read: the method returns one page (write `x-codegen-pagination` in an overlay, "
         "with `next: pagination.next` and the parameter, to page it)"))]


@pytest.mark.parametrize("change", ["hinted", "detection off", "no list", "paged", "not a get"])
def test_no_note_where_the_list_pages_or_is_told_how(change: str) -> None:
    document = yaml.safe_load(UNREAD if change != "paged" else LIST)
    operation = document["paths"]["/projects" if change != "paged" else "/pets"]["get"]
    answer = operation["responses"]["200"]["content"]["application/json"]["schema"]
    if change == "hinted":
        operation["x-codegen-pagination"] = {"style": "cursor", "items": "projects",
                                             "param": "from", "next": "pagination.next"}
    elif change == "detection off":
        document["x-codegen-pagination"] = False
    elif change == "no list":
        del answer["properties"]["projects"]
    elif change == "not a get":
        document["paths"]["/projects"]["post"] = document["paths"]["/projects"].pop("get")
    assert _next_page_notes(document) == []
