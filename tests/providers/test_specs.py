"""The vendored provider documents are faithful to the provider reference pages.

Every provider of specs/providers.yaml is checked (none is named here but where a test is about
one provider's document): its reference page is one of two kinds, told apart by its content.

- A page embedding the OpenAPI document (IONOS): the vendored file must equal it.
- A page with only a rendered field list (Infomaniak, Nebius): the page is parsed and every
  field on it must be in the hand-written document at the same place, with the same kind,
  format, required flag, nullability, enum values, default and description. Where the page's
  type rendering contradicts the field's own text, the document follows the text; those
  places are listed in KNOWN_DEVIATIONS with the reason, and must carry an `x-note`.
- Every vendored document validates with openapi-spec-validator, and every overlay action
  targets a node that exists.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
import yaml
from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator

from tests.support import manifest_providers

SPEC_FILES = {name: provider.spec for name, provider in manifest_providers().items()}
EMBEDDED_DOCUMENT = re.compile(r"```json\s*(.*?)\s*```", re.DOTALL)


def seed_page(provider: str) -> str:
    """The provider's own reference page, vendored unchanged beside its document and named in
    the manifest as its source."""
    reference = manifest_providers()[provider].reference
    assert reference is not None, f"specs/providers.yaml names no reference page for {provider}"
    assert reference.parent == SPEC_FILES[provider].parent  # beside the document
    return reference.read_text(encoding="utf-8")


def page_kind(provider: str) -> str:
    """`embedded`: the page carries the OpenAPI document; `fields`: a rendered field list (front
    matter, then one bullet per field)."""
    page = seed_page(provider)
    if EMBEDDED_DOCUMENT.search(page):
        return "embedded"
    assert page.startswith("---\n") and re.search(r"^ *- `", page, re.MULTILINE), (
        f"{provider}: the reference page is neither an embedded document nor a field list")
    return "fields"


EMBEDDED = sorted(name for name in SPEC_FILES if page_kind(name) == "embedded")
FIELD_LISTS = sorted(name for name in SPEC_FILES if page_kind(name) == "fields")


def load_spec(provider: str) -> dict[str, Any]:
    path = SPEC_FILES[provider]
    text = path.read_text(encoding="utf-8")
    data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    assert isinstance(data, dict)
    return data


# --------------------------------------------------------------------------- page parser

PRIMITIVES = {"string", "integer", "number", "boolean", "object", "union", "unknown", "array"}
FLAGS = {"required", "nullable"}

BULLET = re.compile(r"^(?P<indent> *)- (?:`(?P<name>[^`]+)`)?\s*(?P<rest>.*)$")


@dataclass
class PageField:
    """One bullet of a page's field list: "- `name` type, [format,] [nullable,] [required] — text".

    Anonymous bullets (no `name`) are a section's root schema, a union member or an
    array's item type.
    """

    name: str | None
    type: str
    modifiers: tuple[str, ...]
    description: str | None
    children: list[PageField] = field(default_factory=list)

    @property
    def required(self) -> bool:
        return "required" in self.modifiers

    @property
    def nullable(self) -> bool:
        return "nullable" in self.modifiers

    @property
    def format(self) -> str | None:
        formats = [m for m in self.modifiers if m not in FLAGS]
        assert len(formats) <= 1, f"unexpected modifiers {self.modifiers}"
        return formats[0] if formats else None

    @property
    def text(self) -> str | None:
        """The field's description; the page sometimes hangs it on the only item/member line."""
        if self.description is None and len(self.children) == 1 and self.children[0].name is None:
            return self.children[0].description
        return self.description


def parse_bullet(line: str) -> tuple[int, PageField]:
    match = BULLET.match(line)
    assert match, f"not a field bullet: {line!r}"
    head, _, description = match["rest"].partition("—")
    head = head.strip()
    type_, *modifiers = [part.strip() for part in head.split(",")] if head else [""]
    return len(match["indent"]) // 2, PageField(
        name=match["name"],
        type=type_,
        modifiers=tuple(modifiers),
        description=description.strip() or None,
    )


@dataclass
class Section:
    title: str
    text: list[str]  # prose lines (e.g. the response description "OK")
    fields: list[PageField]


@dataclass
class Page:
    front_matter: dict[str, Any]
    sections: dict[str, Section]


def parse_page(page: str) -> Page:
    front = re.match(r"\A---\n(.*?)\n---\n", page, re.DOTALL)
    assert front, "page has no front matter"
    body = page[front.end() :]
    body = body.split("\n---\n", 1)[0]  # drop the footer links
    sections: dict[str, Section] = {}
    current: Section | None = None
    stack: list[PageField] = []
    for line in body.splitlines():
        if line.startswith("## "):
            current = Section(line[3:].strip(), [], [])
            sections[current.title] = current
            stack = []
        elif current is None or not line.strip():
            continue
        elif BULLET.match(line):
            depth, item = parse_bullet(line)
            assert depth <= len(stack), f"bullet nested too deep: {line!r}"
            del stack[depth:]
            (stack[-1].children if stack else current.fields).append(item)
            stack.append(item)
        else:
            assert not current.fields, f"prose after the field list of {current.title}: {line!r}"
            current.text.append(line.strip())
    return Page(yaml.safe_load(front[1]), sections)


def page_text(text: str | None) -> str | None:
    return None if text is None else re.sub(r"<br\s*/?>", "\n", text)


def page_label(type_: str) -> str:
    """Normalise a page type to a label comparable with `doc_label`: "string", "object[]", ..."""
    if type_.endswith("[]"):
        return page_label(type_[:-2]) + "[]"
    if "|" in type_:
        return "string"  # 'a' | 'b' literal union
    if type_ == "unknown":
        return "any"
    return type_ if type_ in PRIMITIVES else "object"  # anything else names an object schema


def page_schema_name(type_: str) -> str | None:
    base = type_.removesuffix("[]")
    return None if base in PRIMITIVES or "|" in base else base


def page_enum(item: PageField) -> list[str] | None:
    if "|" in item.type:
        return re.findall(r"'([^']*)'", item.type)
    listed = re.match(r"In ((?:`\"[^\"]*\"`(?:, )?)+)\.", item.description or "")
    return re.findall(r"`\"([^\"]*)\"`", listed[1]) if listed else None


def page_default(item: PageField) -> Any:
    found = re.search(r"Defaults to(?:\*|</i>)?\s*`([^`]*)`", item.text or "")
    return json.loads(found[1]) if found else None


# --------------------------------------------------------------------------- doc helpers


def resolve(doc: dict[str, Any], schema: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """Follow local $refs; return the target and the last component name on the way."""
    name = None
    while "$ref" in schema:
        prefix = "#/components/schemas/"
        ref = schema["$ref"]
        assert ref.startswith(prefix), f"unexpected $ref {ref}"
        name = ref[len(prefix) :]
        schema = doc["components"]["schemas"][name]
    return schema, name


def doc_label(doc: dict[str, Any], schema: dict[str, Any]) -> str:
    schema, _ = resolve(doc, schema)
    if "oneOf" in schema or "anyOf" in schema:
        return "union"
    if schema.get("type") == "array":
        return doc_label(doc, schema.get("items", {})) + "[]"
    if "type" in schema:
        return str(schema["type"])
    return "object" if "properties" in schema else "any"


def union_members(doc: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    schema, _ = resolve(doc, schema)
    return [doc_label(doc, member) for member in schema.get("oneOf", schema.get("anyOf", []))]


def component_name(doc: dict[str, Any], schema: dict[str, Any]) -> str | None:
    """The component a (possibly array) schema points to, by page name when recorded."""
    schema, name = resolve(doc, schema)
    if schema.get("type") == "array" and name is None:
        return component_name(doc, schema.get("items", {}))
    return schema.get("x-original-name", name)


def operation(doc: dict[str, Any], page: Page) -> dict[str, Any]:
    path, method = page.front_matter["path"], page.front_matter["method"].lower()
    assert path in doc["paths"], f"{path} is not in the document"
    assert method in doc["paths"][path], f"{method.upper()} {path} is not in the document"
    op: dict[str, Any] = doc["paths"][path][method]
    return op


# --------------------------------------------------------------------------- faithfulness


@dataclass(frozen=True)
class Deviation:
    """A field where the document follows the field's text rather than the page's rendering."""

    label: str
    reason: str
    format: str | None = None


KNOWN_DEVIATIONS: dict[tuple[str, str], Deviation] = {
    ("infomaniak", "request.prompt"): Deviation(
        label="union",
        reason='rendered as array[] of number[], but the text says "encoded as a string, '
        'array of strings, array of tokens, or array of token arrays"',
    ),
    ("infomaniak", "request.logit_bias"): Deviation(
        label="object",
        reason='rendered as unknown[], but the text says it "accepts a JSON object that maps '
        'tokens ... to an associated bias value" (example {"50256": -100})',
    ),
    ("infomaniak", "request.seed"): Deviation(
        label="integer",
        format="int64",
        reason='rendered as "number, double", but the text ends "Format: `int64`"',
    ),
}


@dataclass
class Checker:
    provider: str
    doc: dict[str, Any]
    problems: list[str] = field(default_factory=list)
    deviations_seen: set[str] = field(default_factory=set)

    def expect(self, ok: bool, where: str, message: str) -> None:
        if not ok:
            self.problems.append(f"{where}: {message}")

    def check_property(self, item: PageField, parent: dict[str, Any], where: str) -> None:
        assert item.name is not None
        path = f"{where}.{item.name}" if where else item.name
        raw = parent.get("properties", {}).get(item.name)
        if raw is None:
            self.problems.append(f"{path}: missing from the document")
            return
        self.expect(
            item.required == (item.name in parent.get("required", [])),
            path,
            f"page says required={item.required}",
        )
        self.check_schema(item, raw, path)

    def check_schema(self, item: PageField, raw: dict[str, Any], path: str) -> None:
        """Compare a page field (or root line) with the document's schema for it."""
        schema, _ = resolve(self.doc, raw)
        nullable = bool(raw.get("nullable") or schema.get("nullable"))
        self.expect(item.nullable == nullable, path, f"page says nullable={item.nullable}")
        expected_text = page_text(item.text)
        if expected_text is not None:
            actual_text = raw.get("description", schema.get("description"))
            self.expect(actual_text == expected_text, path, f"description {actual_text!r}")

        label, format_ = page_label(item.type), item.format
        deviation = KNOWN_DEVIATIONS.get((self.provider, path))
        if deviation is not None:
            self.deviations_seen.add(path)
            label, format_ = deviation.label, deviation.format or format_
            self.expect("x-note" in raw, path, "deviates from the page without an x-note")
        actual = doc_label(self.doc, raw)
        self.expect(actual == label, path, f"page kind {label!r}, document {actual!r}")
        self.expect(schema.get("format") == format_, path, f"format {schema.get('format')!r}")
        self.expect(schema.get("enum") == page_enum(item), path, f"enum {schema.get('enum')!r}")
        self.expect(
            schema.get("default") == page_default(item), path, f"default {schema.get('default')!r}"
        )
        name = page_schema_name(item.type)
        if name is not None:
            found = component_name(self.doc, raw)
            self.expect(found == name, path, f"page schema {name!r}, document {found!r}")
        if deviation is None:
            self.check_children(item, schema, path)

    def check_children(self, item: PageField, schema: dict[str, Any], path: str) -> None:
        if not item.children:
            return
        label = page_label(item.type)
        if label == "union":
            members = [page_label(child.type) for child in item.children]
            actual = union_members(self.doc, schema)
            self.expect(actual == members, path, f"union of {members}, document {actual}")
        elif label.endswith("[]"):
            items = schema.get("items", {})
            named = [child for child in item.children if child.name]
            if named:
                resolved, _ = resolve(self.doc, items)
                for child in named:
                    self.check_property(child, resolved, f"{path}[]")
            else:
                (only,) = item.children
                self.check_schema(only, items, f"{path}[]")
        else:
            for child in item.children:
                self.check_property(child, schema, path)

    def check_parameters(self, page: Page, op: dict[str, Any]) -> None:
        for title, location in (("Path parameters", "path"), ("Query parameters", "query")):
            section = page.sections.get(title)
            for item in section.fields if section else []:
                path = f"{location}.{item.name}"
                params = [
                    p
                    for p in op.get("parameters", [])
                    if p["name"] == item.name and p["in"] == location
                ]
                if len(params) != 1:
                    self.problems.append(f"{path}: expected one such parameter, got {params}")
                    continue
                (param,) = params
                self.expect(
                    item.required == param.get("required", False),
                    path,
                    f"page says required={item.required}",
                )
                # A parameter's description sits beside its schema, not in it.
                described = dict(param["schema"])
                if "description" in param:
                    described["description"] = param["description"]
                self.check_schema(item, described, path)

    def check_body(self, page: Page, op: dict[str, Any]) -> None:
        section = page.sections.get("Request body")
        if section is None:
            self.expect("requestBody" not in op, "request", "the page documents no body")
            return
        (root,) = section.fields
        schema = op["requestBody"]["content"]["application/json"]["schema"]
        self.check_schema(root, schema, "request")

    def check_responses(self, page: Page, op: dict[str, Any]) -> None:
        for title, section in page.sections.items():
            status = re.fullmatch(r"Response `(\d{3})`", title)
            if not status:
                continue
            code = status[1]
            response = op["responses"].get(code)
            if response is None:
                self.problems.append(f"response {code}: missing")
                continue
            self.expect(
                response["description"] == " ".join(section.text),
                f"response {code}",
                f"description {response['description']!r}",
            )
            (root,) = section.fields
            schema = response["content"]["application/json"]["schema"]
            self.check_schema(root, schema, "response")
        other = page.sections.get("Other responses")
        for item in other.fields if other else []:
            code = item.name or ""
            response = op["responses"].get(code)
            if response is None:
                self.problems.append(f"response {code}: missing")
            else:
                self.expect(
                    response["description"] == item.description,
                    f"response {code}",
                    f"description {response['description']!r}",
                )


# --------------------------------------------------------------------------- tests


def test_every_provider_has_a_reference_page_of_a_known_kind() -> None:
    """No provider escapes the checks below: each is in exactly one of them."""
    assert sorted(EMBEDDED + FIELD_LISTS) == sorted(SPEC_FILES)
    assert "ionos" in EMBEDDED and {"infomaniak", "nebius"} <= set(FIELD_LISTS)


@pytest.mark.parametrize("provider", EMBEDDED)
def test_spec_is_the_document_embedded_in_the_page(provider: str) -> None:
    blocks = EMBEDDED_DOCUMENT.findall(seed_page(provider))
    assert len(blocks) == 1, f"expected exactly one ```json block on the {provider} page"
    embedded = json.loads(blocks[0])
    vendored_text = SPEC_FILES[provider].read_text(encoding="utf-8")
    assert json.loads(vendored_text) == embedded
    # Same content, same key order, pretty-printed with indent=2 and a trailing newline.
    assert vendored_text == json.dumps(embedded, indent=2, ensure_ascii=False) + "\n"


def test_page_parser_reads_field_lines() -> None:
    assert parse_bullet("- `product_id` integer, required") == (
        0,
        PageField("product_id", "integer", ("required",), None),
    )
    depth, item = parse_bullet("  - `seed` number, double — If specified — really.")
    assert (depth, item.type, item.format, item.required, item.nullable) == (
        1,
        "number",
        "double",
        False,
        False,
    )
    assert item.description == "If specified — really."
    _, item = parse_bullet("    - `system_fingerprint` string, nullable, required — Text")
    assert (item.required, item.nullable, item.format) == (True, True, None)
    _, item = parse_bullet("  - `finish_reason` 'stop' | 'length' | 'content_filter', required")
    assert page_enum(item) == ["stop", "length", "content_filter"] and item.required
    assert page_label(item.type) == "string"
    _, item = parse_bullet("- `422` — Validation Error")
    assert (item.name, item.type, item.description) == ("422", "", "Validation Error")
    _, item = parse_bullet("- 4cee7ea0OpenAiV1Completions — OpenAI response format")
    assert item.name is None and page_schema_name(item.type) == "4cee7ea0OpenAiV1Completions"
    assert page_label("4cee7ea0OpenAiV1CompletionsChoice[]") == "object[]"
    assert page_label("unknown[]") == "any[]"
    assert page_default(PageField("t", "number", (), "*Defaults to* `1`<br>What")) == 1
    assert page_default(PageField("t", "number", (), "<i>Defaults to</i> `1`<br>An")) == 1


@pytest.mark.parametrize("provider", FIELD_LISTS)
def test_every_page_field_is_in_the_document(provider: str) -> None:
    page = parse_page(seed_page(provider))
    doc = load_spec(provider)
    op = operation(doc, page)
    assert op["tags"] == page.front_matter["tags"]
    assert op["summary"] == page.front_matter["title"]

    checker = Checker(provider, doc)
    checker.check_parameters(page, op)
    checker.check_body(page, op)
    checker.check_responses(page, op)
    assert not checker.problems, "\n".join(checker.problems)

    expected = {path for (owner, path) in KNOWN_DEVIATIONS if owner == provider}
    assert checker.deviations_seen == expected, "a documented deviation no longer matches the page"


def test_page_parser_saw_the_whole_field_list() -> None:
    """Guard against the parser silently dropping lines: count fields per section."""

    def count(fields: list[PageField]) -> int:
        return sum(bool(f.name) + count(f.children) for f in fields)

    for provider in FIELD_LISTS:
        text = seed_page(provider)
        named_bullets = len(re.findall(r"^ *- `", text.split("\n---\n")[1], re.MULTILINE))
        page = parse_page(text)
        assert named_bullets == sum(count(s.fields) for s in page.sections.values())
    infomaniak = parse_page(seed_page("infomaniak"))
    (body,) = infomaniak.sections["Request body"].fields
    assert len([f for f in body.children if f.name]) == 17


def test_nebius_documents_the_fastapi_validation_error() -> None:
    doc = load_spec("nebius")
    response = doc["paths"]["/v1/completions"]["post"]["responses"]["422"]
    assert response["description"] == "Validation Error"
    error, name = resolve(doc, response["content"]["application/json"]["schema"])
    assert name == "HTTPValidationError"
    detail = error["properties"]["detail"]
    assert detail["type"] == "array"
    item, item_name = resolve(doc, detail["items"])
    assert item_name == "ValidationError"
    assert set(item["required"]) == {"loc", "msg", "type"}
    assert doc_label(doc, item["properties"]["loc"]) == "union[]"
    assert union_members(doc, item["properties"]["loc"]["items"]) == ["string", "integer"]
    assert doc_label(doc, item["properties"]["msg"]) == "string"
    assert doc_label(doc, item["properties"]["type"]) == "string"


def test_nebius_service_tier_is_one_named_enum() -> None:
    doc = load_spec("nebius")
    schemas = doc["components"]["schemas"]
    ref = {"$ref": "#/components/schemas/ServiceTier"}
    assert schemas["CompletionRequest"]["properties"]["service_tier"] == ref
    assert schemas["CompletionResponse"]["properties"]["service_tier"] == ref
    assert schemas["ServiceTier"]["enum"] == ["auto", "default", "over-limit", "flex", "no-limit"]


@pytest.mark.parametrize("provider", FIELD_LISTS)
def test_hand_written_documents_follow_the_conventions(provider: str) -> None:
    doc = load_spec(provider)
    assert doc["openapi"] == "3.0.3"
    assert "servers" not in doc, "the pages name no server; the manifest carries the base URL"
    assert doc["components"]["securitySchemes"] == {
        "bearerAuth": {"type": "http", "scheme": "bearer"}
    }
    assert doc["security"] == [{"bearerAuth": []}]
    (path_item,) = doc["paths"].values()
    assert path_item["post"]["operationId"] == "createCompletion"
    for name in doc["components"]["schemas"]:
        assert re.fullmatch(r"[A-Z][A-Za-z]*", name), f"schema name {name!r} is not clean"

    def keys_are_strings(node: Any, where: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                assert isinstance(key, str), f"{where}: YAML read key {key!r} as {type(key)}"
                keys_are_strings(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                keys_are_strings(value, f"{where}/{index}")

    keys_are_strings(doc, "")
    assert isinstance(doc["info"]["version"], str)


@pytest.mark.parametrize("provider", sorted(SPEC_FILES))
def test_vendored_document_validates(provider: str) -> None:
    doc = load_spec(provider)
    validator = (OpenAPIV31SpecValidator if str(doc.get("openapi")).startswith("3.1")
                 else OpenAPIV30SpecValidator)
    errors = [error.message for error in validator(doc).iter_errors()]
    assert errors == []


# --------------------------------------------------------------------------- overlays

JSONPATH_STEP = re.compile(r"\.([A-Za-z_][\w-]*)|\['([^']*)'\]|\[(\d+)\]")


def jsonpath_node(doc: Any, target: str) -> Any:
    """Resolve the simple JSONPath subset the overlays use: $.a['b'][0]."""
    assert target.startswith("$"), target
    node, rest = doc, target[1:]
    while rest:
        step = JSONPATH_STEP.match(rest)
        assert step, f"unsupported JSONPath step in {target!r} at {rest!r}"
        key: str | int = int(step[3]) if step[3] is not None else (step[1] or step[2])
        node = node[key]
        rest = rest[step.end() :]
    return node


# The client-level parameter each overlay marks (a provider not listed marks none).
CLIENT_PARAMS = {"infomaniak": "product_id", "nebius": "ai_project_id"}
# The stream-chunk schema each overlay adds and names in `x-codegen-stream.chunk` (a provider not
# listed streams chunks of its 200 response's schema): the page says `usage` comes only on the
# last chunk, which the 200 response requires (tests/providers/test_stream_chunks.py).
STREAM_CHUNKS = {"infomaniak": "CompletionChunk", "nebius": "CompletionChunk"}
# The schemas of our own each overlay adds, the chunk's beside it: its choices, whose
# `finish_reason` is null until a choice's last chunk.
ADDED_SCHEMAS = {provider: [chunk, "CompletionChunkChoice"] for provider, chunk in STREAM_CHUNKS.items()}


@pytest.mark.parametrize("provider", sorted(SPEC_FILES))
def test_overlay_targets_exist_and_set_the_codegen_hints(provider: str) -> None:
    overlay_path = manifest_providers()[provider].overlay
    assert overlay_path is not None, f"specs/providers.yaml names no overlay for {provider}"
    overlay = yaml.safe_load(overlay_path.read_text(encoding="utf-8"))
    assert overlay["overlay"] == "1.0.0"
    assert overlay["info"]["title"] and isinstance(overlay["info"]["version"], str)
    doc = load_spec(provider)
    added: list[str] = []
    for action in overlay["actions"]:
        assert action["description"].strip(), f"action on {action['target']} says not why"
        node = jsonpath_node(doc, action["target"])
        assert isinstance(node, dict)
        if action["target"] == "$.components.schemas":
            # A schema of our own (a stream chunk's): added beside the document's, never over one.
            assert not set(action["update"]) & set(node), "the overlay would change a document schema"
            added += action["update"]
            node.update(action["update"])
            continue
        assert all(key.startswith("x-codegen-") for key in action["update"])
        for key, value in action["update"].items():  # the overlay's deep merge, one level down
            node[key] = {**node[key], **value} if isinstance(node.get(key), dict) else value
    assert added == ADDED_SCHEMAS.get(provider, [])

    (path_item,) = doc["paths"].values()
    op = path_item["post"]
    assert op["x-codegen-resource"] == "completions"
    assert op["x-codegen-method"] == "create"
    chunk = STREAM_CHUNKS.get(provider)
    assert op["x-codegen-stream"] == (
        {"param": "stream", "chunk": f"#/components/schemas/{chunk}"} if chunk else {"param": "stream"})
    assert op["x-codegen-retry-safe"] is True  # a completion changes nothing: retried as openai-python does
    body, _ = resolve(doc, op["requestBody"]["content"]["application/json"]["schema"])
    assert body["properties"]["stream"]["type"] == "boolean"
    marked = [p["name"] for p in op.get("parameters", []) if p.get("x-codegen-client-param")]
    assert marked == ([CLIENT_PARAMS[provider]] if provider in CLIENT_PARAMS else [])
    validator = (OpenAPIV31SpecValidator if str(doc.get("openapi")).startswith("3.1")
                 else OpenAPIV30SpecValidator)
    assert [error.message for error in validator(doc).iter_errors()] == []  # the overlaid document
