"""A list whose answer links to its next page (Twilio's `next_page_uri`) is walked.

Twilio's lists (`GET .../Messages.json`: `PageSize`, `Page`, `PageToken`; the answer's
`messages` beside `next_page_uri`, `/2010-04-01/...?PageSize=50&Page=1&PageToken=PA...`)
returned the first answer only: `PageToken` was no cursor parameter known, a link no next
cursor, and `messages` was taken for what accompanies items. Now the walk asks for the next
page with the parameters of the link's query, on the list's own path and origin (a link to
another host or path is not followed), until the link is null. The sync and the async client
each call a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from generator.ir import paging
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_next_link_pagination"
ARRAY = {"type": "array", "items": {"type": "object", "properties": {"sid": {"type": "string"}}}}


def _query(name: str, kind: str) -> dict[str, Any]:
    return {"name": name, "in": "query", "schema": {"type": kind}}


DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.1",
    "info": {"title": "Messages", "version": "1"},
    "paths": {"/Messages.json": {"get": {
        "operationId": "listMessage",
        "parameters": [_query("To", "string"), _query("PageSize", "integer"),
                       _query("Page", "integer"), _query("PageToken", "string")],
        "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
            "type": "object", "properties": {
                # `format: uri`, as Twilio Verify's `next_page_url`: an absolute link was an
                # `AnyUrl` the walk did not follow (one page, nothing said)
                "messages": ARRAY,
                "next_page_uri": {"type": "string", "format": "uri", "nullable": True},
                "page": {"type": "integer"}, "page_size": {"type": "integer"}}}}}}}}}},
}


def test_a_link_to_the_next_page_is_detected() -> None:
    query = {"To": "string", "PageSize": "integer", "Page": "integer", "PageToken": "string"}
    properties = DOCUMENT["paths"]["/Messages.json"]["get"]["responses"]["200"]["content"][
        "application/json"]["schema"]["properties"]
    assert paging.detect(query, properties) == paging.Pagination(
        "cursor", "messages", "PageToken", next="next_page_uri", limit_param="PageSize",
        next_link=True)


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("next_link")
    spec = root / "messages.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _answer(sids: list[str], link: str | None) -> Reply:
    return Reply(200, body={"messages": [{"sid": s} for s in sids], "next_page_uri": link})


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_the_walk_asks_with_the_links_query_on_the_lists_own_path(package: ModuleType,
                                                                  kind: str) -> None:
    replies = [
        _answer(["SM1", "SM2"], "/Messages.json?To=%2B1555&PageSize=2&Page=1&PageToken=PA2"),
        # another host and path: only the query is read
        _answer(["SM3", "SM4"], "https://elsewhere.example/evil?PageSize=2&Page=2&PageToken=PA4"),
        _answer(["SM5"], None),
    ]
    with ScriptedServer(replies) as server:
        if kind == "sync":
            with package.Client(base_url=server.url, max_retries=0) as client:
                sids = [m.sid for m in client.default.list_message(to="+1555", page_size=2)]
        else:
            async def run() -> list[str]:
                async with package.AsyncClient(base_url=server.url, max_retries=0) as client:
                    return [m.sid async for m in client.default.list_message(to="+1555",
                                                                             page_size=2)]
            sids = asyncio.run(run())
        requests = server.requests
    assert sids == ["SM1", "SM2", "SM3", "SM4", "SM5"]
    assert [r.path for r in requests] == ["/Messages.json"] * 3
    assert [dict(r.query) for r in requests] == [
        {"To": "+1555", "PageSize": "2"},
        {"To": "+1555", "PageSize": "2", "Page": "1", "PageToken": "PA2"},
        {"To": "+1555", "PageSize": "2", "Page": "2", "PageToken": "PA4"},
    ]


# Intellifi's lists: the walk's cursor parameter is `after` (a date filter), the link asks for
# the next page with `before_id`; Figma's: a `pagination.next_page` read as a cursor holds a URL
LINKED: dict[str, Any] = {
    "openapi": "3.0.1",
    "info": {"title": "Items", "version": "1"},
    "paths": {
        "/items": {"get": {
            "operationId": "getItems",
            "parameters": [_query("after", "string"), _query("before_id", "string"),
                           _query("limit", "integer")],
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"type": "object", "properties": {
                    "results": ARRAY, "next_url": {"type": "string", "nullable": True}}}}}}}}},
        "/versions": {"get": {
            "operationId": "listVersions",
            "parameters": [_query("after", "string"), _query("before", "string"),
                           _query("page_size", "integer")],
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"type": "object", "properties": {
                    "versions": ARRAY,
                    "pagination": {"type": "object", "properties": {
                        "next_page": {"type": "string", "description": "A URL"}}}}}}}}}}},
    },
}


@pytest.fixture(scope="module")
def linked(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("linked")
    spec = root / "items.json"
    spec.write_text(json.dumps(LINKED), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, "linked")]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", "linked")


def test_a_link_asking_by_another_parameter_than_the_cursor_is_followed(
        linked: ModuleType) -> None:
    # the walk ended after the first page, saying nothing: the link held no `after`
    replies = [
        Reply(200, body={"results": [{"sid": "B1"}], "next_url": "/api/items?before_id=B1&limit=1"}),
        Reply(200, body={"results": [{"sid": "B2"}], "next_url": "/api/items?before_id=B2&limit=1"}),
        Reply(200, body={"results": [], "next_url": None}),
    ]
    with ScriptedServer(replies) as server, \
            linked.Client(base_url=server.url, max_retries=0) as client:
        sids = [item.sid for item in client.default.get_items(limit=1)]
        queries = [dict(r.query) for r in server.requests]
    assert sids == ["B1", "B2"]
    assert queries == [{"limit": "1"}, {"limit": "1", "before_id": "B1"},
                       {"limit": "1", "before_id": "B2"}]


def test_a_next_cursor_holding_a_url_is_read_as_a_link(linked: ModuleType) -> None:
    # its whole text was sent as `after=http%3A%2F%2F...`
    replies = [
        Reply(200, body={"versions": [{"sid": "v3"}],
                         "pagination": {"next_page": "https://api.example/v1/versions?page_size=1&before=3"}}),
        Reply(200, body={"versions": [{"sid": "v2"}], "pagination": {}}),
    ]
    with ScriptedServer(replies) as server, \
            linked.Client(base_url=server.url, max_retries=0) as client:
        sids = [item.sid for item in client.default.list_versions(page_size=1)]
        requests = server.requests
    assert sids == ["v3", "v2"]
    assert [dict(r.query) for r in requests] == [{"page_size": "1"},
                                                {"page_size": "1", "before": "3"}]
    assert [r.path for r in requests] == ["/versions", "/versions"]


def test_a_link_leading_back_to_a_page_fetched_is_a_cycle(linked: ModuleType) -> None:
    link = "/api/items?before_id=B1&limit=1"
    replies = [Reply(200, body={"results": [{"sid": s}], "next_url": link}) for s in "xyz"]
    with ScriptedServer(replies) as server, \
            linked.Client(base_url=server.url, max_retries=0) as client, \
            pytest.raises(linked.PaginationCycleError) as raised:
        list(client.default.get_items(limit=1))
    assert "asks for the query 'before_id=B1&limit=1', a page already fetched" in str(raised.value)


def test_a_link_replaces_the_cursor_parameter_the_caller_gave(linked: ModuleType) -> None:
    # `after` is a date filter the caller gave: laid under the link's query, it stayed, and
    # the walk took the second page for the first (a PaginationCycleError)
    replies = [
        Reply(200, body={"results": [{"sid": "B1"}], "next_url": "/api/items?before_id=B1&limit=1"}),
        Reply(200, body={"results": [{"sid": "B2"}],
                         "next_url": "/api/items?after=2024-01-01&before_id=B2&limit=1"}),
        Reply(200, body={"results": [{"sid": "B3"}], "next_url": "/api/items?after="}),
    ]
    with ScriptedServer(replies) as server, \
            linked.Client(base_url=server.url, max_retries=0) as client:
        sids = [item.sid for item in client.default.get_items(after="2024-01-01", limit=1)]
        queries = [dict(r.query) for r in server.requests]
    assert sids == ["B1", "B2", "B3"]  # a link giving the cursor no value ends the list
    assert queries == [{"after": "2024-01-01", "limit": "1"}, {"before_id": "B1", "limit": "1"},
                       {"after": "2024-01-01", "before_id": "B2", "limit": "1"}]


def test_an_item_id_that_is_a_url_is_still_the_cursor(linked: ModuleType) -> None:
    from importlib import import_module

    pages = import_module(f"{linked.__name__}._pagination")
    pagination = pages.Pagination("cursor", "data", "after")
    page = {"data": [{"id": "https://ex.org/t/2"}], "has_more": True}
    assert pages.next_query(pagination, page, {}) == {"after": "https://ex.org/t/2"}


# Bitbucket's lists: `{values, next, page, pagelen, size}`, `next` asking `?page=2`, and no
# parameter choosing the page declared (most of its 300 operations declare `q` and `sort` only)
BITBUCKET_PAGE: dict[str, Any] = {"type": "object", "properties": {
    "values": ARRAY, "next": {"type": "string", "format": "uri"},
    "previous": {"type": "string", "format": "uri"}, "page": {"type": "integer"},
    "pagelen": {"type": "integer"}, "size": {"type": "integer"}}}


def test_a_link_alone_pages_a_list_that_declares_no_page_parameter() -> None:
    query = {"q": "string", "sort": "string"}
    assert paging.detect(query, BITBUCKET_PAGE["properties"]) == paging.Pagination(
        "cursor", "values", "", next="next", next_link=True)
    # in a holder too (JSON:API's `links.next`), or named as a link; a `next` that is no URL
    # (a boolean, a plain string that may be a token) is none
    assert paging.detect(query, {"data": ARRAY}, held={"links": {"next"}}) == paging.Pagination(
        "cursor", "data", "", next=("links", "next"), next_link=True)
    assert paging.detect(query, {"data": ARRAY, "next_url": {"type": "string"}}) == (
        paging.Pagination("cursor", "data", "", next="next_url", next_link=True))
    assert paging.detect(query, {"data": ARRAY, "next": {"type": "boolean"}}) is None
    assert paging.detect(query, {"data": ARRAY, "next": {"type": "string"}}) is None
    assert paging.detect(query, {"data": ARRAY}, held={"meta": {"next"}}) is None


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_link_alone_is_walked_with_the_callers_query(tmp_path: Any, kind: str) -> None:
    """Such a list returned its first page (Bitbucket's default: 10 items) without a word;
    each answer's `next` now asks for the following page, on the list's own path, the
    caller's `q` kept, until an answer has none."""
    document = {"openapi": "3.0.0", "info": {"title": "Repos", "version": "1"}, "paths": {
        "/repositories/{workspace}": {"get": {
            "operationId": "listRepositories",
            "parameters": [{"name": "workspace", "in": "path", "required": True,
                            "schema": {"type": "string"}}, _query("q", "string")],
            "responses": {"200": {"description": "ok", "content": {
                "application/json": {"schema": BITBUCKET_PAGE}}}}}}}}
    spec = tmp_path / "repos.json"
    spec.write_text(json.dumps(document), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, "bb")]).items():
        write.write(files, tmp_path / "out" / name)
    package = import_from(tmp_path / "out", "bb")
    with ScriptedServer([]) as server:
        server._replies = [
            Reply(200, body={"values": [{"sid": "r1"}, {"sid": "r2"}], "pagelen": 2,
                             "next": f"{server.url}/repositories/ws?q=name&page=2"}),
            Reply(200, body={"values": [{"sid": "r3"}], "pagelen": 2, "page": 2}),
        ]
        if kind == "sync":
            with package.Client(base_url=server.url, max_retries=0) as client:
                sids = [r.sid for r in client.default.list_repositories(workspace="ws", q="name")]
        else:
            async def run() -> list[str]:
                async with package.AsyncClient(base_url=server.url, max_retries=0) as client:
                    return [r.sid async for r in client.default.list_repositories(
                        workspace="ws", q="name")]
            sids = asyncio.run(run())
        requests = server.requests
    assert sids == ["r1", "r2", "r3"]
    assert [r.target for r in requests] == ["/repositories/ws?q=name",
                                            "/repositories/ws?q=name&page=2"]
