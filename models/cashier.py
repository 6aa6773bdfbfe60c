"""The cashier: payment channels, deposit orders, webhook log and the member's inbox."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Column, Numeric, UniqueConstraint
from sqlmodel import Field, SQLModel

from models.base import UTCDateTime, utcnow


class DepositStatus(StrEnum):
    PENDING = "PENDING"
    PAID = "PAID"
    FAILED = "FAILED"


class MessageKind(StrEnum):
    """Spec 4, inbox message kinds."""

    NEW_MAIL = "NEW_MAIL"
    DEPOSIT_CREDITED = "DEPOSIT_CREDITED"
    DEPOSIT_FAILED = "DEPOSIT_FAILED"
    WITHDRAWAL_APPROVED = "WITHDRAWAL_APPROVED"
    WITHDRAWAL_REJECTED = "WITHDRAWAL_REJECTED"


class PaymentChannel(SQLModel, table=True):
    """A way to deposit (PIX, bank transfer) with its limits and fee."""

    __table_args__ = (UniqueConstraint("merchant_id", "code"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    code: str = Field(max_length=32)
    provider: str = Field(default="sandbox", max_length=32)
    min_amount: Decimal = Field(sa_type=Numeric(20, 2))
    max_amount: Decimal = Field(sa_type=Numeric(20, 2))
    fee_percent: Decimal = Field(default=Decimal("0"), sa_type=Numeric(5, 2))
    fee_fixed: Decimal = Field(default=Decimal("0"), sa_type=Numeric(20, 2))
    enabled: bool = True
    sort: int = 0


class DepositOrder(SQLModel, table=True):
    """A deposit: created by the member, paid at the provider, credited once by webhook."""

    id: int | None = Field(default=None, primary_key=True)
    order_no: str = Field(unique=True, max_length=40)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    channel_code: str = Field(max_length=32)
    provider: str = Field(max_length=32)
    currency: str = Field(max_length=3)
    amount: Decimal = Field(sa_type=Numeric(20, 2))
    fee: Decimal = Field(sa_type=Numeric(20, 2))
    credited_amount: Decimal = Field(sa_type=Numeric(20, 2))
    status: str = Field(default=DepositStatus.PENDING, max_length=16, index=True)
    pix_code: str | None = Field(default=None, max_length=512)
    provider_reference: str | None = Field(default=None, max_length=64)
    ledger_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    paid_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class WebhookLog(SQLModel, table=True):
    """Every webhook call as received, kept for investigation (bad signatures included)."""

    id: int | None = Field(default=None, primary_key=True)
    provider: str = Field(max_length=32)
    order_no: str | None = Field(default=None, max_length=40, index=True)
    signature_valid: bool
    outcome: str = Field(max_length=40)
    body: str = Field(max_length=4000)
    remote_ip: str = Field(default="", max_length=64)
    received_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class MemberMessage(SQLModel, table=True):
    """An inbox message; text comes from the catalog by kind, in the reader's language."""

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    kind: str = Field(max_length=32)
    params: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    read_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
