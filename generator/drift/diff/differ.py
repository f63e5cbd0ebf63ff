"""Semantic diff of two OpenAPI documents: every change to the wire contract, classed.

``diff(old, new)`` takes two loaded, JSON-compatible documents (OpenAPI 3.0 or 3.1, in any
mix) and returns a sorted list of :class:`~generator.drift.diff.change.Change`, one per distinct
change, each ``breaking``, ``possibly-breaking`` (undecided) or ``non-breaking``.
``report.format_changes`` renders them as text, Markdown or JSON; ``report.exit_code`` turns
them into a CI verdict. Schemas are flattened by ``walk.SchemaWalker`` (the 3.0/3.1
normalisation is described there); what a field change breaks is decided in ``rules``, and
re-judged by ``subsume`` where a field-by-field reading can be wrong (composed schemas).

How documents are compared
--------------------------
* Paths are matched by template *shape* (``/items/{id}`` and ``/items/{item_id}`` are the same
  endpoint); path parameters are matched by position, and a rename is reported once per path
  as ``path-parameter-renamed``, non-breaking (the name is never sent; the generated client's
  argument may be renamed, which ``client`` reports as client-breaking).
* An operation found under another HTTP method of the same path, the same operationId on
  both sides (``pairing.verbs_changed``), is one ``operation-method-changed``, breaking, and
  is then compared as any operation (not a removal and an addition).
* A path item found under another path shape with the same operations, by HTTP method and
  operationId (``pairing.paths_moved``: ``/pets/{id}`` -> ``/v2/pets/{id}``), is one
  ``path-changed``, breaking, and is then compared as any path item.
* One operation found under another path, the same HTTP method and operationId, neither path
  item having it on the other side (``pairing.operations_moved``: Gitea's ``POST
  /orgs/{org}/hooks/`` -> ``POST /orgs/{org}/hooks``), is one ``operation-path-changed``,
  breaking, and is then compared as any operation.
* Media types are paired by type and subtype without case, parameters left out, where one
  side alone spells one (``respelt_media_types``): ``media-type-parameters-changed``,
  non-breaking, the content compared.
* An operation's ``tags`` changing is ``tags-changed``, non-breaking (nothing on the wire; the
  generated client may move the method to another resource, which ``client`` reports).
* A parameter's ``style``/``explode`` (each location's defaults filled in) changing is
  ``parameter-serialization-changed``: breaking where the spellings differ for its values (an
  array or object, a primitive under ``matrix``/``label``). A header parameter named
  ``Accept``, ``Content-Type`` or ``Authorization`` is ignored, as OpenAPI says: added or
  removed, non-breaking (the generated method has no argument for it either). Response
  headers are paired by name without case (``Content-Type`` ignored, as OpenAPI says): a
  required one removed or made optional breaks; each header's schema is compared as a
  response's.
* Schemas are compared by content, never by ``$ref`` name: both sides are flattened into fields
  keyed by their structural location (``.usage``, ``.choices``, ``[]``, ``.text``...) and the
  fields are compared key by key. For a real ``oneOf``/``anyOf`` the multiset of branch shallow
  types is compared to report branches added or removed (a non-union side counts as one branch
  per type, so ``string`` -> ``oneOf: [string, array]`` is a branch added). A union that is a
  union on both sides and gained or lost branches is compared branch by branch instead
  (``split_union``: branches paired by ``$ref``, then content, then inline ones by kind: a
  ``$ref`` to a component the other side lacks is a branch removed or added), so that what a new
  branch brings is one "branch added" change, not changes of the old branches' properties; so
  is a union of the same components on both sides some of which changed (each change in its
  own branch, none hidden by the merge: ``components_apart``).

What breaks (``judge``, ``branches_rewritten``, ``subsume.covers``)
-------------------------------------------------------------------
A request change breaks callers only if some value the old schema accepted is now rejected; a
response change only if the new schema allows a value the old one could not produce. The rules
decide field by field; where that can be wrong the whole schema, then each union in it, is
judged by ``subsume.covers``: proven covered -> every change in it is non-breaking (and says
so); a witness -> the rules' verdicts stand; undecided -> a breaking change AT the union is
"possibly breaking". A union whose branches changed in a way the merged fields do not show (a
bound or pattern of one scalar branch) is judged as a whole (``*-branches-changed``). A
``pattern`` replaced by another is possibly breaking in both directions (added: tightened,
removed: relaxed); a ``multipleOf`` replaced by a multiple of it is tightened.

Pointers, and one report per change
-----------------------------------
``Change.pointer`` is an RFC 6901 pointer that resolves literally in the document
``Change.side`` names: the NEW one, or the OLD one for removals (path, operation, parameter,
property, response, media type, branch). A schema reached through a ``$ref`` is reported where
it is: ``/components/schemas/Req/properties/stop``, not along the operation path. Parameters,
request bodies and responses that are ``$ref``s likewise point into ``components``; a property
added, removed or made required points at its declaration in the parent (the property's own
``$ref`` object, not its target). Properties merged from ``allOf``/``oneOf`` members keep the
member in the pointer (``.../allOf/1/properties/x``); a location declared by several members
is reported at the first one. A property a schema takes in through a member's ``$ref`` on one
side only is the schema's change, at that member (``.../User/allOf/1``; the property through it
in ``Change.reached``: ``taken_in``). Enum, constraint and documentation changes point at the
schema that carries them (the field), not at the keyword. A change below a `$ref` that names
another schema on the other side (re-pointed, wrapped in a union, swapped for an inline schema)
is the change of the place holding the `$ref` (``retarget``), unless the old target was renamed
to the new one.

A change inside a shared component is reported once, listing its operations (``merge``).

The decisions on what breaks, where the OpenAPI specification is silent, are listed in
``rules`` (its docstring).

Not covered: links, request and response encodings, ``prefixItems``/``patternProperties``/
``not``/``if``, items or map values added to a schema that had none.

A component schema no operation, webhook or callback reaches on either side is compared on its
own (``unused_components``), as an answer (what reading its class sees): non-breaking on the
wire, where nothing sent or received changed, its verdict kept as ``Change.unused_breaks`` for
the client (code can use ``models.X`` directly).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from urllib.parse import quote

from generator.document import tree
from generator.document.operations import DEFAULT_STYLES
from generator.document.pointer import (
    HTTP_METHODS,
    fragment_pointer,
    join_tokens,
    resolve_pointer,
    split_pointer,
    within,
)
from generator.document.refs import Refs, SettledRefs
from generator.drift.diff.branches import (
    Branch,
    branches_detail,
    branches_of,
    merged_artifact,
    pair_branches,
    union_of_refs,
)
from generator.drift.diff.change import (
    MEDIA_TYPE_PARAMETERS_CHANGED,
    OPERATION_PATH_CHANGED,
    PATH_CHANGED,
    Change,
    Values,
)
from generator.drift.diff.cuts import (
    Below,
    Compared,
    cut_pair,
    pair_identity,
    split_cuts,
    walked_from,
)
from generator.drift.diff.merge import Found, merge_shared
from generator.drift.diff.pairing import (
    Param,
    is_success,
    operation_object,
    operation_pairs,
    operation_parameters,
    path_shapes,
    paths_moved,
    security_set,
    server_urls,
    template_names,
    verbs_changed,
)
from generator.drift.diff.retarget import Places, held_at_fields
from generator.drift.diff.retarget import record as record_retargets
from generator.drift.diff.rules import Ctx, Direction, FieldDiff, flag_values, unchanged
from generator.drift.diff.same import Flats, Same, Unkept, Walked, equal_json, refs_in
from generator.drift.diff.subsume import Acyclic, Alternatives, Steps, covers, identity
from generator.drift.diff.taken_in import TakenIn, member_taking_in
from generator.drift.diff.walk import (
    Field,
    Json,
    Key,
    SchemaInfo,
    SchemaWalker,
    canonical_json,
    container_kept,
    declared_types,
    literal_pointer,
    prefixed,
    without_docs,
)
from generator.ir.media import base_type
from generator.names.components import component_schema, extended_schemas, mapping_ref
from generator.names.headers import IGNORED_HEADERS
from generator.problems import GeneratorError, Problem, operation_label

# Locations the comparisons of cut pairs (`cuts`) may flatten in one comparison, all pairs
# together: each pair is walked once, expanding what no walk expanded before, so the sum stays
# near the documents' own size (Stripe's 2.4 MB pair: 30 000 for 645 pairs; GitHub's: 140);
# past it the comparison is refused, located, rather than left to run for ever.
CUT_FIELDS = 1_000_000


def diff(old: Mapping[str, Json], new: Mapping[str, Json], reuse: bool = True) -> list[Change]:
    """All changes from ``old`` to ``new``, sorted by pointer then kind, without duplicates
    (`reuse`: off in tests proving that ``same`` changes nothing).

    Runs with the stack the documents' nesting needs (``tree.with_deep_stack``): the walks
    below recurse, and a legal document may nest schemas or extensions a thousand levels deep.
    """
    return tree.with_deep_stack(lambda: _Differ(old, new, reuse).run(), _levels(old, new))


def _levels(old: Json, new: Json) -> int:
    """`max(tree.depth(old), tree.depth(new))` in one walk: a node met on either side is not
    walked again. The new document's unchanged parts are the old one's objects
    (`drift.share`), each at the same pointer, so at the same level: it is walked once, not
    once per side (0.3 s on GitHub's pair)."""
    return max(1, tree.depth_of(old, new))


class _Differ:
    """One comparison: walks both documents side by side and collects every change.

    Each level (security schemes, paths, methods, parameters, responses, media types, fields)
    compares two maps key by key in the same removed / added / in-both shape. The loop is
    written out at each level on purpose: the kinds, the pointer side (old for removals) and
    the severities differ per level, and a generic helper would hide exactly those decisions.
    """

    def __init__(self, old: Mapping[str, Json], new: Mapping[str, Json],
                 reuse: bool = True) -> None:
        self.old, self.new = old, new
        # (the documents are not changed while they are compared)
        self.old_refs, self.new_refs = SettledRefs(old), SettledRefs(new)
        self.same = Same(self.old_refs, self.new_refs) if reuse else None
        self.walked, self.flats = (Walked() if reuse else None), (Flats() if reuse else Unkept())
        self.fingerprints: dict[tuple[str, str], tuple[tuple[Key, SchemaInfo], ...]] = {}
        self.old_walker = SchemaWalker(self.old_refs, "old document")
        self.new_walker = SchemaWalker(self.new_refs, "new document")
        if self.same is not None:  # (below a location equal on both sides: nothing to find)
            self.old_walker.prune = self.new_walker.prune = self.same.closure_same
        self.found: list[Found] = []
        # (`ops_moved`: `operation_moved`)
        self.old_ops_by_new, self.ops_moved = operation_pairs(old, new)
        self.moved_from = set(self.ops_moved.values())
        # the path items those operations left and came to (`path_removed`, `path_added`)
        self.moved_from_items = {_parent_and_key(p)[0] for p in self.moved_from}
        self.moved_to_items = {_parent_and_key(p)[0] for p in self.ops_moved}
        self.op = ""  # the operation being compared, for the changes found in it
        # where the operations being compared are (`/paths`; `/webhooks`, or where a callback's
        # path item is, while `sent` compares those), on each side, and what they are called
        self.root = self.old_root = "/paths"
        self.label_of: Callable[[str, str], str] = operation_label
        # comparing a webhook or a callback: the API sends its request and reads its response,
        # so each schema is judged the other way round (`flow`)
        self.webhook = False
        self.verdicts: dict[tuple[object, object, bool], bool | None] = {}  # `covers`, memoised
        self.alternatives = Alternatives()  # the schemas as `covers` reads them, read once
        # `covers`' verdicts that hold wherever their pair is met, per way of judging (request)
        self.acyclic: dict[bool, Acyclic] = {True: {}, False: {}}
        self.steps = Steps()  # what all its `covers` questions may judge
        self.compared_cuts: set[tuple[str, ...]] = set()
        # each cut pair's comparison, made once for all operations and places (`cuts`); the
        # cut locations the comparison under way left to compare, in the order met; the
        # literal pointers each side's walks expanded (`SchemaWalker.walk`'s `expanded`)
        self.cut_pairs: dict[tuple[object, ...], Compared] | None = {} if reuse else None
        self.cuts_left: Below = []
        self.expanded: dict[str, set[str]] = {"old": set(), "new": set()}
        self.cut_fields = 0  # the locations the comparisons of cut pairs flattened
        # the unions compared branch by branch (`split_union`) in the schema comparison under
        # way (`schema_changes`), by their pointers on each side: those in progress among them
        self.split_done: set[tuple[str, str]] = set()
        # the locations of one schema comparison whose union was compared branch by branch
        self.split_keys: set[Key] = set()
        # the locations of one schema comparison whose `$ref` names another schema on the
        # other side: what changed below them is theirs (`retarget`)
        self.retargets: Places = {}

    def covers(self, request: bool, wide: Json, narrow: Json) -> bool | None:
        """`subsume.covers` with the wide side new for a request, old for a response; a shared
        schema (the same `$ref`s or objects) is judged once for all operations using it."""
        key = (identity(wide), identity(narrow), request)
        if key not in self.verdicts:
            wide_refs, narrow_refs = ((self.new_refs, self.old_refs) if request
                                      else (self.old_refs, self.new_refs))
            self.verdicts[key] = covers(wide_refs, wide, narrow_refs, narrow, response=not request,
                                        alternatives=self.alternatives,
                                        acyclic=self.acyclic[request], steps=self.steps)
        return self.verdicts[key]

    def add(self, pointer: str, kind: str, breaking: bool | None, message: str,
            side: str = "new", values: Values = None, sent: bool = False) -> None:
        self.found.append(Found(pointer, kind, breaking, message, "", self.op, side,
                                values=values, sent=sent))

    def run(self) -> list[Change]:
        self.servers("", self.old.get("servers"), self.new.get("servers"), "the API", root=True)
        old_security, new_security = (security_set(self.old.get("security")),
                                      security_set(self.new.get("security")))
        if old_security != new_security:
            tightened = security_tightened(old_security, new_security)
            self.add("/security", "security-changed", tightened,
                     "the global security requirement changed" + _SECURITY_KEPT * (not tightened))
        self.security_schemes()
        self.paths()
        self.webhooks()
        self.components()
        return merge_shared(self.found)

    # ---- document level

    def servers(self, pointer: str, old: Json, new: Json, owner: str, root: bool = False) -> None:
        if not root and old is None and new is None:
            return
        where = join_tokens(pointer, "servers")
        self.server_variables(where, old, new, owner)
        old_urls, new_urls = server_urls(old) or ["/"], server_urls(new) or ["/"]
        if old_urls == new_urls:
            return
        if old_urls[0] != new_urls[0] or not set(old_urls) <= set(new_urls):
            self.add(where, "server-changed", True,
                     f"{owner}: server changed from {old_urls[0]} to {new_urls[0]}")
        else:
            added = ", ".join(u for u in new_urls if u not in old_urls)
            self.add(where, "server-added", False, f"{owner}: server {added} added")

    def server_variables(self, where: str, old: Json, new: Json, owner: str) -> None:
        """The values a server variable's `enum` allows, for the servers both sides list under
        the same URL template: a value gone breaks whoever picked it (the document no longer
        serves it there); one added does not. A default changed changes the URL (`servers`)."""
        old_servers = {str(server.get("url", "")): server for server in _servers(old)}
        for index, server in enumerate(_servers(new)):
            url = str(server.get("url", ""))
            before = old_servers.get(url)
            if before is None:
                continue
            old_vars, new_vars = _variables(before), _variables(server)
            for name in sorted(set(old_vars) & set(new_vars)):
                old_enum, new_enum = old_vars[name], new_vars[name]
                if old_enum is None or new_enum is None:
                    continue  # unrestricted on a side: any value goes, nothing to compare
                at = join_tokens(where, str(index), "variables", name, "enum")
                what = f"{owner}: server {url} variable `{name}`"
                removed = [value for value in old_enum if value not in new_enum]
                added = [value for value in new_enum if value not in old_enum]
                if removed:
                    self.add(at, "server-variable-value-removed", True,
                             f"{what} no longer takes {_listed(removed)}")
                if added:
                    self.add(at, "server-variable-value-added", False,
                             f"{what} now also takes {_listed(added)}")

    def security_schemes(self) -> None:
        old = (self.old.get("components") or {}).get("securitySchemes") or {}
        new = (self.new.get("components") or {}).get("securitySchemes") or {}
        for name in sorted(set(old) | set(new)):
            pointer = join_tokens("", "components", "securitySchemes", name)
            if name not in new:
                self.add(pointer, "security-scheme-removed", True,
                         f"security scheme `{name}` was removed", side="old")
            elif name not in old:
                self.add(pointer, "security-scheme-added", False,
                         f"security scheme `{name}` was added")
            else:
                before, after = self.old_refs.object(old[name]), self.new_refs.object(new[name])
                if without_docs(before) == without_docs(after):
                    continue
                sent_alike = _scheme_meaning(before) == _scheme_meaning(after)
                self.add(pointer, "security-changed", not sent_alike,
                         f"security scheme `{name}` changed" + (
                             " (only its hints: bearerFormat, the scopes it lists)"
                             if sent_alike else _scheme_change(before, after)))

    def components(self) -> None:
        old = (self.old.get("components") or {}).get("schemas") or {}
        new = (self.new.get("components") or {}).get("schemas") or {}
        self.unused_components(old, new)
        added = sorted(set(new) - set(old))
        for name in sorted(set(old) - set(new)):
            fingerprint = self._fingerprint("old", name)
            twin = next((a for a in added if self._fingerprint("new", a) == fingerprint), None)
            if twin is None:
                self.add(join_tokens("", "components", "schemas", name), "component-removed", False,
                         f"component schema `{name}` was removed", side="old")
            else:
                added.remove(twin)
                self.add(join_tokens("", "components", "schemas", twin), "component-renamed", False,
                         f"component schema `{name}` was renamed to `{twin}`")
        for name in added:
            self.add(join_tokens("", "components", "schemas", name), "component-added", False,
                     f"component schema `{name}` was added")

    def unused_components(self, old: Mapping[str, Json], new: Mapping[str, Json]) -> None:
        """A component schema on both sides that no operation, webhook or callback reaches on
        either side (the walks above never compared it), compared on its own: code can use
        its class (`models.X`) directly. Judged as an answer (what reading the model sees),
        that verdict kept for the client (`Change.unused_breaks`); non-breaking on the wire,
        where nothing sent or received changed."""
        both = [name for name in old if name in new]
        refs = {name: "#" + quote(join_tokens("", "components", "schemas", str(name)))
                for name in both}
        if self.same is not None:
            both = [name for name in both if not self.same.closure_same(refs[name])]
        if not both:
            return
        old_left = _unreached(self.old, set(both))
        unused = _unreached(self.new, old_left)
        # used on the new side only (linode 4.0.15 -> 4.151.1's `PaginationEnvelope`, whose
        # properties alone the old document's operations referenced, and which a new operation
        # uses): no operation compared its class, which lost `data` and made `page` optional
        once = old_left - unused
        # an answer typed with a discriminated base may be any of its subtypes (`Pet` -> `Cat`,
        # named by its mapping or extending it): such a schema is judged as what is received
        received = _polymorphic(self.old, unused) | _polymorphic(self.new, unused)
        # (a place inside one that an operation references is that operation's: linode's
        # `PaginationEnvelope/properties/page`, said there once)
        said = {(f.pointer, f.kind) for f in self.found} if unused or once else set()
        for name in sorted(unused | once, key=str):
            pointer = join_tokens("", "components", "schemas", str(name))
            start = len(self.found)
            self.op = ""
            self.schema(Ctx(f"schema `{name}`", "model", "response"), {"$ref": refs[name]},
                        pointer, {"$ref": refs[name]}, pointer)
            # (a change in another component it reaches is that one's: compared on its own
            # when no operation uses it either, else by the operations using it)
            mine = [f for f in self.found[start:]
                    if within(f.pointer, pointer) and (f.pointer, f.kind) not in said]
            self.found[start:] = [_as_received(f) if name in received
                                  else _as_unused(f, name in once) for f in mine]

    def _fingerprint(self, side: str, name: str) -> tuple[tuple[Key, SchemaInfo], ...]:
        """A component's meaning, walked once per side (matched against every added one)."""
        if (side, name) not in self.fingerprints:
            walker = self.old_walker if side == "old" else self.new_walker
            pointer = join_tokens("", "components", "schemas", name)
            ref = "#" + quote(pointer)  # a `$ref` fragment is percent-decoded when followed
            self.fingerprints[side, name] = tuple(
                (f.key, f.info) for f in walker.walk({"$ref": ref}, pointer))
        return self.fingerprints[side, name]

    # ---- paths and operations

    def paths(self) -> None:
        old, new = path_shapes(self.old.get("paths") or {}, self.new.get("paths") or {})
        moved = paths_moved(self.old, self.new)
        for shape in sorted(set(old) | set(new)):
            if shape not in new and old[shape] in moved.values():
                continue  # (compared under its new path)
            if shape not in old and new[shape] in moved:
                self.path_moved(moved[new[shape]], new[shape])
            elif shape not in new:
                self.path_removed(old[shape])
            elif shape not in old:
                self.path_added(new[shape])
            else:
                self.path_item(old[shape], new[shape])

    def path_removed(self, path: str) -> None:
        """A path only the old document has: removed, or, where some of its operations moved
        to another path (`operation_moved`), each other operation removed."""
        pointer = join_tokens("", "paths", path)
        if pointer not in self.moved_from_items:
            self.add(pointer, "path-removed", True, f"path `{path}` was removed", side="old")
            return
        item = self.old_refs.object(self.old["paths"][path])
        for method in HTTP_METHODS:
            if method in item and join_tokens(pointer, method) not in self.moved_from:
                self.add(join_tokens(pointer, method), "operation-removed", True,
                         f"{self.label_of(method, path)}: operation was removed", side="old")

    def path_added(self, path: str) -> None:
        """A path only the new document has: added, or, where some of its operations moved from
        another path (`operation_moved`), those compared and each other operation added."""
        pointer = join_tokens("", "paths", path)
        if pointer not in self.moved_to_items:
            self.add(pointer, "path-added", False, f"path `{path}` was added")
            return
        item = self.new_refs.object(self.new["paths"][path])
        for method in HTTP_METHODS:
            at = join_tokens(pointer, method)
            if at in self.ops_moved:
                self.operation_moved(path, method)
            elif method in item:
                self.add(at, "operation-added", False,
                         f"{self.label_of(method, path)}: operation was added")

    def operation_moved(self, path: str, method: str) -> None:
        """One operation found under another path, the same method and operationId, neither
        path item having it on the other side (`pairing.operations_moved`: Gitea's `POST
        /orgs/{org}/hooks/` -> `POST /orgs/{org}/hooks`): one change, breaking (a caller of the
        old URL is no longer answered), then the operation compared as any other, its old
        side's pointers under the old path."""
        pointer = join_tokens("", "paths", path, method)
        old_path = split_pointer(self.ops_moved[pointer])[1]
        old_item = self.old_refs.object(self.old["paths"][old_path])
        new_item = self.new_refs.object(self.new["paths"][path])
        label = self.label_of(method, path)
        op_id = operation_object(new_item, method).get("operationId")
        self.op = label
        self.add(pointer, OPERATION_PATH_CHANGED, True,
                 f"{label}: path changed from `{old_path}` (the same operation, operationId "
                 f"`{op_id}`)", values=(old_path, path))
        self.operation(label, (old_path, old_item), (path, new_item), method)
        self.op = ""

    def webhooks(self) -> None:
        """3.1's `webhooks`, paired by name: each is a request the API sends to its consumer,
        compared as an operation whose request the consumer reads (`flow`). One gone breaks a
        consumer waiting for it."""
        old, new = self.old.get("webhooks") or {}, self.new.get("webhooks") or {}
        for name in sorted(set(old) | set(new), key=str):
            pointer = join_tokens("", "webhooks", str(name))
            if name not in new:
                self.add(pointer, "webhook-removed", True, f"webhook `{name}` was removed",
                         side="old", sent=True)
            elif name not in old:
                self.add(pointer, "webhook-added", False, f"webhook `{name}` was added",
                         sent=True)
            else:
                was = literal_pointer(self.old_refs, old[name], pointer)
                at = literal_pointer(self.new_refs, new[name], pointer)
                self._pair_operations(was, at)
                self.sent((was, at), _webhook_label(str(name)),
                          self.old_refs.object(old[name]), self.new_refs.object(new[name]))

    def sent(self, pointers: tuple[str, str], label_of: Callable[[str, str], str],
             old_item: dict[str, Json], new_item: dict[str, Json]) -> None:
        """The operations of a path item the API sends to its consumer (a webhook's, a
        callback's), at `pointers` (old, new), each named by `label_of(method, key)`: compared
        as operations whose request the consumer reads (`flow`)."""
        (old_root, old_key), (root, key) = (_parent_and_key(pointer) for pointer in pointers)
        outer = (self.root, self.old_root, self.label_of, self.webhook, self.op)
        self.root, self.old_root, self.label_of, self.webhook = root, old_root, label_of, True
        start = len(self.found)
        try:
            self.methods((old_key, key), old_item, new_item)
        finally:
            self.root, self.old_root, self.label_of, self.webhook, self.op = outer
        # all of it is about what the API sends, wherever a `$ref` put it (`Change.sent`)
        self.found[start:] = [replace(found, sent=True) for found in self.found[start:]]

    def callbacks(self, label: str, pointer: str, old_op: Mapping[str, Json],
                  new_op: Mapping[str, Json]) -> None:
        """An operation's `callbacks`, by name, then by expression (the URL the API calls): each
        is a path item of requests the API sends, compared as a webhook's are. One gone breaks
        a consumer waiting for it; one added does not."""
        old_all = self.old_refs.object(old_op.get("callbacks") or {})
        new_all = self.new_refs.object(new_op.get("callbacks") or {})
        old_pointer = self._old_op_pointer(pointer)
        for name in sorted(set(old_all) | set(new_all), key=str):
            # where each side's callback object and path items literally are (a `$ref` to
            # `components/callbacks` or `components/pathItems` followed)
            old_at = literal_pointer(self.old_refs, old_all.get(name),
                                     join_tokens(old_pointer, "callbacks", str(name)))
            new_at = literal_pointer(self.new_refs, new_all.get(name),
                                     join_tokens(pointer, "callbacks", str(name)))
            old_cb = self.old_refs.object(old_all.get(name) or {})
            new_cb = self.new_refs.object(new_all.get(name) or {})
            for expression in sorted(set(old_cb) | set(new_cb), key=str):
                if str(expression).startswith("x-"):
                    continue  # an extension, not a URL the API calls
                was = literal_pointer(self.old_refs, old_cb.get(expression),
                                      join_tokens(old_at, str(expression)))
                at = literal_pointer(self.new_refs, new_cb.get(expression),
                                     join_tokens(new_at, str(expression)))
                what = f"{label}: callback `{name}` ({expression})"
                if expression not in new_cb:
                    self.add(was, "callback-removed", True, f"{what} was removed", side="old",
                             sent=True)
                elif expression not in old_cb:
                    self.add(at, "callback-added", False, f"{what} was added", sent=True)
                else:
                    self._pair_operations(was, at)
                    self.sent((was, at), _callback_label(what),
                              self.old_refs.object(old_cb[expression]),
                              self.new_refs.object(new_cb[expression]))

    def _pair_operations(self, old_item: str, new_item: str) -> None:
        """A webhook's or callback's operations are compared under their path items' pointers,
        which differ between the sides where a path key (operations are paired by path shape)
        or a `$ref`'d path item's component differs."""
        for method in HTTP_METHODS:
            self.old_ops_by_new[join_tokens(new_item, method)] = join_tokens(old_item, method)

    def flow(self, direction: Direction) -> Direction:
        """Which way data flows where an operation says `direction`: reversed for a webhook or
        a callback (its request is read by the consumer, as a response is)."""
        if not self.webhook:
            return direction
        return "response" if direction == "request" else "request"

    def path_moved(self, old_path: str, new_path: str) -> None:
        """A path item found under another path, the same operations (`pairing.paths_moved`):
        one change, breaking (a caller sending to the old URL is no longer answered), then
        the path item compared as any other."""
        item = self.new_refs.object(self.new["paths"][new_path])
        ids = ", ".join(f"`{operation_object(item, m).get('operationId')}`"
                        for m in HTTP_METHODS if m in item)
        self.add(join_tokens("", "paths", new_path), PATH_CHANGED, True,
                 f"path `{old_path}` is now `{new_path}` (the same operations: operationId "
                 f"{ids})", values=(old_path, new_path))
        self.path_item(old_path, new_path)

    def path_item(self, old_path: str, new_path: str) -> None:
        old_item = self.old_refs.object(self.old["paths"][old_path])
        new_item = self.new_refs.object(self.new["paths"][new_path])
        pointer = join_tokens("", "paths", new_path)
        renamed = [f"path parameter `{before}` renamed to `{after}`" for before, after
                   in zip(template_names(old_path), template_names(new_path)) if before != after]
        if renamed:
            # Non-breaking on the wire: each value goes in the same place of the same URL and
            # no name is sent. The generated client's arguments may be renamed, which breaks
            # calls: `client` says so (client-breaking). One change per path, naming them all.
            self.add(pointer, "path-parameter-renamed", False,
                     f"`{old_path}` -> `{new_path}`: {', '.join(renamed)}")
        self.servers(pointer, old_item.get("servers"), new_item.get("servers"), f"`{new_path}`")
        self.methods((old_path, new_path), old_item, new_item)

    def methods(self, keys: tuple[str, str], old_item: dict[str, Json],
                new_item: dict[str, Json]) -> None:
        """The operations of a path item under `self.root` (`keys`: its old and new path; a
        webhook's name or a callback's expression twice), method by method."""
        old_key, new_key = keys
        moved = verbs_changed(old_item, new_item)
        kept = set(moved.values())
        for method in HTTP_METHODS:
            label = self.label_of(method, new_key)
            if method in kept:
                continue  # compared under the method it moved to
            if method in moved:
                self.verb_changed(label, (old_key, old_item), (new_key, new_item),
                                  (moved[method], method))
            elif method in old_item and method not in new_item:
                at = self._old_op_pointer(join_tokens(self.root, new_key, method))
                if at not in self.moved_from:  # (else compared where it moved to)
                    self.add(at, "operation-removed", True,
                             f"{self.label_of(method, old_key)}: operation was removed",
                             side="old")
            elif method in new_item and method not in old_item:
                if join_tokens(self.root, new_key, method) in self.ops_moved:
                    self.operation_moved(new_key, method)
                else:
                    self.add(join_tokens(self.root, new_key, method), "operation-added", False,
                             f"{label}: operation was added")
            elif method in new_item:
                self.op = label
                self.operation(label, (old_key, old_item), (new_key, new_item), method)
                self.op = ""

    def verb_changed(self, label: str, old: tuple[str, dict[str, Json]],
                     new: tuple[str, dict[str, Json]], methods: tuple[str, str]) -> None:
        """One operation under another HTTP method of the same path item, the same operationId
        on both sides (`pairing.verbs_changed`): one change, breaking (a caller's old verb is no
        longer answered), then the operation compared as any other, its old side's pointers at
        the old method."""
        was, now = methods
        pointer = join_tokens(self.root, new[0], now)
        self.old_ops_by_new[pointer] = join_tokens(self.old_root, old[0], was)
        op_id = operation_object(new[1], now).get("operationId")
        self.op = label
        self.add(pointer, "operation-method-changed", True,
                 f"{label}: HTTP method changed from {was.upper()} to {now.upper()} (the same "
                 f"operation, operationId `{op_id}`)", values=(was.upper(), now.upper()))
        self.operation(label, old, new, now, was)
        self.op = ""

    def operation(
        self, label: str, old: tuple[str, dict[str, Json]], new: tuple[str, dict[str, Json]],
        method: str, old_method: str | None = None,
    ) -> None:
        old_method = old_method or method
        old_op, new_op = operation_object(old[1], old_method), operation_object(new[1], method)
        pointer = join_tokens(self.root, new[0], method)
        self.docs(pointer, label, "operation", old_op, new_op, ("summary", "description"))
        if old_op.get("operationId") != new_op.get("operationId"):
            self.add(pointer, "operation-id-changed", False,
                     f"{label}: operationId changed from {old_op.get('operationId')} to "
                     f"{new_op.get('operationId')}")
        self.tags(pointer, label, old_op.get("tags"), new_op.get("tags"))
        if bool(old_op.get("deprecated")) != bool(new_op.get("deprecated")):
            self.add(pointer, "deprecation-changed", False,
                     f"{label}: deprecated is now {bool(new_op.get('deprecated'))}",
                     values=flag_values(old_op.get("deprecated"), new_op.get("deprecated")))
        if "security" in old_op or "security" in new_op:  # (else the global one's, compared once)
            self.operation_security(pointer, label, old_op, new_op)
        self.servers(pointer, old_op.get("servers"), new_op.get("servers"), label)
        self.parameters(label, old, new, (old_method, method))
        self.request_body(label, pointer, old_op, new_op)
        self.responses(label, pointer, old_op, new_op)
        self.callbacks(label, pointer, old_op, new_op)

    def operation_security(self, pointer: str, label: str, old_op: Mapping[str, Json],
                           new_op: Mapping[str, Json]) -> None:
        """An operation's own requirement (or the global one it falls back to on a side
        without one), by what a caller holds (`security_tightened`)."""
        old_security = security_set(old_op.get("security", self.old.get("security")))
        new_security = security_set(new_op.get("security", self.new.get("security")))
        if old_security != new_security:
            tightened = security_tightened(old_security, new_security)
            self.add(join_tokens(pointer, "security"), "security-changed", tightened,
                     f"{label}: security requirement changed" + _SECURITY_KEPT * (not tightened))

    def tags(self, pointer: str, label: str, old: Json, new: Json) -> None:
        """Tags send nothing; the generated client groups methods by their first tag, so a
        change may move a method to another resource (`client.with_client_effects` says so)."""
        if old != new:
            self.add(pointer, "tags-changed", False,
                     f"{label}: tags changed from {_listed(old)} to {_listed(new)}")

    def docs(
        self, pointer: str, label: str, what: str, old: Mapping[str, Json],
        new: Mapping[str, Json], keys: Iterable[str],
    ) -> None:
        for key in keys:
            if old.get(key) != new.get(key):
                self.add(pointer, f"{key}-changed", False, f"{label}: {what} {key} changed")

    def examples(
        self, pointer: str, label: str, what: str, old: Mapping[str, Json], new: Mapping[str, Json]
    ) -> None:
        if (old.get("example"), old.get("examples")) != (new.get("example"), new.get("examples")):
            self.add(pointer, "example-changed", False, f"{label}: {what} example changed")

    def parameters(
        self, label: str, old: tuple[str, dict[str, Json]], new: tuple[str, dict[str, Json]],
        methods: tuple[str, str],
    ) -> None:
        old_params = operation_parameters(self.old_refs, old[0], old[1], methods[0],
                                          self.old_root)
        new_params = operation_parameters(self.new_refs, new[0], new[1], methods[1], self.root)
        for key in sorted(set(old_params) | set(new_params)):
            before, after = old_params.get(key), new_params.get(key)
            either = after or before
            ignored = (either is not None and either.location == "header"
                       and either.name.lower() in IGNORED_HEADERS)
            note = (f" (OpenAPI ignores a header parameter named `{either.name}`: nothing "
                    "changes on the wire)") if either is not None and ignored else ""
            if after is None and before is not None:
                self.add(before.entry, "parameter-removed", not ignored,
                         f"{label}: {before.location} parameter `{before.name}` was removed"
                         + note, side="old")
            elif before is None and after is not None:
                kind = "parameter-added-required" if after.required else "parameter-added-optional"
                self.add(after.entry, kind, after.required and not ignored,
                         f"{label}: {after.location} parameter `{after.name}` was added"
                         + (" as required" if after.required else "") + note)
            elif before is not None and after is not None:
                self.parameter(label, before, after)

    def parameter(self, label: str, old: Param, new: Param) -> None:
        what = f"{new.location} parameter `{new.name}`"
        if old.required != new.required:
            kind = "parameter-became-required" if new.required else "parameter-became-optional"
            self.add(new.pointer, kind, new.required,
                     f"{label}: {what} became {'required' if new.required else 'optional'}")
        self.docs(new.pointer, label, what, old.raw, new.raw, ("description",))
        self.examples(new.pointer, label, what, old.raw, new.raw)
        if bool(old.raw.get("deprecated")) != bool(new.raw.get("deprecated")):
            self.add(new.pointer, "deprecation-changed", False,
                     f"{label}: {what} deprecated is now {bool(new.raw.get('deprecated'))}",
                     values=flag_values(old.raw.get("deprecated"), new.raw.get("deprecated")))
        self.serialization(label, what, old, new)
        (old_schema, old_ptr), (new_schema, new_ptr) = old.schema(), new.schema()
        self.schema(Ctx(label, what, self.flow("request")), old_schema, old_ptr, new_schema,
                    new_ptr)

    def serialization(self, label: str, what: str, old: Param, new: Param) -> None:
        """`style` and `explode`, as each location defaults them: a server reading the new
        spelling misreads the old one where the two differ for the values old callers send
        (the old schema's: an array or object, or a primitive under `matrix` or `label`; a
        media type for a style, unless `_json_alike`); elsewhere no change. (A primitive that
        became a list is the type's change; each old value is spelt alike either way.)"""
        before, after = serialized_as(old), serialized_as(new)
        if before == after:
            return
        if before is None or after is None:  # a media type for a style, or back
            styled, as_json = (before, new) if after is None else (after, old)
            breaking = not (styled is not None
                            and _json_alike(self.new_refs, as_json, styled, new.schema()[0]))
        else:
            breaking = ((before[0] != after[0]
                         and bool({before[0], after[0]} & _PREFIXED_STYLES))
                        or not _primitive(self.old_refs, old.schema()[0]))
        self.add(new.pointer, "parameter-serialization-changed", breaking,
                 f"{label}: {what} is now sent {_spelt(after)} (was {_spelt(before)})",
                 values=(_spelt(before), _spelt(after)))

    def request_body(
        self, label: str, pointer: str, old_op: Mapping[str, Json], new_op: Mapping[str, Json]
    ) -> None:
        old = self.old_refs.object(old_op["requestBody"]) if "requestBody" in old_op else None
        new = self.new_refs.object(new_op["requestBody"]) if "requestBody" in new_op else None
        old_ptr = literal_pointer(self.old_refs, old_op.get("requestBody"),
                                  self._old_op_pointer(pointer, "requestBody"))
        new_ptr = literal_pointer(self.new_refs, new_op.get("requestBody"),
                                  join_tokens(pointer, "requestBody"))
        if new is None:
            if old is None:
                return
            schemaless = not any(isinstance(media, Mapping) and "schema" in media
                                 for media in (old.get("content") or {}).values())
            self.add(old_ptr, "request-body-removed", not schemaless,
                     f"{label}: request body was removed"
                     + (" (it had no schema: nothing was sent in it)" if schemaless else ""),
                     side="old")
            return
        required = new.get("required") is True
        if old is None:
            kind = "request-body-added-required" if required else "request-body-added-optional"
            self.add(new_ptr, kind, required, f"{label}: request body was added")
            return
        if (old.get("required") is True) != required:
            kind = "request-body-became-required" if required else "request-body-became-optional"
            self.add(new_ptr, kind, required,
                     f"{label}: request body became {'required' if required else 'optional'}")
        self.docs(new_ptr, label, "request body", old, new, ("description",))
        self.content(Ctx(label, "request body", self.flow("request")), old, new, old_ptr,
                     new_ptr)

    def _old_op_pointer(self, new_op_pointer: str, *tokens: str) -> str:
        """Operations are matched by path shape; the old pointer differs only in the path key."""
        return join_tokens(self.old_ops_by_new.get(new_op_pointer, new_op_pointer), *tokens)

    def responses(
        self, label: str, pointer: str, old_op: Mapping[str, Json], new_op: Mapping[str, Json]
    ) -> None:
        old = {str(k): v for k, v in (old_op.get("responses") or {}).items()}
        new = {str(k): v for k, v in (new_op.get("responses") or {}).items()}
        for status in sorted(set(old) | set(new)):
            old_ptr = literal_pointer(self.old_refs, old.get(status),
                                      self._old_op_pointer(pointer, "responses", status))
            new_ptr = literal_pointer(self.new_refs, new.get(status),
                                      join_tokens(pointer, "responses", status))
            if status not in new:
                kind = "success-response-removed" if is_success(status) else "response-removed"
                self.add(old_ptr, kind, is_success(status),
                         f"{label}: response {status} was removed", side="old")
            elif status not in old:
                self.add(new_ptr, "response-added", False, f"{label}: response {status} was added")
            else:
                before = self.old_refs.object(old[status])
                after = self.new_refs.object(new[status])
                what = f"response {status}"
                self.docs(new_ptr, label, what, before, after, ("description",))
                ctx = Ctx(label, what, self.flow("response"))
                self.content(ctx, before, after, old_ptr, new_ptr, is_success(status))
                self.headers(label, what, (before, old_ptr), (after, new_ptr))

    def headers(self, label: str, what: str, old: tuple[Mapping[str, Json], str],
                new: tuple[Mapping[str, Json], str]) -> None:
        """A response's headers, by name (case-insensitive, as HTTP reads them): one that was
        required and is gone or optional breaks what a caller reads; its schema is a
        response's (`schema`)."""
        old_headers, new_headers = _headers_of(self.old_refs, old), _headers_of(self.new_refs, new)
        for name in sorted(set(old_headers) | set(new_headers)):
            before, after = old_headers.get(name), new_headers.get(name)
            if after is None and before is not None:
                self.add(before.pointer, "response-header-removed", before.required,
                         f"{label}: {what} header `{before.name}` was removed", side="old")
            elif before is None and after is not None:
                self.add(after.pointer, "response-header-added", False,
                         f"{label}: {what} header `{after.name}` was added")
            elif before is not None and after is not None:
                self.header(label, f"{what} header `{after.name}`", before, after)

    def header(self, label: str, what: str, old: Param, new: Param) -> None:
        if old.required != new.required:
            now = "required" if new.required else "optional"
            self.add(new.pointer, f"response-header-became-{now}", old.required,
                     f"{label}: {what} became {now}")
        self.docs(new.pointer, label, what, old.raw, new.raw, ("description",))
        (old_schema, old_ptr), (new_schema, new_ptr) = old.schema(), new.schema()
        self.schema(Ctx(label, what, self.flow("response")), old_schema, old_ptr, new_schema,
                    new_ptr)

    def content(
        self, ctx: Ctx, old: Mapping[str, Json], new: Mapping[str, Json], old_ptr: str,
        new_ptr: str, removal_breaks: bool = True,
    ) -> None:
        old_content = old.get("content") or {}
        new_content = new.get("content") or {}
        respelt = respelt_media_types(old_content, new_content)
        for media_type in sorted(set(old_content) | set(new_content)):
            before_ptr = join_tokens(old_ptr, "content", media_type)
            after_ptr = join_tokens(new_ptr, "content", respelt.get(media_type, media_type))
            if media_type in respelt.values():
                continue  # (compared under its old spelling)
            if media_type in respelt:
                self.add(after_ptr, MEDIA_TYPE_PARAMETERS_CHANGED, False,
                         f"{ctx.op}: {ctx.where} media type {media_type} is now spelt "
                         f"{respelt[media_type]} (the same type; parameters changed)",
                         values=(media_type, respelt[media_type]))
            elif media_type not in new_content:
                self.add(before_ptr, "media-type-removed", removal_breaks,
                         f"{ctx.op}: {ctx.where} media type {media_type} was removed", side="old")
                continue
            elif media_type not in old_content:
                self.add(after_ptr, "media-type-added", False,
                         f"{ctx.op}: {ctx.where} media type {media_type} was added")
                continue
            after_type = respelt.get(media_type, media_type)
            before, after = old_content[media_type] or {}, new_content[after_type] or {}
            self.examples(after_ptr, ctx.op, f"{ctx.where} ({after_type})", before, after)
            self.schema(ctx, before.get("schema", {}), join_tokens(before_ptr, "schema"),
                        after.get("schema", {}), join_tokens(after_ptr, "schema"))

    # ---- schemas

    def schema(self, ctx: Ctx, old: Json, old_ptr: str, new: Json, new_ptr: str) -> None:
        if self.same is None or self.walked is None:
            self.found += self.schema_changes(ctx, (old, old_ptr), (new, new_ptr))
        elif not self.same.same(old, new):  # (equal with all it references: no change in it)
            key = self.walked.key(ctx, (old, old_ptr), (new, new_ptr))
            found = self.walked.get(key, self.op)
            if found is None:
                found = self.schema_changes(ctx, (old, old_ptr), (new, new_ptr))
                self.walked.keep(key, self.op, found)
            self.found += found

    def resolves(self, side: str, pointer: str) -> bool:
        return resolve_pointer(self.old if side == "old" else self.new, pointer)[0]

    def schema_changes(self, ctx: Ctx, old: tuple[Json, str], new: tuple[Json, str]
                       ) -> list[Found]:
        self.split_done, self.split_keys, self.cuts_left = set(), set(), []
        self.retargets = {}
        found, old_fields, new_fields = self.compare(ctx, old, new)
        found = held_at_fields(found + self.compare_cuts(ctx), self.retargets, self.resolves)
        self.branches_rewritten(ctx, old_fields, new_fields, found)
        if any(f.breaking is not False for f in found):
            self.judge(ctx, (old[0], old_fields), (new[0], new_fields), found)
        return found

    def compare(
        self, ctx: Ctx, old: tuple[Json, str], new: tuple[Json, str], prefix: Key = (),
        below: bool = False,
    ) -> tuple[list[Found], dict[Key, Field], dict[Key, Field]]:
        """Every change between two schemas, field by field; a union that gained or lost
        branches is compared branch by branch (``split_union``); a location the walker cut is
        compared on its own (``cuts``). `below`: the location at `prefix` itself is compared
        already, only what is under it is wanted."""
        old_fields = prefixed(self.flats.flatten(self.old_walker, *old, self.expanded["old"]),
                              prefix)
        new_fields = prefixed(self.flats.flatten(self.new_walker, *new, self.expanded["new"]),
                              prefix)
        cut = split_cuts(old_fields, new_fields)
        cut_keys = set(cut)  # (a union's key looked up in it: thousands of keys, many cuts)
        record_retargets(self.retargets, old_fields, new_fields)
        found = self.field_changes(ctx, old_fields, new_fields)
        if below:
            found = [f for f in found if f.key != prefix]
        split: list[Key] = []
        for key in sorted(set(old_fields) & set(new_fields)):
            # (at `prefix` itself: a branch compared, or a location compared already; the
            # schema compared whole, `()`, when it is a union of components and nothing else:
            # a body that is one of its blocks)
            if key == prefix and (prefix or not (union_of_refs(self.old_refs, old[0])
                                                 and union_of_refs(self.new_refs, new[0]))):
                continue
            if key in cut_keys or any(key[:len(k)] == k for k in split):
                continue
            by_branch = self.split_union(ctx, key, old_fields[key], new_fields[key])
            if by_branch is None:
                continue
            split.append(key)
            self.split_keys.add(key)
            found = [f for f in found if not merged_artifact(f, key)] + by_branch
        for key in cut:  # (one under a union compared branch by branch was compared there)
            if not any(key[:len(k)] == k for k in split):
                self.cuts_left.append((key, old_fields[key], new_fields[key]))
        return found, old_fields, new_fields

    def compare_cuts(self, ctx: Ctx) -> list[Found]:
        """What changed below the locations the walker cut (`cuts_left`), and below those their
        comparisons cut in turn, depth first in the order met: each pair compared once per
        operation and place (the changes in a shared schema are found once)."""
        found: list[Found] = []
        pending = self.cuts_left[::-1]  # (a stack: the first met on top)
        self.cuts_left = []
        while pending:
            key, before, after = pending.pop()
            pair = cut_pair(self.op, ctx.direction, ctx.where, before, after)
            if pair in self.compared_cuts or (self.same and self.same.same(before.source,
                                                                          after.source)):
                continue
            self.compared_cuts.add(pair)
            compared = self.compare_cut(ctx, key, before, after)
            found += compared.found
            self.split_keys.update(compared.split)
            for location, pairs in compared.places.items():
                self.retargets.setdefault(location, []).extend(pairs)
            pending += compared.below[::-1]
        return found

    def compare_cut(self, ctx: Ctx, key: Key, before: Field, after: Field) -> Compared:
        """A cut pair's two schemas compared on their own, under `key`: once for the whole
        comparison, re-rooted for every other operation and location reaching them."""
        identity = pair_identity(ctx, before, after)
        known = None if self.cut_pairs is None else self.cut_pairs.get(identity)
        if known is not None:
            return known.rerooted(ctx, self.op, key)
        if self.cut_fields > CUT_FIELDS:
            raise GeneratorError([Problem(
                "new document", after.pointer, None,
                f"comparing the schemas this one reaches took more than {CUT_FIELDS} "
                "locations (references that fan out, level after level): too many to compare",
                "share fewer schemas between the members of each allOf or union")])
        outer = self.cuts_left, self.split_done, self.split_keys, self.retargets
        self.cuts_left, self.split_done, self.split_keys, self.retargets = [], set(), set(), {}
        try:
            found, old_fields, new_fields = self.compare(ctx, walked_from(before),
                                                         walked_from(after), key, below=True)
            self.cut_fields += len(old_fields) + len(new_fields)
            # (its own location is the enclosing comparison's, where its `$ref` is: recorded
            # there, for each place reaching the pair)
            places = {k: pairs for k, pairs in self.retargets.items() if len(k) > len(key)}
            compared = Compared(key, self.op, found, self.cuts_left, sorted(self.split_keys),
                                (before, after), places)
        finally:
            self.cuts_left, self.split_done, self.split_keys, self.retargets = outer
        if self.cut_pairs is not None and compared.reusable(ctx):
            self.cut_pairs[identity] = compared.kept()
        return compared

    def split_union(self, ctx: Ctx, key: Key, before: Field, after: Field) -> list[Found] | None:
        """A union that gained or lost branches (or whose components changed), compared
        branch by branch.

        The merged key space would report what a new branch brings as changes of the old
        branches' properties (at the first branch's pointer). Branches are paired by `$ref`
        (else by content, else inline ones in order among those of one type: `$ref`s to two
        components never, `branches.paired_in_order`); each pair is compared on its
        own, and each unpaired branch is one change. None when no branch was added or removed.
        """
        if not (before.info.union or after.info.union):  # (a union of one reads as its branch)
            return None
        old_branches = branches_of(self.old_refs, before)
        new_branches = branches_of(self.new_refs, after)
        if old_branches is None or new_branches is None:
            return None
        pairs, removed, added = pair_branches(old_branches, new_branches)
        if not removed and not added and not self.components_apart(pairs):
            return None
        union_pair = (before.pointer, after.pointer)
        if union_pair in self.split_done:
            # this very union again, inside one of its own branches (`Container: nodes: oneOf
            # [Text, Container]`), or reached by another path: its changes are found once, at
            # the first path (unions of blocks holding blocks have exponentially many)
            return []
        self.split_done.add(union_pair)
        request = ctx.direction == "request"
        union = "any-of" if after.info.union == "anyOf" else "one-of"
        subject = f"{ctx.op}: {ctx.subject(key)}"
        out = [Found(pointer, f"{union}-branch-added", not request,
                      f"{subject} gained a branch ({label})", f"gained a branch ({label})",
                      self.op, "new", key) for _, pointer, label in added]
        out += [Found(pointer, f"{union}-branch-removed", request,
                       f"{subject} lost a branch ({label})", f"lost a branch ({label})",
                       self.op, "old", key) for _, pointer, label in removed]
        for (old_schema, old_ptr, _), (new_schema, new_ptr, _) in pairs:
            found, _, _ = self.compare(ctx, (old_schema, old_ptr), (new_schema, new_ptr), key)
            out += found
        return out

    def components_apart(self, pairs: list[tuple[Branch, Branch]]) -> bool:
        """Whether a union's branches, each the same `$ref` on both sides, are components
        some of which changed (Airflow's bulk bodies: `oneOf [BulkCreate, BulkDelete]`, whose
        `action` became a `const` of each): merged, their fields hid the change (both sides'
        `action` read `create | delete`) and misplaced another (`BulkDelete`'s `entities` at
        `BulkCreate`'s), so they are compared branch by branch."""
        if len(pairs) < 2 or not all(
                isinstance(old[0], Mapping) and isinstance(old[0].get("$ref"), str)
                and isinstance(new[0], Mapping) and old[0].get("$ref") == new[0].get("$ref")
                for old, new in pairs):
            return False
        for old, new in pairs:
            if self.same is not None:
                if not self.same.same(old[0], new[0]):
                    return True
            elif not equal_json(self.old_refs.deref(old[0])[0], self.new_refs.deref(new[0])[0]):
                return True
        return False

    def field_changes(self, ctx: Ctx, old_fields: Mapping[Key, Field],
                      new_fields: Mapping[Key, Field]) -> list[Found]:
        found: list[Found] = []
        for key in sorted(set(old_fields) | set(new_fields)):
            before, after = old_fields.get(key), new_fields.get(key)
            if before is not None and after is not None and unchanged(before.info, after.info):
                continue  # (what the rules would find: nothing)

            # where the old document has the location, when it has it on both sides
            old_at = before.pointer if before is not None and after is not None else ""

            def report(pointer: str, kind: str, breaking: bool | None, message: str,
                       detail: str = "", side: str = "new", values: Values = None,
                       key: Key = key, was: str = old_at, reached: str = "") -> None:
                found.append(Found(pointer, kind, breaking, message, detail, self.op, side, key,
                                   values, was=was if was != pointer else "", reached=reached))

            if before is not None and after is not None:
                FieldDiff(report, ctx, before, after).run()
            elif before is not None and container_kept(key, new_fields):
                taken = self.taken_in(before, old_fields, new_fields, "old")
                self.property_removed(ctx, _at_member(before, taken),
                                      _noting(report, taken, "no longer"), old_fields, new_fields)
            elif after is not None and container_kept(key, old_fields):
                taken = self.taken_in(after, new_fields, old_fields, "new")
                self.property_added(ctx, _at_member(after, taken), _noting(report, taken, "now"),
                                    new_fields)
        return found

    def taken_in(self, field: Field, own: Mapping[Key, Field], other: Mapping[Key, Field],
                 side: str) -> TakenIn | None:
        """Where `field`, which one side (`own`, the document `side` names) has and the
        `other` lacks, is the change of the schema holding it rather than of the component
        declaring it: the holder (the same schema on both sides) took the component in through
        a member's `$ref` on one side only (`User: allOf [{name}, $ref Credentials]` became
        `User: {name}`: `User` lost `email`, whatever else changed in `Credentials`). Then it is
        reported at that member (`/components/schemas/User/allOf/1`, which resolves on its
        side). None where the other side's holder still takes the component in (the property
        came or went there: the component's own change), or the holder is another schema on
        each side (an answer's `$ref UserResponse` now `$ref User`: the other side's holder
        never had it)."""
        at = field.declared_at or field.pointer
        tokens = split_pointer(at)
        parent = other.get(field.key[:-1])
        holder = own.get(field.key[:-1])
        name = field.key[-1] if field.key else ""
        owner = join_tokens("", *tokens[:3])
        if (len(tokens) < 3 or tokens[:2] != ["components", "schemas"] or parent is None
                or holder is None or holder.pointer != parent.pointer
                or not name.startswith(".") or within(parent.pointer, owner)):
            return None
        own_refs, other_refs = ((self.old_refs, self.new_refs) if side == "old"
                                else (self.new_refs, self.old_refs))
        if member_taking_in(other_refs, parent.pointer, owner) is not None:
            return None  # (still taken in there: the component's own change)
        member = member_taking_in(own_refs, holder.pointer, owner)
        if member is None:
            return None
        return TakenIn(member, member + at[len(owner):], owner)

    def branches_rewritten(self, ctx: Ctx, old_fields: Mapping[Key, Field],
                           new_fields: Mapping[Key, Field], found: list[Found]) -> None:
        """A union whose branches changed in what the merged fields do not show (a bound or a
        pattern of one scalar branch): judged as a whole, unless something at or under it is
        already reported as (possibly) breaking."""
        flagged = {f.key for f in found if f.breaking is not False}
        for key in sorted(set(old_fields) & set(new_fields)):
            before, after = old_fields[key], new_fields[key]
            if not (before.info.union or after.info.union) or any(
                    k is not None and k[:len(key)] == key for k in flagged):
                continue
            if any(key[:len(k)] == k for k in self.split_keys):
                continue  # compared branch by branch (or, reached again, found at the first)
            if before.source is after.source or (  # (one object: shared by `drift.share`)
                    canonical_json(before.source) == canonical_json(after.source)):
                continue
            request = ctx.direction == "request"
            wide, narrow = (after, before) if request else (before, after)
            verdict = self.covers(request, wide.source, narrow.source)
            if verdict is True:
                continue  # a rewrite that changes nothing a value can tell
            union = "any-of" if (after.info.union or before.info.union) == "anyOf" else "one-of"
            detail = branches_detail(request, verdict)
            found.append(Found(after.pointer, f"{union}-branches-changed", verdict is False or None,
                                f"{ctx.op}: {ctx.subject(key)} {detail}", detail, self.op,
                                "new", key))

    def property_removed(self, ctx: Ctx, removed: Field, report: AddFound,
                         fields: Mapping[Key, Field], new_fields: Mapping[Key, Field]) -> None:
        """A property gone. From an answer: breaking (the model loses its field). From a
        request object that stays open to any other key (no `additionalProperties: false` or
        schema, no `unevaluatedProperties: false`): no value the old schema accepted is
        rejected by the new one, yet whether the server still reads the key, or refuses a key
        it no longer declares, nothing says: possibly breaking (oasdiff warns). From a closed
        one, or one whose other keys take a schema the old value may not meet: breaking."""
        at = removed.declared_at or removed.pointer
        message = f"{ctx.op}: {ctx.subject(removed.key)} was removed"
        if _reported_hidden(ctx, removed, fields, report, "removed", "old"):
            return
        holder_key = removed.key[:-1]
        holder = new_fields.get(holder_key)
        open_to_any = (holder is not None and not holder.info.closed
                       and (*holder_key, "{}") not in new_fields)
        if ctx.direction == "request" and open_to_any:
            report(at, "request-property-removed", None, message + _STILL_TAKEN, "was removed",
                   "old")
            return
        report(at, f"{ctx.direction}-property-removed", True, message, "was removed", "old")

    def property_added(self, ctx: Ctx, added: Field, report: AddFound,
                       fields: Mapping[Key, Field]) -> None:
        message = f"{ctx.op}: {ctx.subject(added.key)} was added"
        at = added.declared_at or added.pointer
        # (a required readOnly property is one every answer holds, no request)
        if _reported_hidden(ctx, added, fields, report, "added", "new"):
            return
        if ctx.direction == "response":
            report(at, "response-property-added", False, message, "was added")
        elif added.info.required:
            report(at, "request-property-added-required", True, message + " as required",
                   "was added as required")
        else:
            report(at, "request-property-added-optional", False, message, "was added")

    def judge(self, ctx: Ctx, old: tuple[Json, Mapping[Key, Field]],
              new: tuple[Json, Mapping[Key, Field]], found: list[Found]) -> None:
        """Re-judge what the field-by-field rules called breaking where they can be wrong.

        The whole schema first, then every ``oneOf``/``anyOf`` location (outermost first): where
        the wide side (new for a request, old for a response) provably accepts every value of
        the narrow one, nothing in it breaks; where that is undecided, a breaking change AT the
        union (branches, its bounds) becomes possibly breaking.
        """
        request = ctx.direction == "request"
        (wide, wide_fields), (narrow, narrow_fields) = (new, old) if request else (old, new)
        composed = sorted(k for k in set(old[1]) & set(new[1])
                          if old[1][k].info.union or new[1][k].info.union)
        settled: list[Key] = []
        for key in [(), *(k for k in composed if k)]:
            pending = [f for f in found if f.breaking is not False and f.key is not None
                       and f.kind not in _NOT_VALUE_SETS and f.key[:len(key)] == key
                       and not any(f.key[:len(s)] == s for s in settled)]
            if not pending:
                continue
            if key:
                verdict = self.covers(request, wide_fields[key].source, narrow_fields[key].source)
            else:
                verdict = self.covers(request, wide, narrow)
            if verdict is True:
                settled.append(key)
                note = ("every value it accepted is still accepted" if request
                        else "every value it can send now was possible before")
                for f in pending:
                    f.breaking = False
                    f.message += f" ({note})"
            elif verdict is None and key in composed:
                for f in pending:
                    if f.key == key and f.breaking:
                        f.breaking = None
                        f.message += " (undecided: whether the new branches take every old value)"

AddFound = Callable[..., None]


def _at_member(field: Field, taken: TakenIn | None) -> Field:
    """`field` declared at the member that took it in, where one did (`taken_in`)."""
    return field if taken is None else replace(field, declared_at=taken.member)


def _noting(report: AddFound, taken: TakenIn | None, now: str) -> AddFound:
    """`report`, for a property taken in through a member's `$ref` (`taken`): its message and
    detail say from where, and the change names the property through the `$ref`."""
    if taken is None:
        return report
    note = f" ({now} taken in from `#{quote(taken.owner)}`)"

    def noted(pointer: str, kind: str, breaking: bool | None, message: str, detail: str = "",
              *args: object, **kwargs: object) -> None:
        report(pointer, kind, breaking, message + note, detail + note if detail else detail,
               *args, reached=taken.reached, **kwargs)

    return noted


# a property no request sends (readOnly) or no answer holds (writeOnly): its own kinds
_NEVER = {"read-only": "readOnly: never sent", "write-only": "writeOnly: never returned"}


def _reported_hidden(ctx: Ctx, field: Field, fields: Mapping[Key, Field], report: AddFound,
                     verb: str, side: str) -> bool:
    """Report `field`, added or removed (`verb`), when it is in no generated model of its
    direction (`_hidden_in`): its own kind, non-breaking. Whether it was."""
    hidden = _hidden_in(ctx, field, fields)
    if hidden:
        report(field.declared_at or field.pointer, f"{ctx.direction}-property-{verb}-{hidden}",
               False, f"{ctx.op}: {ctx.subject(field.key)} was {verb} ({_NEVER[hidden]})",
               f"was {verb}", side)
    return hidden is not None


def _hidden_in(ctx: Ctx, field: Field, fields: Mapping[Key, Field]) -> str | None:
    """`read-only` for a readOnly property of a request, `write-only` for a writeOnly one of
    a response, or one inside such a property (`fields`: its side's, holding its ancestors):
    a property that way is in no generated model of that direction (added or removed, it
    changes nothing sent or read); else None."""
    chain = [field, *(held for i in range(len(field.key)) if (held := fields.get(field.key[:i]))
                      is not None)]
    if ctx.direction == "request" and any(f.info.read_only for f in chain):
        return "read-only"
    if ctx.direction == "response" and any(f.info.write_only for f in chain):
        return "write-only"
    return None
# Changes that no proof about values (`subsume`) can clear: the property is no longer sent
# (returned) at all, or is sent from now on, or a union tells its branches apart by another tag.
_NOT_VALUE_SETS = frozenset({"request-property-became-read-only",
                             "request-property-no-longer-read-only",
                             "response-property-became-write-only",
                             "discriminator-property-changed", "discriminator-value-removed",
                             "discriminator-added"})

_SECURITY_KEPT = " (every caller that met the old requirement meets the new one)"
Requirement = tuple[tuple[str, tuple[str, ...]], ...]  # one alternative: (scheme, scopes)...


def _unreached(document: Mapping[str, Json], candidates: set[str]) -> set[str]:
    """The `candidates` (component schema names) that no part of `document` other than
    `components/schemas` (its paths, webhooks, shared parameters, responses...) reaches through
    `$ref`s, at any depth (one in an `x-` extension is no reference: Bungie's
    `x-mapped-definition` made its definitions read as used, and never compared; one to a
    place inside a schema, `.../PaginationEnvelope/properties/page`, uses that place alone,
    not the schema's class, whose changes went unsaid). The parts
    are walked one by one, and the walk ends as soon as every
    candidate is reached (GitHub's 13 MB document: most of its changed schemas are reached
    from its first paths)."""
    components = document.get("components") or {}
    schemas = components.get("schemas") or {} if isinstance(components, Mapping) else {}
    # (`x-webhooks`, 3.0's webhooks as GitHub's description writes them, is walked: its
    # payloads' changes are left to a comparison of webhooks that 3.0 does not have)
    parts = [value for key, value in document.items() if key != "components"
             and (not str(key).startswith("x-") or key == "x-webhooks")]
    if isinstance(components, Mapping):
        parts += [value for key, value in components.items()
                  if key != "schemas" and not str(key).startswith("x-")]
    pending = [item for part in parts
               for item in (part.values() if isinstance(part, Mapping) else [part])]
    left, reached, inside = set(candidates), set(), set()
    for part in pending:
        found = list(refs_in(part, extensions=False))
        while found and left:
            ref = found.pop()
            name = component_schema(ref)
            if name is None or name in reached or name not in schemas:
                continue
            tokens = split_pointer(fragment_pointer(ref) or "")
            if len(tokens) > 3:  # a place inside it: its class is not used
                if ref not in inside:  # (linode's `PaginationEnvelope/properties/page`)
                    inside.add(ref)
                    found.extend(refs_in(resolve_pointer(schemas, join_tokens(
                        "", *tokens[2:]))[1], extensions=False))
                continue
            reached.add(name)
            left.discard(name)
            found.extend(refs_in(schemas[name], extensions=False))
        if not left:
            break
    return left


def _as_unused(change: Found, new_only: bool = False) -> Found:
    """A change of a schema nothing reaches (`new_only`: that the old document's operations
    do not reach, the new one's comparing what they send and receive): nothing sent or
    received changes (its class may be used by code: that verdict is kept for the client)."""
    why = ("no operation of the old document uses the schema: its class compared on its own"
           if new_only else "no operation uses the schema: nothing sent or received changes")
    return replace(change, breaking=False, unused_breaks=change.breaking,
                   message=f"{change.message} ({why})")


def _as_received(change: Found) -> Found:
    """A change of a subtype of a discriminated schema some part of the document uses."""
    return replace(change, message=f"{change.message} (a subtype of a discriminated schema in "
                                   "use: an answer may be one)")


def _polymorphic(document: Mapping[str, Json], unreached: set[str]) -> set[str]:
    """The `unreached` schemas an answer may be all the same: named by the discriminator
    `mapping` of a schema the document reaches, or extending (`allOf`) a reached schema that
    has a discriminator, or one of those in turn, at any depth. Only a document with a
    discriminator on some component schema itself is walked whole for it (one only nested in a
    property is not looked for)."""
    components = document.get("components") or {}
    schemas = components.get("schemas") or {} if isinstance(components, Mapping) else {}
    if not unreached or not any(_discriminator_of(schema) is not None
                                for schema in schemas.values()):
        return set()
    nowhere = _unreached(document, set(schemas))  # (the unchanged too: a chain's links)
    reached = set(schemas) - nowhere
    bases = {name for name in reached if _discriminator_of(schemas[name]) is not None}
    found: set[str] = set()
    fresh = set(_mapped_names(schemas, reached)) & nowhere
    while True:
        fresh |= {name for name in nowhere - found - fresh
                  if bases & extended_schemas(schemas.get(name))}
        if not fresh:
            return found & unreached
        found |= fresh
        bases |= fresh
        fresh = (set(_mapped_names(schemas, fresh)) & nowhere) - found


def _discriminator_of(schema: Json) -> Mapping[str, Json] | None:
    found = schema.get("discriminator") if isinstance(schema, Mapping) else None
    return found if isinstance(found, Mapping) else None


def _mapped_names(schemas: Mapping[str, Json], names: set[str]) -> Iterator[str]:
    """The schemas the discriminator mappings in `names`' schemas name (a `$ref` or a name)."""
    for name in names:
        stack = [schemas.get(name)]
        while stack:
            node = stack.pop()
            if isinstance(node, Mapping):
                mapping = (_discriminator_of(node) or {}).get("mapping")
                if isinstance(mapping, Mapping):
                    yield from (mapped for value in mapping.values()
                                if (ref := mapping_ref(value)) is not None
                                and (mapped := component_schema(ref)) is not None)
                stack.extend(v for v in node.values() if isinstance(v, (Mapping, list)))
            elif isinstance(node, list):
                stack.extend(node)


def _parent_and_key(pointer: str) -> tuple[str, str]:
    """The pointer of the object holding `pointer`'s last key, and that key."""
    tokens = split_pointer(pointer)
    return join_tokens("", *tokens[:-1]), tokens[-1]


def _webhook_label(name: str) -> Callable[[str, str], str]:
    """How a webhook's operations are named: the webhook, then the method."""
    return lambda method, _key: f"webhook `{name}` ({method.upper()})"


def _callback_label(callback: str) -> Callable[[str, str], str]:
    """How a callback's operations are named: the callback, then the method."""
    return lambda method, _expression: f"{callback} {method.upper()}"


def security_tightened(old: frozenset[Requirement], new: frozenset[Requirement]) -> bool:
    """Whether some caller that met the old requirement meets none of the new alternatives:
    a caller holds an old alternative's schemes with its scopes; a new alternative is met when
    it asks for no other scheme and no other scope. No requirement at all (public), or an
    empty alternative (`{}`), is met by every caller."""
    olds, news = old or frozenset({()}), new or frozenset({()})
    return any(not any(_meets(dict(held), wanted) for wanted in news) for held in olds)


def _meets(held: Mapping[str, tuple[str, ...]], wanted: Requirement) -> bool:
    return all(scheme in held and set(scopes) <= set(held[scheme]) for scheme, scopes in wanted)


def _scheme_change(before: Mapping[str, Json], after: Mapping[str, Json]) -> str:
    """What a security scheme's change does to the credential, in a few words: `: http bearer
    -> apiKey header X-API-Key`, or the keys that changed where both read alike."""
    was, now = _scheme_text(before), _scheme_text(after)
    if was != now:
        return f": {was} -> {now}"
    old_meaning, new_meaning = _scheme_meaning(before), _scheme_meaning(after)
    keys = sorted(str(k) for k in {*old_meaning, *new_meaning}
                  if old_meaning.get(k) != new_meaning.get(k))
    return f" ({', '.join(keys)})" if keys else ""


def _scheme_text(scheme: Mapping[str, Json]) -> str:
    """How a scheme's credential is sent: `http bearer`, `apiKey header X-API-Key`, `oauth2
    (flows: clientCredentials)`, `openIdConnect https://...`."""
    kind = str(scheme.get("type", "?"))
    if kind == "http":
        return f"http {str(scheme.get('scheme', '')).lower()}".strip()
    if kind == "apiKey":
        return f"apiKey {scheme.get('in', '?')} {scheme.get('name', '?')}"
    if kind == "oauth2" and isinstance(scheme.get("flows"), Mapping):
        return f"oauth2 (flows: {', '.join(sorted(map(str, scheme['flows'])))})"
    if kind == "openIdConnect":
        return f"openIdConnect {scheme.get('openIdConnectUrl', '?')}"
    return kind


def _scheme_meaning(scheme: Mapping[str, Json]) -> Json:
    """What decides how a credential is got and sent: a security scheme without its prose, its
    `bearerFormat` (a hint) and its flows' scope lists (a catalog: requirements name scopes)."""
    meaning = {key: value for key, value in without_docs(scheme).items() if key != "bearerFormat"}
    flows = meaning.get("flows")
    if isinstance(flows, Mapping):
        meaning["flows"] = {name: {key: value for key, value in flow.items() if key != "scopes"}
                            if isinstance(flow, Mapping) else flow
                            for name, flow in flows.items()}
    return meaning


# a request property removed from an object that takes undeclared properties
_STILL_TAKEN = (" (the object takes undeclared properties: a value holding it is not rejected "
                "by the schema; whether the server still reads it is not said)")


def respelt_media_types(old: Mapping[str, Json], new: Mapping[str, Json]) -> dict[str, str]:
    """The media types found on one side only that the other spells another way, the same
    type: `application/json` -> `application/json; charset=utf-8`, `Application/JSON`
    (compared without case and without `charset`, the text's encoding, which the client reads
    from each answer; a version parameter changed is another type. One of each side only).
    Old spelling -> new one."""
    def unpaired(content: Mapping[str, Json], other: Mapping[str, Json]) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for media_type in content:
            if media_type not in other:
                found.setdefault(_spelling_key(str(media_type)), []).append(str(media_type))
        return found

    gone, added = unpaired(old, new), unpaired(new, old)
    return {spellings[0]: added[bare][0] for bare, spellings in gone.items()
            if len(spellings) == 1 and len(added.get(bare, ())) == 1}


def _spelling_key(media_type: str) -> str:
    """`type/subtype` in lower case (RFC 9110: case-insensitive) with its parameters but
    `charset`, each name in lower case, in order."""
    _, *parameters = media_type.split(";")
    kept = sorted(f"{name.strip().lower()}={value.strip()}"
                  for name, _, value in (parameter.partition("=") for parameter in parameters)
                  if name.strip() and name.strip().lower() != "charset")
    return ";".join([base_type(media_type), *kept])


# Styles that prefix even a single value (`;id=5`, `.5`): a switch to or from one changes how
# every value is sent.
_PREFIXED_STYLES = frozenset({"matrix", "label"})


def serialized_as(param: Param) -> tuple[str, bool] | None:
    """(style, explode) the parameter is sent with, the location's defaults filled in; None
    for a parameter sent as `content` (a media type, not a style)."""
    if "schema" not in param.raw:
        return None
    style = param.raw.get("style")
    if not isinstance(style, str):
        style = DEFAULT_STYLES.get(param.location, "simple")
    explode = param.raw.get("explode")
    return style, explode if isinstance(explode, bool) else style == "form"


# Types whose JSON text is their plain spelling (`true`, `5`, `1.5`)
_PLAIN_IN_JSON = frozenset({"boolean", "integer", "number"})


def _json_alike(refs: Refs, as_json: Param, styled: tuple[str, bool], schema: Json) -> bool:
    """Whether a parameter sent as JSON text (`as_json`: its media type) and sent in the
    style `styled` spell every value of `schema` alike: a boolean or a number, in a style that
    prefixes nothing (a string's JSON text has quotes; arrays and objects are spelt apart)."""
    media = base_type(str(next(iter(as_json.raw.get("content") or {}), "")))
    if not (media == "application/json" or media.endswith("+json")):
        return False
    node, _stack, _cycled = refs.deref(schema, frozenset())
    types, nullable = declared_types(node) if isinstance(node, Mapping) else ([], False)
    return (styled[0] not in _PREFIXED_STYLES and bool(types) and not nullable
            and set(types) <= _PLAIN_IN_JSON)


def _spelt(serialized: tuple[str, bool] | None) -> str:
    if serialized is None:
        return "as its media type"
    style, explode = serialized
    return f"style={style}, explode={'true' if explode else 'false'}"


def _primitive(refs: Refs, schema: Json) -> bool:
    """Whether the schema's values are all primitives (so `explode` and the delimited styles
    send them alike); a schema of no declared type may hold arrays."""
    node, _stack, _cycled = refs.deref(schema, frozenset())
    types, _nullable = declared_types(node) if isinstance(node, Mapping) else ([], False)
    return bool(types) and not {"array", "object"} & set(types)


def _headers_of(refs: Refs, response: tuple[Mapping[str, Json], str]) -> dict[str, Param]:
    """A response's headers by lower-cased name, each dereferenced, as `Param`s (a header is
    described like a parameter); `Content-Type` is left out, as OpenAPI says it is ignored."""
    data, pointer = response
    found: dict[str, Param] = {}
    for name, entry in (data.get("headers") or {}).items():
        header = refs.object(entry)
        if not isinstance(header, Mapping) or str(name).lower() == "content-type":
            continue
        entry_ptr = join_tokens(pointer, "headers", str(name))
        found[str(name).lower()] = Param(
            str(name), "header", header.get("required") is True, dict(header),
            literal_pointer(refs, entry, entry_ptr), entry_ptr)
    return found


def _servers(servers: Json) -> list[Mapping[str, Json]]:
    return [server for server in servers or [] if isinstance(server, Mapping)]


def _variables(server: Mapping[str, Json]) -> dict[str, list[str] | None]:
    """A server's variables, each with the values its `enum` allows (None: any value)."""
    found = server.get("variables")
    variables = found if isinstance(found, Mapping) else {}
    return {str(name): ([str(value) for value in variable["enum"]]
                        if isinstance(variable.get("enum"), list) else None)
            for name, variable in variables.items() if isinstance(variable, Mapping)}


def _listed(values: Json) -> str:
    """A list of names as a message spells it (`pets, store`), or `none`."""
    if not isinstance(values, list) or not values:
        return "none"
    return ", ".join(str(value) for value in values)
