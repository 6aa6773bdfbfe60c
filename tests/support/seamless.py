"""Helpers for seamless-wallet tests: funded members, a studio game, live game sessions."""

from __future__ import annotations

from decimal import Decimal
from uuid import uuid4

from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.services import ledger
from app.services.seamless import wallet
from models import Game, Member
from models.ledger import AccountKind, TransactionKind
from tests.support.accounts import make_member

CURRENCY = "BRL"


async def fund(member: Member, amount: str) -> None:
    """A deposit-shaped credit of the member's cash, from the payment clearing account."""
    assert member.id is not None
    async with write_transaction() as session:
        cash = await ledger.account(
            session,
            merchant_id=member.merchant_id,
            kind=AccountKind.MEMBER_CASH,
            currency=CURRENCY,
            member_id=member.id,
        )
        clearing = await ledger.account(
            session,
            merchant_id=member.merchant_id,
            kind=AccountKind.PAYMENT_CLEARING,
            currency=CURRENCY,
        )
        assert cash.id is not None and clearing.id is not None
        await ledger.post(
            session,
            merchant_id=member.merchant_id,
            kind=TransactionKind.DEPOSIT,
            idempotency_key=uuid4().hex,
            legs=[ledger.Leg(clearing.id, -Decimal(amount)), ledger.Leg(cash.id, Decimal(amount))],
            member_id=member.id,
        )


async def studio_game(*, demo: bool | None = None) -> Game:
    """A playable BGS game of the catalogue (not in maintenance)."""
    statement = select(Game).where(
        Game.vassalage == wallet.STUDIO_VENDOR,
        Game.is_game == "GAME",
        col(Game.maintenance).is_(False),
    )
    if demo is not None:
        statement = statement.where(Game.support_play == (0 if demo else 1))
    async with session_scope() as session:
        game = (await session.exec(statement.order_by(col(Game.id)))).first()
    assert game is not None, "the demo catalogue has no playable BGS game"
    return game


async def funded_member(amount: str = "100.00", **fields: object) -> Member:
    member = await make_member(**fields)
    if Decimal(amount) > 0:
        await fund(member, amount)
    return member


async def player_session(member: Member, game: Game | None = None) -> wallet.PlayerSession:
    """A launch and its authentication, as the studio does on opening the game."""
    played = game or await studio_game()
    token = await wallet.open_session(
        member=member, vendor=wallet.STUDIO_VENDOR, game_code=played.game_code, currency=CURRENCY
    )
    return await wallet.authenticate(wallet.STUDIO_VENDOR, token)


def call(
    round_id: str,
    amount: str,
    game_code: str,
    *,
    tx: str | None = None,
    rollback_of: str | None = None,
) -> wallet.WalletCall:
    return wallet.WalletCall(
        transaction_id=tx or uuid4().hex,
        round_id=round_id,
        game_code=game_code,
        amount=Decimal(amount),
        rollback_of=rollback_of,
    )
