"""Our own checks: what code generation relies on, cheap enough to run inline.

Dangling internal `$ref`s (with the nearest existing key as a hint) and operations that the
naming rule would give the same generated method.
"""

from __future__ import annotations

import difflib
from typing import Any

from generator.problems import Problem
from generator.spec.document import Document
from generator.spec.operations import iter_operations, name_clashes
from generator.spec.pointer import fragment_pointer, resolve_pointer, unescape_token
from generator.spec.refs import iter_refs


def check_internal_refs(doc: Document) -> list[Problem]:
    problems = []
    for pointer, ref in iter_refs(doc.data):
        target = fragment_pointer(ref)
        if target is None:
            continue
        found, _ = resolve_pointer(doc.data, target)
        if not found:
            message, hint = _describe_missing(doc.data, ref, target)
            problems.append(Problem(str(doc.path), pointer, doc.line_of(pointer), message, hint))
    return problems


def _describe_missing(data: Any, ref: str, target: str) -> tuple[str, str]:
    tokens = target.lstrip("/").split("/") if target else []
    existing = ""
    node = data
    for token in tokens:
        found, child = resolve_pointer(node, "/" + token)
        if not found:
            message = f"$ref {ref!r} points to nothing: {existing or '#'} has no {unescape_token(token)!r}"
            candidates = [str(key) for key in node] if isinstance(node, dict) else []
            close = difflib.get_close_matches(unescape_token(token), candidates, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "define it, or fix the reference"
            return message, hint
        existing, node = f"{existing}/{token}", child
    return f"$ref {ref!r} points to nothing", "fix the reference"


def check_method_name_clashes(doc: Document) -> list[Problem]:
    return name_clashes(iter_operations(doc.data), str(doc.path), doc.line_of)
