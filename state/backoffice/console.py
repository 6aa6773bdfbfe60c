"""The back office's identity: who the staff member is, for the console pages.

A console login belongs to the browser: app/services/backoffice/staff.py binds it to the
secret of the browser's HttpOnly cookie, which the websocket handshake carries. Nothing of
it lives in page state, so a copied tab token, a member's login or a login that skipped the
TOTP step finds no staff member. `current_staff` is the one way a console event learns who
acts; every console use case then checks the permission and the brand itself.

Adding a console page: see docs/ARCHITECTURE.md, "Adding a console page".
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import reflex as rx
from pydantic import Field
from reflex.event import BACKGROUND_TASK_MARKER

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import has_key, translate
from app.core.i18n.formatting import CENTS, format_amount, format_day, format_utc_minutes
from app.services.backoffice import dashboard, platform, reports
from app.services.backoffice import staff as staff_service
from app.services.backoffice.staff import Staff
from app.services.brands import Money, brands
from app.services.currencies import minor_digits
from state.guard import ARGS, GUEST, STAFF, Form, Name, checked
from state.site import SiteState, browser_secret, page_visitor, rotate_browser

H = TypeVar("H", bound=Callable[..., Awaitable[Any]])
# A row's id as a console event names it.
MAX_ROW_ID = 2_000_000_000
RowId = Annotated[int, Field(ge=1, le=MAX_ROW_ID)]


async def current_staff(state: rx.State) -> Staff:
    """The staff member logged in on this browser; staff-not-logged-in (AppError) otherwise."""
    return await staff_service.authenticate(browser_secret(state), clock.now())


async def brand_scope(state: Any) -> Staff:
    """The staff member of a per-brand console page; fills `state.brands` with the brands
    they may pick and keeps `state.brand` one of them (the first by default)."""
    staff = await current_staff(state)
    state.brands = await platform.brand_codes(staff.merchant_id)
    if state.brand not in state.brands:
        state.brand = state.brands[0] if state.brands else ""
    return staff


async def ui_lang(state: rx.State) -> str:
    return (await state.get_state(SiteState)).ui_lang


async def failed(state: Any, exc: AppError) -> Any:
    """Show a refused call's message on the page; an ended login goes to the login page."""
    if exc.code == "staff-not-logged-in":
        return rx.redirect(routes.ADMIN_LOGIN)
    state.error = translate(exc.code, await ui_lang(state), **exc.params)
    state.notice = ""
    return None


async def done(state: Any, notice: str = "bo-done") -> None:
    """A console action went through: the page says so."""
    state.error = ""
    state.notice = translate(notice, await ui_lang(state))


def said(key: str, code: str, lang: str) -> str:
    """The catalog's words for a code (`key`); a code the catalog does not know, as it is."""
    return translate(key, lang) if has_key(key) else code


def word(group: str, code: str, lang: str) -> str:
    """A status or type code in words (`bo.word.<group>.<code>`)."""
    return said(f"bo.word.{group}.{code}", code, lang)


def iso(value: datetime) -> str:
    """A moment as the console's ISO columns hold it (to the second)."""
    return value.isoformat(timespec="seconds")


def utc_minutes(value: datetime, lang: str) -> str:
    """A moment as the console's UTC columns show it, in the reader's format."""
    return format_utc_minutes(value, lang)


def money(value: Any, lang: str, digits: int = CENTS) -> str:
    """An amount as the console's tables write it: two decimals, or its currency's digits
    where every figure shown is in one currency (`digits`)."""
    return format_amount(value, lang, digits)


async def brand_money(merchant_ids: Iterable[int]) -> dict[int, Money]:
    """How each of these brands writes its amounts, for a table whose rows may come from
    several brands (an all-brand staff member's queue)."""
    return {
        merchant_id: Money.of(await brands.by_id(merchant_id)) for merchant_id in set(merchant_ids)
    }


def money_of(value: Any, lang: str, written: Money) -> str:
    """One brand's amount where the console may list several brands' side by side: with the
    brand's symbol, in its currency's digits (R$ 150,00 beside ₫ 1.480.000)."""
    return written.write(Decimal(value), lang)


def form_text(form: dict[str, Any], name: str, limit: int = 256) -> str:
    value = form.get(name)
    return value.strip()[:limit] if isinstance(value, str) else ""


def form_id(form: dict[str, Any], name: str, refusal: str, status: int = 404) -> int:
    """A row's id from its form (a hidden field): a whole number of the `RowId` range, else
    the page's refusal."""
    typed = form_text(form, name, 12)
    if not (typed.isascii() and typed.isdigit() and 1 <= int(typed) <= MAX_ROW_ID):
        raise AppError(refusal, status)
    return int(typed)


def showing_refusals(handler: H) -> H:
    """Run a console handler; a refusal (AppError) anywhere in it stops it and is shown on
    the page by `failed` (an ended login goes to the console login)."""

    @functools.wraps(handler)
    async def handling(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return await handler(self, *args, **kwargs)
        except AppError as exc:
            return await failed(self, exc)

    return handling  # type: ignore[return-value]


@dataclass(frozen=True)
class MenuItem:
    """A console page's entry in the menu, declared in its state module's `CONSOLE_MENU`: the
    link is shown to staff holding the permission (comfort: the server checks every call)."""

    path: str
    label: str  # catalog key
    permission: str
    place: int  # the menu lists entries by place


class ConsolePage(rx.State, mixin=True):
    """What every console page's state shares: its two message lines, the page load that
    clears them and reads the page, and an action run as the logged-in staff member.

    Every public handler of a page shows its refusals (`showing_refusals`, applied when the
    page's class is made): handlers and the reads they call are written straight, catching
    no AppError themselves. A background handler, which changes the state only inside
    `async with self`, handles its own.

    `acted` names the form or button whose result the lines hold: the page shows them
    beside it (components/console.feedback); "" shows them in the page's toast, in view
    wherever the page is scrolled (components/console.messages)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        for name, value in list(vars(cls).items()):
            background = getattr(value, BACKGROUND_TASK_MARKER, False)
            if not name.startswith("_") and inspect.iscoroutinefunction(value) and not background:
                setattr(cls, name, showing_refusals(value))
        super().__init_subclass__(**kwargs)

    error: str = ""
    notice: str = ""
    acted: str = ""

    if TYPE_CHECKING:  # each page reads its own rows

        async def _refresh(self) -> Any: ...

    def _forget(self) -> None:
        """What a page load forgets beside the messages (an open row, an image shown)."""

    def _clear(self) -> None:
        self.error = self.notice = self.acted = ""
        self._forget()

    @rx.event
    @showing_refusals
    async def load(self) -> Any:
        self._clear()
        return await self._refresh()

    async def _act(
        self,
        action: Callable[[Staff], Awaitable[object]],
        *,
        forget: bool = False,
        at: str = "",
    ) -> Any:
        """Run an action of the page (a refusal is shown by the handler); the page is read again
        and says it is done (`forget`: and what was open is closed, as a page load does).
        `at`: the form or button the result is shown beside."""
        self.acted = at
        await action(await current_staff(self))
        if forget:
            self._forget()
        return await self._read_after_action()

    def _picked(self, at: str, choice: str, offered: Collection[str], refusal: str) -> str:
        """A picker's choice, refused (`refusal`) unless it is offered; `at`: the picker the
        result is shown beside."""
        self.acted = at
        if choice not in offered:
            raise AppError(refusal, 422)
        return choice

    async def _read_after_action(self, notice: str = "bo-done") -> Any:
        self.error = ""
        refreshed = await self._refresh()
        if not self.error:
            await done(self, notice)
        return refreshed


class PagedConsolePage(ConsolePage, mixin=True):
    """A console page whose list is read one page at a time: the page's `_refresh` reads
    `page` and writes how many `pages` there are. A page whose list only knows whether more
    follow says so in `_has_next_page`; one that reads more than its list turns the page with
    `_read_page`."""

    page: int = 1
    pages: int = 1

    def _has_next_page(self) -> bool:
        return self.page < self.pages

    async def _read_page(self) -> Any:
        return await self._refresh()

    async def _first_page(self) -> Any:
        """The list read again from its first page (a new filter or search)."""
        self.page = 1
        return await self._read_page()

    @rx.event
    async def next_page(self) -> Any:
        if self._has_next_page():
            self.page += 1
        return await self._read_page()

    @rx.event
    async def previous_page(self) -> Any:
        self.page = max(1, self.page - 1)
        return await self._read_page()


class BrandConsolePage(ConsolePage, mixin=True):
    """A console page about one brand at a time, picked among those the staff member may
    see (`brand_scope` in the page's `_refresh`)."""

    brand: str = ""
    brands: list[str] = []

    @rx.event
    @checked
    async def pick_brand(self, code: Name) -> Any:
        self.brand = code.strip().upper()
        self._clear()
        return await self._refresh()


@dataclass
class BrandChoice:
    """A brand a page's figures can be narrowed to."""

    code: str = ""
    name: str = ""
    currency: str = ""


class CurrencyConsolePage(ConsolePage, mixin=True):
    """A console page of money summed over brands, one currency at a time (reais and dong
    are never added up), picked among those the staff member's brands hold, or narrowed to
    one of their brands (its currency with it); the page's `_refresh` reads `currency`,
    writes back the scope it got (`reports.scope`) and sums `_brand_code()`'s brand, or every
    brand of the currency."""

    currency: str = ""
    currencies: list[str] = []
    brand: str = ""  # "": every brand of the currency
    brand_choices: list[BrandChoice] = []  # offered to staff over several brands

    def _in_scope(self, scope: reports.Scope) -> int:
        """The currency shown and those offered, the brands to narrow to (a brand of another
        currency is let go); the minor digits its amounts show."""
        self.currency, self.currencies = scope.currency, list(scope.currencies)
        self.brand_choices = (
            [BrandChoice(b.code, b.name, b.currency) for b in scope.reach]
            if len(scope.reach) > 1
            else []
        )
        chosen = {choice.code for choice in self.brand_choices if choice.currency == self.currency}
        if self.brand not in chosen:
            self.brand = ""
        return minor_digits(scope.currency)

    def _brand_code(self) -> str | None:
        """The brand the figures are narrowed to; None: every brand of the currency."""
        return self.brand or None

    @rx.event
    @checked
    async def pick_brand(self, code: Name) -> Any:
        """One of the staff member's brands (`code`), in its currency, or every brand of the
        currency shown ("")."""
        self.acted = "brand"
        found = next((choice for choice in self.brand_choices if choice.code == code), None)
        if code and found is None:
            raise AppError("staff-brand-unknown", 422)
        self.brand = code
        if found is not None:
            self.currency = found.currency
        return await self._refresh()

    @rx.event
    @checked
    async def pick_currency(self, code: Name) -> Any:
        self.currency = self._picked("currency", code, self.currencies, "report-currency-invalid")
        return await self._refresh()


class ConsoleState(rx.State):
    """Who is logged in to the console, for the frame of every console page."""

    staff_name: str = ""
    staff_role: str = ""
    staff_brand: str = ""
    permissions: list[str] = []

    @rx.event
    async def gate(self) -> Any:
        """Every console page but the login: no live staff login, to the login page."""
        try:
            staff = await current_staff(self)
        except AppError:
            self.staff_name = self.staff_role = self.staff_brand = ""
            self.permissions = []
            return rx.redirect(routes.ADMIN_LOGIN)
        self.staff_name = staff.username
        self.staff_role = word("role", staff.role, await ui_lang(self))
        self.staff_brand = "*" if staff.merchant_id is None else str(staff.merchant_id)
        self.permissions = sorted(staff.usable)
        return None

    @rx.event
    async def logout(self) -> Any:
        await staff_service.logout(browser_secret(self), clock.now())
        self.staff_name = self.staff_role = self.staff_brand = ""
        self.permissions = []
        return rx.redirect(routes.ADMIN_LOGIN)


class ConsoleLoginState(rx.State):
    """The console's login form: user name, password and the authenticator's code."""

    error: str = ""
    notice: str = ""
    busy: bool = False

    @rx.event
    def open_page(self) -> None:
        self.error = ""
        self.busy = False

    @rx.event
    @checked
    async def submit(self, form: Form) -> Any:
        """The password and code go to the login service and are not kept."""
        self.busy = True
        try:
            found = await staff_service.login(
                form_text(form, "username", 64),
                form_text(form, "password", 128),
                form_text(form, "code", 16),
                browser_secret(self),
                page_visitor(self).ip,
                clock.now(),
            )
        except AppError as exc:
            self.busy = False
            return await failed(self, exc)
        self.busy = False
        self.error = ""
        # The console opens afresh with the login's new browser secret.
        return await rotate_browser(found.browser_secret, routes.ADMIN)


@dataclass
class DayBar:
    """One day of a console chart (the dashboard's, the reports'): plain numbers, the chart
    draws them."""

    day: str = ""  # in the locale's short format
    deposits: float = 0.0
    withdrawals: float = 0.0
    ggr: float = 0.0
    ngr: float = 0.0


def day_bars(days: Iterable[reports.DayRow], lang: str) -> list[DayBar]:
    return [
        DayBar(
            day=format_day(d.day, lang, "short"),
            deposits=float(d.deposits),
            withdrawals=float(d.withdrawals),
            ggr=float(d.ggr),
            ngr=float(d.ngr),
        )
        for d in days
    ]


# The dashboard's period figures compared with the period just before (tile: its figure).
COMPARED: dict[str, Callable[[dashboard.PeriodSummary], Decimal | int]] = {
    "ggr": lambda p: p.ggr,
    "bets": lambda p: p.bets,
    "wins": lambda p: p.wins,
    "ngr": lambda p: p.ngr,
    "deposits": lambda p: p.deposits,
    "withdrawals": lambda p: p.withdrawals,
    "bonus": lambda p: p.bonus_cost,
    "new-players": lambda p: p.new_players,
    "active-players": lambda p: p.active_players,
}


def _changes(figures: dashboard.PeriodSummary, lang: str) -> dict[str, str]:
    """Each figure's change in words: "+12 % vs the previous 7 days"."""
    before = figures.previous
    if before is None:
        return {}
    days = len(figures.days)
    one = "day" if days == 1 else "days"
    said: dict[str, str] = {}
    for name, figure in COMPARED.items():
        percent = dashboard.change(figure(figures), figure(before))
        if percent is None:
            said[name] = translate(f"bo.dash.vs-none-{one}", lang, days=days)
        else:
            shown = f"{percent:+d} %" if percent else "0 %"
            said[name] = translate(f"bo.dash.vs-{one}", lang, change=shown, days=days)
    return said


class DashboardState(CurrencyConsolePage, rx.State):
    open_withdrawals: int = 0
    open_withdrawal_amount: str = ""
    pending_approvals: int = 0
    new_players_today: int = 0
    deposits_today: str = ""
    login_warning: str = ""
    period: str = "7d"
    first: str = ""  # the custom period's local dates (ISO), as the date fields read them
    last: str = ""
    period_text: str = ""  # the period's dates in the locale's format
    bets: str = ""
    wins: str = ""
    ggr: str = ""
    bonus_cost: str = ""
    ngr: str = ""
    deposits: str = ""
    withdrawals: str = ""
    new_players: int = 0
    active_players: int = 0
    days: list[DayBar] = []
    changes: dict[str, str] = {}  # each figure's change against the period just before

    async def _refresh(self) -> Any:
        staff = await current_staff(self)
        scope = await reports.scope(staff, None, "dashboard.view", clock.now(), self.currency)
        digits = self._in_scope(scope)
        brand = self._brand_code()
        found = await dashboard.summary(staff, clock.now(), scope.currency, brand)
        figures = await dashboard.period(
            staff, self.period, self.first, self.last, clock.now(), scope.currency, brand
        )
        lang = await ui_lang(self)
        self.error = ""
        failures = await staff_service.failed_logins_notice(staff.session_id)
        self.login_warning = translate("bo-failed-logins", lang, count=failures) if failures else ""
        self.open_withdrawals = found.open_withdrawals
        self.open_withdrawal_amount = money(found.open_withdrawal_amount, lang, digits)
        self.pending_approvals = found.pending_approvals
        self.new_players_today = found.new_players_today
        self.deposits_today = money(found.deposits_today, lang, digits)
        self.period_text = (
            format_day(figures.first, lang)
            if figures.first == figures.last
            else f"{format_day(figures.first, lang)} – {format_day(figures.last, lang)}"
        )
        self.bets = money(figures.bets, lang, digits)
        self.wins = money(figures.wins, lang, digits)
        self.ggr, self.ngr = money(figures.ggr, lang, digits), money(figures.ngr, lang, digits)
        self.bonus_cost = money(figures.bonus_cost, lang, digits)
        self.deposits = money(figures.deposits, lang, digits)
        self.withdrawals = money(figures.withdrawals, lang, digits)
        self.new_players = figures.new_players
        self.active_players = figures.active_players
        self.changes = _changes(figures, lang)
        self.days = day_bars(figures.days, lang)
        return None

    @rx.event
    @checked
    async def pick_period(self, name: Name) -> Any:
        """Today, the last 7 or 30 days (today included)."""
        self.period = self._picked("period", name, dashboard.PRESET_DAYS, "report-invalid-period")
        return await self._refresh()

    @rx.event
    @checked
    async def custom_period(self, form: Form) -> Any:
        """Local dates from the form (the service checks them: at most 92 days)."""
        self.acted = "period"
        first, last = form_text(form, "first", 10), form_text(form, "last", 10)
        await dashboard.period(await current_staff(self), "custom", first, last, clock.now())
        self.period, self.first, self.last = "custom", first, last
        return await self._refresh()

    @rx.event
    async def export(self) -> Any:
        """The period's days as CSV (reports.export)."""
        data = await dashboard.period_csv(
            await current_staff(self),
            self.period,
            self.first,
            self.last,
            clock.now(),
            self.currency,
            self._brand_code(),
        )
        name = f"dashboard-{self.period}-{self.brand or self.currency}.csv"
        return rx.download(data=data, filename=name, mime_type="text/csv")


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "ConsoleState.gate": f"{STAFF}; none: redirect to the console login",
    "ConsoleState.logout": "ends this browser's console session",
    "ConsoleLoginState.open_page": GUEST,
    "ConsoleLoginState.submit": f"{ARGS}; password + TOTP, rate limited, browser bound",
    "DashboardState.load": STAFF,
    "DashboardState.pick_period": f"{ARGS}; {STAFF}; a preset period only",
    "DashboardState.pick_currency": f"{ARGS}; {STAFF}; a currency of the staff's brands",
    "DashboardState.pick_brand": f"{ARGS}; {STAFF}; one of the staff's brands, or all",
    "DashboardState.export": f"{STAFF}; reports.export",
    "DashboardState.custom_period": f"{ARGS}; {STAFF}; dates checked, 92 days",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN, "bo-dashboard", "dashboard.view", place=10),)
