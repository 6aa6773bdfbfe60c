"""The security centre: two-factor authentication setup and the password change entry.

The TOTP secret, its QR code and the recovery codes reach the page as client-side values
(`ClientStateVar`, pushed with the event's answer): they are shown, never kept in page state.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from app.services import gates
from app.services.accounts import totp
from state.accounts.auth import current_member, member_or_none
from state.gates import gated
from state.guard import ARGS, LOGIN, Form, checked
from state.member_page import MemberPage, member_action
from state.site import current_brand, page_visitor

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    "SecurityState.load": gates.READ,
    **gates.each("SecurityState.", "start_setup confirm turn_off", gates.ACCOUNT),
}

TOTP_QR = ClientStateVar.create("totp_qr", default="")
TOTP_SECRET = ClientStateVar.create("totp_secret", default="")
RECOVERY_CODES = ClientStateVar.create("recovery_codes", default=[])


def _shown(qr: str = "", secret: str = "", codes: list[str] | None = None) -> list[Any]:
    return [TOTP_QR.push(qr), TOTP_SECRET.push(secret), RECOVERY_CODES.push(codes or [])]


class SecurityState(MemberPage, rx.State):
    totp_enabled: bool = False
    setup_open: bool = False
    error: str = ""

    @rx.event
    async def load(self) -> Any:
        member = await member_or_none(self)
        if member is None:
            return None
        self.totp_enabled = member.totp_enabled
        self.setup_open = False
        self.error = ""
        return _shown()

    @rx.event
    @gated
    @member_action
    async def start_setup(self) -> Any:
        member = await current_member(self)
        setup = await totp.begin_setup(member, (await current_brand(self)).name)
        self.setup_open = True
        self.error = ""
        return _shown(qr=setup["qr"], secret=setup["secret"])

    @rx.event
    @gated
    @checked
    @member_action
    async def confirm(self, form: Form) -> Any:
        codes = await totp.confirm_setup(
            await current_member(self),
            str(form.get("password", "")),
            str(form.get("code", "")),
            page_visitor(self).ip,
        )
        self.totp_enabled = True
        self.setup_open = False
        self.error = ""
        return _shown(codes=codes)

    @rx.event
    @gated
    @checked
    @member_action
    async def turn_off(self, form: Form) -> Any:
        await totp.disable(
            await current_member(self),
            str(form.get("password", "")),
            str(form.get("code", "")),
            page_visitor(self).ip,
        )
        self.totp_enabled = False
        self.error = ""
        return _shown()


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "SecurityState.load": LOGIN,
    "SecurityState.start_setup": f"{LOGIN}; secret pushed, not kept",
    "SecurityState.confirm": f"{ARGS}; {LOGIN}; codes pushed, not kept",
    "SecurityState.turn_off": f"{ARGS}; {LOGIN}; password and code",
}
