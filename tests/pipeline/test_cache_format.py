"""Formatted files in the cache (generator/output/format.py): a file whose path and text were
formatted before is taken from the cache, neither formatted nor compiled again; the bytes are
those of a run without the cache; what changed is formatted and compiled as ever."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.io.cache import Cache
from generator.output import format as output_format
from generator.problems import GeneratorError

PACKAGE = {
    "__init__.py": "import sys, os\nx=[1,\n2]\n",
    "sub/m.py": "def f( a ):\n  return a\n",
    "README.md": "# not python\n",
    "_runtime.py": "y    =   2\n",
}


@pytest.fixture
def formatting(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, list[str]]]:
    """The files each ruff pass was given, by package."""
    calls: list[dict[str, list[str]]] = []
    real = output_format._formatted

    def spy(packages: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        calls.append({package: sorted(files) for package, files in packages.items()})
        return real(packages)

    monkeypatch.setattr(output_format, "_formatted", spy)
    return calls


def _format(files: dict[str, str], cache: Cache | None) -> dict[str, str]:
    return output_format.format_packages({"pkg": files}, verbatim={"_runtime.py"},
                                         cache=cache)["pkg"]


def test_a_warm_run_formats_nothing_and_gives_the_same_bytes(
        tmp_path: Path, formatting: list[Any]) -> None:
    plain = _format(PACKAGE, None)
    cache = Cache(tmp_path / "cache")
    assert _format(PACKAGE, cache) == plain
    assert _format(PACKAGE, cache) == plain
    assert len(formatting) == 2  # without the cache, then cold: the warm run ran no ruff
    assert plain["_runtime.py"] == PACKAGE["_runtime.py"] and plain["sub/m.py"] != PACKAGE["sub/m.py"]


def test_only_what_changed_is_formatted(tmp_path: Path, formatting: list[Any]) -> None:
    cache = Cache(tmp_path / "cache")
    _format(PACKAGE, cache)
    edited = {**PACKAGE, "sub/m.py": "def f( b ):\n  return b\n"}
    assert _format(edited, cache) == _format(edited, None)
    assert formatting[1] == {"pkg": ["sub/m.py"]}


def test_a_file_moved_is_formatted_again(tmp_path: Path, formatting: list[Any]) -> None:
    cache = Cache(tmp_path / "cache")
    _format(PACKAGE, cache)
    moved = {**PACKAGE, "sub/n.py": PACKAGE["sub/m.py"]}
    _format(moved, cache)
    assert formatting[1] == {"pkg": ["sub/n.py"]}


def test_what_does_not_compile_is_refused_with_a_warm_cache(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "cache")
    _format(PACKAGE, cache)
    with pytest.raises(GeneratorError, match="does not compile"):
        _format({**PACKAGE, "bad.py": "def f(x, x):\n    return x\n"}, cache)


@pytest.mark.parametrize("damage", [lambda entry: entry[: len(entry) // 2],
                                    lambda entry: entry.replace(b"return", b"retvrn")],
                         ids=["truncated", "edited"])
def test_a_damaged_entry_is_ignored(damage: Any, tmp_path: Path,
                                    formatting: list[Any]) -> None:
    cache = Cache(tmp_path / "cache")
    cold = _format(PACKAGE, cache)
    for entry in (tmp_path / "cache" / output_format.NAMESPACE).iterdir():
        entry.write_bytes(damage(entry.read_bytes()))
    assert _format(PACKAGE, cache) == cold
    assert len(formatting) == 2


def test_a_well_formed_entry_of_another_shape_is_not_used(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "cache")
    cold = _format(PACKAGE, cache)
    for entry in (tmp_path / "cache" / output_format.NAMESPACE).iterdir():
        cache.put_texts(output_format.NAMESPACE, entry.name, {"format": 1}, {"a.py": "x"})
    assert _format(PACKAGE, cache) == cold
