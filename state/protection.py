"""The responsible-gaming page of the member centre: own limits, a break (cooling-off or
self-exclusion) and the "my activity" statement. Every rule is in app/services/protection and
app/services/exclusion; this state only shapes the view. Identity from `current_login`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import exclusion
from app.services.jurisdiction import profile_of
from app.services.protection import activity, limits
from state.auth import AuthState, current_login
from state.gates import gated
from state.guard import Form, Name, checked
from state.site import SiteState, current_brand

PERIODS = ("DAY", "WEEK", "MONTH")


def _shown(value: object) -> str:
    return "" if value is None else str(value)


@dataclass
class LimitRow:
    kind: str = ""
    period: str = ""
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


class ProtectionState(rx.State):
    offered: bool = False
    central_url: str = ""
    limits: list[LimitRow] = []
    paused_until: str = ""
    activity_period: str = "DAY"
    activity: ActivityFigures = ActivityFigures()
    error: str = ""
    notice: str = ""

    async def _lang(self) -> str:
        return (await self.get_state(SiteState)).ui_lang

    async def _refresh(self, member: Any) -> None:
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
                value=_shown(view.value),
                used=str(view.used),
                percent=int(view.share * 100),
                pending=view.pending,
                pending_value=_shown(view.pending_value) or "-",
                pending_from=view.pending_from.isoformat() if view.pending_from else "",
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
        self.error = self.notice = ""
        try:
            login = await current_login(self)
        except AppError:
            return
        await self._refresh(login.member)

    async def _run(self, action: Any, done_key: str) -> None:
        lang = await self._lang()
        try:
            login = await current_login(self)
            outcome = await action(login.member)
        except AppError as exc:
            self.error = translate(exc.code, lang, **exc.params)
            self.notice = ""
            return
        self.error = ""
        key = done_key
        if isinstance(outcome, limits.Change) and outcome.outcome == "PENDING":
            key = "protection.requested"
        self.notice = translate(key, lang)
        await self._refresh(login.member)

    @rx.event
    @gated
    @checked
    async def save_limit(self, form: Form) -> None:
        kind, period = str(form.get("kind", "")), str(form.get("period", ""))
        value = str(form.get("value", ""))

        async def action(member: Any) -> Any:
            return await limits.set_limit(member, kind, period, value, clock.now())

        await self._run(action, "protection.saved")

    @rx.event
    @gated
    @checked
    async def confirm_limit(self, kind: Name, period: Name) -> None:
        async def action(member: Any) -> Any:
            return await limits.confirm_limit(member, kind, period, clock.now())

        await self._run(action, "protection.saved")

    @rx.event
    @gated
    @checked
    async def cancel_limit(self, kind: Name, period: Name) -> None:
        async def action(member: Any) -> Any:
            return await limits.cancel_request(member, kind, period, clock.now())

        await self._run(action, "protection.request_withdrawn")

    @rx.event
    @checked
    async def take_break(self, form: Form) -> Any:
        """A break ends every session of the member: this tab logs out at once and says
        why and until when."""
        lang = await self._lang()
        if form.get("agree") not in (True, "on", "true"):
            self.error = translate("protection.agree_required", lang)
            self.notice = ""
            return None
        choice = str(form.get("length", ""))
        kind, _, days = choice.partition(":")
        try:
            login = await current_login(self)
            started = await exclusion.exclude(
                login.member, kind, None if days == "indefinite" else days, clock.now()
            )
        except AppError as exc:
            self.error, self.notice = translate(exc.code, lang, **exc.params), ""
            return None
        self.error = self.notice = ""
        auth = await self.get_state(AuthState)
        return await auth._signed_out_for_break(started.kind.value, started.until)

    @rx.event
    @checked
    async def set_activity_period(self, period: Name) -> None:
        if period not in PERIODS:
            return
        self.activity_period = period
        try:
            login = await current_login(self)
        except AppError:
            return
        await self._refresh(login.member)
