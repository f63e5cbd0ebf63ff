"""The rules for slips that leave what is sent as it was: a part of the document left out or
left empty, a parameter written loosely, a status key that is no status. Each rule is one
entry of `triage._RULES` (the one table of decisions), read the same way: a problem in, a
`Decision` out, or None when the rule does not know the problem.

A parameter's slips are themselves a table (`PARAMETER_SLIPS`): what each one looks like, what
the problem it explains says, and how it is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.document.pointer import HTTP_METHODS, join_tokens, resolve_pointer
from generator.document.schemas import in_schema, is_name, parameter_pointer
from generator.problems import Problem
from generator.tolerate import messages, repairs
from generator.tolerate.decisions import Decision

_ROOT_PARTS = {
    "paths": "reads the missing `paths` as `{}`: a package of models only, without methods",
    "info": "reads the missing `info` as empty",
}
_EMPTY: dict[str, Callable[[], Any]] = {"object": dict, "array": list}
_STATUS_KEY = re.compile(r"default|[1-5](?:[0-9]{2}|XX)|x-.*")


def missing_root_part(data: dict[str, Any], problem: Problem,
                      tokens: list[str]) -> Decision | None:
    """No `paths` (a document of components only) or no `info`: read as empty, like a missing
    `info.version`."""
    name = messages.missing_required(problem.message) if problem.code == "schema:required" else None
    if tokens or name not in _ROOT_PARTS:
        return None
    return Decision(problem, "repairable", _ROOT_PARTS[str(name)],
                    fix=repairs.set_default("", str(name), {}))


def empty_yaml_value(data: dict[str, Any], problem: Problem,
                     tokens: list[str]) -> Decision | None:
    """`paths:`, `info:` or `headers:` with nothing after them is YAML's null: read as the
    empty map (or list) the place holds. A schema written so is decided as a schema; an empty
    `security:` by where it is (it has no one empty reading)."""
    if problem.code != "schema:type" or not tokens or in_schema(tokens) or (
            tokens[-1] == "security"):  # `[]` would mean "no credentials", absent "inherited"
        return None
    found, value = resolve_pointer(data, problem.pointer)
    kind = messages.expected_type(problem.message)
    if not found or value is not None or kind not in _EMPTY:
        return None
    empty = _EMPTY[str(kind)]
    shown = "`{}`" if kind == "object" else "`[]`"
    return Decision(problem, "repairable", f"reads the empty `{tokens[-1]}:` as {shown}",
                    fix=repairs.transform(problem.pointer, lambda _: empty()))


def missing_responses(data: dict[str, Any], problem: Problem,
                      tokens: list[str]) -> Decision | None:
    """A 3.0 operation without `responses`: it documents no response; the method returns
    nothing typed (as for one whose responses have no content)."""
    name = messages.missing_required(problem.message) if problem.code == "schema:required" else None
    if name != "responses" or not tokens or tokens[-1] not in HTTP_METHODS:
        return None
    return Decision(problem, "repairable",
                    "reads the missing `responses` as no documented response",
                    fix=repairs.set_default(problem.pointer, "responses", {}))


def status_keys(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """An operation's `responses` with a key that is no status (`abcdef`): that key goes, the
    operation stays; left empty, the operation documents no response."""
    if len(tokens) < 2 or tokens[-1] != "responses" or tokens[-2] not in HTTP_METHODS or is_name(
            tokens, len(tokens) - 1):
        return None
    found, responses = resolve_pointer(data, problem.pointer)
    if not found or not isinstance(responses, dict):
        return None
    invalid = [key for key in responses if not _STATUS_KEY.fullmatch(key)]
    # `2xx`: the range `2XX` as OpenAPI spells it
    ranges = {key: key.upper() for key in invalid
              if _STATUS_KEY.fullmatch(key.upper()) and key.upper() not in responses}
    dropped = [key for key in invalid if key not in ranges]
    said = []
    if ranges:
        said.append("reads " + ", ".join(f"`{key}` as `{new}`" for key, new in ranges.items()))
    if dropped:
        left = "" if len(dropped) < len(responses) else " (no documented response is left)"
        said.append("drops the invalid status key(s) " + ", ".join(f"`{key}`" for key in dropped)
                    + left)
    if said:
        return Decision(problem, "repairable", "; ".join(said),
                        fix=repairs.rename_keys(problem.pointer, ranges, dropped))
    if not responses:
        return Decision(problem, "repairable",
                        "reads the empty `responses` as no documented response")
    return None


def local_servers(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """An invalid `servers` of a path item or an operation goes, as at the top: the client
    sends every request to its base URL and reads no other servers."""
    for index, token in enumerate(tokens):
        owner = tokens[index - 1] if index else ""
        holder = tokens[index - 2] if index >= 2 else ""
        if token == "servers" and (owner in HTTP_METHODS or holder in ("paths", "pathItems")):
            target = join_tokens("", *tokens[: index + 2])
            return Decision(problem, "repairable",
                            f"drops the invalid `{target}` (a path's or an operation's servers "
                            "are not read: requests go to the client's base URL)",
                            fix=repairs.delete(target))
    return None


def path_items_in_30(data: dict[str, Any], problem: Problem,
                     tokens: list[str]) -> Decision | None:
    """`components/pathItems` in a 3.0 document (3.1's): kept and read as 3.1 does, so that
    the paths whose `$ref` names one keep their operations."""
    if tokens != ["components"] or not problem.code.startswith("schema:"):
        return None
    names = messages.unexpected_names(problem.message)
    if "pathItems" not in names:
        return None
    dropped = [name for name in names if name != "pathItems"]
    action = "keeps `pathItems` (read as OpenAPI 3.1 does: the paths' `$ref`s to it resolve)"
    if dropped:
        action += "; drops the unknown field(s) " + ", ".join(f"`{name}`" for name in dropped)
    return Decision(problem, "repairable", action,
                    fix=repairs.delete_keys(problem.pointer, dropped) if dropped else None)


def false_subschema(data: dict[str, Any], problem: Problem,
                    tokens: list[str]) -> Decision | None:
    """`allOf: [false]` (no value is valid): read as datamodel-code-generator reads a bare
    `false`, any value; it cannot generate a schema nothing satisfies."""
    if problem.code != "false-subschema":
        return None
    return Decision(problem, "repairable",
                    "reads the `false` as unconstrained (any value): no model can accept nothing",
                    fix=repairs.transform(problem.pointer, lambda _: {}))


# --------------------------------------------------------------------------- parameters


@dataclass(frozen=True)
class ParameterSlip:
    """One loose way of writing a parameter that has one evident meaning."""

    fields: frozenset[str]  # where a problem it explains points ("": the parameter itself)
    word: str  # what such a problem's message says when it points at the parameter itself
    applies: Callable[[dict[str, Any]], bool]
    says: Callable[[dict[str, Any]], str]
    fix: Callable[[dict[str, Any]], None]  # changes the parameter in place

    def explains(self, field: str, message: str) -> bool:
        """Whether a problem at `field` of the parameter, saying `message`, is this slip."""
        return field in self.fields and (field != "" or self.word in message)


_TRUE_WORDS = frozenset({"true", "yes", "y", "1", "required", "mandatory"})
# The styles each location allows, its default first.
_STYLES = {"path": ("simple", "matrix", "label"), "header": ("simple",), "cookie": ("form",),
           "query": ("form", "spaceDelimited", "pipeDelimited", "deepObject")}
_SCALARS = frozenset({"string", "integer", "number", "boolean"})


def _loose_required(parameter: dict[str, Any]) -> bool:
    return "required" in parameter and not isinstance(parameter["required"], bool)


def _read_required(parameter: dict[str, Any]) -> bool:
    return parameter.get("in") == "path" or str(parameter["required"]).lower() in _TRUE_WORDS


def _set_required(parameter: dict[str, Any]) -> None:
    parameter["required"] = _read_required(parameter)


def _optional_path(parameter: dict[str, Any]) -> bool:
    return parameter.get("in") == "path" and parameter.get("required") is not True


def _wrong_style(parameter: dict[str, Any]) -> bool:
    """A `style` its location does not have, where the location's default sends the same:
    the only style of headers and cookies, or a single value in a path or query."""
    allowed = _STYLES.get(str(parameter.get("in")))
    if allowed is None or "style" not in parameter or parameter["style"] in allowed:
        return False
    schema = parameter.get("schema")
    scalar = isinstance(schema, dict) and schema.get("type") in _SCALARS
    return len(allowed) == 1 or scalar


def _drop_style(parameter: dict[str, Any]) -> None:
    parameter.pop("style", None)


def _both_examples(parameter: dict[str, Any]) -> bool:
    return "example" in parameter and "examples" in parameter


def _drop_example(parameter: dict[str, Any]) -> None:
    parameter.pop("example", None)


def _many_media_types(parameter: dict[str, Any]) -> bool:
    content = parameter.get("content")
    return isinstance(content, dict) and len(content) > 1


def _first_media_type(parameter: dict[str, Any]) -> None:
    first = next(iter(parameter["content"]))
    parameter["content"] = {first: parameter["content"][first]}


PARAMETER_SLIPS: tuple[ParameterSlip, ...] = (
    ParameterSlip(frozenset({"", "required", "in"}), "required", _optional_path,
                  lambda p: "reads it as required (a path parameter always is)",
                  _set_required),
    ParameterSlip(frozenset({"required"}), "required", _loose_required,
                  lambda p: f"reads `required: {p['required']!r}` as "
                            f"`{str(_read_required(p)).lower()}`",
                  _set_required),
    ParameterSlip(frozenset({"style", "in"}), "style", _wrong_style,
                  lambda p: f"drops `style: {p['style']}`: a {p['in']} parameter is sent "
                            f"`{_STYLES[p['in']][0]}` style",
                  _drop_style),
    ParameterSlip(frozenset({""}), "example", _both_examples,
                  lambda p: "drops `example` (`examples` is kept: the two exclude each other)",
                  _drop_example),
    ParameterSlip(frozenset({"content"}), "", _many_media_types,
                  lambda p: f"keeps `{next(iter(p['content']))}`, the first of its media "
                            "types (a parameter has one)",
                  _first_media_type),
)


def parameter_slip(data: dict[str, Any], problem: Problem, tokens: list[str]) -> Decision | None:
    """A problem of a parameter that one of `PARAMETER_SLIPS` explains: repaired, the
    parameter named. Any other problem of a parameter is left to the rules after this one."""
    found_at = parameter_pointer(tokens)
    if found_at is None or problem.code in ("invalid-parameter", "dangling-ref"):
        return None
    pointer, field = join_tokens("", *found_at[0]), found_at[1]
    found, parameter = resolve_pointer(data, pointer)
    if not found or not isinstance(parameter, dict) or "$ref" in parameter:
        return None
    slips = [slip for slip in PARAMETER_SLIPS
             if slip.explains(field, problem.message) and slip.applies(parameter)]
    if not slips:
        return None
    said = "; ".join(slip.says(parameter) for slip in slips)
    named = f"parameter `{parameter.get('name')}`"
    if named not in problem.message:  # openapi-spec-validator's messages name it already
        said = f"{named}: {said}"
    return Decision(problem, "repairable", said,
                    fix=repairs.change_object(pointer, [slip.fix for slip in slips],
                                              [slip.applies for slip in slips]))
