"""THE table of JSON Schema keywords that hold subschemas, for every walker of a document.

Walkers (references, repairs, validation rules, schema preparation for datamodel-code-generator,
drift) all need to know where a schema keeps other schemas; when each kept its own list they
disagreed (one lacked `dependentSchemas`) and a repair or a ref rewrite missed a schema. Each of
them reads this table, and `subschemas` walks one level of it.

Covers OpenAPI 3.0's schema dialect and JSON Schema 2020-12 (OpenAPI 3.1), plus `definitions`
(draft-04 documents embedded in OpenAPI ones still use it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# A map of names chosen by the document's author to schemas.
SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
# A list of schemas.
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
# One schema.
SCHEMA_VALUES = ("items", "additionalProperties", "not", "if", "then", "else", "contains",
                 "propertyNames", "unevaluatedItems", "unevaluatedProperties")
SUBSCHEMA_KEYWORDS = frozenset((*SCHEMA_MAPS, *SCHEMA_LISTS, *SCHEMA_VALUES))

# Keywords whose values are literal data (examples, defaults), never OpenAPI objects: a `$ref`
# or a `properties` key there is a value, not a reference or a schema.
DATA_KEYWORDS = frozenset({"example", "examples", "default", "enum", "const"})


def subschemas(schema: dict[str, Any]) -> Iterator[tuple[Any, Any]]:
    """(container, key) of every inline subschema of `schema`, one level down: `container[key]`
    is the subschema, so a caller can read it or replace it in place."""
    if SUBSCHEMA_KEYWORDS.isdisjoint(schema):  # most schemas (a string, a number): one look
        return
    for keyword in SCHEMA_MAPS:
        value = schema.get(keyword)
        if isinstance(value, dict):
            yield from ((value, name) for name in value)
    for keyword in SCHEMA_LISTS:
        value = schema.get(keyword)
        if isinstance(value, list):
            yield from ((value, index) for index in range(len(value)))
    for keyword in SCHEMA_VALUES:
        if keyword in schema:
            yield schema, keyword

# `x-codegen-stream: {events: ...}`: how a stream's events are read (`ir.responses.plain_events`;
# another value is reported, `validate.rules.check_codegen_hints`)
STREAM_HINT, EVENTS_KEY, STREAM_EVENTS = "x-codegen-stream", "events", ("openai", "plain")
