"""Notes on schemas the working copy's walk found (by object), at their pointers in the
document: the pointers are found once the walk is done, and only for the few noted."""

from __future__ import annotations

from typing import Any

from generator.document.keywords import DATA_KEYWORDS
from generator.document.pointer import join_tokens
from generator.names.namespace import Rename
from generator.problems import NOTE

Noted = tuple[list[Any], str, str]  # the nodes, and the note's problem and action for them


def notes_of(data: dict[str, Any], kinds: list[Noted], original_names: dict[str, str]
             ) -> tuple[Rename, ...]:
    """A note for each node of each kind (its nodes: nodes of `data`, the working copy), at its
    pointer in the document (`original_names`: a component schema's class name -> its name
    there), in order of kind, then of pointer. One walk for every kind (a walk of GitHub's
    document takes a tenth of a second); only schemas are looked in (not examples or
    defaults); the walk holds its own stack."""
    wanted = {id(node) for nodes, _, _ in kinds for node in nodes}
    if not wanted:
        return ()
    found: dict[int, tuple[str, ...]] = {}
    seen: set[int] = set()  # a subtree shared by two places is walked (and named) once
    pending: list[tuple[Any, tuple[str, ...]]] = [(data, ())]
    while pending and wanted:
        node, tokens = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if id(node) in wanted:
            wanted.discard(id(node))
            found[id(node)] = tokens
        if isinstance(node, dict):
            pending.extend((child, (*tokens, str(key))) for key, child in node.items()
                           if key not in DATA_KEYWORDS and isinstance(child, dict | list))
        elif isinstance(node, list):
            pending.extend((child, (*tokens, str(index))) for index, child in enumerate(node)
                           if isinstance(child, dict | list))
    notes = []
    for nodes, problem, action in kinds:
        for tokens in sorted(found[id(node)] for node in nodes if id(node) in found):
            if tokens[:2] == ("components", "schemas") and len(tokens) > 2:
                tokens = (*tokens[:2], original_names.get(tokens[2], tokens[2]), *tokens[3:])
            notes.append(Rename(join_tokens("", *tokens), problem, action, kind=NOTE))
    return tuple(notes)
