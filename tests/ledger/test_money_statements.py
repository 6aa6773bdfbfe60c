"""What each money call costs the database: the SQL statements it sends, the pooled connections
it checks out and the transactions it opens, counted exactly per engine (issue 36). A call
that grows fails here; one that shrinks is updated here on purpose, with its new numbers.

Every call is measured in its steady state: the member's second call of the kind (the first
makes the member's accounts, protection row and play clock), with the brands' snapshot warm
as in production (the tests' default reloads it on every read), and the clock stopped.
"""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest
from sqlalchemy import Connection, event

from app import crash_live
from app.core import clock, fairness
from app.core.config import get_settings
from app.core.db import engines, get_engine, session_scope
from app.core.security import token_digest
from app.services import ledger
from app.services.brands import brands
from app.services.lottery import bets
from app.services.protection.limit_usage import PLAY_CLOCK_STEP
from app.services.seamless import wallet
from app.services.studio import rounds
from app.services.studio.crash import bets as crash_bets
from app.services.studio.crash import fairness as crash_fairness
from app.services.studio.crash import rounds as crash_rounds
from app.services.studio.crash import tickets
from models import Member
from models.ledger import TransactionKind
from tests.helpers.crash_game import at_ms, brand_id, crash_player, fresh_round
from tests.helpers.lottery import open_issue, player, request
from tests.helpers.seamless import CURRENCY, call, funded_member, player_session, studio_game
from tests.helpers.statements import statements_sent

pytestmark = pytest.mark.engines  # the counts are the engine's: SQLite, then PostgreSQL


@dataclass(frozen=True)
class Cost:
    statements: int
    checkouts: int
    transactions: int


# (statements, pool checkouts, transactions) of one call, per engine. SQLite's statements
# include the BEGIN this project sends itself; PostgreSQL's BEGIN and every COMMIT are the
# driver's and counted as transactions only, and a statement in autocommit (none sent) is
# in none. Before issue 36's first cuts a lottery bet
# sent 14 / 9 statements, a seamless debit 21 / 16, a credit 17 / 12, a bet-and-win 33 / 24
# and a studio round 34 / 26 lost, 41 / 29 won (SQLite / PostgreSQL); before the second
# wallet cuts (one read of the session, member and vendor; one of a run's stored calls; the
# round kept; the rows written at commit) a debit sent 19 / 14, a credit 15 / 10, a
# bet-and-win 29 / 20, a studio round 32 / 24 lost and 37 / 25 won; a studio round took 4
# pooled connections and 4 transactions until its bonus check moved into the round's own.
# SQLite's post took 5 statements (key look-up, claim, accounts, entries, balances) before it
# claimed the key and moved the balances in one statement each; a wallet call read the cash and
# clearing accounts in two statements and its game in one more before they came with the cash
# lock and the session (studio rounds: 2 statements fewer, a bet-and-win 6 / 2 fewer). A Crash
# cash-out on the live socket read the ticket's game session in a statement of its own (4 / 3)
# until the bet's locking read took it along; on PostgreSQL it locked and read the bet, then
# updated it, in a transaction (2 statements and the driver's BEGIN and COMMIT) until it was
# decided in one autocommit statement on the round its socket's board saw. A Crash bet's own
# two writes (the bet PENDING, then OPEN) were transactions of their own on PostgreSQL until
# each ran in autocommit (3 transactions, now the wallet's debit alone). The wallet's run wrote
# its round and calls by the ORM's flush at commit (on PostgreSQL one statement a table) until
# it wrote them in one statement of its own (a debit, credit or studio round 1 fewer; SQLite
# writes a bet-and-win's two calls in one statement: 1 fewer there too). A studio round's
# settlement was a transaction of its own on PostgreSQL until it ran in autocommit. A run read
# its stored calls, then its round (with a debit's earlier rollback), in two statements until
# one read brought them together (a debit, credit, bet-and-win or studio round 1 fewer). On
# PostgreSQL a settled round's wager fact was a statement of its own until it became a CTE of
# the run's write (a credit, bet-and-win or studio round 1 fewer). A money call read its session,
# then locked its cash account, in two statements until the lock came with the session's read
# (every wallet call and studio round, and a Crash bet, 1 fewer). A Crash bet on the live
# socket checked that the page's game session still ran in a statement of its own until the
# bet's read of its member and round took it along (1 fewer). A bet that wrote the play
# clock (at most every PLAY_CLOCK_STEP: every Crash bet, a round apart) read the member's
# protection row and the day's seconds again and wrote them by the ORM's flush (a debit 13 / 9)
# until both were upserts from the check's own read, one statement on PostgreSQL (11 / 6).
EXPECTED: dict[str, dict[str, Cost]] = {
    "lottery bet": {
        "sqlite": Cost(statements=9, checkouts=1, transactions=1),
        "postgresql": Cost(statements=5, checkouts=1, transactions=1),
    },
    "studio round lost": {
        "sqlite": Cost(statements=17, checkouts=3, transactions=3),
        "postgresql": Cost(statements=10, checkouts=3, transactions=2),
    },
    "studio round won": {
        "sqlite": Cost(statements=20, checkouts=3, transactions=3),
        "postgresql": Cost(statements=11, checkouts=3, transactions=2),
    },
    "seamless debit": {
        "sqlite": Cost(statements=9, checkouts=1, transactions=1),
        "postgresql": Cost(statements=5, checkouts=1, transactions=1),
    },
    "seamless debit, the play clock written": {
        "sqlite": Cost(statements=11, checkouts=1, transactions=1),
        "postgresql": Cost(statements=6, checkouts=1, transactions=1),
    },
    "seamless credit": {
        "sqlite": Cost(statements=9, checkouts=1, transactions=1),
        "postgresql": Cost(statements=4, checkouts=1, transactions=1),
    },
    "seamless bet and win": {
        "sqlite": Cost(statements=13, checkouts=1, transactions=1),
        "postgresql": Cost(statements=6, checkouts=1, transactions=1),
    },
    "crash bet": {
        "sqlite": Cost(statements=14, checkouts=3, transactions=3),
        "postgresql": Cost(statements=8, checkouts=3, transactions=1),
    },
    "crash cash-out on the live socket": {
        "sqlite": Cost(statements=3, checkouts=1, transactions=1),
        "postgresql": Cost(statements=1, checkouts=1, transactions=0),
    },
    "ledger post": {
        "sqlite": Cost(statements=4, checkouts=1, transactions=1),
        "postgresql": Cost(statements=1, checkouts=1, transactions=0),
    },
}


@dataclass
class _Seen:
    statements: list[str] = field(default_factory=list)
    checkouts: int = 0
    transactions: int = 0

    def cost(self) -> Cost:
        return Cost(len(self.statements), self.checkouts, self.transactions)


@contextmanager
def _counting() -> Iterator[_Seen]:
    """Count what reaches the database while the block runs (SQLAlchemy's engine and pool
    events, and the statements the driver sends as they are)."""
    seen = _Seen()

    def checkout(*_args: Any) -> None:
        seen.checkouts += 1

    def begin(connection: Connection) -> None:
        # An autocommit connection's statements stand alone: the driver sends no BEGIN.
        if connection.get_execution_options().get("isolation_level") != "AUTOCOMMIT":
            seen.transactions += 1

    listeners: list[tuple[Any, str, Callable[..., None]]] = []
    for engine in (each.sync_engine for each in engines()):
        listeners += [(engine.pool, "checkout", checkout), (engine, "begin", begin)]
    for target, name, listener in listeners:
        event.listen(target, name, listener)
    try:
        with statements_sent() as sent:
            yield seen
            seen.statements = [" ".join(statement.split())[:160] for statement, _ in sent]
    finally:
        for target, name, listener in listeners:
            event.remove(target, name, listener)


@pytest.fixture(autouse=True)
async def _brands_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    """Brands read from the process's snapshot, as in production (refreshed in the background
    every few seconds, never inside a money call); the clock stopped, so that the play clock's
    write (every 10 s of play) falls outside every measured call however slow the machine."""
    clock.freeze()
    monkeypatch.setattr(get_settings(), "brand_refresh_seconds", 3600.0)
    brands.invalidate()
    await brands.all()


async def _assert_cost(name: str, money_call: Callable[[], Awaitable[object]]) -> None:
    dialect = get_engine().dialect.name
    with _counting() as seen:
        await money_call()
    expected = EXPECTED[name][dialect]
    listing = "\n".join(seen.statements)
    assert seen.cost() == expected, f"{name} on {dialect}: {seen.cost()}\n{listing}"


async def test_a_lottery_bet() -> None:
    issue, now = await open_issue()
    member = await player("100.00")

    async def bet(first: int) -> None:
        positions = {"positions": [[first], [3], [5], [6], [7]]}
        await bets.place_bet(
            member, issue.issue_no, request("ssc.star5.direct", positions, "0.50"), now
        )

    await bet(1)
    await _assert_cost("lottery bet", lambda: bet(2))


@pytest.mark.parametrize(
    ("name", "draw"), [("studio round lost", 0.999), ("studio round won", 0.001)]
)
async def test_a_studio_round(monkeypatch: pytest.MonkeyPatch, name: str, draw: float) -> None:
    """A dice round under 50: its draw fixed, so that it loses (no win to post) or wins."""
    member = await funded_member("100.00")
    session = await player_session(member, await studio_game(code="BGS_DICE"))
    played = rounds.member_player(session)
    monkeypatch.setattr(fairness, "floats", lambda *_seeds: itertools.repeat(draw))

    async def round_() -> None:
        view = await rounds.play(
            played, "BGS_DICE", "1.00", {"target": "50.00", "direction": "under"}
        )
        assert (view.payout > 0) == (name == "studio round won")

    await round_()
    await _assert_cost(name, round_)


async def _wallet_session() -> tuple[Member, wallet.PlayerSession, str]:
    member = await funded_member("100.00")
    game = await studio_game()
    return member, await player_session(member, game), game.game_code


async def test_the_seamless_wallet_debit_credit_and_bet_and_win() -> None:
    _member, session, game_code = await _wallet_session()
    token, vendor = session.session_token, wallet.STUDIO_VENDOR

    async def debit(round_id: str) -> None:
        answer = await wallet.debit(vendor, token, call(round_id, "1.00", game_code))
        assert answer.status == "OK", answer

    async def credit(round_id: str) -> None:
        answer = await wallet.credit(vendor, token, call(round_id, "1.50", game_code))
        assert answer.status == "OK", answer

    async def bet_and_win() -> None:
        round_id = uuid4().hex
        answer = await wallet.bet_win(
            vendor, token, call(round_id, "1.00", game_code), call(round_id, "0.50", game_code)
        )
        assert answer.status == "OK", answer

    warm = uuid4().hex
    await debit(warm)
    await credit(warm)
    await bet_and_win()
    measured = uuid4().hex
    await _assert_cost("seamless debit", lambda: debit(measured))
    await _assert_cost("seamless credit", lambda: credit(measured))
    await _assert_cost("seamless bet and win", bet_and_win)
    # Play goes on past the play clock's step: the debit counts it (the member's protection
    # row and the day's seconds) without reading them again.
    clock.advance(PLAY_CLOCK_STEP.total_seconds() + 1)
    await _assert_cost("seamless debit, the play clock written", lambda: debit(uuid4().hex))


async def test_a_ledger_post() -> None:
    member = await funded_member("100.00")
    assert member.id is not None
    async with session_scope() as session:
        cash, clearing, _ = await ledger.cash_and_clearing(
            session, merchant_id=member.merchant_id, member_id=member.id, currency=CURRENCY
        )
        await session.commit()

    async def post() -> None:
        await ledger.post_in_new_transaction(
            merchant_id=member.merchant_id,
            kind=TransactionKind.BET,
            idempotency_key=uuid4().hex,
            legs=[ledger.Leg(cash, Decimal("-1.00")), ledger.Leg(clearing, Decimal("1.00"))],
            member_id=member.id,
        )

    await post()
    await _assert_cost("ledger post", post)


async def test_a_crash_bet_and_a_cash_out_on_the_live_socket() -> None:
    """A Crash bet (its row, the wallet's debit, its confirmation), and a cash-out as the live
    socket decides it: the member's gates of a money call (none read the database today), the
    bet locked and read with whether the ticket's game session still runs, the bet stored (on
    PostgreSQL all in one statement)."""
    row = await fresh_round(crash_from=300)
    merchant_id = await brand_id()
    member, player = await crash_player("20.00")
    await crash_bets.place(player, merchant_id, 2, "1.00", "")  # the first makes their rows
    # As the live socket places it: the page's game session checked with the member's read.
    running = token_digest(player.token)
    await _assert_cost(
        "crash bet",
        lambda: crash_bets.place(player, merchant_id, 1, "1.00", "", game_session=running),
    )
    at_ms(row, crash_fairness.duration_ms(150))
    bound = await tickets.member_of(
        await tickets.issue(member.id or 0, merchant_id, player.token), merchant_id
    )
    assert bound is not None

    brand = await brands.by_id(merchant_id)

    flying = crash_rounds.Flying(row.id or 0, row.started_at)  # as the socket's board saw it
    await _assert_cost(
        "crash cash-out on the live socket",
        lambda: crash_live.decide_cash_out(bound, brand, 1, flying),
    )
