"""The Crash page's watch (the round read every 0.4 s while the page is open) ends when the
tab leaves the page: a player who opened Crash, then went on to the lobby, costs the
database nothing more. The tab runs through the site's own event processor."""

from __future__ import annotations

import asyncio

from app.app import app as site
from app.routes import PLAY_CRASH
from tests.support.crash_game import fresh_round
from tests.support.page_state import Tab


def _watches(tab: Tab) -> list[asyncio.Task[object]]:
    return [
        task
        for task in tab.processor._tasks.values()
        if "crash_state.watch|" in task.get_name() and not task.done()
    ]


async def test_the_round_watch_ends_when_the_tab_leaves_the_page() -> None:
    await fresh_round()
    tab = Tab(site)
    async with tab.processor:
        await tab.open(PLAY_CRASH + "?demo=1")
        watching = _watches(tab)
        assert len(watching) == 1
        await asyncio.sleep(1)  # a few reads of the round on the page
        assert not watching[0].done()
        await tab.go("/")  # Reflex ends the page's background tasks with it
        await asyncio.wait(watching, timeout=5)
        assert watching[0].done()
