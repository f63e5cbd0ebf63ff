from __future__ import annotations

from typing import TypedDict

__all__ = [
    "IssueClosedCommentParam",
]


class IssueClosedCommentParam(TypedDict, total=False):
    """The dict form of `models.IssueClosedComment`."""

    body: str | None
