"""An operation's responses: what its method returns, raises and streams.

Each documented status becomes a `ResponseType` (JSON into a class, text, bytes or nothing),
a success documented in media types of several kinds one per kind (JSON, text, binary: the
method returns `Thing | str`); the successes' first is the return type, the others are
errors. A JSON answer is parsed into its schema without writeOnly properties
(`<Name>Response`). The stream switch and the class of one streamed chunk are decided here
too, from the responses and the body's arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.document.keywords import EVENTS_KEY, SCHEMA_MAPS, STREAM_EVENTS, STREAM_HINT
from generator.document.operations import iter_operations
from generator.document.refs import Refs
from generator.document.schemas import same_json
from generator.ir.context import Context
from generator.ir.media import ResponseKind, base_type, pick_json, response_kind
from generator.ir.model import Param, ResponseHeader, ResponseType
from generator.ir.parameters import only_value
from generator.ir.schemas import header_python_type, is_binary, is_nullable, object_properties
from generator.names import identifiers as names
from generator.names.components import SCHEMAS_PREFIX

EVENT_STREAM = "text/event-stream"
Responses = tuple[tuple[ResponseType, ...], tuple[ResponseType, ...], tuple[ResponseHeader, ...]]


def responses(context: Context, stem: str, operation: dict[str, Any], *,
              bodiless: bool = False) -> Responses:
    """(successes, errors, the first success's headers); without a 2XX, `default` is the
    success. Classes are `<stem>Response`, or `<stem>Response201`... when there are several.
    `bodiless` (a HEAD operation): a success has no body, whatever content it declares."""
    raw = operation.get("responses") or {}
    statuses = sorted(str(code) for code in raw)
    successes = success_statuses(statuses)
    success: list[ResponseType] = []
    errors: list[ResponseType] = []
    headers: tuple[ResponseHeader, ...] = ()
    for code in statuses:
        response = context.refs.resolve(raw.get(code))
        if not isinstance(response, dict):
            continue
        is_success = code in successes
        suffix = "" if (is_success and len(successes) <= 1) else code.capitalize()
        role = "Response" if is_success else "Error"
        if not is_success:
            errors.append(error_type(context, code, response, f"{stem}{role}{suffix}"))
            continue
        if bodiless:
            success.append(ResponseType(code, "none", None))
        else:
            success.extend(success_types(context, code, response, f"{stem}{role}{suffix}"))
        headers = headers or response_headers(context, response)
    if not bodiless and _redirected_only(statuses):
        success.append(redirected_answer())
    return tuple(success), tuple(errors), headers


def success_statuses(statuses: list[str]) -> list[str]:
    """The statuses whose answers the method returns: the 2XX ones, else `default`."""
    successes = [code for code in statuses if code.startswith("2")]
    return successes or [code for code in statuses if code == "default"]


# the redirects the client follows (`_base_client`'s REDIRECT_STATUSES)
FOLLOWED_REDIRECTS = frozenset({"301", "302", "303", "307", "308", "3XX", "3xx"})


def _redirected_only(statuses: list[str]) -> bool:
    """A documented redirect and no answer documented for where it leads: no 2xx at all
    (GitHub's `302` to a tarball; a `default` is the success there) or only a `202` (Box's
    file content: `202` while it is prepared, `302` to it). The client follows the redirect,
    and the answer there is the download. A documented success beside a redirect (a `201`
    beside a `303`, a `204` beside a `307`) keeps the method's type its own."""
    if not FOLLOWED_REDIRECTS.intersection(statuses):
        return False
    successes = {code for code in statuses if code.startswith("2")}
    return successes == {"202"} or (not successes and "default" not in statuses)


def redirected_answer() -> ResponseType:
    """The answer at the end of a documented redirect: any 2xx the document does not list
    (`success_target` reads an exact code first), returned as bytes, since the document says
    nothing of its type."""
    return ResponseType("2XX", "bytes", None, ("*/*",), after_redirect=True)


def success_types(context: Context, code: str, response: dict[str, Any],
                  suggested: str) -> tuple[ResponseType, ...]:
    """How a success answer of `code` is read: one `ResponseType` per kind its media types
    are read as (JSON, then text, then binary), so a status documented as JSON and as
    `text/csv` returns `Thing | str` and the runtime picks by the answer's Content-Type."""
    content = response.get("content")
    if not isinstance(content, dict):
        return (response_type(context, code, response, suggested),)
    repeats = repeating_json(context, content).all()
    if repeats:
        content = {m: media for m, media in content.items() if m not in repeats}
        response = {**response, "content": content}
    media_types = sorted(m for m in content if m != EVENT_STREAM)
    kinds = {kind: [m for m in media_types if _kind(context, m, content[m]) == kind]
             for kind in ("json", "text", "bytes")}
    if sum(1 for found in kinds.values() if found) <= 1:
        return (response_type(context, code, response, suggested),)
    return tuple(
        response_type(context, code, {"content": {m: content[m] for m in found}}, suggested)
        for found in kinds.values() if found
    )


@dataclass(frozen=True)
class Repeats:
    """The media types of a `content` map that only repeat its JSON entry's object or array
    schema, by kind (each sorted):

    * `texts`: a page of text is no object (Gitea's go-swagger `produces: [application/json,
      text/html]` gives 249 of 351 answers `text/html` with the JSON's `$ref`, so every method
      returned `Thing | str` and asked for `text/html` too);
    * `encodings`: the same object in an encoding the client does not decode (Kubernetes lists
      `application/vnd.kubernetes.protobuf` beside `application/json`, the same `$ref`, on
      every answer: every method returned `Pod | bytes` and asked for protobuf too, which the
      server then sent).

    The JSON entry alone is read. An entry of its own schema (a string, a CSV, a file) stays."""

    texts: list[str]
    encodings: list[str]

    def all(self) -> list[str]:
        return sorted(self.texts + self.encodings)


def repeating_json(context: Context, content: dict[str, Any]) -> Repeats:
    """`Repeats` of a `content` map, its JSON entry read once for both kinds."""
    picked = pick_json(content)
    if picked is None or not isinstance(picked[1], dict) or "schema" not in picked[1]:
        return Repeats([], [])
    schema = picked[1]["schema"]
    resolved = context.refs.resolve(schema)
    if not isinstance(resolved, dict) or resolved.get("type") not in ("object", "array", None) or (
            resolved.get("type") is None and not {"properties", "items", "allOf", "oneOf",
                                                   "anyOf"} & set(resolved)):
        return Repeats([], [])
    plain = without_xml_hints(schema)
    found = sorted(media for media, entry in content.items()
                   if media != EVENT_STREAM and base_type(media) != "*/*"
                   and response_kind(media) in ("text", "bytes") and isinstance(entry, dict)
                   and same_json(without_xml_hints(entry.get("schema")), plain))
    return Repeats([m for m in found if response_kind(m) == "text"],
                   [m for m in found if response_kind(m) == "bytes"])


def without_xml_hints(schema: Any) -> Any:
    """A copy of `schema` without its `xml` keywords (how an XML body names and wraps its
    elements): Train Travel's XML answers repeat the JSON schema with such hints, and were read
    as a second answer (`Page | str`, `Accept: application/json, application/xml`). A key of a
    map of names (`properties`) is kept, `xml` too. Its own stack: schemas nest deep."""
    top: list[Any] = [None]
    pending: list[tuple[Any, Any, Any, bool]] = [(schema, top, 0, False)]
    while pending:
        node, holder, key, names = pending.pop()
        if isinstance(node, list):
            holder[key] = copied = [None] * len(node)
            pending.extend((item, copied, index, False) for index, item in enumerate(node))
        elif isinstance(node, dict):
            kept: dict[str, Any] = {}
            holder[key] = kept
            for name, value in node.items():
                if names or not (name == "xml" and isinstance(value, dict)):
                    kept[name] = None
                    pending.append((value, kept, name, name in SCHEMA_MAPS and not names))
        else:
            holder[key] = node
    return top[0]


def response_type(context: Context, code: str, response: dict[str, Any],
                  suggested: str) -> ResponseType:
    """How the response of `code` is read, and the class (`suggested`) a JSON one parses into."""
    content = response.get("content")
    if not isinstance(content, dict) or not content:
        return ResponseType(code, "none", None)
    media_types = tuple(sorted(media for media in content if media != EVENT_STREAM))
    picked = pick_json({m: media for m, media in content.items()
                        if not _binary_wildcard(context, m, media)})
    if picked is not None:
        schema = picked[1].get("schema") if isinstance(picked[1], dict) else None
        if schema is None:
            return ResponseType(code, "json", None, media_types)
        return _json_type(context, code, schema, suggested, media_types)
    kinds = [_kind(context, media, content[media]) for media in media_types]
    if not kinds:
        return ResponseType(code, "none", None)
    return ResponseType(code, "text" if "text" in kinds else "bytes", None, media_types)


def error_type(context: Context, code: str, response: dict[str, Any],
               suggested: str) -> ResponseType:
    """How an error answer of `code` is read: as `response_type`, but an error documented as
    nothing but `text/event-stream` with a schema (Hugging Face TGI's `ErrorResponse` on every
    error of its streaming operations) is JSON of that schema: the runtime decodes its first
    event's data. It was read as no body, so the error's model was never built."""
    content = response.get("content")
    if not isinstance(content, dict) or list(content) != [EVENT_STREAM]:
        return response_type(context, code, response, suggested)
    schema = _declared_event_schema(content[EVENT_STREAM])
    if schema is None:
        return response_type(context, code, response, suggested)
    data = event_data_schema(context, schema)
    return _json_type(context, code, schema if data is None else data, suggested,
                      (EVENT_STREAM,))


def _json_type(context: Context, code: str, schema: Any, suggested: str,
               media_types: tuple[str, ...]) -> ResponseType:
    """An answer of `code` read as JSON of `schema`, parsed into its class (`suggested`)."""
    classes = context.classes
    model_class = classes.variant(classes.class_for(schema, suggested), schema, "writeOnly")
    classes.operation_classes.add(model_class)
    return ResponseType(code, "json", model_class, media_types, is_nullable(schema, context.refs))


def _declared_event_schema(media: Any) -> Any | None:
    """The schema a `text/event-stream` entry gives its events (`itemSchema`, else `schema`),
    or None when it gives none."""
    if not isinstance(media, dict):
        return None
    return media.get("itemSchema") or media.get("schema") or None


def _kind(context: Context, media_type: str, media: Any) -> ResponseKind:
    """How an answer documented as `media_type` is read (`response_kind`), bytes for a
    binary `*/*` (`_binary_wildcard`)."""
    return "bytes" if _binary_wildcard(context, media_type, media) else response_kind(media_type)


def _binary_wildcard(context: Context, media_type: str, media: Any) -> bool:
    """`*/*` whose schema is a file (`format: binary`, `contentMediaType`): a download of any
    type (springdoc's `ResponseEntity<Resource>`), read as bytes, not as the JSON `*/*` else
    stands for (which no file answer decodes as)."""
    if base_type(media_type) != "*/*" or not isinstance(media, dict):
        return False
    schema = context.refs.resolve(media.get("schema"))
    return (isinstance(schema, dict) and schema.get("type") != "array"
            and is_binary(schema, context.refs))


def response_headers(context: Context, response: dict[str, Any]) -> tuple[ResponseHeader, ...]:
    """The headers a response documents, by name, each with the python type it is read as."""
    result = []
    for wire in sorted(response.get("headers") or {}):
        header = context.refs.resolve(response["headers"][wire])
        if isinstance(header, dict):
            description = header.get("description")
            result.append(ResponseHeader(
                wire, header_python_type(header.get("schema"), context.refs),
                description if isinstance(description, str) else ""))
    return tuple(result)


@dataclass(frozen=True)
class Streaming:
    """How an operation streams: the argument switching it on, the class of one chunk, whether
    it always streams, and the note naming an event stream whose schema is the whole event."""

    switch: str | None = None
    chunk: str | None = None
    always: bool = False
    note: tuple[str, str] | None = None  # (problem, action) of a `Rename` note


def streaming(context: Context, operation: dict[str, Any], body_params: list[Param],
              success: tuple[ResponseType, ...]) -> Streaming:
    """The boolean argument that switches the call to SSE, the chunk class, and whether
    the operation always streams.

    The `x-codegen-stream` hint wins; without it a body property named `stream` is the
    switch (the OpenAI convention), unless the operation answers no `text/event-stream` while
    another taking the same body does (`quiet_switch`, said in a note). Chunks parse into the
    `text/event-stream` schema when the spec documents one (its `data` property's when it
    describes the whole event, `event_data_schema`), else into the JSON success model
    (OpenAI-style APIs stream objects of the same shape). An operation whose successes answer
    nothing but the stream, or whose switch allows only `true`, always streams (Mistral's
    `/v1/conversations#stream`); one whose switch allows only `false` never does.
    """
    hint = operation.get(STREAM_HINT)
    hint = hint if isinstance(hint, dict) else {}
    switch_wire = hint.get("param", "stream")
    switch = next((p for p in body_params if p.wire_name == switch_wire), None)
    only = _switch_value(context, switch)
    if only is False:
        return Streaming()
    sse_schema = event_stream_schema(context, operation)
    if quiet_switch(context, hint, switch, sse_schema, operation):
        return Streaming(note=(QUIET_SWITCH_PROBLEM, QUIET_SWITCH_ACTION))
    hinted = _hinted_chunk(context, hint)
    data = None if hinted or sse_schema is None else event_data_schema(context, sse_schema)
    chunk = hinted or _chunk_class(context, sse_schema, data, switch_wire, success)
    if chunk is None:
        return Streaming()
    note = None if data is None else _envelope_note(context, sse_schema, chunk)
    if switch is not None:
        only_streams = sse_schema is not None and all(r.kind == "none" for r in success)
        return Streaming(switch.name, chunk, only_streams or only is True, note)
    always = sse_schema is not None and not any(r.kind == "json" for r in success)
    return Streaming(None, chunk, True, note) if always else Streaming()


def quiet_switch(context: Context, hint: dict[str, Any], switch: Param | None,
                 sse_schema: Any | None, operation: dict[str, Any]) -> bool:
    """Whether a `stream` body property is no stream switch: the operation answers no
    `text/event-stream` while another operation taking the same request body (one `$ref`)
    does, so the document says which of them streams (Hugging Face TGI's `/chat_tokenize`
    takes `ChatRequest`, `stream` included, and answers JSON only, where `/chat/completions`
    streams it). An operation whose body no streaming one shares keeps the switch, as OpenAI's
    `/completions` does (its document declares no event stream there, yet it streams), as does
    one with an `x-codegen-stream` hint."""
    if switch is None or sse_schema is not None or hint:
        return False
    body = _body_ref(_lenient(context.refs), operation)
    return body is not None and body in context.streamed_bodies


QUIET_SWITCH_PROBLEM = ("body property `stream` is no stream switch here: the operation answers "
                        "no `text/event-stream`, while another taking the same request body does")
QUIET_SWITCH_ACTION = ("`stream` is an argument sent as given, the JSON answer returned "
                       "(`x-codegen-stream: {param: stream}` makes it the switch)")


def streamed_bodies(data: dict[str, Any], refs: Refs) -> frozenset[str]:
    """The request bodies (their JSON schema's `$ref`) of the operations that answer a success
    as `text/event-stream`. Refs are followed leniently: a dangling one is the named skip of
    its operation, later."""
    lenient = _lenient(refs)
    return frozenset(body for site in iter_operations(data)
                     if _success_event_stream(lenient, site.operation) is not None
                     and (body := _body_ref(lenient, site.operation)) is not None)


def _lenient(refs: Refs) -> Callable[[Any], Any]:
    """A node's target by `refs`, followed leniently (`Refs.deref`: a dangling one no error)."""
    return lambda node: refs.deref(node)[0]


def _body_ref(resolve: Callable[[Any], Any], operation: dict[str, Any]) -> str | None:
    """The `$ref` of the operation's JSON request body schema, None when it is inline (or
    there is none)."""
    body = resolve(operation.get("requestBody"))
    content = body.get("content") if isinstance(body, dict) else None
    picked = pick_json(content) if isinstance(content, dict) else None
    schema = picked[1].get("schema") if picked is not None and isinstance(picked[1], dict) else None
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    return ref if isinstance(ref, str) else None


def _switch_value(context: Context, switch: Param | None) -> bool | None:
    """The one value the body's stream switch allows (`enum: [true]`, `const: false`), else
    None. Read in the body's schema, `allOf` merged (Mistral's `ConversationStreamRequest` adds
    `{enum: [true]}` to its base's boolean)."""
    if switch is None:
        return None
    shape = object_properties(context.classes.schemas.get(switch.model_class), context.refs)
    values = only_value(context.refs, shape[0].get(switch.model_key)) if shape else ()
    return values[0] if values and isinstance(values[0], bool) else None


#: the fields of a server-sent event (WHATWG HTML): a schema of these describes the whole event
EVENT_FIELDS = frozenset({"event", "data", "id", "retry"})


def event_data_schema(context: Context, sse_schema: Any) -> Any | None:
    """The schema of each event's data when the stream's schema describes the whole event, as
    Speakeasy's documents and OpenAPI 3.2's `itemSchema` do: an object whose properties are
    among `event`, `data`, `id` and `retry`, `data` one of them. Its `data` property, or the
    `contentSchema` of a string `data` holding JSON; None for a schema of the data itself."""
    shape = object_properties(sse_schema, context.refs)
    if shape is None or "data" not in shape[0] or not set(shape[0]) <= EVENT_FIELDS:
        return None
    data = shape[0]["data"]
    resolved = context.refs.resolve(data)
    if isinstance(resolved, dict) and isinstance(resolved.get("contentSchema"), (dict, bool)):
        return resolved["contentSchema"]
    return data


def _data_class_name(sse_schema: Any) -> str | None:
    """The name an inline `data` schema's class is given: `<Envelope>Data` for a component
    envelope (`ConversationEventsData`), else the default."""
    ref = sse_schema.get("$ref") if isinstance(sse_schema, dict) else None
    if isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX) \
            and "/" not in ref[len(SCHEMAS_PREFIX):]:
        return ref[len(SCHEMAS_PREFIX):] + "Data"
    return None


def _envelope_note(context: Context, sse_schema: Any, chunk: str) -> tuple[str, str]:
    """The note naming a stream whose schema describes the whole event, and how it is read."""
    ref = sse_schema.get("$ref") if isinstance(sse_schema, dict) else None
    named = f" `{ref.rpartition('/')[2]}`" if isinstance(ref, str) else ""
    shape = object_properties(sse_schema, context.refs)
    fields = ", ".join(f"`{name}`" for name in sorted(shape[0])) if shape else "`data`"
    problem = (f"the `text/event-stream` schema{named} describes the whole event ({fields}), "
               "not its data")
    action = (f"each event's data is read as `{chunk}`, its `data` property (the event's "
              "name: the stream's `last_event`)")
    return problem, action


def plain_events(operation: dict[str, Any], switched: bool) -> bool:
    """Whether a stream's events are plain server-sent events, each one a chunk, rather than
    OpenAI's: `data: [DONE]` ends the stream, an event with an `error` member (or `event:
    error`) raises. A stream a body property switches on (`stream: true`) is OpenAI's
    convention, which the OpenAI-compatible APIs follow; one the operation always answers
    with (a subscription: Mercure, a log tail) is plain, where an `error` member is the
    application's data. `x-codegen-stream: {events: plain | openai}` says which."""
    hint = operation.get(STREAM_HINT)
    events = hint.get(EVENTS_KEY) if isinstance(hint, dict) else None
    if events in STREAM_EVENTS:  # another value: reported (`check_codegen_hints`), then unread
        return bool(events == "plain")
    return not switched


def _hinted_chunk(context: Context, hint: dict[str, Any]) -> str | None:
    """The chunk class `x-codegen-stream: {chunk: ...}` names, if it names one."""
    chunk_ref = hint.get("chunk")
    if isinstance(chunk_ref, dict):  # written as a Reference Object: `{$ref: ...}`
        chunk_ref = chunk_ref.get("$ref")
    if isinstance(chunk_ref, str):
        return context.classes.class_for({"$ref": chunk_ref}, "StreamChunk")
    return None


def _chunk_class(context: Context, sse_schema: Any | None, data: Any | None,
                 switch_wire: Any, success: tuple[ResponseType, ...]) -> str | None:
    """The class of one chunk: the event's `data` schema (`event_data_schema`), else the
    stream's schema, else the first JSON success's class."""
    suggested = f"{names.pascal_case(switch_wire)}Chunk"
    if data is not None:
        return context.classes.class_once(data, _data_class_name(sse_schema) or suggested)
    if sse_schema is not None:
        return context.classes.class_for(sse_schema, suggested)
    first_json = next((r for r in success if r.kind == "json"), None)
    return first_json.model_class if first_json is not None else None


def event_stream_schema(context: Context, operation: dict[str, Any]) -> Any | None:
    """The schema of one event of a 2XX `text/event-stream` response (`itemSchema`, else
    `schema`, else any); None when no success streams."""
    return _success_event_stream(context.refs.resolve, operation)


def _success_event_stream(resolve: Callable[[Any], Any],
                          operation: dict[str, Any]) -> Any | None:
    """`event_stream_schema`, its responses' refs followed by `resolve`."""
    responses = operation.get("responses")
    for code, response in sorted((responses if isinstance(responses, dict) else {}).items()):
        response = resolve(response)
        content = response.get("content") if isinstance(response, dict) else None
        if str(code).startswith("2") and isinstance(content, dict) and EVENT_STREAM in content:
            return _declared_event_schema(content[EVENT_STREAM]) or {}
    return None
