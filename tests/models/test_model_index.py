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


KINDS = """\
from __future__ import annotations

from datetime import date as date_aliased
from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, Field, RootModel
from typing_extensions import TypeAliasType

Json = TypeAliasType("Json", "dict[str, Json] | list[Json] | str | None")


class Color(StrEnum):
    red = "red"
    green = "green"


class Tags(RootModel[list[str]]):
    root: list[str]


class Item(BaseModel):
    model_config = {"extra": "allow"}
    class_: Annotated[str, Field(alias="class")]
    color: Color | None = None
    tags: Tags
    when: date_aliased | None = None
    extra: Any = None
    data: Json | None = None
"""


def test_the_index_reads_enums_roots_aliases_imports_and_type_aliases() -> None:
    models = index_models(KINDS)
    assert models.source == KINDS
    assert models.enums == {"Color": ("red", "green")}
    assert models.root_classes == {"Tags"}
    assert list(models.classes["Item"]) == ["class", "color", "tags", "when", "extra", "data"]
    assert models.classes["Item"]["class"].optional is False
    assert models.classes["Item"]["color"].optional is True
    assert models.imports["date_aliased"] == ("datetime", "date")
    assert "annotations" not in models.imports  # `from __future__` is no name annotations use
    assert models.type_aliases == {"Json"}
    assert models.module_names == {"Color", "Tags", "Item", "Json"}
    assert ("datetime", "_datetime") in models.annotation_modules
    assert ("typing", "_typing") in models.annotation_modules


def test_annotations_are_qualified_and_enums_take_their_values() -> None:
    models = index_models(KINDS)
    assert models.annotation("Item", "class", drop_none=False) == "str"
    assert (models.annotation("Item", "color", drop_none=True)
            == "_models.Color | _typing.Literal['red', 'green']")
    assert models.annotation("Item", "when", drop_none=False) == "_datetime.date | None"
    assert models.annotation("Item", "extra", drop_none=True) == "_typing.Any"
    assert models.annotation("Item", "data", drop_none=True) == "_models.Json"
    assert models.annotation("Item", "missing", drop_none=True) == "object"


def test_a_root_model_stands_for_the_type_it_wraps() -> None:
    models = index_models(KINDS)
    assert models.class_annotation("Tags") == "list[str]"
    assert models.class_annotation("Item") == "_models.Item"
    assert models.is_root("Tags") and not models.is_root("Item")
    assert models.is_object_class("Item")
    assert not models.is_object_class("Tags") and not models.is_object_class("Color")


SIGNED_ENUMS = """\
from __future__ import annotations

from enum import Enum


class Level(Enum):
    integer_5 = 5
    integer__5 = -5
    integer_10000000000000000000 = 10000000000000000000
    low = "low"
"""


def test_an_enums_negative_values_are_kept_and_ints_past_64_bits_left_out() -> None:
    """dcg writes `-5` as a unary minus, which the index passed over: the argument's
    `Literal[5, 10000000000000000000]` lacked -5, and held an int mypy takes in no Literal
    ("Literal[...] cannot contain arbitrary expressions"), so the package failed mypy."""
    assert index_models(SIGNED_ENUMS).enums == {"Level": (5, -5, "low")}
