"""`properties` beside a `type` that is no object are left out, and named where they are written.

JSON Schema applies `properties`, `required` and the other object keywords to objects alone; a
schema typed `string` takes no object, so they constrain nothing. byautomata's `page` query
parameter is `{type: string, default: "0", properties: {link: ...}, required: [page]}`: the
models made a class of it (its default "0" then no value of the field's type: mypy failed the
package) while the method's argument was a string. A map of names holding schemas named `type`
and `properties` is no such schema.
"""

from __future__ import annotations

import json
from pathlib import Path

from generator import ir, pipeline
from generator.problems import NOTE

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
DOCUMENT = {
    "openapi": "3.1.0", "info": {"title": "t", "version": "1"},
    "paths": {"/similar": {"get": {
        "operationId": "similar",
        "parameters": [{"name": "page", "in": "query", "schema": {
            "type": "string", "default": "0", "properties": {"link": {"type": "string"}},
            "required": ["page"]}}],
        "responses": {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Thing"}}}}}}}},
    "components": {"schemas": {"Thing": {"type": "object", "properties": {
        "code": {"type": ["integer", "null"], "properties": {"a": {"type": "string"}}},
        "listed": {"type": "array", "items": {"type": "string"},
                   "properties": {"a": {"type": "string"}}},
        "either": {"type": ["object", "string"], "properties": {"a": {"type": "string"}}},
        "properties": {"type": "object", "properties": {
            "type": {"type": "string"}, "properties": {"type": "string"}}},
    }}}},
}


def test_the_object_keywords_beside_another_type_are_named_where_written() -> None:
    api = ir.build(DOCUMENT, OPTIONS)
    noted = sorted(rename.pointer for rename in api.renames
                   if rename.kind == NOTE and rename.problem.startswith("`properties` beside"))
    assert noted == ["/components/schemas/Thing/properties/code",
                     "/components/schemas/Thing/properties/listed",
                     "/paths/~1similar/get/parameters/0/schema"]
    assert {rename.action for rename in api.renames if rename.pointer in noted} == {
        "read as its `type` says: the object keywords beside it are left out"}


def test_the_models_read_such_a_schema_as_its_type(tmp_path: Path) -> None:
    spec = tmp_path / "api.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "pkg")])["pkg"]
    params = files["models/_similar_params.py"]
    assert 'page: str = "0"' in params and "class SimilarParamsPage" not in params
    thing = files["models/_thing.py"]
    assert "code: int | None = None" in thing and "listed: list[str] | None = None" in thing
    assert "class ThingEither" in thing  # (`object` among its types: the keywords stay)
    assert "class ThingProperties" in thing and "type: str | None = None" in thing


def test_a_value_shaped_like_such_a_schema_is_left_whole(tmp_path: Path) -> None:
    """The walk meets every object of the document, defaults and examples included: a GeoJSON
    default (`{type: Feature, properties: {name: ...}}`) is data, and keeps its `properties`."""
    feature = {"type": "Feature", "properties": {"name": "Default"}}
    document = {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/shapes": {"get": {"operationId": "shapes", "responses": {"200": {
            "description": "ok", "content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/Shape"}}}}}}}},
        "components": {"schemas": {"Shape": {"type": "object", "properties": {
            "style": {"type": "object", "default": feature, "example": feature}}}}},
    }
    api = ir.build(document, OPTIONS)
    assert not [rename for rename in api.renames if rename.problem.startswith("`properties`")]
    spec = tmp_path / "api.json"
    spec.write_text(json.dumps(document), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "pkg")])["pkg"]
    assert "'properties': {'name': 'Default'}" in files["models/_shape.py"].replace('"', "'")


def test_a_malformed_keyword_beside_a_ref_in_a_3_0_document_is_left_out(tmp_path: Path) -> None:
    """`{$ref: Monster, allOf: {'3': ...}}`: OpenAPI 3.0 ignores what a `$ref` has beside it,
    so validation calls the document valid, and the models' generator failed on the object
    `allOf` (the whole package refused). The keyword is left out, and noted."""
    document = {
        "openapi": "3.0.0", "info": {"title": "t", "version": "1"},
        "paths": {"/m": {"get": {"operationId": "monster", "responses": {"200": {
            "description": "ok", "content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/Monster",
                "allOf": {"3": {"properties": {"usage": {}}}}}}}}}}}},
        "components": {"schemas": {"Monster": {"type": "object", "properties": {
            "name": {"type": "string"}}}}},
    }
    api = ir.build(document, OPTIONS)
    assert [(rename.pointer, rename.action) for rename in api.renames
            if rename.problem.startswith("beside a `$ref`")] == [(
                "/paths/~1m/get/responses/200/content/application~1json/schema",
                "ignored, as OpenAPI 3.0 says: the `$ref` alone is read")]
    spec = tmp_path / "api.json"
    spec.write_text(json.dumps(document), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "pkg")])["pkg"]
    assert "class Monster(BaseModel)" in files["models/_monster.py"]
