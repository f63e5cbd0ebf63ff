"""Issue #13.7: whatever the spec names things, each generated method sends its own request.

Tag, operationId, parameter and property names are drawn from every identifier the runtime
(templates/runtime/*.py) and a generated package (generated/ionos) use, the builtins and the
keywords. Each drawn document is generated through the real pipeline (tolerant, formatted),
written, imported, and every method is called against a real local server: it must send its
own HTTP method and path, and each argument's value under its own wire name.
"""

from __future__ import annotations

import ast
import builtins
import functools
import inspect
import itertools
import keyword
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import pipeline, render
from generator.io import write
from tests.support import GENERATED, TEMPLATES, import_from, resource_modules
from tests.support.servers import Reply, ScriptedServer

GENERATED_MODULES = ("__init__.py", "_client.py", "resources/__init__.py")
CALL_ARGUMENTS = {argument.name for argument in render.CALL_ARGUMENTS}


def _identifiers(source: str) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.arg | ast.keyword) and node.arg:
            found.add(node.arg)
        elif isinstance(node, ast.alias):
            found.add((node.asname or node.name).split(".")[0])
    return found


def _name_pool() -> list[str]:
    sources = [path.read_text(encoding="utf-8") for path in sorted((TEMPLATES / "runtime").glob("*.py"))]
    sources += [(GENERATED / "ionos" / module).read_text(encoding="utf-8") for module in GENERATED_MODULES]
    sources += resource_modules(GENERATED / "ionos").values()
    pool = set().union(*map(_identifiers, sources)) | set(dir(builtins))
    return sorted(pool | set(keyword.kwlist) | set(keyword.softkwlist))


POOL = _name_pool()
NAME = st.sampled_from(POOL)
_COUNTER = itertools.count()


def _document(tags: list[str], operation_ids: list[str], params: list[str], props: list[str]) -> dict[str, Any]:
    """Two operations: POST /p0/{path param} with two query parameters and a two-property body,
    and GET /p1/{path param} with the query parameters."""
    path_param, *query = params
    parameters = [{"name": path_param, "in": "path", "required": True, "schema": {"type": "string"}},
                  *({"name": name, "in": "query", "schema": {"type": "string"}} for name in query)]
    body = {"content": {"application/json": {"schema": {
        "type": "object", "properties": {name: {"type": "string"} for name in props}}}}}
    paths = {}
    for index, (tag, operation_id) in enumerate(zip(tags, operation_ids, strict=True)):
        operation: dict[str, Any] = {"tags": [tag], "operationId": operation_id, "parameters": parameters,
                                     "responses": {"204": {"description": "done"}}}
        if index == 0:
            operation["requestBody"] = body
        paths[f"/p{index}/{{{path_param}}}"] = {"post" if index == 0 else "get": operation}
    return {"openapi": "3.1.0", "info": {"title": "names", "version": "1"},
            "servers": [{"url": "http://127.0.0.1:1"}], "paths": paths}


def _generated(doc: dict[str, Any], folder: Path) -> Any:
    import json

    package = f"drawn_{next(_COUNTER)}"
    spec = folder / f"{package}.json"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, package)])
    write.write(generation.packages[package], folder / package)
    return import_from(folder, package)


def _methods(client: Any) -> list[Any]:
    """Every operation method of the client's resources."""
    found = []
    resources = [name for name, member in vars(type(client)).items()
                 if isinstance(member, functools.cached_property)]
    for value in (getattr(client, name) for name in resources):
        if ".resources." in type(value).__module__:
            found.extend(getattr(value, name) for name, member in vars(type(value)).items()
                         if inspect.isfunction(member) and not name.startswith("_"))
    return found


@pytest.fixture(scope="module")
def server() -> Any:
    with ScriptedServer([Reply(204)], repeat_last=True) as running:
        yield running


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    tags=st.lists(NAME, min_size=2, max_size=2),
    operation_ids=st.lists(NAME, min_size=2, max_size=2, unique=True),
    params=st.lists(NAME, min_size=3, max_size=3, unique=True),
    props=st.lists(NAME, min_size=2, max_size=2, unique=True),
)
def test_every_method_sends_its_own_request(
    tags: list[str], operation_ids: list[str], params: list[str], props: list[str],
    server: Any, tmp_path_factory: pytest.TempPathFactory,
) -> None:
    doc = _document(tags, operation_ids, params, props)
    package = _generated(doc, tmp_path_factory.mktemp("drawn"))
    client = package.Client(api_key="k", base_url=server.url)
    methods = _methods(client)
    assert len(methods) == 2
    sent = set()
    for method in methods:
        verb, template = method.__doc__.splitlines()[0].split(" ", 1)
        arguments = [name for name in inspect.signature(method).parameters if name not in CALL_ARGUMENTS]
        values = {name: f"v{index}" for index, name in enumerate(arguments)}
        before = len(server.requests)
        method(**values)
        assert len(server.requests) == before + 1
        request = server.requests[-1]
        path_param, *query = params
        assert (request.method, request.path) == (verb, re.sub(r"\{.*\}", "v0", template))
        assert template == f"/p{0 if verb == 'POST' else 1}/{{{path_param}}}"
        assert request.query == [(name, f"v{index}") for index, name in enumerate(query, start=1)]
        if verb == "POST":
            assert request.json() == {name: f"v{index}" for index, name in enumerate(props, start=3)}
        sent.add((request.method, request.path))
    assert sent == {("POST", "/p0/v0"), ("GET", "/p1/v0")}
