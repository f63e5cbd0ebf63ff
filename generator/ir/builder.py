"""Document -> the intermediate model the templates read.

`build(doc, options)` walks the document once and returns an `Api`: resources with one
`Operation` per path item method, every parameter with its python name, wire name and
location, the body, the responses and the streaming switch. It also returns the schema
document handed to datamodel-code-generator: component schemas renamed to valid class
names, and every inline schema an operation needs (parameters, bodies, responses) hoisted
under `components/schemas` with a name chosen here, so that generated method signatures can
point at the models by name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlparse

from generator.document.operations import OperationSite, iter_operations
from generator.document.pointer import escape_token, fragment_pointer
from generator.document.refs import Refs
from generator.document.tree import copy_tree
from generator.ir import paging
from generator.names import identifiers as names
from generator.names import namespace
from generator.names.operations import name_clashes, operation_names
from generator.problems import GeneratorError, Problem

ParamLocation = Literal["path", "query", "header", "cookie", "body"]
BodyKind = Literal["json", "form", "multipart", "content"]
ResponseKind = Literal["json", "text", "bytes", "none"]
SCHEMAS_PREFIX = "#/components/schemas/"


@dataclass(frozen=True)
class BuildOptions:
    package: str
    api_key_env: str
    base_url_env: str
    default_base_url: str | None = None
    http_library: str = "httpx"
    source_file: str = ""


@dataclass(frozen=True)
class Param:
    """One argument of a generated method."""

    name: str  # python identifier in the method signature
    wire_name: str  # exactly as sent
    location: ParamLocation
    model_class: str  # the models.py class whose field types this argument
    model_key: str  # that field's wire name (alias)
    required: bool
    nullable: bool
    description: str
    client_level: bool = False
    explode: bool = True
    deprecated: bool = False
    style: str = "form"  # query serialisation: form, spaceDelimited, pipeDelimited, deepObject,
    # or "json" for a parameter given by `content: {application/json: ...}` (sent JSON-encoded)


@dataclass(frozen=True)
class Body:
    kind: BodyKind
    media_type: str
    model_class: str | None  # class validating the body (None: sent as given)
    expanded: bool  # object properties became keyword arguments
    required: bool
    file_fields: tuple[str, ...] = ()  # multipart properties sent as files

    @property
    def is_text(self) -> bool:
        """A raw body of a `text/*` media type: the argument is `str`, not `bytes`."""
        return self.kind == "content" and _media_kind(self.media_type) == "text"


@dataclass(frozen=True)
class ResponseType:
    status: str  # "200", "2XX", "default"
    kind: ResponseKind
    model_class: str | None  # for json bodies
    media_types: tuple[str, ...] = ()  # as documented, for the Accept header


@dataclass(frozen=True)
class ResponseHeader:
    wire_name: str
    python_type: str  # int, float, bool or str
    description: str


@dataclass(frozen=True)
class Operation:
    resource: str
    name: str  # method name
    http_method: str
    path: str
    pointer: str
    summary: str
    description: str
    params: tuple[Param, ...]
    body: Body | None
    success: tuple[ResponseType, ...]
    errors: tuple[ResponseType, ...]
    headers: tuple[ResponseHeader, ...]
    stream_param: str | None  # python name of the boolean that switches to SSE
    stream_chunk: str | None  # models.py class of one streamed chunk
    stream_only: bool  # the operation always streams (text/event-stream, no switch)
    deprecated: bool
    # the operation's own `security` (alternatives of scheme names, `()` = public), None: the document's
    security: tuple[tuple[str, ...], ...] | None = None
    pagination: paging.Pagination | None = None  # how a list's next pages are fetched
    constant: str = ""  # its ResponseSpec constant in _resources.py, unique in the package

    @property
    def returns(self) -> ResponseType | None:
        """The response the method's return type describes: the first documented success."""
        return self.success[0] if self.success else None


@dataclass(frozen=True)
class Resource:
    attr: str
    class_name: str
    operations: tuple[Operation, ...]


@dataclass(frozen=True)
class SecurityScheme:
    """One security scheme the document uses, as the client sends it."""

    key: str  # its name under components/securitySchemes
    location: Literal["header", "query", "cookie"]
    field: str  # the header, query parameter or cookie name
    prefix: str  # written before the credential: "Bearer ", "Basic ", ""
    basic: bool  # HTTP basic: a username and a password
    arguments: tuple[str, ...]  # the client's constructor arguments: ("api_key",), ("username", "password")
    env: tuple[str, ...]  # the environment variable of each argument


@dataclass(frozen=True)
class Security:
    """What the document says about authentication, for `_client.py`."""

    schemes: tuple[SecurityScheme, ...]
    requirements: tuple[tuple[str, ...], ...]  # the document's `security`: alternatives of scheme keys
    required: bool  # some operation needs a credential: a client without any fails at construction


@dataclass(frozen=True)
class Api:
    title: str
    version: str
    description: str
    options: BuildOptions
    base_url: str | None
    security: Security
    resources: tuple[Resource, ...]
    client_params: tuple[Param, ...]
    models_input: dict[str, Any]  # the schema document for datamodel-code-generator
    required_classes: frozenset[str]  # classes the templates reference; must exist in models.py
    failed: tuple[tuple[str, str], ...] = ()  # (operation pointer, why) of operations left out
    idempotency_header: str | None = "Idempotency-Key"  # `x-codegen-idempotency-key`; None: off
    renames: tuple[namespace.Rename, ...] = ()  # spec-derived names that had to change, and why
    # the first server's URL when it is relative (`/api/v2`): the base URL a user gives ends in it
    server_path: str | None = None


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _rewrite_refs(node: Any, renames: Mapping[str, str]) -> None:
    """Point refs at renamed component schemas, including refs into their insides."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        pointer = fragment_pointer(ref) if isinstance(ref, str) else None  # percent-decoded
        if pointer is not None and pointer.startswith(SCHEMAS_PREFIX[1:]):
            head, sep, tail = pointer[len(SCHEMAS_PREFIX) - 1:].partition("/")
            renamed = renames.get(SCHEMAS_PREFIX + head)
            if renamed is not None:
                node["$ref"] = renamed + sep + tail
        for value in node.values():
            _rewrite_refs(value, renames)
    elif isinstance(node, list):
        for item in node:
            _rewrite_refs(item, renames)


def _rename_component_schemas(data: dict[str, Any], taken: set[str]) -> None:
    """Give every component schema a valid, unique class name; rewrite the refs to it."""
    components = data.setdefault("components", {})
    schemas = components.get("schemas") or {}
    renamed: dict[str, Any] = {}
    renames: dict[str, str] = {}
    for original in sorted(schemas):
        new = names.unique(names.class_name(original), taken)
        renamed[new] = schemas[original]
        if new != original:
            renames[SCHEMAS_PREFIX + escape_token(original)] = SCHEMAS_PREFIX + new
    components["schemas"] = renamed
    if renames:
        _rewrite_refs(data, renames)


def _ascii_enum_names(node: Any) -> None:
    """Give enums with non-ASCII values ASCII member names (`x-enum-varnames`): Python folds
    identifiers by NFKC, so members named from `ﬁ` and `fi` would collide in models.py."""
    if isinstance(node, dict):
        values = node.get("enum")
        if (
            isinstance(values, list)
            and "x-enum-varnames" not in node
            and any(isinstance(v, str) and not v.isascii() for v in values)
        ):
            taken: set[str] = set()
            node["x-enum-varnames"] = [
                names.unique(names.python_name(str(v), fallback="value"), taken) for v in values
            ]
        for value in node.values():
            _ascii_enum_names(value)
    elif isinstance(node, list):
        for item in node:
            _ascii_enum_names(item)


HOIST_DEPTH = 32  # inline schema levels models.py's generator takes in one piece (its limit: ~250)
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_VALUES = ("items", "additionalProperties", "not", "if", "then", "else", "contains",
                  "propertyNames", "unevaluatedItems", "unevaluatedProperties")


def _subschemas(schema: dict[str, Any]) -> Iterator[tuple[Any, Any]]:
    """(container, key) of every inline subschema of `schema`, one level down."""
    for keyword in _SCHEMA_MAPS:
        if isinstance(schema.get(keyword), dict):
            yield from ((schema[keyword], name) for name in schema[keyword])
    for keyword in _SCHEMA_LISTS:
        if isinstance(schema.get(keyword), list):
            yield from ((schema[keyword], index) for index in range(len(schema[keyword])))
    for keyword in _SCHEMA_VALUES:
        if keyword in schema:
            yield schema, keyword


def _hoist_deep_schemas(schemas: dict[str, Any], taken: set[str]) -> None:
    """Inline schemas nested deeper than `HOIST_DEPTH` become component schemas of their own
    (`<Name>Level32`, ...) referenced where they were: recursive and deeply nested schemas are
    legal, and each class is then generated from a schema of bounded depth."""
    pending = [(schema, 0, name) for name, schema in schemas.items()]
    while pending:
        schema, depth, owner = pending.pop()
        if not isinstance(schema, dict) or "$ref" in schema:
            continue
        for container, key in _subschemas(schema):
            child = container[key]
            if not isinstance(child, dict) or "$ref" in child:
                continue
            if depth + 1 >= HOIST_DEPTH:
                name = names.unique(names.class_name(f"{owner}Level{HOIST_DEPTH}"), taken)
                schemas[name] = child
                container[key] = {"$ref": SCHEMAS_PREFIX + name}
                pending.append((child, 0, name))
            else:
                pending.append((child, depth + 1, owner))


def _is_nullable(schema: Any, refs: Refs) -> bool:
    """3.0 `nullable`, 3.1 `type: [.., "null"]`, `const: null`, or a null branch of oneOf/anyOf
    (however deep, a union that contains itself included)."""
    pending, seen = [schema], set()
    while pending:
        node = refs.resolve(pending.pop())
        if not isinstance(node, dict) or id(node) in seen:
            continue
        seen.add(id(node))
        kind = node.get("type")
        if node.get("nullable") is True or kind == "null" or (isinstance(kind, list) and "null" in kind):
            return True
        if "const" in node and node["const"] is None:
            return True
        pending.extend((node.get("oneOf") or []) + (node.get("anyOf") or []))
    return False


def _object_properties(schema: Any, refs: Refs, depth: int = 0) -> tuple[dict[str, Any], set[str]] | None:
    """Properties and required names of an object schema (allOf merged); None if not an object."""
    schema = refs.resolve(schema)
    if not isinstance(schema, dict) or depth > 32:
        return None
    properties: dict[str, Any] = {}
    required: set[str] = set()
    found = False
    for part in schema.get("allOf") or []:
        merged = _object_properties(part, refs, depth + 1)
        if merged is not None:
            found = True
            properties.update(merged[0])
            required |= merged[1]
    own = schema.get("properties")
    kind = schema.get("type")
    if isinstance(own, dict):
        found = True
        properties.update(own)
    elif kind == "object" or (isinstance(kind, list) and "object" in kind):
        found = found or not (schema.get("oneOf") or schema.get("anyOf"))
    required |= {r for r in schema.get("required") or [] if isinstance(r, str)}
    return (properties, required) if found else None


def _json_type(schema: Any, refs: Refs) -> str | None:
    """The schema's one JSON type (`integer`, `string`...), or None when it has not one."""
    schema = refs.resolve(schema)
    kind = schema.get("type") if isinstance(schema, dict) else None
    if isinstance(kind, list):
        kinds = [k for k in kind if k != "null"]
        kind = kinds[0] if len(kinds) == 1 else None
    return kind if isinstance(kind, str) else None


def _python_type_of_header(schema: Any, refs: Refs) -> str:
    schema = refs.resolve(schema)
    kind = schema.get("type") if isinstance(schema, dict) else None
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    return {"integer": "int", "number": "float", "boolean": "bool"}.get(str(kind), "str")


def _media_kind(media_type: str) -> ResponseKind:
    base = media_type.split(";")[0].strip().lower()
    if base == "application/json" or base.endswith("+json") or base == "*/*":
        return "json"
    if base.startswith("text/") and base != "text/event-stream":
        return "text"
    return "bytes"


def _json_content(param: dict[str, Any]) -> bool:
    """A parameter described by a JSON media type (`content`) instead of a `schema`."""
    content = param.get("content")
    return "schema" not in param and isinstance(content, dict) and _pick_json(content) is not None


def _class_stem(resource: str, method: str) -> str:
    """Prefix of the classes hoisted for an operation: `CompletionsCreate`; operations of the
    catch-all `default` resource drop the resource (`GetUsersByUserIdNotes`)."""
    if resource == "default":
        return names.pascal_case(method)
    return names.pascal_case(resource) + names.pascal_case(method)


def _is_array(schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    return kind == "array" or (isinstance(kind, list) and "array" in kind)


def _deserves_class(schema: Any) -> bool:
    """An inline schema that models.py would turn into a class (object, enum, union)."""
    if not isinstance(schema, dict) or "$ref" in schema:
        return False
    return any(key in schema for key in ("properties", "enum", "oneOf", "anyOf", "allOf"))


def _branch_name(branch: dict[str, Any], parent: str, index: int) -> str:
    title = branch.get("title")
    if isinstance(title, str) and names.class_name(title, fallback=""):
        return parent + names.class_name(title)
    return f"{parent}Option{index}"


def _pick_json(content: Mapping[str, Any]) -> tuple[str, Any] | None:
    for media_type in sorted(content):
        if _media_kind(media_type) == "json" and media_type != "*/*":
            return media_type, content[media_type]
    if "*/*" in content:
        return "*/*", content["*/*"]
    return None


class _Builder:
    """One pass over the document; holds the working copy and the names taken so far."""

    def __init__(self, data: dict[str, Any], options: BuildOptions) -> None:
        self.data = copy_tree(data)
        self.options = options
        self.refs = Refs(self.data, options.source_file)
        self.class_names: set[str] = set()
        _rename_component_schemas(self.data, self.class_names)
        _ascii_enum_names(self.data)
        self.schemas: dict[str, Any] = self.data["components"]["schemas"]
        self.required_classes: set[str] = set()
        self.variants: dict[tuple[str, str], str] = {}

    # -- schemas ----------------------------------------------------------------------------
    def class_for(self, schema: Any, suggested: str) -> str:
        """The models.py class for `schema`: its component name, or a new hoisted one."""
        if isinstance(schema, dict) and set(schema) == {"$ref"}:
            ref = schema["$ref"]
            if isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX) and "/" not in ref[len(SCHEMAS_PREFIX):]:
                name = ref[len(SCHEMAS_PREFIX):]
                self.required_classes.add(name)
                return name
            schema = {"allOf": [schema]} if isinstance(ref, str) else schema
        name = names.unique(names.class_name(suggested), self.class_names)
        self.schemas[name] = self.hoist_parts(schema, name)
        self.required_classes.add(name)
        return name

    def hoist_parts(self, schema: Any, name: str) -> Any:
        """`schema` with its inline array items and oneOf/anyOf branches hoisted as classes of
        their own (`<name>Item`, a branch's `title` or `<name>Option<n>`), so that models.py
        does not name them after the full path (`XResponseXResponseItem`)."""
        if not isinstance(schema, dict):
            return schema
        schema = dict(schema)
        items = schema.get("items")
        if _is_array(schema) and _deserves_class(items):
            schema["items"] = {"$ref": SCHEMAS_PREFIX + self.class_for(items, f"{name}Item")}
        for keyword in ("oneOf", "anyOf"):
            branches = schema.get(keyword)
            if isinstance(branches, list):
                schema[keyword] = [
                    {"$ref": SCHEMAS_PREFIX + self.class_for(branch, _branch_name(branch, name, index))}
                    if _deserves_class(branch) else branch
                    for index, branch in enumerate(branches, start=1)
                ]
        return schema

    def variant(self, class_name: str, schema: Any, flag: Literal["readOnly", "writeOnly"]) -> str:
        """`class_name`, or, when the schema marks some of its properties `flag`, a class
        without them: `<Name>Request` (no readOnly properties) for request bodies,
        `<Name>Response` (no writeOnly properties) for responses. One per schema and flag."""
        key = (class_name, flag)
        if key not in self.variants:
            self.variants[key] = self.hoist_variant(class_name, schema, flag)
        return self.variants[key]

    def hoist_variant(self, class_name: str, schema: Any, flag: str) -> str:
        shape = _object_properties(schema, self.refs)
        if shape is None:
            return class_name
        properties, required = shape
        dropped = {name for name, prop in properties.items() if isinstance(prop, dict) and prop.get(flag) is True}
        if not dropped:
            return class_name
        resolved = self.refs.resolve(schema)
        kept: dict[str, Any] = {
            "type": "object",
            "properties": {name: prop for name, prop in properties.items() if name not in dropped},
            "required": sorted(required - dropped),
        }
        for keyword in ("description", "additionalProperties"):
            if isinstance(resolved, dict) and keyword in resolved:
                kept[keyword] = resolved[keyword]
        return self.class_for(kept, class_name + ("Request" if flag == "readOnly" else "Response"))

    # -- operations -------------------------------------------------------------------------
    def merged_parameters(self, shared: tuple[Any, ...], operation: dict[str, Any]) -> list[dict[str, Any]]:
        """Path-level parameters overridden by operation-level ones with the same (name, in)."""
        merged: dict[tuple[str, str], dict[str, Any]] = {}
        for raw in [*shared, *(operation.get("parameters") or [])]:
            param = self.refs.resolve(raw)
            if isinstance(param, dict) and isinstance(param.get("name"), str):
                merged[(param["name"], str(param.get("in")))] = param
        return list(merged.values())

    def build_operation(self, site: OperationSite) -> Operation:
        path, verb, operation, pointer = site.path, site.method, site.operation, site.pointer
        resource, method = operation_names(path, verb, operation)
        stem = _class_stem(resource, method)
        taken: set[str] = set()
        params = self.parameters(stem, self.merged_parameters(site.shared_parameters, operation), taken)
        body, body_params = self.request_body(stem, operation, taken)
        success, errors, headers = self.responses(stem, operation)
        stream_param, stream_chunk, stream_only = self.streaming(operation, body_params, success)
        pagination = None if stream_chunk else self.pagination(site, success)
        ordered = sorted([*params, *body_params], key=lambda p: (not p.required or p.client_level))
        return Operation(
            resource=resource,
            name=method,
            http_method=verb,
            path=path,
            pointer=pointer,
            summary=_text(operation.get("summary")),
            description=_text(operation.get("description")),
            params=tuple(ordered),
            body=body,
            success=success,
            errors=errors,
            headers=headers,
            stream_param=stream_param,
            stream_chunk=stream_chunk,
            stream_only=stream_only,
            deprecated=operation.get("deprecated") is True,
            security=self.own_security(operation),
            pagination=pagination,
        )

    def own_security(self, operation: dict[str, Any]) -> tuple[tuple[str, ...], ...] | None:
        """The operation's own `security`, when it has one and it differs from the document's."""
        if "security" not in operation:
            return None
        usable = _usable_schemes(self.data)
        own = _requirements(operation.get("security"), usable) or ((),)  # `[]`: public, as `[{}]`
        document = _requirements(self.data.get("security"), usable) or ((),)
        return None if own == document else own

    def pagination(self, site: OperationSite, success: tuple[ResponseType, ...]) -> paging.Pagination | None:
        """How the operation's list pages: its `x-codegen-pagination` hint, else (for a GET)
        the shape of its query and of its JSON answer (`paging.detect`)."""
        hint = site.operation.get(paging.HINT)
        answer = next((r.model_class for r in success if r.kind == "json" and r.model_class), None)
        shape = _object_properties(self.schemas.get(answer), self.refs) if answer else None
        properties = {name: self.refs.resolve(schema) for name, schema in (shape[0] if shape else {}).items()}
        query = {p["name"]: _json_type(p.get("schema"), self.refs)
                 for p in self.merged_parameters(site.shared_parameters, site.operation)
                 if p.get("in") == "query"}
        if hint is None:
            return paging.detect(query, properties) if site.method == "get" else None
        try:
            return paging.from_hint(hint, query, properties)
        except paging.HintError as error:
            raise GeneratorError([Problem(
                self.options.source_file, f"{site.pointer}/{paging.HINT}", None,
                f"{paging.HINT}: {error}", "see docs/architecture.md, Codegen hints",
            )]) from error

    def parameters(self, stem: str, raw_params: list[dict[str, Any]], taken: set[str]) -> list[Param]:
        if not raw_params:
            return []
        properties: dict[str, Any] = {}
        required: list[str] = []
        keys: list[tuple[dict[str, Any], str]] = []
        for param in raw_params:
            key = param["name"]
            if key in properties:  # same wire name in two locations
                key = f"{key} ({param.get('in')})"
            schema = param.get("schema")
            if schema is None:  # `content`-style parameter: take its media type's schema
                media: Any = next(iter((param.get("content") or {}).values()), {})
                schema = media.get("schema", {}) if isinstance(media, dict) else {}
            properties[key] = schema if isinstance(schema, (dict, bool)) else {}
            if param.get("in") == "path" or param.get("required") is True:
                required.append(key)
            keys.append((param, key))
        model_class = self.class_for(
            {"type": "object", "properties": properties, "required": required}, f"{stem}Params"
        )
        result = []
        for param, key in keys:
            location = str(param.get("in"))
            if location not in ("path", "query", "header", "cookie"):
                continue
            result.append(
                Param(
                    name=names.argument_name(param["name"], reserved=taken),
                    wire_name=param["name"],
                    location=location,  # type: ignore[arg-type]
                    model_class=model_class,
                    model_key=key,
                    required=key in required,
                    nullable=_is_nullable(properties[key], self.refs),
                    description=_text(param.get("description")),
                    client_level=param.get("x-codegen-client-param") is True,
                    explode=param.get("explode", param.get("style", "form") == "form") is not False,
                    deprecated=param.get("deprecated") is True,
                    style="json" if _json_content(param) else str(param.get("style") or "form"),
                )
            )
            taken.add(result[-1].name)
        return result

    def request_body(self, stem: str, operation: dict[str, Any], taken: set[str]) -> tuple[Body | None, list[Param]]:
        raw = self.refs.resolve(operation.get("requestBody"))
        if not isinstance(raw, dict) or not isinstance(raw.get("content"), dict) or not raw["content"]:
            return None, []
        content: dict[str, Any] = raw["content"]
        required = raw.get("required") is True
        chosen = self.choose_body_media(content)
        media_type, kind = chosen
        media = content[media_type] if isinstance(content[media_type], dict) else {}
        schema = media.get("schema")
        description = _text(raw.get("description"))
        # the argument holding a whole body: `body`, unless a parameter has that name
        whole = names.argument_name("body", reserved=taken)
        if kind == "content" or schema is None:
            kind = "json" if kind == "json" else "content"
            taken.add(whole)
            return Body(kind, media_type, None, False, required), [
                Param(whole, "body", "body", "", "", required, kind == "json", description)
            ]
        model_class = self.variant(self.class_for(schema, f"{stem}Body"), schema, "readOnly")
        shape = _object_properties(schema, self.refs)
        if shape is None:
            param = Param(whole, "body", "body", model_class, "", required, _is_nullable(schema, self.refs),
                          description)
            taken.add(whole)
            return Body(kind, media_type, model_class, False, required), [param]
        properties, required_props = shape
        params: list[Param] = []
        file_fields: list[str] = []
        for wire in properties:
            prop = self.refs.resolve(properties[wire])
            if isinstance(prop, dict) and prop.get("readOnly") is True:
                continue
            if kind == "multipart" and self.is_binary(prop):
                file_fields.append(wire)
            name = names.argument_name(wire, reserved=taken)
            taken.add(name)
            params.append(
                Param(name, wire, "body", model_class, wire, wire in required_props,
                      _is_nullable(prop, self.refs), _text(prop.get("description") if isinstance(prop, dict) else ""))
            )
        return Body(kind, media_type, model_class, True, required, tuple(file_fields)), params

    def is_binary(self, schema: Any) -> bool:
        schema = self.refs.resolve(schema)
        if not isinstance(schema, dict):
            return False
        if schema.get("format") == "binary" or "contentMediaType" in schema:
            return True
        items = schema.get("items")
        return schema.get("type") == "array" and items is not None and self.is_binary(items)

    @staticmethod
    def choose_body_media(content: Mapping[str, Any]) -> tuple[str, BodyKind]:
        picked = _pick_json(content)
        if picked is not None:
            return picked[0], "json"
        for media_type in sorted(content):
            base = media_type.split(";")[0].strip().lower()
            if base == "application/x-www-form-urlencoded":
                return media_type, "form"
            if base.startswith("multipart/"):
                return media_type, "multipart"
        return min(content), "content"

    def responses(self, stem: str, operation: dict[str, Any]) -> tuple[tuple[ResponseType, ...], tuple[ResponseType, ...], tuple[ResponseHeader, ...]]:
        raw = operation.get("responses") or {}
        statuses = sorted(str(code) for code in raw)
        has_success = any(code.startswith("2") for code in statuses)
        success: list[ResponseType] = []
        errors: list[ResponseType] = []
        headers: tuple[ResponseHeader, ...] = ()
        success_count = sum(1 for code in statuses if code.startswith("2"))
        for code in statuses:
            response = self.refs.resolve(raw.get(code))
            if not isinstance(response, dict):
                continue
            is_success = code.startswith("2") or (code == "default" and not has_success)
            suffix = "" if (is_success and success_count <= 1) else code.capitalize()
            role = "Response" if is_success else "Error"
            entry = self.response_type(code, response, f"{stem}{role}{suffix}")
            if is_success:
                success.append(entry)
                if not headers:
                    headers = self.response_headers(response)
            else:
                errors.append(entry)
        return tuple(success), tuple(errors), headers

    def response_type(self, code: str, response: dict[str, Any], suggested: str) -> ResponseType:
        content = response.get("content")
        if not isinstance(content, dict) or not content:
            return ResponseType(code, "none", None)
        media_types = tuple(sorted(media for media in content if media != "text/event-stream"))
        picked = _pick_json(content)
        if picked is not None:
            schema = picked[1].get("schema") if isinstance(picked[1], dict) else None
            if schema is None:
                return ResponseType(code, "json", None, media_types)
            model_class = self.variant(self.class_for(schema, suggested), schema, "writeOnly")
            return ResponseType(code, "json", model_class, media_types)
        kinds = [_media_kind(media) for media in media_types]
        if not kinds:
            return ResponseType(code, "none", None)
        return ResponseType(code, "text" if "text" in kinds else "bytes", None, media_types)

    def response_headers(self, response: dict[str, Any]) -> tuple[ResponseHeader, ...]:
        result = []
        for wire in sorted(response.get("headers") or {}):
            header = self.refs.resolve(response["headers"][wire])
            if isinstance(header, dict):
                result.append(
                    ResponseHeader(wire, _python_type_of_header(header.get("schema"), self.refs),
                                   _text(header.get("description")))
                )
        return tuple(result)

    def streaming(self, operation: dict[str, Any], body_params: list[Param], success: tuple[ResponseType, ...]) -> tuple[str | None, str | None, bool]:
        """The boolean argument that switches the call to SSE, the chunk class, and whether
        the operation always streams.

        The `x-codegen-stream` hint wins; without it a body property named `stream` is the
        switch (the OpenAI convention). Chunks parse into the `text/event-stream` schema when
        the spec documents one, else into the JSON success model (OpenAI-style APIs stream
        objects of the same shape).
        """
        hint = operation.get("x-codegen-stream")
        hint = hint if isinstance(hint, dict) else {}
        switch_wire = hint.get("param", "stream")
        switch = next((p for p in body_params if p.wire_name == switch_wire), None)
        sse_schema = self.event_stream_schema(operation)
        chunk_ref = hint.get("chunk")
        if isinstance(chunk_ref, str):
            chunk: str | None = self.class_for({"$ref": chunk_ref}, "StreamChunk")
        elif sse_schema is not None:
            chunk = self.class_for(sse_schema, f"{names.pascal_case(switch_wire)}Chunk")
        else:
            first_json = next((r for r in success if r.kind == "json"), None)
            chunk = first_json.model_class if first_json is not None else None
        if chunk is None:
            return None, None, False
        if switch is not None:
            return switch.name, chunk, False
        always = sse_schema is not None and not any(r.kind == "json" for r in success)
        return None, (chunk if always else None), always

    def event_stream_schema(self, operation: dict[str, Any]) -> Any | None:
        for code, response in sorted((operation.get("responses") or {}).items()):
            response = self.refs.resolve(response)
            content = response.get("content") if isinstance(response, dict) else None
            if str(code).startswith("2") and isinstance(content, dict) and "text/event-stream" in content:
                media = content["text/event-stream"]
                return (media.get("itemSchema") or media.get("schema") or {}) if isinstance(media, dict) else {}
        return None


def _usable_schemes(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The declared schemes a client can send: apiKey (header, query, cookie), http (bearer,
    basic, any other scheme as `Authorization: <scheme> <credential>`), oauth2 and
    openIdConnect (a bearer token the user obtains). mutualTLS is the transport's business."""
    declared = (data.get("components") or {}).get("securitySchemes") or {}
    usable: dict[str, dict[str, Any]] = {}
    for key, scheme in declared.items():
        kind = scheme.get("type") if isinstance(scheme, dict) else None
        api_key = kind == "apiKey" and scheme.get("in") in ("header", "query", "cookie") and scheme.get("name")
        http = kind == "http" and scheme.get("scheme")
        if api_key or http or kind in ("oauth2", "openIdConnect"):
            usable[key] = scheme
    return usable


def _requirements(raw: Any, usable: Mapping[str, Any]) -> tuple[tuple[str, ...], ...]:
    """Security requirements as alternatives of scheme keys; `{}` is `()` (public). A
    requirement naming a scheme the client cannot send is left out."""
    alternatives: list[tuple[str, ...]] = []
    for requirement in raw if isinstance(raw, list) else []:
        if isinstance(requirement, dict) and all(name in usable for name in requirement):
            alternative = tuple(requirement)
            if alternative not in alternatives:
                alternatives.append(alternative)
    return tuple(alternatives)


def _env_prefix(api_key_env: str) -> str:
    """`IONOS` of `IONOS_API_KEY`: the prefix of every other credential's variable."""
    return api_key_env.removesuffix("_API_KEY").removesuffix("_KEY") or api_key_env


def _scheme(key: str, raw: dict[str, Any], arguments: tuple[str, ...], env: tuple[str, ...]) -> SecurityScheme:
    if raw.get("type") == "apiKey":
        return SecurityScheme(key, raw["in"], str(raw["name"]), "", False, arguments, env)
    http = str(raw.get("scheme", "bearer")).lower() if raw.get("type") == "http" else "bearer"
    if http == "basic":
        return SecurityScheme(key, "header", "Authorization", "Basic ", True, arguments, env)
    prefix = "Bearer " if http == "bearer" else f"{raw['scheme']} "
    return SecurityScheme(key, "header", "Authorization", prefix, False, arguments, env)


# The credential arguments the security naming itself hands out (`Client(api_key=...)`): the
# only names `Client.__init__` reads that a credential may take.
CREDENTIAL_ARGUMENTS = frozenset({"api_key", "username", "password"})


def _security(data: dict[str, Any], options: BuildOptions, operations: list[Operation], reserved: set[str]) -> Security:
    """The schemes the document's requirements use and the client arguments that carry them.

    Naming: one scheme -> `api_key` (its variable the manifest's `api_key_env`), or `username`
    and `password` for HTTP basic (`<PREFIX>_USERNAME`, `<PREFIX>_PASSWORD`, PREFIX being
    `api_key_env` without `_API_KEY`). Several -> one argument per scheme, the scheme's name in
    snake_case (`username`/`password` suffixed for basic), its variable `<PREFIX>_<ARGUMENT>`."""
    usable = _usable_schemes(data)
    document = _requirements(data.get("security"), usable)
    effective = [document if op.security is None else op.security for op in operations]
    used = {name for alternatives in [document, *effective] for requirement in alternatives for name in requirement}
    keys = [key for key in usable if key in used]
    prefix = _env_prefix(options.api_key_env)
    schemes: list[SecurityScheme] = []
    taken = set(reserved) | (namespace.client_arguments() - CREDENTIAL_ARGUMENTS)
    for key in keys:
        raw = usable[key]
        basic = raw.get("type") == "http" and str(raw.get("scheme")).lower() == "basic"
        stem = names.python_name(key, fallback="credential")
        if len(keys) == 1:
            wanted = ["username", "password"] if basic else ["api_key"]
        else:
            wanted = [f"{stem}_username", f"{stem}_password"] if basic else [stem]
        arguments = tuple(names.python_name(a, reserved=taken) for a in wanted)
        taken.update(arguments)
        env = tuple(
            options.api_key_env if argument == "api_key" else f"{prefix}_{argument.upper()}"
            for argument in arguments
        )
        schemes.append(_scheme(key, raw, arguments, env))
    if not schemes:  # none declared (documents often leave it out): a bearer key, sent when given
        undeclared = SecurityScheme("api_key", "header", "Authorization", "Bearer ", False, ("api_key",),
                                    (options.api_key_env,))
        return Security((undeclared,), (("api_key",), ()), False)
    required = any(alternatives and all(alternatives) for alternatives in effective)
    return Security(tuple(schemes), document, required)


def _idempotency_header(data: dict[str, Any]) -> str | None:
    """`x-codegen-idempotency-key` at the document's root: `false` turns the header off, a
    string renames it (default `Idempotency-Key`)."""
    hint = data.get("x-codegen-idempotency-key", True)
    if hint is False:
        return None
    return hint if isinstance(hint, str) and hint else "Idempotency-Key"


def _first_server(data: dict[str, Any]) -> str | None:
    """The first server's URL, its variables set to their defaults."""
    servers = data.get("servers") or []
    first = servers[0] if servers and isinstance(servers[0], dict) else {}
    url = first.get("url")
    if not isinstance(url, str) or not url:
        return None
    for variable, spec in sorted((first.get("variables") or {}).items()):
        if isinstance(spec, dict) and "default" in spec:
            url = url.replace("{" + variable + "}", str(spec["default"]))
    return url


def _server_url(data: dict[str, Any], fallback: str | None) -> str | None:
    url = _first_server(data)
    if url and urlparse(url).scheme in ("http", "https") and "{" not in url:
        return url.rstrip("/")
    return fallback.rstrip("/") if fallback else None


def _server_path(data: dict[str, Any]) -> str | None:
    """A relative first server (`/api/v2`), which the API's paths hang under: relative to
    wherever the document is served, so a user's base URL has to end in it."""
    url = _first_server(data)
    if url and url.startswith("/") and "{" not in url and url.rstrip("/"):
        return url.rstrip("/")
    return None


def _client_params(operations: list[Operation]) -> tuple[Param, ...]:
    seen: dict[str, Param] = {}
    for operation in operations:
        for param in operation.params:
            if param.client_level and param.name not in seen:
                seen[param.name] = param
    return tuple(seen[name] for name in sorted(seen))


def _reason(error: Exception) -> str:
    """Why an operation could not be built, without file paths (they differ between machines)."""
    if isinstance(error, GeneratorError):
        return "; ".join(problem.message for problem in error.problems)
    return f"{type(error).__name__}: {error}"


def build(data: dict[str, Any], options: BuildOptions, *, tolerate: bool = False) -> Api:
    """The intermediate model of a validated document.

    With `tolerate`, an operation whose model cannot be built (a shape no check foresaw) is left
    out and named in `Api.failed` instead of stopping the whole package."""
    builder = _Builder(data, options)
    sites = list(iter_operations(builder.data, sorted_paths=True))
    clashes = name_clashes(sites, options.source_file, lambda pointer: None)
    if clashes:
        raise GeneratorError(clashes)
    operations: list[Operation] = []
    failed: list[tuple[str, str]] = []
    for site in sites:
        try:
            operations.append(builder.build_operation(site))
        except Exception as error:  # named as a skipped operation below: never silent
            if not tolerate:
                raise
            failed.append((site.pointer, f"the generator cannot build it: {_reason(error)}"))
    chosen = namespace.plan((op.pointer, op.resource, op.name) for op in operations)
    operations, client_renames = _clear_client_arguments(operations)
    by_resource: dict[str, list[Operation]] = {}
    for operation in operations:
        by_resource.setdefault(operation.resource, []).append(dataclasses.replace(
            operation,
            resource=chosen.attributes[operation.resource],
            name=chosen.methods[operation.pointer],
            constant=chosen.constants[operation.pointer],
        ))
    resources = tuple(
        Resource(chosen.attributes[resource], chosen.class_names[resource], tuple(sorted(ops, key=lambda o: o.name)))
        for resource, ops in sorted(by_resource.items())
    )
    _hoist_deep_schemas(builder.schemas, builder.class_names)
    info = builder.data.get("info") or {}
    client_params = _client_params(operations)
    return Api(
        title=_text(info.get("title")),
        version=_text(info.get("version")) or str(info.get("version", "")),
        description=_text(info.get("description")),
        options=options,
        base_url=_server_url(builder.data, options.default_base_url),
        security=_security(builder.data, options, operations, {p.name for p in client_params}),
        resources=resources,
        client_params=client_params,
        models_input=builder.data,
        required_classes=frozenset(builder.required_classes),
        failed=tuple(failed),
        idempotency_header=_idempotency_header(builder.data),
        server_path=None if options.default_base_url else _server_path(builder.data),
        renames=(*chosen.renames, *client_renames),
    )


def _clear_client_arguments(operations: list[Operation]) -> tuple[list[Operation], list[namespace.Rename]]:
    """Client-level parameters named like what `Client.__init__` has or reads (`api_key`,
    `base_url`, `http_client`, `os`...) renamed, in every method that has them."""
    taken = set(namespace.client_arguments()) | {p.name for op in operations for p in op.params}
    renamed: dict[str, str] = {}
    renames: list[namespace.Rename] = []
    for operation in operations:
        for param in operation.params:
            if param.client_level and param.name in namespace.client_arguments() and param.name not in renamed:
                renamed[param.name] = names.unique(f"{param.name}_", taken)
                renames.append(namespace.Rename(
                    operation.pointer, f"the client-level parameter `{param.wire_name}` is named like an "
                    "argument of the client", f"it is `{renamed[param.name]}`"))
    if not renamed:
        return operations, renames
    return [
        dataclasses.replace(operation, params=tuple(
            dataclasses.replace(p, name=renamed[p.name]) if p.client_level and p.name in renamed else p
            for p in operation.params))
        for operation in operations
    ], renames
