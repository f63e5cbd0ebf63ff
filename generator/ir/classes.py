"""The models.py classes generated method signatures name.

A method's arguments and return type point at models by name, so every schema an operation
needs (its parameters, body, responses, stream chunks) gets a class here: a component schema
keeps its own name; an inline one is hoisted under `components/schemas` with a name chosen
from the operation (`CompletionsCreateBody`), its array items and union branches hoisted too
(`...Item`, `...Option1`), so models.py does not name them after their whole path.
"""

from __future__ import annotations

from collections import deque
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
_SUFFIX: dict[Flag, str] = {"readOnly": "Request", "writeOnly": "Response"}
FLAGS: tuple[Flag, ...] = tuple(_SUFFIX)
STRIP_DEPTH = 64  # inline levels a variant strips flagged properties from (deeper: kept whole)
_STRIPPED_LISTS = ("allOf", "oneOf", "anyOf", "prefixItems")
# what `_inline_marks` reads of a schema: a schema with none of them holds nothing it looks for
_WALKED = frozenset({"$ref", "properties", "items", "additionalProperties", *_STRIPPED_LISTS})


class ModelClasses:
    """The component schemas of the working copy, and the class names taken so far."""

    def __init__(self, schemas: dict[str, Any], taken: set[str], refs: Refs,
                 flags: frozenset[Flag] = frozenset(_SUFFIX)) -> None:
        self.schemas = schemas  # the working copy's `components/schemas`, added to in place
        self.taken = taken  # every class name models.py will have
        self.refs = refs
        self.required: set[str] = set()  # classes the templates reference
        # the classes of the operations' parameters (`<Operation>Params`), bodies and answers
        self.operation_classes: set[str] = set()
        self.variants: dict[tuple[str, Flag], str] = {}
        self._flags = flags  # the flags the document marks anything with: the others are sought not
        self._marks: dict[str, tuple[set[Flag], set[str]]] = {}  # component -> `_inline_marks`
        self._holding: dict[Flag, dict[str, bool]] = {flag: {} for flag in _SUFFIX}
        # variants named, not made yet: (its name, the class, its schema, the flag)
        self._unmade: deque[tuple[str, str, Any, Flag]] = deque()
        self._once: dict[int, tuple[Any, str]] = {}  # `class_once`: id -> (schema, class)

    def class_for(self, schema: Any, suggested: str) -> str:
        """The models.py class for `schema`: its component name, or a new hoisted one.

        Hoisting nests (an item's branch's item...): an explicit stack of hoistings keeps any
        depth of it off Python's, and gives the names in the order a recursion would (a class
        named before its parts, stored after them)."""
        direct = self._component(schema)
        if direct is not None:
            return direct
        root = self._allocate(suggested)
        self._hoist_into(root, schema)
        return root

    def class_once(self, schema: Any, suggested: str) -> str:
        """`class_for`, the same class when asked again for the same schema: a part of a
        component several operations name (the `data` of Mistral's `ConversationEvents`, each
        conversation stream's chunk) is one class, not one per operation."""
        found = self._once.get(id(schema))
        if found is None or found[0] is not schema:  # the schema kept: its id stays its own
            found = self._once[id(schema)] = (schema, self.class_for(schema, suggested))
        return found[1]

    def _hoist_into(self, root: str, schema: Any) -> None:
        """Store `schema` as the class `root` (a name allocated), its parts hoisted."""
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

    def _component(self, schema: Any) -> str | None:
        """The component class a bare `$ref` to one names (marked required), else None."""
        if not (isinstance(schema, dict) and set(schema) == {"$ref"}):
            return None
        name = _component_name(schema)
        if name is not None:
            self.required.add(name)
        return name

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
        """`class_name`, or, when the schema marks some of its properties `flag` (however deep:
        a nested object's, a referenced component's), a class without them: `<Name>Request`
        (no readOnly properties) for request bodies, `<Name>Response` (no writeOnly
        properties) for responses. One per schema and flag; the classes it names that hold
        such properties are their variants in turn (`ShipmentRequest.ship_to` is an
        `AddressRequest`), while the classes themselves stay whole for the other direction."""
        name = self._variant_name(class_name, schema, flag)
        while self._unmade:  # the variants it names, and theirs: made one after another
            made, original, original_schema, made_flag = self._unmade.popleft()
            self._hoist_into(made, self._variant_schema(original, original_schema, made_flag))
        return name

    def _variant_name(self, class_name: str, schema: Any, flag: Flag) -> str:
        """`variant`'s answer, the class only named (queued in `_unmade` to be made): a class
        that refers back to itself, through others too, names its variant, and a chain of
        classes costs no recursion."""
        key = (class_name, flag)
        if key not in self.variants:
            self._require_branches(class_name, schema)
            held = (self._holds(class_name, flag) if class_name in self.schemas
                    else self._holds_flagged(schema, flag))
            if not held:
                self.variants[key] = class_name
            else:
                name = self.variants[key] = self._allocate(class_name + _SUFFIX[flag])
                self._unmade.append((name, class_name, schema, flag))
        return self.variants[key]

    def _require_branches(self, class_name: str, schema: Any) -> None:
        """The component classes a union's branches name are required (their module may be
        needed by name), whether or not the union has a variant."""
        stored = self.schemas.get(class_name)
        if not isinstance(stored, dict) or object_properties(schema, self.refs) is not None:
            return
        keyword = next((k for k in ("oneOf", "anyOf") if isinstance(stored.get(k), list)), None)
        for branch in stored[keyword] if keyword is not None else ():
            self._component(branch)

    def _variant_schema(self, class_name: str, schema: Any, flag: Flag) -> Any:
        """The schema of `class_name`'s variant: an object's own and merged (`allOf`)
        properties less the flagged ones, or any other schema with its parts stripped."""
        stored = self.schemas.get(class_name, schema)
        shape = object_properties(stored, self.refs)
        if shape is None or _branches(stored):
            return self._stripped(stored, flag)
        properties, required = shape
        kept_names = [name for name, prop in properties.items()
                      if not self._is_flagged(prop, flag)]
        kept: dict[str, Any] = {
            "type": "object",
            "properties": {name: self._stripped(properties[name], flag) for name in kept_names},
            "required": sorted(required & set(kept_names)),
        }
        resolved = self.refs.resolve(stored)
        for keyword in ("description", "additionalProperties"):
            if isinstance(resolved, dict) and keyword in resolved:
                kept[keyword] = self._stripped(resolved[keyword], flag)
        return kept

    def _stripped(self, schema: Any, flag: Flag, depth: int = 0) -> Any:
        """`schema` without the properties marked `flag` at any depth of its inline parts, each
        component it names that holds some naming that component's variant instead; `schema`
        itself when nothing changes (and past `STRIP_DEPTH` inline levels: kept whole)."""
        if not isinstance(schema, dict) or depth > STRIP_DEPTH:
            return schema
        stripped = dict(schema)
        target = _component_name(schema)
        if target is not None and self._holds(target, flag):
            renamed = self._variant_name(target, self.schemas[target], flag)
            stripped["$ref"] = SCHEMAS_PREFIX + renamed
        properties = schema.get("properties")
        if isinstance(properties, dict):
            stripped["properties"] = {
                name: self._stripped(prop, flag, depth + 1) for name, prop in properties.items()
                if not self._is_flagged(prop, flag)}
            dropped = set(properties) - set(stripped["properties"])
            if dropped and isinstance(schema.get("required"), list):
                stripped["required"] = [r for r in schema["required"] if r not in dropped]
        for keyword in _STRIPPED_LISTS:
            if isinstance(schema.get(keyword), list):
                stripped[keyword] = [self._stripped(part, flag, depth + 1)
                                     for part in schema[keyword]]
        for keyword in ("items", "additionalProperties"):
            if keyword in schema:
                stripped[keyword] = self._stripped(schema[keyword], flag, depth + 1)
        renamed_branches = _renamed_branches(schema, stripped)
        if renamed_branches and isinstance(schema.get("discriminator"), dict):
            stripped["discriminator"] = _renamed_discriminator(
                schema["discriminator"], renamed_branches)
        return schema if stripped == schema else stripped

    def _is_flagged(self, prop: Any, flag: Flag) -> bool:
        """A property marked `flag`, on itself or on the schema it refers to (a component's
        read without resolving: most properties are `$ref`s to one)."""
        if not isinstance(prop, dict):
            return False
        if prop.get(flag) is True:
            return True
        if "$ref" not in prop:
            return False
        target = _component_name(prop)
        resolved = self.schemas.get(target) if target is not None else self.refs.resolve(prop)
        return isinstance(resolved, dict) and resolved.get(flag) is True

    def _holds_flagged(self, schema: Any, flag: Flag) -> bool:
        """Whether the inline parts of `schema` hold a property marked `flag`, or name a
        component that does (`_holds`)."""
        marked, named = self._inline_marks(schema)
        return flag in marked or any(self._holds(name, flag) for name in named)

    def _inline_marks(self, schema: Any) -> tuple[set[Flag], set[str]]:
        """The flags marking a property of the inline parts of `schema` (not of the
        components it names), and the components they name: the parts `_stripped` strips.
        Walked without recursion."""
        marked: set[Flag] = set()
        named: set[str] = set()
        waiting = [schema] if isinstance(schema, dict) else []
        while waiting:
            node = waiting.pop()
            if _WALKED.isdisjoint(node):  # most are a leaf (a string, a number): one look
                continue
            if "$ref" in node and (target := _component_name(node)) is not None:
                named.add(target)
            properties = node.get("properties")
            if isinstance(properties, dict):
                props = [prop for prop in properties.values() if isinstance(prop, dict)]
                waiting.extend(props)
                if len(marked) < len(_SUFFIX):
                    marked.update(flag for flag in _SUFFIX
                                  if any(self._is_flagged(prop, flag) for prop in props))
            waiting.extend(_parts(node))
        return marked, named

    def _holds(self, name: str, flag: Flag) -> bool:
        """Whether the component schema `name` holds a property marked `flag`, however deep: in
        its inline parts or through the components they name. Sought from `name` over each
        component's marks and names (`_inline_marks`, read once each), stopping at the first
        found: a search that finds none says so of every component it went through, one that
        finds one says so of each on the way. Schemas are only added (hoisted) after the ones
        naming them, so an answer holds for the whole build."""
        known = self._holding[flag]
        if flag not in self._flags or name not in self.schemas:
            return False
        if name in known:
            return known[name]
        came_from: dict[str, str | None] = {name: None}
        waiting = deque([name])
        while waiting:
            current = waiting.popleft()
            if known.get(current) is False:
                continue
            marked, named = self._component_marks(current)
            if flag in marked or known.get(current) is True:
                way: str | None = current
                while way is not None:
                    known[way] = True
                    way = came_from[way]
                return True
            for other in named:
                if other not in came_from and other in self.schemas:
                    came_from[other] = current
                    waiting.append(other)
        for visited in came_from:
            known[visited] = False
        return False

    def _component_marks(self, name: str) -> tuple[set[Flag], set[str]]:
        marks = self._marks.get(name)
        if marks is None:
            marks = self._marks[name] = self._inline_marks(self.schemas[name])
        return marks


def _parts(node: dict[str, Any]) -> list[dict[str, Any]]:
    """The inline schemas of `node` a variant strips (but its properties): its items, values
    and union or tuple members."""
    parts = [part for keyword in ("items", "additionalProperties")
             if isinstance(part := node.get(keyword), dict)]
    for keyword in _STRIPPED_LISTS:
        if isinstance(listed := node.get(keyword), list):
            parts.extend(part for part in listed if isinstance(part, dict))
    return parts


def _component_name(schema: dict[str, Any]) -> str | None:
    """The component schema `schema`'s `$ref` names (`#/components/schemas/<name>`), if any."""
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX) \
            and "/" not in ref[len(SCHEMAS_PREFIX):]:
        return ref[len(SCHEMAS_PREFIX):]
    return None


def _branches(schema: Any) -> bool:
    """A `oneOf`/`anyOf` union (its variant is the union of its branches' variants)."""
    schema_dict = schema if isinstance(schema, dict) else {}
    return any(isinstance(schema_dict.get(k), list) for k in ("oneOf", "anyOf"))


def _renamed_branches(schema: dict[str, Any], stripped: dict[str, Any]) -> dict[str, str]:
    """The components a union's branches named, each renamed in `stripped` -> its new name."""
    renamed: dict[str, str] = {}
    for keyword in ("oneOf", "anyOf"):
        before, after = schema.get(keyword), stripped.get(keyword)
        if isinstance(before, list) and isinstance(after, list):
            for old, new in zip(before, after, strict=True):
                old_name = _component_name(old) if isinstance(old, dict) else None
                new_name = _component_name(new) if isinstance(new, dict) else None
                if old_name is not None and new_name is not None and old_name != new_name:
                    renamed[old_name] = new_name
    return renamed


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


def keep_implicit_tags(nodes: list[dict[str, Any]], schemas: dict[str, Any],
                       originals: dict[str, str]) -> None:
    """Each discriminator's implicit tags as the document wrote them: `nodes` hold one each,
    `schemas` are the working copy's components, by class name, and `originals` maps a class
    name to the document's. A schema a discriminator names by no mapping entry is tagged with
    its name (Bitbucket's `pullrequest`), but its class is named otherwise (`Pullrequest`),
    which models.py's generator then took for the tag: every answer failed strict validation,
    and a model the caller made sent the class name. An entry per renamed branch (or, for a
    component's discriminator, per renamed schema extending it through `allOf`) keeps it."""
    if not nodes:
        return
    components = {id(schema): name for name, schema in schemas.items()}
    extending = _extending(schemas)  # once: a discriminating component asks it for its subtypes
    for node in nodes:
        named = [*_ref_branches(node), *extending.get(components.get(id(node)) or "", ())]
        _map_renamed(node, named, originals)


def _ref_branches(node: dict[str, Any]) -> list[str]:
    """The class names of `node`'s `oneOf`/`anyOf` branches that are `$ref`s to components."""
    refs = [branch.get("$ref") for key in ("oneOf", "anyOf")
            for branch in node.get(key) or () if isinstance(branch, dict)]
    return [ref[len(SCHEMAS_PREFIX):] for ref in refs
            if isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX)]


def _extending(schemas: dict[str, Any]) -> dict[str, list[str]]:
    """Class name -> the class names of the components naming it in their `allOf`."""
    found: dict[str, list[str]] = {}
    for name, schema in schemas.items():
        for member in (schema.get("allOf") or ()) if isinstance(schema, dict) else ():
            ref = member.get("$ref") if isinstance(member, dict) else None
            if isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX):
                found.setdefault(ref[len(SCHEMAS_PREFIX):], []).append(name)
    return found


def _map_renamed(node: dict[str, Any], named: list[str], originals: dict[str, str]) -> None:
    discriminator = node["discriminator"]
    mapping = discriminator.get("mapping")
    mapping = dict(mapping) if isinstance(mapping, dict) else {}
    targets = {str(value).rsplit("/", 1)[-1] for value in mapping.values()}
    added = {originals[name]: SCHEMAS_PREFIX + name for name in named
             if originals.get(name, name) != name and name not in targets
             and originals[name] not in targets and originals[name] not in mapping}
    if added:
        node["discriminator"] = {**discriminator, "mapping": {**mapping, **added}}
