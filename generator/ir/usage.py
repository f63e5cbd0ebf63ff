"""Which component schemas the client's operations use: `models: used` generates only those.

A schema is used when an operation reaches it: through `$ref`s from its parameters, request
body, responses and callbacks (via any component in between: a shared response, a parameter),
then from schema to schema, and through a discriminator's `mapping` (its values name schemas
without a `$ref`). A schema that extends a used one whose `discriminator` picks among its
subtypes (`allOf: [$ref: Pet, ...]`) is used too, whether or not the mapping names it, at any
depth (a `Cat` extending `Feline` extending `Pet`): an answer typed `Pet` may be a `Cat`.
The classes the templates name (`required`) are used whatever reaches them.

What no operation reaches is the payload of a webhook (`webhooks`, GitHub's `x-webhooks`),
which the client never sends nor receives, or nothing at all. On GitHub's REST description
that is 344 of its 969 schemas and 73% of their JSON: datamodel-code-generator's run, most of
a cold generation, takes a third of the time without them (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from generator.document.pointer import fragment_pointer, resolve_pointer
from generator.document.refs import MAPPINGS, iter_objects
from generator.names.components import component_schema, extended_schemas, mapping_ref

# `BuildOptions.models` (the manifest's `models:`, `generate --models`): every component schema
# gets a model, or only those the operations use
ALL = "all"
USED = "used"


def used_schemas(data: Mapping[str, Any], required: Iterable[str],
                 class_names: Mapping[str, str]) -> set[str]:
    """The names under `components/schemas` of `data` (the IR's working copy, whose component
    schemas are named as their classes) that the operations under `paths` use; `class_names`
    maps a schema's name in the document to its class name (a discriminator's `mapping` is
    not renamed)."""
    schemas = (data.get("components") or {}).get("schemas") or {}
    walk = _Walk(data, schemas, class_names)
    walk.visit(data.get("paths") or {})
    walk.reach(name for name in required if name in schemas)
    bases: set[str] = set()
    while True:  # a subtype's own subtypes too (`Cat` extends `Feline`, which extends `Pet`)
        bases |= {name for name in walk.used if _discriminates(schemas[name])}
        found = _subtypes(schemas, walk.used, bases)
        if not found:
            return walk.used
        walk.reach(found)
        bases.update(found)


class _Walk:
    """The schemas reached so far, and the other components already walked."""

    def __init__(self, data: Mapping[str, Any], schemas: Mapping[str, Any],
                 class_names: Mapping[str, str]) -> None:
        self.data, self.schemas, self.class_names = data, schemas, class_names
        self.used: set[str] = set()
        self._walked: set[str] = set()  # pointers of components other than schemas

    def reach(self, names: Iterable[str]) -> None:
        """Mark `names` used, walking each one newly reached."""
        pending = list(names)
        while pending:
            name = pending.pop()
            if name in self.used:
                continue
            self.used.add(name)
            pending += self._named_in(self.schemas[name])

    def visit(self, node: Any) -> None:
        """Walk a part of the document that is not a component schema (the paths, a shared
        response...), reaching the schemas it names."""
        self.reach(self._named_in(node))

    def _named_in(self, node: Any) -> list[str]:
        """The component schemas `node` names; the other components it names are walked."""
        found: list[str] = []
        for _, obj in iter_objects(node):
            ref = obj.get("$ref")
            if isinstance(ref, str):
                found += self._target(ref)
            discriminator = obj.get("discriminator")
            mapping = discriminator.get("mapping") if isinstance(discriminator, MAPPINGS) else None
            if isinstance(mapping, MAPPINGS):
                found += [name for value in mapping.values() if isinstance(value, str)
                          for name in self._mapped(value)]
        return found

    def _target(self, ref: str) -> list[str]:
        name = component_schema(ref)
        if name is not None:
            return [name] if name in self.schemas else []
        pointer = fragment_pointer(ref)
        if pointer is not None and pointer not in self._walked:
            self._walked.add(pointer)
            found, node = resolve_pointer(self.data, pointer)
            if found:
                return self._named_in(node)
        return []

    def _mapped(self, value: str) -> list[str]:
        """The schema a discriminator's mapping value names (`names.components.mapping_ref`),
        by the document's name for it: the mapping is not renamed with the classes."""
        ref = mapping_ref(value)
        name = component_schema(ref) if ref is not None else None
        if name is None:
            return self._target(ref) if ref is not None else []
        name = self.class_names.get(name, name)
        return [name] if name in self.schemas else []


def _discriminates(schema: Any) -> bool:
    return isinstance(schema, MAPPINGS) and "discriminator" in schema


def _subtypes(schemas: Mapping[str, Any], used: set[str], bases: set[str]) -> list[str]:
    """The unused schemas whose `allOf` extends one of `bases` (used schemas with a
    `discriminator`, and the subtypes of those)."""
    if not bases:
        return []
    return [name for name, schema in schemas.items()
            if name not in used and bases & extended_schemas(schema)]
