"""A new member's first steps (app/services/first_steps.py): a card on the home page
while any is open, and the first-login action of spec 4: on the first login, a dialog on the
home page listing them, until the member puts it away (a Brazilian registration lands on the
identity page first: the dialog waits for the home page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.services import first_steps, gates
from state import follow
from state.accounts.auth import AuthState, member_or_none
from state.dialog import DialogState
from state.guard import LOGIN
from state.site import current_brand, current_path

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("FirstStepsState.", "dismiss load", gates.READ),
}

FIRST_STEPS_DIALOG = "first-steps"


@dataclass
class StepRow:
    key: str = ""  # its text is `first_steps.<key>`
    done: bool = False
    href: str = ""


class FirstStepsState(rx.State):
    rows: list[StepRow] = []
    open_count: int = 0
    # A break in force (its kind, and its end as ISO, "" when indefinite): the home shows it.
    break_kind: str = ""
    break_until: str = ""
    _welcomed: bool = False  # the member put the first-login dialog away in this tab

    @rx.event
    async def load(self) -> Any:
        """The member's steps; on their first login, the dialog once."""
        member = await member_or_none(self)
        if member is None:
            self.rows, self.open_count = [], 0
            self.break_kind, self.break_until = "", ""
            return None
        welcome = await first_steps.welcome(member, await current_brand(self), clock.now())
        on_break = welcome.on_break
        self.break_kind = on_break.kind.value if on_break else ""
        self.break_until = on_break.until.isoformat() if on_break and on_break.until else ""
        found = welcome.steps
        self.rows = [StepRow(step.key, step.done, step.href) for step in found]
        self.open_count = first_steps.open_count(found)
        auth = await self.get_state(AuthState)
        if (
            auth.first_time_login
            and not self._welcomed
            and self.open_count
            and await current_path(self) in (routes.HOME, *routes.HOME_ALIASES)
        ):
            return DialogState.open(FIRST_STEPS_DIALOG)
        return None

    @rx.event
    def dismiss(self) -> Any:
        """Later, or a step chosen: the dialog does not come back in this tab (a navigation
        alone closes it without that, so a registration's landing page shows it again)."""
        self._welcomed = True
        return DialogState.close(FIRST_STEPS_DIALOG)


follow.AFTER_LOGIN.append(FirstStepsState.load)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "FirstStepsState.load": f"the {LOGIN}'s own first steps",
    "FirstStepsState.dismiss": "a flag of the tab's own state",
}
