"""The memoised parts of the page frame (components/layout.py and the console's navigation):
a memo's body is compiled as one component, so a lifecycle trigger or a window listener under
a condition inside it would run whenever the memo is on the page, not with its branch (a
dialog's scroll lock would lock every page on load)."""

from __future__ import annotations

import pytest
import reflex as rx
from reflex.components.core.cond import Cond
from reflex.components.core.match import Match

from components.accounts.auth_dialogs import login_body, register_body
from components.backoffice.console import console_nav
from components.dialog import dialog
from components.header import mobile_menu_body
from components.layout import site_footer, site_header, site_tab_bar
from components.member_nav import member_centre_body

MEMOS = (
    site_header,
    site_footer,
    site_tab_bar,
    console_nav,
    login_body,
    register_body,
    member_centre_body,
    mobile_menu_body,
)
LIFECYCLE = frozenset({"on_mount", "on_unmount"})


def _hooks_under_a_condition(component: rx.Component, conditional: bool = False) -> list[str]:
    """The components under a `rx.cond` or `rx.match` that run a hook of their own when
    mounted: a lifecycle trigger or a window event listener."""
    found: list[str] = []
    if conditional and (
        LIFECYCLE & set(component.event_triggers)
        or type(component).__name__ == "WindowEventListener"
    ):
        found.append(type(component).__name__)
    inside = conditional or isinstance(component, Cond | Match)
    for child in component.children:
        if isinstance(child, rx.Component):
            found += _hooks_under_a_condition(child, inside)
    return found


@pytest.mark.parametrize("memo", MEMOS, ids=lambda memo: memo._definition.python_name)
def test_no_memoised_part_runs_a_hook_under_a_condition(memo: object) -> None:
    assert _hooks_under_a_condition(memo._definition.component) == []  # type: ignore[attr-defined]


def test_the_hook_finder_sees_a_dialogs_scroll_lock() -> None:
    assert _hooks_under_a_condition(dialog("x", rx.el.p("y"))) == ["Div", "WindowEventListener"]
