"""Client-level parameters named clear of what `Client.__init__` has or reads.

A parameter marked `x-codegen-client-param` becomes an argument of the client's constructor
beside `api_key`, `base_url`, `http_client`... and is read in a body that calls `os.environ`
and `super().__init__`: one named like any of those would replace it there. Such a parameter
takes another name (`base_url_`), the same in every method that has it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from generator.names import identifiers as names
from generator.names.namespace import Rename, client_arguments


class ArgumentSite(NamedTuple):
    """One parameter of one operation, as the renaming needs it."""

    pointer: str  # the operation's
    name: str  # its python name so far
    wire_name: str
    client_level: bool


def client_argument_renames(sites: Iterable[ArgumentSite]) -> tuple[dict[str, str], list[Rename]]:
    """(python name -> new name, the renames to report) for the client-level parameters among
    `sites` named like what the client's constructor has or reads; each new name is free in
    every method."""
    sites = list(sites)
    reserved = client_arguments()
    taken = set(reserved) | {site.name for site in sites}
    renamed: dict[str, str] = {}
    renames: list[Rename] = []
    for site in sites:
        if site.client_level and site.name in reserved and site.name not in renamed:
            renamed[site.name] = names.unique(f"{site.name}_", taken)
            renames.append(Rename(
                site.pointer, f"the client-level parameter `{site.wire_name}` is named like an "
                "argument of the client", f"it is `{renamed[site.name]}`"))
    return renamed, renames
