"""The lobby's popups, at the layout root: a VASSALAGE vendor's game list and 'Game
maintenance' with popular games to pick instead."""

from __future__ import annotations

import reflex as rx

from components.catalogue.game_card import game_card
from components.dialog import close_dialog, dialog
from components.forms import PRIMARY, SECONDARY, field
from components.i18n import t
from components.media import image
from components.style import FOCUS
from state.catalogue.game_popup import MAINTENANCE_DIALOG, VENDOR_DIALOG, GamePopupState
from state.catalogue.lobby import WALLET_OFFER_DIALOG, LobbyState


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
                fallback=game.fallback,
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
        rx.el.p(
            t("gamepop.try_popular"), class_name="text-sm text-slate-500 dark:text-slate-400 mb-3"
        ),
        rx.el.ul(
            rx.foreach(GamePopupState.suggested, _suggestion),
            class_name="grid grid-cols-3 gap-3",
            data_testid="suggested-games",
        ),
        title=t("game-maintenance"),
    )


def _balance(label_key: str, value: rx.Var, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(t(label_key), class_name="text-xs text-slate-500 dark:text-slate-400"),
        rx.el.dd(
            value,
            class_name="font-mono font-semibold tabular-nums whitespace-nowrap",
            data_testid=test_id,
        ),
        class_name="rounded-lg p-3 bg-slate-100 dark:bg-slate-800",
    )


def wallet_offer_dialog() -> rx.Component:
    """A transfer vendor keeps its own wallet: before its game starts, both balances and
    the offer to move money in (issue 35: it opened at R$ 0,00 while the main wallet held
    money)."""
    return dialog(
        WALLET_OFFER_DIALOG,
        rx.el.p(
            t("wallet_offer.why").replace("{vendor}", LobbyState.offer_name),
            class_name="text-sm text-slate-600 dark:text-slate-300",
        ),
        rx.el.dl(
            _balance("wallet_offer.main", LobbyState.offer_main, "offer-main"),
            _balance("wallet_offer.vendor", LobbyState.offer_vendor, "offer-vendor"),
            class_name="grid grid-cols-2 gap-2 my-3",
        ),
        rx.el.form(
            field(
                "amount",
                t("wallet_offer.amount"),
                input_mode="decimal",
                default_value=LobbyState.offer_amount,
                key=LobbyState.offer_amount,
            ),
            rx.el.button(
                t("wallet_offer.move"),
                type="submit",
                class_name=PRIMARY,
                data_testid="offer-move",
            ),
            on_submit=LobbyState.move_and_play,
            reset_on_submit=False,
        ),
        rx.el.button(
            t("wallet_offer.skip"),
            type="button",
            on_click=LobbyState.play_without_moving,
            class_name=f"{SECONDARY} mt-2",
            data_testid="offer-skip",
        ),
        title=t("wallet_offer.title").replace("{vendor}", LobbyState.offer_name),
    )


def game_dialogs() -> rx.Component:
    return rx.fragment(vendor_dialog(), maintenance_dialog(), wallet_offer_dialog())
