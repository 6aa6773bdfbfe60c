"""Refusals that say why and where to go (issue 35): a pending player's bet is refused for
the identity, not for the balance (a pending account cannot deposit, so its balance is 0);
a refused deposit, bet or withdrawal leads to /verify-identity (the pages driven as a browser
drives them); the deposit page states the withdrawal's
wagering before the money goes in; the username rule is known before a failure; a member on a
break sees it on the home page instead of a deposit prompt."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest

from app import routes
from app.app import app as site
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import exclusion, first_steps
from app.services.accounts import registration
from app.services.brands import brands
from app.services.cashier import transfers, withdrawals
from app.services.seamless import wallet
from app.services.studio import rounds
from state.cashier.withdraw import REQUEST_FORM, WithdrawState
from state.studio.play import PlayState
from tests.helpers.money import cash
from tests.helpers.page_state import member_tab
from tests.helpers.seamless import (
    call,
    funded_member,
    pending_member,
    player_session,
    studio_game,
)

DICE = {"target": "50.00", "direction": "under"}


async def test_a_pending_player_s_vendor_bet_is_refused_for_the_identity_not_the_balance() -> None:
    member = await pending_member()
    ps = await player_session(member)
    answer = await wallet.debit(
        wallet.STUDIO_VENDOR, ps.session_token, call(uuid4().hex, "1.00", ps.game_code)
    )
    assert answer.status is wallet.WalletStatus.REFUSED
    assert answer.reason == "identity-pending"


async def test_a_pending_player_s_studio_bet_says_why() -> None:
    member = await pending_member()
    player = rounds.member_player(await player_session(member, await studio_game()))
    with pytest.raises(AppError) as refused:
        await rounds.play(player, "BGS_DICE", "1.00", DICE)
    assert refused.value.code == "identity-pending"
    assert await cash(member) == Decimal("0.00")


async def test_a_verified_player_short_of_money_still_hears_about_the_balance() -> None:
    member = await funded_member("0.50")
    player = rounds.member_player(await player_session(member, await studio_game()))
    with pytest.raises(AppError) as refused:
        await rounds.play(player, "BGS_DICE", "1.00", DICE)
    assert refused.value.code == "play-bet-over-balance"


def test_a_pending_refusal_leads_to_the_identity_check() -> None:
    assert routes.remedy("identity-pending") == routes.VERIFY_IDENTITY
    assert routes.remedy("play-bet-over-balance") == ""


async def test_a_pending_player_s_studio_bet_on_the_page_leads_to_the_identity_check() -> None:
    member = await pending_member("50.00")  # money enough: the identity is what refuses
    page = "/play/BGS_DICE"
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(page)
        assert (await tab.state(PlayState)).mode == "real"
        await tab.send(f"{PlayState.get_full_name()}.place", page)
        play = await tab.state(PlayState)
    assert play.error == translate("identity-pending", "pt")
    assert play.error_link == routes.VERIFY_IDENTITY


async def test_a_pending_player_s_withdrawal_leads_to_the_identity_check() -> None:
    member = await pending_member()
    page = "/withdraw"
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(page)
        form = {"amount": "10", "accountId": "1", "paymentPassword": "123456"}
        await tab.send(f"{WithdrawState.get_full_name()}.request", page, form=form)
        withdraw = await tab.state(WithdrawState)
    assert withdraw.error == translate("identity-pending", "pt")
    assert (withdraw.error_link, withdraw.error_at) == (routes.VERIFY_IDENTITY, REQUEST_FORM)


async def test_the_deposit_page_knows_the_withdrawal_s_wagering() -> None:
    member = await funded_member("0")
    brand = await brands.by_id(member.merchant_id)
    assert await withdrawals.wagering_multiplier(brand, member) == Decimal("1.0")


async def test_the_username_rule_is_said_before_a_failure_in_the_reader_s_language() -> None:
    brand = await brands.by_code("BR1")
    assert registration.username_hint(brand, "pt") == (
        "Digite 6 - 16 caracteres: comece com uma letra, seguida de letras e números"
    )
    assert registration.username_hint(brand, "en").startswith("Please enter 6 - 16 characters")


async def test_a_member_on_a_break_is_shown_it_and_no_step_toward_money() -> None:
    member = await funded_member("0")
    brand = await brands.by_id(member.merchant_id)
    now = clock.now()
    before = await first_steps.welcome(member, brand, now)
    assert before.on_break is None
    assert any(step.key == "deposit" for step in before.steps)
    await exclusion.exclude(member, "COOLING_OFF", 7, now)
    during = await first_steps.welcome(member, brand, now)
    assert during.steps == ()
    assert during.on_break is not None and during.on_break.until is not None
    assert during.on_break.until - now == timedelta(days=7)


async def test_a_transfer_vendor_s_game_offers_to_move_money_in() -> None:
    member = await funded_member("80.00")
    brand = await brands.by_id(member.merchant_id)
    offer = await transfers.launch_offer(brand, member, "saba")
    assert offer is not None
    assert (offer.vendor, offer.main, offer.vendor_balance) == ("SABA", Decimal("80.00"), 0)
    assert await transfers.launch_offer(brand, member, "PG") is None  # seamless: no wallet
    assert await transfers.launch_offer(brand, member, "CMD") is None  # in maintenance
    broke = await funded_member("0")
    assert await transfers.launch_offer(brand, broke, "SABA") is None  # nothing to move
    single = await funded_member("80.00", merchant_code="BR2")
    assert await transfers.launch_offer(await brands.by_code("BR2"), single, "SABA") is None
