"""A change between two documents and its three severities: what `differ` finds, `report` shows.

Kept apart from the differ so that the report formats (on `check`'s import-light path) need not
import the schema walker and the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BREAKING = "breaking"
POSSIBLY_BREAKING = "possibly-breaking"  # could not be decided either way (a pattern changed...)
NON_BREAKING = "non-breaking"
Values = tuple[str | None, str | None] | None  # a value before and after, as JSON text
SEVERITIES = (BREAKING, POSSIBLY_BREAKING, NON_BREAKING)  # most severe first

# kinds the differ reports and the client effects read
MEDIA_TYPE_PARAMETERS_CHANGED = "media-type-parameters-changed"
PATH_CHANGED = "path-changed"  # a path item moved to another path (`pairing.paths_moved`)
# one operation moved to another path (`pairing.operations_moved`)
OPERATION_PATH_CHANGED = "operation-path-changed"


@dataclass(frozen=True, order=True)
class Change:
    """One distinct change. ``pointer`` resolves literally in the document ``side`` names
    (``old`` for removals); a change inside a shared component is reported once, at the
    component, with every operation it affects in ``operations``."""

    pointer: str
    kind: str
    severity: str
    message: str
    side: str = "new"
    operations: tuple[str, ...] = ()
    line: int | None = None
    # The file `line` is in, where the pointer's content was written in another file than the
    # document's own (a `$ref` bundled it in: `schemas/Pet.yaml`, as `generate` names it); ""
    # for the document's own file.
    file: str = field(default="", compare=False)
    # What the change does to the generated client (`client.with_client_effects`), and whether
    # it breaks code written against it; "" / False until that is worked out.
    client: str = field(default="", compare=False)
    client_breaking: bool = field(default=False, compare=False)
    detail: str = field(default="", compare=False)  # "became nullable": no operation, no subject
    # A default's or a flag's value before and after, as JSON text (None: not set), where the
    # change is one of them: what the client effects read, never the message's words.
    values: Values = field(default=None, compare=False)
    # Whether the change is only about what the API sends its consumer (a webhook, a callback,
    # wherever a `$ref` put it): the generated client sends and answers neither.
    sent: bool = field(default=False, compare=False)
    # Where the old document has what changed, when the pointer (the new one's) names another
    # place there (a component renamed, and changed): the client effects read the old class
    # from it. "" when the pointer names the old place too, or none was found.
    was: str = field(default="", compare=False)
    # In a component schema no operation, webhook or callback uses (on either side): nothing
    # on the wire changes (its severity is non-breaking), but code can use `models.X` itself;
    # whether the change, judged as an answer's (what reading the model sees), breaks that code.
    # None for any other change.
    unused_breaks: bool | None = field(default=None, compare=False)
    # Where the change is when the pointer names the `$ref` that took it in (`User: allOf
    # [{id}, $ref Credentials]` lost `email`: the pointer is the member, `.../User/allOf/1`,
    # which resolves; this is `.../User/allOf/1/properties/email`, which says the property):
    # what the client effects trace. "" where the pointer says it all.
    reached: str = field(default="", compare=False)
    # Whether the pointer is a place whose `$ref` names another schema on the other side (or
    # is one there only), and `reached` the location below it where the contents compared
    # differ (`Party.id` "removed" where `body: $ref Party` became a union holding `Party`):
    # the client effects name that place's field, whose class changed, not the class below it.
    retargeted: bool = field(default=False, compare=False)


def severity(breaking: bool | None) -> str:
    """``None``: undecided, "possibly breaking"."""
    if breaking is None:
        return POSSIBLY_BREAKING
    return BREAKING if breaking else NON_BREAKING


def rank(level: str) -> int:
    """0 for breaking, 1 for possibly breaking, 2 for non-breaking."""
    return SEVERITIES.index(level)
