"""The intermediate model: a loaded document -> `Api` (resources, operations, params, bodies,
responses, streams, pages, security, servers). Later stages import from here."""

from generator.ir.builder import (
    Api,
    Body,
    BuildOptions,
    Operation,
    Param,
    Resource,
    ResponseHeader,
    ResponseType,
    Security,
    SecurityScheme,
    build,
)

__all__ = [
    "Api", "Body", "BuildOptions", "Operation", "Param", "Resource", "ResponseHeader",
    "ResponseType", "Security", "SecurityScheme", "build",
]
