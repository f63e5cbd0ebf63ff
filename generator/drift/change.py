"""A change between two documents and its two severities: what `differ` finds, `report` shows.

Kept apart from the differ so that the report formats (on `check`'s import-light path) need not
import the schema walker and the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

BREAKING = "breaking"
NON_BREAKING = "non-breaking"


@dataclass(frozen=True, order=True)
class Change:
    pointer: str
    kind: str
    severity: str
    message: str


def severity(breaking: bool) -> str:
    return BREAKING if breaking else NON_BREAKING
