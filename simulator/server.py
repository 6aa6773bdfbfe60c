"""The provider simulator's HTTP service: game clients for the catalogue's outside vendors,
their game lists and the fate of their wallet calls. Money moves only through the platform's
public vendor APIs over HTTP (simulator/wallet.py)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from html import escape
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from simulator import catalogue, client_page, live_chat
from simulator.config import SimulatorSettings
from simulator.games import (
    baccarat,
    blackjack,
    events,
    fishing,
    live_tables,
    pvp,
    roulette,
    slots,
)  # fmt: skip
from simulator.sportsbook import Sportsbook, bet_view, event_view
from simulator.wallet import PlatformWallet, WalletError, vendor_secret, verify

DEMO_BALANCE = Decimal("2000.00")
MAX_SESSIONS = 50_000  # game sessions kept in memory; the oldest go first
MIN_BET, MAX_BET = Decimal("0.20"), Decimal("1000.00")


@dataclass
class PlaySession:
    vendor: str
    game: catalogue.SimGame
    currency: str
    platform_session: str | None  # None: demo play, on a play-money balance
    balance: Decimal
    shoe: list[str] = field(default_factory=list)
    member_id: int | None = None
    key: str = ""
    # A blackjack hand in play and its round (its bets and win go under one round id).
    hand: blackjack.Hand | None = None
    round_id: str = ""
    hand_bet: Decimal = Decimal("0")
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class SeatRequest(BaseModel):
    session: str = Field(max_length=64)
    level: str = Field(default="", max_length=16)


@dataclass
class PvpTable:
    """One room of a PvP game: seats (session keys), the last hand, a lock per hand."""

    vendor: str
    game_code: str
    level: str
    max_seats: int
    demo: bool
    seats: list[str] = field(default_factory=list)
    last: dict[str, Any] = field(default_factory=dict)
    hands: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class ChatRequest(BaseModel):
    t: str = Field(max_length=512)
    text: str = Field(max_length=1000)


class SportsBetRequest(BaseModel):
    session: str = Field(max_length=64)
    eventId: str = Field(max_length=64)
    market: str = Field(max_length=16)
    outcome: str = Field(max_length=16)
    stake: str = Field(max_length=16)


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class OpenRequest(BaseModel):
    vendor: str = Field(max_length=32)
    gameCode: str = Field(max_length=64)
    token: str | None = Field(default=None, max_length=128)
    currency: str = Field(default="BRL", max_length=8)


class PlayRequest(BaseModel):
    session: str = Field(max_length=64)
    bet: str = Field(max_length=16)
    on: str = Field(default="", max_length=16)  # baccarat side, roulette bet, fish


def _bet(text: str) -> Decimal:
    try:
        amount = Decimal(text).quantize(Decimal("0.01"))
    except InvalidOperation:
        raise HTTPException(422, "invalid bet") from None
    if not MIN_BET <= amount <= MAX_BET:
        raise HTTPException(422, "bet out of range")
    return amount


SETTLE_EVERY_SECONDS = 5.0


def create_app(
    settings: SimulatorSettings, wallet: PlatformWallet | None = None, *, settle_loop: bool = True
) -> FastAPI:
    platform = wallet or PlatformWallet(
        settings.platform_url,
        settings.master_secret,
        timeout=settings.timeout_seconds,
        retries=settings.retries,
    )
    book = Sportsbook(platform)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        async def settle_forever() -> None:
            while True:
                await asyncio.sleep(SETTLE_EVERY_SECONDS)
                with contextlib.suppress(Exception):
                    await book.settle_due(utcnow())

        task = asyncio.create_task(settle_forever()) if settle_loop else None
        yield
        if task is not None:
            task.cancel()

    app = FastAPI(title="Provider simulator", docs_url=None, redoc_url=None, lifespan=lifespan)
    app.state.wallet = platform
    app.state.sportsbook = book
    sessions: dict[str, PlaySession] = {}
    rng = random.SystemRandom()

    def _signed(request: Request, vendor: str) -> None:
        if not verify(
            vendor_secret(settings.master_secret, vendor),
            request.headers,
            request.url.path.encode(),
        ):
            raise HTTPException(401, "bad signature")

    @app.get("/health")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/stats/wallet")
    async def wallet_stats(reset: bool = False) -> dict[str, float]:
        """Latency of the platform's wallet as this simulator sees it (for the bench)."""
        taken = sorted(platform.latencies)
        if reset:
            platform.latencies.clear()
        if not taken:
            return {"calls": 0}

        def at(share: float) -> float:
            return round(taken[min(len(taken) - 1, int(share * len(taken)))] * 1000, 2)

        return {"calls": len(taken), "p50_ms": at(0.5), "p95_ms": at(0.95), "p99_ms": at(0.99)}

    @app.get("/api/{vendor}/games")
    async def game_list(vendor: str, request: Request) -> dict[str, Any]:
        _signed(request, vendor)
        return {
            "games": [
                {
                    "gameCode": g.game_code,
                    "name": g.name,
                    "gameType": g.game_type,
                    "classify": g.classify,
                    "supportPlay": g.support_play,
                    "rtp": g.rtp,
                }
                for g in catalogue.vendor_games(vendor)
            ]
        }

    @app.get("/api/{vendor}/models")
    async def live_models(vendor: str, request: Request) -> dict[str, Any]:
        _signed(request, vendor)
        tables = [g.game_code for g in catalogue.vendor_games(vendor) if g.game_type == "LIVE"]
        return {"models": live_chat.models(vendor, tables)}

    @app.get("/avatars/{name}.svg")
    async def avatar(name: str) -> Response:
        return Response(
            live_chat.avatar_svg(name[:40]),
            media_type="image/svg+xml",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    rooms: dict[tuple[str, str], live_chat.Room] = {}

    def _chat(vendor: str, table: str, token: str) -> tuple[live_chat.Room, live_chat.ChatIdentity]:
        identity = live_chat.read_token(vendor_secret(settings.master_secret, vendor), token)
        if identity is None or identity.table != table:
            raise HTTPException(401, "chat token not valid")
        key = (vendor, table)
        if key not in rooms:
            rooms[key] = live_chat.Room()
            host = live_chat.models(vendor, [table])[0]["name"]
            rooms[key].post(host, "Bem-vindos à mesa! Welcome to the table!", host=True)
        return rooms[key], identity

    @app.get("/chat/{vendor}/{table}", response_class=HTMLResponse)
    async def chat_page(vendor: str, table: str, request: Request) -> HTMLResponse:
        game = catalogue.games().get((vendor, table))
        lang = "pt" if request.query_params.get("lang") == "pt" else "en"
        if game is None:
            return HTMLResponse(client_page.missing(escape(vendor)), status_code=404)
        return HTMLResponse(client_page.render_chat(game, lang), headers=client_page.HEADERS)

    @app.get("/chat.js")
    async def chat_script() -> Response:
        return Response(
            client_page.CHAT_SCRIPT,
            media_type="text/javascript",
            headers={"Cache-Control": "public, max-age=300", **client_page.HEADERS},
        )

    @app.get("/api/chat/{vendor}/{table}")
    async def chat_messages(vendor: str, table: str, t: str, after: int = 0) -> dict[str, Any]:
        room, identity = _chat(vendor, table, t)
        return {"you": identity.nickname, "messages": room.after(after)}

    @app.post("/api/chat/{vendor}/{table}")
    async def chat_send(vendor: str, table: str, body: ChatRequest) -> dict[str, Any]:
        room, identity = _chat(vendor, table, body.t)
        text = live_chat.clean(body.text)
        if not text:
            raise HTTPException(422, "empty message")
        if not room.allowed(identity.member_id, time.monotonic()):
            raise HTTPException(429, "slow down")
        return room.post(identity.nickname, text)

    @app.get("/api/{vendor}/transactions/{tx}")
    async def transaction(vendor: str, tx: str, request: Request) -> dict[str, str]:
        _signed(request, vendor)
        return {"state": platform.state(vendor, tx)}

    @app.get("/play/{vendor}/{game_code}", response_class=HTMLResponse)
    async def play_page(vendor: str, game_code: str, request: Request) -> HTMLResponse:
        game = catalogue.games().get((vendor, game_code))
        if game is None:
            return HTMLResponse(client_page.missing(escape(vendor)), status_code=404)
        lang = "pt" if request.query_params.get("lang") == "pt" else "en"
        lobby = request.query_params.get("lobby", "")
        return HTMLResponse(client_page.render(game, lang, lobby), headers=client_page.HEADERS)

    @app.get("/client.js")
    async def client_script() -> Response:
        return Response(
            client_page.SCRIPT,
            media_type="text/javascript",
            headers={"Cache-Control": "public, max-age=300", **client_page.HEADERS},
        )

    @app.post("/api/session")
    async def open_session(body: OpenRequest) -> dict[str, Any]:
        game = catalogue.games().get((body.vendor, body.gameCode))
        if game is None:
            raise HTTPException(404, "unknown game")
        if body.token:
            try:
                opened = await platform.authenticate(body.vendor, body.token)
            except WalletError as error:
                return JSONResponse({"error": error.code}, status_code=401)  # type: ignore[return-value]
            session = PlaySession(
                body.vendor,
                game,
                str(opened["currency"]),
                str(opened["sessionToken"]),
                Decimal(str(opened["balance"])),
                member_id=int(opened["memberId"]),
            )
        elif game.support_play == 0:
            session = PlaySession(body.vendor, game, body.currency, None, DEMO_BALANCE)
        else:
            raise HTTPException(403, "no demo for this game")
        key = secrets.token_urlsafe(24)
        session.key = key
        sessions[key] = session
        while len(sessions) > MAX_SESSIONS:  # the oldest game sessions make room
            oldest = next(iter(sessions))
            table = seated.pop(oldest, None)
            if table is not None and oldest in table.seats:
                table.seats.remove(oldest)
            del sessions[oldest]
        return {
            "session": key,
            "balance": str(session.balance),
            "currency": session.currency,
            "kind": game.kind,
            "demo": session.platform_session is None,
        }

    async def _round(
        session: PlaySession, bet: Decimal, settle: Any, *, one_step: bool = False
    ) -> tuple[Decimal, Any, Decimal]:
        """Debit the bet, play (`settle()` → (win, result)), credit the win: one round; a
        one-step round (slots, shots, an RNG wheel) sends both in one `betwin` call."""
        round_id = secrets.token_hex(12)
        if session.platform_session is None:
            if bet > session.balance:
                raise HTTPException(402, "INSUFFICIENT_FUNDS")
            win, result = settle()
            session.balance += win - bet
            return win, result, session.balance
        game = session.game.game_code
        if one_step:
            # The outcome is decided first and sent with the bet: one call, one transaction.
            win, result = settle()
            try:
                answer = await platform.bet_win(
                    session.vendor, session.platform_session, f"{round_id}-b", round_id,
                    game, bet, f"{round_id}-w", win,
                )  # fmt: skip
            except WalletError as error:
                status = 503 if error.code == "provider-unreachable" else 409
                raise HTTPException(status, error.code) from None
            if answer.status != "OK":
                raise HTTPException(402, answer.status)
            session.balance = answer.balance
            return win, result, answer.balance
        await _debit(session, f"{round_id}-b", round_id, bet)
        win, result = settle()
        return win, result, await _credit(session, f"{round_id}-w", round_id, win)

    async def _debit(session: PlaySession, tx: str, round_id: str, amount: Decimal) -> None:
        """Take a bet of a round that settles later (a demo session bets play money)."""
        if session.platform_session is None:
            if amount > session.balance:
                raise HTTPException(402, "INSUFFICIENT_FUNDS")
            session.balance -= amount
            return
        try:
            debit = await platform.debit(
                session.vendor, session.platform_session, tx, round_id,
                session.game.game_code, amount,
            )  # fmt: skip
        except WalletError as error:
            status = 503 if error.code == "provider-unreachable" else 409
            raise HTTPException(status, error.code) from None
        if debit.status != "OK":
            raise HTTPException(402, debit.status)
        session.balance = debit.balance

    async def _credit(session: PlaySession, tx: str, round_id: str, amount: Decimal) -> Decimal:
        """Settle a round with its win (zero for a lost one); the balance after."""
        if session.platform_session is None:
            session.balance += amount
            return session.balance
        try:
            credit = await platform.credit(
                session.vendor, session.platform_session, tx, round_id,
                session.game.game_code, amount,
            )  # fmt: skip
        except WalletError as error:
            raise HTTPException(503, error.code) from None
        session.balance = credit.balance
        return credit.balance

    def _session(key: str, kind: str) -> PlaySession:
        session = sessions.get(key)
        if session is None or session.game.kind != kind:
            raise HTTPException(401, "no such session")
        return session

    @app.post("/api/slot/spin")
    async def slot_spin(body: PlayRequest) -> dict[str, Any]:
        session = _session(body.session, catalogue.SLOT)
        bet = _bet(body.bet)

        def settle() -> tuple[Decimal, slots.SpinResult]:
            result = slots.spin(rng, bet)
            return result.total_win, result

        win, result, balance = await _round(session, bet, settle, one_step=True)
        return {
            "grid": result.grid,
            "wins": [{"line": w.line, "symbol": w.symbol, "count": w.count} for w in result.wins],
            "freeSpins": [{"grid": f.grid, "win": str(f.win)} for f in result.free_spins],
            "win": str(win),
            "balance": str(balance),
        }

    @app.post("/api/baccarat/bet")
    async def baccarat_bet(body: PlayRequest) -> dict[str, Any]:
        session = _session(body.session, catalogue.BACCARAT)
        if body.on not in baccarat.BETS:
            raise HTTPException(422, "bet on PLAYER, BANKER or TIE")
        bet = _bet(body.bet)

        def settle() -> tuple[Decimal, baccarat.Coup]:
            if len(session.shoe) < 60:
                session.shoe = baccarat.new_shoe(rng)
            coup = baccarat.deal(session.shoe)
            return baccarat.payout(body.on, bet, coup), coup

        win, coup, balance = await _round(session, bet, settle)
        return {
            "timeline": [{"side": side, "card": card} for side, card in coup.order],
            "player": coup.player_total,
            "banker": coup.banker_total,
            "winner": coup.winner,
            "win": str(win),
            "balance": str(balance),
        }

    @app.post("/api/roulette/bet")
    async def roulette_bet(body: PlayRequest) -> dict[str, Any]:
        session = _session(body.session, catalogue.ROULETTE)
        if not roulette.valid(body.on):
            raise HTTPException(422, "unknown roulette bet")
        bet = _bet(body.bet)

        def settle() -> tuple[Decimal, int]:
            pocket = roulette.spin(rng)
            return roulette.payout(body.on, bet, pocket), pocket

        win, pocket, balance = await _round(session, bet, settle, one_step=True)
        return {"pocket": pocket, "win": str(win), "balance": str(balance)}

    @app.post("/api/table/bet")
    async def table_bet(body: PlayRequest) -> dict[str, Any]:
        session = _session(body.session, catalogue.TABLE)
        table = live_tables.TABLES[session.game.classify]
        if body.on not in table.bets:
            raise HTTPException(422, "unknown bet")
        bet = _bet(body.bet)

        def settle() -> tuple[Decimal, live_tables.Play]:
            play = table.deal(rng)
            return table.payout(body.on, bet, play), play

        win, play, balance = await _round(session, bet, settle)
        return {
            "dealt": [{"lane": lane, "item": item} for lane, item in play.timeline],
            "outcome": play.outcome,
            "detail": play.detail,
            "win": str(win),
            "balance": str(balance),
        }

    def _hand_view(session: PlaySession, win: Decimal | None) -> dict[str, Any]:
        hand = session.hand
        assert hand is not None
        shown = hand.dealer if hand.done else hand.dealer[:1]
        return {
            "hand": {
                "player": hand.player,
                "dealer": shown,
                "playerTotal": blackjack.hand_total(hand.player),
                "dealerTotal": blackjack.hand_total(shown),
                "done": hand.done,
                "mayDouble": hand.may_double(),
                "doubled": hand.doubled,
            },
            "win": str(win if win is not None else Decimal("0")),
            "balance": str(session.balance),
        }

    async def _settle_hand(session: PlaySession, bet: Decimal) -> Decimal | None:
        """Credit a finished hand's win (zero for a lost one); None while it is in play."""
        hand = session.hand
        if hand is None or not hand.done:
            return None
        win = blackjack.payout(bet, hand)
        await _credit(session, f"{session.round_id}-w", session.round_id, win)
        return win

    @app.post("/api/blackjack/deal")
    async def blackjack_deal(body: PlayRequest) -> dict[str, Any]:
        session = _session(body.session, catalogue.BLACKJACK)
        bet = _bet(body.bet)
        async with session.lock:
            if session.hand is not None and not session.hand.done:
                raise HTTPException(409, "finish the hand first")
            round_id = secrets.token_hex(12)
            await _debit(session, f"{round_id}-b", round_id, bet)
            session.round_id, session.hand_bet = round_id, bet
            session.hand = blackjack.start(rng)
            return _hand_view(session, await _settle_hand(session, bet))

    @app.post("/api/blackjack/act")
    async def blackjack_act(body: PlayRequest) -> dict[str, Any]:
        session = _session(body.session, catalogue.BLACKJACK)
        async with session.lock:
            hand = session.hand
            if hand is None or hand.done:
                raise HTTPException(409, "deal a hand first")
            if body.on not in blackjack.ACTIONS or (
                body.on == blackjack.DOUBLE and not hand.may_double()
            ):
                raise HTTPException(422, "hit, stand or double on two cards")
            bet = session.hand_bet
            if body.on == blackjack.DOUBLE:
                await _debit(session, f"{session.round_id}-b2", session.round_id, bet)
            blackjack.act(hand, body.on, rng)
            return _hand_view(session, await _settle_hand(session, bet))

    @app.post("/api/fishing/shoot")
    async def fishing_shoot(body: PlayRequest) -> dict[str, Any]:
        session = _session(body.session, catalogue.FISHING)
        if body.on not in fishing.FISH:
            raise HTTPException(422, "unknown fish")
        bet = _bet(body.bet)

        def settle() -> tuple[Decimal, bool]:
            won = fishing.shoot(rng, body.on, bet)
            return won, won > 0

        win, caught, balance = await _round(session, bet, settle, one_step=True)
        return {"caught": caught, "win": str(win), "balance": str(balance)}

    tables: dict[tuple[str, str, str, bool], PvpTable] = {}
    seated: dict[str, PvpTable] = {}

    def _table(found: PlaySession, level: str) -> PvpTable:
        key = (found.vendor, found.game.game_code, level, found.platform_session is None)
        if key not in tables:
            tables[key] = PvpTable(
                found.vendor, found.game.game_code, level,
                pvp.seats_of(found.game.classify), key[3],
            )  # fmt: skip
        return tables[key]

    def _table_view(table: PvpTable, me: str) -> dict[str, Any]:
        return {
            "level": table.level,
            "ante": str(pvp.LEVELS[table.level]),
            "seats": [
                {"seat": i, "you": key == me, "taken": True} for i, key in enumerate(table.seats)
            ],
            "maxSeats": table.max_seats,
            "hands": table.hands,
            "last": table.last,
        }

    @app.get("/api/pvp/rooms")
    async def pvp_rooms(session: str) -> dict[str, Any]:
        found = _session(session, catalogue.PVP)
        return {
            "rooms": [
                {
                    "level": level,
                    "ante": str(ante),
                    "taken": len(_table(found, level).seats),
                    "maxSeats": pvp.seats_of(found.game.classify),
                }
                for level, ante in pvp.LEVELS.items()
            ],
            "table": _table_view(seated[session], session) if session in seated else None,
        }

    @app.post("/api/pvp/sit")
    async def pvp_sit(body: SeatRequest) -> dict[str, Any]:
        found = _session(body.session, catalogue.PVP)
        if body.level not in pvp.LEVELS:
            raise HTTPException(422, "unknown room")
        table = _table(found, body.level)
        if body.session in seated:
            seated[body.session].seats.remove(body.session)
        if len(table.seats) >= table.max_seats:
            raise HTTPException(409, "table full")
        table.seats.append(body.session)
        seated[body.session] = table
        return _table_view(table, body.session)

    @app.post("/api/pvp/leave")
    async def pvp_leave(body: SeatRequest) -> dict[str, str]:
        table = seated.pop(body.session, None)
        if table is not None and body.session in table.seats:
            table.seats.remove(body.session)
        return {"status": "ok"}

    @app.post("/api/pvp/deal")
    async def pvp_deal(body: SeatRequest) -> dict[str, Any]:
        """The next hand of the caller's table: every seated player pays the ante (a debit
        each, one round per player), the cards are dealt, each round is settled (the pot less
        the rake to the best hand, 0 to the others). Needs two players who can pay."""
        _session(body.session, catalogue.PVP)
        table = seated.get(body.session)
        if table is None:
            raise HTTPException(409, "sit at a table first")
        async with table.lock:
            ante = pvp.LEVELS[table.level]
            hand_id = secrets.token_hex(8)
            paid: list[str] = []
            for key in list(table.seats):
                player = sessions[key]
                if player.platform_session is None:
                    if player.balance >= ante:
                        player.balance -= ante
                        paid.append(key)
                    continue
                try:
                    debit = await platform.debit(
                        player.vendor, player.platform_session, f"{hand_id}-{key[:8]}-a",
                        f"{hand_id}-{key[:8]}", player.game.game_code, ante,
                    )  # fmt: skip
                except WalletError:
                    continue
                if debit.status == "OK":
                    player.balance = debit.balance
                    paid.append(key)
            if len(paid) < 2:
                for key in paid:  # no hand with one player: the antes go back
                    await _settle_seat(sessions[key], hand_id, key, ante, rollback=True)
                raise HTTPException(409, "waiting for another player")
            hand = pvp.deal(rng, paid, ante)
            for key in paid:
                await _settle_seat(sessions[key], hand_id, key, hand.payouts[key])
            table.hands += 1
            table.last = {
                "hand": hand_id,
                "players": [
                    {
                        "you": key == body.session,
                        "cards": list(hand.cards[key]),
                        "won": str(hand.payouts[key]),
                    }
                    for key in paid
                ],
                "pot": str(hand.pot),
                "rake": str(hand.rake),
            }
        return _table_view(table, body.session) | {"balance": str(sessions[body.session].balance)}

    async def _settle_seat(
        player: PlaySession, hand_id: str, key: str, amount: Decimal, rollback: bool = False
    ) -> None:
        if player.platform_session is None:
            player.balance += amount
            return
        round_id = f"{hand_id}-{key[:8]}"
        with contextlib.suppress(WalletError):
            if rollback:
                await platform.rollback(
                    player.vendor, player.platform_session, f"{round_id}-a", round_id,
                    player.game.game_code,
                )  # fmt: skip
                answer = await platform.balance(player.vendor, player.platform_session)
            else:
                answer = await platform.credit(
                    player.vendor, player.platform_session, f"{round_id}-w", round_id,
                    player.game.game_code, amount,
                )  # fmt: skip
            player.balance = answer.balance

    @app.get("/api/sports/events")
    async def sports_events(session: str) -> dict[str, Any]:
        found = _session(session, catalogue.SPORTSBOOK)
        kind = events.SPORT_KINDS[found.game.game_type]
        now = utcnow()
        listed = events.open_events(found.vendor, kind, now)
        if found.platform_session is None:  # play money comes back to the demo balance
            for bet in book.bets.values():
                if bet.game_code == found.key and bet.member_id is None and not bet.reported:
                    if bet.status == "OPEN" and not book.settle(bet, now):
                        continue
                    found.balance += bet.win
                    bet.reported = True
        mine = [
            bet_view(b)
            for b in book.bets.values()
            if b.vendor == found.vendor
            and (
                b.member_id == found.member_id
                if found.member_id is not None
                else b.game_code == found.key
            )
        ]
        return {"kind": kind, "events": [event_view(e) for e in listed], "bets": mine[-20:]}

    @app.post("/api/sports/bet")
    async def sports_bet(body: SportsBetRequest) -> dict[str, Any]:
        found = _session(body.session, catalogue.SPORTSBOOK)
        stake = _bet(body.stake)
        kind = events.SPORT_KINDS[found.game.game_type]
        if found.platform_session is None:
            available = found.balance
            owner: int | None = None
        else:
            try:
                answer = await platform.balance(found.vendor, found.platform_session)
            except WalletError as error:
                raise HTTPException(503, error.code) from None
            owner = found.member_id
            available = answer.balance - book.open_stakes(found.vendor, owner, "")
            found.balance = answer.balance
        try:
            bet = book.place(
                vendor=found.vendor,
                game_code=found.game.game_code if owner is not None else found.key,
                kind=kind,
                member_id=owner,
                event_id=body.eventId,
                market=body.market,
                outcome=body.outcome,
                stake=stake,
                available=available,
                now=utcnow(),
            )
        except ValueError as refused:
            status = 402 if str(refused) == "INSUFFICIENT_FUNDS" else 409
            raise HTTPException(status, str(refused)) from None
        if owner is None:
            found.balance -= stake  # play money: held until the event is over
            return {"bet": bet_view(bet), "balance": str(found.balance)}
        return {"bet": bet_view(bet), "balance": str(available - stake)}

    return app


def main_app() -> FastAPI:
    """The app `python -m simulator` serves, with the settings of the environment."""
    from simulator.config import load

    return create_app(load())
