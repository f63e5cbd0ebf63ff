"""A base schema with hundreds of subtypes (Microsoft Graph's `entity`: a discriminator mapping
653) taken as a request body property: the argument's type is a union of every subtype and its
`TypedDict` form, and the recursive walks of that annotation (`ast`'s, ours) ran out of stack:
`generate` ended in an internal RecursionError. The package now generates, imports, and sends a
subtype to a server on 127.0.0.1."""

from __future__ import annotations

import json
import subprocess
import sys
import typing
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(300)

SUBTYPES = 700  # past Microsoft Graph's 653


def _document(subtypes: int) -> dict[str, Any]:
    schemas: dict[str, Any] = {"Entity": {
        "type": "object", "required": ["@odata.type"],
        "properties": {"id": {"type": "string"}, "@odata.type": {"type": "string"}},
        "discriminator": {"propertyName": "@odata.type", "mapping": {
            f"#graph.t{i}": f"#/components/schemas/T{i}" for i in range(subtypes)}}}}
    for i in range(subtypes):
        schemas[f"T{i}"] = {"allOf": [{"$ref": "#/components/schemas/Entity"}, {
            "type": "object", "properties": {f"p{i}": {"type": "string"}}}]}
    entity = {"$ref": "#/components/schemas/Entity"}
    return {
        "openapi": "3.0.1", "info": {"title": "wide", "version": "1"},
        "paths": {"/refs": {"post": {
            "operationId": "refs_create", "tags": ["refs"],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "properties": {"target": entity}}}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": entity}}}}}}},
        "components": {"schemas": schemas},
    }


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("wide")
    spec = root / "wide.json"
    spec.write_text(json.dumps(_document(SUBTYPES)), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, "wide")]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", "wide")


def test_a_request_argument_of_hundreds_of_subtypes_generates_and_is_sent(
        package: ModuleType) -> None:
    last = f"#graph.t{SUBTYPES - 1}"
    echoed = {"@odata.type": last, "id": "x", f"p{SUBTYPES - 1}": "v"}
    with ScriptedServer([Reply(200, body=echoed)]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            answer = client.refs.create(target={"@odata.type": last, "id": "x"})
        (request,) = server.requests
    assert request.json() == {"target": {"@odata.type": last, "id": "x"}}
    assert answer.id == "x" and isinstance(answer, package.models.Entity)


def _one_of_document(members: int, *, posted: bool) -> dict[str, Any]:
    """A `Holder` whose field is a discriminated `oneOf` of `members` schemas: the body of a
    POST (the parameters' `TypedDict` forms spell the union), or only the answer of a GET (the
    README's example reads it)."""
    schemas: dict[str, Any] = {f"S{i}": {
        "type": "object", "required": ["kind"],
        "properties": {"kind": {"type": "string", "enum": [f"s{i}"]}, "v": {"type": "integer"}}}
        for i in range(members)}
    schemas["Holder"] = {"type": "object", "properties": {"item": {
        "oneOf": [{"$ref": f"#/components/schemas/S{i}"} for i in range(members)],
        "discriminator": {"propertyName": "kind"}}}}
    holder = {"$ref": "#/components/schemas/Holder"}
    answer = {"200": {"description": "ok", "content": {"application/json": {"schema": holder}}}}
    operation: dict[str, Any] = {"operationId": "holder", "responses": answer}
    if posted:
        operation["requestBody"] = {"content": {"application/json": {"schema": holder}}}
    return {"openapi": "3.0.3", "info": {"title": "wide union", "version": "1"},
            "paths": {"/h": {"post" if posted else "get": operation}},
            "components": {"schemas": schemas}}


@pytest.mark.parametrize("posted", [True, False], ids=["body", "answer"])
def test_a_field_of_a_union_of_hundreds_generates(posted: bool, tmp_path: Any) -> None:
    """A large-document trial: Microsoft Graph ended in an internal RecursionError (95 s, 1.8 GB),
    a field of a 400-member union alike, in the parameters' forms (a body) and in the README's
    example (an answer): made on the deep stack the views are, when the default one runs out."""
    spec = tmp_path / "union.json"
    spec.write_text(json.dumps(_one_of_document(450, posted=posted)), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, "union")]).items():
        write.write(files, tmp_path / "out" / name)
    package = import_from(tmp_path / "out", "union")
    assert len(package.models.Holder.model_fields["item"].annotation.__args__) >= 450


def test_a_typed_dict_form_quoting_a_union_past_ten_thousand_characters_imports_its_names(
        tmp_path: Path) -> None:
    """A `TypedDict` of a key Python cannot name (`@odata.type`) is written in its functional
    form, each value a quoted annotation; Microsoft Graph's quote unions of hundreds of
    literals, past 10,000 characters, which the split into modules did not read: their
    `_typing` went unimported (ruff: 3,149 F821 on Graph's package; `get_type_hints` failed)."""
    values = [f"value_number_{i:04}_padding" for i in range(400)]
    document = {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/status": {"post": {
            "operationId": "setStatus",
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object",
                "properties": {"status": {"$ref": "#/components/schemas/Status"}}}}}},
            "responses": {"204": {"description": "ok"}}}}},
        "components": {"schemas": {
            "Status": {"type": "object", "required": ["@odata.type"], "properties": {
                "@odata.type": {"type": "string"},
                "details": {"type": "array", "items": {"anyOf": [
                    {"$ref": "#/components/schemas/Detail"},
                    {"type": "string", "enum": values}]}}}},
            "Detail": {"type": "object", "properties": {"code": {"type": "string"}}}}},
    }
    spec = tmp_path / "long.json"
    spec.write_text(json.dumps(document), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "longq")])["longq"]
    quoted = next(text for path, text in files.items()
                  if path.startswith("params/") and "value_number_0399_padding" in text)
    assert max(len(line) for line in quoted.splitlines()) > 10_000
    write.write(files, tmp_path / "out" / "longq")
    ruff = subprocess.run(
        [str(Path(sys.executable).parent / "ruff"), "check", "--no-cache", "--select=F821",
         "longq"], cwd=tmp_path / "out", capture_output=True, text=True, timeout=120,
        check=False)
    assert ruff.returncode == 0, ruff.stdout[:2000]
    package = import_from(tmp_path / "out", "longq")
    hints = typing.get_type_hints(package.params.StatusParam)
    assert "details" in hints and "@odata.type" in hints
