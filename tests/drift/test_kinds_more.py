"""Minimal pairs for kinds of change no other test exercised: each asserts the verdict, the
message and the effect on the generated client `diff` gives, and says why that is right for
someone calling the generated client."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from generator.drift.diff.change import Change
from generator.drift.diff.client import NO_EFFECT, diff_with_client
from generator.drift.report import exit_code

B, NB, PB = "breaking", "non-breaking", "possibly-breaking"
Doc = dict[str, Any]
LABELS = "/paths/~1issues~1{number}~1labels/post"
GET = "/paths/~1issues~1{number}/get"


def base() -> Doc:
    """`POST /issues/{number}/labels` (`client.issues.add_labels`: a query parameter, an
    expanded body `Labels`) and `GET /issues/{number}` (`client.issues.get`), both answering
    an `Issue`."""
    number = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}
    issue = {"description": "ok", "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Issue"}}}}
    return {
        "openapi": "3.1.0", "info": {"title": "t", "version": "1"},
        "paths": {
            "/issues/{number}/labels": {"post": {
                "operationId": "add_labels", "tags": ["issues"],
                "parameters": [number, {"name": "dry_run", "in": "query",
                                        "schema": {"type": "boolean"}}],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Labels"}}}},
                "responses": {"200": issue}}},
            "/issues/{number}": {"get": {
                "operationId": "get", "tags": ["issues"], "parameters": [number],
                "responses": {"200": issue}}},
        },
        "components": {"schemas": {
            "Labels": {"type": "object", "required": ["labels"], "properties": {
                "labels": {"type": "array", "items": {"type": "string"}}}},
            "Issue": {"type": "object", "required": ["id"], "properties": {
                "id": {"type": "integer"}, "title": {"type": "string"}}},
        }},
    }


def _schemas(doc: Doc) -> Doc:
    return doc["components"]["schemas"]  # type: ignore[no-any-return]


def _labels(doc: Doc) -> Doc:
    return doc["paths"]["/issues/{number}/labels"]["post"]  # type: ignore[no-any-return]


def _get(doc: Doc) -> Doc:
    return doc["paths"]["/issues/{number}"]["get"]  # type: ignore[no-any-return]


def _pair(change: Callable[[Doc], None], before: Callable[[Doc], None] = lambda d: None
          ) -> tuple[Doc, Doc]:
    """`base()` with `before` applied, and that with `change` applied too."""
    old = base()
    before(old)
    new = copy.deepcopy(old)
    change(new)
    return old, new


def _one(changes: list[Change]) -> Change:
    assert len(changes) == 1, changes
    return changes[0]


def _seen(change: Change) -> tuple[str, str, str, bool]:
    return change.kind, change.severity, change.client, change.client_breaking


# ---- 1. a oneOf's discriminator removed, and added ----------------------------------------


def _pets(discriminator: Doc | None, inline: bool = False) -> Callable[[Doc], None]:
    """`Pet`, a oneOf of `Cat` and `Dog` (each with a required string `kind`) told apart by
    `discriminator` (None: by their shapes), held by `Issue.pet` (an answer) and `Labels.pet`
    (an argument); `inline`: `Issue.pet` is the oneOf itself, and `Labels` holds none."""
    def add(doc: Doc) -> None:
        for name, extra in (("Cat", "meows"), ("Dog", "barks")):
            _schemas(doc)[name] = {"type": "object", "required": ["kind"], "properties": {
                "kind": {"type": "string"}, extra: {"type": "boolean"}}}
        pet: Doc = {"oneOf": [{"$ref": "#/components/schemas/Cat"},
                              {"$ref": "#/components/schemas/Dog"}]}
        if discriminator is not None:
            pet["discriminator"] = discriminator
        if inline:
            _schemas(doc)["Issue"]["properties"]["pet"] = pet
            return
        _schemas(doc)["Pet"] = pet
        for holder in ("Issue", "Labels"):
            _schemas(doc)[holder]["properties"]["pet"] = {"$ref": "#/components/schemas/Pet"}
    return add


TOLD = "told apart by `kind`"
TAGS = ('models.Cat.kind: Literal["Cat"] -> str; models.Dog.kind: Literal["Dog"] -> str')


def test_a_discriminator_removed_from_a_one_of() -> None:
    """Every old value keeps its tag (the branches still require `kind`), and a server or the
    client tells the branches apart by their shapes: non-breaking both ways. Found here: the
    effect named `models.Pet`, a class the generated client does not have (its fields take
    `Cat | Dog`); what changes is each branch's tag field, which dcg types with the tags that
    name it (`Literal["Cat"]`) under a discriminator and as `str` without: it widens, so code
    reading it still type-checks: not client-breaking."""
    old, new = _pair(_pets(None), _pets({"propertyName": "kind"}))
    change = _one(diff_with_client(old, new))
    assert (change.pointer, change.message) == ("/components/schemas/Pet",
                                                f"schema `Pet` is no longer {TOLD}")
    assert _seen(change) == ("discriminator-removed", NB,
                             f"models.Cat | models.Dog: is no longer {TOLD}; {TAGS}", False)


def test_a_discriminator_added_to_a_one_of() -> None:
    """An answer is parsed by its tag (one naming no branch stays a dict, as an unknown enum
    value stays a str): non-breaking. A request value must now carry a tag the server maps,
    which nothing decides for the old ones: possibly breaking. The tag fields narrow to the
    tags the mapping gives each branch (`Literal["cat", "kitty"]`), named on both."""
    mapped = {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat",
                                                  "kitty": "#/components/schemas/Cat",
                                                  "dog": "Dog"}}
    old, new = _pair(_pets(mapped), _pets(None))
    effect = (f"models.Cat | models.Dog: is now {TOLD}; models.Cat.kind: str -> "
              'Literal["cat", "kitty"]; models.Dog.kind: str -> Literal["dog"]')
    changes = {c.severity: c for c in diff_with_client(old, new)}
    assert sorted(changes) == [NB, PB]
    assert changes[NB].message == f"schema `Pet` is now {TOLD}"
    assert changes[PB].message == ("POST /issues/{number}/labels: request body property `pet` "
                                   f"is now {TOLD}")
    for change in changes.values():
        assert change.pointer == "/components/schemas/Pet"
        assert (change.kind, change.client, change.client_breaking) == (
            "discriminator-added", effect, False)


def test_a_discriminator_of_an_inline_one_of_names_the_field_and_the_tags() -> None:
    """A union that is a property's own schema is reported at the property: its field (typed
    `Cat | Dog | None` either way, the discriminator being pydantic's `Field` argument), then
    the tag fields."""
    old, new = _pair(_pets(None, inline=True), _pets({"propertyName": "kind"}, inline=True))
    change = _one(diff_with_client(old, new))
    assert change.pointer == "/components/schemas/Issue/properties/pet"
    assert _seen(change) == ("discriminator-removed", NB, (
        f"models.Issue.pet: is no longer {TOLD}; type unchanged: Cat | Dog | None; {TAGS}"),
        False)



def test_a_discriminator_tag_renamed_names_the_tag_field_on_each_change() -> None:
    """`cat` renamed `kitty` (test_drift.py judges it): a request tagged `cat` is refused,
    client-breaking; each of the three changes names `Cat.kind`'s new `Literal`."""
    def mapped(cat: str) -> Doc:
        return {"propertyName": "kind", "mapping": {cat: "#/components/schemas/Cat",
                                                    "dog": "#/components/schemas/Dog"}}

    old, new = _pair(_pets(mapped("kitty")), _pets(mapped("cat")))
    changes = diff_with_client(old, new)
    assert sorted((c.kind, c.severity, c.client_breaking) for c in changes) == [
        ("discriminator-value-added", NB, False), ("discriminator-value-removed", B, True),
        ("discriminator-value-removed", NB, False)]
    assert all(c.client.startswith("models.Cat | models.Dog: ") and c.client.endswith(
        '; models.Cat.kind: Literal["cat"] -> Literal["kitty"]') for c in changes)

# ---- 2. webhooks: what the API sends its consumer, never what the generated client calls ----


def _webhook(doc: Doc) -> None:
    """A webhook `newIssue` posting an `Issue` (the component the client's answers use)."""
    doc["webhooks"] = {"newIssue": {"post": {
        "requestBody": {"content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Issue"}}}},
        "responses": {"200": {"description": "received"}}}}}


def test_a_webhook_added_or_removed_has_no_effect_on_the_client() -> None:
    """A consumer waiting for `newIssue` misses it once it is gone (breaking on the wire), but
    the generated client sends no webhook and takes none: no method, argument or model
    changes (`Issue` is still the answers' model), so neither way is client-breaking."""
    old, new = _pair(_webhook)
    added = diff_with_client(old, new)
    assert _seen(_one(added)) == ("webhook-added", NB, NO_EFFECT, False)
    assert added[0].pointer == "/webhooks/newIssue" and added[0].side == "new"
    assert added[0].message == "webhook `newIssue` was added"
    removed = diff_with_client(new, old)
    assert _seen(_one(removed)) == ("webhook-removed", B, NO_EFFECT, False)
    assert removed[0].side == "old" and removed[0].message == "webhook `newIssue` was removed"
    assert exit_code(removed, "breaking") == 1 and exit_code(removed, "client-breaking") == 0


# ---- 3. readOnly / writeOnly lost: as if the property were added where the flag hid it ---


def _flagged(flag: str, required: bool = False) -> Callable[[Doc], None]:
    """`Issue.title` (an answer's) and a new `Labels.note` (an argument's) marked `flag`."""
    def mark(doc: Doc) -> None:
        _schemas(doc)["Issue"]["properties"]["title"][flag] = True
        _schemas(doc)["Labels"]["properties"]["note"] = {"type": "string", flag: True}
        if required:
            _schemas(doc)["Labels"]["required"].append("note")
    return mark


def _unflag(flag: str) -> Callable[[Doc], None]:
    def unmark(doc: Doc) -> None:
        del _schemas(doc)["Issue"]["properties"]["title"][flag]
        del _schemas(doc)["Labels"]["properties"]["note"][flag]
    return unmark


def _by_schema(changes: list[Change]) -> dict[str, Change]:
    assert len(changes) == 2, changes
    return {c.pointer.split("/")[3]: c for c in changes}


def test_a_request_property_no_longer_read_only_is_an_argument_added() -> None:
    """readOnly kept `note` out of `add_labels`; now the method takes it. Optional: nothing
    breaks. In an answer readOnly hid nothing: `models.Issue.title` is as it was."""
    found = _by_schema(diff_with_client(*_pair(_unflag("readOnly"), _flagged("readOnly"))))
    note, title = found["Labels"], found["Issue"]
    assert note.message == ("POST /issues/{number}/labels: request body property `note` is no "
                            "longer readOnly (now sent)")
    assert _seen(note) == ("request-property-no-longer-read-only", NB, (
        "client.issues.add_labels: argument note: is no longer readOnly (now sent): str | "
        "NotGiven"), False)
    assert title.message == "schema `Issue` property `title` is no longer readOnly"
    assert _seen(title) == ("response-property-no-longer-read-only", NB, ("models.Issue.title: is "
                            "no longer readOnly; type unchanged: str | None"), False)


def test_a_required_request_property_no_longer_read_only_breaks() -> None:
    """Found here: a required readOnly property is required in answers only (OpenAPI), so no
    old request carries `note`; without the flag every one must, and the generated method's
    `note` is a required argument: every call written without it fails. It was reported
    non-breaking (and `subsume`, blind to readOnly, would have cleared it)."""
    old, new = _pair(_unflag("readOnly"), _flagged("readOnly", required=True))
    note = _by_schema(diff_with_client(old, new))["Labels"]
    assert note.message.endswith("`note` is no longer readOnly (now sent, as required)")
    assert _seen(note) == ("request-property-no-longer-read-only", B, ("client.issues.add_labels: "
                           "argument note: is no longer readOnly (now sent, as required): str"),
                           True)


def test_an_answer_property_no_longer_write_only_changes_the_returned_class() -> None:
    """Found here: writeOnly `title` made both methods return `IssueResponse` (`Issue` without
    it); without the flag they return `Issue` and `IssueResponse` is gone: code naming it
    breaks. The effect named `models.Issue.title` (unchanged: `Issue` always had it) and was
    not client-breaking. Gaining the flag is the reverse (breaking on the wire too). In a
    request writeOnly hid nothing."""
    old, new = _pair(_unflag("writeOnly"), _flagged("writeOnly"))
    found = _by_schema(diff_with_client(old, new))
    title, note = found["Issue"], found["Labels"]
    returned = ("client.issues.get: now returns models.Issue (was models.IssueResponse); "
                "client.issues.add_labels: now returns models.Issue (was models.IssueResponse)")
    assert title.message == "schema `Issue` property `title` is no longer writeOnly (now returned)"
    assert _seen(title) == ("response-property-no-longer-write-only", NB, returned, True)
    assert _seen(note) == ("request-property-no-longer-write-only", NB, (
        "client.issues.add_labels: argument note: is no longer writeOnly; type unchanged: str | "
        "NotGiven"), False)
    back = _by_schema(diff_with_client(new, old))["Issue"]
    assert back.message == ("schema `Issue` property `title` became writeOnly (no longer "
                            "returned)")
    assert _seen(back) == ("response-property-became-write-only", B, returned.replace(
        "models.Issue (was models.IssueResponse)", "models.IssueResponse (was models.Issue)"),
        True)


def test_writeonly_deeper_than_the_answer_changes_the_returned_class() -> None:
    """`IssueList.items[]` holds `Issue`: a flag however deep makes the answer's
    `<Name>Response` class (`ir.classes.variant`), so the methods now return
    `IssueListResponse` (whose items are `IssueResponse`s), and that is what the effect names
    (it once kept `IssueList`, naming `Issue.title`, when only the answer's own properties
    counted)."""
    def listed(doc: Doc) -> None:
        _schemas(doc)["IssueList"] = {"type": "object", "properties": {"items": {
            "type": "array", "items": {"$ref": "#/components/schemas/Issue"}}}}
        _get(doc)["responses"]["200"] = {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/IssueList"}}}}
        _labels(doc)["responses"]["200"] = copy.deepcopy(_get(doc)["responses"]["200"])

    old, new = _pair(lambda d: _schemas(d)["Issue"]["properties"]["title"].update(
        writeOnly=True), listed)
    change = _one(diff_with_client(old, new))
    assert _seen(change) == ("response-property-became-write-only", B, (
        "client.issues.get: now returns models.IssueListResponse (was models.IssueList); "
        "client.issues.add_labels: now returns models.IssueListResponse (was models.IssueList)"),
        True)


# ---- 4. an integer's format, int32 <-> int64 -------------------------------------------


def _count(fmt: str) -> Callable[[Doc], None]:
    """`Issue.id` (an answer's field) and `Labels.count` (an argument) of format `fmt`."""
    def set_format(doc: Doc) -> None:
        _schemas(doc)["Issue"]["properties"]["id"]["format"] = fmt
        _schemas(doc)["Labels"]["properties"]["count"] = {"type": "integer", "format": fmt}
    return set_format


@pytest.mark.parametrize(("before", "after", "request_seen", "response_seen"), [
    # widened: a request takes more (a server reading int64 reads every int32); an answer may
    # now hold a value past 2**31, which a consumer typed int32 overflows on: breaking on the
    # wire. The generated client types both `int` and checks no integer format (pydantic's
    # int takes any size): no code written against it breaks.
    ("int32", "int64", ("constraint-relaxed-request", NB, False),
     ("constraint-relaxed-response", B, False)),
    # narrowed: a call passing a value past 2**31 is now refused by the server (the argument
    # still takes any int, so the call fails at run time): client-breaking; an answer holds
    # fewer values than before: nothing breaks.
    ("int64", "int32", ("constraint-tightened-request", B, True),
     ("constraint-tightened-response", NB, False)),
], ids=["widened", "narrowed"])
def test_an_integer_format_changed(before: str, after: str,
                                   request_seen: tuple[str, str, bool],
                                   response_seen: tuple[str, str, bool]) -> None:
    old, new = _pair(_count(after), _count(before))
    changes = {c.pointer.rsplit("/", 1)[1]: c for c in diff_with_client(old, new)}
    assert sorted(changes) == ["count", "id"]
    count, ident = changes["count"], changes["id"]
    said = f"format changed from {before} to {after}"
    assert count.message == f"POST /issues/{{number}}/labels: request body property `count` {said}"
    assert ident.message == f"schema `Issue` property `id` {said}"
    assert (count.kind, count.severity, count.client_breaking) == request_seen
    assert count.client == (f"client.issues.add_labels: argument count: {said}; type "
                            "unchanged: int | NotGiven")
    assert (ident.kind, ident.severity, ident.client_breaking) == response_seen
    assert ident.client == f"models.Issue.id: {said}; type unchanged: int"


# ---- 5. a parameter between `schema` and `content` forms, the same schema ----------------


def _dry_run(schema: Doc, content: bool) -> Callable[[Doc], None]:
    """`add_labels`' query parameter `dry_run` of `schema`, given with `content:
    application/json` (sent as JSON text) when `content`, else with `schema` (form style)."""
    def set_parameter(doc: Doc) -> None:
        parameter: Doc = {"name": "dry_run", "in": "query"}
        if content:
            parameter["content"] = {"application/json": {"schema": schema}}
        else:
            parameter["schema"] = schema
        _labels(doc)["parameters"][1] = parameter
    return set_parameter


FORM, AS_JSON = "style=form, explode=true", "as its media type"


@pytest.mark.parametrize(("schema", "severity"), [
    # Found here: `true` and `5` are spelt the same as JSON text and in the form style
    # (`?dry_run=true` both ways): no server reads them differently. It was breaking.
    ({"type": "boolean"}, NB),
    ({"type": "integer"}, NB),
    # a string's JSON text is quoted (`?dry_run=%22yes%22` for `?dry_run=yes`)
    ({"type": "string"}, B),
    # an object's form spelling spreads its properties (`?a=1`) where JSON is `{"a":1}`
    ({"type": "object", "properties": {"a": {"type": "integer"}}}, B),
], ids=["boolean", "integer", "string", "object"])
def test_a_parameter_switched_between_schema_and_content(schema: Doc, severity: str) -> None:
    """The regenerated client sends the new spelling (`json_encoded` or the form style), so no
    call changes either way: never client-breaking; the argument's type is the schema's."""
    for before, after, was, now in ((False, True, FORM, AS_JSON), (True, False, AS_JSON, FORM)):
        old, new = _pair(_dry_run(schema, after), _dry_run(schema, before))
        change = _one(diff_with_client(old, new))
        assert change.pointer == LABELS + "/parameters/1"
        assert change.message == (f"POST /issues/{{number}}/labels: query parameter `dry_run` is "
                                  f"now sent {now} (was {was})")
        assert (change.kind, change.severity, change.client_breaking) == (
            "parameter-serialization-changed", severity, False)
        assert change.client.startswith(
            f"client.issues.add_labels: argument dry_run: sent {now} by the regenerated client "
            f"(was {was}; calls unchanged); type unchanged: ")


# ---- 6. a path parameter's style: matrix and label ----------------------------------------


def _number_style(style: str | None) -> Callable[[Doc], None]:
    def set_style(doc: Doc) -> None:
        parameter = {"name": "number", "in": "path", "required": True,
                     "schema": {"type": "integer"}}
        _get(doc)["parameters"] = [dict(parameter, style=style) if style else parameter]
    return set_style


SIMPLE = "style=simple, explode=false"


@pytest.mark.parametrize("style", ["matrix", "label"])
def test_a_path_parameter_switched_to_a_prefixing_style(style: str) -> None:
    """`/issues/5` becomes `/issues/;number=5` (`/issues/.5`): every old request is misread,
    breaking on the wire. The regenerated client sends the new spelling (the runtime's
    `format_path` spells each path parameter in its style), so no call written against the
    client changes: not client-breaking, either way."""
    spelt = f"style={style}, explode=false"
    old, new = _pair(_number_style(style), _number_style(None))
    change = _one(diff_with_client(old, new))
    assert change.pointer == GET + "/parameters/0"
    assert change.message == (f"GET /issues/{{number}}: path parameter `number` is now sent "
                              f"{spelt} (was {SIMPLE})")
    assert _seen(change) == ("parameter-serialization-changed", B, (
        f"client.issues.get: argument number: sent {spelt} by the regenerated client (was "
        f"{SIMPLE}; calls unchanged); type unchanged: int"), False)
    back = _one(diff_with_client(new, old))
    assert _seen(back) == ("parameter-serialization-changed", B, (
        f"client.issues.get: argument number: sent {SIMPLE} by the regenerated client (was "
        f"{spelt}; calls unchanged); type unchanged: int"), False)


# ---- 7. a `Content-Type` header parameter, which OpenAPI says is ignored -----------------


def _content_type(required: bool, name: str = "Content-Type") -> Callable[[Doc], None]:
    def add(doc: Doc) -> None:
        _labels(doc)["parameters"].append({"name": name, "in": "header", "required": required,
                                           "schema": {"type": "string"}})
    return add


IGNORED = " (OpenAPI ignores a header parameter named `{}`: nothing changes on the wire)"


@pytest.mark.parametrize("required", [False, True], ids=["optional", "required"])
def test_a_content_type_header_parameter_added_or_removed(required: bool) -> None:
    """Found here: `Content-Type` (`Accept`, `Authorization`) as a header parameter "SHALL be
    ignored" (OpenAPI 3.x, Parameter Object): the body's media type says what is sent, so
    adding or removing one changes nothing on the wire; it was breaking when removed or added
    as required (as `Content-Type` is already ignored among response headers). The generated
    client ignores `Content-Type` too (no argument: the user trial's VTEX documents), so calls
    are unchanged either way."""
    old, new = _pair(_content_type(required))
    added = _one(diff_with_client(old, new))
    kind = "parameter-added-required" if required else "parameter-added-optional"
    no_argument = "client.issues.add_labels: none (header parameter `Content-Type` is no argument: calls unchanged)"
    assert added.pointer == LABELS + "/parameters/2"
    assert added.message == ("POST /issues/{number}/labels: header parameter `Content-Type` was "
                             "added" + " as required" * required + IGNORED.format("Content-Type"))
    assert _seen(added) == (kind, NB, no_argument, False)
    removed = _one(diff_with_client(new, old))
    assert (removed.pointer, removed.side) == (LABELS + "/parameters/2", "old")
    assert removed.message.endswith("`Content-Type` was removed" + IGNORED.format("Content-Type"))
    assert _seen(removed) == ("parameter-removed", NB, no_argument, False)
    assert exit_code([removed], "breaking") == 0 and exit_code([removed], "client-breaking") == 0


def test_another_header_parameter_added_as_required_still_breaks() -> None:
    """Only the three names OpenAPI lists are ignored (by name without case, as HTTP reads
    headers): `X-Content-Type` is a header like any other, a new required argument. The
    generated client leaves `accept` and `AUTHORIZATION` out of the method, as `Content-Type`:
    calls unchanged."""
    for name, severity in (("accept", NB), ("AUTHORIZATION", NB), ("X-Content-Type", B)):
        change = _one(diff_with_client(*_pair(_content_type(True, name))))
        assert (change.kind, change.severity, change.client_breaking) == (
            "parameter-added-required", severity, severity == B)
        assert change.message.endswith(IGNORED.format(name) if severity == NB else "as required")
        if severity == NB:
            assert _seen(change)[2] == (f"client.issues.add_labels: none (header parameter "
                                        f"`{name}` is no argument: calls unchanged)")


def test_a_header_the_client_sets_itself_breaks_no_call_whatever_the_wire_says() -> None:
    """A required `Host` header parameter added is breaking on the wire (a server may now
    refuse requests without it), but the generated method has no such argument (the HTTP
    client sets `Host`): no call written against the client changes, so it is not
    client-breaking, and `--fail-on client-breaking` passes."""
    change = _one(diff_with_client(*_pair(_content_type(True, "Host"))))
    assert (change.kind, change.severity) == ("parameter-added-required", B)
    assert change.client == "client.issues.add_labels: none (header parameter `Host` is no argument: calls unchanged)"
    assert change.client_breaking is False
    assert exit_code([change], "breaking") == 1 and exit_code([change], "client-breaking") == 0


def test_a_credential_header_declared_as_a_parameter_too_breaks_no_call() -> None:
    """VTEX declares its apiKey scheme's header (`X-VTEX-API-AppKey`) as a required header
    parameter too; the generated method leaves such a parameter out where the operation uses
    the scheme (the client's credential goes there). Adding or removing it changes no call."""
    def keyed(doc: Doc) -> None:
        doc["components"]["securitySchemes"] = {"key": {"type": "apiKey", "in": "header",
                                                        "name": "X-App-Key"}}
        doc["security"] = [{"key": []}]

    old, new = _pair(_content_type(True, "x-app-key"), keyed)
    added = _one(diff_with_client(old, new))
    no_argument = "client.issues.add_labels: none (header parameter `x-app-key` is no argument: calls unchanged)"
    assert (added.kind, added.client, added.client_breaking) == (
        "parameter-added-required", no_argument, False)
    removed = _one(diff_with_client(new, old))
    assert (removed.kind, removed.client, removed.client_breaking) == (
        "parameter-removed", no_argument, False)


# ---- 8. a response header's type: typed on one response only ----------------------------


def _headers(doc: Doc, rate: str, other: str) -> None:
    """`GET /issues/{number}`'s 200 documents `X-Rate` (typed on the raw response: the first
    success with headers), its 202 `X-Other` (read as a plain string)."""
    responses = _get(doc)["responses"]
    responses["200"] = dict(responses["200"], headers={"X-Rate": {"schema": {"type": rate}}})
    responses["202"] = {"description": "later", "headers": {"X-Other": {"schema": {"type": other}}}}


def test_a_typed_response_headers_type_changed_names_typed_headers() -> None:
    """`with_raw_response(...).typed_headers['X-Rate']` was an int and is now a str: code
    doing arithmetic on it breaks."""
    old, new = _pair(lambda d: _headers(d, "string", "integer"),
                     lambda d: _headers(d, "integer", "integer"))
    change = _one(diff_with_client(old, new))
    assert change.pointer == GET + "/responses/200/headers/X-Rate/schema"
    assert change.message == ("GET /issues/{number}: response 200 header `X-Rate` type changed "
                              "from integer to string")
    assert _seen(change) == ("type-changed", B, ("client.issues.get: with_raw_response: "
                             "typed_headers['X-Rate']: type changed from integer to string"), True)


def test_an_untyped_response_headers_type_changed_has_no_effect_on_the_client() -> None:
    """The 202's headers are not typed (only the first success with headers is): the client
    hands `X-Other` over as the string it received, before and after. Breaking on the wire for
    a consumer parsing it as a number; no code written against the client changes."""
    old, new = _pair(lambda d: _headers(d, "integer", "string"),
                     lambda d: _headers(d, "integer", "integer"))
    change = _one(diff_with_client(old, new))
    assert change.pointer == GET + "/responses/202/headers/X-Other/schema"
    assert change.message.endswith("response 202 header `X-Other` type changed from integer to "
                                   "string")
    assert _seen(change) == ("type-changed", B, NO_EFFECT, False)
    assert exit_code([change], "client-breaking") == 0


# ---- 9. an OAuth2 flow's scopes ---------------------------------------------------------


def _oauth(listed: list[str], asked: list[str], where: str = "global"
           ) -> Callable[[Doc], None]:
    """A client-credentials scheme `oauth` listing the scopes `listed`, required with the
    scopes `asked` by the whole document, or by `GET /issues/{number}` alone."""
    def secure(doc: Doc) -> None:
        doc["components"]["securitySchemes"] = {"oauth": {"type": "oauth2", "flows": {
            "clientCredentials": {"tokenUrl": "https://auth.example/token",
                                  "scopes": {scope: f"the {scope} scope" for scope in listed}}}}}
        if where == "global":
            doc["security"] = [{"oauth": asked}]
        else:
            _get(doc)["security"] = [{"oauth": asked}]
    return secure


def test_a_scope_listed_by_a_flow_added_or_removed_is_a_hint() -> None:
    """The flow's `scopes` is a catalog (requirements name the scopes they ask for): the
    credential is got and sent as before. The generated client takes a token and names no
    scope: no effect (it said "not traced": nothing in the client was ever to be traced)."""
    old, new = _pair(_oauth(["read", "write"], ["read"]), _oauth(["read"], ["read"]))
    for changes in (diff_with_client(old, new), diff_with_client(new, old)):
        change = _one(changes)
        assert change.pointer == "/components/securitySchemes/oauth"
        assert change.message == ("security scheme `oauth` changed (only its hints: "
                                  "bearerFormat, the scopes it lists)")
        assert _seen(change) == ("security-changed", NB, NO_EFFECT, False)


@pytest.mark.parametrize(("where", "pointer", "message"), [
    ("global", "/security", "the global security requirement changed"),
    ("operation", GET + "/security", "GET /issues/{number}: security requirement changed"),
])
def test_a_scope_a_requirement_asks_for_added_or_removed(where: str, pointer: str,
                                                         message: str) -> None:
    """A token granted `read` only is refused once `write` is asked for too: breaking on the
    wire; asking for fewer scopes is not. Found here: on an operation the effect said
    `client.issues.get: security changed`, client-breaking, though the generated client is the
    same (it sends the token it is given, and its methods name no scope): getting a token
    with the scope is the caller's business, as a server URL is (the global requirement
    already said nothing of the client; now both say no effect)."""
    listed = ["read", "write"]
    old, new = _pair(_oauth(listed, ["read", "write"], where), _oauth(listed, ["read"], where))
    more = _one(diff_with_client(old, new))
    assert (more.pointer, more.message) == (pointer, message)
    assert _seen(more) == ("security-changed", B, NO_EFFECT, False)
    fewer = _one(diff_with_client(new, old))
    assert fewer.message == message + (" (every caller that met the old requirement meets the "
                                       "new one)")
    assert _seen(fewer) == ("security-changed", NB, NO_EFFECT, False)


def test_a_scheme_an_operation_asks_for_instead_still_names_the_method() -> None:
    """Another scheme (not only other scopes) is another credential: still traced to the
    method, client-breaking when a caller's credential no longer does."""
    def key_instead(doc: Doc) -> None:
        doc["components"]["securitySchemes"]["key"] = {"type": "apiKey", "in": "header",
                                                       "name": "X-Key"}
        _get(doc)["security"] = [{"key": []}]

    old, new = _pair(key_instead, _oauth(["read"], ["read"], "operation"))
    kinds = {c.kind: c for c in diff_with_client(old, new)}
    assert _seen(kinds["security-changed"]) == (
        "security-changed", B, "client.issues.get: security changed", True)


# ---- a media type respelt with parameters ---------------------------------------------------


def _spelt(request: str, answer: str) -> Callable[[Doc], None]:
    """The body's and `GET`'s answer's media types spelt `request` and `answer`."""
    def respell(doc: Doc) -> None:
        body = _labels(doc)["requestBody"]["content"]
        body[request] = body.pop("application/json")
        ok = copy.deepcopy(_get(doc)["responses"]["200"])
        ok["content"][answer] = ok["content"].pop("application/json")
        _get(doc)["responses"]["200"] = ok
    return respell


def test_a_media_type_given_parameters_is_the_same_media_type() -> None:
    """`application/json` -> `application/json; charset=utf-8` (a CI engineer's trial: a
    breaking `media-type-removed` and a client-breaking effect, though the generated
    signature is identical): the same type, its parameters changed, a non-breaking note; the
    content is still compared under both spellings."""
    old, new = _pair(_spelt("application/json; charset=utf-8", "Application/JSON"))
    _schemas(new)["Labels"]["properties"]["labels"]["maxItems"] = 3
    changes = diff_with_client(old, new)
    respelt = [c for c in changes if c.kind == "media-type-parameters-changed"]
    assert [(c.pointer, c.severity, c.client_breaking) for c in respelt] == [
        (GET + "/responses/200/content/Application~1JSON", NB, False),
        (LABELS + "/requestBody/content/application~1json; charset=utf-8", NB, False)]
    assert respelt[1].client == (
        "client.issues.add_labels: request body (keyword arguments): media type "
        "application/json -> application/json; charset=utf-8 (the same type: calls unchanged)")
    assert {c.kind for c in changes} == {"media-type-parameters-changed",
                                         "constraint-tightened-request"}
    assert exit_code(changes, "breaking") == 1  # (maxItems added), not the spelling


def test_a_media_type_whose_version_parameter_changed_is_another_type() -> None:
    """`application/json; version=1` -> `version=2`: the server may refuse the old version, so
    the two are not one type respelt (only `charset` and case are set aside)."""
    _, old = _pair(_spelt("application/json; version=1", "application/json"))
    _, new = _pair(_spelt("application/json; version=2", "application/json"))
    kinds = {change.kind for change in diff_with_client(old, new)}
    assert "media-type-parameters-changed" not in kinds
    assert "media-type-removed" in kinds


# ---- a request property removed from an open or a closed object ------------------------------


def test_a_request_property_removed_from_an_open_object_is_possibly_breaking() -> None:
    """`Labels` takes undeclared properties (no `additionalProperties: false`): a body that
    still holds `labels` is valid under the new schema, so no value is rejected, yet nothing
    says the server still reads it (oasdiff: a warning): possibly breaking, not a confident
    verdict. Closed, the same body is rejected: breaking. Either way the argument is gone:
    client-breaking."""
    def without_labels(doc: Doc) -> None:
        labels = _schemas(doc)["Labels"]
        del labels["properties"]["labels"]
        labels["required"] = []

    def with_note(**keywords: Any) -> Callable[[Doc], None]:
        def changed(doc: Doc) -> None:
            _schemas(doc)["Labels"]["properties"]["note"] = {"type": "string"}
            _schemas(doc)["Labels"].update(keywords)
        return changed

    # closed in either keyword, or taking other keys of a type the removed list is not: breaking
    for before, severity in ((with_note(), PB), (with_note(additionalProperties=False), B),
                             (with_note(unevaluatedProperties=False), B),
                             (with_note(additionalProperties={"type": "integer"}), B)):
        removed = _one(diff_with_client(*_pair(without_labels, before)))
        assert (removed.kind, removed.severity) == ("request-property-removed", severity)
        assert removed.client == ("client.issues.add_labels: argument labels: removed (was "
                                  "list[str])") and removed.client_breaking


def test_a_security_scheme_changed_says_how_the_credential_is_sent_now() -> None:
    """`security scheme bearer changed` said nothing of what changed (a CI engineer's trial):
    the message names how the credential was sent and is now; where both read alike (a token
    URL moved), the keys that changed."""
    def scheme(value: Doc) -> Callable[[Doc], None]:
        def secure(doc: Doc) -> None:
            doc["components"]["securitySchemes"] = {"auth": value}
            doc["security"] = [{"auth": []}]
        return secure

    bearer = {"type": "http", "scheme": "bearer"}
    key = {"type": "apiKey", "in": "header", "name": "X-API-Key"}
    change = _one(diff_with_client(*_pair(scheme(key), scheme(bearer))))
    assert (change.kind, change.severity) == ("security-changed", B)
    assert change.message == "security scheme `auth` changed: http bearer -> apiKey header X-API-Key"
    moved = _oauth(["read"], ["read"])

    def token_moved(doc: Doc) -> None:
        moved(doc)
        flow = doc["components"]["securitySchemes"]["oauth"]["flows"]["clientCredentials"]
        flow["tokenUrl"] = "https://auth.example/v2/token"

    change = _one(diff_with_client(*_pair(token_moved, moved)))
    assert change.message == "security scheme `oauth` changed (flows)"
