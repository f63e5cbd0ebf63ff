"""Downloads have a deadline for the whole of them (issue #22 item 7): httpx's timeouts are per
read, so a server sending one byte every so often held `update --from URL` (and remote `$ref`s)
for ever. A trickling server on 127.0.0.1 is cut off at the deadline, with a located message.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.document import bundle
from generator.document.loading import load
from generator.io.fetch import Downloader
from generator.problems import GeneratorError
from tests.hostile_b.hostile import document, write_json

BODY = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n"
HEADERS = b"HTTP/1.1 200 OK\r\nX-Slow: "


def _trickle(connection: socket.socket, start: bytes, stop: threading.Event) -> None:
    """Answer with `start` at once (or byte by byte when it is headers), then a byte every
    0.2 s until the test ends."""
    with connection:
        try:
            connection.recv(65536)
            if start is BODY:
                connection.sendall(start)
            for byte in (start if start is HEADERS else b"") + b"x" * 10_000:
                if stop.wait(0.2):
                    return
                connection.sendall(bytes([byte]))
        except OSError:
            return


@pytest.fixture(params=["body", "headers"])
def trickling_url(request: pytest.FixtureRequest) -> Iterator[str]:
    start = BODY if request.param == "body" else HEADERS
    stop = threading.Event()
    server = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except OSError:
                return
            threading.Thread(target=_trickle, args=(connection, start, stop), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}/spec.json"
    stop.set()
    server.close()


def test_download_ends_at_its_deadline(trickling_url: str) -> None:
    started = time.monotonic()
    with (Downloader(max_bytes=1_000_000, timeout=1.5) as downloader,
          pytest.raises(GeneratorError) as stalled):
        downloader.bytes(trickling_url)
    assert time.monotonic() - started < 5
    problem = stalled.value.problems[0]
    assert problem.file == trickling_url and "within 2 s" in problem.message


def test_all_downloads_share_one_deadline(trickling_url: str) -> None:
    with Downloader(max_bytes=1_000_000, timeout=10, total=1.0) as downloader:
        started = time.monotonic()
        with pytest.raises(GeneratorError):
            downloader.bytes(trickling_url)
        assert time.monotonic() - started < 4
        with pytest.raises(GeneratorError) as spent:
            downloader.bytes(trickling_url)
    assert "used up" in spent.value.problems[0].message


def test_remote_ref_from_a_trickling_server_is_refused_in_time(
        trickling_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle, "REMOTE_TIMEOUT_SECONDS", 1.0)
    spec = write_json(tmp_path / "spec.json", document({"S1": {"$ref": trickling_url + "#/S"}}))
    started = time.monotonic()
    with pytest.raises(GeneratorError) as refused:
        load(spec, allow_remote_refs=True)
    assert time.monotonic() - started < 5
    assert any(trickling_url in p.file and "cannot download" in p.message
               for p in refused.value.problems)


def test_update_from_a_trickling_url_ends(trickling_url: str, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from generator.cli import update
    from generator.cli.main import main

    monkeypatch.setattr(update, "DOWNLOAD_TIMEOUT", 1.5)
    started = time.monotonic()
    code = main(["update", "ionos", "--from", trickling_url, "--output", "/nonexistent"])
    assert time.monotonic() - started < 6
    assert code == 2
    err = capsys.readouterr().err
    assert trickling_url in err and "nothing was changed" in err


@pytest.mark.parametrize("trickling_url", ["body"], indirect=True)  # headers: only a body read checks it
def test_the_reader_seeing_the_deadline_first_says_the_same(
        trickling_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a loaded machine the reading thread can pass its deadline before the caller's `join`
    wakes: the message must not depend on which thread noticed first."""
    join = threading.Thread.join
    monkeypatch.setattr(threading.Thread, "join",
                        lambda self, timeout=None: join(self, None if timeout else timeout))
    with (Downloader(max_bytes=1_000_000, timeout=1.0) as downloader,
          pytest.raises(GeneratorError) as stalled):
        downloader.bytes(trickling_url)
    assert "no complete response within 1 s" in stalled.value.problems[0].message
