"""Deeply nested documents: 1,000 levels load and validate (JSON and YAML); past `MAX_NESTING`
a located error names the limit, from `load` and from the CLI, never a RecursionError.

The documents are built as text here, in tmp_path (json.dumps itself recurses)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.document import nesting
from generator.document.loading import load
from generator.document.pointer import split_pointer
from generator.document.tree import MAX_NESTING, depth
from generator.problems import MAX_SHOWN_POINTER, Problem, shown_pointer
from generator.validate import own_checks, validate
from generator.validate.rules import MAX_INLINE_NESTING
from tests.document.expect import load_error, only
from tests.support import ROOT

HEADER = '"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {}'


def json_text(levels: int, kind: str) -> str:
    """`components/schemas/Deep`, nested `levels` schemas deep in `properties` or `items`."""
    opening, closing = (('{"type": "object", "properties": {"p": ', "}}") if kind == "properties"
                        else ('{"type": "array", "items": ', "}"))
    deep = opening * levels + '{"type": "string"}' + closing * levels
    return "{" + HEADER + ',\n"components": {"schemas": {"Deep": ' + deep + "}}}\n"


def yaml_text(levels: int, kind: str) -> str:
    """The same in block style (line 7 opens `Deep`'s schema)."""
    lines = ["openapi: 3.1.0", "info: {title: t, version: '1'}", "paths: {}", "components:",
             "  schemas:", "    Deep:"]
    indent = 6
    for _ in range(levels):
        pad = " " * indent
        if kind == "properties":
            lines += [f"{pad}type: object", f"{pad}properties:", f"{pad}  p:"]
            indent += 4
        else:
            lines += [f"{pad}type: array", f"{pad}items:"]
            indent += 2
    lines.append(" " * indent + "type: string")
    return "\n".join(lines) + "\n"


def written(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("kind", ["properties", "items"])
@pytest.mark.parametrize("form", ["json", "yaml"])
def test_1000_levels_load_and_pass_our_checks(tmp_path: Path, kind: str, form: str) -> None:
    text = json_text(1000, kind) if form == "json" else yaml_text(1000, kind)
    document = load(written(tmp_path, f"deep.{form}", text))
    per_level = 2 if kind == "properties" else 1
    assert depth(document.data) == 4 + 1000 * per_level  # root, components, schemas, Deep...
    assert [(p.code, p.pointer) for p in own_checks(document)] == _inline_nesting_problems(kind)


def _inline_nesting_problems(kind: str) -> list[tuple[str, str]]:
    """What our checks say of 1,000 levels: nothing in `properties` (a class per level); in
    `items` (one annotation), where `MAX_INLINE_NESTING` is crossed."""
    if kind == "properties":
        return []
    return [("inline-nesting", "/components/schemas/Deep" + "/items" * (MAX_INLINE_NESTING + 1))]


def test_flow_yaml_past_the_limit_but_within_the_quick_bound_is_refused_where_it_crosses(
        tmp_path: Path) -> None:
    """Composed first (`COMPOSE_FIRST_LEVELS`), then measured: the problem is the one the event
    stream gives, at the level past the limit."""
    levels = MAX_NESTING + 100
    assert MAX_NESTING < nesting.yaml_depth_bound(b"[" * levels) <= nesting.COMPOSE_FIRST_LEVELS
    text = "openapi: 3.1.0\npaths: {}\nx-deep: " + "[" * levels + "]" * levels + "\n"
    problem = only(load_error(written(tmp_path, "flow.yaml", text)))
    assert_names_the_limit(problem.message)
    assert split_pointer(problem.pointer)[:3] == ["x-deep", "0", "0"]
    assert len(split_pointer(problem.pointer)) == MAX_NESTING
    assert problem.line == 3


@pytest.mark.parametrize("form", ["json", "yaml"])
def test_exactly_the_limit_loads_and_one_level_more_is_refused_where_it_crosses(
        tmp_path: Path, form: str) -> None:
    """`MAX_NESTING` counts objects and arrays: the root object and 2,399 arrays around a
    scalar load, in JSON and in YAML (composed first, then measured), and one array more is
    refused at the array past the limit."""
    def text(arrays: int) -> str:
        deep = "[" * arrays + "1" + "]" * arrays
        return (f'{{"openapi": "3.1.0", "paths": {{}}, "x-deep": {deep}}}' if form == "json"
                else f"openapi: 3.1.0\npaths: {{}}\nx-deep: {deep}\n")

    at_limit = load(written(tmp_path, f"limit.{form}", text(MAX_NESTING - 1))).data["x-deep"]
    assert depth(at_limit) == MAX_NESTING - 1
    problem = only(load_error(written(tmp_path, f"past.{form}", text(MAX_NESTING))))
    assert_names_the_limit(problem.message)
    assert len(split_pointer(problem.pointer)) == MAX_NESTING
    assert problem.line == (1 if form == "json" else 3)


def test_a_shallow_document_with_many_brackets_is_composed_without_following_its_events(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Brackets in descriptions make the quick bound large (OpenAI's: 7,837 for 21 levels):
    below `COMPOSE_FIRST_LEVELS` the document is composed and measured, not first followed
    event by event."""
    followed: list[object] = []
    real = nesting._YamlDepth.too_deep
    monkeypatch.setattr(nesting._YamlDepth, "too_deep",
                        lambda self, loader: followed.append(loader) or real(self, loader))
    description = "see [the docs](https://example.com) " * (MAX_NESTING + 10)
    text = f"openapi: 3.1.0\ninfo: {{title: t, version: '1'}}\npaths: {{}}\nx-note: '{description}'\n"
    assert nesting.yaml_depth_bound(text.encode()) > MAX_NESTING
    assert load(written(tmp_path, "brackets.yaml", text)).data["x-note"] == description
    assert followed == []


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("kind", "form"), [("properties", "json"), ("items", "yaml")])
def test_1000_levels_pass_openapi_spec_validator(tmp_path: Path, kind: str, form: str) -> None:
    text = json_text(1000, kind) if form == "json" else yaml_text(1000, kind)
    problems = validate(load(written(tmp_path, f"deep.{form}", text)))
    assert [(p.code, p.pointer) for p in problems] == _inline_nesting_problems(kind)


def assert_names_the_limit(problem_text: str) -> None:
    assert "MAX_NESTING" in problem_text
    assert f"more than {MAX_NESTING} levels" in problem_text


def test_5000_levels_of_json_are_refused_where_the_limit_is_crossed(tmp_path: Path) -> None:
    problem = only(load_error(written(tmp_path, "deep.json", json_text(5000, "properties"))))
    assert_names_the_limit(problem.message)
    tokens = split_pointer(problem.pointer)
    assert len(tokens) == MAX_NESTING  # the object one level past the limit
    assert tokens[:5] == ["components", "schemas", "Deep", "properties", "p"]
    assert problem.line == 2


def test_5000_levels_of_block_yaml_are_refused_where_the_limit_is_crossed(tmp_path: Path) -> None:
    problem = only(load_error(written(tmp_path, "deep.yaml", yaml_text(5000, "items"))))
    assert_names_the_limit(problem.message)
    tokens = split_pointer(problem.pointer)
    assert len(tokens) == MAX_NESTING
    assert tokens[:4] == ["components", "schemas", "Deep", "items"]
    # `Deep` (level 4) opens on line 7, each `items` level two lines further on
    assert problem.line == 7 + 2 * (MAX_NESTING + 1 - 4)


def test_flow_yaml_nested_far_past_the_limit_is_refused_fast(tmp_path: Path) -> None:
    """100,000 levels of `[`: PyYAML's composer would break the process's stack."""
    text = "openapi: 3.1.0\npaths: {}\nx-deep: " + "[" * 100_000 + "]" * 100_000 + "\n"
    problem = only(load_error(written(tmp_path, "flow.yaml", text)))
    assert_names_the_limit(problem.message)
    assert problem.pointer.startswith("/x-deep/0/0/")
    assert problem.line == 3


@pytest.mark.timeout(120)
@pytest.mark.parametrize("form", ["json", "yaml"])
def test_the_cli_says_the_limit_without_a_traceback(tmp_path: Path, form: str) -> None:
    text = json_text(5000, "items") if form == "json" else yaml_text(5000, "items")
    spec = written(tmp_path, f"deep.{form}", text)
    result = subprocess.run([sys.executable, "-m", "generator", "validate", str(spec)],
                            cwd=ROOT, capture_output=True, text=True, timeout=100, check=False)
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert "RecursionError" not in output
    assert_names_the_limit(output)
    assert f"{spec}:" in output
    # the pointer where the limit is crossed (15 KB) is shortened in the message: its first and
    # last segments, and how deep it is
    assert len(output) < 600, output
    assert (f"/components/schemas/Deep/items/items/items/…/items/items/items/items/items/items "
            f"({MAX_NESTING:,} segments)") in output


def test_a_long_pointer_is_shortened_in_messages_and_kept_exact_in_the_problem() -> None:
    pointer = "/components/schemas/Deep" + "/properties/a" * 1200
    problem = Problem("spec.json", pointer, 1, "too deep")
    assert problem.pointer == pointer  # JSON output, repairs and lookups read it whole
    assert problem.format() == ("spec.json:1: /components/schemas/Deep/properties/a/properties/…"
                                "/properties/a/properties/a/properties/a (2,403 segments): too deep")


def test_a_real_documents_deep_pointer_is_shown_whole() -> None:
    """Vercel's deepest places: 19 segments, ~200 characters; shortened, two of them printed
    as the same line."""
    deep = ("/paths/~1v10~1projects~1{idOrName}~1env/post/responses/201/content/application~1json"
            "/schema/oneOf/0/properties/created/oneOf/0/properties/target/items/enum")
    assert shown_pointer(deep) == deep
    assert shown_pointer(deep.replace("created/oneOf/0", "created/oneOf/1")) != deep


def test_a_pointer_of_few_long_segments_keeps_them_all_each_cut() -> None:
    key = "k" * 500
    shown = shown_pointer(f"/paths/{key}/get")
    assert shown == f"/paths/{'k' * 59}…/get"
    assert shown_pointer("/paths/~1items/get") == "/paths/~1items/get"
    assert shown_pointer("/" + "x" * MAX_SHOWN_POINTER)[-1] == "…"
