from __future__ import annotations

import typing as _typing
from typing import Required, TypedDict

__all__ = [
    "CatRequestParam",
]


class CatRequestParam(TypedDict, total=False):
    """The dict form of `models.CatRequest`."""

    kind: Required[_typing.Literal["cat"]]
    meows: bool | None
