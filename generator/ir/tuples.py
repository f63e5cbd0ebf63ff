"""3.1 tuples (`prefixItems`) the models cannot type as one: a named note for each.

models.py's generator types an array of `prefixItems` a `tuple[...]` when its keywords fix its
length (`minItems` equal to `maxItems`, or to the positions when `items: false` closes it).
Otherwise the items that may follow, or be missing, have no tuple type pydantic takes (it has
no `tuple[str, *tuple[int, ...]]`): the array is a list of its items' types (`list[str | int]`,
`list[Any]`), which checks each item's type but not its position. A valid package either way;
the note says so, rather than the typing loosening silently.
"""

from __future__ import annotations

from typing import Any

from generator.document.keywords import DATA_KEYWORDS
from generator.document.pointer import join_tokens
from generator.names.namespace import Rename
from generator.problems import NOTE

PROBLEM = ("`prefixItems` whose length `minItems`/`maxItems`/`items: false` do not fix: no "
           "tuple type says which items may follow or be missing")
ACTION = "typed as a list of its items' types: each item's type is checked, not its position"


def loose_tuple(schema: dict[str, Any]) -> bool:
    """An array of `prefixItems` its keywords give no one length, whose positions (and the
    items after them) differ: typed as a list, its order unchecked."""
    prefix = schema.get("prefixItems")
    if not isinstance(prefix, list) or not prefix:
        return False
    least, most = schema.get("minItems", 0), schema.get("maxItems")
    tail = schema.get("items", schema.get("unevaluatedItems", {}))
    if tail is False:  # no item after the positions
        most = len(prefix) if not isinstance(most, int) else min(most, len(prefix))
    if isinstance(least, int) and least == most:
        return False
    positions = [*prefix, *([] if tail is False else [tail if isinstance(tail, dict) else {}])]
    return any(position != positions[0] for position in positions[1:])


def tuple_notes(data: dict[str, Any], loose: list[Any], original_names: dict[str, str]
                ) -> tuple[Rename, ...]:
    """A note for each schema of `loose` (nodes of `data`, the working copy), at its pointer in
    the document (`original_names`: a component schema's class name -> its name there). Only
    schemas are looked in (not examples or defaults); the walk holds its own stack."""
    if not loose:
        return ()
    wanted = {id(node) for node in loose}
    found: list[tuple[str, ...]] = []
    seen: set[int] = set()  # a subtree shared by two places is walked (and named) once
    pending: list[tuple[Any, tuple[str, ...]]] = [(data, ())]
    while pending and wanted:
        node, tokens = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if id(node) in wanted:
            wanted.discard(id(node))
            found.append(tokens)
        if isinstance(node, dict):
            pending.extend((child, (*tokens, str(key))) for key, child in node.items()
                           if key not in DATA_KEYWORDS and isinstance(child, dict | list))
        elif isinstance(node, list):
            pending.extend((child, (*tokens, str(index))) for index, child in enumerate(node)
                           if isinstance(child, dict | list))
    notes = []
    for tokens in sorted(found):
        if tokens[:2] == ("components", "schemas") and len(tokens) > 2:
            tokens = (*tokens[:2], original_names.get(tokens[2], tokens[2]), *tokens[3:])
        notes.append(Rename(join_tokens("", *tokens), PROBLEM, ACTION, kind=NOTE))
    return tuple(notes)
