from __future__ import annotations

from typing import Required, TypedDict

__all__ = [
    "ProfileRequestParam",
]


class ProfileRequestParam(TypedDict, total=False):
    """The dict form of `models.ProfileRequest`."""

    handle: Required[str]
    pin: Required[str]
