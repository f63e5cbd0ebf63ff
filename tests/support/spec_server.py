"""A 127.0.0.1 server answering as an OpenAPI document says: for each request, the operation
whose path template matches (the request path may carry the base URL's own path before it),
answered with its first success status and the smallest value its schema accepts: the required
properties only, one item per array, an enum's first value, a format's typical text.

Streams (`text/event-stream`, or a JSON body with `"stream": true`) are answered with one event
and `data: [DONE]`. A list has one page: the first query a path is asked with gets one item per
array, a later, different query of that path (the next page: `offset=1`, `page=2`, a cursor) gets
arrays as short as their schema allows, so a client walking the pages stops there rather than
being served the same items again (which it rightly takes for a server ignoring the page). A
JSON value documented under a wildcard media type (`*/*`, Spring's usual) is sent as JSON, as
`application/json`, as such servers do. What the server answers is not checked against the schema here: the client
under test does that, by parsing it into its models. Used to run the generated README examples
(tests/render/test_readme_examples_run.py, and `make corpus`'s `readme` column).

```python
with spec_server(document) as server:
    ...  # requests to server.url + "/pets" get what `GET /pets` documents
```
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tests.support.servers import Recorded, Reply, ScriptedServer

MAX_DEPTH = 12  # how deep a value is built: a recursive schema ends in what it allows empty
_FORMATS = {
    "date-time": "2024-01-01T00:00:00Z", "date": "2024-01-01", "time": "12:00:00",
    "uri": "https://example.com", "url": "https://example.com", "email": "user@example.com",
    "uuid": "12345678-1234-5678-1234-567812345678", "ipv4": "127.0.0.1", "ipv6": "::1",
    "hostname": "example.com", "byte": "ZGF0YQ==", "duration": "P1D",
}
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


class Document:
    """An OpenAPI document's operations and schemas, as the server reads them."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self._first_query: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self._later_page = False  # building the answer to a later page: arrays as short as allowed
        self._lock = threading.Lock()

    def resolve(self, node: Any) -> Any:
        """`node` with local `$ref`s followed (a ref it cannot follow: an empty schema)."""
        seen = 0
        while isinstance(node, Mapping) and isinstance(node.get("$ref"), str) and seen < 64:
            target: Any = self.data
            for part in node["$ref"].removeprefix("#/").split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                target = target.get(part) if isinstance(target, Mapping) else None
            node, seen = target if target is not None else {}, seen + 1
        return node

    def operation(self, method: str, path: str) -> Mapping[str, Any] | None:
        """The operation `method path` calls: the longest template matching the path's end."""
        found = []
        for template, item in (self.data.get("paths") or {}).items():
            item = self.resolve(item)
            operation = item.get(method.lower()) if isinstance(item, Mapping) else None
            # a template with a fixed query (`/v1/models?beta=true`) matches by its path
            path_part = template.split("?", 1)[0].rstrip("/")
            pattern = re.sub(r"\\\{[^}]*\\\}", "[^/]+", re.escape(path_part))
            if operation and re.fullmatch(rf"(?:/.*)?{pattern}/?", path):
                found.append((len(template), self.resolve(operation)))
        return max(found, key=lambda pair: pair[0])[1] if found else None

    def value(self, schema: Any, depth: int = 0) -> Any:
        """The smallest value `schema` accepts, as JSON."""
        schema = self.resolve(schema)
        if not isinstance(schema, Mapping) or depth > MAX_DEPTH:
            return None
        if "const" in schema:
            return schema["const"]
        if schema.get("enum"):
            return next((v for v in schema["enum"] if v is not None), None)
        if schema.get("allOf"):
            return self._all_of(schema, depth)
        branches = schema.get("oneOf") or schema.get("anyOf")
        if branches:
            real = [b for b in branches if self.resolve(b).get("type") != "null"] or branches
            return self.value(real[0], depth + 1)
        return self._typed(schema, _type(schema), depth)

    def _all_of(self, schema: Mapping[str, Any], depth: int) -> Any:
        merged: dict[str, Any] = {}
        for part in [schema, *schema["allOf"]]:
            value = self.value({k: v for k, v in self.resolve(part).items() if k != "allOf"}
                               if part is schema else part, depth + 1)
            if isinstance(value, dict):
                merged.update(value)
            elif value is not None and not merged:
                return value
        return merged

    def _typed(self, schema: Mapping[str, Any], kind: str, depth: int) -> Any:
        if kind == "object":
            properties = schema.get("properties") or {}
            return {name: self.value(properties.get(name, {}), depth + 1)
                    for name in schema.get("required") or () if isinstance(name, str)}
        if kind == "array":
            least = int(schema.get("minItems") or 0)
            return [self.value(schema.get("items", {}), depth + 1)
                    for _ in range(least if self._later_page else max(1, least))]
        if kind == "string":
            text = _FORMATS.get(str(schema.get("format")), "string")
            return text.ljust(int(schema.get("minLength") or 0), "x")
        if kind in ("integer", "number"):
            low = schema.get("minimum", schema.get("exclusiveMinimum", 0))
            number = max(1, int(low) + 1 if isinstance(low, (int, float)) else 1)
            return number if kind == "integer" else float(number)
        if kind == "boolean":
            return False  # a `has_more` ends a list's walk
        return {} if kind == "any" else None

    def reply(self, request: Recorded) -> Reply:
        """What the document says `request` gets."""
        with self._lock:
            first = self._first_query.setdefault((request.method, request.path), request.query)
            self._later_page = request.query != first
            return self._reply(request)

    def _reply(self, request: Recorded) -> Reply:
        operation = self.operation(request.method, request.path)
        if operation is None:
            return Reply(404, body={"detail": f"no operation for {request.method} {request.path}"})
        status, response = _success(operation, self)
        content = response.get("content") or {}
        if not content or request.method == "HEAD":
            return Reply(204 if status == 200 and not content else status)
        wants_stream = _asks_to_stream(request)
        media = _media(content, stream=wants_stream)
        schema = self.resolve(content[media]).get("schema", {}) if media else {}
        if media == "text/event-stream" or wants_stream:
            event = json.dumps(self.value(schema))
            body = f"data: {event}\n\ndata: [DONE]\n\n"
            return Reply(status, {"content-type": "text/event-stream"}, body)
        value = self.value(schema)
        if media and "json" in media:
            return Reply(status, {"content-type": media}, json.dumps(value))
        if media and media.split(";")[0].strip().endswith("/*") and not isinstance(value, str):
            return Reply(status, {"content-type": "application/json"}, json.dumps(value))
        text = value if isinstance(value, str) else "data"
        return Reply(status, {"content-type": media or "application/octet-stream"}, text)


def _type(schema: Mapping[str, Any]) -> str:
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind is None:
        return "object" if "properties" in schema or "required" in schema else "any"
    return str(kind)


def _success(operation: Mapping[str, Any], document: Document) -> tuple[int, Mapping[str, Any]]:
    """The first documented success (`200` before `201` before `2XX`), else `default`."""
    responses = operation.get("responses") or {}
    codes = sorted(str(code) for code in responses if str(code).startswith("2"))
    code = codes[0] if codes else "default"
    status = int(code) if code.isdigit() else 200
    return status, document.resolve(responses.get(code) or responses.get(int(code) if
                                                                          code.isdigit() else code)
                                    or {})


def _media(content: Mapping[str, Any], *, stream: bool) -> str | None:
    if stream and "text/event-stream" in content:
        return "text/event-stream"
    for media in content:
        if media.split(";")[0].strip() == "application/json":
            return str(media)
    for media in content:
        if media.endswith("+json"):
            return str(media)
    return str(next(iter(content))) if content else None


def _asks_to_stream(request: Recorded) -> bool:
    if "json" not in request.headers.get("content-type", ""):
        return False
    try:
        body = request.json()
    except ValueError:
        return False
    return isinstance(body, dict) and body.get("stream") is True


PYTHON_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)
# Runs each block as its own `__main__` program in one interpreter; says which one failed.
RUNNER = """\
import json, sys, traceback
for number, source in enumerate(json.load(sys.stdin)):
    try:
        exec(compile(source, f"<README example {number}>", "exec"), {"__name__": "__main__"})
    except BaseException:
        traceback.print_exc()
        sys.exit(f"README example {number} failed:\\n{source}")
"""


def run_readme_examples(package: Path, base_url_env: str, server_url: str, *,
                        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Every Python block of `package`'s README.md, run beside the package with its base URL
    (the environment variable, and the placeholder URL an example spells out) pointing at
    `server_url`; no other environment (no credential comes from it)."""
    blocks = PYTHON_BLOCK.findall((package / "README.md").read_text(encoding="utf-8"))
    programs = [block.replace("https://api.example.com", server_url) for block in blocks]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), base_url_env: server_url,
           "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", RUNNER], input=json.dumps(programs),
                          cwd=package.parent, env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)


def spec_server(data: Mapping[str, Any]) -> ScriptedServer:
    """A server (a context manager) answering every request as `data` documents it."""
    return ScriptedServer([], answer=Document(data).reply)
