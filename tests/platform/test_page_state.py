"""A tab's stored page state stays small (issue 36: under 40 KB a member): a member who
opened the main pages, and a visitor of the home page, measured as Redis would hold their
tabs (tests/helpers/page_state.py). The catalog reaches the browser at hydration as before,
without being kept with the tab, and a click does not send it again."""

from __future__ import annotations

import pytest

from app.app import app as site
from state.accounts.auth import AuthState
from state.cashier.wallet import WalletState
from state.site import SiteState
from tests.helpers.accounts import make_member
from tests.helpers.page_state import Tab, member_tab, report

# On the database as the demo seed left it: other tests' rows (lottery draws, rewards, channels)
# would grow the pages' data, and with it the measure, by whichever ran before on the worker.
pytestmark = pytest.mark.seeded
LIMIT_BYTES = 40 * 1024
# The member's pages with the most page data: the lobby, a list, a game, the lottery's lobby
# and betting page, the cashier, the VIP, points and missions pages.
MAIN_PAGES = (
    "/",
    "/rng",
    "/play/BGS_PLINKO",
    "/lottery",
    "/lottery?gameCode=ssc-1m",
    "/depositv2",
    "/vip",
    "/pointMall",
    "/missionLeaderboard",
    "/",
)
TEXTS = f"texts{'_rx_state_'}"


async def test_a_member_s_tab_stays_under_40_kb_on_the_main_pages() -> None:
    tab = await member_tab(site, await make_member())
    await tab.visit(MAIN_PAGES)
    assert (await tab.state(AuthState)).is_login  # the pages ran as the member's
    assert tab.peak < LIMIT_BYTES, f"after {tab.peak_page}: {report(tab.peak_sizes)}"


async def test_the_catalog_reaches_the_page_but_is_not_kept_with_the_tab() -> None:
    tab = Tab(site)
    await tab.visit(["/"])
    site_state = SiteState.get_full_name()
    assert any(TEXTS in sent.get(site_state, set()) for sent in tab.sent)
    assert tab.sizes()[site_state] < 10 * 1024, report(tab.sizes())
    tab.sent.clear()
    async with tab.processor:
        await tab.send(f"{WalletState.get_full_name()}.toggle_hidden", "/")
    assert tab.sent and all(set(sent) == {WalletState.get_full_name()} for sent in tab.sent)
