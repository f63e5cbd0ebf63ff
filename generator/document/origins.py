"""Which file each part of a bundled document was written in, and on which line.

Bundling (`bundle`) copies what an external `$ref` names into the main document: under
`/components/<section>/<name>`, or in place of the reference when it is inlined. A problem
found there is named by its pointer in the main document (what every later stage reads), but
the reader must be sent to the file and line it was written in: `schemas.yaml:12`, not the
main file's `components:` line.

Each placement is kept as (file, pointer in it) -> (file, pointer in that file) of the content
put there; the content of another file may itself hold inlined content of a third, so a pointer
is followed from file to file, each time by its longest placed prefix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from generator.document.pointer import nearest_line


@dataclass
class Origins:
    """Where bundled content came from; `main` is the main document's location."""

    main: str
    labels: dict[str, str] = field(default_factory=dict)  # location -> file as shown
    lines: dict[str, Mapping[str, int]] = field(default_factory=dict)  # location -> line map
    # (location, pointer there) -> (location of the content placed there, its pointer)
    placed: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    # location -> SHA-256 of the bytes read there (the records name the files a package came from)
    hashes: dict[str, str] = field(default_factory=dict)

    def add_source(self, location: str, label: str, lines: Mapping[str, int],
                   sha256: str = "") -> None:
        self.labels[location] = label
        self.lines[location] = lines
        if sha256:
            self.hashes[location] = sha256

    def place(self, location: str, pointer: str, target: str, fragment: str) -> None:
        """The content at `fragment` of `target` was put at `pointer` of `location`."""
        self.placed[(location, pointer)] = (target, fragment)

    def origin(self, pointer: str) -> tuple[str, str] | None:
        """Where `pointer` of the main document was written, when that is another file:
        (that file's location, the pointer there); None for the main file's own content."""
        location, at = self.main, pointer
        for _ in range(len(self.placed) + 1):  # each step moves to another placement
            found = self._placed_prefix(location, at)
            if found is None:
                break
            prefix, (location, fragment) = found
            at = fragment + at[len(prefix):]
        if location == self.main:
            return None
        return location, at

    def file_and_line(self, pointer: str) -> tuple[str, int | None] | None:
        """(the file `pointer` was written in, as shown; its line there), when not the main
        file's."""
        found = self.origin(pointer)
        if found is None:
            return None
        location, at = found
        return self.labels[location], nearest_line(self.lines[location], at)

    def _placed_prefix(self, location: str, pointer: str
                       ) -> tuple[str, tuple[str, str]] | None:
        """The longest prefix of `pointer` (the whole of it too) where content was placed in
        `location`, with what was placed there."""
        prefix = pointer
        while True:
            placed = self.placed.get((location, prefix))
            if placed is not None:
                return prefix, placed
            if not prefix:
                return None
            prefix = prefix.rsplit("/", 1)[0]
