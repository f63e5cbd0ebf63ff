"""Issue #13.6-8 and #14.6: generated names that cannot collide, shadow or be shadowed.

`tests/feature_specs/names.yaml` holds one of each clash: request builders of tag `a_b` +
`c` and tag `a` + `b_c`, a resource `Jobs` beside `Async Jobs`, tags named like client
attributes (`client`, `timeout`), a method named like a resource attribute
(`with_raw_response`), arguments named like helpers (`cast`, `dispatch`, `validated`,
`params`, `list`, `self`), a query parameter `body` beside a non-object body, a client-level
parameters `api_key`, `base_url` and `http_client`, a tag `str`, and a `models` resource. Each method is called against a real local
server. (test_features.py runs mypy --strict and ruff over the same package.)
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import json
import keyword
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline, render
from generator.io import write
from generator.names import namespace, reserved
from generator.problems import GeneratorError
from tests.support import FEATURE_SPECS, ROOT, import_from, resources_source
from tests.support.servers import Reply, ScriptedServer

NAMES = FEATURE_SPECS / "names.yaml"


@pytest.fixture(scope="module")
def names_package(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, pipeline.Generation]:
    folder = tmp_path_factory.mktemp("names")
    generation = pipeline.generate_packages([pipeline.target_for_spec(NAMES, "names_pkg")])
    write.write(generation.packages["names_pkg"], folder / "names_pkg")
    return import_from(folder, "names_pkg"), generation


def _call(package: Any, call: Any) -> Any:
    with ScriptedServer([Reply(200, body=["x"])], repeat_last=True) as server:
        client = package.Client(api_key="secret", base_url=server.url, api_key_="from-client")
        call(client)
        assert len(server.requests) == 1
        return server.requests[0]


def test_builders_of_a_b_c_and_a_bc_are_two(names_package: tuple[Any, pipeline.Generation]) -> None:
    package, generation = names_package
    first = _call(package, lambda client: client.a_b.c())
    second = _call(package, lambda client: client.a.b_c())
    assert (first.method, first.path) == ("GET", "/ab")
    assert (second.method, second.path) == ("GET", "/a/bc")
    tree = ast.parse(resources_source(generation.packages["names_pkg"]))
    constants = [t.id for node in tree.body if isinstance(node, ast.AnnAssign)
                 for t in [node.target] if isinstance(t, ast.Name)]
    assert "_A_B_C" in constants and "_A_B_C2" in constants
    assert len(constants) == len(set(constants))


def test_jobs_beside_async_jobs_keep_both_operations(names_package: tuple[Any, pipeline.Generation]) -> None:
    package, _ = names_package
    jobs = _call(package, lambda client: client.jobs.list_jobs())
    async_jobs = _call(package, lambda client: client.async_jobs.list_async_jobs())
    assert (jobs.path, async_jobs.path) == ("/jobs", "/async-jobs")
    assert type(package.Client(api_key="k").jobs).__name__ == "Jobs2"
    assert type(package.AsyncClient(api_key="k").async_jobs).__name__ == "AsyncAsyncJobs"


def test_arguments_named_like_helpers_and_builtins_arrive(names_package: tuple[Any, pipeline.Generation]) -> None:
    """`cast`, `body` (beside a whole non-object body: `body_`), `params`, `list`, and the
    client-level `api_key` (as `api_key_`, beside the client's own `api_key`)."""
    package, _ = names_package
    request = _call(package, lambda client: client.client.with_raw_response_(
        cast="c1", body="q", params="p", list=[1, 2], body_=["whole"]))
    assert (request.method, request.path) == ("POST", "/client/c1")
    assert request.query == [("body", "q"), ("params", "p"), ("list", "1"), ("list", "2")]
    assert request.json() == ["whole"]
    assert request.headers["api_key"] == "from-client"
    assert request.headers["authorization"] == "Bearer secret"


def test_models_is_a_resource_like_any_other(names_package: tuple[Any, pipeline.Generation]) -> None:
    """`client.models.list()`, as OpenAI-compatible APIs have it (#14.6); the models module
    is still `package.models`, and a method named `str` beside it types its arguments."""
    package, _ = names_package
    listed = _call(package, lambda client: client.models.list(validated="v", dispatch="d"))
    assert (listed.method, listed.path, listed.query) == ("GET", "/models", [("validated", "v"), ("dispatch", "d")])
    created = _call(package, lambda client: client.models.str(dict={"a": 1}, request_options="r", self_="s"))
    assert created.json() == {"dict": {"a": 1}, "request_options": "r", "self": "s"}
    raw = _call(package, lambda client: client.models.with_raw_response.list())
    assert raw.path == "/models"
    assert package.models.__name__ == "names_pkg.models"


def test_tags_named_like_client_attributes_are_renamed(names_package: tuple[Any, pipeline.Generation]) -> None:
    """`timeout` (an attribute), `str` (a builtin the client's signatures read); the client-level
    `base_url` and `http_client` beside the client's own arguments."""
    package, _ = names_package
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        client = package.Client(api_key="k", base_url=server.url, base_url_="b", http_client_="h")
        client.timeout_.close()
        client.str_.get_str()
        client.with_options(timeout=5.0).with_options_.get_options()
        first, second, third = server.requests
    assert (first.path, first.query) == ("/timeout", [("base_url", "b"), ("http_client", "h")])
    assert (second.path, third.path) == ("/str", "/with-options")
    client = package.Client(api_key="k", timeout=3.0)
    client.close()  # the client's own `close` and `timeout` are untouched
    assert type(client.client).__name__ == "Client2"


def test_each_rename_is_reported_and_only_true_clashes_are_renamed(
    names_package: tuple[Any, pipeline.Generation],
) -> None:
    _, generation = names_package
    actions = {repair.action for repair in generation.outcomes["names_pkg"].repairs}
    assert actions == {
        "its classes are `Client2` and `AsyncClient2`",
        "its classes are `Jobs2` and `AsyncJobs2`",
        "it is `client.timeout_`",
        "its classes are `Timeout2` and `AsyncTimeout2`",
        "it is `client.with_raw_response_()`",
        "it is `api_key_`",
        "it is `base_url_`",
        "it is `http_client_`",
        "it is `client.str_`",
        "it is `client.with_options_`",
        "its argument is `self_`",  # the body property `self`: an argument every method has
    }
    files = generation.packages["names_pkg"]
    assert "`client.timeout_`" in files["COVERAGE.md"]
    assert ("the request body property `self` would be the argument `self`, a name every "
            "method already uses``: its argument is `self_`") in files["COVERAGE.md"]
    assert all("models" not in action for action in actions)


def test_the_reserved_names_are_the_runtime_ones(names_package: tuple[Any, pipeline.Generation]) -> None:
    """Read from the runtime's and the templates' source: every attribute a real client and
    resource have is among them."""
    package, _ = names_package
    for client in (package.Client(api_key="k"), package.AsyncClient(api_key="k")):
        resources = {name for name, value in vars(type(client)).items()
                     if isinstance(value, functools.cached_property)}
        assert resources and all(
            type(getattr(client, name)).__module__ == f"names_pkg.resources.{name}" for name in resources)
        public = {name for name in dir(client) if not name.startswith("_")}  # spec names never are
        assert public - resources <= namespace.client_attributes()
        for name in resources:
            resource = getattr(client, name)
            inherited = {n for n in dir(resource) if not n.startswith("_")} - set(vars(type(resource)))
            assert inherited and inherited <= namespace.resource_attributes()
    assert {"close", "request", "api_key", "base_url", "timeout", "client_params", "with_options", "copy"} \
        <= namespace.client_attributes()
    assert tuple(a.name for a in render.CALL_ARGUMENTS) == reserved.CALL_ARGUMENT_NAMES


def test_a_name_bound_twice_fails_generation(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The generation-time proof: were two builders given one name, generation stops with a
    generator bug instead of writing a package where one operation calls the other's path."""
    module = "X = 1\nclass C:\n    def f(self): ...\n    def f(self): ...\nX = 2\n"
    readings = namespace.read_modules({"m.py": module}, ["m.py"])
    assert namespace.bound_twice_in(readings) == ["m.py: X", "m.py: C.f"]
    real_plan = namespace.plan

    def colliding(operations: Any) -> namespace.Plan:
        chosen = real_plan(operations)
        return dataclasses.replace(chosen, constants=dict.fromkeys(chosen.constants, "_SAME"))

    monkeypatch.setattr(namespace, "plan", colliding)
    with pytest.raises(GeneratorError, match=r"generator bug: names bound twice: resources/\w+\.py: _SAME"):
        pipeline.render_package(pipeline.target_for_spec(NAMES, "names_pkg"),
                                pipeline.load_checked(pipeline.target_for_spec(NAMES, "names_pkg")))


def test_a_resource_too_long_for_a_file_name_is_cut_and_reported(tmp_path: Path) -> None:
    """A tag written as a sentence names the resource's module file: past 255 bytes the file
    could not be written (the run ended in an `internal error: OSError`). Its attribute is cut,
    told apart by a hash, and the rename named with the others; the package imports."""
    tag = "Operations that manage " + "very " * 60 + "long things"
    spec = tmp_path / "long_tag.json"
    spec.write_text(json.dumps({
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/things": {"get": {"operationId": "listThings", "tags": [tag],
                                      "responses": {"200": {"description": "ok"}}}}}}))
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "long_pkg")])
    write.write(generation.packages["long_pkg"], tmp_path / "long_pkg")
    modules = sorted(path.name for path in (tmp_path / "long_pkg" / "resources").iterdir())
    attribute = next(name[:-3] for name in modules if name != "__init__.py")
    assert len(attribute) <= namespace.MAX_RESOURCE_ATTRIBUTE
    assert attribute.startswith("operations_that_manage_very_very")
    outcome = generation.outcomes["long_pkg"]
    assert any(f"it is `client.{attribute}`" in repair.action for repair in outcome.repairs)
    client = import_from(tmp_path, "long_pkg").Client(api_key="k", base_url="http://127.0.0.1:9")
    assert callable(getattr(client, attribute).list_things)


@pytest.mark.parametrize(("package", "why"), [
    ("p" * 300, "more than a package name may be"),
    ("class", "keyword"),
    ("httpx", "the package would hide it"),
    ("pydantic", "the package would hide it"),
    ("json", "the package would hide it"),
])
def test_package_names_that_cannot_be_imported_are_refused(package: str, why: str, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "generator", "generate", "--spec", str(NAMES),
         "--out", str(tmp_path / "out"), "--package", package],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 2
    assert why in result.stderr and "pass --package NAME" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_every_module_the_package_would_hide_is_refused_without_reading_metadata_otherwise() -> None:
    """`package_name_problem` reads the installed distributions' metadata (`shadowed_modules`,
    ~0.07 s) only for a name Python has a module of: every name of that set is still refused,
    and a name no module has is accepted without it (checked in a fresh interpreter, where
    nothing has filled the set's cache)."""
    refused = [name for name in sorted(namespace.shadowed_modules())
               if name.isidentifier() and not keyword.iskeyword(name)
               and namespace.package_name_problem(name) is None]
    assert refused == []
    assert namespace.package_name_problem("httpx2") is not None  # not installed, still needed
    # what httpx imports when installed (compression, HTTP/2, SOCKS), installed or not here: a
    # package of the name was imported in its place and broke the client at import
    assert all(namespace.package_name_problem(name) is not None
               for name in ("sniffio", "brotli", "brotlicffi", "zstandard", "h2", "socksio", "trio"))
    probe = ("from generator.names import namespace\n"
             "assert namespace.package_name_problem('no_module_is_named_like_this') is None\n"
             "print(namespace.shadowed_modules.cache_info().currsize)\n")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=True)
    assert result.stdout.strip() == "0"
