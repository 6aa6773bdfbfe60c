"""Money between named accounts: the prologue most movements repeat (open the member's and the
merchant's accounts, then move) written once.

An account is named by what it is (`of_member(AccountKind.MEMBER_CASH)`,
`of_merchant(AccountKind.PROMOTION_EXPENSE)`) and resolved against the transfer's merchant,
member and currency: a member account is the transfer's member's (or another member's, named
in the reference), a merchant account the member's shard of it (or its single account, for
the few kept whole). The movement itself is `move`, with every rule of `post`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.ledger.accounts import account
from app.services.ledger.basics import Posted
from app.services.ledger.posting import move
from models.base import saved_id
from models.ledger import AccountKind, TransactionKind


@dataclass(frozen=True)
class AccountRef:
    """An account by what it is; see `of_member` and `of_merchant`."""

    owner: Literal["member", "merchant"]
    kind: AccountKind
    member_id: int | None = None  # a member account of another member than the transfer's
    sub_key: str | None = None  # a member's vendor wallet: the vendor code
    sharded: bool = True  # a merchant account: the member's shard of it


def of_member(
    kind: AccountKind, *, member_id: int | None = None, sub_key: str | None = None
) -> AccountRef:
    """A member's own account: the transfer's member's, or `member_id`'s."""
    return AccountRef("member", kind, member_id=member_id, sub_key=sub_key)


def of_merchant(kind: AccountKind, *, sharded: bool = True) -> AccountRef:
    """The merchant's account of this kind: the transfer member's shard of it, or with
    `sharded=False` its single account."""
    return AccountRef("merchant", kind, sharded=sharded)


@dataclass(frozen=True)
class Transferred(Posted):
    """A post's answer, with the two accounts the transfer resolved."""

    from_account_id: int
    to_account_id: int

    @property
    def from_balance(self) -> Decimal:
        return self.balances[self.from_account_id]

    @property
    def to_balance(self) -> Decimal:
        return self.balances[self.to_account_id]


async def resolve(
    session: AsyncSession, ref: AccountRef, *, merchant_id: int, member_id: int, currency: str
) -> int:
    """The id of the account `ref` names for this member (opened where missing)."""
    if ref.owner == "member":
        found = await account(
            session,
            merchant_id=merchant_id,
            kind=ref.kind,
            currency=currency,
            member_id=member_id if ref.member_id is None else ref.member_id,
            sub_key=ref.sub_key,
        )
    else:
        found = await account(
            session,
            merchant_id=merchant_id,
            kind=ref.kind,
            currency=currency,
            spread=member_id if ref.sharded else None,
        )
    return saved_id(found.id)


async def transfer(
    session: AsyncSession,
    *,
    merchant_id: int,
    member_id: int,
    currency: str,
    kind: TransactionKind,
    idempotency_key: str,
    from_: AccountRef,
    to: AccountRef,
    amount: Decimal,
    reference: str = "",
    metadata: Mapping[str, Any] | None = None,
) -> Transferred:
    """Move a positive `amount` from `from_` to `to`, the member's movement (its `member_id`),
    inside the caller's write transaction; the same key moves once (see `post`)."""
    source = await resolve(
        session, from_, merchant_id=merchant_id, member_id=member_id, currency=currency
    )
    target = await resolve(
        session, to, merchant_id=merchant_id, member_id=member_id, currency=currency
    )
    posted = await move(
        session,
        merchant_id=merchant_id,
        kind=kind,
        idempotency_key=idempotency_key,
        debit_account_id=source,
        credit_account_id=target,
        amount=amount,
        reference=reference,
        member_id=member_id,
        metadata=metadata,
    )
    return Transferred(
        transaction_id=posted.transaction_id,
        replay=posted.replay,
        balances=posted.balances,
        from_account_id=source,
        to_account_id=target,
    )
