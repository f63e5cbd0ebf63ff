"""JSON pointers (RFC 6901) and `$ref` fragments: the one implementation every stage uses.

A `$ref` fragment is a URI fragment: it is percent-decoded before it is read as a JSON pointer
(`#/paths/~1a~1%7Bid%7D` points to `/paths/~1a~1{id}`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote

# The operations of a Path Item Object, in the order OpenAPI lists them.
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def escape_token(token: str | int) -> str:
    """RFC 6901: `~` -> `~0`, `/` -> `~1`."""
    text = str(token)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return text


def unescape_token(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def join_pointer(pointer: str, token: str | int) -> str:
    return f"{pointer}/{escape_token(token)}"


def join_tokens(pointer: str, *tokens: str | int) -> str:
    """`pointer` extended by each token, escaped: `join_tokens("", "paths", "/a")` is
    `/paths/~1a`."""
    for token in tokens:
        pointer = join_pointer(pointer, token)
    return pointer


def within(pointer: str, ancestor: str) -> bool:
    """`pointer` is `ancestor` or lies under it."""
    return pointer == ancestor or pointer.startswith(ancestor + "/")


def split_pointer(pointer: str) -> list[str]:
    """`/a/b~1c` -> ["a", "b/c"]; "" -> []."""
    if not pointer:
        return []
    return [unescape_token(token) for token in pointer.lstrip("/").split("/")]


def resolve_pointer(data: Any, pointer: str) -> tuple[bool, Any]:
    """Walk `pointer` through dicts and lists: (found, value)."""
    node = data
    for token in split_pointer(pointer):
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return False, None
    return True, node


class Lines(Mapping[str, int]):
    """A pointer -> line mapping that also finds the nearest ancestor's line in one walk (the
    line maps of `document.lines`, which hold no pointer strings)."""

    @abstractmethod
    def nearest(self, pointer: str) -> int | None:
        """The line of `pointer`, else of its nearest ancestor that has one."""


def nearest_line(lines: Mapping[str, int], pointer: str) -> int | None:
    """Line of `pointer`, else of its nearest ancestor that has one."""
    if isinstance(lines, Lines):
        return lines.nearest(pointer)
    while True:
        line = lines.get(pointer)
        if line is not None:
            return line
        if not pointer:
            return None
        pointer = pointer.rsplit("/", 1)[0]


def slashed_fragment(ref: str) -> str:
    """`#components/schemas/A` as the pointer it means, `#/components/schemas/A` (a JSON
    pointer starts with `/`)."""
    return "#/" + ref[1:]


def fragment_pointer(ref: str) -> str | None:
    """The JSON pointer a local `$ref` (`#/a/b%7Bc%7D`) names, percent-decoded; None when the
    reference is not local (it names another file or URL)."""
    if not ref.startswith("#"):
        return None
    return unquote(ref[1:])
