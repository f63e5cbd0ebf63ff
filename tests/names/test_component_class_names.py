"""Component schemas whose class names meet: a key that is its class name already keeps it, and
the other is told apart by a number, named as a rename. `Foo-Bar` sorts before `FooBar`, so
`models.FooBar` was `Foo-Bar`'s class and `FooBar`'s was `FooBar2`, without a word: code naming
`models.FooBar` got the other schema."""

from __future__ import annotations

from generator import ir
from generator.names.components import clashing_names, class_names


def test_an_exact_key_keeps_its_name_and_the_other_is_numbered() -> None:
    schemas = {"FooBar": {}, "Foo-Bar": {}, "foo_bar": {}, "Pet": {}}
    chosen = class_names(schemas, set())
    assert chosen == {"Foo-Bar": "FooBar2", "FooBar": "FooBar", "Pet": "Pet", "foo_bar": "FooBar3"}
    assert list(chosen) == sorted(schemas)  # the order components/schemas is written in
    assert clashing_names(chosen) == [("Foo-Bar", "FooBar", "FooBar2"),
                                      ("foo_bar", "FooBar", "FooBar3")]


def test_the_told_apart_class_is_named_as_a_rename() -> None:
    document = {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
        "components": {"schemas": {"FooBar": {"type": "object"}, "Foo-Bar": {"type": "object"},
                                   "pet_owner": {"type": "object"}}},
    }
    api = ir.build(document, ir.BuildOptions(package="pkg", api_key_env="K", base_url_env="B"))
    assert [(note.pointer, note.action) for note in api.renames] == [
        ("/components/schemas/Foo-Bar", "its class is `FooBar2`")]
