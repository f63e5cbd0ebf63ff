"""An optional request body that allows nothing gives its method no `body` argument.

Stripe's GET operations declare a form body `{type: object, additionalProperties: false,
properties: {}}`: every such method took `body: Mapping[str, object]` and sent whatever it was
given, though the document allows no property at all. Such a body is named as a note and the
method takes none; a required one, or one that allows a property, keeps its argument.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

CLOSED = {"type": "object", "additionalProperties": False, "properties": {}}


def _operation(name: str, schema: dict[str, Any], required: bool = False) -> dict[str, Any]:
    return {"operationId": name, "requestBody": {"required": required, "content": {
        "application/x-www-form-urlencoded": {"schema": schema}}},
        "responses": {"204": {"description": "ok"}}}


DOCUMENT = {
    "openapi": "3.0.0", "info": {"title": "t", "version": "1"},
    "paths": {
        "/closed": {"get": _operation("getClosed", CLOSED)},
        "/required": {"post": _operation("postRequired", CLOSED, required=True)},
        "/open": {"post": _operation("postOpen", {"type": "object", "properties": {}})},
    },
}


def test_an_optional_body_that_allows_nothing_takes_no_argument(tmp_path: Path) -> None:
    spec = tmp_path / "closed.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "closed_pkg")])
    notes = [(skip.pointer, skip.problem) for skip in generation.outcomes["closed_pkg"].repairs]
    assert notes == [("/paths/~1closed/get/requestBody",
                      "the optional request body is an object that allows no property")]
    write.write(generation.packages["closed_pkg"], tmp_path / "closed_pkg")
    client = import_from(tmp_path, "closed_pkg").Client(base_url="http://127.0.0.1:9")
    assert "body" not in inspect.signature(client.default.get_closed).parameters
    assert "body" in inspect.signature(client.default.post_required).parameters
    assert "body" in inspect.signature(client.default.post_open).parameters
    with ScriptedServer([Reply(204)]) as server:
        client.with_options(base_url=server.url).default.get_closed()
    sent = server.requests[0]
    assert (sent.method, sent.path, sent.body) == ("GET", "/closed", b"")
    assert "content-type" not in sent.headers
