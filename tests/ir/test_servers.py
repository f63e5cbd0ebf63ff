"""The default base URL the IR takes from a document's first server."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from generator import ir
from generator.ir.servers import (
    operation_server,
    other_servers,
    server_path,
    server_url,
    shared_path_prefix,
    unusable_server,
)
from tests.support.runtime_harness import build_package


def document(url: str, **variables: str) -> dict[str, object]:
    server: dict[str, object] = {"url": url}
    if variables:
        server["variables"] = {name: {"default": value} for name, value in variables.items()}
    return {"servers": [server]}


def test_an_absolute_server_is_the_default_base_url_its_variables_filled_in() -> None:
    assert server_url(document("https://{region}.example.com/v1/", region="eu"), None) == (
        "https://eu.example.com/v1")


def test_the_https_twin_of_a_first_plain_http_server_is_the_default() -> None:
    """AWS's documents list `http://lambda.{region}...` first, then the same `https://`: the
    client defaulted to clear text, its credentials with it."""
    servers = [{"url": f"{scheme}://lambda.{{region}}.amazonaws.com",
                "variables": {"region": {"default": "us-east-1"}}} for scheme in ("http", "https")]
    assert server_url({"servers": servers}, None) == "https://lambda.us-east-1.amazonaws.com"
    assert other_servers({"servers": servers}) == ("http://lambda.{region}.amazonaws.com",)
    alone = [{"url": "http://localhost:8080"}, {"url": "https://api.example.com"}]
    assert server_url({"servers": alone}, None) == "http://localhost:8080"  # no twin: as written


@pytest.mark.parametrize("url", [
    "https://user:secret@api.example.com/v1",  # clients refuse credentials in a base URL
    "https://user@api.example.com/v1",
    "https://{host}/v1",  # a variable without a default
    "ftp://api.example.com",
    # clients refuse a query or a fragment (each request's path is appended: it would land in
    # them), a host DNS does not take and a port out of range: every `Client()` raised
    "https://{host}.example.com/v1#api",
    "https://api.example.com/v1?version=2",
    "https://api.example.com/v1?",
    "https://api..example.com/v1",
    "https://" + "a" * 64 + ".example.com",
    "https://api.example.com:70000/v1",
    "https://api.example.com:0/v1",
    "https:///v1",
])
def test_a_server_a_client_could_not_use_falls_back(url: str) -> None:
    assert server_url(document(url), "https://fallback.example.com/") == (
        "https://fallback.example.com")
    assert server_url(document(url), None) is None


@pytest.mark.parametrize(("url", "why"), [
    ("https://user:secret@api.example.com/v1", "credentials"),
    ("https://{host}/v1", "no default"),
    ("ftp://api.example.com", "not an http or https URL"),
    ("https://api.example.com/v1?version=2", "query or fragment"),
    ("https://api..example.com/v1", "host or port"),
    ("https://api.example.com:70000/v1", "port"),
    ("https://api.example.com/v1\n", "control character"),  # every Client() raised
])
def test_a_first_server_no_client_can_take_is_named_with_why(url: str, why: str) -> None:
    """The client is left without a default base URL: said at generation, not first at
    `Client()`, unless the manifest's base URL stands in."""
    unusable = unusable_server(document(url), None)
    assert unusable is not None and unusable[0] == url and why in unusable[1]
    assert unusable_server(document(url), "https://fallback.example.com") is None
    api = ir.build({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
                    **document(url)},
                   ir.BuildOptions(package="pkg", api_key_env="K", base_url_env="B"))
    (note,) = api.renames
    assert note.pointer == "/servers/0/url" and url in note.problem and why in note.problem
    assert api.base_url is None


@pytest.mark.parametrize("url", ["https://api.example.com/v1", "/api/v2", "http://127.0.0.1:8080"])
def test_a_usable_or_relative_first_server_is_not_named(url: str) -> None:
    assert unusable_server(document(url), None) is None
    assert unusable_server({}, None) is None


UNUSABLE_DEFAULTS = ["api#", "api?x=1", "api.example.com/v1?", "a..b", "api:99999"]


@pytest.mark.parametrize("default", UNUSABLE_DEFAULTS)
def test_a_variables_default_making_a_url_a_client_refuses_is_no_default(default: str) -> None:
    """A hostile document's variable default: the URL it makes is no default base URL, nor an
    operation's server (whose query would have taken every path of its requests)."""
    assert server_url(document("https://{host}.example.com/v1", host=default), None) is None
    operation = document("https://{host}.example.com/v1", host=default)
    assert operation_server(operation, [], "https://api.example.com") is None


@pytest.mark.parametrize("url", [
    "https://api.example.com/v1", "http://127.0.0.1:8080", "https://[::1]:8443/x",
    "https://eu.api.example.com.", "https://api.example.com:443/v1?", "https://a..b/",
    "https://api.example.com/v1#", "https://u@api.example.com", "https://api.example.com:0",
    "https://api.example.com/v1\n", "https://api.example.com/a\tb", "https://x.example/a b",
])
def test_a_default_is_what_the_clients_own_check_takes(url: str, tmp_path: Path) -> None:
    runtime = build_package(tmp_path)
    base_client = importlib.import_module(runtime.__name__ + "._base_client")
    try:
        base_client.check_base_url(url)
        taken = True
    except ValueError:
        taken = False
    assert (server_url(document(url), None) is not None) == taken


def test_a_server_without_a_scheme_is_a_host_not_a_path() -> None:
    """OpenAPI Generator's document says `//api.openapi-generator.tech` (RFC 3986's
    network-path reference): its default base URL is that host over https; a path `//api...`
    every base URL would end in made its README call `https://api.example.com//api...`."""
    assert server_url(document("//api.example.org/v1/"), None) == "https://api.example.org/v1"
    assert server_path(document("//api.example.org/v1")) is None


def test_a_relative_server_is_a_path_base_urls_must_end_in() -> None:
    assert server_path(document("/api/v2/")) == "/api/v2"
    assert server_url(document("/api/v2/"), None) is None


@pytest.mark.parametrize(("paths", "prefix"), [
    (["/v1/completions"], "/v1"),
    (["/v1/completions", "/v1/models/{model}"], "/v1"),
    (["/api/v2/a", "/api/v2/b/c"], "/api/v2"),
    (["/v1/completions", "/v2/completions"], None),  # not ALL operations share it
    (["/v1/completions", "/v1"], None),  # it would be the whole path of one
    (["/v10/a", "/v1/b"], None),  # whole segments only
    (["/completions"], None),
    (["/2/ai/{product_id}/openai/v1/completions"], "/2/ai"),  # a placeholder ends it
    (["/{version}/a"], None),
    ([], None),
])
def test_the_prefix_every_operation_shares(paths: list[str], prefix: str | None) -> None:
    assert shared_path_prefix(paths) == prefix


@pytest.mark.parametrize("base", ["https://api.example.com/v1", "https://api.example.com/x/v1/", "/v1"])
def test_no_prefix_when_the_document_s_own_base_ends_in_it(base: str) -> None:
    # the document says its requests go to .../v1/v1/...: that doubled segment is real
    assert shared_path_prefix(["/v1/completions"], [base]) is None


def test_a_base_ending_in_another_segment_keeps_the_prefix() -> None:
    assert shared_path_prefix(["/v1/completions"], ["https://api.example.com/xv1", None]) == "/v1"


def test_paths_differing_only_in_template_names_are_noted() -> None:
    """`GET /pets/{petName}` beside `GET /pets/{id}`: one request line to a server; both are
    generated, the later named. Another method on such a path is no twin."""
    def get(name: str, verb: str = "get") -> dict[str, object]:
        return {"operationId": f"{verb}_by_{name}", "responses": {"204": {"description": "ok"}},
                "parameters": [{"name": name, "in": "path", "required": True,
                                "schema": {"type": "string"}}]}
    api = ir.build({"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
                    "servers": [{"url": "https://api.example.com"}],
                    "paths": {"/pets/{id}": {"get": get("id")},
                              "/pets/{petName}": {"get": get("petName"),
                                                  "delete": get("petName", "delete")},
                              "/pets/{id}/toys": {"get": get("id", "toys")}}},
                   ir.BuildOptions(package="pkg", api_key_env="K", base_url_env="B"))
    (note,) = api.renames
    assert note.pointer == "/paths/~1pets~1{petName}/get"
    assert "`/pets/{petName}` is `/pets/{id}`" in note.problem
    assert len([op for resource in api.resources for op in resource.operations]) == 4
