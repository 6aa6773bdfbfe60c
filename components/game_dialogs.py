"""The lobby's popups, at the layout root: a VASSALAGE vendor's game list and 'Game
maintenance' with popular games to pick instead."""

from __future__ import annotations

import reflex as rx

from components.dialog import close_dialog, dialog
from components.forms import SECONDARY
from components.game_card import game_card
from components.i18n import t
from components.media import image
from components.style import FOCUS
from state.game_popup import MAINTENANCE_DIALOG, VENDOR_DIALOG, GamePopupState
from state.lobby import LobbyState


def vendor_dialog() -> rx.Component:
    return dialog(
        VENDOR_DIALOG,
        rx.el.div(
            rx.foreach(GamePopupState.vendor_games, game_card),
            class_name="grid grid-cols-3 gap-3",
            data_testid="vendor-games",
        ),
        rx.cond(
            GamePopupState.vendor_page < GamePopupState.vendor_pages,
            rx.el.button(
                t("lobby.more"),
                on_click=GamePopupState.more_vendor_games,
                type="button",
                class_name=f"{SECONDARY} mt-4",
                data_testid="vendor-games-more",
            ),
        ),
        title=t("gamepop.vendor_games").replace("{vendor}", GamePopupState.vendor_name),
    )


def _suggestion(game: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.button(
            image(
                game.icon,
                "",
                96,
                96,
                loading="lazy",
                class_name="aspect-square w-full rounded-lg object-cover bg-slate-200",
            ),
            rx.el.span(game.name, class_name="mt-1 block truncate text-xs font-medium"),
            on_click=[close_dialog(MAINTENANCE_DIALOG), LobbyState.play(game, False)],
            type="button",
            class_name=f"w-full text-left rounded-lg {FOCUS}",
            data_testid="suggested-game",
        ),
        class_name="min-w-0",
    )


def maintenance_dialog() -> rx.Component:
    return dialog(
        MAINTENANCE_DIALOG,
        rx.el.p(t("gamepop.try_popular"), class_name="text-sm text-slate-500 mb-3"),
        rx.el.ul(
            rx.foreach(GamePopupState.suggested, _suggestion),
            class_name="grid grid-cols-3 gap-3",
            data_testid="suggested-games",
        ),
        title=t("game-maintenance"),
    )


def game_dialogs() -> rx.Component:
    return rx.fragment(vendor_dialog(), maintenance_dialog())
