"""Failure classes for the corpus: the first error line of each failure, grouped by cause."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

# (class, pattern on the normalised reason); the first match wins.
CLASSES: tuple[tuple[str, re.Pattern[str]], ...] = ()


def normalise(reason: str) -> str:
    """The reason without the document's own path prefix (`/path/doc.json:12: `)."""
    return re.sub(r"^\S*\.(?:json|ya?ml)(?::\d+)?:\s*", "", reason.strip())


def short(reason: str, width: int) -> str:
    text = normalise(reason).replace("|", "/")
    return text if len(text) <= width else text[: width - 1] + "…"


def classify(reason: str, stage: str = "generate") -> str:
    text = normalise(reason)
    if text.startswith(("timeout after", "import timeout")):
        return "timeout" if stage == "generate" else "import timeout"
    for name, pattern in CLASSES:
        if pattern.search(text):
            return name if stage != "import" else f"import: {name}"
    prefix = "import: " if stage == "import" else "other: "
    return prefix + re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "…", text)[:80]


def groups(results: Sequence[Any]) -> dict[str, list[Any]]:
    found: dict[str, list[Any]] = defaultdict(list)
    for r in results:
        if r.ours.ok is False or r.ours.imported is False:
            found[classify(r.ours.reason, r.ours.stage)].append(r)
    return dict(sorted(found.items(), key=lambda item: (-len(item[1]), item[0])))


def one_line(results: Sequence[Any]) -> str:
    found = groups(results)
    return "; ".join(f"{name} {len(members)}" for name, members in found.items()) or "none"


def markdown(results: Sequence[Any]) -> list[str]:
    lines = ["| class | documents | examples (document: first error line) |", "|---|---|---|"]
    for name, members in groups(results).items():
        examples = "<br>".join(f"`{r.name}`: {short(r.ours.reason, 160)}" for r in members[:2])
        lines.append(f"| {name.replace('|', '/')} | {len(members)} | {examples} |")
    return lines
