from __future__ import annotations

import typing as _typing
from typing import Required, TypedDict

__all__ = [
    "CatParam",
]


class CatParam(TypedDict, total=False):
    """The dict form of `models.Cat`."""

    pet_type: Required[_typing.Literal["cat"]]
    meows: Required[bool]
