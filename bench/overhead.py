"""Client overhead rows: the generated ionos clients against raw httpx (floor) and the
official openai package (peer), all against `bench.server` in its own process."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from . import measure
from .generation import Context
from .table import Row, ratio

Results = dict[str, dict[str, float]]
FLOOR = 0.9
#: workload kinds: one create call; a 1000-event SSE body written at once; the same events
#: written one by one (one read and one HTTP chunk per event, as a real token stream)
KINDS = ("plain", "stream", "stream-split")
_WHAT = {
    "plain": "create",
    "stream": "1000-chunk SSE stream",
    "stream-split": "1000-chunk SSE stream, one write per event",
}
_PEER_WHAT = {"plain": "create", "stream": "stream", "stream-split": "stream, one write per event"}


@contextmanager
def server(ctx: Context, *args: str) -> Iterator[str]:
    """`bench.server` (with `args`) in its own process, for the body of the block: its URL."""
    process = subprocess.Popen([ctx.python, "-m", "bench.server", *args], cwd=ctx.root, env=ctx.env,
                               stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline().split()
        if len(line) != 2 or line[0] != "PORT":
            raise measure.CommandFailed("bench.server did not start")
        yield f"http://127.0.0.1:{line[1]}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def run_clients(ctx: Context, rounds: int) -> Results:
    ctx.log(f"client overhead: {rounds} interleaved rounds per client")
    out = ctx.work / "clients.json"
    with server(ctx) as url:
        measure.run_checked([ctx.python, "-m", "bench.clients", url, "--rounds", str(rounds),
                             "--json", str(out)], cwd=ctx.root, env=ctx.env)
    results: Results = json.loads(out.read_text(encoding="utf-8"))
    return results


def profile_clients(ctx: Context, combos: list[str]) -> list[str]:
    """For each `mode/kind`: own time per unit by module group, ours beside raw httpx, and
    the generated package's functions by cumulative time."""
    lines: list[str] = []
    with server(ctx) as url:
        for combo in combos:
            found = {}
            for who in ("ours", "httpx"):
                sample = measure.run_checked([ctx.python, "-m", "bench.clients", url, "--profile",
                                              f"{who}/{combo}", "--top", "10"],
                                             cwd=ctx.root, env=ctx.env, capture_stdout=True)
                found[who] = json.loads(sample.stdout)
            lines += _profile_lines(combo, found["ours"], found["httpx"])
    return lines


def _profile_lines(combo: str, ours: dict[str, Any], floor: dict[str, Any]) -> list[str]:
    mine, theirs = ours["own_seconds_per_unit"], floor["own_seconds_per_unit"]
    groups = sorted(set(mine) | set(theirs), key=lambda g: mine.get(g, 0.0) - theirs.get(g, 0.0),
                    reverse=True)
    unit = "chunk" if "stream" in combo else "request"
    title = f"{combo}: own time per {unit} under cProfile, ours vs raw httpx (largest extra first):"
    lines = [title]
    for group in groups:
        extra = mine.get(group, 0.0) - theirs.get(group, 0.0)
        if abs(extra) * 1e6 >= 0.1 or group.startswith("runtime:"):
            lines.append(f"  {group:<24} {mine.get(group, 0.0) * 1e6:8.2f} us  "
                         f"{theirs.get(group, 0.0) * 1e6:8.2f} us"
                         f"  {extra * 1e6:+8.2f} us")
    lines.append(f"  total                    {sum(mine.values()) * 1e6:8.2f} us  "
                 f"{sum(theirs.values()) * 1e6:8.2f} us")
    lines.append(f"{combo}: generated package, cumulative:")
    lines += ["  " + line for line in ours["generated_cumulative"]]
    return lines


def _unit(kind: str) -> str:
    return "chunks" if kind.startswith("stream") else "requests"


def floor_rows(results: Results, mode: str, kind: str) -> list[Row]:
    ours, floor = results[f"ours/{mode}/{kind}"], results[f"httpx/{mode}/{kind}"]
    what = f"{mode} {_WHAT[kind]}"
    rate = ours["per_second"] / floor["per_second"]
    cpu = ours["cpu_per_unit"] / floor["cpu_per_unit"]
    return [
        Row(f"{what}: {_unit(kind)}/s vs raw httpx", f"{ours['per_second']:,.0f}",
            f"{floor['per_second']:,.0f}", f"{rate:.2f}x", f">= {FLOOR:.2f}x", rate >= FLOOR),
        Row(f"{what}: client CPU/{_unit(kind)[:-1]} vs raw httpx",
            f"{ours['cpu_per_unit'] * 1e6:.1f} us", f"{floor['cpu_per_unit'] * 1e6:.1f} us",
            f"{cpu:.2f}x", f"<= {1 / FLOOR:.2f}x", cpu <= 1 / FLOOR),
    ]


def peer_row(results: Results, mode: str, kind: str) -> Row:
    ours, peer = results[f"ours/{mode}/{kind}"], results[f"openai/{mode}/{kind}"]
    what = f"{mode} {_PEER_WHAT[kind]}"
    return Row(f"{what}: {_unit(kind)}/s vs openai package", f"{ours['per_second']:,.0f}",
               f"{peer['per_second']:,.0f}", ratio(ours["per_second"], peer["per_second"]))


def rows(results: Results) -> list[Row]:
    combos = [(mode, kind) for mode in ("sync", "async") for kind in KINDS
              if f"ours/{mode}/{kind}" in results]
    found = [row for mode, kind in combos for row in floor_rows(results, mode, kind)]
    return found + [peer_row(results, mode, kind) for mode, kind in combos]


def missed(results: Results) -> list[str]:
    """Workloads of ours below the floor target on either figure."""
    names = []
    for mode in ("sync", "async"):
        for kind in KINDS:
            if f"ours/{mode}/{kind}" not in results:
                continue
            ours, floor = results[f"ours/{mode}/{kind}"], results[f"httpx/{mode}/{kind}"]
            slow = ours["per_second"] < FLOOR * floor["per_second"]
            costly = ours["cpu_per_unit"] > floor["cpu_per_unit"] / FLOOR
            if slow or costly:
                names.append(f"{mode}/{kind}")
    return names
