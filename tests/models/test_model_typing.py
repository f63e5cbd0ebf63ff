"""models.py passes `mypy --strict` where datamodel-code-generator's output would not (found on
OpenAI's and Azure OpenAI's documents): a subclass changing a field's type, two bases declaring
one field differently, a root-model field with a bare default, an object-model field whose
default is its JSON object, `typing.Dict`. mypy itself
judges the result, so an ignore that is not needed (`--strict` reports it) fails too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pydantic
import pytest

from generator.models.typing_fixes import mypy_clean
from generator.output.format import RUFF_FIXES, RUFF_SETTINGS
from tests.support import import_from

MODELS = """\
from __future__ import annotations

from enum import Enum, StrEnum
from typing import Annotated, Dict, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel


class ToolStatus(Enum):
    a = "a"


class Color(StrEnum):
    red = "red"


class CallStatus(Enum):
    b = "b"


class N(RootModel[int]):
    root: Annotated[int, Field(ge=1)]


class Base(BaseModel):
    status: ToolStatus | None = None
    kind: Literal["x", "y"] | None = None
    count: float | None = None
    name: str
    note: int | None = None
    user: str = None
    color: str | None = None
    limit: float
    flag: int | None = None


class Other(BaseModel):
    name: int


class Call(Base):
    status: Annotated[
        CallStatus,
        Field(description="d"),
    ]
    kind: Literal["x"]
    count: int
    note: Annotated[str, Field(description="A description long enough that the formatter wraps this line.")] = "n"
    user: str | None = None
    color: Color  # a StrEnum is a str: no ignore (mypy would call one unused)
    limit: Literal[429]  # an int where a float goes (Figma's 429 error's `status`): no ignore
    flag: Literal[True]  # a bool is an int: no ignore


class Both(Base, Other):
    pass


class ABaseWithALongNameSoThatTheFormatterWrapsTheHeaderOfTheClassUsingIt(BaseModel):
    name: bytes


class WrappedByTheFormatter(Base, ABaseWithALongNameSoThatTheFormatterWrapsTheHeaderOfTheClassUsingIt):
    pass


class Extra(BaseModel):
    model_config = ConfigDict(extra="allow")
    __annotations__ = {
        "__pydantic_extra__": Dict[str, str],
    }


class Preset(BaseModel):
    value: str | None = None


class Req(BaseModel):
    n: Annotated[N | None, Field(validate_default=True)] = 1
    user: Annotated[str, Field(description="d")] = None
    tags: Dict[str, str] = None
    preset: Annotated[Preset, Field(validate_default=True)] = {"value": "p"}
    below: Annotated[Below, Field(validate_default=True)] = {"value": "b"}
    presets: Annotated[dict[str, Preset], Field(validate_default=True)] = {"a": {"value": "m"}}
    listed: Annotated[list[Preset], Field(validate_default=True)] = [{"value": "l"}]


class Below(BaseModel):  # defined after the default that names it: that line is ignored
    value: str | None = None


class Named(BaseModel):
    name: str | None = None


class NarrowedTwice(Base, Named):
    pass
"""


def _mypy(folder: Path, name: str, text: str) -> subprocess.CompletedProcess[str]:
    (folder / f"{name}.py").write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null",
         f"{name}.py"],
        cwd=folder, capture_output=True, text=True, timeout=300, check=False,
    )


def test_what_mypy_rejects_is_marked_or_resolved_and_nothing_else(tmp_path: Path) -> None:
    before = _mypy(tmp_path, "before", MODELS)
    assert before.returncode == 1
    assert "[assignment]" in before.stdout and "[misc]" in before.stdout
    cleaned = mypy_clean(MODELS)
    after = _mypy(tmp_path, "after", cleaned)
    assert after.returncode == 0, after.stdout
    assert cleaned.count("# type: ignore") == 6  # `user` fits once the base's says `| None`  # `kind` and `count` narrow compatibly: none
    assert "class Both(  # type: ignore[misc]\n    Base,\n    Other,\n):\n" in cleaned
    assert "status: Annotated[  # type: ignore[assignment]" in cleaned
    assert "= N(1)" in cleaned and "dict[str, str]" in cleaned
    assert '= Preset.model_validate({"value": "p"})' in cleaned
    # Docker's `Runtimes` (a map of objects) and a list of them: each entry its model
    assert '= {"a": Preset.model_validate({"value": "m"})}' in cleaned
    assert '= [Preset.model_validate({"value": "l"})]' in cleaned
    assert "user: Annotated[str | None, Field(" in cleaned and "tags: dict[str, str] | None = None" in cleaned
    # two bases declaring `name` as `str` and `str | None`: mypy wants the same type, a subtype
    # is not enough
    assert 'Definition of "name" in base class "Base" is incompatible with definition in base class "Named"' in before.stdout
    assert "class NarrowedTwice(  # type: ignore[misc]" in cleaned
    assert mypy_clean(cleaned) == cleaned  # a second pass finds nothing more


def test_the_ignores_stay_where_mypy_reports_once_formatted(tmp_path: Path) -> None:
    """The package's formatter wraps long headers and lines; each ignore must still sit on the
    line mypy reports (a comment at the end of a wrapped class header would move to its `):`)."""
    (tmp_path / "formatted.py").write_text(mypy_clean(MODELS), encoding="utf-8")
    subprocess.run([str(Path(sys.executable).parent / "ruff"), "format", *RUFF_SETTINGS, "formatted.py"],
                   cwd=tmp_path, check=True, capture_output=True, timeout=60)
    formatted = (tmp_path / "formatted.py").read_text(encoding="utf-8")
    assert "class WrappedByTheFormatter(  # type: ignore[misc]\n" in formatted
    result = _mypy(tmp_path, "formatted", formatted)
    assert result.returncode == 0, result.stdout


def test_the_models_behave_as_before(tmp_path: Path) -> None:
    (tmp_path / "cleaned.py").write_text(mypy_clean(MODELS), encoding="utf-8")
    models = import_from(tmp_path, "cleaned")
    assert models.Req().n == models.N(1) and models.Req(n=3).n == models.N(3)
    first, second = models.Req(), models.Req()
    assert first.preset == models.Preset(value="p") and first.preset is not second.preset
    assert first.below == models.Below(value="b")
    assert first.presets == {"a": models.Preset(value="m")} and first.presets is not second.presets
    assert first.listed == [models.Preset(value="l")]
    assert models.Req().user is None and models.Req(user="u").user == "u"
    call = models.Call(status="b", kind="x", count=1, name="n", color="red", limit=429, flag=True)
    assert call.status is models.CallStatus.b
    assert models.Extra(note="x").model_extra == {"note": "x"}


def test_a_clean_module_is_left_as_it_is() -> None:
    source = "from pydantic import BaseModel\n\n\nclass A(BaseModel):\n    x: int = 1\n"
    assert mypy_clean(source) is source


UNUSUAL = '''\
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, RootModel


class Left(BaseModel):
    name: str | None = None


class Right(BaseModel):
    name: int | None = None


class Commented(
    Left,
    Right,  # the second base: \u00e9 (it must come last)
):
    pass


class Cycle(BaseModel):
    later: Annotated[Later | None, Field(validate_default=True)] = 1


class Later(RootModel[int]):
    root: int
'''


def test_unusual_headers_and_a_root_model_defined_below_stay_importable_and_mypy_clean(
    tmp_path: Path,
) -> None:
    """A `:` in a comment after the last base is not the header's end (it was: the `):` was
    left behind, a syntax error); a root model defined below the field defaulting to it (a
    cycle) cannot be called there (`Later(1)` fails the import): the default stays bare and
    the line ignores the assignment."""
    cleaned = mypy_clean(UNUSUAL)
    assert "class Commented(  # type: ignore[misc]\n    Left,\n    Right,\n):\n    pass" in cleaned
    assert "Field(validate_default=True)] = 1  # type: ignore[assignment]" in cleaned
    result = _mypy(tmp_path, "unusual", cleaned)
    assert result.returncode == 0, result.stdout
    models = import_from(tmp_path, "unusual")
    models.Cycle.model_rebuild()
    assert models.Cycle().later == models.Later(1)


NAMED_LIKE_TYPING = '''\
from __future__ import annotations

from typing import Dict

from pydantic import BaseModel, ConfigDict


class List(BaseModel):
    name: str | None = None


class Holder(BaseModel):
    model_config = ConfigDict(extra="allow")
    __annotations__ = {
        "__pydantic_extra__": Dict[str, str],
    }
    items: List | None = None
'''


def test_a_model_named_like_a_typing_alias_keeps_its_type(tmp_path: Path) -> None:
    """A schema named `List` is a model class: a field typed with it stays typed with it (it
    became the builtin `list`, which takes any list and gives no model); `typing.Dict`, imported
    as such, still becomes `dict`."""
    cleaned = mypy_clean(NAMED_LIKE_TYPING)
    assert "items: List | None = None" in cleaned and '"__pydantic_extra__": dict[str, str]' in cleaned
    (tmp_path / "named.py").write_text(cleaned, encoding="utf-8")
    models = import_from(tmp_path, "named")
    assert isinstance(models.Holder(items={"name": "n"}).items, models.List)


RECURSIVE_ROOT = '''\
from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import Field, RootModel


class Value(RootModel[Union[str, Literal["a|b"], dict[str, Any], list[Optional["Value"]]]]):
    root: str | Literal["a|b"] | dict[str, Any] | list[Value | None]


class Described(RootModel[list[Annotated[Union[int, Optional["Described"]], Field(description="a b")]]]):
    root: list[Annotated[int | Described | None, Field(description="a b")]]
'''


def test_a_recursive_root_models_base_is_one_string_ruff_accepts(tmp_path: Path) -> None:
    """dcg writes a recursive root model's base with `Union` and a quoted forward reference (the
    `|` form fails at run time there); ruff rejects it (UP007) without a fix. One string takes
    its place: ruff and mypy pass, pydantic validates as before, Literal values stay strings."""
    cleaned = mypy_clean(RECURSIVE_ROOT)
    assert """class Value(RootModel["str | Literal['a|b'] | dict[str, Any] | list[Value | None]"]):""" in cleaned
    (tmp_path / "recursive.py").write_text(cleaned, encoding="utf-8")
    ruff = subprocess.run([str(Path(sys.executable).parent / "ruff"), "check", *RUFF_SETTINGS, "recursive.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    assert "UP007" not in ruff.stdout, ruff.stdout
    assert _mypy(tmp_path, "checked", cleaned).returncode == 0
    # a Field's strings are values, not references: only the forward reference loses its quotes
    assert """RootModel["list[Annotated[int | Described | None, Field(description='a b')]]"]""" in cleaned
    module = import_from(tmp_path, "recursive")
    assert module.Value.model_validate(["x", None, ["a|b"]]).model_dump() == ["x", None, ["a|b"]]
    assert module.Described.model_validate([1, None, [2]]).model_dump() == [1, None, [2]]


PARSED_DEFAULTS = """\
from __future__ import annotations

from datetime import date, datetime, time
from typing import Annotated
from uuid import UUID

from pydantic import AnyUrl, BaseModel, Field


class Stamped(BaseModel):
    home: AnyUrl = "https://example.com/"
    described: Annotated[AnyUrl | None, Field(description="d")] = "https://example.com/a"
    key: UUID = "8f14e45f-ceea-467e-a4ad-7a7b5a6b5e51"
    at: datetime = "2020-01-01T00:00:00Z"
    day: date = "2020-01-02"
    hour: time | None = "12:30:00"
    not_a_url: AnyUrl = ""
"""


def test_a_url_uuid_date_or_time_default_is_a_value_of_its_type(tmp_path: Path) -> None:
    """dcg writes a `format: uri` / `uuid` / `date-time` / `date` / `time` field's default as
    its JSON string, which mypy rejects (and unvalidated, the attribute held the string): a
    string that parses becomes the value (`AnyUrl("...")`, `datetime.fromisoformat("...")`);
    one that does not stays as it was (it would fail the import; `validate` reports it, and its
    repair drops it)."""
    cleaned = mypy_clean(PARSED_DEFAULTS)
    assert 'home: AnyUrl = AnyUrl("https://example.com/")' in cleaned
    assert '= AnyUrl("https://example.com/a")' in cleaned
    assert 'key: UUID = UUID("8f14e45f-ceea-467e-a4ad-7a7b5a6b5e51")' in cleaned
    assert 'at: datetime = datetime.fromisoformat("2020-01-01T00:00:00Z")' in cleaned
    assert 'day: date = date.fromisoformat("2020-01-02")' in cleaned
    assert 'hour: time | None = time.fromisoformat("12:30:00")' in cleaned
    assert 'not_a_url: AnyUrl = ""' in cleaned
    checked = _mypy(tmp_path, "parsed", cleaned.replace('    not_a_url: AnyUrl = ""\n', ""))
    assert checked.returncode == 0, checked.stdout
    (tmp_path / "stamped.py").write_text(cleaned, encoding="utf-8")
    stamped = import_from(tmp_path, "stamped").Stamped()
    assert str(stamped.home) == "https://example.com/" and stamped.day.day == 2
    assert stamped.at.tzinfo is not None and stamped.key.version == 4


ALIASED_DEFAULTS = """\
from __future__ import annotations

from datetime import date as date_aliased
from datetime import time as time_aliased
from datetime import timedelta
from ipaddress import IPv4Address, IPv6Address
from typing import Annotated

from pydantic import BaseModel, Field


class Query(BaseModel):
    date: Annotated[date_aliased, Field(examples=["1996-12-19"])] = "1985-04-12"
    time: time_aliased | None = "23:20:50.52"
    ttl: timedelta = "P1DT2H0.5S"
    bind: IPv4Address = "0.0.0.0"
    bind6: IPv6Address = "::1"
    not_an_ip: IPv4Address = "localhost"
"""


def test_a_default_of_a_type_imported_under_another_name_or_an_ip_or_duration_is_a_value(
        tmp_path: Path) -> None:
    """A field named `date` or `time` (a `date` query parameter's model) gets its type imported
    as `date_aliased`: its default stayed the string, as did an `ipv4` / `ipv6` / `duration`
    field's (ReadMe's `schema-validation` documents: mypy --strict failed on the package, the
    attribute of a model made without it held a `str`)."""
    cleaned = mypy_clean(ALIASED_DEFAULTS)
    assert '= date_aliased.fromisoformat("1985-04-12")' in cleaned
    assert 'time: time_aliased | None = time_aliased.fromisoformat("23:20:50.52")' in cleaned
    assert "ttl: timedelta = timedelta(days=1, seconds=7200, microseconds=500000)" in cleaned
    assert 'bind: IPv4Address = IPv4Address("0.0.0.0")' in cleaned
    assert 'bind6: IPv6Address = IPv6Address("::1")' in cleaned
    assert 'not_an_ip: IPv4Address = "localhost"' in cleaned  # (`validate` drops it)
    checked = _mypy(tmp_path, "aliased", cleaned.replace('    not_an_ip: IPv4Address = "localhost"\n', ""))
    assert checked.returncode == 0, checked.stdout
    (tmp_path / "aliased.py").write_text(cleaned, encoding="utf-8")
    query = import_from(tmp_path, "aliased").Query()
    assert query.date.year == 1985 and query.time is not None and query.time.microsecond == 520000
    assert query.ttl.days == 1 and str(query.bind) == "0.0.0.0" and query.bind6.version == 6


CONSTRAINED_MEMBERS = """\
from __future__ import annotations

from pydantic import BaseModel, RootModel, conint, constr


class Either(BaseModel):
    u: constr(min_length=2) | conint(ge=5) | None = None


class Short(RootModel[constr(max_length=4) | int]):
    root: constr(max_length=4) | int


class Patterned(RootModel[constr(pattern="^a") | int]):
    root: constr(pattern="^a") | int
"""


def test_a_type_array_constrained_per_type_checks_the_same_without_calls(tmp_path: Path) -> None:
    """A 3.1 `type: [string, integer]` with `minLength` and `minimum`: dcg types the members
    with pydantic's `constr(...)` / `conint(...)`, calls mypy refuses in an annotation
    ("Cannot use a function call in a type annotation", in models and in the methods' typed
    arguments). They become `Annotated[str, Field(...)]`, which pydantic checks alike, the two
    names imported where the module did not (its only constrained field was this one)."""
    assert _mypy(tmp_path, "called", CONSTRAINED_MEMBERS).returncode == 1
    cleaned = mypy_clean(CONSTRAINED_MEMBERS)
    assert ("u: Annotated[str, Field(min_length=2)] | Annotated[int, Field(ge=5)] | None = None"
            in cleaned)
    assert "class Short(RootModel[Annotated[str, Field(max_length=4)] | int]):" in cleaned
    assert "class Patterned(RootModel[Annotated[str, Field(pattern='^a')] | int]):" in cleaned
    assert "from typing import Annotated\n" in cleaned
    assert "from pydantic import BaseModel, RootModel, conint, constr, Field\n" in cleaned
    checked = _mypy(tmp_path, "constrained", cleaned)
    assert checked.returncode == 0, checked.stdout
    (tmp_path / "members.py").write_text(cleaned, encoding="utf-8")
    module = import_from(tmp_path, "members")
    assert module.Either(u="ab").u == "ab" and module.Either(u=7).u == 7
    for refused in ("a", 3):
        with pytest.raises(pydantic.ValidationError):
            module.Either(u=refused)
    with pytest.raises(pydantic.ValidationError):
        module.Short("abcde")
    with pytest.raises(pydantic.ValidationError):
        module.Patterned("b")


ARRAY_ENUM = '''\
from __future__ import annotations

from enum import Enum


class Action(Enum):
    array___abuse__ = ["abuse"]
    array___bounce__ = ["bounce", "soft"]
    plain = "x"
'''


def test_an_enum_of_arrays_passes_ruff_and_keeps_its_values(tmp_path: Path) -> None:
    """Mailchimp's `enum: [[abuse], [bounce]]` of an array: dcg makes list-valued members,
    which ruff reports (RUF012, a mutable class attribute): the package failed its own check.
    Marked where ruff reports it, formatted as the package is; the values stay what the
    document says."""
    cleaned = mypy_clean(ARRAY_ENUM)
    assert cleaned.count("# noqa: RUF012") == 2
    (tmp_path / "actions.py").write_text(cleaned, encoding="utf-8")
    tool = str(Path(sys.executable).parent / "ruff")
    subprocess.run([tool, "format", *RUFF_SETTINGS, "actions.py"], cwd=tmp_path,
                   capture_output=True, timeout=60, check=True)
    ruff = subprocess.run([tool, "check", *RUFF_SETTINGS, "--extend-select=RUF012", "actions.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    assert ruff.returncode == 0, ruff.stdout
    module = import_from(tmp_path, "actions")
    assert [m.value for m in module.Action] == [["abuse"], ["bounce", "soft"], "x"]


BYTES_AND_UNION_DEFAULTS = """\
from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, RootModel


class QrCode(RootModel[bytes]):
    root: bytes = ""


class Window(BaseModel):
    since: datetime | date = "2000-01-01"
    stamped: datetime | date = "2000-01-01T10:00:00Z"
    labelled: str | date = "2000-01-01"
    until: datetime | date = "not a date"
"""


def test_a_bytes_or_union_default_is_a_value_its_type_takes(tmp_path: Path) -> None:
    """Neutrino's `format: binary` answers default to "" (mypy: a `str` is no `bytes`);
    OpenAQ's `date_from` is `datetime | date` with a string default: the value pydantic reads
    it into from JSON (a date string a `date`, a date and time a `datetime`). A union with
    `str` takes the string as it is; one that parses in no member stays (the `default` check
    reports it)."""
    cleaned = mypy_clean(BYTES_AND_UNION_DEFAULTS)
    assert "root: bytes = b''" in cleaned
    assert 'since: datetime | date = date.fromisoformat("2000-01-01")' in cleaned
    assert 'stamped: datetime | date = datetime.fromisoformat("2000-01-01T10:00:00Z")' in cleaned
    assert 'labelled: str | date = "2000-01-01"' in cleaned
    assert 'until: datetime | date = "not a date"' in cleaned
    checked = _mypy(tmp_path, "windows", cleaned.replace(
        '    until: datetime | date = "not a date"\n', ""))
    assert checked.returncode == 0, checked.stdout
    (tmp_path / "window.py").write_text(cleaned, encoding="utf-8")
    module = import_from(tmp_path, "window")
    window = module.Window()
    assert module.QrCode().root == b"" and window.since == module.date(2000, 1, 1)
    assert type(window.since) is module.date and window.stamped.hour == 10


INHERITED_MUTABLE_DEFAULTS = """\
from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field


class Base(BaseModel):
    tags: list[int] | None = None


class Text(Base):
    settings: Annotated[dict[str, Any], Field(description="d")] = {}
    tags: list[str] = ["a"]
    long: list[str] = [
        "first",
        "second",
    ]
    wide: list[str] = ["a value long enough to wrap", "and another one", "and a third one too"]


class Plain(BaseModel):
    names: list[str] = []
"""
BASE_DEFINED = """\
class Base(BaseModel):
    tags: list[int] | None = None
"""


def test_a_mutable_default_of_a_derived_model_passes_ruff_and_mypy(tmp_path: Path) -> None:
    """json2video's `Text(BaseElement, VisualElement)` with `settings: ... = {}`: ruff knows
    pydantic copies a default only of a class deriving from `BaseModel` where it sees that base
    (RUF012, on by default since ruff 0.17): a group module imports it from another. Marked on
    the value's first line, after its opening bracket (where ruff reports it however the
    formatter wraps the value; at the end of a line the formatter wrapped, it followed the
    closing bracket), an empty value's at its line's end; a direct `BaseModel` is left as it
    is; where ruff sees the base after all, its fix pass (the package's) drops the mark
    (RUF100)."""
    cleaned = mypy_clean(INHERITED_MUTABLE_DEFAULTS)
    assert 'tags: list[str] = [  # noqa: RUF012\n"a"]  # type: ignore[assignment]' in cleaned
    assert cleaned.count("# noqa: RUF012") == 4 and "names: list[str] = []\n" in cleaned
    assert "settings: Annotated[dict[str, Any], Field(description=\"d\")] = {}  # noqa: RUF012\n" \
        in cleaned
    (tmp_path / "bases.py").write_text(
        "from pydantic import BaseModel\n\n\n" + BASE_DEFINED, encoding="utf-8")
    apart = cleaned.replace(BASE_DEFINED, "").replace(
        "from pydantic import BaseModel, Field\n", "from bases import Base\nfrom pydantic import BaseModel, Field\n")
    tool = str(Path(sys.executable).parent / "ruff")
    for name, text in (("apart", apart), ("together", cleaned)):
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
        for step in (["check", *RUFF_SETTINGS, *RUFF_FIXES], ["format", *RUFF_SETTINGS]):
            subprocess.run([tool, *step, f"{name}.py"], cwd=tmp_path, capture_output=True,
                           timeout=60, check=True)
        ruff = subprocess.run([tool, "check", *RUFF_SETTINGS, f"{name}.py"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=60, check=False)
        assert ruff.returncode == 0, ruff.stdout
    assert (tmp_path / "apart.py").read_text(encoding="utf-8").count("# noqa: RUF012") == 4
    assert "# noqa" not in (tmp_path / "together.py").read_text(encoding="utf-8")
    checked = _mypy(tmp_path, "apart", (tmp_path / "apart.py").read_text(encoding="utf-8"))
    assert checked.returncode == 0, checked.stdout
    assert import_from(tmp_path, "apart").Text().settings == {}


LONG_OVERRIDE = """\
from __future__ import annotations

from enum import Enum
from typing import Annotated

from pydantic import BaseModel, Field


class Status(Enum):
    queued = "queued"
    done = "done"


class OptionStatus(Enum):
    done = "done"


class Option(BaseModel):
    status: OptionStatus | None = None


class ChecksCreateBody(Option):
    status: Annotated[Status, Field(description="The current status of the check run.")] = Status.queued
    short: int = 1
"""


def test_an_override_ignore_stays_on_the_defaults_line_when_the_formatter_wraps_it(
        tmp_path: Path) -> None:
    """GitHub Enterprise's `checks/create` `status`: a statement past the line length, whose
    default the formatter put alone between parentheses, the `# type: ignore` following the
    closing one, a line below where mypy reports the conflict (mypy --strict: the error and an
    unused ignore). The default is put between parentheses here, the ignore after it."""
    from generator.models import typing_fixes
    from generator.render.style import LINE_LENGTH

    assert typing_fixes.LINE_LENGTH == LINE_LENGTH  # (the stage cannot import render's)
    cleaned = mypy_clean(LONG_OVERRIDE)
    assert "= (\nStatus.queued  # type: ignore[assignment]\n)" in cleaned
    (tmp_path / "checks.py").write_text(cleaned, encoding="utf-8")
    tool = str(Path(sys.executable).parent / "ruff")
    subprocess.run([tool, "format", *RUFF_SETTINGS, "checks.py"], cwd=tmp_path,
                   capture_output=True, timeout=60, check=True)
    formatted = (tmp_path / "checks.py").read_text(encoding="utf-8")
    assert "        Status.queued  # type: ignore[assignment]\n    )\n" in formatted
    checked = _mypy(tmp_path, "checks_checked", formatted)
    assert checked.returncode == 0, checked.stdout
    assert import_from(tmp_path, "checks").ChecksCreateBody().status.value == "queued"
