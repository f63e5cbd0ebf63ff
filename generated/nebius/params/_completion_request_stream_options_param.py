from __future__ import annotations

from typing import TypedDict

__all__ = [
    "CompletionRequestStreamOptionsParam",
]


class CompletionRequestStreamOptionsParam(TypedDict, total=False):
    """The dict form of `models.CompletionRequestStreamOptions`."""

    include_usage: bool | None
