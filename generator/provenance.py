"""PROVENANCE.json: what a package was made from, and the sha256 of every file in it.

The record lets `check` answer two questions without regenerating: did any input change
(spec, overlay, templates, generator code, pinned tools), and was any generated file edited
by hand since it was written. Nothing in it depends on the package's name or location, so a
copy vendored elsewhere under another name carries a record that still applies.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from . import __version__

FILENAME = "PROVENANCE.json"
PINNED_TOOLS = ("datamodel-code-generator", "jinja2", "pydantic", "ruff")
GENERATOR_DIR = Path(__file__).resolve().parent
TEMPLATES_DIR = GENERATOR_DIR.parent / "templates"


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _tree_hash(folder: Path, pattern: str) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob(pattern)):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(folder).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def tool_versions() -> dict[str, str]:
    return {name: metadata.version(name) for name in PINNED_TOOLS}


def toolkit_fingerprint() -> dict[str, str]:
    """Everything on our side that shapes the bytes: generator code, templates, tool versions."""
    return {
        "generator_version": __version__,
        "generator_sha256": _tree_hash(GENERATOR_DIR, "*.py"),
        "templates_sha256": _tree_hash(TEMPLATES_DIR, "*"),
        **{f"tool:{name}": version for name, version in tool_versions().items()},
    }


def input_fingerprint(spec: Path, overlay: Path | None) -> dict[str, str]:
    inputs = {"spec_sha256": hashlib.sha256(spec.read_bytes()).hexdigest()}
    if overlay is not None:
        inputs["overlay_sha256"] = hashlib.sha256(overlay.read_bytes()).hexdigest()
    return inputs


def record(files: dict[str, str], inputs: dict[str, str], toolkit: dict[str, str]) -> str:
    """The PROVENANCE.json text for a package made of `files`."""
    data = {
        "inputs": dict(sorted(inputs.items())),
        "toolkit": dict(sorted(toolkit.items())),
        "files": {path: sha256_text(text) for path, text in sorted(files.items()) if path != FILENAME},
    }
    return json.dumps(data, indent=2) + "\n"


@dataclass(frozen=True)
class Recorded:
    inputs: dict[str, str]
    toolkit: dict[str, str]
    files: dict[str, str]


def read(folder: Path) -> Recorded | None:
    """The record in `folder`, or None when it is missing or unreadable."""
    try:
        data: Any = json.loads((folder / FILENAME).read_text(encoding="utf-8"))
        return Recorded(dict(data["inputs"]), dict(data["toolkit"]), dict(data["files"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def changed_keys(recorded: dict[str, str], current: dict[str, str]) -> list[str]:
    return sorted(key for key in set(recorded) | set(current) if recorded.get(key) != current.get(key))


def hand_edited(folder: Path, recorded: Recorded) -> list[str]:
    """Files whose bytes differ from what the record says was written (or that appeared/vanished)."""
    edited = []
    on_disk = {
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.name != FILENAME
    }
    for relative in sorted(on_disk | set(recorded.files)):
        path = folder / relative
        if relative not in recorded.files or not path.is_file():
            edited.append(relative)
        elif hashlib.sha256(path.read_bytes()).hexdigest() != recorded.files[relative]:
            edited.append(relative)
    return edited
