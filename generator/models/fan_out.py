"""Root models whose types fan out stay classes: models of a size linear in the document's.

datamodel-code-generator inlines a root model into the models using it (`--collapse-root-models`,
part of the preset): `S1: {anyOf: [{type: array, items: S2}, {additionalProperties: S2}]}`
becomes `list[S2] | dict[str, S2]` wherever S1 is used, S2 inlined in turn. When each level
names the next twice, 30 levels of a 2 KB document inline into 2**30 types, built one by one
(dcg never finishes; with `anyOf: [S2, S2]` it would dedupe them in the end, after the
exponential work). Here a root model whose fully inlined type would hold more than
`MAX_INLINED_TYPES` types stays a class of its own at every site, as a circular root model
already does: the sites name it, and the types it names are inlined only up to that size.

No real document comes near the limit (each inlined type is one member or container of one
annotation: a union of 300 event models is 300), so their models are the same; a document past
it gets the same types, written with the root models' names. Applied to the pinned dcg version
only, as `run._speed_up_dcg` is: another version keeps its own collapse decisions.
"""

from __future__ import annotations

import weakref
from typing import Any

MAX_INLINED_TYPES = 1_000
# Root models inlined one into another at most this deep: a chain of `$ref`s to arrays or maps
# (`S180: {type: array, items: S179}`...) inlined into one annotation 180 levels deep, which
# the generated module could not import (a RecursionError in pydantic) and, past 200, Python
# could not parse ("too many nested parentheses"). Real documents chain a few.
MAX_INLINED_DEPTH = 60
_PATCHED_DCG_VERSION = "0.89.0"


def keep_fanned_out_roots_named() -> None:
    """Make dcg keep the root models past `MAX_INLINED_TYPES` named (once per process)."""
    from datamodel_code_generator import _version
    from datamodel_code_generator.model._decisions.collapse_eligibility import CollapseSiteFacts
    from datamodel_code_generator.parser._passes import modules

    original = modules.collapse_site_facts
    if _version.__version__ != _PATCHED_DCG_VERSION or hasattr(original, "clientgen_original"):
        return
    sizes: weakref.WeakKeyDictionary[Any, dict[int, int]] = weakref.WeakKeyDictionary()
    depths: weakref.WeakKeyDictionary[Any, dict[int, int]] = weakref.WeakKeyDictionary()

    def collapse_site_facts(parser: Any, model_field: Any, data_type: Any, root_model: Any,
                            circular_root_models: Any) -> Any:
        try:
            size = _inlined_types(parser, root_model, circular_root_models,
                                  sizes.setdefault(parser, {}))
            depth = _inlined_depth(parser, root_model, circular_root_models,
                                   depths.setdefault(parser, {}))
        except Exception:  # noqa: BLE001  # a surprise in dcg's models: its own decision
            size = depth = 0
        if size > MAX_INLINED_TYPES or depth > MAX_INLINED_DEPTH:
            return CollapseSiteFacts(has_root_field=True, circular=True)  # kept named
        return original(parser, model_field, data_type, root_model, circular_root_models)

    collapse_site_facts.clientgen_original = original  # type: ignore[attr-defined]
    modules.collapse_site_facts = collapse_site_facts


def _inlined_types(parser: Any, model: Any, circular: Any, known: dict[int, int]) -> int:
    """How many types `model`'s root type holds with every root model it names inlined, each
    counted once per site (as inlining copies it), up to just past the limit: each root model is
    measured once (`known`), however many paths reach it. A circular one is never inlined."""
    if id(model) in known:
        return known[id(model)]
    known[id(model)] = 1  # while it is measured: a cycle the circular check missed ends here
    total = 0
    for data_type in model.fields[0].data_type.all_data_types if model.fields else ():
        total += 1
        source = _inlined_root(parser, data_type, circular)
        if source is not None:
            total += _inlined_types(parser, source, circular, known)
        if total > MAX_INLINED_TYPES:
            break
    known[id(model)] = total
    return total


def _inlined_depth(parser: Any, model: Any, circular: Any, known: dict[int, int]) -> int:
    """How deep `model`'s root type nests (`list[dict[str, X]]`: 3) with every root model it
    names inlined, up to just past the limit; each root model measured once (`known`). Root
    models inlined already are nested types by now, counted as such."""
    if id(model) in known:
        return known[id(model)]
    known[id(model)] = 1  # while it is measured: a cycle the circular check missed ends here
    deepest = 0
    pending = [(model.fields[0].data_type, 1)] if model.fields else []
    while pending and deepest <= MAX_INLINED_DEPTH:
        data_type, level = pending.pop()
        source = _inlined_root(parser, data_type, circular)
        if source is not None:
            level += _inlined_depth(parser, source, circular, known)
        deepest = max(deepest, level)
        pending.extend((child, level + 1) for child in data_type.data_types)
    known[id(model)] = deepest
    return deepest


def _inlined_root(parser: Any, data_type: Any, circular: Any) -> Any | None:
    """The root model `data_type` names, which dcg inlines (none circular), else None."""
    from datamodel_code_generator._model_keys import model_key_of

    source = data_type.reference.source if data_type.reference else None
    if (source is not None and parser._is_root_model(source)
            and model_key_of(source.reference) not in circular):
        return source
    return None
