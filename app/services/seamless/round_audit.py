"""The game rounds' audit: every round's totals and state against its ledger movements.

The seamless wallet writes a round (`GameRound`) with its movements; the ledger knows no
game, so the round's owner proves them against each other. `app.cli audit` runs it after the
whole-ledger audit (check `round-money`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import and_, case, func, union_all
from sqlalchemy import select as core_select
from sqlalchemy.orm import aliased
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.ledger import CENT, ZERO, AuditDifference
from models.games import GameRound, RoundStatus
from models.ledger import LedgerEntry, LedgerTransaction, TransactionKind


@dataclass(frozen=True)
class RoundAudit:
    checked: int
    differences: tuple[AuditDifference, ...]

    @property
    def clean(self) -> bool:
        return not self.differences


ROUND_KINDS = (TransactionKind.BET, TransactionKind.WIN, TransactionKind.ROLLBACK)


def round_problems(
    status: str, bet_total: Decimal, win_total: Decimal, moved: Mapping[str, Decimal]
) -> list[str]:
    """What is wrong with a game round, given the money its movements moved by kind: the bet
    total is the bets less the rollbacks, the win total the wins; an open or rolled-back round
    paid no win, and a settled round had no bet rolled back."""
    bets, wins, rollbacks = (moved.get(kind, ZERO) for kind in ROUND_KINDS)
    problems = []
    if bet_total != bets - rollbacks:
        problems.append(f"bet total {bet_total}, bets {bets} less rollbacks {rollbacks}")
    if win_total != wins:
        problems.append(f"win total {win_total}, wins paid {wins}")
    if bet_total < 0:
        problems.append(f"bet total {bet_total} below zero")
    if status in (RoundStatus.OPEN, RoundStatus.ROLLED_BACK) and (wins or win_total):
        problems.append(f"{status} round paid wins of {wins}")
    if status == RoundStatus.SETTLED and rollbacks:
        problems.append(f"settled round had bets of {rollbacks} rolled back")
    return problems


async def audit_rounds(session: AsyncSession) -> RoundAudit:
    """Every game round against its ledger movements (same vendor and round id). A REVERSAL
    of a round's movement (a vendor voiding a settled round) counts against the movement's
    kind: the reversed bet and win are no longer moved."""
    original = aliased(LedgerTransaction)
    moved = func.sum(case((col(LedgerEntry.amount) > 0, col(LedgerEntry.amount)), else_=0))
    round_kinds = [str(k) for k in ROUND_KINDS]
    direct = (
        core_select(
            col(LedgerTransaction.kind).label("kind"),
            col(LedgerTransaction.reference).label("round_id"),
            col(LedgerTransaction.details)["vendor"].as_string().label("vendor"),
            moved.label("amount"),
        )
        .join(LedgerEntry, col(LedgerEntry.transaction_id) == LedgerTransaction.id)
        .where(col(LedgerTransaction.kind).in_(round_kinds))
        .group_by(
            col(LedgerTransaction.id), col(LedgerTransaction.kind), col(LedgerTransaction.reference)
        )
    )
    reversed_ = (
        core_select(
            col(original.kind).label("kind"),
            col(original.reference).label("round_id"),
            col(original.details)["vendor"].as_string().label("vendor"),
            (-moved).label("amount"),
        )
        .select_from(LedgerTransaction)
        .join(original, col(original.id) == LedgerTransaction.reverses_transaction_id)
        .join(LedgerEntry, col(LedgerEntry.transaction_id) == LedgerTransaction.id)
        .where(
            col(LedgerTransaction.kind) == TransactionKind.REVERSAL,
            col(original.kind).in_(round_kinds),
        )
        .group_by(col(LedgerTransaction.id), col(original.id))
    )
    movement = union_all(direct, reversed_).subquery()
    connection = await session.connection()
    rows = (
        await connection.execute(
            core_select(
                col(GameRound.id),
                col(GameRound.status),
                col(GameRound.bet_total),
                col(GameRound.win_total),
                movement.c.kind,
                func.coalesce(func.sum(movement.c.amount), 0),
            )
            .outerjoin(
                movement,
                and_(
                    movement.c.round_id == GameRound.round_id,
                    movement.c.vendor == GameRound.vendor,
                ),
            )
            .group_by(
                col(GameRound.id),
                col(GameRound.status),
                col(GameRound.bet_total),
                col(GameRound.win_total),
                movement.c.kind,
            )
            .order_by(col(GameRound.id))
        )
    ).all()
    rounds: dict[int, tuple[str, Decimal, Decimal, dict[str, Decimal]]] = {}
    for round_id, status, bet_total, win_total, kind, total in rows:
        entry = rounds.setdefault(round_id, (status, bet_total, win_total, {}))
        if kind is not None:
            entry[3][kind] = Decimal(str(total)).quantize(CENT)
    differences = [
        AuditDifference("round-money", round_id, "; ".join(problems))
        for round_id, (status, bet_total, win_total, moved) in rounds.items()
        if (problems := round_problems(status, bet_total, win_total, moved))
    ]
    return RoundAudit(len(rounds), tuple(differences))
