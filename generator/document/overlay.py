"""OpenAPI Overlay 1.0.0: apply `actions: [{target, update?, remove?, description?}]`.

Targets use a JSONPath subset: `$`, `.name`, `['name']` / `["name"]` (any characters),
`[N]` (negative counts from the end), `[*]`, `.*`, recursive descent `..name` / `..[...]`,
and filters `[?(@.key == 'value')]`, `[?@.a.b != 1]`, `[?(@.key)]` (exists).

- `update` on an object deep-merges: objects merge recursively, arrays are appended to,
  anything else is replaced. On an array target the update is appended (a list update extends).
  On a scalar target the value is replaced.
- `remove: true` deletes every matched node from its parent (and wins over `update`).
- An action whose target matches nothing is reported as a Problem (pointer `/actions/N`).
- The input document is never mutated: the result is a deep copy.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from generator.document.pointer import escape_token
from generator.document.tree import copy_tree
from generator.problems import GeneratorError, Problem

SUPPORTED_OVERLAY = re.compile(r"1\.0\.\d+")
# The most nodes one step of a target may match (a real target matches a few, or one kind of
# node in every schema): a target like `$..*..*..*` is refused past it, not followed into
# gigabytes.
MAX_MATCHES = 200_000
# The most nodes one action may add to the document (its update's size, once per match): an
# update copied into each of many matches could grow the document without bound.
MAX_ADDED_NODES = 2_000_000


class JsonPathError(ValueError):
    """The target is not in the supported JSONPath subset."""


@dataclass(frozen=True)
class Child:
    name: str


@dataclass(frozen=True)
class Index:
    index: int


@dataclass(frozen=True)
class Wildcard:
    pass


@dataclass(frozen=True)
class Filter:
    path: tuple[str, ...]
    operator: str | None  # "==", "!=", or None for "exists"
    value: Any = None


Selector = Child | Index | Wildcard | Filter


@dataclass(frozen=True)
class Segment:
    selector: Selector
    recursive: bool = False


# A matched node: (parent container or None for the root, key in the parent, value).
Match = tuple[Any, str | int | None, Any]
# A node as the walk holds it: a match and where it is, (where its parent is, its key), made
# a JSON pointer only for the nodes an update is placed at (`_pointer`): a `$..` target walks
# every node of the document, and a string for each cost a third of GitHub's walk.
_Where = tuple[Any, str | int] | None
_Node = tuple[Any, str | int | None, Any, _Where]
# Where an update put a value: (its pointer in the document, its pointer in the overlay).
Placement = tuple[str, str]


# --------------------------------------------------------------------------- parsing

_NAME_END = re.compile(r"[.\[]")
_FILTER = re.compile(
    r"""@(?P<path>(?:\.[^.\[\s=!]+|\[\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*\])*)"""
    r"""\s*(?:(?P<op>==|!=)\s*(?P<literal>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^\s)]+))?"""
)
_FILTER_STEP = re.compile(r"""\.([^.\[]+)|\[\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*\]""")


def parse_jsonpath(text: str) -> list[Segment]:
    path = text.strip()
    if not path.startswith("$"):
        raise JsonPathError("a target must start with '$'")
    segments: list[Segment] = []
    position = 1
    while position < len(path):
        recursive = path.startswith("..", position)
        if recursive:
            position += 2
            if position < len(path) and path[position] == "[":
                selector, position = _parse_bracket(path, position)
            else:
                selector, position = _parse_name(path, position)
        elif path[position] == ".":
            selector, position = _parse_name(path, position + 1)
        elif path[position] == "[":
            selector, position = _parse_bracket(path, position)
        else:
            raise JsonPathError(f"unexpected {path[position]!r} at position {position}")
        segments.append(Segment(selector, recursive))
    return segments


def _parse_name(path: str, position: int) -> tuple[Selector, int]:
    end_match = _NAME_END.search(path, position)
    end = end_match.start() if end_match else len(path)
    name = path[position:end].strip()
    if not name:
        raise JsonPathError(f"missing name after '.' at position {position}")
    return (Wildcard() if name == "*" else Child(name)), end


def _parse_bracket(path: str, position: int) -> tuple[Selector, int]:
    close = _closing_bracket(path, position)
    inner = path[position + 1 : close].strip()
    after = close + 1
    if inner == "*":
        return Wildcard(), after
    if inner[:1] in ("'", '"'):
        return Child(_string_literal(inner)), after
    if re.fullmatch(r"-?\d+", inner):
        return Index(int(inner)), after
    if inner.startswith("?"):
        return _parse_filter(inner[1:].strip()), after
    raise JsonPathError(f"unsupported selector [{inner}] (supported: 'name', N, *, ?(...))")


def _closing_bracket(path: str, position: int) -> int:
    """Index of the `]` matching the `[` at `position`, skipping quoted strings."""
    depth = 0
    quote = ""
    index = position
    while index < len(path):
        char = path[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = ""
        elif char in ("'", '"'):
            quote = char
        elif char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    raise JsonPathError(f"unclosed '[' at position {position}")


def _string_literal(text: str) -> str:
    quote = text[0]
    if len(text) < 2 or text[-1] != quote:
        raise JsonPathError(f"unterminated string {text}")
    body = text[1:-1]
    return re.sub(r"\\(.)", r"\1", body)


def _parse_filter(body: str) -> Filter:
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1].strip()
    match = _FILTER.fullmatch(body)
    if match is None:
        raise JsonPathError(
            f"unsupported filter ?({body}); supported: @.key == 'value', @.key != value, @.key"
        )
    path = tuple(
        name if name else _string_literal(quoted)
        for name, quoted in _FILTER_STEP.findall(match.group("path"))
    )
    operator = match.group("op")
    value = _filter_literal(match.group("literal")) if operator else None
    return Filter(path, operator, value)


def _filter_literal(text: str) -> Any:
    if text[0] in ("'", '"'):
        return _string_literal(text)
    literals: dict[str, Any] = {"true": True, "false": False, "null": None}
    if text in literals:
        return literals[text]
    try:
        return float(text) if re.search(r"[.eE]", text) else int(text)
    except ValueError:
        raise JsonPathError(f"unsupported literal {text!r}") from None


# --------------------------------------------------------------------------- evaluation


def select(data: Any, segments: list[Segment]) -> list[Match]:
    """All nodes of `data` matched by the parsed path, each once, in the order found.

    Each step keeps a node once however many ways lead to it (`$..*..*` reaches a deep node
    from each of its ancestors: without that, every `..` multiplies the nodes by the depth), and
    matches at most `MAX_MATCHES` nodes (`TooManyMatches` past it)."""
    return [(parent, key, value) for parent, key, value, _ in _select(data, segments)]


def _select(data: Any, segments: list[Segment]) -> list[_Node]:
    """`select`, each node with its pointer."""
    current: list[_Node] = [(None, None, data, None)]
    for segment in segments:
        candidates = _descendants(current) if segment.recursive else current
        current = _at_most(_unique(found for node in candidates
                                   for found in _apply(segment.selector, node)))
    return current


class TooManyMatches(JsonPathError):
    """A step of the target matches more than `MAX_MATCHES` nodes."""


def _unique(matches: Iterable[_Node]) -> Iterator[_Node]:
    """Each node once: a node is its place (its parent container and its key there)."""
    seen: set[tuple[int, str | int | None]] = set()
    for match in matches:
        place = (id(match[0]), match[1])
        if place not in seen:
            seen.add(place)
            yield match


def _at_most(matches: Iterable[_Node]) -> list[_Node]:
    found: list[_Node] = []
    for match in matches:
        if len(found) == MAX_MATCHES:
            raise TooManyMatches(
                f"it matches more than {MAX_MATCHES:,} nodes (the limit, MAX_MATCHES)")
        found.append(match)
    return found


def _children(value: Any, where: _Where) -> Iterator[_Node]:
    if isinstance(value, dict):
        for key, child in value.items():
            yield value, key, child, (where, key)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield value, index, child, (where, index)


def _pointer(where: _Where) -> str:
    """The JSON pointer of a node the walk found at `where`."""
    keys: list[str | int] = []
    while where is not None:
        where, key = where
        keys.append(key)
    return "".join(f"/{escape_token(key)}" for key in reversed(keys))


def _descendants(nodes: list[_Node]) -> Iterator[_Node]:
    """`nodes` and every node under them, each once, parents before children."""
    seen: set[tuple[int, str | int | None]] = set()
    stack = list(reversed(nodes))
    while stack:
        node = stack.pop()
        place = (id(node[0]), node[1])
        if place in seen:
            continue
        seen.add(place)
        yield node
        stack.extend(reversed(list(_children(node[2], node[3]))))


def _apply(selector: Selector, node: _Node) -> Iterator[_Node]:
    value, where = node[2], node[3]
    if isinstance(selector, Child):
        if isinstance(value, dict) and selector.name in value:
            yield value, selector.name, value[selector.name], (where, selector.name)
    elif isinstance(selector, Index):
        if isinstance(value, list) and -len(value) <= selector.index < len(value):
            index = selector.index % len(value)
            yield value, index, value[index], (where, index)
    elif isinstance(selector, Wildcard):
        yield from _children(value, where)
    else:
        yield from (child for child in _children(value, where)
                    if _filter_holds(selector, child[2]))


def _filter_holds(selector: Filter, value: Any) -> bool:
    for name in selector.path:
        if not isinstance(value, dict) or name not in value:
            return False
        value = value[name]
    if selector.operator is None:
        return True
    equal = _same_value(value, selector.value)
    return equal if selector.operator == "==" else not equal


def _same_value(left: Any, right: Any) -> bool:
    if isinstance(left, bool) or isinstance(right, bool):
        return left is right
    return bool(left == right)


# --------------------------------------------------------------------------- applying


@dataclass(frozen=True)
class _Action:
    index: int
    target: str
    segments: list[Segment]
    update: Any
    has_update: bool
    remove: bool


def apply_overlay(
    data: dict[str, Any], overlay: Any, overlay_file: str
) -> tuple[dict[str, Any], list[Problem]]:
    """Apply an Overlay 1.0 document to a deep copy of `data`: (new data, problems).

    Raises GeneratorError when the overlay document itself is invalid.
    """
    result, problems, _ = apply_overlay_placing(data, overlay, overlay_file)
    return result, problems


def apply_overlay_placing(
    data: dict[str, Any], overlay: Any, overlay_file: str
) -> tuple[dict[str, Any], list[Problem], list[Placement]]:
    """`apply_overlay`, and where each update put a value (a problem found there later is the
    overlay's to show: its file and line). A removal shifts the list items after it; a value
    placed in a list before that is then shown at its old index's line."""
    actions = _parse_actions(overlay, overlay_file)
    result: dict[str, Any] = copy_tree(data)
    problems: list[Problem] = []
    placements: list[Placement] = []
    for action in actions:
        pointer = f"/actions/{action.index}"
        matches = _matches(result, action, overlay_file)
        if not matches:
            problems.append(Problem(
                overlay_file, pointer, None,
                f"target {action.target!r} matches nothing in the document",
                "the spec may have changed; fix the target or remove the action",
                code="overlay-no-match"))
        elif action.remove:
            problems.extend(_remove(matches, overlay_file, pointer))
        elif action.has_update:
            for match in matches:
                placed = _placements(match, action.update, f"{pointer}/update")
                refused = _update(match, action.update, overlay_file, pointer)
                problems.extend(refused)
                placements.extend(() if refused else placed)
    return result, problems, placements


def _matches(data: Any, action: _Action, file: str) -> list[_Node]:
    """What `action` targets in `data`; a located error past `MAX_MATCHES`, or when its
    update, copied into each match, would add more than `MAX_ADDED_NODES` nodes."""
    pointer = f"/actions/{action.index}"
    try:
        matches = _select(data, action.segments)
    except TooManyMatches as exc:
        raise GeneratorError([Problem(
            file, f"{pointer}/target", None, f"target {action.target!r}: {exc}",
            "name the nodes more precisely (fewer `..` and `*`)", code="overlay-too-many")]
        ) from None
    if action.has_update and not action.remove and matches:
        added = len(matches) * node_count(action.update)
        if added > MAX_ADDED_NODES:
            raise GeneratorError([Problem(
                file, f"{pointer}/update", None,
                f"the update, copied into each of the {len(matches):,} nodes {action.target!r} "
                f"matches, would add {added:,} nodes to the document (the limit, "
                f"MAX_ADDED_NODES, is {MAX_ADDED_NODES:,})",
                "target fewer nodes, or make the update smaller", code="overlay-too-many")])
    return matches


def node_count(data: Any) -> int:
    """How many values `data` holds, itself included (its own stack: any depth)."""
    count = 0
    stack = [data]
    while stack:
        node = stack.pop()
        count += 1
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return count


def _parse_actions(overlay: Any, file: str) -> list[_Action]:
    if not isinstance(overlay, dict):
        raise GeneratorError([Problem(file, "", None, "an overlay must be a mapping",
                                      "expected `overlay: 1.0.0` and `actions: [...]`")])
    problems: list[Problem] = []
    version = overlay.get("overlay")
    if not isinstance(version, str) or not SUPPORTED_OVERLAY.fullmatch(version):
        found = "missing" if version is None else f"{version!r}"
        problems.append(Problem(file, "/overlay", None,
                                f"not an Overlay 1.0 document: `overlay` version is {found}",
                                "start the file with `overlay: 1.0.0`"))
    raw_actions = overlay.get("actions")
    if not isinstance(raw_actions, list):
        problems.append(Problem(file, "/actions", None, "`actions` must be a list of actions",
                                "each action has a `target` and an `update` or `remove: true`"))
        raw_actions = []
    actions = []
    for index, raw in enumerate(raw_actions):
        action = _parse_action(index, raw, file, problems)
        if action is not None:
            actions.append(action)
    if problems:
        raise GeneratorError(problems)
    return actions


def _parse_action(index: int, raw: Any, file: str, problems: list[Problem]) -> _Action | None:
    pointer = f"/actions/{index}"
    if not isinstance(raw, dict):
        problems.append(Problem(file, pointer, None, "an action must be a mapping"))
        return None
    target = raw.get("target")
    if not isinstance(target, str):
        problems.append(Problem(file, pointer, None, "action has no `target` string",
                                "e.g. target: $.paths['/v1/items'].get"))
        return None
    try:
        segments = parse_jsonpath(target)
    except JsonPathError as exc:
        problems.append(Problem(file, f"{pointer}/target", None,
                                f"invalid target {target!r}: {exc}"))
        return None
    remove = raw.get("remove", False)
    if not isinstance(remove, bool):
        problems.append(Problem(file, f"{pointer}/remove", None, "`remove` must be true or false"))
        return None
    if not remove and "update" not in raw:
        problems.append(Problem(file, pointer, None, "action has neither `update` nor `remove`"))
        return None
    return _Action(index, target, segments, raw.get("update"), "update" in raw, remove)


def _remove(matches: list[_Node], file: str, pointer: str) -> list[Problem]:
    list_indexes: dict[int, tuple[list[Any], set[int]]] = {}
    for parent, key, _, _ in matches:
        if parent is None:
            return [Problem(file, pointer, None, "cannot remove the document root")]
        if isinstance(parent, dict):
            parent.pop(key, None)
        else:
            assert isinstance(key, int)
            list_indexes.setdefault(id(parent), (parent, set()))[1].add(key)
    for items, indexes in list_indexes.values():
        for index in sorted(indexes, reverse=True):
            del items[index]
    return []


def _update(match: _Node, update: Any, file: str, pointer: str) -> list[Problem]:
    parent, key, value, _ = match
    update = copy_tree(update)
    if isinstance(value, dict):
        if not isinstance(update, dict):
            return [Problem(file, f"{pointer}/update", None,
                            "the target is an object, so `update` must be an object")]
        deep_merge(value, update)
    elif isinstance(value, list):
        value.extend(update if isinstance(update, list) else [update])
    elif parent is not None:
        parent[key] = update
    return []


def _placements(match: _Node, update: Any, source: str) -> list[Placement]:
    """Where `_update` will put the parts of `update` (at `source` in the overlay) at `match`:
    each value that replaces or joins the document's, not the objects it merges into. Read
    before the update is applied."""
    target, at = match[2], _pointer(match[3])
    if isinstance(target, list) and not isinstance(update, list):  # (appended as one item)
        return [(f"{at}/{len(target)}", source)]
    placements: list[Placement] = []
    stack = [(target, update, at, source)]
    while stack:
        into, given, at, came = stack.pop()
        if isinstance(into, dict) and isinstance(given, dict):
            for key, value in given.items():
                where, whence = f"{at}/{escape_token(key)}", f"{came}/{escape_token(key)}"
                if key in into:
                    stack.append((into[key], value, where, whence))
                else:
                    placements.append((where, whence))
        elif isinstance(into, list) and isinstance(given, list):
            placements.extend((f"{at}/{len(into) + index}", f"{came}/{index}")
                              for index in range(len(given)))
        else:
            placements.append((at, came))
    return placements


def deep_merge(target: dict[str, Any], update: dict[str, Any]) -> None:
    """Merge `update` into `target` in place: objects merge key by key, arrays append, the rest
    replaces. Its own stack: an update may nest as deep as a document."""
    stack = [(target, update)]
    while stack:
        into, source = stack.pop()
        for key, value in source.items():
            existing = into.get(key)
            if isinstance(existing, dict) and isinstance(value, dict):
                stack.append((existing, value))
            elif isinstance(existing, list) and isinstance(value, list):
                existing.extend(value)
            else:
                into[key] = value
