"""The Crash page (`/play/BGS_CRASH`): the member's two bets and own bets with their verify
links, beside the brand's shared round.

The game session is the studio page's (state/studio/play.py `PlayState`: a launch token of the
URL or a launch made here), so the wallet, limits and reality checks are those of every Original.
The round itself (its phase, curve, feed and last crash points) is the same for every tab of the
brand: the browser follows it on the live socket (app/crash_live.py) and draws it
(assets/crash.js), so it stays smooth and right after a reconnect, and costs this state nothing.
The state's background watch wakes only when the member's own bets of the round change (the
process's follower, app/services/studio/crash/follow.py); a demo bet riding is looked at every
DEMO_EVERY_SECONDS.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import reflex as rx

from app.core import clock
from app.core.db import within_pool
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.i18n.formatting import format_amount, typed_amount
from app.services import gates
from app.services.brands import Money
from app.services.studio import rounds as studio_rounds
from app.services.studio.crash import bets, chains, demo, tickets
from app.services.studio.crash import rounds as crash_rounds
from app.services.studio.crash.follow import Seen, follower
from models.crash import CrashBetStatus
from state.accounts.auth import current_member_id
from state.cashier.wallet import refresh_header
from state.gates import gated
from state.guard import ARGS, LOGIN, Name, checked, refuse
from state.member_page import MemberPage, member_action
from state.protection.reality import RealityCheckedPage
from state.site import current_brand, ui_lang
from state.studio import crash_views
from state.studio.crash_views import MineRow
from state.studio.play import BET_FACTORS, PlayState
from state.studio.studio_views import Detail
from state.watch import READS_PER_WAKE, Shows, watch_key

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    # Crash: the studio page's game session (load), bets and cash-outs move money.
    **gates.each("CrashState.", "load play_real bet cash", gates.MONEY),
    # What the live socket answered: shown, or the bets read, or the page's own bet and
    # cash-out (gated as such) run; a round's thousand answers pass no gate of their own.
    **gates.each("CrashState.", "bet_answered cash_answered", gates.READ),
    **gates.each("CrashState.", "set_auto set_stake stake_step", gates.VIEW),
    "CrashState.watch": gates.READ,
    "CrashVerifyState.load": gates.READ,
}

DEMO_EVERY_SECONDS = 1.0
WATCH_FOR_SECONDS = 3600
SLOTS = ("1", "2")
LOAD_SCRIPT = rx.call_script(
    "window.appCrash || document.head.appendChild("
    "Object.assign(document.createElement('script'), {src: '/crash.js'}))"
)


async def _demo_changes(merchant_id: int, player: studio_rounds.Player) -> AsyncIterator[None]:
    """When a demo tab's bets may have changed: when a new round opens, and every
    DEMO_EVERY_SECONDS while one of its bets rides (a target passed, the crash)."""
    ends = time.monotonic() + WATCH_FOR_SECONDS
    rounds = follower(merchant_id).public()
    shown = await anext(rounds)
    yield None
    next_seen = asyncio.ensure_future(anext(rounds))
    try:
        while time.monotonic() < ends:
            bets_ride = await demo.riding(player)
            await asyncio.wait([next_seen], timeout=DEMO_EVERY_SECONDS if bets_ride else None)
            if next_seen.done():
                seen, next_seen = next_seen.result(), asyncio.ensure_future(anext(rounds))
                new_round = _round_of(seen) != _round_of(shown)
                shown = seen
                if new_round or bets_ride:
                    yield None
            elif bets_ride:
                yield None
    finally:
        next_seen.cancel()
        with contextlib.suppress(asyncio.CancelledError, StopAsyncIteration):
            await next_seen
        await rounds.aclose()


def _round_of(seen: Seen) -> str:
    return "" if seen.board.state is None else seen.board.state.round_id


@dataclass(frozen=True)
class _Bets:
    """A member's Crash bets as read for the page: the real member's (`member_id`, 0 for
    nobody) with the brand's current round, or a demo player's with the demo balance."""

    member_id: int
    own: list[crash_rounds.OwnBet]
    current: str  # the id of the brand's round taking bets or flying ("" before the first)
    demo: list[demo.DemoBet] | None = None
    balance: Decimal = Decimal(0)  # the demo balance


async def _read_bets(
    merchant_id: int, member_id: int, demo_player: studio_rounds.Player | None
) -> _Bets:
    """The bets a page shows, read without its state (a watch reads them before it takes the
    page's lock)."""
    now = clock.now()
    if demo_player is not None:
        found = await demo.current(demo_player, merchant_id, now)
        return _Bets(0, [], "", found, await studio_rounds.balance(demo_player))
    if not member_id:
        return _Bets(0, [], "")
    own = await crash_rounds.own_bets(member_id, merchant_id, now)
    # The round as the process's follower has it: a round's crash wakes every watch of the
    # brand at once, and each read the board again when the shared read had just expired.
    current = follower(merchant_id).round_id()
    if current is None:
        state = (await crash_rounds.board(merchant_id, now)).state
        current = "" if state is None else state.round_id
    return _Bets(member_id, own, current)


# The watches running in this process: one per tab, socket, page (Reflex ends a page's tasks
# when its socket drops; a reconnect's load starts another) and whose bets it follows; and the
# bets of the round each one's tab shows now (none on a demo page): a change the tab's own
# event already showed (its bet, its cash-out) wakes its watch for nothing to do.
_shows: Shows[crash_rounds.Slots] = Shows()


class CrashState(RealityCheckedPage, rx.State):
    _watch_token: str = ""
    _merchant_id: int = 0
    _digits: int = 2  # the brand's amounts' minor digits
    _viewer: int = 0  # the member whose bets the last refresh showed (0: none)

    ready: bool = False
    blocked: str = ""
    error: str = ""
    error_link: str = ""  # the page that lifts the refusal (state/gates.py's remedy)
    notice: str = ""
    rtp: str = ""
    terminal_hash: str = ""
    salt: str = ""
    mine: list[MineRow] = []

    stake_1: str = "1.00"
    stake_2: str = "1.00"
    auto_1: str = ""
    auto_2: str = ""
    # Per slot: "" (no bet), "open" (riding), or the ended bet's text.
    state_1: str = ""
    state_2: str = ""
    riding_1: bool = False
    riding_2: bool = False

    @rx.event
    @gated
    async def load(self) -> Any:
        """Open the member's game session (as the studio page does), or the demo with
        `?demo=1`, then show the round."""
        demo = self.router.url.query_parameters.get("demo") == "1"
        return await self._load(demo=demo, use_token=True)

    async def _money(self) -> Money:
        """How the page writes money: the brand's symbol and digits (brands.Money)."""
        return Money.of(await current_brand(self))

    @rx.event
    @gated
    async def play_real(self) -> Any:
        """After logging in on the page (also on a demo page): real play."""
        return await self._load(demo=False, use_token=False)

    async def _load(self, demo: bool, use_token: bool) -> Any:
        lang = await ui_lang(self)
        self.error = self.notice = self.blocked = ""
        # `ready` stays as it was until the outcome is known: a reconnect's load that fails
        # halfway (a busy database) leaves a playing page playing
        brand = await current_brand(self)
        self._merchant_id, self._digits = brand.id, brand.amount_digits
        chain = await chains.published(brand.id)
        if chain is None or chain.salt is None:
            self.ready, self.blocked = False, "crash.rules_none"
            return None
        self.rtp = format_amount(chain.rtp, lang)
        self.terminal_hash, self.salt = chain.terminal_hash, chain.salt
        play = await self.get_state(PlayState)
        play.code = crash_rounds.CODE
        play.error = play.blocked = ""
        if demo:
            events = await play._begin_demo()  # fun money: the same round, the demo balance
        else:
            try:
                events = await play._begin(use_token=use_token)
            except AppError as exc:
                self.ready, self.blocked = False, exc.code
                return None
            play.mode = "" if play.blocked else "real"
        if play.blocked:
            self.ready, self.blocked = False, play.blocked
            return events
        await play._read_balance()
        play._symbol = brand.currency_symbol  # a refused stake writes its limits so
        limits = crash_rounds.SPEC.limits(await play._currency())
        for slot in SLOTS:  # within this currency's limits, written the reader's way
            kept = limits.kept(studio_rounds.readable_bet(getattr(self, f"stake_{slot}")))
            setattr(self, f"stake_{slot}", typed_amount(kept, lang, self._digits))
        self.ready = True
        await self._refresh()
        before = events if isinstance(events, list) else [events] if events else []
        return [*before, LOAD_SCRIPT, await self._ticket(play), CrashState.watch]

    async def _ticket(self, play: PlayState) -> rx.event.EventSpec:
        """The page's ticket for cashing out on the live socket (tickets.py), handed to
        assets/crash.js by a script, never kept in page state; a demo page gets none."""
        ticket = ""
        if play.mode == "real" and play._session_member:
            ticket = await tickets.issue(
                play._session_member, self._merchant_id, play._session_token
            )
        return rx.call_script(f"window.appCrashTicket = {json.dumps(ticket)}")

    async def _refresh(self) -> dict[int, crash_rounds.OwnBet]:
        """The member's bets of the round and of the last rounds, read now (a page's own bet
        shows at once, before the brand's board this process shares has it); the round's
        bets by slot (none on a demo page)."""
        play = await self.get_state(PlayState)
        if play.mode == "demo":
            return await self._show(await _read_bets(self._merchant_id, 0, play._player()))
        member_id = await current_member_id(self, touch=False)
        return await self._show(await _read_bets(self._merchant_id, member_id, None))

    async def _show(self, read: _Bets) -> dict[int, crash_rounds.OwnBet]:
        """Show bets read by `_read_bets`: the round's bets by slot (none on a demo page)."""
        lang = await ui_lang(self)
        self._viewer = read.member_id
        if read.demo is not None:
            _shows.shown(self._watch_token, None)
            self.mine = []
            self._show_slots({bet.slot: (bet.status, bet.cashout) for bet in read.demo}, lang)
            play = await self.get_state(PlayState)
            play.balance = await play._show_money(read.balance)
            return {}
        self.mine = crash_views.mine_rows(read.own, lang, await self._money())
        of_round = {bet.slot: bet for bet in read.own if bet.round_id == read.current}
        slots = {slot: (bet.status, bet.cashout) for slot, bet in of_round.items()}
        _shows.shown(self._watch_token, slots)
        self._show_slots(slots, lang)
        return of_round

    def _show_slots(self, ended: crash_rounds.Slots, lang: str) -> None:
        """Each slot's bet of this round: none, riding, or how it ended."""
        for slot in (1, 2):
            found = ended.get(slot)
            text = "" if found is None else crash_views.outcome(found[0], found[1], lang)
            setattr(self, f"state_{slot}", text)
            setattr(self, f"riding_{slot}", found is not None and found[0] == "OPEN")

    @rx.event(background=True)
    async def watch(self) -> None:
        """Follow the member's bets of the round while the page is open (one watch per tab
        and page): refreshed when they change. A bet lost moves no money, and a win's
        credit wakes the header's own watch (its balance version), so this one leaves the
        header alone (every lost tab read it all again at each crash)."""
        async with self:
            play = await self.get_state(PlayState)
            merchant_id, member_id = self._merchant_id, self._viewer
            player = play._player() if play.mode == "demo" else None
            key = f"{watch_key(self)} {merchant_id} {member_id} {play.mode}"
            if key in _shows or not self.ready:
                return
            changes = (
                _demo_changes(merchant_id, player)
                if player is not None
                else follower(merchant_id).own(member_id, WATCH_FOR_SECONDS)
            )
            self._watch_token = key
            _shows.start(key)
        try:
            first = True
            async for slots in changes:
                if first:  # the bets as the load showed them
                    first = False
                    continue
                if slots is not None and _shows.last(key) == slots:
                    continue
                if not await self._show_read(key, slots, merchant_id, member_id, player):
                    return
        finally:
            _shows.end(key)
            await changes.aclose()

    async def _show_read(
        self,
        key: str,
        slots: crash_rounds.Slots | None,
        merchant_id: int,
        member_id: int,
        player: studio_rounds.Player | None,
    ) -> bool:
        """The watch's read of the bets, shown unless the tab shows them already; False once
        the watch is no longer the tab's. Read before taking the page's lock: a round's crash
        wakes every watch of the brand at once, and a lock held over a busy database's reads
        expired (Reflex's LockExpiredError) while the tab's own events waited behind it. An
        event that showed the bets meanwhile may have read them after this read: then they
        are read again, rather than an older read covering its newer one."""
        for _ in range(READS_PER_WAKE):
            shows = _shows.count(key)
            try:
                async with within_pool():  # a round's crash wakes every watch of the brand
                    read = await _read_bets(merchant_id, member_id, player)
            except AppError:
                return True
            async with self:
                if self._watch_token != key:
                    return False
                if slots is not None and _shows.last(key) == slots:
                    return True  # the tab's own event, which held the lock, showed them
                if _shows.count(key) == shows:
                    await self._show(read)
                    return True
        return True

    @rx.event
    @checked
    def set_stake(self, slot: Name, value: Name) -> None:
        if slot in SLOTS:
            setattr(self, f"stake_{slot}", value[:16])

    @rx.event
    @checked
    def set_auto(self, slot: Name, value: Name) -> None:
        if slot in SLOTS:
            setattr(self, f"auto_{slot}", value[:16])

    async def _player_for(self, slot: str) -> PlayState | None:
        """The studio page's player of this tab for bet `slot`; None for a slot that is not
        1 or 2, a page not playing, or another member logged in since."""
        self.error = self.notice = ""
        play = await self.get_state(PlayState)
        if slot not in SLOTS or not self.ready or play.code != crash_rounds.CODE:
            return None
        return play if await play._same_member() else None

    async def _follow_answer(
        self,
        answer: str,
        act_here: Callable[[str], Any],
        as_stored: Callable[[str], Awaitable[Any]],
    ) -> Any:
        """A bet or cash-out button's script answer, "<slot>:<how>" (`bet_answered` and
        `cash_answered` say what each means): "answered" leaves the socket's word on the page,
        "" and "page" act here (`act_here`), "asked" shows the slot as stored (`as_stored`);
        anything else is refused."""
        slot, _, how = answer.partition(":")
        if slot not in SLOTS or how not in ("answered", "asked", "page", ""):
            return await refuse(self)
        if how == "answered":
            self.error = self.notice = ""  # the socket's answer is the page's word now
            return None
        if how in ("", "page"):
            return act_here(slot)
        return await as_stored(slot)

    @rx.event
    @gated
    @checked
    @member_action
    async def bet(self, slot: Name) -> Any:
        """Place bet 1 or 2 in the round taking bets."""
        play = await self._player_for(slot)
        if play is None:
            return None if slot in SLOTS else await refuse(self)
        stake, auto = getattr(self, f"stake_{slot}"), getattr(self, f"auto_{slot}")
        if play.mode == "demo":
            placed = await demo.place(play._player(), self._merchant_id, int(slot), stake, auto)
        else:  # for the round the page's board shows taking bets, as on the live socket
            betting = follower(self._merchant_id).betting()
            placed = await bets.place(
                play._player(), self._merchant_id, int(slot), stake, auto, betting=betting
            )
        lang = await ui_lang(self)
        play.balance = await play._show_money(placed.balance)
        self.notice = translate("crash.placed", lang, slot=slot)
        await self._refresh()
        return await refresh_header(self) if play.mode == "real" else None

    @rx.event
    @checked
    @member_action
    async def bet_answered(self, answer: Name) -> Any:
        """What the bet button's script answered (assets/crash.js): "1:answered" when the live
        socket placed bet 1 or refused it (the script shows its answer; this page's watch
        shows the bet as stored, and the header's watch the balances, PlayState's included,
        as for a cash-out), "1:asked" when no answer came in time: the page then shows the
        bets, its balance and the header as stored, at once; "1:" when it could not ask (a
        demo page, no socket) and "1:page" for a refusal the page shows itself (a due
        reality check's dialog, the verification's link): then bet 1 is placed here, through
        the same gates.

        An answered bet reads nothing here: in a round's seconds of betting a thousand tabs'
        events queued behind one another, and each read again what the watches, woken by
        the same bet, had already shown."""
        return await self._follow_answer(answer, CrashState.bet, self._bet_as_stored)

    async def _bet_as_stored(self, slot: str) -> Any:
        """No answer to a bet in time: the bets, the page's balance and the header as stored."""
        play = await self._player_for(slot)  # clears the page's notice: the answer is shown
        if play is None or play.mode != "real":
            return None
        await self._refresh()
        await play._read_balance()
        return await refresh_header(self)

    @rx.event
    @gated
    @checked
    @member_action
    async def cash(self, slot: Name) -> Any:
        """Cash out bet 1 or 2 now (the server's clock decides)."""
        play = await self._player_for(slot)
        if play is None:
            return None if slot in SLOTS else await refuse(self)
        try:
            if play.mode == "demo":
                done = await demo.cash_out(play._player(), self._merchant_id, int(slot))
            else:
                flying = follower(self._merchant_id).flying()  # the board this page follows
                done = await bets.cash_out(
                    play._session_member, self._merchant_id, int(slot), flying
                )
        finally:  # refused too (the round crashed first): the slot shows how it ended
            await self._refresh()
        lang = await ui_lang(self)
        self.notice = crash_views.cashed_notice(
            done.multiplier, done.payout, lang, await self._money()
        )
        balance = done.balance
        if balance is None:  # a demo cash-out: its own balance
            balance = await studio_rounds.balance(play._player())
        play.balance = await play._show_money(balance)
        return await refresh_header(self) if play.mode == "real" else None

    @rx.event
    @checked
    @member_action
    async def cash_answered(self, answer: Name) -> Any:
        """What the cash-out button's script answered (assets/crash.js): "1:answered" when the
        live socket answered its cash-out of bet 1 (the script shows the answer; this page's
        watch shows the bet as stored, PlayState.follow_balance the balance), "1:asked" when
        no answer came in time, "1:" when it could not ask (a demo page, no socket) and
        "1:page" for a refusal the page shows itself: then bet 1 is cashed out here. The page
        shows the bets as the database has them, whatever the script said."""
        return await self._follow_answer(answer, CrashState.cash, self._cash_as_stored)

    async def _cash_as_stored(self, slot: str) -> Any:
        """No answer to a cash-out in time: the bets as stored, and its notice if it went."""
        play = await self._player_for(slot)
        if play is None:
            return None
        cashed = (await self._refresh()).get(int(slot))
        lang = await ui_lang(self)
        if cashed is not None and cashed.status == CrashBetStatus.CASHED and cashed.cashout:
            self.notice = crash_views.cashed_notice(
                cashed.cashout, cashed.payout, lang, await self._money()
            )
        return await refresh_header(self)

    @rx.event
    @checked
    async def stake_step(self, slot: Name, factor: Name) -> None:
        """½ and 2× beside a bet's stake, kept inside the game's limits."""
        if slot not in SLOTS or factor not in BET_FACTORS:
            await refuse(self)
            return
        play = await self.get_state(PlayState)
        limits = crash_rounds.SPEC.limits(await play._currency())
        stepped = limits.stepped(
            studio_rounds.readable_bet(getattr(self, f"stake_{slot}")), Decimal(factor)
        )
        setattr(self, f"stake_{slot}", typed_amount(stepped, await ui_lang(self), self._digits))


class CrashVerifyState(MemberPage, rx.State):
    """`/play/verify?round=crash-<id>`: any crashed round of the brand, recomputed (rounds are
    public: every player saw the same one)."""

    active: bool = False
    error: str = ""
    ok: bool = False
    rows: list[Detail] = []

    @rx.event
    @member_action
    async def load(self) -> None:
        round_id = self.router.url.query_parameters.get("round", "")[:64]
        self.active = round_id.startswith("crash-")
        self.error, self.rows, self.ok = "", [], False
        if not self.active:
            return
        lang = await ui_lang(self)
        brand = await current_brand(self)
        check = await crash_rounds.verify(round_id, brand.id)
        self.ok = check.matches
        self.rows = [
            Detail(label=translate(key, lang, **params), value=value)
            for key, params, value in crash_views.verification_rows(check, lang)
        ]


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "CrashState.load": (
        f"real play for the {LOGIN} (the studio page's session), or ?demo=1: this browser's demo "
        "balance"
    ),
    "CrashState.play_real": f"real play for the {LOGIN} (a launch of its own)",
    "CrashState.bet": (
        f"{ARGS}; slot 1 or 2; game session of the {LOGIN}, or this browser's demo balance"
    ),
    "CrashState.bet_answered": (
        f"{ARGS}; slot 1 or 2, answered, asked, page or not; clears the page's notice, shows the "
        f"bets and balance of the {LOGIN}'s game session as stored (same member), or hands "
        "on to CrashState.bet (its own gates)"
    ),
    "CrashState.cash": (
        f"{ARGS}; slot 1 or 2; bets of the {LOGIN} only, or this browser's demo bets"
    ),
    "CrashState.cash_answered": (
        f"{ARGS}; slot 1 or 2, answered, asked, page or not; clears the page's notice, shows the "
        f"{LOGIN}'s bets as stored, or hands on to CrashState.cash (its own gates)"
    ),
    "CrashState.stake_step": f"{ARGS}; slot 1 or 2, ½ or 2× only; this tab's form",
    "CrashState.set_auto": f"{ARGS}; this tab's form",
    "CrashState.set_stake": f"{ARGS}; this tab's form",
    "CrashState.watch": f"one watch per tab and page; bets of the {LOGIN} only",
    "CrashVerifyState.load": "public: crashed rounds' revealed seeds only",
}
