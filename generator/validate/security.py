"""Security requirements no client could meet: a scheme the document names but does not
declare, or one whose credential no HTTP request can carry (a header or cookie name, or an http
auth-scheme, that is no token). `validate` reports each operation that asks only for those
(`rules.check_security_requirements`), and `generate` skips it, named: read as public, every
call would go without the credential its server asks for.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from generator.names.headers import TOKEN, unsendable_name

# What to do about a requirement no client could meet (said by `validate` and by `ir`).
UNMET_HINT = "declare the scheme, or rename its header or cookie, in the spec or an overlay"


@dataclass(frozen=True)
class Unmet:
    """Why a security requirement cannot be met: its problem code (`security-undeclared`: the
    document is invalid; `security-unsendable`: valid, but no request can carry it) and why."""

    code: str
    reason: str


def unsendable_scheme(scheme: Any) -> str | None:
    """Why a declared scheme's credential could never be sent, as `names.headers` says of a
    parameter: an apiKey header or cookie name, or an http auth-scheme (RFC 9110 section 11.1),
    that is no token. None: it can, or it is no scheme of those kinds."""
    if not isinstance(scheme, dict):
        return None
    name = scheme.get("name")
    place = str(scheme.get("in"))
    if scheme.get("type") == "apiKey" and isinstance(name, str) and name and unsendable_name(
            name, place):
        return f"its {place} name {name!r} cannot be sent: an HTTP {place} name is a token"
    word = scheme.get("scheme")
    if scheme.get("type") == "http" and isinstance(word, str) and word and not (
            TOKEN.fullmatch(word)):
        return f"http auth-scheme {word!r} cannot be sent: it is no token"
    return None


def unsendable_requirement(data: dict[str, Any], operation: dict[str, Any]) -> Unmet | None:
    """Why no credential the operation requires could be sent: every alternative of its
    security (its own, else the document's) names a scheme `unsendable_scheme` refuses. None
    when one alternative can be met (or none is asked)."""
    raw = operation["security"] if "security" in operation else data.get("security")
    declared = (data.get("components") or {}).get("securitySchemes") or {}
    if not isinstance(raw, list) or not raw or not isinstance(declared, dict):
        return None
    unmet = [_unsendable_alternative(requirement, declared) for requirement in raw]
    return unmet[0] if all(unmet) else None


def _unsendable_alternative(requirement: Any, declared: dict[str, Any]) -> Unmet | None:
    """Why one alternative of a security requirement cannot be met, or None.

    A scheme the document names but does not declare (`apiKey` beside a declared `ApiKey`) has
    no way of being sent: left out without a word, the operation read as public and every call
    went without the credential its server asks for. A document that declares no scheme at all
    keeps its optional bearer key (`ir.security`), as documents that leave security out
    expect."""
    for key in requirement if isinstance(requirement, dict) else ():
        if declared and key not in declared:
            return Unmet("security-undeclared",
                         f"security scheme {key!r} is not declared under "
                         f"components/securitySchemes{_nearest(key, declared)}: its credential "
                         "cannot be sent")
        reason = unsendable_scheme(declared.get(key))
        if reason is not None:
            return Unmet("security-unsendable", f"security scheme {key!r}: {reason}")
    return None


def _nearest(key: str, declared: dict[str, Any]) -> str:
    """` (did you mean 'ApiKey'?)` for the declared scheme `key` most likely misspells, or ''."""
    by_folded = {str(name).lower(): str(name) for name in declared}
    close = difflib.get_close_matches(key.lower(), list(by_folded), n=1, cutoff=0.6)
    return f" (did you mean {by_folded[close[0]]!r}?)" if close else ""
