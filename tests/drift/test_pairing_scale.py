"""Pairing paths and moved operations on documents of tens of thousands of paths (Microsoft
Graph's order): paired right, and no moved operation scanned per path.
`path_shapes` counted each shape with a `list.count` per path (32,000 paths: 15 s per call,
made nine times per diff), and `path_added`/`path_removed` scanned every moved operation for
each path only one side has (8,000 operations moved to `/v2/...`: 22 s, 4 s without both)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.drift.diff.differ import _Differ
from generator.drift.diff.pairing import old_ops_by_new, operations_moved, path_shapes

Doc = dict[str, Any]


def test_path_shapes_pairs_tens_of_thousands_of_paths() -> None:
    """(Its time is `make bench`'s to measure: `bench.drift_pairs`' synthetic rows.)"""
    paths = [f"/r{i}/{{id}}/x" for i in range(40_000)] + ["/a", "/a/"]
    old, new = path_shapes(paths, paths)
    assert len(old) == len(new) == len(paths)
    assert old["/a"] == "/a" and old["/a/"] == "/a/"  # both spellings: paired as written
    assert new["/r7/{}/x"] == "/r7/{id}/x"


class _NoScan(dict[str, str]):
    """The moved operations, which may be looked up but never walked whole per path."""

    def __iter__(self) -> Iterator[str]:
        raise AssertionError("every moved operation scanned")


def _op(op_id: str) -> Doc:
    return {"operationId": op_id, "responses": {"204": {"description": "ok"}}}


def _doc(paths: Doc) -> Doc:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": paths}


def test_paths_one_side_has_look_moved_operations_up_not_scan_them() -> None:
    old = _doc({"/a": {"get": _op("getA"), "post": _op("postA")},
                "/gone": {"get": _op("getGone"), "put": _op("putGone")}})
    new = _doc({"/a": {"get": _op("getA")}, "/v2/a": {"post": _op("postA")},
                "/v2/gone": {"put": _op("putGone")}})
    differ = _Differ(old, new, True)
    assert differ.ops_moved == {"/paths/~1v2~1a/post": "/paths/~1a/post",
                                "/paths/~1v2~1gone/put": "/paths/~1gone/put"}
    moved_from = set(differ.moved_from)
    differ.ops_moved = _NoScan(differ.ops_moved)
    differ.moved_from = _NoScan.fromkeys(moved_from)  # type: ignore[assignment]
    differ.path_added("/v2/a")
    differ.path_added("/v2/gone")
    differ.path_removed("/gone")
    said = sorted((f.pointer, f.kind) for f in differ.found)
    assert ("/paths/~1v2~1a/post", "operation-path-changed") in said
    assert ("/paths/~1v2~1gone/put", "operation-path-changed") in said
    assert ("/paths/~1gone/get", "operation-removed") in said
    assert not any(kind in ("path-added", "path-removed") for _, kind in said)


def test_a_path_moved_after_another_path_pairs_whatever_the_order_of_paths() -> None:
    """`_ops_by_path` reused the name of `paths_moved`'s answer for the first paired path's
    `verbs_changed`, so a moved path listed after any path both sides have went unpaired
    (its operations then read as moved one by one, `operations_moved`)."""
    def ops(op_ids: list[str]) -> Doc:
        return {verb: _op(op_id) for verb, op_id in zip(("get", "delete"), op_ids, strict=False)}
    old = _doc({"/a": ops(["getA"]), "/pets/{id}": ops(["getPet", "delPet"])})
    new = _doc({"/a": ops(["getA"]), "/animals/{id}": ops(["getPet", "delPet"])})
    mapping = old_ops_by_new(old, new)
    assert mapping["/paths/~1animals~1{id}/put"] == "/paths/~1pets~1{id}/put"
    assert operations_moved(old, new) == {}  # (the path moved, not each operation)
