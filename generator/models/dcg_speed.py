"""Work datamodel-code-generator 0.89.0 repeats answered from a memo: same results, less work.

dcg's time on a large document has no single hotspot. Two of its repeated computations cost
enough per call to be worth a memo (measured in fresh processes, `python -m bench.dcg_speed`):
- `ModelResolver.current_base_path_context` resolves the same base directory (`realpath`: a
  `lstat` per path component) at every schema it enters, `document_directory` likewise: the
  resolved directory is kept per (base, path) for the run; nothing writes files meanwhile.
- `_safe_config_dict_items(config, target)`, asked at every field for its model's `ConfigDict`,
  dumps the config and normalises every item: kept per (items, target), and the items read from
  the config's set attributes where dcg's `ConfigDict` dumps exactly those.
A memo key holds each value with its exact type, so that `1`, `True` and `1.0` or a `str`
subclass never share an answer; a value of any other kind goes to dcg's own function, and a list
result is copied for each caller. Cheap pure helpers (`is_python_name`, `pydantic_target_meets`)
are called more often but cost less than a memo lookup: they stay dcg's.

Applied to the pinned dcg version only, as `run._speed_up_dcg` is, and bound wherever dcg's
modules bound the original name; `without_speed_ups` puts dcg's own functions back (the tests
compare models.py with and without on several documents: `tests/models/test_datamodels_speedup.py`,
and `python -m bench.dcg_speed` on the large ones). The memos are emptied at each dcg run.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

_PATCHED_DCG_VERSION = "0.89.0"
_DCG = "datamodel_code_generator"
_SCALARS = (str, int, float, bool, type(None))

_suspended = False  # inside `without_speed_ups`: `install` leaves dcg's own functions
KeyOf = Callable[..., Hashable | None]  # the memo key of a call, None: ask dcg's own function


@dataclass
class _Patch:
    """One function of dcg answered from a memo: where dcg defines it (`module`, or
    `module:Class` for a method) and how a call's key is made (`key_of`), or the replacement
    itself (`make`, given dcg's function and the memo)."""

    module: str
    name: str
    key_of: KeyOf | None = None
    copy_list: bool = False
    make: Callable[[Any, dict[Hashable, Any]], Any] | None = None
    memo: dict[Hashable, Any] = field(default_factory=dict)
    original: Any = None


def _scalar(value: Any) -> Hashable | None:
    """`value` with its exact type, when it is a plain scalar or an enum member (hashable, never
    equal to a value of another type in the key); None otherwise."""
    kind = type(value)
    if kind in _SCALARS or _is_enum_member(value):
        return (kind, value)
    return None


def _is_enum_member(value: Any) -> bool:
    return isinstance(value, Enum)


def _config_key(config: Any, target: Any) -> Hashable | None:
    """`_safe_config_dict_items(config, target)` reads only the items `_config_dict_items` gives
    (its keys and values): the key is those items, each value a scalar. A config whose items are
    not all scalars (a list, a mapping...) goes to dcg's own function."""
    if (target_key := _scalar(target)) is None:
        return None
    items = []
    for name, value in _config_items_of(config):
        if type(name) is not str or (value_key := _scalar(value)) is None:
            return None
        items.append((name, value_key))
    return (tuple(items), target_key)


def _resolved(memo: dict[Hashable, Any], base: Any, path: Any) -> Any:
    """`(base / path).resolve()`, once per run for each pair: a `realpath` of the same
    directory, which dcg 0.89.0 asks at every schema it enters (~4% of its CPU on OpenAI's
    document). Nothing writes to the file system during a run, so the answer holds."""
    key = (type(base), base, type(path), path)
    try:
        found = memo.get(key)
    except TypeError:  # an unhashable path: dcg's own computation
        return (base / path).resolve()
    if found is None:
        found = memo[key] = (base / path).resolve()
    return found


def _base_path_context(original: Any, memo: dict[Hashable, Any]) -> Any:
    """`ModelResolver.current_base_path_context` of 0.89.0, the directory resolved once."""
    from datamodel_code_generator.reference import context_variable

    @contextmanager
    def current_base_path_context(self: Any, base_path: Any) -> Iterator[None]:
        if base_path:
            base_path = _resolved(memo, self._base_path, base_path)
        with context_variable(self.set_current_base_path, self.current_base_path, base_path):
            yield

    return current_base_path_context


def _document_directory(original: Any, memo: dict[Hashable, Any]) -> Any:
    """`ModelResolver.document_directory` of 0.89.0, the directory resolved once."""
    from pathlib import Path

    def document_directory(self: Any, document: str) -> Any:
        return _resolved(memo, self._base_path, Path(document).parent)

    return document_directory


_dcg_config_items: list[Callable[[Any], Any]] = []  # dcg's `base_model._config_dict_items`
_plain_config_class: list[Any] = []  # dcg's `ConfigDict` when its dump is its set attributes


def _config_items_of(config: Any) -> Any:
    """The items dcg's `_config_dict_items(config)` reads (a `model_dump` of the set fields),
    without the dump when `config` is dcg's own `ConfigDict`: a model without serializers,
    computed fields or extra fields dumps exactly its set attributes."""
    if not _dcg_config_items:
        _load_config_helpers()
    if (
        _plain_config_class
        and type(config) is _plain_config_class[0]
        and not config.__pydantic_extra__
    ):
        fields_set = config.__pydantic_fields_set__
        return [(name, value) for name, value in config.__dict__.items() if name in fields_set]
    return _dcg_config_items[0](config)


def _applied_config_items(original: Any, memo: dict[Hashable, Any]) -> Any:
    """dcg's `BaseModel._applied_config_items` (the config pydantic applies to a model: its
    bases' merged in order, then its own), each base's answer kept for the rest of the one
    call: bases that extend the same classes (an `allOf` diamond) were merged again from each
    way up, twice the work for each level (a 20-level document: 97 s, at every field). Within
    one call a base's answer is the same whichever way it was reached, unless the bases make a
    cycle (a base already on the way adds nothing, which generation then refuses): such an
    answer is not kept. A base of a class with its own method is asked as dcg asks it."""
    from datamodel_code_generator.model.pydantic_v2.base_model import (  # type: ignore[attr-defined]
        BaseModel,
        _find_base_classes,
    )

    def merged(model: Any, visiting: frozenset[int], kept: dict[int, dict[str, str]]
               ) -> tuple[dict[str, str], bool]:
        """(the items, whether they hold whatever the way: no base was left out as on it)"""
        if (found := kept.get(id(model))) is not None:
            return dict(found), True
        visiting |= {id(model)}
        items: dict[str, str] = {}
        exact = True
        for base in _find_base_classes(model):
            if not isinstance(base, BaseModel):
                continue
            if id(base) in visiting:
                exact = False
            elif type(base)._applied_config_items is not applied:
                items.update(base._applied_config_items(visiting))
                exact = False
            else:
                inherited, inherited_exact = merged(base, visiting, kept)
                items.update(inherited)
                exact = exact and inherited_exact
        items.update(model._rendered_config_items())
        if exact:
            kept[id(model)] = dict(items)
        return items, exact

    def applied(self: Any, visiting: frozenset[int] = frozenset()) -> dict[str, str]:
        return merged(self, visiting, {})[0]

    applied.__doc__ = original.__doc__
    return applied


def _load_config_helpers() -> None:
    from datamodel_code_generator.model import pydantic_v2
    from datamodel_code_generator.model.pydantic_v2 import base_model

    _dcg_config_items.append(base_model._config_dict_items)
    config_class: Any = getattr(pydantic_v2, "ConfigDict", None)
    decorators = getattr(config_class, "__pydantic_decorators__", None)
    if (
        decorators is not None
        and not decorators.field_serializers
        and not decorators.model_serializers
        and not config_class.model_computed_fields
    ):
        _plain_config_class.append(config_class)


_PATCHES = (
    _Patch(
        f"{_DCG}.model.pydantic_v2.base_model",
        "_safe_config_dict_items",
        _config_key,
        copy_list=True,
    ),
    _Patch(f"{_DCG}.reference:ModelResolver", "current_base_path_context", make=_base_path_context),
    _Patch(f"{_DCG}.reference:ModelResolver", "document_directory", make=_document_directory),
    _Patch(f"{_DCG}.model.pydantic_v2.base_model:BaseModel", "_applied_config_items",
           make=_applied_config_items),
)


def install() -> None:
    """Memoise dcg's pure helpers (once per process; the memos emptied at each call). On another
    dcg version, or when a name is not where 0.89.0 has it, dcg keeps its own functions."""
    from datamodel_code_generator import _version

    if _version.__version__ != _PATCHED_DCG_VERSION or _suspended:
        return
    for patch in _PATCHES:
        patch.memo.clear()
        if patch.original is None:
            _apply(patch)


def _apply(patch: _Patch) -> None:
    owner = _owner(patch)
    original = owner.__dict__.get(patch.name) if owner is not None else None
    if not callable(original) or hasattr(original, "clientgen_original"):
        return
    if patch.make is not None:
        fast = patch.make(original, patch.memo)
        fast.clientgen_original = original
    else:
        fast = _memoised(original, patch)
    patch.original = original
    _bind(patch, original, fast)


def _owner(patch: _Patch) -> Any:
    """The module (or class) that defines the patched name; None when it is not there."""
    import importlib

    module_name, _, class_name = patch.module.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    return getattr(module, class_name, None) if class_name else module


def _bind(patch: _Patch, old: Any, new: Any) -> None:
    """`new` in place of `old`: on the class for a method, else in every dcg module."""
    if ":" in patch.module:
        owner = _owner(patch)
        if owner is not None and owner.__dict__.get(patch.name) is old:
            setattr(owner, patch.name, new)
    else:
        _rebind(old, new, patch.name)


def _memoised(original: Callable[..., Any], patch: _Patch) -> Callable[..., Any]:
    memo, key_of, copy_list = patch.memo, patch.key_of, patch.copy_list
    assert key_of is not None

    def fast(*args: Any, **kwargs: Any) -> Any:
        try:
            key = key_of(*args, **kwargs)
        except Exception:  # noqa: BLE001  # an unexpected call: dcg's own function answers it
            key = None
        if key is None:
            return original(*args, **kwargs)
        try:
            value = memo[key]
        except KeyError:
            value = memo[key] = original(*args, **kwargs)
        return list(value) if copy_list else value

    fast.clientgen_original = original  # type: ignore[attr-defined]
    fast.__name__ = getattr(original, "__name__", patch.name)
    fast.__doc__ = original.__doc__
    return fast


def _rebind(old: Any, new: Any, name: str) -> None:
    """Bind `new` wherever a loaded dcg module binds `old` under `name` (`from ... import name`
    copies the binding); modules imported later take it from the defining module."""
    for module_name, module in list(sys.modules.items()):
        if (module_name == _DCG or module_name.startswith(f"{_DCG}.")) and (
            getattr(module, name, None) is old
        ):
            setattr(module, name, new)


@contextmanager
def without_speed_ups() -> Iterator[None]:
    """dcg's own functions while inside (for the tests and the bench that compare outputs);
    the memoised ones again after. `install` called inside does nothing."""
    applied = [patch for patch in _PATCHES if patch.original is not None]
    saved = []
    for patch in applied:
        fast = _bound(patch)
        saved.append((patch, fast))
        _bind(patch, fast, patch.original)
    global _suspended
    _suspended = True
    try:
        yield
    finally:
        _suspended = False
        for patch, fast in saved:
            _bind(patch, patch.original, fast)


def _bound(patch: _Patch) -> Any:
    owner = _owner(patch)
    return owner.__dict__.get(patch.name) if owner is not None else None
