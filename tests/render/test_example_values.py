"""The README's example values meet the schema's constraints (generator/render/example_values.py).

A value pydantic refuses makes the README's first example raise `RequestValidationError` before
anything is sent (the real-world corpus: `maxLength: 2` country codes, `minItems: 1` message
lists, Twilio's 34-character SIDs, patterns). Each value built here is checked by pydantic
itself, with the constraints datamodel-code-generator writes.
"""

from __future__ import annotations

import ast
import re
from typing import Annotated, Any

import pydantic
import pytest

from generator.render.example_values import (
    NONE,
    Constraints,
    constraints_of,
    number_value,
    text_value,
)


def accepted(annotation: Any, value: object) -> bool:
    try:
        pydantic.TypeAdapter(annotation).validate_python(value)
    except pydantic.ValidationError:
        return False
    return True


@pytest.mark.parametrize("pattern", [
    r"^[A-Z]{2}$", r"^\d{4}-\d{2}-\d{2}$", r"^(foo|bar)+$", r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$",
    r"AppleCloudExtension/([0-9]+\.[0-9]+\.[0-9]+) *.*", r"^[0-9a-fA-F]{12}$",
    r"(lexicalCategory|grammaticalFeatures)=.+", r"^[a-z0-9-]{3,}$", r"date-time", r"^\w+\s\W$",
    r"^(?:v\d+)?$", r"^[^a1]$",
])
def test_a_pattern_gets_a_string_pydantic_accepts(pattern: str) -> None:
    text = text_value(Constraints(pattern=pattern))
    assert text is not None
    assert accepted(Annotated[str, pydantic.Field(pattern=pattern)], text), text


@pytest.mark.parametrize(("pattern", "shortest"), [
    (r"^(?>ab|c)d$", "abd"), (r"^x*+y$", "y"), (r"^[0-9]{2}+-(?>[a-z]{3})$", "00-aaa"),
])
def test_atomic_groups_and_possessive_repeats_are_read_like_their_plain_forms(
        pattern: str, shortest: str) -> None:
    """Python 3.11's `(?>...)` and `*+`: pydantic's own regex engine cannot compile them (such a
    pattern is repaired away before models are made), so the value is checked by `re` alone."""
    text = text_value(Constraints(pattern=pattern))
    assert text == shortest
    assert re.search(pattern, text)


@pytest.mark.parametrize("pattern", [r"(?=x)a", r"(a)\1", r"a{100}", r"(unclosed"])
def test_a_pattern_it_cannot_build_a_match_for_gets_no_value(pattern: str) -> None:
    # a look-ahead, a back reference, a repeat too long to show, one `re` cannot read
    assert text_value(Constraints(pattern=pattern)) is None


@pytest.mark.parametrize(("low", "high"), [(None, 2), (3, 3), (10, None), (1, 1), (0, 0)])
def test_lengths_cut_or_pad_the_default(low: int | None, high: int | None) -> None:
    text = text_value(Constraints(min_length=low, max_length=high))
    assert text is not None
    assert accepted(Annotated[str, pydantic.Field(min_length=low, max_length=high)], text)
    assert text_value(Constraints(min_length=5, max_length=4)) is None  # none can


@pytest.mark.parametrize(("bounds", "integer"), [
    ({"ge": 10, "le": 20}, True), ({"gt": 0, "lt": 1}, False), ({"le": 0}, True),
    ({"multiple_of": 5, "ge": 3}, True), ({"gt": 1}, True), ({"ge": -90, "le": 90,
                                                              "multiple_of": 0.5}, False),
])
def test_numbers_meet_their_bounds(bounds: dict[str, float], integer: bool) -> None:
    source = number_value(Constraints(**bounds), integer)
    assert source is not None
    value = ast.literal_eval(source)
    assert isinstance(value, int if integer else float)
    assert accepted(Annotated[int if integer else float, pydantic.Field(**bounds)], value)
    assert number_value(Constraints(ge=5, le=3), integer) is None


def test_a_multiple_rounded_up_past_the_maximum_is_rounded_down() -> None:
    """A page size of 1 to 5 in steps of 4: 10 is brought to 5, whose multiple above (8) is
    past the maximum; the one below (4) is accepted (it was no value at all)."""
    assert number_value(Constraints(ge=1, le=5, multiple_of=4), True, default=10) == "4"
    assert number_value(Constraints(gt=0, lt=7, multiple_of=4), True, default=10) == "4"
    assert number_value(Constraints(le=5, multiple_of=2.5), False, default=10) == "5.0"
    # no multiple within the bounds either way: none
    assert number_value(Constraints(ge=5, le=7, multiple_of=4), True, default=10) is None


def test_constraints_are_read_from_the_field_as_models_py_writes_it() -> None:
    def read(source: str, **roots: str) -> Constraints:
        return constraints_of(ast.parse(source, mode="eval").body,
                              lambda name: ast.parse(roots[name], mode="eval").body
                              if name in roots else None)

    assert read('Annotated[str | None, Field(max_length=2, description="x")] | None') == \
        Constraints(max_length=2)
    assert read("Annotated[list[Annotated[str, Field(max_length=3)]], Field(min_length=2)]") == \
        Constraints(min_length=2, items=Constraints(max_length=3))
    # a root model for the items (`CityTag`, a constrained string), and for the field itself
    assert read("Annotated[list[CityTag], Field(min_length=1)]",
                CityTag="Annotated[str, Field(pattern='^[a-z]+$')]") == \
        Constraints(min_length=1, items=Constraints(pattern="^[a-z]+$"))
    assert read("Code | None", Code="Annotated[str, Field(min_length=34)]") == \
        Constraints(min_length=34)
    assert read("Annotated[int, Field(ge=True, le=float('inf'), gt='1')]") == NONE
    assert read("int") == NONE and re.fullmatch("a+", text_value(NONE, "aaa") or "")
