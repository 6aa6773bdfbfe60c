"""The console's game catalogue: every vendor with its games and maintenance switch and its
provider import; the picked vendor's games with their order, hot flag and maintenance."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.backoffice.console import (
    BUTTON,
    DANGER,
    INPUT,
    QUIET,
    allowed,
    card,
    frame,
    label,
    messages,
    table,
)
from components.i18n import t
from pages.registry import Page
from state.catalogue.console_games import GAMES_CARD, GameLine, GamesConsoleState, VendorLine

EDIT = "games.edit"


def _state_word(on: rx.Var[bool]) -> rx.Component:
    return rx.el.span(
        rx.cond(on, t("bo-in-maintenance"), t("bo-on")),
        class_name=rx.cond(
            on,
            "text-xs font-semibold text-red-600 dark:text-red-400",
            "text-xs font-semibold text-emerald-700 dark:text-emerald-400",
        ),
    )


def _vendor_actions(row: VendorLine) -> rx.Component:
    s = GamesConsoleState
    return rx.el.div(
        _state_word(row.maintenance),
        rx.el.button(
            t("bo-games-list"),
            on_click=s.pick_vendor(row.vassalage),
            aria_pressed=rx.cond(s.vendor == row.vassalage, "true", "false"),
            data_testid="vendor-open",
            class_name=QUIET,
        ),
        allowed(
            EDIT,
            rx.el.div(
                rx.cond(
                    row.maintenance,
                    rx.el.button(
                        t("bo-maintenance-end"),
                        on_click=s.vendor_maintenance(row.vassalage, False),
                        data_testid="vendor-maintenance-end",
                        class_name=QUIET,
                    ),
                    rx.el.button(
                        t("bo-maintenance-start"),
                        on_click=s.vendor_maintenance(row.vassalage, True),
                        data_testid="vendor-maintenance-start",
                        class_name=DANGER,
                    ),
                ),
                rx.el.button(
                    t("bo-games-import"),
                    on_click=s.import_games(row.vassalage),
                    data_testid="vendor-import",
                    class_name=QUIET,
                ),
                class_name="flex gap-2",
            ),
        ),
        class_name="flex flex-wrap items-center gap-2",
    )


def _game(row: GameLine) -> rx.Component:
    return rx.el.form(
        rx.el.input(type="hidden", name="id", value=row.id),
        rx.el.div(
            rx.el.span(row.name, class_name="font-semibold"),
            rx.el.span(
                row.code + " · " + row.type,
                class_name="text-xs text-slate-600 dark:text-slate-400",
            ),
            _state_word(row.maintenance),
            class_name="flex flex-wrap items-baseline gap-2 min-w-48 flex-1",
        ),
        label(
            t("bo-popularity"),
            rx.el.input(
                name="popularity",
                default_value=row.popularity,
                input_mode="numeric",
                class_name=INPUT + " w-28",
            ),
        ),
        rx.el.label(
            rx.el.input(
                type="checkbox", name="hot", default_checked=row.hot,
                class_name="size-4 accent-amber-500",
            ),
            t("bo-hot"),
            class_name="flex items-center gap-2 text-sm",
        ),
        rx.el.label(
            rx.el.input(
                type="checkbox", name="maintenance", default_checked=row.maintenance,
                class_name="size-4 accent-amber-500",
            ),
            t("bo-in-maintenance"),
            class_name="flex items-center gap-2 text-sm",
        ),
        allowed(
            EDIT,
            rx.el.button(
                t("bo-save"), type="submit", data_testid="game-save", class_name=BUTTON
            ),
        ),
        # a new key remounts the form when a save changed what its fields start from
        key=f"{row.id}-{row.popularity}-{row.hot}-{row.maintenance}",
        on_submit=GamesConsoleState.save_game,
        data_testid="game",
        class_name=(
            "flex flex-wrap items-end gap-3 border-t border-slate-200 dark:border-slate-700 py-3"
        ),
    )  # fmt: skip


def _pager() -> rx.Component:
    s = GamesConsoleState
    return rx.el.div(
        rx.el.button(
            t("bo-previous"),
            on_click=s.previous_page,
            disabled=s.page <= 1,
            class_name=QUIET,
        ),
        rx.el.span(s.page.to_string() + " / " + s.pages.to_string(), class_name="text-sm"),
        rx.el.button(
            t("bo-next"),
            on_click=s.next_page,
            disabled=s.page >= s.pages,
            data_testid="games-next",
            class_name=QUIET,
        ),
        class_name="flex items-center gap-3 pt-3",
    )


def games_page() -> rx.Component:
    s = GamesConsoleState
    return frame(
        "bo-games",
        messages(s.error, s.notice),
        card(
            "bo-vendors",
            table(
                [
                    ("vassalage", "bo-vendor"),
                    ("name", "bo-col-name"),
                    ("wallet", "bo-wallet-mode"),
                    ("games", "bo-games-count"),
                    ("down", "bo-games-down"),
                ],
                s.vendors,
                _vendor_actions,
                testid="vendors",
            ),
        ),
        rx.el.div(
            card(
                "bo-games-of",
                rx.el.h3(s.vendor, class_name="font-semibold", data_testid="games-vendor"),
                rx.el.form(
                    rx.el.input(
                        name="search",
                        default_value=s.search,
                        placeholder=t("bo-games-search"),
                        aria_label=t("bo-games-search"),
                        class_name=INPUT + " w-64",
                        data_testid="games-search",
                    ),
                    rx.el.button(t("bo-search"), type="submit", class_name=QUIET),
                    key=s.vendor,
                    on_submit=s.find,
                    class_name="flex gap-2 py-2",
                ),
                rx.foreach(s.games, _game),
                rx.cond(
                    s.games.length() == 0,
                    rx.el.p(
                        t("bo-nothing"),
                        class_name="text-sm text-slate-600 dark:text-slate-400 py-2",
                    ),
                ),
                _pager(),
                testid="games",
            ),
            id=GAMES_CARD,
        ),
    )


PAGES = (
    Page(
        routes.ADMIN_GAMES,
        games_page,
        "Game catalogue",
        load=(GamesConsoleState.load,),
        console=True,
    ),
)
