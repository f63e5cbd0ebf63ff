"""Bundling: every external `$ref` (another file, or an http(s) URL when allowed) copied into
the document, so that later stages see one self-contained document.

An external `$ref` is copied into the components section matching where the ref sits
(schema -> `schemas`, parameter -> `parameters`, ...). The name is the last pointer segment of
the ref's fragment, else the file stem, sanitised to `[A-Za-z0-9._-]`; a taken name gets a
numeric suffix (`Pet2`, `Pet3`, ...) in document walk order. Refs in places without a
components section (and path items in 3.0) are inlined. Cycles through components are fine;
a cycle that would have to be inlined is an error.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

from generator.document.keywords import DATA_KEYWORDS, SCHEMA_MAPS
from generator.document.origins import Origins
from generator.document.pointer import (
    HTTP_METHODS,
    escape_token,
    join_pointer,
    nearest_line,
    resolve_pointer,
    split_pointer,
)
from generator.document.read import parse_bytes, read_limited
from generator.document.refs import is_extension, is_named_map
from generator.document.tree import copy_tree
from generator.io.fetch import Downloader
from generator.problems import GeneratorError, Problem

REMOTE_TIMEOUT_SECONDS = 10.0  # one remote `$ref`'s file, the whole download
REMOTE_TOTAL_SECONDS = 60.0  # every remote `$ref` of one document together
# References without a components section are inlined: copies. A target referenced twice by each
# of the targets it is referenced from doubles per level, so what they add is bounded, like YAML
# aliases (read.MAX_ALIAS_EXPANSION).
MAX_INLINED_NODES = 100_000
_EXTERNAL_REF = re.compile(rb"""\$ref['"]?\s*:(?!\s*['"]?#)""")
# a discriminator mapping's value naming a file: `dog: ./dog.yaml`, `"dog": "d.json#/Dog"`
_FILE_VALUE = re.compile(rb"""['"]?\s*:\s*['"]?[^'"#\s{}\[\],]+\.(?:ya?ml|json)\b""")


def may_have_external_refs(raw: bytes) -> bool:
    """Cheap pre-check so big self-contained specs skip the bundling walk."""
    return _EXTERNAL_REF.search(raw) is not None or (
        b"mapping" in raw and _FILE_VALUE.search(raw) is not None)


def refers_outside(data: Any) -> bool:
    """Whether the main document `data` holds a reference `bundle` would follow: a `$ref`, or
    a discriminator mapping's reference, that is not local (`#...`). Looked for everywhere,
    in a plain walk: `bundle` looks in fewer places (not in examples, defaults, extensions),
    so False means bundling would change nothing, and its walk (building a pointer for every
    node) can be skipped. `may_have_external_refs` is fooled by file names in examples."""
    pending = [data]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            if ("$ref" in node or "discriminator" in node) and _refers_outside(node):
                return True
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return False


def _refers_outside(node: dict[str, Any]) -> bool:
    """`node`'s own `$ref`, or its discriminator mapping's values, name something not local:
    what `_Bundler._rewrite_ref` and `_rewrite_mapping` bundle in the main document."""
    ref = node.get("$ref")
    if isinstance(ref, str) and not ref.startswith("#"):
        return True
    discriminator = node.get("discriminator")
    mapping = discriminator.get("mapping") if isinstance(discriminator, dict) else None
    return isinstance(mapping, dict) and any(
        isinstance(value, str) and is_mapping_reference(value) and not value.startswith("#")
        for value in mapping.values())


def bundle(main_path: Path, data: dict[str, Any], lines: Mapping[str, int], *,
           allow_remote_refs: bool, max_bytes: int) -> dict[str, Any]:
    """`data` with every external `$ref` bundled in (changed in place and returned)."""
    return bundle_telling(main_path, data, lines, allow_remote_refs=allow_remote_refs,
                          max_bytes=max_bytes)[0]


def bundle_telling(main_path: Path, data: dict[str, Any], lines: Mapping[str, int], *,
                   allow_remote_refs: bool, max_bytes: int
                   ) -> tuple[dict[str, Any], Origins | None]:
    """`bundle`, and where what it put in came from: None when it changed nothing (followed
    no reference: every reference it follows is made local or replaced, or is a problem,
    which raises)."""
    bundler = _Bundler(main_path, data, lines, allow_remote_refs, max_bytes)
    data = bundler.bundle()
    return data, bundler.origins if bundler.followed else None


# What a member of a map-like kind is (paths -> path item, responses -> response, ...).
_MEMBER_KIND = {
    "paths": "pathItem", "parameters": "parameter", "responses": "response",
    "content": "mediaType", "examples": "example", "headers": "header", "links": "link",
    "callbacks": "callback", "callback": "pathItem", "encodings": "encoding",
    "schemas": "schema", "requestBodies": "requestBody", "securitySchemes": "securityScheme",
    "pathItems": "pathItem",
}
_FIELD_KIND: dict[tuple[str, str], str] = {
    ("document", "paths"): "paths",
    ("document", "webhooks"): "paths",
    ("document", "components"): "components",
    **{("components", section): section for section in (
        "schemas", "parameters", "responses", "requestBodies", "headers", "examples", "links",
        "callbacks", "securitySchemes", "pathItems")},
    ("pathItem", "parameters"): "parameters",
    **{("pathItem", method): "operation" for method in HTTP_METHODS},
    ("operation", "parameters"): "parameters",
    ("operation", "requestBody"): "requestBody",
    ("operation", "responses"): "responses",
    ("operation", "callbacks"): "callbacks",
    ("parameter", "schema"): "schema",
    ("header", "schema"): "schema",
    ("mediaType", "schema"): "schema",
    ("parameter", "content"): "content",
    ("header", "content"): "content",
    ("requestBody", "content"): "content",
    ("response", "content"): "content",
    ("parameter", "examples"): "examples",
    ("header", "examples"): "examples",
    ("mediaType", "examples"): "examples",
    ("mediaType", "encoding"): "encodings",
    ("encoding", "headers"): "headers",
    ("response", "headers"): "headers",
    ("response", "links"): "links",
}
# The components section an object of that kind is bundled into.
_KIND_SECTION = {
    "schema": "schemas", "parameter": "parameters", "response": "responses",
    "requestBody": "requestBodies", "header": "headers", "example": "examples",
    "link": "links", "callback": "callbacks", "securityScheme": "securitySchemes",
    "pathItem": "pathItems",
}


def child_kind(kind: str, key: str) -> str:
    """The OpenAPI object kind found under `key` of an object of `kind`. A schema's map of
    schemas (`properties`...) is a map of kind `schemas`: a `$ref` standing for the whole map
    (DigitalOcean's `properties: {$ref: 'attributes.yml#/load_balancer_droplet_ids'}`, which
    JSON Reference tools resolve) is inlined as that map, not bundled as a schema."""
    if kind == "schema":
        return "schemas" if key in SCHEMA_MAPS else "schema"
    member = _MEMBER_KIND.get(kind)
    if member is not None:
        return member
    return _FIELD_KIND.get((kind, key), "other")


@dataclass(frozen=True)
class _Inlined:
    """What replaces a `$ref` that is inlined: its target, whatever it is (a string too: a
    tag's `description: {$ref: 'description.yml#/introduction'}`), never a new reference."""

    value: Any


@dataclass
class _Source:
    location: str  # absolute path or URL
    label: str  # file name used in problems
    data: Any
    lines: Mapping[str, int]
    remote: bool = False


@dataclass
class _Bundler:
    main_path: Path
    data: dict[str, Any]
    lines: Mapping[str, int]
    allow_remote_refs: bool
    max_bytes: int
    problems: list[Problem] = field(default_factory=list)
    sources: dict[str, _Source] = field(default_factory=dict)
    assigned: dict[tuple[str, str, str], str] = field(default_factory=dict)
    inlining: set[tuple[str, str]] = field(default_factory=set)
    inlined: dict[tuple[str, str, str], tuple[Any, int]] = field(default_factory=dict)
    inlined_nodes: int = 0  # what inlining has copied into the document so far
    over_budget: bool = False
    followed: bool = False  # whether a reference was followed (`bundle_ref`)

    def __post_init__(self) -> None:
        self.root_dir = self.main_path.absolute().parent.resolve()
        self.main_location = str(self.main_path.resolve())
        self.main = _Source(str(self.main_path.absolute()), str(self.main_path), self.data,
                            self.lines)
        self.sources[self.main_location] = self.main
        self.origins = Origins(self.main.location)
        self.origins.add_source(self.main.location, str(self.main_path), self.lines)
        self.allow_31_path_items = str(self.data.get("openapi", "")).startswith("3.1")
        self.downloader = Downloader(max_bytes=self.max_bytes, timeout=REMOTE_TIMEOUT_SECONDS,
                                     total=REMOTE_TOTAL_SECONDS)

    def bundle(self) -> dict[str, Any]:
        with self.downloader:
            self.walk(self.data, "document", self.main, "")
        if self.problems:
            raise GeneratorError(self.problems)
        return self.data

    def walk(self, node: Any, kind: str, source: _Source, pointer: str) -> Any:
        """`node` with its external `$ref`s bundled: each replaced by a local one, or by the
        content it inlines. Parents before children, in document order (the order names are
        given in); its own stack, so any depth."""
        root = [node]
        stack: list[tuple[Any, Any, Any, str, str]] = [(root, 0, node, kind, pointer)]
        while stack:
            holder, key, value, kind, pointer = stack.pop()
            if isinstance(value, dict):
                replacement = self._rewrite_ref(value, kind, source, pointer)
                if replacement is not value:
                    holder[key] = replacement
                    continue
                stack.extend(reversed(self._members(value, kind, pointer)))
            elif isinstance(value, list):
                stack.extend((value, index, value[index], child_kind(kind, str(index)),
                              f"{pointer}/{index}") for index in range(len(value) - 1, -1, -1))
        return root[0]

    def _rewrite_ref(self, node: dict[str, Any], kind: str, source: _Source, pointer: str) -> Any:
        """`node` with its `$ref` made local, or what replaces it when the ref is inlined."""
        if kind == "schema":
            self._rewrite_mapping(node, source, pointer)
        ref = node.get("$ref")
        if isinstance(ref, str) and (source is not self.main or not ref.startswith("#")):
            replacement = self.bundle_ref(ref, kind, source, join_pointer(pointer, "$ref"))
            if isinstance(replacement, _Inlined):
                return replacement.value
            node["$ref"] = replacement
        return node

    def _rewrite_mapping(self, node: dict[str, Any], source: _Source, pointer: str) -> None:
        """A discriminator's `mapping` values that are references to another file (or, in
        another file, to anything) made local like `$ref`s: resolved from the referring file's
        folder, never from wherever generation runs. A bare schema name is left as it is."""
        discriminator = node.get("discriminator")
        mapping = discriminator.get("mapping") if isinstance(discriminator, dict) else None
        if not isinstance(mapping, dict):
            return
        at = join_pointer(join_pointer(pointer, "discriminator"), "mapping")
        for key, value in mapping.items():
            if isinstance(value, str) and is_mapping_reference(value) and (
                    source is not self.main or not value.startswith("#")):
                known = len(self.problems)
                replacement = self.bundle_ref(value, "schema", source, join_pointer(at, key))
                if len(self.problems) > known:
                    # a file or place that is not there: the entry names nothing, as a local
                    # one naming no schema does, which the own checks find and `generate`
                    # drops, named (DigitalOcean's 43 entries naming files it does not ship)
                    del self.problems[known:]
                elif isinstance(replacement, str):
                    mapping[key] = replacement

    def _members(self, node: dict[str, Any], kind: str,
                 pointer: str) -> list[tuple[Any, Any, Any, str, str]]:
        """What `walk` visits under an object: not `$ref`, not vendor extensions (their content
        is opaque), not literal data (examples, defaults: a `$ref` there is a value), unless
        the object maps names."""
        named_map = is_named_map(pointer)
        return [(node, key, value, child_kind(kind, key), join_pointer(pointer, key))
                for key, value in node.items()
                if key != "$ref" and (named_map or not (is_extension(key)
                                                        or is_data(kind, key)))]

    def bundle_ref(self, ref: str, kind: str, source: _Source, ref_pointer: str
                   ) -> str | _Inlined:
        """The new `$ref` string, or (for inlined refs) the replacement content."""
        self.followed = True
        located = self.locate(ref, source, ref_pointer)
        if located is None:
            return ref
        location, fragment = located
        if location == self.main_location:
            return "#" + fragment
        target = self.source(location, source, ref_pointer, ref)
        if target is None:
            return ref
        found, value = resolve_pointer(target.data, fragment)
        if not found:
            self.problem(source, ref_pointer, f"$ref {ref!r}: {target.label} has no {fragment!r}",
                         "check the pointer after '#'")
            return ref
        section = _KIND_SECTION.get(kind)
        if section == "pathItems" and not self.allow_31_path_items:
            section = None
        if section is None:
            # where the `$ref` stood (`.../$ref`): its object is replaced by the target
            self.origins.place(source.location, ref_pointer.rsplit("/", 1)[0], target.location,
                               fragment)
            return _Inlined(self.inline(ref, value, kind, target, fragment, source, ref_pointer))
        key = (location, fragment, section)
        existing = self.assigned.get(key)
        if existing is not None:
            return existing
        components = self.data.setdefault("components", {})
        entries = components.setdefault(section, {})
        name = _free_key(component_name(fragment, location), entries)
        new_ref = f"#/components/{section}/{escape_token(name)}"
        self.assigned[key] = new_ref
        self.origins.place(self.main.location, new_ref[1:], target.location, fragment)
        entries[name] = None  # reserve the name before walking (cycles come back to it)
        entries[name] = self.walk(copy_tree(value), kind, target, fragment)
        return new_ref

    def inline(self, ref: str, value: Any, kind: str, target: _Source, fragment: str,
               source: _Source, ref_pointer: str) -> Any:
        """What replaces a `$ref` with no components section: the target, walked once; later
        references to it get copies of that walk, `MAX_INLINED_NODES` at most in all."""
        key = (target.location, fragment)
        if key in self.inlining:
            self.problem(source, ref_pointer,
                         f"$ref {ref!r} is part of a reference cycle that would have to be inlined",
                         "reference a schema or other component instead")
            return {"$ref": ref}
        known = self.inlined.get((*key, kind))
        first = known is None
        if known is None:
            self.inlining.add(key)
            try:
                walked = self.walk(copy_tree(value), kind, target, fragment)
            finally:
                self.inlining.discard(key)
            known = self.inlined[(*key, kind)] = (walked, node_count(walked))
        if first:
            return known[0]
        self.inlined_nodes += known[1]  # a copy: what only repeated references add
        if self.inlined_nodes > MAX_INLINED_NODES:
            if not self.over_budget:
                self.over_budget = True
                self.problem(source, ref_pointer,
                             f"$ref {ref!r}: inlining it (and the references before it) would "
                             f"copy more than {MAX_INLINED_NODES} nodes into the document "
                             "(references that fan out)",
                             "move what is referenced many times into components")
            return {"$ref": ref}
        return copy_tree(known[0])

    def locate(self, ref: str, source: _Source, ref_pointer: str) -> tuple[str, str] | None:
        """(absolute location, JSON pointer fragment) of `ref`, or None after a problem."""
        address, _, fragment = ref.partition("#")
        fragment = unquote(fragment)
        if not address:
            return source.location, fragment
        if source.remote or urlsplit(address).scheme:
            absolute = urljoin(source.location, address) if source.remote else address
            scheme = urlsplit(absolute).scheme
            if scheme not in ("http", "https"):
                self.problem(source, ref_pointer,
                             f"$ref {ref!r}: {scheme or 'local'} references are not supported here",
                             "use a relative file path or an http(s) URL")
                return None
            if not self.allow_remote_refs:
                self.problem(source, ref_pointer, f"remote $ref {ref!r} refused",
                             "pass --allow-remote-refs to fetch it (only for sources you trust), "
                             "or download it next to the spec and reference it by relative path")
                return None
            return absolute, fragment
        target = (Path(source.location).parent / unquote(address)).resolve()
        if not target.is_relative_to(self.root_dir):
            self.problem(source, ref_pointer,
                         f"$ref {ref!r} points outside the spec's folder ({self.root_dir})",
                         "copy the file into the spec's folder and reference it from there")
            return None
        if not target.is_file():
            self.problem(source, ref_pointer, f"$ref {ref!r}: file not found ({target})",
                         "check the relative path; it is resolved from the referring file's folder")
            return None
        return str(target), fragment

    def source(self, location: str, referrer: _Source, ref_pointer: str,
               ref: str) -> _Source | None:
        """The file or URL at `location`, read and parsed once (a problem, and None, when it
        cannot be)."""
        known = self.sources.get(location)
        if known is not None:
            return known
        remote = location.startswith(("http://", "https://"))
        label = location if remote else _display_path(Path(location))
        try:
            raw = (self.downloader.bytes(location) if remote
                   else read_limited(Path(location), self.max_bytes))
            suffix = Path(urlsplit(location).path).suffix if remote else Path(location).suffix
            data, lines = parse_bytes(raw, label, suffix)
        except GeneratorError as exc:
            self.problem(referrer, ref_pointer, f"$ref {ref!r} cannot be loaded")
            self.problems.extend(exc.problems)
            return None
        loaded = _Source(location, label, data, lines, remote)
        self.sources[location] = loaded
        self.origins.add_source(location, self._shown(location, remote), lines,
                                hashlib.sha256(raw).hexdigest())
        return loaded

    def _shown(self, location: str, remote: bool) -> str:
        """A bundled file as problems found later name it: beside the main file as that is
        given (`specs/do/models/droplet.yml` for `specs/do/main.yaml`), a URL as it is."""
        if remote:
            return location
        return str(self.main_path.parent / Path(location).relative_to(self.root_dir))

    def problem(self, source: _Source, pointer: str, message: str, hint: str = "") -> None:
        self.problems.append(
            Problem(source.label, pointer, nearest_line(source.lines, pointer), message, hint)
        )


def is_mapping_reference(value: str) -> bool:
    """A discriminator mapping value that is a reference (`#/...`, `dog.yaml`,
    `dog.yaml#/Dog`), not a schema name (`Dog`)."""
    return "#" in value or "/" in value or value.endswith((".yaml", ".yml", ".json"))


def is_data(kind: str, key: str) -> bool:
    """Whether `key` of an object of `kind` holds literal data, never OpenAPI objects: a schema's
    examples, default, enum, const; an Example's `value`; the `example` of a media type,
    parameter or header. (A media type's `examples` maps names to Example Objects.)"""
    if kind == "schema":
        return key in DATA_KEYWORDS
    if kind == "example":
        return key == "value"
    return key == "example"


def node_count(data: Any) -> int:
    """Objects, arrays and values in `data`, counted as a copy would hold them."""
    count, pending = 0, [data]
    while pending:
        node = pending.pop()
        count += 1
        if isinstance(node, dict):
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return count


def _display_path(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def component_name(fragment: str, location: str) -> str:
    """Last pointer segment, else the file stem; only characters components keys allow."""
    tokens = split_pointer(fragment)
    base = tokens[-1] if tokens else Path(urlsplit(location).path).stem
    return re.sub(r"[^A-Za-z0-9._-]", "_", base) or "Component"


def _free_key(name: str, taken: dict[str, Any]) -> str:
    """`name`, or `name2`, `name3`...: the first key `components/<section>` does not hold yet."""
    candidates = itertools.chain([name], (f"{name}{n}" for n in itertools.count(2)))
    return next(candidate for candidate in candidates if candidate not in taken)
