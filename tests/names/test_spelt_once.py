"""names/identifiers.py spells a text once (`_spelt_once`): a document repeats its names (and
`diff` builds both sides), and the spellings are functions of the text alone."""

from __future__ import annotations

from typing import Any

import pytest

from generator.names.identifiers import natural_argument_name, pascal_case, snake_case

SPELLINGS = (snake_case, pascal_case, natural_argument_name)


@pytest.mark.parametrize("spell", SPELLINGS, ids=lambda spell: spell.__name__)
def test_a_text_spelt_again_is_the_spelling_remembered(spell: Any) -> None:
    text = "someParameterNameSpeltTwice-ÆON"
    first = spell(text)
    assert first is not None and spell(text) is first  # (built anew, it is another object)


@pytest.mark.parametrize("spell", SPELLINGS, ids=lambda spell: spell.__name__)
def test_what_is_no_text_fails_as_before_not_in_the_memory(spell: Any) -> None:
    for value in (["a", "list"], 7):  # a list: a memory would have failed on its hash
        with pytest.raises(Exception) as spelt:  # whatever the spelling raises
            spell(value)
        with pytest.raises(Exception) as plain:
            spell.__wrapped__(value)
        assert type(spelt.value) is type(plain.value)
        assert not isinstance(spelt.value, TypeError) or "unhashable" not in str(spelt.value)
