"""The precompiled templates: committed as they would be compiled today, used only while they
match their sources, and rendering exactly what the sources render."""

from __future__ import annotations

import filecmp
import shutil
from pathlib import Path

import jinja2
import pytest

from generator.render import precompiled
from generator.render.environment import TEMPLATES, environment, source_environment

NAMES = sorted(name for name in source_environment(TEMPLATES).list_templates()
               if name.endswith(".jinja"))
TEMPLATE = "http_import.py.jinja"


def _compiles_from_source(env: jinja2.Environment, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Names Jinja compiles from source in `env` from now on."""
    compiled: list[str] = []
    original = env.compile

    def compile_spy(source, name=None, filename=None, raw=False, defer_init=False):  # type: ignore[no-untyped-def]
        compiled.append(name)
        return original(source, name, filename, raw, defer_init)

    monkeypatch.setattr(env, "compile", compile_spy)
    return compiled


def test_committed_modules_are_what_compiling_makes_today(tmp_path: Path) -> None:
    target = tmp_path / "compiled_templates"
    precompiled.compile_all(source_environment(TEMPLATES), TEMPLATES, target)
    comparison = filecmp.dircmp(precompiled.COMPILED, target, ignore=["__pycache__"])
    stale = comparison.diff_files + comparison.left_only + comparison.right_only
    assert not stale, f"stale precompiled templates {stale}: run `python -m tests.support.precompile`"
    assert {f"{precompiled.jinja2.ModuleLoader.get_template_key(name)}.py" for name in NAMES} <= {
        path.name for path in target.iterdir()}


def test_our_templates_load_without_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    env = source_environment(TEMPLATES)  # a fresh environment with the precompiled loader's config
    env = jinja2.Environment(**{**_options(env), "loader": precompiled.PrecompiledLoader(TEMPLATES)})
    compiled = _compiles_from_source(env, monkeypatch)
    for name in NAMES:
        env.get_template(name)
    assert compiled == []


def test_environments_do_not_share_a_module() -> None:
    """A compiled template looks its filters up in the environment that loaded it: one without
    our filters loading the same module must not take it from ours."""
    ours = environment(TEMPLATES)
    before = ours.get_template("README.md.jinja")
    bare = jinja2.Environment(**{**_options(ours), "loader": precompiled.PrecompiledLoader(TEMPLATES)})
    bare.get_template("README.md.jinja")
    assert before.environment is ours
    assert before.root_render_func.__globals__["environment"] is ours


def test_an_edited_template_compiles_from_its_source(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    edited = copy / TEMPLATE
    edited.write_text(edited.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    env = jinja2.Environment(**{**_options(source_environment(TEMPLATES)),
                                "loader": precompiled.PrecompiledLoader(copy)})
    compiled = _compiles_from_source(env, monkeypatch)
    rendered = env.get_template(TEMPLATE).render(library="httpx")
    assert rendered.endswith("# edited\n")
    assert compiled == [TEMPLATE]
    env.get_template("macros.jinja")  # unedited: still the compiled module
    assert compiled == [TEMPLATE]


def test_other_settings_compile_from_source(monkeypatch: pytest.MonkeyPatch) -> None:
    env = jinja2.Environment(**{**_options(source_environment(TEMPLATES)), "trim_blocks": False,
                                "loader": precompiled.PrecompiledLoader(TEMPLATES)})
    compiled = _compiles_from_source(env, monkeypatch)
    env.get_template(TEMPLATE)
    assert compiled == [TEMPLATE]


def test_a_damaged_manifest_means_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "compiled"
    broken.mkdir()
    (broken / precompiled.MANIFEST).write_text("{not json", encoding="utf-8")
    env = jinja2.Environment(**{**_options(source_environment(TEMPLATES)),
                                "loader": precompiled.PrecompiledLoader(TEMPLATES, broken)})
    compiled = _compiles_from_source(env, monkeypatch)
    env.get_template(TEMPLATE)
    assert compiled == [TEMPLATE]


@pytest.mark.parametrize("name", NAMES)
def test_a_module_is_the_code_its_template_compiles_to(name: str) -> None:
    """Loaded either way, a template is the same code, so it renders the same bytes (the golden
    record checks those): its module is what Jinja compiles the template's text to."""
    env = source_environment(TEMPLATES)
    source = env.compile(env.loader.get_source(env, name)[0], name,  # type: ignore[union-attr]
                         raw=True, defer_init=True)
    key = precompiled.jinja2.ModuleLoader.get_template_key(name)
    assert (precompiled.COMPILED / f"{key}.py").read_text(encoding="utf-8").strip() == source.strip()


def test_the_generator_uses_the_precompiled_loader() -> None:
    assert isinstance(environment(TEMPLATES).loader, precompiled.PrecompiledLoader)
    other = environment(TEMPLATES.parent)
    assert not isinstance(other.loader, precompiled.PrecompiledLoader)


def _options(env: jinja2.Environment) -> dict[str, object]:
    return {"undefined": env.undefined, "trim_blocks": env.trim_blocks,
            "lstrip_blocks": env.lstrip_blocks, "keep_trailing_newline": env.keep_trailing_newline,
            "autoescape": env.autoescape}
