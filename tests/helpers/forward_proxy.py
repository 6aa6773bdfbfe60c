"""A tiny reverse proxy for tests, run as its own process: it forwards each connection to the
upstream and appends the address it sees to `X-Forwarded-For`, as nginx's
`proxy_add_x_forwarded_for` does. One request per connection (it asks both sides to close),
so the head it rewrites is the only one on the connection.

    python -m tests.helpers.forward_proxy --port 8001 --upstream 127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import asyncio

HEAD_END = b"\r\n\r\n"
MAX_HEAD_BYTES = 64 * 1024


def rewrite_head(head: bytes, peer: str) -> bytes:
    """The request head with the peer appended to X-Forwarded-For and `Connection: close`."""
    request_line, *lines = head.decode("latin-1").split("\r\n")
    kept: list[str] = []
    forwarded: list[str] = []
    for line in lines:
        name, _, value = line.partition(":")
        lowered = name.strip().lower()
        if lowered == "x-forwarded-for":
            forwarded.append(value.strip())
        elif lowered not in ("connection", "keep-alive"):
            kept.append(line)
    chain = ", ".join([*forwarded, peer])
    return "\r\n".join(
        [request_line, *kept, f"X-Forwarded-For: {chain}", "Connection: close", "", ""]
    ).encode("latin-1")


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while chunk := await reader.read(65536):
            writer.write(chunk)
            await writer.drain()
    except ConnectionError:
        pass
    finally:
        writer.close()


async def _serve(
    client_reader: asyncio.StreamReader,
    client_writer: asyncio.StreamWriter,
    upstream_host: str,
    upstream_port: int,
) -> None:
    peer = client_writer.get_extra_info("peername")[0]
    try:
        head = await client_reader.readuntil(HEAD_END)
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError):
        client_writer.close()
        return
    upstream_reader, upstream_writer = await asyncio.open_connection(upstream_host, upstream_port)
    upstream_writer.write(rewrite_head(head[: -len(HEAD_END)], peer))
    await upstream_writer.drain()
    await asyncio.gather(
        _pipe(client_reader, upstream_writer), _pipe(upstream_reader, client_writer)
    )


async def main(port: int, upstream: str) -> None:
    host, _, upstream_port = upstream.rpartition(":")

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await _serve(reader, writer, host, int(upstream_port))

    server = await asyncio.start_server(handle, "127.0.0.1", port, limit=MAX_HEAD_BYTES)
    print(f"proxy listening on {port}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream", required=True, help="host:port of the app")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.port, arguments.upstream))
