"""dcg in a worker child (`run.dcg_worker`): `generate`, on small inputs, forks
a worker that readies dcg while this process loads, and has it run dcg's inputs. Its text is
the one this process makes, byte for byte; a worker that died, an input too large to send and a
dcg failure leave the run to this process (the failure then the same located problem); the
worker never outlives the block, however it ends; a large input starts none, and a package
found in the cache leaves it unasked."""

from __future__ import annotations

import functools
import importlib
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from generator import pipeline
from generator.cli import main as cli_main
from generator.io.children import Worker
from generator.manifest import load_manifest
from generator.models import run
from generator.problems import GeneratorError
from tests.support import FEATURE_SPECS, MANIFEST

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the worker is forked (Linux)")

cli_module = importlib.import_module("generator.cli.main")
SPEC = FEATURE_SPECS / "defaults.yaml"
# shapes dcg folds, wraps, renames and recurses through; several files
FEATURE_DOCUMENTS = ("all_of.yaml", "enums.yaml", "names.yaml", "recursive.yaml",
                     "root_models.yaml", "openapi31_nullable.yaml", "multi_file/main.yaml")


def _targets() -> list[pipeline.Target]:
    providers = [pipeline.target_for(provider) for provider in load_manifest(MANIFEST).providers]
    return providers + [pipeline.target_for_spec(FEATURE_SPECS / name, f"feature{index}")
                        for index, name in enumerate(FEATURE_DOCUMENTS)]


def _packages(targets: list[pipeline.Target]) -> dict[str, dict[str, str]]:
    return pipeline.build_packages(targets, cache=None)


def _not_here(*args: Any) -> str:
    raise AssertionError("dcg ran in this process, not in the worker")


def _gone(pid: int) -> bool:
    return not Path(f"/proc/{pid}").exists()


def test_the_worker_runs_dcg_for_each_input_to_the_bytes_this_process_makes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    targets = _targets()
    alone = _packages(targets)
    with run.dcg_worker(True) as worker:
        assert worker is not None
        monkeypatch.setattr(run, "_dcg_in", _not_here)  # after the fork: the worker has dcg's
        beside = _packages(targets)
    assert worker.answered >= len(targets)
    assert beside == alone


def test_a_worker_that_died_leaves_dcg_to_this_process() -> None:
    target = [pipeline.target_for_spec(SPEC, "pkg")]
    alone = _packages(target)
    with run.dcg_worker(True) as worker:
        assert worker is not None
        pid = worker.pid
        os.kill(pid, signal.SIGKILL)
        beside = _packages(target)
    assert worker.answered == 0 and _gone(pid)
    assert beside == alone


def test_an_input_over_the_request_bound_is_run_here(monkeypatch: pytest.MonkeyPatch) -> None:
    target = [pipeline.target_for_spec(SPEC, "pkg")]
    alone = _packages(target)
    monkeypatch.setattr(run, "_WORKER_MAX_REQUEST_BYTES", 10)
    running: list[int] = []  # the worker's pid once each input was run here
    real = run._dcg_here

    def recording(*args: Any, **kwargs: Any) -> str:
        text = real(*args, **kwargs)
        running.append(run._worker.pid if run._worker is not None else 0)
        return text

    monkeypatch.setattr(run, "_dcg_here", recording)
    with run.dcg_worker(True) as worker:
        assert worker is not None
        beside = _packages(target)
    assert running and all(running)  # not a failure: the worker is kept for smaller inputs
    assert worker.answered == 0
    assert beside == alone


def test_a_dcg_failure_is_the_same_located_problem_with_a_worker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = run._run_dcg

    def failing(document: dict[str, Any], settings_dir: Path, aliases: dict[str, str],
                reserved: frozenset[str] = frozenset()) -> str:
        if document is run._WARM_UP_INPUT:
            return real(document, settings_dir, aliases, reserved)
        raise ValueError("Error at schema path '#/components/schemas/Item/properties/name': "
                         "no such type\nthe rest of dcg's message")

    monkeypatch.setattr(run, "_run_dcg", failing)  # before the fork: the worker fails as well
    target = [pipeline.target_for_spec(SPEC, "pkg")]
    with pytest.raises(GeneratorError) as alone:
        _packages(target)
    with run.dcg_worker(True) as worker, pytest.raises(GeneratorError) as beside:
        _packages(target)
    assert worker is not None and worker.answered >= 1  # asked, and it said "run it yourself"
    assert beside.value.problems == alone.value.problems
    # (the document writes no `Item`: the problem names it, at the component schemas)
    assert beside.value.problems[0].pointer == "/components/schemas"
    assert "(in `Item`, a schema the generator made" in beside.value.problems[0].message
    cause = beside.value.__cause__  # raised here, so --debug shows where
    assert isinstance(cause, ValueError) and cause.__traceback__ is not None


@pytest.mark.parametrize("error", [GeneratorError([]), KeyboardInterrupt()],
                         ids=["GeneratorError", "KeyboardInterrupt"])
def test_the_worker_is_stopped_however_the_block_ends(error: BaseException) -> None:
    pid = 0
    with pytest.raises(type(error)), run.dcg_worker(True) as worker:
        assert worker is not None
        pid = worker.pid
        raise error
    assert pid and _gone(pid)
    assert run._worker is None


def test_no_worker_when_not_wanted() -> None:
    with run.dcg_worker(False) as worker:
        assert worker is None and run._worker is None


def test_only_small_regular_files_are_small_enough(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b" " * (run.WORKER_MAX_INPUT_BYTES + 1))
    assert run.small_enough_for_worker([SPEC, FEATURE_SPECS / "multi_file" / "main.yaml"])
    assert not run.small_enough_for_worker([big])
    assert not run.small_enough_for_worker([SPEC, tmp_path / "missing.yaml"])
    assert not run.small_enough_for_worker([tmp_path])


@contextmanager
def _recorded(seen: list[tuple[Worker | None, int]], wanted: bool,
              **options: bool) -> Iterator[Worker | None]:
    with _REAL_DCG_WORKER(wanted, **options) as worker:
        seen.append((worker, worker.pid if worker is not None else 0))
        yield worker


_REAL_DCG_WORKER = run.dcg_worker


def _generate(args: list[str], monkeypatch: pytest.MonkeyPatch) -> list[tuple[Worker | None, int]]:
    seen: list[tuple[Worker | None, int]] = []
    monkeypatch.setattr(run, "dcg_worker", functools.partial(_recorded, seen))
    assert cli_main(["generate", *args]) == 0
    return seen


def test_generate_without_a_cache_runs_dcg_in_a_worker_that_ends_with_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    [(worker, pid)] = _generate(["--spec", str(SPEC), "--out", str(tmp_path / "pkg"),
                                 "--no-cache"], monkeypatch)
    assert worker is not None and worker.answered >= 1
    assert worker.pid == 0 and _gone(pid)


def test_generate_with_a_cold_cache_runs_dcg_in_the_worker_and_a_warm_one_leaves_it_unasked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A user's first run has the cache on: dcg runs in the worker then too. The second run
    finds the package in the cache: the worker is stopped without a request. With a cache
    this process does not import pydantic for the children (they may have nothing to do)."""
    monkeypatch.delenv("OPENAPI_CLIENTGEN_NO_CACHE", raising=False)
    monkeypatch.setenv("OPENAPI_CLIENTGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(run, "import_shared_dependencies", _not_here)
    out = str(tmp_path / "pkg")
    [(cold, cold_pid)] = _generate(["--spec", str(SPEC), "--out", out], monkeypatch)
    assert cold is not None and cold.answered >= 1
    [(warm, warm_pid)] = _generate(["--spec", str(SPEC), "--out", out], monkeypatch)
    assert warm is not None and warm.answered == 0
    assert _gone(cold_pid) and _gone(warm_pid)


def _pays(*args: str) -> bool:
    return cli_module._dcg_worker_pays(cli_module._parser().parse_args(["generate", *args]))


def test_a_large_input_or_a_wrong_command_line_starts_no_worker(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b" " * (run.WORKER_MAX_INPUT_BYTES + 1))
    out = str(tmp_path / "out")
    assert _pays("--spec", str(SPEC), "--out", out, "--no-cache")
    assert _pays("--no-cache", "--manifest", str(MANIFEST))  # the three providers
    assert not _pays("--spec", str(big), "--out", out, "--no-cache")
    assert not _pays("--no-cache", "--manifest", str(MANIFEST), "no-such-provider")
    assert not _pays("--no-cache", "--manifest", str(tmp_path / "missing.yaml"))


def _runs_seen(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The documents dcg runs on in this process, in order, from now on."""
    seen: list[dict[str, Any]] = []
    real = run._run_dcg

    def recorded(document: dict[str, Any], settings_dir: Path, aliases: dict[str, str],
                 reserved: frozenset[str] = frozenset()) -> str:
        seen.append(document)
        return real(document, settings_dir, aliases, reserved)

    monkeypatch.setattr(run, "_run_dcg", recorded)
    return seen


def test_a_large_input_run_here_first_runs_the_warm_up_once_and_makes_the_same_bytes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a worker, a process's first dcg run on an input of `WARM_UP_MIN_SCHEMAS`
    schemas or more is preceded by the warm-up run (whose objects are then frozen with the
    rest during the real run); the models are the ones made without it."""
    targets = [pipeline.target_for_spec(FEATURE_SPECS / name, f"feature{index}")
               for index, name in enumerate(("all_of.yaml", "enums.yaml"))]
    monkeypatch.setattr(run, "_warmed_up", True)
    plain = _packages(targets)
    monkeypatch.setattr(run, "_warmed_up", False)
    monkeypatch.setattr(run, "WARM_UP_MIN_SCHEMAS", 2)
    seen = _runs_seen(monkeypatch)
    warmed = _packages(targets)
    assert seen[0] is run._WARM_UP_INPUT
    assert [document is run._WARM_UP_INPUT for document in seen].count(True) == 1
    assert len(seen) > 2 and warmed == plain


def test_a_small_input_runs_no_warm_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run, "_warmed_up", False)
    monkeypatch.setattr(run, "WARM_UP_MIN_SCHEMAS", 10_000)
    seen = _runs_seen(monkeypatch)
    _packages([pipeline.target_for_spec(SPEC, "pkg")])
    assert seen and all(document is not run._WARM_UP_INPUT for document in seen)


class _InACycle:
    """An object in a reference cycle: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_the_worker_runs_dcg_without_the_collector_and_collects_once_it_has_answered(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The collector's passes during dcg's run are paid while this process waits; the one
    collection of what the run left in cycles comes after the answer is sent."""
    import gc
    import weakref

    real = run._run_dcg
    states: list[bool] = []

    def recording(document: dict[str, Any], settings_dir: Path, aliases: dict[str, str],
                  reserved: frozenset[str] = frozenset()) -> str:
        states.append(gc.isenabled())
        return real(document, settings_dir, aliases, reserved)

    monkeypatch.setattr(run, "_run_dcg", recording)
    assert gc.isenabled()
    text = run._serve((run._WARM_UP_INPUT, {}, frozenset()))
    assert "class Item" in text and states == [False] and gc.isenabled()

    gc.disable()
    try:
        left = weakref.ref(_InACycle())
        assert left() is not None
        run._collected_and_given_back()
        assert left() is None
    finally:
        gc.enable()

    marker = tmp_path / "collected"

    def mark() -> None:  # whole or not at all: the test reads it as soon as it is there
        (tmp_path / "collecting").write_text("after")
        os.replace(tmp_path / "collecting", marker)

    monkeypatch.setattr(run, "_collected_and_given_back", mark)
    with run.dcg_worker(True) as worker:  # (the idle step is the worker's, after each answer)
        assert worker is not None
        # Asked directly: a generation stops the worker once every model is made
        # (`every_model_made`), which can come before the idle step has run.
        answer = worker.ask((run._WARM_UP_INPUT, {}, frozenset()))
        assert isinstance(answer, str) and "class Item" in answer and worker.answered == 1
        _wait_for(marker)  # (written once the answer was sent: the block ending would kill it)
    assert marker.read_text() == "after"


def _wait_for(path: Path, seconds: float = 30.0) -> None:
    import time

    deadline = time.monotonic() + seconds
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.01)


def test_the_worker_is_stopped_once_every_model_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its heap would stand beside the format stage's processes (GitHub: a tree peak of 713
    against 641 MiB); a generation made again after the validator's verdict makes its models
    here."""
    stages: list[int] = []
    real = pipeline._formatted_and_read_back

    def recording(*args: Any, **kwargs: Any) -> Any:
        stages.append(run._worker.pid if run._worker is not None else -1)
        return real(*args, **kwargs)

    monkeypatch.setattr(pipeline, "_formatted_and_read_back", recording)
    targets = [pipeline.target_for_spec(FEATURE_SPECS / name, f"pkg{index}")
               for index, name in enumerate(("defaults.yaml", "enums.yaml"))]
    with run.dcg_worker(True) as worker:
        assert worker is not None
        pid = worker.pid
        packages = pipeline.build_packages(targets, cache=None)
    assert stages == [0] and worker.answered == 2 and _gone(pid)
    assert packages == pipeline.build_packages(targets, cache=None)  # (made here alone)
