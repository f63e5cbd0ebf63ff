"""Generated methods return what their annotation says, whatever the server answers (issue 23):

- a 2xx status the document does not list (`POST /things` documents `201: Thing`, the server
  answers 200 or 202; a GET documented `200` answered 203) parses into the declared success
  type, as openai-python parses every 2xx into its `cast_to` (23.7); of several documented
  successes, into the first (in status order) that takes the body strictly, else the first;
  a method documented to return `None` returns `None`;
- a status documented in several media types (JSON, `text/csv`, `application/markdown`, chosen
  by a query parameter) returns `Report | str` and is parsed by the answer's Content-Type: JSON
  into the model, text as `str`, binary as `bytes`; a Content-Type none of them is, a typed
  `APIResponseValidationError` (23.10); `mypy --strict` accepts the narrowed uses.

The packages are generated from tests/feature_specs/ (`undocumented_success`, `media_types`,
`several_success`) once per module; every case runs the sync and the async client against a
scripted server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import FEATURE_SPECS, import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGES = ("undocumented_success", "media_types", "several_success")
JSON = {"Content-Type": "application/json"}
THING = {"id": "t1", "name": "lamp"}
REPORT = {"id": "r1", "rows": 2}


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("responses")
    targets = [pipeline.target_for_spec(FEATURE_SPECS / f"{name}.yaml", f"feat_{name}")
               for name in PACKAGES]
    for name, files in pipeline.build_packages(targets).items():
        write.write(files, out / name)
    return out


class Caller:
    """One generated client (sync or async) called through blocking calls."""

    def __init__(self, package: ModuleType, kind: str, url: str) -> None:
        self.kind = kind
        self.models = package.models
        self.errors = package
        cls = package.Client if kind == "sync" else package.AsyncClient
        self.client = cls(api_key="sk-test", base_url=url, max_retries=0)
        self.runner = asyncio.Runner()  # one loop for the client's connections

    def __call__(self, resource_method: str, **arguments: Any) -> Any:
        method = self.client.default
        for part in resource_method.split("."):
            method = getattr(method, part)
        if self.kind == "sync":
            return method(**arguments)
        return self.runner.run(method(**arguments))

    def close(self) -> None:
        if self.kind == "sync":
            self.client.close()
        else:
            self.runner.run(self.client.close())
        self.runner.close()


@pytest.fixture(params=["sync", "async"])
def connect(request: pytest.FixtureRequest, packages: Path,
            serve: Callable[..., ScriptedServer]) -> Iterator[Callable[..., tuple[Caller, ScriptedServer]]]:
    callers: list[Caller] = []

    def start(name: str, replies: list[Reply]) -> tuple[Caller, ScriptedServer]:
        server = serve(replies)
        caller = Caller(import_from(packages, f"feat_{name}"), str(request.param), server.url)
        callers.append(caller)
        return caller, server

    yield start
    for caller in callers:
        caller.close()


# -- 23.7: a 2xx status the document does not list -----------------------------------------


@pytest.mark.parametrize("status", [200, 201, 202, 203, 207, 299])
def test_any_2xx_answer_to_a_create_parses_into_the_declared_model(
    connect: Callable[..., tuple[Caller, ScriptedServer]], status: int
) -> None:
    call, _ = connect("undocumented_success", [Reply(status, JSON, THING)])
    thing = call("create_thing", name="lamp")
    assert type(thing) is call.models.Thing
    assert (thing.id, thing.name) == ("t1", "lamp")


def test_an_undocumented_2xx_with_a_drifted_body_is_still_the_model(
    connect: Callable[..., tuple[Caller, ScriptedServer]]
) -> None:
    """The lenient fallback a documented status has (a missing field is None, extras kept)."""
    call, _ = connect("undocumented_success", [Reply(203, JSON, {"id": "t2", "extra": 1})])
    thing = call("get_thing", thing_id="t2")
    assert type(thing) is call.models.Thing and thing.id == "t2" and thing.name is None


def test_a_method_documented_to_return_none_returns_none_for_any_2xx(
    connect: Callable[..., tuple[Caller, ScriptedServer]]
) -> None:
    call, _ = connect("undocumented_success", [Reply(200, JSON, THING), Reply(202)])
    assert call("delete_thing", thing_id="t1") is None
    assert call("delete_thing", thing_id="t1") is None


def test_an_undocumented_2xx_that_is_no_json_is_a_typed_error(
    connect: Callable[..., tuple[Caller, ScriptedServer]]
) -> None:
    call, _ = connect("undocumented_success", [Reply(202, {"Content-Type": "text/html"}, "<p>ok")])
    with pytest.raises(call.errors.APIResponseValidationError, match="HTTP 202") as info:
        call("create_thing", name="lamp")
    assert info.value.status_code == 202


@pytest.mark.parametrize(("body", "expected"), [
    ({"id": "j", "state": "queued"}, "Job"),
    ({"id": "j", "output": "done"}, "Result"),
    ({"id": "j"}, "Result"),  # takes neither strictly: the first documented, leniently
])
def test_of_several_documented_successes_the_first_that_takes_the_body_wins(
    connect: Callable[..., tuple[Caller, ScriptedServer]], body: dict[str, str], expected: str
) -> None:
    call, _ = connect("several_success", [Reply(201, JSON, body)])
    assert type(call("run_job")) is getattr(call.models, expected)


def test_an_empty_undocumented_2xx_among_several_is_none_where_none_is_documented(
    connect: Callable[..., tuple[Caller, ScriptedServer]]
) -> None:
    call, _ = connect("several_success", [Reply(201)])
    assert call("run_job") is None


# -- an empty body where the declared type is a model (new-user trial, finding 12) -----------


@pytest.mark.parametrize("status", [200, 201])  # the documented 200, an undocumented 201
def test_an_empty_answer_for_a_method_typed_as_a_model_is_a_typed_error(
    connect: Callable[..., tuple[Caller, ScriptedServer]], status: int
) -> None:
    """`get_thing` returns `Thing`: None would be a lie met later as an AttributeError."""
    call, _ = connect("undocumented_success", [Reply(status, JSON, b"")])
    with pytest.raises(call.errors.APIResponseValidationError, match="empty") as info:
        call("get_thing", thing_id="t1")
    assert info.value.status_code == status


@pytest.mark.parametrize("status", [204, 205])
def test_an_empty_204_or_205_is_none_whatever_was_declared_unless_strict(
    connect: Callable[..., tuple[Caller, ScriptedServer]], status: int
) -> None:
    """`create_thing` (a POST) declares only `201: Thing`, but a 204/205 carries no body (RFC
    9110): raising on a success would invite a repeat of a call that took effect. Strict mode
    still says so."""
    call, server = connect("undocumented_success", [Reply(status, JSON, b"")] * 2)
    assert call("create_thing", name="lamp") is None
    call.client = call.client.with_options(strict_response_validation=True)
    with pytest.raises(call.errors.APIResponseValidationError, match="empty") as info:
        call("create_thing", name="lamp")
    assert info.value.status_code == status
    assert [r.method for r in server.requests] == ["POST", "POST"]


def test_a_status_documented_without_content_is_none_and_typed_so(
    connect: Callable[..., tuple[Caller, ScriptedServer]]
) -> None:
    """`run_job` documents `204` without content: it returns `Result | Job | None`."""
    call, _ = connect("several_success", [Reply(204), Reply(200, JSON, b"")])
    assert call("run_job") is None
    with pytest.raises(call.errors.APIResponseValidationError, match="empty"):
        call("run_job")  # the 200 declares `Result`


# -- 23.10: one status, several media types ------------------------------------------------


def test_a_report_parses_by_its_content_type(
    connect: Callable[..., tuple[Caller, ScriptedServer]]
) -> None:
    call, server = connect("media_types", [
        Reply(200, JSON, REPORT),
        Reply(200, {"Content-Type": "text/csv; charset=utf-8"}, "id,rows\nr1,2\n"),
        Reply(200, {"Content-Type": "application/markdown"}, "# Report r1\n"),
        Reply(200, {"Content-Type": "application/problem+json"}, REPORT),  # JSON of another name
    ])
    report = call("get_report", report_id="r1")
    assert type(report) is call.models.Report and report.rows == 2
    csv = call("get_report", report_id="r1", format="csv")
    assert csv == "id,rows\nr1,2\n" and type(csv) is str
    markdown = call("get_report", report_id="r1", format="markdown")
    assert markdown == "# Report r1\n" and type(markdown) is str
    assert type(call("get_report", report_id="r1")) is call.models.Report
    assert [r.query for r in server.requests[:3]] == [[], [("format", "csv")], [("format", "markdown")]]
    accept = server.requests[0].headers["accept"]
    assert accept == "application/json, application/markdown, text/csv"


def test_text_or_binary_by_content_type(connect: Callable[..., tuple[Caller, ScriptedServer]]) -> None:
    call, _ = connect("media_types", [
        Reply(200, {"Content-Type": "text/plain"}, "3 files"),
        Reply(200, {"Content-Type": "application/zip"}, b"PK\x03\x04\xff"),
    ])
    summary = call("get_export", export_id="e")
    assert summary == "3 files" and type(summary) is str
    archive = call("get_export", export_id="e")
    assert archive == b"PK\x03\x04\xff" and type(archive) is bytes


def test_a_content_type_none_of_the_documented_is_a_typed_error(
    connect: Callable[..., tuple[Caller, ScriptedServer]]
) -> None:
    call, _ = connect("media_types", [Reply(200, {"Content-Type": "image/png"}, b"\x89PNG")])
    with pytest.raises(call.errors.APIResponseValidationError, match=r"image/png.*none the document lists"):
        call("get_report", report_id="r1")


def test_an_undocumented_2xx_in_several_media_types_parses_by_content_type(
    connect: Callable[..., tuple[Caller, ScriptedServer]]
) -> None:
    call, _ = connect("media_types", [Reply(203, {"Content-Type": "text/csv"}, "a\n"),
                                      Reply(206, JSON, REPORT)])
    assert call("get_report", report_id="r1", format="csv") == "a\n"
    assert type(call("get_report", report_id="r1")) is call.models.Report


def test_the_raw_response_parses_by_content_type_too(
    connect: Callable[..., tuple[Caller, ScriptedServer]]
) -> None:
    call, _ = connect("media_types", [Reply(200, {"Content-Type": "text/csv"}, "a,b\n")])
    raw = call("with_raw_response.get_report", report_id="r1", format="csv")
    assert raw.status_code == 200
    parsed = raw.parse() if call.kind == "sync" else call.runner.run(raw.parse())
    assert parsed == "a,b\n"


TYPED = '''
from __future__ import annotations

import feat_media_types
import feat_undocumented_success


def usage() -> None:
    client = feat_media_types.Client()
    report = client.default.get_report(report_id="r", format="csv")
    if isinstance(report, str):
        lines: list[str] = report.splitlines()
    else:
        rows: int = report.rows
    export = client.default.get_export(export_id="e")
    if isinstance(export, bytes):
        size: int = len(export)
    thing = feat_undocumented_success.Client().default.create_thing(name="lamp")
    name: str = thing.name
    del lines, rows, size, name


async def async_usage() -> str:
    report = await feat_media_types.AsyncClient().default.get_report(report_id="r")
    return report if isinstance(report, str) else report.id


def wrong() -> None:
    feat_media_types.Client().default.get_report(report_id="r").rows
'''


def test_mypy_strict_sees_the_union_and_refuses_to_skip_narrowing(packages: Path) -> None:
    (packages / "typed_usage.py").write_text(TYPED, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         *(f"feat_{name}" for name in PACKAGES), "typed_usage.py"],
        cwd=packages, capture_output=True, text=True, timeout=600, check=False,
    )
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, result.stdout + result.stderr
    wrong_line = TYPED.splitlines().index("def wrong() -> None:") + 2
    assert errors[0].startswith(f"typed_usage.py:{wrong_line}:"), errors
    assert '"str" of "Report | str" has no attribute "rows"' in errors[0]
