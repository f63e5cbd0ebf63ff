"""Two identifier decisions the models and render stages take from names/: a builtin a generated
name hides is reached as `_builtins.<name>` (`names.hidden`), and a property Python would read
as another name (NFKC) gets an ASCII field name (`names.aliases`)."""

from __future__ import annotations

from generator.names.aliases import nfkc_field_aliases
from generator.names.hidden import BUILTINS_ALIAS, hidden_builtins, unhidden


def test_hidden_builtins_are_the_builtin_names_among_the_names() -> None:
    assert hidden_builtins(["list", "create", "id", "retrieve"]) == {"list", "id"}
    assert hidden_builtins([]) == frozenset()


def test_unhidden_reaches_hidden_builtins_through_the_alias() -> None:
    hidden = frozenset({"list", "dict"})
    assert unhidden("list[int] | None", hidden) == f"{BUILTINS_ALIAS}.list[int] | None"
    assert (unhidden("dict[str, list[str]]", hidden)
            == f"{BUILTINS_ALIAS}.dict[str, {BUILTINS_ALIAS}.list[str]]")
    # only names: an attribute spelled like a builtin is not one, and other names stay
    assert unhidden("_models.list | set[int]", hidden) == "_models.list | set[int]"
    assert unhidden("listing | str", hidden) == "listing | str"  # untouched text, as given


def test_unhidden_keeps_the_text_when_nothing_is_hidden() -> None:
    text = "Literal[ 'list' ]"  # not re-rendered: the same text comes back
    assert unhidden(text, frozenset()) is text
    assert unhidden(text, frozenset({"list"})) == "Literal['list']"  # a string, not the builtin


def test_nfkc_names_get_an_ascii_field_name_clear_of_every_property() -> None:
    document = {"components": {"schemas": {
        "A": {"properties": {"\ufb01le": {}, "file": {}, "fi": {}}},
        "B": {"items": [{"properties": {"\u2460": {}, "file_": {}}}]},
    }}}
    aliases = nfkc_field_aliases(document)
    assert set(aliases) == {"\ufb01le"}  # `①` is no identifier: dcg aliases it itself
    assert aliases["\ufb01le"] not in {"file", "fi", "file_"}
    assert aliases["\ufb01le"].isascii() and aliases["\ufb01le"].isidentifier()


def test_nfkc_aliases_are_distinct_and_stable() -> None:
    document = {"properties": {"\ufb01": {}, "\ufb01\u0301": {}, "x\u00b2": {}}}
    first = nfkc_field_aliases(document)
    assert first == nfkc_field_aliases(document)
    assert len(set(first.values())) == len(first)
    assert nfkc_field_aliases({"properties": {"plain": {}, "caf\u00e9": {}}}) == {}
