"""Starting games: /wps/game/launchGame and /wps/relay/GCS_gameLaunchFB."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlmodel import col, func, select

from app.client import ApiError, PlatformClient
from app.core.db import session_scope, write_transaction
from app.services.accounts import sessions
from app.services.seamless import studio_port, wallet
from models import Game, GameSession, GameVendor, Member, VendorCredential
from models.member import MEMBER_BLOCKED
from tests.helpers.databases import use_postgres
from tests.helpers.seamless import funded_member, studio_game

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

BGS = wallet.STUDIO_VENDOR


async def _logged_in(client: PlatformClient, member: Member) -> PlatformClient:
    client.token = await sessions.open_session(member, "203.0.113.10", "pytest", "WEB")
    return client


async def _launch(client: PlatformClient, game: Game, account_type: int) -> str:
    value = await client.post(
        "/wps/game/launchGame",
        {"gameCode": game.game_code, "vassalage": game.vassalage, "accountType": account_type},
    )
    assert value["accountType"] == account_type
    return value["content"]["game_url"]


async def _refused(client: PlatformClient, game: Game, account_type: int) -> ApiError:
    with pytest.raises(ApiError) as refused:
        await _launch(client, game, account_type)
    return refused.value


async def _sessions_of(member_id: int) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count())
                .select_from(GameSession)
                .where(GameSession.member_id == member_id)
            )
        ).one()


@asynccontextmanager
async def _maintenance(model: type[Game] | type[GameVendor], row_id: int) -> AsyncIterator[None]:
    """A game or vendor in maintenance for the duration of the block only."""
    async with write_transaction() as session:
        row = await session.get(model, row_id)
        assert row is not None
        row.maintenance = True
        session.add(row)
    try:
        yield
    finally:
        async with write_transaction() as session:
            row = await session.get(model, row_id)
            assert row is not None
            row.maintenance = False
            session.add(row)


async def test_real_launch_gives_a_one_time_token_the_studio_exchanges(
    make_client: Callable[..., PlatformClient],
) -> None:
    member = await funded_member("12.00")
    game = await studio_game()
    client = await _logged_in(make_client(), member)
    url = await _launch(client, game, 1)
    parts = urlsplit(url)
    assert parts.path == f"/play/{game.game_code}"
    token = parse_qs(parts.query)["token"][0]
    player = await studio_port.studio_wallet().authenticate(token)
    assert (player.member_id, player.game_code, str(player.balance)) == (
        member.id,
        game.game_code,
        "12.00",
    )
    with pytest.raises(Exception) as replayed:
        await studio_port.studio_wallet().authenticate(token)
    assert getattr(replayed.value, "code", None) == "seamless-invalid-token"

    again = await client.post("/wps/relay/GCS_gameLaunchFB", {"nodeId": game.id, "accountType": 1})
    assert again["content"]["game_url"].startswith(f"/play/{game.game_code}?token=")
    assert await _sessions_of(member.id or 0) == 2
    recent = await client.get("/wps/relay/GCS_recentGame")
    assert game.id in [entry["nodeId"] for entry in recent]


async def test_demo_launch_needs_no_login_and_opens_no_session(
    make_client: Callable[..., PlatformClient],
) -> None:
    game = await studio_game(demo=True)
    guest = make_client(language="EN")
    assert await _launch(guest, game, 0) == f"/play/{game.game_code}?demo=1"
    refused = await _refused(guest, game, 1)
    assert (refused.status, refused.code) == (401, "not-logged-in")
    assert refused.body["message"] == "You are not logged in, please login"


async def test_trial_member_plays_demo_only(make_client: Callable[..., PlatformClient]) -> None:
    trial = await funded_member("0", account_type=4)
    game = await studio_game(demo=True)
    client = await _logged_in(make_client(), trial)
    refused = await _refused(client, game, 1)
    assert (refused.status, refused.code) == (403, "in_need_true_account")
    assert await _launch(client, game, 0) == f"/play/{game.game_code}?demo=1"
    assert await _sessions_of(trial.id or 0) == 0


async def test_blocked_member_cannot_enter(make_client: Callable[..., PlatformClient]) -> None:
    member = await funded_member("5.00")
    game = await studio_game()
    client = await _logged_in(make_client(language="EN"), member)
    async with write_transaction() as session:
        stored = await session.get(Member, member.id)
        assert stored is not None
        stored.status = MEMBER_BLOCKED
        session.add(stored)
    refused = await _refused(client, game, 1)
    assert (refused.status, refused.code) == (403, "member-cannot-enter")
    assert refused.body["message"] == "Member cannot enter"


async def test_game_or_vendor_in_maintenance(make_client: Callable[..., PlatformClient]) -> None:
    member = await funded_member("5.00")
    game = await studio_game()
    client = await _logged_in(make_client(language="EN"), member)
    assert game.id is not None
    async with _maintenance(Game, game.id):
        refused = await _refused(client, game, 1)
        assert (refused.status, refused.code) == (409, "game-maintenance")
        assert refused.body["message"] == "Game maintenance"
        suggested = [g["nodeId"] for g in refused.body["value"]["suggestions"]]
        assert suggested and game.id not in suggested
    async with session_scope() as session:
        vendor = (await session.exec(select(GameVendor).where(GameVendor.vassalage == BGS))).one()
    assert vendor.id is not None
    async with _maintenance(GameVendor, vendor.id):
        demo = await _refused(make_client(), game, 0)
        assert demo.code == "game-maintenance"
    assert (await _launch(client, game, 1)).startswith("/play/")


async def test_vendor_without_integration_answers_game_unavailable(
    make_client: Callable[..., PlatformClient],
) -> None:
    """A vendor whose credential is switched off is not integrated: no made-up URL."""
    member = await funded_member("5.00")
    async with session_scope() as session:
        game = (
            await session.exec(
                select(Game)
                .where(Game.vassalage == "PG", col(Game.maintenance).is_(False))
                .order_by(col(Game.id))
            )
        ).first()
    assert game is not None
    async with write_transaction() as session:
        credential = (
            await session.exec(select(VendorCredential).where(VendorCredential.vassalage == "PG"))
        ).one()
        credential.active = False
        session.add(credential)
    try:
        client = await _logged_in(make_client(language="PT"), member)
        refused = await _refused(client, game, 1)
    finally:
        async with write_transaction() as session:
            credential = (
                await session.exec(
                    select(VendorCredential).where(VendorCredential.vassalage == "PG")
                )
            ).one()
            credential.active = True
            session.add(credential)
    assert (refused.status, refused.code) == (409, "seamless-game-unavailable")
    assert refused.body["message"].startswith("Este jogo ainda não pode ser aberto")
    assert refused.body["value"] is None
    assert await _sessions_of(member.id or 0) == 0


async def test_unknown_game_is_not_found(make_client: Callable[..., PlatformClient]) -> None:
    refused = await _refused(make_client(), Game(game_code="nope", vassalage=BGS), 0)
    assert (refused.status, refused.code) == (404, "seamless-unknown-game")


async def test_bingo_does_not_start_without_tagalog(
    make_client: Callable[..., PlatformClient],
) -> None:
    bingo = Game(game_code="BGS_BINGO_75", vassalage=BGS)
    refused = await _refused(make_client(), bingo, 0)  # BR1 has no Tagalog
    assert (refused.status, refused.code) == (404, "seamless-unknown-game")


async def test_a_nul_character_is_refused_not_a_server_error(
    make_client: Callable[..., PlatformClient],
) -> None:
    refused = await _refused(make_client(), Game(game_code="BGS_DICE\x00", vassalage=BGS), 0)
    # PostgreSQL text cannot hold NUL: the request is invalid; SQLite finds no such game.
    expected = (422, "validation-failed") if use_postgres() else (404, "seamless-unknown-game")
    assert (refused.status, refused.code) == expected
