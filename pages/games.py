"""Game list pages (/rng, /live, /fish, /pvp, /inHouse, /hot, /sports, /esports, /cockfight,
lottery): provider filter, search as you type, pages of 50."""

from __future__ import annotations

import reflex as rx

from components.forms import INPUT, SECONDARY
from components.game_card import game_grid
from components.i18n import t
from components.layout import layout
from components.style import FOCUS
from state.lobby import LobbyState
from state.site import SiteState

_CHIP = f"whitespace-nowrap rounded-full px-3 py-1.5 text-sm {FOCUS}"
_CHIP_ON = f"{_CHIP} bg-amber-400 text-slate-900"
_CHIP_OFF = f"{_CHIP} bg-slate-200 dark:bg-slate-800"


def _vendor_chip(vendor: rx.Var) -> rx.Component:
    chosen = LobbyState.vendor == vendor["code"]
    return rx.el.button(
        vendor["name"],
        on_click=LobbyState.pick_vendor(vendor["code"]),
        type="button",
        aria_pressed=chosen,
        class_name=rx.cond(chosen, _CHIP_ON, _CHIP_OFF),
        data_testid="vendor-" + vendor["code"].to(str),
    )


def game_list_page() -> rx.Component:
    return layout(
        rx.el.h1(
            SiteState.texts.get("nav." + LobbyState.list_type, LobbyState.list_type),
            class_name="text-2xl font-bold mb-3",
        ),
        rx.debounce_input(
            rx.el.input(
                type="search",
                placeholder=t("lobby.search"),
                aria_label=t("lobby.search"),
                value=LobbyState.search,
                on_change=LobbyState.set_search,
                class_name=f"{INPUT} mb-3",
                data_testid="game-search",
            ),
            debounce_timeout=300,
        ),
        rx.el.div(
            rx.foreach(LobbyState.vendors, _vendor_chip),
            role="group",
            aria_label=t("lobby.providers"),
            class_name="flex gap-2 overflow-x-auto pb-2 mb-3",
        ),
        rx.el.p(
            t("lobby.count")
            .replace("{shown}", LobbyState.items.length().to_string())
            .replace("{total}", LobbyState.total.to_string()),
            class_name="text-sm text-slate-500 mb-2",
            data_testid="game-count",
        ),
        rx.cond(
            LobbyState.items.length() > 0,
            game_grid(LobbyState.items),
            rx.el.p(t("lobby.empty"), class_name="py-10 text-center text-slate-500"),
        ),
        rx.cond(
            LobbyState.page < LobbyState.pages,
            rx.el.button(
                t("lobby.more"),
                on_click=LobbyState.more,
                class_name=f"{SECONDARY} mt-4",
                data_testid="game-more",
            ),
        ),
    )
