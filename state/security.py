"""The security centre: two-factor authentication setup and the password change entry."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.core.i18n import translate
from app.services.accounts import totp
from state.auth import current_login
from state.site import SiteState, current_brand, page_visitor, require_open


class SecurityState(rx.State):
    totp_enabled: bool = False
    setup_qr: str = ""
    setup_secret: str = ""
    recovery_codes: list[str] = []
    error: str = ""

    async def _member_and_lang(self) -> tuple[Any, str, str]:
        site = await self.get_state(SiteState)
        login = await current_login(self)
        brand = await current_brand(self)
        return login.member, site.ui_lang, brand.name

    @rx.event
    async def load(self) -> None:
        try:
            member, _, _ = await self._member_and_lang()
        except AppError:
            return
        self.totp_enabled = member.totp_enabled
        self.setup_qr = self.setup_secret = ""
        self.recovery_codes = []
        self.error = ""

    @rx.event
    async def start_setup(self) -> None:
        member, lang, brand_name = await self._member_and_lang()
        try:
            await require_open(self, money=False)
            setup = await totp.begin_setup(member, brand_name)
        except AppError as exc:
            self.error = translate(exc.code, lang)
            return
        self.setup_qr = setup["qr"]
        self.setup_secret = setup["secret"]
        self.error = ""

    @rx.event
    async def confirm(self, form: dict[str, Any]) -> None:
        member, lang, _ = await self._member_and_lang()
        try:
            await require_open(self, money=False)
            self.recovery_codes = await totp.confirm_setup(
                member,
                str(form.get("password", "")),
                str(form.get("code", "")),
                page_visitor(self).ip,
            )
        except AppError as exc:
            self.error = translate(exc.code, lang)
            return
        self.totp_enabled = True
        self.setup_qr = self.setup_secret = ""
        self.error = ""

    @rx.event
    async def turn_off(self, form: dict[str, Any]) -> None:
        member, lang, _ = await self._member_and_lang()
        try:
            await require_open(self, money=False)
            await totp.disable(
                member,
                str(form.get("password", "")),
                str(form.get("code", "")),
                page_visitor(self).ip,
            )
        except AppError as exc:
            self.error = translate(exc.code, lang)
            return
        self.totp_enabled = False
        self.recovery_codes = []
        self.error = ""
