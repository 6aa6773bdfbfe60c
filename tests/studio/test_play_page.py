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
from tests.helpers.money import cash
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
            paid = _money(page.payout)
            stake = Decimal(page.bet.replace(",", "."))
            assert (page.won, page.paid_back) == (paid > stake, 0 < paid <= stake), page.payout
            seen.add("won" if page.won else "paid back" if page.paid_back else "lost")
        assert "paid back" in seen  # 0,5x and 1x are 7 drops in 10 on this table


def _money(shown: str) -> Decimal:
    """An amount as the page writes it (R$ 1.234,50), read back."""
    figure = shown.removeprefix("R$").strip("\xa0 ")
    return Decimal(figure.replace(".", "").replace(",", "."))


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
            # settled: the new balance is there (the page writes it with the brand's symbol)
            assert play.balance == f"R$\xa0{wallet.shown}"
            if _money(play.payout):
                assert play.balance_before == f"R$\xa0{wallet.held}" != "R$\xa0"
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
                assert play.balance_before == f"R$\xa0{wallet.held}" != "R$\xa0"
                assert _money(wallet.shown) - _money(wallet.held) == _money(play.payout)
                return
        raise AssertionError("twenty autobet rounds and not one paid")


async def test_the_page_writes_money_as_the_brand_does_and_a_refused_bet_moves_nothing() -> None:
    """Issue 35: the Originals' page writes every amount with the brand's symbol in the
    reader's format (brands.Money): the limits, the balance, the payout, the history, and the
    bet range of a refusal ("R$ 0,10 e R$ 1.000,00", never "0,10 e 1.000,00 BRL"); a refused
    bet changes nothing."""
    member = await funded_member("5.00")
    tab = await member_tab(site, member)
    game = "/play/BGS_DICE"
    play_state = PlayState.get_full_name()
    async with tab.processor:
        await tab.open(game)
        play = await tab.state(PlayState)
        assert (play.min_bet, play.max_bet) == ("R$\xa00,10", "R$\xa01.000,00")
        assert play.balance == "R$\xa05,00"
        for typed in ("0,01", "5000"):
            await tab.send(f"{play_state}.set_bet", game, value=typed)
            await tab.send(f"{play_state}.place", game)
            play = await tab.state(PlayState)
            assert play.error == "A aposta deve ficar entre R$\xa00,10 e R$\xa01.000,00."
            assert (play.balance, play.round_id, play.history) == ("R$\xa05,00", "", [])
        assert await cash(member) == Decimal("5.00")
        await tab.send(f"{play_state}.set_bet", game, value="1,00")
        await tab.send(f"{play_state}.place", game)
        play = await tab.state(PlayState)
        assert play.error == "" and play.payout.startswith("R$\xa0")
        (row,) = play.history
        assert row.stake == "R$\xa01,00" and row.payout == play.payout
        # an autobet whose next bet could pass the stop on loss says the stop in money
        form = {"bets": "3", "stopLoss": "0,50", "onWin": autobet.RESET, "onLoss": autobet.RESET}
        await tab.send(f"{AutobetState.get_full_name()}.start_autobet", game, form=form)
        shown = await tab.state(AutobetState)
        assert "R$\xa00,50" in shown.auto_status, shown.auto_status


async def test_a_dong_brands_demo_plays_fun_money_in_dong() -> None:
    """Demo play is in the brand's currency: on the dong brand (VN1) the fun balance, the
    limits and the stakes are whole dong written with ₫, and the balance starts as many
    minimum bets high as a real brand's (DEMO_START scaled as the limits are)."""
    tab = Tab(site, host="luckylotus.test")
    game = "/play/BGS_DICE"
    play_state = PlayState.get_full_name()
    async with tab.processor:
        await tab.open(game + "?demo=1")
        play = await tab.state(PlayState)
        assert (play.mode, play.currency) == ("demo", "VND")
        assert (play.min_bet, play.balance) == ("₫\xa0500", "₫\xa05,000,000")
        await tab.send(f"{play_state}.set_bet", game, value="1000.5")
        await tab.send(f"{play_state}.place", game)
        play = await tab.state(PlayState)
        assert play.error and play.balance == "₫\xa05,000,000"  # a fraction of a dong: no bet
        await tab.send(f"{play_state}.set_bet", game, value="1000")
        await tab.send(f"{play_state}.place", game)
        play = await tab.state(PlayState)
        assert play.error == "" and play.history[0].stake == "₫\xa01,000"
        assert play.balance.startswith("₫\xa0") and play.balance != "₫\xa05,000,000"
