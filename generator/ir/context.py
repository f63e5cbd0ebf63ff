"""What every part of one build reads: the working copy of the document and its classes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.document.refs import Refs
from generator.ir.classes import ModelClasses
from generator.ir.model import BuildOptions
from generator.names.namespace import Rename


@dataclass(frozen=True)
class Context:
    """One build's working copy (`data`, changed in place as classes are hoisted), its refs,
    its options, the models.py classes chosen so far and the client's default base URL."""

    data: dict[str, Any]
    options: BuildOptions
    refs: Refs
    classes: ModelClasses
    base_url: str | None  # `servers.server_url`: the document's first server, else the option
    loose_tuples: tuple[Any, ...] = ()  # its `prefixItems` schemas typed as lists (ir/tuples)
    original_names: dict[str, str] = field(default_factory=dict)  # class -> component name
    # what its walk read its own way, named (a union's `nullable: true` branch read as null)
    schema_notes: tuple[Rename, ...] = ()
    # the request bodies (`$ref`s) of operations that answer `text/event-stream`
    # (ir/responses.quiet_switch)
    streamed_bodies: frozenset[str] = frozenset()
