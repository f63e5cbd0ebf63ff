from __future__ import annotations

from typing import Required, TypedDict

__all__ = [
    "LimitParam",
]


LimitParam = TypedDict(
    "LimitParam",
    {
        "max": "Required[int]",
    },
    total=False,
)
"""The dict form of `models.Limit`."""
