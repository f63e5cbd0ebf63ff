"""Synthetic OpenAPI 3.0.3 documents of any size, deterministic for a seed.

`make_spec(n)` returns a valid document with exactly `n` component schemas and `n // 4`
operations: objects of 5-15 properties (string, integer, number, boolean, enum, array,
nested `$ref`, nullable, `oneOf`), some `allOf` compositions and string enums; operations
are get/post/put/delete over tagged resources, with path and query parameters, JSON bodies
and responses referencing the schemas.

    python -m bench.synthetic 1000 /tmp/spec-1000.json
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from generator.document.pointer import HTTP_METHODS

Schema = dict[str, Any]

NOUNS = (
    "Account", "Address", "Invoice", "Order", "Product", "Customer", "Payment", "Shipment",
    "Ticket", "Project", "Task", "Comment", "Report", "Volume", "Server", "Network", "Device",
    "Policy", "Member", "Token", "Bucket", "Record", "Message", "Channel", "Event", "Webhook",
)
TAGS = (
    "billing", "catalog", "compute", "identity", "storage", "messaging", "support",
    "analytics", "network", "security", "inventory", "shipping",
)
WORDS = (
    "name", "title", "status", "amount", "count", "label", "note", "region", "owner", "kind",
    "price", "weight", "score", "level", "code", "email", "phone", "url", "color", "size",
    "priority", "rank", "quota", "limit", "ratio", "origin", "target", "summary", "active",
)
SCALARS = ("string", "integer", "number", "boolean")
FORMATS = {"string": (None, None, "date-time", "date", "uuid"), "integer": (None, "int64"),
           "number": (None, "double")}
VERBS = ("get", "post", "put", "delete")  # what make_spec writes


def schema_names(n_schemas: int) -> list[str]:
    """`Error` first (every error response refers to it), then `<Noun><index>`."""
    return ["Error"] + [f"{NOUNS[i % len(NOUNS)]}{i}" for i in range(1, n_schemas)]


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _scalar(rng: random.Random) -> Schema:
    kind = rng.choice(SCALARS)
    schema: Schema = {"type": kind}
    fmt = rng.choice(FORMATS.get(kind, (None,)))
    if fmt:
        schema["format"] = fmt
    if kind == "integer" and rng.random() < 0.3:
        schema.update(minimum=0, maximum=rng.randint(10, 10_000))
    if kind == "string" and fmt is None and rng.random() < 0.2:
        schema["maxLength"] = rng.randint(8, 256)
    return schema


def _enum(rng: random.Random) -> Schema:
    size = rng.randint(2, 5)
    return {"type": "string", "enum": [f"{rng.choice(WORDS)}_{k}" for k in range(size)]}


def _property(rng: random.Random, earlier: list[str]) -> Schema:
    """One property; `$ref`s point only at earlier schemas, so the graph has no cycles."""
    roll = rng.random()
    if not earlier or roll < 0.45:
        schema = _scalar(rng)
    elif roll < 0.55:
        schema = _enum(rng)
    elif roll < 0.65:
        schema = {"type": "array", "items": _scalar(rng)}
    elif roll < 0.75:
        schema = {"type": "array", "items": _ref(rng.choice(earlier))}
    elif roll < 0.88:
        schema = _ref(rng.choice(earlier))
    elif roll < 0.94:
        first, second = rng.sample(earlier, 2) if len(earlier) > 1 else (earlier[0], earlier[0])
        schema = {"oneOf": [_ref(first), _ref(second)]} if first != second else _ref(first)
    else:
        schema = {"oneOf": [{"type": "string"}, {"type": "integer"}]}
    if rng.random() < 0.15:
        schema = {"allOf": [schema], "nullable": True} if "$ref" in schema else {**schema, "nullable": True}
    if rng.random() < 0.3:
        schema["description"] = f"The {rng.choice(WORDS)} of this record."
    return schema


def _object(rng: random.Random, earlier: list[str]) -> Schema:
    count = rng.randint(5, 15)
    fields = [f"{rng.choice(WORDS)}_{k}" for k in range(count)]
    properties = {field: _property(rng, earlier) for field in fields}
    required = sorted(rng.sample(fields, rng.randint(0, min(4, count))))
    schema: Schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return schema


def _schema(index: int, rng: random.Random, earlier: list[str], objects: list[str]) -> Schema:
    """Schema number `index`: mostly objects, some string enums, some `allOf` extensions of an
    earlier object (the extension's property names are unique, so the merge is satisfiable)."""
    roll = rng.random()
    if roll < 0.05:
        return {**_enum(rng), "description": "A closed set of values."}
    if roll < 0.15 and objects:
        extension = _object(rng, earlier)
        extension["properties"] = {f"ext{index}_{key}": value
                                   for key, value in list(extension["properties"].items())[:4]}
        extension.pop("required", None)
        return {"allOf": [_ref(rng.choice(objects)), extension]}
    return _object(rng, earlier)


ERROR_SCHEMA: Schema = {"type": "object", "required": ["code", "message"],
                        "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}}


def make_schemas(n_schemas: int, rng: random.Random) -> dict[str, Schema]:
    names = schema_names(n_schemas)
    schemas: dict[str, Schema] = {"Error": ERROR_SCHEMA}
    objects: list[str] = []
    for index in range(1, n_schemas):
        schema = _schema(index, rng, names[1:index], objects)
        schemas[names[index]] = schema
        if "enum" not in schema:
            objects.append(names[index])
    return schemas


def _object_names(schemas: dict[str, Schema]) -> list[str]:
    """Schemas usable as request and response bodies (objects and compositions, not enums)."""
    return [name for name, schema in schemas.items() if "enum" not in schema and name != "Error"]


def _query_params(rng: random.Random, verb: str) -> list[Schema]:
    pool: list[Schema] = [
        {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100}},
        {"name": "cursor", "in": "query", "schema": {"type": "string"}},
        {"name": "expand", "in": "query", "style": "form", "explode": True,
         "schema": {"type": "array", "items": {"type": "string"}}},
        {"name": "dry_run", "in": "query", "schema": {"type": "boolean"}},
        {"name": "order", "in": "query", "schema": {"type": "string", "enum": ["asc", "desc"]}},
    ]
    if verb == "delete":
        return [{"name": "force", "in": "query", "schema": {"type": "boolean"}}]
    return rng.sample(pool, rng.randint(0, 3))


def _responses(verb: str, schema: str) -> Schema:
    errors = {"default": {"description": "Error", "content": {"application/json": {"schema": _ref("Error")}}},
              "404": {"description": "Not found", "content": {"application/json": {"schema": _ref("Error")}}}}
    if verb == "delete":
        return {"204": {"description": "Deleted"}, **errors}
    code = "201" if verb == "post" else "200"
    body = {"application/json": {"schema": _ref(schema)}}
    return {code: {"description": "The resource", "content": body}, **errors}


def _operation(rng: random.Random, verb: str, schema: str, tag: str, item_param: str | None) -> Schema:
    operation: Schema = {
        "operationId": f"{verb}{schema}",
        "tags": [tag],
        "summary": f"{verb.capitalize()} a {schema}",
        "parameters": _query_params(rng, verb),
        "responses": _responses(verb, schema),
    }
    if item_param:
        operation["parameters"].insert(0, {"name": item_param, "in": "path", "required": True,
                                           "schema": {"type": "string", "format": "uuid"}})
    if verb in ("post", "put"):
        operation["requestBody"] = {"required": True,
                                    "content": {"application/json": {"schema": _ref(schema)}}}
    if not operation["parameters"]:
        del operation["parameters"]
    return operation


def make_paths(n_operations: int, bodies: list[str], tags: list[str], rng: random.Random) -> dict[str, Schema]:
    """Operations in groups of four per resource: get, post, put, delete."""
    paths: dict[str, Schema] = {}
    for k in range(n_operations):
        group, verb = divmod(k, len(VERBS))
        schema = bodies[group % len(bodies)]
        tag = tags[group % len(tags)]
        collection = f"/v1/{tag}/{schema.lower()}s"
        item_param = f"{schema.lower()}_id"
        on_item = VERBS[verb] != "post"
        path = f"{collection}/{{{item_param}}}" if on_item else collection
        paths.setdefault(path, {})[VERBS[verb]] = _operation(
            rng, VERBS[verb], schema, tag, item_param if on_item else None
        )
    return paths


def make_spec(n_schemas: int, seed: int = 0) -> dict[str, Any]:
    """A valid OpenAPI 3.0.3 document with `n_schemas` schemas and `n_schemas // 4` operations."""
    if n_schemas < 8:
        raise ValueError("n_schemas must be at least 8")
    rng = random.Random(seed)
    schemas = make_schemas(n_schemas, rng)
    n_tags = max(2, min(len(TAGS), n_schemas // 40))
    tags = list(TAGS[:n_tags])
    paths = make_paths(n_schemas // 4, _object_names(schemas), tags, rng)
    return {
        "openapi": "3.0.3",
        "info": {"title": f"Synthetic API ({n_schemas} schemas)", "version": "1.0.0"},
        "servers": [{"url": "https://api.example.com"}],
        "tags": [{"name": tag} for tag in tags],
        "security": [{"bearer": []}],
        "paths": paths,
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": schemas,
        },
    }


def count_operations(spec: dict[str, Any]) -> int:
    return sum(1 for item in spec["paths"].values() for verb in item if verb in HTTP_METHODS)


def write_spec(n_schemas: int, out: Path, seed: int = 0) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(make_spec(n_schemas, seed), indent=1), encoding="utf-8")
    return out


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print("usage: python -m bench.synthetic N OUT.json [SEED]", file=sys.stderr)
        return 2
    out = write_spec(int(argv[0]), Path(argv[1]), int(argv[2]) if len(argv) == 3 else 0)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
