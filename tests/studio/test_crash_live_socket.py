"""Bets and cash-outs on Crash's live socket (app/crash_live.py, tickets.py): the socket served
in-process as the site serves it, a page's messages in, its answers out. Only the ticket
its page's load got makes a member's bets and cash-outs there, each through the page's own
gates and the wallet's, and the server's clock decides as on the page."""

from __future__ import annotations

import asyncio
import contextlib
import json
import weakref
from decimal import Decimal
from typing import Any

import pytest
from prometheus_client import REGISTRY
from redis.exceptions import ConnectionError as RedisConnectionError
from sqlalchemy.exc import OperationalError

from app import crash_live
from app.core import db
from app.core.batching import Batcher
from app.core.config import get_settings
from app.core.db import get_engine
from app.core.errors import AppError
from app.core.i18n import translate
from app.crash_live import LIVE_PATH, serve
from app.services import site_status
from app.services.accounts import sessions
from app.services.studio.crash import bets, fairness, follow, tickets
from app.services.studio.crash import rounds as crash_rounds
from models.base import utcnow
from models.crash import CrashBetStatus
from tests.helpers.crash_game import (
    at_ms,
    bet_row,
    bets_of,
    brand_id,
    crash_player,
    fresh_round,
    player_of,
)
from tests.helpers.money import cash
from tests.helpers.seamless import pending_member, player_session, studio_game

HOST = "sortegrande.test"  # a domain of the demo brand BR1


class LivePage:
    """One page's live socket: what it sends in, what the socket answers out."""

    def __init__(self) -> None:
        self.incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.outgoing: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.scope = {
            "type": "websocket",
            "asgi": {"version": "3.0"},
            "scheme": "ws",
            "path": LIVE_PATH,
            "raw_path": LIVE_PATH.encode(),
            "root_path": "",
            "query_string": b"lang=pt",
            "headers": [(b"host", HOST.encode()), (b"origin", f"http://{HOST}".encode())],
            "client": ("203.0.113.9", 50000),
            "server": (HOST, 80),
            "subprotocols": [],
        }

    async def __aenter__(self) -> LivePage:
        self.served = asyncio.ensure_future(serve(self.scope, self.incoming.get, self.outgoing.put))
        await self.incoming.put({"type": "websocket.connect"})
        accepted = await asyncio.wait_for(self.outgoing.get(), 10)
        assert accepted["type"] == "websocket.accept"
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.incoming.put({"type": "websocket.disconnect", "code": 1000})
        await asyncio.wait_for(self.served, 10)

    async def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one message; the socket's answer to it (the board's messages skipped)."""
        await self.tell(message)
        return await self.answer()

    async def tell(self, message: dict[str, Any]) -> None:
        await self.incoming.put({"type": "websocket.receive", "text": json.dumps(message)})

    async def answer(self) -> dict[str, Any]:
        """The socket's next answer (the board's messages skipped)."""
        while True:
            sent = await asyncio.wait_for(self.outgoing.get(), 10)
            body = json.loads(sent.get("text") or "{}")
            if "bound" in body or "answer" in body:
                return body


async def _riding(amount: str = "20.00") -> tuple[Any, Any, Any, str]:
    """A member with bet 1 of 5.00 riding a round that reaches 3x, the curve at 1.5x; and
    the token of the game session the bet was placed in (the page's, which its ticket names)."""
    row = await fresh_round(crash_from=300)
    member, player = await crash_player(amount)
    placed = await bets.place(player, await brand_id(), 1, "5.00", "")
    at_ms(row, fairness.duration_ms(150))
    return member, placed, row, player.token


def _cash_out_steps() -> dict[str, float]:
    """How many cash-outs /metrics has timed, by step."""
    return {
        step: REGISTRY.get_sample_value(
            "platform_crash_live_duration_seconds_count", {"kind": "cash", "step": step}
        )
        or 0.0
        for step in ("gates", "decision", "answer")
    }


async def test_the_ticket_s_member_cashes_out_on_the_socket_by_the_server_s_clock() -> None:
    member, placed, _, game = await _riding()
    ticket = await tickets.issue(member.id, await brand_id(), game)
    counted_before = _cash_out_steps()
    async with LivePage() as page:
        assert await page.ask({"ticket": ticket}) == {"bound": True}
        answer = await page.ask({"cash": "1", "id": 7})
    assert answer == {"answer": 7, "ok": True, "text": "Retirou em 1,50x: R$\xa07,50."}
    # /metrics splits the cash-out's time into its steps: each counted once more
    counted = _cash_out_steps()
    assert {step: counted[step] - counted_before[step] for step in counted} == {
        "gates": 1, "decision": 1, "answer": 1
    }  # fmt: skip
    bet = await bet_row(placed.bet_id)
    assert (bet.status, bet.cashout_hundredths, bet.payout) == (
        CrashBetStatus.CASHED, 150, Decimal("7.50")
    )  # fmt: skip
    assert await cash(member) == Decimal("22.50")


async def test_a_dependency_failing_for_a_moment_is_answered_and_the_socket_stays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A full database server refusing a connection, or Redis out of reach, fails one message:
    the page is told to try again (a ticket: not bound, its page's events then do it) and
    asks again on the same socket."""
    member, placed, _, game = await _riding()
    ticket = await tickets.issue(member.id, await brand_id(), game)
    full = OperationalError("BEGIN", {}, Exception("sorry, too many clients already"))
    # The decision fails where both of its ways go through (in one batch statement when the
    # process's board saw the round flying, as another test in this process may have left it,
    # else step by step).
    for name, failure in (("member_of", RedisConnectionError()), ("decide_cash_out", full)):
        module = tickets if name == "member_of" else crash_live
        real = getattr(module, name)
        failing = [failure]

        async def once(*args: Any, real: Any = real, failing: list[Exception] = failing) -> Any:
            if failing:
                raise failing.pop()
            return await real(*args)

        monkeypatch.setattr(module, name, once)
    async with LivePage() as page:
        assert await page.ask({"ticket": ticket}) == {"bound": False}
        assert await page.ask({"ticket": ticket}) == {"bound": True}
        assert await page.ask({"cash": "1", "id": 8}) == {
            "answer": 8, "ok": False, "text": translate("service-unavailable", "pt")
        }  # fmt: skip
        assert (await bet_row(placed.bet_id)).status == CrashBetStatus.OPEN
        answer = await page.ask({"cash": "1", "id": 9})
    assert answer["ok"] is True, answer
    assert (await bet_row(placed.bet_id)).status == CrashBetStatus.CASHED


async def test_a_round_s_bets_and_payments_leave_connections_for_cash_outs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A round's bets arrive together and its payments follow one another: they take at most
    the connections the process's pool keeps less KEPT_FOR_OTHERS, so that with the pool
    full of them a cash-out is decided at once, and the next bet and the payment wait their
    turn. The pool's overflow does not count: its connections are opened for one checkout and
    closed at their return, which cost a round's bets a new connection per statement."""
    member, placed, _, game = await _riding()
    cashing = await tickets.issue(member.id, await brand_id(), game)
    settings = get_settings()
    monkeypatch.setattr(settings, "db_pool_size", db.KEPT_FOR_OTHERS + 1)
    monkeypatch.setattr(settings, "db_pool_overflow", 20)
    monkeypatch.setattr(db, "_within_pool", weakref.WeakKeyDictionary())  # for this pool: one
    started, release = [], asyncio.Event()

    async def slow_wallet(*args: Any) -> Any:
        started.append(args)
        await release.wait()
        raise AppError("crash-betting-closed", 409)

    monkeypatch.setattr(bets, "place", slow_wallet)
    bettors = [await crash_player("20.00") for _ in range(2)]
    async with LivePage() as first, LivePage() as second, LivePage() as cashier:
        for page, (bettor, player) in zip((first, second), bettors, strict=True):
            bound = await tickets.issue(bettor.id, await brand_id(), player.token)
            assert await page.ask({"ticket": bound}) == {"bound": True}
            await page.tell({"bet": "1", "stake": "1,00", "auto": "", "id": 1})
        for _ in range(100):
            if started:
                break
            await asyncio.sleep(0.01)
        assert await cashier.ask({"ticket": cashing}) == {"bound": True}
        cashed = await cashier.ask({"cash": "1", "id": 2})
        assert cashed["ok"] is True, cashed
        assert len(started) == 1  # the second bet waits for the first
        assert await cash(member) == Decimal("15.00")  # decided; its payment waits its turn
        release.set()
        answers = [await first.answer(), await second.answer()]
    assert len(started) == 2
    assert [answer["ok"] for answer in answers] == [False, False]
    assert (await bet_row(placed.bet_id)).status == CrashBetStatus.CASHED
    assert await cash(member) == Decimal("22.50")  # paid once its turn came


@pytest.mark.engines  # PostgreSQL decides a batch in one statement; SQLite, one by one
async def test_cash_outs_arriving_together_are_decided_together_each_its_own_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pages of the same round cash out at the same moment: on PostgreSQL the socket's
    process decides them in one statement; each page still gets its own answer: a riding bet
    cashed at the curve's multiplier, a slot with nothing riding and a game session ended
    since its ticket was bound refused in their own words (decided again step by step)."""
    row = await fresh_round(crash_from=300)
    merchant_id = await brand_id()
    players = [await crash_player("20.00") for _ in range(4)]
    for _, player in players[:3]:
        await bets.place(player, merchant_id, 1, "5.00", "")
    at_ms(row, fairness.duration_ms(150))
    seen = crash_rounds.Flying(row.id or 0, row.started_at)  # as the socket's board saw it
    monkeypatch.setattr(follow.Follower, "flying", lambda _: seen)
    # The first batch is held until every cash-out has arrived: those that came after it
    # started wait for it and go together in the next (not in four batches of one).
    batches: list[int] = []
    all_asked = asyncio.Event()

    async def held(cash_outs: Any) -> Any:
        batches.append(len(cash_outs))
        await asyncio.wait_for(all_asked.wait(), 10)
        return await real_decide(cash_outs)

    real_decide, batcher = crash_live._decide_cash_outs, Batcher(held, most=10)
    real_submit = batcher.submit

    async def submit(cash_out: Any) -> Any:
        asked = real_submit(cash_out)
        submitted.append(cash_out)
        if len(submitted) == len(players):
            all_asked.set()
        return await asked

    submitted: list[Any] = []
    monkeypatch.setattr(batcher, "submit", submit)
    monkeypatch.setattr(crash_live, "_cash_outs", batcher)
    async with contextlib.AsyncExitStack() as pages:
        opened = [await pages.enter_async_context(LivePage()) for _ in players]
        for page, (member, player) in zip(opened, players, strict=True):
            ticket = await tickets.issue(member.id, merchant_id, player.token)
            assert await page.ask({"ticket": ticket}) == {"bound": True}
        await sessions.end_sessions(players[2][0].id)  # the third logged out since
        for number, page in enumerate(opened):
            await page.tell({"cash": "1", "id": number})
        answers = [await page.answer() for page in opened]
    won = {"ok": True, "text": "Retirou em 1,50x: R$\xa07,50."}
    assert answers == [
        {"answer": 0} | won,
        {"answer": 1} | won,
        {"answer": 2, "ok": False, "text": translate("not-logged-in", "pt")},
        {"answer": 3, "ok": False, "text": translate("crash-not-riding", "pt")},
    ]
    if get_engine().dialect.name == "postgresql":
        assert sum(batches) == len(players) and len(batches) <= 2, batches
    else:
        assert batches == []
    assert [(await cash(member)) for member, _ in players] == [
        Decimal("22.50"), Decimal("22.50"), Decimal("15.00"), Decimal("20.00")
    ]  # fmt: skip


async def test_without_its_ticket_nothing_is_cashed_out() -> None:
    member, placed, row, game = await _riding()
    other_brand = await tickets.issue(member.id, await brand_id() + 1000, game)
    async with LivePage() as page:
        assert await page.ask({"cash": "1", "id": 1}) == {
            "answer": 1, "ok": False, "text": translate("not-logged-in", "pt")
        }  # fmt: skip
        for wrong in ("not-a-ticket", other_brand, {"x": 1}, "A" * 40):
            assert await page.ask({"ticket": wrong}) == {"bound": False}
            assert (await page.ask({"cash": "1", "id": 2}))["ok"] is False
        ticket = await tickets.issue(member.id, await brand_id(), game)
        assert await page.ask({"ticket": ticket}) == {"bound": True}
        assert (await page.ask({"cash": "3", "id": 3}))["ok"] is False  # no such bet slot
        at_ms(row, fairness.duration_ms(row.crash_hundredths))  # the curve crashed
        late = await page.ask({"cash": "1", "id": 4})
    assert late["ok"] is False and late["text"]
    assert (await bet_row(placed.bet_id)).status == CrashBetStatus.OPEN  # the driver's to end
    assert await cash(member) == Decimal("15.00")


async def test_a_ticket_ends_with_its_game_session() -> None:
    """A logout (or a forced one, or a password change) ends the member's game sessions: the
    page's ticket, bound before, cashes out nothing more."""
    member, placed, _, game = await _riding()
    ticket = await tickets.issue(member.id, await brand_id(), game)
    async with LivePage() as page:
        assert await page.ask({"ticket": ticket}) == {"bound": True}
        await sessions.end_sessions(member.id)
        refused = await page.ask({"cash": "1", "id": 1})
    assert refused == {"answer": 1, "ok": False, "text": translate("not-logged-in", "pt")}
    assert (await bet_row(placed.bet_id)).status == CrashBetStatus.OPEN
    assert await cash(member) == Decimal("15.00")


async def test_the_socket_passes_the_page_s_gates_and_rate_limit() -> None:
    """The page's network closed by the operator since the page loaded: refused as the
    page's own cash-out would be (gates.MONEY); a flood of cash-outs is cut by the rate
    limit."""
    member, placed, _, game = await _riding()
    ticket = await tickets.issue(member.id, await brand_id(), game)
    network = ["203.0.113.0/24"]
    async with LivePage() as page:
        assert await page.ask({"ticket": ticket}) == {"bound": True}
        await site_status.block("BR1", networks=network, countries=[], now=utcnow())
        try:
            refused = await page.ask({"cash": "1", "id": 1})
        finally:
            await site_status.unblock("BR1", networks=network, countries=[], now=utcnow())
        assert refused == {
            "answer": 1, "ok": False, "text": translate("access-restricted", "pt")
        }  # fmt: skip
        assert (await bet_row(placed.bet_id)).status == CrashBetStatus.OPEN
        answers = [await page.ask({"cash": "2", "id": n}) for n in range(2, 25)]
    assert answers[-1]["text"] == translate("too-many-requests", "pt")


async def test_a_message_no_page_sends_ends_the_socket() -> None:
    async with LivePage() as page:
        await page.incoming.put({"type": "websocket.receive", "text": "x" * 600})
        await asyncio.wait_for(page.served, 10)  # served no longer: the server closes it


async def test_the_ticket_s_member_bets_on_the_socket_with_the_page_s_fields() -> None:
    """A bet with the stake and target the page's fields hold, in the page's own words, from
    the game session's wallet; refused, translated and with nothing moved, when the stake is
    over the balance (the slot free for a lower one), the slot is taken, the stake is not
    one, or the round no longer takes bets."""
    row = await fresh_round(crash_from=200)
    member, player = await crash_player("20.00")
    ticket = await tickets.issue(member.id, await brand_id(), player.token)
    async with LivePage() as page:
        assert await page.ask({"bet": "1", "stake": "2,50", "id": 1}) == {
            "answer": 1, "ok": False, "text": translate("not-logged-in", "pt")
        }  # fmt: skip
        assert await page.ask({"ticket": ticket}) == {"bound": True}
        over = await page.ask({"bet": "1", "stake": "25,00", "auto": "2", "id": 9})
        placed = await page.ask({"bet": "1", "stake": "2,50", "auto": "2", "id": 2})
        refused = [
            await page.ask({"bet": "1", "stake": "1,00", "auto": "", "id": 3}),
            await page.ask({"bet": "2", "stake": "abc", "auto": "", "id": 4}),
            await page.ask({"bet": "2", "stake": {"x": 1}, "auto": "", "id": 5}),
            await page.ask({"bet": "2", "stake": "1,00", "auto": "0,5", "id": 6}),
            await page.ask({"bet": "3", "stake": "1,00", "auto": "", "id": 7}),
        ]
        at_ms(row, 1000)  # the curve flies: bets are closed
        closed = await page.ask({"bet": "2", "stake": "1,00", "auto": "", "id": 8})
        cashed = await page.ask({"cash": "1", "id": 10})  # the riding bet, not the refused
    assert placed == {"answer": 2, "ok": True, "text": translate("crash.placed", "pt", slot="1")}
    assert over["text"] == translate("play-bet-over-balance", "pt")  # the slot stays free
    assert [answer["ok"] for answer in refused] == [False] * 5
    assert refused[0]["text"] == translate("crash-slot-taken", "pt")
    assert refused[1]["text"] == refused[2]["text"] == translate("play-bet-invalid", "pt")
    assert refused[3]["text"] == "O alvo de retirada vai de 1,01x a 10.000x, com duas casas."
    assert refused[4]["text"] == translate("crash-slot-invalid", "pt")
    assert closed["text"] == translate("crash-betting-closed", "pt")
    assert cashed == {"answer": 10, "ok": True, "text": "Retirou em 1,06x: R$\xa02,65."}
    refused_bet, bet = sorted(await bets_of(row.id or 0), key=lambda bet: bet.id or 0)
    assert (refused_bet.slot, refused_bet.status) == (1, CrashBetStatus.REFUSED)
    assert (bet.slot, bet.stake, bet.auto_hundredths, bet.status) == (
        1, Decimal("2.50"), 200, CrashBetStatus.CASHED
    )  # fmt: skip
    assert await cash(member) == Decimal("20.15")


async def test_a_bet_s_ticket_names_a_running_crash_session() -> None:
    """A ticket of another game's session binds nothing; a ticket whose session ended (a
    logout) bets nothing."""
    await fresh_round()
    member, player = await crash_player("20.00")
    dice = await player_session(member, await studio_game(code="BGS_DICE"))
    other_game = await tickets.issue(member.id, await brand_id(), dice.session_token)
    ticket = await tickets.issue(member.id, await brand_id(), player.token)
    async with LivePage() as page:
        assert await page.ask({"ticket": other_game}) == {"bound": False}
        assert await page.ask({"ticket": ticket}) == {"bound": True}
        await sessions.end_sessions(member.id)
        refused = await page.ask({"bet": "1", "stake": "1,00", "auto": "", "id": 1})
    assert refused == {"answer": 1, "ok": False, "text": translate("not-logged-in", "pt")}
    assert await cash(member) == Decimal("20.00")


async def test_a_refusal_whose_remedy_is_on_the_page_sends_the_page_there() -> None:
    """The wallet refuses a pending player's bet for the identity: the answer says so and
    that the page shows the rest (its link to the verification), and nothing moved."""
    row = await fresh_round()
    member = await pending_member()
    player = await player_of(member)
    ticket = await tickets.issue(member.id, await brand_id(), player.token)
    async with LivePage() as page:
        assert await page.ask({"ticket": ticket}) == {"bound": True}
        refused = await page.ask({"bet": "1", "stake": "1,00", "auto": "", "id": 1})
    assert refused == {
        "answer": 1, "ok": False, "text": translate("identity-pending", "pt"), "page": True
    }  # fmt: skip
    assert [bet.status for bet in await bets_of(row.id or 0)] == [CrashBetStatus.REFUSED]
    assert await cash(member) == Decimal("0.00")
