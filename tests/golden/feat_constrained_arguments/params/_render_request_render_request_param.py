from __future__ import annotations

from typing import Required, TypedDict

__all__ = [
    "RenderRequestRenderRequestParam",
]


class RenderRequestRenderRequestParam(TypedDict, total=False):
    """The dict form of `models.RenderRequestRenderRequest`."""

    url: Required[str]
    html: str | None
    full_page: bool | None
