"""What every part of one build reads: the working copy of the document and its classes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.document.refs import Refs
from generator.ir.classes import ModelClasses
from generator.ir.model import BuildOptions


@dataclass(frozen=True)
class Context:
    """One build's working copy (`data`, changed in place as classes are hoisted), its refs,
    its options and the models.py classes chosen so far."""

    data: dict[str, Any]
    options: BuildOptions
    refs: Refs
    classes: ModelClasses
