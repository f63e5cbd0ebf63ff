"""The feature documents of `tests/feature_specs/` and the packages generated from them.

One package per document: every top-level `*.yaml` file is `feat_<stem>`, every `<dir>/main.yaml`
(a document split over several files) is `feat_<dir>`. The feature tests (tests/pipeline/) and
the golden record (tests/golden/, `make golden`) generate them the same way, through
`write_feature_packages`, so the record holds exactly what the tests exercise.
"""

from __future__ import annotations

from pathlib import Path

from generator import pipeline
from generator.io import write
from tests.support import FEATURE_SPECS


def feature_specs() -> dict[str, Path]:
    """Package name -> document, for every feature document."""
    specs = {f"feat_{path.stem}": path for path in sorted(FEATURE_SPECS.glob("*.yaml"))}
    specs |= {f"feat_{path.parent.name}": path for path in sorted(FEATURE_SPECS.glob("*/main.yaml"))}
    return specs


def write_feature_packages(out: Path) -> dict[str, Path]:
    """Generate every feature package (one in-process `build_packages` call) into `out`.

    Returns package name -> its folder under `out`."""
    specs = feature_specs()
    targets = [pipeline.target_for_spec(path, name) for name, path in specs.items()]
    packages = pipeline.build_packages(targets)
    for name, files in packages.items():
        write.write(files, out / name)
    return {name: out / name for name in specs}
