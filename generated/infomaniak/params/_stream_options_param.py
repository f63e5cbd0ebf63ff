from __future__ import annotations

from typing import TypedDict

__all__ = [
    "StreamOptionsParam",
]


class StreamOptionsParam(TypedDict, total=False):
    """The dict form of `models.StreamOptions`."""

    include_obfuscation: bool | None
    include_usage: bool | None
