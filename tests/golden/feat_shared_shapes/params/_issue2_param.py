from __future__ import annotations

from typing import Required, TypedDict

from .. import models as _models
from ._simple_user_param import SimpleUserParam

__all__ = [
    "Issue2Param",
]


Issue2Param = TypedDict(
    "Issue2Param",
    {
        "id": "Required[int]",
        "user": "_models.SimpleUser | SimpleUserParam | None",
    },
    total=False,
)
"""The dict form of `models.Issue2`."""
