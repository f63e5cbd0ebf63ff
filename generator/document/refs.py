"""The one `$ref` resolver over a loaded (bundled) document, and the one walk over its refs.

After `load`, every `$ref` that matters is local (`#/...`). Stages resolve through `Refs`:
codegen strictly (a dangling ref is an error naming it), drift leniently (an unresolvable ref
becomes a marker it can report). `iter_refs` finds every reference, skipping data (examples,
defaults, enum values) and vendor extensions (`x-*`), whose content OpenAPI leaves opaque.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from generator.document.keywords import DATA_KEYWORDS, SCHEMA_MAPS
from generator.document.pointer import (
    HTTP_METHODS,
    escape_token,
    fragment_pointer,
    join_pointer,
    resolve_pointer,
)
from generator.problems import GeneratorError, Problem

# What `isinstance` is asked for a mapping where one is the usual answer: `dict` first, told
# by the object's type alone, without `Mapping`'s ABC check (a call into Python: 490 000 of
# them in the differ on GitHub's pair, where nearly every node is a dict). The same answer.
MAPPINGS = (dict, Mapping)
# Keys whose values are data, not OpenAPI objects: a `$ref` there is not a reference. Not
# `examples`: outside a schema it maps names to Example Objects, which may be `$ref`s; a
# schema's `examples` list and an Example's `value` are skipped where they stand instead.
_DATA_KEYS = DATA_KEYWORDS - {"examples"}
# Maps whose keys the document's author chose: the schema maps (a property may be called
# `x-id` or `default`).
_NAMED_SCHEMA_MAPS = frozenset(SCHEMA_MAPS)


class Refs:
    """Internal `$ref` resolution over one document: strict (`target`, `resolve`: a dangling
    ref is a located error) for code generation, lenient (`lookup`, `deref`, `object`: a
    marker) for checks and drift, which report what they cannot follow."""

    def __init__(self, data: Any, source: str = "") -> None:
        self.data = data
        self.source = source

    def lookup(self, ref: str) -> tuple[bool, Any]:
        """(found, target) of a local ref; (False, None) for a dangling or non-local one."""
        pointer = fragment_pointer(ref)
        if pointer is None:
            return False, None
        return resolve_pointer(self.data, pointer)

    def target(self, ref: str) -> Any:
        """The target of `ref`; a `GeneratorError` naming it when there is none."""
        found, node = self.lookup(ref)
        if found:
            return node
        if fragment_pointer(ref) is None:
            raise GeneratorError(
                [Problem(self.source, "", None, f"unbundled external $ref {ref!r}",
                         "load() bundles file refs; remote refs need --allow-remote-refs")]
            )
        raise GeneratorError(
            [Problem(self.source, fragment_pointer(ref) or "", None,
                     f"$ref {ref!r} points to nothing",
                     "fix the reference or add the missing component")]
        )

    def resolve(self, node: Any) -> Any:
        """Follow `$ref` chains until a node without one (cycles stop at the repeat)."""
        seen: set[str] = set()
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            if ref in seen:
                break
            seen.add(ref)
            node = self.target(ref)
        return node

    def deref(
        self, node: Any, stack: frozenset[str] = frozenset()
    ) -> tuple[Any, frozenset[str], bool]:
        """Follow a `$ref` chain leniently; siblings of `$ref` override the target's keywords.

        Returns (resolved node, stack plus the refs followed, whether a ref on the stack was hit).
        An unresolvable ref yields `{"x-unresolved-ref": ref}`.
        """
        while isinstance(node, MAPPINGS) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            siblings = {k: v for k, v in node.items() if k != "$ref"}
            found, target = self.lookup(ref)
            if not found or not isinstance(target, MAPPINGS):
                return {"x-unresolved-ref": ref, **siblings}, stack, False
            if ref in stack:
                return {**target, **siblings}, stack, True
            stack = stack | {ref}
            node = {**target, **siblings}
        return node, stack, False

    def object(self, node: Any) -> dict[str, Any]:
        """A leniently dereferenced non-schema object (parameter, request body, response...)."""
        resolved, _, _ = self.deref(node)
        return dict(resolved) if isinstance(resolved, Mapping) else {}


class SettledRefs(Refs):
    """`Refs` over a document that no longer changes: each `$ref` is looked up once. The
    differ follows the same references tens of thousands of times (GitHub's pair: 30 000
    look-ups of ~2 000 references), each one percent-decoded, split and walked again."""

    def __init__(self, data: Any, source: str = "") -> None:
        super().__init__(data, source)
        self._found: dict[str, tuple[bool, Any]] = {}

    def lookup(self, ref: str) -> tuple[bool, Any]:
        """`Refs.lookup`, remembered: the document is not changed while this lives."""
        found = self._found.get(ref)
        if found is None:
            found = self._found[ref] = super().lookup(ref)
        return found


def iter_refs(data: Any) -> Iterator[tuple[str, str]]:
    """(pointer of the `$ref` key, ref) for every reference, skipping example/default data and
    the content of vendor extensions."""
    for pointer, node in iter_objects(data):
        ref = node.get("$ref")
        if isinstance(ref, str):
            yield join_pointer(pointer, "$ref"), ref


def iter_objects(data: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """(pointer, object) for every OpenAPI or schema object of the document, in document order:
    example/default/enum data and the content of vendor extensions are not walked.

    The walk every check of a large document takes several times, so it is written for speed:
    only containers are stacked, and each keeps its own last token and its parent's, from
    which `is_named_map` and `_is_responses` are told without splitting the pointer (their
    rules, as the differential test in tests/document/test_refs.py shows)."""
    # (node, pointer, its escaped last token, its parent's escaped last token)
    stack: list[tuple[Any, str, str, str]] = [(data, "", "", "")]
    while stack:
        node, pointer, token, up = stack.pop()
        if isinstance(node, dict):
            yield pointer, node
            named_map = _names_children(pointer, token, up)
            # an Example Object's `value` (not a property `value` of a schema's property
            # named `examples`: there `properties` is the map of names)
            value_is_data = up == "examples" and not named_map
            for key, value in reversed(node.items()):
                if not isinstance(value, (dict, list)):
                    continue
                if not named_map and (key in _DATA_KEYS or is_extension(key)):
                    continue
                if value_is_data and key == "value":
                    continue
                escaped = escape_token(key)
                stack.append((value, f"{pointer}/{escaped}", escaped, token))
        elif isinstance(node, list) and token != "examples":
            for index in range(len(node) - 1, -1, -1):
                item = node[index]
                if isinstance(item, (dict, list)):
                    stack.append((item, f"{pointer}/{index}", str(index), token))


def _names_children(pointer: str, token: str, up: str) -> bool:
    """`is_named_map(pointer) or _is_responses(pointer)`, from the object's last token and its
    parent's."""
    if token in _NAMED_SCHEMA_MAPS:
        return True
    if up == "components":
        return pointer.count("/") == 2 and pointer.startswith("/components/")
    return token == "responses" and up in HTTP_METHODS


def _is_responses(pointer: str) -> bool:
    """An operation's Responses object, whose `default` key is a response (a `$ref` in it is a
    reference), not data as in a schema."""
    tokens = pointer.rsplit("/", 2)
    return len(tokens) == 3 and tokens[2] == "responses" and tokens[1] in HTTP_METHODS


def is_extension(key: object) -> bool:
    """A vendor extension key (`x-...`): OpenAPI leaves its content opaque, so a `$ref` in it
    is not a reference (and a file it names need not exist)."""
    return isinstance(key, str) and key.startswith("x-")


def is_named_map(pointer: str) -> bool:
    """The object at `pointer` maps user-chosen names (schema properties, components), where a
    key like `x-id` is a name, not an extension."""
    last = pointer.rsplit("/", 1)[-1]
    if last in _NAMED_SCHEMA_MAPS:
        return True
    return pointer.count("/") == 2 and pointer.startswith("/components/")
