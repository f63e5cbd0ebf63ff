"""The one table `make bench` prints: measurement, ours, baseline, ratio, target, met?"""

from __future__ import annotations

from dataclasses import dataclass

HEADER = ("measurement", "ours", "baseline", "ratio", "target", "met?")


@dataclass(frozen=True)
class Row:
    measurement: str
    ours: str
    baseline: str = ""
    ratio: str = ""
    target: str = ""
    met: bool | None = None  # None: informational, no target

    def cells(self) -> tuple[str, ...]:
        met = "" if self.met is None else ("yes" if self.met else "NO")
        return (self.measurement, self.ours, self.baseline, self.ratio, self.target, met)


def seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def ratio(ours: float, baseline: float) -> str:
    return f"{ours / baseline:.2f}x" if baseline else "n/a"


def render(rows: list[Row]) -> str:
    table = [HEADER, *(row.cells() for row in rows)]
    widths = [max(len(line[i]) for line in table) for i in range(len(HEADER))]

    def line(cells: tuple[str, ...]) -> str:
        return "| " + " | ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)) + " |"

    separator = "|" + "|".join("-" * (width + 2) for width in widths) + "|"
    return "\n".join([line(HEADER), separator, *(line(cells) for cells in table[1:])])
