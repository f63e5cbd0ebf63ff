"""Our own checks: what code generation relies on, cheap enough to run inline.

Dangling internal `$ref`s (with the nearest existing key as a hint) and discriminator mapping
entries naming no schema, `required` names that no property defines, operations that the
naming rule would give the same generated method, path templates that carry a query string
(`/search?q={q}`), parameters without a name or a location (which openapi-spec-validator
crashes on), and 3.0-style boolean `exclusiveMinimum`/`exclusiveMaximum` in a 3.1 document
(which it does not always see, and which would otherwise read as the bound 1), and the
keywords of datamodel-code-generator itself (`customTypePath`, `x-python-type`, ...), with which
a document could choose what the generated package imports.
"""

from __future__ import annotations

import difflib
import functools
import re
import reprlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any

from generator.document.keywords import (
    EVENTS_KEY,
    SCHEMA_LISTS,
    SCHEMA_VALUES,
    STREAM_EVENTS,
    STREAM_HINT,
)
from generator.document.loading import Document
from generator.document.operations import iter_operations
from generator.document.pointer import (
    fragment_pointer,
    join_pointer,
    join_tokens,
    resolve_pointer,
    slashed_fragment,
    split_pointer,
    unescape_token,
)
from generator.document.refs import Refs, is_named_map, iter_objects
from generator.document.schemas import NAME_MAPS, in_schema, json_key, same_json
from generator.names.components import SCHEMAS_PREFIX, mapping_ref
from generator.names.headers import TOKEN
from generator.names.operations import name_clashes
from generator.problems import Problem, printable
from generator.validate.security import UNMET_HINT, unsendable_requirement


class Walked:
    """One walk of a document shared by the checks that read its objects (`iter_objects`), and
    what its local `$ref`s resolve to, looked up once per distinct reference: `own_checks`
    makes one for all its checks (each check alone makes its own)."""

    def __init__(self, data: Any) -> None:
        self.data = data
        self.objects = list(iter_objects(data))
        self._targets: dict[str, str | None] = {}  # ref -> the pointer it names, if it resolves

    def target(self, ref: str) -> str | None:
        """The pointer local `ref` names when it resolves to something in the document."""
        if ref not in self._targets:
            target = fragment_pointer(ref)
            found = target is not None and resolve_pointer(self.data, target)[0]
            self._targets[ref] = target if found else None
        return self._targets[ref]


def check_internal_refs(doc: Document, walked: Walked | None = None) -> list[Problem]:
    """Local `$ref`s that point to nothing, each with the nearest existing key as a hint."""
    walked = walked if walked is not None else Walked(doc.data)
    problems = []
    for at, node in walked.objects:  # iter_refs, from the shared walk
        ref = node.get("$ref")
        if not isinstance(ref, str):
            continue
        target = fragment_pointer(ref)
        if target is None:
            continue
        pointer = join_pointer(at, "$ref")
        if target and not target.startswith("/"):
            problems.append(_no_pointer(doc, pointer, ref, walked))
            continue
        if walked.target(ref) is not None:
            continue
        message, hint = _describe_missing(doc.data, ref, target)
        problems.append(Problem(str(doc.path), pointer, doc.line_of(pointer), message, hint,
                                code="dangling-ref"))
    return problems


def _no_pointer(doc: Document, pointer: str, ref: str, walked: Walked) -> Problem:
    """A local `$ref` whose fragment is no JSON pointer (`#components/schemas/A`: a pointer
    starts with `/`): the code generator refused it without saying where. When the pointer it
    was meant to be names something (`ref-without-slash`, repaired by writing it), else a
    dangling reference."""
    meant = slashed_fragment(ref)
    if walked.target(meant) is None:
        return Problem(str(doc.path), pointer, doc.line_of(pointer),
                       f"$ref {ref!r}: its fragment is no JSON pointer (which starts with `/`), "
                       "and the pointer it might mean names nothing either",
                       "write the reference as `#/components/...`", code="dangling-ref")
    return Problem(str(doc.path), pointer, doc.line_of(pointer),
                   f"$ref {ref!r}: its fragment is no JSON pointer (which starts with `/`)",
                   f"write {meant!r}", code="ref-without-slash")


def check_discriminator_mappings(doc: Document, walked: Walked | None = None) -> list[Problem]:
    """A discriminator's `mapping` entry naming a schema that does not exist (`cat: Kat`, or
    `#/components/schemas/Kat`): a reference like a `$ref`, which openapi-spec-validator does
    not follow. A value naming another file was bundled when the document was loaded; one
    left is a file or place loading could not read in."""
    walked = walked if walked is not None else Walked(doc.data)
    problems = []
    for at, node in walked.objects:
        discriminator = node.get("discriminator")
        mapping = discriminator.get("mapping") if isinstance(discriminator, dict) else None
        if not isinstance(mapping, dict) or is_named_map(at) or not in_schema(split_pointer(at)):
            continue
        for tag, value in mapping.items():
            ref = mapping_ref(value)
            if ref is not None and walked.target(ref) is None:
                problems.append(_dangling_mapping(doc, at, tag, ref))
            elif ref is None and isinstance(value, str) and "://" not in value:
                # another file's, not bundled (a URL's is not ours to resolve)
                problems.append(_dangling_mapping(doc, at, tag, value, elsewhere=True))
    return problems


def check_discriminator_tags(doc: Document, walked: Walked | None = None) -> list[Problem]:
    """A discriminator without a `mapping` tags each branch with its schema's name (`Linode`),
    while that schema's own property shows another value (`type: {example: g6-standard-1}`,
    Linode's plan): the code generator then pins the property of that shared schema to the
    name, and every answer holding one (Linode's `get_linode_instance`) fails validation."""
    walked = walked if walked is not None else Walked(doc.data)
    problems = []
    for at, node in walked.objects:
        discriminator = node.get("discriminator")
        if not isinstance(discriminator, dict) or discriminator.get("mapping"):
            continue
        name = discriminator.get("propertyName")
        if not isinstance(name, str) or is_named_map(at) or not in_schema(split_pointer(at)):
            continue
        for branch in [*_list(node.get("oneOf")), *_list(node.get("anyOf"))]:
            shown = _value_shown_besides_tag(doc.data, walked, branch, name)
            if shown is not None:
                problems.append(_contradicted_tag(doc, at, name, *shown))
                break
    return problems


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _value_shown_besides_tag(data: Any, walked: Walked, branch: object, name: str
                             ) -> tuple[str, str] | None:
    """(the branch's schema name, the value its property shows) when a `$ref` branch's
    property `name` is not pinned (no `enum`, `const`) and its example or default is another
    value than the name."""
    ref = branch.get("$ref") if isinstance(branch, dict) else None
    if not isinstance(ref, str) or not ref.startswith(SCHEMAS_PREFIX):
        return None
    pointer = walked.target(ref)
    schema = resolve_pointer(data, pointer)[1] if pointer is not None else None
    properties = schema.get("properties") if isinstance(schema, dict) else None
    prop = properties.get(name) if isinstance(properties, dict) else None
    if not isinstance(prop, dict) or "enum" in prop or "const" in prop:
        return None
    tag = ref[len(SCHEMAS_PREFIX):]
    examples = prop.get("examples")
    for value in (prop.get("example"), prop.get("default"),
                  *(examples if isinstance(examples, list) else [])):
        if isinstance(value, str) and value != tag:
            return tag, value
    return None


def _contradicted_tag(doc: Document, at: str, name: str, tag: str, shown: str) -> Problem:
    pointer = join_tokens(at, "discriminator")
    return Problem(str(doc.path), pointer, doc.line_of(pointer),
                   f"the discriminator `{name}` has no mapping, so it tags the branch `{tag}` "
                   f"as {tag!r}, but that schema's `{name}` shows {shown!r}",
                   "add a mapping, or an enum to the property", code="discriminator-contradicted")


def _dangling_mapping(doc: Document, at: str, tag: str, ref: str,
                      elsewhere: bool = False) -> Problem:
    """`elsewhere`: `ref` names another file, which loading could not read in (not there, or
    a place it may not read): no schema either."""
    pointer = join_tokens(at, "discriminator", "mapping", tag)
    target = fragment_pointer(ref)
    _, hint = _describe_missing(doc.data, ref, target) if target is not None else ("", "")
    what = "which could not be read in" if elsewhere else "which does not exist"
    return Problem(str(doc.path), pointer, doc.line_of(pointer),
                   f"discriminator mapping {tag!r} names {ref!r}, {what}",
                   hint or "name an existing schema, or drop the entry", code="dangling-mapping")


def check_ref_cycles(doc: Document, walked: Walked | None = None) -> list[Problem]:
    """Schemas that come back to themselves through `$ref` and `allOf` alone (`A: {$ref: A}`,
    A -> B -> A, `A: {allOf: [{$ref: A}]}`): they describe no value (a class cannot inherit
    from itself). A cycle through anything else (a property, array items, a oneOf branch) is
    a recursive schema, legal, and generated.

    Only objects with a `$ref` or an `allOf` have edges: the others can be in no cycle, and
    leaving them out of the search changes neither which groups it finds nor their order."""
    walked = walked if walked is not None else Walked(doc.data)
    edges = {pointer: found for pointer, node in walked.objects
             if ("$ref" in node or "allOf" in node) and (found := _pure_edges(walked, node))}
    return [_ref_cycle(doc, _cycle_in(group, edges)) for group in _strongly_connected(edges)
            if len(group) > 1 or group[0] in edges.get(group[0], [])]


def _pure_edges(walked: Walked, node: dict[str, Any]) -> list[str]:
    """Pointers of the schemas `node` is, not merely contains: its `$ref`, its `allOf` members'."""
    references = [node.get("$ref")]
    references += [member.get("$ref") for member in node.get("allOf") or []
                   if isinstance(member, dict)]
    targets = [walked.target(ref) for ref in references if isinstance(ref, str)]
    return [target for target in targets if target is not None]


def _strongly_connected(edges: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected groups of the graph (Tarjan's algorithm, with its own stack:
    `$ref` chains may be longer than Python recursion goes)."""
    search = _Tarjan(edges)
    for root in edges:
        if root not in search.index:
            search.visit(root)
    return search.groups


class _Tarjan:
    """The state of one Tarjan search: the order nodes were reached in, the lowest order each
    reaches back to, the nodes of groups not yet closed."""

    def __init__(self, edges: dict[str, list[str]]) -> None:
        self.edges = edges
        self.index: dict[str, int] = {}
        self.low: dict[str, int] = {}
        self.on_stack: set[str] = set()
        self.stack: list[str] = []
        self.groups: list[list[str]] = []

    def visit(self, root: str) -> None:
        work = [(root, 0)]  # (node, its next edge to follow)
        while work:
            node, next_edge = work.pop()
            if next_edge == 0:
                self.index[node] = self.low[node] = len(self.index)
                self.stack.append(node)
                self.on_stack.add(node)
            targets = self.edges.get(node, [])
            if next_edge < len(targets):
                work.append((node, next_edge + 1))
                self._follow(node, targets[next_edge], work)
                continue
            if self.low[node] == self.index[node]:
                self.groups.append(self._close(node))
            if work:
                parent = work[-1][0]
                self.low[parent] = min(self.low[parent], self.low[node])

    def _follow(self, node: str, target: str, work: list[tuple[str, int]]) -> None:
        if target not in self.index:
            work.append((target, 0))
        elif target in self.on_stack:
            self.low[node] = min(self.low[node], self.index[target])

    def _close(self, node: str) -> list[str]:
        """The group `node` roots, off the stack, sorted."""
        group = []
        while True:
            member = self.stack.pop()
            self.on_stack.discard(member)
            group.append(member)
            if member == node:
                return sorted(group)


def _cycle_in(group: list[str], edges: dict[str, list[str]]) -> list[str]:
    """A cycle through the group's first pointer, following edges inside the group."""
    members = set(group)
    path = [group[0]]
    while True:
        following = next(target for target in edges[path[-1]] if target in members)
        if following in path:
            return path[path.index(following):]
        path.append(following)


def _ref_cycle(doc: Document, cycle: list[str]) -> Problem:
    start = cycle.index(min(cycle))  # the same cycle is reported from the same place
    ordered = cycle[start:] + cycle[:start]
    following = ordered[1] if len(ordered) > 1 else ordered[0]
    node = resolve_pointer(doc.data, ordered[0])[1]
    where = join_pointer(ordered[0], "$ref")
    if fragment_pointer(str(node.get("$ref"))) != following:  # reached through an allOf member
        members = node.get("allOf") or []
        index = next(i for i, m in enumerate(members)
                     if isinstance(m, dict) and fragment_pointer(str(m.get("$ref"))) == following)
        where = join_pointer(join_pointer(join_pointer(ordered[0], "allOf"), str(index)), "$ref")
    shown = " -> ".join(f"#{pointer}" for pointer in [*ordered, ordered[0]])
    return Problem(str(doc.path), where, doc.line_of(where),
                   f"$ref cycle with nothing in between: {shown}",
                   "a schema that only is itself (through $ref and allOf) describes no value: "
                   "give it properties or a type, or point the $ref elsewhere", code="ref-cycle")


def _describe_missing(data: Any, ref: str, target: str) -> tuple[str, str]:
    tokens = target.lstrip("/").split("/") if target else []
    existing = ""
    node = data
    for token in tokens:
        found, child = resolve_pointer(node, "/" + token)
        if not found:
            missing = unescape_token(token)
            message = f"$ref {ref!r} points to nothing: {existing or '#'} has no {missing!r}"
            candidates = [str(key) for key in node] if isinstance(node, dict) else []
            close = difflib.get_close_matches(missing, candidates, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "define it, or fix the reference"
            return message, hint
        existing, node = f"{existing}/{token}", child
    return f"$ref {ref!r} points to nothing", "fix the reference"


def check_method_name_clashes(doc: Document) -> list[Problem]:
    """Operations the naming rule would give the same generated method."""
    return [replace(problem, code="method-clash")
            for problem in name_clashes(iter_operations(doc.data), str(doc.path), doc.line_of)]


def check_security_requirements(doc: Document) -> list[Problem]:
    """Operations whose every security alternative names a scheme the document does not
    declare, or one no request can send (`security.unsendable_requirement`)."""
    problems = []
    for site in iter_operations(doc.data):
        unmet = unsendable_requirement(doc.data, site.operation)
        if unmet is not None:
            problems.append(Problem(str(doc.path), site.pointer, doc.line_of(site.pointer),
                                    unmet.reason, UNMET_HINT, code=unmet.code))
    return problems


def check_path_query_strings(doc: Document) -> list[Problem]:
    """Path templates that carry a query string (`/search?q={q}`): a path holds no query."""
    paths = doc.data.get("paths")
    if not isinstance(paths, dict):
        return []
    problems = []
    for path in paths:
        if isinstance(path, str) and "?" in path:
            pointer = join_pointer("/paths", path)
            problems.append(Problem(
                str(doc.path), pointer, doc.line_of(pointer),
                f"path {path!r} carries a query string",
                "a path holds no query; declare its parts as `in: query` parameters",
                code="path-query-string"))
    return problems


_DOT_SEGMENTS = frozenset({".", ".."})


def check_path_dot_segments(doc: Document) -> list[Problem]:
    """Path templates with a `.` or `..` segment (`/a/../admin`): HTTP clients resolve them
    away, so the request would leave the server URL's path (`https://h/v1` + `/../admin` is
    `https://h/admin`)."""
    paths = doc.data.get("paths")
    if not isinstance(paths, dict):
        return []
    problems = []
    for path in paths:
        if isinstance(path, str) and _DOT_SEGMENTS & set(path.partition("?")[0].split("/")):
            pointer = join_pointer("/paths", path)
            problems.append(Problem(
                str(doc.path), pointer, doc.line_of(pointer),
                f"path {path!r} has a `.` or `..` segment: the request would leave the "
                "server URL's path", "write the path without dot segments",
                code="path-dot-segment"))
        elif isinstance(path, str) and any(ord(char) < 0x20 or ord(char) == 0x7F
                                           for char in path):
            # a line break would end the request line: every call failed, confusingly
            pointer = join_pointer("/paths", path)
            problems.append(Problem(
                str(doc.path), pointer, doc.line_of(pointer),
                f"path {path!r} holds a control character, which no request line can carry",
                "write the path as the URL's path alone", code="path-unsendable"))
        elif isinstance(path, str) and "#" in path:
            pointer = join_pointer("/paths", path)
            problems.append(Problem(
                str(doc.path), pointer, doc.line_of(pointer),
                f"path {path!r} holds `#`, which starts a URL's fragment: no request carries it",
                "write the path as the URL's path alone", code="path-fragment"))
    return problems


def check_media_types(doc: Document) -> list[Problem]:
    """Media types of a request body or a response with no `/` (loket.nl's
    `applicationjson;version=2018-01-01`): sent and read as bytes, the slip unsaid. And media
    types holding a character no header carries (`application/json\r\nX-Evil: 1`, a NUL, a
    bidi override): sent as the `Content-Type` or in `Accept`, every call of the operation
    failed before anything was sent; the operations are left out, each named."""
    problems = []
    for pointer, content in _content_maps(doc.data):
        for media_type in content:
            if (isinstance(media_type, str) and not _sendable(media_type)
                    and _sent(split_pointer(pointer))):
                at = join_tokens(pointer, media_type)
                problems.append(Problem(
                    str(doc.path), at, doc.line_of(at),
                    f"media type {media_type!r} holds a character no HTTP header carries",
                    "write it in visible ASCII", code="media-type-unsendable"))
            elif isinstance(media_type, str) and "/" not in media_type.partition(";")[0]:
                at = join_tokens(pointer, media_type)
                problems.append(Problem(
                    str(doc.path), at, doc.line_of(at),
                    f"media type {media_type!r} has no `/` (type/subtype)",
                    "write it as type/subtype, `application/json`", code="media-type-malformed"))
            elif (isinstance(media_type, str)
                  and (meant := MISSPELT_FORMS.get(
                      media_type.partition(";")[0].strip().lower())) is not None):
                at = join_tokens(pointer, media_type)
                problems.append(Problem(
                    str(doc.path), at, doc.line_of(at),
                    f"media type {media_type!r} is no form's media type (a form is "
                    f"`{meant}`): a server reading forms refuses it",
                    f"write `{meant}`", code="media-type-malformed"))
    return problems


# Form media types written as no registered type (Mastodon's 13 `application/form-data`
# bodies, its media uploads among them: sent as bytes under that type, the form left to the
# caller to encode) -> the form type meant.
MISSPELT_FORMS = {"application/form-data": "multipart/form-data",
                  "multipart/x-www-form-urlencoded": "application/x-www-form-urlencoded"}


def _sent(content_tokens: list[str]) -> bool:
    """Whether the media types of the `content` map at these tokens are sent: a request
    body's (as its Content-Type), an operation's success answer's (in Accept). An error
    answer's is only read, whatever it says."""
    if "requestBody" in content_tokens or "requestBodies" in content_tokens:
        return True
    status = content_tokens[-2] if len(content_tokens) >= 2 else ""
    return content_tokens[0] == "paths" and (status.startswith("2") or status == "default")


def _sendable(media_type: str) -> bool:
    """Whether a header value can carry `media_type`: visible ASCII, spaces and tabs."""
    return all(char == "\t" or " " <= char <= "~" for char in media_type)


def _content_maps(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The `content` maps of request bodies and responses: the operations' own, and the
    components'."""
    holders: list[tuple[str, object]] = []
    for site in iter_operations(data):
        holders.append((join_tokens(site.pointer, "requestBody"),
                        site.operation.get("requestBody")))
        responses = site.operation.get("responses")
        if isinstance(responses, dict):
            holders += [(join_tokens(site.pointer, "responses", str(status)), response)
                        for status, response in responses.items()]
    components = data.get("components")
    for kind in ("requestBodies", "responses"):
        named = components.get(kind) if isinstance(components, dict) else None
        if isinstance(named, dict):
            holders += [(join_tokens("", "components", kind, name), body)
                        for name, body in named.items()]
    for pointer, holder in holders:
        content = holder.get("content") if isinstance(holder, dict) else None
        if isinstance(content, dict):
            yield join_tokens(pointer, "content"), content


# The retry hints (generator/ir/retries.py) and what each must be: a hint that is neither is
# not read, and says so (never a silent fallback to not retrying).
IDEMPOTENCY_HINT, RETRY_SAFE_HINT = "x-codegen-idempotency-key", "x-codegen-retry-safe"


def check_codegen_hints(doc: Document) -> list[Problem]:
    """The root's `x-codegen-idempotency-key` (true, false or a header name), each operation's
    `x-codegen-retry-safe` (true or false) and its `x-codegen-stream`'s `events` (openai or
    plain), when they are something else."""
    problems = []
    refs = Refs(doc.data)
    root = doc.data.get(IDEMPOTENCY_HINT)
    if IDEMPOTENCY_HINT in doc.data and not (
            isinstance(root, bool) or (isinstance(root, str) and TOKEN.fullmatch(root))):
        problems.append(_unread_hint(doc, f"/{IDEMPOTENCY_HINT}", root,
                                     "true, false or a header name"))
    for site in iter_operations(doc.data):
        value = site.operation.get(RETRY_SAFE_HINT)
        if RETRY_SAFE_HINT in site.operation and not isinstance(value, bool):
            problems.append(_unread_hint(doc, join_pointer(site.pointer, RETRY_SAFE_HINT),
                                         value, "true or false"))
        stream = site.operation.get(STREAM_HINT)
        events = stream.get(EVENTS_KEY) if isinstance(stream, dict) else None
        if isinstance(stream, dict) and EVENTS_KEY in stream and events not in STREAM_EVENTS:
            problems.append(_unread_hint(doc, join_tokens(site.pointer, STREAM_HINT, EVENTS_KEY),
                                         events, " or ".join(STREAM_EVENTS)))
        if isinstance(stream, dict) and _names_nothing(refs, stream.get("chunk")):
            problems.append(_unread_hint(doc, join_tokens(site.pointer, STREAM_HINT, "chunk"),
                                         stream.get("chunk"), "a `$ref` to a schema of this "
                                         "document"))
    return problems


def _names_nothing(refs: Refs, chunk: object) -> bool:
    """Whether a stream hint's `chunk` (`#/components/schemas/Chunk`, or `{$ref: ...}`) points
    into this document at nothing: dcg was then asked for a class it could not make, and
    `generate` failed without saying where."""
    ref = chunk.get("$ref") if isinstance(chunk, dict) else chunk
    return isinstance(ref, str) and ref.startswith("#") and not refs.lookup(ref)[0]


def _unread_hint(doc: Document, pointer: str, value: object, allowed: str) -> Problem:
    hint = pointer.rsplit("/", 1)[-1]
    return Problem(str(doc.path), pointer, doc.line_of(pointer),
                   f"`{hint}` must be {allowed} (got {printable(repr(value))[:60]})",
                   "see docs/architecture.md, Codegen hints", code="hint-invalid")


_LOCATIONS = frozenset({"path", "query", "header", "cookie"})


def check_refs_to_schemas(doc: Document) -> list[Problem]:
    """An operation's answer or request body written as a `$ref` to a schema
    (`200: {$ref: '#/components/schemas/Pet'}`), where a response or a request body belongs:
    read as one, it has no content, and the method returned `None` without a word."""
    problems = []
    for site in iter_operations(doc.data):
        responses = site.operation.get("responses")
        places = [(join_pointer(join_pointer(site.pointer, "responses"), code), answer,
                   f"the answer {code}")
                  for code, answer in (responses.items() if isinstance(responses, dict) else ())]
        places.append((join_pointer(site.pointer, "requestBody"),
                       site.operation.get("requestBody"), "the request body"))
        for pointer, node, what in places:
            ref = node.get("$ref") if isinstance(node, dict) else None
            if isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX):
                problems.append(Problem(
                    str(doc.path), pointer, doc.line_of(pointer),
                    f"{what} is a $ref to the schema {ref!r}, not to a "
                    f"{'request body' if what == 'the request body' else 'response'}",
                    "write `content: {application/json: {schema: {$ref: ...}}}`",
                    code="ref-to-schema"))
    return problems


def check_parameters(doc: Document) -> list[Problem]:
    """Parameters (of operations and path items) that lack a `name` or a valid `in`."""
    refs = Refs(doc.data)
    problems = []
    seen: set[str] = set()
    for site in iter_operations(doc.data):
        holders = [(site.pointer, site.operation.get("parameters")),
                   (site.pointer.rsplit("/", 1)[0], site.shared_parameters)]
        for holder, parameters in holders:
            if not isinstance(parameters, (list, tuple)):
                continue
            for index, raw in enumerate(parameters):
                pointer = f"{holder}/parameters/{index}"
                parameter = refs.deref(raw)[0]
                unusable = not isinstance(parameter, dict) or "x-unresolved-ref" in parameter
                if pointer in seen or unusable:
                    continue
                seen.add(pointer)
                what = _unusable_parameter(parameter)
                if what is not None:
                    problems.append(Problem(
                        str(doc.path), pointer, doc.line_of(pointer), f"parameter {what}",
                        "a parameter needs a `name` and `in: path|query|header|cookie`",
                        code="invalid-parameter"))
    return problems


_TEMPLATE = re.compile(r"\{([^{}/]+)\}")
UNDECLARED_HINT = "declare every {name} of the path as a parameter with `in: path`, and no others"


def check_path_templates(doc: Document) -> list[Problem]:
    """Names of a path template no `in: path` parameter of the operation (or its path item)
    declares, said as openapi-spec-validator says them (its repair declares each as a required
    string): the check must not depend on the validator finishing its walk, which a slip met
    earlier can stop (a `tags` entry without `name`), and then the method sent the template's
    `{userId}` itself."""
    refs = Refs(doc.data)
    problems = []
    for site in iter_operations(doc.data):
        names = _TEMPLATE.findall(site.path)
        if not names:
            continue
        declared = {parameter.get("name") for raw in (*site.shared_parameters,
                                                      *_listed(site.operation.get("parameters")))
                    for parameter in [refs.deref(raw)[0]]
                    if isinstance(parameter, dict) and parameter.get("in") == "path"}
        for name in dict.fromkeys(names):
            if name not in declared:
                problems.append(Problem(
                    str(doc.path), site.pointer, doc.line_of(site.pointer),
                    f"Path parameter {name!r} for {site.method!r} operation in {site.path!r} "
                    "was not resolved", UNDECLARED_HINT, code="path-parameter-undeclared"))
    return problems


def _listed(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _unusable_parameter(parameter: dict[str, Any]) -> str | None:
    """What makes a parameter unusable (`has no `name``), or None."""
    if parameter.get("in") == "querystring":  # 3.2's whole query string as one value
        return "is `in: querystring`, which is OpenAPI 3.2"
    missing = [key for key in ("name", "in") if not isinstance(parameter.get(key), str)]
    if missing:
        return f"has no {' or '.join(f'`{m}`' for m in missing)}"
    if parameter.get("in") not in _LOCATIONS:
        return f"has the location {parameter.get('in')!r}"
    return None


def check_schema_keywords(doc: Document, walked: Walked | None = None) -> list[Problem]:
    """In one walk over the document: 3.0-style boolean `exclusiveMinimum`/`exclusiveMaximum`
    in a 3.1 document, `pattern`s the generated models could not compile (pydantic-core
    refuses some regular expressions: its size limit, look-around; the package would then
    fail at import), and `default`s that plainly misfit their schema's own `type`, `enum` or
    nullability (openapi-spec-validator finds those too, and more, but seconds later)."""
    openapi_31 = str(doc.data.get("openapi", "")).startswith("3.1")
    refs = Refs(doc.data)
    problems = []
    pattern_errors: dict[str, str | None] = {}
    # asked rarely: then once, from the objects walked already where they were (a walk of its
    # own took GitHub's documents ~0.05 s each in `diff`)
    combined = functools.cache(lambda: _combined_targets(
        walked.objects if walked is not None else iter_objects(doc.data)))
    objects = walked.objects if walked is not None else iter_objects(doc.data)
    for pointer, node in objects:
        if is_named_map(pointer):
            continue
        if openapi_31:
            problems.extend(_boolean_exclusive_bounds(doc, pointer, node))
            problems.extend(_false_subschemas(doc, pointer, node))
        if "default" in node and in_schema(split_pointer(pointer)):  # not a server variable's
            problems.extend(_default_misfit(doc, pointer, node, refs))
        # 3.1 allows repeated enum values, but dcg makes aliases of them (`a_1 = "a"`)
        if _has_duplicates(node.get("required")) or _has_duplicates(node.get("enum")):
            keyword = "required" if _has_duplicates(node.get("required")) else "enum"
            where = join_pointer(pointer, keyword)
            problems.append(Problem(str(doc.path), where, doc.line_of(where),
                                    _non_unique(node[keyword]),
                                    "list each entry once", code="schema:uniqueItems"))
        problems.extend(_required_not_defined(doc, pointer, node, combined))
        problems.extend(_unusable_counts(doc, pointer, node))
        pattern = node.get("pattern")
        if isinstance(pattern, str):
            if pattern not in pattern_errors:
                pattern_errors[pattern] = _pattern_error(pattern)
            error = pattern_errors[pattern]
            where = join_pointer(pointer, "pattern")
            if error is not None:
                problems.append(Problem(str(doc.path), where, doc.line_of(where),
                                        f"pattern cannot be compiled for validation: {error}",
                                        "simplify the regular expression", code="pattern-unusable"))
            elif (meant := js_delimited(pattern)) is not None:
                problems.append(Problem(
                    str(doc.path), where, doc.line_of(where),
                    f"pattern {pattern!r} is written between JavaScript's slashes: as written, "
                    "no string matches it (an anchor after `/`, or before it)",
                    f"write {meant!r}", code="pattern-delimited"))
    return problems


# `/^[a-z]+$/i`: a JavaScript regular expression literal (its flags after the last slash)
_JS_LITERAL = re.compile(r"/(?P<body>.*)/(?P<flags>[dgimsuvy]*)", re.DOTALL)


def js_delimited(pattern: str) -> str | None:
    """The pattern meant by one written as a JavaScript literal (`/^[a-z0-9._]+$/`: PeerTube's,
    data2crm's), when an anchor right inside a slash proves the slashes are no characters to
    match (`/^` and `$/` match nothing); else None. Its flags that change what matches
    (`i`, `m`, `s`) are kept inline (`(?i)`, which the models' regular expressions read)."""
    literal = _JS_LITERAL.fullmatch(pattern)
    if literal is None:
        return None
    body = literal["body"]
    if not (body.startswith("^") or body.endswith("$")):
        return None
    inline = "".join(flag for flag in "ims" if flag in literal["flags"])
    meant = f"(?{inline}){body}" if inline else body
    return meant if _pattern_error(meant) is None else None


# The bounds that count characters, items or properties: non-negative integers, and (for the
# generated models, whose validator holds them as 64-bit numbers) at most this
_COUNTS = ("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties")
MAX_COUNT = 2**63 - 1


def _unusable_counts(doc: Document, pointer: str, node: dict[str, Any]) -> list[Problem]:
    """Counting bounds no value can hold the models to: negative (3.1's own meta-schema is
    not checked by openapi-spec-validator) or past 64 bits (`maxLength: 1e23`, valid JSON
    Schema): the generated package failed at import (`SchemaError: int too big to convert`)."""
    problems = []
    for keyword in _COUNTS:
        value = node.get(keyword)
        if not isinstance(value, int | float) or isinstance(value, bool):
            continue  # (another type is openapi-spec-validator's to say)
        if value < 0 or value > MAX_COUNT or (isinstance(value, float) and not value.is_integer()):
            where = join_pointer(pointer, keyword)
            reason = ("is negative" if value < 0 else "is past what a 64-bit count holds"
                      if value > MAX_COUNT else "is no whole number")
            problems.append(Problem(
                str(doc.path), where, doc.line_of(where),
                f"`{keyword}: {reprlib.repr(value)}` {reason}: no value can be held to it",
                "a count is a whole number from 0", code="count-unusable"))
    return problems


# Where else a name of `required` may be defined than the schema's own `properties`: left to
# openapi-spec-validator (`allOf`, whose members it collects) or legal ways of defining a
# property elsewhere (a branch, a `$ref` beside it in 3.1, a pattern, a schema for the rest).
_PROPERTIES_ELSEWHERE = ("allOf", "anyOf", "oneOf", "$ref", "patternProperties",
                         "dependentSchemas", "if", "then", "else", "unevaluatedProperties")
# A schema in one of these places is read together with others (`allOf: [{$ref: Base},
# {required: [name]}]` requires Base's `name`; `not: {required: [a]}` forbids `a`).
_COMBINED_IN = frozenset({"allOf", "anyOf", "oneOf", "not", "if", "then", "else",
                          "dependentSchemas"})


def _required_not_defined(doc: Document, pointer: str, node: dict[str, Any],
                          combined: Callable[[], frozenset[str]]) -> list[Problem]:
    """`required` naming what the schema's `properties` do not define, where nothing else could
    define it: no generated model has such a field, and `generate` drops the names. Reported at
    the schema, as openapi-spec-validator reports the `allOf` case (the same repair), with the
    line of `required`."""
    required, properties = node.get("required"), node.get("properties")
    if not (isinstance(required, list) and isinstance(properties, dict)):
        return []
    tokens = split_pointer(pointer)
    if (any(keyword in node for keyword in _PROPERTIES_ELSEWHERE)
            or isinstance(node.get("additionalProperties"), dict)
            or not in_schema(tokens) or _combined(tokens)):
        return []
    missing = [name for name in dict.fromkeys(required)
               if isinstance(name, str) and name not in properties]
    if not missing or pointer in combined():
        return []
    listed = ", ".join(repr(name) for name in missing)
    where = join_pointer(pointer, "required")
    # the line of `required`, which is not the problem's pointer: located here, in the file
    # `required` was written in
    return [doc.located(Problem(str(doc.path), pointer, doc.line_of(where),
                                f"`required` lists {listed}, which `properties` does not define",
                                "add the property, or drop the name from `required`",
                                code="required-not-a-property", line_at=where), at=where)]


def _combined_targets(objects: Iterable[tuple[str, dict[str, Any]]]) -> frozenset[str]:
    """The schemas a `$ref` makes a member of a combination (Spotify's `PagingObject`, whose
    `required: [items]` its `allOf` users define): read together with others as a member at
    their place is. `objects`: the document's, as `iter_objects` walks them (`iter_refs`'
    references are their `$ref`s)."""
    return frozenset(
        target for pointer, node in objects
        if isinstance(ref := node.get("$ref"), str) and _combined(split_pointer(pointer))
        and (target := fragment_pointer(ref)) is not None)


def _combined(tokens: list[str]) -> bool:
    """Whether the schema at `tokens` is read together with others (a member of `allOf`...)."""
    return bool(tokens) and (tokens[-1] in _COMBINED_IN
                             or (len(tokens) > 1 and tokens[-2] in _COMBINED_IN))


def _boolean_exclusive_bounds(doc: Document, pointer: str, node: dict[str, Any]) -> list[Problem]:
    """A boolean `exclusiveMinimum`/`exclusiveMaximum` in a 3.1 document: JSON Schema draft 4's
    spelling, which OpenAPI 3.0 uses, where 2020-12 (3.1's default dialect, the one the
    generated models are read in) has a number. Valid in a schema declaring draft 4 as its
    dialect (`$schema`, `jsonSchemaDialect`), which the generator still reads as 2020-12: said
    so, not that 3.1 forbids it (`tolerate.repairs.exclusive_bound` rewrites either)."""
    problems = []
    for keyword in ("exclusiveMinimum", "exclusiveMaximum"):
        if isinstance(node.get(keyword), bool):
            where = join_pointer(pointer, keyword)
            problems.append(Problem(
                str(doc.path), where, doc.line_of(where),
                f"`{keyword}: {str(node[keyword]).lower()}` is JSON Schema draft 4 syntax "
                "(which OpenAPI 3.0 uses); the generator reads a 3.1 document's schemas as JSON "
                "Schema 2020-12, where it is a number",
                f"write `{keyword}: <bound>` in place of the `minimum`/`maximum` it qualifies",
                code="boolean-exclusive-bound"))
    return problems


def _false_subschemas(doc: Document, pointer: str, node: dict[str, Any]) -> list[Problem]:
    """`false` (no value is valid) in `allOf`, or as every branch of `oneOf`/`anyOf`: legal
    3.1, but a schema nothing satisfies, which datamodel-code-generator refuses to generate."""
    problems = []
    for keyword in ("allOf", "oneOf", "anyOf"):
        members = node.get(keyword)
        if not isinstance(members, list) or False not in members:
            continue
        if keyword != "allOf" and any(member is not False for member in members):
            continue  # a `false` branch never matches: the others decide
        for index, member in enumerate(members):
            if member is False:
                where = join_pointer(join_pointer(pointer, keyword), index)
                problems.append(Problem(
                    str(doc.path), where, doc.line_of(where),
                    f"`false` in `{keyword}`: no value satisfies the schema",
                    "drop the `false` (or the property it forbids)", code="false-subschema"))
    return problems


def _pattern_error(pattern: str) -> str | None:
    """Why pydantic-core cannot use `pattern` (as the generated models would), or None."""
    from pydantic_core import SchemaError, SchemaValidator, core_schema

    try:
        SchemaValidator(core_schema.str_schema(pattern=pattern))
    except SchemaError as error:
        return _regex_reason(str(error))
    return None


def _regex_reason(text: str) -> str:
    """The reason of a regex parse error, where it is: the Rust regex crate writes the whole
    pattern, a line of carets under the place, then `error: <reason>` (a long pattern cut to
    fit a message hid the reason)."""
    lines = text.splitlines()
    reason = next((line.strip()[len("error:"):].strip() for line in lines
                   if line.strip().startswith("error:")), None)
    if reason is None:
        return " ".join(text.split())[:200]
    carets = next((i for i, line in enumerate(lines)
                   if line.strip() and set(line.strip()) == {"^"} and i > 0), None)
    if carets is None:
        return f"regex parse error: {reason}"
    above = lines[carets - 1]
    column = lines[carets].index("^") - (len(above) - len(above.lstrip())) + 1
    return f"regex parse error: {reason} (at character {column})"


_JSON_TYPES: dict[str, Callable[[object], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "null": lambda v: v is None,
}
# A schema whose meaning depends on other schemas: its default is left to openapi-spec-validator.
# Not the keyword table's subschema keywords: it is about meaning (`$ref`, composition and
# conditionals make a default's fit a question of other schemas), where `properties` or
# `items` do not; the walk itself is `iter_objects`, which reads the table.
_COMPOSED = ("$ref", "allOf", "anyOf", "oneOf", "not", "if", "$dynamicRef")


def _default_misfit(doc: Document, pointer: str, node: dict[str, Any], refs: Refs) -> list[Problem]:
    default = node["default"]
    home = _rebuilt_home(pointer, node, default)
    if home is not None:
        where = join_pointer(pointer, "default")
        return [Problem(str(doc.path), where, doc.line_of(where),
                        f"the default builds `{split_pointer(home)[-1]}`, the schema it sits in, "
                        "whose model then "
                        "builds this default again, without end: no value of it can be made",
                        "drop the default", code="default-recursive")]
    if default is None and _null_refused_by_every_branch(node, refs):
        where = join_pointer(pointer, "default")
        return [Problem(str(doc.path), where, doc.line_of(where),
                        "None is not valid under any of the given schemas",
                        "make a branch nullable, or drop the default", code="schema:oneOf")]
    found = (_all_of_misfit(default, node, refs) if any(key in node for key in _COMPOSED)
             else _plain_misfit(default, node, refs))
    if found is None:
        return []
    message, code, hint = found
    where = join_pointer(pointer, "default")
    return [Problem(str(doc.path), where, doc.line_of(where), message, hint, code=code)]


def _rebuilt_home(pointer: str, node: dict[str, Any], default: Any) -> str | None:
    """The schema an object `default` sits in when the property's schema is that schema again
    (`Node.child: {allOf: [$ref: Node], default: {}}`) and the default does not give the
    property itself: the model validates its defaults, so making a `Node` makes its `child`
    from `{}`, a `Node`, and so on (`recursion_depth_exceeded` on every use)."""
    if not isinstance(default, dict):
        return None
    members = [node, *(m for m in node.get("allOf") or [] if isinstance(m, dict))]
    for member in members:
        ref = member.get("$ref")
        target = fragment_pointer(ref) if isinstance(ref, str) else None
        if target is None or not pointer.startswith(target + "/"):
            continue
        inside = split_pointer(pointer[len(target):])
        if len(inside) >= 2 and inside[0] == "properties" and inside[1] not in default:
            return target
    return None


_TYPE_HINT = "fix the value's type (quote numbers meant as strings)"
_OBJECT_HINT = "give the default every required property, each of its type, or drop it"
# (message, problem code, hint) of a default that misfits its schema
_Misfit = tuple[str, str, str]


def _plain_misfit(default: Any, node: dict[str, Any], refs: Refs) -> _Misfit | None:
    """What keeps `default` from a schema that composes nothing: its type, its enum, or (an
    object) its required and typed properties."""
    if (message := _type_misfit(default, node)) is not None:
        return message, "schema:type", _TYPE_HINT
    enum = node.get("enum")
    if isinstance(enum, list) and not any(same_json(default, value) for value in enum) and not (
        default is None and "null" in _types_allowed(node)
    ):
        return (f"{default!r} is not one of {enum!r}", "schema:enum",
                "use one of the allowed values, or drop the default")
    if (found := _object_misfit(default, node, refs)) is not None:
        return (*found, _OBJECT_HINT)
    if (entry := _entries_misfit(default, node, refs)) is not None:
        return entry
    if node.get("format") == "uri" and isinstance(default, str) and not _is_url(default):
        # openapi-spec-validator checks no `uri` (its checker needs a package it lacks); the
        # model types the field `AnyUrl`, whose default a non-URL string could not be
        return (f"{default!r} is not a 'uri'", "schema:format",
                "give an absolute URL, or drop the default")
    if node.get("format") == "duration" and isinstance(default, str) and not _is_duration(default):
        # nor `duration` (the same): the model types the field `timedelta`
        return (f"{default!r} is not a 'duration'", "schema:format",
                "give an ISO 8601 duration (`P1DT2H`), or drop the default")
    return None


def _entries_misfit(default: Any, node: dict[str, Any], refs: Refs) -> _Misfit | None:
    """The first entry of a list `default` that misfits the schema's `items`, or value of a map
    `default` that misfits its `additionalProperties` (`[[1, "y"]]` for a list of integer lists,
    `{"k": "v"}` for a map of integers): the model's default, typed by them, would hold it."""
    if isinstance(default, list):
        entries, raw = list(enumerate(default)), node.get("items")
    elif isinstance(default, dict) and not node.get("properties"):
        entries, raw = list(default.items()), node.get("additionalProperties")
    else:
        return None
    schema = refs.deref(raw)[0] if isinstance(raw, dict) else None
    if not isinstance(schema, dict) or _composes(schema):
        return None
    for where, entry in entries:
        found = _plain_misfit(entry, schema, refs)
        if found is not None:
            message, code, hint = found
            return f"entry {where!r}: {message}", code, hint
    return None


def _is_url(text: str) -> bool:
    """Whether the generated models' `AnyUrl` takes `text`."""
    from pydantic import AnyUrl, ValidationError  # (only for a URL's default)

    try:
        AnyUrl(text)
    except ValidationError:
        return False
    return True


def _is_duration(text: str) -> bool:
    """Whether the generated models' `timedelta` takes `text` (ISO 8601's `P1DT2H`...)."""
    from datetime import timedelta

    from pydantic import TypeAdapter, ValidationError  # (only for a duration's default)

    try:
        TypeAdapter(timedelta).validate_python(text)
    except ValidationError:
        return False
    return True


def _types_allowed(schema: dict[str, Any]) -> list[Any]:
    """The `type`s `schema` declares, `null` among them when it is `nullable` (3.0)."""
    return [*_declared_types(schema), *(["null"] if schema.get("nullable") is True else [])]


def _type_misfit(value: Any, schema: dict[str, Any]) -> str | None:
    """jsonschema's message when `value` is none of the plain types `schema` declares (None
    when it is one, or when they are not all plain JSON types)."""
    types = _types_allowed(schema)
    known = [kind for kind in types if isinstance(kind, str) and kind in _JSON_TYPES]
    if known and len(known) == len(types) and not any(_JSON_TYPES[kind](value) for kind in known):
        shown = known[0] if len(known) == 1 else known
        return f"{value!r} is not of type {shown!r}"
    return None


def _composes(schema: object) -> bool:
    """Whether a (dereferenced) schema's meaning depends on others, or it is not one at all."""
    return not isinstance(schema, dict) or any(key in schema
                                               for key in (*_COMPOSED, "x-unresolved-ref"))


def _object_misfit(default: Any, schema: dict[str, Any], refs: Refs) -> tuple[str, str] | None:
    """What plainly keeps an object default from its object schema, one level deep: a
    `required` property it lacks, or a property of another plain `type` (the message and code
    jsonschema gives). The generated model builds such a default when its module is imported
    (`Money.model_validate({...})`): a misfit one made the package fail at import."""
    if not isinstance(default, dict):
        return None
    required = schema.get("required")
    if isinstance(required, list):
        missing = [key for key in required if isinstance(key, str) and key not in default]
        if missing:
            return f"{missing[0]!r} is a required property", "schema:required"
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return None
    for key, value in default.items():
        prop = refs.deref(properties.get(key))[0]
        if not _composes(prop) and (message := _type_misfit(value, prop)) is not None:
            return message, "schema:type"
    return None


def _all_of_misfit(default: Any, node: dict[str, Any], refs: Refs) -> _Misfit | None:
    """A default beside an `allOf` (nothing else composed) that plainly misfits the `type` of
    one of its members: the value must be each of them. ShipEngine's `insured_value: {default:
    [{currency: usd, amount: 0}], allOf: [{type: object, ...}]}`, in request bodies, where
    openapi-spec-validator checks no default: the model then validated the default and refused
    every call that left the field out."""
    members = node.get("allOf")
    if (not isinstance(members, list) or (default is None and node.get("nullable") is True)
            or any(key in node for key in _COMPOSED if key != "allOf")):
        return None
    for raw in members:
        member = refs.deref(raw)[0]
        if _composes(member):
            continue
        if (message := _type_misfit(default, member)) is not None:
            return message, "schema:type", _TYPE_HINT
        if (found := _object_misfit(default, member, refs)) is not None:
            return (*found, _OBJECT_HINT)
    return None


def _null_refused_by_every_branch(node: dict[str, Any], refs: Refs) -> bool:
    """A `oneOf`/`anyOf` schema (nothing else composed) none of whose branches allows null;
    False whenever that cannot be told from the branches themselves."""
    branches = node.get("oneOf") or node.get("anyOf")
    if not isinstance(branches, list) or node.get("nullable") is True or any(
        key in node for key in ("$ref", "allOf", "not", "if", "type", "enum", "const")
    ):
        return False
    for raw in branches:
        branch = refs.deref(raw)[0]
        if _composes(branch):
            return False
        types = _declared_types(branch)
        if (not types or "null" in types or branch.get("nullable") is True
                or None in (branch.get("enum") or [])):
            return False
        if "const" in branch and branch["const"] is None:
            return False
    return True


def _declared_types(schema: dict[str, Any]) -> list[Any]:
    """The schema's `type` as a list (`"string"` -> `["string"]`); none declared -> `[]`."""
    declared = schema.get("type")
    if isinstance(declared, str):
        return [declared]
    return declared if isinstance(declared, list) else []


def _has_duplicates(values: object) -> bool:
    if not isinstance(values, list):
        return False
    keys = {json_key(value) for value in values}
    return len(keys) != len(values)


_SHOWN_LIST = 200  # characters of a list with duplicates shown whole; past it, the repeats


def _non_unique(values: list[Any]) -> str:
    """The validator's words for a list with duplicates (`['a', 'a'] has non-unique
    elements`); a long one named by its repeated entries (Stripe's `api_version` enum: one
    value 98 times, 2,800 characters written out on one line)."""
    shown = repr(values)
    if len(shown) <= _SHOWN_LIST:
        return f"{shown} has non-unique elements"
    counted: dict[Any, list[Any]] = {}
    for value in values:
        counted.setdefault(json_key(value), [value, 0])[1] += 1
    repeated = [f"{reprlib.repr(value)} ({count} times)"
                for value, count in counted.values() if count > 1]
    more = f" and {len(repeated) - 3} more" if len(repeated) > 3 else ""
    return (f"a list of {len(values)} entries has non-unique elements: "
            f"{', '.join(repeated[:3])}{more}")




# --------------------------------------------------------------------------- code keywords

# Keywords datamodel-code-generator obeys that make the package import, subclass or bind what
# the document names (`customTypePath: antigravity.geohash` -> `from antigravity import
# geohash`, run at import), or steer its own internals: no OpenAPI or JSON Schema meaning, so
# a document written for any other tool never needs them. Found in dcg 0.89's source (its
# `JsonSchemaObject` aliases, `x-python-type`/`x-python-import` readers, `x-is-*` markers,
# its `x-datamodel-code-generator-*` internal markers).
# `x-enum-field-as-literal` too: it decides how dcg types an enum, and one it cannot read (`all`)
# stopped the whole document in dcg.
CODE_KEYWORDS = frozenset({"customTypePath", "customBasePath", "x-is-base-class", "x-is-classvar",
                           "x-enum-field-as-literal"})
CODE_KEYWORD_PREFIXES = ("x-python-", "x-datamodel-code-generator-")
# Literal data: what is inside is a value, written out as one, never read as a keyword.
_LITERAL_DATA = frozenset({"default", "example", "examples", "enum", "const"})


def is_code_keyword(key: object) -> bool:
    """Whether `key`, as a keyword, would make the generated code name code of the document's
    choosing (see `CODE_KEYWORDS`)."""
    return isinstance(key, str) and (key in CODE_KEYWORDS or key.startswith(CODE_KEYWORD_PREFIXES))


def check_code_keywords(doc: Document) -> list[Problem]:
    """Every code-generator keyword of the document (`customTypePath`, `x-python-type`, ...;
    see `CODE_KEYWORDS`), wherever it stands as a keyword: in schemas, inside vendor
    extensions (dcg reads some, like `x-propertyNames`, as schemas), anywhere else. Importing
    a package generated from an untrusted document must never run code the document named."""
    return [Problem(str(doc.path), pointer, doc.line_of(pointer),
                    f"`{keyword}` is a code generator's keyword: the package would import, "
                    "bind or type what it names", "remove it: OpenAPI has no such keyword",
                    code="code-keyword")
            for pointer, keyword in iter_code_keywords(doc.data)]


# A step of the walk: (node, the step it was reached from, its key there, whether that key
# is a name the document's author chose). Pointers are made only for what is found.
_Step = tuple[Any, ...]


def iter_code_keywords(data: Any) -> Iterator[tuple[str, str]]:
    """(pointer, keyword) of each code keyword in `data`, in document order; names (a property
    called `customTypePath`) and literal data are not keywords. Its own stack: any depth."""
    stack: list[_Step] = [(data, None, "", False)]
    while stack:
        step = stack.pop()
        node = step[0]
        if isinstance(node, dict):
            children: list[_Step] = []
            names = _names_keys(step)  # the same for every key of the object
            for child_key, value in node.items():
                name = names and isinstance(child_key, str)
                if not name and is_code_keyword(child_key):
                    yield _pointer_of(step, child_key), child_key
                elif isinstance(value, (dict, list)) and (name or child_key not in _LITERAL_DATA):
                    children.append((value, step, str(child_key), name))  # scalars hold no keys
            stack.extend(reversed(children))
        elif isinstance(node, list):
            stack.extend((node[index], step, str(index), False)
                         for index in range(len(node) - 1, -1, -1)
                         if isinstance(node[index], (dict, list)))


def _names_keys(step: _Step) -> bool:
    """Whether the keys of the object reached by `step` are names (`is_name`'s rule, one level
    at a time): those of `/paths`, `/webhooks`, `/components/*`, and of a name map reached
    by its keyword."""
    parent, key, key_is_name = step[1], step[2], step[3]
    if parent is None:
        return False
    grandparent = parent[1]
    if grandparent is None and key in ("paths", "webhooks"):
        return True
    if grandparent is not None and grandparent[1] is None and parent[2] == "components":
        return True
    return key in NAME_MAPS and not key_is_name


def _pointer_of(step: _Step, key: str) -> str:
    tokens = [key]
    while step[1] is not None:
        tokens.append(step[2])
        step = step[1]
    return join_tokens("", *reversed(tokens))


# --------------------------------------------------------------------------- inline nesting

# How deep schemas may nest inside one another inline (`items` in `items`, a union in a union,
# `additionalProperties` in `additionalProperties`): each level is a pair of brackets in one
# annotation of the generated code (`list[list[...]]`), and Python's parser stops at 200.
# A schema under `properties` or `$defs` (a class of its own) or a `$ref` starts again at 0.
MAX_INLINE_NESTING = 100
_INLINE = frozenset((*SCHEMA_VALUES, *SCHEMA_LISTS, "patternProperties", "dependentSchemas"))
_INLINE_MAPS = frozenset({"patternProperties", "dependentSchemas"})


def check_inline_nesting(doc: Document) -> list[Problem]:
    """Schemas nested inline more than `MAX_INLINE_NESTING` levels deep, each chain once, where
    it crosses the limit: the generated annotation would be more than Python can parse."""
    problems = []
    for step in _too_deep_inline(doc.data):
        pointer = _pointer_of(step[1], step[2])
        problems.append(Problem(
            str(doc.path), pointer, doc.line_of(pointer),
            f"schemas are nested inline more than {MAX_INLINE_NESTING} levels deep here (the "
            "limit, MAX_INLINE_NESTING): the generated type would nest as deep",
            "move the inner schema into components/schemas and $ref it", code="inline-nesting"))
    return problems


def _too_deep_inline(data: Any) -> Iterator[_Step]:
    """The steps (node, parent step, key, key is a name, inline level) of the objects where a
    chain of inline schemas crosses the limit (not walked further). Its own stack."""
    stack: list[_Step] = [(data, None, "", False, 0)]
    while stack:
        step = stack.pop()
        node, level = step[0], step[4]
        if isinstance(node, dict):
            if level > MAX_INLINE_NESTING:
                yield step
                continue
            names = _names_keys(step)
            for key, value in node.items():
                if (not names and key in _LITERAL_DATA) or not isinstance(value, (dict, list)):
                    continue  # literal data, or a scalar: no schema in it
                stack.append((value, step, str(key), names, _inline_level(step, key, names)))
        elif isinstance(node, list):
            stack.extend((node[index], step, str(index), False, level)
                         for index in range(len(node) - 1, -1, -1)
                         if isinstance(node[index], (dict, list)))


def _inline_level(step: _Step, key: object, is_name: bool) -> int:
    """The inline level of the value at `key` of the object reached by `step`."""
    if is_name:  # a named schema: of its own, unless in a map that is a type (`dict[str, X]`)
        return int(step[4]) if step[2] in _INLINE_MAPS and not step[3] else 0
    return int(step[4]) + 1 if key in _INLINE else 0
