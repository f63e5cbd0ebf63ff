"""Credentials: the security schemes a document declares, how each is sent, and to whom.

The generated ``_client`` describes every scheme its document uses as a :class:`SecurityScheme`
(a header, query parameter or cookie, its name, a prefix such as ``Bearer ``) and hands the
secrets it was given (arguments, else environment variables) to :class:`Auth`. A request
carries the credentials of the first requirement of its operation the client can meet (the
document's ``security``, unless the operation declares its own; an empty requirement, ``{}``,
makes the operation public), and only when it goes to the origin the client was configured
for: redirects elsewhere (and every later hop of their chain, back home too), and absolute
URLs to other hosts, get none.

Secrets are checked once, when the client is created (no line breaks or control characters;
the error says where the bad character is, never the secret), and :meth:`Auth.redact` blanks
every form of them (as sent, repr-escaped, JSON-escaped, percent-encoded) out of the messages
the client builds. A credential sent in the query is part of the request's URL, which the HTTP
library prints (its own log line, ``repr(request)``): :class:`SensitiveURL` shows such a URL
with the credential's value as ``***``; :class:`HeadersView` (``client.default_headers``)
hides the values of headers named like credentials from its ``repr`` the same way. What the
HTTP library logs of the server's answer (its transport logs every response header at DEBUG)
may echo a key back: :class:`_LogRedaction` blanks the secrets of every live client out of
those records.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import logging
import os
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal
from urllib.parse import quote, quote_plus, unquote_plus

from . import _http
from ._errors import MissingCredentialsError, is_credential_header

__all__ = [
    "Auth",
    "Credential",
    "HeadersView",
    "Origin",
    "SecurityScheme",
    "SensitiveHeaders",
    "SensitiveURL",
    "credential_headers",
    "credential_query",
    "drop_query",
    "from_env",
    "host_problem",
    "is_credential_header",
    "is_credential_query",
    "is_loopback",
    "origin_of",
    "pair_from_env",
    "values_redactor",
]

#: RFC 6265 cookie-octets other than `%` (as ``_base_client`` encodes cookie values).
COOKIE_SAFE = "!#$&'()*+-./:<=>?@[]^_`{|}~"
#: Shorter secrets are not blanked out of messages (it would garble them); no real key is.
_MIN_REDACTED = 4
_DEFAULT_PORTS = {"http": 80, "https": 443}

Origin = tuple[str, str, int | None]
Secret = str | tuple[str, str]
#: Where the HTTP library and its transport (httpcore for httpx, httpcore2 for httpx2) log
#: requests and responses: a logger's filter sees only the records logged on it, by name.
_HTTP_LOGGERS = (
    _http.LIBRARY,
    *(
        f"{transport}.{part}"
        for transport in ("httpcore", "httpcore2")
        for part in ("connection", "http11", "http2", "proxy", "socks")
    ),
)


@dataclass(frozen=True)
class SecurityScheme:
    """How one of the document's security schemes sends its credential.

    ``name`` is the scheme's key under ``components/securitySchemes``; ``location`` and
    ``field`` say where the credential goes (header ``Authorization``, query ``api_key``,
    cookie ``session``); ``prefix`` is written before it (``"Bearer "``); ``basic`` schemes
    take a ``(username, password)`` pair, sent base64-encoded after ``"Basic "``.
    """

    name: str
    location: Literal["header", "query", "cookie"] = "header"
    field: str = "Authorization"
    prefix: str = ""
    basic: bool = False


@dataclass(frozen=True)
class Credential:
    """A credential ready to send: where, under which name, and the exact value."""

    location: Literal["header", "query", "cookie"]
    field: str
    value: str

    def __repr__(self) -> str:
        return f"Credential({self.location}, {self.field!r}, <hidden>)"


def origin_of(url: _http.URL) -> Origin:
    """``(scheme, host, port)`` with the scheme's default port filled in; the host as sent
    (an international name in its ``xn--`` form: ``url.host`` decodes it, and raises on an
    ``xn--`` label that decodes to nothing valid)."""
    scheme = url.scheme.lower()
    host = url.raw_host.decode("ascii", "replace").lower()
    return scheme, host, url.port or _DEFAULT_PORTS.get(scheme)


def host_problem(url: _http.URL) -> str | None:
    """What keeps the host of ``url`` from being looked up, if anything: a name with an empty
    label or one longer than 63 characters (DNS's limit), which the resolver refuses with a
    bare ``UnicodeError``."""
    host = url.raw_host.decode("ascii", "replace")
    if not host or ":" in host:  # no host (checked elsewhere), or an IPv6 address
        return None
    if any(not 0 < len(label) <= 63 for label in host.removesuffix(".").split(".")):
        return "its host name has an empty label or one longer than 63 characters"
    return None


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine (``localhost``, 127.0.0.0/8, ``::1``)."""
    if host.lower() == "localhost" or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _bad_character(secret: str, *, ascii_only: bool) -> int | None:
    """The position of the first character that cannot be sent as given, if any."""
    for position, char in enumerate(secret):
        code = ord(char)
        if code < 0x20 or code == 0x7F or (ascii_only and code > 0x7E):
            return position
    return None


def _check(secret: object, source: str, *, ascii_only: bool, may_be_empty: bool = False) -> str:
    """``secret`` if it can be sent; else a ValueError naming ``source``, never the secret."""
    if not isinstance(secret, str):
        raise TypeError(f"{source} must be a str, not {type(secret).__name__}")
    if not secret and not may_be_empty:
        raise ValueError(f"{source} is empty")
    position = _bad_character(secret, ascii_only=ascii_only)
    if position is not None:
        control = ord(secret[position]) < 0x80
        kind = "a line break or control character" if control else "a non-ASCII character"
        raise ValueError(
            f"{source} contains {kind} at position {position} (of {len(secret)}); a key read "
            "from a file often ends in a newline: strip it"
        )
    return secret


def _forms(secret: str) -> Iterator[str]:
    """Every way ``secret`` may appear in a message: as is, repr- and JSON-escaped,
    percent-encoded as a path, query or cookie would carry it; each of those also as the
    ``repr`` of its bytes shows it (the HTTP library's DEBUG log of the headers it received)."""
    for form in _text_forms(secret):
        yield form
        yield repr(form.encode("utf-8", "surrogatepass"))[2:-1]


def _text_forms(secret: str) -> Iterator[str]:
    yield secret
    yield repr(secret)[1:-1]
    yield json.dumps(secret)[1:-1]
    yield json.dumps(secret)[1:-1].replace("/", "\\/")  # JSON with ``/`` escaped (PHP's)
    yield quote(secret, safe="")
    yield quote_plus(secret)
    yield quote(secret, safe=COOKIE_SAFE)
    yield quote(secret, safe=COOKIE_SAFE + "%")  # an apiKey cookie, sent as given
    yield quote(secret)
    query = _http.URL("http://h/", params={"k": secret}).query.decode("ascii")
    yield query[2:]


#: The same for a query parameter's name, where ``key`` and ``auth`` are words of too many
#: other names (``keyword``, ``sort_key``, ``author``): they count only as the whole name.
_QUERY_CREDENTIAL_WORDS = (
    "token",
    "secret",
    "password",
    "passwd",
    "apikey",
    "api_key",
    "api-key",
    "access_key",
    "accesskey",
    "signature",
    "credential",
    "session",
)
_QUERY_CREDENTIAL_NAMES = frozenset({"key", "auth", "sig"})


def is_credential_query(name: str) -> bool:
    """Whether a query parameter's name says it holds a credential (Google's ``key``,
    ``access_token``, ``api_key``), declared as a security scheme or not."""
    lowered = name.lower()
    return lowered in _QUERY_CREDENTIAL_NAMES or any(
        word in lowered for word in _QUERY_CREDENTIAL_WORDS
    )


def credential_query(url: _http.URL) -> tuple[frozenset[str], tuple[str, ...]]:
    """The names of the query parameters of ``url`` named like credentials, and their values
    (those long enough to blank out)."""
    if not url.query:
        return frozenset(), ()
    pairs = [(name, value) for name, value in url.params.multi_items() if is_credential_query(name)]
    names = frozenset(name for name, _ in pairs)
    return names, tuple(value for _, value in pairs if len(value) >= _MIN_REDACTED)


def credential_headers(headers: Mapping[str, str]) -> tuple[str, ...]:
    """The values of the request ``headers`` whose names say they hold a credential (each
    cookie's value for ``Cookie``): a server answering an error may echo them back."""
    found: list[str] = []
    for name, value in headers.items():
        if not is_credential_header(name):
            continue
        found.append(value)
        if name.lower() == "cookie":
            found.extend(part.partition("=")[2].strip() for part in value.split(";"))
    return tuple(value for value in found if len(value) >= _MIN_REDACTED)


def values_redactor(values: Sequence[str]) -> Callable[[str], str]:
    """A function blanking every form (``_forms``) of each of ``values`` out of a text as
    ``***``, longest first, so that a value inside another is not left half shown. The forms
    are made once: an error body is redacted string by string."""
    forms = sorted(
        {form for value in values for form in _forms(value) if len(form) >= _MIN_REDACTED},
        key=len,
        reverse=True,
    )

    def redact(text: str) -> str:
        for form in forms:
            if form in text:
                text = text.replace(form, "***")
        return text

    return redact


class Auth:
    """The credentials of one client, by scheme; never shown by ``repr``.

    ``secrets`` maps a scheme name to its secret (``None``: not given); ``sources`` to how a
    user gives it (``"api_key= or the IONOS_API_KEY environment variable"``), for messages;
    ``requirements`` is the document's ``security``: alternatives, each the scheme names it
    needs together (``()`` for a public API). ``required`` says whether some operation needs
    a credential: then a client with none fails when it is created.
    """

    def __init__(
        self,
        schemes: Sequence[SecurityScheme],
        secrets: Mapping[str, Secret | None],
        *,
        requirements: Sequence[Sequence[str]] = (),
        sources: Mapping[str, str] | None = None,
        required: bool = False,
    ) -> None:
        self.schemes = {scheme.name: scheme for scheme in schemes}
        self.requirements = tuple(tuple(requirement) for requirement in requirements)
        self._sources = dict(sources or {})
        self._values: dict[str, str] = {}
        forms: set[str] = set()
        for name, secret in secrets.items():
            scheme = self.schemes[name]
            if secret is None:
                continue
            value, sent = self._encode(scheme, secret)
            self._values[name] = value
            for plain in {*sent, value}:
                forms.update(form for form in _forms(plain) if len(form) >= _MIN_REDACTED)
        # longest first, so that a form containing another is blanked whole
        self._redacted = sorted(forms, key=len, reverse=True)
        if required and not self._values:
            raise MissingCredentialsError(self.missing_message(self.requirements))
        if self._redacted:
            _LOG_REDACTION.watch(self)

    def _encode(self, scheme: SecurityScheme, secret: Secret) -> tuple[str, list[str]]:
        """The value sent for ``scheme`` and the secrets inside it (for redaction)."""
        source = self._sources.get(scheme.name, scheme.name)
        if scheme.basic:
            if not (isinstance(secret, tuple) and len(secret) == 2):
                raise TypeError(f"{source} must be a (username, password) pair")
            username = _check(secret[0], f"{source}: the username", ascii_only=False)
            # an API key sent as the username goes with an empty password (Stripe: `sk_...:`)
            password = _check(
                secret[1], f"{source}: the password", ascii_only=False, may_be_empty=True
            )
            if ":" in username:
                raise ValueError(f"{source}: the username must not contain ':'")
            token = base64.b64encode(f"{username}:{password}".encode()).decode("ascii")
            # with no password the username is the secret (an API key), hidden as a password is
            return scheme.prefix + token, [password if password else username, token]
        text = _check(secret, source, ascii_only=scheme.location == "header")
        if text != text.strip(" \t"):  # in a header, refused by the HTTP library at each call
            raise ValueError(
                f"{source} starts or ends with a space or tab ({len(text)} characters): a key "
                "copied with the blanks around it: strip it"
            )
        return scheme.prefix + text, [text]

    def __repr__(self) -> str:
        given = ", ".join(f"{name}=<set>" for name in sorted(self._values))
        return f"Auth({given or 'none'})"

    @property
    def given(self) -> bool:
        """Whether the client holds any credential."""
        return bool(self._values)

    def has(self, name: str) -> bool:
        return name in self._values

    def redact(self, text: str) -> str:
        """``text`` with every credential (in any escaped form) replaced by ``***``."""
        for form in self._redacted:
            if form in text:
                text = text.replace(form, "***")
        return text

    def missing_message(self, requirements: Sequence[Sequence[str]]) -> str:
        """What to give: every way of authenticating ``requirements`` lists (what each lacks
        of its schemes), so that a user holding only an API key is not sent for a bearer
        token; every scheme when they list none."""
        ways = [
            " and ".join(self._sources.get(name, name) for name in lacking)
            for lacking in ([n for n in r if not self.has(n)] for r in requirements if r)
        ]
        if not ways:  # the document's own requirements name none
            ways = [self._sources.get(name, name) for name in self.schemes]
        return "Missing credentials: pass " + ", or ".join(dict.fromkeys(ways))

    def credentials(self, requirements: Sequence[Sequence[str]] | None) -> tuple[Credential, ...]:
        """The credentials a request sends: those of the first requirement the client meets
        (a public operation, ``()`` among them, sends none when none other is met).

        ``requirements`` is the operation's own, or ``None`` for the document's."""
        alternatives = self.requirements if requirements is None else tuple(requirements)
        if not alternatives:
            return ()
        for requirement in alternatives:
            if requirement and all(self.has(name) for name in requirement):
                return tuple(self._credential(name) for name in requirement)
        if any(not requirement for requirement in alternatives):
            return ()
        raise MissingCredentialsError(self.missing_message(alternatives))

    def _credential(self, name: str) -> Credential:
        scheme = self.schemes[name]
        return Credential(scheme.location, scheme.field, self._values[name])

    def sensitive_query(self) -> frozenset[str]:
        """The query parameters credentials travel in (shown as ``***`` by a URL's str)."""
        return frozenset(
            scheme.field for scheme in self.schemes.values() if scheme.location == "query"
        )

    def sensitive_headers(self) -> frozenset[str]:
        """Lower-cased names of the headers credentials travel in (hidden by ``repr``)."""
        names = {"authorization", "proxy-authorization"}
        for scheme in self.schemes.values():
            if scheme.location == "header":
                names.add(scheme.field.lower())
            elif scheme.location == "cookie":
                names.add("cookie")
        return frozenset(names)


class _LogRedaction(logging.Filter):
    """A filter on the HTTP library's loggers blanking out the secrets of every live
    :class:`Auth` (a logger's filters run only for records it will emit: no cost with logging
    off). A record holding none is left untouched."""

    def __init__(self) -> None:
        super().__init__()
        self._auths: weakref.WeakSet[Auth] = weakref.WeakSet()
        self._lock = threading.Lock()  # clients are created on any thread
        self._installed = False

    def watch(self, auth: Auth) -> None:
        with self._lock:
            self._auths.add(auth)
            if not self._installed:
                for name in _HTTP_LOGGERS:
                    logging.getLogger(name).addFilter(self)
                self._installed = True

    def filter(self, record: logging.LogRecord) -> bool:
        with self._lock:
            auths = list(self._auths)
        message = record.getMessage()
        redacted = message
        for auth in auths:
            redacted = auth.redact(redacted)
        if redacted != message:
            record.msg, record.args = redacted, ()
        return True


_LOG_REDACTION = _LogRedaction()


class SensitiveHeaders(_http.Headers):
    """Request headers whose ``repr`` hides the credential headers (the HTTP library hides
    only ``Authorization`` and ``Proxy-Authorization``)."""

    hidden: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        items = [
            (name, "[secure]" if name.lower() in self.hidden else value)
            for name, value in self.multi_items()
        ]
        as_dict = dict(items)
        shown = repr(as_dict) if len(as_dict) == len(items) else repr(items)
        return f"Headers({shown})"


class HeadersView(Mapping[str, str]):
    """Headers to read, not change (``client.default_headers``): looked up whatever the case
    of the name, iterated in the names' own case. Its ``repr`` shows the value of a header
    named like a credential (or among ``hidden``, lower-cased) as ``[secure]``, as
    :class:`SensitiveHeaders` does for a request: printing a client's headers shows no key."""

    __slots__ = ("_by_key", "_hidden")

    def __init__(self, headers: Mapping[str, str], *, hidden: frozenset[str] = frozenset()) -> None:
        self._by_key = {name.lower(): (name, value) for name, value in headers.items()}
        self._hidden = hidden

    def __getitem__(self, name: str) -> str:
        return self._by_key[name.lower()][1]

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._by_key

    def __repr__(self) -> str:
        shown = {
            name: "[secure]" if key in self._hidden or is_credential_header(name) else value
            for key, (name, value) in self._by_key.items()
        }
        return f"HeadersView({shown!r})"


class SensitiveURL(_http.URL):
    """A request URL whose ``str`` and ``repr`` show the value of each query parameter named
    in ``hidden`` as ``***``: the HTTP library prints a URL by its ``str`` (its INFO log line
    ``HTTP Request: GET ...``, ``repr(request)``), and the URL carries query credentials.
    Sending reads the URL's parts, never its ``str``, so the request is unchanged; the
    parameters themselves are still there (``url.params``)."""

    hidden: frozenset[str] = frozenset()

    def __str__(self) -> str:
        return hide_query(super().__str__(), self.hidden)

    def __repr__(self) -> str:
        return f"URL({str(self)!r})"

    # what the library computes from `str(self)` is computed from the URL as sent
    def __eq__(self, other: object) -> bool:
        return _http.URL(self) == other

    def __hash__(self) -> int:
        return hash(_http.URL(self))

    def join(self, url: _http.URL | str) -> _http.URL:
        return _http.URL(self).join(url)


def drop_query(url: str, fields: frozenset[str]) -> str:
    """``url`` without the query parameters named in ``fields`` (the rest of the text as it
    was, byte for byte)."""
    head, mark, rest = url.partition("?")
    if not mark or not fields:
        return url
    query, hash_mark, fragment = rest.partition("#")
    kept = "&".join(
        pair for pair in query.split("&") if unquote_plus(pair.partition("=")[0]) not in fields
    )
    return f"{head}{'?' if kept else ''}{kept}{hash_mark}{fragment}"


def hide_query(url: str, fields: frozenset[str]) -> str:
    """``url`` with the value of every query parameter named in ``fields`` shown as ``***``
    (the rest of the text as it was)."""
    head, mark, rest = url.partition("?")
    if not mark or not fields:
        return url
    query, hash_mark, fragment = rest.partition("#")
    pairs = []
    for pair in query.split("&"):
        name, equals, _ = pair.partition("=")
        pairs.append(f"{name}=***" if equals and unquote_plus(name) in fields else pair)
    return f"{head}?{'&'.join(pairs)}{hash_mark}{fragment}"


def from_env(value: str | None, variable: str) -> str | None:
    """``value``, else the environment variable (unset or empty: ``None``)."""
    return value if value is not None else (os.environ.get(variable) or None)


def pair_from_env(
    username: str | None, password: str | None, username_variable: str, password_variable: str
) -> tuple[str, str] | None:
    """HTTP basic credentials from the arguments, else their environment variables; ``None``
    when neither part is given, an error when only one is."""
    user = from_env(username, username_variable)
    secret = from_env(password, password_variable)
    if user is None and secret is None:
        return None
    if user is None or secret is None:
        missing = username_variable if user is None else password_variable
        raise MissingCredentialsError(
            f"HTTP basic authentication needs a username and a password: {missing} is missing"
        )
    return user, secret
