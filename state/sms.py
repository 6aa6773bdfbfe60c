"""Sending SMS codes from the popups, with the resend countdown of spec 4."""

from __future__ import annotations

import asyncio
from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.core.i18n import translate
from app.services.accounts import verification
from state.auth import WARNING_DIALOG, WARNING_MS, AuthState, solve_then
from state.dialog import DialogState
from state.site import SiteState, current_brand, page_visitor, require_open


class SmsState(rx.State):
    _purpose: str = "login"
    mobile: str = ""
    countdown: int = 0
    notice: str = ""

    @rx.event
    def set_mobile(self, value: str) -> None:
        self.mobile = value.strip()[:32]

    @rx.event
    def request_code(self, purpose: str) -> Any:
        """Let the browser solve the bot check, then send (getLoginCode / sendRegPhoneCode)."""
        if self.countdown > 0:
            return None
        self._purpose = purpose
        return solve_then(verification.new_pow_challenge(), SmsState.send)

    @rx.event
    async def send(self, bot_check: str) -> Any:
        site = await self.get_state(SiteState)
        brand = await current_brand(self)
        try:
            await require_open(self, money=False)
            await verification.check_pow(bot_check)
            phone = verification.normalize_phone("55", self.mobile)
            minutes = await verification.send_code(
                brand, self._purpose, phone, page_visitor(self).ip
            )
        except AppError as exc:
            # Spec 8: a failed send shows the server's message in a warning popup.
            auth = await self.get_state(AuthState)
            auth.warning = translate(exc.code, site.ui_lang)
            return DialogState.open_for(WARNING_DIALOG, WARNING_MS)
        self.notice = translate("verification-code-sent", site.ui_lang)
        self.countdown = minutes * 60
        return SmsState.tick

    @rx.event(background=True)
    async def tick(self) -> None:
        """The send button stays disabled, showing the seconds left, until the wait is over."""
        while True:
            await asyncio.sleep(1)
            async with self:
                if self.countdown <= 0:
                    return
                self.countdown -= 1
