"""Home page (/, /home; /index and /index.html redirect here): banner, hot games row, latest
winners, recommended and PG lists."""

from __future__ import annotations

import reflex as rx

from components.game_card import game_grid, hot_card
from components.i18n import amount, t
from components.layout import layout
from components.media import image
from state.lobby import LobbyState


def _section(title_key: str, *children: rx.Component, test_id: str) -> rx.Component:
    return rx.el.section(
        rx.el.h2(t(title_key), class_name="text-lg font-bold mb-3"),
        *children,
        class_name="mt-8",
        data_testid=test_id,
    )


def _winner(winner: rx.Var) -> rx.Component:
    return rx.el.li(
        image(winner["icon"], "", 40, 40, loading="lazy", class_name="size-10 rounded-lg"),
        rx.el.div(
            rx.el.p(winner["name"], class_name="text-sm font-medium"),
            rx.el.p(winner["game"], class_name="text-xs text-slate-500 truncate max-w-40"),
        ),
        rx.el.p(
            amount(winner["amount"]),
            class_name="ml-auto font-mono text-sm font-semibold text-emerald-600 tabular-nums",
        ),
        class_name=(
            "flex items-center gap-3 min-w-64 snap-start rounded-xl p-2 "
            "bg-white dark:bg-slate-900 shadow-sm"
        ),
    )


def home_content() -> tuple[rx.Component, ...]:
    return (
        rx.el.section(
            image(
                "/banners/w_home_1.svg",
                "",
                1200,
                400,
                class_name="absolute inset-0 size-full object-cover",
                fetch_priority="high",
            ),
            rx.el.div(
                rx.el.h1(t("home.title"), class_name="text-3xl sm:text-5xl font-extrabold"),
                rx.el.p(t("home.subtitle"), class_name="mt-2 text-lg sm:text-xl"),
                class_name="relative p-6 sm:p-10 text-white drop-shadow",
            ),
            class_name=(
                "relative overflow-hidden rounded-2xl w-full h-44 sm:h-auto sm:aspect-[3/1] "
                "lg:aspect-[4/1] flex items-end"
            ),
            data_testid="home-hero",
        ),
        _section(
            "lobby.hot",
            rx.el.div(
                rx.foreach(
                    LobbyState.hot,
                    lambda g: rx.el.div(
                        hot_card(g), class_name="w-[calc(20%-0.6rem)] min-w-28 shrink-0 snap-start"
                    ),
                ),
                class_name="flex gap-3 overflow-x-auto snap-x pb-2",
            ),
            test_id="home-hot",
        ),
        _section(
            "lobby.winners",
            rx.el.ul(
                rx.foreach(LobbyState.winners, _winner),
                class_name="flex gap-3 overflow-x-auto snap-x pb-2",
            ),
            test_id="home-winners",
        ),
        _section(
            "lobby.recommended", game_grid(LobbyState.recommended), test_id="home-recommended"
        ),
        _section("lobby.pg", game_grid(LobbyState.pg_games), test_id="home-pg"),
    )


def home() -> rx.Component:
    return layout(*home_content())
