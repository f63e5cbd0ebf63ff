"""Walks over JSON-like trees (dicts, lists, scalars) that no nesting depth can break.

Documents may nest schemas hundreds of levels deep (a legal, if unusual, shape); recursion in
Python stops near 1000 frames, so every whole-document copy and walk here keeps its own stack.
The libraries that walk a document recursively (the JSON decoder, PyYAML's composer,
openapi-spec-validator, datamodel-code-generator) run under `with_deep_stack`, which holds
`MAX_NESTING` levels: `load` refuses a document nested deeper, naming where.
"""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar


def copy_tree(data: Any,
              each_dict: Callable[[dict[str, Any], dict[str, Any]], None] | None = None) -> Any:
    """A deep copy of JSON-like `data` (dicts and lists copied, everything else shared, as
    `copy.deepcopy` does for str/int/float/bool/None); shared subtrees stay shared, as there.

    `each_dict(source, copy)`, when given, is called once for every dict copied (shared ones
    once), parents before children, once the copy has the source's entries (its containers
    not yet filled: read them in `source`); what it changes in `copy` is kept. A change made
    to every dict of a copy costs no second walk."""
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
        if each_dict is not None and isinstance(source, dict):
            each_dict(source, target)
    return root


def changed_in_place(data: Any,
                     each_dict: Callable[[dict[str, Any], dict[str, Any]], None]) -> Any:
    """`data` itself, `each_dict(d, d)` called for each of its dicts once (shared ones once),
    parents before children: what `copy_tree(data, each_dict)` gives, without the copy, for
    a caller that may change `data` (a forked child's own pages, thrown away with it). A
    dict's children are read before `each_dict` sees it: what it adds is not walked, as
    `copy_tree` does not walk it."""
    if not isinstance(data, (dict, list)):
        return data
    seen = {id(data)}
    stack = [data]
    while stack:
        node = stack.pop()
        children = node.values() if isinstance(node, dict) else node
        for value in list(children):
            if isinstance(value, (dict, list)) and id(value) not in seen:
                seen.add(id(value))
                stack.append(value)
        if isinstance(node, dict):
            each_dict(node, node)
    return data


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Python's cycle collector off for our own work inside, switched back on after when it was
    on. That work builds trees of millions of objects (a document, its working copies, the
    intermediate model, the views, the differ's records) and makes next to no cycles: a whole
    regeneration of GitHub's description left 2,010 objects in cycles, while the collector,
    walking the live trees each time a generation filled, took ~0.5 s of its ~4 s (and of
    `diff`'s GitHub pair: 0.54 s), and a 3 MB YAML document's parse spent more than half its time
    there. Reference counting still frees everything as before. A library run inside that
    does make cycles has the collector back for its time (`cyclic_gc_resumed`)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


# The collector's thresholds for a library run inside our work (Python's defaults: 700, 10,
# 10). dcg's models and openapi-spec-validator's errors hold cycles (OpenAI's dcg run leaves
# 235,746 objects in cycles: +54 MB at the peak when none is collected), but the run also walks
# the trees around it: with the defaults the collector took 2.1 of OpenAI's 14 CPU seconds,
# 0.7 with these (the same objects made and freed; only cycles wait longer, and the peak
# memory measured the same).
GENERATION_GC_THRESHOLDS = (10_000, 20, 20)


@contextmanager
def cyclic_gc_resumed(*, collect_after: bool = False) -> Iterator[None]:
    """The collector on, at `GENERATION_GC_THRESHOLDS`, for a library's run that makes cycles
    (dcg, openapi-spec-validator), even inside `cyclic_gc_paused`; as it was after.

    `collect_after`: what the run leaves in cycles is collected as it ends, not left to the
    collector's next pass, which inside `cyclic_gc_paused` comes only after all our work (dcg
    on a 2,000-schema document leaves 68,000 objects, ~12 MiB, that its own passes missed).
    Everything that lived before the run is frozen meanwhile (`gc.freeze`, when nothing else
    froze anything), so that pass, and the run's own, walk only what the run made."""
    previous = gc.get_threshold()
    was_enabled = gc.isenabled()
    frozen_here = collect_after and gc.get_freeze_count() == 0
    if frozen_here:
        gc.freeze()
    gc.set_threshold(*GENERATION_GC_THRESHOLDS)
    gc.enable()
    try:
        yield
    finally:
        if frozen_here:
            gc.collect()
            gc.unfreeze()
        gc.set_threshold(*previous)
        if not was_enabled:
            gc.disable()


def iter_children(data: Any) -> Iterator[tuple[Any, Any, Any]]:
    """(container, key, value) for every dict or list inside `data`, parents before children,
    each container once (a subtree shared by two parents is walked from the first): an explicit
    stack, so any depth. `container[key] = new` replaces a value in place; a caller may change a
    child's contents before the walk reaches it (it is read when popped)."""
    if not isinstance(data, (dict, list)):
        return
    seen = {id(data)}
    stack = [data]
    while stack:
        node = stack.pop()
        items = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        for key, value in items:
            if isinstance(value, (dict, list)) and id(value) not in seen:
                seen.add(id(value))
                yield node, key, value
                stack.append(value)


T = TypeVar("T")
# The deepest document accepted, in levels of JSON objects and arrays (a schema nested in
# `properties` takes two: the `properties` map and the schema). About 1,200 schemas in
# `properties` in `properties`, 2,400 in `items` in `items`: far beyond any real document, and
# what the deep stack below holds for every library that walks one recursively.
MAX_NESTING = 2_400
FRAMES_PER_LEVEL = 16  # what the libraries walking schemas take per nesting level (dcg, jsonschema)
MAX_RECURSION_LIMIT = FRAMES_PER_LEVEL * MAX_NESTING + 1_000  # those levels, the caller's frames
DEEP_STACK_BYTES = 512 * 1024 * 1024  # holds that many frames (reserved; pages used as needed)


def depth(data: Any, children: Callable[[Any], Iterable[Any]] | None = None) -> int:
    """How many levels of dicts and lists `data` nests (or of what `children` gives)."""
    if children is None:
        return depth_of(data) if isinstance(data, (dict, list)) else 1
    expand = children
    deepest = 0
    seen: set[int] = set()
    stack = [(data, 1)]
    while stack:
        node, level = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in expand(node))
    return deepest


def depth_of(*roots: Any) -> int:
    """How many levels of dicts and lists the deepest of `roots` nests, each root at level 1,
    a node met again (a subtree two roots or two parents share) not walked again: the walk
    `depth` makes below a node whose children are `roots`, in its order, so the same number.
    Written out (no call per node): every command walks whole documents with it before a deep
    walk (openapi-spec-validator's child, `diff`'s levels; 0.14 -> 0.07 s on GitHub's)."""
    deepest = 0
    seen: set[int] = set()
    stack = [(root, 1) for root in roots if isinstance(root, (dict, list))]
    pop, push, visit = stack.pop, stack.append, seen.add
    while stack:
        node, level = pop()
        if id(node) in seen:
            continue
        visit(id(node))
        deepest = max(deepest, level)
        below = level + 1
        for value in node.values() if isinstance(node, dict) else node:
            if isinstance(value, (dict, list)):
                push((value, below))
    return deepest


def with_deep_stack(work: Callable[[], T], levels: int, *, recurses_in_c: bool = False) -> T:
    """`work()`, a recursive walk of `levels` nesting levels, with the recursion limit and the
    stack that needs (schemas may nest hundreds of levels deep, and datamodel-code-generator,
    openapi-spec-validator and our YAML reader walk them recursively). The limit follows the
    depth: a walk that never ends (a reference cycle a library does not stop) still ends
    soon, in its RecursionError. Runs in a thread of its own; its exception is raised here.
    A walk that `recurses_in_c` (libyaml's composer), which no recursion limit guards, always
    gets the deep stack. Called on the deep stack already (a walk inside a walk), it runs there:
    that stack holds `MAX_RECURSION_LIMIT` frames."""
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        _ON_DEEP_STACK.active = True
        try:
            result.append(work())
        except BaseException as error:  # handed to the caller's thread  # noqa: BLE001
            failure.append(error)

    previous_limit = sys.getrecursionlimit()
    wanted = min(MAX_RECURSION_LIMIT, max(previous_limit, FRAMES_PER_LEVEL * levels + 1000))
    if getattr(_ON_DEEP_STACK, "active", False):
        return _with_limit(work, wanted)
    if wanted == previous_limit and not recurses_in_c:
        return work()
    with _STACK_LOCK:
        previous_size = threading.stack_size(DEEP_STACK_BYTES)
        try:
            sys.setrecursionlimit(wanted)
            thread = threading.Thread(target=run, name="deep-walk")
            thread.start()
            thread.join()
        finally:
            threading.stack_size(previous_size)
            sys.setrecursionlimit(previous_limit)
    if failure:
        raise failure[0]
    return result[0]


def _with_limit(work: Callable[[], T], limit: int) -> T:
    """`work()` with the recursion limit at least `limit`, as it was after."""
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, limit))
    try:
        return work()
    finally:
        sys.setrecursionlimit(previous)


_STACK_LOCK = threading.Lock()
_ON_DEEP_STACK = threading.local()  # `active` in a thread `with_deep_stack` started
