"""Refusals that show beside their own button rather than in a page's error line, through
the site's own event processor: the header wallet's "bring it back" (state/cashier/wallet.py) and
the studio game's autobet form (state/studio/studio_auto.py)."""

from __future__ import annotations

from app.app import app as site
from app.core.i18n import translate
from app.services.studio import autobet
from state.cashier.wallet import WalletState
from state.studio.play import PlayState
from state.studio.studio_auto import AutobetState
from tests.helpers.accounts import make_member
from tests.helpers.page_state import Tab, member_tab
from tests.helpers.seamless import funded_member

GAME = "/play/BGS_PLINKO"


async def test_bringing_back_on_a_single_wallet_brand_says_why_beside_the_button() -> None:
    member = await make_member("BR2")
    tab = await member_tab(site, member, "BR2", host="vilabet.test")
    async with tab.processor:
        await tab.open("/")
        await tab.send(f"{WalletState.get_full_name()}.bring_back", "/")
        wallet = await tab.state(WalletState)
        refused = translate("wallet-transfer-single-wallet", "en")  # BR2's default language
        assert (wallet.games_error, wallet.games_notice) == (refused, "")


async def test_a_refused_autobet_plan_says_why_where_the_run_ends() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.open(GAME + "?demo=1")
        assert (await tab.state(PlayState)).mode == "demo"
        await tab.send(f"{AutobetState.get_full_name()}.start_autobet", GAME, form={"bets": "0"})
        auto = await tab.state(AutobetState)
        refused = translate("autobet-bets-invalid", "pt", max=autobet.MAX_BETS)
        assert (auto.auto_status, auto.auto_refused, auto.auto_running) == (refused, True, False)
        assert (await tab.state(PlayState)).error == ""


async def test_a_real_money_autobet_runs_every_bet_through_the_event_chain() -> None:
    """Each bet of a run chains the next with the header's refresh (a list of events): all
    three run, and the run ends saying so (a nested list once broke the chain after one)."""
    member = await funded_member("20.00")
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(GAME)
        assert (await tab.state(PlayState)).mode == "real"
        form = {"bets": "3", "onWin": autobet.RESET, "onLoss": autobet.RESET}
        await tab.send(f"{AutobetState.get_full_name()}.start_autobet", GAME, form=form)
        auto = await tab.state(AutobetState)
        assert (auto.auto_played, auto.auto_running, auto.auto_refused) == (3, False, False)
        assert auto.auto_status == translate(autobet.DONE, "pt", count=3)
