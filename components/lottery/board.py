"""The lottery board: the issue with its countdown, the refresh button, the station picker."""

from __future__ import annotations

from typing import Any

import reflex as rx

from components.i18n import t
from components.lottery.common import CARD, CHIP, ball, countdown
from components.style import FOCUS
from state.lottery.lottery import LotteryState


def refresh_button() -> rx.Component:
    return rx.el.button(
        rx.icon("refresh-cw", size=16),
        rx.el.span(t("lotterypage.refresh"), class_name="sr-only sm:not-sr-only"),
        type="button",
        on_click=LotteryState.refresh,
        class_name=CHIP + " flex items-center gap-1",
        data_lottery_refresh="1",
        data_testid="lottery-refresh",
    )


def board() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.div(
                rx.el.p(
                    t("lotterypage.current"),
                    class_name="text-xs text-slate-500 dark:text-slate-400",
                ),
                rx.el.p(
                    rx.cond(LotteryState.issue != "", LotteryState.issue, "—"),
                    class_name="font-mono font-semibold",
                    data_testid="lottery-issue",
                ),
                class_name="min-w-0",
            ),
            rx.el.div(
                rx.el.p(
                    t("lotterypage.closes_in"),
                    class_name="text-xs text-slate-500 dark:text-slate-400",
                ),
                rx.el.p(
                    rx.cond(
                        LotteryState.close_ms > 0,
                        countdown(LotteryState.close_ms, "lottery-countdown", refresh=True),
                        t("lotterypage.closed"),
                    ),
                    class_name="text-2xl",
                ),
                rx.el.span(data_draw_at=LotteryState.draw_ms, class_name="hidden"),
                class_name="text-right",
            ),
            class_name="flex items-start justify-between gap-3",
        ),
        rx.el.div(
            rx.el.p(
                t("lotterypage.last_result") + " ",
                rx.el.span(LotteryState.last_issue, class_name="font-mono"),
                class_name="text-xs text-slate-500 dark:text-slate-400",
            ),
            rx.cond(
                LotteryState.last_numbers.length() > 0,
                rx.el.div(
                    rx.foreach(
                        LotteryState.last_numbers,
                        lambda n: ball(n, dice=LotteryState.dice),
                    ),
                    class_name="flex flex-wrap gap-1.5 min-h-9",
                    data_testid="last-result",
                    aria_live="polite",
                ),
                rx.el.p(
                    t("lotterypage.no_result"),
                    class_name="text-sm text-slate-500 dark:text-slate-400 min-h-9",
                    data_testid="last-result-empty",
                ),
            ),
            class_name="space-y-1",
        ),
        rx.el.details(
            rx.el.summary(
                t("lotterypage.seed_hash"), class_name=f"text-xs cursor-pointer rounded {FOCUS}"
            ),
            rx.el.code(
                LotteryState.seed_hash,
                class_name="block break-all text-xs font-mono bg-slate-100 dark:bg-slate-800 "
                "rounded p-2 mt-1",
                data_testid="seed-hash",
            ),
        ),
        class_name=CARD,
        data_testid="lottery-board",
    )


def _station_chip(chip: rx.Var, chosen: rx.Var, on_click: Any, test_id: str) -> rx.Component:
    return rx.el.button(
        chip.name,
        type="button",
        aria_pressed=chosen,
        on_click=on_click,
        class_name=rx.cond(
            chosen,
            f"shrink-0 h-9 px-3 rounded-full text-sm font-semibold bg-amber-400 text-slate-900 "
            f"{FOCUS}",
            f"shrink-0 h-9 px-3 rounded-full text-sm bg-slate-100 dark:bg-slate-800 {FOCUS}",
        ),
        data_testid=test_id,
        data_issue=chip.issue,
    )


def _station_row(label: rx.Var, chips: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.p(label, class_name="text-xs text-slate-500 dark:text-slate-400 mb-1"),
        rx.el.div(chips, role="group", aria_label=label, class_name="flex flex-wrap gap-2"),
    )


def stations() -> rx.Component:
    """A Vietnamese draw's stations: the one the bet goes on and, for đá on two stations,
    the second one."""
    return rx.cond(
        LotteryState.stations.length() > 1,
        rx.el.section(
            _station_row(
                t("lotterypage.station"),
                rx.foreach(
                    LotteryState.stations,
                    lambda chip: _station_chip(
                        chip,
                        chip.issue == LotteryState.issue,
                        LotteryState.pick_station(chip.issue),
                        "station-chip",
                    ),
                ),
            ),
            rx.cond(
                LotteryState.two_stations,
                _station_row(
                    t("lotterypage.second_station"),
                    rx.foreach(
                        LotteryState.stations,
                        lambda chip: rx.cond(
                            chip.issue != LotteryState.issue,
                            _station_chip(
                                chip,
                                chip.issue == LotteryState.partner_issue,
                                LotteryState.pick_partner(chip.issue),
                                "partner-chip",
                            ),
                        ),
                    ),
                ),
            ),
            class_name=CARD + " space-y-3",
            data_testid="lottery-stations",
        ),
    )
