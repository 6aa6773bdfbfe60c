"""Helpers for seamless-wallet tests: funded members, a studio game, live game sessions (the
wallet's, and the studio game client's)."""

from __future__ import annotations

from decimal import Decimal
from uuid import uuid4

from sqlmodel import col, select

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.services.brands import brands
from app.services.identity import onboarding
from app.services.seamless import wallet
from app.services.studio import sessions as studio_sessions
from models import Game, Member
from tests.helpers.accounts import ADULT_NAME, make_member, new_cpf
from tests.helpers.money import fund

CURRENCY = "BRL"


async def studio_game(*, demo: bool | None = None, code: str | None = None) -> Game:
    """A playable BGS game of the catalogue (not in maintenance), the one of `code` if named."""
    statement = select(Game).where(
        Game.vassalage == wallet.STUDIO_VENDOR,
        Game.is_game == "GAME",
        col(Game.maintenance).is_(False),
    )
    if code is not None:
        statement = statement.where(Game.game_code == code)
    if demo is not None:
        statement = statement.where(Game.support_play == (0 if demo else 1))
    async with session_scope() as session:
        game = (await session.exec(statement.order_by(col(Game.id)))).first()
    assert game is not None, "the demo catalogue has no playable BGS game"
    return game


async def funded_member(amount: str = "100.00", **fields: object) -> Member:
    member = await make_member(**fields)
    if Decimal(amount) > 0:
        assert member.id is not None
        await fund(member.id, amount)
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


async def studio_launch_token(member: Member, game_code: str = "BGS_DICE") -> str:
    """A one-time launch token for a studio game, as launchGame makes it."""
    return await wallet.open_session(
        member=member, vendor=wallet.STUDIO_VENDOR, game_code=game_code, currency=CURRENCY
    )


async def studio_session_token(member: Member, game_code: str = "BGS_DICE") -> str:
    """A game session of the studio's game client: a launch and its exchange."""
    opened = await studio_sessions.open_session(await studio_launch_token(member, game_code))
    return opened.session.session_token


async def pending_member(amount: str = "0") -> Member:
    """A member whose identity is pending: a CPF claimed on a brand that asks one, not yet
    checked."""
    member = await funded_member(amount, payee_name=ADULT_NAME, identity=None)
    brand = await brands.by_id(member.merchant_id)
    async with write_transaction() as session:
        await onboarding.claim_cpf(session, brand, member, new_cpf(), clock.now())
    return member
