"""Password popups and pages: change (forced or chosen), forgot by e-mail or phone, reset."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app import routes
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.accounts import passwords
from state.auth import CHANGE_PASSWORD_DIALOG, FORGOT_DIALOG, LOGIN_DIALOG, AuthState, current_login
from state.dialog import DialogState
from state.errors import describe
from state.gates import gated
from state.guard import Form, Name, checked
from state.site import SiteState, current_brand, page_visitor, picked_dial_code


class PasswordState(rx.State):
    forgot_tab: str = "email"
    errors: dict[str, str] = {}
    error: str = ""
    notice: str = ""

    async def _brand_lang(self) -> tuple[Any, str]:
        site = await self.get_state(SiteState)
        return await current_brand(self), site.ui_lang

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
    async def change(self, form: Form) -> Any:
        """Spec 4, change password success: reload info, close the popup, go to /."""
        _, lang = await self._brand_lang()
        auth = await self.get_state(AuthState)
        old = str(form.get("oldPassword", ""))
        try:
            login = await current_login(self)
            ended = await passwords.change_password(
                login.member,
                login.session_id,
                old,
                str(form.get("newPassword", "")),
                str(form.get("confirmNewPassword", "")),
                self.router.session.client_ip or "unknown",
                end_other_sessions=form.get("keepOthers") != "on",
            )
        except AppError as exc:
            self.errors, self.error = describe(exc, lang)
            return None
        auth.force_change = False
        self._reset()
        self.notice = translate("auth.sessions_ended", lang, count=ended) if ended else ""
        await auth.restore()
        return [DialogState.close(CHANGE_PASSWORD_DIALOG), rx.redirect(routes.HOME)]

    @rx.event
    @gated
    @checked
    async def forgot_by_email(self, form: Form) -> None:
        brand, lang = await self._brand_lang()
        try:
            await passwords.forgot_by_email(
                brand,
                str(form.get("username", "")),
                str(form.get("email", "")),
                page_visitor(self).ip,
            )
        except AppError as exc:
            self.errors, self.error = describe(exc, lang)
            return
        self._reset()
        self.notice = translate("in_been_out", lang)

    @rx.event
    @gated
    @checked
    async def reset_by_phone(self, form: Form) -> Any:
        """Code, new password, then automatic login and home (spec 4)."""
        brand, lang = await self._brand_lang()
        auth = await self.get_state(AuthState)
        from state.sms import SmsState

        sms = await self.get_state(SmsState)
        try:
            auth._require_browser()
            value = await passwords.reset_by_phone(
                brand,
                await picked_dial_code(self, brand),
                sms.mobile,
                str(form.get("code", "")),
                str(form.get("newPassword", "")),
                str(form.get("confirmNewPassword", "")),
                auth._client(),
            )
        except AppError as exc:
            self.errors, self.error = describe(exc, lang)
            return None
        self._reset()
        events = await auth._after_login(value)
        return [*events, DialogState.close(FORGOT_DIALOG), rx.redirect(routes.HOME)]

    @rx.event
    @gated
    @checked
    async def reset_with_link(self, form: Form) -> None:
        brand, lang = await self._brand_lang()
        token = self.router.url.query_parameters.get("token", "")
        try:
            await passwords.reset_with_token(
                brand,
                token,
                str(form.get("newPassword", "")),
                str(form.get("confirmNewPassword", "")),
                self.router.session.client_ip or "unknown",
            )
        except AppError as exc:
            self.errors, self.error = describe(exc, lang)
            return
        self._reset()
        self.notice = translate("auth.reset_done", lang)
