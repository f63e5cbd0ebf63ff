from __future__ import annotations

import typing as _typing
from typing import Required, TypedDict

__all__ = [
    "DogRequestParam",
]


class DogRequestParam(TypedDict, total=False):
    """The dict form of `models.DogRequest`."""

    kind: Required[_typing.Literal["dog"]]
