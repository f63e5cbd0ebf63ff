"""Where a problem lies in the document: its operation, its path item, the operations that
reach a component. Repairs and skips change one path only, so a shared path item is made the
path's own first (`own_path_item`)."""

from __future__ import annotations

from typing import Any

from generator.document.operations import iter_operations
from generator.document.pointer import (
    HTTP_METHODS,
    fragment_pointer,
    join_tokens,
    split_pointer,
    within,
)
from generator.document.refs import Refs, iter_refs
from generator.document.tree import copy_tree


def operation_of(tokens: list[str]) -> str | None:
    """`/paths/<p>/<method>` when `tokens` lie inside an operation."""
    if len(tokens) >= 3 and tokens[0] == "paths" and tokens[2] in HTTP_METHODS:
        return join_tokens("", *tokens[:3])
    return None


def path_item_of(tokens: list[str]) -> str | None:
    """`/paths/<p>` when `tokens` lie inside a path item."""
    if len(tokens) >= 2 and tokens[0] == "paths":
        return join_tokens("", *tokens[:2])
    return None


def own_path_item(data: dict[str, Any], path: str) -> dict[str, Any] | None:
    """`data["paths"][path]` as an object of its own: a path item given by `$ref` (3.1
    `components/pathItems`, or one item shared by two paths) is copied in first, so that a
    repair or a skip changes this path only."""
    paths = data.get("paths")
    item = paths.get(path) if isinstance(paths, dict) else None
    if isinstance(item, dict) and isinstance(item.get("$ref"), str):
        resolved = _referenced_item(data, item)
        if resolved is not None:
            item = paths[path] = copy_tree(resolved)  # type: ignore[index]
    return item if isinstance(item, dict) else None


def path_item(data: dict[str, Any], path: str) -> dict[str, Any] | None:
    """`data["paths"][path]`, through its `$ref` if it has one (read only)."""
    paths = data.get("paths")
    item = paths.get(path) if isinstance(paths, dict) else None
    if isinstance(item, dict) and isinstance(item.get("$ref"), str):
        return _referenced_item(data, item)
    return item if isinstance(item, dict) else None


# What a path item's `$ref` may be given beside it (a Reference Object's own fields): anything
# else is an unknown field, dropped as the validator's problem says, never an operation of it.
_BESIDE_REF = ("summary", "description")


def _referenced_item(data: dict[str, Any], item: dict[str, Any]) -> dict[str, Any] | None:
    """The path item a `$ref` names, its `summary` and `description` given beside the `$ref`
    over the target's, as every other reader of the paths takes it
    (`document.operations.iter_operations`); None when it names no path item."""
    found, target = Refs(data).lookup(item["$ref"])
    if not found or not isinstance(target, dict):
        return None
    return {**target, **{key: item[key] for key in _BESIDE_REF if key in item}}


def methods_of(item: dict[str, Any] | None) -> list[str]:
    """The HTTP methods a path item has operations for, in OpenAPI's order."""
    return [method for method in HTTP_METHODS
            if item is not None and isinstance(item.get(method), dict)]


def operation_object(data: dict[str, Any], operation: str) -> dict[str, Any] | None:
    """The operation at `/paths/<p>/<method>`, its path item made its own first."""
    _, path, method = split_pointer(operation)
    item = own_path_item(data, path)
    found = item.get(method) if item is not None else None
    return found if isinstance(found, dict) else None


def operations_using(data: dict[str, Any], target: str) -> tuple[str, ...]:
    """Pointers of the operations whose objects reach `target` through `$ref`s (component
    schemas are not followed: a schema problem is repaired in the schema)."""
    tokens = split_pointer(target)
    if tokens[:2] == ["components", "securitySchemes"] and len(tokens) >= 3:
        return _requiring(data, tokens[2])
    refs = Refs(data)
    paths = data.get("paths") or {}
    using = [site.pointer for site in iter_operations(data)
             if _reaches(refs, [paths.get(site.path), site.operation, *site.shared_parameters],
                         target)]
    return tuple(dict.fromkeys(using))


def _requiring(data: dict[str, Any], scheme: str) -> tuple[str, ...]:
    """Pointers of the operations whose security requirements (their own, else the
    document's) name the security scheme `scheme`: a scheme is used by name, not `$ref`."""
    default = data.get("security")
    using = []
    for site in iter_operations(data):
        requirements = site.operation.get("security", default)
        if isinstance(requirements, list) and any(
                isinstance(requirement, dict) and scheme in requirement
                for requirement in requirements):
            using.append(site.pointer)
    return tuple(using)


def _reaches(refs: Refs, pending: list[Any], target: str) -> bool:
    seen: set[str] = set()
    while pending:
        for _, ref in iter_refs(pending.pop()):
            pointer = fragment_pointer(ref) or ref
            if within(pointer, target):
                return True
            if ref not in seen and not pointer.startswith("/components/schemas/"):
                seen.add(ref)
                found, value = refs.lookup(ref)
                if found:
                    pending.append(value)
    return False


