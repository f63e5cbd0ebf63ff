"""Media types as the generated client treats them: JSON, text or bytes.

A response's or a body's media type decides how it is read and sent; `application/json`,
any `+json` type and `*/*` are JSON, `text/*` (but the event stream) is text, the rest bytes.
A response is read as text also in the `application/*` types that are text by definition
(`TEXT_APPLICATION`, any `+xml` or `+yaml`): a Markdown or XML answer is a `str`, as the
runtime's `_parse.media_choice` reads them (a request body keeps taking `bytes` there).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

ResponseKind = Literal["json", "text", "bytes", "none"]


def base_type(media_type: str) -> str:
    """`media_type` without its parameters, in lower case: `Application/JSON; charset=utf-8`
    -> `application/json`."""
    return media_type.split(";")[0].strip().lower()


def media_kind(media_type: str) -> ResponseKind:
    """How a body of `media_type` is read: `json`, `text` or `bytes`."""
    base = base_type(media_type)
    if base == "application/json" or base.endswith("+json") or base == "*/*":
        return "json"
    if base.startswith("text/") and base != "text/event-stream":
        return "text"
    return "bytes"


#: `application/*` media types whose bodies are text: their answers are read as `str`.
TEXT_APPLICATION = frozenset({
    "application/csv", "application/ecmascript", "application/graphql", "application/javascript",
    "application/jsonl", "application/markdown", "application/sql", "application/x-ndjson",
    "application/x-sh", "application/x-yaml", "application/xml", "application/yaml",
})


def response_kind(media_type: str) -> ResponseKind:
    """How an answer of `media_type` is read: as `media_kind`, and as text in the
    `application/*` types that are text (Markdown, XML, YAML, CSV, NDJSON...)."""
    base = base_type(media_type)
    if base in TEXT_APPLICATION or base.endswith(("+xml", "+yaml")):
        return "text"
    return media_kind(base)


JSON_PATCH = "application/json-patch+json"


def pick_json(content: Mapping[str, Any]) -> tuple[str, Any] | None:
    """(media type, media object) of the JSON entry of a `content` map: `application/json`
    when it is listed (with any parameters), else the first JSON type by name, `*/*` only when
    there is no other; None when there is none. A body is sent as the type picked: beside
    `application/json`, a server lists its variants (`application/hal+json`, Swashbuckle's
    `application/json-patch+json` and `application/*+json`) as also accepted, not instead.
    A JSON Patch (`application/json-patch+json`, RFC 6902: a list of operations) is picked
    only when no other JSON type is listed: Kubernetes lists it first by name beside the merge
    patches its PATCH bodies (objects) are, and every call sent an object as a JSON Patch."""
    named = [media for media in sorted(content) if media_kind(media) == "json" and media != "*/*"]
    for media_type in named:
        if base_type(media_type) == "application/json":
            return media_type, content[media_type]
    if named:
        chosen = next((media for media in named if base_type(media) != JSON_PATCH), named[0])
        return chosen, content[chosen]
    if "*/*" in content:
        return "*/*", content["*/*"]
    return None


def json_content(param: dict[str, Any]) -> bool:
    """A parameter described by a JSON media type (`content`) instead of a `schema`."""
    content = param.get("content")
    return "schema" not in param and isinstance(content, dict) and pick_json(content) is not None
