"""The intermediate model: a loaded document -> `Api` (resources, operations, params, bodies,
responses, streams, pages, security, servers). Later stages import from here.

`model` holds the values, `build` the stage function; the modules between them decide one
part of an operation each (parameters, bodies, responses, security, servers), `classes` and
`schemas` prepare the schema document datamodel-code-generator is given.
"""

from generator.ir.build import build
from generator.ir.model import (
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
)

__all__ = [
    "Api", "Body", "BuildOptions", "Operation", "Param", "Resource", "ResponseHeader",
    "ResponseType", "Security", "SecurityScheme", "build",
]
