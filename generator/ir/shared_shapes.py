"""A titled inline object written more than once becomes one component schema, one class.

GitHub's document writes the same titled shapes inline again and again (the webhook payloads'
`issue`, `comment`, `repository`: 37 shapes): models.py's generator made a class of each copy
(`Issue1` ... `Issue6`, each with its own nested classes), 2,045 of GitHub's 8,476 classes and
a third of the time spent making them. A shape whose whole schema is written
alike (description and title included) and that has a `title` is given once, as a component
named by its title (`Issue2` where `Issue` is taken), and each place it was written refers to
it. Only titled shapes: the document's author named the shape, so one class of that name is what
it means; an untitled object stays the class of its field (`<Owner><Field>`).

What each place reads is kept: the keywords that models.py's generator reads at the field
(`description`, `default`, `nullable`...) stay beside the `$ref` (measured on GitHub: every other
class's fields and docstrings unchanged). Objects are found where a field's, an item's, a map's
value or a union branch's schema is written; an `allOf` part is not given a component (it would
become a base class instead of fields merged into its class).
"""

from __future__ import annotations

import json
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.names import identifiers as names
from generator.names.components import SCHEMAS_PREFIX

# the keywords kept beside the `$ref` at each place (read at the field: its description, its
# default, whether it may be null...); the component holds them too
_FIELD_KEYWORDS = ("description", "title", "examples", "example", "default", "nullable",
                   "readOnly", "writeOnly", "deprecated")
# where a schema may be replaced by a reference to a shared one (an `allOf` part may not)
_ONE_SCHEMA = ("items", "additionalProperties", "not")
_BRANCHES = ("anyOf", "oneOf")


def share_repeated_shapes(schemas: dict[str, Any], taken: set[str]) -> None:
    """Each titled inline object written at least twice, alike, becomes a component schema of
    `schemas` named by its title (a name not in `taken`, then taken), in the order the document
    first writes each, or is the component written alike where there is one; every place
    writing it refers to it."""
    # read before any is replaced (a shape written twice as one object reads as it did), each
    # held with its object, whose identity no object made later can then take
    found = list(_replaceable(schemas))
    texts = {id(node): (node, _text(node)) for node in found}
    counts = Counter(texts[id(node)][1] for node in found)
    repeated = {text for text, count in counts.items() if count > 1}
    if not repeated:
        return
    # a shape written as a component too is that component (a YAML alias of it, copied)
    chosen: dict[str, str] = {}
    for name, schema in schemas.items():
        if isinstance(schema, dict) and _is_candidate(schema):
            text = _text(schema)
            if text in repeated:
                chosen.setdefault(text, name)  # (of two components alike, the first)
    shapes = _Shapes(texts, repeated, chosen)
    for name in list(schemas):
        _share_under(schemas[name], schemas, taken, shapes)


@dataclass(frozen=True)
class _Shapes:
    texts: dict[int, tuple[Any, str]]  # each titled inline object and its JSON, by identity
    repeated: set[str]  # the JSON of those written twice or more
    chosen: dict[str, str]  # the component name given to each shared so far


def _share_under(schema: Any, schemas: dict[str, Any], taken: set[str], shapes: _Shapes) -> None:
    """Replace the repeated shapes under `schema` by references, the first of each moved into
    `schemas` (and what it holds shared in turn); a shape's other copies are not looked in."""
    pending = deque([schema])
    chosen = shapes.chosen
    while pending:
        node = pending.popleft()
        for container, key, replaceable in _children(node):
            child = container[key]
            known = shapes.texts.get(id(child)) if replaceable else None
            text = known[1] if known is not None and known[0] is child else None
            if text is not None and text in shapes.repeated:
                if text not in chosen:
                    chosen[text] = names.unique(names.class_name(child["title"]), taken)
                    schemas[chosen[text]] = child
                    pending.append(child)
                container[key] = _reference(child, chosen[text])
            else:
                pending.append(child)


def _reference(shape: dict[str, Any], name: str) -> dict[str, Any]:
    """The schema written where `shape` was: a `$ref` to its component, with what the field
    reads of it."""
    kept = {key: shape[key] for key in _FIELD_KEYWORDS if key in shape}
    return {"$ref": SCHEMAS_PREFIX + name, **kept}


def _replaceable(schemas: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every titled inline object under the component schemas that a reference may replace,
    however deep (inside another such object too)."""
    pending = list(schemas.values())
    while pending:
        node = pending.pop()
        for container, key, replaceable in _children(node):
            child = container[key]
            if replaceable and _is_candidate(child):
                yield child
            pending.append(child)


def _children(node: Any) -> Iterator[tuple[Any, Any, bool]]:
    """(container, key, whether a reference may replace it) of each inline schema one level
    under `node`: fields, items, maps' values, union branches, and `allOf` parts (looked in,
    never replaced)."""
    if not isinstance(node, dict) or "$ref" in node:
        return
    for keyword in ("properties", "patternProperties"):
        value = node.get(keyword)
        if isinstance(value, dict):
            yield from ((value, name, True) for name, child in value.items()
                        if isinstance(child, dict))
    for keyword in _ONE_SCHEMA:
        if isinstance(node.get(keyword), dict):
            yield node, keyword, True
    for keyword in (*_BRANCHES, "allOf"):
        value = node.get(keyword)
        if isinstance(value, list):
            yield from ((value, index, keyword != "allOf") for index, child in enumerate(value)
                        if isinstance(child, dict))


def _is_candidate(schema: dict[str, Any]) -> bool:
    """A titled object of fields: what models.py's generator makes a class of, and names."""
    title, fields = schema.get("title"), schema.get("properties")
    return (isinstance(title, str) and bool(title.strip()) and isinstance(fields, dict)
            and bool(fields) and "$ref" not in schema)


def _text(schema: dict[str, Any]) -> str:
    """The schema as canonical JSON: two shapes are alike when they read alike, keys in any
    order (`true` and `1` apart, as JSON tells them)."""
    return json.dumps(schema, sort_keys=True, ensure_ascii=False, default=str)
