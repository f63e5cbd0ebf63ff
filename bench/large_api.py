"""The "large API" rows (issue #20): GitHub's REST API as a Python package, met as a user meets it.

Three packages made from GitHub's REST description (bench/large_api_setup.py builds and caches
them): ours (`github_client`, whatever the current generator produces), githubkit (pinned, from
PyPI) and openapi-python-client's (`github_opc`). Each measurement is a fresh
`python -c ...` process, median of 5, with its CPU time (user + system) and peak RSS
(`ru_maxrss`) from `bench.measure`; the runs of the three alternate so that a change of load on
the machine falls on all of them alike. One untimed run of every script comes first, so the
measured ones read compiled bytecode, as a user's second run does.

    import         the package's top-level import alone
    first call     import + client construction + one `repos.get(owner, repo)` against
                   bench.server on 127.0.0.1, answering with the document's own example, and one
                   field of the parsed result read

Targets (issue #20): import + first call CPU <= githubkit's; import alone <= 0.2 s; peak RSS
after the first call <= 1.5x githubkit's; the three providers' `import generated.<provider>`
<= 0.15 s. CPU time is of the whole process, the interpreter's start included (its own row
shows how much that is).
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from pathlib import Path

from . import large_api_setup as setup
from . import measure, real_spec
from .generation import Context
from .overhead import server
from .table import Row, ratio, seconds

REPS = 5
OWNER, REPO = "octocat", "Hello-World"
OURS, GITHUBKIT, OPC = "ours", "githubkit", "opc"
IMPORTS = {
    OURS: f"import {setup.OURS_PACKAGE}",
    GITHUBKIT: "from githubkit import GitHub",
    OPC: f"import {setup.OPC_PACKAGE}",
}
# Before and after the rename of methods without the resource prefix (`repos.get`, was
# `repos.repos_get`); `api_key` is passed although GitHub's document declares no scheme.
OURS_CALL = f"""\
from {setup.OURS_PACKAGE} import Client
client = Client(base_url={{url!r}}, api_key="bench")
get = getattr(client.repos, "get", None) or client.repos.repos_get
print(get(owner={OWNER!r}, repo={REPO!r}).full_name)
"""
GITHUBKIT_CALL = f"""\
from githubkit import GitHub
github = GitHub(base_url={{url!r}})
print(github.rest.repos.get({OWNER!r}, {REPO!r}).parsed_data.full_name)
"""
# openapi-python-client may leave a response out (it did for `full-repository`): then `parsed`
# is None, and the row says so.
OPC_CALL = f"""\
from {setup.OPC_PACKAGE}.client import Client
from {{module}} import sync_detailed
answer = sync_detailed(owner={OWNER!r}, repo={REPO!r}, client=Client(base_url={{url!r}}))
print(answer.parsed.full_name if answer.parsed is not None else "unparsed", answer.status_code)
"""


@dataclass(frozen=True)
class Figures:
    """Medians over the runs of one script."""

    cpu: float  # seconds, user + system
    wall: float  # seconds
    rss_mib: float  # peak RSS
    stdout: str  # of the last run


@dataclass(frozen=True)
class Packages:
    """Where the three packages are, and the interpreter that runs them."""

    spec: Path  # GitHub's document
    python: str
    ours: Path  # the folder holding github_client (PYTHONPATH)
    opc: Path  # the folder holding github_opc
    opc_module: str  # the dotted name of opc's module for repos/get


def opc_operation_module(home: Path) -> str:
    """opc's module for `GET /repos/{owner}/{repo}`, found by what it sends (its file name is
    opc's spelling of the operationId, `reposget` in 0.29.1)."""
    url = re.compile(r'"url": "/repos/\{owner\}/\{repo\}"[.,]')
    for path in sorted((home / setup.OPC_PACKAGE / "api").glob("*/*.py")):
        text = path.read_text(encoding="utf-8")
        if '"method": "get"' in text and url.search(text):
            return ".".join(path.relative_to(home).with_suffix("").parts)
    raise RuntimeError(f"no module of {setup.OPC_PACKAGE} sends GET /repos/{{owner}}/{{repo}}")


def prepare(ctx: Context, cache: Path) -> Packages:
    """The document, the venv and the two generated packages, each made only when missing."""
    spec = real_spec.github_spec(cache)
    python = setup.venv_python(ctx, cache)
    ours, opc = setup.ours(ctx, cache, spec), setup.opc(ctx, cache, spec)
    return Packages(spec, python, ours, opc, opc_operation_module(opc))


def environment(ctx: Context, path: Path | None) -> dict[str, str]:
    """The bench environment (bytecode under .bench/pycache) with `path` alone on PYTHONPATH."""
    env = dict(ctx.env)
    env.pop("PYTHONPATH", None)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    return env


Scripts = dict[str, tuple[str, Path | None]]  # name: (source, PYTHONPATH)


def scripts(packages: Packages, url: str) -> Scripts:
    """Each measured script by name (`<who> import`, `<who> call`), with its PYTHONPATH."""
    homes = {OURS: packages.ours, GITHUBKIT: None, OPC: packages.opc}
    calls = {
        OURS: OURS_CALL.format(url=url),
        GITHUBKIT: GITHUBKIT_CALL.format(url=url),
        OPC: OPC_CALL.format(url=url, module=packages.opc_module),
    }
    found: Scripts = {"bare": ("pass", None)}
    for who, home in homes.items():
        found[f"{who} import"] = (IMPORTS[who], home)
        found[f"{who} call"] = (calls[who], home)
    return found


def run_all(ctx: Context, python: str, found: Scripts, reps: int) -> dict[str, Figures]:
    """Every script once untimed (bytecode written), then `reps` alternating timed rounds."""
    def run(script: str, where: Path | None) -> measure.Sample:
        # cwd: the project's root, where bench.measure (the launcher) is found; `-c` puts it
        # first on sys.path for all three packages alike
        return measure.run_checked([python, "-c", script], cwd=ctx.root,
                                   env=environment(ctx, where), capture_stdout=True)

    for script, where in found.values():
        run(script, where)
    samples: dict[str, list[measure.Sample]] = {name: [] for name in found}
    for _ in range(reps):
        for name, (script, where) in found.items():
            samples[name].append(run(script, where))
    return {name: figures(runs) for name, runs in samples.items()}


def figures(samples: list[measure.Sample]) -> Figures:
    return Figures(cpu=statistics.median(s.cpu for s in samples),
                   wall=statistics.median(s.wall for s in samples),
                   rss_mib=statistics.median(s.peak_kib for s in samples) / 1024,
                   stdout=samples[-1].stdout.strip())


def measure_packages(ctx: Context, packages: Packages, reps: int) -> dict[str, Figures]:
    """All scripts against the local server; ours and githubkit must print the example's
    `full_name` (opc's may not parse the answer: its row says so)."""
    body = ctx.work / "repos-get.json"
    expected = setup.example_answer(packages.spec, body)["full_name"]
    path = f"/repos/{OWNER}/{REPO}"
    with server(ctx, "--json", str(body), "--path", path) as url:
        ctx.log(f"large API: {reps} alternating rounds of {len(IMPORTS) * 2 + 1} fresh processes")
        results = run_all(ctx, packages.python, scripts(packages, url), reps)
    for who in (OURS, GITHUBKIT):
        printed = results[f"{who} call"].stdout
        if printed != expected:
            raise measure.CommandFailed(f"{who}: repos.get printed {printed!r}, not {expected!r}")
    for name, found in results.items():
        ctx.log(f"  {name}: CPU {found.cpu:.3f} s, wall {found.wall:.3f} s, "
                f"peak RSS {found.rss_mib:.0f} MiB ({found.stdout or 'no output'})")
    return results


def mib(value: float) -> str:
    return f"{value:.0f} MiB"


def both(found: Figures) -> str:
    return f"{seconds(found.cpu)} / {mib(found.rss_mib)}"


def package_rows(results: dict[str, Figures]) -> list[Row]:
    """Ours against githubkit (the targets), then against openapi-python-client (information)."""
    call = "import + Client + 1st parsed repos.get"
    ours, kit = results[f"{OURS} import"], results[f"{GITHUBKIT} import"]
    ours_call, kit_call = results[f"{OURS} call"], results[f"{GITHUBKIT} call"]
    opc, opc_call = results[f"{OPC} import"], results[f"{OPC} call"]
    unparsed = "" if opc_call.stdout.startswith(OWNER) else " (opc: 200 left unparsed, no model)"
    return [
        Row("GitHub API: bare `python -c pass`, CPU / peak RSS", both(results["bare"])),
        Row("GitHub API: import, CPU (fresh process, .pyc cached) vs githubkit", seconds(ours.cpu),
            seconds(kit.cpu), ratio(ours.cpu, kit.cpu), "<= 0.2 s", ours.cpu <= 0.2),
        Row("GitHub API: import, peak RSS vs githubkit", mib(ours.rss_mib), mib(kit.rss_mib),
            ratio(ours.rss_mib, kit.rss_mib)),
        Row(f"GitHub API: {call}, CPU (.pyc cached) vs githubkit", seconds(ours_call.cpu),
            seconds(kit_call.cpu), ratio(ours_call.cpu, kit_call.cpu), "<= 1.00x",
            ours_call.cpu <= kit_call.cpu),
        Row(f"GitHub API: {call}, peak RSS vs githubkit", mib(ours_call.rss_mib),
            mib(kit_call.rss_mib), ratio(ours_call.rss_mib, kit_call.rss_mib), "<= 1.50x",
            ours_call.rss_mib <= 1.5 * kit_call.rss_mib),
        Row("GitHub API: import, CPU / peak RSS (.pyc cached) vs opc's package", both(ours),
            both(opc), both_ratios(ours, opc)),
        Row(f"GitHub API: {call}, CPU / peak RSS vs opc's{unparsed}", both(ours_call),
            both(opc_call), both_ratios(ours_call, opc_call)),
    ]


def both_ratios(ours: Figures, theirs: Figures) -> str:
    return f"{ratio(ours.cpu, theirs.cpu)} / {ratio(ours.rss_mib, theirs.rss_mib)}"


def providers(root: Path) -> list[str]:
    return sorted(path.parent.name for path in (root / "generated").glob("*/__init__.py"))


def provider_rows(ctx: Context, python: str, reps: int) -> list[Row]:
    """`import generated.<provider>` in fresh processes, from the project's root, by the bench
    venv's interpreter: httpx and pydantic as a user installs them (the project's venv also has
    click and rich, which httpx imports when they are there, for its command line)."""
    names = providers(ctx.root)
    ctx.log(f"large API: import of the providers {', '.join(names)}")
    found: Scripts = {name: (f"import generated.{name}", None) for name in names}
    results = run_all(ctx, python, found, reps)
    return [Row(f"import generated.{name} (bench venv), CPU / peak RSS (.pyc cached)",
                both(result), target="<= 0.15 s", met=result.cpu <= 0.15)
            for name, result in results.items()]


def rows(ctx: Context, cache: Path, reps: int = REPS) -> list[Row]:
    """The large-API rows: packages built or taken from `cache`, then measured."""
    packages = prepare(ctx, cache)
    results = measure_packages(ctx, packages, reps)
    return package_rows(results) + provider_rows(ctx, packages.python, reps)

