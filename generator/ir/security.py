"""Authentication: the schemes a document's requirements use, and the client arguments and
environment variables that carry their credentials.

Only schemes a client can send are used (apiKey, http, oauth2 and openIdConnect tokens); a
requirement naming another is left out. Schemes declared but named by no requirement (a
document saying `security: []`) are each offered, none required; where the document says
nothing at its top, an operation without `security` of its own sends the first credential
given. Without any usable scheme the
client takes an optional bearer key, as most documents that leave security out expect.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping
from typing import Any

from generator.document.operations import iter_operations
from generator.document.pointer import join_tokens
from generator.ir.model import BuildOptions, Operation, Security, SecurityScheme
from generator.names import identifiers as names
from generator.names import namespace
from generator.problems import NOTE
from generator.validate.security import unsendable_scheme

# The credential arguments the security naming itself hands out (`Client(api_key=...)`): the
# only names `Client.__init__` reads that a credential may take.
CREDENTIAL_ARGUMENTS = frozenset({"api_key", "username", "password"})
Requirements = tuple[tuple[str, ...], ...]


def usable_schemes(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The declared schemes a client can send: apiKey (header, query, cookie), http (bearer,
    basic, any other scheme as `Authorization: <scheme> <credential>`), oauth2 and
    openIdConnect (a bearer token the user obtains). mutualTLS is the transport's business."""
    declared = (data.get("components") or {}).get("securitySchemes") or {}
    return {key: scheme for key, scheme in declared.items()
            if isinstance(scheme, dict) and _usable(scheme)}


def _usable(scheme: dict[str, Any]) -> bool:
    kind = scheme.get("type")
    if unsendable_scheme(scheme) is not None:
        return False
    if kind == "apiKey":
        return scheme.get("in") in ("header", "query", "cookie") and bool(scheme.get("name"))
    if kind == "http":
        return bool(scheme.get("scheme"))
    return kind in ("oauth2", "openIdConnect")


def twin_schemes(usable: Mapping[str, Any]) -> dict[str, str]:
    """Scheme key -> the key declared first, for each usable scheme that repeats an earlier
    one: a name differing only in case or punctuation (the same argument name) and the same
    definition but for its description and extensions. Telnyx declares `BearerAuth` and
    `bearerAuth`, both an HTTP bearer token, and names each on some operations: the client took
    `bearer_auth` and `bearer_auth_`, and a key given as the first raised
    `MissingCredentialsError` on the 18 operations naming the second. A twin is read as the
    scheme it repeats: one argument, one environment variable."""
    first: dict[tuple[str, str], str] = {}
    twins: dict[str, str] = {}
    for key, scheme in usable.items():
        kept = {name: (str(value).lower() if name == "scheme" else value)
                for name, value in scheme.items()
                if name != "description" and not name.startswith("x-")}
        shape = (names.python_name(key, fallback="credential"),
                 json.dumps(kept, sort_keys=True, default=str))
        if shape in first:
            twins[key] = first[shape]
        else:
            first[shape] = key
    return twins


def _distinct(usable: Mapping[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """`usable` without the twins of schemes declared before them (`twin_schemes`)."""
    twins = twin_schemes(usable)
    return {key: scheme for key, scheme in usable.items() if key not in twins}


def twin_notes(data: Mapping[str, Any]) -> tuple[namespace.Rename, ...]:
    """A note for each scheme read as the one it repeats (`twin_schemes`), where it is declared."""
    return tuple(namespace.Rename(
        join_tokens("", "components", "securitySchemes", twin),
        f"security scheme {twin!r} is {first!r} again (the same definition, its name differing "
        "only in case or punctuation)", f"read as {first!r}: one client argument for both",
        kind=NOTE) for twin, first in twin_schemes(usable_schemes(data)).items())


def requirements(raw: Any, usable: Mapping[str, Any]) -> Requirements:
    """Security requirements as alternatives of scheme keys; `{}` is `()` (public). A
    requirement naming a scheme the client cannot send is left out; one naming schemes that
    travel in one place is one alternative per scheme of that place (`_one_per_place`); a
    scheme repeating another (`twin_schemes`) is read as that one."""
    alternatives: list[tuple[str, ...]] = []
    twins = twin_schemes(usable)
    for requirement in raw if isinstance(raw, list) else []:
        if isinstance(requirement, dict) and all(name in usable for name in requirement):
            keys = tuple(dict.fromkeys(twins.get(name) or str(name) for name in requirement))
            for alternative in _one_per_place(keys, usable):
                if alternative not in alternatives:
                    alternatives.append(alternative)
    return tuple(alternatives)


def _one_per_place(requirement: tuple[str, ...],
                   usable: Mapping[str, Any]) -> Iterable[tuple[str, ...]]:
    """The alternatives a requirement is when two of its schemes travel in one place (Google's
    `{Oauth2: [...], Oauth2c: [...]}`: two OAuth flows, each a bearer token in
    `Authorization`): one request carries one of them, so each satisfies it. The client asked
    for both, and sent one."""
    by_place: dict[tuple[str, str], list[str]] = {}
    for key in requirement:
        by_place.setdefault(_scheme_place(usable[key]), []).append(key)
    if all(len(keys) == 1 for keys in by_place.values()):
        return [requirement]
    return [tuple(chosen) for chosen in itertools.product(*by_place.values())]


def one_place_notes(data: Mapping[str, Any]) -> tuple[namespace.Rename, ...]:
    """A note for each security requirement (the document's, each operation's) two of whose
    schemes send their credential in one place (`{basic: [], bearer: []}`: both in
    `Authorization`): no request carries both, so it is read as either one (`_one_per_place`),
    which the document did not say."""
    usable = usable_schemes(data)
    notes: list[namespace.Rename] = []
    for pointer, requirement in _requirements_with_places(data):
        by_place: dict[tuple[str, str], list[str]] = {}
        for key in requirement:
            if key in usable:
                by_place.setdefault(_scheme_place(usable[key]), []).append(key)
        notes.extend(namespace.Rename(
            pointer, f"security schemes {', '.join(repr(k) for k in keys)} are required together "
            f"but all send their credential in the {place[0]} `{_place_name(usable[keys[0]])}`: "
            "one request carries one of them", "the client sends one of them", kind=NOTE)
            for place, keys in by_place.items() if len(keys) > 1)
    return tuple(notes)


def _place_name(scheme: Mapping[str, Any]) -> str:
    return str(scheme["name"]) if scheme.get("type") == "apiKey" else "Authorization"


def _requirements_with_places(data: Mapping[str, Any]) -> Iterable[tuple[str, dict[str, Any]]]:
    """(pointer, requirement) of every security requirement object of the document."""
    lists = [("/security", data.get("security"))]
    lists.extend((f"{site.pointer}/security", site.operation.get("security"))
                 for site in iter_operations(dict(data)))
    for pointer, raw in lists:
        for index, requirement in enumerate(raw if isinstance(raw, list) else ()):
            if isinstance(requirement, dict) and len(requirement) > 1:
                yield f"{pointer}/{index}", requirement


def _scheme_place(scheme: Mapping[str, Any]) -> tuple[str, str]:
    """Where a usable scheme's credential travels: an apiKey's header, query parameter or
    cookie; every other scheme's `Authorization` header."""
    if scheme.get("type") == "apiKey":
        return _place(str(scheme["in"]), str(scheme["name"]))
    return _place("header", "Authorization")


def own_security(data: dict[str, Any], operation: dict[str, Any]) -> Requirements | None:
    """The operation's own `security`, when it has one and it differs from the document's."""
    if "security" not in operation:
        return None
    usable = usable_schemes(data)
    own = requirements(operation.get("security"), usable) or ((),)  # `[]`: public, as `[{}]`
    document = requirements(data.get("security"), usable) or ((),)
    return None if own == document else own


def credential_places(data: Mapping[str, Any], operation: Mapping[str, Any]
                      ) -> dict[tuple[str, str], str]:
    """(location, name) -> scheme key, for each scheme that the operation's requirements (its
    own, else the document's) may send a credential in: an apiKey's header, query parameter or
    cookie, and the `Authorization` header of an http, oauth2 or openIdConnect scheme (Open
    Banking's payment APIs declare an OAuth2 scheme and `Authorization` as a required header
    parameter: the argument's value replaced the client's token, and every call had to give
    it); a header's name lower-cased (HTTP reads it without case)."""
    usable = usable_schemes(data)
    if "security" in operation or "security" in data:
        raw = operation["security"] if "security" in operation else data["security"]
        alternatives = requirements(raw, usable)
    else:  # as `security` reads a document silent at its top
        alternatives = _any_if_given(_distinct(usable))
    return {_scheme_place(usable[key]): key for alternative in alternatives for key in alternative}


def credential_scheme(param: Mapping[str, Any], places: Mapping[tuple[str, str], str]
                      ) -> str | None:
    """The scheme whose credential's place (`credential_places`) the parameter `param` is, if
    it is one: the generated method leaves it out (its value would go beside the credential,
    or in place of it, and a server reads the first)."""
    location, name = param.get("in"), param.get("name")
    if not isinstance(location, str) or not isinstance(name, str):
        return None
    return places.get(_place(location, name))


def _place(location: str, name: str) -> tuple[str, str]:
    return (location, name.lower() if location == "header" else name)


def security(data: dict[str, Any], options: BuildOptions, operations: list[Operation],
             reserved: set[str]) -> Security:
    """The schemes the document's requirements use and the client arguments that carry them.

    Naming: one scheme -> `api_key` (its variable the manifest's `api_key_env`), or `username`
    and `password` for HTTP basic (`<PREFIX>_USERNAME`, `<PREFIX>_PASSWORD`, PREFIX being
    `api_key_env` without `_API_KEY`). Several -> one argument per scheme, the scheme's name in
    snake_case (`username`/`password` suffixed for basic), its variable `<PREFIX>_<ARGUMENT>`."""
    usable = usable_schemes(data)
    document = requirements(data.get("security"), usable)
    if "security" not in data and usable and any(op.security is None for op in operations):
        document = _any_if_given(_distinct(usable))
    effective = [document if op.security is None else op.security for op in operations]
    used = {name for requirement in _all(document, effective) for name in requirement}
    keys = [key for key in usable if key in used]
    if not keys and usable:  # declared, required nowhere (`security: []`): each one offered
        return _offered(_distinct(usable), options, reserved)
    taken = set(reserved) | (namespace.client_arguments() - CREDENTIAL_ARGUMENTS)
    schemes = [_scheme(key, usable[key], _arguments(key, usable[key], len(keys), taken), options)
               for key in keys]
    if not schemes:  # none declared (documents often leave it out): a bearer key, sent when given
        undeclared = SecurityScheme("api_key", "header", "Authorization", "Bearer ", False,
                                    ("api_key",), (options.api_key_env,))
        return Security((undeclared,), (("api_key",), ()), False)
    needing = [bool(alternatives) and all(alternatives) for alternatives in effective]
    # a client for the public operations alone must not need a made-up credential: only a
    # document whose every operation needs one refuses a client without (as openai-python)
    required = bool(needing) and all(needing)
    return Security(tuple(schemes), document, required, any(needing))


def _any_if_given(usable: Mapping[str, dict[str, Any]]) -> Requirements:
    """What an operation without `security` of its own asks, where the document declares
    schemes but says nothing at its top (not even `security: []`): the first credential the
    client holds, if any. Bitbucket names its schemes on some operations only, and 90 others
    (its pipelines) went without the credential the client held, nothing said."""
    return (*((key,) for key in usable), ())


def _offered(usable: Mapping[str, dict[str, Any]], options: BuildOptions, reserved: set[str]
             ) -> Security:
    """Schemes a document declares but no requirement names (`security: []` at the top, as
    Airflow's: Basic, Kerberos, OpenID): a client argument each, none required, and each
    request carries the first one given (in the document's order), sent its scheme's way;
    with none given, nothing."""
    taken = set(reserved) | (namespace.client_arguments() - CREDENTIAL_ARGUMENTS)
    schemes = tuple(_scheme(key, raw, _arguments(key, raw, len(usable), taken), options)
                    for key, raw in usable.items())
    return Security(schemes, (*((key,) for key in usable), ()), False)


def _all(document: Requirements, effective: Iterable[Requirements]) -> Iterable[tuple[str, ...]]:
    for alternatives in [document, *effective]:
        yield from alternatives


def _is_basic(raw: dict[str, Any]) -> bool:
    return raw.get("type") == "http" and str(raw.get("scheme")).lower() == "basic"


def _arguments(key: str, raw: dict[str, Any], schemes: int, taken: set[str]) -> tuple[str, ...]:
    """The client arguments of scheme `key` (clear of `taken`, which they are added to)."""
    basic = _is_basic(raw)
    stem = names.python_name(key, fallback="credential")
    if schemes == 1:
        wanted = ["username", "password"] if basic else ["api_key"]
    else:
        wanted = [f"{stem}_username", f"{stem}_password"] if basic else [stem]
    arguments = tuple(names.python_name(a, reserved=taken) for a in wanted)
    taken.update(arguments)
    return arguments


def _env_prefix(api_key_env: str) -> str:
    """`IONOS` of `IONOS_API_KEY`: the prefix of every other credential's variable."""
    return api_key_env.removesuffix("_API_KEY").removesuffix("_KEY") or api_key_env


def _scheme(key: str, raw: dict[str, Any], arguments: tuple[str, ...],
            options: BuildOptions) -> SecurityScheme:
    prefix = _env_prefix(options.api_key_env)
    env = tuple(options.api_key_env if argument == "api_key" else f"{prefix}_{argument.upper()}"
                for argument in arguments)
    if raw.get("type") == "apiKey":
        return SecurityScheme(key, raw["in"], str(raw["name"]), "", False, arguments, env)
    http = str(raw.get("scheme", "bearer")).lower() if raw.get("type") == "http" else "bearer"
    if http == "basic":
        return SecurityScheme(key, "header", "Authorization", "Basic ", True, arguments, env)
    prefix = "Bearer " if http == "bearer" else f"{raw['scheme']} "
    return SecurityScheme(key, "header", "Authorization", prefix, False, arguments, env)
