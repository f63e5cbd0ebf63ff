"""An operation's request body: how it is sent, and the arguments that carry it.

A JSON, form or multipart body whose schema is an object with properties becomes keyword
arguments, one per property (readOnly ones left out); any other body (a free-form object
included: `{type: object}`, a JSON or form union: `oneOf`/`anyOf` beside the
properties, and an object with a property named "", which no argument can name) is one
argument, `body`. The class that validates it is the body's schema without
its readOnly properties (`<Name>Request`).

Which of the two a body is, is the method's shape: `drift.diff.client` names a change of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.document.refs import Refs
from generator.document.schemas import branches_beside_properties, merges_a_union
from generator.ir.context import Context
from generator.ir.media import base_type, pick_json
from generator.ir.model import Body, BodyKind, Param
from generator.ir.schemas import (
    ALL_OF_DEPTH,
    is_binary,
    is_nullable,
    may_be_binary,
    object_properties,
)
from generator.names import identifiers as names
from generator.names.namespace import Rename
from generator.problems import NOTE


def request_body(context: Context, stem: str, operation: dict[str, Any], taken: set[str]
                 ) -> tuple[Body | None, list[Param]]:
    """The operation's body and the arguments that carry it (named clear of `taken`, which
    they are added to); (None, []) without a body."""
    raw = context.refs.resolve(operation.get("requestBody"))
    if not isinstance(raw, dict) or not isinstance(raw.get("content"), dict) or not raw["content"]:
        return None, []
    if holds_nothing(context, raw):
        return None, []  # named by `nothing_to_send_notes`
    content: dict[str, Any] = raw["content"]
    required = raw.get("required") is True
    media_type, kind = choose_body_media(content)
    media = content[media_type] if isinstance(content[media_type], dict) else {}
    schema = media.get("schema")
    # the argument holding a whole body: `body`, unless a parameter has that name
    whole = names.argument_name("body", reserved=taken)
    if kind == "content" or schema is None:
        kind = "json" if kind == "json" else "content"
        taken.add(whole)
        return Body(kind, media_type, None, False, required), [
            Param(whole, "body", "body", "", "", required, kind == "json", _text(raw))
        ]
    binary = kind == "multipart" and is_binary(schema, context.refs)
    text_as_file = kind == "multipart" and not binary and _is_string(schema, context.refs)
    one_file = binary or text_as_file
    if one_file:
        schema = one_file_part(_as_file(schema) if text_as_file else schema, required)
    model_class = context.classes.variant(
        context.classes.class_for(schema, f"{stem}Body"), schema, "readOnly")
    context.classes.operation_classes.add(model_class)
    shape = object_properties(schema, context.refs)
    # not an object, one without properties (free-form), a union of objects (a multipart
    # one stays spread: its properties name the parts sent as files), or one with a property
    # named "" (legal JSON; spread, it took the argument of the whole body, whose `model_key`
    # is "": typed as the whole body and sent as that property)
    if (shape is None or not shape[0] or "" in shape[0]
            or (kind != "multipart" and _is_union(schema, context))):
        taken.add(whole)
        param = Param(whole, "body", "body", model_class, "", required,
                      is_nullable(schema, context.refs), _text(raw))
        return Body(kind, media_type, model_class, False, required), [param]
    params, file_fields, file_unions = _expanded(context, kind, model_class, shape, taken)
    styles = form_styles(media.get("encoding"), shape[0]) if kind == "form" else ()
    return Body(kind, media_type, model_class, True, required, file_fields,
                "string" if text_as_file else "file" if one_file else "",
                styles, _spread_clashes(context, shape[0], styles), file_unions), params


def _is_string(schema: Any, refs: Refs) -> bool:
    """A schema of one string (not a file: `is_binary` says that), as a multipart body's."""
    resolved = refs.resolve(schema)
    return isinstance(resolved, dict) and resolved.get("type") == "string"


def _as_file(schema: Any) -> dict[str, Any]:
    """A string schema read as a file's (`format: binary`)."""
    return {"type": "string", "format": "binary",
            **({"description": schema["description"]}
               if isinstance(schema, dict) and isinstance(schema.get("description"), str)
               else {})}


def holds_nothing(context: Context, raw: dict[str, Any]) -> bool:
    """Whether an optional request body (resolved) can only be an object without properties:
    its chosen media type's schema a closed object that names none (Stripe's GET operations
    declare `{type: object, additionalProperties: false, properties: {}}` as a form body). Its
    `body` argument took any mapping and sent it, though the document allows nothing; the
    method takes none, and sends no body."""
    if raw.get("required") is True:
        return False
    media_type, _ = choose_body_media(raw["content"])
    media = raw["content"][media_type]
    schema = context.refs.resolve(media.get("schema")) if isinstance(media, dict) else None
    return (isinstance(schema, dict) and schema.get("type", "object") == "object"
            and schema.get("additionalProperties") is False and not schema.get("properties")
            and not schema.get("patternProperties")
            and not any(key in schema for key in ("allOf", "anyOf", "oneOf", "$ref")))


def nothing_to_send_notes(context: Context, pointer: str, operation: dict[str, Any]
                          ) -> tuple[Rename, ...]:
    """A note for an optional request body that allows nothing (`holds_nothing`)."""
    raw = context.refs.resolve(operation.get("requestBody"))
    if not isinstance(raw, dict) or not isinstance(raw.get("content"), dict) or not (
            raw["content"]) or not holds_nothing(context, raw):
        return ()
    return (Rename(f"{pointer}/requestBody", "the optional request body is an object that "
                   "allows no property", "the method takes no body and sends none", kind=NOTE),)


# The styles OpenAPI gives a form field (`encoding.<property>.style`); `form`, the default,
# explodes unless told otherwise, the others do not.
FORM_STYLES = ("form", "spaceDelimited", "pipeDelimited", "deepObject")


def form_styles(encoding: object, properties: Mapping[str, Any]
                ) -> tuple[tuple[str, str, bool], ...]:
    """(property, style, explode) of each property of a form body whose `encoding` entry says
    how to send it (`style` or `explode`): Stripe's `metadata` and `expand` are `deepObject`
    (`metadata[key]=value`). A property without one keeps the default: arrays repeat the
    field, objects go as JSON text (OpenAPI's default content type for an object)."""
    if not isinstance(encoding, dict):
        return ()
    styles: list[tuple[str, str, bool]] = []
    for wire, entry in encoding.items():
        if wire not in properties or not isinstance(entry, dict):
            continue
        if "style" not in entry and "explode" not in entry:
            continue
        style = entry.get("style", "form")
        if style not in FORM_STYLES:  # the validator names it; sent by the default
            continue
        explode = entry.get("explode", style == "form")
        styles.append((wire, style, explode is True))
    return tuple(styles)


def _spread_clashes(context: Context, properties: Mapping[str, Any],
                    styles: tuple[tuple[str, str, bool], ...]) -> tuple[str, ...]:
    """The form fields two values of a body may give: a property of an object spread into its
    properties (`style: form`, exploded) that the body, or another spread object, has too.
    The runtime refuses a call that gives both (`_operations._clash`); the note says so."""
    spread = [wire for wire, style, explode in styles if style == "form" and explode]
    seen = {wire for wire in properties if wire not in spread}
    clashes: set[str] = set()
    for wire in spread:
        shape = object_properties(properties[wire], context.refs)
        for inner in shape[0] if shape is not None else ():
            if inner in seen:
                clashes.add(inner)
            seen.add(inner)
    return tuple(sorted(clashes))


def _is_union(schema: Any, context: Context) -> bool:
    """A `oneOf`/`anyOf` beside the properties: which of them are required depends on the
    branch, so spread into keyword arguments each would be an optional `object` (models.py's
    class is a union of the branches), and a call could leave out what every branch needs. The
    body is one argument instead, typed as the branches' classes. So is a body whose `allOf`
    merges in such a union (GitBook's `allOf: [$ref: SiteChannelSetup (a oneOf), {properties:
    {role}}]`): spread, it took `role` alone, and no call could send what each branch requires."""
    resolved = context.refs.resolve(schema)
    return branches_beside_properties(resolved) or merges_a_union(
        resolved, context.refs.resolve, ALL_OF_DEPTH)


def _expanded(context: Context, kind: BodyKind, model_class: str,
              shape: tuple[dict[str, Any], set[str]], taken: set[str]
              ) -> tuple[list[Param], tuple[str, ...], tuple[str, ...]]:
    """One argument per property of an object body, the multipart ones sent as files, and
    those of them that are a union (a file, or a text...)."""
    properties, required = shape
    params: list[Param] = []
    file_fields: list[str] = []
    file_unions: list[str] = []
    for wire in properties:
        prop = context.refs.resolve(properties[wire])
        if isinstance(prop, dict) and prop.get("readOnly") is True:
            continue
        # a file, or a union with a file among its branches: its value is a file part when
        # it is a file (bytes, an open file, a path, a tuple), else a field (`multipart_body`)
        if kind == "multipart" and may_be_binary(prop, context.refs):
            file_fields.append(wire)
            if not is_binary(prop, context.refs):
                file_unions.append(wire)
        name = names.argument_name(wire, reserved=taken)
        taken.add(name)
        params.append(Param(name, wire, "body", model_class, wire, wire in required,
                            is_nullable(properties[wire], context.refs),  # `$ref` siblings too
                            _text(prop) if isinstance(prop, dict) else ""))
    return params, tuple(file_fields), tuple(file_unions)


def choose_body_media(content: Mapping[str, Any]) -> tuple[str, BodyKind]:
    """The media type a body is sent as: JSON first, then a form, then multipart, else the
    first by name as raw content."""
    picked = pick_json(content)
    if picked is not None:
        return picked[0], "json"
    for media_type in sorted(content, key=_form_first):
        base = base_type(media_type)
        if base == FORM_URLENCODED:
            return media_type, "form"
        if base.startswith("multipart/"):
            return media_type, "multipart"
    return min(content), "content"


def _form_first(media_type: str) -> tuple[int, str]:
    """A form, then multipart/form-data (the one multipart the client builds:
    `multipart_subtype_notes`), then the others by name."""
    base = base_type(media_type)
    return (0 if base == FORM_URLENCODED else 1 if base == FORM_DATA
            else 2, media_type)


FORM_DATA = "multipart/form-data"
FORM_URLENCODED = "application/x-www-form-urlencoded"


FILE_PART = "file"  # the part a multipart body of one file is sent as


def one_file_part(schema: Any, required: bool) -> dict[str, Any]:
    """A multipart body whose schema is a file (`type: string, format: binary`) names no part:
    read as an object of one file part, `file`, the name upload APIs use (Jira's attachments),
    so that it is sent as one (a method that could not send its body at all, otherwise)."""
    return {"type": "object", "properties": {FILE_PART: schema},
            **({"required": [FILE_PART]} if required else {})}


def file_part_notes(pointer: str, body: Body | None) -> tuple[Rename, ...]:
    """The note of an operation whose multipart body is sent as the part `file`
    (`one_file_part`): the document named no part, so the name is ours; a string's, read as a
    file (a multipart body of one string is an upload's: translate_file's `type: string`)."""
    if body is None or not body.one_file_part:
        return ()
    if body.one_file_part == "string":
        return (Rename(pointer, "the multipart body's schema is a string, which names no part",
                       f"sends it as the file part `{FILE_PART}` (argument `{FILE_PART}`: "
                       "bytes, a file or a path)", kind=NOTE),)
    return (Rename(pointer, "the multipart body's schema is a file, which names no part",
                   f"sends it as the part `{FILE_PART}` (argument `{FILE_PART}`)", kind=NOTE),)


def multipart_subtype_notes(pointer: str, body: Body | None) -> tuple[Rename, ...]:
    """The note of a multipart body documented as another subtype than form-data
    (`multipart/mixed`, `multipart/related`): the client builds form-data only (httpx's
    encoder: each part `Content-Disposition: form-data`), and a related body's root part and
    `type` parameter are not made. Sent so, and said: it went silently."""
    if body is None or body.kind != "multipart" or base_type(body.media_type) == FORM_DATA:
        return ()
    return (Rename(pointer, f"the request body is documented as `{base_type(body.media_type)}`, "
                   "which the client does not build",
                   f"sent as `{FORM_DATA}` (its properties as form-data parts): a server that "
                   "reads only the documented type may refuse it", kind=NOTE),)


def spread_clash_notes(pointer: str, body: Body | None) -> tuple[Rename, ...]:
    """The note of a form body whose spread objects may give a field twice
    (`_spread_clashes`)."""
    if body is None or not body.spread_clashes:
        return ()
    fields = ", ".join(f"`{name}`" for name in body.spread_clashes)
    plural = "s" if len(body.spread_clashes) > 1 else ""
    return (Rename(pointer, f"the form body's field{plural} {fields} may come from two of its "
                   "properties (an object spread into its properties, `style: form`, exploded)",
                   "a call giving a field twice is refused (RequestValidationError), never sent "
                   "with one value replacing the other", kind=NOTE),)


def _text(node: dict[str, Any]) -> str:
    description = node.get("description")
    return description if isinstance(description, str) else ""
