"""Trial (free play) accounts cannot use member-only calls, favourites included: the API
refuses them and so do the services the site calls, with the register-first message."""

from __future__ import annotations

from collections.abc import Callable
from uuid import uuid4

import pytest
from sqlmodel import col, func, select

from app.client import ApiError, PlatformClient
from app.core.db import session_scope
from app.core.errors import AppError
from app.services.accounts import members as accounts
from app.services.accounts import payment_password
from app.services.brands import brands
from app.services.cashier import deposits, payout_accounts, transfers, withdrawals
from app.services.catalogue import members
from models import FavoriteGame, Game
from models.cashier import DepositOrder
from tests.helpers.accounts import make_member

MakeClient = Callable[..., PlatformClient]


async def _a_game() -> Game:
    async with session_scope() as session:
        game = (await session.exec(select(Game).where(Game.is_game == "GAME").limit(1))).one()
    return game


async def _refused(call: object) -> ApiError:
    with pytest.raises(ApiError) as caught:
        await call  # type: ignore[misc]
    return caught.value


async def test_trial_tokens_cannot_use_favourites_or_recent_games(make_client: MakeClient) -> None:
    client = make_client()
    await client.start_free_play()
    game = await _a_game()
    body = {"nodeId": game.id, "vendor": game.vassalage, "gameType": game.game_type}
    refusals = [
        await _refused(client.post("/wps/relay/MCSFE_addFavoriteGameV2", body)),
        await _refused(client.delete("/wps/relay/MCSFE_removeFavoriteGameV2", body)),
        await _refused(client.get("/wps/relay/MCSFE_getFavoriteGames")),
        await _refused(client.get("/wps/relay/MCSFE_getFavoriteGamesList")),
        await _refused(client.get("/wps/relay/GCS_recentGame")),
    ]
    assert {(e.status, e.code) for e in refusals} == {(403, "in_need_true_account")}
    assert refusals[0].body["message"] == "Por favor, registre uma conta primeiro"


async def test_services_refuse_trial_members_and_write_nothing() -> None:
    trial = await make_member(account_type=accounts.trial_type())
    brand = await brands.by_code("BR1")
    game = await _a_game()
    calls = [
        members.add_favorite(trial, game.id or 0, game.vassalage, game.game_type),
        members.remove_favorite(trial, game.id or 0, game.vassalage, game.game_type),
        deposits.create_deposit(brand, trial, "PIX", "50.00"),
        transfers.transfer(
            brand, trial, vendor="U9W", direction="IN", amount="1.00", request_id=uuid4().hex
        ),
        transfers.recall_all(brand, trial, uuid4().hex),
        withdrawals.request_withdrawal(brand, trial, "20.00", 1, "123456"),
        payment_password.set_payment_password(brand, trial, "x", "123456", "123456", "203.0.113.9"),
        payout_accounts.bind(
            trial,
            payout_accounts.PayoutAccountInput(
                kind="PIX", holder_name="Ana Lima", pix_key_type="EMAIL", pix_key="a@b.com"
            ),
            "x",
            "203.0.113.9",
        ),
    ]
    for call in calls:
        with pytest.raises(AppError) as caught:
            await call
        assert (caught.value.code, caught.value.status) == ("in_need_true_account", 403)
    async with session_scope() as session:
        favourites = await session.exec(
            select(func.count(col(FavoriteGame.id))).where(FavoriteGame.member_id == trial.id)
        )
        assert favourites.one() == 0
        orders = await session.exec(
            select(func.count(col(DepositOrder.id))).where(DepositOrder.member_id == trial.id)
        )
        assert orders.one() == 0
