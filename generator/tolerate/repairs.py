"""The repairs: each a `Fix`, a function that changes a copy of the document in place.

A fix looks its target up again when it runs (an earlier fix of the same round may have
changed or removed it) and does nothing when the target is gone or already repaired. A list
item a fix removes is marked `REMOVED` and dropped once every fix of the round has run, so that
the indexes other fixes hold stay valid.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from generator.document.pointer import join_tokens, resolve_pointer, split_pointer
from generator.document.refs import Refs
from generator.document.schemas import json_key
from generator.tolerate.locate import operation_object, own_path_item

Fix = Callable[[dict[str, Any]], None]


class _Removed:
    """A list item removed by a repair (see the module's docstring)."""


REMOVED = _Removed()


def drop_removed(data: Any) -> None:
    """Every list of `data` without the items repairs removed (its own stack: any depth)."""
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            node[:] = [item for item in node if item is not REMOVED]
            stack.extend(node)


def delete(pointer: str) -> Fix:
    """The value at `pointer` goes (a list item is marked `REMOVED`)."""
    def fix(data: dict[str, Any]) -> None:
        tokens = split_pointer(pointer)
        found, parent = resolve_pointer(data, join_tokens("", *tokens[:-1]))
        if found and isinstance(parent, dict):
            parent.pop(tokens[-1], None)
        elif (found and isinstance(parent, list) and tokens[-1].isdigit()
              and int(tokens[-1]) < len(parent)):
            parent[int(tokens[-1])] = REMOVED
    return fix


def delete_keys(pointer: str, names: list[str]) -> Fix:
    """The object at `pointer` without the keys `names`."""
    def fix(data: dict[str, Any]) -> None:
        found, node = resolve_pointer(data, pointer)
        if found and isinstance(node, dict):
            for name in names:
                node.pop(name, None)
    return fix


def rename_keys(pointer: str, renames: dict[str, str], dropped: list[str]) -> Fix:
    """The object at `pointer` with each key of `renames` renamed (its place kept, unless the
    new name is taken) and the keys `dropped` gone."""
    def fix(data: dict[str, Any]) -> None:
        found, node = resolve_pointer(data, pointer)
        if not found or not isinstance(node, dict):
            return
        chosen = {old: new for old, new in renames.items() if new not in node}
        items = [(chosen.get(key, key), value) for key, value in node.items() if key not in dropped]
        node.clear()
        node.update(items)
    return fix


def set_default(pointer: str, key: str, value: Any) -> Fix:
    """The object at `pointer` gets `key: value` unless it has `key`: a copy of `value` each
    time (a fix applied to both sides of a `diff` gave them one object, which a stage building
    one side on itself then changed under the other)."""
    def fix(data: dict[str, Any]) -> None:
        found, node = resolve_pointer(data, pointer)
        if found and isinstance(node, dict) and key not in node:
            node[key] = copy.deepcopy(value)
    return fix


def transform(pointer: str, change: Callable[[Any], Any]) -> Fix:
    """The value at `pointer` becomes `change(value)`."""
    def fix(data: dict[str, Any]) -> None:
        tokens = split_pointer(pointer)
        found, parent = resolve_pointer(data, join_tokens("", *tokens[:-1]))
        if found and isinstance(parent, dict) and tokens[-1] in parent:
            parent[tokens[-1]] = change(parent[tokens[-1]])
        elif (found and isinstance(parent, list) and tokens[-1].isdigit()
              and int(tokens[-1]) < len(parent)):
            parent[int(tokens[-1])] = change(parent[int(tokens[-1])])
    return fix


def change_object(pointer: str, changes: list[Callable[[dict[str, Any]], None]],
                  needed: list[Callable[[dict[str, Any]], bool]]) -> Fix:
    """The object at `pointer` changed by each of `changes` whose `needed` still holds (two
    problems of one parameter may ask for the same change)."""
    def fix(data: dict[str, Any]) -> None:
        found, node = resolve_pointer(data, pointer)
        if found and isinstance(node, dict):
            for change, is_needed in zip(changes, needed, strict=True):
                if is_needed(node):
                    change(node)
    return fix


def without_duplicates(values: Any) -> Any:
    """The list without repeated entries (first kept, order kept); JSON values compared as JSON
    (`1` and `true` differ)."""
    if not isinstance(values, list):
        return values
    kept: dict[tuple[str, object], Any] = {}
    for value in values:
        kept.setdefault(json_key(value), value)
    return list(kept.values())


def null_type_as_nullable(schema_pointer: str) -> Fix:
    """A `{type: 'null'}` branch of anyOf/oneOf leaves the list and makes its owner `nullable`;
    elsewhere the schema itself becomes `nullable` (3.0 has no null type)."""
    tokens = split_pointer(schema_pointer)
    branch_of = tokens[-2] if len(tokens) >= 2 and tokens[-1].isdigit() else ""

    def fix(data: dict[str, Any]) -> None:
        found, schema = resolve_pointer(data, schema_pointer)
        if not found or not isinstance(schema, dict) or schema.get("type") != "null":
            return
        if branch_of in ("anyOf", "oneOf") and set(schema) <= {"type", "description", "title"}:
            found_owner, owner = resolve_pointer(data, join_tokens("", *tokens[:-2]))
            if found_owner and isinstance(owner, dict):
                owner["nullable"] = True
                owner[branch_of][int(tokens[-1])] = REMOVED
                return
        del schema["type"]
        schema["nullable"] = True
    return fix


def exclusive_bound(schema_pointer: str, keyword: str) -> Fix:
    """`minimum: 1, exclusiveMinimum: true` (3.0) -> `exclusiveMinimum: 1` (3.1). A schema
    whose dialect is JSON Schema draft 4 (its own `$schema`, else the document's
    `jsonSchemaDialect`: ReadMe's `schema-validation-top-level`), where the boolean is the
    valid spelling, is marked 2020-12 too, the dialect it is then written in: validated again
    as draft 4, its number bounds were invalid, dropped, and the parameter read as `Any`."""
    bound = "minimum" if keyword == "exclusiveMinimum" else "maximum"

    def fix(data: dict[str, Any]) -> None:
        found, schema = resolve_pointer(data, schema_pointer)
        if not found or not isinstance(schema, dict) or not isinstance(schema.get(keyword), bool):
            return  # already read the 3.0 way (the same slip can be reported twice)
        flag = schema.pop(keyword)
        if flag is True and bound in schema:
            schema[keyword] = schema.pop(bound)
        if _boolean_bounds_dialect(schema.get("$schema", data.get("jsonSchemaDialect"))):
            schema["$schema"] = DIALECT_2020_12
    return fix


# the JSON Schema dialect OpenAPI 3.1 reads schemas in by default
DIALECT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


def _boolean_bounds_dialect(dialect: object) -> bool:
    """Whether `dialect` (a `$schema` or `jsonSchemaDialect`) is JSON Schema draft 3 or 4,
    whose `exclusiveMinimum`/`exclusiveMaximum` are booleans."""
    return isinstance(dialect, str) and any(
        f"draft-0{n}/" in dialect or dialect.rstrip("#/").endswith(f"draft-0{n}/schema")
        for n in (3, 4))


def drop_required(schema_pointer: str, names: list[str]) -> Fix:
    """The schema's `required` without `names`; without `required` at all when no name is
    left (an empty list is itself invalid in OpenAPI 3.0: one slip, one repair)."""
    def fix(data: dict[str, Any]) -> None:
        found, schema = resolve_pointer(data, schema_pointer)
        if found and isinstance(schema, dict) and isinstance(schema.get("required"), list):
            kept = [name for name in schema["required"] if name not in names]
            if kept:
                schema["required"] = kept
            else:
                del schema["required"]
    return fix


def replace_with_empty(pointer: str) -> Fix:
    """The schema at `pointer` becomes `{}` (any value), keeping its description."""
    def fix(data: dict[str, Any]) -> None:
        found, node = resolve_pointer(data, pointer)
        if found and isinstance(node, dict):
            description = node.get("description")
            node.clear()
            if isinstance(description, str):
                node["description"] = description
        elif found:  # null, a string...: not an object at all
            tokens = split_pointer(pointer)
            _, parent = resolve_pointer(data, join_tokens("", *tokens[:-1]))
            if isinstance(parent, dict):
                parent[tokens[-1]] = {}
            elif isinstance(parent, list):
                parent[int(tokens[-1])] = {}
    return fix


def declare_path_parameter(operation: str, name: str) -> Fix:
    """The operation declares `name` as a required string path parameter."""
    def fix(document: dict[str, Any]) -> None:
        node = operation_object(document, operation)
        if node is not None:
            parameters = node.setdefault("parameters", [])
            if isinstance(parameters, list):
                parameters.append({"name": name, "in": "path", "required": True,
                                   "schema": {"type": "string"}})
    return fix


def drop_path_parameter(operation: str, name: str) -> Fix:
    """The operation and its path item no longer declare the path parameter `name`."""
    def fix(document: dict[str, Any]) -> None:
        _, path, _ = split_pointer(operation)
        refs = Refs(document)
        item = own_path_item(document, path)
        node = operation_object(document, operation)
        for holder in (item, node):
            if holder is not None and isinstance(holder.get("parameters"), list):
                holder["parameters"] = [
                    raw for raw in holder["parameters"]
                    if not _is_path_parameter(refs.deref(raw)[0], name)]
    return fix


def _is_path_parameter(parameter: Any, name: str) -> bool:
    return (isinstance(parameter, dict) and parameter.get("name") == name
            and parameter.get("in") == "path")


def name_method(operation: str, method_name: str) -> Fix:
    """The operation's generated method is called `method_name`."""
    def fix(document: dict[str, Any]) -> None:
        node = operation_object(document, operation)
        if node is not None:
            node["x-codegen-method"] = method_name
    return fix


QUERY_TEMPLATE = re.compile(r"^([^=&]+)=\{([^{}]+)\}$")


def move_query_string(path: str, target: str, methods: list[str],
                      renames: dict[str, str]) -> Fix:
    """The path item at `path` moves to `target`; the path parameters the query string named
    (`renames`: path parameter -> query parameter) become those query parameters, declared as
    required strings where nothing declared them."""
    def fix(document: dict[str, Any]) -> None:
        moved = own_path_item(document, path)
        if moved is None:
            return
        del document["paths"][path]
        document["paths"][target] = moved
        refs = Refs(document)
        for holder in [moved, *(moved[m] for m in methods)]:
            holder["parameters"] = [_as_query(refs.deref(raw)[0], raw, renames)
                                    for raw in holder.get("parameters") or []]
        for method in methods:
            _declare_query_parameters(moved[method], moved["parameters"], renames)
    return fix


def drop_query_parameters(path: str, methods: list[str], names: set[str]) -> Fix:
    """The query parameters called `names` left out of the path item at `path` and of its
    operations (`methods`): its path fixes their values (`/files/{name}?view=fileinfo`)."""
    def fix(document: dict[str, Any]) -> None:
        item = own_path_item(document, path)
        if item is None:
            return
        refs = Refs(document)
        for holder in _parameter_holders(item, methods):
            holder["parameters"] = [raw for raw in holder["parameters"]
                                    if _query_name(refs.deref(raw)[0]) not in names]
    return fix


def declared_query_names(document: dict[str, Any], item: dict[str, Any] | None,
                         methods: list[str]) -> set[str]:
    """The names of the query parameters the path item `item` and its operations declare."""
    if item is None:
        return set()
    refs = Refs(document)
    return {name for holder in _parameter_holders(item, methods) for raw in holder["parameters"]
            if (name := _query_name(refs.deref(raw)[0])) is not None}


def _parameter_holders(item: dict[str, Any], methods: list[str]) -> list[dict[str, Any]]:
    """The path item and its operations (`methods`) that list parameters."""
    return [holder for holder in [item, *(item.get(m) for m in methods)]
            if isinstance(holder, dict) and isinstance(holder.get("parameters"), list)]


def _query_name(parameter: Any) -> str | None:
    """The name of `parameter` when it is a query parameter."""
    if isinstance(parameter, dict) and parameter.get("in") == "query":
        return str(parameter.get("name"))
    return None


def _declare_query_parameters(operation: dict[str, Any], shared: list[Any],
                              renames: dict[str, str]) -> None:
    declared = {parameter.get("name") for parameter in [*operation["parameters"], *shared]
                if isinstance(parameter, dict)}
    for wire in renames.values():
        if wire not in declared:
            operation["parameters"].append(
                {"name": wire, "in": "query", "required": True, "schema": {"type": "string"}})


def _as_query(parameter: Any, raw: Any, renames: dict[str, str]) -> Any:
    """A path parameter the query string names, as the query parameter it becomes (a copy,
    even when it came through `$ref`); any other parameter as it was."""
    if (isinstance(parameter, dict) and parameter.get("in") == "path"
            and parameter.get("name") in renames):
        return {**parameter, "name": renames[parameter["name"]], "in": "query"}
    return raw
