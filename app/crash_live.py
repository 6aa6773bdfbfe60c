"""The Crash board's live socket (`LIVE_PATH`): every open Crash tab of a brand gets the same
message each time the round, its phase or its feed changes (app/services/studio/crash/follow.py),
built once per process and language, and draws it itself (assets/crash.js).

The board is public (every player sees the same round, names masked), so the socket asks for no
login; it takes a page of the site's own origins only (as the event socket does) and up to
MAX_SOCKETS sockets a process. A player's own bets follow the page's state
(state/studio/crash.py), not this socket.
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from app.core import clock
from app.core.errors import AppError
from app.core.i18n import ui_language
from app.front_door import header_of, own_origin_https
from app.services.brands import brands
from app.services.origins import origin_allowed
from app.services.studio.crash.follow import Seen, follower
from state.studio.crash_views import board_body, stamped

LIVE_PATH = "/_crash/live"
MAX_SOCKETS = 5000
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013
SEND_SECONDS = 5.0  # a socket that takes longer to take a message is dropped

_open = 0
_bodies: dict[tuple[int, str], tuple[Seen, str]] = {}  # the latest message per brand, language


def _body(merchant_id: int, lang: str, digits: int, seen: Seen) -> str:
    kept = _bodies.get((merchant_id, lang))
    if kept is None or kept[0] is not seen:
        kept = _bodies[(merchant_id, lang)] = (seen, board_body(seen.board, lang, digits))
    return kept[1]


async def _push(socket: WebSocket, merchant_id: int, lang: str, digits: int) -> None:
    async for seen in follower(merchant_id).public():
        message = stamped(_body(merchant_id, lang, digits, seen), clock.now())
        await asyncio.wait_for(socket.send_text(message), SEND_SECONDS)


async def _drain(socket: WebSocket) -> None:
    """Until the page goes: what it sends is ignored."""
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await socket.receive_text()


async def serve(scope: Scope, receive: Receive, send: Send) -> None:
    global _open
    socket = WebSocket(scope, receive, send)
    host = header_of(scope, b"host")
    if not origin_allowed(header_of(scope, b"origin"), host, https=own_origin_https(scope)):
        await socket.close(POLICY_VIOLATION)
        return
    if _open >= MAX_SOCKETS:
        await socket.close(TRY_AGAIN_LATER)
        return
    try:
        brand = await brands.for_request(None, host)
    except AppError:
        await socket.close(POLICY_VIOLATION)
        return
    lang = ui_language(socket.query_params.get("lang"))
    _open += 1
    try:
        await socket.accept()
        tasks = [
            asyncio.ensure_future(_push(socket, brand.id, lang, brand.amount_digits)),
            asyncio.ensure_future(_drain(socket)),
        ]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        for task in done:
            if not task.cancelled() and isinstance(task.exception(), Exception):
                with contextlib.suppress(RuntimeError):  # already closed by the page
                    await socket.close()
    finally:
        _open -= 1


class CrashLive:
    """Serves LIVE_PATH's websocket in front of the site (inside the domain check)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"] == LIVE_PATH:
            await serve(scope, receive, send)
            return
        await self.app(scope, receive, send)
