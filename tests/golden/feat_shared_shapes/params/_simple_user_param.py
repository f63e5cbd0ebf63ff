from __future__ import annotations

from typing import TypedDict

__all__ = [
    "SimpleUserParam",
]


class SimpleUserParam(TypedDict, total=False):
    """The dict form of `models.SimpleUser`."""

    login: str | None
