"""An outsider's websocket client calls every public handler of every state with forged and
hostile arguments, logged out, with a stolen tab token, as a trial user and as another
member: nothing of the victim (a member logged in in a real browser) is read or changed.
And the login belongs to the browser: a new tab of it stays logged in, another browser
showing the victim's tab token gets nothing."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, BrowserContext, Page, expect
from sqlalchemy import Table, select
from sqlmodel import SQLModel
from sqlmodel import select as model_select

from app.core.db import session_scope
from app.services.catalogue import members as favourites
from models import Game, Member
from models.catalogue import GAME
from state.accounts.auth import AuthState
from state.cashier.withdraw import WithdrawState
from tests.e2e.conftest import SLOW_MS, open_site, register_in_browser
from tests.helpers.browser import visitor_context
from tests.helpers.money import cash, fund
from tests.security.outsider import Outsider, browser_cookie, handler_names, hostile_payloads

# Each barrage runs for minutes: the tests start first, each on the worker free first.
pytestmark = [pytest.mark.e2e, pytest.mark.long]

AUTH = AuthState.get_full_name()
VICTIM_CASH = "1234.56"
SHOWN_CASH = ("1.234,56", "1,234.56", "1234.56")


class Victim:
    def __init__(self, member: Member, page: Page, tab_token: str, game_id: int) -> None:
        self.member = member
        self.page = page
        self.tab_token = tab_token
        self.game_id = game_id

    @property
    def id(self) -> int:
        assert self.member.id is not None
        return self.member.id


async def _victim(page: Page, site_url: str) -> Victim:
    """A member registered and logged in in a real browser, with money and a favourite."""
    member = await register_in_browser(page, site_url)
    assert member.id is not None
    await fund(member.id, VICTIM_CASH)
    async with session_scope() as session:
        game = (await session.exec(model_select(Game).where(Game.is_game == GAME))).first()
    assert game is not None and game.id is not None
    await favourites.add_favorite(member, game.id, game.vassalage, game.game_type)
    await expect(page.get_by_test_id("header-balance")).to_have_text("1.234,56", timeout=SLOW_MS)
    tab_token = await page.evaluate("window.sessionStorage.getItem('token')")
    assert tab_token
    return Victim(member, page, tab_token, game.id)


async def _snapshot(member_id: int) -> dict[str, Any]:
    """Everything stored about the member: their row, and every row of every table that
    names them (sessions, favourites, wallets, orders, payout accounts ...), and their cash."""
    tables: dict[str, Any] = {}
    async with session_scope() as session:
        connection = await session.connection()
        for table in SQLModel.metadata.sorted_tables:
            column = table.c.get("member_id") if isinstance(table, Table) else None
            if column is None:
                continue
            rows = (await connection.execute(select(table).where(column == member_id))).all()
            tables[table.name] = sorted(repr(tuple(row)) for row in rows)
        member = await session.get(Member, member_id)
        assert member is not None
        tables["member"] = member.model_dump(exclude={"last_login_at", "last_login_ip"})
        tables["cash"] = await cash(member)
    return tables


def _nothing_of(outsider: Outsider, victim: Victim) -> None:
    """The outsider was told nothing of the victim: not their account, id or money (their
    username may come back only as the outsider's own input, e.g. a form's field error)."""
    seen = repr(outsider.updates)
    assert not any(amount in seen for amount in SHOWN_CASH)
    assert victim.id not in outsider.values("member_id_rx_state_")
    assert victim.member.username not in outsider.values("account_rx_state_")


async def _barrage(outsider: Outsider, victim: Victim, *, malformed: bool = False) -> None:
    """Every handler with the payloads that name the victim; `malformed` adds the huge and the
    empty values (the logged-out outsider's barrage sends them for every identity)."""
    sent = await outsider.barrage(
        victim.id, victim.member.username, victim.game_id, malformed=malformed
    )
    expected = sum(
        len(
            hostile_payloads(
                name, victim.id, victim.member.username, victim.game_id, malformed=malformed
            )
        )
        for name in handler_names()
    )
    assert sent == expected and outsider.client.connected


async def _still_logged_in(victim: Victim, site_url: str) -> None:
    """The victim's own tab is untouched: still logged in, same balance."""
    await victim.page.goto(site_url + "/")
    await expect(victim.page.get_by_test_id("header-account")).to_have_text(
        victim.member.username, timeout=SLOW_MS
    )
    await expect(victim.page.get_by_test_id("header-balance")).to_have_text(
        "1.234,56", timeout=SLOW_MS
    )


async def test_logged_out_outsider_reads_and_changes_nothing(page: Page, site_url: str) -> None:
    victim = await _victim(page, site_url)
    before = await _snapshot(victim.id)
    async with Outsider(site_url, cookie=await browser_cookie(site_url)) as outsider:
        await _barrage(outsider, victim, malformed=True)
    # The only login it can get is a trial account of its own (start_trial is a handler too).
    assert all(a == "" or a.startswith("trial_") for a in outsider.values("account_rx_state_"))
    _nothing_of(outsider, victim)
    assert await _snapshot(victim.id) == before
    assert await cash(victim.member) == Decimal(VICTIM_CASH)
    await _still_logged_in(victim, site_url)


async def test_stolen_tab_token_gives_another_browser_nothing(page: Page, site_url: str) -> None:
    victim = await _victim(page, site_url)
    before = await _snapshot(victim.id)
    # Another browser (its own cookie), and a client with no cookie at all, show the tab token:
    # each is handed a tab of its own, logged out. The barrage then runs on the socket's own
    # tab (the server names it, not the client), once: a second would repeat the first.
    for cookie in (await browser_cookie(site_url), None):
        async with Outsider(site_url, token=victim.tab_token, cookie=cookie) as outsider:
            assert outsider.new_tokens and outsider.new_tokens[0] != victim.tab_token
            assert outsider.state()[AUTH].get("is_login_rx_state_") is not True
            if cookie is not None:
                await _barrage(outsider, victim)
        _nothing_of(outsider, victim)
    # The upload endpoint names the tab token in a header: refused for another browser.
    upload = f"{WithdrawState.get_full_name()}.not_received"
    async with httpx.AsyncClient(base_url=site_url) as client:
        refused = await client.post(
            "/_upload",
            headers={
                "reflex-client-token": victim.tab_token,
                "reflex-event-handler": upload,
                "Cookie": await browser_cookie(site_url),
            },
            files={"files": ("proof.png", b"\x89PNG proof", "image/png")},
        )
    assert refused.status_code == 403
    assert await _snapshot(victim.id) == before
    await _still_logged_in(victim, site_url)


async def test_trial_user_reads_and_changes_nothing(page: Page, site_url: str) -> None:
    victim = await _victim(page, site_url)
    before = await _snapshot(victim.id)
    async with Outsider(site_url, cookie=await browser_cookie(site_url)) as outsider:
        await outsider.call(f"{AUTH}.start_trial")
        await outsider.settle()
        state = outsider.state()[AUTH]
        assert state.get("is_login_rx_state_") is True and state.get("is_trial_rx_state_")
        await _barrage(outsider, victim)
    _nothing_of(outsider, victim)
    assert await _snapshot(victim.id) == before
    await _still_logged_in(victim, site_url)


async def test_another_member_reads_and_changes_nothing(
    page: Page, browser: Browser, site_url: str
) -> None:
    victim = await _victim(page, site_url)
    # The other member logs in in a browser of their own; their socket is that browser's.
    other_context = await visitor_context(browser)
    try:
        other = await register_in_browser(await other_context.new_page(), site_url)
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in await other_context.cookies())
    finally:
        await other_context.close()
    before = await _snapshot(victim.id)
    async with Outsider(site_url, cookie=cookie) as outsider:
        # A new tab of the other member's browser: logged in as them (login per browser).
        assert outsider.state()[AUTH].get("account_rx_state_") == other.username
        await _barrage(outsider, victim)
    _nothing_of(outsider, victim)
    assert await _snapshot(victim.id) == before
    await _still_logged_in(victim, site_url)


async def test_login_belongs_to_the_browser(
    page: Page, context: BrowserContext, browser: Browser, site_url: str
) -> None:
    victim = await _victim(page, site_url)
    # A link opened in a new tab of the same browser stays logged in.
    new_tab = await context.new_page()
    await open_site(new_tab, site_url + "/")
    await expect(new_tab.get_by_test_id("header-account")).to_have_text(
        victim.member.username, timeout=SLOW_MS
    )
    # Another browser with the victim's tab token in its session storage gets a tab of its
    # own, logged out.
    thief = await visitor_context(browser)
    try:
        await thief.add_init_script(f"window.sessionStorage.setItem('token', {victim.tab_token!r})")
        stolen = await thief.new_page()
        await open_site(stolen, site_url + "/")
        await expect(stolen.get_by_test_id("header-login-form")).to_be_visible(timeout=SLOW_MS)
        await expect(stolen.get_by_test_id("header-account")).to_have_count(0)
        assert await stolen.evaluate("window.sessionStorage.getItem('token')") != victim.tab_token
    finally:
        await thief.close()
    # Logging out in one tab logs the browser out: the other tab's next event finds no login.
    await new_tab.get_by_test_id("header-logout").click()
    await new_tab.get_by_test_id("logout-confirm").click()
    await expect(new_tab.get_by_test_id("member-area")).to_have_count(0, timeout=SLOW_MS)
    await victim.page.reload()
    await expect(victim.page.get_by_test_id("member-area")).to_have_count(0, timeout=SLOW_MS)
