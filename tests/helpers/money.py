"""Money helpers for tests: deposits, promotion payouts and play-shaped ledger movements,
posted straight on the ledger (the cashier, promotion and studio tests cover the real paths),
and what they leave: a member's cash, the count of ledger entries, what the audits find."""

from __future__ import annotations

from decimal import Decimal
from uuid import uuid4

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.services import ledger, wager_facts, wallet_events
from app.services.seamless import round_audit
from models import LedgerEntry, Member
from models.base import utcnow
from models.ledger import AccountKind, TransactionKind
from tests.helpers.facts import facts_readable

CURRENCY = "BRL"


async def _accounts(
    session: AsyncSession,
    member_id: int,
    own: AccountKind,
    other: AccountKind,
    currency: str = CURRENCY,
) -> tuple[Member, int, int]:
    """The member, their account of kind `own` and their brand's account of kind `other`."""
    member = await session.get(Member, member_id)
    assert member is not None
    mine = await ledger.account(
        session, merchant_id=member.merchant_id, kind=own, currency=currency, member_id=member_id
    )
    brand = await ledger.account(
        session, merchant_id=member.merchant_id, kind=other, currency=currency
    )
    assert mine.id is not None and brand.id is not None
    return member, mine.id, brand.id


async def fund(member_id: int, amount: str, currency: str = CURRENCY) -> None:
    """A deposit: payment clearing → the member's cash; open pages are told, as a credited
    deposit tells them (its inbox message bumps the balance version)."""
    async with write_transaction() as session:
        member, cash, clearing = await _accounts(
            session, member_id, AccountKind.MEMBER_CASH, AccountKind.PAYMENT_CLEARING, currency
        )
        await ledger.move(
            session,
            merchant_id=member.merchant_id,
            kind=TransactionKind.DEPOSIT,
            idempotency_key=uuid4().hex,
            debit_account_id=clearing,
            credit_account_id=cash,
            amount=Decimal(amount),
            member_id=member_id,
        )
    await wallet_events.balance_changed(member_id)


async def grant(member_id: int, kind: TransactionKind, amount: str, wallet: AccountKind) -> None:
    """A promotion's payout as the promotions feature will post it: expense → member."""
    async with write_transaction() as session:
        member, target, expense = await _accounts(
            session, member_id, wallet, AccountKind.PROMOTION_EXPENSE
        )
        await ledger.move(
            session,
            merchant_id=member.merchant_id,
            kind=kind,
            idempotency_key=uuid4().hex,
            debit_account_id=expense,
            credit_account_id=target,
            amount=Decimal(amount),
            reference=f"PROMO-{kind.value}",
            member_id=member_id,
        )
    await wallet_events.balance_changed(member_id)


async def wager(member_id: int, stake: str, currency: str = CURRENCY) -> None:
    """A settled bet of `stake` won back in full: turnover (its wager fact), with the balance
    unchanged; readable by the consumers when this returns."""
    await _settled_bet(member_id, Decimal(stake), Decimal(stake), currency)
    await facts_readable()


async def lose(member_id: int, stake: str, currency: str = CURRENCY) -> None:
    """A settled bet of `stake` that won nothing: turnover and a net loss of `stake`."""
    await _settled_bet(member_id, Decimal(stake), Decimal("0"), currency)
    await wallet_events.balance_changed(member_id)


async def play(member_id: int, stake: str, vendor: str, game_code: str, won: str = "0") -> str:
    """A settled round of this vendor's game, posted as the seamless wallet posts it (its
    vendor and game code in the movements' details); returns the round's reference."""
    return await _settled_bet(
        member_id, Decimal(stake), Decimal(won), vendor=vendor, game_code=game_code
    )


async def _settled_bet(
    member_id: int,
    amount: Decimal,
    won: Decimal,
    currency: str = CURRENCY,
    *,
    vendor: str = "TEST",
    game_code: str = "TEST_GAME",
) -> str:
    round_ref = uuid4().hex
    async with write_transaction() as session:
        member, cash, clearing = await _accounts(
            session, member_id, AccountKind.MEMBER_CASH, AccountKind.VENDOR_CLEARING, currency
        )
        for kind, sign, value in ((TransactionKind.BET, -1, amount), (TransactionKind.WIN, 1, won)):
            if not value:
                continue
            await ledger.post(
                session,
                merchant_id=member.merchant_id,
                kind=kind,
                idempotency_key=uuid4().hex,
                legs=[ledger.Leg(cash, sign * value), ledger.Leg(clearing, -sign * value)],
                reference=round_ref,
                member_id=member_id,
                metadata={"vendor": vendor, "game_code": game_code, "round_id": round_ref},
            )
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member_id,
                    brand_id=member.merchant_id,
                    vendor=vendor,
                    game_code=game_code,
                    category="RNG",
                    currency=currency,
                    round_ref=round_ref,
                    bet=amount,
                    valid_bet=amount,
                    win=won,
                    settled_at=utcnow(),
                )
            ],
        )
    return round_ref


async def cash(member: Member) -> Decimal:
    assert member.id is not None
    async with session_scope() as session:
        found = await ledger.member_wallet(
            session, merchant_id=member.merchant_id, member_id=member.id, currency=CURRENCY
        )
    return found.cash


async def entry_count() -> int:
    async with session_scope() as session:
        return (await session.exec(select(func.count(col(LedgerEntry.id))))).one()


async def books_differences(session: AsyncSession) -> tuple[ledger.AuditDifference, ...]:
    """What `app.cli audit` finds wrong: the whole-ledger audit, then the game rounds against
    their movements (the seamless wallet's own audit)."""
    return (await ledger.audit(session)).differences + (
        await round_audit.audit_rounds(session)
    ).differences
