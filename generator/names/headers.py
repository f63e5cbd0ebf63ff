"""Which parameter names an HTTP request can carry as a header or cookie name.

A header field name is a token (RFC 9110 section 5.1: letters, digits and ``!#$%&'*+-.^_`|~``),
and so is a cookie name (RFC 6265 section 4.1.1). A parameter named otherwise (`X-Id\\nHost: x`,
`a=b; admin`) could never be sent: httpx refuses the request, every call fails at run time. The
operation is left out as a named skip instead (`ir.operations`), so no spec text ever reaches a
request's header names unchecked.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from types import MappingProxyType
from typing import Any

TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
SENT_AS_NAMES = frozenset({"header", "cookie"})
# Headers the HTTP client sets from the URL and the body, which generated clients refuse a value
# for (templates/runtime/_base_client.py, `_FRAMING_HEADERS`): a header parameter named like one
# would be an argument every use of which fails, so it is left out of the method, named.
CLIENT_SET_HEADERS = frozenset({"host", "content-length", "transfer-encoding", "te", "trailer",
                                "upgrade"})

# Header parameters OpenAPI says are ignored (3.0.3 and 3.1.0, Parameter Object `name`: "If
# `in` is "header" and the `name` field is "Accept", "Content-Type" or "Authorization", the
# parameter definition SHALL be ignored"): the media types and the security schemes say what
# goes in them. Each is left out of the method, named: a `Content-Type` argument's value
# replaced the body's media type (a multipart one with its boundary), and a required `Accept`
# or `Authorization` one had to be given on every call (loket.nl's document, which declares no
# security scheme); `extra_headers` and the client's `default_headers` can still send one.
IGNORED_HEADERS: Mapping[str, str] = MappingProxyType({  # each, with what says its value
    "content-type": "the request body's media type is the Content-Type sent",
    "accept": "the answers' media types say what is accepted",
    "authorization": "the security schemes say what is sent in it",
})


def unsendable_name(name: str, location: str) -> str | None:
    """Why a parameter `name` in `location` cannot be sent (None: it can, or it is not sent
    as a name: a path or query parameter's name is percent-encoded)."""
    if location not in SENT_AS_NAMES or TOKEN.fullmatch(name):
        return None
    return (f"{location} parameter {name!r} cannot be sent: an HTTP {location} name is a token "
            "(letters, digits and !#$%&'*+-.^_`|~), which this name is not")


def first_unsendable(parameters: Iterable[dict[str, Any]]) -> str | None:
    """`unsendable_name` of the first parameter (resolved, with a string `name`) that has one."""
    for parameter in parameters:
        reason = unsendable_name(parameter["name"], str(parameter.get("in")))
        if reason is not None:
            return reason
    return None


def set_by_the_client(parameter: dict[str, Any]) -> bool:
    """Whether `parameter` (resolved) is a header parameter named like `CLIENT_SET_HEADERS`."""
    return _header_named(parameter, CLIENT_SET_HEADERS)


def ignored_by_openapi(parameter: dict[str, Any]) -> bool:
    """Whether `parameter` (resolved) is a header parameter named like `IGNORED_HEADERS`."""
    return _header_named(parameter, IGNORED_HEADERS)


def _header_named(parameter: dict[str, Any], names: Collection[str]) -> bool:
    return (parameter.get("in") == "header" and isinstance(parameter.get("name"), str)
            and parameter["name"].lower() in names)
