"""Starting a game (launchGame): the rules of spec 4 and 8, then the vendor's game URL.

Real play opens a game session and hands the vendor a one-time launch token in the URL;
demo play (games with supportPlay 0) opens the vendor's demo URL, never touches the wallet
and needs no login. Vendors without an integration here (no credential) cannot be opened:
the caller gets a translated 'game unavailable' error, never a made-up URL.
"""

from __future__ import annotations

from urllib.parse import quote

from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.core.security import token_digest
from app.services.accounts import members, sessions
from app.services.brands import Brand
from app.services.catalogue import games as catalogue_games
from app.services.catalogue import rules
from app.services.catalogue.members import record_play
from app.services.seamless import vendors, wallet
from models import Game, GameVendor, Member, MemberSession
from models.base import utcnow
from models.member import MEMBER_BLOCKED

SUGGESTIONS = 6  # spec 8: 'Game maintenance' comes with other popular games


async def find_game(
    *, game_code: str | None = None, vassalage: str | None = None, node_id: int | None = None
) -> Game:
    async with session_scope() as session:
        if node_id is not None:
            game = await session.get(Game, node_id)
        else:
            game = (
                await session.exec(
                    select(Game).where(
                        Game.vassalage == (vassalage or "").strip().upper(),
                        Game.game_code == (game_code or "").strip(),
                    )
                )
            ).first()
    if game is None or game.is_game != "GAME":
        raise AppError("seamless-unknown-game", 404)
    return game


async def _check_open(game: Game, brand: Brand, language: str) -> None:
    async with session_scope() as session:
        vendor = (
            await session.exec(select(GameVendor).where(GameVendor.vassalage == game.vassalage))
        ).first()
    if game.maintenance or vendor is None or vendor.maintenance:
        others = await catalogue_games.popular_games(
            brand, language, game.game_type, limit=SUGGESTIONS + 1
        )
        suggestions = [g for g in others if g["nodeId"] != game.id][:SUGGESTIONS]
        raise AppError("game-maintenance", 409, value={"suggestions": suggestions})


async def launching_member(token: str | None, merchant_id: int) -> Member | None:
    """The member behind a session token (None without one); a blocked member's live login
    answers 'Member cannot enter' (spec 8) rather than the generic 'not logged in'."""
    if not token:
        return None
    try:
        member = (await sessions.authenticate(token)).member
    except AppError:
        async with session_scope() as session:
            blocked = (
                await session.exec(
                    select(Member.id)
                    .join(MemberSession, col(MemberSession.member_id) == Member.id)
                    .where(
                        MemberSession.token_digest == token_digest(token),
                        col(MemberSession.revoked_at).is_(None),
                        MemberSession.expires_at > utcnow(),
                        Member.status == MEMBER_BLOCKED,
                    )
                )
            ).first()
        if blocked is not None:
            raise AppError("member-cannot-enter", 403) from None
        raise
    if member.merchant_id != merchant_id:
        raise AppError("not-logged-in", 401)
    return member


def _url(template: str, game: Game, token: str = "") -> str:
    return template.format(gameCode=quote(game.game_code, safe=""), token=quote(token, safe=""))


async def launch(
    member: Member | None,
    brand: Brand,
    game_code: str,
    vassalage: str,
    demo: bool,
    *,
    language: str = "en",
    node_id: int | None = None,
) -> str:
    """The game URL: a one-time launch token for real play, the demo URL for demo play."""
    game = await find_game(game_code=game_code, vassalage=vassalage, node_id=node_id)
    if not rules.shown_sub_category(game.sub_category, brand.supports_tagalog):
        raise AppError("seamless-unknown-game", 404)  # bingo is not offered on this brand
    if member is not None and member.status == MEMBER_BLOCKED:
        raise AppError("member-cannot-enter", 403)
    await _check_open(game, brand, language)
    credential = await vendors.credential(game.vassalage)
    if credential is None or not credential.launch_url:  # a transfer vendor's: reports only
        raise AppError("seamless-game-unavailable", 409)
    if demo:
        if game.support_play != 0 or not credential.demo_url:
            raise AppError("seamless-demo-unavailable", 409)
        return _url(credential.demo_url, game)
    if member is None:
        raise AppError("not-logged-in", 401)
    members.require_real_account(member)
    token = await wallet.open_session(
        member=member, vendor=game.vassalage, game_code=game.game_code, currency=brand.currency
    )
    await record_play(member, game)
    return _url(credential.launch_url, game, token)
