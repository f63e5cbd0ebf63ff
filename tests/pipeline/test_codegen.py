"""Issue 10 (properties 4 and 5): the templates give generated code its shape, and generated
methods read like openai-python's.

A method ends in one call that shows the HTTP method and the path
(`return self._post("/v1/completions", body=..., options=..., cast_to=..., ...)`); its return
type flows from the typed runtime (no string `cast`); empty arguments are left out; the
`_operations` imports follow from what each operation needs; docstrings, on every overload,
have Args, Returns and Raises sections wrapped at the line length.
"""

from __future__ import annotations

import ast
import asyncio
import importlib
import json
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator import ir, pipeline
from generator.document.pointer import HTTP_METHODS
from generator.io import write
from generator.manifest import load_manifest
from generator.names import identifiers as names
from generator.render import RUNTIME, literal
from generator.render import docstrings as docs
from tests.support import (
    FEATURE_SPECS,
    GENERATED,
    PROVIDERS,
    ROOT,
    import_from,
    resources_source,
    subpackage_text,
)
from tests.support.servers import Reply, ScriptedServer, sse

FEATURES = FEATURE_SPECS
LINE_LENGTH = 100


def _targets() -> dict[str, pipeline.Target]:
    """Every feature document and every provider, by package name."""
    targets = {
        f"feat_{path.stem}": pipeline.target_for_spec(path, f"feat_{path.stem}")
        for path in sorted(FEATURES.glob("*.yaml"))
    }
    targets |= {
        f"feat_{path.parent.name}": pipeline.target_for_spec(path, f"feat_{path.parent.name}")
        for path in sorted(FEATURES.glob("*/main.yaml"))
    }
    providers = pipeline.targets(load_manifest(ROOT / "specs" / "providers.yaml"), [])
    return targets | {target.options.package: target for target in providers}


@pytest.fixture(scope="module")
def rendered() -> dict[str, tuple[ir.Api, str]]:
    """Package -> (its IR, its resource modules as `render` leaves them, one after the other,
    before ruff touches them)."""
    result = {}
    for name, target in _targets().items():
        document = pipeline.load_checked(target)
        api = ir.build(document.data, target.options)
        result[name] = (api, resources_source(pipeline.render_package(target, document)))
    return result


def _methods(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """(class name, method) for every operation method of the resource classes, overloads
    and `__init__` left out."""
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and not node.name.endswith("WithRawResponse"):
            for item in node.body:
                if (
                    isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                    and item.name != "__init__"
                    and not any(getattr(d, "id", "") == "overload" for d in item.decorator_list)
                ):
                    yield node.name, item


def _final_call(method: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.Call:
    last = method.body[-1]
    assert isinstance(last, ast.Return) and last.value is not None, ast.unparse(last)
    value = last.value.value if isinstance(last.value, ast.Await) else last.value
    assert isinstance(value, ast.Call), ast.unparse(last)
    return value


# ---- the shape of a method ------------------------------------------------------------------


def test_every_method_ends_in_one_call_showing_its_http_method_and_path(
    rendered: dict[str, tuple[ir.Api, str]],
) -> None:
    for package, (api, source) in rendered.items():
        expected = {
            (prefix + resource.class_name, op.name): (op.http_method, _keyed_path(op))
            for resource in api.resources
            for op in resource.operations
            for prefix in ("", "Async")
        }
        seen = {}
        for class_name, method in _methods(ast.parse(source)):
            call = _final_call(method)
            assert isinstance(call.func, ast.Attribute), ast.unparse(call)
            assert ast.unparse(call.func.value) == "self", ast.unparse(call)
            assert call.func.attr.startswith("_") and call.func.attr[1:] in HTTP_METHODS
            returned = method.body[-1]
            assert isinstance(returned, ast.Return)
            assert isinstance(returned.value, ast.Await) == isinstance(method, ast.AsyncFunctionDef)
            path = call.args[0]
            if isinstance(path, ast.Call):  # _ops.format_path("/items/{id}", _checked, {...})
                assert ast.unparse(path.func) == "_ops.format_path"
                path = path.args[0]
            assert isinstance(path, ast.Constant), f"{package}: {ast.unparse(call)}"
            keywords = [k.arg for k in call.keywords]
            assert "cast_to" in keywords and "options" in keywords, f"{package}.{method.name}"
            seen[(class_name, method.name)] = (call.func.attr[1:], path.value)
        assert seen == expected, package


def _keyed_path(operation: ir.Operation) -> str:
    """The operation's path as its method passes it to `format_path`: each placeholder named by
    its checked value's key (`{team (path)}` where a query parameter is also called `team`)."""
    path = operation.path
    for param in operation.params:
        if param.location == "path":
            path = path.replace("{" + param.wire_name + "}", "{" + param.model_key + "}")
    return path


def test_no_string_cast_and_no_empty_arguments(rendered: dict[str, tuple[ir.Api, str]]) -> None:
    """`cast("<type>", ...)`, `params={}`, `nullable=frozenset()`, `python_names={}`: none."""
    for package, (_, source) in rendered.items():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call):
                assert ast.unparse(node.func) != "cast", f"{package}: {ast.unparse(node)}"
            if isinstance(node, ast.keyword):
                value = node.value
                empty = (
                    isinstance(value, ast.Dict | ast.Set | ast.List | ast.Tuple)
                    and not getattr(value, "elts", getattr(value, "keys", None))
                ) or (isinstance(value, ast.Call) and not value.args and not value.keywords
                      and ast.unparse(value.func) in ("frozenset", "set", "dict", "list"))
                assert not empty, f"{package}: {node.arg}={ast.unparse(value)}"


def test_the_helpers_are_reached_through_the_operations_module(
    rendered: dict[str, tuple[ir.Api, str]],
) -> None:
    """Every `_ops.<name>` a module reads exists in the runtime's `_operations`; the only bare
    import from it is `FileContent` (an annotation), and only where a file argument needs it."""
    runtime = ast.parse((RUNTIME / "_operations.py").read_text(encoding="utf-8"))
    defined = {node.name for node in runtime.body if isinstance(node, ast.FunctionDef | ast.ClassDef)}
    defined |= {t.id for node in runtime.body if isinstance(node, ast.Assign | ast.AnnAssign)
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
                if isinstance(t, ast.Name)}
    for package, (_, source) in rendered.items():
        tree = ast.parse(source)
        used = {node.attr for node in ast.walk(tree)
                if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "_ops"}
        assert used and used <= defined, f"{package}: {sorted(used - defined)}"
        imported = {alias.name for node in tree.body
                    if isinstance(node, ast.ImportFrom) and node.module == "_operations"
                    for alias in node.names}
        named = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        assert imported == ({"FileContent"} & named), package


def _body_names(method: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names the method's body binds or reads, its arguments left out: an argument called
    like one of them would shadow it."""
    arguments = {a.arg for a in (*method.args.args, *method.args.kwonlyargs)}
    body = method.body[1:]  # after the docstring
    return {n.id for s in body for n in ast.walk(s) if isinstance(n, ast.Name)} - arguments


def test_a_method_body_reads_no_name_an_argument_could_take(
    rendered: dict[str, tuple[ir.Api, str]],
) -> None:
    """Argument names are snake_case and never start with `_`: every other name a body
    reads (helpers through `_ops`, its local `_checked`, models through `_models`, builtins
    through `_builtins`) is one no argument can take; `self` is kept from arguments."""
    for package, (_, source) in rendered.items():
        for _, method in _methods(ast.parse(source)):
            for name in _body_names(method):
                safe = name == "self" or name.startswith("_") or name[:1].isupper()
                assert safe, f"{package}.{method.name}: `{name}` could be shadowed by an argument"
    assert names.argument_name("self") == "self_"


def test_arguments_named_like_the_helpers_keep_their_values(tmp_path: Path) -> None:
    """Spec names equal to the runtime's helpers or the body's local in other codebases: the
    arguments keep their names (the body reaches helpers through `_ops`), and each value
    reaches the wire under its own name."""
    query = ["params", "pick", "validated", "format_path"]
    props = ["request_options", "raw_body", "client_value", "validated_root"]
    doc = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "servers": [{"url": "https://x.example"}],
        "paths": {
            "/things/{pick_strings}": {
                "post": {
                    "operationId": "go",
                    "parameters": [
                        {"name": "pick_strings", "in": "path", "required": True, "schema": {"type": "string"}},
                        *({"name": n, "in": "query", "schema": {"type": "string"}} for n in query),
                    ],
                    "requestBody": {"content": {"application/json": {"schema": {
                        "type": "object", "properties": {n: {"type": "string"} for n in props},
                    }}}},
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
    }
    package = _generate(doc, tmp_path, "named_pkg")
    with ScriptedServer([Reply(200, body={})], repeat_last=True) as server:
        client = package.Client(api_key="k", base_url=server.url)
        client.default.go(pick_strings="p", **{n: f"q-{n}" for n in query + props})
        request = server.requests[-1]
    assert request.path == "/things/p"
    assert request.query == [(n, f"q-{n}") for n in query]
    assert request.json() == {n: f"q-{n}" for n in props}


def test_params_exports_are_in_ruffs_order_whatever_the_dependency_order(tmp_path: Path) -> None:
    """params lists a nested TypedDict before the one using it (`ZoneParam`, imported by
    `AddressParam`'s module); its `__all__` is still in the order ruff's RUF022 wants (found on real
    documents: every package with two nested request objects failed `ruff check`)."""
    zone = {"type": "object", "properties": {"code": {"type": "string"}}}
    address = {"type": "object", "properties": {"zone": {"$ref": "#/components/schemas/Zone"}}}
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {"/addresses": {"post": {
            "operationId": "create",
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "properties": {"address": {"$ref": "#/components/schemas/Address"}},
            }}}},
            "responses": {"204": {"description": "done"}},
        }}},
        "components": {"schemas": {"Zone": zone, "Address": address}},
    }
    _generate(doc, tmp_path, "ordered_pkg")
    params = tmp_path / "ordered_pkg" / "params"
    # each in a module of its own, the one using the other importing it
    assert "class ZoneParam" in (params / "_zone_param.py").read_text(encoding="utf-8")
    address = (params / "_address_param.py").read_text(encoding="utf-8")
    assert "class AddressParam" in address and "from ._zone_param import ZoneParam" in address
    exported = import_from(tmp_path, "ordered_pkg").params.__all__
    assert {"AddressParam", "ZoneParam"} <= set(exported) and exported == sorted(exported)
    ruff = subprocess.run(
        [str(Path(sys.executable).parent / "ruff"), "check", "--isolated", "--line-length=100",
         str(tmp_path / "ordered_pkg")],
        check=False, capture_output=True, text=True, timeout=60,
    )
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr


def test_types_models_imports_under_any_name_are_imported_where_signatures_use_them(tmp_path: Path) -> None:
    """datamodel-code-generator imports `Path` for `format: path`, `IPv4Address` for `ipv4`,
    and `date` as `date_aliased` when a field is named `date`: method signatures spell them
    through the module models.py took them from (found on real documents, whose packages failed
    ruff and mypy with undefined names)."""
    date = {"type": "string", "format": "date"}
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {"/reports/{registry}": {"get": {
            "operationId": "get_report",
            "parameters": [
                {"name": "registry", "in": "path", "required": True, "schema": {"type": "string", "format": "path"}},
                {"name": "since", "in": "query", "schema": date},
                {"name": "address", "in": "query", "schema": {"type": "string", "format": "ipv4"}},
                {"name": "int", "in": "query", "schema": {"type": "integer"}},  # `_builtins.int` then
            ],
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Report"}}}}},
        }}},
        "components": {"schemas": {
            "Report": {"type": "object", "properties": {"date": date, "count": {"type": "integer"}}},
            # a field named `int` beside an integer: dcg writes `from builtins import int as int_aliased`
            "Flags": {"type": "object", "properties": {"int": {"type": "boolean"}, "count": {"type": "integer"}}},
        }},
    }
    package = _generate(doc, tmp_path, "imports_pkg")
    folder = tmp_path / "imports_pkg"
    models = subpackage_text(folder)
    assert "from datetime import date as date_aliased" in models and "from builtins import int as" in models
    resources = resources_source(folder)
    assert "registry: _pathlib.Path," in resources and "since: _datetime.date | NotGiven" in resources
    assert "address: _ipaddress.IPv4Address | NotGiven" in resources
    _assert_ruff_and_mypy_strict_pass(tmp_path, "imports_pkg")
    import datetime
    import ipaddress
    import pathlib

    with ScriptedServer([Reply(200, body={"date": "2026-11-30"})]) as server:
        client = package.Client(api_key="k", base_url=server.url)
        report = client.default.get_report(registry=pathlib.Path("main"), since=datetime.date(2026, 11, 30),
                                           address=ipaddress.IPv4Address("10.0.0.1"), int=7)
    assert server.requests[0].path == "/reports/main"
    assert server.requests[0].query == [("since", "2026-11-30"), ("address", "10.0.0.1"), ("int", "7")]
    assert report.date == datetime.date(2026, 11, 30)


def test_type_aliases_of_models_py_are_qualified_in_signatures(tmp_path: Path) -> None:
    """A constrained map value becomes a module-level `TypeAliasType` in models.py, not a class:
    signatures and params.py reach it as `_models.X` too (found on Vercel's document, whose
    package failed mypy with an undefined name)."""
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {"/deployments": {"post": {
            "operationId": "create_deployment",
            "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                "env": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 10}},
                "build": {"$ref": "#/components/schemas/Build"},
            }}}}},
            "responses": {"204": {"description": "done"}},
        }}},
        "components": {"schemas": {"Build": {"type": "object", "properties": {
            "env": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 10}},
        }}}},
    }
    package = _generate(doc, tmp_path, "aliases_pkg")
    folder = tmp_path / "aliases_pkg"
    assert "= TypeAliasType(" in subpackage_text(folder)
    assert "dict[str, _models.CreateDeploymentBodyEnvAdditionalProperty]" in resources_source(folder)
    _assert_ruff_and_mypy_strict_pass(tmp_path, "aliases_pkg")
    with ScriptedServer([Reply(204)]) as server:
        client = package.Client(api_key="k", base_url=server.url)
        client.default.create_deployment(env={"A": "x"}, build={"env": {"B": "y"}})
    assert server.requests[0].json() == {"env": {"A": "x"}, "build": {"env": {"B": "y"}}}


def test_one_wire_name_in_three_locations_reaches_each(tmp_path: Path) -> None:
    """`id` in the path, the query and a header: three arguments, each sent under `id`."""
    doc = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "servers": [{"url": "https://x.example"}],
        "paths": {
            "/items/{id}": {
                "get": {
                    "operationId": "get_item",
                    "parameters": [
                        {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
                        {"name": "id", "in": "query", "schema": {"type": "integer"}},
                        {"name": "id", "in": "header", "schema": {"type": "string"}},
                    ],
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
    }
    package = _generate(doc, tmp_path, "same_name_pkg")
    with ScriptedServer([Reply(200, body={})]) as server:
        client = package.Client(api_key="k", base_url=server.url)
        client.default.get_item(id="a b", id_=7, id__="h")
        request = server.requests[-1]
    assert request.path == "/items/a%20b" and request.query == [("id", "7")]
    assert request.headers["id"] == "h"


def _assert_ruff_and_mypy_strict_pass(folder: Path, package: str) -> None:
    """`ruff check` (its default rules, as a vendoring team runs it) and `mypy --strict` on the
    package `folder/package`."""
    checks = [
        [str(Path(sys.executable).parent / "ruff"), "check", "--isolated", "--line-length=100", package],
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null", package],
    ]
    for command in checks:
        result = subprocess.run(command, cwd=folder, check=False, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stdout + result.stderr


def _generate(doc: dict[str, Any], folder: Path, package: str) -> Any:
    """`doc` generated (formatted) into `folder/package`, imported."""
    import json

    spec = folder / "spec.json"
    spec.write_text(json.dumps(doc), encoding="utf-8")
    packages = pipeline.build_packages([pipeline.target_for_spec(spec, package)])
    write.write(packages[package], folder / package)
    return import_from(folder, package)


# ---- types: through the runtime, not a cast -------------------------------------------------

TYPED_CALLS = """
from __future__ import annotations

from typing import assert_type

import ionos
from ionos import models


def sync_calls(client: ionos.Client, flag: bool) -> None:
    assert_type(
        client.completions.create(model="m", prompt="p"), models.SuccessfulCompletionResponse
    )
    assert_type(
        client.completions.create(model="m", prompt="p", stream=True),
        ionos.Stream[models.SuccessfulCompletionResponse],
    )
    assert_type(
        client.completions.create(model="m", prompt="p", stream=flag),
        models.SuccessfulCompletionResponse | ionos.Stream[models.SuccessfulCompletionResponse],
    )
    raw = client.completions.with_raw_response.create(model="m", prompt="p")
    assert_type(raw.parse(), models.SuccessfulCompletionResponse)


async def async_calls(client: ionos.AsyncClient) -> None:
    assert_type(
        await client.completions.create(model="m", prompt="p"),
        models.SuccessfulCompletionResponse,
    )
    assert_type(
        await client.completions.create(model="m", prompt="p", stream=True),
        ionos.AsyncStream[models.SuccessfulCompletionResponse],
    )
"""


def _mypy(folder: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *targets],
        cwd=folder, capture_output=True, text=True, timeout=600, check=False,
    )


def test_return_types_flow_from_the_typed_runtime(tmp_path: Path) -> None:
    """Callers get exact types; and the method's return is checked against what `_post`
    returns for its `ResponseSpec[...]` and `stream_cls`: a wrong one fails mypy --strict."""
    good, bad = tmp_path / "good", tmp_path / "bad"
    for folder in (good, bad):
        shutil.copytree(GENERATED / "ionos", folder / "ionos", ignore=shutil.ignore_patterns("__pycache__"))
    (good / "typed_calls.py").write_text(TYPED_CALLS, encoding="utf-8")
    resources = bad / "ionos" / "resources" / "completions.py"
    source = resources.read_text(encoding="utf-8")
    spec_type = "ResponseSpec[_models.SuccessfulCompletionResponse]"
    stream_cls = "stream_cls=AsyncStream[_models.SuccessfulCompletionResponse]"
    assert source.count(spec_type) == 1 and source.count(stream_cls) == 1
    resources.write_text(
        source.replace(spec_type, "ResponseSpec[int]").replace(stream_cls, "stream_cls=AsyncStream[str]"),
        encoding="utf-8",
    )
    checked = _mypy(good, "ionos", "typed_calls.py")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    broken = _mypy(bad, "ionos")
    errors = [line for line in broken.stdout.splitlines() if ": error:" in line]
    assert broken.returncode == 1
    assert errors and all("ionos/resources/completions.py" in line for line in errors), broken.stdout
    assert any('got "int' in line for line in errors), broken.stdout  # the sync method
    assert any("AsyncStream[str]" in line for line in errors), broken.stdout


# ---- an operation that always streams -------------------------------------------------------


@pytest.fixture(scope="module")
def event_stream(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("event_stream")
    target = pipeline.target_for_spec(FEATURES / "event_stream.yaml", "feat_event_stream")
    write.write(pipeline.build_packages([target])["feat_event_stream"], folder / "feat_event_stream")
    return import_from(folder, "feat_event_stream")


EVENTS = [{"id": 1, "kind": "a"}, {"id": 2, "kind": "b"}]


def test_an_always_streaming_operation_returns_its_stream(event_stream: Any) -> None:
    with ScriptedServer([Reply(200, {"Content-Type": "text/event-stream"}, chunks=sse(*EVENTS))]) as server:
        client = event_stream.Client(api_key="k", base_url=server.url)
        stream = client.default.watch_events(topic="t")
        assert isinstance(stream, event_stream.Stream)
        with stream:
            chunks = list(stream)
        request = server.requests[-1]
    assert [type(c) for c in chunks] == [event_stream.models.Event] * 2
    assert [(c.id, c.kind) for c in chunks] == [(1, "a"), (2, "b")]
    assert request.method == "GET" and request.query == [("topic", "t")]
    assert request.headers["accept"] == "text/event-stream"


def test_an_always_streaming_operation_raw_and_async(event_stream: Any) -> None:
    import asyncio

    replies = [Reply(200, {"Content-Type": "text/event-stream"}, chunks=sse(*EVENTS))] * 2
    with ScriptedServer(replies) as server:
        client = event_stream.Client(api_key="k", base_url=server.url)
        raw = client.default.with_raw_response.watch_events(topic="t")
        assert raw.status_code == 200
        with raw.parse() as stream:
            assert [c.id for c in stream] == [1, 2]

        async def consume() -> list[int]:
            async with event_stream.AsyncClient(api_key="k", base_url=server.url) as aclient:
                astream = await aclient.default.watch_events(topic="t")
                assert isinstance(astream, event_stream.AsyncStream)
                async with astream:
                    return [chunk.id async for chunk in astream]

        assert asyncio.run(consume()) == [1, 2]


PLAIN_EVENTS = [b"id: 7\ndata: {\"id\": 1, \"kind\": \"a\", \"error\": \"disk full\"}\n\n",
                b"event: notice\ndata: {\"id\": 2, \"kind\": \"b\"}\n\n",
                b"data: [DONE]\n\n",
                b"event: update\nid: 9\ndata: {\"id\": 3, \"kind\": \"c\"}\n\n",
                b"data: {\"id\": 4, \"kind\": \"d\"}\n\n"]


def test_an_always_streaming_operation_has_plain_events(event_stream: Any) -> None:
    """A subscription's events are its data, not OpenAI's conventions: an `error` member is a
    chunk's (it raised, ending the subscription), `[DONE]`, which no typed chunk can be, is
    passed over (it ended the stream, losing what came after); each chunk's `id:` and `event:`
    are there to resume from (`Last-Event-ID`). Only an event named `error` raises, as
    openai-python's does (it was a chunk, the stream ending normally after it)."""
    replies = [Reply(200, {"Content-Type": "text/event-stream"}, chunks=PLAIN_EVENTS)] * 2
    with ScriptedServer(replies) as server:
        client = event_stream.Client(api_key="k", base_url=server.url)
        seen = []
        with client.default.watch_events(topic="t") as stream:
            for chunk in stream:
                seen.append((chunk.id, stream.last_event, stream.last_event_id))
        assert seen == [(1, None, "7"), (2, "notice", "7"), (3, "update", "9"), (4, None, "9")]

        async def consume() -> list[tuple[int, str | None, str | None]]:
            async with event_stream.AsyncClient(api_key="k", base_url=server.url) as aclient:
                astream = await aclient.default.watch_events(topic="t")
                async with astream:
                    return [(c.id, astream.last_event, astream.last_event_id)
                            async for c in astream]

        assert asyncio.run(consume()) == seen
    failing = [Reply(200, {"Content-Type": "text/event-stream"}, chunks=[
        PLAIN_EVENTS[0], b"event: error\ndata: {\"message\": \"topic closed\"}\n\n"])]
    with ScriptedServer(failing) as server:
        client = event_stream.Client(api_key="k", base_url=server.url, max_retries=0)
        with pytest.raises(event_stream.APIError, match="Error event in stream: topic closed"):
            list(client.default.watch_events(topic="t"))


def test_a_documented_error_of_a_streaming_operation_raises_its_class(event_stream: Any) -> None:
    with ScriptedServer([Reply(404, body={"detail": "no topic"})]) as server:
        client = event_stream.Client(api_key="k", base_url=server.url, max_retries=0)
        with pytest.raises(event_stream.NotFoundError) as raised:
            client.default.watch_events(topic="t")
    assert raised.value.body == {"detail": "no topic"}
    assert isinstance(raised.value.parsed_body, event_stream.models.Problem)


# ---- docstrings -----------------------------------------------------------------------------


def _create_methods() -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    tree = ast.parse((GENERATED / "ionos" / "resources" / "completions.py").read_text(encoding="utf-8"))
    return [
        item
        for node in tree.body
        if isinstance(node, ast.ClassDef) and node.name in ("Completions", "AsyncCompletions")
        for item in node.body
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name == "create"
    ]


def _section(doc: str, title: str) -> list[str]:
    """The entry names of a docstring section (`Args:` -> the argument names)."""
    lines = doc.split("\n")
    start = lines.index(f"{title}:") + 1
    entries = []
    for line in lines[start:]:
        if not line.startswith("    "):
            break
        if not line.startswith("        "):
            entries.append(line.strip().split(":")[0])
    return entries


def test_every_overload_has_the_docstring_with_args_returns_and_raises() -> None:
    methods = _create_methods()
    assert len(methods) == 8  # 3 overloads + the implementation, sync and async
    returns = []
    for method in methods:
        doc = ast.get_docstring(method)
        assert doc is not None and doc.startswith("Create Completions\n\n"), method.lineno
        arguments = [a.arg for a in method.args.kwonlyargs]
        assert sorted(_section(doc, "Args")) == sorted(arguments)
        assert _section(doc, "Raises") == [
            "BadRequestError",  # 400
            "RateLimitError",  # 429
            "InternalServerError",  # 500
            "OverloadedError",  # 529
            "APIStatusError",
            "APIConnectionError",
            "APIResponseValidationError",
            "RequestValidationError",
        ]
        returns.append(doc.split("Returns:\n")[1].split("\n\n")[0])
    sync_returns = returns[:4]
    assert "Stream" not in sync_returns[0] and "SuccessfulCompletionResponse" in sync_returns[0]
    assert "A `Stream` of `SuccessfulCompletionResponse` chunks" in sync_returns[1]
    assert "With `stream=True`, a `Stream`" in sync_returns[2] and sync_returns[2] == sync_returns[3]
    assert "`AsyncStream`" in returns[5]


def test_generated_docstrings_fit_the_line_length() -> None:
    """Wrapped at 100 columns; only a line that is one unbreakable word (a long URL) exceeds."""
    checked = 0
    for provider in PROVIDERS:
        source = resources_source(GENERATED / provider)
        lines = source.split("\n")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and ast.get_docstring(node):
                first = node.body[0]
                assert first.end_lineno is not None
                for line in lines[first.lineno - 1 : first.end_lineno]:
                    assert len(line) <= LINE_LENGTH or " " not in line.strip(), line
                    checked += 1
    assert checked > 500


def test_wrap_rewraps_prose_and_keeps_lists_and_code() -> None:
    text = textwrap.dedent(
        """\
        One long sentence that goes on and on,
        hard-wrapped by its author at a narrow width,
        and continues here.

        - a list item that is long enough to need wrapping when the width is small enough
        - another item

        ```json
        {"a": "a code line that must never be wrapped whatever its length happens to be"}
        ```"""
    )
    assert docs.wrap(text, 40, indent="  ") == [
        "One long sentence that goes on and on,",
        "  hard-wrapped by its author at a narrow",
        "  width, and continues here.",
        "",
        "  - a list item that is long enough to",
        "      need wrapping when the width is",
        "      small enough",
        "  - another item",
        "",
        "  ```json",
        '  {"a": "a code line that must never be wrapped whatever its length happens to be"}',
        "  ```",
    ]


RANGES_DOC = {
    "openapi": "3.1.0", "info": {"title": "Ranges", "version": "1"},
    "paths": {"/stats": {"post": {"operationId": "stats", "responses": {
        "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
        "404": {"description": "gone", "content": {"application/json": {"schema": {
            "$ref": "#/components/schemas/Missing"}}}},
        "4XX": {"description": "error", "content": {"application/json": {"schema": {
            "$ref": "#/components/schemas/RcError"}}}},
        "default": {"description": "other", "content": {"application/json": {"schema": {
            "$ref": "#/components/schemas/RcError"}}}},
    }}}},
    "components": {"schemas": {
        "RcError": {"type": "object", "properties": {"error": {"type": "string"}}},
        "Missing": {"type": "object", "properties": {"path": {"type": "string"}}},
    }},
}


def test_the_raises_section_names_the_models_of_statuses_without_a_class(tmp_path: Path) -> None:
    """The round-5 trial (Rclone RC: `4XX` and `5XX` both `RcError`): the 5XX line named its
    model, the 4XX range none, though `parsed_body` is an `RcError` (a range, `default` or a
    status without an exception class of its own falls to `APIStatusError`'s line)."""
    spec = tmp_path / "ranges.json"
    spec.write_text(json.dumps(RANGES_DOC), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "ranges")])["ranges"]
    write.write(files, tmp_path / "out" / "ranges")
    package = import_from(tmp_path / "out", "ranges")
    doc = ast.get_docstring(next(
        node for node in ast.walk(ast.parse(files["resources/default.py"]))
        if isinstance(node, ast.FunctionDef) and node.name == "stats"))
    assert doc is not None
    raises = " ".join(doc.split("Raises:\n")[1].split())
    assert "NotFoundError: The server answered 404 (`parsed_body`: `Missing`)." in raises
    assert ("if any. Declared: 4XX, default (`parsed_body`: `RcError`). APIConnectionError"
            in raises)
    with (ScriptedServer([Reply(418, body={"error": "teapot"})]) as server,
          pytest.raises(package.APIStatusError) as raised):
        package.Client(base_url=server.url, max_retries=0).default.stats()
    assert type(raised.value.parsed_body).__name__ == "RcError"


def test_the_raises_table_matches_the_runtime() -> None:
    errors = import_from(GENERATED, "ionos")._errors
    for code in range(400, 600):
        assert docs.error_class(str(code)) == errors.status_error_class(code).__name__, code
    assert docs.error_class("5XX") == "InternalServerError"
    assert docs.error_class("4XX") == docs.error_class("default") == "APIStatusError"


# ---- the runtime pieces a method calls ------------------------------------------------------


@pytest.mark.parametrize("method", HTTP_METHODS)
def test_each_http_method_of_a_resource_sends_that_method(method: str) -> None:
    import asyncio
    import importlib

    import httpx

    ionos = import_from(GENERATED, "ionos")
    importlib.import_module("ionos._base_resource")  # the package alone imports no resource
    seen: list[tuple[str, str, bytes]] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append((request.method, request.url.path, request.content))
        return httpx.Response(200, json={"ok": True})

    spec = ionos._base_client.ResponseSpec(success={"200": dict})
    resource = ionos._base_resource.SyncAPIResource(
        ionos.Client(api_key="k", base_url="http://x", http_client=httpx.Client(transport=httpx.MockTransport(answer)))
    )
    assert getattr(resource, f"_{method}")("/a", body={"n": 1}, cast_to=spec) == {"ok": True}

    async def call_async() -> object:
        transport = httpx.MockTransport(answer)
        async with ionos.AsyncClient(api_key="k", base_url="http://x", http_client=httpx.AsyncClient(transport=transport)) as client:
            return await getattr(ionos._base_resource.AsyncAPIResource(client), f"_{method}")("/b", cast_to=spec)

    assert asyncio.run(call_async()) == {"ok": True}
    assert seen == [(method.upper(), "/a", b'{"n":1}'), (method.upper(), "/b", b"")]


def test_request_options_leave_out_what_is_empty_and_let_a_header_argument_win() -> None:
    # imported by the first method called, not with the package: import it by name
    operations = importlib.import_module(import_from(GENERATED, "ionos").__name__ + "._operations")
    plain = operations.request_options(timeout=3)
    assert set(plain) == {"extra_headers", "extra_query", "extra_body", "timeout", "max_retries"}
    options = operations.request_options(query={}, headers={}, cookies={}, accept="text/plain")
    assert options["headers"] == {"Accept": "text/plain"} and "query" not in options
    options = operations.request_options(accept="text/plain", headers={"Accept": "text/csv"})
    assert options["headers"] == {"Accept": "text/csv"}


@pytest.mark.parametrize(
    "value", [frozenset(), {"b", "a"}, frozenset({'x"y', "\\", "é"}), {1, 2}]
)
def test_literal_of_a_set_is_a_sorted_set_display(value: set[object] | frozenset[object]) -> None:
    source = literal(value)
    assert ast.literal_eval(source) == set(value)
    if value:  # sorted, so that the same set always gives the same text
        assert source == "{" + ", ".join(sorted(repr(item) for item in value)) + "}"


NULLABLE_SWITCH_CALLS = """
from __future__ import annotations

from typing import assert_type

import nebius
from nebius import models


def calls(client: nebius.Client, flag: bool | None) -> None:
    assert_type(client.completions.create(model="m", prompt="p", stream=None),
                models.CompletionResponse)
    assert_type(client.completions.create(model="m", prompt="p", stream=flag),
                models.CompletionResponse | nebius.Stream[models.CompletionChunk])
"""


def test_a_nullable_stream_switch_takes_none_as_not_streaming(tmp_path: Path) -> None:
    """Nebius's `stream: {type: boolean, nullable: true}` (as OpenAI's): `stream=None` matched
    no overload, though the document allows it and the method reads it as not streaming."""
    shutil.copytree(GENERATED / "nebius", tmp_path / "nebius",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "calls.py").write_text(NULLABLE_SWITCH_CALLS, encoding="utf-8")
    checked = _mypy(tmp_path, "nebius", "calls.py")
    assert checked.returncode == 0, checked.stdout + checked.stderr
