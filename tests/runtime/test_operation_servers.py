"""An operation with servers of its own (OpenAPI's `servers` on a path item or an operation).

GitHub's release assets are uploaded to `uploads.github.com`, Linode's beta operations live
under `/v4beta`: a client that sent them to the document's base URL would fail every call. The
package is generated from tests/feature_specs/operation_servers.yaml with its servers pointed at
scripted servers on 127.0.0.1 (the document's own and the uploads' one); each case runs the sync
and the async client.

- While the base URL is the document's, such an operation goes to its own server, with the
  credentials (the document names that server for it); the others go to the base URL.
- A base URL the user chose (a proxy, a test server) serves every operation: the credentials
  never go to a host the user did not pick.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from generator import pipeline
from generator.io import write
from tests.support import FEATURE_SPECS, import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

KEY = "sk-servers-0123456789"
PACKAGE = "feat_operation_servers_live"


def generated(tmp_path: Path, api: ScriptedServer, uploads: ScriptedServer) -> ModuleType:
    """The feature document's package, its servers replaced by `api`'s and `uploads`'."""
    data = yaml.safe_load((FEATURE_SPECS / "operation_servers.yaml").read_text(encoding="utf-8"))
    data["servers"] = [{"url": api.url + "/v1"}]
    data["paths"]["/assets/{id}"]["servers"] = [{"url": uploads.url}]
    spec = tmp_path / "operation_servers.yaml"
    spec.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    target = pipeline.target_for_spec(spec, PACKAGE)
    for name, files in pipeline.build_packages([target]).items():
        write.write(files, tmp_path / "out" / name)
    return import_from(tmp_path / "out", PACKAGE)


def calls(package: ModuleType, kind: str, **client: Any) -> None:
    """The three operations, in order, on the sync or the async client."""
    if kind == "sync":
        with package.Client(api_key=KEY, max_retries=0, **client) as sync:
            sync.default.list_items()
            sync.default.upload_asset(id=7, body=b"data")
            sync.default.share()
        return

    async def run() -> None:
        async with package.AsyncClient(api_key=KEY, max_retries=0, **client) as session:
            await session.default.list_items()
            await session.default.upload_asset(id=7, body=b"data")
            await session.default.share()

    asyncio.run(run())


REPLIES = [Reply(200, {"Content-Type": "application/json"}, ["a"]), Reply(204), Reply(204)]


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_an_operation_goes_to_its_own_server_with_the_credentials(
    tmp_path: Path, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    api, uploads = serve([REPLIES[0], REPLIES[2]]), serve([REPLIES[1]])
    package = generated(tmp_path, api, uploads)
    assert package._client.DEFAULT_BASE_URL == api.url + "/v1"
    calls(package, kind)
    # the path item's server, the operation's relative one (joined to the document's base)
    assert [r.target for r in api.requests] == ["/v1/items", "/v1beta/share"]
    assert [(r.method, r.target, r.body) for r in uploads.requests] == [("PUT", "/assets/7", b"data")]
    for request in [*api.requests, *uploads.requests]:
        assert request.headers["authorization"] == f"Bearer {KEY}"


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_base_url_the_user_chose_serves_every_operation(
    tmp_path: Path, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    api, uploads = serve([]), serve([])
    package = generated(tmp_path, api, uploads)
    chosen = serve(REPLIES)
    calls(package, kind, base_url=chosen.url + "/v1")
    assert [r.target for r in chosen.requests] == ["/v1/items", "/v1/assets/7", "/v1/share"]
    assert all(r.headers["authorization"] == f"Bearer {KEY}" for r in chosen.requests)
    assert api.requests == [] and uploads.requests == []


def test_the_operation_servers_apply_again_when_the_base_url_is_set_back(
    tmp_path: Path, serve: Callable[..., ScriptedServer]
) -> None:
    api, uploads = serve([]), serve([Reply(204)])
    package = generated(tmp_path, api, uploads)
    chosen = serve([])
    with package.Client(api_key=KEY, max_retries=0, base_url=chosen.url) as client:
        client.base_url = package._client.DEFAULT_BASE_URL + "/"  # the document's, however spelt
        client.default.upload_asset(id=1, body=b"x")
    assert [r.target for r in uploads.requests] == ["/assets/1"] and chosen.requests == []


def upload(package: ModuleType, kind: str) -> None:
    """The operation with its own server, once, on the sync or the async client."""
    if kind == "sync":
        with package.Client(api_key=KEY, max_retries=0) as sync:
            sync.default.upload_asset(id=7, body=b"data")
        return

    async def run() -> None:
        async with package.AsyncClient(api_key=KEY, max_retries=0) as session:
            await session.default.upload_asset(id=7, body=b"data")

    asyncio.run(run())


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_redirect_from_an_operation_server_to_the_base_url_keeps_the_credentials(
    tmp_path: Path, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    """Both origins are the document's, so both are trusted: the key follows the hop."""
    api = serve([Reply(204)])
    uploads = serve([Reply(307, {"Location": api.url + "/v1/moved/7"})])
    upload(generated(tmp_path, api, uploads), kind)
    (first,), (landed,) = uploads.requests, api.requests
    assert first.headers["authorization"] == landed.headers["authorization"] == f"Bearer {KEY}"
    assert (landed.method, landed.target, landed.body) == ("PUT", "/v1/moved/7", b"data")


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_a_redirect_from_an_operation_server_to_a_third_origin_drops_the_credentials(
    tmp_path: Path, serve: Callable[..., ScriptedServer], kind: str
) -> None:
    api, elsewhere = serve([]), serve([Reply(204)])
    uploads = serve([Reply(307, {"Location": elsewhere.url + "/x"})])
    upload(generated(tmp_path, api, uploads), kind)
    (first,), (landed,) = uploads.requests, elsewhere.requests
    assert first.headers["authorization"] == f"Bearer {KEY}"
    assert KEY not in str(landed.headers) + landed.target
    assert landed.method == "PUT" and api.requests == []
