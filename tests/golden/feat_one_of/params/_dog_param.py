from __future__ import annotations

import typing as _typing
from typing import Required, TypedDict

__all__ = [
    "DogParam",
]


class DogParam(TypedDict, total=False):
    """The dict form of `models.Dog`."""

    pet_type: Required[_typing.Literal["dog"]]
    barks: Required[int]
