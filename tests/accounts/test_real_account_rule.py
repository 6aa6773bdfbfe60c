"""Spec 4: money, favourites, real play and the profile picture need a real account. The rule
lives in the services, so a trial user is refused whichever door (API, site event) calls."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlmodel import select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.accounts import members
from app.services.brands import Brand, brands
from app.services.cashier import deposits, transfers, withdrawals
from app.services.catalogue import members as favourites
from models import Game, Member
from tests.helpers.accounts import make_member


async def _any_game() -> Game:
    async with session_scope() as session:
        return (await session.exec(select(Game).limit(1))).one()


async def _deposit(brand: Brand, member: Member, game: Game) -> Any:
    return await deposits.create_deposit(brand, member, "PIX", "50")


async def _transfer(brand: Brand, member: Member, game: Game) -> Any:
    return await transfers.transfer(
        brand, member, vendor=game.vassalage, direction="IN", amount="1", request_id="r" * 12
    )


async def _recall(brand: Brand, member: Member, game: Game) -> Any:
    return await transfers.recall_all(brand, member, "r" * 12)


async def _withdraw(brand: Brand, member: Member, game: Game) -> Any:
    return await withdrawals.request_withdrawal(brand, member, "50", 1, "864200")


async def _favourite(brand: Brand, member: Member, game: Game) -> Any:
    return await favourites.add_favorite(member, game.id or 0, game.vassalage, game.game_type)


async def _unfavourite(brand: Brand, member: Member, game: Game) -> Any:
    return await favourites.remove_favorite(member, game.id or 0, game.vassalage, game.game_type)


async def _icon(brand: Brand, member: Member, game: Game) -> Any:
    return await members.set_icon(member, "3")


USE_CASES: dict[str, Callable[[Brand, Member, Game], Awaitable[Any]]] = {
    "deposit": _deposit,
    "transfer": _transfer,
    "recall": _recall,
    "withdraw": _withdraw,
    "favourite": _favourite,
    "unfavourite": _unfavourite,
    "icon": _icon,
}


@pytest.mark.parametrize("use_case", sorted(USE_CASES))
async def test_trial_user_is_asked_to_register(use_case: str) -> None:
    brand = await brands.by_code("BR1")
    trial = await make_member(account_type=members.trial_type())
    with pytest.raises(AppError) as refused:
        await USE_CASES[use_case](brand, trial, await _any_game())
    assert refused.value.code == "in_need_true_account" and refused.value.status == 403


async def test_profile_picture_is_one_of_the_icons() -> None:
    member = await make_member()
    assert await members.set_icon(member, "12") == "12"
    async with session_scope() as session:
        stored = await session.get(Member, member.id)
    assert stored is not None and stored.icon == "12"
    for wrong in ("0", "13", "x", ""):
        with pytest.raises(AppError) as refused:
            await members.set_icon(member, wrong)
        assert refused.value.code == "member-icon-invalid" and refused.value.params == {"max": 12}
