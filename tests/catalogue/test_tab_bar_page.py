"""The phone's tab bar (components/tab_bar.py) as a visitor's tab reads it through the site's
own event processor: the sports tab leads to the brand's own sports entry, so a brand whose
menu has none shows no tab to an empty page (issue 35; the browser side:
tests/e2e/test_phone_trust.py)."""

from __future__ import annotations

from app import routes
from app.app import app as site
from state.catalogue.lobby import LobbyState
from tests.helpers.page_state import Tab


async def test_the_sports_tab_leads_to_the_brand_s_sports_lobby() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.open(routes.HOME)
        lobby = await tab.state(LobbyState)
    assert [entry.path for entry in lobby.nav if entry.type == "SPORTS"] == ["/sports"]
    assert lobby.sports_path == "/sports"
    lobby.nav = [entry for entry in lobby.nav if entry.type != "SPORTS"]
    assert lobby.sports_path == ""
