"""The injection boundary (`generator.render.filters`), unit by unit: whatever a spec value holds,
`literal` gives one Python literal of that exact value, `docstring` one string constant holding
its text, `markdown_code` one inline code span, `one_line` one line."""

from __future__ import annotations

import ast
import math

import pytest

from generator.render.filters import (
    FILTERS,
    docstring,
    literal,
    markdown_code,
    one_line,
    table_cell,
)

HOSTILE = [
    "",
    "'",
    '"',
    "'''",
    '"""',
    "\\",
    "\\'",
    "x'); import os; os.system('rm -rf /'); ('",
    '"""); import os  # ',
    "{{ api }}{% raw %}",
    "\n\r\t\x00\x1b[31m",
    "\u2028\u2029\ufeff",
    "\ud800",  # a lone surrogate
    "f'{__import__(\"os\")}'",
]


def _only_constants(source: str) -> bool:
    allowed = (ast.Expression, ast.Constant, ast.List, ast.Dict, ast.Set, ast.UnaryOp, ast.USub,
               ast.Load)
    return all(isinstance(node, allowed) for node in ast.walk(ast.parse(source, mode="eval")))


@pytest.mark.parametrize("text", HOSTILE)
def test_literal_of_a_hostile_string_is_that_string(text: str) -> None:
    source = literal(text)
    assert _only_constants(source), source
    assert ast.literal_eval(source) == text
    assert "\n" not in source  # one line, whatever the text holds


def test_literal_of_nested_containers_keeps_every_value() -> None:
    value = {"a'b": [1, -2, 2.5, None, True, {"x": ["\"", "\\"]}], "": {}, "n": []}
    source = literal(value)
    assert _only_constants(source), source
    assert ast.literal_eval(source) == value


def test_literal_of_a_tuple_is_a_list_and_a_set_is_sorted() -> None:
    assert ast.literal_eval(literal(("a", 1))) == ["a", 1]
    assert literal({"b", "a", "c"}) == "{'a', 'b', 'c'}"  # the same set, the same text
    assert literal(frozenset({2, 1})) == literal(frozenset({1, 2}))
    assert literal(set()) == "set()"  # `{}` would be a dict


def test_literal_of_a_dict_key_is_a_string() -> None:
    assert ast.literal_eval(literal({1: "one", None: 0})) == {"1": "one", "None": 0}


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_literal_of_a_non_finite_float_is_a_float_call(value: float) -> None:
    source = literal(value)
    tree = ast.parse(source, mode="eval").body
    assert isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name)
    assert tree.func.id == "float" and len(tree.args) == 1
    rebuilt = eval(source, {"__builtins__": {"float": float}})  # the float call only
    assert (math.isnan(rebuilt) and math.isnan(value)) or rebuilt == value


def test_literal_of_other_objects_is_their_text() -> None:
    class Odd:
        def __str__(self) -> str:
            return "'); evil() #"

    assert ast.literal_eval(literal(Odd())) == "'); evil() #"


def _docstring_constant(source: str) -> str:
    tree = ast.parse(source, mode="eval").body
    assert isinstance(tree, ast.Constant) and isinstance(tree.value, str), source
    return tree.value


@pytest.mark.parametrize("text", ['say """hi"""', 'ends with a quote"', "C:\\new\\table", "\\"])
def test_docstring_keeps_quotes_and_backslashes(text: str) -> None:
    assert _docstring_constant(docstring(text)).rstrip() == text


def test_docstring_turns_control_characters_into_spaces() -> None:
    value = _docstring_constant(docstring("bell\x07 escape\x1b[0m null\x00 end"))
    assert value == "bell  escape [0m null  end"
    assert all(char >= " " or char in "\n\t" for char in value)


def test_docstring_of_several_lines_is_indented_and_crlf_is_newline() -> None:
    source = docstring("first\r\nsecond\n\nthird", "    ")
    assert source == '"""first\n    second\n\n    third\n    """'
    assert _docstring_constant(source) == "first\n    second\n\n    third\n    "


def test_markdown_code_fences_past_every_backtick_run() -> None:
    assert markdown_code("plain") == "`plain`"
    assert markdown_code("a`b") == "``a`b``"
    assert markdown_code("``x``") == "``` ``x`` ```"  # padded: a span may not start with one
    assert markdown_code("line\nbreak") == "`line break`"


def test_one_line_folds_every_whitespace_run() -> None:
    assert one_line("  a\n\tb\r\n  c  ") == "a b c"
    assert one_line(3) == "3"


def test_one_line_spells_what_a_reader_would_not_see() -> None:
    """A NUL or a bidi override from a description went raw into README.md and api.md (the
    docstrings already escaped them): a reviewer of a vendored package could be shown text
    other than what it holds (Trojan Source)."""
    assert one_line("a\x00b \u202eevil\x1b[2J") == "a\\x00b \\u202eevil\\x1b[2J"
    assert markdown_code("x\u2066y") == "`x\\u2066y`"
    assert one_line("👨\u200d👩 \u0645\u200c\u06cc") == "👨\u200d👩 \u0645\u200c\u06cc"  # joiners stay


def test_the_templates_get_exactly_these_filters() -> None:
    assert FILTERS == {"literal": literal, "docstring": docstring, "code": markdown_code,
                       "oneline": one_line, "cell": table_cell}


def test_a_table_cell_escapes_its_bars() -> None:
    assert table_cell("`https://a|b`") == "`https://a\\|b`"
