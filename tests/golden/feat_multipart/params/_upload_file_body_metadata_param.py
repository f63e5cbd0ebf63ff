from __future__ import annotations

from typing import TypedDict

__all__ = [
    "UploadFileBodyMetadataParam",
]


class UploadFileBodyMetadataParam(TypedDict, total=False):
    """The dict form of `models.UploadFileBodyMetadata`."""

    label: str | None
    owners: list[str] | None
