"""What the differ pairs across two documents: paths by template shape, parameters by location
and name (path parameters by position), and the JSON media type of a body.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from generator.document.pointer import HTTP_METHODS, join_tokens, resolve_pointer
from generator.document.refs import Refs
from generator.drift.diff.walk import Json, literal_pointer
from generator.ir.media import base_type


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
    """A path template with its parameter names blanked, without a trailing slash: how paths
    of two documents match (`path_shapes`)."""
    return _blanked(path).rstrip("/") or "/"


def path_shapes(old: Iterable[object], new: Iterable[object]) -> tuple[dict[str, str],
                                                                       dict[str, str]]:
    """Each side's paths by the shape that pairs them (`path_shape`): a trailing slash added or
    dropped is the same path, unless a side has both spellings (Gitea 1.1.1's
    `/orgs/{org}/hooks`, answering GET, and `/orgs/{org}/hooks/`, answering POST: two path
    items, one of which went unread, its operations neither compared nor said removed), which
    then pair by their exact spelling on both sides."""
    sides = sorted(str(p) for p in old), sorted(str(p) for p in new)
    twice: set[str] = set()
    for paths in sides:  # (counted once: a `list.count` per path was quadratic)
        twice.update(shape for shape, n in Counter(path_shape(p) for p in paths).items()
                     if n > 1)

    def key(path: str) -> str:
        shape = path_shape(path)
        return (_blanked(path) or "/") if shape in twice else shape

    return {key(p): p for p in sides[0]}, {key(p): p for p in sides[1]}


def _blanked(path: str) -> str:
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
    return "".join(out)


def operation_parameters(
    refs: Refs, path: str, path_item: Mapping[str, Json], method: str, root: str = "/paths"
) -> dict[tuple[str, str], Param]:
    """Effective parameters of an operation (operation level overrides path level); `root`:
    the pointer of the path items (`/webhooks` for a webhook's, `path` then being its name;
    a callback's, `path` then being its expression).

    Keyed by (location, name), a header's name in lower case (HTTP reads it so); path
    parameters by ("path", position in the template) so a renamed path parameter still
    matches. Of two header parameters of one level named alike but for case, the first, as
    generation keeps it (`ir.parameters.merged_with_twins`).
    """
    names = template_names(path)
    found: dict[tuple[str, str], Param] = {}
    base = join_tokens(root, path)
    levels = (
        (path_item.get("parameters"), base),
        (operation_object(path_item, method).get("parameters"), join_tokens(base, method)),
    )
    for params, pointer in levels:
        own: dict[tuple[str, str], Param] = {}
        for i, raw in enumerate(params or []):
            param = refs.object(raw)
            name, location = str(param.get("name", "")), str(param.get("in", ""))
            if location == "path" and name in names:
                key = ("path", str(names.index(name)))
            else:
                key = (location, name.lower() if location == "header" else name)
            if key in own and own[key].name != name:
                # a header named as one before it but for case: the method has none; the kept
                # one is required when either is (`ir.parameters.merged_parameters`)
                if param.get("required") is True:
                    own[key] = replace(own[key], required=True)
                continue
            required = location == "path" or param.get("required") is True
            entry = join_tokens(pointer, "parameters", str(i))
            own[key] = Param(name, location, required, param,
                             literal_pointer(refs, raw, entry), entry)
        found.update(own)
    return found


def operation_object(path_item: Mapping[str, Json], method: str) -> dict[str, Json]:
    """The operation under `method`, or {} when the path item has none."""
    op = path_item.get(method)
    return dict(op) if isinstance(op, Mapping) else {}


def pick_media(content: Mapping[str, Json]) -> tuple[str, dict[str, Json]] | None:
    """The JSON media type of a content map (application/json, then *+json, then the first)."""
    ordered = sorted(content)
    preferred = [m for m in ordered if base_type(m) == "application/json"]
    plus_json = [m for m in ordered if base_type(m).endswith("+json")]
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


def verbs_changed(old_item: Mapping[str, Json], new_item: Mapping[str, Json]) -> dict[str, str]:
    """The operations of a path item (paired by path shape) that changed their HTTP method:
    new method -> old method, for an operation found under a method only the old item has and
    one only the new item has, with the same operationId, each the only one of the item with
    that operationId (`POST /pets/{id}` -> `PUT /pets/{id}`, both `update_pet`): one operation,
    compared as such. Only the methods present on one side are looked at (cheap when none)."""
    gone = [m for m in HTTP_METHODS if m in old_item and m not in new_item]
    came = [m for m in HTTP_METHODS if m in new_item and m not in old_item]
    if not gone or not came:
        return {}

    def ids(item: Mapping[str, Json]) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for method in HTTP_METHODS:
            op_id = operation_object(item, method).get("operationId")
            if isinstance(op_id, str) and op_id:
                found.setdefault(op_id, []).append(method)
        return found

    old_ids, new_ids = ids(old_item), ids(new_item)
    moved = {}
    for op_id, old_methods in old_ids.items():
        new_methods = new_ids.get(op_id, [])
        if (len(old_methods) == len(new_methods) == 1 and old_methods[0] in gone
                and new_methods[0] in came):
            moved[new_methods[0]] = old_methods[0]
    return moved


def _path_item(doc: Mapping[str, Json], item: Json) -> Mapping[str, Json]:
    """A path item, through a local `$ref` (3.1 allows one)."""
    ref = item.get("$ref") if isinstance(item, Mapping) else None
    if isinstance(ref, str) and ref.startswith("#"):
        found, item = resolve_pointer(doc, ref[1:])
        item = item if found else {}
    return item if isinstance(item, Mapping) else {}


def paths_moved(old: Mapping[str, Json], new: Mapping[str, Json]) -> dict[str, str]:
    """New path -> old path, for a path whose shape only the new document has that holds the
    same operations, by HTTP method and operationId, as one whose shape only the old document
    has (`/pets/{petId}` -> `/animals/{petId}`, a `/v2` prefix on every path): one path item
    moved, compared as such. Every operation of both must have an operationId, the pair must
    be the only one with those operations, and the templates must have as many parameters
    (paired by position)."""
    old_paths, new_paths = path_shapes(old.get("paths") or {}, new.get("paths") or {})
    gone = [old_paths[s] for s in sorted(set(old_paths) - set(new_paths))]
    came = [new_paths[s] for s in sorted(set(new_paths) - set(old_paths))]
    if not gone or not came:
        return {}

    def by_operations(doc: Mapping[str, Json], paths: list[str]) -> dict[object, list[str]]:
        found: dict[object, list[str]] = {}
        for path in paths:
            key = _operations_key(_path_item(doc, doc["paths"][path]), path)
            if key is not None:
                found.setdefault(key, []).append(path)
        return found

    old_keys, new_keys = by_operations(old, gone), by_operations(new, came)
    return {new_keys[key][0]: paths[0] for key, paths in old_keys.items()
            if len(paths) == 1 and len(new_keys.get(key, ())) == 1}


def _operations_key(item: Mapping[str, Json], path: str) -> object:
    """What pairs a moved path item: its (method, operationId) pairs and its number of path
    parameters; None where an operation has no operationId, or there is none."""
    operations = []
    for method in HTTP_METHODS:
        if method in item:
            op_id = operation_object(item, method).get("operationId")
            if not isinstance(op_id, str) or not op_id:
                return None
            operations.append((method, op_id))
    return (frozenset(operations), len(template_names(path))) if operations else None


def old_ops_by_new(old: Mapping[str, Json], new: Mapping[str, Json]) -> dict[str, str]:
    """Pointer of each new operation -> the old one it is compared with (same path shape, or a
    path moved, `paths_moved`; an operation whose HTTP method changed, `verbs_changed`, with
    the old method's; an operation moved to another path, `operations_moved`)."""
    return operation_pairs(old, new)[0]


def operation_pairs(old: Mapping[str, Json], new: Mapping[str, Json]
                    ) -> tuple[dict[str, str], dict[str, str]]:
    """`old_ops_by_new` and `operations_moved` from one pairing of the paths (each walks both
    documents' paths and operations)."""
    mapping = _ops_by_path(old, new)
    moved = _moved_operations(old, new, mapping)
    mapping.update(moved)
    return mapping, moved


def operations_moved(old: Mapping[str, Json], new: Mapping[str, Json]) -> dict[str, str]:
    """New operation pointer -> old one, for an operation found under another path of the
    other side, the same HTTP method and operationId, where neither path item has it on the
    other side (Gitea 1.1.1's `POST /orgs/{org}/hooks/`, `orgCreateHook`, under `/orgs/{org}/
    hooks` in 1.20.0, beside the GET it had there): one operation moved, compared as such,
    not one removed and one added (`method removed`, `method added`, for a method the package
    keeps). Each side's operationId must be its only one, on no other operation unpaired, and
    the templates must have as many parameters (paired by position)."""
    return _moved_operations(old, new, _ops_by_path(old, new))


def _operations(doc: Mapping[str, Json]) -> dict[str, tuple[str, str, object]]:
    """Each operation's pointer -> (path, method, operationId)."""
    found = {}
    for path, item in (doc.get("paths") or {}).items():
        resolved = _path_item(doc, item)
        for method in HTTP_METHODS:
            if method in resolved:
                found[join_tokens("", "paths", str(path), method)] = (
                    str(path), method, operation_object(resolved, method).get("operationId"))
    return found


def _moved_operations(old: Mapping[str, Json], new: Mapping[str, Json],
                      mapping: Mapping[str, str]) -> dict[str, str]:
    old_ops, new_ops = _operations(old), _operations(new)
    paired = {o for n, o in mapping.items() if n in new_ops and o in old_ops}
    came = [n for n in new_ops if not (n in mapping and mapping[n] in old_ops)]
    gone = [o for o in old_ops if o not in paired]
    if not came or not gone:
        return {}

    def keyed(ops: Mapping[str, tuple[str, str, object]], pointers: list[str]) -> dict[
            tuple[str, str], list[str]]:
        ids = Counter(str(op_id) for _, _, op_id in ops.values())
        found: dict[tuple[str, str], list[str]] = {}
        for pointer in pointers:
            _, method, op_id = ops[pointer]
            if isinstance(op_id, str) and op_id and ids[op_id] == 1:
                found.setdefault((method, op_id), []).append(pointer)
        return found

    old_keys, new_keys = keyed(old_ops, gone), keyed(new_ops, came)
    return {new_keys[key][0]: pointers[0] for key, pointers in old_keys.items()
            if len(pointers) == 1 and len(new_keys.get(key, ())) == 1
            and len(template_names(old_ops[pointers[0]][0]))
            == len(template_names(new_ops[new_keys[key][0]][0]))}


def _ops_by_path(old: Mapping[str, Json], new: Mapping[str, Json]) -> dict[str, str]:
    old_paths, new_paths = path_shapes(old.get("paths") or {}, new.get("paths") or {})
    shape_of = {path: shape for shape, path in new_paths.items()}
    moved = paths_moved(old, new)
    mapping = {}
    for new_path, new_item in (new.get("paths") or {}).items():
        old_path = old_paths.get(shape_of.get(str(new_path), "")) or moved.get(new_path)
        if old_path is not None:
            for method in HTTP_METHODS:
                new_pointer = join_tokens("", "paths", new_path, method)
                mapping[new_pointer] = join_tokens("", "paths", old_path, method)
            verbs = verbs_changed(_path_item(old, old["paths"][old_path]),
                                  _path_item(new, new_item))
            for new_method, old_method in verbs.items():
                mapping[join_tokens("", "paths", new_path, new_method)] = join_tokens(
                    "", "paths", old_path, old_method)
    return mapping
