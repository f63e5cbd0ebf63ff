from __future__ import annotations

from typing import TypedDict

__all__ = [
    "IssueClosedLabelParam",
]


class IssueClosedLabelParam(TypedDict, total=False):
    """The dict form of `models.IssueClosedLabel`."""

    name: str | None
