"""Resources are built on first use: importing a package and creating a client import no resource
module, `client.<attribute>` imports its own module only, and a resource module names its models
without loading them until an operation is first called.

One feature package (tests/feature_specs/petstore_tags.yaml: resources `pets` and `store`),
generated once for the module and imported fresh by each test; calls go to 127.0.0.1 servers.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import FEATURE_SPECS, import_from
from tests.support.servers import Reply, ScriptedServer

NAME = "lazy_pets"
PET = {"id": 1, "name": "Rex"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding the generated package `lazy_pets`."""
    out = tmp_path_factory.mktemp("lazy")
    target = pipeline.target_for_spec(FEATURE_SPECS / "petstore_tags.yaml", NAME)
    write.write(pipeline.build_packages([target])[NAME], out / NAME)
    return out


@pytest.fixture
def package(folder: Path) -> ModuleType:
    """`lazy_pets` imported afresh: no module of it loaded before."""
    return import_from(folder, NAME)


def _loaded_resources() -> set[str]:
    return {name for name in sys.modules if name.startswith(f"{NAME}.resources.")}


def _specs(module: ModuleType) -> dict[str, Any]:
    """The module's `ResponseSpec` constants by name."""
    spec_class = sys.modules[f"{NAME}._base_client"].ResponseSpec
    return {name: value for name, value in vars(module).items() if isinstance(value, spec_class)}


class _Recording(ModuleType):
    """Stands in for the package's `models` module and records each name read from it."""

    def __init__(self, models: ModuleType) -> None:
        super().__init__(models.__name__)
        self._real = models
        self.read: list[str] = []

    def __getattr__(self, name: str) -> Any:
        self.read.append(name)
        return getattr(self._real, name)


def test_creating_a_client_imports_no_resource(package: ModuleType) -> None:
    client = package.Client(api_key="k", base_url="http://127.0.0.1:9")
    assert _loaded_resources() == set()
    assert "pets" not in vars(client) and "store" not in vars(client)  # nothing built yet
    async_client = package.AsyncClient(api_key="k", base_url="http://127.0.0.1:9")
    assert _loaded_resources() == set()
    asyncio.run(async_client.close())
    client.close()


def test_an_attribute_imports_only_its_resource_and_keeps_it(package: ModuleType) -> None:
    client = package.Client(api_key="k", base_url="http://127.0.0.1:9")
    pets = client.pets
    assert _loaded_resources() == {f"{NAME}.resources.pets"}
    assert client.pets is pets  # built once, then kept
    assert type(pets).__name__ == "Pets" and pets._client is client
    assert pets.with_raw_response is client.pets.with_raw_response
    client.close()


def test_a_copy_builds_its_own_resources_on_itself(package: ModuleType) -> None:
    client = package.Client(api_key="k", base_url="http://127.0.0.1:9")
    original = client.pets
    copy = client.with_options(timeout=5.0)
    assert "pets" not in vars(copy)
    assert copy.pets is not original and copy.pets._client is copy
    assert client.pets is original and original._client is client
    assert client.copy(max_retries=0).store._client is not client
    client.close()


def test_the_resources_package_exports_each_class_on_first_access(package: ModuleType) -> None:
    resources = importlib.import_module(f"{NAME}.resources")
    assert _loaded_resources() == set()  # the package alone imports no resource module
    assert {"Pets", "AsyncPets", "Store", "AsyncStore"} <= set(dir(resources))
    from_package = resources.Pets
    assert _loaded_resources() == {f"{NAME}.resources.pets"}
    client = package.Client(api_key="k", base_url="http://127.0.0.1:9")
    assert type(client.pets) is from_package
    async_client = package.AsyncClient(api_key="k", base_url="http://127.0.0.1:9")
    assert type(async_client.store) is resources.AsyncStore
    asyncio.run(async_client.close())
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        _ = resources.Nope
    client.close()


def test_response_specs_resolve_their_models_on_the_first_call(
    package: ModuleType, serve: Callable[..., ScriptedServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Until an operation is called its spec holds a function, not the models: importing the
    resource module and building the resource read nothing from `models`."""
    recording = _Recording(package.models)
    monkeypatch.setattr(package, "models", recording)  # what `from .. import models` finds
    server = serve([Reply(200, body=[PET])], repeat_last=True)
    client = package.Client(api_key="k", base_url=server.url)
    pets = client.pets
    module = sys.modules[f"{NAME}.resources.pets"]
    assert module._models is recording
    specs = _specs(module)
    assert len(specs) == 2 and not any(spec.resolved for spec in specs.values())
    assert recording.read == []
    (listed,) = pets.list_pets()
    assert listed.name == "Rex"
    resolved = {name for name, spec in specs.items() if spec.resolved}
    assert len(resolved) == 1  # the other operation's models are still untouched
    models = {name for name in recording.read if not name.startswith("__")}
    # the answer's model and the arguments' checker, no model of `create_pet`
    assert models == {"PetsListPetsResponse", "PetsListPetsParams"}, recording.read
    pets.list_pets()
    assert {name for name, spec in specs.items() if spec.resolved} == resolved
    client.close()


def test_calls_through_lazily_built_resources(package: ModuleType, serve: Callable[..., ScriptedServer]) -> None:
    server = serve([Reply(200, body=[PET]), Reply(201, body=PET), Reply(200, body=[PET])])
    with package.Client(api_key="k", base_url=server.url) as client:
        assert [pet.id for pet in client.pets.list_pets(limit=2)] == [1]
        assert client.pets.create_pet(name="Rex").name == "Rex"
        raw = client.pets.with_raw_response.list_pets()
        assert raw.status_code == 200 and raw.parse()[0].name == "Rex"

    async def run() -> tuple[int, str]:
        async with package.AsyncClient(api_key="k", base_url=async_server.url) as client:
            listed = await client.pets.list_pets()
            created = await client.pets.create_pet(name="Rex")
            return listed[0].id, created.name

    async_server = serve([Reply(200, body=[PET]), Reply(201, body=PET)])
    assert asyncio.run(run()) == (1, "Rex")
    assert [(r.method, r.path) for r in server.requests] == [
        ("GET", "/pets"), ("POST", "/pets"), ("GET", "/pets")]
    assert server.requests[0].query == [("limit", "2")]
    assert [(r.method, r.path) for r in async_server.requests] == [("GET", "/pets"), ("POST", "/pets")]


REVEAL = """
from lazy_pets import AsyncClient, Client

client = Client(api_key="k")
reveal_type(client.pets)
reveal_type(client.pets.list_pets())
reveal_type(client.store)
reveal_type(AsyncClient(api_key="k").pets)
"""


@functools.cache
def _mypy(folder: Path) -> str:
    (folder / "reveal.py").write_text(REVEAL, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null",
         NAME, "reveal.py"],
        cwd=folder, capture_output=True, text=True, timeout=300, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_mypy_sees_the_resource_classes_and_the_models_they_return(folder: Path) -> None:
    revealed = re.findall(r'Revealed type is "([^"]+)"', _mypy(folder))
    assert revealed[0] == f"{NAME}.resources.pets.Pets"
    # models may live in a module of their own under `models`
    assert re.fullmatch(rf"(builtins\.)?list\[{NAME}\.models(\.\w+)*\.Pet\]", revealed[1]), revealed[1]
    assert revealed[2:] == [f"{NAME}.resources.store.Store", f"{NAME}.resources.pets.AsyncPets"]
