"""Two arguments of one method that send the same name (a query parameter and a body property
`dryRun`: Kubernetes has 505, as `dry_run` and `dry_run_`) say in their docs where each goes;
with one description copied to both, nothing told them apart."""

from __future__ import annotations

from generator import ir
from generator.render.docstrings import method_doc

TEXT = "When present, do not persist."
DOCUMENT = {
    "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
    "paths": {"/things/{name}": {"delete": {
        "operationId": "deleteThing",
        "parameters": [
            {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}},
            {"name": "dryRun", "in": "query", "description": TEXT, "schema": {"type": "string"}},
            {"name": "limit", "in": "query", "description": "How many.",
             "schema": {"type": "integer"}}],
        "requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {"dryRun": {"type": "boolean", "description": TEXT}}}}}},
        "responses": {"204": {"description": "gone"}}}}},
}


def test_arguments_sending_one_name_say_where_each_goes() -> None:
    options = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
    operation = ir.build(DOCUMENT, options).resources[0].operations[0]
    names = [param.name for param in operation.params]
    assert {"dry_run", "dry_run_", "limit"} <= set(names)
    args = method_doc(operation, names).args
    assert f"dry_run: The `dryRun` query parameter. {TEXT}" in args
    assert f"dry_run_: The `dryRun` property of the request body. {TEXT}" in args
    assert "limit: How many." in args  # an argument whose name is its own keeps its text
