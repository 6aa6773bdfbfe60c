"""The home page's winner board, as a visitor's tab reads it through the site's own event
processor: each line carries its game type's cover, which the page shows should the game's
icon fail to load (components/media.py; the browser side: tests/e2e/test_game_art.py)."""

from __future__ import annotations

from decimal import Decimal
from uuid import uuid4

from sqlmodel import select

from app.app import app as site
from app.core.db import write_transaction
from app.services.catalogue import lobby
from models import Merchant
from models.catalogue import Winner
from state.catalogue.lobby import LobbyState
from tests.helpers.page_state import Tab


async def test_each_winner_line_carries_its_types_cover() -> None:
    name = f"w{uuid4().hex[:10]}"
    async with write_transaction() as session:
        br1 = (await session.exec(select(Merchant).where(Merchant.code == "BR1"))).one()
        assert br1.id is not None
        row = Winner(
            merchant_id=br1.id,
            customer_name=name,
            game_name="Mesa ao vivo",
            show_icon="no-such-icon.png",
            game_category="LIVE",
            win_amount=Decimal("99999999.00"),  # first on the board
        )
        session.add(row)
    try:
        # Dropped, not refreshed: a refresh is throttled, and another test of this worker may
        # have refreshed the board moments ago.
        await lobby.invalidate_catalogue()
        tab = Tab(site)
        async with tab.processor:
            await tab.open("/")
            board = (await tab.state(LobbyState)).winners
        line = board[0]
        assert line.game == "Mesa ao vivo" and line.icon.endswith("/no-such-icon.png")
        assert line.fallback == "/game-art/live.svg"
    finally:  # the board as the worker's other tests expect it
        async with write_transaction() as session:
            await session.delete(await session.get(Winner, row.id))
        await lobby.invalidate_catalogue()
