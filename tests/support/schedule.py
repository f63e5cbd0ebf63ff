"""The order in which pytest-xdist hands test files to its workers (`make test`: `-n auto
--dist loadfile --no-loadscope-reorder`).

Each file goes to one worker whole (its module fixtures are built once); a worker takes the next
file when it is done. xdist's own order (most tests first) left the files holding the slowest
single tests (few tests each: a 5000-schema generation, a wheel install) to the end, where one
worker ran them while the other sat idle. So the files below, the slowest ones measured with
`--durations` and `--junitxml` (2026-12-02, 2 cores), are handed out first, slowest first; every
other file follows in collection order. Only the order changes: which tests run, and how, does
not. A file missing here (new or renamed) just runs after these.
"""

from __future__ import annotations

import pytest

SLOWEST_FIRST = (
    "tests/ir/test_large.py",
    "tests/install/test_wheel.py",
    "tests/tolerate/test_tolerant_generation.py",
    "tests/tolerate/test_slips_generate.py",
    "tests/render/test_package_docs.py",
    "tests/render/test_injection.py",
    "tests/render/test_readme_examples_run.py",
    "tests/hostile_b/test_fan_out.py",
    "tests/io/test_atomic.py",
    "tests/install/test_clone.py",
    "tests/drift/test_reuse.py",
    "tests/corpus/test_corpus_openai.py",
)


def _rank(item: pytest.Item) -> int:
    path = item.nodeid.split("::", 1)[0]
    return SLOWEST_FIRST.index(path) if path in SLOWEST_FIRST else len(SLOWEST_FIRST)


def slowest_files_first(items: list[pytest.Item]) -> None:
    """Reorder `items` in place: the files of SLOWEST_FIRST first, in that order; the order of
    the tests inside a file, and of the other files, is kept (the sort is stable)."""
    items.sort(key=_rank)
