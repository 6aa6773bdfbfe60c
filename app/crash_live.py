"""The Crash board's live socket (`LIVE_PATH`): every open Crash tab of a brand gets the same
message each time the round, its phase or its feed changes (app/services/studio/crash/follow.py),
built once per process and language, and draws it itself (assets/crash.js).

The board is public (every player sees the same round, names masked), so the socket asks for no
login; it takes a page of the site's own origins only (as the event socket does) and up to
MAX_SOCKETS sockets a process. A player's own bets follow the page's state
(state/studio/crash.py), not this socket.

A playing page also bets and cashes out here, where milliseconds count and a whole round's
players bet in the same seconds: it sends the ticket its load gave it (`{"ticket": ...}`,
app/services/studio/crash/tickets.py; answered `{"bound": ...}`), then
`{"bet": "1", "stake": "2,50", "auto": "", "id": 6}` or `{"cash": "1", "id": 7}`, each
answered `{"answer": 7, "ok": ..., "text": ...}` in the page's language (a refusal whose
remedy is on the page, a due reality check's dialog or the verification's link, also says
`"page": true`: the page's own bet then shows it). A cash-out is answered as soon as it is
decided (the bet stored CASHED); its payment follows on the same socket (should it fail, the
round's settlement pays it). Each bet and cash-out passes the gates of the page's own
(gates.MONEY: region and maintenance; the game session still running) and a rate limit
before `bets.place` (whose wallet checks the member's limits, reality check and exclusion
as on the page) or `bets.decide_cash_out`, which decides by the server's clock; the page's
script shows the answer at once, and the page's state follows the bets as stored.

The site's processes serve the socket in front of Reflex (`CrashLive`); a scaled deployment
runs it in processes of its own (`live_app`, `app.cli crash-live`) and its proxy sends
LIVE_PATH there, so that a cash-out never waits in an event loop busy with page events.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field

from sqlmodel.ext.asyncio.session import AsyncSession
from starlette.applications import Starlette
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from app import routes
from app.api.ops import ops_app
from app.core import clock, heap, metrics, rate_limit, work_units
from app.core.batching import Batcher
from app.core.cache import close_redis
from app.core.db import dispose_engine, get_engine, within_pool
from app.core.errors import AppError, transient
from app.core.i18n import translate, ui_language
from app.core.visitor import Visitor, visitor
from app.front_door import DomainCheck, header_of, own_origin_https
from app.services import gates
from app.services.brands import Brand, Money, brands
from app.services.origins import origin_allowed
from app.services.protection.limits import REALITY_CHECK_DUE
from app.services.studio.crash import bets, tickets
from app.services.studio.crash.follow import Seen, follower
from app.services.studio.crash.rounds import Flying, pay_bet
from models import Member
from models.crash import CrashBet
from state.studio.crash_views import board_body, cashed_notice, stamped

LIVE_PATH = "/_crash/live"
MAX_SOCKETS = 5000
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013
SEND_SECONDS = 5.0  # a socket that takes longer to take a message is dropped
MAX_MESSAGE = 512  # what a page sends is a ticket, a bet or a cash-out: longer is not a page
# Per member and kind of message (the metrics name the same kinds), the socket's doors.
LIMITS = {
    "cash": rate_limit.Limit("crash-live-cash", 20, 10),
    "bet": rate_limit.Limit("crash-live-bet", 20, 10),
}
SLOTS = ("1", "2")
# Refusals whose remedy is on the page: the reality check's dialog, a page that lifts it.
ON_PAGE = frozenset({REALITY_CHECK_DUE, *routes.REMEDIES})

# The wallet's calls (bets, and cash-outs' payments) pass the pool's gate (`within_pool`): a
# round's bets arrive together and its payments follow one another, and a cash-out's decision,
# by the server's clock, must not wait behind them for a connection. With the pool's overflow in
# use a round's bets opened a PostgreSQL connection for nearly every statement (a bet took
# 270 ms, each of its statements 25-50 ms, with the database and this process all but idle).
CASH_OUT_BATCH = 500  # the most cash-outs one statement decides
# A board change reaches this process's pages in BOARD_TURNS turns BOARD_TURN_SECONDS apart,
# each page keeping its turn: sent all at once, a thousand sockets' messages held the event
# loop for tens of milliseconds, and every cash-out that arrived meanwhile waited behind them.
BOARD_TURNS = 16
BOARD_TURN_SECONDS = 0.004

logger = logging.getLogger(__name__)
_open = 0
_bodies: dict[tuple[int, str], tuple[Seen, str]] = {}  # the latest message per brand, language
_turns = itertools.count()


def _body(merchant_id: int, lang: str, money: Money, seen: Seen) -> str:
    kept = _bodies.get((merchant_id, lang))
    if kept is None or kept[0] is not seen:
        kept = _bodies[(merchant_id, lang)] = (seen, board_body(seen.board, lang, money))
    return kept[1]


@dataclass
class _Page:
    """One socket's page: where it is, in which language, and whose cash-outs it makes."""

    socket: WebSocket
    brand: Brand
    lang: str
    seen: Visitor
    bound: tickets.Bound | None = None
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)
    turn: int = field(default_factory=lambda: next(_turns) % BOARD_TURNS)

    async def send(self, message: str) -> None:
        async with self.sending:  # the board and the answers share the socket
            await asyncio.wait_for(self.socket.send_text(message), SEND_SECONDS)


async def _push(page: _Page) -> None:
    """The board as the page opened, then after each change, in the page's turn."""
    brand = page.brand
    opened = True
    async for seen in follower(brand.id).public():
        if not opened and page.turn:
            await asyncio.sleep(page.turn * BOARD_TURN_SECONDS)
        opened = False
        body = _body(brand.id, page.lang, Money.of(brand), seen)
        await page.send(stamped(body, clock.now()))


async def _listen(page: _Page) -> None:
    """Until the page goes: its ticket, then its bets and cash-outs; anything else is
    ignored."""
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            text = await page.socket.receive_text()
            if len(text) > MAX_MESSAGE:
                return
            try:
                message = json.loads(text)
            except ValueError:
                continue
            with work_units.unit_of_work():
                try:
                    await _answer_message(page, message)
                except Exception as failed:
                    if not transient(failed):
                        raise
                    await _unavailable(page, message, failed)


async def _answer_message(page: _Page, message: object) -> None:
    """A ticket, a bet or a cash-out the page sent: its answer (anything else: none)."""
    if isinstance(message, dict) and "ticket" in message:
        page.bound = await tickets.member_of(message["ticket"], page.brand.id)
        await page.send(json.dumps({"bound": page.bound is not None}))
    elif isinstance(message, dict) and "bet" in message:
        with _timed("bet", "answer"):
            await page.send(json.dumps(await _bet(page, message)))
    elif isinstance(message, dict) and "cash" in message:
        with _timed("cash", "answer"):
            answer, cashed = await _cash(page, message)
            await page.send(json.dumps(answer))
        if cashed is not None:  # decided and answered: now paid (or by the round's settlement)
            try:
                async with within_pool():
                    await pay_bet(cashed)
            except Exception as failed:
                if not isinstance(failed, AppError) and not transient(failed):
                    raise


@contextlib.contextmanager
def _timed(kind: str, step: str) -> Iterator[None]:
    """The time a step of a bet or cash-out takes, for /metrics (the operator's dashboard
    splits a slow answer into its gates, its decision and the rest)."""
    started = time.perf_counter()
    try:
        yield
    finally:
        metrics.CRASH_LIVE_LATENCY.labels(kind=kind, step=step).observe(
            time.perf_counter() - started
        )


async def _unavailable(page: _Page, message: object, failed: Exception) -> None:
    """A database or Redis that failed for a moment: the page is told and the socket stays
    (closing it dropped every board of the page until it reconnected). A bet or cash-out
    not decided may be asked again; a ticket not read leaves the page's own events to it."""
    cause = type(getattr(failed, "orig", None) or failed).__name__
    logger.warning("a Crash live message met an unavailable dependency: %s", cause)
    if isinstance(message, dict) and "ticket" in message:
        await page.send(json.dumps({"bound": False}))
    elif isinstance(message, dict):
        text = translate("service-unavailable", page.lang)
        await page.send(json.dumps(_answer(message) | {"text": text}))


def _answer(message: dict[str, object]) -> dict[str, object]:
    asked = message.get("id")
    return {"answer": asked if isinstance(asked, int) else 0, "ok": False}


def _refused(answer: dict[str, object], exc: AppError, lang: str) -> dict[str, object]:
    text = translate(exc.code, lang, **exc.params)
    return answer | {"text": text} | ({"page": True} if exc.code in ON_PAGE else {})


async def _gates(page: _Page, slot: object, kind: str) -> tuple[tickets.Bound, Brand]:
    """The page's gates for a bet or cash-out (`kind`) of `slot` that need no database (its
    ticket, its rate limit, the site's gates): the page's ticket, and its brand as the
    operator set it now (the member's gates run with the decision, in its transaction)."""
    bound = page.bound
    if bound is None or bound.member.id is None:
        raise AppError("not-logged-in", 401)
    if slot not in SLOTS:
        raise AppError("crash-slot-invalid", 400)
    # Both from Redis at once: the count, and the brand as the operator set it now.
    with _timed(kind, "gates"):
        _, brand = await asyncio.gather(
            rate_limit.consume(LIMITS[kind], bound.member.id), brands.by_id(page.brand.id)
        )
    gates.enforce_site(gates.MONEY, brand, page.seen.ip, page.seen.country)
    return bound, brand


def _member_gates(bound: tickets.Bound, brand: Brand) -> bets.Checks:
    """The member's gates, run in the decision's own transaction."""

    async def checks(session: AsyncSession) -> None:
        await gates.enforce_member(gates.MONEY, brand, bound.member, clock.now(), session)

    return checks


async def _bet(page: _Page, message: dict[str, object]) -> dict[str, object]:
    """A bet the page placed, with the stake and target its fields hold: the answer."""
    answer, slot = _answer(message), message.get("bet")
    betting = follower(page.brand.id).betting()  # the round the page bet in, as it came
    try:
        bound, brand = await _gates(page, slot, "bet")
        checks = _member_gates(bound, brand)
        stake, auto = message.get("stake"), message.get("auto")
        with _timed("bet", "decision"):
            async with within_pool():
                await bets.place(
                    bound.player,
                    page.brand.id,
                    int(str(slot)),
                    stake,
                    auto,
                    checks,
                    betting,
                    bound.game_session,
                )
    except AppError as exc:
        return _refused(answer, exc, page.lang)
    return answer | {"ok": True, "text": translate("crash.placed", page.lang, slot=slot)}


@dataclass(frozen=True)
class _CashOut:
    """A cash-out the socket took, and whose member gates its batch runs."""

    ask: bets.CashOutAsk
    brand: Brand
    member: Member


async def _decide_cash_outs(
    cash_outs: Sequence[_CashOut],
) -> list[bets.Decided | AppError | None]:
    async def member_gates(session: AsyncSession) -> list[AppError | None]:
        members = [(cash_out.brand, cash_out.member) for cash_out in cash_outs]
        return await gates.enforce_members(gates.MONEY, members, clock.now(), session)

    return await bets.decide_cash_outs([cash_out.ask for cash_out in cash_outs], member_gates)


# The cash-outs of this process that arrive while others are decided wait and go together, in
# one statement (PostgreSQL): in a round's flight hundreds of players cash out in seconds.
_cash_outs = Batcher(_decide_cash_outs, most=CASH_OUT_BATCH)


async def decide_cash_out(
    bound: tickets.Bound, brand: Brand, slot: int, flying: Flying | None
) -> bets.Decided:
    """A cash-out of the page's member decided by the server's clock as the socket took it: in
    its process's next batch (PostgreSQL, the round the page's board saw flying) or, when that
    matched nothing, step by step, which says why."""
    member_id = bound.member.id or 0
    decided = None
    if flying is not None and get_engine().dialect.name == "postgresql":
        ask = bets.CashOutAsk(member_id, brand.id, slot, flying, clock.now(), bound.game_session)
        decided = await _cash_outs.submit(_CashOut(ask, brand, bound.member))
    if isinstance(decided, AppError):
        raise decided
    if decided is None:
        checks = _member_gates(bound, brand)
        decided = await bets.decide_cash_out(member_id, brand.id, slot, checks, bound.game_session)
    return decided


async def _cash(
    page: _Page, message: dict[str, object]
) -> tuple[dict[str, object], CrashBet | None]:
    """A cash-out the page asked for: the answer in its language and, once decided, the bet
    to pay (after the answer: the decision is what the player waits for)."""
    answer, slot = _answer(message), message.get("cash")
    try:
        bound, brand = await _gates(page, slot, "cash")
        flying = follower(page.brand.id).flying()
        with _timed("cash", "decision"):
            done, bet = await decide_cash_out(bound, brand, int(str(slot)), flying)
    except AppError as exc:
        return _refused(answer, exc, page.lang), None
    text = cashed_notice(done.multiplier, done.payout, page.lang, Money.of(page.brand))
    return answer | {"ok": True, "text": text}, bet


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
    seen = visitor(
        socket.client.host if socket.client else None, lambda name: header_of(scope, name.encode())
    )
    page = _Page(socket, brand, lang, seen)
    _open += 1
    try:
        await socket.accept()
        tasks = [asyncio.ensure_future(_push(page)), asyncio.ensure_future(_listen(page))]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        for task in done:
            failed = None if task.cancelled() else task.exception()
            if isinstance(failed, Exception):
                logger.error("a Crash live socket failed", exc_info=failed)
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


@contextlib.asynccontextmanager
async def _own_process(_: Starlette) -> AsyncIterator[None]:
    await brands.all()  # the Origin check reads the brands' domains
    heap.freeze_startup_heap()
    yield
    await dispose_engine()
    await close_redis()


def live_app() -> ASGIApp:
    """The socket in a process of its own (`app.cli crash-live`): the domain check, the socket
    and the operator's doors (/health/*, /metrics), nothing else."""
    return DomainCheck(CrashLive(ops_app(_own_process)))
