"""The templates compiled to Python ahead of time, used only while they match their sources.

Jinja compiles a template's source to Python on first use: for the dozen templates a run loads,
0.06-0.09 s of CPU in every process (0.01-0.02 s from the compiled modules), ~8% of generating
the three providers. The compiled modules live in `generator/render/compiled_templates/` (made
by `make golden`, or `python -m tests.support.precompile` alone: the modules Jinja's own
`compile_templates` writes); a run executes them from the bytecode Python keeps for them.

A compiled module is used only when its template's source, the Jinja version and the
environment's syntax settings are exactly those it was compiled from (`MANIFEST.json` holds
the sha256 of each source); any other template, an edited one or a folder other than ours,
compiles from its source as before. Either way the template is the same code: the bytes
rendered cannot differ. tests/render/test_precompiled.py checks that the committed modules are
what this module makes today.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
import tempfile
from collections.abc import MutableMapping
from importlib.abc import InspectLoader
from pathlib import Path
from typing import Any

import jinja2

COMPILED = Path(__file__).resolve().parent / "compiled_templates"
MANIFEST = "MANIFEST.json"
_PACKAGE = f"{__package__}.compiled_templates"
_PACKAGE_INIT = '"""Templates compiled by generator/render/precompiled.py: do not edit."""\n'


def settings(env: jinja2.Environment) -> dict[str, Any]:
    """What, besides a template's source and Jinja's version, shapes the code it compiles to."""
    return {
        "jinja2": jinja2.__version__,
        "syntax": [env.block_start_string, env.block_end_string, env.variable_start_string,
                   env.variable_end_string, env.comment_start_string, env.comment_end_string,
                   env.line_statement_prefix, env.line_comment_prefix],
        "trim_blocks": env.trim_blocks,
        "lstrip_blocks": env.lstrip_blocks,
        "keep_trailing_newline": env.keep_trailing_newline,
        "newline_sequence": env.newline_sequence,
        "autoescape": env.autoescape if isinstance(env.autoescape, bool) else None,
        "extensions": sorted(env.extensions),
    }


def _sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


class PrecompiledLoader(jinja2.FileSystemLoader):
    """A `FileSystemLoader` over `templates` that runs a template's compiled module from
    `compiled` when the manifest there says it was compiled from the very same source under
    the same settings; else compiles the source, as its base class does."""

    def __init__(self, templates: Path, compiled: Path = COMPILED, package: str = _PACKAGE):
        super().__init__(str(templates))
        self._templates = templates
        self._package = package
        self._manifest = _read_manifest(compiled)
        self._modules: dict[str, dict[str, Any]] = {}

    def load(self, environment: jinja2.Environment, name: str,
             globals: MutableMapping[str, Any] | None = None) -> jinja2.Template:
        module = self._fresh_module(environment, name)
        if module is None:
            return super().load(environment, name, globals)
        return environment.template_class.from_module_dict(
            environment, module, globals if globals is not None else {})

    def _fresh_module(self, environment: jinja2.Environment, name: str) -> dict[str, Any] | None:
        """The compiled module of `name` when it matches the source; None otherwise."""
        recorded = self._manifest.get("templates", {}).get(name)
        if (recorded is None or self._manifest.get("settings") != settings(environment)
                or _sha256(self._templates / name) != recorded):
            return None
        return self._modules.get(name) or self._executed(name)

    def _executed(self, name: str) -> dict[str, Any] | None:
        """The namespace of `name`'s compiled module run afresh for this loader (its bytecode
        from Python's cache): a template binds its module's `environment` to the environment
        loading it, so modules are never shared between loaders (as Jinja's `ModuleLoader`)."""
        fullname = f"{self._package}.{_module_name(name)}"
        try:
            found = importlib.util.find_spec(fullname)
            loader = found.loader if found is not None else None
            code = loader.get_code(fullname) if isinstance(loader, InspectLoader) else None
        except (ImportError, OSError, SyntaxError):
            return None
        if found is None or code is None:
            return None
        namespace: dict[str, Any] = {"__name__": fullname, "__file__": found.origin}
        exec(code, namespace)  # noqa: S102  # our own module, compiled from our template
        self._modules[name] = namespace
        return namespace


def _module_name(name: str) -> str:
    return jinja2.ModuleLoader.get_template_key(name)


def _read_manifest(compiled: Path) -> dict[str, Any]:
    try:
        data = json.loads((compiled / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def compile_all(env: jinja2.Environment, templates: Path, target: Path) -> None:
    """Write into `target` (replaced whole) the compiled module of every `.jinja` template of
    `templates`, an `__init__.py` and the manifest of what they were compiled from."""
    with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
        staged = Path(scratch) / target.name
        staged.mkdir()
        env.compile_templates(str(staged), zip=None, ignore_errors=False,
                              filter_func=_is_template)
        names = sorted(name for name in env.list_templates() if _is_template(name))
        (staged / "__init__.py").write_text(_PACKAGE_INIT, encoding="utf-8")
        manifest = {"settings": settings(env),
                    "templates": {name: _sha256(templates / name) for name in names}}
        (staged / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n",
                                       encoding="utf-8")
        if target.exists():
            shutil.rmtree(target)
        staged.rename(target)


def _is_template(name: str) -> bool:
    return name.endswith(".jinja")
