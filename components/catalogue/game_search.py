"""The site-wide game search (issue 35): the header's magnifier, and the panel it opens
(at the layout root, like every dialog) where the player types and sees the matching games
of every category as the lists' cards. Escape closes it; the focus goes back to the
magnifier (assets/focus-return.js)."""

from __future__ import annotations

import reflex as rx

from app.services.catalogue.games import SEARCH_MAX_LENGTH
from components.catalogue.game_card import game_card
from components.dialog import dialog
from components.forms import INPUT
from components.i18n import local_count, t
from components.style import FOCUS
from state.catalogue.search import SEARCH_DIALOG, GameSearchState

_MUTED = "text-sm text-slate-500 dark:text-slate-400"


def search_button(hidden: str | rx.Var[str] = "") -> rx.Component:
    """The header's magnifier; `hidden`: the widths where the header's menu holds it instead."""
    return rx.el.button(
        rx.icon("search", size=18, aria_hidden="true"),
        type="button",
        on_click=GameSearchState.open,
        aria_label=t("lobby.search"),
        aria_haspopup="dialog",
        title=t("lobby.search"),
        class_name=(
            "grid place-items-center size-9 shrink-0 rounded-lg border border-slate-300 "
            f"dark:border-slate-700 hover:bg-slate-100 dark:hover:bg-slate-800 {FOCUS} {hidden}"
        ),
        data_testid="header-search",
    )


def _status() -> rx.Component:
    """Before typing, what the box searches; then how many games, or that none matched (read
    out as it changes)."""
    return rx.el.p(
        rx.cond(
            GameSearchState.text == "",
            t("search.hint"),
            rx.cond(
                GameSearchState.total > 0,
                t("lobby.count")
                .replace("{shown}", local_count(GameSearchState.results.length()))
                .replace("{total}", local_count(GameSearchState.total)),
                t("search.none").replace("{text}", GameSearchState.text),
            ),
        ),
        aria_live="polite",
        class_name=f"{_MUTED} my-3",
        data_testid="game-search-status",
    )


@rx.memo
def game_search_body() -> rx.Component:
    """The panel's content, compiled once for every page (see components/layout.py)."""
    return rx.el.div(
        rx.debounce_input(
            rx.el.input(
                type="search",
                placeholder=t("lobby.search"),
                aria_label=t("search.label"),
                max_length=SEARCH_MAX_LENGTH,
                auto_complete="off",
                auto_focus=True,
                value=GameSearchState.text,
                on_change=GameSearchState.find,
                class_name=INPUT,
                data_testid="game-search-input",
            ),
            debounce_timeout=300,
        ),
        _status(),
        rx.el.div(
            rx.foreach(GameSearchState.results, game_card),
            class_name="grid grid-cols-3 gap-3",
            data_testid="game-search-results",
        ),
    )


def game_search_dialog() -> rx.Component:
    return dialog(SEARCH_DIALOG, game_search_body(), title=t("lobby.search"))
