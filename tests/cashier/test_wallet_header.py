"""The header wallet through the site's own event processor: a game's round reads the main
wallet at once, and the game wallets and the badges (messages, rewards, missions) at most every
FULL_READ_EVERY_SECONDS."""

from __future__ import annotations

import asyncio
import contextlib
from uuid import uuid4

import pytest

from app.app import app as site
from app.core import clock
from app.core.cache import get_redis
from app.core.db import write_transaction
from app.core.i18n.formatting import MASK
from app.services import inbox, wallet_events
from app.services.protection import reality
from app.services.seamless import wallet
from models.cashier import MessageKind
from models.games import WalletStatus
from state.cashier import wallet as wallet_state
from state.cashier.wallet import WalletState
from state.protection.reality import RealityState, may_be_due
from state.site import SiteState
from state.studio.play import PlayState
from tests.helpers.accounts import make_member
from tests.helpers.calls import counted_calls
from tests.helpers.money import fund
from tests.helpers.page_state import member_tab
from tests.helpers.seamless import call, funded_member, player_session

GAME = "/play/BGS_DICE"


async def _unsignalled_message(member_id: int) -> None:
    """A message posted with no balance signal: only a read of the badges can find it."""
    async with write_transaction() as session:
        await inbox.post_message(session, member_id, MessageKind.NEW_MAIL, {})


async def test_a_round_shows_the_new_balance_and_leaves_the_badges_for_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nor does a round chain the reality check: one falling due refuses the next bet, which
    brings up its dialog (tests/studio), and the header's watch looks at it on its beat."""
    checks = counted_calls(monkeypatch, reality, "due_check")
    member = await make_member()
    assert member.id is not None
    await fund(member.id, "100.00")
    tab = await member_tab(site, member)
    place = f"{PlayState.get_full_name()}.place"
    async with tab.processor:
        await tab.open(GAME)
        assert (await tab.state(PlayState)).mode == "real"
        before = await tab.state(WalletState)
        shown, unread = before.shown, before.unread
        await _unsignalled_message(member.id)

        opened = len(checks)
        await tab.send(place, GAME)
        assert len(checks) == opened
        after = await tab.state(WalletState)
        assert (await tab.state(PlayState)).error == ""
        assert after.shown != shown  # a loss takes the stake, a win pays 1.98x it
        assert after.unread == unread  # read again within FULL_READ_EVERY_SECONDS: not yet

        monkeypatch.setattr(wallet_state, "FULL_READ_EVERY_SECONDS", 0.0)
        await tab.send(place, GAME)
        assert (await tab.state(WalletState)).unread == unread + 1


async def test_the_page_s_own_refresh_reads_the_badges_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """And reads the reality check, also inside the quiet spell the page's load read."""
    checks = counted_calls(monkeypatch, reality, "due_check")
    member = await make_member()
    assert member.id is not None
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open("/")
        unread = (await tab.state(WalletState)).unread
        await _unsignalled_message(member.id)
        opened = len(checks)
        await tab.send(f"{WalletState.get_full_name()}.refresh", "/")
        assert (await tab.state(WalletState)).unread == unread + 1
        assert len(checks) == opened + 1


async def test_the_reality_check_reads_nothing_while_none_can_fall_due(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every logged-in tab's header looks at the reality check on its beat and after each
    movement of its member's money: once a read said when one could fall due at the earliest
    (whatever the member bets meanwhile: tests/protection), the looks read nothing before
    then, and the header's watch sends none; one once that time has come reads again."""
    checks = counted_calls(monkeypatch, reality, "due_check")
    member = await make_member()
    tab = await member_tab(site, member)
    check = f"{RealityState.get_full_name()}.check"
    async with tab.processor:
        await tab.open("/")
        opened = len(checks)
        assert opened == 1  # the page's load read it
        for _ in range(3):
            await tab.send(check, "/")
        assert len(checks) == opened
        reality_state = await tab.state(RealityState)
        assert not await may_be_due(reality_state, member.id or 0)
        clock.advance(reality.QUIET_AT_MOST.total_seconds())
        assert await may_be_due(await tab.state(RealityState), member.id or 0)
        await tab.send(check, "/")
        assert len(checks) == opened + 1


# These two on both engines: on PostgreSQL's pass the versions are in the machine's Redis,
# on SQLite's in fakeredis (the first) and in the process's memory (the second).
@pytest.mark.engines
async def test_every_open_header_shows_a_movement_from_one_read_of_all_watched_members(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two tabs of one member and a tab of another in one process: money credited elsewhere
    shows in both tabs of its member and not in the other's, the process reading every
    watched member's version in one MGET a pass, never once per tab (on the SQLite pass,
    on its fakeredis as if shared: embedded mode keeps the versions in memory)."""
    monkeypatch.setattr(wallet_events, "FOLLOW_EVERY_SECONDS", 0.05)
    monkeypatch.setattr(wallet_events, "is_shared", lambda: True)
    member, other = await make_member(), await make_member()
    assert member.id is not None and other.id is not None
    tabs = [
        await member_tab(site, member),
        await member_tab(site, member),
        await member_tab(site, other),
    ]
    async with contextlib.AsyncExitStack() as stack:
        for tab in tabs:
            await stack.enter_async_context(tab.processor)
            await tab.open("/")
        before = [(await tab.state(WalletState)).shown for tab in tabs]
        singles = counted_calls(monkeypatch, wallet_events, "balance_version")
        read: list[set[str]] = []
        redis = get_redis()
        mget = redis.mget

        async def recorded(keys: list[str]) -> list[object]:
            read.append(set(keys))
            return await mget(keys)

        monkeypatch.setattr(redis, "mget", recorded)
        await fund(member.id, "5.00")
        for tab, was in zip(tabs[:2], before, strict=False):
            header = await tab.until(WalletState, lambda header, was=was: header.shown != was)
            assert header.shown != was
        assert (await tabs[2].state(WalletState)).shown == before[2]
        assert singles == []
        both = {f"wallet-version:{member.id}", f"wallet-version:{other.id}"}
        assert read and all(both <= keys for keys in read)


@pytest.mark.engines
async def test_a_game_s_debit_elsewhere_shows_the_money_and_leaves_the_badges(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A round in another tab or process signals its member's money only: the open header
    reads the new balance and not the badges; a message's signal reads the badges too."""
    monkeypatch.setattr(wallet_events, "FOLLOW_EVERY_SECONDS", 0.05)
    member = await funded_member("50.00")
    assert member.id is not None
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open("/")
        before = await tab.state(WalletState)
        shown, unread = before.shown, before.unread
        await _unsignalled_message(member.id)
        badge_reads = counted_calls(monkeypatch, inbox, "unread_count")

        player = await player_session(member)
        debit = call(uuid4().hex, "5.00", player.game_code)
        assert (
            await wallet.debit(wallet.STUDIO_VENDOR, player.session_token, debit)
        ).status == WalletStatus.OK
        after = await tab.until(WalletState, lambda header: header.shown != shown)
        assert after.shown != shown
        assert after.unread == unread and badge_reads == []

        await wallet_events.balance_changed(member.id)
        after = await tab.until(WalletState, lambda header: header.unread == unread + 1)
        assert after.unread == unread + 1
        assert len(badge_reads) == 1


async def test_the_watch_s_read_never_covers_a_newer_refresh_and_reads_nothing_it_showed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The header's watch reads the figures outside the tab's lock and takes it once to show
    them: money credited again and the page's own refresh showing it while the watch read
    leave the refresh's newer balance shown, and the version that refresh showed wakes the
    watch for no read of its own."""
    monkeypatch.setattr(wallet_events, "FOLLOW_EVERY_SECONDS", 0.05)
    member = await make_member()
    assert member.id is not None
    tab = await member_tab(site, member)
    figures = wallet_state._figures
    reads: list[int] = []
    refresh = f"{WalletState.get_full_name()}.refresh"

    async def read_while_refreshed(brand: object, member_id: int, *, money_only: bool) -> object:
        reads.append(member_id)
        read = await figures(brand, member_id, money_only=money_only)  # type: ignore[arg-type]
        if len(reads) == 1:  # the watch's read of the first credit: a newer one, shown
            await fund(member_id, "7.00")
            await tab.send(refresh, "/")
        return read

    async with tab.processor:
        await tab.open("/")
        monkeypatch.setattr(wallet_state, "_figures", read_while_refreshed)
        await fund(member.id, "5.00")
        refreshed = await tab.until(WalletState, lambda header: header._cash == "12.00")
        newest = refreshed.shown
        assert refreshed._cash == "12.00"
        await asyncio.sleep(10 * wallet_events.FOLLOW_EVERY_SECONDS)  # the watch's next passes
        after = await tab.state(WalletState)
        assert (after.shown, after._cash) == (newest, "12.00")
        assert len(reads) == 2  # the watch's, then the refresh's: none for the version it showed


async def test_showing_the_balance_again_keeps_the_language_the_page_switched_to(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hiding and showing the balance formats it without reading the page's language again,
    in the language of the page's last switch."""
    languages = counted_calls(monkeypatch, wallet_state, "ui_lang")
    member = await make_member()
    assert member.id is not None
    await fund(member.id, "1234.50")
    tab = await member_tab(site, member)
    wallet_name, site_name = WalletState.get_full_name(), SiteState.get_full_name()
    async with tab.processor:
        await tab.open("/")
        assert (await tab.state(WalletState)).shown == "1.234,50"
        read = len(languages)
        for shown in (MASK, "1.234,50"):
            await tab.send(f"{wallet_name}.toggle_hidden", "/")
            assert (await tab.state(WalletState)).shown == shown
        assert len(languages) == read
        await tab.send(f"{site_name}.set_language", "/", code="EN")
        assert (await tab.state(WalletState)).shown == "1,234.50"
        for shown in (MASK, "1,234.50"):
            await tab.send(f"{wallet_name}.toggle_hidden", "/")
            assert (await tab.state(WalletState)).shown == shown
