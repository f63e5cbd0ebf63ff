"""How the process gives memory back (`generator.io.memory`): each setting shown in a fresh
interpreter, whose allocator has seen nothing else, against the same run without it."""

from __future__ import annotations

import subprocess
import sys

from generator.io.memory import release_freed_memory, return_large_blocks_at_once
from tests.support import ROOT

_RESIDENT = """
def resident():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) // 1024
"""

_FREED = _RESIDENT + """
import sys
from generator.io.memory import release_freed_memory
held = [bytes(1000) + bytes([i % 256]) for i in range(40_000)]  # ~40 MiB from malloc
pin = [bytes(1000) + b"x" for _ in range(100)]  # after them: the heap's top stays in use
del held
freed = resident()
if sys.argv[1:] == ["on"]:
    release_freed_memory()
print(freed, resident())
"""

_LARGE = _RESIDENT + """
import sys
from generator.io.memory import return_large_blocks_at_once
if sys.argv[1:] == ["on"]:
    return_large_blocks_at_once()
first = bytes(30 << 20)  # a document's bytes: the first large block
del first  # (glibc then raises its threshold to this size, unless told not to)
pin = [bytes(600) for _ in range(10)]
second = b"x" * (30 << 20)  # the next document's
pin2 = [bytes(600) for _ in range(10)]  # small blocks after it: the heap's top stays in use
before = resident()
del second
print(before, resident())
"""


def _resident(script: str, *args: str) -> tuple[int, int]:
    found = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True,
                           text=True, check=True, timeout=60)
    before, after = found.stdout.split()
    return int(before), int(after)


def test_memory_freed_is_given_back_when_asked() -> None:
    """What a large document's parse and our checks let go stays resident (and in every child
    forked after) unless given back: `fork_child` gives it back first."""
    before, after = _resident(_FREED, "off")
    assert after >= before - 5  # freed, yet still held
    before, after = _resident(_FREED, "on")
    assert after <= before - 25
    release_freed_memory()  # (harmless where there is nothing to give back)


def test_a_large_block_leaves_when_it_is_freed() -> None:
    """A second document's bytes, freed, stay resident by default (glibc serves them from its
    heap once a first large block was freed); not once the CLI has asked for large blocks to
    go back at once."""
    before, after = _resident(_LARGE, "off")
    assert after >= before - 5
    before, after = _resident(_LARGE, "on")
    assert after <= before - 25
    return_large_blocks_at_once()  # (what every command does first)
