"""The models.py classes generated method signatures name.

A method's arguments and return type point at models by name, so every schema an operation
needs (its parameters, body, responses, stream chunks) gets a class here: a component schema
keeps its own name; an inline one is hoisted under `components/schemas` with a name chosen
from the operation (`CompletionsCreateBody`), its array items and union branches hoisted too
(`...Item`, `...Option1`), so models.py does not name them after their whole path.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Literal

from generator.document.refs import Refs
from generator.ir.schemas import branch_name, deserves_class, is_array, object_properties
from generator.names import identifiers as names
from generator.names.components import SCHEMAS_PREFIX

# A hoisting in progress: yields (inline schema, suggested class name) for each part that
# becomes a class of its own, is sent back that class's name, returns the schema to store.
_Hoisting = Generator[tuple[Any, str], str, Any]
Flag = Literal["readOnly", "writeOnly"]


class ModelClasses:
    """The component schemas of the working copy, and the class names taken so far."""

    def __init__(self, schemas: dict[str, Any], taken: set[str], refs: Refs) -> None:
        self.schemas = schemas  # the working copy's `components/schemas`, added to in place
        self.taken = taken  # every class name models.py will have
        self.refs = refs
        self.required: set[str] = set()  # classes the templates reference
        self.variants: dict[tuple[str, Flag], str] = {}

    def class_for(self, schema: Any, suggested: str) -> str:
        """The models.py class for `schema`: its component name, or a new hoisted one.

        Hoisting nests (an item's branch's item...): an explicit stack of hoistings keeps any
        depth of it off Python's, and gives the names in the order a recursion would (a class
        named before its parts, stored after them)."""
        direct = self._component(schema)
        if direct is not None:
            return direct
        root = self._allocate(suggested)
        stack: list[tuple[str, _Hoisting]] = [(root, self._hoist_parts(_wrapped(schema), root))]
        reply: str | None = None
        while stack:
            name, hoisting = stack[-1]
            try:
                part, part_name = hoisting.send(reply)  # type: ignore[arg-type]  # None starts it
            except StopIteration as done:
                stack.pop()
                self.schemas[name] = done.value
                self.required.add(name)
                reply = name
                continue
            reply = self._component(part)
            if reply is None:
                child = self._allocate(part_name)
                stack.append((child, self._hoist_parts(_wrapped(part), child)))
        return root

    def _component(self, schema: Any) -> str | None:
        """The component class a bare `$ref` to one names (marked required), else None."""
        if not (isinstance(schema, dict) and set(schema) == {"$ref"}):
            return None
        ref = schema["$ref"]
        if isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX) \
                and "/" not in ref[len(SCHEMAS_PREFIX):]:
            name = ref[len(SCHEMAS_PREFIX):]
            self.required.add(name)
            return name
        return None

    def _allocate(self, suggested: str) -> str:
        return names.unique(names.class_name(suggested), self.taken)

    def _hoist_parts(self, schema: Any, name: str) -> _Hoisting:
        """`schema` with its inline array items and oneOf/anyOf branches as classes of their
        own (`<name>Item`, a branch's `title` or `<name>Option<n>`)."""
        if not isinstance(schema, dict):
            return schema
        schema = dict(schema)
        items = schema.get("items")
        if is_array(schema) and deserves_class(items):
            schema["items"] = {"$ref": SCHEMAS_PREFIX + (yield items, f"{name}Item")}
        for keyword in ("oneOf", "anyOf"):
            branches = schema.get(keyword)
            if isinstance(branches, list):
                hoisted = []
                for index, branch in enumerate(branches, start=1):
                    if deserves_class(branch):
                        branch = {"$ref": SCHEMAS_PREFIX
                                  + (yield branch, branch_name(branch, name, index))}
                    hoisted.append(branch)
                schema[keyword] = hoisted
        return schema

    def variant(self, class_name: str, schema: Any, flag: Flag) -> str:
        """`class_name`, or, when the schema marks some of its properties `flag`, a class
        without them: `<Name>Request` (no readOnly properties) for request bodies,
        `<Name>Response` (no writeOnly properties) for responses. One per schema and flag."""
        key = (class_name, flag)
        if key not in self.variants:
            self.variants[key] = self._hoist_variant(class_name, schema, flag)
        return self.variants[key]

    def _hoist_variant(self, class_name: str, schema: Any, flag: Flag) -> str:
        shape = object_properties(schema, self.refs)
        if shape is None:
            return self._union_variant(class_name, flag)
        properties, required = shape
        dropped = {name for name, prop in properties.items()
                   if isinstance(prop, dict) and prop.get(flag) is True}
        if not dropped:
            return class_name
        resolved = self.refs.resolve(schema)
        kept: dict[str, Any] = {
            "type": "object",
            "properties": {name: prop for name, prop in properties.items() if name not in dropped},
            "required": sorted(required - dropped),
        }
        for keyword in ("description", "additionalProperties"):
            if isinstance(resolved, dict) and keyword in resolved:
                kept[keyword] = resolved[keyword]
        return self.class_for(kept, class_name + ("Request" if flag == "readOnly" else "Response"))


    def _union_variant(self, class_name: str, flag: Flag) -> str:
        """A oneOf/anyOf of component classes whose object branches have variants: the union
        of the variants (`<Name>Request` of `Cat | Dog` is `CatRequest | DogRequest`), its
        discriminator's mapping pointing at them (the tags the branches had stay theirs)."""
        stored = self.schemas.get(class_name)
        keyword = next((k for k in ("oneOf", "anyOf") if isinstance(stored, dict)
                        and isinstance(stored.get(k), list)), None)
        if keyword is None or not isinstance(stored, dict):
            return class_name
        renamed: dict[str, str] = {}  # branch class -> its variant
        for branch in stored[keyword]:
            name = self._component(branch)
            # object branches only: a union of unions keeps its inner ones (no recursion here)
            if name is not None and object_properties(self.schemas.get(name), self.refs):
                renamed[name] = self.variant(name, self.schemas.get(name), flag)
        renamed = {name: new for name, new in renamed.items() if new != name}
        if not renamed:
            return class_name
        union = {key: value for key, value in stored.items() if key != keyword}
        union[keyword] = [_renamed_ref(branch, renamed) for branch in stored[keyword]]
        if isinstance(stored.get("discriminator"), dict):
            union["discriminator"] = _renamed_discriminator(stored["discriminator"], renamed)
        return self.class_for(union, class_name + ("Request" if flag == "readOnly" else "Response"))


def _renamed_ref(schema: Any, renamed: dict[str, str]) -> Any:
    """`schema`, a `$ref` to a renamed class pointing at its new name instead."""
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    if not (isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX)):
        return schema
    name = ref[len(SCHEMAS_PREFIX):]
    return {"$ref": SCHEMAS_PREFIX + renamed[name]} if name in renamed else schema


def _renamed_discriminator(discriminator: dict[str, Any], renamed: dict[str, str]
                           ) -> dict[str, Any]:
    """The discriminator with each tag still naming the branch it named: explicit mapping
    entries point at the renamed classes, and a renamed branch the mapping does not list keeps
    its implicit tag (its old class name)."""
    mapping = discriminator.get("mapping")
    mapping = dict(mapping) if isinstance(mapping, dict) else {}
    targets = {v for v in mapping.values() if isinstance(v, str)}
    for tag, target in list(mapping.items()):
        if isinstance(target, str):
            bare = target if target.startswith("#") else SCHEMAS_PREFIX + target
            mapping[tag] = _renamed_ref({"$ref": bare}, renamed)["$ref"]
    for old, new in renamed.items():
        if SCHEMAS_PREFIX + old not in targets and old not in targets:
            mapping[old] = SCHEMAS_PREFIX + new
    return {**discriminator, "mapping": mapping}


def _wrapped(schema: Any) -> Any:
    """A bare `$ref` to anything but a whole component schema (into one's insides, say) as a
    class of its own: an `allOf` of it."""
    if isinstance(schema, dict) and set(schema) == {"$ref"} and isinstance(schema["$ref"], str):
        return {"allOf": [schema]}
    return schema
