"""The nesting limit, `MAX_NESTING`, said where a document crosses it.

JSON text is measured by read's tokenizer when json's decoder runs out of recursion; YAML is
measured here, on libyaml's event stream, before PyYAML composes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import yaml

from generator.document.pointer import join_tokens
from generator.document.tree import MAX_NESTING
from generator.problems import GeneratorError, Problem


def too_deep_problem(file: str, pointer: str, line: int | None) -> Problem:
    """The document nests deeper than `MAX_NESTING`; `pointer` is where it crosses the limit."""
    return Problem(file, pointer, line,
                   f"the document is nested more than {MAX_NESTING} levels deep (objects and "
                   f"arrays), the limit (MAX_NESTING)",
                   "move deeply nested schemas into components/schemas and $ref them")


# Up to this quick bound on its depth, a YAML document is composed first and its node graph
# measured (`read`), on the deep stack: libyaml composes 9,600 levels in ~0.25 s and ~7 MB of
# stack, and a document whose descriptions hold thousands of `[` (OpenAI's: 7,837) need not
# be followed event by event first (0.17 s of its load). Past it, composing would cost more
# than the events: libyaml's composer slows down quadratically with the depth.
COMPOSE_FIRST_LEVELS = 4 * MAX_NESTING


def refuse_deep_yaml(raw: bytes, file: str, loader: Callable[[bytes], yaml.SafeLoader],
                     bound: int | None = None) -> None:
    """Refuse YAML nested deeper than `MAX_NESTING` before PyYAML composes it: its composer
    recurses in C, and a document deep enough breaks the process's stack, not an exception.
    Measured on the event stream (libyaml's parser keeps its own stack), and only when a quick
    upper bound on the depth (`bound`, when the caller has it: `yaml_depth_bound`) does not
    already show the document shallow enough."""
    if (bound if bound is not None else yaml_depth_bound(raw)) <= MAX_NESTING:
        return
    found = _YamlDepth().too_deep(loader(raw))
    if found is not None:
        raise GeneratorError([too_deep_problem(file, *found)])


_LINE_PREFIX = re.compile(rb"^[ ?-]*", re.MULTILINE)


def yaml_depth_bound(raw: bytes) -> int:
    """At least as many levels as the YAML nests: each flow collection opens with `[` or `{`,
    and each two block levels indent their content one more column (a sequence may sit at its
    key's column; `- - x` nests on one line, two columns a level)."""
    widest = max((len(prefix) for prefix in _LINE_PREFIX.findall(raw)), default=0)
    return raw.count(b"[") + raw.count(b"{") + 2 * widest + 2


class _YamlDepth:
    """Follows a YAML event stream with a stack of open collections, to say where it first
    nests deeper than `MAX_NESTING`, as (JSON pointer, line). Each open collection keeps its
    own token, not its pointer (thousands of levels of long keys would make the pointers of
    the stack gigabytes): the pointer is made once, where the limit is crossed."""

    def __init__(self) -> None:
        # per open collection: [its token, is a mapping, key awaited, current key, items so far]
        self.stack: list[list[Any]] = []

    def too_deep(self, loader: yaml.SafeLoader) -> tuple[str, int | None] | None:
        try:
            while (event := loader.get_event()) is not None:  # type: ignore[no-untyped-call]
                if isinstance(event, yaml.CollectionStartEvent):
                    if len(self.stack) >= MAX_NESTING:
                        mark = event.start_mark
                        return self._pointer(), mark.line + 1 if mark is not None else None
                    self.stack.append([self._child(), isinstance(event, yaml.MappingStartEvent),
                                       True, "", 0])
                elif isinstance(event, yaml.CollectionEndEvent):
                    self.stack.pop()
                    self._done()
                elif isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent)):
                    self._node(event)
        except yaml.YAMLError:
            return None  # composing it says what is wrong, where
        finally:
            loader.dispose()
        return None

    def _child(self) -> str | int:
        """The token of the node starting now ("" for the document's root, which has none)."""
        if not self.stack:
            return ""
        _, is_mapping, _, key, index = self.stack[-1]
        token: str | int = key if is_mapping else index
        return token

    def _pointer(self) -> str:
        """The pointer of the node starting now."""
        tokens = [frame[0] for frame in self.stack[1:]]
        return join_tokens("", *tokens, self._child()) if self.stack else ""

    def _node(self, event: yaml.ScalarEvent | yaml.AliasEvent) -> None:
        frame = self.stack[-1] if self.stack else None
        if frame is not None and frame[1] and frame[2]:
            frame[2], frame[3] = False, str(getattr(event, "value", ""))
        else:
            self._done()

    def _done(self) -> None:
        """A value ended: its mapping awaits a key, its sequence counts it."""
        if self.stack:
            frame = self.stack[-1]
            if frame[1] and not frame[2]:
                frame[2] = True
            elif not frame[1]:
                frame[4] += 1
            else:  # a complex (collection) key ended: its value follows
                frame[2] = False
