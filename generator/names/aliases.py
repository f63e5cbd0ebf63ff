"""Field names for properties Python would read as another name (NFKC normalisation), and for
properties pydantic reserves the names of (its protected namespaces).

Identifier decisions live in names/: the models stage passes these to datamodel-code-generator
as field aliases, so that every property keeps its own field and its own wire name.
"""

from __future__ import annotations

import keyword
import unicodedata
from collections.abc import Iterator
from typing import Any

from generator.names.identifiers import python_name


def _iter_property_names(node: Any) -> Iterator[str]:
    """Every key of every `properties` map in the document."""
    pending = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, dict):
            properties = current.get("properties")
            if isinstance(properties, dict):
                yield from (key for key in properties if isinstance(key, str))
            pending.extend(current.values())
        elif isinstance(current, list):
            pending.extend(current)


def nfkc_field_aliases(document: dict[str, Any]) -> dict[str, str]:
    """Property names Python reads as another name -> an ASCII field name.

    Python identifiers are NFKC-normalised, so a field written `ﬁle` is the field `file`:
    the model would then read and write `file` on the wire, and `ﬁle` beside `fi` in one
    schema would be one field. These names get an ASCII field name (clear of every property
    name in the document) and keep the wire name as the field's alias."""
    return _nfkc_aliases(set(_iter_property_names(document)))


def _nfkc_aliases(used: set[str]) -> dict[str, str]:
    """`nfkc_field_aliases` of a document whose property names are `used`."""
    aliases: dict[str, str] = {}
    for wire in sorted(used):
        if not wire.isidentifier() or unicodedata.normalize("NFKC", wire) == wire:
            continue  # dcg aliases non-identifiers itself; stable names are fine as they are
        candidate = python_name(wire, fallback="field")
        while candidate in used or candidate in aliases.values():
            candidate = f"{candidate}_"
        aliases[wire] = candidate
    return aliases


# pydantic warns when a model is defined with a field whose name starts with one of these (its
# default `protected_namespaces`): an import error under `python -W error`. datamodel-code-
# generator renames a field that would shadow a BaseModel attribute (`model_dump` ->
# `model_dump_`), which still starts with one. tests/names proves the list against pydantic.
PROTECTED_PREFIXES = ("model_validate", "model_dump")
PROTECTED_ALIAS_PREFIX = "field_"


def field_aliases(document: dict[str, Any]) -> dict[str, str]:
    """Every field alias the models need: `nfkc_field_aliases` and `protected_field_aliases`."""
    used = set(_iter_property_names(document))  # one walk for both
    nfkc = _nfkc_aliases(used)
    return {**nfkc, **_protected_aliases(used, set(nfkc.values()))}


def protected_field_aliases(document: dict[str, Any], taken: set[str]) -> dict[str, str]:
    """Property names whose field would fall in pydantic's protected namespaces -> a field name
    that does not (`model_dump` -> `field_model_dump`, as dcg names `_private` fields), clear of
    every property name in the document and of `taken`; the wire name stays the alias."""
    return _protected_aliases(set(_iter_property_names(document)), taken)


def _protected_aliases(names: set[str], taken: set[str]) -> dict[str, str]:
    """`protected_field_aliases` of a document whose property names are `names`."""
    used = names | taken
    aliases: dict[str, str] = {}
    for wire in sorted(used - taken):
        field = wire if wire.isidentifier() else python_name(wire, fallback="field")
        if not field.startswith(PROTECTED_PREFIXES):
            continue
        candidate = PROTECTED_ALIAS_PREFIX + python_name(field)
        while candidate in used or candidate in aliases.values():
            candidate = f"{candidate}_"
        aliases[wire] = candidate
    return aliases


# The public attributes of pydantic's BaseModel (2.x): datamodel-code-generator suffixes a field
# that would shadow one (`schema` -> `schema_`). tests/names proves the list against pydantic.
BASE_MODEL_ATTRIBUTES = frozenset({
    "construct", "copy", "dict", "from_orm", "json", "model_computed_fields", "model_config",
    "model_construct", "model_copy", "model_dump", "model_dump_json", "model_extra",
    "model_fields", "model_fields_set", "model_json_schema", "model_parametrized_name",
    "model_post_init", "model_rebuild", "model_validate", "model_validate_json",
    "model_validate_strings", "parse_file", "parse_obj", "parse_raw", "schema", "schema_json",
    "update_forward_refs", "validate",
})


def model_field_name(wire: str) -> str:
    """The attribute models.py gives the property `wire`, as datamodel-code-generator names it
    given `field_aliases` (`userName` -> `user_name`, `class` -> `class_`, `schema` ->
    `schema_`, `1st` -> `field_1st`, `_private` -> `field_private`, `model_dump` ->
    `field_model_dump`), for what names a field without generating the models (`drift`'s client
    effects, which must agree with api.md). The clash suffixes one document may add (two
    properties of one model making one name) are not foreseen."""
    name = _dcg_snake_case(wire)
    if not name.strip("_"):
        return f"field{name}" if name else "field_"
    if name.startswith("_"):
        return f"field{name}"
    if name[0].isdigit() or name.startswith(PROTECTED_PREFIXES):
        return PROTECTED_ALIAS_PREFIX + name
    if keyword.iskeyword(name) or name in BASE_MODEL_ATTRIBUTES:
        return f"{name}_"
    return name


def _dcg_snake_case(wire: str) -> str:
    """`wire` in snake_case as datamodel-code-generator spells a field: a word starts at an
    upper-case letter after a lower-case letter or digit, or at the last capital of an acronym
    followed by a lower-case letter (`HTTPCode` -> `http_code`); a digit stays with the letters
    around it (`S3Bucket` -> `s3_bucket`, `v2beta`); other characters become `_`."""
    chars = [c if c.isalnum() or c == "_" else "_" for c in wire]
    out: list[str] = []
    for index, char in enumerate(chars):
        before = chars[index - 1] if index else ""
        after = chars[index + 1] if index + 1 < len(chars) else ""
        starts_word = char.isupper() and (before.islower() or before.isdigit() or (
            before.isupper() and after.islower()))
        if starts_word and out and out[-1] != "_":
            out.append("_")
        out.append(char.lower())
    core = "_".join(part for part in "".join(out).split("_") if part)
    lead = wire[:len(wire) - len(wire.lstrip("_"))]  # kept: dcg prefixes `field` to them
    trail = wire[len(wire.rstrip("_")):] if core else ""
    return lead + core + trail
