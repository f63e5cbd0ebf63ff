"""The retry hints of the wrong kind are named, not silently read as "no": `validate` reports
them at their pointer, `generate` ignores them as a named repair, `--strict` refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.document.loading import load
from generator.validate import own_checks
from tests.tolerate.test_tolerant_generation import run_cli

DOC = """\
openapi: 3.0.3
info: {{title: t, version: '1'}}
{root}paths:
  /orders:
    post:
      operationId: createOrder
      {operation}responses: {{'204': {{description: ok}}}}
"""


def _problems(tmp_path: Path, root: str = "", operation: str = "") -> list[tuple[str, str]]:
    spec = tmp_path / "spec.yaml"
    spec.write_text(DOC.format(root=root, operation=operation), encoding="utf-8")
    return [(p.code, p.pointer) for p in own_checks(load(spec))]


@pytest.mark.parametrize("value", ["true", "false", "X-Idempotency-Key"])
def test_a_root_hint_of_a_known_kind_is_no_problem(value: str, tmp_path: Path) -> None:
    assert _problems(tmp_path, root=f"x-codegen-idempotency-key: {value}\n") == []


@pytest.mark.parametrize("value", ["'Idempotency Key'", "123", "''", "[a]"])
def test_a_root_hint_that_is_no_header_name_is_reported(value: str, tmp_path: Path) -> None:
    found = _problems(tmp_path, root=f"x-codegen-idempotency-key: {value}\n")
    assert found == [("hint-invalid", "/x-codegen-idempotency-key")]


@pytest.mark.parametrize(("value", "reported"), [("true", False), ("false", False),
                                                 ("'yes'", True), ("1", True)])
def test_an_operations_retry_safe_must_be_a_boolean(value: str, reported: bool,
                                                     tmp_path: Path) -> None:
    found = _problems(tmp_path, operation=f"x-codegen-retry-safe: {value}\n      ")
    pointer = "/paths/~1orders/post/x-codegen-retry-safe"
    assert found == ([("hint-invalid", pointer)] if reported else [])


def test_generate_ignores_it_as_a_named_repair_and_strict_refuses(tmp_path: Path) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(DOC.format(root="", operation="x-codegen-retry-safe: 'yes'\n      "),
                    encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", tmp_path / "pkg")
    assert result.returncode == 0, result.stderr
    assert ("/paths/~1orders/post/x-codegen-retry-safe: repaired: `x-codegen-retry-safe` must "
            "be true or false (got 'yes') -> ignores the hint `x-codegen-retry-safe`"
            ) in result.stderr
    assert "x-codegen-retry-safe" in (tmp_path / "pkg" / "COVERAGE.md").read_text()
    strict = run_cli("generate", "--strict", "--spec", spec, "--out", tmp_path / "strict")
    assert strict.returncode == 1
    assert not (tmp_path / "strict").exists()
