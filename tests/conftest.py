"""Fixtures shared by the whole suite (helpers and constants live in tests/support/)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import PROVIDERS
from tests.support.schedule import slowest_files_first
from tests.support.servers import Reply, ScriptedServer

# `pristine` and `sandbox`: a regenerated copy of the repository for CLI tests (tests/cli/).
pytest_plugins = ["tests.support.sandbox"]


@pytest.hookimpl(trylast=True)  # after pytest's own reordering (by fixture parameters)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a pytest-xdist worker (`make test`), the slowest files first (tests/support/schedule.py):
    the workers finish together. A plain `pytest` run keeps the collection order."""
    if hasattr(config, "workerinput"):
        slowest_files_first(items)


@pytest.fixture(scope="session", autouse=True)
def session_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The generator's cache (generator/io/cache.py) in a folder of this session, set before any
    other fixture runs: the suite never reads or writes the user's cache, and the commands it
    runs in subprocesses inherit the setting."""
    from generator.io.cache import DIR_ENV, OFF_ENV

    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(DIR_ENV, str(folder))
        patch.delenv(OFF_ENV, raising=False)
        yield folder


_TESTS = itertools.count()


@pytest.fixture(autouse=True)
def cache_per_test(session_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test its own cache folder (inside the session's): a test that breaks a stage on
    purpose (a missing formatter, broken templates) must meet that stage, not a package an
    earlier test left in the cache."""
    from generator.io.cache import DIR_ENV

    folder = session_cache / f"test-{next(_TESTS)}"
    monkeypatch.setenv(DIR_ENV, str(folder))
    return folder


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """No provider API keys or base URLs leak in from the environment."""
    for provider in PROVIDERS:
        monkeypatch.delenv(f"{provider.upper()}_API_KEY", raising=False)
        monkeypatch.delenv(f"{provider.upper()}_BASE_URL", raising=False)
    yield monkeypatch


@pytest.fixture
def serve() -> Iterator[Callable[..., ScriptedServer]]:
    """`serve(replies, **options)`: a `ScriptedServer` on 127.0.0.1, started at once and stopped
    (its threads joined, bounded) when the test ends, whatever the test did."""
    servers: list[ScriptedServer] = []

    def start(replies: list[Reply], **kwargs: Any) -> ScriptedServer:
        server = ScriptedServer(replies, **kwargs).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def feature_packages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding every package generated from tests/feature_specs/, generated once per
    session: the feature tests and the golden record compare the same generation."""
    from tests.support.features import write_feature_packages  # the generator, only when asked

    out = tmp_path_factory.mktemp("features")
    write_feature_packages(out)
    return out
