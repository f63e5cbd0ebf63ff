from __future__ import annotations

from typing import TypedDict

from .. import models as _models

__all__ = [
    "VisitorParam",
]


class VisitorParam(TypedDict, total=False):
    """The dict form of `models.Visitor`."""

    claims: (
        _models.PlainObject
        | dict[str, _models.PlainObject | str | list[str | _models.PlainObject]]
        | None
    )
