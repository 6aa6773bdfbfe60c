"""A transfer vendor's wallet back to the main wallet when the player leaves its game (issue 35):
the lobby link a transfer game gets, and the brand's switch (TRANSFERBACK3) that decides."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest

from app.core.config import get_settings
from app.jobs import transfer_sweep
from app.services import site_status
from app.services.accounts.members import trial_type
from app.services.brands import Brand, brands
from app.services.cashier import transfers
from app.services.seamless import launch, wallet
from models import Member
from models.base import utcnow
from tests.helpers.accounts import make_member
from tests.helpers.money import fund


async def _in_saba(main: str = "100.00", moved: str = "30.00") -> tuple[Brand, Member]:
    """A BR1 member with `main` in the main wallet, `moved` of it in SABA's wallet."""
    member = await make_member()
    await fund(member.id or 0, main)
    brand = await brands.by_code("BR1")
    await transfers.transfer(
        brand, member, vendor="SABA", direction="IN", amount=moved, request_id=uuid4().hex
    )
    return brand, member


async def _wallets(brand: Brand, member: Member) -> dict[str, Decimal]:
    found = await transfers.wallets(brand, member)
    return {"MAIN": found.cash} | {w.vendor: w.balance for w in found.vendors}


@pytest.fixture
async def switched_off() -> AsyncIterator[None]:
    await site_status.set_module(
        "BR1", transfers.TRANSFER_BACK_ON_EXIT, enabled=False, now=utcnow()
    )
    try:
        yield
    finally:
        await site_status.set_module(
            "BR1", transfers.TRANSFER_BACK_ON_EXIT, enabled=True, now=utcnow()
        )


def test_a_transfer_game_s_lobby_link_says_which_game_the_player_leaves() -> None:
    assert launch.lobby_link("https://site.test", "SABA", True) == (
        "https://site.test/?game_exit=SABA"
    )
    assert launch.lobby_link("https://site.test/", "SABA", True) == (
        "https://site.test/?game_exit=SABA"
    )
    assert launch.lobby_link("https://site.test/?lang=pt", "SABA", True) == (
        "https://site.test/?lang=pt&game_exit=SABA"
    )
    assert launch.lobby_link("https://site.test", "PG", False) == "https://site.test"
    assert launch.lobby_link("javascript:alert(1)", "SABA", True) == ""


async def test_leaving_the_game_brings_its_wallet_back_once() -> None:
    brand, member = await _in_saba()
    assert brand.module_on(transfers.TRANSFER_BACK_ON_EXIT)  # the seed's brands have it on
    done = await transfers.back_on_exit(brand, member, "saba")
    assert done.moved == {"SABA": Decimal("30.00")}
    assert done.names == {"SABA": "SABA Sports"}
    assert done.main_balance == Decimal("100.00")
    wallets = await _wallets(brand, member)
    assert (wallets["MAIN"], wallets["SABA"]) == (Decimal("100.00"), Decimal("0.00"))
    again = await transfers.back_on_exit(brand, member, "SABA")  # a reload of the page
    assert again.moved == {} and again.main_balance == Decimal("100.00")


async def test_other_vendors_and_nonsense_move_nothing() -> None:
    brand, member = await _in_saba()
    await transfers.transfer(
        brand, member, vendor="SBO", direction="IN", amount="10", request_id=uuid4().hex
    )
    for vendor in ("PG", "NOPE", "", "x" * 500, None):
        assert (await transfers.back_on_exit(brand, member, vendor)).moved == {}
    # Leaving SABA's game brings back SABA's wallet only.
    assert (await transfers.back_on_exit(brand, member, "SABA")).moved == {"SABA": 30}
    assert (await _wallets(brand, member))["SBO"] == Decimal("10.00")


@pytest.mark.usefixtures("switched_off")
async def test_with_the_brand_s_switch_off_the_money_stays_in_the_game() -> None:
    brand, member = await _in_saba()
    brand = await brands.by_code("BR1")  # as changed by the operator
    assert not brand.module_on(transfers.TRANSFER_BACK_ON_EXIT)
    assert (await transfers.back_on_exit(brand, member, "SABA")).moved == {}
    assert (await _wallets(brand, member))["SABA"] == Decimal("30.00")


async def test_two_tabs_coming_back_at_once_bring_it_back_once() -> None:
    brand, member = await _in_saba()
    first, second = await asyncio.gather(
        transfers.back_on_exit(brand, member, "SABA"),
        transfers.back_on_exit(brand, member, "SABA"),
    )
    assert sorted([first.moved, second.moved], key=len) == [{}, {"SABA": Decimal("30.00")}]
    wallets = await _wallets(brand, member)
    assert (wallets["MAIN"], wallets["SABA"]) == (Decimal("100.00"), Decimal("0.00"))


async def test_a_trial_account_moves_nothing_and_is_not_refused() -> None:
    brand = await brands.by_code("BR1")
    trial = await make_member(account_type=trial_type())
    assert (await transfers.back_on_exit(brand, trial, "SABA")).moved == {}


# ---- the sweep: a tab closed instead of the lobby link -----------------------------------------


async def test_a_wallet_whose_game_sessions_all_expired_comes_back_by_the_sweep_job() -> None:
    """The scheduled job (as `app.cli jobs transfer-wallet-sweep` runs it) brings back a
    vendor wallet once no game session of that vendor is open, and only then; a second run
    moves nothing."""
    brand, member = await _in_saba()
    await wallet.open_session(member=member, vendor="SABA", game_code="SABA_SPORTS", currency="BRL")
    now = utcnow()
    await transfer_sweep.run_once(now)
    assert (await _wallets(brand, member))["SABA"] == Decimal("30.00")  # still playing
    later = now + timedelta(minutes=get_settings().game_session_minutes, seconds=1)
    assert (await transfer_sweep.run_once(later)).changed >= 1
    wallets = await _wallets(brand, member)
    assert (wallets["MAIN"], wallets["SABA"]) == (Decimal("100.00"), Decimal("0.00"))
    await transfers.sweep_left_behind(later)  # again: nothing of hers moves twice
    assert await _wallets(brand, member) == wallets


@pytest.mark.usefixtures("switched_off")
async def test_with_the_brand_s_switch_off_the_sweep_leaves_the_money_in_the_game() -> None:
    brand, member = await _in_saba()
    await transfers.sweep_left_behind(utcnow())
    assert (await _wallets(brand, member))["SABA"] == Decimal("30.00")
