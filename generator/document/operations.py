"""The one walk over a document's operations.

`iter_operations` yields every operation under `paths` (following a path item's `$ref`) with its
pointer and the path item's shared parameters. How each is named in generated code is
`generator.names.operations`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.document.pointer import HTTP_METHODS, join_pointer
from generator.document.refs import Refs
from generator.problems import operation_label

# A parameter's style when it gives none, by location (OpenAPI's defaults); `explode`
# defaults to true for `form` only.
DEFAULT_STYLES = {"path": "simple", "query": "form", "header": "simple", "cookie": "form"}

@dataclass(frozen=True)
class OperationSite:
    """Where an operation is: `/paths/~1users/get`, its path, its HTTP method and its object."""

    pointer: str
    path: str
    method: str
    operation: dict[str, Any]
    shared_parameters: tuple[Any, ...]  # the path item's own `parameters`
    shared_servers: tuple[Any, ...] = ()  # the path item's own `servers`

    @property
    def label(self) -> str:
        return operation_label(self.method, self.path)


def iter_operations(data: dict[str, Any], *, sorted_paths: bool = False) -> Iterator[OperationSite]:
    """Every operation under `paths`, in document order (or sorted by path)."""
    for path, item in _path_items(data, sorted_paths):
        shared = item.get("parameters")
        shared_parameters = tuple(shared) if isinstance(shared, list) else ()
        servers = item.get("servers")
        shared_servers = tuple(servers) if isinstance(servers, list) else ()
        for method in HTTP_METHODS:
            operation = item.get(method)
            if isinstance(operation, dict):
                pointer = join_pointer(join_pointer("/paths", path), method)
                yield OperationSite(pointer, path, method, operation, shared_parameters,
                                    shared_servers)


def _path_items(data: dict[str, Any], sorted_paths: bool = False
                ) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each path and its path item (a `$ref`'d one followed), those that are objects."""
    paths = data.get("paths")
    if not isinstance(paths, dict):
        return
    refs = Refs(data)
    for path in sorted(paths) if sorted_paths else paths:
        item = paths[path]
        if isinstance(item, dict) and isinstance(item.get("$ref"), str):
            _, item = refs.lookup(item["$ref"])
        if isinstance(item, dict):
            yield path, item


def count_operations(data: dict[str, Any]) -> int:
    """How many operations `data` has: `operation_pointers`."""
    return sum(1 for _ in operation_pointers(data))


def operation_pointers(data: dict[str, Any]) -> Iterator[str]:
    """The pointer of every operation under `paths`, one that is no object too (`get: []`,
    which `iter_operations` passes over and generation skips, named)."""
    for path, item in _path_items(data):
        yield from (join_pointer(join_pointer("/paths", path), method)
                    for method in HTTP_METHODS if method in item)
