"""The double-entry ledger: accounts, transactions and their append-only entries.

Sign convention: an entry's amount is the change of its account's balance (positive = the
balance goes up). The entries of one transaction sum to exactly zero.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, CheckConstraint, Column, ColumnElement, Index, Numeric, String, cast
from sqlalchemy import literal as sql_literal
from sqlalchemy.orm import Mapped
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow

MONEY = Numeric(20, 2)
# Loyalty points are a ledger currency of their own, never mixed with money in a transaction.
POINTS_CURRENCY = "PTS"


class AccountKind(StrEnum):
    MEMBER_CASH = "MEMBER_CASH"
    MEMBER_BONUS = "MEMBER_BONUS"
    MEMBER_LOCKED = "MEMBER_LOCKED"  # funds held for a pending withdrawal
    MEMBER_VENDOR = "MEMBER_VENDOR"  # the member's wallet at one transfer-mode vendor
    HOUSE = "HOUSE"
    PAYMENT_CLEARING = "PAYMENT_CLEARING"
    VENDOR_CLEARING = "VENDOR_CLEARING"
    PROMOTION_EXPENSE = "PROMOTION_EXPENSE"
    AGENT_COMMISSION_EXPENSE = "AGENT_COMMISSION_EXPENSE"
    # Loyalty points, in their own currency (POINTS_CURRENCY): the member's balance, and the
    # brand's points in circulation (its opposite), so the audit proves points as money.
    MEMBER_POINTS = "MEMBER_POINTS"
    POINTS_ISSUED = "POINTS_ISSUED"
    # Balances of closed accounts nobody could be paid (Brazil: owed to FIES/FUNCAP after 180
    # days, IN 31/2025): the brand holds them apart from its own money.
    UNCLAIMED_FUNDS = "UNCLAIMED_FUNDS"


MEMBER_ACCOUNT_KINDS = frozenset(
    {
        AccountKind.MEMBER_CASH,
        AccountKind.MEMBER_BONUS,
        AccountKind.MEMBER_LOCKED,
        AccountKind.MEMBER_VENDOR,
        AccountKind.MEMBER_POINTS,
    }
)
# Kinds of which a member has several accounts, told apart by a sub-key (the vendor code).
SUB_KEYED_KINDS = frozenset({AccountKind.MEMBER_VENDOR})


class TransactionKind(StrEnum):
    DEPOSIT = "DEPOSIT"
    WITHDRAWAL = "WITHDRAWAL"
    WITHDRAWAL_LOCK = "WITHDRAWAL_LOCK"
    WITHDRAWAL_RELEASE = "WITHDRAWAL_RELEASE"
    BET = "BET"
    WIN = "WIN"
    ROLLBACK = "ROLLBACK"
    BONUS = "BONUS"
    REBATE = "REBATE"
    TRANSFER = "TRANSFER"
    SALARY = "SALARY"
    DIVIDEND = "DIVIDEND"
    POINTS_CONVERSION = "POINTS_CONVERSION"  # cash for points: a conversion or a cash reward
    POINTS = "POINTS"  # points earned, credited, spent on a reward or returned
    ADJUSTMENT = "ADJUSTMENT"
    REVERSAL = "REVERSAL"
    UNCLAIMED = "UNCLAIMED"  # a closed account's balance set apart as unclaimed funds


def account_owner_key(
    merchant_id: int,
    member_id: int | None,
    kind: AccountKind,
    currency: str,
    sub_key: str | None = None,
) -> str:
    """The unique name of an account: one per (merchant, owner, kind, currency[, sub-key]).

    A plain unique constraint over those columns would not do, because NULL member ids
    (the merchant's own accounts) never collide in SQL. Accounts without a sub-key keep the
    four-part name, so every key written before sub-keys existed stays valid.
    """
    owner = f"member:{member_id}" if member_id is not None else "merchant"
    key = f"{merchant_id}/{owner}/{kind.value}/{currency}"
    return f"{key}/{sub_key}" if sub_key is not None else key


def owner_key_expression(
    merchant_id: ColumnElement[int] | Mapped[int],
    member_id: ColumnElement[int] | Mapped[int] | None,
    kind: AccountKind,
    currency: ColumnElement[str] | Mapped[str],
    sub_key: ColumnElement[str] | None = None,
) -> ColumnElement[str]:
    """`account_owner_key` in SQL, of other rows' columns: a read that knows the owner only
    from a row it reads joins the account by its unique name."""
    owner = (
        sql_literal("member:") + cast(member_id, String)
        if member_id is not None
        else sql_literal("merchant")
    )
    key = cast(merchant_id, String) + "/" + owner + f"/{kind.value}/" + currency
    return key + "/" + sub_key if sub_key is not None else key


class LedgerAccount(SQLModel, table=True):
    """A balance owned by a member or by the merchant; changed only through entries."""

    __tablename__ = "ledger_account"
    __table_args__ = (
        CheckConstraint("allow_negative OR balance >= 0", name="ck_ledger_account_not_negative"),
    )

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    member_id: int | None = Field(default=None, foreign_key="member.id", index=True)
    kind: str = Field(max_length=32)
    currency: str = Field(max_length=3)
    # Tells apart a member's accounts of one kind (MEMBER_VENDOR: the vendor's vassalage).
    sub_key: str | None = Field(default=None, max_length=32)
    balance: Decimal = Field(default=Decimal("0.00"), sa_type=MONEY)
    allow_negative: bool = False
    owner_key: str = Field(unique=True, max_length=120)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class LedgerTransaction(SQLModel, table=True):
    """One money movement; its entries sum to zero. Never updated or deleted."""

    __tablename__ = "ledger_transaction"

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    kind: str = Field(max_length=32)
    reference: str = Field(default="", max_length=128)
    idempotency_key: str = Field(unique=True, max_length=128)
    fingerprint: str = Field(max_length=64)
    # The member the movement was made for (a transfer's sender); both sides list it.
    member_id: int | None = Field(default=None, foreign_key="member.id", index=True)
    # Unique: a transaction is reversed at most once, even by two racing requests.
    reverses_transaction_id: int | None = Field(
        default=None, foreign_key="ledger_transaction.id", unique=True
    )
    # `metadata` is taken on SQLModel classes, hence the attribute name.
    details: dict[str, Any] = Field(
        default_factory=dict, sa_column=Column("metadata", JSON, nullable=False)
    )
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class LedgerEntry(SQLModel, table=True):
    """One leg of a transaction: the signed change of one account and its balance after."""

    __tablename__ = "ledger_entry"
    # A member's movements by time are their accounts' entries, read through this index.
    __table_args__ = (Index("ix_ledger_entry_account_time", "account_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    transaction_id: int = Field(foreign_key="ledger_transaction.id", index=True)
    account_id: int = Field(foreign_key="ledger_account.id")
    amount: Decimal = Field(sa_type=MONEY)
    balance_after: Decimal = Field(sa_type=MONEY)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
