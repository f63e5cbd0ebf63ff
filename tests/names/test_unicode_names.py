"""Names with letters beyond ASCII (found in a new user's trial: `größe`, `groe`, `ñ`, `日本`
became the arguments `groe`, `groe_`, `n`, `value`, silently, while the model's fields kept
their names).

An argument is its parameter's or property's name as Python keeps it (PEP 3131), the name
datamodel-code-generator gives the model's field: `größe`, `日本`, `größeWert` -> `größe_wert`.
A name Python cannot keep (`🙂`) becomes another one, reported with the repairs. Names that
must be ASCII (modules, methods, environment variables) transliterate: `ß` -> `ss`.
"""

from __future__ import annotations

import ast
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from generator.names.arguments import argument_rename
from generator.names.identifiers import argument_name, natural_argument_name, python_name
from tests.support import FEATURE_SPECS, import_from
from tests.support.servers import Reply, ScriptedServer

SPEC = FEATURE_SPECS / "unicode_names.yaml"


@pytest.fixture(scope="module")
def generation() -> pipeline.Generation:
    return pipeline.generate_packages([pipeline.target_for_spec(SPEC, "unicode_pkg")])


@pytest.mark.parametrize(("wire", "argument"), [
    ("größe", "größe"), ("groe", "groe"), ("ñ", "ñ"), ("日本", "日本"),
    ("größeWert", "größe_wert"), ("café-au-lait", "café_au_lait"), ("ÆON", "æon"),
    ("ﬁle", "file"),  # as Python reads `ﬁle` (NFKC)
    ("userName", "user_name"), ("HTTPServer", "http_server"), ("2fa", "n2_fa"),
    ("class", "class_"), ("🙂", None),
    # soft keywords are names as they are, on every Python (3.12 made `type` one)
    ("match", "match"), ("case", "case"), ("type", "type"),
])
def test_an_argument_keeps_the_letters_of_its_name(wire: str, argument: str | None) -> None:
    assert natural_argument_name(wire) == argument


def test_an_argument_taken_or_without_a_name_takes_another() -> None:
    assert argument_name("🙂") == "value"
    assert argument_name("timeout") == "timeout_"
    assert argument_name("größe", reserved={"größe"}) == "größe_"


@pytest.mark.parametrize(("text", "ascii_name"), [
    ("straße", "strasse"), ("Größe", "grosse"), ("ÆON", "aeon"), ("Łódź", "lodz"),
    ("café", "cafe"), ("日本", "value"),
])
def test_an_ascii_name_transliterates(text: str, ascii_name: str) -> None:
    assert python_name(text) == ascii_name


def _fields(source: str) -> list[str]:
    (model,) = [node for node in ast.parse(source).body if isinstance(node, ast.ClassDef)]
    return [node.target.id for node in model.body
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
            and node.target.id != "model_config"]


def _arguments(source: str) -> list[str]:
    method = next(node for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.FunctionDef) and node.name == "make_measure")
    return [argument.arg for argument in method.args.kwonlyargs]


def test_arguments_are_the_models_field_names(generation: pipeline.Generation) -> None:
    files = generation.packages["unicode_pkg"]
    arguments = _arguments(files["resources/default.py"])
    fields = _fields(files["models/_make_measure_body.py"])
    assert arguments[:len(fields) + 1] == [
        "größe", "straße", "groe", "ñ", "日本", "größe_wert", "café_au_lait", "æon", "value"]
    assert [field for field in fields if field != "field_"] == [
        argument for argument in arguments if argument in fields]
    assert _fields(files["models/_make_measure_params.py"]) == ["straße"]


def test_only_a_name_python_cannot_keep_is_reported(generation: pipeline.Generation) -> None:
    repairs = generation.outcomes["unicode_pkg"].repairs
    assert [(repair.problem, repair.action) for repair in repairs] == [(
        "the request body property `🙂` has no character a Python name can hold",
        "its argument is `value`")]
    assert "`🙂` has no character" in generation.packages["unicode_pkg"]["COVERAGE.md"]


def test_each_argument_sends_its_own_property(generation: pipeline.Generation,
                                              tmp_path: Any) -> None:
    write.write(generation.packages["unicode_pkg"], tmp_path / "unicode_pkg")
    package = import_from(tmp_path, "unicode_pkg")
    with ScriptedServer([Reply(204)]) as server:
        client = package.Client(api_key="k", base_url=server.url)
        client.default.make_measure(größe=1, groe="g", straße="s", 日本="j", größe_wert="w",
                                    value="smile")
        (sent,) = server.requests
    assert sent.query == [("straße", "s")]
    assert sent.json() == {"größe": 1, "groe": "g", "日本": "j", "größeWert": "w", "🙂": "smile"}


def test_an_argument_taken_by_another_is_reported() -> None:
    rename = argument_rename("/paths/~1a/post", "Größe", "query parameter", "größe_")
    assert rename is not None and rename.problem == (
        "the query parameter `Größe` would be the argument `größe`, a name another argument "
        "of the method already uses")
    assert argument_rename("/paths/~1a/post", "Größe", "query parameter", "größe") is None
