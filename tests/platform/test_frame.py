"""The memoised parts of the pages (`rx.memo`: the frame in components/layout.py, the dialogs'
contents, the console's navigation): a memo's body is compiled as one component, so a
lifecycle trigger or a window listener under a condition inside it would run whenever the memo
is on the page, not with its branch (a dialog's scroll lock would lock every page on load)."""

from __future__ import annotations

import pytest
import reflex as rx
from reflex.components.core.cond import Cond
from reflex.components.core.match import Match
from reflex_base.components.memo import MEMOS, MemoComponentDefinition

import app.app  # noqa: F401 (imports every page, so every memo is registered)
from components.dialog import dialog

LIFECYCLE = frozenset({"on_mount", "on_unmount"})
OURS = ("components", "pages", "state")
MEMOISED = sorted(
    (
        definition
        for (_name, module), definition in MEMOS.items()
        if isinstance(definition, MemoComponentDefinition)
        and (module or "").partition(".")[0] in OURS
    ),
    key=lambda definition: definition.python_name,
)


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


def test_the_frame_is_memoised() -> None:
    names = {definition.python_name for definition in MEMOISED}
    assert {"site_header", "site_footer", "site_tab_bar", "console_nav"} <= names


@pytest.mark.parametrize("memo", MEMOISED, ids=lambda definition: definition.python_name)
def test_no_memoised_part_runs_a_hook_under_a_condition(memo: MemoComponentDefinition) -> None:
    assert _hooks_under_a_condition(memo.component) == []


def test_the_hook_finder_sees_a_dialogs_scroll_lock() -> None:
    assert _hooks_under_a_condition(dialog("x", rx.el.p("y"))) == ["Div", "WindowEventListener"]
