"""Fixtures of the runtime tests: the throwaway runtime package and the clients driving it.

`pkg` is built once per HTTP library for the whole session (every module here used to build its
own copy of the same bytes); `kind` and `make_api` run one test body for the sync and the async
client. The scripted servers come from `serve` (tests/conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from tests.support.runtime_harness import VARIANTS, Api, build_package
from tests.support.servers import ScriptedServer


@pytest.fixture(scope="session", params=VARIANTS)
def pkg(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The runtime of templates/runtime as an imported package, once per HTTP library."""
    return build_package(tmp_path_factory.mktemp("runtime"), request.param)


@pytest.fixture(params=["sync", "async"])
def kind(request: pytest.FixtureRequest) -> str:
    """Which client a test drives: "sync" or "async"."""
    return str(request.param)


@pytest.fixture
def make_api(pkg: ModuleType, kind: str) -> Iterator[Callable[..., Api]]:
    """`make_api(server, **options)`: an `Api` on `server`'s /v1, closed after the test."""
    apis: list[Api] = []

    def make(server: ScriptedServer, **kwargs: Any) -> Api:
        kwargs.setdefault("base_url", server.url + "/v1")
        api = Api(pkg, kind, **kwargs)
        apis.append(api)
        return api

    yield make
    for api in apis:
        api.close()
