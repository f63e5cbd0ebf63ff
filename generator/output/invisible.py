"""Characters a document's text brings that would hide what generated code says, written as
escapes.

Descriptions become docstrings and comments, enum values string literals. A character that
reorders how text is shown (the bidirectional controls of "Trojan Source": U+202E reverses
what follows) or that some readers take for a line break (U+2028, U+0085) makes the code read
otherwise than it runs, and ruff refuses it (PLE2502). In an ordinary string literal the
`\\u` escape is the same value; in a raw string or a comment, where nothing is unescaped, the
escape's text stands in for the character (only documentation is raw or a comment here).
"""

from __future__ import annotations

import io
import re
import tokenize

# the bidirectional controls (ALM, LRM, RLM, LRE...RLO, LRI...PDI), the line and paragraph
# separators, NEL, DEL and a byte order mark inside the text
_HIDDEN = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\x85\x7f\ufeff]")


def with_hidden_escaped(source: str) -> str:
    """`source` (Python) with each hidden character in a string or comment written as its
    escape; the text as it is when it has none, or does not tokenize (the compile check then
    names what is wrong)."""
    if _HIDDEN.search(source) is None:
        return source
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return source
    starts = _line_starts(source)
    pieces, done = [], 0
    for token in tokens:
        if token.type in _TEXT_TOKENS and _HIDDEN.search(token.string):
            start = starts[token.start[0] - 1] + token.start[1]
            end = starts[token.end[0] - 1] + token.end[1]
            # the source's own text (an f-string's middle token has `{{` read as `{`)
            pieces += [source[done:start], _HIDDEN.sub(_escape, source[start:end])]
            done = end
    return "".join([*pieces, source[done:]])


# strings, comments, and from Python 3.12 an f-string's literal parts, tokens of their own
_TEXT_TOKENS = frozenset({tokenize.STRING, tokenize.COMMENT,
                          *filter(None, [getattr(tokenize, "FSTRING_MIDDLE", None)])})


def _line_starts(source: str) -> list[int]:
    """Where each line starts, lines split at `\\n` only (as the tokenizer's reader splits)."""
    starts, position = [0], source.find("\n")
    while position >= 0:
        starts.append(position + 1)
        position = source.find("\n", position + 1)
    return starts


def _escape(found: re.Match[str]) -> str:
    """The character's escape: `\\x..` below U+0100 (DEL, NEL; the same in a bytes literal),
    else `\\u....`."""
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
