from __future__ import annotations

from typing import TypedDict

__all__ = [
    "ListItemsParamsFilterParam",
]


ListItemsParamsFilterParam = TypedDict(
    "ListItemsParamsFilterParam",
    {
        "state": "str | None",
        "min": "int | None",
    },
    total=False,
)
"""The dict form of `models.ListItemsParamsFilter`."""
