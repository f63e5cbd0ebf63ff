"""document/tree.py: walks and copies that no depth breaks, and the deep stack."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from generator.document.tree import (
    MAX_NESTING,
    copy_tree,
    depth,
    depth_of,
    iter_children,
    with_deep_stack,
)


def chain(levels: int) -> dict[str, Any]:
    """{"a": {"a": ... {"leaf": 1}}}: `levels` dicts, built without recursion."""
    root: dict[str, Any] = {"leaf": 1}
    for _ in range(levels - 1):
        root = {"a": root}
    return root


def test_iter_children_visits_a_10000_deep_chain_parents_first() -> None:
    data = chain(10_000)
    visited = list(iter_children(data))
    assert len(visited) == 9_999
    container, key, value = visited[0]
    assert container is data and key == "a" and value is data["a"]
    assert visited[-1][2] == {"leaf": 1}


def test_iter_children_lets_the_caller_replace_values_in_place() -> None:
    data: dict[str, Any] = {"list": [{"x": 1}, {"x": 2}], "keep": {"y": 3}}
    for container, key, value in iter_children(data):
        if isinstance(value, dict) and "x" in value:
            container[key] = {"x": value["x"] * 10}
    assert data == {"list": [{"x": 10}, {"x": 20}], "keep": {"y": 3}}


def test_iter_children_walks_a_shared_subtree_once() -> None:
    shared = {"s": [1]}
    data = {"a": shared, "b": shared}
    assert [value for _, _, value in iter_children(data)].count(shared) == 1


def test_copy_tree_copies_containers_and_keeps_sharing() -> None:
    shared = {"s": [1, 2]}
    data = {"a": shared, "b": [shared, "text"]}
    copied = copy_tree(data)
    assert copied == data
    assert copied is not data and copied["a"] is not shared
    assert copied["a"] is copied["b"][0], "a subtree shared in the source stays shared"
    copied["a"]["s"].append(3)
    assert shared == {"s": [1, 2]}


def test_copy_tree_of_a_10000_deep_chain() -> None:
    data = chain(10_000)
    copied = copy_tree(data)
    assert depth(copied) == 10_000
    assert copied is not data


def test_depth_counts_levels_of_dicts_and_lists() -> None:
    assert depth({}) == 1
    assert depth({"a": [{"b": 1}]}) == 3
    assert depth(chain(10_000)) == 10_000
    assert depth([1, [2, [3]]], children=lambda n: [c for c in n if isinstance(c, list)]) == 3


def _containers(node: Any) -> list[Any]:
    values = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    return [value for value in values if isinstance(value, (dict, list))]


def _shared_shapes() -> list[Any]:
    """Documents whose subtrees are shared (YAML aliases, `drift.share`): a subtree met first
    at a shallow level is not walked again where it sits deeper, so the walk's order decides
    the number, and the written-out walk must take the generic walk's order."""
    leaf: dict[str, Any] = {"y": {"z": []}}
    deep_first = {"shallow": leaf, "deep": {"x": {"w": leaf}}}
    shallow_first = {"deep": {"x": {"w": leaf}}, "shallow": leaf}
    in_lists = [[leaf], [[[leaf]]], leaf]
    return [deep_first, shallow_first, in_lists, chain(50), {"a": 1}, [], "text"]


def test_depth_written_out_counts_as_the_generic_walk_over_shared_subtrees() -> None:
    for data in _shared_shapes():
        assert depth(data) == depth(data, children=_containers)


def _pair_depth(pair: tuple[Any, Any]) -> int:
    return depth(pair, lambda n: _containers(list(n)) if n is pair else _containers(n))


def test_depth_of_several_roots_is_the_generic_walk_below_a_node_holding_them() -> None:
    shapes = _shared_shapes()
    for old in shapes:
        for new in shapes:
            assert depth_of(old, new) == _pair_depth((old, new)) - 1
    assert depth_of() == 0 and depth_of(1, "a") == 0


def _recurse(levels: int) -> int:
    return 0 if levels == 0 else 1 + _recurse(levels - 1)


def test_with_deep_stack_runs_a_walk_deeper_than_the_default_limit() -> None:
    levels = 5 * sys.getrecursionlimit()
    assert with_deep_stack(lambda: _recurse(levels), MAX_NESTING) == levels
    assert sys.getrecursionlimit() < levels, "the limit is restored afterwards"


def test_with_deep_stack_raises_the_walks_error_in_the_caller() -> None:
    def fail() -> None:
        raise ValueError("inside")

    with pytest.raises(ValueError, match="inside"):
        with_deep_stack(fail, MAX_NESTING)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("recurses_in_c", [False, True])
def test_a_deep_walk_inside_a_deep_walk_runs_on_the_same_stack(recurses_in_c: bool) -> None:
    """A YAML file read while another walk runs on the deep stack (libyaml's composer always
    asks for it) must not wait for the lock its caller holds: it runs where it is called, with
    the limit it asks for, and the limit is restored after."""
    levels = 3 * sys.getrecursionlimit()

    def outer() -> int:
        inner = with_deep_stack(lambda: _recurse(levels), MAX_NESTING, recurses_in_c=recurses_in_c)
        return inner + _recurse(10)

    assert with_deep_stack(outer, 10) == levels + 10
    assert sys.getrecursionlimit() < levels


def test_copy_tree_calls_each_dict_once_with_its_source_and_keeps_what_it_changes() -> None:
    shared = {"n": 1}
    data = {"a": [shared, shared], "b": {"c": shared}}
    seen: list[Any] = []

    def mark(source: dict[str, Any], copied: dict[str, Any]) -> None:
        seen.append(source)
        copied["seen"] = True

    copied = copy_tree(data, mark)
    assert [id(source) for source in seen] == [id(data), id(data["b"]), id(shared)]
    assert copied == {"a": [{"n": 1, "seen": True}] * 2, "b": {"c": {"n": 1, "seen": True},
                                                                 "seen": True}, "seen": True}
    assert data == {"a": [shared, shared], "b": {"c": shared}} and shared == {"n": 1}
