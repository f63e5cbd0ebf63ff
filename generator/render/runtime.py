"""The hand-written runtime the package ships: templates/runtime/*.py, copied as they are but
for the one line of `_http.py` that imports the HTTP library the manifest chooses.

What the generator needs to know about the runtime is declared here as data (the error classes
the package root exports, the library `_http.py` imports), not read from its source:
tests/render/test_runtime_facts.py checks the declarations against the runtime.
"""

from __future__ import annotations

from pathlib import Path

from generator.names import namespace
from generator.render.environment import TEMPLATES, environment

RUNTIME = namespace.RUNTIME
# The library templates/runtime/_http.py imports: the runtime's tests run on it as it is.
RUNTIME_HTTP_LIBRARY = "httpx"
HTTP_IMPORT_TEMPLATE = "http_import.py.jinja"  # `_http.py`'s one import of the library
# Every public exception class of the runtime, by module: the package root exports them all,
# so every error a client can raise is importable from the package.
ERROR_MODULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("_errors", (
        "APIConnectionError", "APIError", "APIResponseDecodingError",
        "APIResponseValidationError", "APIStatusError", "APITimeoutError", "AuthenticationError",
        "BadRequestError", "ConflictError", "DeadlinePassedError", "InternalServerError",
        "MissingCredentialsError",
        "NotFoundError", "OverloadedError", "PaginationCycleError", "PaginationLinkError",
        "PermissionDeniedError",
        "RateLimitError", "RedactedCause", "RequestValidationError", "ResponseTooLargeError",
        "TooManyRedirectsError", "UnprocessableEntityError",
    )),
)


def runtime_files() -> frozenset[str]:
    """The package files copied from templates/runtime/ (`_http.py` with its import swapped)."""
    return frozenset(module.name for module in RUNTIME.glob("*.py"))


def runtime_modules(runtime: Path, http_library: str) -> dict[str, str]:
    """Every module of the `runtime` folder by file name, `_http.py` importing `http_library`."""
    files = {module.name: module.read_text(encoding="utf-8")
             for module in sorted(runtime.glob("*.py"))}
    files["_http.py"] = http_module(files["_http.py"], http_library)
    return files


def http_import(library: str) -> str:
    """The line of `_http.py` importing `library` (as the template shapes it)."""
    return environment(TEMPLATES).get_template(HTTP_IMPORT_TEMPLATE).render(library=library)


def http_module(source: str, library: str) -> str:
    """`_http.py` for the chosen library: its one import line is the only difference."""
    shipped = http_import(RUNTIME_HTTP_LIBRARY)
    if source.count(shipped) != 1:
        raise RuntimeError(f"templates/runtime/_http.py must contain {shipped!r} exactly once")
    return source.replace(shipped, http_import(library))


def error_exports() -> tuple[str, ...]:
    """Every runtime error class, sorted: what the package root exports besides the rest."""
    return tuple(sorted(name for _, names in ERROR_MODULES for name in names))
