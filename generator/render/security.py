"""The security views `_client.py` is rendered from: each scheme's credential arguments and
environment variables, and the requirements the client checks before a call."""

from __future__ import annotations

from dataclasses import dataclass

from generator.ir import Security


@dataclass(frozen=True)
class SchemeView:
    """One security scheme as `_client.py` declares it and takes its credential."""

    key: str
    location: str
    field: str
    prefix: str
    basic: bool
    arguments: tuple[str, ...]
    env: tuple[str, ...]

    @property
    def source(self) -> str:
        """How a user gives the credential, for the runtime's messages."""
        if self.basic:
            return (f"{self.arguments[0]}= and {self.arguments[1]}= "
                    f"(or {self.env[0]} and {self.env[1]})")
        return f"{self.arguments[0]}= (or the {self.env[0]} environment variable)"


@dataclass(frozen=True)
class SecurityView:
    """The client's credentials: its schemes, and the sets of them a call may satisfy."""

    schemes: tuple[SchemeView, ...]
    requirements: tuple[tuple[str, ...], ...]
    required: bool  # every operation needs a credential: none given fails at construction
    needed: bool  # some operation needs one: a call of it without fails

    @property
    def arguments(self) -> list[str]:
        """Every credential argument of the client, scheme by scheme."""
        return [argument for scheme in self.schemes for argument in scheme.arguments]

    @property
    def single_key(self) -> bool:
        """The one credential is `api_key`: the client's `api_key` attribute returns it."""
        return self.arguments == ["api_key"]

    @property
    def basic(self) -> bool:
        """Whether some scheme is HTTP basic (username and password)."""
        return any(scheme.basic for scheme in self.schemes)

    @property
    def keyed(self) -> bool:
        """Whether some scheme takes one key (an API key or a bearer token)."""
        return any(not scheme.basic for scheme in self.schemes)

    @property
    def doc(self) -> list[str]:
        """One docstring line per credential argument: `- api_key: IONOS_API_KEY`."""
        return [f"- `{a}`: `{e}`" for s in self.schemes
                for a, e in zip(s.arguments, s.env, strict=True)]


def security_view(security: Security) -> SecurityView:
    """The view of the IR's security, as `_client.py.jinja` reads it."""
    return SecurityView(
        tuple(SchemeView(s.key, s.location, s.field, s.prefix, s.basic, s.arguments, s.env)
              for s in security.schemes),
        security.requirements,
        security.required,
        security.needed,
    )
