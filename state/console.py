"""The back office's identity: who the staff member is, for the console pages.

A console login belongs to the browser: app/services/backoffice/staff.py binds it to the
secret of the browser's HttpOnly cookie, which the websocket handshake carries. Nothing of
it lives in page state, so a copied tab token, a member's login or a login that skipped the
TOTP step finds no staff member. `current_staff` is the one way a console event learns who
acts; every console use case then checks the permission and the brand itself.

Adding a console page: see docs/ARCHITECTURE.md, "Adding a console page".
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

import reflex as rx
from pydantic import Field

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.i18n.formatting import format_amount
from app.services.backoffice import dashboard, platform
from app.services.backoffice import staff as staff_service
from app.services.backoffice.staff import Staff
from state.guard import Form, Name, checked
from state.site import SiteState, browser_secret, page_visitor, rotate_browser

# A row's id as a console event names it.
RowId = Annotated[int, Field(ge=1, le=2_000_000_000)]


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


def text(value: object) -> str:
    return "" if value is None else str(value)


def utc_minutes(value: datetime) -> str:
    """A moment as the console's UTC columns show it."""
    return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M")


def money(value: Any, lang: str) -> str:
    return format_amount(value, lang)


def form_text(form: dict[str, Any], name: str, limit: int = 256) -> str:
    value = form.get(name)
    return value.strip()[:limit] if isinstance(value, str) else ""


class ConsolePage(rx.State, mixin=True):
    """What every console page's state shares: its two message lines, the page load that
    clears them and reads the page, and an action run as the logged-in staff member."""

    error: str = ""
    notice: str = ""

    if TYPE_CHECKING:  # each page reads its own rows

        async def _refresh(self) -> Any: ...

    def _forget(self) -> None:
        """What a page load forgets beside the messages (an open row, an image shown)."""

    def _clear(self) -> None:
        self.error = self.notice = ""
        self._forget()

    @rx.event
    async def load(self) -> Any:
        self._clear()
        return await self._refresh()

    async def _act(
        self, action: Callable[[Staff], Awaitable[object]], *, forget: bool = False
    ) -> Any:
        """Run an action of the page: a refusal is shown; otherwise the page is read again
        and says it is done (`forget`: and what was open is closed, as a page load does)."""
        try:
            await action(await current_staff(self))
        except AppError as exc:
            return await failed(self, exc)
        if forget:
            self._forget()
        return await self._read_after_action()

    async def _read_after_action(self, notice: str = "bo-done") -> Any:
        self.error = ""
        refreshed = await self._refresh()
        if not self.error:
            await done(self, notice)
        return refreshed


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
        self.staff_role = staff.role
        self.staff_brand = "*" if staff.merchant_id is None else str(staff.merchant_id)
        self.permissions = sorted(staff.permissions)
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


class DashboardState(ConsolePage, rx.State):
    open_withdrawals: int = 0
    open_withdrawal_amount: str = ""
    pending_approvals: int = 0
    new_players_today: int = 0
    deposits_today: str = ""
    login_warning: str = ""

    async def _refresh(self) -> Any:
        try:
            staff = await current_staff(self)
            found = await dashboard.summary(staff, clock.now())
        except AppError as exc:
            return await failed(self, exc)
        lang = await ui_lang(self)
        self.error = ""
        failures = await staff_service.failed_logins_notice(staff.session_id)
        self.login_warning = translate("bo-failed-logins", lang, count=failures) if failures else ""
        self.open_withdrawals = found.open_withdrawals
        self.open_withdrawal_amount = money(found.open_withdrawal_amount, lang)
        self.pending_approvals = found.pending_approvals
        self.new_players_today = found.new_players_today
        self.deposits_today = money(found.deposits_today, lang)
        return None
