"""What each change does to the generated client, read from the intermediate model (`ir.build`
of each side; no model generation): the method and argument, the model and field, or "no
effect on the generated client".

* A change in an operation's parameter names the method and its argument
  (`client.issues.add_labels: argument labels: type changed ...`); one in a request body
  property the argument it became (an expanded body) or the body's model and field.
* A change in a response, or in a component schema, names the model and field
  (`models.Issue.state_reason: became required`). A component schema's model class is named as
  `names.identifiers.class_name` names it (what datamodel-code-generator is given for
  component schemas); a field by its Python name (`argument_name`).
* Prose, examples, titles, defaults and component bookkeeping: "no effect on the generated
  client". A change that cannot be traced (servers, security, a component no method uses) says
  what it touches on the wire instead.

`client_breaking`: a breaking change that is traced to a method, argument, model or field -- what
breaks code written against the generated client (`--fail-on client-breaking`). A change with
no effect on the generated client never is, whatever its wire severity.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from generator.document.pointer import HTTP_METHODS, join_tokens, resolve_pointer, split_pointer
from generator.document.refs import Refs
from generator.drift.diff.change import BREAKING, Change
from generator.names.identifiers import argument_name, class_name
from generator.problems import GeneratorError

NO_EFFECT = "no effect on the generated client"
NOT_TRACED = "not traced to a method or model (the wire contract: servers, security...)"
# Kinds that change what a document says, not what the generated code does.
_NO_EFFECT_KINDS = frozenset({
    "description-changed", "title-changed", "example-changed", "summary-changed",
    "default-changed", "deprecation-changed", "component-added", "component-removed",
    "component-renamed", "operation-id-changed", "server-added",
})


class Built:
    """A document's intermediate model, built in a forked child (Linux) while the caller
    compares the documents, and read back by `operations()`; built inline where fork is
    unavailable or the child fails. Building a 13 MB document's model takes seconds: beside
    the comparison it costs no wall time on a second core."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.pid, self.fd = 0, -1
        if sys.platform.startswith("linux"):
            read_fd, write_fd = os.pipe()
            pid = os.fork()
            if pid == 0:
                _build_in_child(data, read_fd, write_fd)
            os.close(write_fd)
            self.pid, self.fd = pid, read_fd

    def operations(self) -> list[tuple[str, Any]] | None:
        """(resource attribute, `ir.Operation`) of every operation; None when the builder
        refuses the document."""
        if self.pid:
            with os.fdopen(self.fd, "rb") as pipe:
                self.fd = -1
                payload = pipe.read()
            _, status = os.waitpid(self.pid, 0)
            self.pid = 0
            if status == 0 and payload:
                found: list[tuple[str, Any]] | None = pickle.loads(payload)  # our own child's
                return found
        return _operations(self.data)

    def close(self) -> None:
        """Stop and reap the child if its answer was never read."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = 0


def _build_in_child(data: Mapping[str, Any], read_fd: int, write_fd: int) -> None:
    """The forked child: build, send the pickled operations, and leave without running any of
    the parent's cleanup."""
    status = 1
    try:
        os.close(read_fd)
        payload = pickle.dumps(_operations(data))
        with os.fdopen(write_fd, "wb") as pipe:
            pipe.write(payload)
        status = 0
    finally:
        os._exit(status)


def _operations(data: Mapping[str, Any]) -> list[tuple[str, Any]] | None:
    try:
        api = _api(data)
    except (GeneratorError, RecursionError, ValueError, TypeError, KeyError):
        return None  # a document the builder refuses: changes say what they touch on the wire
    return [(resource.attr, operation) for resource in api.resources
            for operation in resource.operations]


def diff_with_client(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Change]:
    """`differ.diff`, each change naming what it does to the generated client; both sides'
    intermediate models are built beside the comparison."""
    from generator.drift.diff.differ import diff

    built = {"old": Built(old), "new": Built(new)}  # forked before the walk's thread starts
    try:
        return with_client_effects(diff(old, new), built)
    finally:
        for side in built.values():
            side.close()


def with_client_effects(changes: Iterable[Change], built: Mapping[str, Built]) -> list[Change]:
    """Each change with `client` (what it does to the generated client) and
    `client_breaking` set, from the intermediate model of the side its pointer names."""
    items = list(changes)
    sides = {side: _Side(b.data, b.operations()) for side, b in built.items()}
    out = []
    for change in items:
        effect = _effect(change, sides[change.side], sides)
        breaking = change.severity == BREAKING and effect not in (NO_EFFECT, NOT_TRACED)
        out.append(replace(change, client=effect, client_breaking=breaking))
    return out


class _Side:
    """One document's operations as the generated client names them."""

    def __init__(self, data: Mapping[str, Any], built: list[tuple[str, Any]] | None) -> None:
        self.data = data
        self.refs = Refs(data)
        self.operations: dict[str, Any] = {}
        self.resources: dict[str, str] = {}
        self.bodies: dict[str, list[str]] = {}  # body schema's `$ref` target -> operations
        for attr, operation in built or []:
            self.operations[operation.pointer] = operation
            self.resources[operation.pointer] = attr
            target = self._body_target(operation)
            if target:
                self.bodies.setdefault(target, []).append(operation.pointer)

    def _body_target(self, operation: Any) -> str | None:
        """The component an expanded request body's schema references (`#/components/...`)."""
        if operation.body is None or not operation.body.expanded:
            return None
        media = join_tokens(operation.pointer, "requestBody", "content",
                            operation.body.media_type, "schema")
        found, schema = resolve_pointer(self.data, media)
        found_body, body = resolve_pointer(self.data, join_tokens(operation.pointer,
                                                                  "requestBody"))
        if found_body and isinstance(body, Mapping) and "$ref" in body:
            return None  # a shared request body: its schema is found through it
        ref = schema.get("$ref") if found and isinstance(schema, Mapping) else None
        return ref.removeprefix("#") if isinstance(ref, str) and ref.startswith("#/") else None

    def method(self, pointer: str) -> str | None:
        if pointer not in self.operations:
            return None
        return f"client.{self.resources[pointer]}.{self.operations[pointer].name}"


def _api(data: Mapping[str, Any]) -> Any:
    from generator import ir  # the intermediate model: only when a report asks for it

    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL")
    return ir.build(dict(data), options, tolerate=True)


def _effect(change: Change, side: _Side, sides: Mapping[str, _Side]) -> str:
    if change.kind in _NO_EFFECT_KINDS:
        return NO_EFFECT
    tokens = split_pointer(change.pointer)
    if len(tokens) == 2 and tokens[0] == "paths":
        methods = [side.method(p) for p in sorted(side.operations)
                   if p.startswith(change.pointer + "/")]
        verb = "removed" if change.side == "old" else "added"
        return "; ".join(f"{m}: method {verb}" for m in methods if m) or NOT_TRACED
    if len(tokens) >= 3 and tokens[0] == "paths" and tokens[2] in HTTP_METHODS:
        return _in_operation(change, side, tokens) or NOT_TRACED
    if len(tokens) >= 3 and tokens[:2] == ["components", "schemas"]:
        return _schema_effect(change, side, tokens)
    if tokens[:1] == ["components"] and change.operations:
        return f"{_what(change)} (shared by {len(change.operations)} operation(s))"
    return NOT_TRACED


def _schema_effect(change: Change, side: _Side, tokens: list[str]) -> str:
    """A component schema's change: the argument it is, when the schema is an expanded request
    body and the change is one of its own properties; else the model and field."""
    users = side.bodies.get(join_tokens("", *tokens[:3]), [])
    prop = _first_property(tokens[3:])
    if users and prop is not None and tokens[3:5] == ["properties", prop]:
        found = []
        for pointer in users:
            operation = side.operations[pointer]
            name = next((p.name for p in operation.params
                         if p.location == "body" and p.wire_name == prop), argument_name(prop))
            found.append(f"{side.method(pointer)}: argument {name}")
        listed = "; ".join(found[:3]) + (f" (and {len(found) - 3} more)" if len(found) > 3 else "")
        return f"{listed}: {_what(change)}"
    return _model_effect(class_name(tokens[2]), tokens[3:], change)


def _in_operation(change: Change, side: _Side, tokens: list[str]) -> str | None:
    operation_pointer = join_tokens("", *tokens[:3])
    method = side.method(operation_pointer)
    if method is None:
        return None
    operation = side.operations[operation_pointer]
    rest = tokens[3:]
    if not rest:
        return f"{method}: method {'removed' if change.side == 'old' else 'added'}"
    if rest[0] == "parameters" and len(rest) >= 2:
        return _parameter_effect(change, side, operation, method, tokens[:5])
    if rest[0] == "requestBody":
        return _body_effect(change, operation, method, rest)
    if rest[0] == "responses" and len(rest) >= 2:
        return _response_effect(change, operation, method, rest)
    return f"{method}: {_what(change)}"


def _parameter_effect(change: Change, side: _Side, operation: Any, method: str,
                      tokens: list[str]) -> str:
    found, raw = resolve_pointer(side.data, join_tokens("", *tokens))
    node = side.refs.object(raw) if found else None
    if isinstance(node, Mapping):
        for param in operation.params:
            if param.wire_name == node.get("name") and param.location == node.get("in"):
                return f"{method}: argument {param.name}: {_what(change)}"
    return f"{method}: {_what(change)}"


def _body_effect(change: Change, operation: Any, method: str, rest: list[str]) -> str:
    prop = _first_property(rest)
    body = operation.body
    if body is None:
        return f"{method}: request body {_what(change)}"
    if prop is not None and body.expanded:
        for param in operation.params:
            if param.location == "body" and param.wire_name == prop:
                return f"{method}: argument {param.name}: {_what(change)}"
        return f"{method}: argument {argument_name(prop)}: {_what(change)}"
    if body.expanded:  # the body as a whole: its arguments together
        return f"{method}: request body (keyword arguments): {_what(change)}"
    if body.model_class:
        return _model_effect(body.model_class, rest[rest.index("schema") + 1:]
                             if "schema" in rest else [], change)
    return f"{method}: request body {_what(change)}"


def _response_effect(change: Change, operation: Any, method: str, rest: list[str]) -> str:
    status = rest[1]
    for response in (*operation.success, *operation.errors):
        if response.status == status and response.model_class:
            after = rest[rest.index("schema") + 1:] if "schema" in rest else []
            if after:
                return _model_effect(response.model_class, after, change)
            return f"{method}: returns models.{response.model_class}: {_what(change)}"
    return f"{method}: response {status}: {_what(change)}"


def _first_property(tokens: list[str]) -> str | None:
    for i, token in enumerate(tokens[:-1]):
        if token == "properties":
            return tokens[i + 1]
    return None


def _model_effect(model: str, tokens: list[str], change: Change) -> str:
    prop = _first_property(tokens)
    if prop is None:
        return f"models.{model}: {_what(change)}"
    return f"models.{model}.{argument_name(prop)}: {_what(change)}"


_PHRASES = {
    "became-required": "now required", "became-optional": "now optional",
    "became-nullable": "now accepts None", "became-not-nullable": "no longer accepts None",
    "property-removed": "removed", "property-added-required": "added (required)",
    "property-added-optional": "added (optional)", "property-added": "added",
}


def _what(change: Change) -> str:
    """What the change does, in a few words: the detail the rules gave, or its kind."""
    for suffix, phrase in _PHRASES.items():
        if change.kind.endswith(suffix):
            if change.kind.startswith("response") and suffix == "became-required":
                return "no longer optional"
            return phrase
    return change.detail or change.kind.replace("-", " ")
