"""Autobet and hotkeys of the studio's game page (every game).

Autobet: the run (app/services/studio/autobet.py) lives on the server side of the state; the
page asks for one bet at a time (`autobet_step`), each an ordinary round with every gate of a
bet by hand, and the step itself returns the next step while the run may go on. The server
alone decides whether there is a next bet; the browser only carries the chain, so a closed
tab stops the run after the bet under way. A short pause between bets lets the result show.

Hotkeys: a switch kept by this browser (`studioHotkeys`, state/client_storage.py); the page's
script (components/studio/auto.py) acts on keys only while it is on.
"""

from __future__ import annotations

import asyncio
from decimal import Decimal
from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.core.i18n import translate
from app.services import gates
from app.services.protection.limits import REALITY_CHECK_DUE
from app.services.studio import autobet
from state.gates import gated
from state.guard import ARGS, LOGIN, Form, checked
from state.member_page import member_action
from state.protection.reality import RealityState
from state.site import ui_lang
from state.studio.play import PlayState
from state.studio.studio_views import REVEAL_SECONDS

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    # Autobet: every step is a bet (each round passes the wallet's own checks as well).
    **gates.each("AutobetState.", "start_autobet autobet_step", gates.MONEY),
    **gates.each("AutobetState.", "forget_autobet stop_autobet", gates.SESSION_END),
    "HotkeyState.set_hotkeys": gates.VIEW,
}

# Between two bets of a run: the result shows before the next one, once the board has
# revealed it (the wheel's spin, the ball's drop): a next round sooner cut the animation off,
# and the header's balance said a payout the board never showed.
PAUSE_SECONDS = 0.6
HOTKEYS_ON = "on"
HOTKEYS_OFF = "off"
# Form fields of the autobet form, and the plan's argument each one fills.
FIELDS = {
    "bets": "bets",
    "stopProfit": "stop_profit",
    "stopLoss": "stop_loss",
    "onWin": "on_win",
    "onWinPercent": "on_win_percent",
    "onLoss": "on_loss",
    "onLossPercent": "on_loss_percent",
}


class AutobetState(PlayState):
    _run: autobet.Run | None = None
    auto_running: bool = False
    auto_bets: str = "10"
    auto_stop_profit: str = ""
    auto_stop_loss: str = ""
    auto_on_win: str = autobet.RESET
    auto_on_win_percent: str = ""
    auto_on_loss: str = autobet.RESET
    auto_on_loss_percent: str = ""
    auto_played: int = 0
    auto_profit: str = ""
    auto_status: str = ""  # why the last run ended, translated
    auto_refused: bool = False  # it ended on a refusal (a limit, the balance, a check)

    async def _play(self) -> PlayState:
        return await self.get_state(PlayState)

    async def _reason(self, run: autobet.Run, lang: str) -> str:
        money = await (await self._play())._money()
        params = {
            key: money.write(value, lang) if isinstance(value, Decimal) else value
            for key, value in run.reason.items()
        }
        return translate(run.stopped, lang, **params)

    async def _show(self, run: autobet.Run) -> Any:
        """The run's counters on the page; when it ended, why (a due reality check also
        brings up its dialog)."""
        lang = await ui_lang(self)
        self._run = run
        self.auto_played = run.played
        self.auto_profit = (await (await self._play())._money()).write(run.profit, lang)
        self.auto_running = run.running
        if run.played:  # the chips of a game that has them show the next bet (the roulette's)
            await (await (await self._play())._choices())._follow_stake(run.stake, run.running)
        if run.running:
            return None
        self.auto_status = await self._reason(run, lang)
        self.auto_refused = run.stopped not in autobet.OWN_STOPS
        self._run = None
        return RealityState.check(True) if run.stopped == REALITY_CHECK_DUE else None

    async def _failed(self, exc: AppError, at: str = "") -> None:
        """A refused run shows where a run says why it ended (not in the page's error)."""
        self.auto_status = translate(exc.code, await ui_lang(self), **exc.params)
        self.auto_refused = True

    @rx.event
    @gated
    @checked
    @member_action
    async def start_autobet(self, form: Form) -> Any:
        play = await self._play()
        play.error = play.notice = ""
        self.auto_status, self.auto_refused = "", False
        if self.auto_running or play.mode not in ("real", "demo"):
            return None
        if not await play._same_member():
            return None
        typed = {field: str(form.get(field) or "")[:16] for field in FIELDS}
        self.auto_bets, self.auto_stop_profit = typed["bets"], typed["stopProfit"]
        self.auto_stop_loss = typed["stopLoss"]
        self.auto_on_win, self.auto_on_win_percent = typed["onWin"], typed["onWinPercent"]
        self.auto_on_loss, self.auto_on_loss_percent = typed["onLoss"], typed["onLossPercent"]
        chosen = autobet.plan(
            await play._bet_limits(),
            stake=play.bet,
            **{FIELDS[field]: value for field, value in typed.items()},
        )
        await self._show(autobet.start(chosen))
        return AutobetState.autobet_step

    @rx.event
    @gated
    async def autobet_step(self) -> Any:
        """One bet of the running autobet, then the next step while the run may go on."""
        run = self._run
        if run is None or not run.running:
            self.auto_running = False
            return None
        play = await self._play()
        if play.mode not in ("real", "demo") or not await play._same_member():
            return await self._show(autobet.stop(run))
        if run.played:
            await asyncio.sleep(PAUSE_SECONDS + REVEAL_SECONDS.get(play.kind, 0))
        play.error = ""
        choices = await play._choices()
        view, run = await autobet.bet(play._player(), play.code, run, choices._params())
        events: list[Any] = []
        if view is not None:
            play.bet = await play._typed_stake(run.stake)
            refreshed = await play._after(view)  # None, an event or a list of them
            if refreshed is not None:
                events.extend(refreshed if isinstance(refreshed, list) else [refreshed])
        shown = await self._show(autobet.next_stop(run, await play._bet_limits()))
        if shown is not None:
            events.append(shown)
        if self.auto_running:
            events.append(AutobetState.autobet_step)
        return events

    @rx.event
    def forget_autobet(self) -> None:
        """The panel appears (a page load): a run of an earlier page has no page to go on
        with any more, so it ends without a word."""
        self._run = None
        self.auto_running = False
        self.auto_played, self.auto_profit, self.auto_status = 0, "", ""

    @rx.event
    async def stop_autobet(self) -> Any:
        if self._run is not None:
            return await self._show(autobet.stop(self._run))
        self.auto_running = False
        return None


class HotkeyState(rx.State):
    hotkeys: str = rx.LocalStorage(HOTKEYS_ON, name="studioHotkeys", sync=True)

    @rx.var
    def hotkeys_on(self) -> bool:
        return self.hotkeys != HOTKEYS_OFF

    @rx.event
    @checked
    def set_hotkeys(self, on: bool) -> None:
        self.hotkeys = HOTKEYS_ON if on else HOTKEYS_OFF


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "AutobetState.start_autobet": (
        f"{ARGS}; a checked plan, then bets of the {LOGIN} (same member) or this tab's demo"
    ),
    "AutobetState.autobet_step": (
        "one bet of the server's own running plan only, each through rounds.play (same member)"
    ),
    "AutobetState.stop_autobet": "this tab's own run: only ever stops it",
    "AutobetState.forget_autobet": "this tab's own run: only ever ends it",
    "HotkeyState.set_hotkeys": ARGS,
}
