"""The new document's unchanged parts made the old document's own objects.

A provider's new version repeats most of the old one: GitHub's 23.0.0 holds 243 000 JSON
containers, of which 211 000 are equal to the old document's at the same place. Once both
are loaded, `share(old, new)` puts the old side's object wherever the new side holds an equal
one at the same pointer: the differ's first question about a pair (`same.equal_json`) is then
answered by identity instead of by serialising both sides, and the new side's copies are
freed.

"Equal" is stricter than Python's `==`, so nothing the differ could tell apart is merged: the
same types at every level (`1`, `1.0` and `true` stay apart), floats with the same spelling
(`-0.0` is not `0.0`), and mappings with their keys in the same order (the document order the
validator's cache key and every report follows). The old side is never changed; the new
side's containers are changed in place, each to a value equal to the one it held.
"""

from __future__ import annotations

from typing import Any

_CONTAINERS = (dict, list)


def share(old: Any, new: Any) -> Any:
    """`new`, or `old` itself when the two are equal as the module says; below a container
    of `new` that is not, every equal child is replaced by the old one in place. Iterative:
    documents may nest deeper than Python recursion goes."""
    if not _pairable(old, new):
        return new
    # post-order over the pairs: (old, new, children visited?)
    stack: list[tuple[Any, Any, bool]] = [(old, new, False)]
    answers: dict[int, Any] = {}  # id(new container) -> what replaces it
    seen: set[tuple[int, int]] = set()  # a pair reached twice (YAML aliases) is settled once
    while stack:
        old_node, new_node, visited = stack.pop()
        if not visited:
            if (id(old_node), id(new_node)) in seen:
                continue
            seen.add((id(old_node), id(new_node)))
            stack.append((old_node, new_node, True))
            stack.extend((o, n, False) for o, n in _child_pairs(old_node, new_node)
                         if _pairable(o, n))
            continue
        answers[id(new_node)] = _settled(old_node, new_node, answers)
    return answers[id(new)]


def _pairable(old: Any, new: Any) -> bool:
    return old is not new and type(old) is type(new) and isinstance(new, _CONTAINERS)


def _child_pairs(old: Any, new: Any) -> list[tuple[Any, Any]]:
    if isinstance(new, dict):
        return [(old[key], value) for key, value in new.items() if key in old]
    return list(zip(old, new))


def _settled(old: Any, new: Any, answers: dict[int, Any]) -> Any:
    """Each child of `new` replaced by its answer; `old` when every child then is (or equals)
    old's, in the same places."""
    equal = len(old) == len(new)
    if isinstance(new, dict):
        if equal and list(old) != list(new):
            equal = False
        for key, value in new.items():
            if key not in old:
                continue
            value = _answer(value, answers)
            new[key] = value
            equal = equal and _same_leaf_or_object(old[key], value)
    else:
        for index, value in enumerate(new):
            value = _answer(value, answers)
            new[index] = value
            equal = equal and index < len(old) and _same_leaf_or_object(old[index], value)
    return old if equal else new


def _answer(value: Any, answers: dict[int, Any]) -> Any:
    return answers.get(id(value), value) if isinstance(value, _CONTAINERS) else value


def _same_leaf_or_object(old: Any, new: Any) -> bool:
    if old is new:
        return True
    if type(old) is not type(new) or isinstance(new, _CONTAINERS):
        return False
    if isinstance(new, float):
        return repr(old) == repr(new)  # -0.0 == 0.0, yet JSON spells them apart
    return bool(old == new)
