"""Paginated lists (issue 14, item 8): `tests/feature_specs/pagination.yaml` generated, each
style's client walking three pages served by a scripted server on 127.0.0.1, sync and async
(`async for` straight over the method's `AsyncPaginator`, and over the awaited first page);
the first answer stays reachable (`.page`, `.pages()`); a server whose cursors run in a cycle
ends the walk with `PaginationCycleError` (bounded by a timeout: a regression fails, it does
not hang); an empty page or `has_more: false` ends a list whatever cursor it holds; an invalid
hint is a clear error."""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest
import yaml

from generator import pipeline
from generator.io import write
from generator.ir import paging
from generator.problems import GeneratorError
from tests.support import FEATURE_SPECS, import_from
from tests.support.servers import Recorded, Reply, ScriptedServer

# a walk that loops instead of ending fails here rather than hanging the suite
pytestmark = pytest.mark.timeout(30)
WALK_SECONDS = 10
_T = TypeVar("_T")

SPEC = FEATURE_SPECS / "pagination.yaml"

# Three pages per style: (query the client must send, answer)
CURSOR_PAGES = [
    ([("limit", "2")], {"object": "list", "data": [{"id": "m1"}, {"id": "m2"}], "has_more": True}),
    ([("limit", "2"), ("after", "m2")], {"object": "list", "data": [{"id": "m3"}, {"id": "m4"}], "has_more": True}),
    ([("limit", "2"), ("after", "m4")], {"object": "list", "data": [{"id": "m5"}], "has_more": False}),
]
OFFSET_PAGES = [
    ([("limit", "2")], {"items": [{"name": "a"}, {"name": "b"}], "total": 5}),
    ([("limit", "2"), ("offset", "2")], {"items": [{"name": "c"}, {"name": "d"}], "total": 5}),
    ([("limit", "2"), ("offset", "4")], {"items": [{"name": "e"}], "total": 5}),
]
PAGE_PAGES = [
    ([("per_page", "2")], {"results": [{"id": 1}, {"id": 2}], "page": 1, "total_pages": 3}),
    ([("page", "2"), ("per_page", "2")], {"results": [{"id": 3}, {"id": 4}], "page": 2, "total_pages": 3}),
    ([("page", "3"), ("per_page", "2")], {"results": [{"id": 5}], "page": 3, "total_pages": 3}),
]
HINTED_PAGES = [
    ([], {"entries": [{"seq": 1}], "continuation": "t2"}),
    ([("token", "t2")], {"entries": [{"seq": 2}], "continuation": "t3"}),
    ([("token", "t3")], {"entries": [{"seq": 3}], "continuation": None}),
]


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Any:
    out = tmp_path_factory.mktemp("pagination")
    files = pipeline.build_packages([pipeline.target_for_spec(SPEC, "feat_paged")])["feat_paged"]
    write.write(files, out / "feat_paged")
    return import_from(out, "feat_paged")


def _answers(pages: list[tuple[list[tuple[str, str]], Any]]) -> list[Reply]:
    """The server's script of a walk: each page's answer, in order."""
    return [Reply(200, body=answer) for _, answer in pages]


def _sent(server: ScriptedServer) -> list[list[tuple[str, str]]]:
    return [sorted(request.query) for request in server.requests]


def _walk_sync(package: Any, url: str, resource: str, **arguments: Any) -> list[Any]:
    client = package.Client(base_url=url, max_retries=0)
    try:
        return list(getattr(client, resource).list(**arguments))
    finally:
        client.close()


def _run(coroutine: Coroutine[Any, Any, _T]) -> _T:
    """Run an async walk, bounded: a walk that never ends fails instead of hanging."""
    return asyncio.run(asyncio.wait_for(coroutine, WALK_SECONDS))


def _walk_async(package: Any, url: str, resource: str, **arguments: Any) -> list[Any]:
    """`async for` straight over what the method returns (an `AsyncPaginator`), no `await`."""

    async def run() -> list[Any]:
        client = package.AsyncClient(base_url=url, max_retries=0)
        try:
            return [item async for item in getattr(client, resource).list(**arguments)]
        finally:
            await client.close()

    return _run(run())


def _walk_awaited(package: Any, url: str, resource: str, **arguments: Any) -> list[Any]:
    """`async for` over the awaited first page (an `AsyncPage`)."""

    async def run() -> list[Any]:
        client = package.AsyncClient(base_url=url, max_retries=0)
        try:
            first = await getattr(client, resource).list(**arguments)
            assert isinstance(first, package.AsyncPage)
            return [item async for item in first]
        finally:
            await client.close()

    return _run(run())


WALKS = {"sync": _walk_sync, "async": _walk_async, "async_awaited": _walk_awaited}


@pytest.mark.parametrize("mode", sorted(WALKS))
def test_cursor_pages_by_the_last_id_until_has_more_is_false(
    package: Any, serve: Callable[..., ScriptedServer], mode: str
) -> None:
    server = serve(_answers(CURSOR_PAGES))
    items = WALKS[mode](package, server.url, "engines", limit=2)
    assert [item.id for item in items] == ["m1", "m2", "m3", "m4", "m5"]
    assert all(isinstance(item, package.models.Model) for item in items)
    assert _sent(server) == [sorted(query) for query, _ in CURSOR_PAGES]


@pytest.mark.parametrize("mode", sorted(WALKS))
@pytest.mark.parametrize("data", ["abc", {"id": "x"}, 5])
def test_a_page_whose_items_are_no_array_is_refused(
    package: Any, serve: Callable[..., ScriptedServer], mode: str, data: object
) -> None:
    # a string gave its letters as items (typed `Model`), an object its keys, a number a bare
    # TypeError: the answer is not the list the document declares
    server = serve([Reply(200, body={"object": "list", "data": data, "has_more": False})])
    with pytest.raises(package.APIResponseValidationError, match="`data` is no array"):
        WALKS[mode](package, server.url, "engines", limit=2)


@pytest.mark.parametrize("mode", sorted(WALKS))
def test_offset_pages_until_the_total(
    package: Any, serve: Callable[..., ScriptedServer], mode: str
) -> None:
    server = serve(_answers(OFFSET_PAGES))
    items = WALKS[mode](package, server.url, "items", limit=2)
    assert [item.name for item in items] == ["a", "b", "c", "d", "e"]
    assert _sent(server) == [sorted(query) for query, _ in OFFSET_PAGES]


@pytest.mark.parametrize("mode", sorted(WALKS))
def test_page_numbers_until_the_last_page(
    package: Any, serve: Callable[..., ScriptedServer], mode: str
) -> None:
    server = serve(_answers(PAGE_PAGES))
    items = WALKS[mode](package, server.url, "pets", per_page=2)
    assert [item.id for item in items] == [1, 2, 3, 4, 5]
    assert _sent(server) == [sorted(query) for query, _ in PAGE_PAGES]


@pytest.mark.parametrize("mode", sorted(WALKS))
def test_hinted_cursor_follows_the_declared_names(
    package: Any, serve: Callable[..., ScriptedServer], mode: str
) -> None:
    server = serve(_answers(HINTED_PAGES))
    items = WALKS[mode](package, server.url, "events")
    assert [item.seq for item in items] == [1, 2, 3]
    assert _sent(server) == [sorted(query) for query, _ in HINTED_PAGES]


def test_pages_gives_each_answer_and_fetches_lazily(
    package: Any, serve: Callable[..., ScriptedServer]
) -> None:
    server = serve(_answers(CURSOR_PAGES))
    client = package.Client(base_url=server.url, max_retries=0)
    first = client.engines.list(limit=2)
    assert len(server.requests) == 1  # the first page only, until more is asked for
    assert first.has_next_page()
    answers = list(first.pages())
    assert [type(a) for a in answers] == [package.models.ModelList] * 3
    assert [a.last_id for a in answers] == [None, None, None]
    assert [[m.id for m in a.data] for a in answers] == [["m1", "m2"], ["m3", "m4"], ["m5"]]
    assert len(server.requests) == 3
    client.close()


def test_raw_response_parses_into_the_page(package: Any, serve: Callable[..., ScriptedServer]) -> None:
    empty = {"object": "list", "data": [], "has_more": True}
    server = serve(_answers(CURSOR_PAGES[:1] + [(CURSOR_PAGES[1][0], empty)]))
    client = package.Client(base_url=server.url, max_retries=0)
    raw = client.engines.with_raw_response.list(limit=2)
    assert raw.status_code == 200
    page = raw.parse()
    assert [m.id for m in page] == ["m1", "m2"]  # an empty page ends the list
    assert len(server.requests) == 2
    client.close()


def test_async_raw_and_streamed_responses_parse_into_the_page(
    package: Any, serve: Callable[..., ScriptedServer]
) -> None:
    server = serve(_answers(CURSOR_PAGES[:1] + CURSOR_PAGES))

    async def run() -> tuple[Any, Any, Any, list[str]]:
        client = package.AsyncClient(base_url=server.url, max_retries=0)
        try:
            raw = await client.engines.with_raw_response.list(limit=2)
            first = await raw.parse()  # an AsyncAPIResponse: parsed by awaiting, as in openai-python
            async with client.engines.with_streaming_response.list(limit=2) as response:
                page = await response.parse()
            return raw, first, page, [m.id async for m in page]
        finally:
            await client.close()

    raw, first, page, ids = _run(run())
    assert raw.status_code == 200 and isinstance(raw, package.AsyncAPIResponse)
    assert isinstance(first, package.AsyncPage) and [m.id for m in first.items] == ["m1", "m2"]
    assert isinstance(page, package.AsyncPage)
    assert ids == ["m1", "m2", "m3", "m4", "m5"]
    assert len(server.requests) == 4


def test_a_hint_naming_what_the_operation_lacks_is_a_clear_error(tmp_path: Path) -> None:
    text = SPEC.read_text(encoding="utf-8").replace("param: token", "param: cursor")
    broken = tmp_path / "broken.yaml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(GeneratorError) as raised:
        pipeline.build_packages([pipeline.target_for_spec(broken, "broken", strict=True)])
    (problem,) = raised.value.problems
    assert problem.file == str(broken)
    assert problem.pointer == "/paths/~1events/get/x-codegen-pagination"
    assert "no query parameter 'cursor'" in problem.message
    # tolerant generation leaves that one operation out, naming why
    generation = pipeline.generate_packages([pipeline.target_for_spec(broken, "broken")])
    files = generation.packages["broken"]
    assert "resources/events.py" not in files and "resources/items.py" in files
    assert "no query parameter 'cursor'" in repr(generation)


def test_detection_needs_an_array_and_a_paging_parameter() -> None:
    array = {"type": "array", "items": {}}
    assert paging.detect({"limit": "integer"}, {"data": array, "has_more": {}}) is None
    assert paging.detect({"after": "string"}, {"data": {"type": "string"}, "has_more": {}}) is None
    assert paging.detect({"cursor": "string"}, {"data": array}) is None  # no next cursor, no has_more
    found = paging.detect({"cursor": "string"}, {"items": array, "next_cursor": {}})
    assert found == paging.Pagination("cursor", "items", "cursor", next="next_cursor")
    # `page` is a page number when it is an integer, a cursor when it is a string (OpenAI's
    # usage lists: `page` = the answer's `next_page`)
    numbered = paging.detect({"page": "integer"}, {"results": array, "total_pages": {}})
    assert numbered == paging.Pagination("page", "results", "page", total="total_pages")
    cursor = paging.detect({"page": "string", "limit": "integer"}, {"data": array, "next_page": {}})
    assert cursor == paging.Pagination("cursor", "data", "page", next="next_page", limit_param="limit")


def test_api_video_lists_page_by_current_page() -> None:
    """api.video's lists (`currentPage`, `pageSize`; `{data, pagination: {pagesTotal,
    links}}`) returned their first page (25 items) and nothing said more existed."""
    array = {"type": "array", "items": {"type": "object"}}
    found = paging.detect({"title": "string", "currentPage": "integer", "pageSize": "integer"},
                          {"data": array, "pagination": {"type": "object"}},
                          held={"pagination": {"currentPage", "pageSize", "pagesTotal",
                                               "itemsTotal", "links"}})
    assert found == paging.Pagination("page", "data", "currentPage",
                                      total=("pagination", "pagesTotal"), limit_param="pageSize")


def test_link_arrays_are_never_the_items() -> None:
    """Mailchimp puts `_links` (an array of link objects) beside every object: an answer holding
    only that array was taken for a page of links (its single-object GET, which declares
    `offset`, became a paginator over the report's links), and a list holding its items beside
    it had two arrays, so was no list at all."""
    array = {"type": "array", "items": {"type": "object"}}
    assert paging.detect({"offset": "integer"}, {"id": {}, "_links": array}) is None
    listed = paging.detect({"count": "integer", "offset": "integer"},
                           {"reports": array, "total_items": {}, "_links": array})
    assert listed == paging.Pagination("offset", "reports", "offset", total="total_items")
    assert paging.detect({"offset": "integer"}, {"Links": array, "total": {}}) is None


def test_atlassian_page_beans_page_by_start_at() -> None:
    """Jira's 54 `PageBean*` lists (`startAt`, `maxResults`; `values`, `total`, `isLast`) were
    no lists: neither parameter was known."""
    array = {"type": "array", "items": {"type": "object"}}
    bean = {"self": {}, "nextPage": {}, "maxResults": {}, "startAt": {}, "total": {},
            "isLast": {}, "values": array}
    found = paging.detect({"startAt": "integer", "maxResults": "integer", "query": "string"}, bean)
    assert found == paging.Pagination("offset", "values", "startAt", total="total",
                                      limit_param="maxResults")


NESTED_CURSOR_PAGES = [
    ([("limit", "2")], {"ok": True, "data": [{"id": "C1"}, {"id": "C2"}],
                        "response_metadata": {"next_cursor": "dGVhbTpD"}}),
    ([("cursor", "dGVhbTpD"), ("limit", "2")], {"ok": True, "data": [{"id": "C3"}],
                                                "response_metadata": {"next_cursor": ""}}),
]
STRING_OFFSET_PAGES = [
    ([], {"data": [{"gid": "1"}], "next_page": {"offset": "eyJ0eXAi", "uri": "https://x/tasks"}}),
    ([("offset", "eyJ0eXAi")], {"data": [{"gid": "2"}], "next_page": None}),
]
HELD_TOTAL_PAGES = [
    ([("limit", "2")], {"items": [{"n": 1}, {"n": 2}], "meta": {"total": 3}}),
    ([("limit", "2"), ("offset", "2")], {"items": [{"n": 3}], "meta": {"total": 3}}),
]


@pytest.mark.parametrize("mode", sorted(WALKS))
def test_what_tells_the_next_page_may_sit_in_an_object_of_the_answer(
    package: Any, serve: Callable[..., ScriptedServer], mode: str
) -> None:
    """Slack's `response_metadata.next_cursor`, Asana's `next_page.offset` (a string offset is
    a cursor: counting items into it would send the server a number it never gave), a
    `meta.total` (typed `number`: the float 3.0 ends the list as 3 does)."""
    server = serve(_answers(NESTED_CURSOR_PAGES))
    assert [c.id for c in WALKS[mode](package, server.url, "conversations", limit=2)] == [
        "C1", "C2", "C3"]
    assert _sent(server) == [sorted(query) for query, _ in NESTED_CURSOR_PAGES]
    server = serve(_answers(STRING_OFFSET_PAGES))
    assert [t.gid for t in WALKS[mode](package, server.url, "tasks")] == ["1", "2"]
    assert _sent(server) == [sorted(query) for query, _ in STRING_OFFSET_PAGES]
    server = serve(_answers(HELD_TOTAL_PAGES))
    assert [r.n for r in WALKS[mode](package, server.url, "records", limit=2)] == [1, 2, 3]
    assert _sent(server) == [sorted(query) for query, _ in HELD_TOTAL_PAGES]


def test_detection_looks_into_the_answers_objects() -> None:
    array = {"type": "array", "items": {}}
    held = paging.detect({"cursor": "string"}, {"data": array, "response_metadata": {}},
                         held={"response_metadata": {"next_cursor"}})
    assert held == paging.Pagination("cursor", "data", "cursor",
                                     next=("response_metadata", "next_cursor"))
    # a property at the top wins over one in an object; a string offset is no offset
    top = paging.detect({"offset": "integer"}, {"items": array, "total": {}, "meta": {}},
                        held={"meta": {"total"}})
    assert top == paging.Pagination("offset", "items", "offset", total="total")
    assert paging.detect({"offset": "string"}, {"data": array, "total": {}}) is None
    asana = paging.detect({"offset": "string"}, {"data": array, "next_page": {"type": "object"}},
                          held={"next_page": {"offset", "uri"}})
    assert asana == paging.Pagination("cursor", "data", "offset", next=("next_page", "offset"))
    # only `next_page` names the next page after the parameter: `meta.page` is this page's
    assert paging.detect({"page": "string"}, {"data": array, "meta": {"type": "object"}},
                         held={"meta": {"page", "limit", "total"}}) is None
    # an object however its schema says so (allOf, a union with null: `objects`) is no cursor
    wrapped = paging.detect({"offset": "string"}, {"data": array, "next_page": {"allOf": [{}]}},
                            held={"next_page": {"offset"}}, objects=["next_page"])
    assert wrapped == paging.Pagination("cursor", "data", "offset", next=("next_page", "offset"))
    # a hint naming only the style still finds what the answer's objects hold
    hinted = paging.from_hint({"style": "cursor"}, {"cursor": "string"},
                              {"data": array, "response_metadata": {"type": "object"}},
                              held={"response_metadata": {"next_cursor"}})
    assert hinted == paging.Pagination("cursor", "data", "cursor",
                                       next=("response_metadata", "next_cursor"))


def test_detection_reads_the_common_spellings_of_real_apis() -> None:
    """Relay's `pageInfo {hasNextPage, endCursor}` (Open Payments under `pagination`),
    Dialogporten's `continuationToken`, Airflow's `total_entries` beside its only array `dags`,
    ShipEngine's `shipments` paged by `page` up to `pages`."""
    array = {"type": "array", "items": {}}
    relay = paging.detect({"cursor": "string", "first": "integer"}, {"result": array, "pagination": {}},
                          held={"pagination": {"hasNextPage", "endCursor", "startCursor"}})
    assert relay == paging.Pagination("cursor", "result", "cursor", next=("pagination", "endCursor"),
                                      has_more=("pagination", "hasNextPage"))
    token = paging.detect({"continuationToken": "string"},
                          {"items": array, "continuationToken": {"type": "string"}, "hasNextPage": {}})
    assert token == paging.Pagination("cursor", "items", "continuationToken",
                                      next="continuationToken", has_more="hasNextPage")
    airflow = paging.detect({"offset": "integer", "limit": "integer"},
                            {"dags": array, "total_entries": {"type": "integer"}})
    assert airflow == paging.Pagination("offset", "dags", "offset", total="total_entries",
                                        limit_param="limit")
    shipengine = paging.detect({"page": "integer", "page_size": "integer"},
                               {"shipments": array, "pages": {}, "links": {}})
    assert shipengine == paging.Pagination("page", "shipments", "page", total="pages",
                                           limit_param="page_size")
    # PagerDuty's `more` (its `total` is null unless asked for): the walk asked for one page
    # past the last, which `more: false` had announced
    pagerduty = paging.detect({"offset": "integer", "limit": "integer", "total": "boolean"},
                              {"incidents": array, "offset": {}, "limit": {},
                               "more": {"type": "boolean"}, "total": {"nullable": True}})
    assert pagerduty == paging.Pagination("offset", "incidents", "offset", has_more="more",
                                          total="total", limit_param="limit")
    # Box's `entries` beside its `order` array, paged by offset up to `total_count` (its
    # `marker` is no cursor known: with `usemarker` unset the answer has no `next_marker`)
    box = paging.detect({"offset": "integer", "limit": "integer", "marker": "string"},
                        {"entries": array, "order": array, "total_count": {}, "offset": {}})
    assert box == paging.Pagination("offset", "entries", "offset", total="total_count",
                                    limit_param="limit")
    # Square's `cursor`, answered under the parameter's own name; Zoom's `next_page_token`,
    # asked and answered so (neither was paged: every list returned its first page alone)
    square = paging.detect({"cursor": "string", "limit": "integer"},
                           {"customers": array, "cursor": {"type": "string"}, "errors": array})
    assert square == paging.Pagination("cursor", "customers", "cursor", next="cursor",
                                        limit_param="limit")
    zoom = paging.detect({"next_page_token": "string", "page_size": "integer"},
                         {"users": array, "next_page_token": {"type": "string"}})
    assert zoom == paging.Pagination("cursor", "users", "next_page_token", next="next_page_token",
                                      limit_param="page_size")
    # Bitbucket's `pagelen`: the page size, so a short page ends the walk (a 2-page list was
    # asked a third page, which its server answered with an error)
    bitbucket = paging.detect({"page": "integer", "pagelen": "integer"},
                              {"values": array, "size": {}, "next": {"type": "string"}})
    assert bitbucket is not None and bitbucket.limit_param == "pagelen"
    # an id cursor echoed back is the one given, not the next
    assert paging.detect({"after": "string"}, {"data": array, "after": {}}) is None
    # two arrays and none of the usual names: which one holds the items is not guessed; nor
    # is an answer's only array its items when it names what accompanies them
    assert paging.detect({"page": "integer"}, {"a": array, "b": array}) is None
    assert paging.detect({"page": "integer"}, {"errors": array, "ok": {}}) is None


def test_when_a_list_ends(package: Any) -> None:
    runtime = package._pagination
    offset = runtime.Pagination("offset", "items", "offset", limit_param="limit")
    query = {"limit": "2"}
    assert runtime.next_query(offset, {"items": [1, 2]}, query) == {"offset": "2"}
    assert runtime.next_query(offset, {"items": [1]}, query) is None  # short page, nothing else said
    assert runtime.next_query(offset, {"items": []}, query) is None
    cursor = runtime.Pagination("cursor", "data", "after", has_more="has_more", limit_param="limit")
    short = {"data": [{"id": "x"}], "has_more": True}
    assert runtime.next_query(cursor, short, query) == {"after": "x"}  # has_more decides
    assert runtime.next_query(cursor, {**short, "has_more": False}, query) is None
    assert runtime.next_query(cursor, {"data": [], "has_more": True}, query) is None
    both = runtime.Pagination("cursor", "data", "cursor", next="next_cursor", has_more="has_more")
    assert runtime.next_query(both, {"data": [1], "next_cursor": "c", "has_more": True}, {}) == {"cursor": "c"}
    assert runtime.next_query(both, {"data": [1], "next_cursor": "c", "has_more": False}, {}) is None
    assert runtime.next_query(both, {"data": [1], "next_cursor": "", "has_more": True}, {}) is None
    page = runtime.Pagination("page", "results", "page", total="total_pages")
    assert runtime.next_query(page, {"results": [1], "total_pages": 2}, {}) == {"page": "2"}
    assert runtime.next_query(page, {"results": [1], "total_pages": 2}, {"page": "2"}) is None


def test_the_docstrings_say_how_each_client_walks_a_list(package: Any) -> None:
    """The async list method is no coroutine: its docstring says `async for` needs no `await`."""
    sync_doc = " ".join(package.Client(api_key="k").engines.list.__doc__.split())
    async_method = package.AsyncClient(api_key="k").engines.list
    async_doc = " ".join(async_method.__doc__.split())
    assert "A `SyncPage` of `Model` items: `for` over it gives every item" in sync_doc
    assert "An `AsyncPaginator` of `Model` items: `async for` over it gives every item" in async_doc
    assert "awaited, it gives the first page, an `AsyncPage`" in async_doc
    assert not inspect.iscoroutinefunction(async_method)
    assert inspect.iscoroutinefunction(package.AsyncClient(api_key="k").engines.with_raw_response.list)


def test_the_first_page_stays_reachable(package: Any, serve: Callable[..., ScriptedServer]) -> None:
    server = serve(_answers(CURSOR_PAGES[:1]))
    client = package.Client(base_url=server.url, max_retries=0)
    first = client.engines.list(limit=2)
    assert isinstance(first, package.SyncPage)
    assert isinstance(first.page, package.models.ModelList)  # the raw first answer
    assert [m.id for m in first.page.data] == ["m1", "m2"] and first.page.has_more is True
    assert [m.id for m in first.items] == ["m1", "m2"]
    client.close()


def test_an_async_list_sends_nothing_until_awaited_or_iterated(
    package: Any, serve: Callable[..., ScriptedServer]
) -> None:
    """`client.x.list()` on the async client is an `AsyncPaginator`: `async for` over it walks
    every page, `await` gives the first page (each use starts again at the first page)."""
    server = serve(_answers(CURSOR_PAGES + CURSOR_PAGES))

    async def run() -> tuple[list[str], Any, int, list[Any]]:
        client = package.AsyncClient(base_url=server.url, max_retries=0)
        try:
            paginator = client.engines.list(limit=2)
            assert isinstance(paginator, package.AsyncPaginator)
            await asyncio.sleep(0.05)
            assert server.requests == []  # a paginator, not a request in flight
            items = [item.id async for item in paginator]  # every page: three requests
            first = await paginator  # the first page again: one request
            after_await = len(server.requests)
            answers = [answer async for answer in first.pages()]  # then the two next pages
            return items, first, after_await, answers
        finally:
            await client.close()

    items, first, after_await, answers = _run(run())
    assert items == ["m1", "m2", "m3", "m4", "m5"]
    assert after_await == 4
    assert isinstance(first, package.AsyncPage) and isinstance(first.page, package.models.ModelList)
    assert [m.id for m in first.items] == ["m1", "m2"]
    assert [[m.id for m in a.data] for a in answers] == [["m1", "m2"], ["m3", "m4"], ["m5"]]
    assert _sent(server) == [sorted(query) for query, _ in CURSOR_PAGES + CURSOR_PAGES]


def _cycling(request: Recorded) -> Reply:
    """A feed whose continuation tokens run A -> B -> A -> B ... forever (the `events` list)."""
    token = dict(request.query).get("token")
    following = {None: ("A", 1), "A": ("B", 2), "B": ("A", 3)}
    continuation, seq = following[token]
    return Reply(200, body={"entries": [{"seq": seq}], "continuation": continuation})


@pytest.mark.parametrize("mode", sorted(WALKS))
def test_cursors_running_in_a_cycle_end_with_a_typed_error(package: Any, mode: str) -> None:
    with ScriptedServer([], answer=_cycling) as server:
        with pytest.raises(package.PaginationCycleError) as raised:
            WALKS[mode](package, server.url, "events")
        tokens = [dict(request.query).get("token") for request in server.requests]
    assert tokens == [None, "A", "B"]  # A is not asked for twice
    assert raised.value.param == "token" and raised.value.value == "A"
    assert "token='B' asks for token='A', a page already fetched" in str(raised.value)
    assert isinstance(raised.value, package.APIError)


def _minting(request: Recorded) -> Reply:
    """An endless feed: every page holds one entry and a new 60 KB continuation token."""
    token = dict(request.query).get("token") or "0"
    seq = int(token.partition("-")[0]) + 1
    return Reply(200, body={"entries": [{"seq": seq}], "continuation": f"{seq}-" + "x" * 60_000})


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_walk_remembers_its_pages_in_bounded_memory(package: Any, mode: str) -> None:
    """A walk remembered each page's cursor whole to tell a cycle: a server minting a new
    60 KB cursor per page took it to 400 MB in 6,000 pages. Now 16 bytes a page: what the
    walk holds, read from its frame mid-walk."""

    async def walk_async(url: str) -> list[Any]:
        client = package.AsyncClient(base_url=url, max_retries=0)
        try:
            pages = (await client.events.list()).iter_pages()
            for _ in range(60):
                await anext(pages)
            return list(pages.ag_frame.f_locals["fetched"])
        finally:
            await client.close()

    with ScriptedServer([], answer=_minting) as server:
        if mode == "sync":
            with package.Client(base_url=server.url, max_retries=0) as client:
                pages = client.events.list().iter_pages()
                for _ in range(60):
                    next(pages)
                remembered = list(pages.gi_frame.f_locals["fetched"])
        else:
            remembered = _run(walk_async(server.url))
    assert len(remembered) == 60 and len(server.requests) == 60
    assert all(entry is None or (isinstance(entry, bytes) and len(entry) == 16)
               for entry in remembered)


def test_a_walk_past_its_memory_still_finds_a_cycle(
    package: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past `MAX_REMEMBERED_PAGES` a walk starts remembering again: a cycle shorter than that
    is still found, one turn later."""
    monkeypatch.setattr(package._pagination, "MAX_REMEMBERED_PAGES", 2)
    with ScriptedServer([], answer=_cycling) as server:
        with pytest.raises(package.PaginationCycleError):
            _walk_sync(package, server.url, "events")
        tokens = [dict(request.query).get("token") for request in server.requests]
    assert tokens == [None, "A", "B", "A"]


def test_items_before_the_cycle_are_given(package: Any) -> None:
    with ScriptedServer([], answer=_cycling) as server:
        client = package.Client(base_url=server.url, max_retries=0)
        seen = []
        with pytest.raises(package.PaginationCycleError):
            for event in client.events.list():
                seen.append(event.seq)
        client.close()
    assert seen == [1, 2, 3]


def test_a_server_ignoring_the_cursor_is_a_cycle(package: Any, serve: Callable[..., ScriptedServer]) -> None:
    """The same page again (the server ignored `after`): the second answer repeats the first's
    items, so no item is given twice; one step (`next_page`) sees it too."""
    server = serve(_answers(CURSOR_PAGES[:1] * 3))
    client = package.Client(base_url=server.url, max_retries=0)
    first = client.engines.list(limit=2)
    with pytest.raises(package.PaginationCycleError) as raised:
        first.next_page()
    assert raised.value.value == "m2" and "gave the same items" in str(raised.value)
    given: list[str] = []
    with pytest.raises(package.PaginationCycleError):
        given.extend(model.id for model in first)  # the walk: m1 m2, then (after=m2) m1 m2 again
    assert given == ["m1", "m2"]
    assert _sent(server) == [[("limit", "2")], [("after", "m2"), ("limit", "2")],
                             [("after", "m2"), ("limit", "2")]]
    client.close()


@pytest.mark.parametrize("mode", sorted(WALKS))
@pytest.mark.parametrize("pages", ["offset", "page"])
def test_a_server_ignoring_the_offset_or_page_number_is_a_cycle(
    package: Any, serve: Callable[..., ScriptedServer], mode: str, pages: str
) -> None:
    """An offset or a page number grows with every request, so no value repeats: a server that
    ignores it answers the same page for ever. The second answer holding the first's items
    ends the walk with the typed error, after two requests."""
    first_page, resource = (OFFSET_PAGES[0], "items") if pages == "offset" else (PAGE_PAGES[0], "pets")
    server = serve(_answers([first_page] * 5))
    arguments = {"limit": 2} if pages == "offset" else {"per_page": 2}
    with pytest.raises(package.PaginationCycleError) as raised:
        WALKS[mode](package, server.url, resource, **arguments)
    assert raised.value.param == ("offset" if pages == "offset" else "page")
    assert len(server.requests) == 2


def test_a_cycle_message_blanks_a_key_the_server_echoes_as_a_cursor(tmp_path: Path) -> None:
    """A server may hand the client's own key back as a cursor: the cycle error shows it blanked,
    as every message of the client does."""
    document = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    document["components"]["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer"}}
    document["security"] = [{"bearer": []}]
    spec = tmp_path / "keyed.json"
    spec.write_text(json.dumps(document), encoding="utf-8")
    write.write(pipeline.build_packages([pipeline.target_for_spec(spec, "keyed")])["keyed"], tmp_path / "keyed")
    keyed = import_from(tmp_path, "keyed")
    key = "sk-live-0123456789abcdef"
    page = {"object": "list", "data": [{"id": key}], "has_more": True}
    with ScriptedServer([Reply(200, body=page)], repeat_last=True) as server:
        client = keyed.Client(api_key=key, base_url=server.url, max_retries=0)
        with pytest.raises(keyed.PaginationCycleError) as raised:
            list(client.engines.list())
        client.close()
    assert key not in str(raised.value) and key not in repr(raised.value)
    assert key not in raised.value.value


def test_a_cycle_error_shows_a_servers_long_cursor_cut_short(
    package: Any, serve: Callable[..., ScriptedServer]
) -> None:
    """The server picks the cursor, of any length: the message shows its start (the error's
    ``value`` holds it whole), not a message as long as the answer."""
    cursor = "c" * 20_000
    page = {"object": "list", "data": [{"id": cursor}], "has_more": True}
    server = serve(_answers([([], page)] * 2))
    client = package.Client(base_url=server.url, max_retries=0)
    with pytest.raises(package.PaginationCycleError) as raised:
        list(client.engines.list())
    client.close()
    assert raised.value.value == cursor
    message = str(raised.value)
    assert len(message) < 400 and "after='cccc" in message and "cccc..." in message


JOB_ENDS: dict[str, dict[str, Any]] = {
    "has_more false, a cursor given": {"data": [{"id": "j2"}], "next_cursor": "c3", "has_more": False},
    "an empty page, has_more true": {"data": [], "next_cursor": "c3", "has_more": True},
}


@pytest.mark.parametrize("mode", sorted(WALKS))
@pytest.mark.parametrize("ending", sorted(JOB_ENDS))
def test_the_answer_ends_a_list_whatever_cursor_it_holds(
    package: Any, serve: Callable[..., ScriptedServer], mode: str, ending: str
) -> None:
    first = {"data": [{"id": "j1"}], "next_cursor": "c2", "has_more": True}
    server = serve(_answers([([], first), ([("cursor", "c2")], JOB_ENDS[ending])]))
    items = WALKS[mode](package, server.url, "jobs")
    assert [job.id for job in items] == ["j1"] + [job["id"] for job in JOB_ENDS[ending]["data"]]
    assert _sent(server) == [[], [("cursor", "c2")]]  # no third request


def test_a_hint_without_a_param_none_was_found_for_says_what_to_name(tmp_path: Path) -> None:
    """`{style: cursor, items: value, next: nextLink}` on a list paged by a link alone (Azure's):
    the message said "the operation has no query parameter None"."""
    text = SPEC.read_text(encoding="utf-8").replace(
        "{style: cursor, items: entries, param: token, next: continuation}",
        "{style: cursor, items: entries, next: continuation}").replace(
        "        - {name: token, in: query, schema: {type: string}}\n",
        "        - {name: since, in: query, schema: {type: string}}\n", 1)
    broken = tmp_path / "unnamed.yaml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(GeneratorError) as raised:
        pipeline.build_packages([pipeline.target_for_spec(broken, "unnamed", strict=True)])
    (problem,) = [found for found in raised.value.problems
                  if found.pointer == "/paths/~1events/get/x-codegen-pagination"]
    assert "`param`: name the query parameter that asks for the next page" in problem.message
    assert "None" not in problem.message


NESTED_SPEC = """\
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /projects:
    get:
      operationId: projects_list
      tags: [projects]
      parameters:
        - {name: from, in: query, schema: {type: integer}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  projects:
                    type: array
                    items: {type: object, properties: {id: {type: string}}}
                  pagination:
                    type: object
                    properties:
                      count: {type: integer}
                      next: {type: integer, nullable: true}
"""
NESTED_OVERLAY = """\
overlay: 1.0.0
info: {title: o, version: "1"}
actions:
  - target: $.paths['/projects'].get
    update:
      x-codegen-pagination:
        style: cursor
        items: projects
        param: from
        next: %s
"""


@pytest.mark.parametrize("mode", sorted(WALKS))
def test_a_hint_names_a_cursor_inside_one_of_the_answers_objects(
    tmp_path: Path, serve: Callable[..., ScriptedServer], mode: str
) -> None:
    """Vercel's `{projects, pagination: {next}}`: `next: pagination.next` in an overlay; the
    walk sends each answer's `pagination.next` as `from` until it is null."""
    spec, overlay = tmp_path / "api.yaml", tmp_path / "paging.overlay.yaml"
    spec.write_text(NESTED_SPEC, encoding="utf-8")
    overlay.write_text(NESTED_OVERLAY % "pagination.next", encoding="utf-8")
    target = pipeline.target_for_spec(spec, "nested", overlay=overlay, strict=True)
    write.write(pipeline.build_packages([target])["nested"], tmp_path / "nested")
    package = import_from(tmp_path, "nested")
    server = serve([
        Reply(200, body={"projects": [{"id": "a"}], "pagination": {"count": 1, "next": 170}}),
        Reply(200, body={"projects": [{"id": "b"}], "pagination": {"count": 1, "next": None}}),
    ])
    assert [item.id for item in WALKS[mode](package, server.url, "projects")] == ["a", "b"]
    assert _sent(server) == [[], [("from", "170")]]


def test_a_hint_naming_no_property_of_an_object_says_what_it_has_at_the_overlays_line(
        tmp_path: Path) -> None:
    spec, overlay = tmp_path / "api.yaml", tmp_path / "paging.overlay.yaml"
    spec.write_text(NESTED_SPEC, encoding="utf-8")
    overlay.write_text(NESTED_OVERLAY % "pagination.nxt", encoding="utf-8")
    target = pipeline.target_for_spec(spec, "nested", overlay=overlay, strict=True)
    with pytest.raises(GeneratorError) as raised:
        pipeline.build_packages([target])
    (problem,) = raised.value.problems
    assert problem.pointer == "/paths/~1projects/get/x-codegen-pagination"
    assert "`next`: the answer's `pagination` has no property 'nxt' (it has ['count', 'next'])" \
        in problem.message
    # the hint was written in the overlay: the reader is sent there, to its line
    assert problem.format().startswith(f"{overlay}:6: ")
