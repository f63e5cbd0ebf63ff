"""Reading what openapi-spec-validator (and jsonschema under it) says, in English.

Some repairs need a name only its message holds: the unexpected keys of an object, the
missing required field, the path parameter it could not match. Each reader here knows one
wording; when a library release rewords it, the reader finds nothing and the problem falls
back to the decision by location (never to a wrong repair).
"""

from __future__ import annotations

import re

_UNEXPECTED = re.compile(r"\((.*) (?:was|were) unexpected\)")
_NOT_MATCHING = re.compile(r"^(.*) (?:does|do) not match any of the regexes")
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")
# at the start, or after what names the object (`parameter `id` (in: path): `)
_REQUIRED_PROPERTY = re.compile(r"(?:^|: )'((?:[^'\\]|\\.)*)' is a required property$")
_NOT_OF_TYPE = re.compile(r"(?:^|: )None is not of type '([a-z]+)'$")
_PATH_PARAMETER = re.compile(r"Path parameter '([^']+)'")


def unexpected_names(message: str) -> list[str]:
    """The keys jsonschema names as not allowed: `('a', 'b' were unexpected)` (3.1) or
    `'a' does not match any of the regexes: '^x-'` (3.0, whose objects allow only `x-` extras)."""
    found = _UNEXPECTED.search(message) or _NOT_MATCHING.match(message)
    return _QUOTED.findall(found.group(1)) if found else []


def quoted_names(message: str) -> list[str]:
    """Every `'quoted'` name of the message (`Required list has not defined properties: 'a'`)."""
    return _QUOTED.findall(message)


def missing_required(message: str) -> str | None:
    """The field of `'version' is a required property`."""
    found = _REQUIRED_PROPERTY.search(message)
    return found.group(1) if found else None


def path_parameter(message: str) -> str | None:
    """The parameter of `Path parameter 'id' for 'get' operation in '/items' was not resolved`."""
    found = _PATH_PARAMETER.search(message)
    return found.group(1) if found else None


def expected_type(message: str) -> str | None:
    """The type of `None is not of type 'object'` (the message about a null value)."""
    found = _NOT_OF_TYPE.search(message)
    return found.group(1) if found else None
