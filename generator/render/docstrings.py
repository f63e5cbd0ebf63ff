"""The docstring text of a generated method: summary, description, Args, Returns, Raises.

Google style, wrapped to the width a method's docstring has in the formatted code. Spec text
is only rearranged here (prose paragraphs re-wrapped; lists, tables and code kept line by
line); `render.docstring` then makes the text one string literal, whatever it contains.
"""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace

from generator.ir import Operation, Param, ResponseType
from generator.render.style import LINE_LENGTH

# A method's docstring starts 8 columns in (class, then def); its sections indent 4 more.
WIDTH = LINE_LENGTH - 8
INDENT = "    "

# `status_error_class` of templates/runtime/_errors.py: the exception each status raises (a
# test keeps the two tables equal).
STATUS_ERRORS = {
    400: "BadRequestError",
    401: "AuthenticationError",
    403: "PermissionDeniedError",
    404: "NotFoundError",
    409: "ConflictError",
    422: "UnprocessableEntityError",
    429: "RateLimitError",
    529: "OverloadedError",
}

CALL_OPTION_DOCS = {
    "extra_headers": "Headers to send besides the client's and the spec's (they win); an "
    "`Omit()` value removes a header.",
    "extra_query": "Query parameters to add to the request.",
    "extra_body": "Properties to add to the request body (they win over the arguments).",
    "timeout": "The timeout of this request, in seconds, instead of the client's.",
    "max_retries": "The number of retries of this request, instead of the client's.",
}

# the switch of an operation that always streams (`ir.responses.streaming`)
ALWAYS_ON_DOC = "\n\nDefaults to `True`: the operation answers only with a stream."
RAISES_DOCS = {
    "APIStatusError": "The server answered another error status (the subclass of its code "
    "where there is one). Every one has `body`, the decoded JSON or text, and `parsed_body`, "
    "the error model the document declares for the status, if any.",
    "APIConnectionError": "No usable answer: the connection failed, or timed out "
    "(`APITimeoutError`).",
    "APIResponseValidationError": "A success body does not decode into its type.",
    "RequestValidationError": "An argument does not match the spec; nothing was sent.",
}

_LOCATION_DOCS = {
    "path": "The `{}` path parameter.",
    "query": "The `{}` query parameter.",
    "header": "The `{}` header.",
    "cookie": "The `{}` cookie.",
    "body": "The `{}` property of the request body.",
}
# Lines that keep their own line: list items, tables, quotes, headings, indented code.
_STRUCTURED = re.compile(r"\s|[-*+]\s|>|\||#+\s|\d+[.)]\s")
_FENCE = re.compile(r"\s*(```|~~~)")
# The module aliases the resource modules qualify names with; a reader knows the bare names.
_QUALIFIER = re.compile(r"\b_(?:models|params|abc|typing|datetime|decimal|uuid|pydantic)\.")


def error_class(status: str) -> str:
    """The exception the runtime raises for a documented error status key."""
    if status.isdigit():
        code = int(status)
        fallback = "InternalServerError" if code >= 500 else "APIStatusError"
        return STATUS_ERRORS.get(code) or fallback
    return "InternalServerError" if status.upper() == "5XX" else "APIStatusError"


def readable(annotation: str) -> str:
    """An annotation as the docs show it: `list[_models.Pet]` -> `list[Pet]`."""
    return _QUALIFIER.sub("", annotation)


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """`text` as lines of at most `width` where it can be, all but the first starting with
    `indent`: prose paragraphs re-wrapped, other lines kept (a long one wrapped under its own
    indent), fenced code untouched."""
    if len(text) <= width and "\n" not in text and "\r" not in text:
        return [text]  # most descriptions: one short line
    lines: list[str] = []
    for verbatim, block in _blocks(text.replace("\r\n", "\n").replace("\r", "\n")):
        if lines:
            lines.append("")
        first = "" if not lines else indent
        if verbatim:
            lines.extend(first + line if i == 0 else indent + line for i, line in enumerate(block))
        elif any(_STRUCTURED.match(line) for line in block):
            for line in block:
                lines.extend(_wrap_line(line, width, first, indent))
                first = indent
        else:
            joined = " ".join(line.strip() for line in block)
            lines.extend(_wrap_line(joined, width, first, indent))
    return [line if line.strip() else "" for line in lines]


def _blocks(text: str) -> Iterator[tuple[bool, list[str]]]:
    """Paragraphs (split at blank lines) and fenced code blocks (verbatim, blank lines kept)."""
    block: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            if not fenced and block:
                yield False, block
                block = []
            block.append(line)
            if fenced:
                yield True, block
                block = []
            fenced = not fenced
        elif fenced:
            block.append(line)
        elif line.strip():
            block.append(line.rstrip())
        elif block:
            yield False, block
            block = []
    if block:
        yield fenced, block


def _wrap_line(line: str, width: int, first: str, indent: str) -> list[str]:
    if len(first) + len(line) <= width:
        return [first + line]
    own = line[: len(line) - len(line.lstrip())]
    hanging = own + (INDENT if _STRUCTURED.match(line.lstrip()) else "")  # under a list item
    return textwrap.wrap(
        line,
        width,
        initial_indent=first,
        subsequent_indent=indent + hanging,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [first + line]


@functools.lru_cache(maxsize=4096)  # the call options, and descriptions APIs repeat
def _entry(name: str, text: str) -> tuple[str, ...]:
    """`name: text` under a section, continuation lines indented once more."""
    lines = wrap(f"{name}: {text}", WIDTH - len(INDENT), indent=INDENT)
    return tuple(INDENT + line if line else "" for line in lines)


def _section(title: str, entries: Sequence[tuple[str, str]]) -> str:
    lines = [f"{title}:"]
    for name, text in entries:
        lines.extend(_entry(name, text))
    return "\n".join(lines)


@dataclass(frozen=True)
class MethodDoc:
    """The parts of a method's docstring that are the same for each of its signatures."""

    head: str  # summary, description, deprecation
    args: str  # the Args section
    raises: str  # the Raises section

    def text(self, returns: str) -> str:
        """The whole docstring with `returns` as its Returns section."""
        lines = wrap(returns, WIDTH - len(INDENT))
        returns_section = "\n".join(["Returns:",
                                     *(INDENT + line if line else "" for line in lines)])
        parts = (self.head, self.args, returns_section, self.raises)
        return "\n\n".join(part for part in parts if part)


def method_doc(operation: Operation, argument_order: Sequence[str]) -> MethodDoc:
    """`argument_order`: the method's arguments as its signature lists them."""
    return MethodDoc(_head(operation), _args(operation, argument_order), _raises(operation))


def _head(operation: Operation) -> str:
    summary = operation.summary.strip() or f"{operation.http_method.upper()} {operation.path}"
    # the summary shares its first line with the opening quotes
    parts = ["\n".join(wrap(summary, WIDTH - 3))]
    description = operation.description.strip()
    if description and description != summary:
        parts.append("\n".join(wrap(description, WIDTH)))
    if operation.deprecated:
        parts.append("Deprecated: the spec marks this operation as deprecated.")
    return "\n\n".join(parts)


def _args(operation: Operation, argument_order: Sequence[str]) -> str:
    params = {param.name: param for param in operation.params}
    shared = _shared_wire_names(operation.params)
    entries = []
    for name in argument_order:
        param = params.get(name)
        if param is None:
            entries.append((name, CALL_OPTION_DOCS[name]))
        elif operation.stream_only and name == operation.stream_param:
            entries.append((name, _param_doc(replace(param, only_value=()), shared)
                            + ALWAYS_ON_DOC))
        else:
            entries.append((name, _param_doc(param, shared)))
    return _section("Args", entries)


def _shared_wire_names(params: Sequence[Param]) -> set[str]:
    """The names two arguments of one method send (Kubernetes' `dryRun` query parameter and
    body property: `dry_run` and `dry_run_`), whose docs then say where each goes."""
    seen: set[str] = set()
    shared: set[str] = set()
    for param in params:
        if param.location == "body" and not param.model_key:
            continue  # the whole body: no name sent
        (shared if param.wire_name in seen else seen).add(param.wire_name)
    return shared


def _param_doc(param: Param, shared: AbstractSet[str] = frozenset()) -> str:
    place = _LOCATION_DOCS[param.location].format(param.wire_name)
    text = param.description.strip()
    if not text:
        text = "The request body." if param.location == "body" and not param.model_key else place
    elif param.wire_name in shared and not (param.location == "body" and not param.model_key):
        text = f"{place} {text}"
    if param.deprecated:
        text = "Deprecated. " + text
    if param.client_level:
        text += "\n\nDefaults to the value the client was created with."
    elif param.only_value:
        text += f"\n\nDefaults to `{param.only_value[0]!r}`, the only value the API allows."
    return text


def returns_doc(operation: Operation, annotations: Sequence[str]) -> str:
    """What the non-streaming call returns; `annotations[i]` types `operation.success[i]`."""
    grouped = _phrases_by_status(operation, annotations)
    if not grouped:
        return "`None` (the spec documents no success response)."
    if len(grouped) == 1:
        status, phrases = next(iter(grouped.items()))
        ending = " (by its Content-Type)." if len(phrases) > 1 else "."
        return f"{_either(phrases)}: the {status} response{ending}"
    by_status = "; ".join(f"{status}: {_either(p)}" for status, p in grouped.items())
    return f"The response by status: {by_status}."


def _either(phrases: Sequence[str]) -> str:
    """`A or b or c`: the phrases after the first start in lower case (`the body as text`)."""
    rest = [p[0].lower() + p[1:] if p.startswith("The ") else p for p in phrases[1:]]
    return " or ".join([phrases[0], *rest])


def _phrases_by_status(operation: Operation, annotations: Sequence[str]) -> dict[str, list[str]]:
    """Status -> what its answer is; a status read in several kinds (JSON and text) has one
    phrase per kind, each naming its media types."""
    grouped: dict[str, list[str]] = {}
    for response, annotation in zip(operation.success, annotations, strict=True):
        phrase = _body_phrase(response, annotation)
        if sum(1 for other in operation.success if other.status == response.status) > 1:
            phrase += f" ({', '.join(response.media_types)})"
        if response.content_never_sent:
            phrase += f" or `None` (a {response.status} carries no body)"
        if response.after_redirect:
            phrase += " where the documented redirect leads (the client follows it)"
        grouped.setdefault(response.status, []).append(phrase)
    return grouped


def _body_phrase(response: ResponseType, annotation: str) -> str:
    if response.kind == "json" and response.model_class is None:
        return "The decoded JSON body"
    if response.kind == "text":
        return "The body as text"
    if response.kind == "bytes":
        return "The body as bytes"
    return f"`{readable(annotation)}`"


def stream_doc(stream_class: str, chunk: str) -> str:
    """The Returns text of a method that streams."""
    return f"A `{stream_class}` of `{readable(chunk)}` chunks (server-sent events)."


def page_doc(returned: str, page_class: str, item: str, answer: str, style: str) -> str:
    """What a list method returns: the first page (sync), or the paginator an async method
    gives at once (awaited: the first page; `async for` over it: every item)."""
    every = (f"over it gives every item of every page, fetching the next pages ({style} "
             "pagination) as needed")
    answers = (f"`.page` is the first `{readable(answer)}` answer, `.pages()` gives each answer "
               "in turn")
    if returned == page_class:
        return f"A `{page_class}` of `{readable(item)}` items: `for` {every}; {answers}."
    return (f"An `{returned}` of `{readable(item)}` items: `async for` {every}; awaited, it "
            f"gives the first page, an `{page_class}` ({answers}).")


def either_doc(plain: str, switch: str, stream: str) -> str:
    """The Returns text of a method whose `switch` argument turns streaming on."""
    return f"{plain} With `{switch}=True`, {stream[:1].lower()}{stream[1:]}"


def _raises(operation: Operation) -> str:
    groups: dict[str, list[ResponseType]] = {}
    for response in operation.errors:
        groups.setdefault(error_class(response.status), []).append(response)
    entries = [
        (cls, (f"The server answered {_statuses([r.status for r in responses])}"
               f"{_parsed_as(responses)}."))
        for cls, responses in groups.items()
        if cls != "APIStatusError"
    ]
    entries.append(("APIStatusError", RAISES_DOCS["APIStatusError"]
                    + _declared_models(groups.get("APIStatusError", []))))
    entries.append(("APIConnectionError", RAISES_DOCS["APIConnectionError"]))
    if any(response.kind == "json" for response in operation.success):
        entries.append(("APIResponseValidationError", RAISES_DOCS["APIResponseValidationError"]))
    if _validates_arguments(operation):
        entries.append(("RequestValidationError", RAISES_DOCS["RequestValidationError"]))
    return _section("Raises", entries)


def _declared_models(responses: list[ResponseType]) -> str:
    """The error models of the statuses no exception class of their own stands for (a range
    such as Rclone's `4XX`, `default`, 410): ` Declared: 4XX (`parsed_body`: `RcError`).`,
    where the other entries name theirs."""
    by_model: dict[str, list[str]] = {}
    for response in responses:
        if response.model_class:
            by_model.setdefault(response.model_class, []).append(response.status)
    if not by_model:
        return ""
    listed = "; ".join(f"{', '.join(statuses)} (`parsed_body`: `{model}`)"
                       for model, statuses in by_model.items())
    return f" Declared: {listed}."


def _parsed_as(responses: list[ResponseType]) -> str:
    """` (`parsed_body`: `ErrorResponse`)` when the responses of one exception class share one
    documented error model."""
    models = {response.model_class for response in responses}
    if len(models) != 1 or None in models:
        return ""
    return f" (`parsed_body`: `{models.pop()}`)"


def _statuses(statuses: list[str]) -> str:
    named = [status if status.isdigit() else f"a {status.upper()} status" for status in statuses]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]


def _validates_arguments(operation: Operation) -> bool:
    """Whether the call checks any argument before sending (a JSON body without a schema is
    sent as given)."""
    body = operation.body
    if any(param.location != "body" for param in operation.params):
        return True
    return body is not None and (body.model_class is not None or body.kind == "content")
