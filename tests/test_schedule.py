"""tests/support/schedule.py: the order `make test` hands test files to its xdist workers."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from tests.support import ROOT
from tests.support.schedule import SLOWEST_FIRST, slowest_files_first


def test_every_file_named_slowest_first_exists() -> None:
    """A renamed or removed file would silently lose its early place: name it again."""
    assert [path for path in SLOWEST_FIRST if not (ROOT / path).is_file()] == []
    assert len(set(SLOWEST_FIRST)) == len(SLOWEST_FIRST)


def test_listed_files_come_first_and_every_other_order_is_kept() -> None:
    ids = [
        "tests/a/test_x.py::one",
        SLOWEST_FIRST[1] + "::b",
        "tests/a/test_x.py::two",
        SLOWEST_FIRST[0] + "::a[2]",
        "tests/b/test_y.py::three",
        SLOWEST_FIRST[0] + "::a[1]",
    ]
    items = cast(list[Any], [SimpleNamespace(nodeid=nodeid) for nodeid in ids])
    slowest_files_first(items)
    assert [item.nodeid for item in items] == [
        SLOWEST_FIRST[0] + "::a[2]",
        SLOWEST_FIRST[0] + "::a[1]",
        SLOWEST_FIRST[1] + "::b",
        "tests/a/test_x.py::one",
        "tests/a/test_x.py::two",
        "tests/b/test_y.py::three",
    ]
