"""An `enum` holding `true` and `1` (or `false` and `0`) is named where it is written.

They are distinct JSON values, but Python's `Enum` makes a member whose value equals an
earlier one's an alias of it (`True == 1`): the model reads an answer's `true` as the member
of `1` and cannot send `true`. The generator's reading is said; other enums say nothing.
"""

from __future__ import annotations

from enum import Enum

from generator import ir
from generator.ir.schemas import MERGED_ENUM_PROBLEM, merged_enum_members
from generator.problems import NOTE

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")


def _document(schemas: dict[str, object]) -> dict[str, object]:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
            "components": {"schemas": schemas}}


def test_a_boolean_beside_its_equal_number_is_named_where_written() -> None:
    api = ir.build(_document({
        "Flag": {"enum": [1, True, 0, False]},
        "Thing": {"type": "object", "properties": {"level": {"enum": [0.0, False, "x"]},
                                                    "plain": {"enum": [2, True, "1"]}}},
        "Words": {"type": "string", "enum": ["true", "1"]},
    }), OPTIONS)
    noted = sorted(rename.pointer for rename in api.renames
                   if rename.kind == NOTE and rename.problem == MERGED_ENUM_PROBLEM)
    assert noted == ["/components/schemas/Flag", "/components/schemas/Thing/properties/level"]


def test_the_rule_is_pythons_own() -> None:
    """What the check calls merged is what an Enum merges, no more."""
    for values in ([1, True], [0, False], [1.0, True], [2, True], ["1", True], [1, 2], [True,
                                                                                      False]):
        members = {f"m{index}": value for index, value in enumerate(values)}
        merged = len(Enum("E", members)) < len(values)  # type: ignore[misc]
        assert merged_enum_members({"enum": values}) is merged, values
