"""Issue #5.5 (and the 20 MB case of #5.1): large documents, bounded memory, clear limits.

- The synthetic document of N = 5000 schemas and 1250 operations is a measurement, not a test:
  `make bench` generates it (`bench/generation.py`: every operation kept, the process tree's
  peak under 1 GiB). It took 45 s on a quiet machine and 6 min on a busy one, a third of CI's
  budget; smaller synthetic documents are generated whole in tests/ir/test_synthetic.py.
- A 20 MB document (a small API carrying 20 MB of extension data) validates and generates.
- A document over the loader's size limit is refused with a message that names the limit.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from bench.counting import sync_methods
from bench.synthetic import count_operations, make_spec
from generator.document.read import DEFAULT_MAX_BYTES
from tests.support import resources_source, run_generator_measured

GIB = 1024 * 1024 * 1024


def _twenty_megabytes() -> dict[str, Any]:
    """A small valid API whose document is ~20 MB: bulk extension data next to the operations."""
    spec = make_spec(40)
    spec["x-bulk"] = [
        {"id": i, "text": f"entry {i} " + "lorem ipsum " * 140} for i in range(12_000)
    ]
    return spec


@pytest.mark.timeout(300)
def test_twenty_megabyte_document_validates_and_generates(tmp_path: Path) -> None:
    spec = _twenty_megabytes()
    spec_file = tmp_path / "twenty.json"
    spec_file.write_text(json.dumps(spec, indent=1), encoding="utf-8")
    assert spec_file.stat().st_size > 20 * 10**6
    code, stderr, _, _ = run_generator_measured(["validate", str(spec_file)], timeout=280)
    assert code == 0, stderr
    out = tmp_path / "twenty_client"
    code, stderr, peak, seconds = run_generator_measured(
        ["generate", "--spec", str(spec_file), "--out", str(out)], 280
    )
    print(f"20 MB: {seconds:.0f} s, peak RSS {peak / 2**20:.0f} MiB")
    assert code == 0, stderr
    assert len(
        sync_methods(resources_source(out))
    ) == count_operations(spec)
    assert peak < GIB


def test_document_over_the_size_limit_is_refused_clearly(tmp_path: Path) -> None:
    spec_file = tmp_path / "huge.json"
    with open(spec_file, "wb") as handle:
        handle.write(
            b'{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {}, "x-pad": "'
        )
        handle.truncate(DEFAULT_MAX_BYTES + 1024)  # sparse: cheap to make
        handle.seek(0, os.SEEK_END)
        handle.write(b'"}')
    code, stderr, peak, _ = run_generator_measured(["validate", str(spec_file)], timeout=60)
    assert code == 2  # an input that cannot be read: exit 2, as for every command
    assert "Traceback" not in stderr
    assert str(spec_file) in stderr
    assert "MB" in stderr or "bytes" in stderr, stderr
    assert peak < 256 * 2**20  # refused before reading it all
