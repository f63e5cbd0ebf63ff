from __future__ import annotations

import typing as _typing
from typing import Required, TypedDict

from .. import models as _models

__all__ = [
    "FooterParam",
]


class FooterParam(TypedDict, total=False):
    """The dict form of `models.Footer`."""

    title: Required[str]
    localizedTitle: (
        dict[_models.TranslationLanguage | _typing.Literal["en", "fr", "pt-br"], str] | None
    )
