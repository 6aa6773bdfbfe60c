"""Sending SMS codes from the popups, with the resend countdown of spec 4."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import reflex as rx

from app.services import gates
from app.services.accounts import verification
from state.accounts.auth import solve_then
from state.gates import gated
from state.guard import ARGS, BotAnswer, Name, checked
from state.member_page import MemberPage, member_action
from state.site import current_brand, page_visitor, picked_dial_code

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("SmsState.", "request_code set_mobile tick", gates.VIEW),
    "SmsState.send": gates.ACCOUNT,
}

TICK_STALE_SECONDS = 3  # no beat for this long: the countdown died with its process
PURPOSES = frozenset(verification.PURPOSE_MODULE)


class SmsState(MemberPage, rx.State):
    _purpose: str = "login"
    _tick_beat: float = 0.0
    mobile: str = ""
    countdown: int = 0
    notice: str = ""

    @rx.event
    @checked
    def set_mobile(self, value: Name) -> None:
        self.mobile = value.strip()[:32]

    @rx.event
    @checked
    def request_code(self, purpose: Name) -> Any:
        """Let the browser solve the bot check, then send (getLoginCode / sendRegPhoneCode)."""
        if self.countdown > 0 or purpose not in PURPOSES:
            return None
        self._purpose = purpose
        return solve_then(verification.new_pow_challenge(), SmsState.send)

    @rx.event
    @gated
    @checked
    @member_action
    async def send(self, bot_check: BotAnswer) -> Any:
        """Spec 8: a failed send shows the server's message in the warning popup (this
        state has no error line)."""
        brand = await current_brand(self)
        await verification.check_pow(bot_check)
        phone = verification.normalize_phone(await picked_dial_code(self, brand), self.mobile)
        minutes = await verification.send_code(brand, self._purpose, phone, page_visitor(self).ip)
        await self._say("verification-code-sent")
        self.countdown = minutes * 60
        return SmsState.tick

    @rx.event(background=True)
    async def tick(self) -> None:
        """The send button stays disabled, showing the seconds left, until the wait is over.
        One countdown per tab: a second call while one runs ends at once."""
        async with self:
            if time.time() - self._tick_beat < TICK_STALE_SECONDS:
                return
            self._tick_beat = time.time()
        while True:
            await asyncio.sleep(1)
            async with self:
                if self.countdown <= 0:
                    self._tick_beat = 0.0
                    return
                self.countdown -= 1
                self._tick_beat = time.time()


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "SmsState.set_mobile": ARGS,
    "SmsState.request_code": f"{ARGS}; known purposes only",
    "SmsState.send": f"{ARGS}; bot check, rate limits of the SMS service",
    "SmsState.tick": "one countdown per tab",
}
