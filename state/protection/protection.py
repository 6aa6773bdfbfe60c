"""The responsible-gaming page of the member centre: own limits, a break (cooling-off or
self-exclusion) and the "my activity" statement. Every rule is in app/services/protection and
app/services/exclusion; this state only shapes the view. Identity from `current_login`; a
refusal shows in `error` (state/member_page.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import reflex as rx

from app.core import clock
from app.core.i18n import translate
from app.services import exclusion, gates
from app.services.jurisdiction import profile_of
from app.services.protection import activity, limits
from models import Member
from state.accounts.auth import AuthState, current_member, member_or_none
from state.gates import gated
from state.guard import ARGS, LOGIN, Form, Name, checked
from state.member_page import MemberPage, member_action
from state.rows import iso_text, text
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("ProtectionState.", "load set_activity_period set_break_agreed", gates.READ),
    "ProtectionState.pick_kind": gates.VIEW,
    **gates.each("ProtectionState.", "save_limit confirm_limit cancel_limit", gates.ACCOUNT),
    "ProtectionState.take_break": gates.SESSION_END,
}

PERIODS = ("DAY", "WEEK", "MONTH")


@dataclass
class LimitRow:
    kind: str = ""
    period: str = ""
    money: bool = True  # its figures are amounts (the page writes them with the symbol)
    value: str = ""
    used: str = ""
    percent: int = 0  # of the limit used
    pending: bool = False
    pending_value: str = "-"  # "-": the request removes the limit
    pending_from: str = ""  # ISO
    confirmable: bool = False


@dataclass
class ActivityFigures:
    """The "my activity" statement of a period (amounts as plain numbers: the page formats
    them in the visitor's locale)."""

    deposits: str = "0"
    withdrawals: str = "0"
    stakes: str = "0"
    wins: str = "0"
    net: str = "0"
    bets: str = "0"
    balance: str = "0"


# The limit form's kinds, in the order it offers them (its first is picked when drawn).
LIMIT_KINDS = ("LOSS", "DEPOSIT", "WAGER", "BETS", "TIME")
LIMITS_FORM = "limit-form"  # the forms' test ids: a refusal shows beside the one refused
BREAK_FORM = "break-form"


class ProtectionState(MemberPage, rx.State):
    offered: bool = False
    central_url: str = ""
    limits: list[LimitRow] = []
    paused_until: str = ""
    break_agreed: bool = False  # the break's confirmation box: its button waits for it
    limit_kind: str = LIMIT_KINDS[0]  # the kind the limit form has picked: its value's unit
    activity_period: str = "DAY"
    activity: ActivityFigures = ActivityFigures()
    error: str = ""
    error_at: str = ""  # the form the error belongs to (its test id)
    notice: str = ""  # a limit's change, said beside the limits' form

    async def _refresh(self, member: Member) -> None:
        now = clock.now()
        brand = await current_brand(self)
        profile = profile_of(brand)
        self.offered = profile.player_limits
        self.central_url = profile.central_exclusion_url
        views = await limits.member_limits(member, now)
        self.limits = [
            LimitRow(
                kind=view.kind.value,
                period=view.period.value,
                money=view.kind.money,
                value=text(view.value),
                used=str(view.used),
                percent=int(view.share * 100),
                pending=view.pending,
                pending_value=text(view.pending_value) or "-",
                pending_from=iso_text(view.pending_from),
                confirmable=view.confirmable,
            )
            for view in views
        ]
        current = await exclusion.current(member, now)
        self.paused_until = (
            "" if current is None else ("∞" if current.until is None else current.until.isoformat())
        )
        found = await activity.statement(member, self.activity_period, now)
        self.activity = ActivityFigures(
            deposits=str(found.deposits),
            withdrawals=str(found.withdrawals),
            stakes=str(found.stakes),
            wins=str(found.wins),
            net=str(found.net),
            bets=str(found.bets),
            balance=str(found.balance),
        )

    @rx.event
    async def load(self) -> None:
        self.error = self.error_at = self.notice = ""
        self.break_agreed = False  # the page's box is drawn anew, unticked
        self.limit_kind = LIMIT_KINDS[0]  # and its limit form, on its first kind
        member = await member_or_none(self)
        if member is not None:
            await self._refresh(member)

    async def _done(self, member: Member, outcome: object, done_key: str) -> None:
        """A limit changed (or its raise waits): say so and show the limits now."""
        self.error = ""
        key = done_key
        if isinstance(outcome, limits.Change) and outcome.outcome == "PENDING":
            key = "protection.requested"
        await self._say(key)
        await self._refresh(member)

    async def _decide_request(
        self,
        decide: Callable[[Member, str, str, datetime], Awaitable[object]],
        kind: str,
        period: str,
        done_key: str,
    ) -> None:
        """The member's waiting change of a limit confirmed or withdrawn, and said so."""
        member = await current_member(self)
        await self._done(member, await decide(member, kind, period, clock.now()), done_key)

    @rx.event
    @gated
    @checked
    @member_action(at=LIMITS_FORM)
    async def save_limit(self, form: Form) -> None:
        self.limit_kind = LIMIT_KINDS[0]  # the form is drawn anew (reset on submit)
        kind, period = str(form.get("kind", "")), str(form.get("period", ""))
        value = str(form.get("value", ""))
        member = await current_member(self)
        changed = await limits.set_limit(member, kind, period, value, clock.now())
        await self._done(member, changed, "protection.saved")

    @rx.event
    @gated
    @checked
    @member_action(at=LIMITS_FORM)
    async def confirm_limit(self, kind: Name, period: Name) -> None:
        await self._decide_request(limits.confirm_limit, kind, period, "protection.saved")

    @rx.event
    @gated
    @checked
    @member_action(at=LIMITS_FORM)
    async def cancel_limit(self, kind: Name, period: Name) -> None:
        await self._decide_request(
            limits.cancel_request, kind, period, "protection.request_withdrawn"
        )

    @rx.event
    @checked
    def pick_kind(self, kind: Name) -> None:
        if kind in LIMIT_KINDS:
            self.limit_kind = kind

    @rx.event
    @checked
    def set_break_agreed(self, value: bool) -> None:
        self.break_agreed = value

    @rx.event
    @checked
    @member_action(at=BREAK_FORM)
    async def take_break(self, form: Form) -> Any:
        """A break ends every session of the member: this tab logs out at once and says
        why and until when."""
        if form.get("agree") not in (True, "on", "true"):
            self.error = translate("protection.agree_required", await ui_lang(self))
            self.error_at, self.notice = BREAK_FORM, ""
            return None
        choice = str(form.get("length", ""))
        kind, _, days = choice.partition(":")
        started = await exclusion.exclude(
            await current_member(self), kind, None if days == "indefinite" else days, clock.now()
        )
        self.error = self.notice = ""
        auth = await self.get_state(AuthState)
        return await auth._signed_out_by_own_choice(started.kind.value, started.until)

    @rx.event
    @checked
    async def set_activity_period(self, period: Name) -> None:
        if period not in PERIODS:
            return
        self.activity_period = period
        member = await member_or_none(self)
        if member is not None:
            await self._refresh(member)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "ProtectionState.load": LOGIN,
    "ProtectionState.save_limit": f"{ARGS}; limits service for the {LOGIN}",
    "ProtectionState.confirm_limit": f"{ARGS}; the {LOGIN}'s own limit",
    "ProtectionState.cancel_limit": f"{ARGS}; the {LOGIN}'s own limit",
    "ProtectionState.take_break": f"{ARGS}; exclusion of the {LOGIN}; ticked",
    "ProtectionState.set_break_agreed": ARGS,
    "ProtectionState.pick_kind": f"{ARGS}; a limit kind; this tab's form",
    "ProtectionState.set_activity_period": f"{ARGS}; one of three; {LOGIN}",
}
