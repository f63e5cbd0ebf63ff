"""`oneOf: [{type: array}, {type: string}]` with `items` beside the union, not in its array
branch (Vercel's `GET /v4/aliases` `domain`): `items` constrains an array alone, so the value is
a list of strings or a string. models.py's generator read the whole union as the array: the
argument was `list[str]`, and `domain="a.com"` was refused before anything was sent."""

from __future__ import annotations

import json
from pathlib import Path

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

DOCUMENT = {
    "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
    "paths": {"/aliases": {"get": {
        "operationId": "listAliases",
        "parameters": [{"name": "domain", "in": "query", "schema": {
            "oneOf": [{"type": "array", "maxItems": 20}, {"type": "string"}],
            "items": {"type": "string"}}}],
        "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
            "type": "object", "properties": {"tags": {
                "anyOf": [{"type": "array"}, {"type": "string"}],
                "items": {"type": "integer"}}}}}}}},
    }}},
}


def test_each_branch_of_the_union_is_taken_and_items_type_the_array(tmp_path: Path) -> None:
    spec = tmp_path / "aliases.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "aliases_pkg")])
    write.write(generation.packages["aliases_pkg"], tmp_path / "aliases_pkg")
    package = import_from(tmp_path, "aliases_pkg")
    with ScriptedServer([Reply(200, body={"tags": "all"}), Reply(200, body={"tags": [1, 2]})]
                        ) as server:
        client = package.Client(base_url=server.url)
        text = client.default.list_aliases(domain="a.com")
        listed = client.default.list_aliases(domain=["a.com", "b.com"])
    assert [request.query for request in server.requests] == [
        [("domain", "a.com")], [("domain", "a.com"), ("domain", "b.com")]]
    assert (text.tags, listed.tags) == ("all", [1, 2])
