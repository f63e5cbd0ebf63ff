"""The render stage: an `Api`, its `Models` and their views -> the whole package in memory
(relative path -> text).

Python here computes data only: names, annotations, literals and docstrings, gathered in small
views (`render.views`). The templates hold the code, including the body of every method. Spec
text reaches a template only as a finished Python literal (`render.filters`) or as an identifier
built by `generator.names`, so nothing in a spec can inject code.
"""

from __future__ import annotations

import ast
import keyword
import re
import unicodedata
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from generator import __version__
from generator.io.cache import Cache
from generator.ir import Api
from generator.models import ABC_QUALIFIER, MODELS_HEADER, QUALIFIER, Models, ParamClass
from generator.models.build import component_classes
from generator.models.params import PARAM_SUFFIX
from generator.models.split import split_models
from generator.names import namespace
from generator.names.hidden import BUILTINS_ALIAS
from generator.names.reserved import BUILTIN_NAMES
from generator.problems import GeneratorError, Problem
from generator.render import resources
from generator.render.environment import TEMPLATES, environment
from generator.render.filters import docstring, literal
from generator.render.model_modules import MODELS_DOC, package_files
from generator.render.operations import PackageViews, package_views
from generator.render.runtime import ERROR_MODULES, RUNTIME, error_exports, runtime_modules
from generator.render.security import security_view
from generator.render.style import LINE_LENGTH
from generator.render.views import Argument, OperationView

# The modules rendered from templates whose every binding a spec name may reach, besides the
# resource modules (`resources.module_path`) and the params package's.
RENDERED_MODULES = ("__init__.py", "_client.py", resources.RESOURCES_INIT)
MODELS_PACKAGE, PARAMS_PACKAGE = "models", "params"  # the subpackages holding them
# What the package root exports besides the errors (`__init__.py`).
ROOT_EXPORTS = ("NOT_GIVEN", "APIResponse", "AsyncAPIResponse", "AsyncClient", "AsyncPage",
                "AsyncPaginator", "AsyncStream", "Client", "NotGiven", "Omit", "Stream", "SyncPage",
                "models", "params")
# Names params.py uses in annotations (with the module aliases of `Models.annotation_modules`):
# a key spelled like one would shadow it in a class body.
_PARAMS_MODULE_NAMES = frozenset({"Required", "TypedDict", QUALIFIER, ABC_QUALIFIER})


def exports(names: list[str]) -> list[str]:
    """`__all__` order as ruff's RUF022 wants it: CONSTANTS, then Classes, then functions."""
    # as ruff tells them apart: a constant is upper case and longer than one letter (`AB`, not `A`)
    return sorted(names, key=lambda name: (
        0 if len(name) > 1 and name.isupper() else 1 if name[:1].isupper() else 2, name))


# What a product version in a `User-Agent` may hold (RFC 9110 `token`): httpx refuses a
# header value that is not ASCII, so a version such as `versión-ß` or `1.0` with an invisible
# mark would make every request of the package fail.
_NOT_IN_TOKEN = re.compile(r"[^0-9A-Za-z!#$%&'*+.^_`|~-]")


def user_agent(api: Api) -> str:
    """`<package>/<API version> openapi-clientgen/<generator version>`, the API version in
    the characters a header's product version holds (`versión 2` -> `version2`)."""
    folded = unicodedata.normalize("NFKD", api.version).encode("ascii", "ignore").decode("ascii")
    version = _NOT_IN_TOKEN.sub("", folded) or "0"
    return f"{api.options.package}/{version} openapi-clientgen/{__version__}"


@dataclass(frozen=True)
class ParamClassView:
    """One `TypedDict` of params.py: class syntax when every key can be an attribute name."""

    name: str
    model: str
    fields: tuple[tuple[str, str], ...]  # key -> annotation (`Required[...]` for required keys)
    functional: bool


def _param_class_view(param_class: ParamClass, module_aliases: AbstractSet[str]) -> ParamClassView:
    fields = tuple((f.key, f"Required[{f.annotation}]" if f.required else f.annotation)
                   for f in param_class.fields)
    functional = any(
        not key.isidentifier() or keyword.iskeyword(key) or key in _PARAMS_MODULE_NAMES
        or key in module_aliases or key.endswith("Param") or key in BUILTIN_NAMES
        for key, _ in fields
    )
    return ParamClassView(param_class.name, param_class.model, fields, functional)


def _annotation_modules(models: Models, operations: list[OperationView]) -> list[tuple[str, str]]:
    """(module, alias) of each module the annotations of the resources and params modules name:
    those models.py takes names from, and `builtins` when a signature needs a builtin an argument
    shadows (models.py may import from it too: one import either way)."""
    modules = set(models.annotation_modules)
    if any(BUILTINS_ALIAS in text for op in operations for text in resources.annotation_texts(op)):
        modules.add(("builtins", BUILTINS_ALIAS))
    return sorted(modules)


def idempotency_default(api: Api) -> str:
    """The Python expression of the client's `idempotency_header` default: the header the
    document names for every POST and PATCH, else `NOT_GIVEN` (only operations declaring one
    carry a key; an explicit `None` from the user turns keys off everywhere)."""
    return literal(api.idempotency_header) if api.idempotency_header else "NOT_GIVEN"


def _context(api: Api, models: Models, views: PackageViews) -> dict[str, Any]:
    """What the package's modules are rendered from."""
    operations = [op for resource in views.resources for op in resource.operations]
    client_params = [
        Argument(p.name, models.annotation(p.model_class, p.model_key, drop_none=True) + " | None",
                 "None")
        for p in api.client_params
    ]
    module_aliases = {alias for _, alias in models.annotation_modules}
    param_classes = [_param_class_view(c, module_aliases)
                     for c in views.params.param_classes(models)]
    return {
        "api": api,
        "title_doc": docstring(api.title or api.options.package),
        "resources": views.resources,
        "operations": operations,
        "operation_servers": api.operation_servers(),
        "resource_exports": exports(resources.class_exports(views.resources)),
        "client_params": client_params,
        "security": security_view(api.security),
        "param_classes": param_classes,
        "param_exports": exports([c.name for c in param_classes]),
        "annotation_modules": _annotation_modules(models, operations),
        "generator_version": __version__,
        "user_agent": user_agent(api),
        "idempotency_default": idempotency_default(api),
        "error_modules": ERROR_MODULES,
        "root_exports": exports([*ROOT_EXPORTS, *error_exports()]),
    }


def models_files(models: Models, anchors: Iterable[str] = ()) -> dict[str, str]:
    """The models package: `models/__init__.py`, lazy, and the group modules (the split the
    models stage made; made here, `anchors` heading modules, for an index built without it)."""
    modules = models.modules
    if modules is None:
        modules = split_models(models.source, anchors)
    return package_files(modules, package=MODELS_PACKAGE, header=MODELS_HEADER, doc=MODELS_DOC,
                         kind="model classes", order=exports)


def params_files(api: Api, source: str) -> dict[str, str]:
    """The params package from params.py's text `source` (templates/params.py.jinja): its
    docstring the package's, each component schema's `TypedDict` heading a module of its own."""
    tree = ast.parse(source)
    anchors = [f"{name}{PARAM_SUFFIX}" for name in component_classes(api.models_input)]
    modules = split_models(source, anchors, whole="_params", tree=tree)
    return package_files(modules, package=PARAMS_PACKAGE, header="",
                         doc=ast.get_docstring(tree) or "", kind="TypedDict classes", order=exports)


# The settings the package is formatted and checked with (output/format.py's), shipped inside it:
# ruff reads the closest configuration, so `ruff check` and `ruff format --check` agree with the
# generator wherever the package is vendored, whatever the surrounding project configures.
RUFF_TOML = f"""\
# Generated by openapi-clientgen: the ruff settings this package is formatted and checked with.
line-length = {LINE_LENGTH}
target-version = "py311"

[lint]
extend-select = ["I"]
# the package is named by its folder, which the user chose (`--out MyClient`)
ignore = ["N999"]
"""


@dataclass(frozen=True)
class RenderedPackage:
    """Every Python file of a package, unformatted, keyed by relative path."""

    files: dict[str, str]
    source_file: str  # the document, named by the check's error

    def readings(self, cache: Cache | None = None) -> dict[str, namespace.Reading]:
        """The check that no module binds a name twice (a generator bug: a `GeneratorError`),
        and what it read of each module it parsed (`namespace.Reading`); what it read of a
        module's text before is taken from `cache`. It parses every resource module (GitHub's
        10 MB: ~0.5 s): the pipeline has it made beside the formatting."""
        return _check_module_names(self.files, self.source_file, cache)

    def read_size(self) -> int:
        """The characters the check parses."""
        return sum(len(self.files[module]) for module in _modules_read(self.files))


def render(api: Api, models: Models, views: PackageViews | None = None,
           cache: Cache | None = None) -> dict[str, str]:
    """Every Python file of the package, unformatted, keyed by relative path; checked."""
    package = rendered_package(api, models, views)
    package.readings(cache)
    return package.files


def rendered_package(api: Api, models: Models,
                     views: PackageViews | None = None) -> RenderedPackage:
    """The package's files, not checked yet (`RenderedPackage.readings`)."""
    env = environment(TEMPLATES)
    context = _context(api, models, views if views is not None else package_views(api, models))
    files = {
        "__init__.py": env.get_template("__init__.py.jinja").render(context),
        "_client.py": env.get_template("_client.py.jinja").render(context),
        **_resource_modules(context),
        **models_files(models, component_classes(api.models_input)),
        **params_files(api, env.get_template("params.py.jinja").render(context)),
        "py.typed": "",
        "ruff.toml": RUFF_TOML,
        **runtime_modules(RUNTIME, api.options.http_library),
    }
    return RenderedPackage(files, api.options.source_file)


def _resource_modules(context: dict[str, Any]) -> dict[str, str]:
    """`resources/__init__.py` and each resource's module."""
    env = environment(TEMPLATES)
    template = env.get_template("resources/resource.py.jinja")
    modules = {resources.RESOURCES_INIT:
               env.get_template("resources/__init__.py.jinja").render(context)}
    for resource in context["resources"]:
        own = resources.resource_context(resource, context["annotation_modules"],
                                         exports(resources.class_exports([resource])))
        modules[resources.module_path(resource)] = template.render({**context, **own})
    return modules


def _modules_read(files: dict[str, str]) -> list[str]:
    """The modules whose names the check reads: the rendered ones, resources and params."""
    return sorted({*RENDERED_MODULES, *(path for path in files
                                        if path.startswith((f"{resources.RESOURCES_PACKAGE}/",
                                                            f"{PARAMS_PACKAGE}/")))})


def _check_module_names(files: dict[str, str], source_file: str,
                        cache: Cache | None = None) -> dict[str, namespace.Reading]:
    """Every name a rendered module binds, it binds once: names are chosen clear of each other
    (`namespace.plan`), so a name bound twice is a generator bug, and fails loudly. The
    readings of the modules checked."""
    readings = namespace.read_modules(files, _modules_read(files), cache)
    twice = namespace.bound_twice_in(readings)
    if twice:
        raise GeneratorError([Problem(
            source_file, "", None, f"generator bug: names bound twice: {', '.join(twice)}",
            "nothing was written; run with --debug and report it with the spec")])
    return readings
