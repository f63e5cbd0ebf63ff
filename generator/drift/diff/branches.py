"""The branches of a ``oneOf``/``anyOf`` and how old and new ones pair up.

A union (on one side at least: a union of one reads as its branch) that gained or lost branches
is compared branch by branch (``differ``'s ``split_union``), so that what a new branch brings is
one "branch added" change and not changes of the old branches' properties. Branches pair by
``$ref`` or equal content first, then inline ones in order within one kind: a ``$ref`` to a
component the other side's union lacks is a branch removed (or added), never paired with a
``$ref`` to another component (`Ach | Card` -> `ApplePay` lost `Ach` and `Card` and gained
`ApplePay`: nothing says one became the other; oasdiff reads it so too).
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.document.pointer import fragment_pointer, join_tokens, split_pointer
from generator.document.refs import Refs
from generator.drift.diff.merge import Found
from generator.drift.diff.walk import Field, Json, Key, canonical_json, declared_types

Branch = tuple[Json, str, str]  # (schema, literal pointer, shallow type label)


def branches_of(refs: Refs, union: Field) -> list[Branch] | None:
    """The non-null branches of the union a field is (None when it is not one list of them)."""
    node, _, _ = refs.deref(union.source)
    if not isinstance(node, Mapping) or "allOf" in node:
        return None
    for keyword in ("oneOf", "anyOf"):
        if isinstance(node.get(keyword), list):
            out = []
            for i, branch in enumerate(node[keyword]):
                resolved, _, _ = refs.deref(branch)
                types = declared_types(resolved)[0] if isinstance(resolved, Mapping) else []
                if types != ["null"]:
                    out.append((branch, join_tokens(union.pointer, keyword, str(i)),
                                branch_label(branch, types)))
            return out
    return None


# what a union of components may hold beside its branches and still be only their union
_ANNOTATIONS = frozenset({"oneOf", "anyOf", "discriminator", "description", "title", "nullable",
                          "example", "examples", "deprecated"})


def union_of_refs(refs: Refs, schema: Json) -> bool:
    """Whether `schema` (a `$ref` followed) is a `oneOf`/`anyOf` of `$ref`s and nothing else
    (Galaxy's `Block: oneOf [Text, Image]`): its branches are components, paired by name."""
    node, _, _ = refs.deref(schema)
    if not isinstance(node, Mapping) or not set(node) <= _ANNOTATIONS:
        return False
    branches = [node[key] for key in ("oneOf", "anyOf") if isinstance(node.get(key), list)]
    return len(branches) == 1 and bool(branches[0]) and all(
        isinstance(branch, Mapping) and isinstance(branch.get("$ref"), str)
        for branch in branches[0])


def kind_of(branch: Branch) -> str:
    """Branches of one kind may be paired in order: inline ones by their types."""
    return "ref" if branch[2].startswith("`") else branch[2]


def paired_in_order(old: Branch, new: Branch) -> bool:
    """Whether two branches left unpaired by `$ref` and content pair by position: inline ones
    of one kind (their position is the only evidence), `$ref`s only to a component of one
    name (spelt apart: `./pets.yaml#/Pet` bundled as `#/components/schemas/Pet`)."""
    if kind_of(old) != kind_of(new):
        return False
    return kind_of(old) != "ref" or old[2] == new[2]


def branch_label(branch: Json, types: list[str]) -> str:
    """`Name` for a `$ref`'d branch, its types for an inline one."""
    if isinstance(branch, Mapping) and isinstance(branch.get("$ref"), str):
        return "`" + split_pointer(fragment_pointer(branch["$ref"]) or branch["$ref"])[-1] + "`"
    return "|".join(types) or "any"


def pair_branches(
    old: list[Branch], new: list[Branch]
) -> tuple[list[tuple[Branch, Branch]], list[Branch], list[Branch]]:
    """(pairs, removed, added): by `$ref` or equal content first, then inline branches in
    order within a type (`paired_in_order`)."""
    def identity_of(branch: Branch) -> str:
        schema = branch[0]
        if isinstance(schema, Mapping) and isinstance(schema.get("$ref"), str):
            return "ref:" + str(schema["$ref"])
        return canonical_json(schema)

    left = list(old)
    pairs, added = [], []
    for branch in new:
        twin = next((b for b in left if identity_of(b) == identity_of(branch)), None)
        if twin is None:
            added.append(branch)
        else:
            left.remove(twin)
            pairs.append((twin, branch))
    for branch in list(added):
        twin = next((b for b in left if paired_in_order(b, branch)), None)
        if twin is not None:
            left.remove(twin)
            added.remove(branch)
            pairs.append((twin, branch))
    return pairs, left, added


def branches_detail(request: bool, verdict: bool | None) -> str:
    """What a union's rewritten branches did, as the `*-branches-changed` change says it."""
    if verdict is False:
        return "branches changed: " + ("some value valid before is now rejected"
                                       if request else "it can now send a value it could not")
    undecided = ("every old value is still accepted" if request
                 else "it can now send a value it could not")
    return f"branches changed (undecided whether {undecided})"


def merged_artifact(found: Found, key: Key) -> bool:
    """A change under a split union's key that came from merging its branches."""
    if found.key is None or found.key[:len(key)] != key:
        return False
    return len(found.key) > len(key) or found.kind.endswith(("-branch-added", "-branch-removed"))
