"""Page-number lists walked from the page the document numbers first, and ended by its link.

Mistral's `GET /v1/files` documents `page: {type: integer, default: 0}`: a walk the caller
started without a page asked for page 2 after the server's page 0, and page 1 was skipped
without a word. The Train Travel API answers every list with `links: {next, prev}` beside
`page` / `limit`: after the last page (no `links.next`) the walk asked for the page after it
anyway, and a server answering that with 404 made the loop raise `NotFoundError` once every
item was given. Now the first page is the page parameter's `default`, else its `minimum`,
else 1, and a documented link to the next page ends the walk where it is missing. Each server
below pages as the document says, on 127.0.0.1; the sync and the async client walk it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from generator.ir import paging
from tests.support import import_from
from tests.support.servers import Recorded, Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_page_number_pagination"
ARRAY = {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}}}}
LINK = {"type": "string", "format": "uri"}


def _query(name: str, **schema: Any) -> dict[str, Any]:
    return {"name": name, "in": "query", "schema": {"type": "integer", **schema}}


def _list(operation: str, parameters: list[dict[str, Any]], answer: dict[str, Any]
          ) -> dict[str, Any]:
    return {"get": {"operationId": operation, "parameters": parameters, "responses": {
        "200": {"description": "ok", "content": {"application/json": {"schema": answer}}},
        "404": {"description": "no such page"}}}}


DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Pages", "version": "1"},
    "paths": {
        # Mistral's files: pages numbered from 0, as the default says
        "/files": _list("listFiles", [_query("page", default=0), _query("page_size")], {
            "type": "object", "required": ["data"], "properties": {"data": ARRAY}}),
        # from 0 as the minimum says, a count of pages ending the list
        "/logs": _list("listLogs", [_query("page", minimum=0)], {
            "type": "object", "properties": {"data": ARRAY, "total_pages": {"type": "integer"}}}),
        # the Train Travel API's trips: `links` of `Links-Self` and `Links-Pagination`
        "/trips": _list("getTrips", [_query("page", minimum=1, default=1), _query("limit")], {
            "type": "object", "properties": {"data": ARRAY, "links": {"allOf": [
                {"$ref": "#/components/schemas/Links-Self"},
                {"$ref": "#/components/schemas/Links-Pagination"}]}}}),
    },
    "components": {"schemas": {
        "Links-Self": {"type": "object", "properties": {"self": LINK}},
        "Links-Pagination": {"type": "object", "properties": {"next": LINK, "prev": LINK}},
    }},
}


def test_a_link_to_the_next_numbered_page_is_detected() -> None:
    links = DOCUMENT["components"]["schemas"]
    properties = {"data": ARRAY, "links": {"type": "object", "properties": {
        **links["Links-Self"]["properties"], **links["Links-Pagination"]["properties"]}}}
    query = {"page": "integer", "limit": "integer"}
    held = {"links": {"self", "next", "prev"}}
    assert paging.detect(query, properties, held=held) == paging.Pagination(
        "page", "data", "page", next=("links", "next"), limit_param="limit")
    # Django REST framework's `{count, next, previous, results}`
    drf = {"count": {"type": "integer"}, "next": {"type": ["string", "null"]},
           "previous": {"type": ["string", "null"]}, "results": ARRAY}
    assert paging.detect({"page": "integer"}, drf) == paging.Pagination(
        "page", "results", "page", next="next")


@pytest.mark.parametrize(("schema", "first"), [
    ({"type": "integer", "default": 0}, 0),
    ({"type": "integer", "minimum": 0}, 0),
    ({"type": "integer", "default": 0, "minimum": -1}, 0),
    ({"type": "integer", "minimum": 1, "default": 1}, None),
    ({"type": "integer"}, None),
    ({"type": "integer", "default": True}, None),
])
def test_the_first_page_is_the_page_parameters_default_else_its_minimum(
        schema: dict[str, Any], first: int | None) -> None:
    found = paging.detect({"page": "integer"}, {"data": ARRAY})
    assert found is not None
    assert paging.numbered_from(found, {"page": schema}) == paging.Pagination(
        "page", "data", "page", first_page=first)


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("page_number")
    spec = root / "pages.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _walk(package: ModuleType, server: ScriptedServer, kind: str, method: str,
          **arguments: Any) -> list[str]:
    """Every item's `id`, walked by the sync or the async client."""
    if kind == "sync":
        with package.Client(base_url=server.url, max_retries=0) as client:
            return [item.id for item in getattr(client.default, method)(**arguments)]

    async def run() -> list[str]:
        async with package.AsyncClient(base_url=server.url, max_retries=0) as client:
            return [item.id async for item in getattr(client.default, method)(**arguments)]
    return asyncio.run(run())


def _paged(items: list[str], first: int, size: int, answer: Callable[[int, list[str]], dict[str, Any]]
           ) -> Callable[[Recorded], Reply]:
    """A server paging `items` by `size` from page number `first` (the one a request naming
    none gets); a page past the last one is a 404."""
    def reply(request: Recorded) -> Reply:
        number = int(dict(request.query).get("page", first))
        start = (number - first) * size
        if not 0 <= start < len(items):
            return Reply(404, body={"title": "Not Found", "detail": "page out of range"})
        return Reply(200, body=answer(number, items[start:start + size]))
    return reply


def _pages_asked(server: ScriptedServer) -> list[str | None]:
    return [dict(r.query).get("page") for r in server.requests]


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_pages_numbered_from_the_default_0_are_all_walked(package: ModuleType,
                                                          kind: str) -> None:
    files = ["f0", "f1", "f2", "f3", "f4"]
    with ScriptedServer([], answer=_paged(files, 0, 2, lambda _, ids: {
            "data": [{"id": i} for i in ids]})) as server:
        got = _walk(package, server, kind, "list_files", page_size=2)
    assert got == files  # page 1 ("f2", "f3") was skipped
    assert _pages_asked(server) == [None, "1", "2"]


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_pages_numbered_from_the_minimum_0_end_at_the_count_of_pages(package: ModuleType,
                                                                    kind: str) -> None:
    logs = ["l0", "l1", "l2"]
    with ScriptedServer([], answer=_paged(logs, 0, 1, lambda _, ids: {
            "data": [{"id": i} for i in ids], "total_pages": 3})) as server:
        got = _walk(package, server, kind, "list_logs")
    assert got == logs
    assert _pages_asked(server) == [None, "1", "2"]


def _trips(number: int, ids: list[str]) -> dict[str, Any]:
    """A page of trips (two pages); only the last has no `links.next`."""
    following = {"next": f"https://api.example.com/trips?page={number + 1}"} if number < 2 else {}
    return {"data": [{"id": i} for i in ids],
            "links": {"self": f"https://api.example.com/trips?page={number}", **following}}


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_numbered_walk_ends_where_the_link_to_the_next_page_is_missing(package: ModuleType,
                                                                       kind: str) -> None:
    with ScriptedServer([], answer=_paged(["t1", "t2"], 1, 1, _trips)) as server:
        got = _walk(package, server, kind, "get_trips")  # raised NotFoundError after t1, t2
    assert got == ["t1", "t2"]
    assert _pages_asked(server) == [None, "2"]


@pytest.mark.parametrize("link", [None, ""])
def test_a_null_or_empty_link_ends_a_numbered_walk_though_the_page_is_full(
        package: ModuleType, link: str | None) -> None:
    replies = [Reply(200, body={"data": [{"id": "t1"}], "links": {"next": "/trips?page=2"}}),
               Reply(200, body={"data": [{"id": "t2"}], "links": {"next": link}}),
               Reply(200, body={"data": [{"id": "t3"}], "links": {}})]
    with ScriptedServer(replies) as server:
        got = _walk(package, server, "sync", "get_trips", limit=1)
    assert got == ["t1", "t2"]
    assert _pages_asked(server) == [None, "2"]
