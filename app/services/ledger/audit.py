"""The whole-ledger audit: balances equal their entries, transactions sum to zero, and no
account that may not go negative is negative."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import and_, func, not_, or_
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.ledger.basics import CENT
from models.base import saved_id
from models.ledger import LedgerAccount, LedgerEntry, LedgerTransaction


@dataclass(frozen=True)
class AuditDifference:
    """One broken rule: `check` is account-balance, transaction-sum or negative-balance (a
    capability auditing its own records against the ledger names its own check)."""

    check: str
    subject_id: int
    detail: str


@dataclass(frozen=True)
class AuditReport:
    accounts_checked: int
    transactions_checked: int
    differences: tuple[AuditDifference, ...]

    @property
    def clean(self) -> bool:
        return not self.differences


async def audit(session: AsyncSession) -> AuditReport:
    """Prove the books: balances equal their entries, transactions sum to zero, and no
    account that may not go negative is negative. Each check is one statement, so it reads
    one consistent snapshot even while money keeps moving."""
    # round(…, 2): SQLite keeps Numeric as REAL, so its sums carry float noise below a cent.
    entries_sum = func.coalesce(func.sum(LedgerEntry.amount), 0)
    accounts = (
        await session.exec(
            select(
                col(LedgerAccount.id),
                col(LedgerAccount.balance),
                col(LedgerAccount.allow_negative),
                entries_sum,
            )
            .outerjoin(LedgerEntry, col(LedgerEntry.account_id) == LedgerAccount.id)
            .group_by(
                col(LedgerAccount.id), col(LedgerAccount.balance), col(LedgerAccount.allow_negative)
            )
            .having(
                or_(
                    func.round(entries_sum - LedgerAccount.balance, 2) != 0,
                    and_(not_(col(LedgerAccount.allow_negative)), col(LedgerAccount.balance) < 0),
                )
            )
            .order_by(col(LedgerAccount.id))
        )
    ).all()
    transactions = (
        await session.exec(
            select(LedgerTransaction.id, entries_sum, func.count(col(LedgerEntry.id)))
            .outerjoin(LedgerEntry, col(LedgerEntry.transaction_id) == LedgerTransaction.id)
            .group_by(col(LedgerTransaction.id))
            .having(or_(func.round(entries_sum, 2) != 0, func.count(col(LedgerEntry.id)) < 2))
            .order_by(col(LedgerTransaction.id))
        )
    ).all()
    differences: list[AuditDifference] = []
    for account_id, balance, allow_negative, total in accounts:
        if total.quantize(CENT) != balance:
            differences.append(
                AuditDifference(
                    "account-balance",
                    saved_id(account_id),
                    f"stored {balance}, entries sum to {total}",
                )
            )
        if not allow_negative and balance < 0:
            differences.append(
                AuditDifference(
                    "negative-balance", saved_id(account_id), f"balance {balance} below zero"
                )
            )
    differences += [
        AuditDifference(
            "transaction-sum", saved_id(transaction_id), f"{count} entries summing to {total}"
        )
        for transaction_id, total, count in transactions
    ]
    accounts_checked = (await session.exec(select(func.count()).select_from(LedgerAccount))).one()
    transactions_checked = (
        await session.exec(select(func.count()).select_from(LedgerTransaction))
    ).one()
    return AuditReport(
        accounts_checked=accounts_checked,
        transactions_checked=transactions_checked,
        differences=tuple(differences),
    )
