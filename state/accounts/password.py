"""Password popups and pages: change (forced or chosen), forgot by e-mail or phone, reset."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app import routes
from app.services import gates
from app.services.accounts import passwords
from state.accounts.auth import (
    CHANGE_PASSWORD_DIALOG,
    FORGOT_DIALOG,
    LOGIN_DIALOG,
    AuthState,
    after_login,
    browser_client,
    current_login,
)
from state.dialog import DialogState
from state.gates import gated
from state.guard import ARGS, GUEST, LOGIN, Form, Name, checked
from state.member_page import MemberPage, member_action
from state.site import current_brand, page_visitor, picked_dial_code

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("PasswordState.", "open_change open_forgot set_forgot_tab", gates.VIEW),
    **gates.each(
        "PasswordState.",
        "change forgot_by_email reset_by_phone reset_with_link",
        gates.ACCOUNT,
    ),
}


class PasswordState(MemberPage, rx.State):
    forgot_tab: str = "email"
    errors: dict[str, str] = {}
    error: str = ""
    notice: str = ""

    def _reset(self) -> None:
        self.errors = {}
        self.error = ""
        self.notice = ""

    @rx.event
    @checked
    def set_forgot_tab(self, tab: Name) -> None:
        self.forgot_tab = tab if tab in ("email", "phone") else "email"
        self._reset()

    @rx.event
    def open_forgot(self) -> Any:
        self._reset()
        return [DialogState.close(LOGIN_DIALOG), DialogState.open(FORGOT_DIALOG)]

    @rx.event
    async def open_change(self) -> Any:
        self._reset()
        return DialogState.open(CHANGE_PASSWORD_DIALOG)

    @rx.event
    @gated
    @checked
    @member_action
    async def change(self, form: Form) -> Any:
        """Spec 4, change password success: reload info, close the popup, go to /."""
        auth = await self.get_state(AuthState)
        login = await current_login(self)
        ended = await passwords.change_password(
            login.member,
            login.session_id,
            str(form.get("oldPassword", "")),
            str(form.get("newPassword", "")),
            str(form.get("confirmNewPassword", "")),
            page_visitor(self).ip,
            end_other_sessions=form.get("keepOthers") != "on",
        )
        auth.force_change = False
        self._reset()
        if ended:
            await self._say("auth.sessions_ended", count=ended)
        await auth.restore()
        return [DialogState.close(CHANGE_PASSWORD_DIALOG), rx.redirect(routes.HOME)]

    @rx.event
    @gated
    @checked
    @member_action
    async def forgot_by_email(self, form: Form) -> None:
        await passwords.forgot_by_email(
            await current_brand(self),
            str(form.get("username", "")),
            str(form.get("email", "")),
            page_visitor(self).ip,
        )
        self._reset()
        await self._say("in_been_out")

    @rx.event
    @gated
    @checked
    @member_action
    async def reset_by_phone(self, form: Form) -> Any:
        """Code, new password, then automatic login and home (spec 4)."""
        brand = await current_brand(self)
        from state.accounts.sms import SmsState

        sms = await self.get_state(SmsState)
        client = await browser_client(self)
        value = await passwords.reset_by_phone(
            brand,
            await picked_dial_code(self, brand),
            sms.mobile,
            str(form.get("code", "")),
            str(form.get("newPassword", "")),
            str(form.get("confirmNewPassword", "")),
            client,
        )
        self._reset()
        events = await after_login(self, value)
        return [*events, DialogState.close(FORGOT_DIALOG), rx.redirect(routes.HOME)]

    @rx.event
    @gated
    @checked
    @member_action
    async def reset_with_link(self, form: Form) -> None:
        await passwords.reset_with_token(
            await current_brand(self),
            self.router.url.query_parameters.get("token", ""),
            str(form.get("newPassword", "")),
            str(form.get("confirmNewPassword", "")),
            page_visitor(self).ip,
        )
        self._reset()
        await self._say("auth.reset_done")


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "PasswordState.set_forgot_tab": ARGS,
    "PasswordState.open_forgot": GUEST,
    "PasswordState.open_change": GUEST,
    "PasswordState.change": f"{ARGS}; {LOGIN}; old password asked",
    "PasswordState.forgot_by_email": f"{ARGS}; e-mail to the account's owner",
    "PasswordState.reset_by_phone": f"{ARGS}; SMS code, browser bound",
    "PasswordState.reset_with_link": f"{ARGS}; the link's one-time token",
}
