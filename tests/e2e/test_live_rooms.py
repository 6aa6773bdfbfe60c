"""Issue 39 in a browser: the live lobby's hosts (from the provider simulator beside the site),
a live table's chat room, and the PvP room picker. A guest on /live sees the hosts and is
asked to log in for a table's chat; a member opens one (the provider's chat room in the
site's dialog, where the member writes); on /pvp the member picks a game and a room, and the
game opens on the provider, seated at that room."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect
from sqlmodel import col, select

from app.core.db import session_scope
from models import Game
from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser, simulator_url
from tests.helpers.money import fund

pytestmark = pytest.mark.e2e

PVP_VENDOR = "KY"


async def _pvp_game() -> Game:
    async with session_scope() as session:
        found = (
            await session.exec(
                select(Game)
                .where(
                    Game.vassalage == PVP_VENDOR,
                    Game.game_type == "PVP",
                    Game.is_game == "GAME",
                    col(Game.maintenance).is_(False),
                )
                .order_by(col(Game.popularity).desc(), col(Game.id))
            )
        ).first()
    assert found is not None
    return found


async def test_live_hosts_table_chat_and_a_pvp_room(page: Page, site_url: str) -> None:
    # A guest on /live: the vendors' hosts with their tables; a table's chat asks to log in.
    await open_site(page, site_url + "/live")
    hosts = page.get_by_test_id("live-hosts")
    await expect(hosts.get_by_role("heading", level=2)).to_have_text("Apresentadores ao vivo")
    await expect(hosts.get_by_test_id("live-host").first).to_be_visible()
    assert await hosts.get_by_test_id("live-host").count() > 1
    first_chat = hosts.locator("[data-testid^=host-chat-]").first
    await expect(first_chat).to_have_attribute("aria-label", re.compile("^Abrir o chat da mesa "))
    await first_chat.click()
    await expect(page.get_by_test_id("dialog-login")).to_be_visible()
    await expect(page.get_by_test_id("dialog-table-chat")).to_have_count(0)

    # A member opens a table's chat room: the provider's room, in the site's dialog.
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, "20.00")
    await open_site(page, site_url + "/live")
    chat = page.get_by_test_id("live-hosts").locator("[data-testid^=host-chat-]").first
    await chat.focus()  # reachable from the keyboard
    await page.keyboard.press("Enter")
    dialog = page.get_by_test_id("dialog-table-chat")
    await expect(dialog).to_be_visible()
    await expect(dialog.get_by_role("heading", level=2)).to_contain_text("Chat da mesa · ")
    await expect(page.get_by_test_id("dialog-table-chat-close")).to_be_focused()
    room = page.frame_locator("[data-testid=table-chat-frame]")
    await expect(room.get_by_role("heading", level=1)).to_contain_text("Chat da mesa")
    await room.locator("#text").fill("Boa noite, mesa!")
    await room.get_by_role("button", name="Enviar").click()
    await expect(room.locator("#messages")).to_contain_text("Boa noite, mesa!")
    await page.get_by_test_id("dialog-table-chat-close").click()
    await expect(dialog).to_have_count(0)

    # /pvp: a provider, one of its games, a room: the game opens seated at that room.
    game = await _pvp_game()
    await open_site(page, site_url + "/pvp")
    rooms = page.get_by_test_id("pvp-rooms")
    await rooms.get_by_label("Provedor", exact=True).select_option(PVP_VENDOR)
    await expect(rooms.get_by_test_id("pvp-game")).to_have_value(re.compile(r"^\d+$"))
    await rooms.get_by_label("Jogo", exact=True).select_option(str(game.id))
    await expect(rooms.get_by_test_id("pvp-game")).to_have_value(str(game.id))
    novice = rooms.get_by_test_id("pvp-room-NOVICE")
    await expect(novice).to_have_accessible_name("Entrar na sala Iniciante")
    await expect(rooms.get_by_test_id("pvp-room-list")).to_contain_text("10,00")
    await novice.click()
    await page.wait_for_url(
        f"{simulator_url()}/play/{PVP_VENDOR}/{game.game_code}?**", timeout=SLOW_MS
    )
    assert "room=NOVICE" in page.url
    await expect(page.locator("#table")).to_contain_text("Iniciante", timeout=SLOW_MS)
    await expect(page.locator("#balance")).to_contain_text("20,00")
