"""Whether one schema accepts every value another accepts: the judge of composed-schema changes.

``covers(wide, narrow)`` answers for two schemas, each in its own document:

* ``True``: proven -- every value ``narrow`` accepts, ``wide`` accepts too;
* ``False``: a value ``narrow`` accepts and ``wide`` rejects exists (a type ``wide`` lacks, an enum
  value it rejects, a bound it adds where ``narrow`` had none, a property it requires);
* ``None``: undecided (a pattern changed, ``not``/``if``, a bound inside a union split across
  branches...). The differ reports such a change as "possibly breaking", never as a verdict.

The differ asks it where a field-by-field comparison can be wrong: at a ``oneOf``/``anyOf``
(branches merged, split or rewritten) and for a whole request or response schema before it
reports anything breaking in it. A request schema change breaks callers only if the new schema
does not cover the old one; a response change only if the old one does not cover the new one.

Reading of a schema (the same as the rest of the drift tooling, see ``walk``):

* ``oneOf`` is read as ``anyOf``: the generated clients (pydantic unions) and common servers take
  the first matching branch; a value matching two branches is an error in theory only.
* A schema with ``properties`` and no ``type`` is an object; ``nullable: true`` adds ``null``.
* What an open object "accepts" is its declared properties: an undeclared key is no part of the
  contract (which is why adding an optional property is not breaking). An explicit
  ``additionalProperties`` schema is the contract for undeclared keys; ``false`` closes it.
* ``format``, docs and examples are annotations.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from generator.document.keywords import SUBSCHEMA_KEYWORDS
from generator.document.refs import MAPPINGS, Refs
from generator.drift.diff.walk import Json, canonical_json, constraints_of, declared_types

Verdict = bool | None

MAX_DEPTH = 32
MAX_ALTERNATIVES = 64
# Pairs of schemas one question may judge: properties referencing the next schema twice, level
# after level, are 2**depth pairs. Past it the answer is undecided (never a wrong verdict). The
# questions decided on GitHub's pair take at most ~2,100 steps, on GitBook's ~1,500; GitBook's
# unions of blocks holding blocks, asked at dozens of places, spent 20,000 each (the bound
# before) for undecided answers: 1.2 million pairs, ~7 s.
MAX_STEPS = 5_000
# Pairs all the questions of one comparison may judge, whatever their number.
MAX_COMPARISON_STEPS = 1_000_000
# The subschema keywords this judge models (`$defs`/`definitions` hold schemas that apply to no
# value); a schema using any other subschema keyword of the one table, or one of the keywords
# below, is undecided.
_MODELLED = frozenset({"properties", "additionalProperties", "items", "allOf", "anyOf", "oneOf",
                       "$defs", "definitions"})
_OPAQUE = (SUBSCHEMA_KEYWORDS - _MODELLED) | frozenset({
    "dependentRequired", "minContains", "maxContains", "$dynamicRef", "x-unresolved-ref",
})
_FAMILIES = {"number": "number", "integer": "number", "string": "string", "array": "array",
             "object": "object", "boolean": "boolean"}


@dataclass(frozen=True)
class _Alt:
    """One conjunction of keywords: a schema is a list of these (its union branches)."""

    refs: Refs
    types: frozenset[str] | None  # None: any type
    null: bool
    enum: tuple[Json, ...] | None  # non-null values
    bounds: Mapping[str, Json] = field(default_factory=dict)
    patterns: frozenset[str] = frozenset()
    props: Mapping[str, Json] = field(default_factory=dict)
    required: frozenset[str] = frozenset()
    extra: Json = None  # None: open; False: closed; else the schema of undeclared keys
    items: Json = None
    opaque: bool = False

    @cached_property
    def enum_keys(self) -> frozenset[str]:
        return frozenset(canonical_json(v) for v in self.enum or ())


def _open(refs: Refs) -> _Alt:
    return _Alt(refs, None, True, None)


def covers(wide_refs: Refs, wide: Json, narrow_refs: Refs, narrow: Json, *,
           response: bool = False, alternatives: Alternatives | None = None,
           acyclic: Acyclic | None = None, steps: Steps | None = None) -> Verdict:
    """Whether ``wide`` accepts every value ``narrow`` accepts (True / False / None).

    Declared properties may be added, never removed (a removed one is gone from the generated
    model): for a request (``wide`` new, ``narrow`` old) a property only ``narrow`` declares is
    not covered; for a ``response`` (``wide`` old, ``narrow`` new) one only ``wide`` declares.
    `alternatives`: the schemas' readings, shared by every judge of one comparison; `acyclic`:
    the verdicts that depend on nothing but their pair and depth, shared by the judges of one
    comparison judging the same way (`response`); `steps`: what the comparison's questions may
    still judge in all.
    """
    judge = _Judge(response, alternatives if alternatives is not None else Alternatives(),
                   acyclic, steps)
    return judge.schemas(wide_refs, wide, narrow_refs, narrow, 0)


class Steps:
    """The pairs the questions of one comparison may still judge (`MAX_COMPARISON_STEPS`)."""

    def __init__(self, left: int = MAX_COMPARISON_STEPS) -> None:
        self.left = left


# (identity of the wide schema, of the narrow one, depth) -> (both schemas, kept so that their
# ids stay theirs, and the verdict)
Acyclic = dict[tuple[object, object, int], tuple[Json, Json, "Verdict"]]


class Alternatives:
    """Each schema read as a union of conjunctions (`_alts`) once per document and depth, for
    every judge of a comparison: the reading depends on nothing else, and spends no judge's
    steps. The differ's ~100 judges of GitHub's pair read the same component schemas over and
    over (~0.2 s of its ~2.3 s). The documents must not change while it is used."""

    def __init__(self) -> None:
        # (id(refs), id(schema), depth) -> (refs, schema, reading): both kept, their ids theirs
        self._read: dict[tuple[int, int, int], tuple[Refs, Json, list[_Alt] | None]] = {}

    def of(self, refs: Refs, schema: Json, depth: int) -> list[_Alt] | None:
        key = (id(refs), id(schema), depth)
        known = self._read.get(key)
        if known is None:
            known = self._read[key] = (refs, schema, _alts(refs, schema, depth))
        return None if known[2] is None else list(known[2])


class _Judge:
    def __init__(self, response: bool, alternatives: Alternatives,
                 acyclic: Acyclic | None = None, steps: Steps | None = None) -> None:
        self.response = response
        self.alternatives = alternatives
        self.assumed: set[tuple[object, object]] = set()  # pairs being judged: assumed covered
        self.judged: dict[tuple[object, object], Verdict] = {}  # `$ref` pairs already judged
        self.steps = 0
        self.shared_steps = steps if steps is not None else Steps()
        self.assumptions_used = 0  # times a pair being judged was met again (a cycle)
        # Verdicts reached without meeting any pair being judged, within the steps allowed:
        # those depend on nothing but the pair and the depth, so a pair met again (fan-out, not
        # a cycle; in another judge of the comparison too) is judged once. (Unions of blocks
        # holding blocks, GitBook's, were judged anew at each of their hundreds of places.)
        self.acyclic: Acyclic = acyclic if acyclic is not None else {}

    def schemas(self, w_refs: Refs, wide: Json, n_refs: Refs, narrow: Json, depth: int) -> Verdict:
        self.steps += 1
        self.shared_steps.left -= 1
        if depth > MAX_DEPTH or not self.within_steps():
            return None
        pair = (identity(wide), identity(narrow))
        if pair in self.assumed:
            self.assumptions_used += 1
            return True
        if pair in self.judged:
            return self.judged[pair]
        known = self.acyclic.get((*pair, depth))
        if known is not None:
            return known[2]
        used_before = self.assumptions_used
        self.assumed.add(pair)
        try:
            read = self.alternatives.of
            w_alts, n_alts = read(w_refs, wide, depth), read(n_refs, narrow, depth)
            if w_alts is None or n_alts is None:
                verdict = True if w_alts is not None and any(_is_any(a) for a in w_alts) else None
            else:
                verdict = _all(self.alt_covered(w_alts, n, depth) for n in _split(n_alts))
        finally:
            self.assumed.discard(pair)
        if self.assumptions_used == used_before and self.within_steps():
            self.acyclic[(*pair, depth)] = (wide, narrow, verdict)  # both kept: ids stay theirs
        if isinstance(pair[0], str) and isinstance(pair[1], str) and not self.assumed:
            self.judged[pair] = verdict  # (a verdict reached under an assumption is not kept)
        return verdict

    def within_steps(self) -> bool:
        """Whether no step was refused yet: a verdict reached so is the pair's own."""
        return self.steps <= MAX_STEPS and self.shared_steps.left >= 0

    def alt_covered(self, w_alts: list[_Alt], n: _Alt, depth: int) -> Verdict:
        """Whether the union ``w_alts`` accepts every value of the one alternative ``n``."""
        if any(_is_any(w) for w in w_alts):
            return True
        if n.opaque or any(w.opaque for w in w_alts):
            return None
        if n.enum is not None:
            return _enum_covered(w_alts, n)
        decided = _null_decides(w_alts, n)
        if decided is not None:
            return decided
        return self.typed_covered(w_alts, n, depth)

    def typed_covered(self, w_alts: list[_Alt], n: _Alt, depth: int) -> Verdict:
        """``alt_covered`` for an alternative with types: some branch covers it, or provably
        none does (no branch takes its type, a tag or a required key no branch accepts)."""
        candidates = [w for w in w_alts if _types_cover(w.types, n.types)]
        verdicts = [self.alt_alt(w, n, depth) for w in candidates]
        if any(v is True for v in verdicts):
            return True
        if not candidates or (len(candidates) == 1 and verdicts[0] is False):
            return False  # no branch takes this type, or the one that does provably rejects a value
        if _discriminated(candidates, n, depth, self.alternatives):
            return False  # its tag value is one no branch accepts
        if n.types == frozenset({"object"}) and all(_rejects_minimal(w, n) for w in candidates):
            return False  # its smallest object (plus an unknown key) is valid for no branch
        return None  # two branches might share the values between them

    def alt_alt(self, w: _Alt, n: _Alt, depth: int) -> Verdict:
        if w.enum is not None:
            return None  # a finite set against an open one: unless the bounds pin it, no
        kinds = {_FAMILIES.get(t, t) for t in n.types} if n.types is not None else set(
            _FAMILIES.values())
        checks: list[Verdict] = [_formats_cover(w.bounds, n.bounds)]
        if "number" in kinds:
            checks.append(_numbers_cover(w.bounds, n.bounds))
        if "string" in kinds:
            checks.append(_sizes_cover(w.bounds, n.bounds, "minLength", "maxLength",
                                       bool(n.patterns)))
            checks.append(True if w.patterns <= n.patterns else None)
        if "array" in kinds:
            checks.append(_sizes_cover(w.bounds, n.bounds, "minItems", "maxItems", False))
            if w.bounds.get("uniqueItems") and not n.bounds.get("uniqueItems"):
                checks.append(None)
            if w.items is not None:
                checks.append(self.schemas(w.refs, w.items, n.refs,
                                           n.items if n.items is not None else {}, depth + 1))
        if "object" in kinds:
            checks.append(_sizes_cover(w.bounds, n.bounds, "minProperties", "maxProperties", False))
            checks.append(self.objects(w, n, depth))
        return _all(checks)

    def objects(self, w: _Alt, n: _Alt, depth: int) -> Verdict:
        """Whether object alternative ``w`` accepts every object ``n`` does: keys required,
        properties declared on either side, and the schema of undeclared keys."""
        if not w.required <= n.required:
            return False  # an object without the newly required key was valid
        checks = self.wide_properties(w, n, depth) + self.narrow_properties(w, n, depth)
        if w.extra is False and n.extra is not False:
            checks.append(False)
        elif w.extra is not None and w.extra is not False and n.extra is not False:
            checks.append(self.schemas(w.refs, w.extra, n.refs,
                                       n.extra if n.extra is not None else {}, depth + 1))
        return _all(checks)

    def wide_properties(self, w: _Alt, n: _Alt, depth: int) -> list[Verdict]:
        """The checks of each property ``w`` declares: against ``n``'s declaration of it, or
        its schema of undeclared keys; a response property ``n`` removed is not covered."""
        checks: list[Verdict] = []
        for name, schema in w.props.items():
            if name in n.props:
                checks.append(self.schemas(w.refs, schema, n.refs, n.props[name], depth + 1))
            elif self.response and n.extra is not False:
                checks.append(False)  # a response property removed
            elif n.extra is not None and n.extra is not False:
                checks.append(self.schemas(w.refs, schema, n.refs, n.extra, depth + 1))
        return checks

    def narrow_properties(self, w: _Alt, n: _Alt, depth: int) -> list[Verdict]:
        """The checks of each property only ``n`` declares: ``w`` closed (or a request, where
        a property removed is lost) rejects it, else ``w``'s undeclared keys' schema judges."""
        checks: list[Verdict] = []
        for name, schema in n.props.items():
            if name in w.props:
                continue
            if w.extra is False or (w.extra is None and not self.response):
                checks.append(False)
            elif w.extra is not None:
                checks.append(self.schemas(w.refs, w.extra, n.refs, schema, depth + 1))
        return checks


# --------------------------------------------------------------------------- alternatives


def identity(schema: Json) -> object:
    """A `$ref` by its target (recursion runs through refs), any other schema by its object."""
    if isinstance(schema, MAPPINGS) and isinstance(schema.get("$ref"), str):
        return schema["$ref"]
    return id(schema)


def _deref(refs: Refs, schema: Json) -> Json:
    node, _, _ = refs.deref(schema)
    return node


def _alts(refs: Refs, schema: Json, depth: int) -> list[_Alt] | None:
    """The schema as a union of conjunctions; None when it uses what this judge does not model.
    Each member is read once per level (`allOf: [$ref: Next, $ref: Next]`, level after level,
    would otherwise cost 2**depth)."""
    return _alts_of(refs, schema, depth, {})


def _alts_of(refs: Refs, schema: Json, depth: int,
             memo: dict[tuple[int, int], tuple[Json, list[_Alt] | None]]) -> list[_Alt] | None:
    if depth > MAX_DEPTH:
        return None
    known = memo.get((id(schema), depth))
    if known is not None:
        return None if known[1] is None else list(known[1])
    node = _deref(refs, schema)
    if node is True or node is None:
        result: list[_Alt] | None = [_open(refs)]
    elif node is False:
        result = [_Alt(refs, frozenset(), False, None)]
    elif not isinstance(node, MAPPINGS):
        result = None
    else:
        result = _conjunctions(refs, node, depth, memo)
    memo[(id(schema), depth)] = (schema, result)  # the schema kept: its id stays its own
    return None if result is None else list(result)


def _conjunctions(refs: Refs, node: Mapping[str, Json], depth: int,
                  memo: dict[tuple[int, int], tuple[Json, list[_Alt] | None]]
                  ) -> list[_Alt] | None:
    """A schema object's own keywords, times each allOf member and each union's branches."""
    own = _own(refs, node)
    if own is None:
        return None
    result = [own]
    groups: list[list[Json]] = [[m] for m in node.get("allOf") or []]
    groups += [list(node[k]) for k in ("oneOf", "anyOf") if isinstance(node.get(k), list)]
    for members in groups:
        options: list[_Alt] = []
        for member in members:
            found = _alts_of(refs, member, depth + 1, memo)
            if found is None:
                return None
            options += found
        result = [_both(a, b) for a in result for b in options]
        if len(result) > MAX_ALTERNATIVES:
            return None
    if groups and declared_types(node)[1] and not any(a.null for a in result):
        # `nullable: true` (or a "null" type) beside allOf/oneOf/anyOf: the walker and the
        # generated model read it as `... | None` whatever the members say (GitHub's
        # `{oneOf: [string, array], nullable: true}`), not as null met by no member.
        result.append(_Alt(refs, frozenset(), True, None))
    return result


def _own(refs: Refs, node: Mapping[str, Json]) -> _Alt | None:
    if _OPAQUE & set(node):
        return None
    types, nullable = declared_types(node)
    if not types and "type" not in node:
        listed: frozenset[str] | None = None
        null = True
    else:
        listed, null = _type_set(tuple(t for t in types if t != "null")), nullable
    enum: tuple[Json, ...] | None = None
    if "const" in node:
        enum = (node["const"],)
    elif isinstance(node.get("enum"), list):
        enum = tuple(v for v in node["enum"] if v is not None)
        null = null and (nullable or None in node["enum"])
    bounds = constraints_of(node)
    pattern = bounds.pop("pattern", None)
    extra = node.get("additionalProperties")
    return _Alt(
        refs, listed, null, enum, bounds,
        frozenset([pattern]) if isinstance(pattern, str) else _NO_NAMES,
        {str(k): v for k, v in (node.get("properties") or {}).items()},
        frozenset(str(r) for r in node.get("required") or [] if isinstance(r, str)) or _NO_NAMES,
        extra if extra is False or (isinstance(extra, Mapping) and extra) else None,
        node.get("items") if isinstance(node.get("items"), Mapping) else None,
    )


# The readings are held to the comparison's end (`Alternatives`): one object for the empty set
# and for each set of types, not one per schema read (GitHub's pair: ~17 000 of them, ~4 MiB).
_NO_NAMES: frozenset[str] = frozenset()


@functools.lru_cache(maxsize=256)
def _type_set(types: tuple[str, ...]) -> frozenset[str]:
    return frozenset(types)


def _both(a: _Alt, b: _Alt) -> _Alt:
    """Conjunction of two alternatives (allOf, or a schema's own keywords and one branch)."""
    if a.opaque or b.opaque:
        return replace(a, opaque=True)
    types = b.types if a.types is None else a.types if b.types is None else _meet(a.types, b.types)
    if a.enum is None or b.enum is None:
        enum = a.enum if a.enum is not None else b.enum
    else:
        enum = tuple(v for v in a.enum if canonical_json(v) in b.enum_keys)
    bounds, opaque = dict(a.bounds), False
    for key, value in b.bounds.items():
        if key not in bounds or bounds[key] == value:
            bounds[key] = value
        elif key.startswith(("max", "exclusiveMax")):
            bounds[key] = min(bounds[key], value)
        elif key.startswith(("min", "exclusiveMin")):
            bounds[key] = max(bounds[key], value)
        elif key == "uniqueItems":
            bounds[key] = True
        else:
            opaque = True  # two multipleOf
    props = dict(a.props)
    for name, schema in b.props.items():
        props[name] = {"allOf": [props[name], schema]} if name in props else schema
    if (a.extra is not None and set(b.props) - set(a.props)) or (
            b.extra is not None and set(a.props) - set(b.props)):
        opaque = True  # one member's additionalProperties judges the other's own properties
    items = a.items if b.items is None else b.items if a.items is None else {
        "allOf": [a.items, b.items]}
    return _Alt(a.refs, types, a.null and b.null, enum, bounds, a.patterns | b.patterns, props,
                a.required | b.required, a.extra if a.extra is not None else b.extra, items,
                opaque)


def _meet(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    both = set(a & b)
    if ("integer" in a and "number" in b) or ("number" in a and "integer" in b):
        both.add("integer")
    return frozenset(both)


def _split(alts: list[_Alt]) -> list[_Alt]:
    """One alternative per type, so that two branches can cover one two-typed alternative."""
    out = []
    for alt in alts:
        if alt.types is None or len(alt.types) <= 1 or alt.enum is not None:
            out.append(alt)
        else:
            out += [replace(alt, types=frozenset([t]), null=alt.null and i == 0)
                    for i, t in enumerate(sorted(alt.types))]
    return out


def _enum_covered(w_alts: list[_Alt], n: _Alt) -> Verdict:
    """Whether the union ``w_alts`` accepts each value of ``n``'s enum (and null, if ``n`` does)."""
    values = [v for v in n.enum or () if _value_ok(n, v) is not False]
    checks = [_any(_value_ok(w, v) for w in w_alts) for v in values]
    if n.null:
        checks.append(any(w.null for w in w_alts))
    return _all(checks)


def _null_decides(w_alts: list[_Alt], n: _Alt) -> Verdict:
    """The verdict when null settles it: True when ``n`` accepts nothing, or only a null some
    branch accepts; False when ``n`` accepts null and no branch does; None otherwise."""
    if n.types is not None and not n.types and not n.null:
        return True  # accepts nothing
    if n.null and not any(w.null for w in w_alts):
        return False
    if n.types is not None and not n.types:
        return True  # only null, accepted above
    return None


def _discriminated(w_alts: list[_Alt], n: _Alt, depth: int, alternatives: Alternatives) -> bool:
    """Whether ``n`` requires a property (a tag such as `type` or `dataset`) whose enum values
    no alternative of ``w_alts`` accepts: then no value of ``n`` is valid for any of them."""
    for name in sorted(n.required & set(n.props)):
        tags = _enum_of(n.refs, n.props[name], depth, alternatives)
        if not tags:
            continue
        if all(name in w.props
               and not tags & (_enum_of(w.refs, w.props[name], depth, alternatives) or tags)
               for w in w_alts):
            return True
    return False


def _rejects_minimal(w: _Alt, n: _Alt) -> bool:
    """Whether ``w`` rejects every object of ``n`` with only its required keys and one unknown
    key: ``w`` requires a key ``n`` does not, or ``w`` is closed where ``n`` is open."""
    return not w.required <= n.required or (w.extra is False and n.extra is None)


def _enum_of(refs: Refs, schema: Json, depth: int, alternatives: Alternatives
             ) -> frozenset[str]:
    """The JSON-encoded values of a schema that is one enum (or const); empty otherwise."""
    alts = alternatives.of(refs, schema, depth + 1)
    if not alts or len(alts) != 1 or alts[0].enum is None:
        return frozenset()
    return alts[0].enum_keys


def _is_any(alt: _Alt) -> bool:
    return (alt.types is None and alt.null and alt.enum is None and not alt.bounds
            and not alt.patterns and not alt.props and not alt.required and alt.extra is None
            and alt.items is None and not alt.opaque)


def _types_cover(wide: frozenset[str] | None, narrow: frozenset[str] | None) -> bool:
    if wide is None:
        return True
    if narrow is None:
        return False
    return all(t in wide or (t == "integer" and "number" in wide) for t in narrow)


# --------------------------------------------------------------------------- bounds


def _numbers_cover(w: Mapping[str, Json], n: Mapping[str, Json]) -> Verdict:
    checks: list[Verdict] = []
    for inclusive, exclusive, sign in (("minimum", "exclusiveMinimum", 1),
                                       ("maximum", "exclusiveMaximum", -1)):
        w_bound = _bound(w, inclusive, exclusive, sign)
        n_bound = _bound(n, inclusive, exclusive, sign)
        if w_bound is None:
            continue
        if n_bound is None:
            checks.append(False)  # unbounded before: values beyond the new bound were valid
            continue
        (w_value, w_excl), (n_value, n_excl) = w_bound, n_bound
        tighter = (n_value - w_value) * sign
        if tighter > 0 or (tighter == 0 and (n_excl or not w_excl)):
            checks.append(True)
        elif tighter <= -1 and "multipleOf" not in n:
            checks.append(False)  # a whole number between the two bounds was valid
        else:
            checks.append(None)  # a step or integers might leave nothing in between
    if "multipleOf" in w:
        step = n.get("multipleOf")
        ok = step is not None and w["multipleOf"] and float(step / w["multipleOf"]).is_integer()
        checks.append(True if ok else None)
    return _all(checks)


def _bound(bounds: Mapping[str, Json], inclusive: str, exclusive: str,
           sign: int) -> tuple[float, bool] | None:
    """The tighter of a bound's inclusive and exclusive forms: (value, exclusive)."""
    found = [(bounds[inclusive], False)] if inclusive in bounds else []
    if exclusive in bounds:
        found.append((bounds[exclusive], True))
    if not found:
        return None
    return max(found, key=lambda b: (b[0] * sign, b[1]))


def _sizes_cover(w: Mapping[str, Json], n: Mapping[str, Json], low: str, high: str,
                 shaped: bool) -> Verdict:
    """Length-like bounds; ``shaped``: ``narrow`` has a pattern, which may pin lengths itself."""
    fail: Verdict = None if shaped else False
    checks: list[Verdict] = []
    if w.get(low, 0) > n.get(low, 0):
        checks.append(fail)
    if high in w and (high not in n or n[high] > w[high]):
        checks.append(fail)
    return _all(checks)


# --------------------------------------------------------------------------- values



def _json_type(value: Json) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _value_ok(alt: _Alt, value: Json) -> Verdict:
    """Whether one enum value is valid under one alternative (scalars decided, the rest not)."""
    if value is None:
        return alt.null
    if alt.opaque:
        return None
    if alt.types is not None and not _types_cover(alt.types, frozenset([_json_type(value)])):
        return False
    if alt.enum is not None and canonical_json(value) not in alt.enum_keys:
        return False
    if isinstance(value, (list, dict)):
        return None
    checks: list[Verdict] = [None] if "format" in alt.bounds else []  # (formats: not checked)
    if isinstance(value, str):
        checks.append(alt.bounds.get("minLength", 0) <= len(value) <= alt.bounds.get(
            "maxLength", len(value)))
        for pattern in alt.patterns:
            try:
                checks.append(re.search(pattern, value) is not None)
            except re.error:
                checks.append(None)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        checks.append(_number_in(alt.bounds, value))
    return _all(checks)


def _formats_cover(wide: Mapping[str, Json], narrow: Mapping[str, Json]) -> Verdict:
    """Whether the wide side's `format` takes every value of the narrow side's: none, or the
    same one; any other pair is undecided here (`rules` knows the widenings)."""
    if "format" not in wide or wide["format"] == narrow.get("format"):
        return True
    return None


def _number_in(bounds: Mapping[str, Json], value: float) -> bool:
    return not (
        ("minimum" in bounds and value < bounds["minimum"])
        or ("exclusiveMinimum" in bounds and value <= bounds["exclusiveMinimum"])
        or ("maximum" in bounds and value > bounds["maximum"])
        or ("exclusiveMaximum" in bounds and value >= bounds["exclusiveMaximum"])
        or ("multipleOf" in bounds and bounds["multipleOf"]
            and not float(value / bounds["multipleOf"]).is_integer())
    )


def _all(verdicts: Iterable[Verdict]) -> Verdict:
    """False if any is False, else None if any is undecided, else True."""
    result: Verdict = True
    for verdict in verdicts:
        if verdict is False:
            return False
        if verdict is None:
            result = None
    return result


def _any(verdicts: Iterable[Verdict]) -> Verdict:
    """True if any is True, else None if any is undecided, else False."""
    result: Verdict = False
    for verdict in verdicts:
        if verdict is True:
            return True
        if verdict is None:
            result = None
    return result
