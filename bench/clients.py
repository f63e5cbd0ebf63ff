"""Client overhead against `bench.server`: one process, every client side by side.

    python -m bench.clients URL [--rounds 5] [--json OUT] [--profile NAME]

Workloads are interleaved round by round (these machines are noisy) and each reports, per
round, units per second (requests, or SSE chunks) and client CPU seconds per unit
(`time.process_time`, this process only: the server runs elsewhere). Each client is one
persistent instance, warmed up before the first round.

`<client>/<mode>/stream` reads the SSE body the server writes at once (a few large reads);
`<client>/<mode>/stream-split` the same events written one by one (`/split/` base URL, see
`bench.server`), as a token stream arrives: one read, one HTTP chunk per event.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
PAYLOAD: dict[str, Any] = {"model": "bench-model", "prompt": "Say hello", "max_tokens": 16}
PLAIN_BATCH = 300  # requests per round
STREAM_BATCH = 4  # streams of 1000 chunks per round

SyncCall = Callable[[], int]
AsyncCall = Callable[[], Awaitable[int]]


@dataclass(frozen=True)
class Workload:
    name: str  # "<client>/<sync|async>/<plain|stream>"
    batch: int
    sync_call: SyncCall | None = None
    async_call: AsyncCall | None = None


# -- raw httpx: the floor ------------------------------------------------------------------


def _sse_chunks(lines: Any) -> int:
    count = 0
    for line in lines:
        if line.startswith("data: "):
            data = line[6:]
            if data == "[DONE]":
                break
            json.loads(data)
            count += 1
    return count


def raw_sync(url: str) -> tuple[SyncCall, SyncCall]:
    client = httpx.Client(base_url=url)

    def plain() -> int:
        response = client.post("/v1/completions", json=PAYLOAD)
        response.raise_for_status()
        response.json()
        return 1

    def stream() -> int:
        with client.stream("POST", "/v1/completions", json={**PAYLOAD, "stream": True}) as response:
            response.raise_for_status()
            return _sse_chunks(response.iter_lines())

    return plain, stream


def raw_async(url: str) -> tuple[AsyncCall, AsyncCall]:
    client = httpx.AsyncClient(base_url=url)

    async def plain() -> int:
        response = await client.post("/v1/completions", json=PAYLOAD)
        response.raise_for_status()
        response.json()
        return 1

    async def stream() -> int:
        async with client.stream("POST", "/v1/completions", json={**PAYLOAD, "stream": True}) as response:
            response.raise_for_status()
            count = 0
            async for line in response.aiter_lines():
                if line.startswith("data: "):
                    if line[6:] == "[DONE]":
                        break
                    json.loads(line[6:])
                    count += 1
            return count

    return plain, stream


# -- the generated ionos package -----------------------------------------------------------


def ours_sync(url: str) -> tuple[SyncCall, SyncCall]:
    from generated.ionos import Client

    client = Client(api_key="bench", base_url=url)

    def plain() -> int:
        client.completions.create(**PAYLOAD)
        return 1

    def stream() -> int:
        return sum(1 for _ in client.completions.create(**PAYLOAD, stream=True))

    return plain, stream


def ours_async(url: str) -> tuple[AsyncCall, AsyncCall]:
    from generated.ionos import AsyncClient

    client = AsyncClient(api_key="bench", base_url=url)

    async def plain() -> int:
        await client.completions.create(**PAYLOAD)
        return 1

    async def stream() -> int:
        return sum([1 async for _ in await client.completions.create(**PAYLOAD, stream=True)])

    return plain, stream


# -- the official openai package: the peer -------------------------------------------------


def openai_sync(url: str) -> tuple[SyncCall, SyncCall]:
    from openai import OpenAI

    client = OpenAI(base_url=f"{url}/v1", api_key="bench")

    def plain() -> int:
        client.completions.create(**PAYLOAD)
        return 1

    def stream() -> int:
        return sum(1 for _ in client.completions.create(**PAYLOAD, stream=True))

    return plain, stream


def openai_async(url: str) -> tuple[AsyncCall, AsyncCall]:
    from openai import AsyncOpenAI

    client = AsyncOpenAI(base_url=f"{url}/v1", api_key="bench")

    async def plain() -> int:
        await client.completions.create(**PAYLOAD)
        return 1

    async def stream() -> int:
        return sum([1 async for _ in await client.completions.create(**PAYLOAD, stream=True)])

    return plain, stream


def workloads(url: str, loop: asyncio.AbstractEventLoop) -> list[Workload]:
    found: list[Workload] = []
    split_url = f"{url}/split"  # the server writes each event separately under /split/
    for label, factory in (("httpx", raw_sync), ("ours", ours_sync), ("openai", openai_sync)):
        plain, stream = factory(url)
        found.append(Workload(f"{label}/sync/plain", PLAIN_BATCH, sync_call=plain))
        found.append(Workload(f"{label}/sync/stream", STREAM_BATCH, sync_call=stream))
        _, split = factory(split_url)
        found.append(Workload(f"{label}/sync/stream-split", STREAM_BATCH, sync_call=split))
    for label, async_factory in (("httpx", raw_async), ("ours", ours_async), ("openai", openai_async)):

        async def build(base: str, make: Callable[[str], tuple[AsyncCall, AsyncCall]] = async_factory) -> tuple[AsyncCall, AsyncCall]:
            return make(base)  # created inside the loop that will drive it

        aplain, astream = loop.run_until_complete(build(url))
        found.append(Workload(f"{label}/async/plain", PLAIN_BATCH, async_call=aplain))
        found.append(Workload(f"{label}/async/stream", STREAM_BATCH, async_call=astream))
        _, asplit = loop.run_until_complete(build(split_url))
        found.append(Workload(f"{label}/async/stream-split", STREAM_BATCH, async_call=asplit))
    return found


@dataclass(frozen=True)
class Round:
    per_second: float  # requests or chunks per wall second
    cpu_per_unit: float  # client CPU seconds per request or chunk
    units: int


def run_batch(workload: Workload, calls: int, loop: asyncio.AbstractEventLoop) -> Round:
    units = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    if workload.sync_call is not None:
        for _ in range(calls):
            units += workload.sync_call()
    else:
        assert workload.async_call is not None
        units = loop.run_until_complete(_async_batch(workload.async_call, calls))
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return Round(units / wall, cpu / units, units)


async def _async_batch(call: AsyncCall, calls: int) -> int:
    units = 0
    for _ in range(calls):
        units += await call()
    return units


def measure(url: str, rounds: int) -> dict[str, dict[str, float]]:
    """workload name -> median units/s and CPU s/unit over `rounds` interleaved rounds."""
    loop = asyncio.new_event_loop()
    found = workloads(url, loop)
    for workload in found:  # warm-up: connections, imports, pydantic schema builds
        run_batch(workload, max(1, workload.batch // 10), loop)
    samples: dict[str, list[Round]] = {w.name: [] for w in found}
    for _ in range(rounds):
        for workload in found:
            samples[workload.name].append(run_batch(workload, workload.batch, loop))
    return {
        name: {
            "per_second": statistics.median(r.per_second for r in rounds_),
            "cpu_per_unit": statistics.median(r.cpu_per_unit for r in rounds_),
        }
        for name, rounds_ in samples.items()
    }


def profile(url: str, name: str, top: int) -> dict[str, Any]:
    """One batch of one workload under cProfile: own time per unit (request or chunk) by
    module group, and the slowest functions of the generated package by cumulative time."""
    loop = asyncio.new_event_loop()
    workload = next(w for w in workloads(url, loop) if w.name == name)
    run_batch(workload, max(1, workload.batch // 10), loop)
    profiler = cProfile.Profile()
    profiler.enable()
    units = run_batch(workload, workload.batch, loop).units
    profiler.disable()
    stats = pstats.Stats(profiler)
    by_group: dict[str, float] = {}
    for (filename, _, func), values in stats.stats.items():  # type: ignore[attr-defined]
        group = module_group(filename, func)
        by_group[group] = by_group.get(group, 0.0) + values[2] / units
    ours = [line for line in hotspot_lines(stats, "cumtime", 200) if "generated/" in line][:top]
    return {"units": units, "own_seconds_per_unit": by_group, "generated_cumulative": ours}


def module_group(filename: str, func: str) -> str:
    """`runtime:_streaming`, `httpx`, `stdlib:json`, `builtin:socket`...: where own time is spent."""
    if filename == "~":
        for marker, group in (("pydantic_core", "pydantic_core"), ("_socket", "socket"), ("select", "select")):
            if marker in func:
                return f"builtin:{group}"
        return "builtin:other"
    if "/generated/" in filename:
        return "runtime:" + Path(filename).stem
    if "site-packages/" in filename:
        return filename.split("site-packages/", 1)[1].split("/", 1)[0].removesuffix(".py")
    if filename.startswith(str(ROOT)):
        return "bench harness"
    if "/lib/python3" in filename:
        tail = filename.split("/lib/python3", 1)[1].split("/", 2)
        return "stdlib:" + (tail[1].removesuffix(".py") if len(tail) > 1 else "?")
    return "other"


def hotspot_lines(stats: pstats.Stats, key: str, top: int) -> list[str]:
    entries = stats.stats  # type: ignore[attr-defined]
    total = max((v[3] for v in entries.values()), default=0.0) if key == "cumtime" else sum(v[2] for v in entries.values())
    index = 3 if key == "cumtime" else 2
    ranked = sorted(entries.items(), key=lambda item: item[1][index], reverse=True)[:top]
    lines = []
    for (filename, line, func), values in ranked:
        where = _short_path(filename)
        share = values[index] / total if total else 0.0
        lines.append(f"{share:6.1%}  {values[index]:8.3f}s  {values[1]:>9} calls  {where}:{line}({func})")
    return lines


def _short_path(filename: str) -> str:
    for marker in ("site-packages/", str(ROOT) + "/"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return filename


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.clients")
    parser.add_argument("url")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path, help="write the results here (default: stdout)")
    parser.add_argument("--profile", help="profile one workload instead, e.g. ours/sync/plain")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    results: Any = profile(args.url, args.profile, args.top) if args.profile else measure(args.url, args.rounds)
    text = json.dumps(results, indent=1)
    if args.json:
        args.json.write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
