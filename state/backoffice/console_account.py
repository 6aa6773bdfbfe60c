"""Console: a staff member's own credentials. The enrolment page (public, reached by an
invitation's link: own password, own authenticator) and My account (change the password,
move to a new authenticator).

The authenticator's secret and QR code reach the page as client-side values
(`ClientStateVar`, pushed with the event's answer): shown to the staff member, never kept in
page state; passwords and codes are read from the submitted form and not kept.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.backoffice import staff as staff_service
from app.services.backoffice.staff import Enrolment
from state.backoffice.console import ConsolePage, current_staff, failed, form_text, ui_lang
from state.guard import ARGS, STAFF, Form, checked
from state.site import page_visitor

NEW_TOTP_QR = ClientStateVar.create("staff_new_totp_qr", default="")
NEW_TOTP_KEY = ClientStateVar.create("staff_new_totp_key", default="")


def _shown(enrolment: Enrolment | None = None) -> list[Any]:
    """Push the new authenticator to the page, or take it away."""
    return [
        NEW_TOTP_QR.push(enrolment.qr if enrolment else ""),
        NEW_TOTP_KEY.push(enrolment.secret if enrolment else ""),
    ]


class EnrolState(rx.State):
    """The enrolment page: the invitation's token comes from the page's address."""

    error: str = ""
    notice: str = ""
    username: str = ""
    ready: bool = False  # the invitation is good: the form is shown

    def _token(self) -> str:
        return str(self.router.url.query_parameters.get("token", ""))[:128]

    @rx.event
    async def open_page(self) -> Any:
        self.error = self.notice = self.username = ""
        self.ready = False
        try:
            enrolment = await staff_service.begin_enrolment(self._token(), clock.now())
        except AppError as exc:
            await failed(self, exc)
            return _shown()
        self.username = enrolment.username
        self.ready = True
        return _shown(enrolment)

    @rx.event
    @checked
    async def submit(self, form: Form) -> Any:
        """The password and codes go to the service and are not kept."""
        try:
            await staff_service.complete_enrolment(
                self._token(),
                form_text(form, "password", 128),
                form_text(form, "confirmation", 128),
                form_text(form, "code", 16),
                page_visitor(self).ip,
                clock.now(),
            )
        except AppError as exc:
            return await failed(self, exc)
        self.ready = False
        self.error = ""
        self.notice = translate("bo-enrolled", await ui_lang(self))
        return _shown()


class AccountState(ConsolePage, rx.State):
    """My account: the logged-in staff member's own password and authenticator."""

    # A new authenticator is shown (NEW_TOTP_*, only while this is set), waiting for its
    # first code.
    totp_open: bool = False

    async def _refresh(self) -> Any:
        await current_staff(self)
        return None

    def _forget(self) -> None:
        self.totp_open = False

    @rx.event
    @checked
    async def change_password(self, form: Form) -> Any:
        return await self._act(
            lambda staff: staff_service.change_own_password(
                staff,
                form_text(form, "current", 128),
                form_text(form, "password", 128),
                form_text(form, "confirmation", 128),
                form_text(form, "code", 16),
                clock.now(),
            )
        )

    @rx.event
    async def start_totp(self) -> Any:
        enrolment = await staff_service.begin_own_totp(await current_staff(self))
        self.error = self.notice = ""
        self.totp_open = True
        return _shown(enrolment)

    @rx.event
    @checked
    async def change_totp(self, form: Form) -> Any:
        refreshed = await self._act(
            lambda staff: staff_service.change_own_totp(
                staff,
                form_text(form, "current", 128),
                form_text(form, "code", 16),
                form_text(form, "new_code", 16),
                clock.now(),
            ),
            forget=True,
        )
        # Done: the new authenticator leaves the page.
        return refreshed if self.error or refreshed is not None else _shown()


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "EnrolState.open_page": (
        "the one-time invitation token of the page's address; new secret pushed, not kept"
    ),
    "EnrolState.submit": (
        f"{ARGS}; the invitation's token, limited per address and invitation; password (common "
        "list) and code not kept"
    ),
    "AccountState.load": STAFF,
    "AccountState.change_password": f"{ARGS}; {STAFF}; own account only: current password and code",
    "AccountState.start_totp": f"{STAFF}; own account only; new secret pushed, not kept",
    "AccountState.change_totp": (
        f"{ARGS}; {STAFF}; own account only: password, current code, new code"
    ),
}
