"""A text media type listed with its JSON answer's own object schema only repeats the JSON
entry (Gitea's go-swagger documents: `text/html` beside `application/json`, the same `$ref`, on
249 of 351 answers, so every method returned `Thing | str` and asked for `text/html` too): the
answer is read as JSON only, and a note says so. A text entry of its own (a string schema, a
CSV) stays a `str` the method may return."""

from __future__ import annotations

from typing import Any

from generator import ir

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
REPO = {"$ref": "#/components/schemas/Repo"}


def _operation(content: dict[str, Any], status: str = "200") -> Any:
    document = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
                "paths": {"/x": {"get": {"operationId": "x", "responses": {
                    status: {"description": "ok", "content": content}}}}},
                "components": {"schemas": {"Repo": {"type": "object", "properties": {
                    "id": {"type": "integer"}}}}}}
    (operation,) = [op for resource in ir.build(document, OPTIONS).resources
                    for op in resource.operations]
    return operation


def test_a_text_entry_repeating_the_json_schema_is_read_as_json_only() -> None:
    operation = _operation({"application/json": {"schema": REPO}, "text/html": {"schema": REPO},
                            "text/plain": {"schema": REPO}})
    assert [(r.kind, r.model_class, r.media_types) for r in operation.success] == [
        ("json", "Repo", ("application/json",))]
    (note,) = operation.ignored
    assert note.kind == "note" and note.pointer == "/paths/~1x/get"
    assert "the answer 200 lists text/html, text/plain with the schema of its JSON answer" in (
        note.problem) and note.action == "read as JSON only"
    # a `default` standing for the success (no 2XX) is read alike, and said alike
    fallback = _operation({"application/json": {"schema": REPO}, "text/html": {"schema": REPO}},
                          "default")
    assert [r.kind for r in fallback.success] == ["json"]
    assert [n.problem.split(" lists ")[0] for n in fallback.ignored] == ["the answer default"]


def test_a_text_entry_of_its_own_stays_a_str() -> None:
    for own in ({"type": "string"}, {"type": "object", "properties": {"other": {}}}, None):
        entry = {"schema": own} if own is not None else {}
        operation = _operation({"application/json": {"schema": REPO}, "text/csv": entry})
        assert [r.kind for r in operation.success] == ["json", "text"]
        assert operation.ignored == ()


def test_an_xml_entry_differing_by_its_xml_hints_alone_is_read_as_json_only() -> None:
    """Train Travel's XML answers give the JSON schema with `xml` hints (the element's name,
    wrapping): the lists were typed `Page | str` and asked for XML too, a page of XML then a
    `str` without items. A property called `xml` is a name, and is compared."""
    hinted = {"type": "object", "xml": {"name": "repos", "wrapped": True},
              "properties": {"id": {"type": "integer", "xml": {"attribute": True}}}}
    plain = {"type": "object", "properties": {"id": {"type": "integer"}}}
    operation = _operation({"application/json": {"schema": plain},
                            "application/xml": {"schema": hinted}})
    assert [r.kind for r in operation.success] == ["json"]
    named = {"type": "object", "properties": {"xml": {"type": "string"}}}
    operation = _operation({"application/json": {"schema": plain},
                            "application/xml": {"schema": named}})
    assert [r.kind for r in operation.success] == ["json", "text"]


def test_a_binary_encoding_of_the_json_schema_is_read_as_json_only() -> None:
    """Kubernetes lists `application/vnd.kubernetes.protobuf` (and YAML) beside
    `application/json`, the same `$ref`, on every answer: every method returned `Pod | bytes`
    and asked for protobuf too, which the server may then send. The same object in an encoding
    the client does not decode is read as JSON only, and asked for as JSON alone."""
    operation = _operation({"application/json": {"schema": REPO},
                            "application/yaml": {"schema": REPO},
                            "application/vnd.kubernetes.protobuf": {"schema": REPO}})
    assert [(r.kind, r.media_types) for r in operation.success] == [
        ("json", ("application/json",))]
    (note,) = operation.ignored
    assert note.problem == (
        "the answer 200 lists application/yaml, application/vnd.kubernetes.protobuf with the "
        "schema of its JSON answer, which text cannot be, or the same object in an encoding the "
        "client does not decode") and note.action == "read as JSON only"
    binary = _operation({"application/json": {"schema": REPO},
                         "application/msgpack": {"schema": REPO}})
    assert binary.ignored[0].problem.endswith(
        "with the schema of its JSON answer, the same object in an encoding the client does not "
        "decode")


def test_a_binary_entry_of_its_own_stays_bytes() -> None:
    for own in ({"type": "string", "format": "binary"}, {"type": "object", "properties": {
            "other": {}}}, None):
        entry = {"schema": own} if own is not None else {}
        operation = _operation({"application/json": {"schema": REPO},
                                "application/octet-stream": entry})
        assert [r.kind for r in operation.success] == ["json", "bytes"]
        assert operation.ignored == ()
