"""The players page turns its search's pages (state/backoffice/console_players.py): the
search tells only whether more follow, so "next" stops on the last page and "previous" on
the first; the page's search runs through the site's own event processor."""

from __future__ import annotations

import secrets

from app.app import app as site
from app.routes import ADMIN_PLAYERS
from app.services.backoffice import players
from state.backoffice.console_players import PlayersState
from tests.helpers.accounts import make_member
from tests.helpers.page_state import staff_tab

PLAYERS = PlayersState.get_full_name()


async def test_next_and_previous_stop_at_the_ends_of_the_search() -> None:
    tag = secrets.token_hex(3)
    for n in range(players.PAGE_SIZE + 3):
        await make_member("BR1", username=f"pp{tag}{n:02d}")
    tab = await staff_tab(site, "support", "BR1")
    async with tab.processor:
        await tab.open(ADMIN_PLAYERS)
        await tab.send(f"{PLAYERS}.search", ADMIN_PLAYERS, form={"query": f"pp{tag}"})
        page = await tab.state(PlayersState)
        assert (page.page, len(page.rows), page.has_more) == (1, players.PAGE_SIZE, True)
        for _ in range(2):  # the second click finds no more: the last page stays
            await tab.send(f"{PLAYERS}.next_page", ADMIN_PLAYERS)
            page = await tab.state(PlayersState)
            assert (page.page, len(page.rows), page.has_more) == (2, 3, False)
        for _ in range(2):
            await tab.send(f"{PLAYERS}.previous_page", ADMIN_PLAYERS)
            page = await tab.state(PlayersState)
            assert (page.page, len(page.rows)) == (1, players.PAGE_SIZE)
        assert page.error == ""
