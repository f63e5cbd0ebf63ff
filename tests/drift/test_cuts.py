"""drift/diff/cuts.py: `split_cuts` drops every location below a cut one, looking only at the
prefixes of the cut keys' lengths; the answer is the one every prefix gives."""

from __future__ import annotations

import itertools

from generator.drift.diff.cuts import split_cuts
from generator.drift.diff.walk import Field, Key, SchemaInfo

_INFO = SchemaInfo(frozenset(), "any", False, False, None, None, (), False, False, "", (), None,
                   None, None, False, False)
_KEYS: list[Key] = [key for length in range(5)
                    for key in itertools.product((".a", "[]", ".b"), repeat=length)]


def _fields(keys: list[Key], cut: set[Key]) -> dict[Key, Field]:
    return {key: Field(key, "", _INFO, cut=key in cut) for key in keys}


def _every_prefix(old: dict[Key, Field], new: dict[Key, Field]) -> tuple[list[Key], set[Key],
                                                                          set[Key]]:
    """The rule written out: a key goes when any proper prefix of it is cut on either side."""
    cuts = {key for fields in (old, new) for key, f in fields.items() if f.cut}
    kept = [{key for key in fields
             if not any(key[:length] in cuts for length in range(len(key)))}
            for fields in (old, new)]
    both = sorted(key for key in cuts if key in kept[0] and key in kept[1])
    return both, kept[0], kept[1]


def test_split_cuts_drops_what_any_proper_prefix_cuts() -> None:
    cut_sets: list[tuple[set[Key], set[Key]]] = [
        (set(), set()), ({()}, set()), ({(".a",)}, set()), (set(), {(".a", "[]")}),
        ({(".a",), (".b", "[]", ".a")}, {("[]",), (".a", ".a", ".b")}),
        ({(".a", ".a", ".a", ".a")}, {(".b",)}), ({(".a",)}, {(".a",)})]
    for old_cut, new_cut in cut_sets:
        for old_keys, new_keys in ((_KEYS, _KEYS), (_KEYS[::2], _KEYS[1::3])):
            old, new = _fields(old_keys, old_cut), _fields(new_keys, new_cut)
            expected = _every_prefix(old, new)
            assert (split_cuts(old, new), set(old), set(new)) == expected
