from __future__ import annotations

from typing import TypedDict

__all__ = [
    "PointParam",
]


class PointParam(TypedDict, total=False):
    """The dict form of `models.Point`."""

    x: int | None
    y: int | None
