"""The lottery lobby's cards, family filter and mode switch."""

from __future__ import annotations

import reflex as rx

from components.i18n import t
from components.link import page_link
from components.lottery.common import BADGE_COLOURS, countdown, text_of
from components.style import FOCUS
from state.lottery.lottery import LotteryState


def _badge(image: rx.Var, family_key: rx.Var, badge: rx.Var) -> rx.Component:
    return rx.el.span(
        rx.cond(image != "", image, badge),
        class_name=rx.match(
            image,
            *((code, f"{colour} {_BADGE}") for code, colour in BADGE_COLOURS.items()),
            f"bg-slate-600 {_BADGE}",
        ),
        title=text_of(family_key),
        aria_hidden="true",
    )


_BADGE = "size-12 shrink-0 rounded-xl grid place-items-center text-white text-xs font-black"


def lobby_card(card: rx.Var) -> rx.Component:
    return page_link(
        rx.el.div(
            _badge(card.image, card.family_key, card.badge),
            rx.el.div(
                rx.el.p(text_of(card.name_key), class_name="font-semibold truncate"),
                rx.el.p(
                    rx.cond(
                        card.minutes > 0,
                        t("lotterypage.every").replace("{minutes}", card.minutes.to(str)),
                        t("lotterypage.official"),
                    ),
                    class_name="text-xs text-slate-500 dark:text-slate-400",
                ),
                class_name="min-w-0 flex-1",
            ),
            class_name="flex items-center gap-3",
        ),
        rx.el.p(
            text_of("lotterypage.about." + card.family),
            class_name="mt-2 text-xs text-slate-600 dark:text-slate-300 line-clamp-2",
            data_testid="lottery-card-about",
        ),
        rx.el.div(
            rx.cond(
                card.issue != "",
                rx.el.div(
                    rx.el.span(
                        t("lotterypage.next_issue").replace("{issue}", card.issue),
                        class_name="text-xs text-slate-500 dark:text-slate-400 font-mono truncate",
                    ),
                    rx.el.span(
                        t("lotterypage.closes_in") + " ",
                        countdown(card.close_ms, "lobby-countdown"),
                        class_name="text-sm",
                    ),
                    class_name="flex flex-col",
                ),
                rx.el.span(
                    t("lotterypage.no_issue"),
                    class_name="text-xs text-slate-500 dark:text-slate-400",
                ),
            ),
            rx.el.span(
                t("lotterypage.play_now"),
                class_name="h-9 px-4 rounded-lg bg-amber-400 text-slate-900 font-semibold "
                "grid place-items-center text-sm",
            ),
            class_name="flex items-end justify-between gap-2 mt-3",
        ),
        href=card.href,
        class_name=(
            "block rounded-2xl p-4 bg-white dark:bg-slate-900 shadow hover:shadow-md "
            f"transition-shadow {FOCUS}"
        ),
        data_testid="lottery-card",
        data_game=card.code,
    )


def _family_chip(value: rx.Var | str, label: rx.Var) -> rx.Component:
    return rx.el.button(
        label,
        type="button",
        aria_pressed=LotteryState.family == value,
        on_click=LotteryState.set_family(value),
        class_name=rx.cond(
            LotteryState.family == value,
            f"shrink-0 h-9 px-3 rounded-full text-sm font-semibold bg-amber-400 text-slate-900 "
            f"{FOCUS}",
            f"shrink-0 h-9 px-3 rounded-full text-sm bg-slate-100 dark:bg-slate-800 {FOCUS}",
        ),
        data_testid="family-chip",
    )


def family_filter() -> rx.Component:
    """The lobby's families (spec 3's lottery types), to show one at a time."""
    return rx.cond(
        LotteryState.families.length() > 1,
        rx.el.div(
            _family_chip("", t("lotterypage.all_games")),
            rx.foreach(
                LotteryState.families,
                lambda family: _family_chip(family, text_of("lotterypage.family." + family)),
            ),
            class_name="flex gap-2 overflow-x-auto pb-1 -mx-1 px-1",
        ),
    )


_MODE_BUTTON = f"h-9 shrink-0 whitespace-nowrap px-3 rounded-md text-sm {FOCUS}"


def mode_switch() -> rx.Component:
    """The area's prize tables (official, two-sided ...), when it has more than one."""
    return rx.cond(
        LotteryState.modes.length() > 1,
        rx.el.div(
            rx.foreach(
                LotteryState.modes,
                lambda mode: rx.el.button(
                    text_of("lotterypage.mode." + mode),
                    type="button",
                    role="radio",
                    aria_checked=LotteryState.mode == mode,
                    on_click=LotteryState.set_mode(mode),
                    class_name=rx.cond(
                        LotteryState.mode == mode,
                        f"{_MODE_BUTTON} font-semibold bg-white shadow dark:bg-slate-700",
                        f"{_MODE_BUTTON} text-slate-600 dark:text-slate-300",
                    ),
                    data_testid="mode-switch",
                    data_mode=mode,
                ),
            ),
            role="radiogroup",
            aria_label=t("lotterypage.modes"),
            # One line that scrolls on a phone, as the play types below it do: the official
            # tables' names ("Oficial · retorno até 90%") wrapped to three lines in a third of
            # 360 px and spilled out of their buttons.
            class_name="flex w-fit max-w-full overflow-x-auto gap-1 p-1 rounded-lg "
            "bg-slate-100 dark:bg-slate-800",
        ),
    )
