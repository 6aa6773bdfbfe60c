"""Display options the visitor sets (spec 4): side menu shown or hidden, its panels.

Floating parts never stay in the way (issue 35): a panel closes on Escape, on a tap outside, on
the next page, at login and at logout. The side rail is for wide screens only (a phone has its
parts in the menu); a visitor may hide its links there, and the choice stays."""

from __future__ import annotations

import reflex as rx

from app.services import gates
from state import follow
from state.guard import ARGS, GUEST, Name, Text, checked

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each(
        "UiState.",
        "toggle_panel toggle_side_menu close_floating close_on_escape toggle_member_nav",
        gates.VIEW,
    ),
}

SIDE_MENU_CLOSED = "0"
ESCAPE = "Escape"


async def close_floats(state: rx.State) -> None:
    """What floats over the page closes (from another state: a new page, a login)."""
    (await state.get_state(UiState))._close()


class UiState(rx.State):
    # "" (shown) until the visitor hides the rail's links.
    side_menu_choice: str = rx.LocalStorage("", name="sideMenu")
    side_panel: str = ""
    member_nav_open: bool = False  # the member centre's groups, opened on a phone

    @rx.var
    def floating_open(self) -> bool:
        """A panel of the rail is over the page."""
        return self.side_panel != ""

    def _close(self) -> None:
        """Close what floats (a rail hidden by hand stays so: it is a choice, not a float)."""
        self.side_panel = ""
        self.member_nav_open = False

    @rx.event
    def close_floating(self) -> None:
        self._close()

    @rx.event
    @checked
    def close_on_escape(self, key: Text) -> None:
        if key == ESCAPE and self.floating_open:
            self._close()

    @rx.event
    def toggle_side_menu(self) -> None:
        """Hide the rail's links, or show them again."""
        self.side_menu_choice = (
            "" if self.side_menu_choice == SIDE_MENU_CLOSED else SIDE_MENU_CLOSED
        )
        self.side_panel = ""

    @rx.event
    def toggle_member_nav(self) -> None:
        self.member_nav_open = not self.member_nav_open

    @rx.event
    @checked
    def toggle_panel(self, name: Name) -> None:
        self.side_panel = "" if self.side_panel == name else name


follow.AFTER_LOGIN.append(UiState.close_floating)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "UiState.toggle_side_menu": GUEST,
    "UiState.toggle_panel": ARGS,
    "UiState.close_floating": GUEST,
    "UiState.toggle_member_nav": GUEST,
    "UiState.close_on_escape": ARGS,
}
