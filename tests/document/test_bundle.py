"""document/bundle.py: external `$ref`s (files, http(s) with the flag) bundled into components."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.document.bundle import bundle, component_name
from generator.document.loading import load
from generator.validate import validate
from tests.document.expect import find, load_error, only, write
from tests.support import BAD_DOCS as BAD

SCHEMA_REF = "/paths/~1items/get/responses/200/content/application~1json/schema/$ref"


def test_multi_file_refs_are_bundled_into_components() -> None:
    doc = load(BAD / "bundle" / "spec.yaml")
    data = doc.data
    item = data["paths"]["/items/{item_id}"]
    assert item["parameters"] == [{"$ref": "#/components/parameters/ItemId"}]
    assert item["get"]["responses"]["200"] == {"$ref": "#/components/responses/ItemResponse"}
    error_ref = item["get"]["responses"]["404"]["content"]["application/json"]["schema"]
    assert error_ref == {"$ref": "#/components/schemas/error"}
    components = data["components"]
    assert components["parameters"]["ItemId"]["schema"] == {
        "$ref": "#/components/schemas/ItemIdType"
    }
    # the document already has an `Item`: the bundled one gets a numeric suffix
    assert "the document's own Item" in components["schemas"]["Item"]["description"]
    bundled_item = components["schemas"]["Item2"]
    assert bundled_item["properties"]["children"]["items"] == {"$ref": "#/components/schemas/Item2"}
    assert bundled_item["properties"]["error"] == {"$ref": "#/components/schemas/error"}
    assert components["responses"]["ItemResponse"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Item2"
    }
    assert components["schemas"]["error"]["properties"]["message"] == {"type": "string"}
    assert "$ref': '" not in repr({k: v for k, v in data.items()}).replace("'#/", "")
    assert validate(doc) == []


def test_missing_ref_file_names_pointer_and_line() -> None:
    problem = only(load_error(BAD / "missing_ref_file.yaml"))
    assert problem.file == str(BAD / "missing_ref_file.yaml")
    assert (problem.pointer, problem.line) == ("/paths/~1items/get/parameters/0/$ref", 9)
    assert "'./parameters.yaml#/Limit': file not found" in problem.message


def test_ref_outside_the_spec_folder_is_refused() -> None:
    spec = BAD / "ref_outside" / "spec.yaml"
    problem = only(load_error(spec))
    assert problem.file == str(spec)
    assert problem.line == 14
    assert problem.pointer == SCHEMA_REF
    assert "'../outside_target.yaml#/Item' points outside the spec's folder" in problem.message


def test_symlink_leading_outside_the_spec_folder_is_refused(tmp_path: Path) -> None:
    write(tmp_path / "secret.yaml", "Item: {type: object}\n")
    spec = write(tmp_path / "spec" / "spec.yaml", """\
openapi: 3.1.0
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    Item:
      $ref: "link.yaml#/Item"
""")
    os.symlink(tmp_path / "secret.yaml", tmp_path / "spec" / "link.yaml")
    problem = only(load_error(spec))
    assert (problem.pointer, problem.line) == ("/components/schemas/Item/$ref", 7)
    assert "points outside the spec's folder" in problem.message


def test_remote_ref_is_refused_without_the_flag() -> None:
    spec = BAD / "remote_ref.yaml"
    problem = only(load_error(spec))
    assert problem.file == str(spec)
    assert problem.line == 14
    assert problem.pointer == SCHEMA_REF
    assert "remote $ref 'https://example.com/schemas/item.yaml#/Item' refused" in problem.message
    assert "--allow-remote-refs" in problem.hint


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def http_root(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    root = tmp_path / "served"
    root.mkdir()
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield root, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.mark.timeout(30)
def test_remote_ref_is_fetched_with_the_flag(tmp_path: Path, http_root: tuple[Path, str]) -> None:
    root, base = http_root
    write(root / "item.yaml",
          "Item:\n  type: object\n  properties:\n    id: {$ref: 'common.yaml#/Id'}\n")
    write(root / "common.yaml", "Id: {type: string}\n")
    spec = write(tmp_path / "spec.yaml", f"""\
openapi: 3.1.0
info: {{title: t, version: "1"}}
paths: {{}}
components:
  schemas:
    Holder:
      $ref: "{base}/item.yaml#/Item"
""")
    doc = load(spec, allow_remote_refs=True)
    schemas = doc.data["components"]["schemas"]
    assert schemas["Holder"] == {"$ref": "#/components/schemas/Item"}
    assert schemas["Item"]["properties"]["id"] == {"$ref": "#/components/schemas/Id"}
    assert schemas["Id"] == {"type": "string"}
    assert validate(doc) == []


@pytest.mark.timeout(30)
def test_remote_ref_that_is_missing_is_reported(tmp_path: Path,
                                                http_root: tuple[Path, str]) -> None:
    _, base = http_root
    spec = write(tmp_path / "spec.yaml", f"""\
openapi: 3.1.0
info: {{title: t, version: "1"}}
paths: {{}}
components:
  schemas:
    Holder:
      $ref: "{base}/nothing.yaml"
""")
    problems = load_error(spec, allow_remote_refs=True)
    find(problems, "/components/schemas/Holder/$ref", "cannot be loaded")
    assert any("404" in p.message for p in problems)


# --------------------------------------------------------------------------- bundle() itself


def test_a_clashing_component_is_named_with_a_number(tmp_path: Path) -> None:
    write(tmp_path / "one.yaml", "Pet: {type: string}\n")
    write(tmp_path / "two.yaml", "Pet: {type: integer}\n")
    data = {"openapi": "3.1.0", "components": {"schemas": {
        "Pet": {"type": "boolean"},
        "A": {"$ref": "one.yaml#/Pet"}, "B": {"$ref": "two.yaml#/Pet"},
        "C": {"$ref": "one.yaml#/Pet"},
    }}}
    schemas = bundle(tmp_path / "spec.yaml", data, {}, allow_remote_refs=False,
                     max_bytes=1_000_000)["components"]["schemas"]
    assert schemas["A"] == {"$ref": "#/components/schemas/Pet2"}
    assert schemas["B"] == {"$ref": "#/components/schemas/Pet3"}
    assert schemas["C"] == {"$ref": "#/components/schemas/Pet2"}, "one copy per target"
    assert (schemas["Pet"], schemas["Pet2"], schemas["Pet3"]) == (
        {"type": "boolean"}, {"type": "string"}, {"type": "integer"})


def test_component_names_keep_only_the_characters_components_allow() -> None:
    assert component_name("/definitions/Pet Shop", "x.yaml") == "Pet_Shop"
    assert component_name("", "/a/b/common.schema.yaml") == "common.schema"


def test_refs_in_places_without_a_section_are_inlined(tmp_path: Path) -> None:
    write(tmp_path / "ops.yaml", "list:\n  responses: {'200': {description: ok}}\n")
    data = {"openapi": "3.1.0", "paths": {"/a": {"get": {"$ref": "ops.yaml#/list"}}}}
    result = bundle(tmp_path / "spec.yaml", data, {}, allow_remote_refs=False, max_bytes=10_000)
    assert result["paths"]["/a"]["get"] == {"responses": {"200": {"description": "ok"}}}


def test_bundling_walks_a_document_nested_deeper_than_python_recursion(tmp_path: Path) -> None:
    write(tmp_path / "leaf.yaml", "Leaf: {type: string}\n")
    deep: dict[str, Any] = {"$ref": "leaf.yaml#/Leaf"}
    for _ in range(2_000):
        deep = {"type": "array", "items": deep}
    data = {"openapi": "3.1.0", "components": {"schemas": {"Deep": deep}}}
    result = bundle(tmp_path / "spec.yaml", data, {}, allow_remote_refs=False, max_bytes=10_000)
    node = result["components"]["schemas"]["Deep"]
    while "items" in node:
        node = node["items"]
    assert node == {"$ref": "#/components/schemas/Leaf"}
    assert result["components"]["schemas"]["Leaf"] == {"type": "string"}


def test_discriminator_mapping_to_another_file_is_bundled(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A mapping value naming a file is a reference: resolved from the document's folder, never
    from the current directory, and made local; a bare schema name stays. Even when no `$ref` of
    the document leaves it, the mapping alone makes it bundled."""
    folder = tmp_path / "spec"
    folder.mkdir()
    (folder / "dog.yaml").write_text("type: object\nproperties: {bark: {type: boolean}}\n",
                                     encoding="utf-8")
    (folder / "main.yaml").write_text(
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n"
        "components:\n  schemas:\n    Cat: {type: object}\n    Pet:\n      type: object\n"
        "      properties: {kind: {type: string}}\n"
        "      discriminator:\n        propertyName: kind\n"
        "        mapping: {dog: './dog.yaml', cat: Cat, own: '#/components/schemas/Cat'}\n",
        encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    data = load(folder / "main.yaml").data
    schemas = data["components"]["schemas"]
    assert schemas["Pet"]["discriminator"]["mapping"] == {
        "dog": "#/components/schemas/dog", "cat": "Cat", "own": "#/components/schemas/Cat"}
    assert schemas["dog"]["properties"] == {"bark": {"type": "boolean"}}


def test_a_ref_standing_for_a_whole_properties_map_is_inlined_as_that_map(tmp_path: Path) -> None:
    # DigitalOcean's load balancer: `properties: {$ref: 'attributes.yml#/...'}`, a map of
    # properties kept in another file. It was bundled as a schema (a component whose keys are
    # property names), leaving `properties` a string: the properties lost, and a schema
    # datamodel-code-generator crashed on.
    write(tmp_path / "attributes.yml", """\
droplet_ids:
  droplet_ids: {type: array, items: {type: integer}}
""")
    data = {"openapi": "3.0.0", "components": {"schemas": {"LB": {
        "type": "object", "properties": {"$ref": "attributes.yml#/droplet_ids"}}}}}
    result = bundle(tmp_path / "spec.yaml", data, {}, allow_remote_refs=False, max_bytes=10_000)
    assert result["components"]["schemas"] == {"LB": {"type": "object", "properties": {
        "droplet_ids": {"type": "array", "items": {"type": "integer"}}}}}


def test_a_ref_to_a_text_in_another_file_is_that_text_not_a_reference(tmp_path: Path) -> None:
    # DigitalOcean's tags: `description: {$ref: 'description.yml#/introduction'}`. The text
    # was taken for the new reference (`{$ref: 'The DigitalOcean API allows...'}`), and the
    # tag dropped as invalid.
    write(tmp_path / "description.yml", "introduction: The API allows you to manage Droplets.\n")
    data = {"openapi": "3.0.0", "paths": {},
            "tags": [{"name": "1-Click", "description": {"$ref": "description.yml#/introduction"}}]}
    result = bundle(tmp_path / "spec.yaml", data, {}, allow_remote_refs=False, max_bytes=10_000)
    assert result["tags"] == [
        {"name": "1-Click", "description": "The API allows you to manage Droplets."}]
