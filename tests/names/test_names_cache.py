"""What a rendered module binds twice, in the cache (generator/names/namespace.py): a module
whose text was read before is not parsed again; the verdict is the one read from the text; a
damaged entry is ignored and computed again; without a cache everything is parsed."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline, render
from generator.io.cache import Cache
from generator.names import namespace
from tests.support import FEATURE_SPECS

MODULES = {
    "clean.py": "import os\nclass C:\n    def __init__(self):\n        self.a = 1\n    def f(self): ...\n",
    "twice.py": "X = 1\nclass C:\n    def f(self): ...\n    def f(self): ...\nX = 2\n",
    "init.py": "class D:\n    def __init__(self):\n        self.a = 1\n        self.a = 2\n",
    "broken.py": "def (:\n",
}
EXPECTED = ["twice.py: X", "twice.py: C.f", "init.py: D.self.a"]


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts `read_modules` parsed."""
    seen: list[str] = []
    real = ast.parse

    def spy(text: str, *args: Any, **kwargs: Any) -> ast.Module:
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(namespace.ast, "parse", spy)
    return seen


def _twice(cache: Cache | None) -> list[str]:
    readings = namespace.read_modules(MODULES, ["clean.py", "twice.py", "init.py", "broken.py"],
                                      cache)
    return namespace.bound_twice_in(readings)


def test_a_warm_check_parses_nothing_and_says_the_same(tmp_path: Path, parses: list[str]) -> None:
    cache = Cache(tmp_path / "cache")
    assert _twice(None) == EXPECTED
    assert _twice(cache) == EXPECTED  # cold
    parsed_cold = len(parses)
    assert _twice(cache) == EXPECTED  # warm
    assert parses[parsed_cold:] == [MODULES["broken.py"]]  # what does not parse is not kept


def test_a_damaged_entry_is_ignored(tmp_path: Path, parses: list[str]) -> None:
    cache = Cache(tmp_path / "cache")
    _twice(cache)
    entries = sorted((tmp_path / "cache" / namespace.NAMESPACE).iterdir())
    assert len(entries) == 3
    for index, entry in enumerate(entries):  # truncated, payload altered, foreign
        raw = entry.read_bytes()
        entry.write_bytes([raw[:-3], raw.replace(b"[", b"[\"X\",", 1), b"not an entry"][index])
    del parses[:]
    assert _twice(cache) == EXPECTED
    assert len(parses) == 4  # every damaged entry computed again


def test_rendering_with_the_cache_gives_the_same_files(tmp_path: Path, parses: list[str]) -> None:
    target = pipeline.target_for_spec(FEATURE_SPECS / "names.yaml", "names_pkg")
    document = pipeline.load_checked(target)
    api = pipeline.ir.build(document.data, target.options, tolerate=False)
    models = pipeline.models.models_source(api.models_input, api.required_classes, "names.yaml")
    cache = Cache(tmp_path / "cache")
    plain = render.render(api, models)
    assert render.render(api, models, cache=cache) == plain  # cold
    del parses[:]
    assert render.render(api, models, cache=cache) == plain  # warm
    assert not set(parses) & set(plain.values())  # no module checked again
