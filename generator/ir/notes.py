"""Notes on schemas the working copy's walk found (by object), at their pointers in the
document: the pointers are found once the walk is done, and only for the few noted."""

from __future__ import annotations

from typing import Any

from generator.document.keywords import DATA_KEYWORDS
from generator.document.pointer import join_tokens
from generator.names.namespace import Rename
from generator.problems import NOTE


def notes_at(data: dict[str, Any], nodes: list[Any], original_names: dict[str, str],
             problem: str, action: str) -> tuple[Rename, ...]:
    """A note (`problem`, `action`) for each of `nodes` (nodes of `data`, the working copy), at
    its pointer in the document (`original_names`: a component schema's class name -> its name
    there). Only schemas are looked in (not examples or defaults); the walk holds its own
    stack."""
    if not nodes:
        return ()
    wanted = {id(node) for node in nodes}
    found: list[tuple[str, ...]] = []
    seen: set[int] = set()  # a subtree shared by two places is walked (and named) once
    pending: list[tuple[Any, tuple[str, ...]]] = [(data, ())]
    while pending and wanted:
        node, tokens = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if id(node) in wanted:
            wanted.discard(id(node))
            found.append(tokens)
        if isinstance(node, dict):
            pending.extend((child, (*tokens, str(key))) for key, child in node.items()
                           if key not in DATA_KEYWORDS and isinstance(child, dict | list))
        elif isinstance(node, list):
            pending.extend((child, (*tokens, str(index))) for index, child in enumerate(node)
                           if isinstance(child, dict | list))
    notes = []
    for tokens in sorted(found):
        if tokens[:2] == ("components", "schemas") and len(tokens) > 2:
            tokens = (*tokens[:2], original_names.get(tokens[2], tokens[2]), *tokens[3:])
        notes.append(Rename(join_tokens("", *tokens), problem, action, kind=NOTE))
    return tuple(notes)
