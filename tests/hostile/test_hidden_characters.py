"""Text of a document that would hide what generated code says ("Trojan Source": U+202E
reverses how what follows is shown; U+2028 some readers take for a line break) reaches
docstrings, comments and string literals. It is written there as its escape: the package
passes ruff (PLE2502 refused it), shows what it runs, and an enum value is still the value the
document gave."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from generator.output.invisible import with_hidden_escaped
from tests.hostile.support import assert_no_crash, run_cli
from tests.support import ROOT, import_from

RLO, LRI, PDI, LINE_SEPARATOR = "\u202e", "\u2066", "\u2069", "\u2028"
HIDDEN = (RLO, LRI, PDI, LINE_SEPARATOR, "\u200f", "\x85", "\ufeff")
VALUE = f"admin{RLO}nimda"


def _document(tmp_path: Path) -> Path:
    text = f"Access{RLO} check{LRI}x{PDI}{LINE_SEPARATOR}more\x85end"
    document = {
        "openapi": "3.0.3",
        "info": {"title": f"Hidden{RLO} API", "version": "1", "description": text},
        "paths": {"/things": {"get": {
            "operationId": "getThing", "summary": text, "description": text,
            "parameters": [{"name": "role", "in": "query", "description": text,
                            "schema": {"$ref": "#/components/schemas/Role"}}],
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Thing"}}}}}}}},
        "components": {"schemas": {
            "Role": {"type": "string", "enum": [VALUE, "plain"], "description": text},
            "Thing": {"type": "object", "description": text, "properties": {
                "name": {"type": "string", "description": text, "default": VALUE}}},
        }},
    }
    path = tmp_path / "hidden.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def test_hidden_characters_are_escaped_and_values_kept(tmp_path: Path) -> None:
    out = tmp_path / "pkg"
    assert_no_crash(run_cli("generate", "--spec", _document(tmp_path), "--out", out))
    sources = {path: path.read_text(encoding="utf-8") for path in out.rglob("*.py")}
    shown = [path.name for path, text in sources.items() if any(c in text for c in HIDDEN)]
    assert shown == []
    assert any("\\u202e" in text for text in sources.values())  # written, not dropped
    ruff = subprocess.run([sys.executable, "-m", "ruff", "check", "--config", str(out / "ruff.toml"),
                           "--select", "PLE2502", str(out)], check=False, cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert ruff.returncode == 0, ruff.stdout
    package = import_from(tmp_path, "pkg")
    assert VALUE in {member.value for member in package.models.Role}
    assert package.models.Thing().name == VALUE


def test_a_string_keeps_its_value_and_raw_text_or_a_comment_shows_the_escape() -> None:
    source = (f'X = "a{RLO}b"\nY = r"""doc{LINE_SEPARATOR}x"""  # note{LRI}\n'
              f'Z = f"{{1}}{RLO}"\n')
    escaped = with_hidden_escaped(source)
    assert escaped == ('X = "a\\u202eb"\nY = r"""doc\\u2028x"""  # note\\u2066\n'
                       'Z = f"{1}\\u202e"\n')
    # below U+0100 as `\\x..`: the same in a bytes literal, where `\\u` is no escape
    assert with_hidden_escaped('B = b"a\x7fb"\n') == 'B = b"a\\x7fb"\n'
    before: dict[str, object] = {}
    after: dict[str, object] = {}
    exec(source, before)  # noqa: S102 - the test's own text
    exec(escaped, after)  # noqa: S102
    assert (after["X"], after["Z"]) == (before["X"], before["Z"])
    assert with_hidden_escaped("x = 1\n") == "x = 1\n"
