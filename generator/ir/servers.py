"""Where the API is: the base URL a client talks to, from the document's first server.

A server URL with a scheme (its variables set to their defaults) is the default base URL; a
relative one (`/api/v2`) is a path every base URL a user gives must end in. The manifest's
`base_url` wins over both.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse


def first_server(data: dict[str, Any]) -> str | None:
    """The first server's URL, its variables set to their defaults."""
    servers = data.get("servers") or []
    first = servers[0] if servers and isinstance(servers[0], dict) else {}
    url = first.get("url")
    if not isinstance(url, str) or not url:
        return None
    for variable, spec in sorted((first.get("variables") or {}).items()):
        if isinstance(spec, dict) and "default" in spec:
            url = url.replace("{" + variable + "}", str(spec["default"]))
    return url


def server_url(data: dict[str, Any], fallback: str | None) -> str | None:
    """The default base URL: the first server's absolute http(s) URL, else `fallback`."""
    url = first_server(data)
    if url and _usable_default(url):
        return url.rstrip("/")
    return fallback.rstrip("/") if fallback else None


def _usable_default(url: str) -> bool:
    """An absolute http(s) URL without variables left and without `user:password@`, which
    clients refuse as a base URL (credentials in a URL show in logs and messages)."""
    parsed = urlparse(url)
    return (parsed.scheme in ("http", "https") and "{" not in url
            and parsed.username is None and parsed.password is None)


def server_path(data: dict[str, Any]) -> str | None:
    """A relative first server (`/api/v2`), which the API's paths hang under: relative to
    wherever the document is served, so a user's base URL has to end in it."""
    url = first_server(data)
    if url and url.startswith("/") and "{" not in url and url.rstrip("/"):
        return url.rstrip("/")
    return None
