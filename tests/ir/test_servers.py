"""The default base URL the IR takes from a document's first server."""

from __future__ import annotations

import pytest

from generator.ir.servers import server_path, server_url


def document(url: str, **variables: str) -> dict[str, object]:
    server: dict[str, object] = {"url": url}
    if variables:
        server["variables"] = {name: {"default": value} for name, value in variables.items()}
    return {"servers": [server]}


def test_an_absolute_server_is_the_default_base_url_its_variables_filled_in() -> None:
    assert server_url(document("https://{region}.example.com/v1/", region="eu"), None) == (
        "https://eu.example.com/v1")


@pytest.mark.parametrize("url", [
    "https://user:secret@api.example.com/v1",  # clients refuse credentials in a base URL
    "https://user@api.example.com/v1",
    "https://{host}/v1",  # a variable without a default
    "ftp://api.example.com",
])
def test_a_server_a_client_could_not_use_falls_back(url: str) -> None:
    assert server_url(document(url), "https://fallback.example.com/") == (
        "https://fallback.example.com")
    assert server_url(document(url), None) is None


def test_a_relative_server_is_a_path_base_urls_must_end_in() -> None:
    assert server_path(document("/api/v2/")) == "/api/v2"
    assert server_url(document("/api/v2/"), None) is None
