"""The studio game page's result line, through the site's own event processor: what it calls a
win (state/studio/play.py)."""

from __future__ import annotations

from decimal import Decimal

from app.app import app as site
from state.studio.play import PlayState
from state.studio.studio_games import PlinkoState
from tests.helpers.page_state import Tab

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
