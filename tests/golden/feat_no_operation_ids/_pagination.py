"""Paginated lists: iterating a list method's result gives every item of every page.

A sync paginated method sends its request as any other and returns the first page wrapped in
a :class:`SyncPage` (like openai-python's ``SyncCursorPage``)::

    for model in client.models.list():              # every item, the next pages fetched as needed
        ...
    first = client.models.list(limit=10)
    first.page                                       # the first answer, as the document types it
    first.items                                      # its items
    for page in first.pages():                       # each answer in turn, the first one included
        ...

An async paginated method is no coroutine: it returns an :class:`AsyncPaginator` (as
openai-python's), which sends nothing until it is awaited or iterated::

    async for model in async_client.models.list():  # every item of every page
        ...
    first = await async_client.models.list(limit=10)  # the first page: an AsyncPage
    async for page in first.pages():
        ...

How the next page is asked for is the operation's :class:`Pagination` (generated from the
document's shape or its ``x-codegen-pagination`` hint): the same request again with one query
parameter changed, a cursor (the answer's next cursor, else the last item's ``id``; or the
parameters in the query of the answer's link to the next page), an offset
(advanced by the number of items received) or a page number (plus one; the first page's is the
document's default for it, 1 unless it says otherwise). The list ends at an empty page,
``has_more: false`` (whatever cursor the answer also holds), ``done: true`` (Svix's end flag),
a missing next cursor (or link to the next numbered page), the announced total, or (when the
answer has none of these) a page shorter than the requested page size.

A list paged by its answers' ``Link`` header (RFC 8288: GitHub's, Ory's; style ``link``, an
answer that is the array of items itself) follows the URL of its ``rel="next"`` link, as given,
until an answer has none. That URL is the server's: it is followed only when it has the origin
(scheme, host, port) of the request the list's method made (before any redirect: a server the
first page was redirected to cannot lead the walk to itself) and no user name or password
(the HTTP library would send them as Basic auth, in place of the client's), else the walk stops
with :class:`PaginationLinkError` (the client's credentials never go elsewhere); a header longer
than ``MAX_LINK_HEADER_CHARS`` is not read (the same error). A relative link is resolved against
the URL that answered, as sent; the link's path and query are sent as written (its fragment
dropped), the client's query credentials after them. Where such a list takes a token cursor
(``Pagination.param``) and an answer has no link to the next page but a header handing the next
cursor back (``X-Files-Cursor-Next``, ``X-Next-Cursor``, ``Next-Page-Token``: Files.com's lists
page so), the next page is asked for with that cursor, as a cursor walk would.

A server whose answers lead back to a page already fetched (cursor A, then B, then A again; or
a cursor it ignores) would make the walk endless: iterating remembers the query of every page
it fetched (the page parameter's value and the rest, which a link may change instead; a
16-byte digest of each: a cursor is the server's choice,
and one of 60 KB a page took a walk to 400 MB in 6,000 pages; at most
``MAX_REMEMBERED_PAGES``, then it starts again) and raises :class:`PaginationCycleError` instead
of asking for one of them again. ``next_page()``, one step,
knows only its own page: it raises when the next page would be that same one. A server that
ignores an offset or a page number answers every request with the same page: a walk raises the
same error when a page holds exactly the items of the page before it (a list whose items repeat
in page-sized runs would be cut there: no real API pages that way). Messages show the server's
values cut short and with the client's credentials blanked, as every message of the client.
"""

from __future__ import annotations

import hashlib
import re
import urllib.parse
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Collection,
    Generator,
    Iterator,
    Mapping,
    Sequence,
)
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

import pydantic

from . import _http
from ._auth import origin_of
from ._errors import PaginationCycleError, PaginationLinkError, excerpt

__all__ = ["Answer", "AsyncPage", "AsyncPaginator", "Pagination", "SyncPage"]

#: How much of a cursor a message shows (``PaginationCycleError.value`` holds all of it).
_SHOWN_CHARS = 60
#: pages a walk remembers (by a 16-byte digest of each page parameter's value) to tell a cycle;
#: past it the memory starts again: a cycle shorter than this is still found, within as many
#: pages, and an endless list (a server minting a new 60 KB cursor per page) takes no memory
MAX_REMEMBERED_PAGES = 100_000
#: the longest ``Link`` header a walk reads (GitHub's are under 1,000 characters): a server's
#: header of megabytes is refused rather than scanned
MAX_LINK_HEADER_CHARS = 32_768
# one link of a Link header: its URI reference, then its parameters up to the next one's `<`
_LINK = re.compile(r"<([^<>]*)>([^<]*)")
_REL = re.compile(r"""(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))""", re.IGNORECASE)
_WEB_SCHEMES = ("http", "https")
_ItemT = TypeVar("_ItemT")
_PageT = TypeVar("_PageT")


@dataclass(frozen=True)
class Pagination:
    """How one list operation pages; every name as on the wire."""

    style: Literal["cursor", "offset", "page", "link"]
    items: str = ""  # the answer's array of items ("": the answer is the array itself)
    # the query parameter choosing the page: cursor, offset or page number (a link walk's: its
    # token cursor, which a header naming the next cursor fills where an answer has no next
    # Link; "": none, each next request is the URL of the answer's Link header)
    param: str = ""
    # each a property of the answer, or the names leading to it: ``["meta", "total"]``
    # cursor: the next cursor (None: the last item's id); page: the link to the next page, whose
    # absence ends the list (the walk asks by page number all the same)
    next: str | Sequence[str] | None = None
    has_more: str | Sequence[str] | None = None  # the answer's "more pages follow" boolean
    total: str | Sequence[str] | None = None  # offset: the number of items; page: of pages
    limit_param: str | None = (
        None  # the page size parameter (a short page ends a list that says nothing else)
    )
    next_link: bool = False  # ``next`` is a link to the next page: its query asks for it
    first_page: int = 1  # page: the number of the page a call giving none gets (0: zero-based)
    # the answer's "this is the last page" boolean (Svix's ``done``): ``has_more`` inverted
    done: str | Sequence[str] | None = None


@dataclass(frozen=True)
class Answer(Generic[_PageT]):
    """One page's answer as the walk reads it: its body, parsed, and what it needs from the
    response besides (a link walk's next page is in its headers)."""

    page: _PageT
    # the URL that answered, as sent (a redirect's end; a relative Link is resolved against it)
    url: str = ""
    link: str | None = None  # the answer's ``Link`` header
    # the URL the list's method asked, before any redirect: a Link leads only to its origin
    # ("": ``url``'s)
    home: str = ""
    # the next cursor a header of the answer hands back (``next_cursor_header``)
    cursor: str | None = None


def items_of(page: object, name: str) -> Any:
    """The array of items of an answer: its property ``name``, or itself (``""``)."""
    return page if name == "" else member(page, name)


def member(value: object, name: str) -> Any:
    """The property ``name`` (as on the wire) of a parsed answer: a model's field by alias or
    name, or an extra field; a mapping's key; ``None`` when absent."""
    if isinstance(value, Mapping):
        return value.get(name)
    if isinstance(value, pydantic.BaseModel):
        for attribute, info in type(value).model_fields.items():
            if info.alias == name or (info.alias is None and attribute == name):
                return getattr(value, attribute)
        extra = value.__pydantic_extra__
        return extra.get(name) if extra else None
    return None


def _at(page: object, place: str | Sequence[str]) -> Any:
    """The answer's property at ``place``: a name, or names into its objects."""
    for name in (place,) if isinstance(place, str) else place:
        page = member(page, name)
    return page


def _count(value: object) -> float | None:
    """A total the answer gives, as a number: an integer, or a JSON number a document types
    `number` (``3.0``); None for anything else (a bool, text, nothing)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value


def _integer(value: object, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


def _ended(
    pagination: Pagination, page: object, items: list[Any], query: Mapping[str, object]
) -> bool:
    """Whether ``page`` (holding ``items``) is the last one, whatever the style. A page shorter
    than the page size asked for ends the list only when the answer says nothing else about
    what follows (no ``has_more``, next cursor or total): servers may filter pages short."""
    if _said_last(pagination, page, items):
        return True
    if pagination.has_more or pagination.done or pagination.next or pagination.total:
        return False
    if not pagination.limit_param:
        return False
    limit = query.get(pagination.limit_param)
    return limit is not None and len(items) < _integer(limit, 0)


def _said_last(pagination: Pagination, page: object, items: list[Any]) -> bool:
    """Whether ``page`` says it is the last one: no items, ``has_more: false``, ``done: true``."""
    if not items or (pagination.has_more and _at(page, pagination.has_more) is False):
        return True
    return pagination.done is not None and _at(page, pagination.done) is True


# a response header handing a list's next cursor back, for a link walk whose answer has no Link to
# the next page (Files.com's ``X-Files-Cursor-Next``, ``X-Next-Cursor``, ``Next-Page-Token``)
_NEXT_CURSOR_HEADER = re.compile(
    r"(?:^|-)(?:next-(?:page-)?(?:cursor|token)|cursor-next)$", re.IGNORECASE
)


def next_cursor_header(headers: Mapping[str, str]) -> str | None:
    """The value of the first of ``headers`` whose name says it holds the next page's cursor
    (``X-Files-Cursor-Next``), ``None`` when none does or it is empty."""
    for name, value in headers.items():
        if _NEXT_CURSOR_HEADER.search(name) and value.strip():
            return value.strip()
    return None


def next_link(header: str | None) -> str | None:
    """The URI reference of the ``rel="next"`` link of a ``Link`` header (RFC 8288), as
    written (maybe relative); ``None`` when there is none. A header of more than
    ``MAX_LINK_HEADER_CHARS`` raises :class:`PaginationLinkError`."""
    if not header:
        return None
    if len(header) > MAX_LINK_HEADER_CHARS:
        raise PaginationLinkError(
            f"the answer's Link header has {len(header):,} characters, more than the "
            f"{MAX_LINK_HEADER_CHARS:,} a list's walk reads: stopped",
            url=None,
        )
    for link in _LINK.finditer(header):
        rel = _REL.search(link.group(2))
        relations = (rel.group(1) or rel.group(2) or "").lower().split() if rel else []
        if "next" in relations:
            return link.group(1).strip()
    return None


def _origin(url: str) -> tuple[str, str, int | None]:
    """A URL's origin as the client's credentials are bound to it (``_auth.origin_of``):
    scheme, host as sent (an international name in its ``xn--`` form, however the link
    writes it) and port (the scheme's own when not written)."""
    try:
        return origin_of(_http.URL(url))
    except (_http.InvalidURL, ValueError):  # (a port that is no number...): no origin to share
        return urllib.parse.urlsplit(url).scheme.lower(), "", -1


def shown_origin(url: str) -> str:
    """A URL's origin for a message, its port always written: ``http://127.0.0.1:8080``."""
    scheme, host, port = _origin(url)
    host = f"[{host}]" if ":" in host else host  # an IPv6 address
    return f"{scheme}://{host}" if port is None else f"{scheme}://{host}:{port}"


def followed_link(reference: str, answered_by: str, home: str = "") -> str | None:
    """The absolute URL of a Link's ``reference`` (resolved against the URL that answered),
    without its fragment; ``None`` when it leaves the origin of ``home`` (the URL the walk
    started at; "": ``answered_by``'s) or names a user: a link elsewhere is never followed."""
    url = urllib.parse.urljoin(answered_by, reference).partition("#")[0]
    if _names_a_user(url):
        return None
    origin = _origin(url)
    same = origin == _origin(home or answered_by) and origin[0] in _WEB_SCHEMES
    return url if same else None


def _names_a_user(url: str) -> bool:
    """Whether ``url`` has a user name or password (``user:pw@host``), or a backslash before
    its path (``http://host:1\\@host/`` is ``host:1\\`` as user to some parsers): the HTTP
    library sends userinfo as Basic auth, replacing the client's ``Authorization``."""
    netloc = urllib.parse.urlsplit(url).netloc
    return "@" in netloc or "\\" in netloc


def next_query(
    pagination: Pagination, page: object, query: Mapping[str, object]
) -> dict[str, object] | None:
    """The query parameter that asks for the page after ``page`` (sent with ``query``), or
    ``None`` when ``page`` is the last (or the list is walked by its ``Link`` headers, which the
    answer alone does not hold). (Whether that page was fetched already is the walk's to check:
    see :class:`PaginationCycleError`.)"""
    following = _following(pagination, page, query)
    return None if following is None else following[0]


def _following(
    pagination: Pagination, page: object, query: Mapping[str, object]
) -> tuple[dict[str, object], bool] | None:
    """``next_query``'s parameters, and whether a link to the next page gave them (then they
    are its whole query but for what the caller asked)."""
    items = list(items_of(page, pagination.items) or [])
    if pagination.style == "link" or _ended(pagination, page, items, query):
        return None
    current = query.get(pagination.param)
    total = _count(_at(page, pagination.total)) if pagination.total else None
    if pagination.style == "cursor":
        if pagination.next and (pagination.next_link or _is_link(_at(page, pagination.next))):
            linked = _linked(_at(page, pagination.next), pagination.param)
            return None if linked is None else (linked, True)
        cursor = _at(page, pagination.next) if pagination.next else member(items[-1], "id")
        if isinstance(cursor, bool) or not isinstance(cursor, str | int) or cursor == "":
            return None  # none, or not a cursor (an object): asking with its text would loop
        return {pagination.param: str(cursor)}, False
    if pagination.style == "offset":
        offset = _integer(current, 0) + len(items)
        if total is not None and offset >= total:
            return None
        return {pagination.param: str(offset)}, False
    return _following_number(pagination, page, current, total)


def _following_number(
    pagination: Pagination, page: object, current: object, total: float | None
) -> tuple[dict[str, object], bool] | None:
    """The page number after ``current`` (none given: the first page's), ``None`` when the
    answer's link to the next page is missing or the pages counted are all fetched."""
    if pagination.next and _no_link(_at(page, pagination.next)):
        return None
    first = pagination.first_page
    number = _integer(current, first)
    if total is not None and number - first + 1 >= total:
        return None
    return {pagination.param: str(number + 1)}, False


def _no_link(link: object) -> bool:
    """Whether an answer's link to the next page says there is none: absent, null, ``false``
    or empty (a link object, or a page number, says there is one)."""
    if link is None or link is False:
        return True
    return isinstance(link, str | Sequence | Mapping) and len(link) == 0


def _is_link(cursor: object) -> bool:
    """Whether a next cursor is a link to the next page rather than a token: a URL, or a path
    with a query (Figma's ``pagination.next_page``); a token never holds ``?``."""
    if not isinstance(cursor, str):
        return False
    return cursor.startswith(("https://", "http://")) or (cursor.startswith("/") and "?" in cursor)


def _linked(link: object, param: str) -> dict[str, object] | None:
    """The parameters in the query of the link to the next page (Twilio's ``next_page_uri``,
    ``/2010-04-01/Accounts/AC.../Messages.json?PageSize=50&Page=1&PageToken=PA...``), whatever
    they are named (a link may ask with ``before_id`` where the list takes ``after`` too),
    asked for on the list's own path and origin: the link is not followed, so a server cannot
    send the walk (and the credentials) elsewhere. ``None`` when there is no link, it asks for
    nothing, or it gives the cursor parameter ``param`` no value (``?after=``: the last page)."""
    if not isinstance(link, str):
        return None
    found: dict[str, object] = {}
    query = urllib.parse.urlsplit(link).query
    for key, value in urllib.parse.parse_qsl(query, keep_blank_values=True):
        held = found.get(key)
        found[key] = (
            value if held is None else [*(held if isinstance(held, list) else [held]), value]
        )
    if not found or found.get(param, "x") in ("", []):
        return None
    return found


def _page_state(pagination: Pagination, query: Mapping[str, object]) -> str | None:
    """What tells the pages of one list apart: the whole query that asks for it (a link may
    ask by other parameters than the page parameter, keeping that one as it was)."""
    return "&".join(f"{key}={query[key]}" for key in sorted(query)) or None


def _request_state(
    pagination: Pagination, query: Mapping[str, object], url: str | None
) -> str | None:
    """A page's request as a walk remembers it: the Link URL it is asked at, else its query."""
    return f"<{url}>" if url is not None else _page_state(pagination, query)


def _page_value(pagination: Pagination, query: Mapping[str, object]) -> str | None:
    """The page parameter's value that asks for a page, else its whole query."""
    value = query.get(pagination.param)
    return str(value) if value is not None else _page_state(pagination, query)


def _asked(
    pagination: Pagination,
    query: Mapping[str, object],
    url: str | None,
    redact: Callable[[str], str],
) -> str:
    """A page as a message names it: ``param=value``, else the query that asked for it, or
    the Link URL it was asked at (each with the client's credentials blanked)."""
    if url is not None:
        return f"the link {_shown(url, redact)}"
    if pagination.param and (pagination.param in query or not query):
        return f"{pagination.param}={_shown(_page_value(pagination, query), redact)}"
    return f"the query {_shown(_page_state(pagination, query), redact)}"


def _fingerprint(state: str | None) -> bytes | None:
    """A page parameter's value as a walk remembers it: 16 bytes, whatever its size (a cursor
    is the server's choice, up to the URL's limit)."""
    if state is None:
        return None
    return hashlib.blake2b(state.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _remember(fetched: set[bytes | None], state: str | None) -> None:
    if len(fetched) >= MAX_REMEMBERED_PAGES:
        fetched.clear()
    fetched.add(_fingerprint(state))


def _shown(state: str | None, redact: Callable[[str], str]) -> str:
    """A page parameter's value for a message: the server chose it, and may make it any size.
    Blanked before it is cut: a credential cut short is no longer recognised."""
    return excerpt(repr(state if state is None else redact(state)), _SHOWN_CHARS)


class _BasePage(Generic[_ItemT, _PageT]):
    """What the sync and async pages share: the answer, its items, the next request."""

    def __init__(
        self,
        pagination: Pagination,
        query: Mapping[str, object],
        answer: Answer[_PageT],
        redact: Callable[[str], str],
        asked: str | None,
    ) -> None:
        self.pagination = pagination
        #: this page's answer, as the document types it
        self.page = answer.page
        self._query = dict(query)  # the query it was fetched with
        self._asked_url = asked  # the Link URL it was fetched at (None: the list's own path)
        self._answered_by = answer.url
        self._home = answer.home  # the URL the walk started at: its Links stay on its origin
        self._link = answer.link
        self._header_cursor = answer.cursor
        self._redact = redact  # the client's: a server may echo a credential as a cursor

    @property
    def items(self) -> list[_ItemT]:
        """The items of this page."""
        return list(items_of(self.page, self.pagination.items) or [])

    def has_next_page(self) -> bool:
        """Whether the answer says another page follows this one (also a Link to another
        origin, which :meth:`next_page` refuses with :class:`PaginationLinkError`: the walk
        ends loudly there, never as if the list were whole)."""
        if self.pagination.style == "link":
            return bool(self._next_reference()) or self._cursor_request() is not None
        return next_query(self.pagination, self.page, self._query) is not None

    def _next_reference(self) -> str | None:
        """A link walk's next Link reference as the answer gives it, ``None`` at the end."""
        if _said_last(self.pagination, self.page, self.items):
            return None
        return next_link(self._link)

    def _cursor_request(self) -> dict[str, object] | None:
        """A link walk's next query where the answer has no Link to the next page but a header
        handing its cursor back (its token cursor parameter set to it), ``None`` otherwise;
        only on the list's own path, as a page asked at a Link URL has no query to extend."""
        param, cursor = self.pagination.param, self._header_cursor
        if not param or cursor is None or self._asked_url is not None:
            return None
        if _said_last(self.pagination, self.page, self.items):
            return None
        return {**self._query, param: cursor}

    def _state(self) -> str | None:
        return _request_state(self.pagination, self._query, self._asked_url)

    def _next_request(
        self, fetched: Collection[bytes | None]
    ) -> tuple[dict[str, object], str | None] | None:
        """The next page's request: its whole query and the URL it is asked at (``None``: the
        list's own path); ``None`` at the end of the list. Raises
        :class:`PaginationCycleError` when it asks for a page in ``fetched`` (their states'
        fingerprints)."""
        following = self._following_request()
        if following is None:
            return None
        query, url = following
        if _fingerprint(_request_state(self.pagination, query, url)) in fetched:
            raise self._cycle(query, url)
        return query, url

    def _following_request(self) -> tuple[dict[str, object], str | None] | None:
        if self.pagination.style == "link":
            url = self._following_link()
            if url is not None:
                return {}, url
            query = self._cursor_request()
            return None if query is None else (query, None)
        following = _following(self.pagination, self.page, self._query)
        if following is None:
            return None
        changes, linked = following
        # a link's query asks for the next page whole: the cursor parameter is its to give
        kept = {k: v for k, v in self._query.items() if not (linked and k == self.pagination.param)}
        return {**kept, **changes}, None

    def _following_link(self) -> str | None:
        """The URL of the next page of a link walk, ``None`` at the end of the list;
        :class:`PaginationLinkError` when the Link leads to another origin."""
        reference = self._next_reference()
        if reference is None:
            return None
        url = followed_link(reference, self._answered_by, self._home)
        if url is None:
            raise self._link_refused(reference)
        return url

    def _link_refused(self, reference: str) -> PaginationLinkError:
        shown = _shown(reference, self._redact)
        origin = self._redact(shown_origin(self._home or self._answered_by))
        return PaginationLinkError(
            f"the answer's Link header leads the list's next page to {shown}, not on "
            f"{origin} where the list was asked, or with a user name or password: not "
            "followed (the client's credentials go to that origin only, as its own); the "
            "pages before were given",
            url=shown,
        )

    def _cycle(self, query: Mapping[str, object], url: str | None) -> PaginationCycleError:
        param = "Link" if url is not None else self.pagination.param or "Link"
        asked = _asked(self.pagination, query, url, self._redact)
        this = _asked(self.pagination, self._query, self._asked_url, self._redact)
        return PaginationCycleError(
            self._redact(
                f"the list's pages run in a cycle: the answer to {this} asks for "
                f"{asked}, a page already fetched; stopped rather than loop forever"
            ),
            param=param,
            value=self._redact(url or str(_page_value(self.pagination, query))),
        )

    def _check_not_a_repeat_of(self, previous: _BasePage[_ItemT, _PageT]) -> None:
        """Raise :class:`PaginationCycleError` when this page holds exactly the (non-empty)
        items of the page before it: the server ignores the page parameter."""
        items = self.items
        if not items or items != previous.items:
            return
        param = "Link" if self._asked_url is not None else self.pagination.param or "Link"
        this = _asked(self.pagination, self._query, self._asked_url, self._redact)
        before = _asked(self.pagination, previous._query, previous._asked_url, self._redact)
        raise PaginationCycleError(
            self._redact(
                f"the list's pages run in a cycle: {this} gave the same items as {before} (the "
                f"server ignores {param}?); stopped rather than loop forever"
            ),
            param=param,
            value=self._redact(self._asked_url or str(_page_value(self.pagination, self._query))),
        )

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.pagination.style} items={len(self.items)}>"


#: a list's request of one page: (its query, the Link URL it is asked at or None) -> the answer
SyncFetch = Callable[[Mapping[str, object], str | None], Answer[_PageT]]
AsyncFetch = Callable[[Mapping[str, object], str | None], Awaitable[Answer[_PageT]]]


class SyncPage(_BasePage[_ItemT, _PageT]):
    """A page of a list: iterating gives every item of this page and of the pages after it;
    :class:`PaginationCycleError` when the server's answers lead back to a page already
    fetched in that walk."""

    def __init__(
        self,
        pagination: Pagination,
        fetch: SyncFetch[_PageT],
        query: Mapping[str, object],
        answer: Answer[_PageT],
        *,
        redact: Callable[[str], str] = str,
        asked: str | None = None,
    ) -> None:
        super().__init__(pagination, query, answer, redact, asked)
        self._fetch_page = fetch  # the next request -> that page's answer

    def next_page(self) -> SyncPage[_ItemT, _PageT] | None:
        """The page after this one (one request), or ``None`` at the end of the list;
        :class:`PaginationCycleError` when the answer asks for this same page again, or the
        next page repeats this one's items."""
        following = self._following(fetched={_fingerprint(self._state())})
        if following is not None:
            following._check_not_a_repeat_of(self)
        return following

    def _following(self, fetched: Collection[bytes | None]) -> SyncPage[_ItemT, _PageT] | None:
        request = self._next_request(fetched)
        if request is None:
            return None
        query, url = request
        answer = self._fetch_page(query, url)
        return SyncPage(
            self.pagination, self._fetch_page, query, answer, redact=self._redact, asked=url
        )

    def iter_pages(self) -> Iterator[SyncPage[_ItemT, _PageT]]:
        """This page, then each following page as a page object."""
        fetched: set[bytes | None] = set()
        current: SyncPage[_ItemT, _PageT] | None = self
        while current is not None:
            _remember(fetched, current._state())
            yield current
            following = current._following(fetched)
            if following is not None:
                following._check_not_a_repeat_of(current)
            current = following

    def pages(self) -> Iterator[_PageT]:
        """This answer, then each following one, as the document types them."""
        for page in self.iter_pages():
            yield page.page

    def __iter__(self) -> Iterator[_ItemT]:
        for page in self.iter_pages():
            yield from page.items


class AsyncPage(_BasePage[_ItemT, _PageT]):
    """The async twin of :class:`SyncPage`, what awaiting an :class:`AsyncPaginator` gives:
    ``async for`` over it gives every item of this page and of the pages after it."""

    def __init__(
        self,
        pagination: Pagination,
        fetch: AsyncFetch[_PageT],
        query: Mapping[str, object],
        answer: Answer[_PageT],
        *,
        redact: Callable[[str], str] = str,
        asked: str | None = None,
    ) -> None:
        super().__init__(pagination, query, answer, redact, asked)
        self._fetch_page = fetch  # the next request -> that page's answer

    async def next_page(self) -> AsyncPage[_ItemT, _PageT] | None:
        """The page after this one (one request), or ``None`` at the end of the list;
        :class:`PaginationCycleError` when the answer asks for this same page again, or the
        next page repeats this one's items."""
        following = await self._following(fetched={_fingerprint(self._state())})
        if following is not None:
            following._check_not_a_repeat_of(self)
        return following

    async def _following(
        self, fetched: Collection[bytes | None]
    ) -> AsyncPage[_ItemT, _PageT] | None:
        request = self._next_request(fetched)
        if request is None:
            return None
        query, url = request
        answer = await self._fetch_page(query, url)
        return AsyncPage(
            self.pagination, self._fetch_page, query, answer, redact=self._redact, asked=url
        )

    async def iter_pages(self) -> AsyncIterator[AsyncPage[_ItemT, _PageT]]:
        """This page, then each following page as a page object."""
        fetched: set[bytes | None] = set()
        current: AsyncPage[_ItemT, _PageT] | None = self
        while current is not None:
            _remember(fetched, current._state())
            yield current
            following = await current._following(fetched)
            if following is not None:
                following._check_not_a_repeat_of(current)
            current = following

    async def pages(self) -> AsyncIterator[_PageT]:
        """This answer, then each following one, as the document types them."""
        async for page in self.iter_pages():
            yield page.page

    async def __aiter__(self) -> AsyncIterator[_ItemT]:
        async for page in self.iter_pages():
            for item in page.items:
                yield item


class AsyncPaginator(Generic[_ItemT, _PageT]):
    """What an async list method returns (as openai-python's ``AsyncPaginator``); no request
    is sent until it is used:

    - ``await`` it: the first page, an :class:`AsyncPage` (``.page``, ``.items``, ``.pages()``);
    - ``async for item in`` it: every item of every page, the next pages fetched as needed
      (each ``async for`` starts again at the first page).
    """

    def __init__(self, first_page: Callable[[], Awaitable[AsyncPage[_ItemT, _PageT]]]) -> None:
        self._first_page = first_page  # sends the first request

    def __await__(self) -> Generator[Any, None, AsyncPage[_ItemT, _PageT]]:
        return self._first_page().__await__()

    async def __aiter__(self) -> AsyncIterator[_ItemT]:
        async for item in await self:
            yield item
