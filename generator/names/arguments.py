"""Arguments whose name is not the one their parameter or property would take alone.

A parameter or body property becomes the argument `identifiers.natural_argument_name` gives
its name (`größeWert` -> `größe_wert`, `userName` -> `user_name`): a spelling of the same name.
When that argument is taken (by another of the method's arguments, or by one every method has:
`timeout`), or the name holds no character a Python name can (`🙂`), the argument is another
name, which nothing in the code says is that parameter: each such rename is reported with the
repairs (stderr, COVERAGE.md, PROVENANCE.json), as the other names that had to change are.
"""

from __future__ import annotations

from generator.names.identifiers import (
    RESERVED_ARGUMENTS,
    natural_argument_name,
    spell_operators,
)

BODY_PROPERTY = "request body property"  # what `argument_rename` is told a body property is
from generator.names.namespace import Rename


def argument_rename(pointer: str, wire: str, where: str, name: str) -> Rename | None:
    """The rename to report when the argument `name` of the operation at `pointer` is not the
    natural name of the parameter or property `wire` (`where`: `query parameter`, `request body
    property`, ...); None when it is."""
    # a parameter's comparison operators are words (`DateSent<` -> `date_sent_lt`); a body
    # property is named as its model's field, which datamodel-code-generator names
    natural = natural_argument_name(wire if where == BODY_PROPERTY else spell_operators(wire))
    if natural == name:
        return None
    if natural is None:
        problem = f"the {where} `{wire}` has no character a Python name can hold"
    else:
        holder = ("every method already uses" if natural in RESERVED_ARGUMENTS
                  else "another argument of the method already uses")
        problem = f"the {where} `{wire}` would be the argument `{natural}`, a name {holder}"
    return Rename(pointer, problem, f"its argument is `{name}`")
