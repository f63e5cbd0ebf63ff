from __future__ import annotations

from typing import TypedDict

__all__ = [
    "PetParam",
]


class PetParam(TypedDict, total=False):
    """The dict form of `models.Pet`."""

    name: str | None
