"""The security centre: two-factor authentication setup and the password change entry.

The TOTP secret, its QR code and the recovery codes reach the page as client-side values
(`ClientStateVar`, pushed with the event's answer): they are shown, never kept in page state.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from app.core.errors import AppError
from app.core.i18n import translate
from app.services.accounts import totp
from state.auth import current_login
from state.gates import gated
from state.guard import Form, checked
from state.site import SiteState, current_brand, page_visitor

TOTP_QR = ClientStateVar.create("totp_qr", default="")
TOTP_SECRET = ClientStateVar.create("totp_secret", default="")
RECOVERY_CODES = ClientStateVar.create("recovery_codes", default=[])


def _shown(qr: str = "", secret: str = "", codes: list[str] | None = None) -> list[Any]:
    return [TOTP_QR.push(qr), TOTP_SECRET.push(secret), RECOVERY_CODES.push(codes or [])]


class SecurityState(rx.State):
    totp_enabled: bool = False
    setup_open: bool = False
    error: str = ""

    async def _lang(self) -> str:
        return (await self.get_state(SiteState)).ui_lang

    async def _member_and_lang(self) -> tuple[Any, str, str]:
        site = await self.get_state(SiteState)
        login = await current_login(self)
        brand = await current_brand(self)
        return login.member, site.ui_lang, brand.name

    @rx.event
    async def load(self) -> Any:
        try:
            member, _, _ = await self._member_and_lang()
        except AppError:
            return None
        self.totp_enabled = member.totp_enabled
        self.setup_open = False
        self.error = ""
        return _shown()

    @rx.event
    @gated
    async def start_setup(self) -> Any:
        lang = await self._lang()
        try:
            member, lang, brand_name = await self._member_and_lang()
            setup = await totp.begin_setup(member, brand_name)
        except AppError as exc:
            self.error = translate(exc.code, lang)
            return None
        self.setup_open = True
        self.error = ""
        return _shown(qr=setup["qr"], secret=setup["secret"])

    @rx.event
    @gated
    @checked
    async def confirm(self, form: Form) -> Any:
        lang = await self._lang()
        try:
            member, lang, _ = await self._member_and_lang()
            codes = await totp.confirm_setup(
                member,
                str(form.get("password", "")),
                str(form.get("code", "")),
                page_visitor(self).ip,
            )
        except AppError as exc:
            self.error = translate(exc.code, lang)
            return None
        self.totp_enabled = True
        self.setup_open = False
        self.error = ""
        return _shown(codes=codes)

    @rx.event
    @gated
    @checked
    async def turn_off(self, form: Form) -> Any:
        lang = await self._lang()
        try:
            member, lang, _ = await self._member_and_lang()
            await totp.disable(
                member,
                str(form.get("password", "")),
                str(form.get("code", "")),
                page_visitor(self).ip,
            )
        except AppError as exc:
            self.error = translate(exc.code, lang)
            return None
        self.totp_enabled = False
        self.error = ""
        return _shown()
