"""A `Link`-header walk against a hostile server (the hostile49 trial).

The walk followed a next link on the origin of the answer, so a first page redirected to
another origin let that origin lead page 2 to itself, with the caller's credential-named
headers and header/cookie parameters; a link with a user name (or `host:1\\@host`) replaced the
client's Authorization with Basic auth of the server's choosing; a relative link was resolved
against the URL as shown (`apiKey=***`), a link's query was decoded and encoded again, messages
cut a URL before blanking a credential in it, and named the answering origin without its port.
The sync and the async client each call scripted servers on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_link_walk_hostile"
BEARER, QKEY, TOKEN = "BEARER-SECRET", "QKEY-SECRET", "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
ITEMS = {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}}}
CALLER = {"x_trace_token": "TRACE-SECRET", "pref": "PREF-SECRET",
          "extra_headers": {"X-Api-Token": "EXTRA-SECRET", "Proxy-Authorization": "PROXY-SECRET",
                            "Authorization": "Bearer CALLER-AUTH"}}

DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Hostile", "version": "1"},
    "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"},
                                       "qkey": {"type": "apiKey", "in": "query",
                                                "name": "apiKey"}}},
    "security": [{"bearer": [], "qkey": []}],
    "paths": {"/items": {"get": {
        "operationId": "listItems", "tags": ["items"],
        "parameters": [{"name": "per_page", "in": "query", "schema": {"type": "integer"}},
                       {"name": "X-Trace-Token", "in": "header", "schema": {"type": "string"}},
                       {"name": "pref", "in": "cookie", "schema": {"type": "string"}}],
        "responses": {"200": {"description": "ok", "headers": {"Link": {"schema": {
            "type": "string"}}}, "content": {"application/json": {"schema": ITEMS}}}}}}},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("link_walk_hostile")
    spec = root / "hostile.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _page(*ids: int, link: str | None = None) -> Reply:
    return Reply(200, headers={"Link": link} if link else {}, body=[{"id": i} for i in ids])


def _walk(package: ModuleType, url: str, kind: str, **arguments: Any) -> list[int]:
    options = {"base_url": url, "bearer": BEARER, "qkey": QKEY, "max_retries": 0, "timeout": 5}
    if kind == "sync":
        with package.Client(**options) as client:
            return [item.id for item in client.items.list_items(**arguments)]

    async def run() -> list[int]:
        async with package.AsyncClient(**options) as client:
            return [item.id async for item in client.items.list_items(**arguments)]

    return asyncio.run(run())


def _refused(package: ModuleType, url: str, kind: str, **arguments: Any) -> str:
    with pytest.raises(package.PaginationLinkError) as raised:
        _walk(package, url, kind, **arguments)
    return str(raised.value)


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_link_from_the_origin_a_first_page_was_redirected_to_is_not_followed(
        package: ModuleType, kind: str) -> None:
    with ScriptedServer([_page(99, link="</items?page=2>; rel=next"), _page(98)]) as foreign:
        home = [Reply(302, headers={"Location": f"{foreign.url}/items"})]
        with ScriptedServer(home) as server:
            message = _refused(package, server.url, kind, **CALLER)
        # the redirect itself went (without the credentials), page 2 never did
        assert [r.target for r in foreign.requests] == ["/items"]
    assert f"not on {server.url} where the list was asked" in message


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_link_back_to_the_origin_asked_is_followed_after_a_redirect(
        package: ModuleType, kind: str) -> None:
    with ScriptedServer([]) as server:
        with ScriptedServer([_page(1, link=f"<{server.url}/items?page=2>; rel=next")]) as moved:
            server._replies = [Reply(302, headers={"Location": f"{moved.url}/items"}), _page(2)]
            ids = _walk(package, server.url, kind)
        requests = server.requests
    assert ids == [1, 2]
    assert requests[-1].target == f"/items?page=2&apiKey={QKEY}"
    assert requests[-1].headers["authorization"] == f"Bearer {BEARER}"


@pytest.mark.parametrize("kind", ["sync", "async"])
@pytest.mark.parametrize("userinfo", ["attacker:chosen@", "127.0.0.1:1\\@"])
def test_a_link_naming_a_user_is_not_followed(package: ModuleType, kind: str,
                                              userinfo: str) -> None:
    with ScriptedServer([]) as server:
        link = f"<http://{userinfo}127.0.0.1:{server.port}/items?page=2>; rel=next"
        server._replies = [_page(1, link=link), _page(2)]
        message = _refused(package, server.url, kind)
        requests = server.requests
    assert len(requests) == 1 and requests[0].headers["authorization"] == f"Bearer {BEARER}"
    assert "with a user name or password" in message


@pytest.mark.parametrize("link", ["<>; rel=next", "<#frag>; rel=next"])
def test_a_relative_link_is_resolved_against_the_url_as_sent(package: ModuleType,
                                                            link: str) -> None:
    with ScriptedServer([_page(1, link=link), _page(2, link=link)]) as server, \
            pytest.raises(package.PaginationCycleError) as raised:
        _walk(package, server.url, "sync", per_page=5, extra_query={"access_token": "TOKEN"})
    sent = f"/items?per_page=5&access_token=TOKEN&apiKey={QKEY}"
    # the same URL again (no `***` sent, no credential piling up): a page already fetched
    assert [r.target for r in server.requests] == [sent, sent]
    assert "TOKEN" not in str(raised.value) and QKEY not in str(raised.value)


@pytest.mark.parametrize("query", ["page=2", "c=%FF%FE", "flag&page=2", "c=a%20b%7e&d=+"])
def test_a_links_query_is_sent_byte_for_byte(package: ModuleType, query: str) -> None:
    with ScriptedServer([]) as server:
        server._replies = [_page(1, link=f"<{server.url}/items?{query}#x>; rel=next"), _page()]
        _walk(package, server.url, "sync")
        targets = [r.target for r in server.requests]
    assert targets[1] == f"/items?{query}&apiKey={QKEY}"


@pytest.mark.parametrize("link", [f"<http://127.0.0.1:1/x?t={TOKEN}>; rel=next",
                                  f"</items?t={TOKEN}>; rel=next"])
def test_messages_blank_a_credential_before_cutting_the_url(package: ModuleType,
                                                           link: str) -> None:
    with ScriptedServer([_page(1, link=link)], repeat_last=True) as server, \
            package.Client(base_url=server.url, bearer=TOKEN, qkey=QKEY, max_retries=0) as client, \
            pytest.raises((package.PaginationLinkError, package.PaginationCycleError)) as raised:
        list(client.items.list_items())
    assert TOKEN[:8] not in str(raised.value) and "t=***" in str(raised.value)


def test_a_refused_link_names_the_origin_with_its_port(package: ModuleType) -> None:
    with ScriptedServer([_page(1, link="<http://127.0.0.1:1/items?page=2>; rel=next")]) as server:
        message = _refused(package, server.url, "sync")
    assert f"not on http://127.0.0.1:{server.port} where" in message
