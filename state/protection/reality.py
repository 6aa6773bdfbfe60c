"""The reality check as a dialog on every page (Portaria SPA/MF 1.231/2024): when the member's
continuous play reaches the brand's minutes, wherever they are on the site, they see the time
played and the net result and choose to continue or stop (app/services/protection/reality.py
refuses their bets until they answer)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.core.i18n.formatting import format_amount
from app.services import gates
from app.services.protection import reality
from app.services.protection.limits import REALITY_CHECK_DUE
from state.accounts.auth import STOPPED_PLAYING, AuthState, current_member, member_or_none
from state.dialog import DialogState
from state.guard import ARGS, LOGIN, checked
from state.member_page import MemberPage, member_action
from state.site import amount_digits, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("RealityState.", "answer check", gates.SESSION_END),
}

REALITY_DIALOG = "reality-check"


class RealityState(MemberPage, rx.State):
    minutes: int = 0
    net: str = ""  # formatted in the reader's locale, signed
    error: str = ""

    # Until when no check can fall due for this member unless they bet (`reality.due_check`):
    # the header's timer need not read the login and the member's play before it.
    _quiet_member_id: int = 0
    _quiet_until: float = 0.0

    @rx.event
    @checked
    async def check(self, fresh: bool = False) -> Any:
        """Open the dialog when the session's member has a check due, close it otherwise.
        Unless `fresh` (a page's load), nothing is read while the last look's quiet spell
        lasts: no check can fall due in it, whatever the member bets. Run by the header's
        watch too, so it reads the login without touching it."""
        auth = await self.get_state(AuthState)
        if not fresh and auth.is_login and _quiet_for(self, auth.member_id):
            return None
        member = await member_or_none(self, touch=False)
        if member is None:
            return None
        found = await reality.due_check(member, clock.now())
        if isinstance(found, datetime):
            self._quiet_member_id, self._quiet_until = member.id or 0, found.timestamp()
            return DialogState.close(REALITY_DIALOG)
        self._quiet_until = 0.0
        lang = await ui_lang(self)
        self.minutes = found.played_minutes
        self.net = format_amount(found.net, lang, await amount_digits(self))
        self.error = ""
        return DialogState.open(REALITY_DIALOG)

    @rx.event
    @checked
    @member_action
    async def answer(self, stop: bool) -> Any:
        """Continue (the next check in the brand's minutes) or stop (logged out everywhere, and
        the home page says so)."""
        await reality.answer(await current_member(self), clock.now(), stop=stop)
        closed = DialogState.close(REALITY_DIALOG)
        if not stop:
            return closed
        auth = await self.get_state(AuthState)
        return [closed, await auth._signed_out_by_own_choice(STOPPED_PLAYING, None)]


def _quiet_for(reality: RealityState, member_id: int) -> bool:
    return member_id == reality._quiet_member_id and clock.now().timestamp() < reality._quiet_until


async def may_be_due(state: rx.State, member_id: int) -> bool:
    """Whether the tab's reality check may have fallen due for the member, so that
    `RealityState.check` must look: not while the quiet spell its last look read lasts."""
    return not _quiet_for(await state.get_state(RealityState), member_id)


class RealityCheckedPage(MemberPage, mixin=True):
    """A page whose bets a due reality check stops (the studio's games): that refusal also
    brings up the check's dialog."""

    async def _failed(self, exc: AppError, at: str = "") -> Any:
        """Show the refusal; a bet refused for a due reality check brings up its dialog."""
        shown = await super()._failed(exc, at)
        return RealityState.check(True) if exc.code == REALITY_CHECK_DUE else shown


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "RealityState.check": f"{ARGS}; the {LOGIN}'s own check",
    "RealityState.answer": f"{ARGS}; the {LOGIN}'s own check",
}
