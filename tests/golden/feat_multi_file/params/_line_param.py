from __future__ import annotations

from typing import Required, TypedDict

__all__ = [
    "LineParam",
]


class LineParam(TypedDict, total=False):
    """The dict form of `models.Line`."""

    sku: Required[str]
    quantity: Required[int]
