"""Component schemas named as the classes of models.py.

A schema's key under `components/schemas` is the author's text (`pet-list`, `Ñandú`, `Field`);
the class it becomes needs a valid name clear of what models.py imports and of every other
class. The names are decided here, with the rest of the identifiers, and every `$ref` to a
renamed schema is pointed at its new key, so the working document stays consistent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.document.pointer import escape_token, fragment_pointer
from generator.document.tree import iter_children
from generator.names import identifiers as names

SCHEMAS_PREFIX = "#/components/schemas/"


def rename_component_schemas(data: dict[str, Any], taken: set[str]) -> None:
    """Give every component schema of `data` a valid, unique class name (added to `taken`)
    and rewrite the refs to it, in place."""
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
        rewrite_refs(data, renames)


def rewrite_refs(data: Any, renames: Mapping[str, str]) -> None:
    """Point every `$ref` at a renamed component schema (`renames`: old ref -> new ref) at
    its new name, refs into the schema's insides included. An explicit-stack walk: schemas
    may nest deeper than Python's recursion limit."""
    if isinstance(data, dict):
        _rewrite_ref(data, renames)
    for _, _, node in iter_children(data):
        if isinstance(node, dict):
            _rewrite_ref(node, renames)


def _rewrite_ref(node: dict[str, Any], renames: Mapping[str, str]) -> None:
    ref = node.get("$ref")
    pointer = fragment_pointer(ref) if isinstance(ref, str) else None  # percent-decoded
    if pointer is None or not pointer.startswith(SCHEMAS_PREFIX[1:]):
        return
    head, sep, tail = pointer[len(SCHEMAS_PREFIX) - 1:].partition("/")
    renamed = renames.get(SCHEMAS_PREFIX + head)
    if renamed is not None:
        node["$ref"] = renamed + sep + tail
