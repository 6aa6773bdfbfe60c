"""The Crash page's watch (the member's own bets, followed while the page is open) ends when
the tab leaves the page: a player who opened Crash, then went on to the lobby, costs the
database nothing more; it reads only changes the tab did not show itself; a refused bet or
cash-out shows its reason. The tab runs through the site's own event processor."""

from __future__ import annotations

import asyncio
from collections.abc import Sized

import pytest

from app.app import app as site
from app.core.errors import AppError
from app.core.i18n import translate
from app.routes import PLAY_CRASH, PLAY_VERIFY
from app.services.protection.limits import REALITY_CHECK_DUE
from app.services.studio import rounds as studio_rounds
from app.services.studio import seeds
from app.services.studio.crash import bets, fairness, follow
from app.services.studio.crash import rounds as crash_rounds
from app.services.studio.crash.follow import FOLLOW_SECONDS
from state.protection.reality import RealityState
from state.studio.crash import CrashState, CrashVerifyState
from state.studio.play import PlayState
from tests.helpers.calls import counted_calls
from tests.helpers.crash_game import at_ms, brand_id, crash_player, fresh_round
from tests.helpers.page_state import Tab, member_tab

LANG = "pt"  # the site's default language, with nothing chosen in the tab


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


def _own_reads(monkeypatch: pytest.MonkeyPatch, member_id: int) -> list[int]:
    """The reads of the member's own bets (a page an earlier test left open reads its own)."""
    return counted_calls(
        monkeypatch, crash_rounds, "own_bets", lambda reader, *_rest, **_kw: reader == member_id
    )


async def _settled(reads: Sized) -> int:
    """The count of reads once the watch has had nothing to do for half a second (a loaded
    machine may still be finishing the page's loads when a fixed wait ends)."""
    count = -1
    while count != len(reads):
        count = len(reads)
        await asyncio.sleep(FOLLOW_SECONDS * 5)
    return count


async def test_a_tabs_own_cash_out_wakes_its_watch_for_nothing_and_another_devices_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The watch follows the member's bets of the round: a cash-out made on another device
    shows in the tab, read once; the tab's own cash-out showed with its event, so its watch
    reads nothing more, unless the process's follower saw the cash-out before the event's own
    read had shown it (the watch reads outside the tab's lock): then once, or twice when the
    event showed them during its read (it reads again rather than cover the event's newer
    read with its own), showing nothing twice."""
    row = await fresh_round(crash_from=200)  # still flying at 1.05x
    member, _ = await crash_player("10.00")
    reads = _own_reads(monkeypatch, member.id or 0)
    name = CrashState.get_full_name()
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(PLAY_CRASH)
        for slot in ("1", "2"):
            await tab.send(f"{name}.bet", PLAY_CRASH, slot=slot)
        at_ms(row, fairness.duration_ms(105))  # the curve flies
        before = await _settled(reads)
        await tab.send(f"{name}.cash", PLAY_CRASH, slot="1")
        own = await _settled(reads)
        assert before + 1 <= own <= before + 3  # the event's own read (and a racing watch's)
        page = await tab.state(CrashState)
        assert (page.riding_1, page.riding_2, page.error) == (False, True, "")
        await bets.cash_out(member.id or 0, await brand_id(), 2)  # another device
        page = await tab.until(CrashState, lambda page: not page.riding_2, seconds=5)
        assert not page.riding_2
        assert await _settled(reads) == own + 1
        await tab.go("/")


async def test_the_watch_reads_again_rather_than_cover_what_the_tab_showed_while_it_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another device cashes bet 1 out: the watch reads the bets outside the tab's lock, and
    while it reads, the tab's own cash-out of bet 2 reads and shows both cashed. The watch's
    read, older, is not shown over it: the watch reads again. (The board's follower is held
    still meanwhile, so that no later wake could mend an older read shown.)"""
    row = await fresh_round(crash_from=200)
    member, _ = await crash_player("10.00")
    merchant_id = await brand_id()
    name = CrashState.get_full_name()
    tab = await member_tab(site, member)
    own_bets = crash_rounds.own_bets
    reads: list[str] = []
    armed = asyncio.Event()

    async def read_while_the_tab_cashes_out(member_id: int, *args: object, **kw: object) -> object:
        found = await own_bets(member_id, *args, **kw)  # type: ignore[arg-type]
        if member_id != member.id:
            return found
        reads.append("armed" if armed.is_set() else "read")
        if armed.is_set():
            armed.clear()
            monkeypatch.setattr(follow, "FOLLOW_SECONDS", 3600)
            await asyncio.sleep(FOLLOW_SECONDS * 3)  # the follower's last read, then it sleeps
            await tab.send(f"{name}.cash", PLAY_CRASH, slot="2")
        return found

    async with tab.processor:
        try:
            await tab.open(PLAY_CRASH)
            for slot in ("1", "2"):
                await tab.send(f"{name}.bet", PLAY_CRASH, slot=slot)
            at_ms(row, fairness.duration_ms(105))  # the curve flies
            await _settled(_own_reads(monkeypatch, member.id or 0))
            monkeypatch.setattr(crash_rounds, "own_bets", read_while_the_tab_cashes_out)
            armed.set()
            await bets.cash_out(member.id or 0, merchant_id, 1)  # another device
            await tab.until(CrashState, lambda page: not page.riding_1, seconds=5)
            await _settled(reads)
            page = await tab.state(CrashState)
            assert (page.riding_1, page.riding_2) == (False, False)
            # the watch's read (held), the tab's own, then the watch's again
            assert reads == ["armed", "read", "read"]
        finally:
            task = follow.follower(merchant_id)._task
            if task is not None:
                task.cancel()  # the held follower: the next listener starts another
        await tab.go("/")


async def test_a_cash_out_the_live_socket_answered_shows_through_the_watch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The live socket answered the cash-out (its script showed the answer): the page's event
    clears the page's notice and reads nothing; the watch shows the bet as stored, read once.
    An answer the script never gives is refused."""
    row = await fresh_round(crash_from=200)
    member, _ = await crash_player("10.00")
    reads = _own_reads(monkeypatch, member.id or 0)
    answered = f"{CrashState.get_full_name()}.cash_answered"
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(PLAY_CRASH)
        await tab.send(f"{CrashState.get_full_name()}.bet", PLAY_CRASH, slot="1")
        assert (await tab.state(CrashState)).notice == translate("crash.placed", LANG, slot="1")
        at_ms(row, fairness.duration_ms(105))  # the curve flies
        before = await _settled(reads)
        await bets.decide_cash_out(member.id or 0, await brand_id(), 1)  # the socket's work
        await tab.send(answered, PLAY_CRASH, answer="1:answered")
        assert (await tab.state(CrashState)).notice == ""
        page = await tab.until(CrashState, lambda page: not page.riding_1, seconds=5)
        assert (page.riding_1, page.error) == (False, "")
        assert await _settled(reads) == before + 1  # the watch's read alone
        await tab.send(answered, PLAY_CRASH, answer="1:paid")
        assert await _settled(reads) == before + 1  # refused: nothing read, nothing changed
        await tab.go("/")


async def test_bets_and_cash_outs_the_live_socket_made_show_with_their_balance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The live socket placed bet 1 (its script showed the answer): the page's event reads
    nothing, and the page's watch shows it riding and the header's watch the balance. A
    refusal the page shows itself ("2:page") places bet 2 here, through the page's own gates.
    The socket's cash-out is paid after its answer: the page's balance follows the wallet
    (the header's watch shows its read on the page: `follow.SHOW_BALANCE`)."""
    row = await fresh_round(crash_from=200)
    member, _ = await crash_player("10.00")
    answered = f"{CrashState.get_full_name()}.bet_answered"
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(PLAY_CRASH)
        play = await tab.state(PlayState)
        assert play.balance == "R$\xa010,00"
        player = studio_rounds.Player(
            seeds.member_owner(member.id or 0), play.currency, play._session_token
        )
        reads = _own_reads(monkeypatch, member.id or 0)
        before = await _settled(reads)
        await bets.place(player, await brand_id(), 1, "2,50", "")  # the socket's work
        await tab.send(answered, PLAY_CRASH, answer="1:answered")
        page = await tab.until(CrashState, lambda page: page.riding_1, seconds=5)
        assert (page.riding_1, page.notice) == (True, "")
        assert await _settled(reads) == before + 1  # the watch's read alone
        shown = await tab.until(PlayState, lambda play: play.balance == "R$\xa07,50")
        assert shown.balance == "R$\xa07,50"
        await tab.send(answered, PLAY_CRASH, answer="2:page")
        page = await tab.state(CrashState)
        assert (page.riding_2, page.notice) == (True, translate("crash.placed", LANG, slot="2"))
        assert (await tab.state(PlayState)).balance == "R$\xa06,50"
        await tab.send(answered, PLAY_CRASH, answer="2:placed")  # no script answers so
        assert (await tab.state(CrashState)).riding_2
        at_ms(row, fairness.duration_ms(150))  # the curve at 1.5x
        await bets.cash_out(member.id or 0, await brand_id(), 1)  # the socket's, paid after
        cashed = f"{CrashState.get_full_name()}.cash_answered"
        await tab.send(cashed, PLAY_CRASH, answer="1:answered")
        paid = await tab.until(PlayState, lambda play: play.balance == "R$\xa010,25")
        assert paid.balance == "R$\xa010,25"
        await tab.go("/")


async def test_a_refused_bet_and_cash_out_show_the_translated_refusal() -> None:
    await fresh_round()  # the clock frozen in the round's betting time
    tab = Tab(site)
    bet = f"{CrashState.get_full_name()}.bet"
    async with tab.processor:
        await tab.open(PLAY_CRASH + "?demo=1")
        await tab.send(f"{CrashState.get_full_name()}.set_stake", PLAY_CRASH, slot="1", value="x")
        await tab.send(bet, PLAY_CRASH, slot="1")
        page = await tab.state(CrashState)
        assert (page.error, page.riding_1) == (translate("play-bet-invalid", LANG), False)
        await tab.send(f"{CrashState.get_full_name()}.set_stake", PLAY_CRASH, slot="1", value="1")
        await tab.send(bet, PLAY_CRASH, slot="1")
        page = await tab.state(CrashState)
        assert (page.error, page.riding_1) == ("", True)
        assert page.notice == translate("crash.placed", LANG, slot="1")
        # Cashing out before the round runs is refused; the slot still shows the bet riding.
        await tab.send(f"{CrashState.get_full_name()}.cash", PLAY_CRASH, slot="1")
        page = await tab.state(CrashState)
        assert (page.error, page.notice) == (translate("crash-not-started", LANG), "")
        assert page.riding_1
        await tab.go("/")


async def test_the_stakes_are_written_the_readers_way_and_kept_within_the_limits() -> None:
    await fresh_round()
    tab = Tab(site)
    step = f"{CrashState.get_full_name()}.stake_step"
    async with tab.processor:
        await tab.open(PLAY_CRASH + "?demo=1")
        page = await tab.state(CrashState)
        assert (page.stake_1, page.stake_2) == ("1,00", "1,00")  # Portuguese, as the balance
        await tab.send(step, PLAY_CRASH, slot="1", factor="2")
        assert (await tab.state(CrashState)).stake_1 == "2,00"
        await tab.send(f"{CrashState.get_full_name()}.set_stake", PLAY_CRASH, slot="2", value="x")
        await tab.send(step, PLAY_CRASH, slot="2", factor="0.5")  # unreadable: the minimum
        assert (await tab.state(CrashState)).stake_2 == "0,10"
        await tab.send(step, PLAY_CRASH, slot="2", factor="3")  # not a button: refused
        assert (await tab.state(CrashState)).stake_2 == "0,10"
        await tab.go("/")


async def test_an_unknown_round_is_refused_on_the_verify_page() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.open(PLAY_VERIFY + "?round=crash-999999999999")
        page = await tab.state(CrashVerifyState)
        assert page.active
        assert (page.error, page.rows) == (translate("crash-round-unknown", LANG), [])


async def test_a_bet_refused_for_a_due_reality_check_brings_up_its_dialog() -> None:
    tab = Tab(site)
    page = await tab.state(CrashState)
    page.notice = "Aposta 1 feita."
    shown = await page._failed(AppError(REALITY_CHECK_DUE, 409))
    # A bet refused for it: the check reads now, inside a quiet spell too.
    assert shown.handler == RealityState.check
    assert [str(value) for _, value in shown.args] == ["true"]
    assert (page.error, page.notice) == (translate(REALITY_CHECK_DUE, LANG), "")
