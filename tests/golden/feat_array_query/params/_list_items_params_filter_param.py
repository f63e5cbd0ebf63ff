from __future__ import annotations

from typing import TypedDict

from .. import models as _models

__all__ = [
    "ListItemsParamsFilterCreatedParam",
    "ListItemsParamsFilterParam",
]


class ListItemsParamsFilterCreatedParam(TypedDict, total=False):
    """The dict form of `models.ListItemsParamsFilterCreated`."""

    gte: int | None


ListItemsParamsFilterParam = TypedDict(
    "ListItemsParamsFilterParam",
    {
        "state": "str | None",
        "min": "int | None",
        "created": "_models.ListItemsParamsFilterCreated | ListItemsParamsFilterCreatedParam | None",
    },
    total=False,
)
"""The dict form of `models.ListItemsParamsFilter`."""
