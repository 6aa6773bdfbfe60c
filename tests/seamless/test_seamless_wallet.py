"""The seamless wallet service and the in-process studio port, on the real database."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlalchemy import String, cast, literal
from sqlalchemy.ext.asyncio import create_async_engine
from sqlmodel import col, select

from app.core import db
from app.core.config import get_settings
from app.core.db import dispose_engine, session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger
from app.services.brands import brands
from app.services.seamless import studio_port, wallet
from models import GameRound, GameSession, LedgerAccount, LedgerTransaction, Winner
from models.base import utcnow
from models.ledger import AccountKind, account_owner_key, owner_key_expression
from tests.helpers.databases import use_postgres
from tests.helpers.money import books_differences, fund
from tests.helpers.seamless import call, funded_member, player_session, studio_game

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

BGS = wallet.STUDIO_VENDOR
# The small pool's wait for a connection (the shipped one waits 30 s).
SMALL_POOL_WAIT_SECONDS = 5


async def _game_transactions(member_id: int) -> list[LedgerTransaction]:
    async with session_scope() as session:
        rows = await session.exec(
            select(LedgerTransaction)
            .where(
                LedgerTransaction.member_id == member_id,
                col(LedgerTransaction.kind).in_(["BET", "WIN", "ROLLBACK"]),
            )
            .order_by(col(LedgerTransaction.id))
        )
        return list(rows.all())


async def _round(round_id: str) -> GameRound:
    async with session_scope() as session:
        found = (
            await session.exec(
                select(GameRound).where(GameRound.vendor == BGS, GameRound.round_id == round_id)
            )
        ).one()
    return found


async def _audit_clean() -> None:
    async with session_scope() as session:
        differences = await books_differences(session)
    assert differences == ()


async def test_studio_port_bet_and_win_move_money_and_summarise_the_round() -> None:
    member = await funded_member("100.00")
    game = await studio_game()
    port = studio_port.studio_wallet()
    assert isinstance(port, wallet.InProcessWallet)
    token = await wallet.open_session(
        member=member, vendor=BGS, game_code=game.game_code, currency="BRL"
    )
    player = await port.authenticate(token)
    assert player.balance == Decimal("100.00") and player.member_id == member.id
    assert (await port.balance(player.session_token)).balance == Decimal("100.00")

    round_id = uuid4().hex
    bet = await port.debit(player.session_token, call(round_id, "10.00", game.game_code))
    assert (bet.status, bet.balance, bet.replay) == ("OK", Decimal("90.00"), False)
    win = await port.credit(player.session_token, call(round_id, "25.50", game.game_code))
    assert (win.status, win.balance) == ("OK", Decimal("115.50"))

    summary = await _round(round_id)
    assert (summary.bet_total, summary.win_total, summary.status) == (
        Decimal("10.00"),
        Decimal("25.50"),
        "SETTLED",
    )
    assert summary.game_type == game.game_type and summary.member_id == member.id
    moves = await _game_transactions(member.id or 0)
    assert [m.kind for m in moves] == ["BET", "WIN"]
    assert moves[0].details["round_id"] == round_id and moves[0].details["vendor"] == BGS
    assert moves[0].details["game_code"] == game.game_code
    assert moves[0].idempotency_key == wallet.idempotency_key(BGS, bet.transaction_id)
    await _audit_clean()


@pytest.mark.parametrize("kind", ["debit", "credit", "rollback"])
async def test_twenty_concurrent_copies_move_money_once(kind: str) -> None:
    member = await funded_member("100.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    bet = call(round_id, "10.00", game.game_code)
    if kind != "debit":
        await wallet.debit(BGS, player.session_token, bet)
    repeated = {
        "debit": bet,
        "credit": call(round_id, "30.00", game.game_code),
        "rollback": call(round_id, "0", game.game_code, rollback_of=bet.transaction_id),
    }[kind]
    operation = getattr(wallet, kind)
    answers = await asyncio.gather(
        *(operation(BGS, player.session_token, repeated) for _ in range(20))
    )
    assert len({(a.status, a.balance, a.transaction_id, a.currency) for a in answers}) == 1
    assert sum(not a.replay for a in answers) == 1
    expected = {"debit": "90.00", "credit": "120.00", "rollback": "100.00"}[kind]
    assert answers[0].status == "OK" and answers[0].balance == Decimal(expected)
    kinds = [m.kind for m in await _game_transactions(member.id or 0)]
    assert (
        kinds == {"debit": ["BET"], "credit": ["BET", "WIN"], "rollback": ["BET", "ROLLBACK"]}[kind]
    )
    await _audit_clean()


async def test_bet_and_win_in_one_call_settles_the_round_once() -> None:
    member = await funded_member("20.00")
    game = await studio_game()
    token = (await player_session(member, game)).session_token
    round_id = uuid4().hex
    bet, win = call(round_id, "5.00", game.game_code), call(round_id, "12.50", game.game_code)
    first = await wallet.bet_win(BGS, token, bet, win)
    assert (first.status, first.balance, first.transaction_id, first.replay) == (
        "OK",
        Decimal("27.50"),
        win.transaction_id,
        False,
    )
    again = await wallet.bet_win(BGS, token, bet, win)
    assert (again.status, again.balance, again.replay) == ("OK", Decimal("27.50"), True)
    summary = await _round(round_id)
    assert (summary.bet_total, summary.win_total, summary.status) == (
        Decimal("5.00"),
        Decimal("12.50"),
        "SETTLED",
    )
    lost_round = uuid4().hex
    lost = await wallet.bet_win(
        BGS, token, call(lost_round, "7.50", game.game_code), call(lost_round, "0", game.game_code)
    )
    assert (lost.status, lost.balance) == ("OK", Decimal("20.00"))
    assert (await _round(lost_round)).status == "SETTLED"

    poor_round = uuid4().hex
    poor_bet = call(poor_round, "20.01", game.game_code)
    poor_win = call(poor_round, "40.00", game.game_code)
    poor = await wallet.bet_win(BGS, token, poor_bet, poor_win)
    assert (poor.status, poor.balance, poor.transaction_id) == (
        "INSUFFICIENT_FUNDS",
        Decimal("20.00"),
        poor_bet.transaction_id,
    )
    # the credit half was never made: sent alone later, it finds no bet in its round
    assert (await wallet.credit(BGS, token, poor_win)).status == "REFUSED"
    with pytest.raises(AppError) as mixed:
        await wallet.bet_win(
            BGS,
            token,
            call(uuid4().hex, "1.00", game.game_code),
            call(round_id, "1.00", game.game_code),
        )
    assert mixed.value.code == "seamless-invalid-call"
    one_id_round = uuid4().hex
    with pytest.raises(AppError) as one_id:  # the bet and the win under one transaction id
        await wallet.bet_win(
            BGS,
            token,
            call(one_id_round, "1.00", game.game_code, tx="same-id"),
            call(one_id_round, "2.00", game.game_code, tx="same-id"),
        )
    assert one_id.value.code == "seamless-invalid-call"
    assert (await wallet.balance(BGS, token)).balance == Decimal("20.00")
    kinds = [m.kind for m in await _game_transactions(member.id or 0)]
    assert kinds == ["BET", "WIN", "BET"]  # a zero win moves no money
    await _audit_clean()


async def test_twenty_concurrent_copies_of_a_bet_and_win_move_money_once() -> None:
    member = await funded_member("50.00")
    game = await studio_game()
    token = (await player_session(member, game)).session_token
    round_id = uuid4().hex
    bet, win = call(round_id, "10.00", game.game_code), call(round_id, "15.00", game.game_code)
    answers = await asyncio.gather(*(wallet.bet_win(BGS, token, bet, win) for _ in range(20)))
    assert {(a.status, a.balance, a.transaction_id) for a in answers} == {
        ("OK", Decimal("55.00"), win.transaction_id)
    }
    assert sum(not a.replay for a in answers) == 1
    assert [m.kind for m in await _game_transactions(member.id or 0)] == ["BET", "WIN"]
    await _audit_clean()


@pytest.fixture
async def pool_of_two(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """This process's pool of PostgreSQL connections cut to two, waited for at most
    SMALL_POOL_WAIT_SECONDS (SQLite's write transactions have an engine of their own)."""
    if not use_postgres():
        pytest.skip("PostgreSQL's pool of connections")
    settings = get_settings()
    monkeypatch.setattr(settings, "db_pool_size", 2)
    monkeypatch.setattr(settings, "db_pool_overflow", 0)
    monkeypatch.setattr(
        db,
        "create_async_engine",
        functools.partial(create_async_engine, pool_timeout=SMALL_POOL_WAIT_SECONDS),
    )
    await dispose_engine()
    yield
    await dispose_engine()  # the next test's engine has the process's own pool


@pytest.mark.parametrize("kind", ["debit", "bet_win"])
async def test_twenty_copies_of_a_call_need_no_more_than_a_pool_of_two(
    kind: str, pool_of_two: None
) -> None:
    """Copies queued for the member's cash lock hold the whole pool: the copy holding the
    lock must finish on its own connection (a brand reload under it waited for a second one,
    and every copy timed out behind it)."""
    member = await funded_member("50.00")
    game = await studio_game()
    token = (await player_session(member, game)).session_token
    round_id = uuid4().hex
    bet, win = call(round_id, "10.00", game.game_code), call(round_id, "15.00", game.game_code)
    brands.invalidate()  # as after an operator's change: the next brand read reloads them

    async def copy() -> wallet.WalletAnswer:
        if kind == "debit":
            return await wallet.debit(BGS, token, bet)
        return await wallet.bet_win(BGS, token, bet, win)

    answers = await asyncio.gather(*(copy() for _ in range(20)))
    balance = {"debit": Decimal("40.00"), "bet_win": Decimal("55.00")}[kind]
    assert {(a.status, a.balance) for a in answers} == {("OK", balance)}
    assert sum(not a.replay for a in answers) == 1
    await _audit_clean()


async def test_rollback_before_its_debit_refuses_the_late_debit() -> None:
    member = await funded_member("50.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    bet = call(round_id, "20.00", game.game_code)
    early = await wallet.rollback(
        BGS,
        player.session_token,
        call(round_id, "0", game.game_code, rollback_of=bet.transaction_id),
    )
    assert (early.status, early.balance) == ("OK", Decimal("50.00"))
    late = await wallet.debit(BGS, player.session_token, bet)
    assert (late.status, late.balance) == ("REFUSED", Decimal("50.00"))
    again = await wallet.debit(BGS, player.session_token, bet)
    assert (again.status, again.replay) == ("REFUSED", True)
    win = await wallet.credit(BGS, player.session_token, call(round_id, "5.00", game.game_code))
    assert win.status == "REFUSED"
    assert await _game_transactions(member.id or 0) == []


async def test_credit_after_rollback_and_credit_without_debit_are_refused() -> None:
    member = await funded_member("50.00")
    game = await studio_game()
    player = await player_session(member, game)
    lonely = await wallet.credit(
        BGS, player.session_token, call(uuid4().hex, "5.00", game.game_code)
    )
    assert (lonely.status, lonely.balance) == ("REFUSED", Decimal("50.00"))

    round_id = uuid4().hex
    bet = call(round_id, "20.00", game.game_code)
    await wallet.debit(BGS, player.session_token, bet)
    undone = await wallet.rollback(
        BGS,
        player.session_token,
        call(round_id, "0", game.game_code, rollback_of=bet.transaction_id),
    )
    assert (undone.status, undone.balance) == ("OK", Decimal("50.00"))
    refused = await wallet.credit(
        BGS, player.session_token, call(round_id, "40.00", game.game_code)
    )
    assert (refused.status, refused.balance) == ("REFUSED", Decimal("50.00"))
    assert (await _round(round_id)).status == "ROLLED_BACK"
    # A second rollback of the same bet, under a new id, moves nothing.
    twice = await wallet.rollback(
        BGS,
        player.session_token,
        call(round_id, "0", game.game_code, rollback_of=bet.transaction_id),
    )
    assert (twice.status, twice.balance) == ("OK", Decimal("50.00"))
    assert [m.kind for m in await _game_transactions(member.id or 0)] == ["BET", "ROLLBACK"]
    await _audit_clean()


async def test_insufficient_funds_answers_the_balance_and_moves_nothing() -> None:
    member = await funded_member("5.00")
    game = await studio_game()
    player = await player_session(member, game)
    answer = await wallet.debit(
        BGS, player.session_token, call(uuid4().hex, "5.01", game.game_code)
    )
    assert (answer.status, answer.balance) == ("INSUFFICIENT_FUNDS", Decimal("5.00"))
    assert await _game_transactions(member.id or 0) == []


async def test_a_member_without_accounts_yet_is_answered_and_they_are_made() -> None:
    """The session's read brings the cash lock only once the member's game accounts exist;
    before, the call reads the session alone and the ledger makes them."""
    member = await funded_member("0.00")
    assert member.id is not None
    game = await studio_game()
    player = await player_session(member, game)
    assert await _game_accounts(member.id) == 0
    refused = await wallet.debit(
        BGS, player.session_token, call(uuid4().hex, "1.00", game.game_code)
    )
    assert (refused.status, refused.balance) == ("INSUFFICIENT_FUNDS", Decimal("0.00"))
    assert await _game_accounts(member.id) == 1
    await fund(member.id, "3.00")
    made = await wallet.debit(BGS, player.session_token, call(uuid4().hex, "1.00", game.game_code))
    assert (made.status, made.balance) == ("OK", Decimal("2.00"))
    await _audit_clean()


async def _game_accounts(member_id: int) -> int:
    async with session_scope() as session:
        found = await session.exec(
            select(LedgerAccount).where(
                LedgerAccount.member_id == member_id,
                LedgerAccount.kind == AccountKind.MEMBER_CASH.value,
            )
        )
        return len(found.all())


async def test_the_sql_account_keys_are_the_ledgers() -> None:
    """`owner_key_expression` (the wallet's locking read joins accounts by it) names an
    account as `account_owner_key` does."""
    shard = literal(37) % ledger.MERCHANT_ACCOUNT_SHARDS
    expressions = {
        account_owner_key(3, 37, AccountKind.MEMBER_CASH, "BRL"): owner_key_expression(
            literal(3), literal(37), AccountKind.MEMBER_CASH, literal("BRL")
        ),
        account_owner_key(3, None, AccountKind.VENDOR_CLEARING, "BRL", "shard5"): (
            owner_key_expression(
                literal(3),
                None,
                AccountKind.VENDOR_CLEARING,
                literal("BRL"),
                "shard" + cast(shard, String),
            )
        ),
    }
    async with session_scope() as session:
        for key, expression in expressions.items():
            assert (await session.exec(select(expression))).one() == key


async def test_zero_credit_settles_a_lost_round_and_a_settled_round_takes_no_bet() -> None:
    member = await funded_member("10.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    await wallet.debit(BGS, player.session_token, call(round_id, "4.00", game.game_code))
    lost = await wallet.credit(BGS, player.session_token, call(round_id, "0", game.game_code))
    assert (lost.status, lost.balance) == ("OK", Decimal("6.00"))
    assert (await _round(round_id)).status == "SETTLED"
    more = await wallet.debit(BGS, player.session_token, call(round_id, "1.00", game.game_code))
    assert more.status == "REFUSED"
    assert [m.kind for m in await _game_transactions(member.id or 0)] == ["BET"]


async def test_a_transaction_id_reused_for_another_kind_is_a_conflict() -> None:
    member = await funded_member("10.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    bet = call(round_id, "1.00", game.game_code)
    await wallet.debit(BGS, player.session_token, bet)
    with pytest.raises(AppError) as refused:
        await wallet.credit(BGS, player.session_token, bet)
    assert refused.value.code == "seamless-transaction-conflict"


async def test_launch_token_is_one_time_and_sessions_expire() -> None:
    member = await funded_member("10.00")
    game = await studio_game()
    token = await wallet.open_session(
        member=member, vendor=BGS, game_code=game.game_code, currency="BRL"
    )
    player = await wallet.authenticate(BGS, token)
    with pytest.raises(AppError) as replayed:
        await wallet.authenticate(BGS, token)
    assert (replayed.value.code, replayed.value.status) == ("seamless-invalid-token", 401)

    round_id = uuid4().hex
    await wallet.debit(BGS, player.session_token, call(round_id, "2.00", game.game_code))
    async with write_transaction() as session:
        stored = (
            await session.exec(select(GameSession).where(GameSession.member_id == member.id))
        ).one()
        stored.expires_at = utcnow() - timedelta(seconds=1)
        session.add(stored)
    with pytest.raises(AppError) as expired:
        await wallet.debit(BGS, player.session_token, call(round_id, "1.00", game.game_code))
    assert (expired.value.code, expired.value.status) == ("seamless-session-expired", 401)
    with pytest.raises(AppError):
        await wallet.balance(BGS, player.session_token)
    # The win of a bet already placed still reaches the player.
    late_win = await wallet.credit(
        BGS, player.session_token, call(round_id, "3.00", game.game_code)
    )
    assert (late_win.status, late_win.balance) == ("OK", Decimal("11.00"))
    with pytest.raises(AppError) as unknown:
        await wallet.balance(BGS, "no-such-session")
    assert unknown.value.status == 401


async def test_a_big_win_joins_the_winner_board() -> None:
    member = await funded_member("10.00", nickname="")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    await wallet.debit(BGS, player.session_token, call(round_id, "1.00", game.game_code))
    await wallet.credit(BGS, player.session_token, call(round_id, "60.00", game.game_code))
    async with session_scope() as session:
        won = (
            await session.exec(select(Winner).where(Winner.customer_name == member.username))
        ).all()
    assert [(w.win_amount, w.game_id) for w in won] == [(Decimal("60.00"), game.id)]


async def test_racing_uses_of_one_launch_token_open_one_session() -> None:
    member = await funded_member("1.00")
    game = await studio_game()
    token = await wallet.open_session(
        member=member, vendor=BGS, game_code=game.game_code, currency="BRL"
    )
    results = await asyncio.gather(
        *(wallet.authenticate(BGS, token) for _ in range(10)), return_exceptions=True
    )
    sessions = [r for r in results if isinstance(r, wallet.PlayerSession)]
    refused = [r for r in results if isinstance(r, AppError)]
    assert len(sessions) == 1 and len(refused) == 9
    assert {r.code for r in refused} == {"seamless-invalid-token"}
