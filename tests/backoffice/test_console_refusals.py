"""A console page shows every refusal of its handlers in one place (ConsolePage wraps each
public handler): a support agent, who may see players but not export them, asks for the
export through the site's own event processor and reads the refusal on the page; nothing is
exported. A tab without a console login is sent to the console login."""

from __future__ import annotations

from app.app import app as site
from app.core.i18n import translate
from state.backoffice.console_players import PlayersState
from state.site import SiteState
from tests.helpers.page_state import Tab, staff_tab

PAGE = "/admin/players"
PLAYERS = PlayersState.get_full_name()


async def test_a_refused_console_call_is_shown_on_its_page() -> None:
    tab = await staff_tab(site, "support", "BR1")
    async with tab.processor:
        await tab.open(PAGE)
        page = await tab.state(PlayersState)
        assert page.error == ""
        await tab.send(f"{PLAYERS}.export", PAGE)
        page = await tab.state(PlayersState)
        lang = (await tab.state(SiteState)).ui_lang
        assert page.error == translate("staff-forbidden", lang)
        assert page.notice == ""


async def test_a_tab_without_a_console_login_is_sent_to_the_login() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.send(f"{PLAYERS}.export", PAGE)
    assert any(event.payload.get("path") == "/admin/login" for event in tab.told)
