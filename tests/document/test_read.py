"""document/read.py: JSON and YAML bytes to data and lines; syntax errors, duplicate keys,
aliases, size."""

from __future__ import annotations

import hashlib
import json
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from generator.document.loading import load
from tests.document.expect import load_error, only, write
from tests.support import BAD_DOCS as BAD


def test_yaml_syntax_error_has_line_column_and_hint() -> None:
    problem = only(load_error(BAD / "yaml_syntax.yaml"))
    assert problem.file == str(BAD / "yaml_syntax.yaml")
    assert problem.line == 5
    assert "YAML syntax error at column 20" in problem.message
    assert "mapping values are not allowed" in problem.message
    assert "quoted" in problem.hint


def test_yaml_error_far_from_its_cause_names_where_the_unclosed_part_began(tmp_path: Path) -> None:
    """An unclosed quote is reported where parsing gave up, lines further down: the message
    also names the line where the mapping being parsed began, and the hint says why."""
    text = ('openapi: 3.0.3\ninfo:\n  title: "unclosed\n  version: "1"\npaths: {}\n'
            "components:\n  schemas:\n    A: {type: string}\n")
    problem = only(load_error(write(tmp_path / "unclosed.yaml", text)))
    assert problem.line == 4
    assert "(while parsing a block mapping that starts at line 3)" in problem.message
    assert "never be closed" in problem.hint


def test_json_syntax_error_has_line_and_column() -> None:
    problem = only(load_error(BAD / "json_syntax.json"))
    assert problem.file == str(BAD / "json_syntax.json")
    assert problem.line == 5
    assert "JSON syntax error at column 1" in problem.message
    assert "trailing comma" in problem.hint


def test_json_reason_ends_in_no_dangling_place(tmp_path: Path) -> None:
    """Python's "Unterminated string starting at" names its place after the "at", in a part
    of its text the message does not repeat (the line and column say it)."""
    problem = only(load_error(write(tmp_path / "cut.json", '{"openapi": "3.0')))
    assert problem.message == "JSON syntax error at column 13: Unterminated string starting there"


def test_a_second_yaml_document_is_named_as_such(tmp_path: Path) -> None:
    """`---` starting a second document: the hint says so (it said a quote may be unclosed)."""
    text = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n---\nx: 1\n"
    problem = only(load_error(write(tmp_path / "two.yaml", text)))
    assert problem.line == 4
    assert problem.hint == "the file holds several YAML documents (---); keep only the OpenAPI one"


def _bytes_file(path: Path, raw: bytes) -> Path:
    path.write_bytes(raw)
    return path


LATIN1_TITLE = b'openapi: 3.0.3\ninfo:\n  title: caf\xe9 api\n  version: "1"\npaths: {}\n'


def test_yaml_not_utf8_names_the_byte_its_line_and_column(tmp_path: Path) -> None:
    """A Latin-1 export: PyYAML's message (`<byte string>`, an offset, `\\x0a`) is replaced by
    the file's line and the byte's column."""
    problem = only(load_error(_bytes_file(tmp_path / "latin1.yaml", LATIN1_TITLE)))
    assert (problem.line, problem.message) == (3, "not UTF-8 (byte 0xE9 at column 13)")
    assert "save the file as UTF-8" in problem.hint
    assert "byte string" not in problem.format() and "\\x0a" not in problem.format()


def test_yaml_not_utf8_after_a_multibyte_character_counts_characters(tmp_path: Path) -> None:
    raw = LATIN1_TITLE.replace(b"caf\xe9 api", "\u00e9t\u00e9 \xff".encode("utf-8").replace(
        b"\xc3\xbf", b"\xff"))
    problem = only(load_error(_bytes_file(tmp_path / "mixed.yaml", raw)))
    assert (problem.line, problem.message) == (3, "not UTF-8 (byte 0xFF at column 14)")


def test_json_not_utf8_is_located_too(tmp_path: Path) -> None:
    raw = b'{"openapi": "3.0.3",\n "info": {"title": "caf\xe9", "version": "1"},\n "paths": {}}'
    problem = only(load_error(_bytes_file(tmp_path / "latin1.json", raw)))
    assert (problem.line, problem.message) == (2, "not UTF-8 (byte 0xE9 at column 24)")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_json_in_utf16_is_named_as_such(tmp_path: Path, encoding: str) -> None:
    """A JSON document saved as UTF-16 (Windows PowerShell's `>`): said so, not as a byte at
    column 1 "usually" from a Latin-1 export (the YAML reader decodes UTF-16 itself)."""
    bom = "\ufeff" if encoding.endswith("-be") else ""
    raw = (bom + '{"openapi": "3.0.3", "paths": {}}').encode(encoding)
    problem = only(load_error(_bytes_file(tmp_path / "wide.json", raw)))
    wide = "UTF-32" if encoding.startswith("utf-32") else "UTF-16"
    assert problem.message == f"not UTF-8: {wide} text (the file starts with its byte order mark)"
    assert "Out-File" in problem.hint and "Latin-1" not in problem.hint


def test_yaml_control_character_is_located(tmp_path: Path) -> None:
    raw = LATIN1_TITLE.replace(b"caf\xe9", b"ca\x07f")
    problem = only(load_error(_bytes_file(tmp_path / "bell.yaml", raw)))
    assert (problem.line, problem.message) == (
        3, "character U+0007 is not allowed in YAML (at column 12)")


def test_utf16_yaml_with_its_bom_still_loads(tmp_path: Path) -> None:
    text = LATIN1_TITLE.replace(b"\xe9", b"e").decode("ascii")
    path = _bytes_file(tmp_path / "utf16.yaml", "\ufeff".encode("utf-16-le") + text.encode("utf-16-le"))
    assert load(path).data["info"]["title"] == "cafe api"


def test_duplicate_yaml_key_names_both_lines() -> None:
    problem = only(load_error(BAD / "duplicate_keys.yaml"))
    assert problem.pointer == "/paths/~1items"
    assert problem.line == 11
    assert "duplicate key '/items'" in problem.message
    assert "first on line 6, again on line 11" in problem.message


def test_duplicate_json_key_names_both_lines() -> None:
    problem = only(load_error(BAD / "duplicate_keys.json"))
    assert problem.pointer == "/info/title"
    assert problem.line == 6
    assert "first on line 4, again on line 6" in problem.message


def test_json_nan_is_refused(tmp_path: Path) -> None:
    spec = write(tmp_path / "nan.json", '{"openapi": "3.1.0", "x": NaN}')
    assert "NaN is not valid JSON" in only(load_error(spec)).message


def test_json_constant_is_refused_at_its_line_not_at_a_string_spelling_it(tmp_path: Path) -> None:
    spec = write(tmp_path / "inf.json",
                 '{"openapi": "3.1.0",\n "s": "NaN \\" -Infinity",\n "x": [1, -Infinity]}')
    problem = only(load_error(spec))
    assert (problem.line, problem.message) == (3, "-Infinity is not valid JSON (column 11)")


def test_alias_bomb_is_refused_with_bounded_memory() -> None:
    """Refused before anything is expanded: memory stays small (speed is `make bench`'s job)."""
    tracemalloc.start()
    try:
        problem = only(load_error(BAD / "alias_bomb.yaml"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50 * 1024 * 1024
    assert problem.line == 4
    assert "alias bomb" in problem.message
    assert "anchors/aliases" in problem.hint


def test_a_few_aliases_and_merge_keys_are_expanded_into_independent_copies(tmp_path: Path) -> None:
    spec = write(tmp_path / "aliases.yaml", """\
openapi: 3.1.0
info: {title: t, version: "1"}
paths: {}
x-base: &base {a: 1, b: [1]}
x-copy: *base
x-merged:
  <<: *base
  b: [2]
""")
    data = load(spec).data
    assert data["x-copy"] == {"a": 1, "b": [1]}
    assert data["x-merged"] == {"a": 1, "b": [2]}
    data["x-copy"]["b"].append(9)
    assert data["x-base"]["b"] == [1], "aliases must be copies, not shared objects"


def test_empty_file() -> None:
    problem = only(load_error(BAD / "empty.yaml"))
    assert problem.file == str(BAD / "empty.yaml")
    assert problem.message == "file is empty"


def test_file_over_the_size_limit() -> None:
    problem = only(load_error(BAD / "overlay_target.yaml", max_bytes=100))
    assert "larger than the limit of 100 bytes" in problem.message


def test_missing_file() -> None:
    assert only(load_error(BAD / "no_such_file.yaml")).message == "file not found"


SMALL_YAML = """\
openapi: 3.1.0
info:
  title: Small
  version: "1"
paths:
  /items/{id}:
    get:
      tags:
        - items
        - on
      responses:
        200:
          description: ok
x-dates:
  on: 2024-01-01
  yes: yes
  octal: 0755
  number: 1.5
  nothing: null
"""


def test_yaml_is_normalised_to_json_data_and_lines_are_recorded(tmp_path: Path) -> None:
    doc = load(write(tmp_path / "small.yaml", SMALL_YAML))
    assert doc.data["paths"]["/items/{id}"]["get"]["responses"] == {"200": {"description": "ok"}}
    assert doc.data["paths"]["/items/{id}"]["get"]["tags"] == ["items", "on"]
    assert doc.data["x-dates"] == {
        "on": "2024-01-01", "yes": "yes", "octal": "0755", "number": 1.5, "nothing": None,
    }
    json.dumps(doc.data)  # JSON-compatible
    op = "/paths/~1items~1{id}/get"
    assert doc.lines["/openapi"] == 1
    assert doc.lines["/paths/~1items~1{id}"] == 6
    assert doc.lines[op] == 7
    assert doc.lines[f"{op}/tags/1"] == 10
    assert doc.lines[f"{op}/responses/200/description"] == 13
    assert doc.line_of(f"{op}/responses/200/content/application~1json") == 12
    assert doc.line_of("/nowhere/at/all") == 1


SMALL_JSON = """\
{
  "openapi": "3.1.0",
  "info": {"title": "Small", "version": "1"},
  "paths": {
    "/items/{id}": {
      "get": {
        "tags": [
          "items",
          7
        ],
        "responses": {
          "200": {"description": "ok \\"quoted\\" {x}"}
        }
      }
    }
  },
  "x-a~b": [[1, 2], {"k": true}]
}
"""


def test_json_lines_are_recorded(tmp_path: Path) -> None:
    doc = load(write(tmp_path / "small.json", SMALL_JSON))
    op = "/paths/~1items~1{id}/get"
    assert doc.lines["/info/version"] == 3
    assert doc.lines[op] == 6
    assert doc.lines[f"{op}/tags/0"] == 8
    assert doc.lines[f"{op}/tags/1"] == 9
    assert doc.lines[f"{op}/responses/200/description"] == 12
    assert doc.lines["/x-a~0b/1/k"] == 17
    assert doc.sha256 == hashlib.sha256(SMALL_JSON.encode()).hexdigest()


def _big_spec(target_bytes: int) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    schemas: dict[str, Any] = {}
    index = 0
    while index * 3000 < target_bytes:
        name = f"Thing{index}"
        schemas[name] = {
            "type": "object",
            "properties": {
                f"field_{j}": {"type": "string", "description": f"Field {j}", "enum": ["a", "b"]}
                for j in range(20)
            },
        }
        paths[f"/things{index}/{{thing_id}}"] = {"get": {
            "operationId": f"getThing{index}",
            "parameters": [{"name": "thing_id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": f"#/components/schemas/{name}"}}}}},
        }}
        index += 1
    return {"openapi": "3.1.0", "info": {"title": "Big", "version": "1"}, "paths": paths,
            "components": {"schemas": schemas}}


def test_20_mb_json_document_loads_with_line_numbers(tmp_path: Path) -> None:
    """A large document loads and its lines are found (how fast: `make bench`, not a test)."""
    text = json.dumps(_big_spec(20_000_000), indent=2)
    assert len(text) > 20_000_000
    spec = write(tmp_path / "big.json", text)
    doc = load(spec)
    pointer = "/components/schemas/Thing4000/properties/field_3/enum/1"
    line = doc.line_of(pointer)
    assert line is not None
    assert text.splitlines()[line - 1].strip() == '"b"'


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_a_text_the_document_repeats_is_held_once(tmp_path: Path, suffix: str) -> None:
    """Large documents repeat their values (`"type": "string"`, the same `$ref`): each text is
    one string object (GitHub's 12 MB document: 26 -> 20 MiB), its value unchanged."""
    schemas = {f"S{i}": {"type": "string", "description": "An identifier " + "x" * 40,
                         "items": ["string", "An identifier " + "x" * 40]} for i in range(3)}
    doc = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
           "components": {"schemas": schemas}}
    path = tmp_path / f"api{suffix}"
    path.write_text(json.dumps(doc), encoding="utf-8")  # JSON is YAML too
    loaded = load(path).data["components"]["schemas"]
    assert loaded == schemas
    descriptions = [s["description"] for s in loaded.values()]
    listed = [s["items"][1] for s in loaded.values()]
    assert all(d is descriptions[0] for d in descriptions)
    if suffix == ".yaml":  # libyaml makes a key and a list's string anew each time, json does not
        assert all(text is descriptions[0] for text in listed)
        keys = [next(k for k in s if k == "description") for s in loaded.values()]
        assert all(k is keys[0] for k in keys)


WIDE_JSON = ('{"openapi": "3.0.3",\n "info": {"title": "caf\u00e9 \U0001F600", "version": "1"},\n'
             ' "paths": {"/\u00e9t\u00e9": {"get": {"summary": "\u2028 x \U0001F680\U0001F680",\n'
             '   "responses": {"200": {"description": "ok \\\\\u00e9"}}}}}}')


def test_json_with_wide_characters_is_held_as_ascii_text_with_the_same_data_and_lines(
        tmp_path: Path) -> None:
    """One emoji makes Python hold the decoded text at four bytes a character (GitHub's 13 MB
    description: 50 MB, kept for its line map): the text is held with `\\u` escapes instead,
    ASCII, and reads as the same document, each pointer on the same line."""
    path = write(tmp_path / "wide.json", WIDE_JSON)
    document = load(path)
    assert document.data == json.loads(WIDE_JSON)
    held = document.lines._held  # type: ignore[attr-defined]
    assert held.isascii() and len(held) < 2 * len(WIDE_JSON.encode("utf-8"))
    operation = "/paths/~1\u00e9t\u00e9/get"
    described = f"{operation}/responses/200/description"
    assert [document.line_of(p) for p in ("/info/title", operation, described)] == [2, 3, 4]


@pytest.mark.parametrize(("raw", "line", "message"), [
    # a character outside a string: the column counted in the file's own characters
    ('{"openapi": "\u00e9\u00e9", "x": \u00e9}', 1, "JSON syntax error at column 24"),
    # a backslash before a wide character is an invalid escape, not an escaped backslash
    ('{"openapi": "3.0.3",\n "info": "\\\u00e9"}', 2, "JSON syntax error at column 11"),
])
def test_json_with_wide_characters_fails_where_the_file_does(tmp_path: Path, raw: str, line: int,
                                                             message: str) -> None:
    problem = only(load_error(write(tmp_path / "bad.json", raw)))
    assert problem.line == line
    assert message in problem.message


@pytest.mark.parametrize(("description", "escaped"), [
    ("ok " * 200 + "\U0001F600", True),  # one emoji: four bytes a character decoded
    ("获取用户的仓库列表。" * 20, False),  # two bytes a character decoded, six escaped
    ("获取用户的仓库列表。" * 20 + "\U0001F600", False),  # escapes would still be larger
    ("café " * 100, False),  # Latin-1 text: one byte a character decoded
])
def test_a_document_is_held_escaped_only_where_that_is_smaller(tmp_path: Path, description: str,
                                                               escaped: bool) -> None:
    """Escapes take six bytes a character: they pay only where one character past U+FFFF
    makes the decoded text four bytes a character, and most of the text is ASCII."""
    doc = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
           "paths": {f"/p{i}": {"get": {"description": description, "responses": {}}}
                     for i in range(50)}}
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    document = load(write(tmp_path / "doc.json", text))
    held = document.lines._held  # type: ignore[attr-defined]
    assert document.data == doc
    assert held.isascii() is escaped
    assert sys.getsizeof(held) <= sys.getsizeof(text)  # never larger than decoded


def test_a_document_with_too_many_characters_to_escape_is_decoded_as_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `MAX_ESCAPED` characters to escape, the decoder's handler would cost more time
    than the text saves memory: the text is decoded as it is, the same document."""
    from generator.document import read

    text = json.dumps({"openapi": "3.0.3", "info": {"title": "ok " * 300 + "\U0001F600" * 3,
                                                    "version": "1"}, "paths": {}},
                      ensure_ascii=False)
    assert load(write(tmp_path / "a.json", text)).lines._held.isascii()  # type: ignore[attr-defined]
    monkeypatch.setattr(read, "MAX_ESCAPED", 2)
    document = load(write(tmp_path / "b.json", text))
    assert not document.lines._held.isascii()  # type: ignore[attr-defined]
    assert document.data == json.loads(text)
