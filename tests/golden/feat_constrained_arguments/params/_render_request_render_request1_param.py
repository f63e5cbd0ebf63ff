from __future__ import annotations

from typing import Required, TypedDict

__all__ = [
    "RenderRequestRenderRequest1Param",
]


class RenderRequestRenderRequest1Param(TypedDict, total=False):
    """The dict form of `models.RenderRequestRenderRequest1`."""

    url: str | None
    html: Required[str]
    full_page: bool | None
