"""Numbers a document may hold: none larger than a 64-bit float does (about 1.8e308).

JSON and YAML allow numbers of any size; every tool behind `load` does not. Python refuses to
read an integer of more than 4,300 digits (its int-string limit), `float()` of a 310-digit one
overflows (openapi-spec-validator, our schema checks and datamodel-code-generator all take
floats of numbers), and JSON's `1e309` silently reads as infinity. No API needs such a number:
`load` refuses it where it is written, with `number_problem`.
"""

from __future__ import annotations

import math
import re

from generator.problems import Problem

# The digits of the largest float: a number token with more is beyond it (and a token with
# fewer, but at least this many digits in a row or a three-digit exponent, is looked at).
FLOAT_DIGITS = 309
# Only where a JSON number can start (after `:`, `,`, `[` or at the start): text in strings
# (`"example": "a@e997.com"`) no longer sends a 13 MB document through the slow scan.
MIGHT_BE_TOO_LARGE = re.compile(
    rf"(?:^|[:,\[])\s*-?(?:[0-9]{{{FLOAT_DIGITS}}}|[0-9]+(?:\.[0-9]+)?[eE][+]?0*[1-9][0-9]{{2}})")
_SHOWN = 20  # digits of a refused number shown in its problem
# What every match of `MIGHT_BE_TOO_LARGE` holds (a digit before a three-digit exponent, or
# the digits): rare, and found fast, where a delimiter starting the pattern is in every line.
_RARE_PART = re.compile(rf"[0-9](?:[eE][+]?0*[1-9][0-9]{{2}}|[0-9]{{{FLOAT_DIGITS - 1}}})")
_NUMBER_CHARACTERS = frozenset("0123456789.")


def might_be_too_large(text: str) -> bool:
    """`MIGHT_BE_TOO_LARGE.search(text)`, five times faster on a large document: the pattern
    is tried only where a match holding a `_RARE_PART` would start (every match holds one,
    and the first found of it starts in the number's digits: no character of the blanks and
    delimiter before a number is one of a `_RARE_PART`)."""
    return any(MIGHT_BE_TOO_LARGE.match(text, _delimiter_before(text, found.start()))
               for found in _RARE_PART.finditer(text))


def _delimiter_before(text: str, index: int) -> int:
    """Where a match of `MIGHT_BE_TOO_LARGE` covering `index` would start: back over the
    number's digits and point, its sign, the blanks before it, onto the delimiter (or 0)."""
    while index > 0 and text[index - 1] in _NUMBER_CHARACTERS:
        index -= 1
    if index > 0 and text[index - 1] == "-":
        index -= 1
    while index > 0 and text[index - 1].isspace():
        index -= 1
    return max(index - 1, 0)


def out_of_range(value: object) -> bool:
    """Whether a number read from a document is beyond a 64-bit float (`inf` is: JSON has
    none, so it came from a number too large)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        if value.bit_length() < 1000:  # the usual case, at once
            return False
        try:
            float(value)
        except OverflowError:
            return True
        return False
    return isinstance(value, float) and math.isinf(value)


def token_out_of_range(token: str) -> bool:
    """Whether a JSON number token is beyond a 64-bit float (without reading an integer of
    more digits than Python reads)."""
    if token[:1] not in tuple("-0123456789"):
        return False
    try:
        if any(mark in token for mark in ".eE"):
            return math.isinf(float(token))
        if len(token.lstrip("-")) > FLOAT_DIGITS + 1:
            return True
        return out_of_range(int(token))
    except ValueError:  # not a number after all: the decoder says what it is
        return False


def number_problem(file: str, pointer: str, line: int | None, text: str) -> Problem:
    """The number written as `text` is too large to be read."""
    shown = text if len(text) <= _SHOWN + 4 else f"{text[:_SHOWN]}... ({len(text)} characters)"
    return Problem(file, pointer, line,
                   f"the number {shown} is larger than a 64-bit float holds (about 1.8e308)",
                   "no API needs such a number: write a smaller one, or a string",
                   code="number-too-large")
