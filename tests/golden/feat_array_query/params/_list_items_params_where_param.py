from __future__ import annotations

from typing import TypedDict

__all__ = [
    "ListItemsParamsWhereParam",
]


class ListItemsParamsWhereParam(TypedDict, total=False):
    """The dict form of `models.ListItemsParamsWhere`."""

    price: float | None
