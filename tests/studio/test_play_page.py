"""The studio game page's result line, through the site's own event processor: what it calls a
win (state/studio/play.py), and the header's balance held for the board's reveal."""

from __future__ import annotations

from decimal import Decimal

import pytest

from app.app import app as site
from app.services.studio import autobet
from state.cashier.wallet import WalletState
from state.studio.play import PlayState
from state.studio.studio_auto import AutobetState
from state.studio.studio_games import PlinkoState
from state.studio.studio_views import REVEAL_SECONDS
from tests.helpers.page_state import Tab, member_tab
from tests.helpers.seamless import funded_member

GAME = "/play/BGS_PLINKO"


async def test_a_round_that_pays_the_stake_or_less_is_no_win() -> None:
    """A drop paying 0,5x or 1x gives money back but is no win: the page says so in neutral
    words, as autobet counts it (only a profit is a win)."""
    tab = Tab(site)
    plinko = PlinkoState.get_full_name()
    async with tab.processor:
        await tab.open(GAME + "?demo=1")
        await tab.send(f"{plinko}.set_plinko_rows", GAME, value="8")
        await tab.send(f"{plinko}.set_plinko_risk", GAME, value="low")  # 0,5x to 5,6x
        seen: set[str] = set()
        for _ in range(16):
            await tab.send(f"{PlayState.get_full_name()}.place", GAME)
            page = await tab.state(PlayState)
            paid = Decimal(page.payout.replace(",", "."))
            stake = Decimal(page.bet.replace(",", "."))
            assert (page.won, page.paid_back) == (paid > stake, 0 < paid <= stake), page.payout
            seen.add("won" if page.won else "paid back" if page.paid_back else "lost")
        assert "paid back" in seen  # 0,5x and 1x are 7 drops in 10 on this table


def _money(shown: str) -> Decimal:
    return Decimal(shown.replace(".", "").replace(",", "."))


@pytest.mark.parametrize("code", ["BGS_DICE", "BGS_LIMBO", "BGS_PLINKO"])
async def test_the_originals_that_animate_a_result_hold_the_headers_payout_for_it(
    code: str,
) -> None:
    """As the roulette's wheel (test_roulette_table.py): the dice's tumble, Limbo's climb and
    the ball's drop. A round pays at once, and the header says the balance before the payout
    (`held`) until the board reveals it, by hand and in an autobet alike; a round that pays
    nothing holds nothing back."""
    member = await funded_member("50.00")
    tab = await member_tab(site, member)
    game = f"/play/{code}"
    async with tab.processor:
        await tab.open(game)
        assert (await tab.state(PlayState)).kind in REVEAL_SECONDS
        paid_by_hand = False
        for _ in range(20):
            await tab.send(f"{PlayState.get_full_name()}.place", game)
            play, wallet = await tab.state(PlayState), await tab.state(WalletState)
            assert wallet.shown == play.balance  # settled: the new balance is there
            if _money(play.payout):
                assert wallet.held == play.balance_before != ""
                assert _money(wallet.shown) - _money(wallet.held) == _money(play.payout)
                paid_by_hand = True
                break
            assert (wallet.held, play.balance_before) == ("", "")
        assert paid_by_hand, "twenty rounds and not one paid"

        form = {"bets": "1", "onWin": autobet.RESET, "onLoss": autobet.RESET}
        for _ in range(20):
            await tab.send(f"{AutobetState.get_full_name()}.start_autobet", game, form=form)
            play, wallet = await tab.state(PlayState), await tab.state(WalletState)
            assert (await tab.state(AutobetState)).auto_played == 1
            if _money(play.payout):
                assert wallet.held == play.balance_before != ""
                assert _money(wallet.shown) - _money(wallet.held) == _money(play.payout)
                return
        raise AssertionError("twenty autobet rounds and not one paid")
