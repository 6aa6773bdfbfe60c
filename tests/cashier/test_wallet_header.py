"""The header wallet through the site's own event processor: a game's round reads the main
wallet at once, and the game wallets and the badges (messages, rewards, missions) at most every
FULL_READ_EVERY_SECONDS."""

from __future__ import annotations

import pytest

from app.app import app as site
from app.core import clock
from app.core.db import write_transaction
from app.services import inbox
from app.services.protection import reality
from models.cashier import MessageKind
from state.cashier import wallet as wallet_state
from state.cashier.wallet import WalletState
from state.protection.reality import RealityState
from state.studio.play import PlayState
from tests.helpers.accounts import make_member
from tests.helpers.calls import counted_calls
from tests.helpers.money import fund
from tests.helpers.page_state import member_tab

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
    """And looks at the reality check."""
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


async def test_the_timer_s_reality_check_reads_nothing_while_none_can_fall_due(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every logged-in tab's header looks at the reality check on a timer: once a read said
    when one could fall due at the earliest, the timer's looks read nothing before then; a
    look after a movement of money (a bet may start play) and one once that time has come
    read again."""
    checks = counted_calls(monkeypatch, reality, "due_check")
    member = await make_member()
    tab = await member_tab(site, member)
    check = f"{RealityState.get_full_name()}.check"
    async with tab.processor:
        await tab.open("/")
        opened = len(checks)
        assert opened == 1  # the page's load read it
        for _ in range(3):
            await tab.send(check, "/", on_timer=True)
        assert len(checks) == opened
        await tab.send(check, "/")  # after a movement of money: read
        assert len(checks) == opened + 1
        clock.advance(reality.QUIET_AT_MOST.total_seconds())
        await tab.send(check, "/", on_timer=True)
        assert len(checks) == opened + 2
