"""Line maps grow with the number of nodes, not with depth x key length (issue #22, item 3).

A document of long keys nested deep, with a long list at the bottom, under a vendor extension:
every node's pointer is the whole path of long keys. Storing each node's full pointer (as the
line map did) took gigabytes for 200 KB; loaded here in a child process that may use at most
1.5 GB of address space, the document loads, and its lines are still found exactly.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.document.pointer import join_tokens
from generator.problems import shown_pointer
from tests.hostile.support import assert_no_crash, run_cli
from tests.support import ROOT

MEMORY_LIMIT = 1_500_000_000
DEPTH, KEY_LENGTH, ITEMS = 100, 1_000, 50_000
HEADER_LINES = 11  # the lines before the first deep key, in both forms below


def _key(level: int) -> str:
    return f"k{level}" + "x" * KEY_LENGTH


def _yaml() -> str:
    lines = ['openapi: "3.1.0"', "info:", "  title: Deep", "paths:", "  /a:", "    get:",
             "      operationId: get_a", "      responses:", '        "200":',
             "          description: ok", "x-deep:"]
    lines += ["  " * (level + 1) + _key(level) + ":" for level in range(DEPTH)]
    lines.append("  " * (DEPTH + 1) + "[" + ",".join(["0"] * ITEMS) + "]")
    return "\n".join(lines) + "\n"


def _json(title: str = "Deep") -> str:
    """One key per line; the list on the last line: lines like the YAML form's."""
    lines = ['{"openapi": "3.1.0",', f'"info": {{"title": {json.dumps(title)}}},',
             '"paths": {"/a": {"get": {', '"operationId": "get_a",', '"responses": {',
             '"200": {', '"description": "ok"', "}", "}}}},", "", '"x-deep":']
    lines += [f'{{"{_key(level)}":' for level in range(DEPTH)]
    lines.append("[" + ",".join(["0"] * ITEMS) + "]" + "}" * (DEPTH + 1))
    return "\n".join(lines) + "\n"


DEEPEST = join_tokens("/x-deep", *(_key(level) for level in range(DEPTH)), ITEMS - 1)
DEEPEST_LINE = HEADER_LINES + DEPTH + 1
# Asked in the child: the line of the deepest item, of a pointer below it that does not
# exist (its nearest ancestor's), of a deep key, and of `/info`.
ASKED = [DEEPEST, DEEPEST + "/nothing/here", join_tokens("/x-deep", _key(0), _key(1)), "/info"]
EXPECTED = [DEEPEST_LINE, DEEPEST_LINE, HEADER_LINES + 2, 2]

_CHILD = """
import json, resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from pathlib import Path
from generator.document.loading import load
document = load(Path(sys.argv[2]))
print(json.dumps([document.line_of(pointer) for pointer in json.loads(sys.stdin.read())]))
"""


@pytest.fixture(params=[".yaml", ".json", "surrogates.json"])
def deep_document(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    suffix = str(request.param)
    path = tmp_path / f"deep{suffix}"
    if suffix == ".yaml":
        path.write_text(_yaml())
    else:  # an escaped surrogate pair makes loading look at every string too
        path.write_text(_json("Deep \\ud83d\\ude00" if suffix.startswith("surrogates") else "Deep"))
    return path


def test_deep_long_keyed_documents_load_in_bounded_memory(deep_document: Path) -> None:
    assert deep_document.stat().st_size < 300_000
    result = subprocess.run(
        [sys.executable, "-c", _CHILD, str(MEMORY_LIMIT), str(deep_document)],
        cwd=ROOT, input=json.dumps(ASKED), capture_output=True, text=True, timeout=120,
        check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert json.loads(result.stdout) == EXPECTED


def test_validate_locates_a_problem_in_such_a_document(deep_document: Path) -> None:
    """The document lacks `info.version`: a problem that needs the line map."""
    result = run_cli("validate", deep_document, memory_limit=MEMORY_LIMIT, timeout=120)
    assert_no_crash(result)
    assert result.returncode == 1
    assert f"{deep_document}:2: /info: 'version' is a required property" in result.stderr


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_too_deep_long_keyed_documents_are_refused_in_bounded_memory(tmp_path: Path,
                                                                     suffix: str) -> None:
    """Past the nesting limit, with long keys: the refusal names where the limit is crossed
    without holding the pointer of every open level."""
    levels = 2_600
    text = ('{"openapi": "3.1.0", "paths": {}, "x-deep": ' + f'{{"{_key(0)}": ' * levels
            + "1" + "}" * (levels + 1) + "\n")
    path = tmp_path / f"deeper{suffix}"
    path.write_text(text)
    result = run_cli("validate", path, memory_limit=MEMORY_LIMIT, timeout=120)
    assert_no_crash(result)
    assert result.returncode == 1
    # the pointer of the crossing, shortened in the message: its first segments, then the count
    head = shown_pointer("/x-deep" + f"/{_key(0)}" * levels).split("/…/")[0]
    assert f"{path}:1: {head}/…/" in result.stderr
    assert "segments)" in result.stderr
    assert "MAX_NESTING" in result.stderr
