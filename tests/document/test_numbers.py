"""document/numbers.py: `might_be_too_large` says what `MIGHT_BE_TOO_LARGE.search` says, on
text made of the pieces that decide it (delimiters, blanks, signs, digits, points, exponents,
long digit runs, text around them)."""

from __future__ import annotations

import random

from generator.document.numbers import FLOAT_DIGITS, MIGHT_BE_TOO_LARGE, might_be_too_large

PIECES = [":", ",", "[", " ", "\n", "\u2003", "-", "1", "0", ".", "e", "E", "+", "9", "a", '"',
          "@", "e997", "E+0400", "1e309", "5" * (FLOAT_DIGITS - 1), "7" * FLOAT_DIGITS,
          "8" * (FLOAT_DIGITS + 1), ": -", ",\n  ", "[ 2.5"]


def test_the_fast_search_agrees_with_the_pattern() -> None:
    chooser = random.Random(21)
    found = 0
    for _ in range(4000):
        text = "".join(chooser.choice(PIECES) for _ in range(chooser.randint(1, 12)))
        expected = MIGHT_BE_TOO_LARGE.search(text) is not None
        assert might_be_too_large(text) == expected, repr(text)
        found += expected
    assert 100 < found < 3900  # both answers well exercised


def test_a_number_at_the_start_or_after_blanks_across_lines() -> None:
    assert might_be_too_large("1e400")
    assert might_be_too_large('{"a": [\n    -12.5e+0400]}')
    assert might_be_too_large("[" + "1" * FLOAT_DIGITS + "]")
    assert not might_be_too_large('{"email": "a@e997.com", "n": 1' + "1" * (FLOAT_DIGITS - 2) + "}")
    assert not might_be_too_large('{"hex": "ab' + "1" * FLOAT_DIGITS + '"}')
