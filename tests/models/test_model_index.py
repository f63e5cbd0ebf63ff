"""The index of models.py that api.md, the request types and the docstrings read: which
definition of a field a class has, and in which order its fields come, must be what pydantic
(and Python) make of the module, multiple inheritance included."""

from __future__ import annotations

from pathlib import Path

from generator.models import index_models
from tests.support import import_from

DIAMONDS = """\
from __future__ import annotations

from pydantic import BaseModel


class Root(BaseModel):
    shared: bytes | None = None
    kind: bytes | None = None


class Left(Root):
    only_left: int | None = None
    kind: int | None = None


class Right(Root):
    only_right: int | None = None
    shared: str | None = None
    kind: str | None = None


class Both(Left, Right):
    own: int | None = None


class Far(BaseModel):
    shared: float | None = None


class Deep(Left, Far):
    pass
"""


def test_fields_and_their_types_follow_pydantics_order_and_pythons_lookup(tmp_path: Path) -> None:
    """`Both(Left, Right)`: pydantic lists Root's fields, then Right's, then Left's, then its
    own (the method resolution order from its far end); an inherited field is copied from the
    first base that has it: `kind` is Left's (`int`), and so is `shared` (Root's `bytes`, which
    Left inherits), not Right's `str`. `Deep(Left, Far)`: `shared` is Root's too, not Far's.
    Collecting base after base (the last one winning), or breadth first, got these wrong."""
    (tmp_path / "diamonds.py").write_text(DIAMONDS, encoding="utf-8")
    module = import_from(tmp_path, "diamonds")
    models = index_models(DIAMONDS)
    for name in ("Both", "Deep", "Left"):
        expected = module.__dict__[name].model_fields
        indexed = models.all_fields(name)
        assert list(indexed) == list(expected), name
        for wire, field in indexed.items():
            shown = models.annotation(name, wire, drop_none=True)
            assert shown == expected[wire].annotation.__args__[0].__name__, (name, wire)
            assert models.field(name, wire) is field
    assert models.mro("Both") == tuple(cls.__name__ for cls in module.Both.__mro__[:5])
