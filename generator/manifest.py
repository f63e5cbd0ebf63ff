"""`specs/providers.yaml` -> typed provider entries."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.problems import GeneratorError, Problem

HTTP_LIBRARIES = ("httpx", "httpx2")


@dataclass(frozen=True)
class Provider:
    """One manifest entry: where the spec lives and how its package is named and configured."""

    name: str
    spec: Path
    overlay: Path | None
    package: str
    api_key_env: str
    base_url: str | None
    base_url_env: str
    http_library: str = "httpx"
    strict: bool = False  # refuse any problem in the spec instead of repairing or skipping


@dataclass(frozen=True)
class Manifest:
    path: Path
    providers: tuple[Provider, ...]

    def get(self, name: str) -> Provider:
        for provider in self.providers:
            if provider.name == name:
                return provider
        known = ", ".join(p.name for p in self.providers)
        raise GeneratorError(
            [Problem(str(self.path), f"/providers/{name}", None, f"unknown provider {name!r}",
                     f"known providers: {known}")]
        )


def _problem(path: Path, pointer: str, message: str, hint: str = "") -> Problem:
    return Problem(str(path), pointer, None, message, hint)


def _provider(path: Path, name: str, entry: Any) -> Provider:
    pointer = f"/providers/{name}"
    if not isinstance(entry, dict):
        raise GeneratorError([_problem(path, pointer, "a provider entry must be a mapping")])
    missing = [key for key in ("spec", "package", "api_key_env") if not entry.get(key)]
    if missing:
        raise GeneratorError(
            [_problem(path, pointer, f"missing required key(s): {', '.join(missing)}")]
        )
    library = entry.get("http_library", "httpx")
    if library not in HTTP_LIBRARIES:
        raise GeneratorError(
            [_problem(path, f"{pointer}/http_library", f"unsupported HTTP library {library!r}",
                      f"use one of: {', '.join(HTTP_LIBRARIES)}")]
        )
    package = str(entry["package"])
    if not package.isidentifier():
        raise GeneratorError(
            [_problem(path, f"{pointer}/package", f"{package!r} is not a Python package name")]
        )
    strict = entry.get("strict", False)
    if not isinstance(strict, bool):
        raise GeneratorError(
            [_problem(path, f"{pointer}/strict", f"`strict` must be true or false, not {strict!r}")]
        )
    root = path.parent
    overlay = entry.get("overlay")
    return Provider(
        name=name,
        spec=root / str(entry["spec"]),
        overlay=root / str(overlay) if overlay else None,
        package=package,
        api_key_env=str(entry["api_key_env"]),
        base_url=str(entry["base_url"]) if entry.get("base_url") else None,
        base_url_env=str(entry.get("base_url_env") or f"{package.upper()}_BASE_URL"),
        http_library=str(library),
        strict=strict,
    )


def load_manifest(path: Path) -> Manifest:
    """Read the manifest; every problem names the file and the entry."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise GeneratorError([_problem(path, "", f"cannot read manifest: {exc.strerror}")]) from exc
    except yaml.YAMLError as exc:
        raise GeneratorError([_problem(path, "", f"manifest is not valid YAML: {exc}")]) from exc
    providers = data.get("providers") if isinstance(data, dict) else None
    if not isinstance(providers, dict) or not providers:
        raise GeneratorError([_problem(path, "/providers", "the manifest lists no providers")])
    return Manifest(path, tuple(_provider(path, str(n), e) for n, e in sorted(providers.items())))
