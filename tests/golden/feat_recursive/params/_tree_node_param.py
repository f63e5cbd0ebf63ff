from __future__ import annotations

import collections.abc as _abc
from typing import Required, TypedDict

from .. import models as _models

__all__ = [
    "TreeNodeParam",
]


class TreeNodeParam(TypedDict, total=False):
    """The dict form of `models.TreeNode`."""

    name: Required[str]
    children: _abc.Sequence[_models.TreeNode | TreeNodeParam] | None
    parent: _models.TreeNode | TreeNodeParam | None
