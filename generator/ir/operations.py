"""One operation of the document -> one `Operation`, or the `Problem` that keeps it out.

The operation's parameters, body, responses, stream and pages are each decided by their own
module; this one puts them together in the method's argument order (required ones first,
client-level ones last). What the document says wrong about an operation that no check
caught before (an unusable `x-codegen-pagination` hint, a `$ref` to nothing) is a `Problem`
value (a dangling `$ref` raises its GeneratorError from `Refs`): a tolerant build names the
operation as skipped. Anything else raised here is a bug of the generator, and fails loudly.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from generator.document.operations import OperationSite
from generator.document.refs import Refs
from generator.ir import paging, retries
from generator.ir.bodies import (
    file_part_notes,
    multipart_subtype_notes,
    nothing_to_send_notes,
    request_body,
    spread_clash_notes,
)
from generator.ir.context import Context
from generator.ir.model import Operation, Param, ResponseHeader, ResponseType
from generator.ir.parameters import merged_parameters, merged_with_twins, parameters
from generator.ir.responses import (
    Repeats,
    plain_events,
    repeating_json,
    responses,
    streaming,
    success_statuses,
)
from generator.ir.schemas import json_type, object_properties
from generator.ir.security import credential_places, credential_scheme, own_security
from generator.ir.servers import operation_server
from generator.names import identifiers as names
from generator.names.arguments import BODY_PROPERTY, argument_rename
from generator.names.headers import (
    IGNORED_HEADERS,
    first_unsendable,
    ignored_by_openapi,
    set_by_the_client,
    unsendable_name,
)
from generator.names.namespace import Rename
from generator.names.operations import unusable_hints
from generator.problems import NOTE, Problem
from generator.validate.security import UNMET_HINT, unsendable_requirement

PAGINATION_HINT_DOCS = "see docs/architecture.md, Codegen hints"


def build_operation(context: Context, site: OperationSite,
                    name: tuple[str, str]) -> Operation | Problem:
    """The operation at `site` as its method will be generated, `name` being its (resource,
    method) by the document's naming rule (`names.operations.method_names`; clashes with what
    the runtime binds are settled later), or the document problem that prevents it. A `$ref` to
    nothing met on the way raises its GeneratorError (`Refs.target`)."""
    operation = site.operation
    resource, method = name
    stem = class_stem(resource, method)
    taken: set[str] = set()
    raw_params, twins = merged_with_twins(context.refs, site.shared_parameters, operation)
    credentials = credential_places(context.data, operation)
    ignored = (_client_set_headers(site.pointer, raw_params)
               + _ignored_headers(site.pointer, raw_params, credentials)
               + _credential_parameters(site.pointer, raw_params, credentials) + _head_bodies(site)
               + _repeating_json(context, site) + _unusable_naming_hints(site)
               + _unsendable_optional(site.pointer, raw_params)
               + _header_case_twins(site.pointer, twins))
    raw_params = [param for param in raw_params
                  if not set_by_the_client(param) and not ignored_by_openapi(param)
                  and credential_scheme(param, credentials) is None
                  and not _optional_unsendable(param)]
    unsendable = first_unsendable(raw_params)
    if unsendable is not None:  # a required one: every call would fail; a named skip
        return Problem(context.options.source_file, site.pointer, None, unsendable,
                       "rename the parameter in the spec or an overlay")
    unmet = unsendable_requirement(context.data, operation)
    if unmet is not None:  # no credential it needs could be sent: a named skip
        return Problem(context.options.source_file, site.pointer, None, unmet.reason,
                       UNMET_HINT)
    params = parameters(context, stem, raw_params, taken)
    body, body_params = request_body(context, stem, operation, taken)
    ignored += (file_part_notes(site.pointer, body) + spread_clash_notes(site.pointer, body)
                + nothing_to_send_notes(context, site.pointer, operation)
                + multipart_subtype_notes(site.pointer, body))
    success, errors, headers = responses(context, stem, operation, bodiless=site.method == "head")
    streams = streaming(context, operation, body_params, success)
    if streams.note is not None:
        ignored += (Rename(site.pointer, *streams.note, kind=NOTE),)
    if streams.always and streams.switch is not None:  # always on: sent true unless given
        body_params = [replace(p, only_value=(True,)) if p.name == streams.switch else p
                       for p in body_params]
    answer = _Answer.of(context, success)
    pagination = None if streams.chunk else pages(context, site, answer, headers)
    if isinstance(pagination, Problem):
        return pagination
    if pagination is not None:
        ignored += _json_pages_only(site.pointer, success)
        success = json_pages(success)
    else:
        ignored += _unread_pagination_hints(site) or _unread_next_page(context, site, answer)
    return Operation(
        resource=resource,
        name=method,
        http_method=site.method,
        path=site.path.partition("#")[0],  # a fragment is no part of a request (`_path_fragment`)
        pointer=site.pointer,
        summary=_text(operation.get("summary")),
        description=_text(operation.get("description")),
        params=_in_signature_order([*params, *body_params]),
        body=body,
        success=success,
        errors=errors,
        headers=headers,
        stream_param=streams.switch,
        stream_chunk=streams.chunk,
        stream_only=streams.always,
        plain_events=streams.chunk is not None and plain_events(operation,
                                                                streams.switch is not None),
        deprecated=operation.get("deprecated") is True,
        security=own_security(context.data, operation),
        pagination=pagination,
        ignored=ignored,
        renamed_arguments=_renamed_arguments(site.pointer, [*params, *body_params]),
        retry_safe=retries.retry_safe(operation),
        idempotency_header=retries.declared_idempotency_header(context.data, raw_params),
        server=operation_server(operation, site.shared_servers, context.base_url),
    )


def _optional_unsendable(param: dict[str, Any]) -> bool:
    return param.get("required") is not True and unsendable_name(
        param["name"], str(param.get("in"))) is not None


def _unsendable_optional(pointer: str, raw_params: list[dict[str, Any]]) -> tuple[Rename, ...]:
    """A note for each optional header or cookie parameter whose name no request can carry
    (Notion's `""` header): left out of the method, which a call can do without (a required
    one leaves the operation out: no call could send it)."""
    return tuple(
        Rename(pointer, unsendable_name(param["name"], str(param.get("in"))) or "",
               "left out of the method", kind=NOTE)
        for param in raw_params if _optional_unsendable(param))


def _header_case_twins(pointer: str, twins: list[tuple[str, str]]) -> tuple[Rename, ...]:
    """A note for each header parameter left out because one listed before it on the same
    level has its name but for case (`parameters.merged_with_twins`): HTTP reads both names
    as one header, so their two arguments sent one of the two values, silently."""
    return tuple(
        Rename(pointer, f"header parameter `{left}` is the header `{kept}` (HTTP header "
               "names are case-insensitive)", f"left out of the method: `{kept}` is sent",
               kind=NOTE)
        for left, kept in twins)


def _client_set_headers(pointer: str, raw_params: list[dict[str, Any]]) -> tuple[Rename, ...]:
    """A note for each header parameter the HTTP client sets itself (`Host`, `Content-Length`...),
    which the method leaves out."""
    return tuple(
        Rename(pointer, f"header parameter `{param['name']}` is set by the HTTP client from "
               "the URL and the body (a value given for it is refused)", "left out of the method",
               kind=NOTE)
        for param in raw_params if set_by_the_client(param))


def _ignored_headers(pointer: str, raw_params: list[dict[str, Any]],
                     credentials: dict[tuple[str, str], str]) -> tuple[Rename, ...]:
    """A note for each header parameter named `Accept`, `Content-Type` or `Authorization`,
    which OpenAPI says is ignored, and the method leaves out: VTEX's documents make
    `Content-Type` a required argument, whose value then replaced the body's media type (a
    multipart body's boundary with it); loket.nl's makes `Authorization` one, to be given on
    every call. An `Authorization` where a security scheme the operation uses sends its
    credential is named as that (`_credential_parameters`)."""
    return tuple(
        Rename(pointer, f"header parameter `{param['name']}` is ignored by OpenAPI: "
               f"{IGNORED_HEADERS[param['name'].lower()]}", "left out of the method", kind=NOTE)
        for param in raw_params
        if ignored_by_openapi(param) and credential_scheme(param, credentials) is None)


def _credential_parameters(pointer: str, raw_params: list[dict[str, Any]],
                           credentials: dict[tuple[str, str], str]) -> tuple[Rename, ...]:
    """A note for each parameter named like the header, query parameter or cookie of an apiKey
    scheme the operation uses (VTEX's Giftcard API declares `X-VTEX-API-AppKey` both ways): its
    argument's value replaced the credential the client was given (a header), or went beside it
    (`?api_key=value&api_key=key`: servers read the first), so the method leaves it out."""
    notes = []
    for param in raw_params:
        scheme = credential_scheme(param, credentials)
        if scheme is not None:
            notes.append(Rename(pointer, f"{param['in']} parameter `{param['name']}` is where "
                                f"the security scheme `{scheme}` sends the client's credential",
                                "left out of the method", kind=NOTE))
    return tuple(notes)


def _repeating_json(context: Context, site: OperationSite) -> tuple[Rename, ...]:
    """A note for each success answer whose text or binary media types repeat its JSON schema
    (`responses.repeating_json`): read as JSON only."""
    raw = site.operation.get("responses")
    responses = raw if isinstance(raw, dict) else {}
    notes = []
    for code in success_statuses(sorted(str(code) for code in responses)):
        resolved = context.refs.resolve(responses.get(code))
        content = resolved.get("content") if isinstance(resolved, dict) else None
        if not isinstance(content, dict):
            continue
        repeats = repeating_json(context, content)
        if repeats.texts or repeats.encodings:
            notes.append(Rename(site.pointer, f"the answer {code} lists "
                                f"{', '.join(repeats.texts + repeats.encodings)} with the "
                                f"schema of its JSON answer, {_why_json_only(repeats)}",
                                "read as JSON only", kind=NOTE))
    return tuple(notes)


def _why_json_only(repeats: Repeats) -> str:
    """Why the listed media types are not read: text, binary encodings, or both kinds."""
    text = "which text cannot be"
    encoded = "the same object in an encoding the client does not decode"
    if repeats.texts and repeats.encodings:
        return f"{text}, or {encoded}"
    return text if repeats.texts else encoded


# Other tools' pagination extensions (Datadog's `x-pagination`, Azure's `x-ms-pageable`...):
# not read (each says it its own way), but never set aside unsaid
_OTHER_PAGINATION_HINTS = ("x-pagination", "x-ms-pageable", "x-speakeasy-pagination",
                           "x-fern-pagination", "x-stainless-pagination")


def _unread_pagination_hints(site: OperationSite) -> tuple[Rename, ...]:
    """A note for an operation not read as paged whose document hints it pages in another
    tool's words: the method returns one page (Datadog's `list_monitors`), and an
    `x-codegen-pagination` hint in an overlay says how it pages (one there is the last word)."""
    if paging.HINT in site.operation:
        return ()
    return tuple(Rename(site.pointer, f"`{hint}` says how it pages, in another tool's words",
                        f"not read: the method returns one page (write `{paging.HINT}` in an "
                        "overlay to page it)", kind=NOTE)
                 for hint in _OTHER_PAGINATION_HINTS if hint in site.operation)


def _unread_next_page(context: Context, site: OperationSite,
                      answer: _Answer) -> tuple[Rename, ...]:
    """A note for a GET not read as paged whose answer holds a list and what looks like the
    next page's cursor (Vercel's `{projects, pagination: {next}}`, asked for with `from`, a
    name no walk reads as a cursor): the method returns one page, and a hint would page it."""
    if (site.method != "get" or paging.HINT in site.operation
            or context.data.get(paging.HINT) is False):
        return ()
    place = paging.unread_next(answer.properties, answer.held)
    if place is None:
        return ()
    return (Rename(site.pointer, f"the answer's `{place}` looks like the next page's cursor, "
                   "but no query parameter to send it as was found",
                   f"not read: the method returns one page (write `{paging.HINT}` in an "
                   f"overlay, with `next: {place}` and the parameter, to page it)", kind=NOTE),)


def _unusable_naming_hints(site: OperationSite) -> tuple[Rename, ...]:
    """A note for each naming hint that names nothing (`names.operations.unusable_hints`),
    which the operation's name is made without."""
    return tuple(Rename(site.pointer, f"`{hint}` is {_shown(value)}, which names nothing",
                        "ignored: the name is made as without it", kind=NOTE)
                 for hint, value in unusable_hints(site.operation))


def _shown(value: object) -> str:
    """`value` as JSON writes it (control characters escaped), cut at 40 characters."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:39] + "…"


def _head_bodies(site: OperationSite) -> tuple[Rename, ...]:
    """A note for a HEAD operation whose success answer declares content: a HEAD answer has no
    body (RFC 9110 9.3.2), so the method returns None, never the model it could not fill."""
    if site.method != "head":
        return ()
    raw = site.operation.get("responses")
    declared = sorted(str(code) for code, response in (raw.items() if isinstance(raw, dict) else ())
                      if str(code).startswith("2") and isinstance(response, dict)
                      and response.get("content"))
    if not declared:
        return ()
    return (Rename(site.pointer, f"the HEAD answer {declared[0]} declares a body, which a HEAD "
                   "answer never has", "the method returns None (the headers: with_raw_response)",
                   kind=NOTE),)


def _renamed_arguments(pointer: str, params: list[Param]) -> tuple[Rename, ...]:
    """A note for each argument not named as its parameter or property alone would be (a clash,
    a name without a character a Python name can hold); the whole body's `body` is no name of
    the document's."""
    found = (argument_rename(pointer, param.wire_name, _where(param), param.name)
             for param in params if param.location != "body" or param.model_key)
    return tuple(rename for rename in found if rename is not None)


def _where(param: Param) -> str:
    """How a method's docstring names what the argument carries."""
    if param.location == "body":
        return BODY_PROPERTY
    return f"{param.location} parameter"


def class_stem(resource: str, method: str) -> str:
    """Prefix of the classes hoisted for an operation: `CompletionsCreate`; operations of the
    catch-all `default` resource drop the resource (`GetUsersByUserIdNotes`)."""
    if resource == "default":
        return names.pascal_case(method)
    return names.pascal_case(resource) + names.pascal_case(method)


def _in_signature_order(params: list[Param]) -> tuple[Param, ...]:
    """Required arguments first, then those a call may leave out (a stable sort)."""
    return tuple(sorted(params, key=lambda p: p.omittable))


UNREAD_PAGES = ("text", "bytes")  # a list's answers of these kinds give no items


def json_pages(success: tuple[ResponseType, ...]) -> tuple[ResponseType, ...]:
    """A list's answers as its walk reads them: JSON only (a page of XML or text gives no
    items, and asking for it too had the Train Travel API's server answer XML, which ended
    the list at once, empty), never null."""
    return tuple(replace(r, nullable=False) for r in success if r.kind not in UNREAD_PAGES)


def _json_pages_only(pointer: str, success: tuple[ResponseType, ...]) -> tuple[Rename, ...]:
    """A note naming the media types of a list's answers that `json_pages` leaves out."""
    dropped = sorted({media for r in success if r.kind in UNREAD_PAGES for media in r.media_types})
    if not dropped:
        return ()
    return (Rename(pointer, f"the list's answers are also listed as {', '.join(dropped)}, whose "
                   "pages its walk cannot read", "asks for and reads JSON pages only",
                   kind=NOTE),)


def pages(context: Context, site: OperationSite, answer: _Answer,
          headers: tuple[ResponseHeader, ...] = ()) -> paging.Pagination | Problem | None:
    """How the operation's list pages: its `x-codegen-pagination` hint, else (for a GET)
    the shape of its query and of its JSON answer (`paging.detect`; `headers`: the success
    response's, a `Link` among them a link walk's); `false` (on the operation, or at the
    document's root for all of them) turns detection off; a hint that does not fit the
    operation is a Problem."""
    hint = site.operation.get(paging.HINT)
    if hint is False or (hint is None and context.data.get(paging.HINT) is False):
        return None  # the operation's, or the document's: detection off
    refs = context.refs
    properties = answer.properties
    bare_array = paging.is_array(refs.resolve(answer.schema))
    link_header = any(header.wire_name.lower() == "link" for header in headers)
    schemas = {p["name"]: refs.resolve(p.get("schema"))
               for p in merged_parameters(refs, site.shared_parameters, site.operation)
               if p.get("in") == "query"}
    query = {name: json_type(schema, refs) for name, schema in schemas.items()}
    if hint is None and site.method != "get":
        return None
    held = answer.held
    objects = [name for name, schema in properties.items() if _may_be_object(schema, refs)]
    if hint is None:
        return paging.numbered_from(
            paging.detect(query, properties, held=held, objects=objects, bare_array=bare_array,
                          link_header=link_header), schemas)
    try:
        found = paging.from_hint(hint, query, properties, held=held, objects=objects,
                                 bare_array=bare_array,
                                 nested=_held_properties(properties, refs, properties))
    except paging.HintError as error:
        return Problem(context.options.source_file, f"{site.pointer}/{paging.HINT}", None,
                       f"{paging.HINT}: {error}", PAGINATION_HINT_DOCS)
    return paging.numbered_from(found, schemas)


@dataclass
class _Answer:
    """The operation's JSON success answer as its pagination is read: read once for the walk
    (`pages`) and for the note of a list left unpaged (`_unread_next_page`)."""

    schema: Any  # None without one
    properties: dict[str, Any]  # each resolved
    refs: Refs

    @classmethod
    def of(cls, context: Context, success: tuple[ResponseType, ...]) -> _Answer:
        answer = next((r.model_class for r in success if r.kind == "json" and r.model_class),
                      None)
        schema = context.classes.schemas.get(answer) if answer else None
        shape = object_properties(schema, context.refs) if answer else None
        return cls(schema, {name: context.refs.resolve(value)
                            for name, value in (shape[0] if shape else {}).items()},
                   context.refs)

    @functools.cached_property
    def held(self) -> dict[str, set[str]]:
        """`_held_properties` of its properties (asked of a GET only)."""
        return _held_properties(self.properties, self.refs)


def _held_properties(properties: dict[str, Any], refs: Refs,
                     holders: Iterable[str] = paging.HOLDERS) -> dict[str, set[str]]:
    """The property names of the answer's objects among `holders` (by default those that may
    hold what tells the next page, `paging.HOLDERS`; a hint may name any)."""
    held: dict[str, set[str]] = {}
    for holder in holders:
        shape = object_properties(properties[holder], refs) if holder in properties else None
        if shape is not None:
            held[holder] = set(shape[0])
    return held


def _may_be_object(schema: Any, refs: Refs) -> bool:
    """Whether the answer's property `schema` is, or may be, an object: one with properties
    (refs resolved, allOf merged), or a union one of whose branches is (`oneOf: [NextPage,
    {type: 'null'}]`). paging's `_is_object` asks less: what the schema itself declares."""
    if object_properties(schema, refs) is not None:
        return True
    resolved = refs.resolve(schema)
    branches = [branch for keyword in ("oneOf", "anyOf")
                for branch in (resolved.get(keyword) or [] if isinstance(resolved, dict) else [])]
    return any(object_properties(branch, refs) is not None for branch in branches)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""
