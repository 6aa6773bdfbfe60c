"""Transfer wallets (transferFund, GCS_walletTransfer, GCS_merchantWallet, consolidated funds).

A transfer-mode vendor keeps the member's money in a wallet of its own: on the ledger that is
a member-owned MEMBER_VENDOR account whose sub-key is the vendor code. A transfer moves money
between the member's main wallet (MEMBER_CASH) and one such account, as one ledger
transaction (kind TRANSFER) under the request's idempotency key: nothing else writes them.
A brand set to a single wallet (isSingle 1) offers no transfer vendors at all; one whose
market forbids animal fights offers no cockfight vendor (money left there only comes back).
Launching a transfer vendor's game offers to move money in (`launch_offer`); with the brand's
TRANSFER_BACK_ON_EXIT switch on, it comes back when the player leaves the game (`back_on_exit`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any
from uuid import uuid4

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import amounts, ledger
from app.services.accounts.members import require_real_account, roles
from app.services.brands import Brand, Money, brands
from app.services.catalogue import rules as catalogue_rules
from app.services.jurisdiction import profile_of
from app.services.wallet_events import balance_changed
from models import GameVendor, LedgerAccount, Member
from models.catalogue import WalletMode
from models.games import GameSession
from models.ledger import AccountKind, TransactionKind

ZERO = Decimal("0.00")
CASH = ledger.of_member(AccountKind.MEMBER_CASH)
MAIN = "MAIN"
REQUEST_ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}")
# The brand's switch (a white-label module under the game lobby's): a transfer wallet's money
# comes back to the main wallet when the player leaves the vendor's game for the site.
TRANSFER_BACK_ON_EXIT = "TRANSFERBACK3"


class Direction(StrEnum):
    IN = "IN"  # main wallet → vendor wallet
    OUT = "OUT"  # vendor wallet → main wallet


DIRECTIONS = frozenset(d.value for d in Direction)


@dataclass(frozen=True)
class VendorWallet:
    vendor: str
    name: str
    balance: Decimal
    maintenance: bool


@dataclass(frozen=True)
class Wallets:
    """Every balance of the member; `sum_balance` is what can be played (main, bonus and
    the vendor wallets); locked funds wait for a withdrawal and are counted apart."""

    currency: str
    cash: Decimal
    bonus: Decimal
    locked: Decimal
    vendors: tuple[VendorWallet, ...]

    @property
    def vendor_total(self) -> Decimal:
        return sum((v.balance for v in self.vendors), ZERO)

    @property
    def sum_balance(self) -> Decimal:
        return self.cash + self.bonus + self.vendor_total

    @property
    def total(self) -> Decimal:
        return self.sum_balance + self.locked


@dataclass(frozen=True)
class TransferResult:
    transaction_id: int
    replay: bool
    vendor: str
    direction: Direction
    amount: Decimal
    main_balance: Decimal
    vendor_balance: Decimal


@dataclass(frozen=True)
class RecallResult:
    moved: dict[str, Decimal]  # vendor → amount brought back to the main wallet
    skipped: tuple[str, ...]  # vendors in maintenance, left untouched
    main_balance: Decimal
    names: dict[str, str] = field(default_factory=dict)  # vendor → its name, for those moved


@dataclass(frozen=True)
class LaunchOffer:
    """Before a transfer vendor's game starts: its wallet and the main wallet, so the member
    can move money in (a transfer wallet opens at its own balance, not the main one)."""

    vendor: str
    name: str
    main: Decimal
    vendor_balance: Decimal


def is_single(brand: Brand) -> bool:
    return brand.single_wallet


async def _transfer_vendors(session: AsyncSession) -> list[GameVendor]:
    return list(
        (
            await session.exec(
                select(GameVendor)
                .where(GameVendor.wallet_mode == WalletMode.TRANSFER.value)
                .order_by(col(GameVendor.sort), col(GameVendor.vassalage))
            )
        ).all()
    )


def _offered(brand: Brand, vendor: str) -> bool:
    return catalogue_rules.offered(profile_of(brand).animal_fights, vendor)


async def transfer_vendors(brand: Brand) -> list[GameVendor]:
    """The vendors this brand offers a transfer wallet for (none for a single wallet)."""
    if is_single(brand):
        return []
    async with session_scope() as session:
        return [v for v in await _transfer_vendors(session) if _offered(brand, v.vassalage)]


async def _wallets(session: AsyncSession, brand: Brand, member_id: int) -> Wallets:
    wallet = await ledger.member_wallet(
        session, merchant_id=brand.id, member_id=member_id, currency=brand.currency
    )
    held = await ledger.member_vendor_wallets(
        session, merchant_id=brand.id, member_id=member_id, currency=brand.currency
    )
    listed = [
        v
        for v in ([] if is_single(brand) else await _transfer_vendors(session))
        # a vendor the market forbids only while it holds the member's money, to bring it back
        if _offered(brand, v.vassalage) or held.get(v.vassalage, ZERO) != 0
    ]
    vendors = [
        VendorWallet(v.vassalage, v.display_name, held.get(v.vassalage, ZERO), v.maintenance)
        for v in listed
    ]
    # Money left in a vendor wallet that is no longer offered still belongs to the member.
    listed_codes = {v.vassalage for v in listed}
    vendors += [
        VendorWallet(code, code, balance, True)
        for code, balance in sorted(held.items())
        if code not in listed_codes and balance != 0
    ]
    return Wallets(brand.currency, wallet.cash, wallet.bonus, wallet.locked, tuple(vendors))


async def member_wallet(brand: Brand, member_id: int) -> ledger.MemberWallet:
    """The member's cash, bonus and locked balances in the brand's currency."""
    async with session_scope() as session:
        return await ledger.member_wallet(
            session, merchant_id=brand.id, member_id=member_id, currency=brand.currency
        )


async def wallets(brand: Brand, member: Member) -> Wallets:
    assert member.id is not None
    return await wallets_of(brand, member.id)


async def wallets_of(brand: Brand, member_id: int) -> Wallets:
    """Every balance of the member by id (the header reads it at each balance change)."""
    async with session_scope() as session:
        return await _wallets(session, brand, member_id)


async def launch_offer(brand: Brand, member: Member, vendor: str) -> LaunchOffer | None:
    """The offer to move money into `vendor`'s wallet before its game starts: None for a
    seamless vendor (it plays the main wallet itself), a vendor in maintenance or one the
    market forbids (its launch is refused), or a member with nothing in the main wallet."""
    assert member.id is not None
    async with session_scope() as session:
        found = await _wallets(session, brand, member.id)
    wallet = next((w for w in found.vendors if w.vendor == vendor.strip().upper()), None)
    if (
        wallet is None
        or wallet.maintenance
        or not _offered(brand, wallet.vendor)
        or found.cash <= 0
    ):
        return None
    return LaunchOffer(wallet.vendor, wallet.name, found.cash, wallet.balance)


def parse_amount(text: Any, digits: int = 2) -> Decimal:
    """A positive amount with at most two decimals, and no more than the currency's `digits`."""
    return amounts.parse_amount(text, "wallet-transfer-amount-invalid", digits=digits)


def _request_id(text: Any) -> str:
    value = str(text or "").strip()
    if not REQUEST_ID_PATTERN.fullmatch(value):
        raise AppError("wallet-transfer-request-id-invalid", status=422)
    return value


def _direction(text: Any) -> Direction:
    try:
        return Direction(str(text or "").strip().upper())
    except ValueError:
        raise AppError("wallet-transfer-direction-invalid", status=422) from None


async def _vendor(session: AsyncSession, brand: Brand, code: Any) -> GameVendor:
    if is_single(brand):
        raise AppError("wallet-transfer-single-wallet", status=409)
    vendor = (
        await session.exec(select(GameVendor).where(GameVendor.vassalage == str(code or "")))
    ).first()
    if vendor is None:
        raise AppError("wallet-vendor-unknown", status=404)
    if vendor.wallet_mode != WalletMode.TRANSFER:
        raise AppError("wallet-vendor-seamless", status=422, params={"vendor": vendor.display_name})
    if vendor.maintenance:
        raise AppError(
            "wallet-vendor-maintenance", status=409, params={"vendor": vendor.display_name}
        )
    return vendor


def _vendor_wallet(vendor: str) -> ledger.AccountRef:
    return ledger.of_member(AccountKind.MEMBER_VENDOR, sub_key=vendor)


async def transfer(
    brand: Brand,
    member: Member,
    *,
    vendor: Any,
    direction: Any,
    amount: Any,
    request_id: Any,
) -> TransferResult:
    """Move `amount` between the main wallet and a vendor wallet, all or nothing.

    The request id makes the call idempotent: a repeat answers as the first time (even if
    the balances moved since); the same id with another amount or vendor is refused.
    """
    require_real_account(member)
    assert member.id is not None
    key = f"wallet-transfer:{member.id}:{_request_id(request_id)}"
    way = _direction(direction)
    value = parse_amount(amount, brand.amount_digits)
    async with write_transaction() as session:
        found = await _vendor(session, brand, vendor)
        if way == Direction.IN and not _offered(brand, found.vassalage):
            raise AppError("animal-fights-not-offered", status=403)
        wallet = _vendor_wallet(found.vassalage)
        source, target = (CASH, wallet) if way == Direction.IN else (wallet, CASH)
        try:
            posted = await ledger.transfer(
                session,
                merchant_id=brand.id,
                member_id=member.id,
                currency=brand.currency,
                kind=TransactionKind.TRANSFER,
                idempotency_key=key,
                from_=source,
                to=target,
                amount=value,
                reference=found.vassalage,
                metadata={"vendor": found.vassalage, "direction": way.value},
            )
        except AppError as exc:
            if exc.code == "ledger-insufficient-funds":
                source_id = await ledger.resolve(
                    session,
                    source,
                    merchant_id=brand.id,
                    member_id=member.id,
                    currency=brand.currency,
                )
                held = await session.get(LedgerAccount, source_id)
                balance = held.balance if held is not None else ZERO
                shown = {"balance": Money.of(brand).in_message(balance)}
                raise AppError("wallet-transfer-insufficient", status=409, params=shown) from exc
            if exc.code == "ledger-idempotency-conflict":
                raise AppError("wallet-transfer-request-reused", status=409) from exc
            raise
    if not posted.replay:
        await balance_changed(member.id)
    return TransferResult(
        transaction_id=posted.transaction_id,
        replay=posted.replay,
        vendor=found.vassalage,
        direction=way,
        amount=value,
        main_balance=posted.from_balance if way == Direction.IN else posted.to_balance,
        vendor_balance=posted.to_balance if way == Direction.IN else posted.from_balance,
    )


async def recall_all(brand: Brand, member: Member, request_id: Any) -> RecallResult:
    """Bring every vendor wallet's money back to the main wallet in one transaction;
    vendors in maintenance keep theirs (they answer nothing while down)."""
    require_real_account(member)
    if is_single(brand):
        raise AppError("wallet-transfer-single-wallet", status=409)
    return await _recall(brand, member, f"wallet-recall:{member.id}:{_request_id(request_id)}")


async def back_on_exit(brand: Brand, member: Member, vendor: Any) -> RecallResult:
    """The player left `vendor`'s game for the site (its lobby link, seamless.launch): on a brand
    with TRANSFER_BACK_ON_EXIT on, that vendor wallet's money comes back to the main wallet.
    Anything else moves nothing and says nothing: a brand with the switch off, a seamless or
    unknown vendor, an empty wallet, a trial account, or another tab that brought it back
    first (the member's lock orders them)."""
    code = str(vendor or "").strip().upper()[:32]
    nothing = RecallResult({}, (), ZERO)
    if not brand.module_on(TRANSFER_BACK_ON_EXIT) or is_single(brand) or not code:
        return nothing
    if roles(member.account_type).is_trial:
        return nothing
    return await _recall(brand, member, f"wallet-exit:{member.id}:{uuid4().hex}", only=code)


SWEEP_BATCH = 500  # vendor wallets brought back per run; the next run takes the rest


async def sweep_left_behind(now: datetime) -> int:
    """Vendor wallets left holding money by players who closed the game's tab instead of
    leaving by its lobby link: on brands with TRANSFER_BACK_ON_EXIT on, a wallet whose member
    has no game session of that vendor still open (the vendor can no longer play it) comes
    back to the main wallet, each member under their own lock as `back_on_exit` does.
    Returns how many wallets came back."""
    on = [
        brand.id
        for brand in await brands.all()
        if brand.module_on(TRANSFER_BACK_ON_EXIT) and not is_single(brand)
    ]
    if not on:
        return 0
    playing = (
        select(GameSession.id)
        .where(
            col(GameSession.member_id) == col(LedgerAccount.member_id),
            col(GameSession.vendor) == col(LedgerAccount.sub_key),
            col(GameSession.expires_at) > now,
        )
        .exists()
    )
    async with session_scope() as session:
        left = (
            await session.exec(
                select(Member, LedgerAccount.sub_key)
                .join(LedgerAccount, col(LedgerAccount.member_id) == col(Member.id))
                .where(
                    col(Member.merchant_id).in_(on),
                    LedgerAccount.kind == AccountKind.MEMBER_VENDOR,
                    col(LedgerAccount.balance) > 0,
                    ~playing,
                )
                .order_by(col(LedgerAccount.id))
                .limit(SWEEP_BATCH)
            )
        ).all()
    back = 0
    for member, vendor in left:
        if vendor is None or roles(member.account_type).is_trial:
            continue
        brand = await brands.by_id(member.merchant_id)
        key = f"wallet-sweep:{member.id}:{uuid4().hex}"
        back += len((await _recall(brand, member, key, only=vendor)).moved)
    return back


async def _recall(
    brand: Brand, member: Member, base: str, *, only: str | None = None
) -> RecallResult:
    """Every vendor wallet's money (or `only` that vendor's) back to the main wallet, one
    transaction, each wallet under the key `base:vendor`."""
    assert member.id is not None
    moved: dict[str, Decimal] = {}
    names: dict[str, str] = {}
    skipped: list[str] = []
    async with write_transaction() as session:
        # One recall of a member at a time: the balances read below stay true until posted.
        await session.exec(select(Member.id).where(Member.id == member.id).with_for_update())
        current = await _wallets(session, brand, member.id)
        for wallet in current.vendors:
            if wallet.balance <= 0 or only not in (None, wallet.vendor):
                continue
            if wallet.maintenance:
                skipped.append(wallet.vendor)
                continue
            try:
                await ledger.transfer(
                    session,
                    merchant_id=brand.id,
                    member_id=member.id,
                    currency=brand.currency,
                    kind=TransactionKind.TRANSFER,
                    idempotency_key=f"{base}:{wallet.vendor}",
                    from_=_vendor_wallet(wallet.vendor),
                    to=CASH,
                    amount=wallet.balance,
                    reference=wallet.vendor,
                    metadata={"vendor": wallet.vendor, "direction": Direction.OUT.value},
                )
            except AppError as exc:
                if exc.code == "ledger-idempotency-conflict":
                    raise AppError("wallet-transfer-request-reused", status=409) from exc
                raise
            moved[wallet.vendor], names[wallet.vendor] = wallet.balance, wallet.name
        main = await ledger.member_wallet(
            session, merchant_id=brand.id, member_id=member.id, currency=brand.currency
        )
    if moved:
        await balance_changed(member.id)
    return RecallResult(moved, tuple(skipped), main.cash, names)
