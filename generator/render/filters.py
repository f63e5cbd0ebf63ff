"""THE injection boundary: every value from a spec enters a template through these filters.

A template never prints spec text raw: a value becomes a finished Python literal (`literal`),
a docstring literal (`docstring`), inline Markdown code (`markdown_code`) or one line of prose
(`one_line`). Identifiers come from `generator.names`, never from here. Whatever a spec holds
(quotes, backslashes, triple quotes, control characters, backticks), the generated code keeps
its shape.
"""

from __future__ import annotations

import math
import re

# Control characters other than newline and tab read as spaces in a docstring.
_CONTROL_TO_SPACE = {code: " " for code in range(0x20) if chr(code) not in "\n\t"}


def literal(value: object) -> str:
    """A Python literal for a str/int/float/bool/None (or a list/dict/set of them)."""
    if isinstance(value, str | bool | int) or value is None:
        return repr(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else f"float({str(value)!r})"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(literal(item) for item in value) + "]"
    if isinstance(value, dict):
        items = (f"{literal(str(key))}: {literal(item)}" for key, item in value.items())
        return "{" + ", ".join(items) + "}"
    if isinstance(value, set | frozenset):
        # sorted: the same set always gives the same text
        return "{" + ", ".join(sorted(literal(item) for item in value)) + "}" if value else "set()"
    return repr(str(value))


def docstring(text: str, indent: str = "") -> str:
    """A triple-quoted literal holding `text` exactly, whatever it contains."""
    cleaned = text.replace("\r\n", "\n").translate(_CONTROL_TO_SPACE)
    cleaned = cleaned.replace("\\", "\\\\").replace('"""', '\\"\\"\\"').strip()
    if cleaned.endswith('"'):
        cleaned += " "
    lines = cleaned.split("\n")
    if len(lines) == 1:
        return f'"""{lines[0]}"""'
    body = "\n".join((indent + line) if line.strip() else "" for line in lines[1:])
    return f'"""{lines[0]}\n{body}\n{indent}"""'


def markdown_code(text: object) -> str:
    """`text` as inline Markdown code whatever backticks it holds; newlines folded."""
    flat = one_line(text)
    fence = "`"
    while fence in flat:
        fence += "`"
    padding = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{padding}{flat}{padding}{fence}"


# What `one_line` spells as escapes: the C0 and C1 controls, the bidi controls, the line and
# paragraph separators. Any other character stays (an emoji's zero-width joiner).
_ACTED_ON = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def one_line(text: object) -> str:
    """`text` on one line: every run of whitespace (newlines included) one space, and each
    control character spelt as its escape (`\\x00`, `\\u202e`): a NUL or a bidi override
    from a description went raw into README.md and api.md, which reviewers read (Trojan
    Source)."""
    flat = " ".join(str(text).split())
    return _ACTED_ON.sub(lambda found: found[0].encode("unicode_escape").decode("ascii"), flat)


def table_cell(text: object) -> str:
    """`text` inside a Markdown table's cell: GitHub's tables split a row at every `|`, in code
    spans too (a server URL `https://a|b`), unless it is written `\\|`."""
    return str(text).replace("|", "\\|")


# The name each filter has in the templates.
FILTERS = {"literal": literal, "docstring": docstring, "code": markdown_code, "oneline": one_line,
           "cell": table_cell}
