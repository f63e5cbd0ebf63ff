from __future__ import annotations

from typing import Required, TypedDict

__all__ = [
    "PointParam",
]


class PointParam(TypedDict, total=False):
    """The dict form of `models.Point`."""

    lat: Required[float]
    label: Required[str]
