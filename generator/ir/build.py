"""The `ir` stage: a validated document -> the `Api` every later stage reads.

`build` walks the document's operations once (`operations.build_operation`), then names
them package-wide (`names.namespace.plan`, `names.client_arguments`), groups them into
resources and adds what the whole package needs: security, servers, client-level parameters
and the schema document handed to datamodel-code-generator, its component schemas renamed to
valid class names and every inline schema an operation needs hoisted under
`components/schemas` with a name chosen here, so that generated method signatures can point
at the models by name.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from generator.document.operations import iter_operations
from generator.document.pointer import join_pointer
from generator.document.refs import Refs
from generator.document.tree import changed_in_place, copy_tree
from generator.ir import retries, usage
from generator.ir.classes import FLAGS, Flag, ModelClasses, keep_implicit_tags
from generator.ir.context import Context
from generator.ir.model import Api, BuildOptions, Operation, Param, Resource
from generator.ir.notes import notes_of
from generator.ir.operations import build_operation
from generator.ir.ref_targets import hoist_targets, pointing_inside
from generator.ir.responses import streamed_bodies
from generator.ir.schemas import (
    MALFORMED_BESIDE_REF_ACTION,
    MALFORMED_BESIDE_REF_PROBLEM,
    MERGED_ENUM_ACTION,
    MERGED_ENUM_PROBLEM,
    NULLABLE_BRANCH_ACTION,
    NULLABLE_BRANCH_PROBLEM,
    NULLABLE_REF_ACTION,
    NULLABLE_REF_PROBLEM,
    OBJECT_KEYWORDS_ACTION,
    OBJECT_KEYWORDS_PROBLEM,
    UNTYPED_ITEMS_ACTION,
    UNTYPED_ITEMS_PROBLEM,
    ascii_member_names,
    drop_object_keywords,
    fitted_enum_lists,
    fold_nullable_branches,
    fold_nullable_scalar,
    hoist_deep_schemas,
    hoist_self_referencing_items,
    is_name_map,
    items_beside_union,
    malformed_beside_ref,
    merged_enum_members,
    move_items_into_array_branches,
    nullable_beside_ref,
    nullable_only_branches,
    nullable_scalar_union,
    object_keywords_beside_other_type,
    untyped_items,
)
from generator.ir.security import one_place_notes, security, twin_notes
from generator.ir.servers import (
    other_servers,
    server_path,
    server_url,
    shared_path_prefix,
    unusable_server,
)
from generator.ir.shared_shapes import share_repeated_shapes
from generator.ir.tuples import loose_tuple, tuple_notes
from generator.names import namespace
from generator.names.client_arguments import ArgumentSite, client_argument_renames
from generator.names.components import clashing_names, class_names, ref_renames, renamed_ref
from generator.names.operations import method_names, name_clashes
from generator.problems import NOTE, GeneratorError, Problem, operation_label

CANNOT_BUILD = "the generator cannot build it"
Failed = list[tuple[str, str]]


def build(data: dict[str, Any], options: BuildOptions, *, tolerate: bool = False,
          in_place: bool = False, noted: bool = True) -> Api:
    """The intermediate model of a validated document (`data` is left as it is, unless
    `in_place`: then the model is built on `data` itself, no working copy made, for a caller
    that throws `data` away after, as a forked child does its pages).

    With `tolerate`, an operation the document describes in a way no earlier check caught
    (an unusable hint, a `$ref` to nothing) is left out and named in `Api.failed` instead of
    stopping the whole package; without it that problem stops the build. Any other exception
    is a generator bug and propagates, tolerant or not. Without `noted`, the readings of
    schemas are not named (`Api.renames` lacks them): a caller that reads no notes (`diff`'s
    models of both sides) saves the walk that finds where they are."""
    context = _context(data, options, in_place, noted)
    sites = list(iter_operations(context.data, sorted_paths=True))
    clashes = name_clashes(sites, options.source_file, lambda pointer: None)
    if clashes:
        raise GeneratorError(clashes)
    names = method_names(sites)
    operations: list[Operation] = []
    failed: Failed = []
    for site in sites:
        try:
            built = build_operation(context, site, names[site.pointer])
        except GeneratorError as error:
            if not tolerate:
                raise
            failed.append((site.pointer, _cannot_build(error.problems)))
            continue
        if isinstance(built, Problem):
            if not tolerate:
                raise GeneratorError([built])
            failed.append((site.pointer, _cannot_build([built])))
            continue
        operations.append(built)
    return _api(context, operations, failed)


def _context(data: dict[str, Any], options: BuildOptions, in_place: bool = False,
             noted: bool = True) -> Context:
    """A working copy of `data` (`data` itself, `in_place`) with its component schemas named
    as classes (the refs to them following) and its non-ASCII enums' members named, all in
    the one walk of the copy."""
    taken: set[str] = set()
    chosen = class_names(data.get("components", {}).get("schemas") or {}, taken)
    renames = ref_renames(chosen)

    loose: list[dict[str, Any]] = []  # `prefixItems` typed as lists (ir/tuples)
    inside: list[dict[str, Any]] = []  # `$ref`s to a schema inside another place
    flags: set[Flag] = set()  # what the document marks readOnly or writeOnly: classes' variants
    reshaped = _Reshaped()

    def prepared(source: dict[str, Any], copied: dict[str, Any]) -> None:
        if "$ref" in source:
            if renames and (ref := renamed_ref(source, renames)) is not None:
                copied["$ref"] = ref
            if pointing_inside(source["$ref"]) is not None:
                inside.append(copied)
        if "prefixItems" in source and loose_tuple(source):
            loose.append(copied)
        if "readOnly" in source or "writeOnly" in source:  # a few: the rest is one look each
            flags.update(flag for flag in FLAGS if source.get(flag) is True)
        if "enum" in source:
            _fit_enum_lists(source, copied)
        reshaped.note(source, copied)

    working = changed_in_place(data, prepared) if in_place else copy_tree(data, prepared)
    openapi_31 = str(data.get("openapi", "")).startswith("3.1")
    # noted before any schema moves or is rewritten: at the pointers the document has
    notes = _schema_notes(working, reshaped, loose, openapi_31) if noted else ()
    components = working.setdefault("components", {})
    schemas = components.get("schemas") or {}
    components["schemas"] = {new: schemas[original] for original, new in chosen.items()}
    keep_implicit_tags(reshaped.discriminating, components["schemas"],
                       {new: original for original, new in chosen.items()})
    # before the unions lose branches: a `$ref` into one (`X/anyOf/2`) still finds it
    hoist_targets(working, inside, taken)
    reshaped.rewrite(openapi_31)
    refs = Refs(working, options.source_file)
    classes = ModelClasses(working["components"]["schemas"], taken, refs, frozenset(flags))
    return Context(working, options, refs, classes,
                   server_url(working, options.default_base_url), tuple(loose),
                   {new: original for original, new in chosen.items()}, notes,
                   streamed_bodies(working, refs))


def _schema_notes(working: dict[str, Any], reshaped: _Reshaped, loose: list[dict[str, Any]],
                  openapi_31: bool) -> tuple[namespace.Rename, ...]:
    """The readings of schemas the working copy's walk found, named at their pointers (one
    walk for all: `notes_of`). A map of names holding a schema named `items` is no schema
    of `items` without a type."""
    return tuple(note for note in notes_of(working, [
        (reshaped.folded(openapi_31), NULLABLE_BRANCH_PROBLEM, NULLABLE_BRANCH_ACTION),
        (reshaped.nullable_refs, NULLABLE_REF_PROBLEM, NULLABLE_REF_ACTION),
        tuple_notes(loose),
        (reshaped.untyped_arrays, UNTYPED_ITEMS_PROBLEM, UNTYPED_ITEMS_ACTION),
        (reshaped.merged_enums, MERGED_ENUM_PROBLEM, MERGED_ENUM_ACTION),
        (reshaped.typed_otherwise, OBJECT_KEYWORDS_PROBLEM, OBJECT_KEYWORDS_ACTION),
        (reshaped.beside_refs(openapi_31), MALFORMED_BESIDE_REF_PROBLEM,
         MALFORMED_BESIDE_REF_ACTION)], {})
        if not (note.problem == UNTYPED_ITEMS_PROBLEM and is_name_map(note.pointer)))


@dataclasses.dataclass
class _Reshaped:
    """The schemas the working copy's walk finds that are rewritten once it is done."""

    # `anyOf: [{type: integer, minimum: 0}, {type: "null"}]`
    unions: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    # `oneOf: [{type: array}, ...]` beside `items`
    arrays_beside: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    discriminating: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    # `anyOf: [{$ref: X}, {nullable: true}]`
    nullable_branches: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    # `{$ref: X, nullable: true}`: not rewritten (the models read it as meant), only named
    nullable_refs: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    # `{items: X}` without a type: read as an array, only named
    untyped_arrays: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    # `enum: [1, true]`: one member of the model's Enum, only named
    merged_enums: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    # `{type: string, properties: ...}`: read as a string, its object keywords left out
    typed_otherwise: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    # `{$ref: X, allOf: {...}}`: in 3.0, the malformed keywords beside the `$ref` left out
    malformed_refs: list[tuple[dict[str, Any], list[str]]] = dataclasses.field(
        default_factory=list)

    def beside_refs(self, openapi_31: bool) -> list[dict[str, Any]]:
        """The `$ref`s with malformed keywords beside them that are left out (3.0 only: a 3.1
        `$ref`'s siblings are validated, and a slip there is repaired as anywhere)."""
        return [] if openapi_31 else [schema for schema, _ in self.malformed_refs]

    def folded(self, openapi_31: bool) -> list[dict[str, Any]]:
        """The unions whose `nullable: true` branches are read as null (3.0 only: 3.1 has no
        `nullable`)."""
        return [] if openapi_31 else self.nullable_branches

    def rewrite(self, openapi_31: bool) -> None:
        """The schemas found rewritten (their branches are copied by now)."""
        for union in self.folded(openapi_31):
            fold_nullable_branches(union)
        for union in self.unions:
            fold_nullable_scalar(union, openapi_31)
        for union in self.arrays_beside:
            move_items_into_array_branches(union)
        for schema in self.typed_otherwise:
            drop_object_keywords(schema)
        for schema, keywords in ([] if openapi_31 else self.malformed_refs):
            for keyword in keywords:
                schema.pop(keyword, None)

    def note(self, source: dict[str, Any], copied: dict[str, Any]) -> None:
        if ("anyOf" in source or "oneOf" in source) and nullable_scalar_union(source):
            self.unions.append(copied)
        if ("anyOf" in source or "oneOf" in source) and nullable_only_branches(source):
            self.nullable_branches.append(copied)
        if "$ref" in source and nullable_beside_ref(source):
            self.nullable_refs.append(copied)
        if "$ref" in source and len(source) > 1 and (malformed := malformed_beside_ref(source)):
            self.malformed_refs.append((copied, malformed))
        if "items" in source and items_beside_union(source):
            self.arrays_beside.append(copied)
        if "items" in source and untyped_items(source):
            self.untyped_arrays.append(copied)
        if "enum" in source and merged_enum_members(source):
            self.merged_enums.append(copied)
        if "properties" in source and object_keywords_beside_other_type(source):
            self.typed_otherwise.append(copied)
        if "discriminator" in source and isinstance(source["discriminator"], dict):
            self.discriminating.append(copied)


def _fit_enum_lists(source: dict[str, Any], copied: dict[str, Any]) -> None:
    """An enum's member names and descriptions as models.py's generator reads them."""
    for key, value in (fitted_enum_lists(source) or {}).items():
        if value is None:
            del copied[key]
        else:
            copied[key] = value
    # (the copy's `enum` may not be copied yet: the source's is read)
    if "x-enum-varnames" not in copied and (
            members := ascii_member_names({"enum": source["enum"]})) is not None:
        copied["x-enum-varnames"] = members


def _cannot_build(problems: list[Problem]) -> str:
    """Why an operation is left out, as its skip names it (no file paths: they differ
    between machines)."""
    return f"{CANNOT_BUILD}: " + "; ".join(problem.message for problem in problems)


def _api(context: Context, operations: list[Operation], failed: Failed) -> Api:
    chosen = namespace.plan((op.pointer, op.resource, op.name) for op in operations)
    operations, client_renames = _clear_client_arguments(operations)
    resources = _resources(operations, chosen)
    hoist_deep_schemas(context.classes.schemas, context.classes.taken)
    hoist_self_referencing_items(context.classes.schemas, context.classes.taken)
    data, options = context.data, context.options
    unused = _unused_schemas(context) if options.models == usage.USED else ()
    share_repeated_shapes(context.classes.schemas, context.classes.taken)  # (of those used)
    info = data.get("info") or {}
    client_params = _client_params(operations)
    base_url = context.base_url
    relative_server = None if options.default_base_url else server_path(data)
    return Api(
        title=_text(info.get("title")),
        version=_text(info.get("version")) or str(info.get("version", "")),
        description=_text(info.get("description")),
        options=options,
        base_url=base_url,
        security=security(data, options, operations, {p.name for p in client_params}),
        resources=resources,
        client_params=client_params,
        models_input=data,
        required_classes=frozenset(context.classes.required),
        operation_classes=frozenset(context.classes.operation_classes),
        failed=tuple(failed),
        idempotency_header=retries.root_idempotency_header(data),
        server_path=relative_server,
        path_prefix=shared_path_prefix(
            (operation.path for operation in operations),
            (base_url, relative_server),
        ),
        renames=(*chosen.renames, *client_renames,
                 *context.schema_notes,
                 *(note for op in operations for note in (*op.ignored, *op.renamed_arguments)),
                 *_server_note(data, options.default_base_url), *_twin_paths(operations),
                 *_told_apart(context.original_names), *one_place_notes(data),
                 *twin_notes(data)),
        incoming=incoming_requests(data),
        other_servers=other_servers(data),
        unused_schemas=unused,
        component_names=tuple((name, context.original_names[name])
                              for name in context.classes.schemas
                              if name in context.original_names),
    )


_TEMPLATE = re.compile(r"\{[^{}]*\}")


def _server_note(data: dict[str, Any], fallback: str | None) -> tuple[namespace.Rename, ...]:
    """A note when the document's first server is no base URL a client can take."""
    unusable = unusable_server(data, fallback)
    if unusable is None:
        return ()
    url, why = unusable
    return (namespace.Rename("/servers/0/url", f"the first server's URL `{url}` (its variables "
                             f"at their defaults) is no base URL: {why}",
                             "the client has no default base URL: pass base_url=", kind=NOTE),)


def _told_apart(original_names: dict[str, str]) -> tuple[namespace.Rename, ...]:
    """A rename for each component schema whose class name had to be told apart from another's
    (`Foo-Bar` -> `FooBar2` beside `FooBar`): code naming `models.FooBar` gets the other one."""
    chosen = {original: new for new, original in original_names.items()}
    return tuple(namespace.Rename(
        join_pointer("/components/schemas", original),
        f"schema `{original}` would be the class `{natural}`, which another schema's is",
        f"its class is `{new}`") for original, natural, new in clashing_names(chosen))


def _twin_paths(operations: list[Operation]) -> tuple[namespace.Rename, ...]:
    """A note for each operation whose request line is another's (`GET /pets/{petName}` beside
    `GET /pets/{id}`): paths differing only in their templates' names are one path to a server
    (OpenAPI forbids them), so either method may reach the other's handler."""
    first: dict[tuple[str, str], Operation] = {}
    notes = []
    for operation in sorted(operations, key=lambda op: (op.path, op.http_method)):
        key = (operation.http_method, _TEMPLATE.sub("{}", operation.path))
        twin = first.setdefault(key, operation)
        # (one path twice: written apart by fragments, told apart by their parameters)
        if twin is not operation and twin.path != operation.path:
            notes.append(namespace.Rename(
                operation.pointer, f"`{operation.path}` is `{twin.path}` with other template "
                "names, which OpenAPI forbids: a server tells their requests apart by nothing",
                "both generated as written", kind=NOTE))
    return tuple(notes)


def _unused_schemas(context: Context) -> tuple[str, ...]:
    """`models: used`: the component schemas no operation uses taken out of the working copy
    (`ir.usage`); the document's own named as it names them (the classes hoisted out of them,
    `<Name>Item`..., go with them unnamed: they are parts of those schemas)."""
    schemas = context.classes.schemas
    original = context.original_names
    used = usage.used_schemas(context.data, context.classes.required,
                              {name: new for new, name in original.items()})
    unused = [name for name in schemas if name not in used]
    for name in unused:
        del schemas[name]
    return tuple(sorted(original[name] for name in unused if name in original))


def incoming_requests(data: dict[str, Any]) -> tuple[str, ...]:
    """The webhooks (by name) and callbacks (`POST /subscribe: onEvent`) of `data`: requests the
    API sends, which a client has no method for; the package's README names them, so that a
    user does not look for them in vain."""
    webhooks = data.get("webhooks")
    found = [str(name) for name in webhooks] if isinstance(webhooks, dict) else []
    for site in iter_operations(data, sorted_paths=True):
        callbacks = site.operation.get("callbacks")
        if isinstance(callbacks, dict):
            label = operation_label(site.method, site.path)
            found.extend(f"{label}: {name}" for name in callbacks)
    return tuple(found)


def _resources(operations: list[Operation], chosen: namespace.Plan) -> tuple[Resource, ...]:
    """The operations grouped by resource, each named as the plan chose (both sorted)."""
    by_resource: dict[str, list[Operation]] = {}
    for operation in operations:
        by_resource.setdefault(operation.resource, []).append(dataclasses.replace(
            operation,
            resource=chosen.attributes[operation.resource],
            name=chosen.methods[operation.pointer],
            constant=chosen.constants[operation.pointer],
        ))
    return tuple(
        Resource(chosen.attributes[resource], chosen.class_names[resource],
                 tuple(sorted(ops, key=lambda o: o.name)))
        for resource, ops in sorted(by_resource.items())
    )


def _clear_client_arguments(operations: list[Operation]
                            ) -> tuple[list[Operation], list[namespace.Rename]]:
    """Client-level parameters renamed where `names.client_arguments` says, in every method
    that has them."""
    renamed, renames = client_argument_renames(
        ArgumentSite(op.pointer, p.name, p.wire_name, p.client_level)
        for op in operations for p in op.params)
    if not renamed:
        return operations, renames
    return [dataclasses.replace(op, params=tuple(_renamed(p, renamed) for p in op.params))
            for op in operations], renames


def _renamed(param: Param, renamed: dict[str, str]) -> Param:
    if param.client_level and param.name in renamed:
        return dataclasses.replace(param, name=renamed[param.name])
    return param


def _client_params(operations: list[Operation]) -> tuple[Param, ...]:
    """The client-level parameters of all operations, one per name, by name."""
    seen: dict[str, Param] = {}
    for operation in operations:
        for param in operation.params:
            if param.client_level and param.name not in seen:
                seen[param.name] = param
    return tuple(seen[name] for name in sorted(seen))


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""
