"""Python identifiers, built valid in one place.

Every name that reaches generated code (method, parameter, class, resource) comes from
here: spec text is split into words, cased, stripped of anything that is not an identifier
character, and kept clear of keywords and of the names beside it (`reserved`). Which names
generated code already binds is declared in `names/reserved.py` (`names/namespace.py` reads it).
"""

from __future__ import annotations

import functools
import hashlib
import keyword
import re
import unicodedata
from collections.abc import Callable, Container, Iterable
from typing import TypeVar

from generator.names.reserved import CALL_ARGUMENT_NAMES

# A capital run keeps the digits after it (`V1`, `EC2`, `HTTP2`: `apps_v1`, not `apps_v_1`), as
# a lower-case word does (`beta1`), and a numeronym its one letter after them (`k8s`, `i18n`,
# `h2o`: `k8s_inject`, not `k8_s_inject`; `v2users` stays two words).
_WORD_BOUNDARY = re.compile(
    r"[A-Z]?[a-z]+(?:\d+[a-z](?![a-z]))*\d*|[A-Z]+\d+(?:[a-z](?![a-z]))?"
    r"|[A-Z]+(?=[A-Z][a-z]|\b|_|$)|[A-Z]+|\d+",
)
_NON_WORD = re.compile(r"[^0-9A-Za-z]+")
# An acronym's plural (`IPs`, `VPCs`, `URLs`, `IDs`), `IPv6` and `OAuth`, each one word:
# `_WORD_BOUNDARY` alone splits them at their last capital (`FloatingIPs` -> `floating_i_ps`,
# `VPCs` -> `vp_cs`, Zoom's and Jira's `OAuth2` -> `o_auth2`).
# A run of capitals is tried from its first one only (`(?<![A-Z])`): tried from each of them,
# a name of 150,000 capitals (a hostile document) took a minute, the time growing as its
# square; a match can only end where the run does, so no match is lost.
_ACRONYM = re.compile(r"(?<![A-Z])[A-Z]{2,}+(?:s(?![a-z])|v\d+)|OAuth\d*(?![a-z])")

# A parameter called like an argument every method has takes another name (names/reserved.py).
RESERVED_ARGUMENTS = frozenset({"self", *CALL_ARGUMENT_NAMES})
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


# The names a document repeats (`owner`, `repo`, `per_page` in hundreds of operations; every
# name again on the other side of `diff`) are spelt once (`_spelt_once`).
_SPELT = 8192
T = TypeVar("T")


def _spelt_once(spell: Callable[[str], T]) -> Callable[[str], T]:
    """`spell`, remembering its answer for the last `_SPELT` texts: it is a function of the text
    alone. Anything but a `str` (a document's slip) goes to `spell` itself, failing as it did."""
    remembered = functools.lru_cache(maxsize=_SPELT)(spell)

    @functools.wraps(spell)
    def spelt(text: str) -> T:
        return remembered(text) if type(text) is str else spell(text)

    return spelt


# Letters NFKD does not take apart into an ASCII letter and accents, spelt as their languages
# spell them in ASCII (German `Straße` -> `Strasse`, Danish `Ærø` -> `AEro`); accents are
# stripped by NFKD, and other scripts have no ASCII form (their words are left out).
_TRANSLITERATION = str.maketrans({
    "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
    "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "TH", "ł": "l", "Ł": "L", "ı": "i",
})


def _ascii_words(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKD", text.translate(_TRANSLITERATION))
    folded = folded.encode("ascii", "ignore").decode("ascii")
    return [word for chunk in _NON_WORD.split(folded) for word in _chunk_words(chunk, chunk)]


def _chunk_words(chunk: str, shape: str) -> list[str]:
    """The words of `chunk`, split at the case changes its `shape` shows (`_WORD_BOUNDARY`), an
    acronym's plural one word (`_ACRONYM`)."""
    words: list[str] = []
    start = 0
    for acronym in [*_ACRONYM.finditer(shape), None]:
        end = acronym.start() if acronym else len(chunk)
        words.extend(chunk[start + word.start():start + word.end()]
                     for word in _WORD_BOUNDARY.finditer(shape[start:end]))
        if acronym:
            words.append(chunk[acronym.start():acronym.end()])
            start = acronym.end()
    return words


@_spelt_once
def snake_case(text: str) -> str:
    """`createCompletion` -> `create_completion`; `X-RateLimit-Limit` -> `x_rate_limit_limit`."""
    return "_".join(word.lower() for word in _ascii_words(text))


@_spelt_once
def pascal_case(text: str) -> str:
    """`chat completions` -> `ChatCompletions`; keeps inner capitals of an existing PascalCase
    word."""
    return "".join(word[:1].upper() + word[1:] for word in _ascii_words(text))


def python_name(text: str, *, fallback: str = "value", reserved: Iterable[str] = ()) -> str:
    """A snake_case ASCII identifier for `text` that is not a keyword or a reserved name (ASCII:
    it may name a module file, an environment variable, a method)."""
    return _cleared(_valid(snake_case(text) or fallback), reserved)


def _valid(name: str) -> str:
    """`name` (words joined) as Python can bind it: a leading digit prefixed, a keyword suffixed.
    A soft keyword (`match`, `case`, `type`) is a name Python binds as it is; its list grows
    with Python's version (3.12 added `type`), which would make the output depend on it."""
    if name[0].isdigit():
        name = f"n{name}"
    if keyword.iskeyword(name):
        name = f"{name}_"
    return name


def _cleared(name: str, reserved: Iterable[str]) -> str:
    taken = set(reserved)
    while name in taken:  # `fi`, `ﬁ` and `FI` all fold to `fi`: each gets one more `_`
        name = f"{name}_"
    return name


def _shape(char: str) -> str:
    """`char` as `_WORD_BOUNDARY` and `_ACRONYM` see it: an ASCII letter or digit itself, else
    `A` (a capital), `a` (any other letter or mark a name holds: lower case, caseless scripts),
    `0` (a digit), `_` (what no name holds: a break)."""
    if char.isascii() and char.isalnum():
        return char
    if char == "_" or not f"a{char}".isidentifier():
        return "_"
    if char.isupper() or char.istitle():
        return "A"
    return "0" if char.isdecimal() else "a"


def identifier_words(text: str) -> list[str]:
    """The words of `text` as a Python identifier keeps them (PEP 3131): NFKC, as Python reads
    every identifier, split where ASCII text is split (`_ascii_words`: at what no name holds and
    at case changes), letters of every script kept: `größeWert` -> [`größe`, `Wert`]."""
    normal = unicodedata.normalize("NFKC", text)
    shape = "".join(_shape(char) for char in normal)
    return [word for chunk in re.finditer(r"[^_]+", shape)
            for word in _chunk_words(normal[chunk.start():chunk.end()], chunk.group())]


@_spelt_once
def natural_argument_name(text: str) -> str | None:
    """The argument a parameter or body property named `text` becomes when nothing else takes
    that name: snake_case in the letters it has (`größeWert` -> `größe_wert`, `日本` -> `日本`,
    `ÆON` -> `æon`), as datamodel-code-generator names the model's field for names without
    digits and reserved words (`aliases.model_field_name` spells every field); the ASCII form
    (`snake_case`) when that is no name Python keeps as written; None when `text` holds no
    character a name can (`🙂`)."""
    name = "_".join(word.lower() for word in identifier_words(text))
    if name and (name := _valid(name)).isidentifier() and (
            unicodedata.normalize("NFKC", name) == name):
        return name
    ascii_name = snake_case(text)
    return _valid(ascii_name) if ascii_name else None


_OPERATORS = {">=": "gte", "<=": "lte", "!=": "ne", "<": "lt", ">": "gt"}
_OPERATOR = re.compile(">=|<=|!=|<|>")


def spell_operators(text: str) -> str:
    """`text` with its comparison operators as words (`DateSent<` -> `DateSent_lt_`): Twilio's
    query parameters `DateSent`, `DateSent<` and `DateSent>` were the arguments `date_sent`,
    `date_sent_` and `date_sent__`, which say nothing of the bound they set, and which a
    document listing the three in another order silently swaps."""
    return _OPERATOR.sub(lambda found: f"_{_OPERATORS[found.group()]}_", text)


def argument_name(text: str, *, reserved: Iterable[str] = ()) -> str:
    """`natural_argument_name` of a method argument (`value` for a name without a character a
    name can hold), clear of `self`, the arguments every method has and `reserved`: a trailing
    `_` per clash."""
    return _cleared(natural_argument_name(text) or "value", {*RESERVED_ARGUMENTS, *reserved})


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


def cut_with_hash(name: str, limit: int, whole: str | None = None) -> str:
    """`name`, or when it is longer than `limit` characters its start told apart by a hash of
    `whole` (the name itself by default): a file name must stay well under the 255 bytes file
    systems allow, and two long names that start alike must stay apart."""
    if len(name) <= limit:
        return name
    digest = hashlib.sha256((whole if whole is not None else name).encode("utf-8")).hexdigest()
    return f"{name[:limit - 11].rstrip('_')}_{digest[:10]}"


# Names Windows keeps for devices, whatever their case or extension (`con.py` cannot be
# created or checked out there).
WINDOWS_DEVICES = frozenset({"con", "prn", "aux", "nul",
                             *(f"{port}{n}" for port in ("com", "lpt") for n in range(10))})


def module_stem(name: str) -> str:
    """The file name (without `.py`) of a module named after the identifier `name`: `name`,
    or `_name` for a Windows device name; no identifier the namespace plan makes starts with
    `_`, so the two never meet."""
    return f"_{name}" if name.lower() in WINDOWS_DEVICES else name
