"""Numbers too large to read are refused where they are written (issue #22, item 10): a
5,000-digit integer (past Python's int-string limit), 10^309 in an enum with a default (past
what `float()` takes), JSON's `1e309` (which would read as infinity), in JSON and YAML."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.document.loading import load
from generator.problems import GeneratorError
from tests.hostile.support import assert_no_crash, run_cli

HUGE_INT = "9" * 5_000
BEYOND_FLOAT = "1" + "0" * 309


def _yaml(schema_lines: str) -> str:
    return ("openapi: 3.1.0\ninfo: {title: B, version: '1'}\npaths: {}\ncomponents:\n"
            "  schemas:\n    T:\n" + schema_lines)


def _json(schema: str) -> str:
    return ('{"openapi": "3.1.0", "info": {"title": "B", "version": "1"}, "paths": {},\n'
            '"components": {"schemas": {"T":\n' + schema + "\n}}}\n")


CASES = [
    ("int.yaml", _yaml(f"      type: integer\n      maximum: {HUGE_INT}\n"),
     "/components/schemas/T/maximum", 8),
    ("int.json", _json(f'{{"type": "integer", "maximum": {HUGE_INT}}}'),
     "/components/schemas/T/maximum", 3),
    ("enum.yaml", _yaml(f"      type: integer\n      enum: [1, {BEYOND_FLOAT}]\n"
                        f"      default: {BEYOND_FLOAT}\n"), "/components/schemas/T/enum/1", 8),
    ("enum.json", _json(f'{{"type": "integer",\n"enum": [1, {BEYOND_FLOAT}], '
                        f'"default": {BEYOND_FLOAT}}}'), "/components/schemas/T/enum/1", 4),
    ("float.json", _json('{"type": "number", "enum": [1, 1e309], "default": 1e309}'),
     "/components/schemas/T/enum/1", 3),
    ("float.yaml", _yaml("      type: number\n      maximum: 1.5e+400\n"),
     "/components/schemas/T/maximum", 8),
    ("hex.yaml", _yaml("      type: integer\n      maximum: 0x" + "f" * 300 + "\n"),
     "/components/schemas/T/maximum", 8),
]


@pytest.mark.parametrize(("name", "text", "pointer", "line"), CASES,
                         ids=[case[0] for case in CASES])
def test_a_number_too_large_is_refused_where_it_is(tmp_path: Path, name: str, text: str,
                                                   pointer: str, line: int) -> None:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(GeneratorError) as caught:
        load(path)
    problem = caught.value.problems[0]
    assert (problem.pointer, problem.line, problem.code) == (pointer, line, "number-too-large")
    assert "larger than a 64-bit float holds" in problem.message
    assert len(problem.message) < 200  # the number is not printed whole

    for command in (["validate", path], ["generate", "--spec", path, "--out", tmp_path / "p"]):
        result = run_cli(*command, timeout=120)
        assert_no_crash(result)
        assert result.returncode == 1
        assert f"{path}:{line}: {pointer}: the number " in result.stderr
    assert not (tmp_path / "p").exists()


def test_large_numbers_a_float_holds_are_read(tmp_path: Path) -> None:
    path = tmp_path / "fine.json"
    path.write_text(_json('{"type": "number", "maximum": 1.7e308, "minimum": -1e300,'
                          f' "multipleOf": 1e-300, "x-big": {"9" * 300}}}'))
    schema = load(path).data["components"]["schemas"]["T"]
    assert schema["maximum"] == 1.7e308
    assert schema["x-big"] == int("9" * 300)
