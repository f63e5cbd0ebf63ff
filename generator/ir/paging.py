"""Which list operations page, and how: by cursor, by offset or by page number.

A paginated method returns a page object that iterates over every item of every page
(runtime `_pagination.py`). How the next page is asked for comes from the overlay hint
`x-codegen-pagination` when the operation has one, else from common shapes: a JSON object
answer with an array of items (`data`, `items`, `results`, `entries`, else its only array) and

- cursor: a query parameter `after` / `starting_after` / `cursor` / `page_token` (or a string
  `page` or `offset`) and either a next-cursor property (`next_cursor`, `next_page_token`,
  `next_page`...), or `has_more` (then the cursor is the last item's `id`, as in OpenAI's
  lists), or a link to the next page holding the cursor in its query (`next_page_uri`);
- offset: a numeric query parameter `offset` (a `limit` one, a `total` property help end the
  list);
- page number: an integer query parameter `page` (a `per_page` / `page_size` one, a
  `total_pages` property, a link to the next page (`links.next`, `next`) help end the list);
  the first page is the parameter's `default`, else its `minimum`, else 1 (Mistral's are 0);
- link alone: an object answer with its items and a link to the next page (`next`,
  `next_url`...) where no query parameter chooses the page (Bitbucket's `{values, next}`, whose
  `next` asks `?page=2`, a parameter the document does not declare): the link's query asks for
  the next page on the list's own path, as a cursor's link does (style cursor, `param` "");
- link: an answer that is the array of items itself, which can hold no next cursor, and either
  a success response declaring a `Link` header (GitHub's lists) or a token cursor parameter
  (`page_token`, `cursor`...: Ory's lists, which page by their `Link` header without declaring
  it): the walk follows the URL of each answer's `rel="next"` link (RFC 8288). With a token
  cursor, an answer without that link whose header hands the next cursor back
  (`X-Files-Cursor-Next`: Files.com's lists, which declare no header) asks for the next page
  with it, as a cursor walk would.

Svix's lists end with a `done` flag (`{data, iterator, prevIterator, done}`, query `iterator`):
a boolean `done` beside a cursor ends the walk when true, `has_more` inverted.

The next cursor, `has_more`, the totals and links may also sit in an object of the answer
(`HOLDERS`): Slack's `response_metadata.next_cursor`, a `meta.total`, Asana's
`next_page.offset` (there, a property named like the cursor parameter is the next cursor),
the Train Travel API's `links.next`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

Style = Literal["cursor", "offset", "page", "link"]
STYLES: tuple[Style, ...] = ("cursor", "offset", "page", "link")
HINT = "x-codegen-pagination"

ITEMS = ("data", "items", "results", "entries")  # `entries`: Box's lists
# Arrays an answer holds beside its items, never the items themselves.
NOT_ITEMS = frozenset({"errors", "warnings", "links", "tags"})
HAS_MORE = ("has_more", "hasMore", "has_next", "has_next_page", "hasNextPage",
            "more")  # PagerDuty's
DONE = ("done",)  # Svix's: true on the last page, `has_more` inverted
# Booleans that say the page is the last one: named as `has_more` in a hint, they would end the
# walk after the first page (their `false` means more follow); the hint's `done` takes them.
SAYS_LAST = frozenset({"done", "isdone", "is_done", "finished", "is_finished", "last",
                       "is_last", "islast", "last_page", "lastpage", "is_last_page",
                       "islastpage"})
NEXT_CURSOR = ("next_cursor", "nextCursor", "next_page_token", "nextPageToken", "next_token",
               "next_page", "continuationToken", "continuation_token", "endCursor", "end_cursor")
CURSOR_PARAMS = ("after", "starting_after", "cursor", "page_token", "pageToken", "PageToken",
                 "next_token", "continuationToken", "continuation_token",
                 "next_page_token",  # Zoom's, named as its answer's next cursor
                 "iterator")  # Svix's, its answer's `iterator` the next one
# A link to the next page (Twilio's `next_page_uri`: `/2010-04-01/...?PageSize=50&Page=1&
# PageToken=PA...`): the parameters of its query, whatever they are named, ask for the next page;
# the list's own path and origin are asked, the link is not followed. (At run time a next cursor
# holding a URL is read as a link too: `_pagination._is_link`.)
NEXT_LINK = ("next_page_uri", "next_page_url", "nextPageUri", "nextPageUrl", "next_url",
             "nextUrl", "next_link", "nextLink")
# cursors when typed as a string (OpenAI's usage lists' `page`, Asana's `offset`)
STRING_CURSOR_PARAMS = ("page", "offset")
# cursors that are the last item's id when the answer names no next cursor (OpenAI's `after`)
ID_CURSOR_PARAMS = ("after", "starting_after")
# cursors that are a token the server hands back (never an item's id): beside an answer that is
# a bare array, which cannot hold it, the next page is in a header (Ory's `Link`)
TOKEN_PARAMS = tuple(name for name in CURSOR_PARAMS if name not in ID_CURSOR_PARAMS)
OFFSET_PARAMS = ("offset", "startAt", "start_at")  # `startAt`: Atlassian's (Jira, Confluence)
PAGE_PARAMS = ("page", "page_number", "currentPage")  # `currentPage`: api.video's
# What says a page follows a numbered one (whose absence ends the walk): a link to it (Django
# REST framework's `next`, the Train Travel API's `links.next`, Zendesk's `next_page`); the walk
# still asks by page number, on the list's own path
PAGE_LINKS = ("next", "next_page", *NEXT_LINK)
SIZE_PARAMS = ("limit", "per_page", "page_size", "size", "PageSize", "maxResults", "pageSize",
               "pagelen")  # `pagelen`: Bitbucket's (a short page then ends the walk)
TOTAL_ITEMS = ("total", "total_count", "count", "total_entries", "totalCount", "total_items",
               "totalItems")
TOTAL_PAGES = ("total_pages", "pages", "page_count", "pagesTotal")  # api.video's
HINT_KEYS = frozenset({"style", "items", "param", "next", "has_more", "total", "limit_param",
                       "done"})
# The answer's objects that may hold the next cursor, `has_more` or a total, in this order.
HOLDERS = ("meta", "response_metadata", "pagination", "paging", "page_info", "pageInfo",
           "next_page", "links")
NEXT_HOLDER = "next_page"  # the one holding the next page's own parameters (Asana's)
# A property of the answer, or of one of its objects (holder, name).
Place = str | tuple[str, str]


@dataclass(frozen=True)
class Pagination:
    """How to fetch the pages of one list operation (names as on the wire)."""

    style: Style
    items: str  # the answer's array of items ("": the answer is the array, a link walk's)
    # the query parameter choosing the page: the cursor, the offset or the page number (a link
    # walk's: its token cursor, which a header naming the next cursor fills where the answer has
    # no `Link` to the next page; "": none, the walk asks for the URL of each `Link` alone)
    param: str
    # cursor: the answer's next cursor (None: the last item's `id`); page: the link to the next
    # page, whose absence ends the list
    next: Place | None = None
    has_more: Place | None = None  # the answer's "more pages follow" boolean
    total: Place | None = None  # offset: the number of items; page: the number of pages
    limit_param: str | None = None  # the page size (a short page ends a list saying nothing else)
    next_link: bool | None = None  # True: `next` is a link, whose query asks for the next page
    first_page: int | None = None  # page: the first page's number, when not 1 (`numbered_from`)
    done: Place | None = None  # the answer's "this is the last page" boolean (Svix's `done`)


class HintError(ValueError):
    """An `x-codegen-pagination` hint that cannot be followed; the message says why."""


def _first(candidates: tuple[str, ...], present: Collection[str]) -> str | None:
    return next((name for name in candidates if name in present), None)


def from_hint(hint: object, query: Mapping[str, str | None],
              properties: Mapping[str, Any], *, held: Mapping[str, Collection[str]] | None = None,
              objects: Collection[str] = (), bare_array: bool = False,
              nested: Mapping[str, Collection[str]] | None = None) -> Pagination:
    """The pagination an overlay declares; every name must exist in the operation
    (`bare_array`: the answer is the array of items itself); `next`, `has_more`, `total` and
    `done` may name a property of one of the answer's objects, `holder.name` (`nested`: the
    property names of each of its objects; Vercel's `pagination.next`)."""
    if not isinstance(hint, dict):
        raise HintError("must be a mapping with at least `style`")
    unknown = sorted(set(hint) - HINT_KEYS - {f"{style}_param" for style in STYLES})
    if unknown:
        raise HintError(f"unknown keys {unknown}; known: {sorted(HINT_KEYS)}")
    style = hint.get("style")
    if style not in STYLES:
        raise HintError(f"`style` must be one of {list(STYLES)} (got {style!r})")
    places = nested if nested is not None else held or {}  # (what `holder.name` may name)
    if style == "link":
        return _link_hint(hint, properties, bare_array, places)
    detected = detect(query, properties, only=style, held=held, objects=objects)
    items = hint.get("items") or (detected.items if detected else None)
    param = (hint.get("param") or hint.get(f"{style}_param")
             or (detected.param if detected else None))
    if not isinstance(items, str) or items not in properties:
        raise HintError(f"`items`: the answer has no property {items!r}")
    if param is None:  # (neither given nor found: a link-only list has none to name)
        raise HintError("`param`: name the query parameter that asks for the next page (none "
                        "was found; a list paged by a link alone cannot be hinted)")
    if not isinstance(param, str) or param not in query:
        raise HintError(f"`param`: the operation has no query parameter {param!r}")
    fields = {key: _hinted_place(key, hint[key], properties, places) if key in hint
              else getattr(detected, key) if detected else None
              for key in ("next", "has_more", "total", "done")}
    _check_hinted_fields(hint)
    limit_param = hint.get("limit_param", detected.limit_param if detected else None)
    if limit_param is not None and limit_param not in query:
        raise HintError(f"`limit_param`: the operation has no query parameter {limit_param!r}")
    link = fields["next"]
    is_link = (link[-1] if isinstance(link, tuple) else link) in NEXT_LINK
    return Pagination(style, items, param, link, fields["has_more"], fields["total"],
                      limit_param=limit_param, done=fields["done"],
                      next_link=True if is_link and style == "cursor" else None)


def _hinted_place(key: str, name: object, properties: Mapping[str, Any],
                  nested: Mapping[str, Collection[str]]) -> Place | None:
    """Where the answer holds what the hint's `key` names: a property of its own, or
    `holder.name`, a property of one of its objects (a property whose own name has a dot is
    read first)."""
    if name is None or (isinstance(name, str) and name in properties):
        return name
    holder, dot, inner = name.partition(".") if isinstance(name, str) else ("", "", "")
    if dot and inner in nested.get(holder, ()):
        return (holder, inner)
    if dot and holder in nested:
        raise HintError(f"`{key}`: the answer's `{holder}` has no property {inner!r} "
                        f"(it has {sorted(nested[holder])})")
    raise HintError(f"`{key}`: the answer has no property {name!r} (a property of one of its "
                    "objects is written `object.property`)")


def _check_hinted_fields(hint: Mapping[str, Any]) -> None:
    """`has_more` names no property that says the page is the last one (`has_more: done`
    ended Svix's walks after their first page), its own or an object's (`meta.done`)."""
    more = hint.get("has_more")
    if isinstance(more, str) and more.rpartition(".")[2].lower() in SAYS_LAST:
        raise HintError(f"`has_more: {more}`: `{more}` says the page is the last one, the "
                        f"opposite of `has_more` (the walk would stop after the first page); "
                        f"write `done: {more}`")


def _link_hint(hint: Mapping[str, Any], properties: Mapping[str, Any], bare_array: bool,
               nested: Mapping[str, Collection[str]]) -> Pagination:
    """A hinted link walk: the answer is its items (else `items` names them, or detection
    finds them); the next page is the URL of each answer's `Link` header, so no parameter,
    next cursor or total is named."""
    unusable = sorted(set(hint) - {"style", "items", "has_more", "done"})
    if unusable:
        raise HintError(f"{unusable}: a `link` walk follows the answer's Link header; it takes "
                        "only `items`, `has_more` and `done`")
    items = hint.get("items", "" if bare_array else _items(properties))
    if items != "" and (not isinstance(items, str) or items not in properties):
        raise HintError(f"`items`: the answer is no array and has no property {items!r}")
    _check_hinted_fields(hint)
    return Pagination("link", items, "",
                      has_more=_hinted_place("has_more", hint.get("has_more"), properties, nested),
                      done=_hinted_place("done", hint.get("done"), properties, nested))


def detect(
    query: Mapping[str, str | None], properties: Mapping[str, Any], *, only: Style | None = None,
    held: Mapping[str, Collection[str]] | None = None, objects: Collection[str] = (),
    bare_array: bool = False, link_header: bool = False,
) -> Pagination | None:
    """The pagination the operation's shape shows, if any: `query` maps its query parameters
    to their JSON type (None: not a single type), `properties` its JSON answer's properties
    (name -> schema), `held` the property names of its objects among `HOLDERS`, `objects` the
    properties that are objects however their schema says so (`allOf`, a union with null);
    `bare_array`: the answer is the array of items itself, `link_header`: its success response
    declares a `Link` header."""
    if bare_array:
        return _link_walk(query, link_header) if only in (None, "link") else None
    found = _detect_in_object(query, properties, only=only, held=held, objects=objects)
    if found is None or found.style != "cursor":
        return found
    done = _first(DONE, [name for name, schema in properties.items() if _is_boolean(schema)])
    return found if done is None else replace(found, done=done)


def _link_walk(query: Mapping[str, str | None], link_header: bool) -> Pagination | None:
    """A list answering a bare array pages by its `Link` header when it declares one, or when
    it takes a token cursor (Ory's `page_token`), which no array can hand back: then the next
    cursor may come in a header of its own instead (Files.com's `X-Files-Cursor-Next`)."""
    token = _first(TOKEN_PARAMS, query)
    if link_header or token is not None:
        return Pagination("link", "", token or "")
    return None


# What names the next page inside one of the answer's objects (`pagination.next`)
NEXT_IN_HOLDER = ("next", *NEXT_CURSOR, *NEXT_LINK)


def unread_next(properties: Mapping[str, Any], held: Mapping[str, Collection[str]]
                ) -> str | None:
    """Where an answer not read as paged names its next page (`next_cursor`,
    `pagination.next`), when it holds a list of items; else None."""
    if _items(properties) is None:
        return None
    own = _first((*NEXT_CURSOR, *NEXT_LINK), properties)
    if own is not None:
        return own
    return next((f"{holder}.{name}" for holder in HOLDERS
                 if (name := _first(NEXT_IN_HOLDER, held.get(holder, ()))) is not None), None)


def _items(properties: Mapping[str, Any]) -> str | None:
    """The answer's array of items: the first of `ITEMS`, else its only array."""
    items = next((name for name in ITEMS if is_array(properties.get(name))), None)
    # (`_links`: Mailchimp's links beside every object, HAL's spelling)
    arrays = [name for name, schema in properties.items()
              if is_array(schema) and name.lstrip("_").lower() not in NOT_ITEMS]
    if items is None and len(arrays) == 1:
        items = arrays[0]  # Airflow's `dags`, ShipEngine's `shipments`, Mailchimp's `lists`
    return items


def _detect_in_object(
    query: Mapping[str, str | None], properties: Mapping[str, Any], *, only: Style | None,
    held: Mapping[str, Collection[str]] | None, objects: Collection[str],
) -> Pagination | None:
    """`detect` for an answer that is an object holding the items."""
    objects = {*objects, *(name for name, schema in properties.items() if _is_object(schema))}
    items = _items(properties)
    if items is None:
        return None
    held = held or {}
    has_more = _place(HAS_MORE, properties, held)
    # an object is no cursor: Asana's `next_page` holds one, named like the parameter
    # (`next_page.offset`); elsewhere that name is the page just given (`meta.page`)
    values = [name for name in properties if name not in objects]
    limit_param = _first(SIZE_PARAMS, query)
    cursor = _cursor_param(query, values)
    if cursor is not None and only in (None, "cursor"):
        following = (_place(NEXT_CURSOR, values, held)
                     or _held((cursor,), {NEXT_HOLDER: held.get(NEXT_HOLDER, ())})
                     or _echoed_cursor(cursor, values))
        if following is not None or (has_more is not None and cursor in ID_CURSOR_PARAMS):
            return Pagination("cursor", items, cursor, following, has_more, None, limit_param)
        link = _place(NEXT_LINK, values, held)
        if link is not None:
            return Pagination("cursor", items, cursor, link, has_more, None, limit_param, True)
    numeric = ("integer", "number", None)  # a string `offset` or `page` is a cursor or nothing
    offset = next((name for name in OFFSET_PARAMS if name in query and query[name] in numeric),
                  None)
    if offset is not None and only in (None, "offset"):
        return Pagination("offset", items, offset, None, has_more,
                          _place(TOTAL_ITEMS, properties, held), limit_param)
    page = next((name for name in PAGE_PARAMS if name in query and query[name] in numeric), None)
    if page is not None and only in (None, "page"):
        return Pagination("page", items, page, _place(PAGE_LINKS, values, held), has_more,
                          _place(TOTAL_PAGES, properties, held), limit_param)
    paged_by = (*CURSOR_PARAMS, *OFFSET_PARAMS, *PAGE_PARAMS)
    if only in (None, "cursor") and _first(paged_by, query) is None:
        link = _link_alone(properties, held)
        if link is not None:
            return Pagination("cursor", items, "", link, has_more, None, limit_param, True)
    return None


def _link_alone(properties: Mapping[str, Any], held: Mapping[str, Collection[str]]
                ) -> Place | None:
    """The link to the next page of a list that declares no parameter choosing its page
    (Bitbucket's `{values, next, pagelen}`: `next` is `?page=2` on the list's own path, a
    parameter the document leaves out): a string property of `NEXT_LINK`, or `next` typed as
    a URL (`format: uri`: a plain string `next` may be a token, which asks for nothing), or
    such a name in a holder (`links.next`). Its query asks for the next page, as a cursor
    link's."""
    own = next((name for name in NEXT_LINK if _declares(properties.get(name), "string")), None)
    if own is None and _is_url(properties.get("next")):
        own = "next"
    return own or _held(NEXT_LINK, held) or (("links", "next") if "next" in held.get("links", ())
                                             else None)


def _is_url(schema: object) -> bool:
    """Whether `schema` is a string typed as a URL (`format: uri`, `uri-reference`, `url`)."""
    return (_declares(schema, "string") and isinstance(schema, dict)
            and schema.get("format") in ("uri", "uri-reference", "url", "iri", "iri-reference"))


def _cursor_param(query: Mapping[str, str | None], values: Collection[str]) -> str | None:
    """The query parameter that may be a cursor: first one the answer hands back under its own
    name (Svix's `iterator`, beside an `after` that filters by date), else the first of
    `CURSOR_PARAMS`, else a string `page` or `offset`."""
    echoed = next((name for name in TOKEN_PARAMS if name in query and name in values), None)
    return echoed or _first(CURSOR_PARAMS, query) or next(
        (name for name in STRING_CURSOR_PARAMS if query.get(name) == "string"), None
    )


def numbered_from(pagination: Pagination | None, schemas: Mapping[str, Any]
                  ) -> Pagination | None:
    """`pagination` with its first page's number when a page walk's caller gives none: the
    page parameter's `default`, else its `minimum` (`schemas`: the query parameters' schemas).
    Left 1 when neither is an integer: asking for 1 then 2 after a server's page 0 skipped a
    page of Mistral's `GET /v1/files` (`page: {default: 0}`)."""
    if pagination is None or pagination.style != "page":
        return pagination
    schema = schemas.get(pagination.param)
    bounds = (schema.get("default"), schema.get("minimum")) if isinstance(schema, dict) else ()
    first = next((n for n in bounds if isinstance(n, int) and not isinstance(n, bool)), 1)
    return pagination if first == 1 else replace(pagination, first_page=first)


def _echoed_cursor(cursor: str, values: Collection[str]) -> str | None:
    """The answer's property named as the cursor parameter, which gives the next page's cursor
    (Square's `cursor`); not an id cursor (`after`), which an answer may echo as the one given."""
    return cursor if cursor in values and cursor not in ID_CURSOR_PARAMS else None


def _place(candidates: tuple[str, ...], properties: Collection[str],
           held: Mapping[str, Collection[str]]) -> Place | None:
    """The first of `candidates` the answer has, else the first one of its holders has."""
    return _first(candidates, properties) or _held(candidates, held)


def _held(candidates: tuple[str, ...], held: Mapping[str, Collection[str]]
          ) -> tuple[str, str] | None:
    for holder in HOLDERS:
        name = _first(candidates, held.get(holder, ()))
        if name is not None:
            return holder, name
    return None


def _is_object(schema: object) -> bool:
    return _declares(schema, "object", "properties")


def _is_boolean(schema: object) -> bool:
    return _declares(schema, "boolean")


def is_array(schema: object) -> bool:
    return _declares(schema, "array", "items")


def _declares(schema: object, kind: str, keyword: str | None = None) -> bool:
    """Whether `schema` is of `kind`: its `type` says so (alone or among others), or it has
    the `keyword` only that kind has."""
    if not isinstance(schema, dict):
        return False
    declared = schema.get("type")
    return (declared == kind or (isinstance(declared, list) and kind in declared)
            or (keyword is not None and keyword in schema))
