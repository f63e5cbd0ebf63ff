"""Walks over JSON-like trees (dicts, lists, scalars) that no nesting depth can break.

Documents may nest schemas hundreds of levels deep (a legal, if unusual, shape); recursion in
Python stops near 1000 frames, so every whole-document copy and walk here keeps its own stack.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar


def copy_tree(data: Any) -> Any:
    """A deep copy of JSON-like `data` (dicts and lists copied, everything else shared, as
    `copy.deepcopy` does for str/int/float/bool/None); shared subtrees stay shared, as there."""
    if not isinstance(data, (dict, list)):
        return data
    copies: dict[int, Any] = {}
    root: Any = {} if isinstance(data, dict) else []
    copies[id(data)] = root
    stack: list[tuple[Any, Any]] = [(data, root)]
    while stack:
        source, target = stack.pop()
        items = source.items() if isinstance(source, dict) else enumerate(source)
        for key, value in items:
            if isinstance(value, (dict, list)):
                copied = copies.get(id(value))
                if copied is None:
                    copied = copies[id(value)] = {} if isinstance(value, dict) else []
                    stack.append((value, copied))
            else:
                copied = value
            if isinstance(target, dict):
                target[key] = copied
            else:
                target.append(copied)
    return root


def iter_nodes(data: Any) -> Iterator[Any]:
    """Every dict and list of `data`, parents before children, each once."""
    seen: set[int] = set()
    stack = [data]
    while stack:
        node = stack.pop()
        if not isinstance(node, (dict, list)) or id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        children = list(node.values()) if isinstance(node, dict) else list(node)
        stack.extend(reversed(children))


T = TypeVar("T")
DEEP_STACK_BYTES = 512 * 1024 * 1024  # reserved, not used: pages are touched only as needed
DEEP_RECURSION_LIMIT = 60_000  # libraries walking schemas recurse ~10 frames per level


def with_deep_stack(work: Callable[[], T]) -> T:
    """`work()` in a thread with a stack deep enough for schemas nested hundreds of levels
    (legal, and the libraries we call, datamodel-code-generator and openapi-spec-validator,
    walk them recursively); its exception, if any, raised here."""
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(work())
        except BaseException as error:  # handed to the caller's thread  # noqa: BLE001
            failure.append(error)

    limit = sys.getrecursionlimit()
    with _STACK_LOCK:
        previous = threading.stack_size(DEEP_STACK_BYTES)
        try:
            sys.setrecursionlimit(max(limit, DEEP_RECURSION_LIMIT))
            thread = threading.Thread(target=run, name="dcg")
            thread.start()
            thread.join()
        finally:
            threading.stack_size(previous)
            sys.setrecursionlimit(limit)
    if failure:
        raise failure[0]
    return result[0]


_STACK_LOCK = threading.Lock()
