"""Component schemas named as the classes of models.py.

A schema's key under `components/schemas` is the author's text (`pet-list`, `Ñandú`, `Field`);
the class it becomes needs a valid name clear of what models.py imports and of every other
class. The names are decided here, with the rest of the identifiers, and every `$ref` to a
renamed schema is pointed at its new key (as the IR's working copy is made, `ir.build`), so
the working document stays consistent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.document.bundle import is_mapping_reference
from generator.document.pointer import escape_token, fragment_pointer, split_pointer
from generator.names import identifiers as names

SCHEMAS_PREFIX = "#/components/schemas/"


def class_names(schemas: Mapping[str, Any], taken: set[str]) -> dict[str, str]:
    """Each component schema's key -> its valid, unique class name (added to `taken`), in the
    keys' sorted order: the order `components/schemas` is then written in. A key that is its
    class name already keeps it (`FooBar` beside `Foo-Bar`, which sorts first: `Foo-Bar` is
    `FooBar2`, not `FooBar` with `FooBar` renamed `FooBar2`)."""
    keys = sorted(schemas)
    exact = [key for key in keys if names.class_name(key) == key]
    chosen = {key: names.unique(key, taken) for key in exact}
    chosen.update({key: names.unique(names.class_name(key), taken)
                   for key in keys if key not in chosen})
    return {key: chosen[key] for key in keys}


def clashing_names(chosen: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """(schema key, the class name it would have, the class name it got) of each schema whose
    class name had to be told apart from another's (`Foo-Bar` -> `FooBar2`)."""
    return [(key, names.class_name(key), new) for key, new in chosen.items()
            if new != names.class_name(key)]


def ref_renames(chosen: Mapping[str, str]) -> dict[str, str]:
    """The refs to change for `chosen` (`class_names`): old ref -> new ref, renamed ones only."""
    return {SCHEMAS_PREFIX + escape_token(original): SCHEMAS_PREFIX + new
            for original, new in chosen.items() if new != original}


def renamed_ref(node: Mapping[str, Any], renames: Mapping[str, str]) -> str | None:
    """`node`'s `$ref` pointed at a renamed component schema (`renames`: old ref -> new ref),
    refs into the schema's insides included; None when it names no renamed schema."""
    ref = node.get("$ref")
    pointer = fragment_pointer(ref) if isinstance(ref, str) else None  # percent-decoded
    if pointer is None or not pointer.startswith(SCHEMAS_PREFIX[1:]):
        return None
    head, sep, tail = pointer[len(SCHEMAS_PREFIX) - 1:].partition("/")
    renamed = renames.get(SCHEMAS_PREFIX + head)
    return None if renamed is None else renamed + sep + tail


def component_schema(ref: str) -> str | None:
    """The component schema a local `$ref` names (`#/components/schemas/Pet`, or a place
    inside it: `.../Pet/properties/id`), as `components/schemas` keys it; None for any other."""
    pointer = fragment_pointer(ref)  # percent-decoded
    if pointer is None or not pointer.startswith(SCHEMAS_PREFIX[1:]):
        return None
    return split_pointer(pointer)[2]


def mapping_ref(value: object) -> str | None:
    """The local reference a discriminator mapping value makes: itself when it is one
    (`#/...`), a schema of `components/schemas` for a bare name (`Dog`); None for anything else
    (not a string, another document's: bundled by then, or not ours to resolve). Name or
    reference as the bundler reads it (`bundle.is_mapping_reference`)."""
    if not isinstance(value, str):
        return None
    if not is_mapping_reference(value):
        return SCHEMAS_PREFIX + value
    return value if value.startswith("#") else None


def extended_schemas(schema: object) -> set[str]:
    """The component schemas `schema`'s `allOf` extends (a part that is a `$ref` to one)."""
    parts = schema.get("allOf") if isinstance(schema, Mapping) else None
    if not isinstance(parts, list):
        return set()
    refs = [part.get("$ref") for part in parts if isinstance(part, Mapping)]
    return {name for ref in refs if isinstance(ref, str)
            and (name := component_schema(ref)) is not None}
