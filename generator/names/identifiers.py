"""Python identifiers, built valid in one place.

Every name that reaches generated code (method, parameter, class, resource) comes from
here: spec text is split into words, cased, stripped of anything that is not an identifier
character, and kept clear of keywords and of the names beside it (`reserved`). Which names
generated code already binds is declared in `names/reserved.py` (`names/namespace.py` reads it).
"""

from __future__ import annotations

import keyword
import re
import unicodedata
from collections.abc import Container, Iterable

from generator.names.reserved import CALL_ARGUMENT_NAMES

_WORD_BOUNDARY = re.compile(
    r"[A-Z]?[a-z]+\d*|[A-Z]+(?=[A-Z][a-z]|\d|\b|_|$)|[A-Z]+|\d+",
)
_NON_WORD = re.compile(r"[^0-9A-Za-z]+")

# A parameter called like an argument every method has takes another name (names/reserved.py).
_RESERVED_ARGUMENTS = frozenset({"self", *CALL_ARGUMENT_NAMES})
# Names models.py imports or pydantic reserves: a schema called like one is renamed.
_RESERVED_CLASSES = frozenset(
    {
        "Annotated",
        "Any",
        "AwareDatetime",
        "BaseModel",
        "ConfigDict",
        "Enum",
        "Field",
        "IntEnum",
        "Literal",
        "RootModel",
        "StrEnum",
        "Optional",
        "Union",
        "List",
        "Dict",
        "None",
        "True",
        "False",
    }
)


def _ascii_words(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words: list[str] = []
    for chunk in _NON_WORD.split(folded):
        words.extend(_WORD_BOUNDARY.findall(chunk))
    return words


def snake_case(text: str) -> str:
    """`createCompletion` -> `create_completion`; `X-RateLimit-Limit` -> `x_rate_limit_limit`."""
    return "_".join(word.lower() for word in _ascii_words(text))


def pascal_case(text: str) -> str:
    """`chat completions` -> `ChatCompletions`; keeps inner capitals of an existing PascalCase
    word."""
    return "".join(word[:1].upper() + word[1:] for word in _ascii_words(text))


def python_name(text: str, *, fallback: str = "value", reserved: Iterable[str] = ()) -> str:
    """A snake_case identifier for `text` that is not a keyword or a reserved name."""
    name = snake_case(text) or fallback
    if name[0].isdigit():
        name = f"n{name}"
    if keyword.iskeyword(name) or keyword.issoftkeyword(name):
        name = f"{name}_"
    taken = set(reserved)
    while name in taken:  # `fi`, `ﬁ` and `FI` all fold to `fi`: each gets one more `_`
        name = f"{name}_"
    return name


def argument_name(text: str, *, reserved: Iterable[str] = ()) -> str:
    """`python_name` of a method argument: clear of `self` and the arguments every method has."""
    return python_name(text, reserved={*_RESERVED_ARGUMENTS, *reserved})


def class_name(text: str, *, fallback: str = "Model") -> str:
    """A PascalCase class name for `text`, clear of the names models.py imports."""
    name = pascal_case(text) or fallback
    if name[0].isdigit():
        name = f"Model{name}"
    if name in _RESERVED_CLASSES or keyword.iskeyword(name):
        name = f"{name}Model"
    return name


def first_free(name: str, taken: Container[str]) -> str:
    """`name`, or `name2`, `name3`... : the first not in `taken`."""
    candidate = name
    counter = 2
    while candidate in taken:
        candidate = f"{name}{counter}"
        counter += 1
    return candidate


def unique(name: str, taken: set[str]) -> str:
    """`first_free(name, taken)`, added to `taken`."""
    candidate = first_free(name, taken)
    taken.add(candidate)
    return candidate
