"""Starting a game (launchGame): the rules of spec 4 and 8, then the vendor's game URL.

Real play opens a game session and hands the vendor a one-time launch token in the URL;
demo play (games with supportPlay 0) opens the vendor's demo URL, never touches the wallet
and needs no login. The URL comes from the vendor's provider adapter (app/services/providers):
the studio's own pages, or the provider's host (the bundled simulator or an aggregator) picked
at random. Vendors without an integration here (no credential) cannot be opened: the caller
gets a translated 'game unavailable' error, never a made-up URL; nor can a game the brand's
market forbids (animal fights: its jurisdiction profile), whatever the client sends.
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from sqlmodel import col, select

from app.core import clock
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.security import token_digest
from app.services.accounts import members, sessions
from app.services.brands import Brand, Money
from app.services.catalogue import games as catalogue_games
from app.services.catalogue import rules
from app.services.catalogue.members import record_play
from app.services.catalogue.navigation import LOTTERY_ROUTES, lottery_route
from app.services.jurisdiction import profile_of
from app.services.lottery.games import GAMES as LOTTERY_GAMES
from app.services.providers import registry as providers
from app.services.providers.adapter import LaunchRequest
from app.services.seamless import balances, wallet
from models import Game, GameVendor, Member, MemberSession
from models.member import MEMBER_BLOCKED

SUGGESTIONS = 6  # spec 8: 'Game maintenance' comes with other popular games
# The query of the site's home that a transfer vendor's lobby link carries: which game the
# player left (its wallet's money may come back: cashier.transfers.back_on_exit).
EXIT_PARAM = "game_exit"


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


async def first_game(vassalage: str) -> Game:
    """The game a vendor entry starts directly (spec 2: cockfight's first vendor, the /u9w
    sports entry): the vendor's first game that is not in maintenance, else its first."""
    async with session_scope() as session:
        found = (
            await session.exec(
                select(Game)
                .where(Game.vassalage == vassalage.strip().upper()[:32], Game.is_game == "GAME")
                .order_by(col(Game.maintenance), col(Game.id))
            )
        ).first()
    if found is None:
        raise AppError("seamless-unknown-game", 404)
    return found


async def _check_open(game: Game, brand: Brand, language: str) -> None:
    async with session_scope() as session:
        vendor = (
            await session.exec(select(GameVendor).where(GameVendor.vassalage == game.vassalage))
        ).first()
    if game.maintenance or vendor is None or vendor.maintenance:
        others = await catalogue_games.popular_games(
            brand, language, game.game_type, limit=SUGGESTIONS + 1
        )
        suggestions = [g for g in others if g.node_id != game.id][:SUGGESTIONS]
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
                        MemberSession.expires_at > clock.now(),
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


def lottery_url(member: Member | None, vassalage: str, game_code: str, demo: bool) -> str:
    """The lottery page that plays a lottery game: its vendor's page (spec 2) with the
    engine's game code, or the vendor's lobby for a catalogue entry the engine does not
    draw. Lotteries have no demo; real play needs a real account, as every game does."""
    if demo:
        raise AppError("seamless-demo-unavailable", 409)
    if member is None:
        raise AppError("not-logged-in", 401)
    if member.status == MEMBER_BLOCKED:
        raise AppError("member-cannot-enter", 403)
    members.require_real_account(member)
    path = lottery_route(vassalage)
    found = LOTTERY_GAMES.get(game_code)
    if found is not None and lottery_route(found.vendor) == path:
        return f"{path}?gameCode={quote(found.code, safe='')}"
    return path


async def launch(
    member: Member | None,
    brand: Brand,
    game_code: str,
    vassalage: str,
    demo: bool,
    *,
    language: str = "en",
    node_id: int | None = None,
    lobby_url: str = "",
    room: str = "",
) -> str:
    """The game URL: a one-time launch token for real play, the demo URL for demo play;
    a lottery game's is the site's lottery page of its vendor (spec 4). `room`: the PvP room
    level the game opens at (checked by `launch_room`)."""
    if node_id is None and vassalage.strip().upper() in LOTTERY_ROUTES:
        return lottery_url(member, vassalage.strip().upper(), game_code.strip(), demo)
    game = await find_game(game_code=game_code, vassalage=vassalage, node_id=node_id)
    if game.vassalage in LOTTERY_ROUTES:
        return lottery_url(member, game.vassalage, game.game_code, demo)
    if not rules.shown_sub_category(game.sub_category, brand.supports_tagalog):
        raise AppError("seamless-unknown-game", 404)  # bingo is not offered on this brand
    if not rules.offered(profile_of(brand).animal_fights, game.vassalage, game.game_type):
        raise AppError("animal-fights-not-offered", 403)
    if member is not None and member.status == MEMBER_BLOCKED:
        raise AppError("member-cannot-enter", 403)
    await _check_open(game, brand, language)
    config = await providers.provider_config(game.vassalage)
    if config is None or game.vassalage in providers.LOTTERY_VENDORS:
        raise AppError("seamless-game-unavailable", 409)
    if providers.is_transfer(config) and brand.single_wallet:
        raise AppError("provider-vendor-disabled", 403)  # a single-wallet brand: no transfers
    if brand.currency not in config.currencies:
        raise AppError("provider-currency-unsupported", 409)
    if not await providers.provider_up(config):
        raise AppError("provider-unreachable", 503)  # a clear message instead of a dead page
    adapter = providers.adapter_for(config)
    lang = language.lower() if language.lower() in config.languages else config.languages[0]
    request = LaunchRequest(
        game_code=game.game_code,
        game_type=game.game_type,
        language=lang,
        currency=brand.currency,
        host=providers.pick_host(config, brand.launch_game_cdns),
        lobby_url=lobby_link(lobby_url, game.vassalage, providers.is_transfer(config)),
        room=room,
    )
    if demo:
        if game.support_play != 0:
            raise AppError("seamless-demo-unavailable", 409)
        return adapter.launch_url(request)
    if member is None:
        raise AppError("not-logged-in", 401)
    members.require_real_account(member)
    token = await wallet.open_session(
        member=member, vendor=game.vassalage, game_code=game.game_code, currency=brand.currency
    )
    await record_play(member, game)
    return adapter.launch_url(replace(request, token=token))


def lobby_link(lobby_url: str, vendor: str, transfer: bool) -> str:
    """The site's address the game's lobby link goes back to (none unless http or https); a
    transfer vendor's says which game the player leaves, so its money can come back."""
    if not lobby_url.startswith(("https://", "http://")):
        return ""
    if not transfer:
        return lobby_url
    parts = urlsplit(lobby_url)
    query = urlencode([*parse_qsl(parts.query), (EXIT_PARAM, vendor)])
    return urlunsplit(parts._replace(path=parts.path or "/", query=query))


async def launch_room(
    member: Member | None,
    brand: Brand,
    node_id: int,
    level: str,
    *,
    language: str = "en",
    lobby_url: str = "",
) -> str:
    """A PvP room of GLS2_roomList: the vendor's PVP game opened at that room level, for a
    member whose balance at the vendor reaches the room's minimum balance (real play only:
    a room's seats play each other for money)."""
    room = catalogue_games.room_level(level)
    game = await find_game(node_id=node_id)
    if game.game_type != rules.PVP:
        raise AppError("pvp-room-unknown", 404)
    if member is None or member.id is None:
        raise AppError("not-logged-in", 401)
    async with session_scope() as session:
        playable = await balances.playable_balance(
            session,
            merchant_id=member.merchant_id,
            member_id=member.id,
            vendor=game.vassalage,
            currency=brand.currency,
        )
    if playable < room.min_balance:
        raise AppError(
            "pvp-room-balance",
            409,
            params={"amount": Money.of(brand).in_message(room.min_balance)},
        )
    return await launch(
        member,
        brand,
        "",
        game.vassalage,
        False,
        language=language,
        node_id=game.id,
        lobby_url=lobby_url,
        room=room.level,
    )
