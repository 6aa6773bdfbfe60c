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
    REFUNDED = "REFUNDED"  # paid from another person's CPF: returned to the payer, not credited


class MessageKind(StrEnum):
    """Spec 4, inbox message kinds."""

    NEW_MAIL = "NEW_MAIL"
    DEPOSIT_CREDITED = "DEPOSIT_CREDITED"
    DEPOSIT_FAILED = "DEPOSIT_FAILED"
    DEPOSIT_REFUNDED = "DEPOSIT_REFUNDED"
    WITHDRAWAL_APPROVED = "WITHDRAWAL_APPROVED"
    WITHDRAWAL_REJECTED = "WITHDRAWAL_REJECTED"
    # An investigation closed: the payout did arrive, or it did not and was refunded.
    WITHDRAWAL_RECEIPT_CONFIRMED = "WITHDRAWAL_RECEIPT_CONFIRMED"
    WITHDRAWAL_REFUNDED = "WITHDRAWAL_REFUNDED"
    # Player protection (app/services/protection): a limit at 80 %, a limit changed, an
    # exclusion started.
    LIMIT_ALERT = "LIMIT_ALERT"
    LIMIT_CHANGED = "LIMIT_CHANGED"
    EXCLUSION_STARTED = "EXCLUSION_STARTED"
    IDENTITY_RECHECK = "IDENTITY_RECHECK"  # staff ask a verified member to verify again
    # Too many identity or payee-name tries: the case went to staff review.
    IDENTITY_TRIES_EXCEEDED = "IDENTITY_TRIES_EXCEEDED"
    # A barred account's closure (app/services/closures.py): the notice, then the refund.
    ACCOUNT_CLOSING = "ACCOUNT_CLOSING"
    ACCOUNT_CLOSED = "ACCOUNT_CLOSED"
    RAFFLE_WON = "RAFFLE_WON"  # a raffle's draw picked the member's ticket: claim the prize
    AGENT_CONTRACT_OFFERED = "AGENT_CONTRACT_OFFERED"
    AGENT_CONTRACT_ACCEPTED = "AGENT_CONTRACT_ACCEPTED"
    AGENT_CONTRACT_REJECTED = "AGENT_CONTRACT_REJECTED"
    AGENT_CONTRACT_END_REQUESTED = "AGENT_CONTRACT_END_REQUESTED"
    AGENT_CONTRACT_ENDED = "AGENT_CONTRACT_ENDED"
    AGENT_PAID = "AGENT_PAID"
    AFFILIATE_APPROVED = "AFFILIATE_APPROVED"  # the member's affiliate application decided
    AFFILIATE_REJECTED = "AFFILIATE_REJECTED"
    AGENT_TRANSFER_SENT = "AGENT_TRANSFER_SENT"
    AGENT_TRANSFER_RECEIVED = "AGENT_TRANSFER_RECEIVED"
    AGENT_TRANSFER_RETURNED = "AGENT_TRANSFER_RETURNED"  # a held transfer given back
    # Promotions (issue 16): a reward paid, an application reviewed, a bonus's end.
    PROMOTION_REWARD = "PROMOTION_REWARD"
    APPLICATION_APPROVED = "APPLICATION_APPROVED"
    APPLICATION_REJECTED = "APPLICATION_REJECTED"
    BONUS_CONVERTED = "BONUS_CONVERTED"
    BONUS_EXPIRED = "BONUS_EXPIRED"
    # Loyalty (issue 17): a VIP level reached, a VIP reward paid.
    VIP_UPGRADE = "VIP_UPGRADE"
    VIP_REWARD = "VIP_REWARD"


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
    # The login session that made it: the sandbox checkout pays the order only for it.
    session_id: int | None = Field(default=None, foreign_key="membersession.id")
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


class PayoutAccountKind(StrEnum):
    PIX = "PIX"
    BANK = "BANK"


class PixKeyType(StrEnum):
    CPF = "CPF"
    EMAIL = "EMAIL"
    PHONE = "PHONE"
    RANDOM = "RANDOM"


class PayoutAccount(SQLModel, table=True):
    """Where a member's withdrawals are paid: a PIX key or a bank account in their own name.

    `identifier` is the normalised key (PIX) or "bank/branch/account" (bank; a market without
    branches leaves that part out), unique per member.
    """

    __table_args__ = (UniqueConstraint("member_id", "identifier"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    kind: str = Field(max_length=8)
    pix_key_type: str | None = Field(default=None, max_length=8)
    identifier: str = Field(max_length=80)
    bank_code: str | None = Field(default=None, max_length=6)
    branch: str | None = Field(default=None, max_length=8)
    account_number: str | None = Field(default=None, max_length=19)
    holder_name: str = Field(max_length=120)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class WithdrawalStatus(StrEnum):
    """Spec 4, withdrawal confirmation: paid out in parts, then received or investigated."""

    PENDING = "PENDING"  # the amount is locked, nothing paid yet
    PARTIALLY_PAID = "PARTIALLY_PAID"  # some parts paid, the rest still locked
    DISBURSED = "DISBURSED"  # paid in full, waiting for the member's answer
    RECEIVED = "RECEIVED"  # done: the member confirmed every part
    AUTO_RECEIVED = "AUTO_RECEIVED"  # done: a part went unanswered and was treated as received
    INVESTIGATING = "INVESTIGATING"  # the member reported a part not received (with proof)
    REJECTED = "REJECTED"  # the unpaid rest went back to the member's cash
    REFUNDED = "REFUNDED"  # every paid part was found not paid and went back to the cash


class PayoutReceipt(StrEnum):
    AWAITING = "AWAITING"
    RECEIVED = "RECEIVED"
    AUTO_RECEIVED = "AUTO_RECEIVED"
    NOT_RECEIVED = "NOT_RECEIVED"
    REFUNDED = "REFUNDED"  # investigated: never arrived, returned to the member's cash


class InvestigationOutcome(StrEnum):
    """How an operator closes the investigation of a part reported not received."""

    RECEIVED = "RECEIVED"  # the payout did arrive (the bank confirms it)
    NOT_PAID = "NOT_PAID"  # it never arrived: the part goes back to the member's cash


class WithdrawalRule(SQLModel, table=True):
    """A brand's own withdrawal limits; brands without a row use the settings' defaults."""

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", unique=True)
    min_amount: Decimal = Field(sa_type=Numeric(20, 2))
    max_amount: Decimal = Field(sa_type=Numeric(20, 2))
    daily_count: int
    turnover_multiplier: Decimal = Field(sa_type=Numeric(6, 2))


class WithdrawalOrder(SQLModel, table=True):
    """A withdrawal: locked on request, paid out in one or more parts, or rejected.

    Always `amount = paid_amount + released_amount + remaining_amount`; the remaining amount
    is what is still held on the member's locked account for this order.
    """

    id: int | None = Field(default=None, primary_key=True)
    order_no: str = Field(unique=True, max_length=40)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    payout_account_id: int = Field(foreign_key="payoutaccount.id")
    currency: str = Field(max_length=3)
    amount: Decimal = Field(sa_type=Numeric(20, 2))
    paid_amount: Decimal = Field(default=Decimal("0.00"), sa_type=Numeric(20, 2))
    released_amount: Decimal = Field(default=Decimal("0.00"), sa_type=Numeric(20, 2))
    remaining_amount: Decimal = Field(sa_type=Numeric(20, 2))
    status: str = Field(default=WithdrawalStatus.PENDING, max_length=16, index=True)
    lock_transaction_id: int = Field(foreign_key="ledger_transaction.id")
    release_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")
    reject_reason: str | None = Field(default=None, max_length=200)
    rejected_by: int | None = Field(default=None, foreign_key="member.id")
    rejected_by_staff: int | None = Field(default=None, foreign_key="staffmember.id")
    rejected_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    paid_in_full_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime, index=True)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class WithdrawalPayout(SQLModel, table=True):
    """One paid part of a withdrawal and the member's answer about receiving it."""

    __table_args__ = (UniqueConstraint("order_id", "part_no"),)

    id: int | None = Field(default=None, primary_key=True)
    order_id: int = Field(foreign_key="withdrawalorder.id", index=True)
    part_no: int
    amount: Decimal = Field(sa_type=Numeric(20, 2))
    operator_id: int | None = Field(default=None, foreign_key="member.id")
    # A part paid from the back office names its staff member instead of an operator member.
    staff_id: int | None = Field(default=None, foreign_key="staffmember.id")
    ledger_transaction_id: int = Field(foreign_key="ledger_transaction.id")
    paid_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    receipt: str = Field(default=PayoutReceipt.AWAITING, max_length=16, index=True)
    answered_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    proof_file: str | None = Field(default=None, max_length=64)
    resolution: str | None = Field(default=None, max_length=16)
    resolved_by: int | None = Field(default=None, foreign_key="member.id")
    resolved_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    refund_transaction_id: int | None = Field(default=None, foreign_key="ledger_transaction.id")


class TransferStatus(StrEnum):
    DONE = "DONE"  # the receiver has the money
    HELD = "HELD"  # flagged: on the sender's locked account until the risk team decides
    RELEASED = "RELEASED"  # held, then passed on to the receiver by staff
    RETURNED = "RETURNED"  # held, then given back to the sender by staff


class TransferFlag(StrEnum):
    FAN_OUT = "FAN_OUT"  # one sender to many receivers in a day
    ROUND_TRIP = "ROUND_TRIP"  # the receiver sent to the sender within the window


class MemberTransfer(SQLModel, table=True):
    """A transfer between two members (team transfers): what moved, the wagering it carried
    from the sender to the receiver, and the risk team's hold when a pattern flagged it."""

    __tablename__ = "member_transfer"

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: int = Field(foreign_key="merchant.id", index=True)
    sender_id: int = Field(foreign_key="member.id", index=True)
    receiver_id: int = Field(foreign_key="member.id", index=True)
    # The sender and the request id of the page: a retry finds its first transfer.
    request_key: str = Field(unique=True, max_length=80)
    direction: str = Field(max_length=8)
    amount: Decimal = Field(sa_type=Numeric(20, 2))
    # The sender's wagering still owed on this money: the receiver owes it before withdrawing.
    carried_wagering: Decimal = Field(default=Decimal("0.00"), sa_type=Numeric(20, 2))
    status: str = Field(default=TransferStatus.DONE, max_length=10, index=True)
    flag: str | None = Field(default=None, max_length=16)
    transaction_id: int = Field(foreign_key="ledger_transaction.id")
    # When the receiver got the money (DONE: at once; RELEASED: at the decision).
    settled_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    decided_by_staff: int | None = Field(default=None, foreign_key="staffmember.id")
    decision_note: str | None = Field(default=None, max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime, index=True)
