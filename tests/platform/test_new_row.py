"""`models.base.new_row`: a table's row built as the ORM builds a loaded one, for rows a hot
path writes by a statement of its own (the seamless wallet's rounds and calls)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import inspect

from models.base import new_row
from models.games import GameRound, RoundStatus
from models.games import WalletCall as WalletCallRow

CALL: dict[str, Any] = {
    "vendor": "PG",
    "transaction_id": "t1",
    "kind": "DEBIT",
    "round_id": "r1",
    "member_id": 7,
    "game_code": "slot",
    "amount": Decimal("1.00"),
    "status": "OK",
    "ledger_transaction_id": 3,
}


def _fields(row: object, *skipped: str) -> dict[str, object]:
    return {k: v for k, v in vars(row).items() if not k.startswith("_") and k not in skipped}


def test_a_new_row_holds_what_the_model_s_constructor_gives() -> None:
    built = new_row(WalletCallRow, **CALL)
    constructed = WalletCallRow(**CALL)
    assert _fields(built, "created_at") == _fields(constructed, "created_at")
    assert built.id is None and built.rollback_of is None and built.answer == {}
    assert built.created_at.tzinfo is not None
    assert built.__pydantic_fields_set__ == set(CALL)
    assert inspect(built).transient  # in no session, as the constructor's


def test_defaults_are_made_for_each_row_and_given_values_win() -> None:
    first, second = new_row(WalletCallRow, **CALL), new_row(WalletCallRow, **CALL)
    assert first.answer is not second.answer  # a default factory's value is each row's own
    answered = new_row(WalletCallRow, **CALL | {"answer": {"status": "OK"}})
    assert answered.answer == {"status": "OK"}


def test_a_new_row_s_later_changes_are_the_orm_s() -> None:
    game_round = new_row(
        GameRound,
        vendor="PG",
        round_id="r1",
        member_id=7,
        merchant_id=1,
        game_code="slot",
        game_type="SLOT",
        currency="BRL",
    )
    assert (game_round.bet_total, game_round.status) == (Decimal("0.00"), RoundStatus.OPEN)
    game_round.bet_total += Decimal("2.50")
    assert game_round.bet_total == Decimal("2.50")
    assert inspect(game_round).attrs.bet_total.history.added == [Decimal("2.50")]
