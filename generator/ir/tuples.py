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

from generator.ir.notes import Noted

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


def tuple_notes(loose: list[Any]) -> Noted:
    """The note for each schema of `loose` (`ir.notes.notes_of` finds where they are)."""
    return loose, PROBLEM, ACTION
