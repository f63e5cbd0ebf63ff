"""Lists paged by their answers' `Link` header (RFC 8288), Svix's `done` end flag, and a list
whose answers the document also lists as XML.

GitHub's lists answer a bare array and declare a `Link` header; Ory's answer a bare array and
take a `page_token` without declaring the header they page by. Both returned their first page
as a plain list: now the method returns the page object of every other style, and the walk
follows each answer's `rel="next"` URL, on the origin the list method asked only (a link elsewhere
raises `PaginationLinkError`: the credentials never follow it). Svix's lists (`iterator`,
`{data, iterator, prevIterator, done}`) were not detected, and the hint `has_more: done` ended
every walk after its first page. A list whose answers are JSON or XML asked for both and read
an XML page as no items: a silently empty list. The sync and the async client each call
scripted servers on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import importlib
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from generator.ir import paging
from tests.support import import_from
from tests.support.servers import Recorded, Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_link_header_pagination"
REPO = {"type": "object", "properties": {"name": {"type": "string"}}}
REPOS = {"type": "array", "items": REPO}
LINK = {"description": "pages", "schema": {"type": "string"}}


def _query(name: str, kind: str) -> dict[str, Any]:
    return {"name": name, "in": "query", "schema": {"type": kind}}


def _answer(schema: dict[str, Any], **response: Any) -> dict[str, Any]:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}},
                    **response}}


def _list(operation_id: str, parameters: list[dict[str, Any]], responses: dict[str, Any],
          **extra: Any) -> dict[str, Any]:
    return {"get": {"operationId": operation_id, "tags": ["repos"], "parameters": parameters,
                    "responses": responses, **extra}}


SVIX_PAGE = {"type": "object", "required": ["data", "done", "iterator"], "properties": {
    "data": REPOS, "iterator": {"type": "string", "nullable": True},
    "prevIterator": {"type": "string", "nullable": True}, "done": {"type": "boolean"}}}
XML_PAGE = {"type": "object", "properties": {"data": {"type": "array", "xml": {"wrapped": True},
                                                      "items": REPO}}}

DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Repos", "version": "1"},
    "components": {"securitySchemes": {"token": {"type": "http", "scheme": "bearer"}},
                   "headers": {"link": LINK}},
    "security": [{"token": []}],
    "paths": {
        # GitHub's: a bare array, the `Link` header declared (by $ref, as GitHub does)
        "/user/repos": _list("repos/list-for-user", [_query("per_page", "integer"),
                                                     _query("page", "integer")],
                             _answer(REPOS, headers={"Link": {
                                 "$ref": "#/components/headers/link"}})),
        # Ory's: a bare array and a page token, no header declared
        "/admin/identities": _list("listIdentities", [_query("page_size", "integer"),
                                                      _query("page_token", "string")],
                                   _answer(REPOS)),
        # Files.com's: a bare array and a `cursor`, the next one in `X-Files-Cursor-Next`
        "/behaviors": _list("listBehaviors", [_query("cursor", "string"),
                                              _query("per_page", "integer")], _answer(REPOS)),
        # declared by the hint: a bare array, nothing to detect it by
        "/orgs": _list("listOrgs", [_query("since", "integer")], _answer(REPOS),
                       **{"x-codegen-pagination": {"style": "link"}}),
        # Svix's: the answer's `iterator` the next cursor, `done` true on the last page
        "/api/v1/app": _list("listApps", [_query("limit", "integer"),
                                          _query("iterator", "string"),
                                          _query("after", "string")],  # a date filter
                             _answer(SVIX_PAGE)),
        "/api/v1/hinted": _list("listHinted", [_query("iterator", "string")], _answer(SVIX_PAGE),
                                **{"x-codegen-pagination": {
                                    "style": "cursor", "items": "data", "param": "iterator",
                                    "next": "iterator", "done": "done"}}),
        # the Train Travel API's: JSON or XML pages of different schemas
        "/trips": _list("listTrips", [_query("page", "integer")], {"200": {
            "description": "ok", "content": {
                "application/json": {"schema": {"type": "object", "properties": {
                    "data": REPOS, "links": {"type": "object", "properties": {
                        "next": {"type": "string"}}}}}},
                "application/xml": {"schema": XML_PAGE}}}}),
    },
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("link_header")
    spec = root / "repos.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _repos(names: str, link: str | None = None) -> Reply:
    return Reply(200, headers={"Link": link} if link else {}, body=[{"name": n} for n in names])


# -- detection -----------------------------------------------------------------------------


def test_a_bare_array_declaring_a_link_header_or_taking_a_token_pages_by_link() -> None:
    link = paging.Pagination("link", "", "")
    numbers = {"per_page": "integer", "page": "integer"}
    assert paging.detect(numbers, {}, bare_array=True, link_header=True) == link
    # the token a header may hand back where an answer has no Link (Files.com's)
    assert paging.detect({"page_token": "string"}, {}, bare_array=True) == paging.Pagination(
        "link", "", "page_token")
    # nothing says how a bare array pages: no page object
    assert paging.detect(numbers, {}, bare_array=True) is None
    assert paging.detect({"after": "string"}, {}, bare_array=True) is None
    # an object answer pages as before, whatever header it declares
    found = paging.detect(numbers, {"items": REPOS}, link_header=True)
    assert found is not None and found.style == "page"


def test_svix_lists_page_by_their_iterator_until_done() -> None:
    found = paging.detect({"limit": "integer", "after": "string", "iterator": "string"},
                          SVIX_PAGE["properties"])
    assert found == paging.Pagination("cursor", "data", "iterator", next="iterator",
                                      limit_param="limit", done="done")
    # `done` is read only as a boolean
    other = {**SVIX_PAGE["properties"], "done": {"type": "string"}}
    found = paging.detect({"iterator": "string"}, other)
    assert found is not None and found.done is None


@pytest.mark.parametrize("name", ["done", "isLast", "last_page", "finished"])
def test_a_hint_naming_an_end_flag_as_has_more_is_refused(name: str) -> None:
    properties = {**SVIX_PAGE["properties"], name: {"type": "boolean"}}
    hint = {"style": "cursor", "items": "data", "param": "iterator", "has_more": name}
    with pytest.raises(paging.HintError, match=f"write `done: {name}`"):
        paging.from_hint(hint, {"iterator": "string"}, properties)
    # `has_more` itself, and an end flag given as `done`, are taken
    hint = {"style": "cursor", "items": "data", "param": "iterator", "done": name}
    assert paging.from_hint(hint, {"iterator": "string"}, properties).done == name


@pytest.mark.parametrize("name", ["done", "isLast"])
def test_an_end_flag_of_one_of_the_answers_objects_as_has_more_is_refused(name: str) -> None:
    """`has_more: meta.done`: a property of one of the answer's objects is read as the flag
    it names; as `has_more`, the walk would stop after the first page."""
    properties = {**SVIX_PAGE["properties"], "meta": {"type": "object"}}
    nested = {"meta": {name}}
    hint = {"style": "cursor", "items": "data", "param": "iterator", "has_more": f"meta.{name}"}
    with pytest.raises(paging.HintError, match=f"write `done: meta.{name}`"):
        paging.from_hint(hint, {"iterator": "string"}, properties, nested=nested)
    hint = {"style": "cursor", "items": "data", "param": "iterator", "done": f"meta.{name}"}
    assert paging.from_hint(hint, {"iterator": "string"}, properties,
                            nested=nested).done == ("meta", name)


def test_a_link_hint_takes_only_what_a_link_walk_reads() -> None:
    assert paging.from_hint({"style": "link"}, {}, {}, bare_array=True) == paging.Pagination(
        "link", "", "")
    assert paging.from_hint({"style": "link"}, {}, {"items": REPOS}).items == "items"
    with pytest.raises(paging.HintError, match="takes only `items`, `has_more` and `done`"):
        paging.from_hint({"style": "link", "param": "page"}, {"page": "integer"}, {},
                         bare_array=True)
    with pytest.raises(paging.HintError, match="no array and has no property"):
        paging.from_hint({"style": "link"}, {}, {"name": {"type": "string"}})


# -- link walks --------------------------------------------------------------------------


def _walk(package: ModuleType, url: str, kind: str, method: str, **arguments: Any) -> list[str]:
    if kind == "sync":
        with package.Client(base_url=url, api_key="sekrit", max_retries=0) as client:
            return [r.name for r in getattr(client.repos, method)(**arguments)]

    async def run() -> list[str]:
        async with package.AsyncClient(base_url=url, api_key="sekrit", max_retries=0) as client:
            return [r.name async for r in getattr(client.repos, method)(**arguments)]

    return asyncio.run(run())


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_link_walk_follows_each_next_link_with_the_credentials(package: ModuleType,
                                                                 kind: str) -> None:
    with ScriptedServer([]) as server:
        server._replies = [  # absolute and relative links, other relations around them
            _repos("ab", f'<{server.url}/user/repos?per_page=2&page=5>; rel="last", '
                         f'<{server.url}/user/repos?per_page=2&page=2>; rel="next"'),
            _repos("cd", '</user/repos?per_page=2&page=3>; rel="next prefetch"; title="n"'),
            _repos("e", '</user/repos?per_page=2&page=1>; rel="first"'),
        ]
        names = _walk(package, server.url, kind, "list_for_user", per_page=2)
        requests = server.requests
    assert names == list("abcde")
    assert [r.target for r in requests] == ["/user/repos?per_page=2", "/user/repos?per_page=2&page=2",
                                            "/user/repos?per_page=2&page=3"]
    assert {r.headers["authorization"] for r in requests} == {"Bearer sekrit"}


def test_the_page_keeps_its_answer_its_items_and_the_raw_response(package: ModuleType) -> None:
    replies = [_repos("ab", '</user/repos?page=2>; rel="next"'), _repos("c"),
               _repos("ab", '</user/repos?page=2>; rel="next"')]
    with ScriptedServer(replies) as server, \
            package.Client(base_url=server.url, api_key="k", max_retries=0) as client:
        first = client.repos.list_for_user()
        assert [r.name for r in first.page] == ["a", "b"]
        assert [r.name for r in first.items] == ["a", "b"]
        assert first.has_next_page()
        following = first.next_page()
        assert following is not None and [r.name for r in following.items] == ["c"]
        assert not following.has_next_page() and following.next_page() is None
        raw = client.repos.with_raw_response.list_for_user()
    assert raw.headers["link"] == '</user/repos?page=2>; rel="next"'
    assert type(raw.parse()).__name__ == "SyncPage"


def test_ory_lists_and_hinted_lists_walk_their_links(package: ModuleType) -> None:
    replies = [_repos("a", '</admin/identities?page_size=1&page_token=t2>; rel="next"'),
               _repos("b"), _repos("c", '</orgs?since=9>; rel="next"'), _repos("d")]
    with ScriptedServer(replies) as server, \
            package.Client(base_url=server.url, api_key="k", max_retries=0) as client:
        identities = [r.name for r in client.repos.list_identities(page_size=1)]
        orgs = [r.name for r in client.repos.list_orgs()]
        targets = [r.target for r in server.requests]
    assert (identities, orgs) == (["a", "b"], ["c", "d"])
    assert targets == ["/admin/identities?page_size=1",
                       "/admin/identities?page_size=1&page_token=t2", "/orgs", "/orgs?since=9"]


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_link_to_another_origin_is_never_followed(package: ModuleType, kind: str) -> None:
    with ScriptedServer([_repos("z")]) as elsewhere:
        # the same host on another port is another origin
        replies = [_repos("ab", f'<{elsewhere.url}/user/repos?page=2>; rel="next"')]
        with ScriptedServer(replies) as server, \
                pytest.raises(package.PaginationLinkError) as raised:
            _walk(package, server.url, kind, "list_for_user")
        assert elsewhere.requests == []
    assert f"leads the list's next page to '{elsewhere.url}/user/repos?page=2'" in str(
        raised.value)
    assert raised.value.url == f"'{elsewhere.url}/user/repos?page=2'"


def test_a_link_back_to_a_page_fetched_is_a_cycle(package: ModuleType) -> None:
    def answer(request: Recorded) -> Reply:
        page = dict(request.query).get("page", "1")
        following = "2" if page == "1" else "1"
        return _repos(f"x{page}", f'</user/repos?page={following}>; rel="next"')

    with ScriptedServer([], answer=answer) as server, \
            package.Client(base_url=server.url, api_key="k", max_retries=0) as client, \
            pytest.raises(package.PaginationCycleError) as raised:
        list(client.repos.list_for_user())
    assert "a page already fetched" in str(raised.value)
    assert raised.value.param == "Link"
    assert len(server.requests) <= 4


def test_a_link_header_too_large_is_not_read(package: ModuleType) -> None:
    huge = '</user/repos?page=2>; rel="next", ' + "<x>; rel=other, " * 4000
    with ScriptedServer([_repos("a", huge)]) as server, \
            package.Client(base_url=server.url, api_key="k", max_retries=0) as client, \
            pytest.raises(package.PaginationLinkError, match="Link header has 64,033 characters"):
        list(client.repos.list_for_user())


# -- Svix's `done` ---------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["list_apps", "list_hinted"])
def test_a_page_saying_done_ends_the_walk(package: ModuleType, method: str) -> None:
    replies = [Reply(200, body={"data": [{"name": "a"}], "iterator": "it1", "done": False}),
               Reply(200, body={"data": [{"name": "b"}], "iterator": "it2", "done": True}),
               Reply(200, body={"data": [{"name": "never"}], "iterator": None, "done": True})]
    with ScriptedServer(replies) as server, \
            package.Client(base_url=server.url, api_key="k", max_retries=0) as client:
        names = [r.name for r in getattr(client.repos, method)()]
        queries = [dict(r.query) for r in server.requests]
    assert names == ["a", "b"]
    assert queries == [{}, {"iterator": "it1"}]


# -- pages the walk cannot read ----------------------------------------------------------


def test_a_list_asks_for_json_pages_and_refuses_another(package: ModuleType) -> None:
    xml = "<root><data><item><name>a</name></item></data></root>"
    replies = [Reply(200, headers={"Content-Type": "application/xml"}, body=xml)]
    with ScriptedServer(replies) as server, \
            package.Client(base_url=server.url, api_key="k", max_retries=0) as client, \
            pytest.raises(package.APIResponseValidationError):
        list(client.repos.list_trips())  # was [], nothing said
    assert server.requests[0].headers["accept"] == "application/json"


def test_the_package_notes_the_media_types_a_list_does_not_read(package: ModuleType) -> None:
    coverage = (Path(package.__file__).parent / "COVERAGE.md").read_text(encoding="utf-8")
    assert "also listed as application/xml, whose pages its walk cannot read" in coverage


def test_a_link_compares_origins_as_the_credentials_are_bound(package: ModuleType) -> None:
    """An international host is one origin however a link writes it (`bücher.example` and
    its `xn--` form, which the client sends), as `_auth` binds the credentials to it; a look-
    alike host, another port or scheme, or a port that is no number stays another origin."""
    pagination = importlib.import_module(f"{package.__name__}._pagination")
    home = "https://xn--bcher-kva.example/v1/books?page=1"
    assert pagination.followed_link("https://bücher.example/v1/books?page=2", home) == (
        "https://bücher.example/v1/books?page=2")
    assert pagination.followed_link("https://BÜCHER.example:443/v1/books?page=2", home)
    for elsewhere in ("https://bucher.example/v1/books?page=2",
                      "https://bücher.example:8443/v1/books?page=2",
                      "http://bücher.example/v1/books?page=2",
                      "https://bücher.example:x/v1/books?page=2"):
        assert pagination.followed_link(elsewhere, home) is None, elsewhere


def _behaviors(names: str, cursor: str | None = None, link: str | None = None) -> Reply:
    headers = {"X-Files-Cursor-Next": cursor} if cursor else {}
    return Reply(200, headers={**headers, **({"Link": link} if link else {})},
                 body=[{"name": n} for n in names])


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_token_list_without_a_link_takes_its_next_cursor_from_a_header(
        package: ModuleType, kind: str) -> None:
    """Files.com's lists answer a bare array and hand the next cursor back in
    `X-Files-Cursor-Next`, no `Link`: the walk, guessed a link walk by the `cursor` parameter,
    stopped after the first page without a word (the README says every item of every page).
    The next page is asked with that cursor, the caller's query kept; a Link wins over it."""
    replies = [_behaviors("ab", cursor="c2"), _behaviors("c", cursor="c3"),
               _behaviors("d", cursor="c9", link='</behaviors?cursor=c4&per_page=2>; rel="next"'),
               _behaviors("e", cursor="c5")]
    with ScriptedServer(replies) as server:
        names = _walk(package, server.url, kind, "list_behaviors", per_page=2)
        targets = [r.target for r in server.requests]
    assert names == list("abcde")
    # (a page asked at a Link's URL has no query of its own to extend: the walk ends there)
    assert targets == ["/behaviors?per_page=2", "/behaviors?per_page=2&cursor=c2",
                       "/behaviors?per_page=2&cursor=c3", "/behaviors?cursor=c4&per_page=2"]


def test_a_header_cursor_ends_at_an_empty_page_and_a_repeat_is_a_cycle(package: ModuleType) -> None:
    replies = [_behaviors("a", cursor="c2"), _behaviors("", cursor="c3"),
               _behaviors("x", cursor="c2"), _behaviors("y", cursor="c2")]
    with ScriptedServer(replies) as server, \
            package.Client(base_url=server.url, api_key="k", max_retries=0) as client:
        first = client.repos.list_behaviors()
        assert first.has_next_page() and [r.name for r in first] == ["a"]
        assert len(server.requests) == 2  # the empty page ended it, its cursor unread
        with pytest.raises(package.PaginationCycleError) as raised:
            list(client.repos.list_behaviors())
    assert raised.value.param == "cursor" and "a page already fetched" in str(raised.value)


@pytest.mark.parametrize(("name", "found"), [
    ("X-Files-Cursor-Next", True), ("x-next-cursor", True), ("Next-Page-Token", True),
    ("X-Pagination-Next-Cursor", True), ("X-Files-Cursor-Prev", False), ("X-Cursor", False),
    ("X-Next", False), ("X-Tokens-Next-Reset", False)])
def test_the_headers_read_as_a_next_cursor(package: ModuleType, name: str, found: bool) -> None:
    pagination = importlib.import_module(f"{PACKAGE}._pagination")
    assert pagination.next_cursor_header({name: " c2 "}) == ("c2" if found else None)
    assert pagination.next_cursor_header({name: ""}) is None
