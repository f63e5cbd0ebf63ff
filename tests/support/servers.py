"""Scripted HTTP/1.1 test servers on 127.0.0.1 (ephemeral port), for runtime tests.

A :class:`ScriptedServer` answers each incoming request with the next :class:`Reply` of its
script (the last one repeats when ``repeat_last`` is set, else a 599 "script exhausted"), or,
given ``answer``, with ``answer(request)``: a server whose answers depend on what is asked.
It records every request (:class:`Recorded`) and can misbehave on purpose: delay, reset the
connection (SO_LINGER 0), stream a body chunk by chunk with flushes, cut a stream midway,
or hold a stream open until the client hangs up (``client_closed`` is set when it does).

```python
with ScriptedServer([Reply(429, {"Retry-After": "0.1"}), Reply(200, body={"ok": True})]) as srv:
    httpx.get(srv.url + "/v1/x")
    assert srv.requests[0].path == "/v1/x"
```
"""

from __future__ import annotations

import json
import socket
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Self
from urllib.parse import parse_qsl, urlsplit

__all__ = ["Recorded", "Reply", "ScriptedServer", "sse"]


def sse(*events: str | dict[str, Any], done: bool = True) -> list[bytes]:
    """SSE chunks: each dict becomes ``data: <json>\\n\\n``, each str is sent verbatim."""
    chunks = [(f"data: {json.dumps(e)}\n\n" if isinstance(e, dict) else e).encode() for e in events]
    if done:
        chunks.append(b"data: [DONE]\n\n")
    return chunks


@dataclass
class Reply:
    """One scripted answer.

    body: bytes/str sent as-is; dict/list sent as JSON (content-type added if absent).
    chunks: when set, the body is sent with chunked transfer encoding, one write + flush
        per chunk, ``chunk_delay`` seconds apart; ``cut_after`` chunks -> the connection is
        closed without the terminating chunk; ``hold_open`` -> after the chunks, nothing
        more is sent until the client disconnects.
    delay: seconds to wait before answering (interrupted by ``stop()``).
    reset: abort the connection with a TCP RST instead of answering.
    informational: that many ``100 Continue`` answers first, ``head_delay`` seconds apart.
    head_delay: with ``trickle_head``, the status line and headers go a byte at a time, this
        many seconds apart (a slow-loris).
    reason: the reason phrase of the status line (else the usual one of the status).
    """

    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes | str | dict[str, Any] | list[Any] = b""
    chunks: list[bytes] | None = None
    chunk_delay: float = 0.0
    cut_after: int | None = None
    hold_open: bool = False
    delay: float = 0.0
    reset: bool = False
    informational: int = 0
    head_delay: float = 0.0
    trickle_head: bool = False
    reason: str | None = None


@dataclass
class Recorded:
    """One request as received."""

    method: str
    target: str
    path: str
    query: list[tuple[str, str]]
    headers: dict[str, str]  # lower-cased names (last value wins)
    body: bytes
    time: float

    def json(self) -> Any:
        """The body decoded as JSON."""
        return json.loads(self.body)


_REASONS = {
    200: "OK",
    204: "No Content",
    400: "Bad Request",
    401: "Unauthorized",
    404: "Not Found",
    408: "Request Timeout",
    409: "Conflict",
    422: "Unprocessable Entity",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
    529: "Overloaded",
}


class ScriptedServer:
    """A threaded HTTP/1.1 server answering from a script; use as a context manager."""

    def __init__(
        self,
        replies: list[Reply],
        *,
        repeat_last: bool = False,
        answer: Callable[[Recorded], Reply] | None = None,
    ) -> None:
        self._replies = list(replies)
        self._answer_for = answer
        self._repeat_last = repeat_last
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._conns: list[socket.socket] = []
        self.requests: list[Recorded] = []
        self.client_closed = threading.Event()
        self.connections = 0
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(64)
        self._sock.settimeout(0.05)
        self.port: int = self._sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"

    # -- lifecycle ---------------------------------------------------------------------

    def start(self) -> Self:
        """Start accepting connections in a background thread."""
        thread = threading.Thread(target=self._accept_loop, name="scripted-server", daemon=True)
        thread.start()
        self._threads.append(thread)
        return self

    def stop(self) -> None:
        """Stop the server, drop every connection and join the threads (bounded)."""
        self._stop.set()
        with self._lock:
            conns = list(self._conns)
        for conn in conns:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            conn.close()
        for thread in list(self._threads):
            thread.join(timeout=2)
        self._sock.close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- internals ---------------------------------------------------------------------

    def _next_reply(self) -> Reply:
        with self._lock:
            if len(self._replies) > 1 or (self._replies and not self._repeat_last):
                return self._replies.pop(0)
            if self._replies:
                return self._replies[0]
        return Reply(599, body={"error": {"message": "script exhausted"}})

    def _accept_loop(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except (TimeoutError, OSError):
                continue
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self._lock:
                self._conns.append(conn)
                self.connections += 1
            thread = threading.Thread(target=self._serve, args=(conn,), daemon=True)
            thread.start()
            self._threads.append(thread)

    def _serve(self, conn: socket.socket) -> None:
        buffer = b""
        try:
            conn.settimeout(0.1)  # in the try: stop() may have closed the connection already
            while not self._stop.is_set():
                request, buffer = self._read_request(conn, buffer)
                if request is None:
                    return
                self.requests.append(request)
                reply = self._answer_for(request) if self._answer_for else self._next_reply()
                if not self._answer(conn, reply):
                    return
        except OSError:
            return
        finally:
            try:
                conn.close()
            except OSError:
                pass

    def _recv(self, conn: socket.socket) -> bytes | None:
        """Some bytes, b"" on EOF, None when stopping."""
        while not self._stop.is_set():
            try:
                return conn.recv(65536)
            except TimeoutError:
                continue
        return None

    def _read_request(self, conn: socket.socket, buffer: bytes) -> tuple[Recorded | None, bytes]:
        while b"\r\n\r\n" not in buffer:
            data = self._recv(conn)
            if not data:
                return None, b""
            buffer += data
        head, _, buffer = buffer.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        method, target, _version = lines[0].split(" ", 2)
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        body = b""
        if headers.get("transfer-encoding", "").lower() == "chunked":
            while True:
                while b"\r\n" not in buffer:
                    data = self._recv(conn)
                    if not data:
                        return None, b""
                    buffer += data
                size_line, _, buffer = buffer.partition(b"\r\n")
                size = int(size_line.split(b";")[0], 16)
                while len(buffer) < size + 2:
                    data = self._recv(conn)
                    if not data:
                        return None, b""
                    buffer += data
                body += buffer[:size]
                buffer = buffer[size + 2 :]
                if size == 0:
                    break
        else:
            length = int(headers.get("content-length", "0") or 0)
            while len(buffer) < length:
                data = self._recv(conn)
                if not data:
                    return None, b""
                buffer += data
            body, buffer = buffer[:length], buffer[length:]
        split = urlsplit(target)
        recorded = Recorded(
            method=method,
            target=target,
            path=split.path,
            query=parse_qsl(split.query, keep_blank_values=True),
            headers=headers,
            body=body,
            time=time.monotonic(),
        )
        return recorded, buffer

    def _answer(self, conn: socket.socket, reply: Reply) -> bool:
        """Send ``reply``; return whether the connection can serve another request."""
        if reply.delay and self._stop.wait(reply.delay):
            return False
        if reply.reset:
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            return False
        headers = dict(reply.headers)
        lower = {k.lower() for k in headers}
        body = reply.body
        if isinstance(body, dict | list):
            body = json.dumps(body).encode()
            if "content-type" not in lower:
                headers["Content-Type"] = "application/json"
        elif isinstance(body, str):
            body = body.encode()
        if reply.chunks is not None:
            headers["Transfer-Encoding"] = "chunked"
            headers.setdefault("Content-Type", "text/event-stream")
        else:
            headers["Content-Length"] = str(len(body))
        reason = reply.reason or _REASONS.get(reply.status, "Status")
        head = f"HTTP/1.1 {reply.status} {reason}\r\n" + "".join(
            f"{k}: {v}\r\n" for k, v in headers.items()
        )
        for _ in range(reply.informational):
            conn.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
            if self._stop.wait(reply.head_delay):
                return False
        if reply.trickle_head:
            for byte in head.encode("latin-1") + b"\r\n":
                conn.sendall(bytes([byte]))
                if self._stop.wait(reply.head_delay):
                    return False
        else:
            conn.sendall(head.encode("latin-1") + b"\r\n")
        if reply.chunks is None:
            conn.sendall(body)
            return True
        for index, chunk in enumerate(reply.chunks):
            if reply.cut_after is not None and index >= reply.cut_after:
                return False
            if index and reply.chunk_delay and self._stop.wait(reply.chunk_delay):
                return False
            conn.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        if reply.cut_after is not None:
            return False
        if reply.hold_open:
            while not self._stop.is_set():
                try:
                    data = self._recv(conn)
                except OSError:  # reset by the client
                    data = b""
                if data is None:
                    return False
                if not data:
                    self.client_closed.set()
                    return False
        conn.sendall(b"0\r\n\r\n")
        return True
