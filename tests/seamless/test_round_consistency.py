"""A rollback of a bet whose round is already paid is refused (the win stays, the stake stays
spent), and the round audit proves every round's totals and state against its movements."""

from __future__ import annotations

from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import select

from app.core.db import session_scope, write_transaction
from app.services import ledger
from app.services.seamless import round_audit, wallet
from models import GameRound
from models.ledger import TransactionKind
from tests.helpers.money import cash
from tests.helpers.seamless import call, funded_member, player_session, studio_game
from tests.ledger.test_ledger import run_cli_audit

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

BGS = wallet.STUDIO_VENDOR


async def _report() -> round_audit.RoundAudit:
    """The rounds' audit, once the whole-ledger audit has found the books clean."""
    async with session_scope() as session:
        assert (await ledger.audit(session)).clean
        return await round_audit.audit_rounds(session)


async def _round(round_id: str) -> GameRound:
    async with session_scope() as session:
        statement = select(GameRound).where(GameRound.vendor == BGS, GameRound.round_id == round_id)
        return (await session.exec(statement)).one()


async def test_a_paid_round_cannot_be_rolled_back() -> None:
    member = await funded_member("50.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    bet = call(round_id, "10.00", game.game_code)
    await wallet.debit(BGS, player.session_token, bet)
    paid = await wallet.credit(BGS, player.session_token, call(round_id, "25.00", game.game_code))
    assert (paid.status, paid.balance) == ("OK", Decimal("65.00"))
    undo = call(round_id, "0", game.game_code, rollback_of=bet.transaction_id)
    refused = await wallet.rollback(BGS, player.session_token, undo)
    assert (refused.status, refused.balance) == ("REFUSED", Decimal("65.00"))
    again = await wallet.rollback(BGS, player.session_token, undo)
    assert (again.status, again.replay) == ("REFUSED", True)
    settled = await _round(round_id)
    assert (settled.status, settled.bet_total, settled.win_total) == (
        "SETTLED",
        Decimal("10.00"),
        Decimal("25.00"),
    )
    assert await cash(member) == Decimal("65.00")
    report = await _report()
    assert report.clean, report.differences
    assert report.checked >= 1


async def test_an_open_round_is_still_rolled_back() -> None:
    member = await funded_member("50.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    bet = call(round_id, "10.00", game.game_code)
    await wallet.debit(BGS, player.session_token, bet)
    undo = call(round_id, "0", game.game_code, rollback_of=bet.transaction_id)
    undone = await wallet.rollback(BGS, player.session_token, undo)
    assert (undone.status, undone.balance) == ("OK", Decimal("50.00"))
    assert (await _round(round_id)).status == "ROLLED_BACK"
    assert (await _report()).clean


async def test_the_audit_finds_a_round_whose_totals_or_state_disagree() -> None:
    member = await funded_member("50.00")
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    await wallet.debit(BGS, player.session_token, call(round_id, "10.00", game.game_code))
    await wallet.credit(BGS, player.session_token, call(round_id, "4.00", game.game_code))
    target = await _round(round_id)
    assert (await _report()).clean

    async def write(**fields: object) -> None:
        async with write_transaction() as session:
            stored = await session.get(GameRound, target.id)
            assert stored is not None
            for name, value in fields.items():
                setattr(stored, name, value)
            session.add(stored)

    cases: list[tuple[dict[str, object], str]] = [
        ({"win_total": Decimal("40.00")}, "win total 40.00, wins paid 4.00"),
        ({"bet_total": Decimal("1.00")}, "bet total 1.00, bets 10.00 less rollbacks 0.00"),
        ({"status": "ROLLED_BACK"}, "ROLLED_BACK round paid wins of 4.00"),
        ({"status": "OPEN"}, "OPEN round paid wins of 4.00"),
    ]
    try:
        for fields, expected in cases:
            await write(**fields)
            found = [d for d in (await _report()).differences if d.check == "round-money"]
            assert [(d.subject_id, d.detail) for d in found] == [(target.id, expected)]
            if fields is cases[0][0]:
                # The operator's audit runs the rounds' audit after the ledger's.
                status, out = await run_cli_audit()
                assert status == 1 and f"round-money #{target.id}: {expected}" in out
            await write(
                status=target.status, bet_total=target.bet_total, win_total=target.win_total
            )
    finally:
        await write(status=target.status, bet_total=target.bet_total, win_total=target.win_total)
    assert (await _report()).clean


def test_round_rules_by_state() -> None:
    ten, zero = Decimal("10.00"), Decimal("0.00")
    bets: dict[str, Decimal] = {TransactionKind.BET: ten}
    assert round_audit.round_problems("OPEN", ten, zero, bets) == []
    assert round_audit.round_problems(
        "SETTLED", zero, zero, {**bets, TransactionKind.ROLLBACK: ten}
    ) == ["settled round had bets of 10.00 rolled back"]
    assert (
        round_audit.round_problems(
            "ROLLED_BACK", zero, zero, {**bets, TransactionKind.ROLLBACK: ten}
        )
        == []
    )
