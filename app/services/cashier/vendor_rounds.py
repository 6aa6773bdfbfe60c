"""Round reports of transfer-wallet vendors: their players' settled rounds, made facts.

A transfer vendor (sports, e-sports, cockfight ...) keeps the member's money in its own
wallet, mirrored on the ledger by the member's MEMBER_VENDOR account (transfers.py). Bets are
placed at the vendor, which reports each round once it is settled (or voided) through
`POST /vendor/<code>/reports/rounds`. For each reported round, in one transaction:
- the ledger follows the vendor's wallet: the bet leaves the member's vendor wallet for the
  merchant's vendor clearing account (BET), the win comes back (WIN);
- the round's summary (GameRound, so it shows in the betting record) and its wager fact are
  written: SETTLED with bet, valid bet (= bet) and win, at the time the report arrives.

A report is all or nothing: one bad round refuses the whole report with its error and
changes nothing. It is idempotent by round id: a round reported again as it was is a
replay; a settled round reported VOIDED is voided (both movements reversed, a VOIDED fact);
any other change of a known round is refused (vendor-round-conflict).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from sqlalchemy.exc import IntegrityError
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.db import write_transaction
from app.core.errors import AppError
from app.services import ledger, wager_facts
from app.services.wallet_events import balances_changed
from models import Game, GameRound, GameVendor, LedgerTransaction, Member, Merchant
from models.catalogue import WalletMode
from models.games import RoundStatus
from models.ledger import AccountKind, TransactionKind

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
MAX_AMOUNT = Decimal("1000000000.00")
MAX_ROUNDS = 100
ROUND_ID_PATTERN = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


class ReportStatus(StrEnum):
    SETTLED = "SETTLED"
    VOIDED = "VOIDED"


@dataclass(frozen=True)
class ReportedRound:
    """One round as the vendor reports it: its total bet and win, settled or voided."""

    round_id: str
    member_id: int
    game_code: str
    bet: Decimal
    win: Decimal
    status: ReportStatus


@dataclass(frozen=True)
class ReportResult:
    recorded: int  # rounds written (settled or voided) by this report
    replayed: int  # rounds already known exactly as reported


def _key(vendor: str, round_id: str, step: str) -> str:
    return f"vendor-round:{vendor}:{round_id}:{step}"


def _amount(value: object, *, positive: bool) -> Decimal:
    if (
        not isinstance(value, Decimal)
        or not value.is_finite()
        or value < 0
        or (positive and value == 0)
        or value > MAX_AMOUNT
        or value != value.quantize(CENT)
    ):
        raise AppError("vendor-round-invalid-amount", 422)
    return value.quantize(CENT)


def _checked(reported: ReportedRound) -> ReportedRound:
    if not isinstance(reported.round_id, str) or not ROUND_ID_PATTERN.fullmatch(reported.round_id):
        raise AppError("vendor-round-invalid", 422)
    try:
        status = ReportStatus(reported.status)
    except ValueError:
        raise AppError("vendor-round-invalid", 422) from None
    return ReportedRound(
        round_id=reported.round_id,
        member_id=reported.member_id,
        game_code=reported.game_code,
        bet=_amount(reported.bet, positive=True),
        win=_amount(reported.win, positive=False),
        status=status,
    )


@dataclass(frozen=True)
class _Accounts:
    wallet: int  # the member's MEMBER_VENDOR account at this vendor
    clearing: int  # the merchant's vendor clearing account (the member's shard)


async def _accounts(session: AsyncSession, member: Member, currency: str, vendor: str) -> _Accounts:
    assert member.id is not None
    wallet = await ledger.account(
        session,
        merchant_id=member.merchant_id,
        kind=AccountKind.MEMBER_VENDOR,
        currency=currency,
        member_id=member.id,
        sub_key=vendor,
    )
    clearing = await ledger.account(
        session,
        merchant_id=member.merchant_id,
        kind=AccountKind.VENDOR_CLEARING,
        currency=currency,
        spread=member.id,
    )
    assert wallet.id is not None and clearing.id is not None
    return _Accounts(wallet.id, clearing.id)


async def _move(
    session: AsyncSession,
    game_round: GameRound,
    accounts: _Accounts,
    *,
    kind: TransactionKind,
    amount: Decimal,
) -> None:
    to_member = kind is TransactionKind.WIN
    sign = Decimal(1) if to_member else Decimal(-1)
    try:
        await ledger.post(
            session,
            merchant_id=game_round.merchant_id,
            kind=kind,
            idempotency_key=_key(game_round.vendor, game_round.round_id, kind.value.lower()),
            legs=(
                ledger.Leg(accounts.wallet, sign * amount),
                ledger.Leg(accounts.clearing, -sign * amount),
            ),
            reference=game_round.round_id,
            member_id=game_round.member_id,
            metadata={
                "vendor": game_round.vendor,
                "game_code": game_round.game_code,
                "game_type": game_round.game_type,
                "round_id": game_round.round_id,
            },
        )
    except AppError as exc:
        if exc.code == "ledger-insufficient-funds":
            raise AppError(
                "vendor-round-insufficient", 409, params={"round": game_round.round_id}
            ) from exc
        raise


async def _reverse(session: AsyncSession, game_round: GameRound, kind: TransactionKind) -> None:
    """Reverse the round's movement of this kind, if it made one."""
    original = (
        await session.exec(
            select(LedgerTransaction.id).where(
                LedgerTransaction.idempotency_key
                == _key(game_round.vendor, game_round.round_id, kind.value.lower())
            )
        )
    ).first()
    if original is None:
        return
    try:
        await ledger.reverse(
            session,
            transaction_id=original,
            idempotency_key=_key(game_round.vendor, game_round.round_id, f"void-{kind.value}"),
            reason="vendor voided the round",
        )
    except AppError as exc:
        if exc.code == "ledger-insufficient-funds":
            raise AppError(
                "vendor-round-insufficient", 409, params={"round": game_round.round_id}
            ) from exc
        raise


async def _new_round(session: AsyncSession, vendor: str, reported: ReportedRound) -> GameRound:
    member = await session.get(Member, reported.member_id)
    if member is None or member.id is None:
        raise AppError("vendor-round-unknown-member", 404, params={"round": reported.round_id})
    brand = await session.get(Merchant, member.merchant_id)
    game = (
        await session.exec(
            select(Game).where(Game.vassalage == vendor, Game.game_code == reported.game_code)
        )
    ).first()
    if brand is None or game is None:
        raise AppError("vendor-round-unknown-game", 404, params={"round": reported.round_id})
    now = clock.now()
    game_round = GameRound(
        vendor=vendor,
        round_id=reported.round_id,
        member_id=member.id,
        merchant_id=member.merchant_id,
        game_code=game.game_code,
        game_type=game.game_type,
        currency=brand.currency,
        opened_at=now,
        settled_at=now,
    )
    if reported.status is ReportStatus.SETTLED:
        accounts = await _accounts(session, member, brand.currency, vendor)
        await _move(session, game_round, accounts, kind=TransactionKind.BET, amount=reported.bet)
        if reported.win > 0:
            await _move(
                session, game_round, accounts, kind=TransactionKind.WIN, amount=reported.win
            )
        game_round.bet_total, game_round.win_total = reported.bet, reported.win
        game_round.status = RoundStatus.SETTLED
    else:
        game_round.status = RoundStatus.ROLLED_BACK  # voided before it ever settled
    session.add(game_round)
    await session.flush()
    await wager_facts.record_round(session, game_round, wager_facts.OPEN_ROUND)
    return game_round


def _same(game_round: GameRound, reported: ReportedRound) -> bool:
    if game_round.member_id != reported.member_id or game_round.game_code != reported.game_code:
        return False
    if reported.status is ReportStatus.VOIDED:
        return game_round.status == RoundStatus.ROLLED_BACK
    return (
        game_round.status == RoundStatus.SETTLED
        and game_round.bet_total == reported.bet
        and game_round.win_total == reported.win
    )


async def _void(session: AsyncSession, game_round: GameRound) -> None:
    """A settled round voided by its vendor: bet back, win taken back, a VOIDED fact."""
    before = wager_facts.round_figures(game_round)
    await _reverse(session, game_round, TransactionKind.WIN)
    await _reverse(session, game_round, TransactionKind.BET)
    game_round.bet_total = ZERO
    game_round.win_total = ZERO
    game_round.status = RoundStatus.ROLLED_BACK
    game_round.settled_at = clock.now()
    session.add(game_round)
    await wager_facts.record_round(session, game_round, before)


async def _apply(session: AsyncSession, vendor: str, reported: ReportedRound) -> tuple[bool, int]:
    """Apply one round; (True if it was written, the member whose money moved)."""
    game_round = (
        await session.exec(
            select(GameRound)
            .where(GameRound.vendor == vendor, GameRound.round_id == reported.round_id)
            .with_for_update()
        )
    ).first()
    if game_round is None:
        created = await _new_round(session, vendor, reported)
        return True, created.member_id
    if _same(game_round, reported):
        return False, game_round.member_id
    if (
        game_round.member_id == reported.member_id
        and game_round.game_code == reported.game_code
        and game_round.status == RoundStatus.SETTLED
        and reported.status is ReportStatus.VOIDED
    ):
        await _void(session, game_round)
        return True, game_round.member_id
    raise AppError("vendor-round-conflict", 409, params={"round": reported.round_id})


async def _report(vendor: str, rounds: list[ReportedRound]) -> tuple[ReportResult, set[int]]:
    recorded, replayed, moved = 0, 0, set()
    async with write_transaction() as session:
        found = (
            await session.exec(select(GameVendor).where(GameVendor.vassalage == vendor))
        ).first()
        if found is None:
            raise AppError("seamless-unknown-vendor", 404)
        if found.wallet_mode != WalletMode.TRANSFER:
            raise AppError("vendor-report-not-transfer", 409)
        for reported in rounds:
            written, member_id = await _apply(session, vendor, reported)
            if written:
                recorded += 1
                moved.add(member_id)
            else:
                replayed += 1
    return ReportResult(recorded, replayed), moved


async def report_rounds(vendor: str, rounds: list[ReportedRound]) -> ReportResult:
    """Record a transfer vendor's settled or voided rounds (see the module docstring)."""
    if not rounds or len(rounds) > MAX_ROUNDS:
        raise AppError("vendor-report-size", 422, params={"max": MAX_ROUNDS})
    checked = [_checked(reported) for reported in rounds]
    if len({reported.round_id for reported in checked}) != len(checked):
        raise AppError("vendor-round-repeated", 422)
    try:
        result, moved = await _report(vendor, checked)
    except IntegrityError:
        # PostgreSQL: a twin report wrote one of these rounds first; now they are known.
        result, moved = await _report(vendor, checked)
    await balances_changed(sorted(moved))
    return result
