"""Names the generated code itself binds, which no spec-derived name may take.

Each is defined here once; the renderer builds from these and the identifier rules keep clear of
them. What the templates and the hand-written runtime (templates/runtime/) bind is declared
below as data: code generation reads no template text to learn it.
tests/names/test_reserved.py reads the templates and the runtime and proves each list complete
and exact, so a name added there fails that test until it is declared here.
"""

from __future__ import annotations

import builtins
from typing import NamedTuple

# Bytes of a package name, the name of its folder: file systems refuse a name over 255 bytes,
# and the staging folder beside it (`.NAME.new-PID-xxxxxxxx`, io/write.py) adds some 25.
# (Here, not in `names.namespace`: `check`'s fast path reads it without loading the naming.)
MAX_PACKAGE_NAME = 200


class CallArgument(NamedTuple):
    """An argument every generated method has besides the operation's own."""

    name: str
    annotation: str
    default: str


# A parameter called like one of these takes another name. Method bodies reach everything else
# through names no parameter can take (`self._client`, `_ops.validated`, `_models.X`, `_checked`).
CALL_ARGUMENTS = (
    CallArgument("extra_headers", "Headers | None", "None"),
    CallArgument("extra_query", "Query | None", "None"),
    CallArgument("extra_body", "Mapping[str, object] | None", "None"),
    CallArgument("timeout", "Timeout | NotGiven", "NOT_GIVEN"),
    CallArgument("max_retries", "int | NotGiven", "NOT_GIVEN"),
)
CALL_ARGUMENT_NAMES = tuple(argument.name for argument in CALL_ARGUMENTS)

# Python's builtins: a generated name that hides one makes the code after it read another thing.
BUILTIN_NAMES = frozenset(dir(builtins))

# ---- what the templates and the runtime bind (checked against them by tests/names) ----------

CLIENT_TEMPLATE = "_client.py.jinja"
RESOURCES_TEMPLATE = "resources/resource.py.jinja"  # one module per resource
RESOURCES_INIT_TEMPLATE = "resources/__init__.py.jinja"  # the package exporting their classes
OPERATIONS_MODULE = "_operations.py"  # the runtime module of helpers `_resources.py` imports
CLIENT_BASES = ("SyncAPIClient", "AsyncAPIClient")
RESOURCE_BASES = ("SyncAPIResource", "AsyncAPIResource")
CLIENT_CLASSES = frozenset({"Client", "AsyncClient"})
HTTP_LIBRARIES = ("httpx", "httpx2")  # what generated code may import besides the runtime's
# What the HTTP library imports when it is installed (compression, HTTP/2, SOCKS, trio): a
# package of that name on the path is imported in its place, and the client breaks at import
# (`sniffio`: "partially initialized module 'httpx'"). Not among its distributions' required
# dependencies, which `namespace.shadowed_modules` reads.
HTTP_OPTIONAL_IMPORTS = ("anyio", "brotli", "brotlicffi", "certifi", "h2", "sniffio", "socksio",
                         "trio", "zstandard")

# What an instance of the runtime's SyncAPIClient/AsyncAPIClient (templates/runtime/) answers
# to: methods, class attributes, `self.x` assignments, its runtime bases' included.
CLIENT_BASE_ATTRIBUTES = frozenset({
    "__aenter__", "__aexit__", "__api_key", "__base_url", "__enter__", "__exit__", "__init__",
    "__repr__", "_add_idempotency_key", "_answer_redactor", "_auth", "_bad_redirect",
    "_base_headers", "_build_request", "_check_body_resendable", "_check_empty_body",
    "_check_loop", "_chunk_type", "_error_json",
    "_client", "_default_headers", "_default_query", "_document_base_url", "_header_cache",
    "_headers", "_hidden", "_hidden_query", "_invalid_body", "_link_base", "_local_error",
    "_log_retry", "_make_status_error",
    "_may_retry_after", "_may_retry_status", "_mismatch", "_operation_servers", "_origin",
    "_origins", "_owns_client", "_parse_body",
    "_parsed_url", "_path_prefix", "_prepare", "_random", "_raw_response", "_read", "_redact",
    "_redirect", "_request_base", "_retry_delay", "_send", "_servers_apply", "_sleep",
    "_sets_cookies",
    "_stream_cls",
    "_too_many_redirects", "_transport_error", "_undecodable", "_url", "_urls",
    "_warn_if_clear_text", "_with_credentials", "_wrap_headers", "aclose", "api_key", "base_url",
    "close", "default_headers", "idempotency_header", "is_closed", "max_event_size",
    "max_redirects", "max_response_size", "max_retries", "request", "request_raw",
    "strict_response_validation", "timeout", "user_agent",
})

# The same of the runtime's SyncAPIResource/AsyncAPIResource.
RESOURCE_BASE_ATTRIBUTES = frozenset({
    "__init__", "_client", "_delete", "_get", "_head", "_options", "_patch", "_post", "_put",
    "_trace",
})

# What `_client.py.jinja`'s classes add: `self.x = ...`, `def x`, class-body `x = ...`.
CLIENT_TEMPLATE_ATTRIBUTES = frozenset({
    "__init__", "_auth", "_base_url", "_document_base_url", "_operation_servers", "_path_prefix",
    "client_params", "copy", "credential_arguments", "user_agent", "with_options",
})

# What `_resources.py.jinja`'s classes add.
RESOURCE_TEMPLATE_ATTRIBUTES = frozenset({
    "__init__", "with_raw_response", "with_streaming_response",
})

# Builtins the method signatures of `_client.py.jinja` read (`str` in `api_key: str | None`):
# a client attribute named like one would hide it from them (mypy reads them in the class body).
CLIENT_SIGNATURE_BUILTINS = frozenset({
    "False", "None", "bool", "int", "object", "str",
})

# What `_resources.py.jinja` imports and defines at its top level (its generated parts aside).
RESOURCES_MODULE_NAMES = frozenset({
    "AsyncAPIClient", "AsyncAPIResource", "AsyncPage", "AsyncPaginator", "AsyncStream",
    "FileContent", "Headers", "Literal", "Mapping", "NOT_GIVEN", "NotGiven", "Pagination", "Query",
    "ResponseSpec", "ResponseTargets", "Stream", "SyncAPIClient", "SyncAPIResource", "SyncPage",
    "TYPE_CHECKING", "Timeout", "__all__",
    "_abc", "_models", "_ops", "_params", "_typing_extensions", "annotations",
    "async_to_raw_response",
    "async_to_streamed_response", "overload", "to_raw_response", "to_streamed_response",
})

# What `_client.py.jinja` imports and defines at its top level; the client classes' names
# (`Client`, `AsyncClient`) are chosen in a `{% set %}`: `CLIENT_CLASSES`.
CLIENT_MODULE_NAMES = frozenset({
    "API_KEY_ENV", "AsyncAPIClient", "Auth", "BASE_URL_ENV", "CREDENTIAL_SOURCES",
    "DEFAULT_BASE_URL", "DEFAULT_MAX_EVENT_SIZE", "DEFAULT_MAX_REDIRECTS",
    "DEFAULT_MAX_RESPONSE_SIZE", "IDEMPOTENCY_HEADER", "Mapping", "NOT_GIVEN", "NotGiven",
    "SECURITY", "SECURITY_SCHEMES", "SecurityScheme", "Self", "SyncAPIClient", "TYPE_CHECKING",
    "Timeout", "USER_AGENT", "__all__", "_auth", "_base_url", "_http", "annotations",
    "cached_property", "check_base_url", "copied_client", "os",
})

# What `resources/__init__.py.jinja` imports and defines at its top level (the resource classes
# it imports for type checkers aside).
RESOURCES_INIT_NAMES = frozenset({
    "TYPE_CHECKING", "_MODULES", "__all__", "__dir__", "__getattr__", "_import_module",
    "annotations",
})

# Decorators the client classes' bodies read: a resource attribute named like one would hide
# it from the properties after it.
CLIENT_DECORATORS = frozenset({"cached_property"})

# What templates/runtime/_operations.py binds at its top level: `_resources.py` may import
# any of them by bare name.
OPERATIONS_MODULE_NAMES = frozenset({
    "Annotated", "Any", "AsyncAPIClient", "CallOptions", "Callable", "Collection", "FileContent",
    "FileData", "FormBody", "Headers", "IO", "Iterable", "Iterator", "Mapping", "MultipartBody",
    "NOT_GIVEN",
    "NotGiven", "Query", "RawBody", "RequestValidationError", "Sequence", "SyncAPIClient",
    "Timeout", "TypeAlias", "TypedDict", "_check_header", "_describe", "FORM_MEDIA_TYPE",
    "dump_model", "_form_value",
    "_KEPT_KINDS", "_bools_made_numbers", "_bracketed", "_clash", "_given_at", "_joined", "_loose",
    "_hidden_at", "_is_file_data",
    "_is_file_part", "_is_json_value", "_json_text", "_keep_given", "_models_in",
    "_non_finite", "_path_value",
    "_parts_mapping", "_pct", "_rewritten_url", "_scalar",
    "_short", "_validator", "_names_a_secret", "is_credential_header",
    "annotations", "client_value", "given_or",
    "dataclass", "form_body", "form_fields", "format_path", "get_args", "header_problem", "json",
    "math",
    "multipart_body", "multipart_fields", "multipart_files", "multipart_parts",
    "optional_body", "os",
    "pick", "pick_cookies", "is_token",
    "pick_headers", "pick_strings", "pydantic", "pydantic_core", "quote", "raw_body", "raw_content",
    "_refuse_bools_made_numbers",
    "request_options", "root_type", "validated", "validated_root",
})

# Every word `Client.__init__` and the code after it in `_client.py.jinja` reads or binds
# (its arguments, the builtins it calls, `super`, ...), the module's names aside.
CLIENT_INIT_NAMES = frozenset({
    "False", "None", "__init__", "api_key", "auth", "base_url", "bool", "copy", "def",
    "default_headers", "default_query", "dict", "from", "from_env", "http_client",
    "idempotency_header", "import", "int", "max_event_size", "max_redirects", "max_response_size",
    "max_retries", "object", "return", "self", "str", "strict_response_validation", "super",
    "timeout", "with_options",
})

# Top-level modules templates/runtime/*.py import.
RUNTIME_IMPORTS = frozenset({
    "__future__", "asyncio", "base64", "builtins", "codecs", "collections", "contextlib",
    "contextvars", "dataclasses", "datetime", "email", "enum", "functools", "hashlib", "http",
    "httpx", "ipaddress", "json", "logging", "math", "os", "pydantic", "pydantic_core",
    "random", "re", "stat", "sys", "threading", "time", "types", "typing", "urllib", "uuid",
    "warnings", "weakref",
})
