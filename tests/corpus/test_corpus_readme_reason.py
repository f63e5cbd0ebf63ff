"""The corpus runner's reason for a README example that failed: the exception the example
raised, read from the runner's stderr (tests/support/spec_server.py RUNNER prints the traceback,
then the failed example's source, so the last line of stderr is never the exception)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench import corpus
from tests.support.spec_server import RUNNER


def runner_stderr(*programs: str) -> str:
    """What the README runner writes to stderr running `programs`, the last of which fails."""
    ran = subprocess.run([sys.executable, "-c", RUNNER], input=json.dumps(programs),
                         capture_output=True, text=True, timeout=60, check=False)
    assert ran.returncode != 0
    return ran.stderr


DOTTED = """\
class APIStatusError(Exception):
    pass
APIStatusError.__module__ = "pkg.errors"
def call():
    raise APIStatusError("404 Not Found: no operation for GET /x")
result = call()
print(result)
"""


def test_a_dotted_exception_name_is_the_reason_not_the_examples_last_line() -> None:
    stderr = runner_stderr("print('first example ran')", DOTTED)
    assert corpus.raised(stderr) == "pkg.errors.APIStatusError: 404 Not Found: no operation for GET /x"


def test_a_validation_error_is_its_first_line_not_the_field_lines_below_it() -> None:
    stderr = runner_stderr("import pydantic\n"
                           "class Model(pydantic.BaseModel):\n    acknowledged_at: str\n"
                           "result = Model.model_validate({})\nprint(result.acknowledged_at)\n")
    assert "acknowledged_at\n" in stderr  # a line of the message that looks like a name
    assert corpus.raised(stderr) == \
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for Model"


def test_an_exception_group_names_itself_and_its_last_sub_exception() -> None:
    stderr = runner_stderr("import asyncio\n"
                           "async def fails():\n    raise KeyError('access_token')\n"
                           "async def main():\n"
                           "    async with asyncio.TaskGroup() as group:\n"
                           "        group.create_task(fails())\n"
                           "asyncio.run(main())\n")
    assert corpus.raised(stderr) == \
        "ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception) -> KeyError: 'access_token'"


def test_a_chained_exception_is_the_one_raised_last() -> None:
    stderr = runner_stderr("try:\n    {}['x']\nexcept KeyError as e:\n    raise RuntimeError('no x') from e\n")
    assert corpus.raised(stderr) == "RuntimeError: no x"


def test_stderr_without_a_traceback_has_no_exception() -> None:
    assert corpus.raised("README example 0 failed:\nprint(result)\n") == ""


def test_readme_runs_reports_the_exception_of_the_failing_example(tmp_path: Path) -> None:
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps({"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
                                "paths": {}}), encoding="utf-8")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "README.md").write_text(f"```python\nprint('ok')\n```\n\n```python\n{DOTTED}```\n",
                                       encoding="utf-8")
    ran, reason = corpus.readme_runs(package, spec)
    assert (ran, reason) == (False, "pkg.errors.APIStatusError: 404 Not Found: no operation for GET /x")
    (package / "README.md").write_text("```python\nprint('ok')\n```\n", encoding="utf-8")
    assert corpus.readme_runs(package, spec) == (True, "")
