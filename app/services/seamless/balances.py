"""What a player can bet at a game vendor: one read for the wallet calls and the launch."""

from __future__ import annotations

from decimal import Decimal

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services import ledger
from models import GameVendor
from models.catalogue import WalletMode
from models.games import GameSession


async def is_transfer_vendor(session: AsyncSession, vendor: str) -> bool:
    mode = (
        await session.exec(select(GameVendor.wallet_mode).where(GameVendor.vassalage == vendor))
    ).first()
    return mode == WalletMode.TRANSFER


async def _main_cash(
    session: AsyncSession, *, merchant_id: int, member_id: int, currency: str
) -> Decimal:
    wallet = await ledger.member_wallet(
        session, merchant_id=merchant_id, member_id=member_id, currency=currency
    )
    return wallet.cash


async def playable_balance(
    session: AsyncSession, *, merchant_id: int, member_id: int, vendor: str, currency: str
) -> Decimal:
    """The main wallet's cash for a seamless vendor; the member's wallet at that vendor for a
    transfer vendor (filled by transferFund)."""
    if not await is_transfer_vendor(session, vendor):
        return await _main_cash(
            session, merchant_id=merchant_id, member_id=member_id, currency=currency
        )
    wallets = await ledger.member_vendor_wallets(
        session, merchant_id=merchant_id, member_id=member_id, currency=currency
    )
    return wallets.get(vendor, Decimal("0.00"))


async def session_balance(session: AsyncSession, game_session: GameSession) -> Decimal:
    """What the player of a game session can bet at its vendor."""
    return await playable_balance(
        session,
        merchant_id=game_session.merchant_id,
        member_id=game_session.member_id,
        vendor=game_session.vendor,
        currency=game_session.currency,
    )


async def cash_balance(session: AsyncSession, game_session: GameSession) -> Decimal:
    """The main wallet's cash of a game session's player: what a money call moves."""
    return await _main_cash(
        session,
        merchant_id=game_session.merchant_id,
        member_id=game_session.member_id,
        currency=game_session.currency,
    )
