"""Console: staff and roles (create a role from the permission catalogue, create a staff
member with a role and brand, or issue a new invitation, and show its one-time link once;
lock, unlock). The link reaches the page as a client-side value, never kept in page state;
nobody here sees or sets a password or an authenticator secret."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from app import routes
from app.core import clock
from app.services.backoffice import platform
from app.services.backoffice import staff as staff_service
from app.services.backoffice.permissions import ALL
from app.services.backoffice.staff import Invitation, Staff
from state.backoffice.console import (
    ConsolePage,
    MenuItem,
    RowId,
    current_staff,
    form_text,
    said,
    ui_lang,
    word,
)
from state.guard import ARGS, STAFF, Form, checked
from state.rows import text

PERMISSION_FIELD = "perm:"
INVITATION_LINK = ClientStateVar.create("staff_invitation_link", default="")
# What the list shows for an account whose holder has not enrolled yet.
INVITED = "INVITED"


@dataclass
class RoleRow:
    name: str = ""
    permissions: str = ""  # in words, comma separated


@dataclass
class Choice:
    """A permission or a role: its code, and what the reader sees."""

    code: str = ""
    label: str = ""  # in the reader's words


def permission_label(code: str, lang: str) -> str:
    return said(f"bo.perm.{code}", code, lang)


@dataclass
class StaffRow:
    id: int = 0
    username: str = ""
    brand: str = ""
    role: str = ""
    status: str = ""
    last_login: str = ""  # ISO, "" before the first login


class TeamState(ConsolePage, rx.State):
    catalogue: list[Choice] = []
    roles: list[RoleRow] = []
    role_choices: list[Choice] = []  # built-in roles in words, the others by their name
    members: list[StaffRow] = []
    brands: list[str] = []
    # Whose invitation link is shown (the link itself: INVITATION_LINK, shown while this
    # is set), until the next load.
    invited_name: str = ""

    async def _refresh(self) -> Any:
        staff = await current_staff(self)
        listed = await staff_service.staff_list(staff, clock.now())
        roles = await staff_service.roles()
        self.brands = await platform.brand_codes(staff.merchant_id)
        lang = await ui_lang(self)
        self.catalogue = [Choice(code, permission_label(code, lang)) for code in sorted(ALL)]
        self.roles = [
            RoleRow(
                name=word("role", r.name, lang),
                permissions=", ".join(permission_label(code, lang) for code in r.permissions),
            )
            for r in roles
        ]
        self.role_choices = [Choice(r.name, word("role", r.name, lang)) for r in roles]
        self.members = [
            StaffRow(
                id=m.id,
                username=m.username,
                brand=m.merchant_code,
                role=word("role", m.role, lang),
                status=word("staff", m.status if m.enrolled else INVITED, lang),
                last_login=text(m.last_login_at and m.last_login_at.isoformat("T", "seconds")),
            )
            for m in listed
        ]
        return None

    def _forget(self) -> None:
        self.invited_name = ""

    async def _invite(self, issue: Any) -> Any:
        """Issue an invitation; its link goes to the page once, not into page state."""
        issued: list[Invitation] = []

        async def run(staff: Staff) -> None:
            issued.append(await issue(staff))

        refreshed = await self._act(run)
        if not issued or refreshed is not None:
            return refreshed
        self.invited_name = issued[0].username
        return INVITATION_LINK.push(issued[0].link)

    @rx.event
    @checked
    async def create_role(self, form: Form) -> Any:
        chosen = [
            name.removeprefix(PERMISSION_FIELD)
            for name, value in form.items()
            if name.startswith(PERMISSION_FIELD) and value not in (None, "", False)
        ]
        return await self._act(
            lambda staff: staff_service.create_role(
                staff, form_text(form, "name", 40), chosen, clock.now()
            )
        )

    @rx.event
    @checked
    async def create_staff(self, form: Form) -> Any:
        """A new account by invitation: its holder chooses the password and authenticator."""
        brand = form_text(form, "brand", 16)
        return await self._invite(
            lambda staff: staff_service.create_staff(
                staff,
                form_text(form, "username", 40),
                form_text(form, "role", 40),
                None if brand in ("", "*") else brand,
                clock.now(),
            )
        )

    @rx.event
    @checked
    async def reinvite_staff(self, staff_id: RowId) -> Any:
        """Revoke the staff member's password and authenticator; a new invitation instead."""
        return await self._invite(
            lambda staff: staff_service.reinvite(staff, staff_id, clock.now())
        )

    @rx.event
    @checked
    async def lock_staff(self, staff_id: RowId) -> Any:
        return await self._set_locked(staff_id, True)

    @rx.event
    @checked
    async def unlock_staff(self, staff_id: RowId) -> Any:
        return await self._set_locked(staff_id, False)

    async def _set_locked(self, staff_id: int, locked: bool) -> Any:
        return await self._act(
            lambda staff: staff_service.set_locked(staff, staff_id, locked, clock.now())
        )

    @rx.event
    def dismiss_invitation(self) -> Any:
        self._forget()
        return INVITATION_LINK.push("")


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "TeamState.load": STAFF,
    "TeamState.create_role": f"{ARGS}; {STAFF}; only permissions held",
    "TeamState.create_staff": (
        f"{ARGS}; {STAFF}; only roles within own; invitation link pushed, not kept"
    ),
    "TeamState.lock_staff": f"{ARGS}; {STAFF}",
    "TeamState.unlock_staff": f"{ARGS}; {STAFF}",
    "TeamState.reinvite_staff": (
        f"{ARGS}; {STAFF}; only roles within own; invitation link pushed, not kept"
    ),
    "TeamState.dismiss_invitation": "clears this tab's shown invitation",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_STAFF, "bo-staff", "staff.view", place=50),)
