"""Issue #22.12: names a document chose reach what `validate` and `generate` print (pointers,
repairs, skips); a raw ESC or BEL there would drive the reader's terminal (clear the screen,
write the clipboard through OSC 52). Everything printed is spelt printable
(`generator.problems.printable`): the escape shows as `\\x1b`, and the byte never leaves."""

from __future__ import annotations

import json
from pathlib import Path

from generator.problems import Problem, printable
from tests.hostile.support import assert_no_crash, run_cli

CLIPBOARD = "\x1b]52;c;aGVsbG8=\x07"  # OSC 52: write "hello" to the clipboard
CLEAR = "\x1b[2J"


def _document(tmp_path: Path) -> Path:
    """A document whose schema and property names hold terminal escapes, with slips that
    `validate` reports and `generate` repairs at those names."""
    hostile = f"Pet{CLEAR}"
    document = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {"/pets": {"get": {"operationId": "list_pets", "responses": {"200": {
            "description": "ok",
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{hostile}"}}},
        }}}}},
        "components": {"schemas": {hostile: {
            "type": "object",
            "properties": {f"name{CLIPBOARD}": {"type": "string", "default": 5}},
        }}},
    }
    path = tmp_path / "escapes.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_printable_spells_every_control_character_and_keeps_the_rest() -> None:
    assert printable(f"a{CLIPBOARD}b") == "a\\x1b]52;c;aGVsbG8=\\x07b"
    assert printable("x\u202ey\u2028z") == "x\\u202ey\\u2028z"  # bidi override, line separator
    assert printable("Zürich / {id} ~1") == "Zürich / {id} ~1"
    problem = Problem("api.yaml", f"/components/schemas/A{CLEAR}", 3, f"bad {CLEAR}", "fix it\x07")
    assert problem.format() == "api.yaml:3: /components/schemas/A\\x1b[2J: bad \\x1b[2J (fix it\\x07)"


def test_validate_and_generate_print_no_escape_a_document_holds(tmp_path: Path) -> None:
    spec = _document(tmp_path)
    validated = run_cli("validate", spec)
    generated = run_cli("generate", "--spec", spec, "--out", tmp_path / "pets_client")
    for result in (validated, generated):
        assert_no_crash(result)
        output = result.stdout + result.stderr
        assert "\x1b" not in output and "\x07" not in output, output
    assert validated.returncode != 0 and "\\x1b[2J" in validated.stderr  # the slip, located
    assert generated.returncode == 0, generated.stderr
    assert "repaired" in generated.stderr and "\\x1b]52;c;aGVsbG8=\\x07" in generated.stderr
