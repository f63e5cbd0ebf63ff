"""A copy of a document for repairs that shares every part no decision can touch.

`apply` copies a whole document before repairing it; a comparison (`diff`) repairs both sides
of a 13 MB pair for one or two slips, and the two whole copies cost it ~0.35 s and ~30 MiB
(the repaired copies then kept the original new side alive beside the old one: `drift.share`
merged the copies, not the originals). `touched_copy` copies only each decision's *region*
and the containers above it.

A fix changes the value at a pointer it derives from its problem's pointer (that pointer, a
prefix of it, its owner two levels up: `repairs.py`), or an operation's path item
(`locate.own_path_item`, `remove_operations`): always inside the problem's or the
operation's region, or in a container above it (a key popped, set or renamed there). So the
region of a pointer is its path item (`/paths/<p>`, `/webhooks/<w>`), its component
(`/components/<kind>/<name>`), or the top-level member it lies in; the region is copied
whole, the containers above it one level each (their children shared), and the rest of the
document is the caller's own objects. A decision about the whole document (pointer `""`)
copies it all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from generator.document.pointer import split_pointer
from generator.document.tree import copy_tree
from generator.tolerate.decisions import Decision
from generator.tolerate.repairs import REMOVED

# tokens of a pointer that name its region, by its first token (others: the member itself)
_REGION_TOKENS = {"paths": 2, "webhooks": 2, "components": 3}
_CONTAINERS = (dict, list)


def region(pointer: str) -> tuple[str, ...]:
    """The tokens of the region a fix at `pointer` may change (see the module)."""
    tokens = split_pointer(pointer)
    return tuple(tokens[:_REGION_TOKENS.get(tokens[0], 1)]) if tokens else ()


def regions(decisions: Iterable[Decision]) -> list[tuple[str, ...]]:
    """The regions of `decisions` (their problems' pointers, the operations they skip), none
    inside another."""
    found = {region(decision.problem.pointer) for decision in decisions}
    found |= {region(operation) for decision in decisions for operation in decision.operations}
    ordered = sorted(found, key=len)
    kept: list[tuple[str, ...]] = []
    for tokens in ordered:
        if not any(tokens[:len(outer)] == outer for outer in kept):
            kept.append(tokens)
    return kept


def touched_copy(data: dict[str, Any], decisions: Iterable[Decision]) -> dict[str, Any]:
    """A copy of `data` in which `decisions` may be acted on without changing `data`."""
    chosen = regions(decisions)
    if () in chosen:
        return copy_tree(data)  # type: ignore[no-any-return]
    root = dict(data)
    for tokens in chosen:
        _copy_region(root, data, tokens)
    return root


def drop_removed_beside(result: Any, data: Any) -> None:
    """`repairs.drop_removed` of `result`, a `touched_copy` of `data` acted on, walking only
    what is not `data`'s own object at the same place (the rest no fix has touched)."""
    stack: list[tuple[Any, Any]] = [(result, data)]
    while stack:
        node, before = stack.pop()
        if isinstance(node, list) and any(item is REMOVED for item in node):
            node[:] = [item for item in node if item is not REMOVED]
        for key, child in (node.items() if isinstance(node, dict) else enumerate(node)):
            if not isinstance(child, _CONTAINERS):
                continue
            key_before = _key(before, str(key)) if before is not None else None
            child_before = before[key_before] if key_before is not None else None
            if child is not child_before:
                stack.append((child, child_before))


def _copy_region(root: Any, data: Any, tokens: tuple[str, ...]) -> None:
    """The containers from `root` (a copy of `data`) down to `tokens`' parent copied one
    level each, unless copied already, and the value at `tokens` copied whole; nothing below
    where the path ends."""
    node, before = root, data
    for depth, token in enumerate(tokens):
        key = _key(node, token)
        if key is None:
            return
        child = node[key]
        key_before = _key(before, token)
        if not isinstance(child, _CONTAINERS) or key_before is None:
            return
        if child is before[key_before]:  # still `data`'s own: copied before it is changed
            last = depth == len(tokens) - 1
            child = node[key] = copy_tree(child) if last else _shallow(child)
        node, before = child, before[key_before]


def _key(node: Any, token: str) -> Any:
    """`token` as a key of `node` when it names a member there, else None."""
    if isinstance(node, dict):
        return token if token in node else None
    if isinstance(node, list) and token.isdigit() and int(token) < len(node):
        return int(token)
    return None


def _shallow(node: Any) -> Any:
    return dict(node) if isinstance(node, dict) else list(node)
