"""Console: reports (deposits, withdrawals, GGR and NGR per day, a chart and CSV)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import reflex as rx
from pydantic import Field

from app import routes
from app.core import clock
from app.core.i18n.formatting import format_day
from app.services.backoffice import reports
from state.backoffice.console import (
    CurrencyConsolePage,
    DayBar,
    MenuItem,
    current_staff,
    day_bars,
    money,
    ui_lang,
)
from state.guard import ARGS, STAFF, Name, checked

Days = Annotated[int, Field(ge=1, le=reports.MAX_DAYS)]


@dataclass
class DayRow:
    """A day's figures, formatted in the console's language."""

    day: str = ""  # ISO
    deposits: str = ""
    withdrawals: str = ""
    bets: str = ""
    wins: str = ""
    ggr: str = ""
    bonus: str = ""
    ngr: str = ""


@dataclass
class SliceRow:
    key: str = ""  # the brand's code, the category or the vendor
    bets: str = ""
    wins: str = ""
    ggr: str = ""
    facts: int = 0


@dataclass
class SliceBar:
    key: str = ""
    ggr: float = 0.0


class ReportsState(CurrencyConsolePage, rx.State):
    days: int = 14
    rows: list[DayRow] = []
    chart: list[DayBar] = []
    by: str = "category"
    slices: list[SliceRow] = []
    slice_chart: list[SliceBar] = []

    async def _refresh(self) -> Any:
        staff, now = await current_staff(self), clock.now()
        scope = await reports.scope(staff, None, "reports.view", now, self.currency)
        digits = self._in_scope(scope)
        brand = self._brand_code()
        found = await reports.daily(staff, brand, self.days, now, scope.currency)
        parts = await reports.breakdown(
            staff, brand, self.days, self._dimension(), now, scope.currency
        )
        lang = await ui_lang(self)
        self.slices = [
            SliceRow(
                key=r.key,
                bets=money(r.bets, lang, digits),
                wins=money(r.wins, lang, digits),
                ggr=money(r.ggr, lang, digits),
                facts=r.facts,
            )
            for r in parts
        ]
        self.slice_chart = [SliceBar(key=r.key, ggr=float(r.ggr)) for r in parts[:12]]
        self.error = ""
        self.rows = [
            DayRow(
                day=format_day(r.day, lang),
                deposits=money(r.deposits, lang, digits),
                withdrawals=money(r.withdrawals, lang, digits),
                bets=money(r.bets, lang, digits),
                wins=money(r.wins, lang, digits),
                ggr=money(r.ggr, lang, digits),
                bonus=money(r.bonus_cost, lang, digits),
                ngr=money(r.ngr, lang, digits),
            )
            for r in reversed(found)
        ]
        self.chart = day_bars(found, lang)
        return None

    def _dimension(self) -> reports.Dimension:
        return next((d for d in reports.DIMENSIONS if d == self.by), "category")

    @rx.event
    @checked
    async def set_days(self, days: Days) -> Any:
        self.days = days
        return await self._refresh()

    @rx.event
    @checked
    async def set_by(self, by: Name) -> Any:
        self.by = by if by in reports.DIMENSIONS else "category"
        return await self._refresh()

    @rx.event
    async def export_breakdown(self) -> Any:
        data = await reports.breakdown_csv(
            await current_staff(self),
            self._brand_code(),
            self.days,
            self._dimension(),
            clock.now(),
            self.currency,
        )
        name = f"ggr-by-{self.by}-{self.brand or self.currency}.csv"
        return rx.download(data=data, filename=name, mime_type="text/csv")

    @rx.event
    async def export(self) -> Any:
        data = await reports.daily_csv(
            await current_staff(self), self._brand_code(), self.days, clock.now(), self.currency
        )
        name = f"daily-report-{self.brand or self.currency}.csv"
        return rx.download(data=data, filename=name, mime_type="text/csv")


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "ReportsState.set_by": f"{ARGS}; {STAFF}",
    "ReportsState.export_breakdown": STAFF,
    "ReportsState.load": STAFF,
    "ReportsState.set_days": f"{ARGS}; {STAFF}",
    "ReportsState.export": STAFF,
    "ReportsState.pick_currency": f"{ARGS}; {STAFF}; a currency of the staff's brands",
    "ReportsState.pick_brand": f"{ARGS}; {STAFF}; one of the staff's brands, or all",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_REPORTS, "bo-reports", "reports.view", place=70),)
