"""Every problem gets a class, and `generate` a decision for it: stop, skip an operation, or repair.

- *blocking*: nothing sensible can be generated (see `load`, which raises for those, and the
  few problems here that no rule covers);
- *operation*: one operation cannot be generated correctly (a `$ref` of its own that points
  nowhere, an invalid parameter, a method-name clash): it is skipped and named;
- *repairable*: generation goes on with a stated repair that keeps the wire contract the
  document evidently meant (an invalid `default` or `example` dropped, duplicate `required`
  entries merged, a 3.0-style boolean `exclusiveMinimum` in 3.1 read the 3.0 way, a missing
  `info.version` read as empty, ...).

`triage(data, problems)` decides; `apply(data, decisions)` returns a repaired copy of the
document with the skipped operations removed. Nothing here changes the caller's data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from generator.document.operations import iter_operations
from generator.document.pointer import (
    HTTP_METHODS,
    fragment_pointer,
    join_tokens,
    resolve_pointer,
    split_pointer,
)
from generator.document.refs import Refs, iter_refs
from generator.document.schemas import in_schema, is_name, json_key, schema_root
from generator.document.tree import copy_tree
from generator.names.operations import operation_names
from generator.problems import Problem, Repaired, Skipped, operation_label

Category = Literal["blocking", "operation", "repairable"]
Fix = Callable[[dict[str, Any]], None]

# Keywords under which a schema holds a list or a map of other schemas.
_SUBSCHEMA_LISTS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
_SUBSCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
# Parts of a document that only describe: an invalid entry there can go without changing a call.
_DESCRIPTIVE_ROOTS = frozenset({"info", "tags", "externalDocs", "servers", "webhooks"})
_DESCRIPTIVE_COMPONENTS = frozenset({"examples", "links", "callbacks"})
_UNEXPECTED = re.compile(r"\((.*) (?:was|were) unexpected\)")
_NOT_MATCHING = re.compile(r"^(.*) (?:does|do) not match any of the regexes")
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")
_REQUIRED_PROPERTY = re.compile(r"^'((?:[^'\\]|\\.)*)' is a required property$")
_TEXT_FIELDS = frozenset({"description", "title", "version", "summary"})
# JSON Schema 2020-12 keywords OpenAPI 3.0's schema dialect lacks.
_JSON_SCHEMA_KEYWORDS = frozenset({
    "const", "examples", "$defs", "$id", "$anchor", "$comment", "if", "then", "else",
    "prefixItems", "contains", "minContains", "maxContains", "dependentRequired",
    "dependentSchemas", "propertyNames", "unevaluatedProperties", "unevaluatedItems",
    "contentMediaType", "contentEncoding", "contentSchema",
})
# Schema keywords that datamodel-code-generator and our templates never read: dropping an
# invalid one leaves the generated code as it was.
_UNREAD_ANNOTATIONS = frozenset({
    "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$comment", "$id", "$schema", "$vocabulary",
    "externalDocs", "xml",
})


@dataclass(frozen=True)
class Decision:
    """What `generate` does about one problem."""

    problem: Problem
    category: Category
    action: str  # "drops the invalid `default`", "skips GET /items", "stops"
    operations: tuple[str, ...] = ()  # pointers of the operations skipped
    fix: Fix | None = field(default=None, compare=False)  # the repair, applied to a copy
    moves_path: bool = False  # changes which pointers name what: applied in a round of its own

    @property
    def changes_output(self) -> bool:
        """Whether generated code can differ once it is applied: a skip does; a repair does
        unless it changes nothing, or only an annotation code generation does not read."""
        if self.category == "operation":
            return True
        if self.fix is None:
            return False
        tokens = split_pointer(self.problem.pointer)
        return not (tokens and tokens[-1] in _UNREAD_ANNOTATIONS and in_schema(tokens[:-1]))


@dataclass(frozen=True)
class Outcome:
    """The document `generate` works from, and what it took to get there."""

    data: dict[str, Any]
    repairs: tuple[Repaired, ...]
    skipped: tuple[Skipped, ...]
    changes_output: bool = False  # a step since the flag was cleared changed what codegen reads

    def then(self, step: Outcome) -> Outcome:
        """This outcome followed by `step` (applied to this one's data); a repair reported again
        in a later round is recorded once."""
        said = {(repair.pointer, repair.action) for repair in self.repairs}
        repairs = [*self.repairs, *(r for r in step.repairs if (r.pointer, r.action) not in said)]
        return Outcome(step.data, tuple(repairs), (*self.skipped, *step.skipped),
                       self.changes_output or step.changes_output)


# --------------------------------------------------------------------------- locating


def _operation_of(tokens: list[str]) -> str | None:
    """`/paths/<p>/<method>` when `tokens` lie inside an operation."""
    if len(tokens) >= 3 and tokens[0] == "paths" and tokens[2] in HTTP_METHODS:
        return join_tokens("", *tokens[:3])
    return None


def _path_item_of(tokens: list[str]) -> str | None:
    if len(tokens) >= 2 and tokens[0] == "paths":
        return join_tokens("", *tokens[:2])
    return None


def own_path_item(data: dict[str, Any], path: str) -> dict[str, Any] | None:
    """`data["paths"][path]` as an object of its own: a path item given by `$ref` (3.1
    `components/pathItems`, or one item shared by two paths) is copied in first, so that a
    repair or a skip changes this path only."""
    paths = data.get("paths")
    item = paths.get(path) if isinstance(paths, dict) else None
    if isinstance(item, dict) and isinstance(item.get("$ref"), str):
        resolved, _, _ = Refs(data).deref(item)
        if isinstance(resolved, dict) and "x-unresolved-ref" not in resolved:
            item = paths[path] = copy_tree(dict(resolved))  # type: ignore[index]
    return item if isinstance(item, dict) else None


def _path_item(data: dict[str, Any], path: str) -> dict[str, Any] | None:
    """`data["paths"][path]`, through its `$ref` if it has one (read only)."""
    paths = data.get("paths")
    item = Refs(data).deref(paths.get(path))[0] if isinstance(paths, dict) else None
    return item if isinstance(item, dict) and "x-unresolved-ref" not in item else None


def _operation_object(data: dict[str, Any], operation: str) -> dict[str, Any] | None:
    """The operation at `/paths/<p>/<method>`, its path item made its own first."""
    _, path, method = split_pointer(operation)
    item = own_path_item(data, path)
    found = item.get(method) if item is not None else None
    return found if isinstance(found, dict) else None


def _operations_using(data: dict[str, Any], target: str) -> tuple[str, ...]:
    """Pointers of the operations whose objects reach `target` through `$ref`s."""
    refs = Refs(data)
    using = []
    paths = data.get("paths") or {}
    for site in iter_operations(data):
        seen: set[str] = set()
        pending = [paths.get(site.path), site.operation, *site.shared_parameters]
        while pending:
            node = pending.pop()
            for _, ref in iter_refs(node):
                pointer = fragment_pointer(ref) or ref
                if pointer == target or pointer.startswith(target + "/"):
                    using.append(site.pointer)
                    pending.clear()
                    break
                if ref not in seen and not pointer.startswith("/components/schemas/"):
                    seen.add(ref)
                    found, value = refs.lookup(ref)
                    if found:
                        pending.append(value)
    return tuple(dict.fromkeys(using))


# --------------------------------------------------------------------------- fixes


def _delete(pointer: str) -> Fix:
    def fix(data: dict[str, Any]) -> None:
        tokens = split_pointer(pointer)
        found, parent = resolve_pointer(data, join_tokens("", *tokens[:-1]))
        if found and isinstance(parent, dict):
            parent.pop(tokens[-1], None)
        elif found and isinstance(parent, list) and tokens[-1].isdigit() and int(tokens[-1]) < len(parent):
            parent[int(tokens[-1])] = _REMOVED
    return fix


def _set(pointer: str, key: str, value: Any) -> Fix:
    def fix(data: dict[str, Any]) -> None:
        found, node = resolve_pointer(data, pointer)
        if found and isinstance(node, dict):
            node.setdefault(key, value)
    return fix


def _transform(pointer: str, change: Callable[[Any], Any]) -> Fix:
    def fix(data: dict[str, Any]) -> None:
        tokens = split_pointer(pointer)
        found, parent = resolve_pointer(data, join_tokens("", *tokens[:-1]))
        if found and isinstance(parent, dict) and tokens[-1] in parent:
            parent[tokens[-1]] = change(parent[tokens[-1]])
    return fix


class _Removed:
    """A list item removed by a repair; dropped from its list once every fix has run (so that
    the indexes other fixes use stay valid)."""


_REMOVED = _Removed()


def _drop_removed(node: Any) -> Any:
    if isinstance(node, dict):
        for key, value in list(node.items()):
            node[key] = _drop_removed(value)
    elif isinstance(node, list):
        node[:] = [_drop_removed(item) for item in node if item is not _REMOVED]
    return node


# --------------------------------------------------------------------------- decisions


def triage(data: dict[str, Any], problems: Iterable[Problem]) -> list[Decision]:
    """A decision for every problem (warnings that need nothing done are left out)."""
    decisions = []
    for problem in problems:
        if problem.severity == "warning":
            continue
        decisions.append(decide(data, problem))
    return decisions


def decide(data: dict[str, Any], problem: Problem) -> Decision:
    tokens = split_pointer(problem.pointer)
    code = problem.code
    specific = _specific_repair(data, problem, tokens)
    if specific is not None:
        return specific
    if code == "overlay-no-match":
        return Decision(problem, "repairable", "ignores the overlay action")
    if code == "method-clash":
        return _rename_clashing(data, problem, tokens)
    if code == "path-query-string":
        return _move_query_string(data, problem, tokens)
    if code in ("validator-stopped", "validator-crashed"):
        return Decision(problem, "repairable",
                        "generates without openapi-spec-validator's verdict on the rest")
    return _by_location(data, problem, tokens)


def _specific_repair(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """The repairs that keep what the document evidently meant."""
    code, pointer = problem.code, problem.pointer
    last = tokens[-1] if tokens else ""
    if code == "dangling-ref":
        return _dangling_ref(data, problem, tokens)
    if last in ("default", "example") and not is_name(tokens, len(tokens) - 1) and (
        in_schema(tokens[:-1]) or code.startswith("schema:")
    ):
        return Decision(problem, "repairable", f"drops the invalid `{last}`", fix=_delete(pointer))
    examples = [i for i in range(max(0, len(tokens) - 3), len(tokens))
                if tokens[i] == "examples" and not is_name(tokens, i)]
    if examples and code.startswith("schema:"):
        index = examples[-1]
        if in_schema(tokens[:index]):  # a schema's `examples` list: all of it is documentation
            return Decision(problem, "repairable", "drops the invalid `examples`",
                            fix=_delete(join_tokens("", *tokens[: index + 1])))
        return Decision(problem, "repairable", "drops the invalid example",
                        fix=_delete(join_tokens("", *tokens[: index + 2])))
    if code == "schema:uniqueItems" and last in ("required", "enum"):
        return Decision(problem, "repairable", f"merges the duplicate `{last}` entries",
                        fix=_transform(pointer, _without_duplicates))
    if code == "pattern-unusable":
        return Decision(problem, "repairable", "drops the `pattern`: values are not checked against it",
                        fix=_delete(pointer))
    if code == "invalid-parameter":
        return _by_location(data, problem, tokens)
    if last in ("exclusiveMinimum", "exclusiveMaximum") and _is_bool_at(data, pointer):
        return Decision(problem, "repairable", f"reads the boolean `{last}` the OpenAPI 3.0 way",
                        fix=_exclusive_bound(join_tokens("", *tokens[:-1]), last))
    if last == "type" and _value_at(data, pointer) == "null" and str(data.get("openapi", "")).startswith("3.0"):
        return Decision(problem, "repairable", "reads `type: 'null'` the 3.1 way: null is allowed",
                        fix=_null_type_as_nullable(join_tokens("", *tokens[:-1])))
    if code == "required-not-a-property":
        return _required_not_a_property(problem, tokens)
    if code == "duplicate-operation-id":
        return Decision(problem, "repairable",
                        "keeps both: operationIds only name methods, and clashes are checked")
    if code == "path-parameter-undeclared":
        return _undeclared_path_parameter(data, problem, tokens)
    if code == "schema:required":
        missing = _REQUIRED_PROPERTY.match(problem.message)
        if missing and missing.group(1) in _TEXT_FIELDS:
            name = missing.group(1)
            return Decision(problem, "repairable", f"reads the missing `{name}` as empty",
                            fix=_set(pointer, name, ""))
    if code in ("schema:additionalProperties", "schema:unevaluatedProperties"):
        names = _unexpected_names(problem.message)
        if names and not (tokens[:1] == ["paths"] and len(tokens) == 1):
            return _unknown_fields(problem, tokens, names)
    return None


def _unknown_fields(problem: Problem, tokens: list[str], names: list[str]) -> Decision:
    """Fields the object does not allow are dropped, except, in a schema, JSON Schema keywords
    a 3.0 document uses ahead of its time (`const`, `examples`...): code generation reads them
    as 3.1 does, so they stay."""
    kept = [name for name in names if in_schema(tokens) and name in _JSON_SCHEMA_KEYWORDS]
    dropped = [name for name in names if name not in kept]
    said = []
    if dropped:
        said.append("drops the unknown field(s) " + ", ".join(f"`{name}`" for name in dropped))
    if kept:
        said.append("keeps " + ", ".join(f"`{name}`" for name in kept) + " (JSON Schema keywords, read as 3.1 does)")
    return Decision(problem, "repairable", "; ".join(said),
                    fix=_delete_keys(problem.pointer, dropped) if dropped else None)


def _without_duplicates(values: Any) -> Any:
    """The list without repeated entries (first kept, order kept); JSON values compared as JSON
    (`1` and `true` differ)."""
    if not isinstance(values, list):
        return values
    kept: dict[tuple[str, object], Any] = {}
    for value in values:
        kept.setdefault(json_key(value), value)
    return list(kept.values())


def _unexpected_names(message: str) -> list[str]:
    """The keys jsonschema names as not allowed: `('a', 'b' were unexpected)` (3.1) or
    `'a' does not match any of the regexes: '^x-'` (3.0, whose objects allow only `x-` extras)."""
    found = _UNEXPECTED.search(message) or _NOT_MATCHING.match(message)
    return _QUOTED.findall(found.group(1)) if found else []


def _delete_keys(pointer: str, names: list[str]) -> Fix:
    def fix(data: dict[str, Any]) -> None:
        found, node = resolve_pointer(data, pointer)
        if found and isinstance(node, dict):
            for name in names:
                node.pop(name, None)
    return fix


def _value_at(data: dict[str, Any], pointer: str) -> Any:
    return resolve_pointer(data, pointer)[1]


def _null_type_as_nullable(schema_pointer: str) -> Fix:
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
                owner[branch_of][int(tokens[-1])] = _REMOVED
                return
        del schema["type"]
        schema["nullable"] = True
    return fix


def _is_bool_at(data: dict[str, Any], pointer: str) -> bool:
    found, value = resolve_pointer(data, pointer)
    return found and isinstance(value, bool)


def _exclusive_bound(schema_pointer: str, keyword: str) -> Fix:
    """`minimum: 1, exclusiveMinimum: true` (3.0) -> `exclusiveMinimum: 1` (3.1)."""
    bound = "minimum" if keyword == "exclusiveMinimum" else "maximum"

    def fix(data: dict[str, Any]) -> None:
        found, schema = resolve_pointer(data, schema_pointer)
        if not found or not isinstance(schema, dict) or not isinstance(schema.get(keyword), bool):
            return  # already read the 3.0 way (the same slip can be reported twice)
        flag = schema.pop(keyword)
        if flag is True and bound in schema:
            schema[keyword] = schema.pop(bound)
    return fix


def _required_not_a_property(problem: Problem, tokens: list[str]) -> Decision:
    names = _QUOTED.findall(problem.message)
    def fix(data: dict[str, Any]) -> None:
        found, schema = resolve_pointer(data, join_tokens("", *tokens))
        if found and isinstance(schema, dict) and isinstance(schema.get("required"), list):
            schema["required"] = [name for name in schema["required"] if name not in names]
    listed = ", ".join(f"`{name}`" for name in names) or "the names"
    return Decision(problem, "repairable", f"drops {listed} from `required` (no such property)",
                    fix=fix)


def _undeclared_path_parameter(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision:
    """openapi-spec-validator says the same for both directions: `/items/{id}` with no `id`
    parameter (declared here as a required string path parameter), and an `in: path` parameter
    the path has no `{id}` for (its declaration dropped: no value could ever be sent)."""
    match = re.search(r"Path parameter '([^']+)'", problem.message)
    operation = _operation_of(tokens)
    if match is None or operation is None:
        return _by_location(data, problem, tokens)
    name = match.group(1)
    if "{" + name + "}" not in tokens[1]:
        return Decision(problem, "repairable",
                        f"drops the path parameter `{name}`: the path has no `{{{name}}}`",
                        fix=_drop_path_parameter(operation, name))

    def fix(document: dict[str, Any]) -> None:
        node = _operation_object(document, operation)
        if node is not None:
            parameters = node.setdefault("parameters", [])
            if isinstance(parameters, list):
                parameters.append({"name": name, "in": "path", "required": True,
                                   "schema": {"type": "string"}})
    return Decision(problem, "repairable",
                    f"declares the path parameter `{name}` as a required string", fix=fix)


def _drop_path_parameter(operation: str, name: str) -> Fix:
    def fix(document: dict[str, Any]) -> None:
        _, path, _ = split_pointer(operation)
        refs = Refs(document)
        item = own_path_item(document, path)
        node = _operation_object(document, operation)
        for holder in (item, node):
            if holder is not None and isinstance(holder.get("parameters"), list):
                holder["parameters"] = [
                    raw for raw in holder["parameters"]
                    if not (isinstance(parameter := refs.deref(raw)[0], dict)
                            and parameter.get("name") == name and parameter.get("in") == "path")
                ]
    return fix


def _dangling_ref(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision:
    """A `$ref` to nothing: in a schema it becomes an unconstrained schema; elsewhere the
    operations that use it are skipped."""
    holder = tokens[:-1]  # the object holding `$ref`
    if in_schema(holder):
        return Decision(problem, "repairable", "reads the schema as unconstrained (any value)",
                        fix=_replace_with_empty(join_tokens("", *holder)))
    return _by_location(data, problem, tokens)


def _replace_with_empty(pointer: str) -> Fix:
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


def _skip(problem: Problem, operations: Iterable[str]) -> Decision:
    chosen = tuple(dict.fromkeys(operations))
    labels = ", ".join(_label(pointer) for pointer in chosen)
    return Decision(problem, "operation", f"skips {labels}", operations=chosen)


def _label(operation_pointer: str) -> str:
    _, path, method = split_pointer(operation_pointer)
    return operation_label(method, path)


def _by_location(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision:
    """No specific rule: decide by where the problem is."""
    if in_schema(tokens):
        return _schema_keyword(data, problem, tokens)
    operation = _operation_of(tokens)
    if operation is not None:
        return _skip(problem, [operation])
    item = _path_item_of(tokens)
    if item is not None:
        node = _path_item(data, tokens[1])
        operations = [join_tokens(item, method) for method in HTTP_METHODS
                      if node is not None and isinstance(node.get(method), dict)]
        if operations:
            return _skip(problem, operations)
        return Decision(problem, "repairable", "drops the path (it has no operations)",
                        fix=_delete(item))
    root = tokens[0] if tokens else ""
    if root in _DESCRIPTIVE_ROOTS or root.startswith("x-"):
        target = join_tokens("", *tokens[:2]) if len(tokens) >= 2 else join_tokens("", *tokens)
        return Decision(problem, "repairable", f"drops the invalid `{target}`", fix=_delete(target))
    if root == "components" and len(tokens) >= 3:
        component = join_tokens("", *tokens[:3])
        if tokens[1] in _DESCRIPTIVE_COMPONENTS:
            return Decision(problem, "repairable", f"drops the invalid `{component}`",
                            fix=_delete(component))
        users = _operations_using(data, component)
        if users:
            return _skip(problem, users)
        return Decision(problem, "repairable", f"drops `{component}` (no operation uses it)",
                        fix=_delete(component))
    return Decision(problem, "blocking", "stops")


def _schema_keyword(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision:
    """An invalid keyword of a schema is dropped; an invalid schema object becomes
    unconstrained."""
    found, node = resolve_pointer(data, join_tokens("", *tokens[:-1]))
    last = tokens[-1]
    if found and isinstance(node, dict) and last in node and not _is_schema_container(tokens):
        return Decision(problem, "repairable", f"drops the invalid schema keyword `{last}`",
                        fix=_delete(join_tokens("", *tokens)))
    return Decision(problem, "repairable", "reads the invalid schema as unconstrained (any value)",
                    fix=_replace_with_empty(join_tokens("", *tokens)))


def _is_schema_container(tokens: list[str]) -> bool:
    """`tokens` name a schema held by a subschema map or list (a property, a branch)."""
    root = schema_root(tokens)
    return len(tokens) == root or (
        len(tokens) >= 2 and (tokens[-2] in _SUBSCHEMA_MAPS or tokens[-2] in _SUBSCHEMA_LISTS))


# --------------------------------------------------------------------------- applying


def apply(data: dict[str, Any], decisions: Iterable[Decision]) -> Outcome:
    """A repaired copy of `data` without the skipped operations, and the record of both."""
    chosen = list(decisions)
    result = copy_tree(data)
    skip_reasons: dict[str, list[str]] = {}
    repairs: list[Repaired] = []
    for decision in chosen:
        if decision.category == "operation":
            for operation in decision.operations:
                skip_reasons.setdefault(operation, []).append(decision.problem.message)
    applied: set[tuple[str, str]] = set()
    for decision in chosen:
        if decision.category != "repairable" or (decision.problem.pointer, decision.action) in applied:
            continue
        applied.add((decision.problem.pointer, decision.action))
        if any(_within(decision.problem.pointer, skipped) for skipped in skip_reasons):
            continue  # the operation is left out anyway
        if decision.fix is not None:
            decision.fix(result)
        problem = decision.problem
        repairs.append(Repaired(problem.file, problem.pointer, problem.line, problem.message,
                                decision.action))
    _drop_removed(result)
    changes_output = any(decision.changes_output for decision in chosen
                         if decision.category != "blocking")
    skipped: list[Skipped] = []
    for operation, reasons in skip_reasons.items():
        _, path, method = split_pointer(operation)
        item = own_path_item(result, path)
        if item is not None:
            item.pop(method, None)
        skipped.append(Skipped(method, path, operation, tuple(dict.fromkeys(reasons))))
    return Outcome(result, tuple(repairs), tuple(skipped), changes_output)


def _within(pointer: str, ancestor: str) -> bool:
    return pointer == ancestor or pointer.startswith(ancestor + "/")


def _rename_clashing(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision:
    """The later of two operations named alike takes its path-based name (`get_v2_items`) when
    no other operation of its resource has it; else it is skipped."""
    item = _path_item(data, tokens[1]) if len(tokens) == 3 else None
    operation = item.get(tokens[2]) if item is not None else None
    if not isinstance(operation, dict):
        return _skip(problem, [problem.pointer])
    _, path, method = tokens
    resource, _ = operation_names(path, method, operation)
    fallback = operation_names(path, method, {k: v for k, v in operation.items()
                                              if k not in ("operationId", "x-codegen-method")})[1]
    taken = {operation_names(site.path, site.method, site.operation) for site in iter_operations(data)}
    if (resource, fallback) in taken:
        return _skip(problem, [problem.pointer])

    def fix(document: dict[str, Any]) -> None:
        node = _operation_object(document, problem.pointer)
        if node is not None:
            node["x-codegen-method"] = fallback
    return Decision(problem, "repairable", f"names it `{resource}.{fallback}()` (its path-based name)",
                    fix=fix)


_QUERY_TEMPLATE = re.compile(r"^([^=&]+)=\{([^{}]+)\}$")


def _move_query_string(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision:
    """`/search?q={term}`: the path item moves to `/search` and `term` becomes the query
    parameter `q`, as the template meant. A fixed part (`?beta=true`) stays in the path (the
    client sends it before the other query parameters). When another path has the same base,
    the operations are skipped: two items cannot be one."""
    path = tokens[1]
    base, _, query = path.partition("?")
    parts = [part for part in query.split("&") if part]
    templated = [match for match in map(_QUERY_TEMPLATE.match, parts) if match is not None]
    fixed = [part for part in parts if _QUERY_TEMPLATE.match(part) is None]
    item = _path_item(data, path)
    methods = [m for m in HTTP_METHODS if item is not None and isinstance(item.get(m), dict)]
    if not templated and not any("{" in part for part in fixed):
        return Decision(problem, "repairable",
                        f"sends the fixed query `{query}` with every request to the path")
    target = base + ("?" + "&".join(fixed) if fixed else "")
    others = [other for other in (data.get("paths") or {}) if other != path and other.partition("?")[0] == base]
    if any("{" in part for part in fixed) or others or not methods:
        return _skip(problem, [join_tokens("", "paths", path, method) for method in methods])
    renames = {match.group(2): match.group(1) for match in templated}

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
            declared = {parameter.get("name") for parameter in
                        [*moved[method]["parameters"], *moved["parameters"]] if isinstance(parameter, dict)}
            for wire in renames.values():
                if wire not in declared:
                    moved[method]["parameters"].append(
                        {"name": wire, "in": "query", "required": True, "schema": {"type": "string"}})
    listed = ", ".join(f"`{wire}`" for wire in renames.values())
    return Decision(problem, "repairable", f"moves it to `{target}` with the query parameter(s) {listed}",
                    fix=fix, moves_path=True)


def _as_query(parameter: Any, raw: Any, renames: dict[str, str]) -> Any:
    """A path parameter the query string names, as the query parameter it becomes (a copy,
    even when it came through `$ref`); any other parameter as it was."""
    if isinstance(parameter, dict) and parameter.get("in") == "path" and parameter.get("name") in renames:
        return {**parameter, "name": renames[parameter["name"]], "in": "query"}
    return raw


def skip_operations(data: dict[str, Any], failed: Iterable[tuple[str, str]]) -> Outcome:
    """`data` without the operations code generation could not build, each named with why."""
    result = copy_tree(data)
    skipped = []
    for operation, reason in failed:
        _, path, method = split_pointer(operation)
        item = own_path_item(result, path)
        if item is not None:
            item.pop(method, None)
        skipped.append(Skipped(method, path, operation, (reason,)))
    return Outcome(result, (), tuple(skipped), changes_output=True)
