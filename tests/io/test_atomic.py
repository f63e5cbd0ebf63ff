"""Issue #5.3: a failing or interrupted generation leaves the output folder byte-identical.

- SIGKILL at random moments of a real `python -m generator generate` (and at the moment its
  staging folder appears, to hit the write phase): each package is then exactly the old tree or
  exactly the new one, never partial; the next run removes what the killed one left behind.
- SIGINT while writing: nothing written, exit 130.
- formatter missing or failing, a template that raises, a template producing invalid Python,
  an error while staging the second of two packages: the folder is unchanged.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from generator import cli
from generator.io import provenance, write
from generator.output import format
from generator.problems import GeneratorError
from generator.render import package as render
from tests.support import GENERATED, PROVIDERS, ROOT

Tree = dict[str, bytes | None]


def snapshot(folder: Path) -> Tree:
    """Every entry under `folder`, hidden ones too: relative path -> bytes (None: a folder)."""
    return {
        path.relative_to(folder).as_posix(): None if path.is_dir() else path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if "__pycache__" not in path.parts
    }


def subtree(tree: Tree, name: str) -> Tree:
    return {
        key[len(name) + 1 :]: value for key, value in tree.items() if key.startswith(name + "/")
    }


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A frozen copy of the generator, templates, specs and generated/: the subprocess runs are
    unaffected by edits made to the working tree while the test runs."""
    root = tmp_path_factory.mktemp("repo")
    for part in ("generator", "templates", "specs", "generated"):
        shutil.copytree(ROOT / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def outdated_copy(root: Path, source: Path = GENERATED) -> Path:
    """A copy of generated/ that differs from a fresh generation in every package."""
    out = root / "generated"
    shutil.copytree(source, out, ignore=shutil.ignore_patterns("__pycache__"))
    for name in PROVIDERS:
        with open(out / name / "_client.py", "a", encoding="utf-8") as handle:
            handle.write("# an older generation\n")
        (out / name / "py.typed").unlink()
        (out / name / "stale_module.py").write_text("OLD = 1\n", encoding="utf-8")
        # an older generation wrote these: its record says so (else they would be refused as a
        # user's file and a hand edit)
        record = json.loads((out / name / "PROVENANCE.json").read_text(encoding="utf-8"))
        record["files"]["stale_module.py"] = hashlib.sha256(b"OLD = 1\n").hexdigest()
        record["files"]["_client.py"] = hashlib.sha256((out / name / "_client.py").read_bytes()).hexdigest()
        (out / name / "PROVENANCE.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    return out


def assert_each_package_whole(out: Path, old: Tree, new: Tree) -> set[str]:
    """Each package is the old or the new tree; only hidden staging folders may be extra."""
    now = snapshot(out)
    visible = {key.split("/")[0] for key in now if not key.startswith(".")}
    assert visible == set(PROVIDERS), sorted(visible)
    states = set()
    for name in PROVIDERS:
        package = subtree(now, name)
        if package == subtree(old, name):
            states.add("old")
        elif package == subtree(new, name):
            states.add("new")
        else:
            changed = sorted(
                k
                for k in set(package) | set(subtree(new, name))
                if package.get(k) != subtree(new, name).get(k)
            )
            pytest.fail(f"{name} is partial: {changed[:5]}")
    for key in now:
        top = key.split("/")[0]
        if top.startswith("."):
            assert any(top.startswith((f".{name}.new-", f".{name}.old-")) for name in PROVIDERS), (
                top
            )
    return states


def _start(repo: Path, out: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "generator", "generate", "--out", str(out)],
        cwd=repo,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _wait_for_staging(out: Path, process: subprocess.Popen[bytes], limit: float) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and process.poll() is None:
        if any(entry.startswith(".") for entry in os.listdir(out)):
            return True
    return False


@pytest.mark.timeout(600)  # a dozen generations: minutes on a loaded 2-core machine
def test_sigkill_mid_generation_leaves_whole_packages(tmp_path: Path, repo: Path) -> None:
    rng = random.Random(5)
    master = outdated_copy(tmp_path / "master", repo / "generated")
    old = snapshot(master)
    out = tmp_path / "generated"
    shutil.copytree(master, out)
    start = time.monotonic()
    first = _start(repo, out)
    first.communicate(timeout=120)
    duration = time.monotonic() - start
    assert first.returncode == 0
    fresh = snapshot(out)  # what a complete run writes
    assert all(subtree(fresh, name) != subtree(old, name) for name in PROVIDERS)
    seen: set[str] = set()
    for attempt in range(10):
        shutil.rmtree(out)
        shutil.copytree(master, out)
        assert snapshot(out) == old
        process = _start(repo, out)
        try:
            if attempt % 2:
                time.sleep(rng.uniform(0.0, duration))  # anywhere in the run
            elif _wait_for_staging(out, process, 60):
                time.sleep(rng.uniform(0.0, 0.02))  # while staging or swapping
            process.send_signal(signal.SIGKILL)
        finally:
            process.communicate(timeout=60)
        seen |= assert_each_package_whole(out, old, fresh)
    assert "old" in seen  # the kills did land before the swaps at least sometimes
    # the next complete run writes the new tree and removes the killed runs' leftovers
    process = _start(repo, out)
    process.communicate(timeout=120)
    assert process.returncode == 0
    assert snapshot(out) == fresh


def test_sigint_while_writing_writes_nothing(tmp_path: Path, repo: Path) -> None:
    out = outdated_copy(tmp_path, repo / "generated")
    old = snapshot(out)
    process = _start(repo, out)
    try:
        staged = _wait_for_staging(out, process, 60)
        process.send_signal(signal.SIGINT)
    finally:
        _, stderr = process.communicate(timeout=60)
    assert b"Traceback" not in stderr
    if staged and process.returncode == 130 and b"interrupted; nothing was written" in stderr:
        assert snapshot(out) == old
        return
    # the signal came during the swaps (ignored: exit 0) or after them (exit 130, and the
    # message must say the packages were written): either way all of it is written
    if process.returncode == 130:
        assert b"interrupted after writing: " in stderr, stderr
        assert all(str(out / name).encode() in stderr for name in PROVIDERS), stderr
    else:
        assert process.returncode == 0, stderr
    assert all(subtree(snapshot(out), name) != subtree(old, name) for name in PROVIDERS)


def test_an_interrupt_after_the_swaps_says_what_was_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C landing after every package was swapped in (here: while the coverage report
    prints) must not claim that nothing was written."""
    out = outdated_copy(tmp_path)

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module("generator.cli.main"), "_report_coverage", interrupted)
    code, err = _generate_in_process(out, capsys)
    assert code == 130
    assert "nothing was written" not in err
    assert err.strip() == "interrupted after writing: " + ", ".join(
        str(out.resolve() / name) for name in sorted(PROVIDERS)
    )
    assert all(not (out / name / "stale_module.py").exists() for name in PROVIDERS)


def test_an_interrupt_before_writing_says_nothing_was_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = outdated_copy(tmp_path)
    before = snapshot(out)

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(write, "_fill", interrupted)
    code, err = _generate_in_process(out, capsys)
    assert (code, err.strip()) == (130, "interrupted; nothing was written")
    assert snapshot(out) == before


def _generate_in_process(out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = cli.main(["generate", "--out", str(out)])
    return code, capsys.readouterr().err


def test_formatter_missing_leaves_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = outdated_copy(tmp_path)
    before = snapshot(tmp_path)
    monkeypatch.setattr(format, "_ruff", lambda: str(tmp_path / "no-such-ruff"))
    code, err = _generate_in_process(out, capsys)
    assert code != 0
    assert "cannot run the formatter" in err and "Traceback" not in err
    assert snapshot(tmp_path) == before


def test_formatter_failure_leaves_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "bin" / "ruff"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'error: ruff exploded' >&2\nexit 2\n", encoding="utf-8")
    fake.chmod(0o755)
    out = outdated_copy(tmp_path)
    before = snapshot(tmp_path)
    monkeypatch.setattr(format, "_ruff", lambda: str(fake))
    code, err = _generate_in_process(out, capsys)
    assert code != 0
    assert "ruff failed: error: ruff exploded" in err
    assert snapshot(tmp_path) == before


def _broken_templates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, insert: str) -> None:
    templates = tmp_path / "templates"
    shutil.copytree(render.TEMPLATES, templates, ignore=shutil.ignore_patterns("__pycache__"))
    resources = templates / "resources" / "resource.py.jinja"
    resources.write_text(resources.read_text(encoding="utf-8") + insert, encoding="utf-8")
    monkeypatch.setattr(render, "TEMPLATES", templates)
    monkeypatch.setattr(render, "RUNTIME", templates / "runtime")


def test_template_error_leaves_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = outdated_copy(tmp_path / "work")
    before = snapshot(out)
    _broken_templates(tmp_path, monkeypatch, "{{ no_such_variable.attribute }}\n")
    code, err = _generate_in_process(out, capsys)
    assert code != 0
    assert "no_such_variable" in err and "Traceback" not in err
    assert snapshot(out) == before


def test_template_producing_invalid_python_leaves_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = outdated_copy(tmp_path / "work")
    before = snapshot(out)
    _broken_templates(tmp_path, monkeypatch, "def broken(:\n")
    code, err = _generate_in_process(out, capsys)
    assert code != 0
    # the compile check reads the text while ruff works: it names the file and line
    assert re.search(r"resources/\w+\.py:\d+: generated code does not compile", err), err
    assert snapshot(out) == before


def packaged(files: dict[str, str]) -> dict[str, str]:
    """`files` with the PROVENANCE.json a generation writes beside them (a package of ours)."""
    return {**files, provenance.FILENAME: provenance.record(files, {"spec_sha256": "0" * 64}, {})}


def test_error_while_staging_the_second_package_writes_neither(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    write.write(packaged({"a.py": "A = 1\n"}), first)
    write.write(packaged({"b.py": "B = 1\n"}), second)
    before = snapshot(tmp_path)
    real_fill = write._fill
    calls: list[Path] = []

    def failing_fill(staging: Path, files: dict[str, str], mode: int, previous: Path) -> None:
        calls.append(staging)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real_fill(staging, files, mode, previous)

    monkeypatch.setattr(write, "_fill", failing_fill)
    with pytest.raises(GeneratorError, match="two: cannot write the package here: No space left"):
        write.write_many({first: {"a.py": "A = 2\n"}, second: {"b.py": "B = 2\n"}})
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("exchange", [True, False], ids=["renameat2-exchange", "two-renames"])
def test_swap_replaces_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exchange: bool
) -> None:
    if not exchange:
        monkeypatch.setattr(write, "_exchange", lambda first, second: False)
    dest = tmp_path / "pkg"
    write.write(packaged({"old.py": "X = 1\n", "sub/deep.py": "Y = 2\n"}), dest)
    new = packaged({"new.py": "Z = 'é'\n"})
    write.write(new, dest)
    assert snapshot(tmp_path) == {
        "pkg": None,
        "pkg/PROVENANCE.json": new["PROVENANCE.json"].encode(),
        "pkg/new.py": "Z = 'é'\n".encode(),
    }
    assert (dest.stat().st_mode & 0o777) == 0o777 & ~_umask()


def test_exchange_swaps_two_folders_in_one_step(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "from_a").write_text("a", encoding="utf-8")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "from_b").write_text("b", encoding="utf-8")
    if not write._exchange(tmp_path / "a", tmp_path / "b"):
        pytest.skip("no renameat2(RENAME_EXCHANGE) on this platform/filesystem")
    assert os.listdir(tmp_path / "a") == ["from_b"]
    assert os.listdir(tmp_path / "b") == ["from_a"]


def test_stale_staging_of_dead_runs_is_removed_live_ones_kept(tmp_path: Path) -> None:
    """Issue #13.10: only our exact temporary pattern (`.NAME.new-PID-xxxxxxxx`), and only when
    that process is gone; a look-alike (`.pkg.old-backup`, a short suffix) is the user's."""
    dest = tmp_path / "pkg"
    write.write(packaged({"m.py": "M = 1\n"}), dest)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        dead = subprocess.run(
            [sys.executable, "-c", "import os; print(os.getpid())"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        ours_dead = (f".pkg.new-{dead}-ab12_x9z", f".pkg.old-{dead}-q0w9e8r7",
                     ".pkg.new-99999999999999999999-abcdefgh")  # no such pid can exist
        kept = (
            f".pkg.new-{sleeper.pid}-abcdefgh",  # its process still runs
            ".pkg.old-backup",  # a user's backup named like a leftover
            f".pkg.new-{dead}-x1",  # not what mkdtemp makes
            ".pkg.new-abc",
            f".pkg.new-{dead}-ABCDEFGH",
            ".other.new-1-abcdefgh",  # another destination's
        )
        for name in (*ours_dead, *kept):
            (tmp_path / name).mkdir()
            (tmp_path / name / "half.py").write_text("", encoding="utf-8")
        write.write(packaged({"m.py": "M = 2\n"}), dest)
        assert sorted(os.listdir(tmp_path)) == sorted([*kept, "pkg"])
    finally:
        sleeper.kill()
        sleeper.wait()


def test_refuses_to_replace_a_file_or_a_foreign_folder(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "main.py").write_text("print()", encoding="utf-8")
    # a file named PROVENANCE.json is not enough: it must be a record of ours
    (tmp_path / "fake").mkdir()
    (tmp_path / "fake" / "PROVENANCE.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / "fake" / "notes.txt").write_text("mine", encoding="utf-8")
    before = snapshot(tmp_path)
    for dest, message in (
        (tmp_path / "file", "not a folder"),
        (tmp_path / "project", r"would delete \(main\.py\)"),
        (tmp_path / "fake", r"would delete \(PROVENANCE\.json, notes\.txt\)"),
    ):
        with pytest.raises(GeneratorError, match=message):
            write.write({"a.py": ""}, dest)
    assert snapshot(tmp_path) == before
    write.write({"a.py": ""}, tmp_path / "empty")  # a new or empty folder is fine
    assert (tmp_path / "empty" / "a.py").exists()


def test_a_file_added_inside_a_package_is_not_deleted_without_force(tmp_path: Path) -> None:
    """Issue #13.10: a generated package a user added a file to is refused, the files named;
    `force` replaces it; caches Python wrote are not the user's."""
    dest = tmp_path / "pkg"
    write.write(packaged({"m.py": "M = 1\n"}), dest)
    (dest / "__pycache__").mkdir()
    (dest / "__pycache__" / "m.cpython-311.pyc").write_bytes(b"\0")
    write.write(packaged({"m.py": "M = 2\n"}), dest)  # only ours and caches: replaced
    (dest / "local_helpers.py").write_text("X = 1\n", encoding="utf-8")
    (dest / "docs").mkdir()
    (dest / "docs" / "notes.md").write_text("mine\n", encoding="utf-8")
    before = snapshot(tmp_path)
    with pytest.raises(GeneratorError, match=r"\(docs/notes\.md, local_helpers\.py\)") as raised:
        write.write(packaged({"m.py": "M = 3\n"}), dest)
    assert "--force" in raised.value.problems[0].hint
    assert snapshot(tmp_path) == before
    write.write(packaged({"m.py": "M = 3\n"}), dest, force=True)
    assert sorted(os.listdir(dest)) == ["PROVENANCE.json", "m.py"]


def test_a_users_file_inside_a_python_cache_folder_is_theirs(tmp_path: Path) -> None:
    """Only what Python compiles into `__pycache__` is a cache: anything else there is kept."""
    dest = tmp_path / "pkg"
    write.write(packaged({"m.py": "M = 1\n"}), dest)
    (dest / "__pycache__").mkdir()
    (dest / "__pycache__" / "m.cpython-311.pyc").write_bytes(b"\0")
    (dest / "__pycache__" / "mynotes.md").write_text("mine\n", encoding="utf-8")
    before = snapshot(tmp_path)
    with pytest.raises(GeneratorError, match=r"__pycache__/mynotes\.md"):
        write.write(packaged({"m.py": "M = 2\n"}), dest)
    assert snapshot(tmp_path) == before


def test_a_hand_edit_inside_a_package_is_not_discarded_without_force(tmp_path: Path) -> None:
    """A generated file someone edited (its bytes no longer what the record says was written) is
    their work: replacing the package is refused, the file named, nothing written; `force` (or
    `discard_edits`, which `update --discard-edits` passes) replaces it. A file deleted from the
    package is not someone's work: regenerating restores it."""
    dest = tmp_path / "pkg"
    write.write(packaged({"m.py": "M = 1\n", "n.py": "N = 1\n"}), dest)
    (dest / "n.py").unlink()
    write.write(packaged({"m.py": "M = 2\n", "n.py": "N = 1\n"}), dest)  # a deletion: replaced
    assert (dest / "n.py").read_text(encoding="utf-8") == "N = 1\n"
    (dest / "m.py").write_text("M = 2  # tuned by hand\n", encoding="utf-8")
    before = snapshot(tmp_path)
    with pytest.raises(GeneratorError, match=r"hand edits replacing it would discard \(m\.py\)") as raised:
        write.write(packaged({"m.py": "M = 3\n", "n.py": "N = 1\n"}), dest)
    assert "--force" in raised.value.problems[0].hint
    assert snapshot(tmp_path) == before
    write.write(packaged({"m.py": "M = 3\n", "n.py": "N = 1\n"}), dest, discard_edits=True)
    assert (dest / "m.py").read_text(encoding="utf-8") == "M = 3\n"
    (dest / "m.py").write_text("M = 3  # again\n", encoding="utf-8")
    write.write(packaged({"m.py": "M = 4\n", "n.py": "N = 1\n"}), dest, force=True)
    assert (dest / "m.py").read_text(encoding="utf-8") == "M = 4\n"


def test_a_file_already_as_the_new_package_has_it_is_no_hand_edit(tmp_path: Path) -> None:
    """After a merge, a generated file may differ from the old record but already hold what the
    new generation writes: replacing it loses nothing, so it is not refused."""
    dest = tmp_path / "pkg"
    write.write(packaged({"m.py": "M = 1\n", "n.py": "N = 1\n"}), dest)
    (dest / "m.py").write_text("M = 2\n", encoding="utf-8")  # what the other branch generated
    write.write(packaged({"m.py": "M = 2\n", "n.py": "N = 2\n"}), dest)
    assert (dest / "n.py").read_text(encoding="utf-8") == "N = 2\n"
    (dest / "m.py").write_text("M = 3  # mine\n", encoding="utf-8")
    with pytest.raises(GeneratorError, match=r"hand edits replacing it would discard \(m\.py\)"):
        write.write(packaged({"m.py": "M = 2\n", "n.py": "N = 2\n"}), dest)


def test_a_folder_with_added_files_and_hand_edits_names_both_at_once(tmp_path: Path) -> None:
    """One refusal lists every reason, so one run tells the user all there is to move."""
    dest = tmp_path / "pkg"
    write.write(packaged({"m.py": "M = 1\n"}), dest)
    (dest / "m.py").write_text("M = 1  # mine\n", encoding="utf-8")
    (dest / "notes.md").write_text("mine\n", encoding="utf-8")
    with pytest.raises(GeneratorError) as raised:
        write.write(packaged({"m.py": "M = 2\n"}), dest)
    messages = [problem.message for problem in raised.value.problems]
    assert len(messages) == 2
    assert "(notes.md)" in messages[0] and "hand edits replacing it would discard (m.py)" in messages[1]


@pytest.mark.parametrize("listed", ["../outside.txt", "/etc/hostname", "//etc/hostname",
                                    "sub/../../outside.txt", "sub/./../../outside.txt"])
def test_a_record_naming_files_outside_its_folder_is_not_ours(tmp_path: Path, listed: str) -> None:
    """A PROVENANCE.json listing a path outside its folder was not written by this generator:
    the folder is refused as foreign (nothing outside it is read as part of the package)."""
    dest = tmp_path / "pkg"
    write.write(packaged({"m.py": "M = 1\n"}), dest)
    record = json.loads((dest / "PROVENANCE.json").read_text(encoding="utf-8"))
    record["files"][listed] = "0" * 64
    (dest / "PROVENANCE.json").write_text(json.dumps(record), encoding="utf-8")
    assert provenance.read(dest) is None
    with pytest.raises(GeneratorError, match="not only a package this generator wrote"):
        write.write(packaged({"m.py": "M = 2\n"}), dest)
    assert (dest / "m.py").read_text(encoding="utf-8") == "M = 1\n"


def test_generate_refuses_to_discard_a_hand_edit(tmp_path: Path) -> None:
    """On the command line: exit 1 (an input error of `generate`), the file named, `--force`
    named as the way out, the package untouched; with `--force` it is regenerated."""
    out = tmp_path / "ionos"
    assert cli.main(["generate", "ionos", "--out", str(out)]) == 0
    edited = out / "_client.py"
    edited.write_text(edited.read_text(encoding="utf-8") + "# my fix\n", encoding="utf-8")
    before = snapshot(tmp_path)
    result = subprocess.run([sys.executable, "-m", "generator", "generate", "ionos", "--out", str(out)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1, result.stderr
    assert "hand edits replacing it would discard (_client.py)" in result.stderr
    assert "pass --force to discard them" in result.stderr and "Traceback" not in result.stderr
    assert snapshot(tmp_path) == before
    assert cli.main(["generate", "ionos", "--out", str(out), "--force"]) == 0
    assert "# my fix" not in edited.read_text(encoding="utf-8")


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_an_interrupt_right_after_a_staging_folder_is_made_leaves_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C between making a staging folder and recording it (the window the SIGINT test above
    sometimes hits under load): nothing is written and no `.NAME.new-PID-*` folder is left."""
    dest = tmp_path / "pkg"
    write.write(packaged({"a.py": "A = 1\n"}), dest)
    before = snapshot(tmp_path)
    real_mkdtemp = write.tempfile.mkdtemp

    def interrupted_mkdtemp(*args: Any, **kwargs: Any) -> str:
        real_mkdtemp(*args, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(write.tempfile, "mkdtemp", interrupted_mkdtemp)
    with pytest.raises(KeyboardInterrupt):
        write.write(packaged({"a.py": "A = 2\n"}), dest)
    assert snapshot(tmp_path) == before
