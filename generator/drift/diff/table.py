"""Provider comparison table: one operation's request and response fields across providers.

``compare(specs, operation)`` renders a Markdown table with one row per request parameter,
request body property and response field (dotted for nesting: ``usage.prompt_tokens``,
``choices[].text``, ``metadata{}`` for map values) and one column per provider, whose cell sums
the field up: ``integer · nullable · one of a, b · default 1 · required`` (type, then only the
facts that hold; "—" where the provider lacks the field). A row whose cells differ between
providers (a provider lacking the field included) is marked "≠" in its first column. Schemas are
flattened by ``walk.SchemaWalker``, so the 3.0/3.1 normalisation and ``$ref`` handling are the
same as in ``diff``.

The operation is found per provider:
* ``operation=None`` means ``("completions", "create")``.
* ``operation=(resource, method)``: the operation with ``x-codegen-resource: resource`` and
  ``x-codegen-method: method``; else the POST operation whose path ends with ``/resource``.
* ``operation=(http_method, path)`` (e.g. ``("post", "/v1/completions")``): that operation.

The body is the JSON media type (application/json, then ``*+json``, then the first listed); the
response is the first success status (sorted: ``200`` before ``201`` before ``2XX``).
Output is deterministic: rows sorted by section (parameters, body, response), location, name;
provider columns in the mapping's order. docs/providers.md is this table with a header and a
provenance line (`compare.compare_document`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from generator.document import tree
from generator.document.operations import iter_operations
from generator.document.pointer import HTTP_METHODS, join_tokens
from generator.document.refs import Refs
from generator.drift.diff.pairing import is_success, operation_parameters, pick_media
from generator.drift.diff.walk import SchemaInfo, SchemaWalker, display_name
from generator.drift.report import md_cell

ABSENT = "—"
DIFFERS = "≠"
SEPARATOR = " · "
RowKey = tuple[int, str, str]  # (section, location, field name)


@dataclass(frozen=True)
class _Located:
    path: str
    method: str
    item: Mapping[str, Any]
    op: Mapping[str, Any]


def find_operation(
    doc: Mapping[str, Any], operation: tuple[str, str] | None = None
) -> tuple[str, str] | None:
    """(path, method) of the requested operation in ``doc``, or None."""
    first, second = operation or ("completions", "create")
    sites = list(iter_operations(dict(doc), sorted_paths=True))
    if first.lower() in HTTP_METHODS and second.startswith("/"):
        wanted = (second, first.lower())
        return wanted if any((site.path, site.method) == wanted for site in sites) else None
    hinted = [site for site in sites if site.operation.get("x-codegen-resource") == first
              and site.operation.get("x-codegen-method") == second]
    by_path = [site for site in sites
               if site.method == "post" and site.path.rstrip("/").endswith("/" + first)]
    chosen = next(iter(hinted + by_path), None)
    return (chosen.path, chosen.method) if chosen else None


def _rows(doc: Mapping[str, Any], found: _Located) -> Iterator[tuple[RowKey, SchemaInfo, bool]]:
    """(row key, schema info, required) for every parameter, body property, response field."""
    refs = Refs(doc)
    walker = SchemaWalker(refs)
    params = operation_parameters(refs, found.path, found.item, found.method)
    for param in params.values():
        schema, pointer = param.schema()
        info = walker.flatten(schema, pointer)[()].info
        yield (0, param.location, param.name), info, param.required
    op_pointer = join_tokens("", "paths", found.path, found.method)
    if "requestBody" in found.op:
        body = refs.object(found.op["requestBody"])
        yield from _body_rows(walker, body, join_tokens(op_pointer, "requestBody"), 1, "body")
    responses = found.op.get("responses") or {}
    success = sorted(str(status) for status in responses if is_success(str(status)))
    if success:
        response = refs.object(responses[_original_key(responses, success[0])])
        pointer = join_tokens(op_pointer, "responses", success[0])
        yield from _body_rows(walker, response, pointer, 2, "response")


def _original_key(mapping: Mapping[Any, Any], key: str) -> Any:
    return next(k for k in mapping if str(k) == key)


def _body_rows(
    walker: SchemaWalker, holder: Mapping[str, Any], pointer: str, section: int, where: str
) -> Iterator[tuple[RowKey, SchemaInfo, bool]]:
    media = pick_media(holder.get("content") or {})
    if media is None:
        return
    media_type, media_object = media
    schema_pointer = join_tokens(pointer, "content", media_type, "schema")
    for f in walker.walk(media_object.get("schema", {}), schema_pointer):
        if f.key:
            yield (section, where, display_name(f.key)), f.info, f.info.required


def _enum_cell(values: tuple[str, ...] | None) -> str:
    if values is None:
        return ""
    decoded = [json.loads(v) for v in values]
    return "one of " + ", ".join(v if isinstance(v, str) else json.dumps(v) for v in decoded)


def cell(info: SchemaInfo, required: bool) -> str:
    """One provider's summary of a field: its type, then each fact that holds."""
    facts = [
        info.label,
        "nullable" if info.nullable else "",
        _enum_cell(info.enum),
        f"default {info.default}" if info.default else "",
        "required" if required else "",
    ]
    return SEPARATOR.join(fact for fact in facts if fact)


def _locate(doc: Mapping[str, Any], operation: tuple[str, str] | None) -> _Located | None:
    found = find_operation(doc, operation)
    if found is None:
        return None
    path, method = found
    item = Refs(doc).object(doc["paths"][path])
    return _Located(path, method, item, item[method])


def compare(specs: Mapping[str, Mapping[str, Any]], operation: tuple[str, str] | None = None
            ) -> str:
    """Markdown table of the operation's fields across providers (see module docstring).

    Runs with the stack the documents' nesting needs (``tree.with_deep_stack``): the schema walk
    recurses, and a legal document may nest a thousand levels deep."""
    levels = max((tree.depth(doc) for doc in specs.values()), default=0)
    return tree.with_deep_stack(lambda: _table(specs, operation), levels)


def _table(specs: Mapping[str, Mapping[str, Any]], operation: tuple[str, str] | None) -> str:
    table: dict[RowKey, dict[str, str]] = {}
    notes = []
    for provider, doc in specs.items():
        found = _locate(doc, operation)
        if found is None:
            notes.append(f"- {provider}: no matching operation")
            continue
        notes.append(f"- {provider}: `{found.method.upper()} {found.path}`")
        for key, info, required in _rows(doc, found):
            table.setdefault(key, {}).setdefault(provider, cell(info, required))
    title = " ".join(operation) if operation else "completions create"
    rows = [_row(key, table[key], list(specs)) for key in sorted(table)]
    differing = sum(1 for row in rows if row[0] == DIFFERS)
    lines = [f"# Provider comparison: {title}", "", *notes, ""]
    if len(specs) > 1:
        legend = (f"{DIFFERS}: the providers document the field differently, or not all of them "
                  f"have it ({differing} of {len(rows)} fields).")
        lines += [legend, ""]
    header = ["", "field", "in", *specs]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "---|" * len(header))
    lines += ["| " + " | ".join(md_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _row(key: RowKey, cells: Mapping[str, str], providers: list[str]) -> list[str]:
    """The table row of one field: the difference mark, its name, where it is, each cell."""
    shown = [cells.get(provider, ABSENT) for provider in providers]
    mark = DIFFERS if len(set(shown)) > 1 else ""
    return [mark, key[2], key[1], *shown]
