"""What the differ pairs across two documents: paths by template shape, parameters by location
and name (path parameters by position), and the JSON media type of a body.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.document.pointer import HTTP_METHODS, join_tokens
from generator.document.refs import Refs
from generator.drift.diff.walk import Json, literal_pointer


@dataclass(frozen=True)
class Param:
    """One effective parameter of an operation, dereferenced, with its pointer.

    (Its field list looks like `spec.operations.OperationSite`'s, but the two describe different
    things: a parameter here, an operation there.)
    """

    name: str
    location: str
    required: bool
    raw: dict[str, Json]
    pointer: str  # where the parameter is defined (a component's, when the entry is a `$ref`)
    entry: str  # the operation's (or path item's) `parameters` entry

    def schema(self) -> tuple[Json, str]:
        if "schema" in self.raw:
            return self.raw["schema"], join_tokens(self.pointer, "schema")
        for media_type, media in sorted((self.raw.get("content") or {}).items()):
            if isinstance(media, Mapping) and "schema" in media:
                return media["schema"], join_tokens(self.pointer, "content", media_type, "schema")
        return {}, join_tokens(self.pointer, "schema")


def template_names(path: str) -> list[str]:
    """The parameter names of a path template, in order: `/a/{x}/{y}` -> [x, y]."""
    return [part.split("}")[0] for part in path.split("{")[1:]]


def path_shape(path: str) -> str:
    """A path template with its parameter names blanked: how paths of two documents match."""
    out, depth = [], 0
    for ch in path:
        if ch == "{":
            depth += 1
            if depth == 1:
                out.append("{}")
        elif ch == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out).rstrip("/") or "/"


def operation_parameters(
    refs: Refs, path: str, path_item: Mapping[str, Json], method: str, root: str = "/paths"
) -> dict[tuple[str, str], Param]:
    """Effective parameters of an operation (operation level overrides path level); `root`:
    the pointer of the path items (`/webhooks` for a webhook's, `path` then being its name;
    a callback's, `path` then being its expression).

    Keyed by (location, name); path parameters by ("path", position in the template) so a
    renamed path parameter still matches.
    """
    names = template_names(path)
    found: dict[tuple[str, str], Param] = {}
    base = join_tokens(root, path)
    levels = (
        (path_item.get("parameters"), base),
        (operation_object(path_item, method).get("parameters"), join_tokens(base, method)),
    )
    for params, pointer in levels:
        for i, raw in enumerate(params or []):
            param = refs.object(raw)
            name, location = str(param.get("name", "")), str(param.get("in", ""))
            if location == "path" and name in names:
                key = ("path", str(names.index(name)))
            else:
                key = (location, name.lower() if location == "header" else name)
            required = location == "path" or param.get("required") is True
            entry = join_tokens(pointer, "parameters", str(i))
            found[key] = Param(name, location, required, param,
                               literal_pointer(refs, raw, entry), entry)
    return found


def operation_object(path_item: Mapping[str, Json], method: str) -> dict[str, Json]:
    """The operation under `method`, or {} when the path item has none."""
    op = path_item.get(method)
    return dict(op) if isinstance(op, Mapping) else {}


def pick_media(content: Mapping[str, Json]) -> tuple[str, dict[str, Json]] | None:
    """The JSON media type of a content map (application/json, then *+json, then the first)."""
    ordered = sorted(content)
    preferred = [m for m in ordered if m.split(";")[0].strip().lower() == "application/json"]
    plus_json = [m for m in ordered if m.split(";")[0].strip().lower().endswith("+json")]
    for media_type in preferred + plus_json + ordered:
        media = content[media_type]
        return media_type, dict(media) if isinstance(media, Mapping) else {}
    return None


def is_success(status: str) -> bool:
    """Whether a response key is a 2xx status (`200`, `2XX`)."""
    return status.upper().startswith("2")



def security_set(requirements: Json) -> frozenset[tuple[tuple[str, tuple[str, ...]], ...]]:
    """A security requirement list as a set, order of requirements and scopes left out."""
    out = set()
    for requirement in requirements or []:
        if isinstance(requirement, Mapping):
            out.add(tuple(sorted((str(k), tuple(sorted(v or []))) for k, v in requirement.items())))
    return frozenset(out)


def server_urls(servers: Json) -> list[str]:
    """The servers' URLs with their variables' defaults filled in, without a trailing slash."""
    urls = []
    for server in servers or []:
        url = str(server.get("url", ""))
        for name, variable in (server.get("variables") or {}).items():
            url = url.replace("{" + name + "}", str(variable.get("default", "")))
        urls.append(url.rstrip("/") or "/")
    return urls


def old_ops_by_new(old: Mapping[str, Json], new: Mapping[str, Json]) -> dict[str, str]:
    """Pointer of each new operation -> the old one it is compared with (same path shape)."""
    old_paths = {path_shape(p): p for p in sorted(old.get("paths") or {})}
    mapping = {}
    for new_path in new.get("paths") or {}:
        old_path = old_paths.get(path_shape(new_path))
        if old_path is not None:
            for method in HTTP_METHODS:
                new_pointer = join_tokens("", "paths", new_path, method)
                mapping[new_pointer] = join_tokens("", "paths", old_path, method)
    return mapping
