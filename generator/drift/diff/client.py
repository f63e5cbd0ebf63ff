"""What each change does to the generated client, read from the intermediate model (`ir.build`
of each side; no model generation): the method and argument, the model and field, or "no
effect on the generated client" -- with the Python annotation before and after, as the
generated code spells it (`types.py`, from both sides' intermediate models).

* A change in an operation's parameter names the method and its argument, typed as the
  resource module types it (`client.issues.add_labels: argument dry_run: bool | NotGiven ->
  str | NotGiven`); one in a request body property the argument it became (an expanded body),
  the body argument (a body sent whole), or the body's model and field.
* A change in a response, or in a component schema, names the model and field, typed as
  models.py types it (`models.Issue.state_reason: no longer optional: str | None -> str`); a
  change deeper inside a field the innermost model class's field it reaches. A component
  schema's model class is named as `names.identifiers.class_name` names it (what
  datamodel-code-generator is given for component schemas); a field by its attribute
  (`names.aliases.model_field_name`, as dcg names it). A component added, removed or renamed
  is its class's.
* An operationId or tags change names the method it renames or moves to another resource; a
  path parameter renamed, the argument of each method under the path it renames (the two
  sides' operations paired by path shape, `pairing.old_ops_by_new`).
* A `default` names the model field that carries it (`models.Pet.status: default 'available'
  -> 'sold'`); an argument's default reaches no generated code (`_default_effect`).
* An enum value removed names the member the enum class loses (`models.OrderStatus.delivered:
  member removed`), the class found in the annotations the effect names
  (`_with_members_removed`).
* A method whose return flips between its answer's model and pages of items (pagination is
  detected from the answer's shape, `ir.paging`) says so on the change that caused it, or as a
  change of its own, `return-shape-changed` (`_with_return_shapes`).
* A method returning another model class (an answer's `$ref` switched to another component, a
  second success answer making a union) says so on its answers' changes, or on its rename, or
  as a change of its own, `return-class-changed` (`_with_return_classes`); a method named
  another way with its operationId and tags unchanged (a clash ended) is `method-renamed`
  (`_with_method_names`).
* A class made of an inline schema named another way at the same place (`Alerts` ->
  `LinodeAlerts`, `_Side.renamed_from`): `class-renamed`, a change of its own at the property
  (`_with_classes_renamed`).
* A field typed with another model class, the rest of its annotation kept (a property's
  `$ref` switched to another component, an inline schema swapped for an alike component's
  `$ref` or back): `field-class-changed`, a change of its own at the property or parameter
  (`_with_field_classes`, placed by `places.Places`). Where the contents differ, the differ
  reports them at that property (`retarget`, `Change.retargeted`): their effect is the field's
  annotation, client-breaking where its classes differ.
* A component schema that takes null as a whole, or no longer: the fields, arguments and
  methods typed with it (`_nullable_uses`), not its class.
* A method that takes its request body another way (`ir.bodies`: keyword arguments, one per
  property, or one argument `body` for a union beside the properties, a list...) says so on
  the body's change that caused it, or as a change of its own, `body-shape-changed`
  (`_with_body_shapes`); one that loses or gains its `body` argument, the document keeping
  the body (an optional body that allows nothing is no argument), says that the same way
  (`_with_bodies_held`).
* Prose, examples, titles, a security change of scopes alone: "no effect on the generated
  client" (`_credentials_alike`). A change that cannot be traced
  (servers, security, a component no method uses) says what it touches on the wire instead.

A parameter's spelling changed (`style`, `explode`, `content`) changes no call: the regenerated
client sends the new one.

`client_breaking`: what breaks code written against the generated client
(`--fail-on client-breaking`): a breaking change traced to a method, argument, model or field;
a method renamed or moved, an argument renamed; a model class removed or renamed; a method
returning another class; an enum
class member removed; a method's return flipped between its model and pages; a method taking
its request body another way (keyword arguments <-> one `body` argument), or no longer
taking its `body` argument; an argument
whose annotation no longer names a model class it named (whatever the wire says: passing that
class no longer type-checks). A change with no effect on the generated client never is,
whatever its wire severity; nor is an answer's field that may now be null or left out where its
annotation took None already (`_NONE_KINDS`), nor an answer's bound, pattern or format changed
where the annotation stays (`annotation_kept`).
"""

from __future__ import annotations

import difflib
import functools
import json
import os
import pickle
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import unquote

from generator.document.pointer import HTTP_METHODS, join_tokens, resolve_pointer, split_pointer
from generator.document.refs import Refs
from generator.drift.diff.change import (
    BREAKING,
    MEDIA_TYPE_PARAMETERS_CHANGED,
    NON_BREAKING,
    OPERATION_PATH_CHANGED,
    PATH_CHANGED,
    Change,
)
from generator.drift.diff.pairing import is_success, old_ops_by_new, template_names
from generator.drift.diff.places import Places, ref_inside
from generator.drift.diff.types import Annotations, client_annotations, names_class
from generator.io.forked import Forked
from generator.ir.responses import success_statuses
from generator.ir.security import credential_places, credential_scheme
from generator.ir.usage import ALL as ALL_MODELS
from generator.names.aliases import model_field_name
from generator.names.components import class_names
from generator.names.headers import ignored_by_openapi, set_by_the_client
from generator.names.identifiers import argument_name, class_name
from generator.problems import GeneratorError, operation_label

NO_EFFECT = "no effect on the generated client"
NOT_TRACED = "not traced to a method or model (the wire contract: servers, security...)"
# Kinds that change what a document says, not what the generated code does.
_NO_EFFECT_KINDS = frozenset({
    "description-changed", "title-changed", "example-changed", "summary-changed",
    "deprecation-changed", "server-added",
    # the client takes no server variable: its base URL is the defaults' (a default changed
    # is a `server-changed`)
    "server-variable-value-removed", "server-variable-value-added",
    # a property in no generated model of its direction (`differ._hidden_in`)
    "request-property-added-read-only", "request-property-removed-read-only",
    "response-property-added-write-only", "response-property-removed-write-only",
})
DEPRECATION_CHANGED = "deprecation-changed"
SECURITY_CHANGED = "security-changed"
DEFAULT_CHANGED = "default-changed"
# Changes that send the same requests but may rename or move the generated method.
_NAMING_KINDS = frozenset({"operation-id-changed", "tags-changed"})
# Changes of how the wire spells what a call sends: the regenerated client spells it the new
# way, so no call written against it changes (`client_breaking` never).
_FOLLOWED_KINDS = frozenset({"parameter-serialization-changed", MEDIA_TYPE_PARAMETERS_CHANGED})
SUCCESS_RESPONSE_REMOVED = "success-response-removed"
# an operation under another HTTP method, the same operationId (`_verb_changed`)
VERB_CHANGED = "operation-method-changed"
# a path item moved to another path, the same operations (`pairing.paths_moved`)
PATH_PARAMETER_RENAMED = "path-parameter-renamed"
# A parameter's changes that break calls of its argument, whatever the wire says.
_CALLS_BROKEN = frozenset({"parameter-removed", "parameter-added-required"})
# A parameter gone or new: its argument may stay, given by another parameter (`_argument_kept`).
_MOVED_KINDS = frozenset({"parameter-removed", "parameter-added-optional",
                          "parameter-added-required"})
# A request property removed, whatever the wire says (an open object's is possibly breaking
# there): its argument or model field is gone, and code passing it breaks.
_GONE_FROM_THE_CLIENT = frozenset({"request-property-removed"})
# A model class removed or renamed breaks code naming it, whatever the wire says.
_CLASS_KINDS = frozenset({"component-removed", "component-renamed"})
# An answer's field that may now be null (or left out): where its annotation already took None
# (an optional field's `int | None`), the model reads every answer it read, and code written
# against it handles None already: breaking on the wire, not for the client.
_NONE_KINDS = frozenset({"response-property-became-nullable",
                         "response-property-became-optional"})
_ADDED_OR_REMOVED = ("-property-added", "-property-removed", "-property-added-required",
                     "-property-added-optional")
# `additionalProperties: false` set or dropped (`rules`): no model class changes with it
_EXTRA_KINDS = frozenset({"additional-properties-allowed", "additional-properties-disallowed"})
_CONSTRAINT = "constraint-"  # a bound, a length, a pattern... (`rules`)
LONG_PAIR = 160  # characters of a pair of annotations past which shared members are elided
ELIDED = "..."
_SEP = " | "
_MODEL = re.compile(r"\b_models\.(\w+)")
_RENAMED = re.compile(r"component schema `(.*)` was renamed to `", re.DOTALL)
_WORD = re.compile(r"\b[A-Za-z_]\w*\b")  # the names in an effect's text (its annotations')
_ENUM_REMOVED = "enum-value-removed-"
# An answer's property gaining or losing `writeOnly`: the method returns the schema's class
# without its writeOnly properties (`<Name>Response`, `ir.classes.variant`), or the schema's own
_VARIANT_KINDS = frozenset({"response-property-became-write-only",
                            "response-property-no-longer-write-only"})
# A union's discriminator changed (`rules.FieldDiff.discriminator`): its branches' tag fields
_DISCRIMINATOR = "discriminator-"
SCHEMAS_REF = "#/components/schemas/"
# a method's return flipped between its answer's model and pages (`_with_return_shapes`)
RETURN_SHAPE_CHANGED = "return-shape-changed"
# a method returning another model class, the wire unchanged (`_with_return_classes`)
RETURN_CLASS_CHANGED = "return-class-changed"
# a component's field typed with another model class, the rest of its type kept
# (`_with_field_classes`)
FIELD_CLASS_CHANGED = "field-class-changed"
# a class made of an inline schema named another way at the same place
# (`_with_classes_renamed`)
CLASS_RENAMED = "class-renamed"
# a method named another way, its operationId and tags unchanged (`_with_method_names`)
METHOD_RENAMED = "method-renamed"
# a component enum's class that is no enum any more, the class kept (`_with_enums_unmade`)
ENUM_CLASS_CHANGED = "enum-class-changed"
_RENAMING_KINDS = _NAMING_KINDS | {METHOD_RENAMED}
# a method that takes its request body another way (`_with_body_shapes`)
BODY_SHAPE_CHANGED = "body-shape-changed"
SHOWN_EFFECTS = 3  # effects on methods appended to one change before "(and N more)"
SHOWN_ARGUMENTS = 4  # keyword arguments named in a body's shape before "... N in all"
_UNION_TOKENS = frozenset({"oneOf", "anyOf"})
@dataclass(frozen=True)
class ParamRecord:
    """What the effects read of an `ir.Param`: its Python and wire names, where it is sent,
    and the models.py class and field whose types it takes."""

    name: str
    wire_name: str
    location: str
    model_class: str
    model_key: str


@dataclass(frozen=True)
class BodyRecord:
    """What the effects read of an `ir.Body`."""

    media_type: str
    model_class: str | None
    expanded: bool


@dataclass(frozen=True)
class ResponseRecord:
    """What the effects read of an `ir.ResponseType`."""

    status: str
    model_class: str | None
    kind: str = "json"  # how the answer is read: json (into `model_class`), text, bytes, none
    nullable: bool = False  # a JSON answer whose schema takes null (`ResponseType.nullable`)


@dataclass(frozen=True)
class PagesRecord:
    """A paginated list method's return (`render.signatures`: `SyncPage[item, model]`, an
    `AsyncPaginator` on the async client): what one item is, and the names on the wire the
    detection or the `x-codegen-pagination` hint read, whose change may have turned paging on
    or off."""

    item: str  # one item's type (`models.Pet`, `str`; `object` where models.py's is not a list)
    names: frozenset[str]  # the items array, the page parameter, the next cursor, `has_more`


@dataclass(frozen=True)
class OperationRecord:
    """One operation as the effects read it (`_Side`, `_in_operation`...): a few names, not the
    `ir.Operation` with its descriptions and the rest. The child that builds the intermediate
    model sends these: a 13 MB document's operations unpickled whole took the parent up by
    more than 100 MiB."""

    pointer: str
    name: str
    resource: str  # the attribute of the resource on the client (`client.<resource>.<name>`)
    params: tuple[ParamRecord, ...]
    body: BodyRecord | None
    responses: tuple[ResponseRecord, ...]  # the successes, then the errors, as documented
    returns: str | None = None  # the class of the first success: what the method returns
    pages: PagesRecord | None = None  # set when the method returns pages of items instead


BuiltSide = tuple[list[OperationRecord], Annotations]


def operation_record(resource: str, operation: Any,
                     types: Annotations | None = None) -> OperationRecord:
    """The slim record of `operation` (an `ir.Operation` of the resource `resource`); `types`
    (the side's annotations) spell a paginated list's item."""
    body = operation.body
    returns = operation.returns.model_class if operation.returns else None
    return OperationRecord(
        operation.pointer, operation.name, resource,
        tuple(ParamRecord(p.name, p.wire_name, p.location, p.model_class, p.model_key)
              for p in operation.params),
        BodyRecord(body.media_type, body.model_class, body.expanded) if body else None,
        tuple(ResponseRecord(r.status, r.model_class, r.kind, r.nullable)
              for r in (*operation.success, *operation.errors)),
        returns, _pages_record(operation.pagination, returns, types or Annotations({}, {})))


def _pages_record(pagination: Any, returns: str | None, types: Annotations) -> PagesRecord | None:
    """What a paginated method returns; None where the method returns its answer's model, as
    `render.signatures` decides: a pagination and a model class to read the items from."""
    if pagination is None or returns is None:
        return None
    names = frozenset(n if isinstance(n, str) else ".".join(n)
                      for n in (pagination.items, pagination.param, pagination.next,
                                pagination.has_more) if n)
    return PagesRecord(_item_type(types, returns, pagination.items), names)


def _item_type(types: Annotations, model: str, items: str) -> str:
    """One item of the field `items` of class `model` (`list[Pet] | None`: `models.Pet`), as
    `render.signatures._item_annotation` reads it; `object` when the field is no list."""
    # "": the answer is the array itself (a link walk's), the type its root model wraps
    field = types.fields.get((model, items)) if items else types.root_types.get(model)
    members = [m for m in _members(field) if m != "None"] if field else []
    if len(members) != 1 or not (members[0].startswith("list[") and members[0].endswith("]")):
        return "object"
    return _SEP.join(f"models.{m}" if names_class(m) else m for m in _members(members[0][5:-1]))


class _Builds:
    """`_operations` of several documents, one after the other in one forked child (`Forked`)
    while the caller compares them; read once, by any number of `Built`s. One child for both
    sides: the first side's model is let go before the second is built, so the tree holds one
    intermediate model at a time (two children held two, ~90 MiB each on GitHub's pair), and
    the builds (~1.5 s together there) still end before the comparison does."""

    def __init__(self, *documents: Mapping[str, Any], models: str = ALL_MODELS,
                 apart: bool = False) -> None:
        self._child = Forked(functools.partial(_operations_of, documents, os.getpid(), models,
                                               apart))
        self._found: dict[int, BuiltSide | None] = {}

    def result(self, index: int) -> BuiltSide | None:
        if index not in self._found:
            # each side's pickle from the child's own (ours): read when that side is wanted
            self._found[index] = pickle.loads(self._child.result()[index])
        return self._found[index]

    def close(self) -> None:
        self._child.close()


def _operations_of(documents: tuple[Mapping[str, Any], ...], parent: int,
                   models: str = ALL_MODELS, apart: bool = False) -> list[bytes]:
    """Each document's `_operations`, pickled as soon as it is made: each model is freed before
    the next, and each side's records before the next side's (pickling them all at the end,
    their memo beside the last model, took the child up by ~18 MiB as the comparison peaked).

    In the forked child (not the process `parent`, which computes this itself when the child
    fails), the last document's model is built on the document itself: no one reads it
    after, and its working copy was the child's largest allocation (~25 MiB and ~0.16 s for
    GitHub's 13 MB document). The others are copied where the documents share their unchanged
    parts (`drift.share`), and built on themselves too where they hold no object in common
    (`apart`: the child forked before they were shared)."""
    throwaway = os.getpid() != parent
    last = len(documents) - 1
    return [pickle.dumps(_operations(data, in_place=throwaway and (apart or index == last),
                                     models=models))
            for index, data in enumerate(documents)]


class Built:
    """A document's intermediate model, built in a forked child (inline where fork is
    unavailable or the child fails) while the caller compares the documents, and read back by
    `operations()` as slim records. `built_pair` builds both sides in one child."""

    def __init__(self, data: Mapping[str, Any], builds: _Builds | None = None,
                 index: int = 0) -> None:
        self.data = data
        self._builds, self._index = builds or _Builds(data), index

    def operations(self) -> BuiltSide | None:
        """The record (`OperationRecord`) of every operation, and the annotations of the
        generated client (`types.client_annotations`); None when the builder refuses the
        document."""
        return self._builds.result(self._index)

    def close(self) -> None:
        """Stop and reap the child if its answer was never read."""
        self._builds.close()


def built_pair(old: Mapping[str, Any], new: Mapping[str, Any],
               named: Mapping[str, Mapping[str, Any]] | None = None,
               models: str = ALL_MODELS, *, apart: bool = False) -> dict[str, Built]:
    """Both sides' `Built`, from one child that builds the old side, then the new: from
    `named`'s documents when given (the same documents with an overlay's `x-codegen-*` hints,
    as `generate` is given them), while the changes' pointers are looked up in `old` and `new`
    (the documents compared). `apart`: `old` and `new` hold no object in common (loaded apart,
    not shared yet, no overlay's values put in both), so the child builds each on itself."""
    builds = (_Builds(named["old"], named["new"], models=models) if named
              else _Builds(old, new, models=models, apart=apart))
    return {"old": Built(old, builds, 0), "new": Built(new, builds, 1)}


def _operations(data: Mapping[str, Any], in_place: bool = False,
                models: str = ALL_MODELS) -> BuiltSide | None:
    try:
        try:
            api = _api(data, in_place, models)
        except GeneratorError:
            # two operations the naming rule gives one method (`diff` leaves that
            # code-generation check out): named as `generate` names them, then built
            renamed = _clashes_named(data)
            if renamed is None:
                raise
            api = _api(renamed, in_place, models)  # (it shares all but the renamed paths)
    except (GeneratorError, RecursionError, ValueError, TypeError, KeyError):
        return None  # a document the builder refuses: changes say what they touch on the wire
    try:
        types = client_annotations(api)
    except (RecursionError, ValueError, TypeError, KeyError):
        types = Annotations({}, {})  # the texts keep their words, without the types
    return ([operation_record(resource.attr, operation, types) for resource in api.resources
             for operation in resource.operations], types)


def diff_with_client(old: Mapping[str, Any], new: Mapping[str, Any],
                     named: Mapping[str, Mapping[str, Any]] | None = None,
                     models: str = ALL_MODELS, built: dict[str, Built] | None = None
                     ) -> list[Change]:
    """`differ.diff`, each change naming what it does to the generated client; both sides'
    intermediate models are built beside the comparison (`built`, when the caller started
    them: their `data` is then replaced by `old` and `new`), from `named` when given (`old` and
    `new` with the provider's overlay applied: the client's names are the overlay's, the
    changes the documents' own)."""
    from generator.drift.diff.differ import diff

    if built is None:
        built = built_pair(old, new, named, models)  # forked before the walk's thread starts
    else:  # (the documents the changes' pointers are looked up in: shared since)
        built["old"].data, built["new"].data = old, new
    try:
        return with_client_effects(diff(old, new), built)
    finally:
        for side in built.values():
            side.close()


def with_client_effects(changes: Iterable[Change], built: Mapping[str, Built]) -> list[Change]:
    """Each change with `client` (what it does to the generated client) and
    `client_breaking` set, from the intermediate model of the side its pointer names."""
    items = list(changes)
    sides = {side: _Side(b.data, b.operations()) for side, b in built.items()}
    both = "old" in sides and "new" in sides
    paired = old_ops_by_new(sides["old"].data, sides["new"].data) if both else {}
    out = [_with_effect(change, _Trace(change, sides[change.side], sides, paired))
           for change in items]
    if not both:
        return out
    shaped = _with_return_shapes(_with_method_names(out, sides, paired), sides, paired)
    shaped = _with_body_shapes(_with_return_classes(shaped, sides, paired), sides, paired)
    shaped = _with_bodies_held(shaped, sides, paired)
    shaped = _with_classes_renamed(_with_field_classes(shaped, sides, paired), sides)
    return _with_enums_unmade(shaped, sides)


def _with_enums_unmade(changes: list[Change], sides: Mapping[str, _Side]) -> list[Change]:
    """A component enum whose class is no enum any more, the class kept: the schema became a
    `$ref` to another (Bungie 2.0.0 -> 2.18.0 via APIs.guru: `BungieMembershipType`, an enum,
    became `$ref: schema7`, an enum with more values: `class
    BungieMembershipType(RootModel[Schema7])`). Compared by content the values are all there,
    and only `schema7` was said added; yet every member of the old class is gone
    (`models.BungieMembershipType.field_1`). A change of its own at the component, kind
    `enum-class-changed`, non-breaking on the wire, client-breaking."""
    old, new = sides["old"], sides["new"]
    unmade = [name for name in old.types.enums if name not in new.types.enums
              and name in new.types.model_names and name not in new.types.folded]
    if not unmade:
        return changes
    components = new.data.get("components") if isinstance(new.data, Mapping) else None
    schemas = components.get("schemas") if isinstance(components, Mapping) else None
    # (each class as `ir.build` names it: `Kind` beside `kind` is `Kind`, `kind` `Kind2`)
    named = {cls: key for key, cls in class_names(
        {str(key): value for key, value in (schemas or {}).items()}, set()).items()}
    own = []
    for name in sorted(unmade):
        component = named.get(name)
        said = (f"models.{name}: class removed", f"models.{name}.")
        if component is None or any(text in c.client for c in changes for text in said):
            continue
        raw = schemas[component] if schemas else None
        ref = raw.get("$ref") if isinstance(raw, Mapping) else None
        why = (f"it became a `$ref` to `{unquote(ref.removeprefix(SCHEMAS_REF))}`"
               if isinstance(ref, str) and ref.startswith(SCHEMAS_REF) else "it is no enum")
        own.append(Change(
            join_tokens("", "components", "schemas", component), ENUM_CLASS_CHANGED,
            NON_BREAKING, f"schema `{component}`: the generated class `{name}` is no longer "
            f"an enum ({why})", client="; ".join(_enum_unmade(name, old.types, new.types)),
            client_breaking=True))
    return _with_own(changes, own)


def _enum_unmade(name: str, old: Annotations, new: Annotations) -> list[str]:
    """What an enum class that is no enum any more, the class kept, does to code: every member
    of the old class gone."""
    now = new.root_types.get(name)
    wraps = f" (a root model of {now})" if now else ""
    return [f"models.{name}: no longer an enum class{wraps}",
            *(f"models.{name}.{member}: member removed" if member
              else f"models.{name}: member for {value} removed"
              for value, member in old.enums[name])]


def _with_effect(change: Change, trace: _Trace) -> Change:
    returned = _same_answers_elsewhere(change, trace)
    if returned is not None:
        return replace(change, client=returned, client_breaking=False)
    effect = _said_once(_with_members_removed(_effect(change, trace), trace))
    traced = effect not in (NO_EFFECT, NOT_TRACED)
    # an answer's bound, pattern or `format` changed where the model's type did not: code
    # written against the regenerated client reads the type it read (models.py checks no
    # format of a plain `int` or `str`; a value past the old bound that the old client reads is
    # built unvalidated, as the lax parsing builds what fails validation)
    unfelt = (change.kind.endswith("-response") and trace.annotation_kept) or trace.none_kept
    breaking = traced and not trace.calls_unchanged and change.kind not in _FOLLOWED_KINDS and (
        ((change.severity == BREAKING or change.kind in _GONE_FROM_THE_CLIENT
          or change.unused_breaks) and not unfelt)
        or (change.kind in _CLASS_KINDS and not trace.classless)
        or trace.dropped_class
        or trace.breaks_calls or trace.dropped_member or trace.retyped)
    return replace(change, client=effect, client_breaking=breaking)


_BODY_REQUIRED_KINDS = frozenset({"request-body-became-required", "request-body-became-optional"})
_NO_LONGER_TAKES = re.compile(r" \(no longer takes (models\.\w+)\)")


def _said_once(effect: str) -> str:
    """`(no longer takes models.X)` left out where the effect says `models.X: class removed`
    (an enum left with one value: the argument's `Literal[...]`, the class gone)."""
    def kept(match: re.Match[str]) -> str:
        return "" if f"{match[1]}: class removed" in effect else match[0]

    return _NO_LONGER_TAKES.sub(kept, effect) if " (no longer takes " in effect else effect


def _same_answers_elsewhere(change: Change, trace: _Trace) -> str | None:
    """A success answer removed while the operation answers the same under another status
    (`200` -> `201`, the model unchanged): the method returns what it did, so no code written
    against it breaks (the wire's verdict stays: a client that reads only the old status does
    not read the new one). What the method says then; None for any other change."""
    if change.kind != SUCCESS_RESPONSE_REMOVED or "new" not in trace.sides:
        return None
    tokens = split_pointer(change.pointer)
    if len(tokens) < 3 or tokens[0] != "paths":
        return None
    old_pointer = join_tokens("", *tokens[:3])
    new_pointer = next((new for new, old in trace.paired.items() if old == old_pointer),
                       old_pointer)
    before = trace.sides["old"].operations.get(old_pointer)
    after = trace.sides["new"].operations.get(new_pointer)
    if before is None or after is None:
        return None
    method = trace.sides["new"].method(new_pointer) or new_pointer
    if _answers(before) != _answers(after):
        return _only_none_gone(before, after, method, trace)
    statuses = ", ".join(r.status for r in after.responses if is_success(r.status))
    return (f"{method}: returns {_returned(after.returns, trace.new)}: unchanged "
            f"(the same answer, now documented as {statuses})")


def _only_none_gone(before: OperationRecord, after: OperationRecord, method: str,
                    trace: _Trace) -> str | None:
    """An answer without content removed (a `204` beside the `200`) where the answers with
    content are the method's as they were: its return only stops taking None (`Comment |
    None` -> `Comment`), and code written for the old return still type-checks. What the
    method says then; None otherwise."""
    old, new = trace.sides["old"].types, trace.sides["new"].types
    if (not _returns_none(before, old) or _returns_none(after, new) or _returns_nothing(before)
            or _returns_nothing(after) or _answers_with_content(before) != _answers(after)
            or before.pages is not None or after.pages is not None):
        return None
    now = _classes_returned(after, new)
    return (f"{method}: now returns {now} (was {now} | None): code written for the old "
            "return still type-checks")


def _answers_with_content(operation: OperationRecord) -> frozenset[tuple[str, str]]:
    """`_answers` of the success answers that carry content (not a `204`, `205` or one
    declaring none)."""
    return frozenset((r.kind, r.model_class or "") for r in _successes(operation)
                     if not _answers_nothing(r))


def _answers(operation: OperationRecord) -> frozenset[tuple[str, str]]:
    """How the method reads its success answers, statuses left out: what decides what it
    returns (`render.signatures`: one annotation per distinct answer)."""
    return frozenset((r.kind, r.model_class or "") for r in operation.responses
                     if is_success(r.status))


def _with_members_removed(effect: str, trace: _Trace) -> str:
    """An enum value removed: the enum class models.py makes of the schema loses its member,
    so code naming it (`OrderStatus.delivered`) breaks, whatever the wire says (a response's
    enum losing a value is non-breaking there). The classes are those the effect names (the
    field's or argument's annotation, or the component's class) that are enums on the old
    side; an enum gone from the new side (one value left: a `Literal`) is a class removed."""
    if not trace.change.kind.startswith(_ENUM_REMOVED) or effect in (NO_EFFECT, NOT_TRACED):
        return effect
    named = dict.fromkeys(_WORD.findall(effect))
    gone = [text for name in named if name in trace.old.enums
            for text in _members_gone(name, trace)]
    trace.dropped_member = bool(gone)
    return "; ".join([effect, *gone])


def _members_gone(name: str, trace: _Trace) -> list[str]:
    after = trace.new.enums.get(name)
    if after is None and name in trace.new.model_names and name not in trace.new.folded:
        return _enum_unmade(name, trace.old, trace.new)  # (a `$ref` to another enum, say)
    if after is None:  # gone (one value left is a `Literal`), unless nothing was spelt
        return [f"models.{name}: class removed"] if trace.new.fields else []
    kept = {value for value, _ in after}
    return [f"models.{name}.{member}: member removed" if member
            else f"models.{name}: member for {value} removed"
            for value, member in trace.old.enums[name] if value not in kept]


def _with_return_shapes(changes: list[Change], sides: Mapping[str, _Side],
                        paired: Mapping[str, str]) -> list[Change]:
    """A method whose return shape flipped between its answer's model and pages of items
    (pagination is detected from the answer's shape, `ir.paging`: an optional `next_cursor`
    added turns `-> PetList` into `-> SyncPage[Pet, PetList]`): client-breaking both ways,
    though the wire is unchanged. Named on the change that caused it (a property or query
    parameter the paging reads), else as a change of its own on the operation."""
    old_side, new_side = sides["old"], sides["new"]
    out, own = list(changes), []
    shapes: dict[int, list[str]] = {}  # a change's index -> what it does to methods
    for pointer in sorted(new_side.operations):
        old_pointer = paired.get(pointer, pointer)
        before, after = old_side.operations.get(old_pointer), new_side.operations[pointer]
        if before is None or (before.pages is None) == (after.pages is None):
            continue
        shape = _return_shape(new_side.method(pointer) or pointer, (before, after),
                              (old_side.types, new_side.types))
        cause = _shape_cause(out, sides, before, after)
        if cause is None:
            own.append(_shape_change(after, shape))
        else:
            shapes.setdefault(cause, []).append(shape)
    return _with_own(_with_shapes(out, shapes), own)


def _with_method_names(changes: list[Change], sides: Mapping[str, _Side],
                       paired: Mapping[str, str]) -> list[Change]:
    """A method named another way where no operationId or tag changed: a clash between two
    operationIds ended (Airflow's two `get_task_instance_dependencies`: the one `generate`
    named by its path, `get_..._by_task_id_dependencies`, takes the operationId's name back),
    or began. Code calling the old name breaks; a change of its own on the operation,
    non-breaking on the wire, unless an effect names the rename already (`_method_moved`)."""
    old_side, new_side = sides["old"], sides["new"]
    own = []
    for pointer in sorted(new_side.operations):
        old_pointer = paired.get(pointer, pointer)
        before, after = old_side.method(old_pointer), new_side.method(pointer)
        if before is None or after is None or before == after:
            continue
        text = _moved(old_side, new_side, (old_pointer, pointer))
        if any(text in c.client for c in changes):
            continue
        label = _label(pointer)
        own.append(Change(pointer, METHOD_RENAMED, NON_BREAKING,
                          f"{label}: the generated method is named another way (the wire is "
                          "unchanged)", operations=(label,), client=text, client_breaking=True))
    return _with_own(changes, own)


def _with_own(changes: list[Change], own: list[Change]) -> list[Change]:
    """`changes` with the client's own changes among them, ordered as `differ.diff` orders."""
    if not own:
        return changes
    return sorted([*changes, *own], key=lambda c: (c.pointer, c.kind))


def _with_return_classes(changes: list[Change], sides: Mapping[str, _Side],
                         paired: Mapping[str, str]) -> list[Change]:
    """A method returning another model class (`GET /me` answering `$ref User` where it
    answered `$ref UserResponse`, both still in the document; a `202` added beside the `200`,
    which makes the return a union of two classes named by status): code naming the old
    class (an annotation, an `isinstance`) breaks, whatever the wire says; the differ compares
    schemas by content, so two alike classes show no change at all. Named on the changes of
    that operation's answers alone, else on the first change of a component listing it among
    its operations, else on the method's rename (an inline answer's class is named after the
    method), else as a change of its own on the operation; left out where an effect says it
    already (the old class renamed or removed, `_returned_class`). A return that comes to take
    None (a `204` added beside the `200`, Gitea's `issueEditComment`: `Comment | None`) breaks
    code reading it too; one that no longer takes it is said, and breaks nothing."""
    old_side, new_side = sides["old"], sides["new"]
    out, own = list(changes), []
    shapes: dict[int, list[str]] = {}  # a change's index -> what it does to methods
    eased: dict[int, list[str]] = {}  # the same, for a return that only stopped taking None
    for pointer in sorted(new_side.operations):
        before = old_side.operations.get(paired.get(pointer, pointer))
        after = new_side.operations[pointer]
        # (a `204` become the only success: `-> None`, its class gone from the return)
        nothing = after is not None and after.returns is None and _returns_nothing(after)
        if (before is None or before.returns is None or (after.returns is None and not nothing)
                or before.pages is not None or after.pages is not None):
            continue  # (a return flipped to or from pages is `_with_return_shapes`')
        was = _classes_returned(before, old_side.types)
        now = "None" if nothing else _classes_returned(after, new_side.types)
        if was == now:
            was, now = _items_returned(before, after, old_side.types, new_side.types)
        method = new_side.method(pointer) or pointer
        none_before = _returns_none(before, old_side.types)
        none_after = _returns_none(after, new_side.types) and not nothing
        if none_before != none_after:  # (a `204` added beside the `200`: `Comment | None`)
            if was == now:
                was = now = _classes_returned(after, new_side.types)
            was, now = was + " | None" * none_before, now + " | None" * none_after
        if was == now or any(_says_returned(c.client, method, was) for c in out) or (
                nothing and any(f"{method}: returns " in c.client for c in out)):
            continue  # (`returns models.X: success response removed` says it already)
        text = f"{method}: now returns {now} (was {was})"
        # (`X | None` -> `X`: code written for the old return still type-checks)
        breaks = was.removesuffix(" | None") != now.removesuffix(" | None") or none_after
        causes = _answer_changes(out, before, after) or [
            index for index, change in enumerate(out)
            if change.pointer == after.pointer and change.kind in _RENAMING_KINDS][:1]
        for cause in causes:
            (shapes if breaks else eased).setdefault(cause, []).append(text)
        if not causes:
            own.append(Change(after.pointer, RETURN_CLASS_CHANGED, NON_BREAKING,
                              f"{_label(after.pointer)}: the generated method returns another "
                              "model class (the wire is unchanged)",
                              operations=(_label(after.pointer),), client=text,
                              client_breaking=breaks))
    out = _with_shapes(_with_shapes(out, shapes), eased, breaking=False)
    # a success answer removed whose methods' returns only stopped taking None (a shared
    # empty `204`): no code written for the old returns breaks
    out = [replace(change, client_breaking=False)
           if index in eased and index not in shapes and change.kind == SUCCESS_RESPONSE_REMOVED
           else change for index, change in enumerate(out)]
    return _with_own(out, own)


def _returns_none(operation: OperationRecord, types: Annotations) -> bool:
    """Whether the method's return takes None, as `render.signatures` types it: a success
    answer (2XX, else `default`: `ir.responses.success_statuses`) without content, a `204`
    or `205` (which carries none, whatever it declares), or a JSON answer taking null read
    into a class (a root model's type says so itself)."""
    return any(
        _answers_nothing(r) or (r.kind == "json" and r.nullable and r.model_class is not None
                                and r.model_class not in types.root_types)
        for r in _successes(operation))


def _returns_nothing(operation: OperationRecord) -> bool:
    """Whether the method returns None alone: each success answer is one without content."""
    successes = _successes(operation)
    return bool(successes) and all(_answers_nothing(r) for r in successes)


def _answers_nothing(response: ResponseRecord) -> bool:
    return response.kind == "none" or response.status in ("204", "205")


def _successes(operation: OperationRecord) -> list[ResponseRecord]:
    """The answers the method returns (2XX, else `default`: `ir.responses.success_statuses`)."""
    wanted = set(success_statuses([r.status for r in operation.responses]))
    return [r for r in operation.responses if r.status in wanted]


def _with_field_classes(changes: list[Change], sides: Mapping[str, _Side],
                        paired: Mapping[str, str]) -> list[Change]:
    """A field (or the argument it is) typed with another model class, the rest of its
    annotation kept: a property's `$ref` switched to an alike component (`Pet.owner: $ref
    Owner` -> `$ref Person`, `list[Owner]` -> `list[Owner2]`), an inline schema swapped for a
    `$ref` to an alike component or back (`kind: {enum: [a, b]}` -> `$ref Kind`: the class dcg
    made of it, `CreateItemBodyKind`, gone). The differ compares schemas by content, so alike
    schemas show no change, or only the new component's own; yet code naming the old class (an
    annotation, an argument built as `models.Owner(...)`) breaks. A change of its own at the
    property (or parameter), where no effect names the field already and no component's class
    is gone (a class renamed or removed is its component's change); an inline schema's class
    gone is said with it."""
    old_side, new_side = sides["old"], sides["new"]
    own = []
    renamed = new_side.renamed_from(old_side)
    for retyped in new_side.retyped(old_side, paired):
        if (retyped.key is None or _classes_named(retyped.names_before, old_side)
                == _classes_named(retyped.names_after, new_side)
                or not _only_classes_differ(retyped, old_side, new_side)):
            continue  # (the same classes, in another order or taking None: no class changed)
        if {renamed[name][0] if name in renamed else name
                for name in _classes_named(retyped.names_before, old_side)} == set(
                _classes_named(retyped.names_after, new_side)):
            continue  # (an inline class named another way: `_with_classes_renamed` says it)
        found = _field_class_change(retyped, retyped.key, sides, paired)
        if found is not None and not any(subject in c.client for subject in found[1]
                                         for c in changes):
            own.append(found[0])  # (else an effect naming the field or argument says it)
    return _with_own(changes, own)


def _field_class_change(retyped: Retyped, key: tuple[str, str], sides: Mapping[str, _Side],
                        paired: Mapping[str, str]) -> tuple[Change, list[str]] | None:
    """`_with_field_classes`' change for one field, with the subjects it names (the field, the
    argument it is); None where the document's property is not found."""
    old_side, new_side = sides["old"], sides["new"]
    model, wire = key
    argument = new_side.argument_of(model, wire)
    parameter = argument is not None and argument[1].location != "body"
    place = (new_side.places().parameter(argument[0], argument[1].wire_name,
                                         argument[1].location)
             if argument is not None and parameter else new_side.places().field(model, wire))
    if place is None:
        return None
    effects = [] if parameter else [(f"{retyped.subject}:", f"{retyped.before} -> {retyped.after}")]
    effects += _arguments_retyped(argument, old_side, new_side, paired)
    if not effects:
        return None
    gone = [f"models.{name}: class removed" for name in _inline_classes_gone(retyped, old_side,
                                                                             new_side)]
    was = old_side.places().field(model, wire) if not parameter else None
    why = _why_retyped(resolve_pointer(old_side.data, was.pointer)[1] if was else None,
                       resolve_pointer(new_side.data, place.pointer)[1])
    what = place.where if parameter else place.named(wire)
    holder = "argument" if parameter else "field"
    change = Change(place.pointer, FIELD_CLASS_CHANGED, NON_BREAKING,
                    f"{what}: the generated {holder} is typed with another model class ({why})",
                    operations=(place.operation,) if place.operation else (),
                    client="; ".join([*(f"{subject} {text}" for subject, text in effects), *gone]),
                    client_breaking=True)
    return change, [subject for subject, _ in effects]


def _why_retyped(before: Any, after: Any) -> str:
    """Why a property's class changed, from its schema on each side."""
    was, now = ref_inside(before), ref_inside(after)
    if was is not None and now is not None:
        return "its `$ref` names another component"
    if now is not None:
        return f"its inline schema became a `$ref` to `{now}`"
    if was is not None:
        return f"its `$ref` to `{was}` became an inline schema"
    declared = [isinstance(schema, Mapping) and bool(schema.get("properties"))
                for schema in (before, after)]
    if declared == [False, True]:
        return "its free-form object now declares properties: a class, no longer a `dict`"
    if declared == [True, False]:
        return "its object no longer declares properties: a `dict`, no longer a class"
    return "the class made of its inline schema is named another way"


# the class names of an annotation, as a field (`Owner`), or an argument (`_models.Owner`, its
# `TypedDict` form `_params.OwnerParam`) spells them
_QUALIFIED_CLASS = re.compile(r"\b_(?:models|params)\.\w+")


def _classes_named(names: frozenset[str], side: _Side) -> frozenset[str]:
    return frozenset(name for name in names if side.has_class(name))


# a free-form object's annotation: a `dict`, where the same object declaring properties is a
# class (`{type: object, properties: {}}` -> `{..., properties: {ip: ...}}`)
_FREE_FORM = re.compile(r"\bdict\[str, (?:_typing\.)?Any\]")


def _only_classes_differ(retyped: Retyped, old: _Side, new: _Side) -> bool:
    """Whether the two annotations differ only in the model classes they name (and whether
    they take None: `SimpleUser` -> `NullableSimpleUser | None`, a `$ref` switched to a
    nullable component), every component class the old one names still being there (a
    component's class gone is its own change). A free-form object's `dict[str, Any]` counts
    as a class here: an object that came to declare properties is a class (traccar 4.3 ->
    5.6's `Position.network`, `properties: {}`), which `network["ip"]` no longer reads."""
    def masked(text: str, side: _Side) -> str:
        return _masked(
            _FREE_FORM.sub("C", _QUALIFIED_CLASS.sub("C", text)).replace(_SEP + "None", ""), side)

    gone = [name for name in _classes_gone(retyped, old, new) if name in old.component_classes]
    return not gone and masked(retyped.before, old) == masked(retyped.after, new)


def _classes_gone(retyped: Retyped, old: _Side, new: _Side) -> list[str]:
    """The classes the old annotation names that the new side has not."""
    return sorted(name for name in retyped.names_before - retyped.names_after
                  if old.has_class(name) and not new.has_class(name))


def _inline_classes_gone(retyped: Retyped, old: _Side, new: _Side) -> list[str]:
    """The classes gone with the annotation that no component was (dcg's of an inline schema):
    no component's removal says so."""
    return [name for name in _classes_gone(retyped, old, new)
            if name not in old.component_classes]


def _inline_renames(old: _Side, new: _Side) -> dict[str, tuple[str, tuple[str, str]]]:
    """`_Side.renamed_from`, worked out: the fields of each pair of classes at the same place
    (the same name on both sides, then each pair found renamed), wire by wire."""
    owned: dict[str, dict[str, dict[str, str]]] = {"old": {}, "new": {}}
    for side, types in (("old", old.types), ("new", new.types)):
        for (owner, wire), text in types.fields.items():
            owned[side].setdefault(owner, {})[wire] = text
    found: dict[str, tuple[str, tuple[str, str]]] = {}
    pending = [(name, name) for name in owned["old"] if name in owned["new"]]
    while pending:
        before_class, after_class = pending.pop()
        after_fields = owned["new"].get(after_class, {})
        for wire, before in owned["old"].get(before_class, {}).items():
            after = after_fields.get(wire)
            if after is None or after == before:
                continue
            for was, now in _class_pairs(before, after, old, new):
                if was not in found:
                    found[was] = now, (after_class, wire)
                    pending.append((was, now))
    return found


def _class_pairs(before: str, after: str, old: _Side, new: _Side) -> list[tuple[str, str]]:
    """The (old, new) class names of two annotations alike but for the classes they name, in
    order, where the old one is no class of the new side and the new one none of the old, and
    neither a component's class."""
    names = [[w for w in _WORD.findall(text) if side.has_class(w)]
             for text, side in ((before, old), (after, new))]
    if len(names[0]) != len(names[1]) or _masked(before, old) != _masked(after, new):
        return []
    return [(was, now) for was, now in zip(*names, strict=True)
            if was != now and not new.has_class(was) and not old.has_class(now)
            and was not in old.component_classes and now not in new.component_classes]


def _masked(text: str, side: _Side) -> str:
    """`text` with each class of `side` it names spelt `C`."""
    return _WORD.sub(lambda w: "C" if side.has_class(w[0]) else w[0], text)


def _with_classes_renamed(changes: list[Change], sides: Mapping[str, _Side]) -> list[Change]:
    """A class dcg made of an inline schema, named another way at the same place (`Alerts`
    -> `LinodeAlerts`: `_Side.renamed_from`): code importing `models.Alerts` breaks, whatever
    the wire says. A change of its own at the field holding it, `class-renamed`, where no
    effect says the rename already."""
    old_side, new_side = sides["old"], sides["new"]
    own = []
    for was, (now, (owner, wire)) in sorted(new_side.renamed_from(old_side).items()):
        text = f"models.{now}: class renamed (was models.{was})"
        place = new_side.places().field(owner, wire)
        if place is None or any(text in change.client for change in changes):
            continue
        own.append(Change(place.pointer, CLASS_RENAMED, NON_BREAKING,
                          f"{place.named(wire)}: the class made of its inline schema is named "
                          f"another way (`{was}` -> `{now}`)",
                          operations=(place.operation,) if place.operation else (),
                          client=text, client_breaking=True))
    return _with_own(changes, own)


def _arguments_retyped(found: tuple[str, ParamRecord] | None, old: _Side, new: _Side,
                       paired: Mapping[str, str]) -> list[tuple[str, str]]:
    """The argument a field is (an expanded body's property), with its annotations: (what,
    `before -> after`)."""
    if found is None:
        return []
    pointer, param = found
    before = old.types.arguments.get((paired.get(pointer, pointer), param.name))
    after = new.types.arguments.get((pointer, param.name))
    if before is None or after is None or before == after:
        return []
    return [(f"{new.method(pointer)}: argument {param.name}:", f"{before} -> {after}")]


def _classes_returned(operation: OperationRecord, types: Annotations) -> str:
    """The model classes the method returns, as its annotation names them: one per distinct
    success answer read into a class (`render.signatures`), else the first success's."""
    classes = dict.fromkeys(_returned(r.model_class, types) for r in operation.responses
                            if is_success(r.status) and r.model_class)
    return _SEP.join(classes) if len(classes) > 1 else _returned(operation.returns, types)


def _items_returned(before: OperationRecord, after: OperationRecord, old: Annotations,
                    new: Annotations) -> tuple[str, str]:
    """The annotations of a method answering the same root model (`list[models.Pet]`, which
    names no wrapper class) on both sides, where only the model classes in them differ (the
    items' `$ref` switched to another component); the same text twice otherwise (a union's
    branch gained or lost is the union's own change)."""
    was, now = _root_returned(before.returns, old), _root_returned(after.returns, new)
    if was is None or now is None or _CLASS_NAME.sub("C", was) != _CLASS_NAME.sub("C", now):
        return "", ""
    return was, now


_CLASS_NAME = re.compile(r"\bmodels\.\w+")


def _root_returned(model: str | None, types: Annotations) -> str | None:
    """What the method's annotation says for an answer read into the root model `model`: the
    type it wraps, its classes qualified (`list[models.Pet]`); None for any other answer."""
    root = types.root_types.get(model) if model and model not in types.folded else None
    if root is None:
        return None
    known = types.model_names
    return _WORD.sub(lambda word: f"models.{word[0]}" if word[0] in known else word[0], root)


def _says_returned(effect: str, method: str, was: str) -> bool:
    """Whether an effect names the return's change already: the method's new return, or a
    class the old return names renamed or removed."""
    return f"{method}: now returns " in effect or any(
        f"class renamed (was {name})" in effect or f"{name}: class removed" in effect
        for name in _CLASS_NAME.findall(was))


def _answer_changes(changes: list[Change], before: OperationRecord,
                    after: OperationRecord) -> list[int]:
    """The indexes of the changes of the operation's answers: those of its own answers alone,
    else the first of those of a component listing it among its operations (one listing
    hundreds is named once). An answer's change is one of a response kind, or one the old
    document has in an answer (`Change.was`: Gitea's shared response `Hook`, an inline list of
    `Branch`, now a `$ref` to the object schema `Hook`, whose `type-changed` the pointer puts
    at the component schema), prose aside (its `description-changed` there too)."""
    labels = {_label(before.pointer), _label(after.pointer)}
    about = [index for index, change in enumerate(changes)
             if labels & set(change.operations)
             and (change.kind.startswith(("response", "success-response"))
                  or (_in_an_answer(change.was) and change.kind not in _NO_EFFECT_KINDS))]
    alone = [index for index in about if set(changes[index].operations) <= labels]
    return alone or about[:1]


def _in_an_answer(pointer: str) -> bool:
    """Whether `pointer` is in a response: a response component's, or an operation's."""
    tokens = split_pointer(pointer) if pointer else []
    return tokens[:2] == ["components", "responses"] or (
        len(tokens) > 3 and tokens[0] == "paths" and tokens[3] == "responses")


def _return_shape(method: str, records: tuple[OperationRecord, OperationRecord],
                  types: tuple[Annotations, Annotations]) -> str:
    before, after = records
    if after.pages is not None:
        return (f"{method}: now returns a paginated list of {after.pages.item} "
                f"(was {_returned(before.returns, types[0])})")
    was = before.pages.item if before.pages else "object"
    return (f"{method}: no longer paginated: returns {_returned(after.returns, types[1])} "
            f"(was pages of {was})")


def _returned(model: str | None, types: Annotations) -> str:
    return f"models.{_class_of(model, types)}" if model else "no model"


def _class_of(model: str, types: Annotations) -> str:
    """The class models.py has for the schema `model` a method returns (or raises with):
    its own, or, where dcg writes the root model into every field using it
    (`types.Annotations.folded`), the `<Name>Root` wrapper `models.build` adds for it."""
    return f"{model}Root" if model in types.folded else model


def _shape_cause(changes: list[Change], sides: Mapping[str, _Side], before: OperationRecord,
                 after: OperationRecord) -> int | None:
    """The index of the first change of the operation that touches a name the paging of
    either side reads (the items array, the page parameter, the next cursor, `has_more`)."""
    names = frozenset().union(*(r.pages.names for r in (before, after) if r.pages))
    pointers = (before.pointer, after.pointer)
    labels = {_label(p) for p in pointers}
    for index, change in enumerate(changes):
        about = bool(labels & set(change.operations)) or any(
            change.pointer.startswith(p + "/") and not change.sent for p in pointers)
        if about and names & _names_touched(change, sides[change.side]):
            return index
    return None


def _names_touched(change: Change, side: _Side) -> set[str]:
    """The answer property (the innermost the pointer names) or query parameter a change is
    at; nothing for a request body's change (paging reads answers)."""
    tokens = split_pointer(change.pointer)
    if change.kind.startswith("request-") or "requestBody" in tokens:
        return set()
    found = set(_properties(tokens)[-1:])
    for at in (2, 3):  # a path item's parameters, or an operation's
        if len(tokens) > at + 1 and tokens[0] == "paths" and tokens[at] == "parameters":
            _, raw = resolve_pointer(side.data, join_tokens("", *tokens[:at + 2]))
            node = side.refs.object(raw)
            if isinstance(node, Mapping) and node.get("in") == "query":
                found.add(str(node.get("name")))
    return found


def _label(pointer: str) -> str:
    tokens = split_pointer(pointer)
    return operation_label(tokens[2], tokens[1])


def _with_shapes(changes: list[Change], shapes: Mapping[int, list[str]],
                 breaking: bool = True) -> list[Change]:
    """Each change of `shapes` with what it does to methods appended, the first
    `SHOWN_EFFECTS` named, then how many more (a response component used by 99 operations,
    rclone's: one line of 12 000 characters otherwise); client-breaking when `breaking`."""
    out = list(changes)
    for index, texts in shapes.items():
        more = (f" (and {len(texts) - SHOWN_EFFECTS} more)"
                if len(texts) > SHOWN_EFFECTS else "")
        out[index] = _with_shape(out[index], "; ".join(texts[:SHOWN_EFFECTS]) + more, breaking)
    return out


def _with_shape(change: Change, shape: str, breaking: bool = True) -> Change:
    untraced = change.client in (NO_EFFECT, NOT_TRACED, "")
    return replace(change, client=shape if untraced else f"{change.client}; {shape}",
                   client_breaking=breaking or change.client_breaking)


def _shape_change(after: OperationRecord, shape: str) -> Change:
    """The return shape's flip as a change of its own: none of the document's changes names
    what the paging reads (an `x-codegen-pagination` added, a schema swapped whole...)."""
    label = _label(after.pointer)
    paged = "now" if after.pages else "no longer"
    return Change(after.pointer, RETURN_SHAPE_CHANGED, NON_BREAKING,
                  f"{label}: the generated method {paged} returns pages (the wire is unchanged)",
                  operations=(label,), client=shape, client_breaking=True)


def _with_body_shapes(changes: list[Change], sides: Mapping[str, _Side],
                      paired: Mapping[str, str]) -> list[Change]:
    """A method that takes its request body another way (`ir.bodies`: keyword arguments, one
    per property, or one argument `body` for a union beside the properties, a free-form
    object, a list...): code calling it the old way breaks, whatever the wire says. Named on
    the body's change that caused it (`_body_shape_cause`), else as a change of its own on the
    operation, non-breaking on the wire."""
    old_side, new_side = sides["old"], sides["new"]
    out, own = list(changes), []
    shapes: dict[int, list[str]] = {}  # a change's index -> what it does to methods
    for pointer in sorted(new_side.operations):
        before = old_side.operations.get(paired.get(pointer, pointer))
        after = new_side.operations[pointer]
        if before is None or before.body is None or after.body is None:
            continue  # a body added or removed is a change of the body's own
        if _body_argument(before) == _body_argument(after):
            continue  # (keyword arguments added or removed are the properties' own changes)
        was, now = _body_shape(before), _body_shape(after)
        shape = f"{new_side.method(pointer)}: takes its request body as {now} (was {was})"
        cause = _body_shape_cause(out, sides, before, after)
        if cause is None:
            own.append(_body_change(
                after, f"now takes its request body as {now} (the body sent is unchanged)",
                shape))
        else:
            shapes.setdefault(cause, []).append(shape)
    return _with_own(_with_shapes(out, shapes), own)


def _body_argument(operation: OperationRecord) -> str | None:
    """The argument that takes the whole request body (`body`); None where the body is spread
    into keyword arguments, one per property."""
    if operation.body is not None and operation.body.expanded:
        return None
    return next((p.name for p in operation.params if p.location == "body"), "body")


def _body_shape(operation: OperationRecord) -> str:
    """How the generated method takes its request body, in words: `one argument `body``, or
    `keyword arguments (type, id)`."""
    whole = _body_argument(operation)
    if whole is not None:
        return f"one argument `{whole}`"
    arguments = [p.name for p in operation.params if p.location == "body"]
    shown = ", ".join(arguments[:SHOWN_ARGUMENTS])
    more = f", ... {len(arguments)} in all" if len(arguments) > SHOWN_ARGUMENTS else ""
    return f"keyword arguments ({shown}{more})"


def _body_shape_cause(changes: list[Change], sides: Mapping[str, _Side],
                      before: OperationRecord, after: OperationRecord) -> int | None:
    """The index of the body's change most likely to have changed how the method takes it: one
    at the schema's `oneOf`/`anyOf` first, then one at the schema itself (its type, its
    properties as a whole, its media type), then any other of the body's; report order
    within each. None when no change of the body is in the report."""
    ranked = []
    for index, change in enumerate(changes):
        record = before if change.side == "old" else after
        inside = _inside_body(change, sides[change.side], record)
        if inside is not None and change.kind not in _NO_EFFECT_KINDS:
            ranked.append((_cause_rank(change, inside), index))
    return min(ranked)[1] if ranked else None


def _inside_body(change: Change, side: _Side, operation: OperationRecord) -> list[str] | None:
    """The tokens of the change's pointer below the body's schema ([] at the body itself),
    where the change is in the operation's request body or in the component schema it
    references (with the operation among those it affects); None elsewhere."""
    tokens = split_pointer(change.pointer)
    own = split_pointer(operation.pointer) + ["requestBody"]
    if tokens[:len(own)] == own:
        rest = tokens[len(own):]
        return rest[rest.index("schema") + 1:] if "schema" in rest else []
    target = _body_schema_target(side, operation)
    if target is None or _label(operation.pointer) not in change.operations:
        return None
    target_tokens = split_pointer(target)
    return tokens[len(target_tokens):] if tokens[:len(target_tokens)] == target_tokens else None


def _body_schema_target(side: _Side, operation: OperationRecord) -> str | None:
    """The pointer of the component schema the body's schema is a `$ref` to, if it is one."""
    if operation.body is None:
        return None
    media = join_tokens(operation.pointer, "requestBody", "content",
                        operation.body.media_type, "schema")
    found, schema = resolve_pointer(side.data, media)
    ref = schema.get("$ref") if found and isinstance(schema, Mapping) else None
    return unquote(ref[1:]) if isinstance(ref, str) and ref.startswith("#/") else None


def _cause_rank(change: Change, inside: list[str]) -> int:
    if _UNION_TOKENS & set(inside[:1]) or any(word in change.kind for word in
                                              ("one-of", "any-of", "alternatives")):
        return 0
    return 1 if "properties" not in inside else 2


def _body_change(after: OperationRecord, what: str, effect: str,
                 breaking: bool = True) -> Change:
    """What the generated method does with its request body now (`what`) as a change of its
    own: no change of the body is reported (a shape decided by what the differ does not
    compare)."""
    label = _label(after.pointer)
    return Change(join_tokens(after.pointer, "requestBody"), BODY_SHAPE_CHANGED, NON_BREAKING,
                  f"{label}: the generated method {what}", operations=(label,), client=effect,
                  client_breaking=breaking)


def _with_bodies_held(changes: list[Change], sides: Mapping[str, _Side],
                      paired: Mapping[str, str]) -> list[Change]:
    """A method that loses or gains its `body` argument while both documents declare the
    request body: an optional body that allows nothing (a closed object without properties,
    `ir.bodies.holds_nothing`) is no argument, so a free-form body made one takes `body=`
    away (code passing it breaks) and the reverse adds one. Named on the body's change that
    caused it (`_body_shape_cause`), else as a change of its own on the operation. A body
    removed or added in the document is that change's own, and a body spread into keyword
    arguments loses them as its properties' removals."""
    effects: dict[bool, dict[int, list[str]]] = {True: {}, False: {}}  # by client-breaking
    own = []
    for pointer in sorted(sides["new"].operations):
        after = sides["new"].operations[pointer]
        before = sides["old"].operations.get(paired.get(pointer, pointer))
        if before is None or (held := _body_argument_held(before, after, sides)) is None:
            continue
        # (the side without a body looked up through the other's media type)
        body = before.body or after.body
        cause = _body_shape_cause(changes, sides, replace(before, body=body),
                                  replace(after, body=body))
        if cause is None:
            taken = "now" if after.body is not None else "no longer"
            own.append(_body_change(after, f"{taken} takes a request body", *held))
        else:
            effects[held[1]].setdefault(cause, []).append(held[0])
    out = _with_shapes(_with_shapes(changes, effects[True]), effects[False], breaking=False)
    return _with_own(out, own)


def _body_argument_held(before: OperationRecord, after: OperationRecord,
                        sides: Mapping[str, _Side]) -> tuple[str, bool] | None:
    """What the method's `body` argument became (`client.x.search: argument body: removed (was
    Mapping[str, object] | NotGiven) ...`), and whether that breaks calls; None where both
    sides take a body, or neither, or a document has no body (its change says so)."""
    if (before.body is None) == (after.body is None) or not (
            _declares_body(sides["old"], before.pointer)
            and _declares_body(sides["new"], after.pointer)):
        return None
    method = sides["new"].method(after.pointer)
    if after.body is None:
        name = _body_argument(before)
        if name is None:
            return None  # keyword arguments: each property's removal names its own
        was = sides["old"].types.arguments.get((before.pointer, name))
        shown = f" (was {was})" if was else ""  # (a type not spelt: the texts keep their words)
        return (f"{method}: argument {name}: removed{shown}: the optional request body "
                "allows nothing now, and the method sends none"), True
    name = _body_argument(after)
    if name is None:
        return None  # keyword arguments: each property's addition names its own
    now = sides["new"].types.arguments.get((after.pointer, name)) or ""
    optional = _omittable(now)
    typed = f": {now}" if now else ""
    return (f"{method}: argument {name}: added ({'optional' if optional else 'required'})"
            f"{typed} (the request body allowed nothing: the method took none)"), not optional


def _declares_body(side: _Side, pointer: str) -> bool:
    """Whether the operation at `pointer` declares a request body with content."""
    found, operation = resolve_pointer(side.data, pointer)
    raw = side.refs.object(operation.get("requestBody")) if (
        found and isinstance(operation, Mapping)) else None
    return isinstance(raw, Mapping) and isinstance(raw.get("content"), Mapping) and bool(
        raw["content"])


@dataclass(frozen=True)
class Retyped:
    """A field or argument whose annotation differs between the sides (`_Side.retyped`)."""

    subject: str  # `models.Issue.state`, `client.issues.get: argument state`
    before: str
    after: str
    names_before: frozenset[str]  # the names each annotation holds (`_WORD`)
    names_after: frozenset[str]
    key: tuple[str, str] | None = None  # a field's (class, wire name); None for an argument


class _Side:
    """One document's operations as the generated client names them."""

    def __init__(self, data: Mapping[str, Any], built: BuiltSide | None) -> None:
        self.data = data
        self.refs = Refs(data)
        self.operations: dict[str, OperationRecord] = {}
        self.resources: dict[str, str] = {}
        self.bodies: dict[str, list[str]] = {}  # body schema's `$ref` target -> operations
        self.types = built[1] if built else Annotations({}, {})
        self._classes: set[str] | None = None  # (`has_class`)
        self._retyped: list[Retyped] | None = None  # (`retyped`)
        self._labels: dict[str, list[str]] | None = None  # (`labelled`)
        self._arguments: dict[tuple[str, str], tuple[str, ParamRecord]] | None = None
        self._places: Places | None = None  # (`places`)
        self._uses: dict[str, list[tuple[str, tuple[str, str]]]] | None = None  # (`uses_of`)
        self._renamed: dict[str, tuple[str, tuple[str, str]]] | None = None  # (`renamed_from`)
        for operation in built[0] if built else []:
            self.operations[operation.pointer] = operation
            self.resources[operation.pointer] = operation.resource
            target = self._body_target(operation)
            if target:
                self.bodies.setdefault(target, []).append(operation.pointer)

    def _body_target(self, operation: OperationRecord) -> str | None:
        """The component an expanded request body's schema references (`#/components/...`)."""
        if operation.body is None or not operation.body.expanded:
            return None
        media = join_tokens(operation.pointer, "requestBody", "content",
                            operation.body.media_type, "schema")
        found, schema = resolve_pointer(self.data, media)
        found_body, body = resolve_pointer(self.data, join_tokens(operation.pointer,
                                                                  "requestBody"))
        if found_body and isinstance(body, Mapping) and "$ref" in body:
            return None  # a shared request body: its schema is found through it
        ref = schema.get("$ref") if found and isinstance(schema, Mapping) else None
        return ref.removeprefix("#") if isinstance(ref, str) and ref.startswith("#/") else None

    def retyped(self, old: _Side, paired: Mapping[str, str]) -> list[Retyped]:
        """Each model field and argument of this (the new) side whose annotation differs on
        the `old` side, with the names each annotation holds: worked out once, at the first
        question, so that each change asking reads only what changed."""
        if self._retyped is None:
            pairs: list[tuple[str, str, str, tuple[str, str] | None]] = []
            for key, after in self.types.fields.items():
                before = old.types.fields.get(key)
                if before is not None and before != after:
                    pairs.append((f"models.{key[0]}.{model_field_name(key[1])}", before, after,
                                  key))
            for (operation, name), after in self.types.arguments.items():
                before = old.types.arguments.get((paired.get(operation, operation), name))
                if before is not None and before != after:
                    pairs.append((f"{self.method(operation)}: argument {name}", before, after,
                                  None))
            self._retyped = [Retyped(subject, before, after, frozenset(_WORD.findall(before)),
                                     frozenset(_WORD.findall(after)), key)
                             for subject, before, after, key in pairs]
        return self._retyped

    def labelled(self, labels: Iterable[str]) -> list[str]:
        """The pointers of this side's operations named by `labels` (`GET /pets`), sorted; the
        map from label made at the first question, so that a change reads only its own."""
        if self._labels is None:
            self._labels = {}
            for pointer in self.operations:
                self._labels.setdefault(_label(pointer), []).append(pointer)
        return sorted(p for label in set(labels) for p in self._labels.get(label, []))

    def argument_of(self, model: str, wire: str) -> tuple[str, ParamRecord] | None:
        """The operation (pointer) and parameter whose argument the field `wire` of class
        `model` is (a parameters class's, or an expanded body's); None for a model's field."""
        if self._arguments is None:
            self._arguments = {}
            for pointer, operation in self.operations.items():
                for param in operation.params:
                    if param.model_key:
                        self._arguments.setdefault((param.model_class, param.model_key),
                                                   (pointer, param))
        return self._arguments.get((model, wire))

    def field_subject(self, model: str, wire: str) -> str:
        """`client.items.list: argument tok` for a field that is an argument, else
        `models.Page.items`."""
        found = self.argument_of(model, wire)
        if found is None:
            return f"models.{model}.{model_field_name(wire)}" if wire else f"models.{model}"
        return f"{self.method(found[0])}: argument {found[1].name}"

    def uses_of(self, name: str) -> list[tuple[str, tuple[str, str]]]:
        """The arguments ("argument", (operation pointer, name)), then the fields ("field",
        (class, wire name)), whose annotation names the class `name` (the index made at the
        first question)."""
        if self._uses is None:
            self._uses = {}
            typed = [*(("argument", key, text) for key, text in self.types.arguments.items()),
                     *(("field", key, text) for key, text in self.types.fields.items())]
            for use, key, text in typed:
                for word in dict.fromkeys(_WORD.findall(text)):
                    self._uses.setdefault(word, []).append((use, key))
        return self._uses.get(name, [])

    def renamed_from(self, old: _Side) -> dict[str, tuple[str, tuple[str, str]]]:
        """The classes dcg made of inline schemas that this (the new) side names another way:
        old class -> (new class, the new field (class, wire name) holding it), found where the
        same field's annotation differs only in that class's name, the old name no class here
        and the new one none there (linode's `Linode.alerts`: `Alerts`, a property beside an
        `allOf`, then `LinodeAlerts`, the `allOf` gone); from the classes both sides have down
        through the renamed ones (`Backups` -> `LinodeBackups`, so `BackupsSchedule` ->
        `LinodeBackupsSchedule`). A component's class renamed is its component's change."""
        if self._renamed is None:
            self._renamed = _inline_renames(old, self)
        return self._renamed

    def places(self) -> Places:
        """Where this document writes each class's schema and field (`places.Places`)."""
        if self._places is None:
            self._places = Places(self.data, self.operations, self.types)
        return self._places

    @functools.cached_property
    def component_classes(self) -> frozenset[str]:
        """models.py's classes of the document's component schemas."""
        schemas = (self.data.get("components") or {}).get("schemas") or {}
        return frozenset(class_name(str(name)) for name in schemas)

    def has_class(self, name: str) -> bool:
        """Whether models.py has a class `name` with fields, or an enum or root model `name`
        (the set of them made at the first question)."""
        if self._classes is None:
            self._classes = {owner for owner, _ in self.types.fields}
            self._classes |= set(self.types.enums) | set(self.types.roots)
        return name in self._classes

    def method(self, pointer: str | None) -> str | None:
        if pointer is None or pointer not in self.operations:
            return None
        return f"client.{self.resources[pointer]}.{self.operations[pointer].name}"


def _clashes_named(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """`data` with each operation that `names.operations.name_clashes` finds named alike to an
    earlier one named as `generate`'s repair names it (`names.operations.path_based_name`, the
    rule `tolerate.triage._method_clash` applies): its path-based name (`x-codegen-method`),
    unless its resource has that name already, else left out. Directus 10.2.11 has two
    `updateExtensions`: the whole old client named no method, and every change of that side
    read "not traced". Only the path items renamed are copied; None when there is no clash
    (another refusal)."""
    from generator.document.operations import iter_operations
    from generator.names.operations import method_names, name_clashes, path_based_name

    sites = list(iter_operations(dict(data)))
    clashes = name_clashes(sites, "", lambda pointer: None)
    if not clashes:
        return None
    taken = set(method_names(sites).values())
    named = dict(data)
    paths = named["paths"] = dict(named.get("paths") or {})
    for problem in clashes:
        tokens = split_pointer(problem.pointer)
        item = paths.get(tokens[1]) if len(tokens) == 3 and tokens[0] == "paths" else None
        if not isinstance(item, Mapping) or not isinstance(item.get(tokens[2]), Mapping):
            continue
        item = paths[tokens[1]] = dict(item)
        operation = dict(item[tokens[2]])
        fallback = path_based_name(tokens[1], tokens[2], operation, taken)
        if fallback is None:
            del item[tokens[2]]  # (`generate` skips it)
        else:
            item[tokens[2]] = {**operation, "x-codegen-method": fallback}
    return named


def _api(data: Mapping[str, Any], in_place: bool = False, models: str = ALL_MODELS) -> Any:
    from generator import ir  # the intermediate model: only when a report asks for it

    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL",
                              models=models)
    # (no schema notes: the report names none, and finding their places walks the document)
    return ir.build(dict(data), options, tolerate=True, in_place=in_place, noted=False)


def _effect(change: Change, trace: _Trace) -> str:
    if _outside_the_client(change, trace):
        return NO_EFFECT
    if change.kind == DEPRECATION_CHANGED:
        return _deprecation_effect(change, trace)
    if _leaves_the_client(change, trace):
        return NO_EFFECT
    if change.kind in _NAMING_KINDS:
        return _method_moved(trace)
    if change.kind == VERB_CHANGED:
        return _verb_changed(change, trace)
    if change.kind in (PATH_PARAMETER_RENAMED, PATH_CHANGED, OPERATION_PATH_CHANGED):
        return _path_effect(change, trace)
    if change.kind == DEFAULT_CHANGED:
        return _default_effect(change, trace)
    if change.kind in _VARIANT_KINDS:
        return _returned_class(trace) or _traced_effect(change, trace)
    if change.kind.startswith(_DISCRIMINATOR):
        return _discriminator_effect(change, trace)
    return _traced_effect(change, trace)


def _leaves_the_client(change: Change, trace: _Trace) -> bool:
    """Whether the change is one no generated code sees: prose and the like, a security
    change of scopes alone, `additionalProperties` of a model class (which takes extra
    properties either way: `extra="allow"`)."""
    return change.kind in _NO_EFFECT_KINDS or (
        change.kind == SECURITY_CHANGED and _credentials_alike(change, trace)) or (
        change.kind in _EXTRA_KINDS and _extra_kept_either_way(trace, change.pointer))


def _extra_kept_either_way(trace: _Trace, pointer: str) -> bool:
    """Whether the schema at `pointer` declares properties on both sides and its
    `additionalProperties` is a yes or a no on both (absent, a bool, `{}`): a model class,
    which keeps additional properties either way (`models.run`). A schema for them
    (`{type: integer}`) types the class's extra values: that is a change of the class."""
    for side in trace.sides.values():
        found, schema = resolve_pointer(side.data, pointer)
        if found and not (isinstance(schema, Mapping)
                          and isinstance(schema.get("properties"), Mapping)
                          and schema.get("additionalProperties", True) in (True, False, {})):
            return False
    found, _ = resolve_pointer(trace.side.data, pointer)
    return found


def _outside_the_client(change: Change, trace: _Trace) -> bool:
    """A webhook's or a callback's part (the client sends no webhook and answers no callback;
    the models their schemas name are traced at their components), or a component schema that
    `models: used` made no model of (no operation uses it)."""
    tokens = split_pointer(change.pointer)
    in_schema = tokens[:2] == ["components", "schemas"]
    return (change.sent and not in_schema) or (
        in_schema and len(tokens) >= 3 and tokens[2] in trace.side.types.unused)


def _discriminator_effect(change: Change, trace: _Trace) -> str:
    """A union's discriminator gained, lost or changed: datamodel-code-generator types the tag
    property of each branch class as the tags naming it (`kind: Literal["Cat"]`; without a
    discriminator, as its schema says: `str`), and answers are parsed by the tag. Named on
    those fields; a union component has no class of its own (its uses take `Cat | Dog`), so
    its branches' classes are named instead of it."""
    tokens = split_pointer(change.pointer)
    old_pointer = change.pointer
    if len(tokens) >= 3 and tokens[0] == "paths":
        at = join_tokens("", *tokens[:3])
        old_pointer = join_tokens(trace.paired.get(at, at), *tokens[3:])
    old_union = _union_at(trace.sides["old"], old_pointer)
    new_union = _union_at(trace.sides["new"], change.pointer)
    wires = [w for w in (_tag_of(old_union), _tag_of(new_union)) if w is not None]
    before = _tag_fields(old_union, trace.old, wires)
    after = _tag_fields(new_union, trace.new, wires)
    tagged = [f"models.{name}.{model_field_name(wire)}: {before[name, wire]} -> "
              f"{after[name, wire]}" for name, wire in sorted(set(before) & set(after))
              if before[name, wire] != after[name, wire]]
    branches = [class_name(component) for component, _ in _branches(new_union or old_union)]
    if len(tokens) == 3 and tokens[:2] == ["components", "schemas"] and branches:
        union = _SEP.join(f"models.{name}" for name in dict.fromkeys(branches))
        return "; ".join([f"{union}: {_what(change)}", *tagged])
    return "; ".join([_traced_effect(change, trace), *tagged])


def _union_at(side: _Side, pointer: str) -> Mapping[str, Any] | None:
    found, node = resolve_pointer(side.data, pointer)
    node = side.refs.object(node) if found else None
    return node if isinstance(node, Mapping) else None


def _tag_of(union: Mapping[str, Any] | None) -> str | None:
    discriminator = union.get("discriminator") if union is not None else None
    name = discriminator.get("propertyName") if isinstance(discriminator, Mapping) else None
    return name if isinstance(name, str) else None


def _branches(union: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    """The (component, `$ref`) of each branch of `union` that is a component schema."""
    members = union.get("oneOf", union.get("anyOf")) if union is not None else None
    found = []
    for member in members if isinstance(members, list) else []:
        ref = member.get("$ref") if isinstance(member, Mapping) else None
        if isinstance(ref, str) and ref.startswith(SCHEMAS_REF):
            found.append((unquote(ref.removeprefix(SCHEMAS_REF)), ref))
    return found


def _tag_fields(union: Mapping[str, Any] | None, types: Annotations, wires: list[str]
                ) -> dict[tuple[str, str], str]:
    """The annotation of each branch class's tag properties (`wires`, the discriminators' of
    both sides), where models.py has the field: `Literal[...]` of the tags naming the branch
    for this side's discriminator, else as `types` spell it."""
    tag = _tag_of(union)
    discriminator = union.get("discriminator") if union is not None else None
    mapping = discriminator.get("mapping") if isinstance(discriminator, Mapping) else None
    fields: dict[tuple[str, str], str] = {}
    for component, ref in _branches(union):
        owner = class_name(component)
        for wire in dict.fromkeys(wires):
            spelt = types.fields.get((owner, wire))
            if spelt is None:
                continue
            if wire == tag:
                tags = [str(key) for key, target in (mapping or {}).items()
                        if target in (ref, component)] or [component]
                literal = f"Literal[{', '.join(json.dumps(t) for t in tags)}]"
                spelt = _SEP.join(literal if m == "str" else m for m in _members(spelt))
            fields[(owner, wire)] = spelt
    return fields


def _returned_class(trace: _Trace) -> str | None:
    """The methods among the change's operations whose returned class changed (`IssueResponse`,
    the answer's class without its writeOnly properties, for `Issue`): code naming the old class
    breaks. None when none did (the flag is in no class the answer holds)."""
    old_side, new_side = trace.sides["old"], trace.sides["new"]
    found = []
    for pointer in sorted(new_side.operations):
        before = old_side.operations.get(trace.paired.get(pointer, pointer))
        after = new_side.operations[pointer]
        if (_label(pointer) in trace.change.operations and before is not None
                and None not in (before.returns, after.returns)
                and before.returns != after.returns):
            found.append(f"{new_side.method(pointer)}: now returns "
                         f"{_returned(after.returns, new_side.types)} "
                         f"(was {_returned(before.returns, old_side.types)})")
    trace.breaks_calls |= bool(found)
    return "; ".join(found) or None


def _omittable(annotation: str) -> bool:
    """Whether an argument's annotation lets a call leave it out (`... | NotGiven`)."""
    return "NotGiven" in (member.strip() for member in annotation.split("|"))


def _credentials_alike(change: Change, trace: _Trace) -> bool:
    """Whether a security change leaves the generated client as it was: a scheme's hints only
    (its flows' scope lists, `bearerFormat`: the differ's non-breaking scheme change), or a
    requirement whose alternatives name the same schemes (the scopes asked for changed). The
    client sends the credential it is given and names no scope: whether a token holds the
    scopes asked for is the caller's business, as a server's URL is."""
    tokens = split_pointer(change.pointer)
    if tokens[:2] == ["components", "securitySchemes"]:
        return change.severity == NON_BREAKING
    if tokens == ["security"]:
        operation: tuple[str | None, str | None] = (None, None)
    elif len(tokens) == 4 and tokens[0] == "paths" and tokens[3] == "security":
        at = join_tokens("", *tokens[:3])
        operation = (trace.paired.get(at, at), at)
    else:
        return False
    before = _schemes_required(trace.sides["old"], operation[0])
    return before is not None and before == _schemes_required(trace.sides["new"], operation[1])


def _schemes_required(side: _Side, operation: str | None) -> frozenset[frozenset[str]] | None:
    """The schemes of each alternative of the requirement in effect (the document's, or the
    operation's own at pointer `operation`), scopes left out; None where it cannot be read."""
    raw = side.data.get("security")
    if operation is not None:
        found, node = resolve_pointer(side.data, operation)
        if not found or not isinstance(node, Mapping):
            return None
        raw = node.get("security", raw)
    if not isinstance(raw, list):
        return frozenset() if raw is None else None
    return frozenset(frozenset(str(name) for name in alternative) for alternative in raw
                     if isinstance(alternative, Mapping))


def _deprecation_effect(change: Change, trace: _Trace) -> str:
    """An operation deprecated or no longer: its method gains or loses
    `@typing_extensions.deprecated` (type checkers flag calls, a call warns), which breaks no
    call; a parameter's or a schema's deprecation shows only in docstrings."""
    tokens = split_pointer(change.pointer)
    if not (len(tokens) == 3 and tokens[0] == "paths" and tokens[2] in HTTP_METHODS):
        return NO_EFFECT
    method = trace.side.method(change.pointer)
    if method is None:
        return NOT_TRACED
    now = change.values is not None and change.values[1] == "true"
    return (f"{method}: now @deprecated (type checkers flag calls; a call warns)" if now
            else f"{method}: no longer @deprecated")


def _traced_effect(change: Change, trace: _Trace) -> str:
    """The method and argument, or the model and field, the change's pointer reaches (through
    the `$ref` it names, where the change is below it: `Change.reached`)."""
    side = trace.side
    # (a `$ref` re-pointed or wrapped: the field holding it changed class, `Change.retargeted`)
    tokens = split_pointer(change.pointer if change.retargeted
                           else change.reached or change.pointer)
    if len(tokens) == 2 and tokens[0] == "paths":
        methods = [side.method(p) for p in sorted(side.operations)
                   if p.startswith(change.pointer + "/")]
        verb = "removed" if change.side == "old" else "added"
        return "; ".join(f"{m}: method {verb}" for m in methods if m) or NOT_TRACED
    if len(tokens) >= 3 and tokens[0] == "paths" and tokens[2] in HTTP_METHODS:
        return _in_operation(change, trace, tokens) or NOT_TRACED
    if len(tokens) == 3 and tokens[:2] == ["components", "schemas"]:
        return _class_effect(change, tokens[2], trace)
    if len(tokens) >= 3 and tokens[:2] == ["components", "schemas"]:
        return _schema_effect(change, trace, tokens)
    if tokens[:2] == ["components", "responses"] and len(tokens) >= 3 and change.operations:
        found = _shared_response_effect(change, trace, tokens)
        if found:
            return found
    if tokens[:2] == ["components", "parameters"] and len(tokens) >= 3 and change.operations:
        found = _shared_parameter_effect(change, trace, tokens)
        if found:
            return found
    if tokens[:1] == ["components"] and change.operations:
        return f"{_what(change)} (shared by {len(change.operations)} operation(s))"
    return NOT_TRACED


def _shared_parameter_effect(change: Change, trace: _Trace, tokens: list[str]) -> str | None:
    """A change in a parameter component (`#/components/parameters/Export`): the argument it
    is in each method of the operations using it, as a parameter of the operation's own is
    (Directus' `export` gaining an enum value: `client.schema.snapshot: argument export: ...`);
    the first three methods, then counted."""
    side = trace.side
    wanted = set(change.operations)
    effects = [_parameter_effect(change, trace, side.operations[pointer], method, tokens[:3])
               for pointer in side.labelled(wanted)
               if (method := side.method(pointer)) is not None]
    effects = list(dict.fromkeys(e for e in effects if e != NO_EFFECT))
    if not effects:
        return None
    more = f" (and {len(effects) - 3} more)" if len(effects) > 3 else ""
    return "; ".join(effects[:3]) + more


def _shared_response_effect(change: Change, trace: _Trace, tokens: list[str]) -> str | None:
    """A change in a response component (`#/components/responses/NotFoundError`): each
    operation answering with it has its own class for it (`CollectionsDeleteCollectionError404`),
    whose field changes; named for the first three classes, then counted."""
    side = trace.side
    target = "#" + join_tokens("", *tokens[:3])
    wanted = set(change.operations)
    classes: dict[str, None] = {}
    answers: list[str] = []  # (a change of the response as a whole: per method)
    for pointer in side.labelled(wanted):
        found, raw = resolve_pointer(side.data, join_tokens(pointer, "responses"))
        if not (found and isinstance(raw, Mapping)):
            continue
        statuses = {str(status) for status, response in raw.items()
                    if isinstance(response, Mapping)
                    and unquote(str(response.get("$ref", ""))) == target}
        for response in side.operations[pointer].responses:
            if response.status in statuses and response.model_class:
                classes[response.model_class] = None
                answers.append(_answered(side.method(pointer) or "", response.status,
                                         _class_of(response.model_class, side.types)))
    after = tokens[tokens.index("schema") + 1:] if "schema" in tokens else []
    if not classes:
        return None
    if not after:
        more = f" (and {len(answers) - 3} more)" if len(answers) > 3 else ""
        return "; ".join(f"{answer}: {_what(change)}" for answer in answers[:3]) + more
    names = list(classes)
    effects = [_model_effect(name, after, trace) for name in names[:3]]
    more = f" (and {len(names) - 3} more classes)" if len(names) > 3 else ""
    return "; ".join(effects) + more


def _class_effect(change: Change, component: str, trace: _Trace) -> str:
    """A component schema added, removed or renamed: models.py gains, loses or renames its
    class (`names.identifiers.class_name`); any other change of the schema as a whole. A root
    model dcg writes into every use has no class (`types.Annotations.folded`): its uses are
    named instead, and no class is gained or lost."""
    name = class_name(component)
    model = f"models.{name}"
    if change.kind == "component-added":
        if name in trace.new.folded:
            trace.classless = True
            return _folded_effect(f"schema `{component}` added", trace.new.folded[name], trace)
        return f"{model}: class added"
    if change.kind == "component-removed":
        if name in trace.old.folded:
            trace.classless = True
            return _folded_effect(f"schema `{component}` removed", trace.old.folded[name], trace,
                                  "old")
        return f"{model}: class removed"
    if change.kind == "component-renamed":  # the pointer names the new component
        was = _RENAMED.match(change.message)
        return _renamed_class(was[1] if was else None, component, trace)
    if name in trace.side.types.folded:
        return _folded_uses(name, trace)
    if (change.side == "new" and _in_an_answer(change.was) and name in trace.new.model_names
            and name not in trace.old.model_names):
        # (an answer's inline schema, its method's own class, now a `$ref` to a class new in
        # models.py: no `models.X` changed; the methods' returns are `_with_return_classes`')
        return NOT_TRACED
    if change.kind.endswith(_NULLABILITY):
        return _nullable_uses(change, component, trace)
    trace.class_kept(name)
    return f"{model}: {_what(change)}"


_NULLABILITY = ("-became-nullable", "-became-not-nullable")


def _nullable_uses(change: Change, component: str, trace: _Trace) -> str:
    """A component schema that takes null now, or no longer, as a whole: models.py's class is
    the same (a class takes no None); what is typed with it is `X | None` now, or no longer: the
    fields, for a request's change the arguments too, for an answer's the methods returning it
    (`models.Parent.voa: now accepts None: X -> X | None`). The first three, changed ones
    first, then counted; for an answer's change, not client-breaking where every field took
    None already (an optional one's `X | None`)."""
    name = class_name(component)
    response = change.kind.startswith("response-")
    effects = [(before == after, trace.typed(subject, before, after))
               for subject, before, after in _typed_with(name, trace, response)]
    effects += [(False, text) for text in _nullable_returns(change, name, trace)]
    if not effects:
        return (f"models.{name}: unchanged (schema `{component}` {_what(change)}; no field, "
                "argument or method is typed with it)")
    trace.none_kept = change.kind in _NONE_KINDS and all(kept for kept, _ in effects)
    texts = [text for _, text in sorted(effects, key=lambda pair: pair[0])]
    more = f" (and {len(texts) - 3} more)" if len(texts) > 3 else ""
    return "; ".join(texts[:3]) + more


def _typed_with(name: str, trace: _Trace, response: bool
                ) -> list[tuple[str, str | None, str | None]]:
    """The fields (and, unless `response`, the arguments) whose annotation names the class
    `name`: (subject, before, after)."""
    side, found = trace.side, []
    for use, key in side.uses_of(name):
        if use == "field":
            found.append((f"models.{key[0]}.{model_field_name(key[1])}",
                          trace.old.fields.get(key), trace.new.fields.get(key)))
        elif not response:
            found.append((f"{side.method(key[0])}: argument {key[1]}",
                          trace.old.arguments.get((trace.paired.get(key[0], key[0]), key[1])),
                          trace.new.arguments.get(key)))
    # (a field or argument on one side only, of a class added or removed, is that change's)
    return [use for use in found if use[1] is not None and use[2] is not None]


def _nullable_returns(change: Change, name: str, trace: _Trace) -> list[str]:
    """The methods of the change's operations that return the class `name` (not a root
    model, whose type says whether it takes null): `-> X | None` now, or no longer, as
    `render.signatures` annotates a nullable answer."""
    side = trace.side
    if not change.kind.startswith("response-") or name in side.types.root_types:
        return []
    methods = [side.method(pointer) for pointer in side.labelled(change.operations)
               if any(r.model_class == name and is_success(r.status)
                      for r in side.operations[pointer].responses)]
    was, now = f"models.{name}", f"models.{name} | None"
    if change.kind.endswith("-became-not-nullable"):
        was, now = now, was
    return [f"{method}: now returns {now} (was {was})" for method in methods if method]


def _renamed_class(old: str | None, new: str, trace: _Trace) -> str:
    """A component schema renamed: its class renamed, or, where dcg makes no class of one side
    (`types.Annotations.folded`), a class added or removed, or none at all."""
    before = class_name(old) if old is not None else None
    after = class_name(new)
    old_folded = before is not None and before in trace.old.folded
    if after not in trace.new.folded:
        if old_folded:
            trace.classless = True  # (no class was there to name)
            return (f"models.{after}: class added (schema `{old}`, its old name, had no class "
                    "of its own in models.py)")
        return f"models.{after}: class renamed" + (f" (was models.{before})" if before else "")
    uses = _folded_effect(f"schema `{old}` renamed to `{new}`", trace.new.folded[after], trace)
    if old_folded or before is None:
        trace.classless = True
        return uses
    return f"models.{before}: class removed; {uses}"


def _folded_effect(what: str, uses: tuple[tuple[str, str], ...], trace: _Trace,
                   side: str = "new") -> str:
    """What a schema dcg has no class for did (`what`), and the fields and arguments it is
    written into (`uses`), the first three, then counted."""
    named = [trace.sides[side].field_subject(owner, wire) for owner, wire in uses
             if side in trace.sides]
    listed = ", ".join(named[:3]) + (f" (and {len(named) - 3} more)" if len(named) > 3 else "")
    said = ("had no class of its own for it, its uses were typed with what it held" if side == "old"
            else "has no class of its own for it, its uses are typed with what it holds")
    return f"{what}; models.py {said}" + (f": {listed}" if listed else "")


def _folded_uses(name: str, trace: _Trace) -> str:
    """A change of a whole schema dcg has no class for (`types.Annotations.folded`): each field
    and argument it is written into, its annotation before and after."""
    side = trace.side
    effects = []
    for owner, wire in side.types.folded[name]:
        argument = side.argument_of(owner, wire)
        if argument is None:
            effects.append(trace.field(owner, (wire,)))
        else:
            pointer, param = argument
            effects.append(trace.argument(f"{side.method(pointer)}: argument {param.name}",
                                          pointer, param.name))
    effects = list(dict.fromkeys(effects))
    more = f" (and {len(effects) - 3} more)" if len(effects) > 3 else ""
    return ("; ".join(effects[:3]) + more + f" (models.py has no class for schema `{name}`: its "
            "uses are typed with what it holds)")


def _method_moved(trace: _Trace) -> str:
    """An operationId or tags change: the method it renames, or moves to another resource (the
    first tag names it), both breaking code calling the old name; no effect when both sides
    name the method alike (an overlay's `x-codegen-method` or `x-codegen-resource`, a repeat,
    a tag other than the first). Both changes at once each name the whole move."""
    pointer = join_tokens("", *split_pointer(trace.change.pointer)[:3])
    old_side, new_side = trace.sides["old"], trace.sides["new"]
    old_pointer = trace.paired.get(pointer, pointer)
    before, after = old_side.method(old_pointer), new_side.method(pointer)
    if before is None or after is None:
        return NOT_TRACED
    if before == after:
        return NO_EFFECT
    trace.breaks_calls = True
    return _moved(old_side, new_side, (old_pointer, pointer))


def _moved(old_side: _Side, new_side: _Side, pointers: tuple[str, str]) -> str:
    """`client.a.x: method renamed to client.a.y` (or `moved to`, to another resource) for the
    method of the operation at `pointers` (old, new), named another way on each side."""
    old_pointer, pointer = pointers
    moved = old_side.resources[old_pointer] != new_side.resources[pointer]
    return (f"{old_side.method(old_pointer)}: method {'moved' if moved else 'renamed'} to "
            f"{new_side.method(pointer)}")


def _verb_changed(change: Change, trace: _Trace) -> str:
    """An operation under another HTTP method, the same operationId (`differ.verb_changed`):
    the method is named by the operationId, so it is the one it was, and the regenerated
    client sends the new verb: no call changes (breaking on the wire, not for the client).
    Where the names differ after all (an overlay naming one side's method), a renamed method."""
    was, now = change.values or (None, None)
    return _sent_otherwise(trace, change.pointer, f"sent as {now}", f"was {was}")


def _operation_moved(change: Change, trace: _Trace) -> str:
    """One operation under another path, the same method and operationId
    (`pairing.operations_moved`): its method is named by the operationId, so it is the one it
    was, and the regenerated client sends it to the new URL: no call changes (breaking on the
    wire, not for the client). A method named another way after all (its tags moved it), a
    renamed method."""
    was, now = change.values or (None, None)
    return _sent_otherwise(trace, change.pointer, f"sent to `{now}`", f"was `{was}`")


def _sent_otherwise(trace: _Trace, pointer: str, sent: str, was: str) -> str:
    """An operation the regenerated client sends otherwise (`sent`: how), its method the one
    it was (calls unchanged), or renamed after all (calls break)."""
    before = trace.sides["old"].method(trace.paired.get(pointer))
    after = trace.sides["new"].method(pointer)
    if before is None or after is None:
        return NOT_TRACED
    if before != after:
        trace.breaks_calls = True
        return f"{before}: method renamed to {after} ({sent}, {was})"
    trace.calls_unchanged = True
    return f"{after}: unchanged, {sent} by the regenerated client ({was}; calls unchanged)"


def _path_effect(change: Change, trace: _Trace) -> str:
    """A path's template changed: its parameters renamed, or the path item moved, or one
    operation moved to another path."""
    if change.kind == PATH_CHANGED:
        return _path_changed(change, trace)
    if change.kind == OPERATION_PATH_CHANGED:
        return _operation_moved(change, trace)
    return _path_parameter_renamed(trace)


def _path_changed(change: Change, trace: _Trace) -> str:
    """A path item moved to another path, its operations the same (`pairing.paths_moved`):
    each method is named by its operationId, so it is the one it was, and the regenerated
    client sends it to the new URL: no call changes (breaking on the wire, not for the
    client). A method named another way after all is `method-renamed`'s."""
    new_side = trace.sides["new"]
    prefix = change.pointer + "/"
    methods = [new_side.method(p) for p in sorted(new_side.operations) if p.startswith(prefix)]
    if not methods:
        return NOT_TRACED
    was, now = change.values or (None, None)
    moved = f"the regenerated client sends them to `{now}`, was `{was}`"
    if template_names(str(was)) != template_names(str(now)):  # `path-parameter-renamed` says
        return f"{', '.join(str(m) for m in methods)}: {moved}"  # what the arguments became
    trace.calls_unchanged = True
    return f"{', '.join(str(m) for m in methods)}: calls unchanged ({moved})"


def _path_parameter_renamed(trace: _Trace) -> str:
    """A path template's parameters renamed (`/pets/{petId}` -> `/pets/{id}`; one change per
    path): the same URL on the wire, but each method under the path may rename the arguments;
    arguments are keyword-only, so code passing an old name breaks. No effect where both names
    make one argument name (`petId` -> `pet_id`)."""
    new_side, old_side = trace.sides["new"], trace.sides["old"]
    prefix = trace.change.pointer + "/"
    renamed, traced = [], False
    for pointer in sorted(p for p in new_side.operations if p.startswith(prefix)):
        old_pointer = trace.paired.get(pointer)
        if old_pointer is None or old_pointer not in old_side.operations:
            continue
        traced = True
        renamed += [f"{old_side.method(old_pointer)}: argument {was} renamed to {now}"
                    for was, now in _renamed_arguments(old_side.operations[old_pointer],
                                                       new_side.operations[pointer])]
    trace.breaks_calls = bool(renamed)
    return "; ".join(renamed) or (NO_EFFECT if traced else NOT_TRACED)


def _renamed_arguments(old: OperationRecord, new: OperationRecord) -> list[tuple[str, str]]:
    """The Python names of the path arguments whose template parameter was renamed, old and
    new, where they differ."""
    old_path, new_path = split_pointer(old.pointer)[1], split_pointer(new.pointer)[1]
    found = []
    for before, after in zip(template_names(old_path), template_names(new_path)):
        was, now = _path_argument(old, before), _path_argument(new, after)
        if was is not None and now is not None and was != now:
            found.append((was, now))
    return found


def _path_argument(operation: OperationRecord, wire_name: str) -> str | None:
    return next((p.name for p in operation.params
                 if p.location == "path" and p.wire_name == wire_name), None)


def _default_effect(change: Change, trace: _Trace) -> str:
    """A `default` changed. It reaches generated code only as a model field's default
    (`status: Status = Status.sold`): an answer without the field now reads the new value.
    An argument's default does not: the signature says `= NOT_GIVEN`, and what is left out is
    not sent, so the server applies its own default (the document's is what it says it does).

    Never client-breaking: code written against the old client still type-checks and runs; it
    is a change of behaviour (the value read where the answer leaves the field out), which the
    report names for the reader to judge."""
    tokens = split_pointer(change.pointer)
    if len(tokens) == 3 and tokens[:2] == ["components", "schemas"]:
        return _referenced_default(change, trace.side, tokens[2])
    effect = _traced_effect(change, trace)
    return effect if trace.named_field else NO_EFFECT


def _referenced_default(change: Change, side: _Side, component: str) -> str:
    """A component schema's own `default` changed: datamodel-code-generator gives it to every
    field that references the schema (`status: Status | None = Status.available`). The fields
    of the component schemas' classes that are a `$ref` to it are named here; one that wraps
    the `$ref` (a one-member `allOf`, `nullable`) takes the default too, but the differ
    reports the change at that field itself; a field of an inline object is not looked for."""
    target = join_tokens("", "components", "schemas", component)
    schemas = (side.data.get("components") or {}).get("schemas") or {}
    fields = [f"models.{class_name(owner)}.{model_field_name(name)}"
              for owner, schema in sorted(schemas.items()) if isinstance(schema, Mapping)
              for name, prop in sorted((schema.get("properties") or {}).items())
              if _references(prop, target)]
    if not fields:
        return NO_EFFECT
    listed = "; ".join(f"{field}: {_what(change)}" for field in fields[:3])
    return listed + (f" (and {len(fields) - 3} more)" if len(fields) > 3 else "")


def _references(schema: Any, target: str) -> bool:
    """Whether a property schema is a `$ref` to the component at pointer `target`, without a
    default of its own."""
    ref = schema.get("$ref") if isinstance(schema, Mapping) and "default" not in schema else None
    return isinstance(ref, str) and ref.startswith("#") and unquote(ref[1:]) == target


class _Trace:
    """Where a change is looked up: the side its pointer names, and both sides' annotations
    (`types.Annotations`) for the Python types before and after."""

    def __init__(self, change: Change, side: _Side, sides: Mapping[str, _Side],
                 paired: Mapping[str, str]) -> None:
        self.change, self.side, self.sides = change, side, sides
        self.paired = paired  # new operation pointer -> the old one (`pairing.old_ops_by_new`)
        # a method renamed or moved, or an argument renamed: code calling the old name breaks
        self.breaks_calls = False
        # the change reached a model class's field (where a `default` lands in generated code)
        self.named_field = False
        self.old = sides["old"].types if "old" in sides else Annotations({}, {})
        self.new = sides["new"].types if "new" in sides else Annotations({}, {})
        # an argument's annotation lost a model class: code passing one stops type-checking
        self.dropped_class = False
        # an enum class lost a member: code naming it stops type-checking and running
        self.dropped_member = False
        # a `format` changed the generated type (`str` -> `datetime`): code using the old one
        # breaks, whichever way the wire's verdict goes
        self.retyped = False
        # a constraint changed and the generated type did not (`int` for int32 and int64; a
        # `float` whose minimum moved)
        self.annotation_kept = False
        # an answer's field may now be null or left out, and its annotation took None already
        self.none_kept = False
        # a header parameter the generated method leaves out (the client or the body sets it):
        # no call changes, whatever the wire says
        self.calls_unchanged = False
        # a component added, removed or renamed that models.py has no class of (on the side
        # that would lose one): no class name breaks
        self.classless = False

    def typed(self, subject: str, before: str | None, after: str | None) -> str:
        """`_typed`, noting a type a `format` change made another, or kept."""
        formatted = self.change.detail.startswith("format changed")
        self.retyped |= (formatted and before is not None and after is not None
                         and before != after)
        # a bound that makes a list's items a class of their own, or no longer (`list[str]` ->
        # `list[BodyTag]`, dcg's root model holding `max_length`): code reading the field breaks
        self.retyped |= (self.change.kind.startswith(_CONSTRAINT) and not formatted
                         and subject.startswith("models.") and before is not None
                         and after is not None and _classes_in(before) != _classes_in(after))
        self.annotation_kept |= (self.change.kind.startswith(_CONSTRAINT) and before is not None
                                 and before == after)
        # a field whose `$ref` names another schema (or wraps it): typed with another class,
        # code naming the old one breaks, as `field-class-changed` says where nothing else does
        self.retyped |= (self.change.retargeted and subject.startswith("models.")
                         and before is not None and after is not None
                         and _classes_in(before) != _classes_in(after))
        self.none_kept |= (self.change.kind in _NONE_KINDS and before is not None
                           and before == after)
        if before is not None and after is not None and before != after and (
                self._renamed_only(before, after)):
            # (the classes named another way, `class-renamed` says; the change is its own)
            return NO_EFFECT if self.change.kind.endswith(_ADDED_OR_REMOVED) else (
                f"{subject}: {_what(self.change)}: {before} -> {after}")
        return _typed(subject, self.change, before, after)

    def _renamed_only(self, before: str, after: str) -> bool:
        """Whether the annotation `before` is `after` but for inline classes dcg named another
        way (`_Side.renamed_from`)."""
        renamed = self._renamed()
        return bool(renamed) and _WORD.sub(
            lambda w: renamed[w[0]][0] if w[0] in renamed else w[0], before) == after

    def _renamed(self) -> dict[str, tuple[str, tuple[str, str]]]:
        """`_Side.renamed_from` of the two sides (none where the trace has one side only)."""
        if "old" not in self.sides or "new" not in self.sides:
            return {}
        return self.sides["new"].renamed_from(self.sides["old"])

    def _renamed_to(self, name: str) -> str | None:
        """The old name of the class `name` where dcg named it another way, else None."""
        return next((was for was, (now, _) in self._renamed().items() if now == name), None)

    def class_kept(self, name: str) -> None:
        """Note a constraint of the class `name` as a whole changed, its type kept: the class on
        both sides, a root model wrapping the same type (a `maxItems` on `RootModel[list[str]]`;
        one that makes the items a class of their own, `list[TagsItem]`, retypes it)."""
        if (self.change.kind.startswith(_CONSTRAINT) and name in self.old.model_names
                and name in self.new.model_names):
            self.annotation_kept |= self.old.root_types.get(name) == self.new.root_types.get(name)

    def argument(self, subject: str, operation: str, name: str, param: ParamRecord | None = None,
                 deeper: tuple[str, ...] = ()) -> str:
        """The argument's annotation before and after; a change deeper inside it (`deeper`:
        the property names below the argument's) lands on the field of the model class the
        argument holds, when it holds one."""
        if self.change.kind == DEFAULT_CHANGED and not deeper:
            return NO_EFFECT  # not in the signature (`= NOT_GIVEN`), not sent: `_default_effect`
        if deeper:
            found = (self._nested(param.model_class, (param.model_key, *deeper))
                     if param is not None and param.model_key else None)
            # a change inside a union or a list of several classes: where, in the wire's words
            return f"{subject}: {found}" if found else (
                f"{subject}: at {'.'.join(deeper)}: {_what(self.change)}")
        key = (operation, name)
        before, after = self.old.arguments.get(key), self.new.arguments.get(key)
        lost: list[str] = []
        if before is not None and after is not None:
            kept = set(_MODEL.findall(after))
            lost = [c for c in dict.fromkeys(_MODEL.findall(before)) if c not in kept]
            self.dropped_class |= bool(lost)
            # a call leaving it out breaks, whatever the wire's verdict: a header of one
            # allowed value (sent when left out) that gains a second is required now
            self.breaks_calls |= _omittable(before) and not _omittable(after)
        typed = self.typed(subject, before, after)
        if not lost:
            return typed
        # the reason calls break, whatever the change's own words say (`now accepts None`)
        named = ", ".join(f"models.{c}" for c in lost[:3]) + (
            f" (and {len(lost) - 3} more)" if len(lost) > 3 else "")
        return f"{typed} (no longer takes {named})"

    def field(self, model: str, wires: tuple[str, ...]) -> str:
        """`models.X.field`'s annotation before and after; a change deeper inside the field
        lands on the innermost model class's field that it reaches."""
        model = self._holder(model, wires[0])
        if len(wires) > 1:
            found = self._nested(model, wires)
            if found:
                return found
        key = (model, wires[0])
        if self._became_union(key):
            # the field is its branches' now, not gone
            return f"models.{model}: at {'.'.join(wires)}: {_what(self.change)}"
        self.named_field = True
        return self.typed(self._field_subject(key), self._old_field(key),
                          self.new.fields.get(key))

    def _field_subject(self, key: tuple[str, str]) -> str:
        """`models.X.field` for the field `key`, with the old class's field where the old
        annotation is another class's (`Change.was`: redo's `marketing`, a `$ref` to
        `subscription-status-marketing.schema`, then the same object inline, its enum's value
        removed: `models.CustomerSubscriptionEmailSchemaSubscriptionsMarketing.subscription_status
        (was models.SubscriptionStatusMarketingSchema.subscription_status)`, the old class
        kept, and unchanged, for its other uses)."""
        subject = f"models.{key[0]}.{model_field_name(key[1])}"
        was = self._old_owner(key)
        return f"{subject} (was models.{was}.{model_field_name(key[1])})" if was else subject

    def _old_owner(self, key: tuple[str, str]) -> str | None:
        """The old class whose field `_old_field` reads through `Change.was`, where it is not
        `key`'s own class, nor one renamed to it (a component's, or one dcg named another way:
        each said by a change of its own); None otherwise."""
        if (key in self.old.fields or self.change.side != "new" or not self.change.was
                or self._renamed_to(key[0]) is not None):
            return None
        tokens = split_pointer(self.change.was)
        wires = _properties(tokens[3:])
        if len(tokens) < 4 or tokens[:2] != ["components", "schemas"] or not wires:
            return None
        owner = self._was_owner(class_name(tokens[2]), wires)
        if owner is None or owner == key[0] or (owner, wires[-1]) not in self.old.fields:
            return None
        old_side, new_side = self.sides["old"], self.sides["new"]
        # (a component renamed: its `component-renamed` names both classes)
        renamed = not new_side.has_class(owner) and not old_side.has_class(key[0])
        return None if renamed else owner

    def _was_owner(self, owner: str | None, wires: tuple[str, ...]) -> str | None:
        """The old class holding the last of `wires` below the old component class `owner`."""
        if (owner, wires[0]) not in self.old.fields:
            owner = self.old.roots.get(owner or "", owner)
        for wire in wires[:-1]:
            owner = self.old.nested.get((owner, wire)) if owner else None
        return owner

    def _old_field(self, key: tuple[str, str]) -> str | None:
        """The old side's annotation of the field `key` names on the new side: the same class's,
        the class's of the old name where dcg named the class another way
        (`_Side.renamed_from`), or, where the old document has the schema under another
        component (renamed, and changed: `Change.was`), that component class's field at the
        old place."""
        found = self.old.fields.get(key)
        if found is not None or self.change.side != "new":
            return found
        was = self._renamed_to(key[0])
        if was is not None:  # (an inline class named another way: `Backups` -> `LinodeBackups`)
            return self.old.fields.get((was, key[1]))
        if not self.change.was:
            return found
        tokens = split_pointer(self.change.was)
        wires = _properties(tokens[3:])
        if len(tokens) == 3 and tokens[:2] == ["components", "schemas"]:
            return self._old_folded_use(class_name(tokens[2]), key[1])
        if len(tokens) < 3 or tokens[:2] != ["components", "schemas"] or not wires:
            return None
        owner = self._was_owner(class_name(tokens[2]), wires)
        return self.old.fields.get((owner, wires[-1])) if owner else None

    def _old_folded_use(self, name: str, wire: str) -> str | None:
        """The old annotation of a field `wire` that the old component `name` (renamed, and
        changed: `Change.was`), which dcg wrote into its uses, typed: the one all its uses of
        that name had, else None (Mojaloop's `ExtensionKey`, now `ExtensionKey_v2_1_0`, of
        `Extension.key`, now `ExtensionV210.key`)."""
        found = {self.old.fields.get(use) for use in self.old.folded.get(name, ())
                 if use[1] == wire}
        return found.pop() if len(found) == 1 else None

    def _holder(self, model: str, wire: str) -> str:
        """The class whose field `wire` is: `model`, or the one object class the root model
        `model` wraps (`Dreps(RootModel[list[DrepsDrep]])`: a property under the schema's
        `items` is `DrepsDrep`'s field; naming `models.Dreps.amount` named no field)."""
        types = self._types()
        if (model, wire) in types.fields or (model, wire) in self._other().fields:
            return model
        held = types.roots.get(model)
        return held if held is not None else model

    def _other(self) -> Annotations:
        return self.old if self.change.side == "new" else self.new

    def _became_union(self, key: tuple[str, str]) -> bool:
        """Whether the class `key[0]`, which has the field `key[1]` on the other side, has no
        field at all on the side the change names: a union of its branches there (`oneOf`
        beside the properties), whose classes hold the field. (The scan of every field runs
        only for a field missing on one side.)"""
        here = self._types().fields
        there = self.old.fields if here is self.new.fields else self.new.fields
        return key not in here and key in there and not any(
            owner == key[0] for owner, _ in here)

    def has_field(self, model: str, wires: tuple[str, ...]) -> bool:
        """Whether the field path `wires` from class `model` reaches a field on the side the
        change names (a body's class that became a union of its branches, `oneOf` beside the
        properties, has no fields of its own there: the old side's would name a field gone)."""
        if not wires:
            return False
        owner: str | None = model
        for wire in wires[:-1]:
            owner = self._types().nested.get((owner, wire)) if owner else None
        return (owner or "", wires[-1]) in self._types().fields

    def _types(self) -> Annotations:
        return self.new if self.change.side == "new" else self.old

    def branch_class(self, model: str, index: int) -> str | None:
        """The class of the inline branch `index` of class `model`'s own union."""
        return self._types().branches.get((model, index))

    def _nested(self, model: str, wires: tuple[str, ...]) -> str | None:
        """From class `model` down the fields `wires[:-1]` (each holding one object class, on
        the side the change names), to the field `wires[-1]`; None where the path forks."""
        owner: str | None = model
        for wire in wires[:-1]:
            owner = self._types().nested.get((owner, wire)) if owner else None
        if owner is None:
            return None
        key = (owner, wires[-1])
        self.named_field = True
        return self.typed(self._field_subject(key), self._old_field(key),
                          self.new.fields.get(key))


def _classes_in(annotation: str) -> set[str]:
    """The models.py classes a field's annotation names."""
    return {word for word in _WORD.findall(annotation) if names_class(word)}


def _typed(subject: str, change: Change, before: str | None, after: str | None) -> str:
    """`subject: <before> -> <after>` in the generated code's annotations, with the change's
    phrase where it says more than the types (`no longer optional: str | None -> str`)."""
    what = _what(change)
    if (before is None and after is None) or change.kind == DEFAULT_CHANGED:
        return f"{subject}: {what}"  # (a default changes no annotation)
    if before is None:
        return f"{subject}: {what}: {after}"
    if after is None:
        return f"{subject}: {what} (was {before})"
    if before == after and change.kind.endswith(_ADDED_OR_REMOVED):
        return NO_EFFECT  # the class had the field, and keeps it: another class is read now
    if before == after:  # (an enum's values changed: its class's name is the same)
        unchanged = "annotation" if change.kind.startswith("enum-value-") else "type"
        return f"{subject}: {what}; {unchanged} unchanged: {after}"
    if len(before) + len(after) > LONG_PAIR:
        before, after = elided(before, after)
    if change.kind.endswith(_PHRASED):
        return f"{subject}: {what}: {before} -> {after}"
    if change.kind.startswith(_CONSTRAINT) and not change.detail.startswith("format "):
        # a bound shapes no annotation (a `format` does: `str` -> `datetime`): the types
        # differ by another change of the location (Directus' `limit`: number -> integer, and
        # a minimum), which says them too
        return f"{subject}: {what}; annotation {before} -> {after}"
    return f"{subject}: {before} -> {after}"


def _members(text: str) -> list[str]:
    """The members of the union `text` at its outermost level (`list[A | B] | None`: two)."""
    found, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += (char in "[(") - (char in "])")
        if depth == 0 and text.startswith(_SEP, i):
            found.append(text[start:i])
            start = i + len(_SEP)
    return [*found, text[start:]]


def _unwrapped(before: str, after: str) -> tuple[str, str, str]:
    """The subscript heads both single-member annotations share (`list[`, `dict[str, `),
    peeled off: (head, inner before, inner after); the closing brackets are the head's."""
    head = ""
    while (len(_members(before)) == len(_members(after)) == 1 and before.endswith("]")
           and after.endswith("]") and "[" in before
           and after.startswith(before[:before.index("[") + 1])):
        cut = before.index("[") + 1
        head, before, after = head + before[:cut], before[cut:-1], after[cut:-1]
    return head, before, after


def elided(before: str, after: str) -> tuple[str, str]:
    """A long pair of annotations with the runs of union members both share shortened to
    their first and last member around `...`, so what changed stands out (`A | ... | F | G` ->
    `A | ... | F | New | G`); the members kept are spelt exactly."""
    head, before, after = _unwrapped(before, after)
    old, new = _members(before), _members(after)
    tail = "]" * head.count("[")
    if len(old) == len(new) == 1:  # nothing left to shorten
        return head + before + tail, head + after + tail
    kept_old: list[str] = []
    kept_new: list[str] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" and i2 - i1 >= 3:
            kept_old += [old[i1], ELIDED, old[i2 - 1]]
            kept_new += [old[i1], ELIDED, old[i2 - 1]]
        elif tag == "replace" and i2 - i1 == j2 - j1 == 1:
            one, other = elided(old[i1], new[j1])  # one member changed inside: shorten it
            kept_old.append(one)
            kept_new.append(other)
        else:
            kept_old += old[i1:i2]
            kept_new += new[j1:j2]
    return head + _SEP.join(kept_old) + tail, head + _SEP.join(kept_new) + tail


def _schema_effect(change: Change, trace: _Trace, tokens: list[str]) -> str:
    """A component schema's change: the argument it is, when the schema is an expanded request
    body and the change is one of its own properties; else the model and field."""
    side = trace.side
    if (len(tokens) == 5 and tokens[3] in _UNION_TOKENS
            and change.kind.endswith(("-branch-added", "-branch-removed"))):
        uses = _union_uses(change, trace, tokens)
        if uses is not None:
            return uses
    users = _bodies_of(change, trace, side.bodies.get(join_tokens("", *tokens[:3]), []))
    prop = _first_property(tokens[3:])
    if change.kind.startswith("response-"):  # what answers hold: the model's field
        return _model_effect(class_name(tokens[2]), tokens[3:], trace)
    if users and prop is not None and tokens[3:5] == ["properties", prop]:
        found = []
        for pointer in users:
            operation = side.operations[pointer]
            name = next((p.name for p in operation.params
                         if p.location == "body" and p.wire_name == prop), argument_name(prop))
            param = next((p for p in operation.params if p.name == name), None)
            found.append(trace.argument(f"{side.method(pointer)}: argument {name}", pointer,
                                        name, param, _properties(tokens[3:])[1:]))
        found = [effect for effect in found if effect != NO_EFFECT]  # (an argument's default)
        listed = "; ".join(found[:3]) + (f" (and {len(found) - 3} more)" if len(found) > 3 else "")
        if not _reaches_beyond(change, users):
            return listed or NO_EFFECT
        # an answer (or an unexpanded use) is typed with the class: its field changes too
        model = _model_effect(class_name(tokens[2]), tokens[3:], trace)
        return f"{listed}; {model}" if listed else model
    return _model_effect(class_name(tokens[2]), tokens[3:], trace)


def _bodies_of(change: Change, trace: _Trace, users: list[str]) -> list[str]:
    """The operations among `users` (pointers of the side's operations taking the schema as
    their expanded body) that the change is about: a component whose operations went each to
    a schema of its own (Adyen's `ModificationRequest`, split into `CancelRequest`,
    `AdjustAuthorisationRequest`...) changed differently for each, and `amount` removed for
    `POST /cancel` named `adjust`'s argument made required too."""
    if not change.operations:
        return users
    wanted = set(change.operations)
    new_of = ({old: new for new, old in trace.paired.items()}
              if trace.side is trace.sides["old"] else {})
    return [p for p in users if _label(p) in wanted or _label(new_of.get(p, p)) in wanted]


def _union_uses(change: Change, trace: _Trace, tokens: list[str]) -> str | None:
    """A branch added to or removed from a union component that models.py has no class for
    (dcg collapses its root model: each use is typed `A | B`): the fields and arguments whose
    annotation gained or lost the branch's class, in both sides' annotations; where none is
    found (an answer that is a list of it, typed as the method's return; a branch of no
    component), the methods whose operations use it. None where the component has a class."""
    side = trace.side
    _, union = resolve_pointer(side.data, join_tokens("", *tokens[:3]))
    if (not isinstance(union, Mapping) or "properties" in union or "allOf" in union
            or side.has_class(class_name(tokens[2]))):
        return None  # (a union beside properties is a root model of its branches' classes)
    found, branch = resolve_pointer(side.data, change.pointer)
    ref = branch.get("$ref") if found and isinstance(branch, Mapping) else None
    uses: list[str] = []
    if isinstance(ref, str) and ref.startswith(SCHEMAS_REF):
        wanted = class_name(unquote(ref.removeprefix(SCHEMAS_REF)))

        uses = sorted(trace.typed(r.subject, r.before, r.after)
                      for r in trace.sides["new"].retyped(trace.sides["old"], trace.paired)
                      if (wanted in r.names_before) != (wanted in r.names_after))
    why = (f"schema `{tokens[2]}` {_what(change)}; models.py has no class of its own for it, "
           "its uses are typed with its branches")
    if uses:
        more = f" (and {len(uses) - 3} more)" if len(uses) > 3 else ""
        return "; ".join(uses[:3]) + more + f" ({why})"
    wanted_ops = set(change.operations)
    methods = sorted({m for p in side.labelled(wanted_ops)
                      if (m := side.method(p)) is not None})
    named = ", ".join(methods[:3]) + (f" (and {len(methods) - 3} more)"
                                      if len(methods) > 3 else "")
    return why + (f": {named}" if named else "")


def _reaches_beyond(change: Change, bodies: list[str]) -> bool:
    """Whether the change affects an operation other than those taking the schema as their
    expanded body (`bodies`, operation pointers): one answering with it, say."""
    expanded = set()
    for pointer in bodies:
        tokens = split_pointer(pointer)
        expanded.add(operation_label(tokens[2], tokens[1]))
    return any(label not in expanded for label in change.operations)


def _in_operation(change: Change, trace: _Trace, tokens: list[str]) -> str | None:
    side = trace.side
    operation_pointer = join_tokens("", *tokens[:3])
    method = side.method(operation_pointer)
    if method is None:
        return None
    operation = side.operations[operation_pointer]
    rest = tokens[3:]
    if not rest:
        return f"{method}: method {'removed' if change.side == 'old' else 'added'}"
    if rest[0] == "parameters" and len(rest) >= 2:
        return _parameter_effect(change, trace, operation, method, tokens[:5])
    if rest[0] == "requestBody":
        return _body_effect(change, trace, operation, method, rest)
    if rest[0] == "responses" and len(rest) >= 2:
        return _response_effect(change, trace, operation, method, rest)
    return f"{method}: {_what(change)}"


def _parameter_effect(change: Change, trace: _Trace, operation: OperationRecord, method: str,
                      tokens: list[str]) -> str:
    side = trace.side
    found, raw = resolve_pointer(side.data, join_tokens("", *tokens))
    node = side.refs.object(raw) if found else None
    if isinstance(node, Mapping):
        for param in operation.params:
            if param.wire_name == node.get("name") and param.location == node.get("in"):
                kept = _argument_kept(change, trace, operation, method, param)
                if kept is not None:
                    trace.calls_unchanged = True
                    return kept
                # an argument gone, or required from now on, breaks calls whatever the wire
                # says
                trace.breaks_calls |= change.kind in _CALLS_BROKEN
                return trace.argument(f"{method}: argument {param.name}", operation.pointer,
                                      param.name)
        # a parameter the method takes no argument for: a header the HTTP client sets or
        # OpenAPI ignores (`Accept`, `Content-Type`, `Authorization`), or the place of a
        # credential the operation sends (`ir.operations`): calls unchanged
        if set_by_the_client(dict(node)) or ignored_by_openapi(dict(node)) or _a_credentials_place(
                side.data, operation, node):
            trace.calls_unchanged = True
            return (f"{method}: none ({node['in']} parameter `{node['name']}` is no argument: "
                    "calls unchanged)")
    return f"{method}: {_what(change)}"


def _argument_kept(change: Change, trace: _Trace, operation: OperationRecord, method: str,
                   param: ParamRecord) -> str | None:
    """The effect of a parameter removed (or added) whose argument the method still has (had
    already), of the same name and annotation, now given by another parameter: one moved from
    the query to a header, say. The regenerated method sends it there: calls unchanged. None
    for a parameter whose argument really goes (comes)."""
    if change.kind not in _MOVED_KINDS or "old" not in trace.sides or "new" not in trace.sides:
        return None
    key = (operation.pointer, param.name)
    before, after = trace.old.arguments.get(key), trace.new.arguments.get(key)
    if before is None or before != after:
        return None
    other = trace.sides["new" if change.side == "old" else "old"].operations.get(
        operation.pointer)
    twin = next((p for p in other.params if p.name == param.name), None) if other else None
    if twin is None:
        return None
    was, now = (param, twin) if change.side == "old" else (twin, param)
    return (f"{method}: argument {param.name}: unchanged ({after}), sent as the {now.location} "
            f"parameter `{now.wire_name}` by the regenerated client (was the {was.location} "
            f"parameter `{was.wire_name}`; calls unchanged)")


def _a_credentials_place(document: Mapping[str, Any], operation: OperationRecord,
                         parameter: Mapping[str, Any]) -> bool:
    """Whether `parameter` is the header, query parameter or cookie of an apiKey scheme the
    operation may send its credential in: the generated method leaves such a parameter out, by
    the same rule (`ir.security.credential_scheme`), and sends the client's credential there."""
    found, raw = resolve_pointer(document, operation.pointer)
    return found and isinstance(raw, dict) and credential_scheme(
        parameter, credential_places(document, raw)) is not None


def _body_effect(change: Change, trace: _Trace, operation: OperationRecord, method: str,
                 rest: list[str]) -> str:
    prop = _first_property(rest)
    body = operation.body
    if body is None:
        return f"{method}: request body {_what(change)}"
    followed = _media_type_followed(change, trace, operation, method, rest)
    if followed is not None:
        return followed
    if prop is not None and body.expanded:
        param = next((p for p in operation.params
                      if p.location == "body" and p.wire_name == prop), None)
        name = param.name if param else argument_name(prop)
        return trace.argument(f"{method}: argument {name}", operation.pointer, name, param,
                              _properties(rest)[1:])
    if body.expanded:  # the body as a whole: its arguments together
        if change.kind in _BODY_REQUIRED_KINDS and rest == ["requestBody"]:
            # each argument is required as its property is, whether the body is or not
            trace.calls_unchanged = True
            sent = ("on every call" if change.kind == "request-body-became-required"
                    else "only when an argument is given")
            return (f"{method}: request body (keyword arguments): {_what(change)}; the "
                    f"arguments unchanged, the regenerated client sends it {sent} (calls "
                    "unchanged)")
        return f"{method}: request body (keyword arguments): {_what(change)}"
    inside = rest[rest.index("schema") + 1:] if "schema" in rest else []
    whole = next((p for p in operation.params if p.location == "body" and not p.model_key), None)
    if body.model_class and (whole is None or trace.has_field(body.model_class,
                                                              _properties(inside))):
        return _model_effect(body.model_class, inside, trace)
    if whole is not None:  # the body is one argument (a union, a list...): its annotation
        return trace.argument(f"{method}: argument {whole.name}", operation.pointer, whole.name,
                              whole, _properties(inside))
    return f"{method}: request body {_what(change)}"


_MEDIA_TYPE_KINDS = frozenset({"media-type-removed", "media-type-added"})


def _media_type_followed(change: Change, trace: _Trace, operation: OperationRecord, method: str,
                         rest: list[str]) -> str | None:
    """A request body's media type removed or added (`application/json` -> `multipart/form-data`)
    where the method's body arguments are the same on both sides, names and annotations
    (keyword arguments, or the one `body`): the regenerated client sends the body the new way,
    calls unchanged (as for a parameter moved from the query to a header, `_argument_kept`).
    None where the arguments differ (a file field's `FileContent`), or a side has no body."""
    if change.kind not in _MEDIA_TYPE_KINDS or len(rest) != 3:
        return None
    twin = _twin(trace, operation)
    if twin is None or twin.body is None or operation.body is None:
        return None
    before, after = (operation, twin) if change.side == "old" else (twin, operation)
    arguments = _body_arguments(before, trace.old), _body_arguments(after, trace.new)
    if arguments[0] != arguments[1] or before.body is None or after.body is None:
        return None
    trace.calls_unchanged = True
    sent = (f"{after.body.media_type} (was {before.body.media_type}; calls unchanged)"
            if before.body.media_type != after.body.media_type
            else f"{after.body.media_type} as before (calls unchanged)")
    return (f"{method}: request body: {_what(change)}; the same arguments, "
            f"{_body_shape(operation)}: the regenerated client sends {sent}")


def _twin(trace: _Trace, operation: OperationRecord) -> OperationRecord | None:
    """The other side's record of `operation` (the operations paired by path shape)."""
    if trace.change.side == "new":
        return trace.sides["old"].operations.get(trace.paired.get(operation.pointer,
                                                                  operation.pointer))
    new = next((p for p, o in trace.paired.items() if o == operation.pointer), operation.pointer)
    return trace.sides["new"].operations.get(new)


def _body_arguments(operation: OperationRecord, types: Annotations
                    ) -> tuple[tuple[str, str | None], ...]:
    """The method's body arguments, each with its annotation, in order."""
    return tuple((p.name, types.arguments.get((operation.pointer, p.name)))
                 for p in operation.params if p.location == "body")


def _response_effect(change: Change, trace: _Trace, operation: OperationRecord, method: str,
                     rest: list[str]) -> str:
    status = rest[1]
    if len(rest) >= 4 and rest[2] == "headers":
        return _header_effect(change, trace, operation, method, (status, rest[3]))
    for response in operation.responses:
        if response.status == status and response.model_class:
            after = rest[rest.index("schema") + 1:] if "schema" in rest else []
            if after:
                return _model_effect(response.model_class, after, trace)
            trace.class_kept(response.model_class)
            model = _class_of(response.model_class, trace.side.types)
            return f"{_answered(method, status, model)}: {_what(change)}"
    return f"{method}: response {status}: {_what(change)}"


def _answered(method: str, status: str, model: str) -> str:
    """What a method does with the answer of `status`: returns its class (a success), or
    raises an error whose `parsed_body` is one (`_base_client`: the errors' table)."""
    if is_success(status):
        return f"{method}: returns models.{model}"
    return f"{method}: response {status} (raised, its parsed_body a models.{model})"


def _header_effect(change: Change, trace: _Trace, operation: OperationRecord, method: str,
                   where: tuple[str, str]) -> str:
    """A response's headers are typed (the raw response's `typed_headers`) for one response
    only, as `ir.responses` picks it: the first success, by status, that documents headers;
    any other response's headers stay plain strings."""
    status, header = where
    if status != _typed_headers_status(trace.side, operation.pointer):
        return NO_EFFECT
    # (`typed_headers` converts a value to its type, checking no bound: one changed is unfelt)
    trace.annotation_kept |= (change.kind.startswith(_CONSTRAINT)
                              and not change.detail.startswith("format "))
    return f"{method}: with_raw_response: typed_headers[{header!r}]: {_what(change)}"


def _typed_headers_status(side: _Side, operation_pointer: str) -> str | None:
    found, operation = resolve_pointer(side.data, operation_pointer)
    responses = operation.get("responses") if found and isinstance(operation, Mapping) else None
    if not isinstance(responses, Mapping):
        return None
    by_status = {str(code): response for code, response in responses.items()}
    statuses = sorted(by_status)
    successes = [code for code in statuses if code.startswith("2")] or [
        code for code in statuses if code == "default"]
    return next((code for code in successes if side.refs.object(by_status[code]).get("headers")),
                None)


def _first_property(tokens: list[str]) -> str | None:
    found = _properties(tokens)
    return found[0] if found else None


def _properties(tokens: list[str]) -> tuple[str, ...]:
    """The property names along `tokens` (each after a `properties` token), outermost first."""
    return tuple(tokens[i + 1] for i, token in enumerate(tokens[:-1]) if token == "properties"
                 and (i == 0 or tokens[i - 1] != "properties"))


def _model_effect(model: str, tokens: list[str], trace: _Trace) -> str:
    if len(tokens) > 2 and tokens[0] in _UNION_TOKENS and tokens[1].isdigit():
        # inside an inline branch of the model's own union: that branch's class
        branch = trace.branch_class(model, int(tokens[1]))
        if branch is not None:
            model, tokens = branch, tokens[2:]
    wires = _properties(tokens)
    if not wires:
        before, after = trace.old.root_types.get(model), trace.new.root_types.get(model)
        if trace.change.retargeted and before is not None and after is not None:
            # (a list's items re-pointed: the root model wraps another class)
            return trace.typed(f"models.{model}", before, after)
        return f"models.{model}: {_what(trace.change)}"
    return trace.field(model, wires)


_PHRASES = {
    "became-required": "now required", "became-optional": "now optional",
    "became-nullable": "now accepts None", "became-not-nullable": "no longer accepts None",
    "property-removed": "removed", "property-added-required": "added (required)",
    "property-added-optional": "added (optional)", "property-added": "added",
    "parameter-removed": "removed", "parameter-added-required": "added (required)",
    "parameter-added-optional": "added (optional)",
}
# Kinds whose phrase is kept beside the types: requiredness and nullability read in both
_PHRASED = ("became-required", "became-optional", "became-nullable", "became-not-nullable")


def _what(change: Change) -> str:
    """What the change does, in a few words: the detail the rules gave, or its kind."""
    if change.kind == DEFAULT_CHANGED:
        return _default_phrase(change)
    if change.kind in _FOLLOWED_KINDS and change.values is not None:
        before, after = change.values
        if change.kind == MEDIA_TYPE_PARAMETERS_CHANGED:
            return f"media type {before} -> {after} (the same type: calls unchanged)"
        return f"sent {after} by the regenerated client (was {before}; calls unchanged)"
    for suffix, phrase in _PHRASES.items():
        if change.kind.endswith(suffix):
            if change.kind.startswith("response") and suffix == "became-required":
                return "no longer optional"
            return phrase
    return change.detail or change.kind.replace("-", " ")


def _default_phrase(change: Change) -> str:
    """A default's change (`Change.values`: JSON text) in the generated code's Python values:
    `default 'available' -> 'sold'`, `default added: 2`, `default removed (was 1)`."""
    if change.values is None:
        return change.detail or "default changed"
    before, after = (None if text is None else repr(json.loads(text)) for text in change.values)
    if before is None:
        return f"default added: {after}"
    if after is None:
        return f"default removed (was {before})"
    return f"default {before} -> {after}"
