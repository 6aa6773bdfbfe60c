"""The member's own data on the security centre (app/services/accounts/profile.py decides
what may change)."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.core.i18n.formatting import format_day
from app.services import gates
from app.services.accounts import profile
from state.accounts.auth import member_or_none
from state.errors import describe
from state.gates import gated
from state.guard import ARGS, LOGIN, Form, checked
from state.member_page import MemberPage, member_action
from state.site import current_brand, page_visitor, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    "ProfileState.load": gates.READ,
    "ProfileState.save": gates.ACCOUNT,
}


@dataclass
class ProfileRow:
    """One free field of the form: its label is `reg.<name>` in the catalog."""

    name: str = ""
    value: str = ""
    error: str = ""
    contact: bool = False  # contact (shown first) or personal data


class ProfileState(MemberPage, rx.State):
    loaded: bool = False
    username: str = ""
    full_name: str = ""
    full_name_editable: bool = False
    birthday: str = ""
    birthday_editable: bool = False
    identity_brand: bool = False
    email: str = ""  # masked
    mobile: str = ""  # masked
    rows: list[ProfileRow] = []
    errors: dict[str, str] = {}  # the fixed fields' messages: payeeName, birthday, email, password
    error: str = ""
    notice: str = ""
    # Bumped on each save so the form's inputs mount again with the stored values.
    revision: int = 0

    def _show(
        self, seen: profile.ProfileView, lang: str, errors: dict[str, str] | None = None
    ) -> None:
        errors = errors or {}
        self.username, self.full_name = seen.username, seen.full_name
        self.full_name_editable = seen.full_name_editable
        self.birthday = format_day(seen.birthday, lang) if seen.birthday else ""
        self.birthday_editable, self.identity_brand = seen.birthday_editable, seen.identity_brand
        self.email, self.mobile = seen.email, seen.mobile
        self.rows = [
            ProfileRow(f.name, f.value, errors.get(f.name, ""), f.name in profile.CONTACT_FIELDS)
            for f in seen.fields
        ]
        free = {f.name for f in seen.fields}
        self.errors = {k: v for k, v in errors.items() if k not in free}
        self.loaded = True

    async def _failed(self, exc: AppError, at: str = "") -> None:
        """A refused change: the stored values again, each message beside its field."""
        lang = await ui_lang(self)
        fields, self.error = describe(exc, lang)
        self.notice = ""
        member = await member_or_none(self)
        if member is not None:
            self._show(profile.view(member, await current_brand(self)), lang, fields)

    @rx.event
    async def load(self) -> None:
        member = await member_or_none(self)
        if member is None:
            return
        self._show(profile.view(member, await current_brand(self)), await ui_lang(self))
        self.error = self.notice = ""

    @rx.event
    @gated
    @checked
    @member_action
    async def save(self, form: Form) -> None:
        password = str(form.get("password", ""))
        member = await member_or_none(self)
        if member is None:
            return
        brand = await current_brand(self)
        # The form's data also carries its inputs by id ("field-…"): only the fields named.
        names = profile.changeable_fields(brand)
        values = {
            name: value for name, value in form.items() if name in names and isinstance(value, str)
        }
        seen = await profile.update(
            member,
            brand,
            profile.ProfileChange(values, password),
            page_visitor(self).ip,
            clock.now(),
        )
        self._show(seen, await ui_lang(self))
        self.error = ""
        await self._say("profile.saved")
        self.revision += 1


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "ProfileState.load": f"the {LOGIN}'s own data (contacts masked)",
    "ProfileState.save": (
        f"{ARGS}; the {LOGIN}'s own data; named fields only; the password for a new e-mail"
    ),
}
