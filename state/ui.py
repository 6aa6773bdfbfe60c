"""Display options the visitor sets (spec 4): side menu shown or hidden, its panels."""

from __future__ import annotations

import reflex as rx

from state.guard import Name, checked

SIDE_MENU_OPEN = "1"
SIDE_MENU_CLOSED = "0"


class UiState(rx.State):
    # "" until the visitor chooses: then the menu shows on wide screens, hides on phones.
    side_menu_choice: str = rx.LocalStorage("", name="sideMenu")
    side_panel: str = ""

    @rx.event
    @checked
    def toggle_side_menu(self, currently_visible: bool) -> None:
        self.side_menu_choice = SIDE_MENU_CLOSED if currently_visible else SIDE_MENU_OPEN
        self.side_panel = ""

    @rx.event
    @checked
    def toggle_panel(self, name: Name) -> None:
        self.side_panel = "" if self.side_panel == name else name
