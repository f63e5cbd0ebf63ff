"""The one place this package touches its HTTP library.

Every other module imports HTTP names from here, never from the library itself. The generator
swaps the library by rewriting the single import line below (``httpx`` -> ``httpx2``, keeping
the ``_lib`` alias) when the manifest asks for httpx2; both libraries expose the same API for
everything re-exported here, so that line is the only difference between the two variants.
"""

from __future__ import annotations

import httpx as _lib

__all__ = [
    "LIBRARY",
    "URL",
    "AsyncByteStream",
    "AsyncClient",
    "AsyncHTTPTransport",
    "Client",
    "ConnectError",
    "ConnectTimeout",
    "DecodingError",
    "HTTPError",
    "Headers",
    "InvalidURL",
    "Limits",
    "LocalProtocolError",
    "PoolTimeout",
    "ReadTimeout",
    "RemoteProtocolError",
    "Request",
    "Response",
    "SyncByteStream",
    "Timeout",
    "TimeoutException",
    "TransportError",
    "WriteTimeout",
]

#: Name of the HTTP library in use ("httpx" or "httpx2"), for diagnostics.
LIBRARY: str = _lib.__name__

Client = _lib.Client
AsyncClient = _lib.AsyncClient
#: The library's own network transport, whose pool keeps connections made on one event loop.
AsyncHTTPTransport = _lib.AsyncHTTPTransport
Timeout = _lib.Timeout
Limits = _lib.Limits
Request = _lib.Request
Response = _lib.Response
Headers = _lib.Headers
URL = _lib.URL
#: What a response's body is read from (``Response.stream``), sync and async.
SyncByteStream = _lib.SyncByteStream
AsyncByteStream = _lib.AsyncByteStream

#: Base class of every exception the library raises.
HTTPError = _lib.HTTPError
#: Connect / read / write / pool timeouts (a subclass of TransportError).
TimeoutException = _lib.TimeoutException
#: Network and protocol failures: connection refused or reset, truncated bodies, ...
TransportError = _lib.TransportError
#: A URL the library cannot parse (not an HTTPError): a bad base URL or a bad redirect Location.
InvalidURL = _lib.InvalidURL
#: The peer broke the HTTP protocol, e.g. closed the connection mid-body.
RemoteProtocolError = _lib.RemoteProtocolError
#: The request itself could not be written (e.g. a line break in a header value): local.
LocalProtocolError = _lib.LocalProtocolError
#: The connection could not be opened: nothing was sent.
ConnectError = _lib.ConnectError
ConnectTimeout = _lib.ConnectTimeout
#: No byte came within the read timeout (or a whole body within it: ``_base_client``).
ReadTimeout = _lib.ReadTimeout
#: No connection of the pool became free in time: nothing was sent.
PoolTimeout = _lib.PoolTimeout
#: The request could not be written within the write timeout.
WriteTimeout = _lib.WriteTimeout
#: A received body whose Content-Encoding (gzip, deflate, ...) is corrupt.
DecodingError = _lib.DecodingError
