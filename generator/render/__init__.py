"""The render stage: an `Api` and its `Models` -> every file of the package in memory
(relative path -> text); the code's shape is in templates/, the values come through the filters.

Modules: `package` (the stage: `render`), `operations` and `signatures` (the views of the
methods, `views` their data), `security` (the client's credentials), `runtime` (the copied
runtime), `filters` (THE injection boundary), `environment` (Jinja), `docstrings`,
`package_docs` (README.md and api.md), `style`.
"""

from generator.render.environment import TEMPLATES, environment
from generator.render.filters import docstring, literal, markdown_code, one_line
from generator.render.operations import PackageViews, package_views
from generator.render.package import RenderedPackage, render, rendered_package
from generator.render.runtime import RUNTIME, error_exports, runtime_files
from generator.render.views import CALL_ARGUMENTS

__all__ = [
    "CALL_ARGUMENTS", "RUNTIME", "TEMPLATES", "PackageViews", "RenderedPackage", "docstring",
    "environment", "error_exports", "literal", "markdown_code", "one_line", "package_views",
    "render", "rendered_package", "runtime_files",
]
