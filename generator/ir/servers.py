"""Where the API is: the base URL a client talks to, from the document's first server.

A server URL with a scheme (its variables set to their defaults) is the default base URL; a
relative one (`/api/v2`) is a path every base URL a user gives must end in. The manifest's
`base_url` wins over both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import urljoin, urlparse


def first_server(data: dict[str, Any]) -> str | None:
    """The first server's URL, its variables set to their defaults; `//host/path` (no scheme,
    OpenAPI Generator's own document) is `https://host/path`, not a path starting `//`."""
    servers = data.get("servers") or []
    if not isinstance(servers, list):
        return None
    first = _chosen_server(servers)
    url = first.get("url")
    if not isinstance(url, str) or not url:
        return None
    if url.startswith("//"):  # a network-path reference (RFC 3986): a host, the scheme left out
        url = "https:" + url
    for variable, spec in sorted((first.get("variables") or {}).items()):
        if isinstance(spec, dict) and "default" in spec:
            url = url.replace("{" + variable + "}", str(spec["default"]))
    return url


def _chosen_server(servers: list[Any]) -> dict[str, Any]:
    """The first server, or its `https` twin listed after it: the AWS documents list
    `http://lambda.{region}.amazonaws.com` first, then the same `https://`, and a client
    defaulting to the first sent its credentials in clear text."""
    first = servers[0] if servers and isinstance(servers[0], dict) else {}
    url = first.get("url")
    if isinstance(url, str) and url.lower().startswith("http://"):
        twin = "https://" + url[len("http://"):]
        return next((server for server in servers[1:]
                     if isinstance(server, dict) and server.get("url") == twin), first)
    return first


def other_servers(data: dict[str, Any]) -> tuple[str, ...]:
    """The URLs of the servers but the one the client defaults to, as written
    (`https://{region}.example.com`): the README names them (VTEX's first server is a
    placeholder host, its real one `https://{accountName}.{environment}.com.br/api/`)."""
    servers = data.get("servers")
    if not isinstance(servers, list):
        return ()
    chosen = _chosen_server(servers)
    urls = [server.get("url") for server in servers
            if isinstance(server, dict) and server is not chosen]
    first = first_server(data)
    return tuple(dict.fromkeys(url for url in urls
                               if isinstance(url, str) and url and url != first))


def server_url(data: dict[str, Any], fallback: str | None) -> str | None:
    """The default base URL: the first server's absolute http(s) URL, else `fallback`."""
    url = first_server(data)
    if url and _usable_default(url):
        return url.rstrip("/")
    return fallback.rstrip("/") if fallback else None


def operation_server(operation: dict[str, Any], shared: Sequence[Any],
                     base_url: str | None) -> str | None:
    """Where an operation goes when its own `servers` (else its path item's, `shared`) send it
    elsewhere than `base_url`, the document's: the first one's absolute URL (a relative one
    joined to `base_url`), else None (none of its own, the same, or none usable)."""
    own = operation.get("servers")
    url = first_server({"servers": own if isinstance(own, list) and own else list(shared)})
    if url is None:
        return None
    if not urlparse(url).scheme and base_url:
        url = urljoin(base_url + "/", url)
    url = url.rstrip("/")
    return url if _usable_default(url) and url != base_url else None


def unusable_server(data: dict[str, Any], fallback: str | None) -> tuple[str, str] | None:
    """The first server's URL and why no client can take it as its base URL, when the
    document's first server is meant as one (not a relative path, `server_path`'s) and no
    `fallback` stands in: the client then has no default base URL, which the user is told at
    generation, not first at `Client()`."""
    url = first_server(data)
    if fallback or url is None or url.startswith("/"):
        return None
    why = _unusable_because(url)
    return (url, why) if why else None


def _usable_default(url: str) -> bool:
    return _unusable_because(url) is None


def _unusable_because(url: str) -> str | None:
    """Why `url` is no absolute http(s) URL the client takes as a base URL (its
    `check_base_url`), or None: no variables left, no `user:password@` (credentials in a URL
    show in logs and messages), no query or fragment (each request's path is appended: it would
    land in them; a variable's default `api#` made every `Client()` raise), a host of labels DNS
    takes and a valid port."""
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in url):  # as the client refuses
        return "it holds a control character"
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https"):
        return "it is not an http or https URL"
    if "{" in url:
        return "a variable has no default"
    if "?" in url or "#" in url:
        return "it holds a query or fragment, where every request's path would land"
    if parsed.username is not None or parsed.password is not None:
        return "it holds credentials"
    try:
        parsed.port  # noqa: B018 - raises for a port that is no number from 0 to 65535
    except ValueError:
        return "its port is invalid"
    host = parsed.hostname or ""
    labels = host.removesuffix(".").split(".")
    if not host or parsed.port == 0 or (
            ":" not in host and not all(0 < len(label) <= 63 for label in labels)):
        return "its host or port is invalid"
    return None


def server_path(data: dict[str, Any]) -> str | None:
    """A relative first server (`/api/v2`), which the API's paths hang under: relative to
    wherever the document is served, so a user's base URL has to end in it."""
    url = first_server(data)
    if url and url.startswith("/") and "{" not in url and url.rstrip("/"):
        return url.rstrip("/")
    return None


def shared_path_prefix(paths: Iterable[str], bases: Iterable[str | None] = ()) -> str | None:
    """The leading whole path segments every operation's path shares (`/v1` of `/v1/completions`
    and `/v1/models`), which a base URL copied from an openai-python setup ends in too; the
    client drops it from such a base URL once (`https://host/v1` reaches `/v1/completions`).

    None when the operations share no segment, when there is none, or when a base URL (or
    relative server path) the document itself gives already ends in the prefix: there the doubled
    segment is the real address. A segment with a `{template}` ends the prefix (a base URL
    holds a value, never the placeholder), and the prefix leaves every path at least one
    segment of its own (it is never a whole operation's path).
    """
    split = [[segment for segment in path.split("/") if segment] for path in paths]
    if not split:
        return None
    shared: list[str] = []
    for position in range(min(len(segments) for segments in split) - 1):
        segment = split[0][position]
        if "{" in segment or any(segments[position] != segment for segments in split):
            break
        shared.append(segment)
    if not shared:
        return None
    prefix = "/" + "/".join(shared)
    for base in bases:
        if base and (urlparse(base).path.rstrip("/") + "/").endswith(prefix + "/"):
            return None
    return prefix
