"""Where the document writes the schema of a models.py class, and of each of its fields: what a
change the client effects make of their own (`client._with_field_classes`) points at.

A component's class is its component (`/components/schemas/Pet`); a class the intermediate
model hoisted is the request body or the answer it was made of (`CreateItemBody`: the
operation's `requestBody/.../schema`), an inline class dcg made of a field (`<Owner><Field>`)
the schema under its owner's property (through `items` and `additionalProperties`), and a
parameters class's field its parameter's `schema`. Each pointer is where the schema literally
is: a `$ref` on the way (a shared response, a request body component) is followed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import unquote

from generator.document.pointer import join_tokens, resolve_pointer, split_pointer
from generator.drift.diff.types import Annotations
from generator.names.identifiers import class_name
from generator.problems import operation_label


class _Body(Protocol):
    @property
    def media_type(self) -> str: ...

    @property
    def model_class(self) -> str | None: ...


class _Response(Protocol):
    @property
    def status(self) -> str: ...

    @property
    def model_class(self) -> str | None: ...


class OperationRecord(Protocol):
    """What is read of `client.OperationRecord`: the classes of its body and answers."""

    @property
    def body(self) -> _Body | None: ...

    @property
    def responses(self) -> tuple[_Response, ...]: ...

MAX_HOPS = 16  # `$ref`s followed at one step of a pointer (a chain longer is not followed)
MAX_NESTING = 64  # inline classes nested in one another that are placed (as types.MAX_DEPTH)
_CONTAINERS = ("items", "additionalProperties")


@dataclass(frozen=True)
class Place:
    """Where a class's schema, or a field's, is written: its pointer, the words that name it
    in a message (`POST /items: request body`, `schema `Pet``), the property path from there
    (`("addr",)` for a class made of an inline `addr`), and the operation it is in ("" for a
    component)."""

    pointer: str
    where: str
    path: tuple[str, ...] = ()
    operation: str = ""

    def named(self, wire: str) -> str:
        """`POST /items: request body property `addr.street``."""
        return f"{self.where} property `{'.'.join((*self.path, wire))}`"


class Places:
    """The places of one document's classes, each worked out when first asked for (a report
    asks for a few: finding every class's place took GitHub's pair ~0.3 s)."""

    def __init__(self, data: Mapping[str, Any], operations: Mapping[str, OperationRecord],
                 types: Annotations) -> None:
        self.data, self.operations, self.types = data, operations, types
        self._found: dict[str, Place | None] = {}
        self._components: dict[str, Place] | None = None
        self._declared: dict[str, list[tuple[str, str]]] | None = None
        self._owners = {held: key for key, held in types.nested.items()}

    def field(self, model: str, wire: str) -> Place | None:
        """Where the property `wire` of class `model` is written; None where it is not found
        (a class made of a union's branch, a field taken in through `allOf` from a `$ref`...)."""
        owner = self.place_of(model)
        if owner is None:
            return None
        pointer = self.property_pointer(owner.pointer, wire)
        return None if pointer is None else Place(pointer, owner.where, owner.path,
                                                  owner.operation)

    def parameter(self, operation: str, wire: str, location: str) -> Place | None:
        """The `schema` of the operation's parameter `wire` sent in `location` (its own, or its
        path item's)."""
        for parameters in (join_tokens(operation, "parameters"),
                           join_tokens(*split_pointer_head(operation), "parameters")):
            for index in range(_length(resolve_pointer(self.data, parameters)[1])):
                at = self.literal(join_tokens(parameters, str(index)))
                node = self._node(at)
                if (isinstance(node, Mapping) and node.get("name") == wire
                        and node.get("in") == location and "schema" in node):
                    label = _label(operation)
                    return Place(join_tokens(at or "", "schema"), f"{label}: parameter `{wire}`",
                                 operation=label)
        return None

    def place_of(self, model: str) -> Place | None:
        """Where class `model` is written: its component; else the first operation (in
        pointer order) whose request body or answer it was hoisted from; else under the
        property of its owner's place it was made of (an owner's chain followed at most
        `MAX_NESTING` deep)."""
        chain = [model]
        while len(chain) <= MAX_NESTING:
            found = self._own_place(chain[-1])
            if found is not None or chain[-1] not in self._owners:
                break
            chain.append(self._owners[chain[-1]][0])  # placed under its owner's
        else:
            found = None
        for held in reversed(chain[:-1]):
            found = self._found[held] = None if found is None else self._under(held, found)
        return found

    def _own_place(self, model: str) -> Place | None:
        """`model`'s place as a component or an operation's body or answer; None if neither."""
        if model not in self._found:
            if self._components is None:
                self._components = self._component_places()
            place = self._components.get(model)
            self._found[model] = place if place is not None else self._operation_place(model)
        return self._found[model]

    def _under(self, held: str, owner: Place) -> Place | None:
        wire = self._owners[held][1]
        at = self.property_pointer(owner.pointer, wire)
        inner = self._object_under(at) if at else None
        return None if inner is None else Place(inner, owner.where, (*owner.path, wire),
                                                owner.operation)

    def _component_places(self) -> dict[str, Place]:
        places: dict[str, Place] = {}
        schemas = (self.data.get("components") or {}).get("schemas") or {}
        for name in schemas:
            places.setdefault(class_name(str(name)), Place(
                join_tokens("/components/schemas", str(name)), f"schema `{name}`"))
        return places

    def _operation_place(self, model: str) -> Place | None:
        """The first operation (in pointer order) whose request body or answer class is
        `model` and whose schema is found."""
        if self._declared is None:
            self._declared = self._declared_classes()
        for pointer, status in self._declared.get(model, ()):
            label = _label(pointer)
            operation = self.operations[pointer]
            if not status:
                body = operation.body
                assert body is not None
                at = self.literal(join_tokens(pointer, "requestBody", "content", body.media_type,
                                              "schema"))
                if at is not None:
                    return Place(at, f"{label}: request body", operation=label)
                continue
            at = self._answer_schema(join_tokens(pointer, "responses", status))
            if at is not None:
                return Place(at, f"{label}: response {status}", operation=label)
        return None

    def _declared_classes(self) -> dict[str, list[tuple[str, str]]]:
        """Class -> (operation, "" for its request body else an answer's status), in order."""
        declared: dict[str, list[tuple[str, str]]] = {}
        for pointer in sorted(self.operations):
            operation = self.operations[pointer]
            body = operation.body
            if body is not None and body.model_class:
                declared.setdefault(body.model_class, []).append((pointer, ""))
            for response in operation.responses:
                if response.model_class:
                    declared.setdefault(response.model_class, []).append(
                        (pointer, response.status))
        return declared

    def _answer_schema(self, response: str) -> str | None:
        """The schema of an answer's JSON media type (else its first with a schema)."""
        at = self.literal(join_tokens(response, "content"))
        content = self._node(at)
        if not isinstance(content, Mapping):
            return None
        media = sorted((m for m, v in content.items() if isinstance(v, Mapping) and "schema" in v),
                       key=lambda m: "json" not in str(m))
        return self.literal(join_tokens(at or "", str(media[0]), "schema")) if media else None

    def property_pointer(self, schema: str, wire: str) -> str | None:
        """Where the property `wire` of the schema at `schema` is: its own, else an `allOf`
        part's."""
        found = self.literal(join_tokens(schema, "properties", wire))
        if found is not None:
            return found
        node = self._node(self.literal(schema))
        parts = node.get("allOf") if isinstance(node, Mapping) else None
        for index in range(_length(parts)):
            found = self.literal(join_tokens(schema, "allOf", str(index), "properties", wire))
            if found is not None:
                return found
        return None

    def _object_under(self, pointer: str) -> str | None:
        """The object schema a property holds: itself, or its list's items or map's values
        (however deep); None where it holds none inline."""
        for _ in range(MAX_NESTING):
            _, node = resolve_pointer(self.data, pointer)
            if not isinstance(node, Mapping) or "properties" in node or "allOf" in node:
                return pointer if isinstance(node, Mapping) else None
            inner = next((k for k in _CONTAINERS if isinstance(node.get(k), Mapping)), None)
            if inner is None:
                return None
            pointer = join_tokens(pointer, inner)
        return None

    def _node(self, pointer: str | None) -> Any:
        return resolve_pointer(self.data, pointer)[1] if pointer is not None else None

    def literal(self, pointer: str) -> str | None:
        """`pointer` where what it names literally is: each `$ref` on the way followed (a
        shared response); None where it names nothing."""
        at, node = "", self.data
        for token in split_pointer(pointer):
            node, at = self._followed(node, at, token)
            if isinstance(node, Mapping) and token in node:
                node = node[token]
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
            else:
                return None
            at = join_tokens(at, token)
        return at

    def _followed(self, node: Any, at: str, token: str) -> tuple[Any, str]:
        """`node` (at `at`), or what its `$ref` chain names where `token` is not its own."""
        for _ in range(MAX_HOPS):
            ref = node.get("$ref") if isinstance(node, Mapping) and token not in node else None
            if not (isinstance(ref, str) and ref.startswith("#/")):
                break
            at = unquote(ref[1:])
            found, node = resolve_pointer(self.data, at)
            if not found:
                break
        return node, at


def ref_inside(schema: Any) -> str | None:
    """The component a property's schema names by `$ref`: its own, or its single `allOf`
    member's, its list's items' or its map's values' (`list[Owner]`); None for an inline one."""
    node = schema
    for _ in range(MAX_NESTING):
        if not isinstance(node, Mapping):
            return None
        ref = node.get("$ref")
        if isinstance(ref, str):
            return unquote(ref.rsplit("/", 1)[-1])
        parts = node.get("allOf")
        if isinstance(parts, list) and len(parts) == 1:
            node = parts[0]
            continue
        node = next((node[k] for k in _CONTAINERS if isinstance(node.get(k), Mapping)), None)
    return None


def split_pointer_head(operation: str) -> Iterable[str]:
    """The path item's pointer of an operation's (`/paths/~1pets/get` -> `/paths/~1pets`), as
    `join_tokens` arguments."""
    return ("", *split_pointer(operation)[:2])


def _label(pointer: str) -> str:
    tokens = split_pointer(pointer)
    return operation_label(tokens[2], tokens[1])


def _length(value: Any) -> int:
    return len(value) if isinstance(value, list) else 0
