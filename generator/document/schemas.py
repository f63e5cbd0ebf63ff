"""Where a JSON pointer lands: in a Schema Object or not, on a keyword or on a user's name.

Pointers are read by position, not by text: in `/components/schemas/X/properties/default` the
last token is a property someone named `default`, not the keyword; a response header may be
called `schema`. `is_name` tells the two apart; `in_schema` says whether a location lies in a
Schema Object. Also here: JSON value equality (`1` and `1.0` alike, `1` and `true` not).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from generator.document.keywords import SCHEMA_MAPS
from generator.document.pointer import HTTP_METHODS
from generator.document.refs import MAPPINGS

# Keywords whose value maps names chosen by the document's author to objects: the schema maps
# of the keyword table, and OpenAPI's own maps (which hold no schemas, so are not in it).
NAME_MAPS = frozenset({
    *SCHEMA_MAPS, "headers", "content", "responses", "examples", "links", "callbacks",
    "encoding", "variables", "mapping", "scopes",
})


def is_name(tokens: Sequence[str], index: int) -> bool:
    """Whether `tokens[index]` is a name (a property, a path, a component, a media type...)
    rather than a keyword of the object holding it.

    A token after a name map is a name, unless that map's own token is itself a name (a
    property called `properties`): read back to the first token that settles it, counting
    those turns (a loop, not recursion: pointers may be thousands of tokens long)."""
    turns = 0
    while True:
        if index <= 0:
            settled = False
        elif (index == 1 and tokens[0] in ("paths", "webhooks")) or (
            index == 2 and tokens[0] == "components"
        ):
            settled = True
        elif tokens[index - 1] in NAME_MAPS:
            turns, index = turns + 1, index - 1
            continue
        else:
            settled = False
        return settled if turns % 2 == 0 else not settled


def schema_root(tokens: Sequence[str]) -> int | None:
    """How many of `tokens` make the pointer of the outermost Schema Object the location is in
    (or is), or None outside schemas: a `schema` (or `itemSchema`) keyword, or a component
    schema, opens one."""
    for index, token in enumerate(tokens):
        if index == 2 and tokens[0] == "components" and tokens[1] == "schemas":
            return 3
        if token in ("schema", "itemSchema") and not is_name(tokens, index):
            return index + 1
    return None


# Where Parameter Objects stand (None: any token): a path item's, an operation's, a component.
_PARAMETER_SHAPES = (("paths", None, "parameters", None), ("paths", None, None, "parameters", None),
                     ("components", "parameters", None))



def parameter_pointer(tokens: Sequence[str]) -> tuple[list[str], str] | None:
    """(the tokens of the Parameter Object, the field of it the location is: "" for the object
    itself) when `tokens` name a parameter or one of its own fields, not a place inside its
    schema, content or examples."""
    for shape in _PARAMETER_SHAPES:
        size = len(shape)
        if not size <= len(tokens) <= size + 1 or (size == 5 and tokens[2] not in HTTP_METHODS):
            continue
        if all(want is None or want == token for want, token in zip(shape, tokens, strict=False)):
            return list(tokens[:size]), tokens[size] if len(tokens) > size else ""
    return None


def in_schema(tokens: Sequence[str]) -> bool:
    """Whether the location `tokens` names lies in (or is) a Schema Object."""
    root = schema_root(tokens)
    return root is not None and len(tokens) >= root


def json_key(value: object) -> tuple[str, object]:
    """A hashable key equal for equal JSON values (`1` and `1.0` alike, `1` and `true` not)."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, float)):
        # Python compares an int with a float exactly (`1 == 1.0`, one hash): `float()` would
        # make 2**53 + 1 and 2**53 one value
        return ("number", value)
    if isinstance(value, (dict, list)):
        return ("json", json.dumps(value, sort_keys=True))
    return (type(value).__name__, value)


def same_json(left: object, right: object) -> bool:
    """JSON equality: `1 == 1.0`, `1 != true`, objects and arrays by content."""
    return json_key(left) == json_key(right)


def branches_beside_properties(schema: object) -> bool:
    """The schema has `properties` of its own and a non-empty `oneOf`/`anyOf` beside them:
    datamodel-code-generator makes it a root model of one class per branch (each branch with
    the properties merged in), and a request body of it is one argument (`ir.bodies`; `diff`
    spells those classes, `drift.diff.types`)."""
    return isinstance(schema, MAPPINGS) and bool(schema.get("properties")) and any(
        isinstance(schema.get(key), list) and schema[key] for key in ("oneOf", "anyOf"))


def merges_a_union(schema: object, resolve: Callable[[Any], Any], max_depth: int) -> bool:
    """Some `allOf` member (at any depth, `max_depth` levels at most; `$ref`s followed by
    `resolve`) has a `oneOf`/`anyOf` that makes classes (`branches_make_classes`), or one beside
    properties of its own: datamodel-code-generator makes the schema a root model of one class
    per branch, each with the other parts merged in (GitBook's `allOf: [$ref: SiteChannelSetup
    (a oneOf), {properties: {role}}]`). A request body of it is one argument (`ir.bodies`), and
    `diff` reads it as that root model (`drift.diff.types`): one rule for both."""
    return merged_union(schema, resolve, max_depth) is not None


def merged_union(schema: object, resolve: Callable[[Any], Any], max_depth: int
                 ) -> tuple[Mapping[str, Any], list[Any]] | None:
    """The first `allOf` part holding the union `merges_a_union` looks for, and the parts
    merged beside it (the others at each level on the way, and the own properties of the
    parts it is found in, itself included); None when there is none."""
    return _merged_union(schema, resolve, max_depth, 0, {})


def _merged_union(schema: object, resolve: Callable[[Any], Any], max_depth: int, depth: int,
                  seen: dict[int, int]) -> tuple[Mapping[str, Any], list[Any]] | None:
    # each schema is looked into once per depth it is reached at, shallower each time (`seen`:
    # the shallowest so far): members that reference the same schema, level after level, would
    # otherwise cost 2**depth, and one first reached near `max_depth`, its parts cut there, is
    # looked into again when a shorter way reaches it
    if (not isinstance(schema, Mapping) or depth > max_depth
            or seen.get(id(schema), max_depth + 1) <= depth):
        return None
    seen[id(schema)] = depth
    found = schema.get("allOf")
    parts: list[Any] = found if isinstance(found, list) else []
    for index, raw in enumerate(parts):
        part = resolve(raw)
        if not isinstance(part, Mapping):
            continue
        if branches_beside_properties(part) or branches_make_classes(part):
            return part, [*parts[:index], *parts[index + 1:], *_own_properties(part)]
        deeper = _merged_union(part, resolve, max_depth, depth + 1, seen)
        if deeper is not None:
            return deeper[0], [*parts[:index], *parts[index + 1:], *_own_properties(part),
                               *deeper[1]]
    return None


def _own_properties(part: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The part's own properties (and `required`) as a part to merge, if it has any."""
    if not part.get("properties"):
        return []
    return [{"properties": part["properties"], "required": part.get("required") or []}]


def branches_make_classes(part: Mapping[str, Any]) -> bool:
    """Some branch of the part's `oneOf`/`anyOf` is a class dcg puts in the union: a `$ref`,
    or an inline schema with properties or an `allOf` of its own (a nullable `oneOf: [$ref: X,
    {type: null}]` too). Branches that only constrain (`anyOf: [{required: [email]},
    {required: [phone]}]`, "one of these must be given") make no class: merged in by `allOf`,
    dcg's class is then the plain merged object."""
    branches = [branch for key in ("oneOf", "anyOf") if isinstance(part.get(key), list)
                for branch in part[key]]
    return any(isinstance(branch, Mapping) and (
        "$ref" in branch or bool(branch.get("properties")) or bool(branch.get("allOf")))
        for branch in branches)
