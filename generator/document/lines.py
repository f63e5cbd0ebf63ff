"""Where each JSON pointer of a document was written: a line map that grows with the number of
nodes, not with their depth.

Storing every node's full pointer string costs the sum of all pointer lengths: a document of
long keys nested deep (a 200 KB YAML file of 2 KB keys, 100 levels deep) needs gigabytes. Here
each node is stored once, as (its parent's node, its own token) -> node, the token being the
document's own key string (shared, not copied); a pointer is walked down token by token, and
made into text only when asked for (`pointer_of`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from generator.document.pointer import Lines, escape_token

ROOT = 0  # the node of the empty pointer, the whole document
_NO_LINE = 0  # lines count from 1


class LineMap(Lines):
    """The line of every node of a document, by JSON pointer, one entry per node."""

    def __init__(self) -> None:
        self._children: dict[tuple[int, str], int] = {}
        self._parents = [ROOT]
        self._tokens = [""]
        self._lines = [_NO_LINE]

    def add(self, parent: int, token: str | int, line: int) -> int:
        """The node `token` of `parent` written on `line` (a key written twice, as YAML merge
        keys are, keeps its node and takes the later line); its id."""
        text = escape_token(token)
        key = (parent, text)
        node = self._children.get(key)
        if node is None:
            node = self._children[key] = len(self._tokens)
            self._parents.append(parent)
            self._tokens.append(text)
            self._lines.append(line)
        else:
            self._lines[node] = line
        return node

    def set_line(self, node: int, line: int, *, replace: bool = True) -> None:
        """`node` was written on `line` (unless it has a line already and not `replace`)."""
        if replace or self._lines[node] == _NO_LINE:
            self._lines[node] = line

    def pointer_of(self, node: int) -> str:
        """The JSON pointer of `node` (made from its tokens: only when a problem names it)."""
        tokens = []
        while node != ROOT:
            tokens.append(self._tokens[node])
            node = self._parents[node]
        return "".join(f"/{token}" for token in reversed(tokens))

    def _walk(self, pointer: str) -> tuple[int | None, int | None]:
        """(the node of `pointer` or None, the line of its deepest node found on the way)."""
        node, line = ROOT, self._lines[ROOT] or None
        if pointer:
            if not pointer.startswith("/"):
                return None, None
            for token in pointer[1:].split("/"):
                found = self._children.get((node, token))
                if found is None:
                    return None, line
                node = found
                line = self._lines[node] or line
        return node, line

    def nearest(self, pointer: str) -> int | None:
        return self._walk(pointer)[1]

    def __getitem__(self, pointer: str) -> int:
        node, _ = self._walk(pointer)
        if node is None or not self._lines[node]:
            raise KeyError(pointer)
        return self._lines[node]

    def __iter__(self) -> Iterator[str]:
        for node in range(len(self._tokens)):
            if self._lines[node]:
                yield self.pointer_of(node)

    def __len__(self) -> int:
        return sum(1 for line in self._lines if line)


class LazyLines(Lines):
    """A line map computed on first use (JSON line scanning is not free)."""

    def __init__(self, compute: Callable[[], LineMap]) -> None:
        self._compute = compute
        self._lines: LineMap | None = None

    def _get(self) -> LineMap:
        if self._lines is None:
            self._lines = self._compute()
        return self._lines

    def nearest(self, pointer: str) -> int | None:
        return self._get().nearest(pointer)

    def __getitem__(self, pointer: str) -> int:
        return self._get()[pointer]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())
