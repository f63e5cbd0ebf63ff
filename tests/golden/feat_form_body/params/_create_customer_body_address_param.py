from __future__ import annotations

from typing import TypedDict

__all__ = [
    "CreateCustomerBodyAddressParam",
]


class CreateCustomerBodyAddressParam(TypedDict, total=False):
    """The dict form of `models.CreateCustomerBodyAddress`."""

    city: str | None
    lines: list[str] | None
