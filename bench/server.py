"""A minimal fast HTTP/1.1 server for client-overhead benchmarks, run as its own process.

    python -m bench.server   # prints "PORT <n>" once listening on 127.0.0.1
    python -m bench.server --json BODY.json --path /repos/o/r   # that file for that path, else 404

Keep-alive, any method and path. A request body containing `"stream":true` gets a 1000-event
SSE body (`data: <completion chunk>` ... `data: [DONE]`); anything else gets one fixed
completion JSON. Both answers are pre-encoded bytes, so the server costs next to nothing.

The SSE body is one write (the client reads it in a few large chunks). Under a path starting
with `/split/` it is sent as a real token stream is: chunked transfer encoding, one HTTP chunk
and one write per event, yielding to the event loop in between, so the client sees event-sized
reads (how many events one read holds then depends on who is faster).

With `--json`, the server answers only GET requests for `--path`, with that file's bytes as
`application/json`, and every other request with 404, so that a client calling a wrong URL
fails instead of parsing the wrong answer (bench/large_api.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

STREAM_CHUNKS = 1000

COMPLETION: dict[str, Any] = {
    "id": "cmpl-bench",
    "object": "text_completion",
    "created": 1_700_000_000,
    "model": "bench-model",
    "choices": [
        {"text": "Hello, world! " * 8, "index": 0, "logprobs": None, "finish_reason": "stop"}
    ],
    "usage": {"prompt_tokens": 5, "completion_tokens": 32, "total_tokens": 37},
}


def chunk(index: int) -> dict[str, Any]:
    return {
        "id": "cmpl-bench",
        "object": "text_completion",
        "created": 1_700_000_000,
        "model": "bench-model",
        "choices": [{"text": f" tok{index}", "index": 0, "logprobs": None,
                     "finish_reason": "stop" if index == STREAM_CHUNKS - 1 else None}],
    }


def _response(content_type: str, body: bytes, status: str = "200 OK") -> bytes:
    head = (
        f"HTTP/1.1 {status}\r\n"
        f"content-type: {content_type}\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: keep-alive\r\n\r\n"
    )
    return head.encode("ascii") + body


JSON_RESPONSE = _response("application/json", json.dumps(COMPLETION).encode())
SSE_BODY = b"".join(f"data: {json.dumps(chunk(i))}\n\n".encode() for i in range(STREAM_CHUNKS))
SSE_RESPONSE = _response("text/event-stream", SSE_BODY + b"data: [DONE]\n\n")
NOT_FOUND = _response("application/json", b'{"message": "Not Found"}', "404 Not Found")
SPLIT_HEAD = (
    b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n"
    b"transfer-encoding: chunked\r\nconnection: keep-alive\r\n\r\n"
)
SPLIT_CHUNKS = [
    f"{len(event):x}\r\n".encode("ascii") + event + b"\r\n"
    for event in [f"data: {json.dumps(chunk(i))}\n\n".encode() for i in range(STREAM_CHUNKS)]
    + [b"data: [DONE]\n\n"]
] + [b"0\r\n\r\n"]


class _Http(asyncio.Protocol):
    def __init__(self, route: tuple[bytes, bytes] | None = None) -> None:
        self.route = route  # (request line start, response): the one answer of --json mode
        self.buffer = b""
        self.transport: asyncio.Transport | None = None
        self.streaming: asyncio.Task[None] | None = None  # a /split/ answer being written

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while self._answer_one():
            pass

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None

    def _answer_one(self) -> bool:
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0 or self.transport is None or self.streaming is not None:
            return False
        length = 0
        for line in self.buffer[:end].split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        total = end + 4 + length
        if len(self.buffer) < total:
            return False
        request_line = self.buffer[:end].split(b"\r\n", 1)[0]
        target = request_line.split(b" ")[1:2]
        body = self.buffer[end + 4 : total]
        self.buffer = self.buffer[total:]
        if self.route is not None:
            start, answer = self.route
            self.transport.write(answer if request_line.startswith(start) else NOT_FOUND)
            return True
        streaming = b'"stream":true' in body.replace(b" ", b"")
        if streaming and target and target[0].startswith(b"/split/"):
            self.streaming = asyncio.get_running_loop().create_task(self._split_stream())
            return False
        self.transport.write(SSE_RESPONSE if streaming else JSON_RESPONSE)
        return True

    async def _split_stream(self) -> None:
        try:
            if self.transport is not None:
                self.transport.write(SPLIT_HEAD)
            for piece in SPLIT_CHUNKS:
                await asyncio.sleep(0)
                if self.transport is None or self.transport.is_closing():
                    return  # the client stopped reading (after [DONE]) and closed
                self.transport.write(piece)
        finally:
            self.streaming = None
        while self._answer_one():  # requests that arrived meanwhile
            pass


async def serve(route: tuple[bytes, bytes] | None = None) -> None:
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: _Http(route), "127.0.0.1", 0, backlog=128)
    port = server.sockets[0].getsockname()[1]
    print(f"PORT {port}", flush=True)
    async with server:
        await server.serve_forever()


def json_route(body: Path, path: str) -> tuple[bytes, bytes]:
    """The --json answer: `GET <path> ` (exactly that target, without a query) and the file's
    bytes as a 200 application/json response."""
    return f"GET {path} ".encode("ascii"), _response("application/json", body.read_bytes())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.server")
    parser.add_argument("--json", type=Path, help="answer GET --path with this file's bytes")
    parser.add_argument("--path", default="/", help="the one path answered with --json")
    args = parser.parse_args(argv)
    route = json_route(args.json, args.path) if args.json is not None else None
    try:
        asyncio.run(serve(route))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
