"""Choosing and staking: play tabs, the number picker with quick picks, the bet slip with chase,
Vietnamese bet codes."""

from __future__ import annotations

import reflex as rx

from components.forms import INPUT, PRIMARY, SECONDARY, form_error, refusal_remedy
from components.i18n import amount, t
from components.lottery.common import BALL, BALL_OFF, BALL_ON, CARD, CHIP, OPTION, name_of, text_of
from components.style import FOCUS
from state.lottery.lottery import LotteryState


def play_tabs() -> rx.Component:
    return rx.el.div(
        rx.foreach(
            LotteryState.plays,
            lambda tab: rx.el.button(
                name_of(tab.parts),
                type="button",
                role="tab",
                aria_selected=tab.active,
                on_click=LotteryState.pick_play(tab.code),
                class_name=rx.cond(
                    tab.active,
                    f"shrink-0 h-10 px-3 rounded-lg text-sm font-semibold bg-slate-900 "
                    f"text-white dark:bg-amber-400 dark:text-slate-900 {FOCUS}",
                    f"shrink-0 h-10 px-3 rounded-lg text-sm font-medium bg-slate-100 "
                    f"dark:bg-slate-800 hover:bg-slate-200 dark:hover:bg-slate-700 {FOCUS}",
                ),
                data_testid="play-tab",
                data_play=tab.code,
            ),
        ),
        role="tablist",
        aria_label=t("lotterypage.plays"),
        class_name="flex gap-2 overflow-x-auto pb-1 -mx-1 px-1",
    )


def _quick_buttons(row: rx.Var) -> rx.Component:
    return rx.el.div(
        *(
            rx.el.button(
                t(f"lotterypage.quick.{kind}"),
                type="button",
                on_click=LotteryState.quick(row.index, kind),
                class_name=CHIP,
                data_testid=f"quick-{kind}",
            )
            for kind in ("all", "big", "small", "odd", "even", "clear")
        ),
        class_name="flex flex-wrap gap-1",
    )


def _pick_button(row: rx.Var, item: rx.Var) -> rx.Component:
    return rx.el.button(
        rx.cond(item.label_key != "", text_of(item.label_key), item.value),
        type="button",
        aria_pressed=item.picked,
        on_click=LotteryState.toggle(row.index, item.value),
        class_name=rx.cond(
            item.label_key != "",
            rx.cond(item.picked, f"{OPTION} {BALL_ON}", f"{OPTION} {BALL_OFF}"),
            rx.cond(item.picked, f"{BALL} {BALL_ON}", f"{BALL} {BALL_OFF}"),
        ),
        data_testid="pick",
        data_value=item.value,
        data_picked=rx.cond(item.picked, "1", "0"),
    )


def _pick_row(row: rx.Var) -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.cond(
                row.position > 0,
                rx.el.span(
                    t("lotterypage.position").replace("{n}", row.position.to(str)),
                    class_name="text-sm font-semibold",
                ),
            ),
            rx.cond(row.quick, _quick_buttons(row)),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        rx.el.div(
            rx.foreach(row.balls, lambda item: _pick_button(row, item)),
            class_name="flex flex-wrap gap-1.5",
        ),
        class_name="space-y-2",
        data_testid="pick-row",
    )


def picker() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h2(name_of(LotteryState.play_parts_active), class_name="font-semibold"),
            rx.el.button(
                rx.icon("book-open", size=14),
                t("lotterypage.rtp").replace("{rtp}", amount(LotteryState.rtp)),
                type="button",
                on_click=LotteryState.open_rules,
                class_name=CHIP + " flex items-center gap-1",
                data_testid="rules-button",
            ),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        rx.cond(
            LotteryState.play_kind == "numbers",
            rx.el.p(
                t("lotterypage.numbers_need").replace("{need}", LotteryState.need.to(str)),
                class_name="text-xs text-slate-500 dark:text-slate-400",
            ),
        ),
        rx.cond(
            LotteryState.play_kind == "digits",
            rx.el.div(
                rx.el.label(
                    t("lotterypage.digits_help")
                    .replace("{digits}", LotteryState.digits.to(str))
                    .replace("{example}", "12 34"),
                    html_for="lottery-typed",
                    class_name="block text-sm",
                ),
                rx.el.input(
                    id="lottery-typed",
                    value=LotteryState.typed,
                    on_change=LotteryState.set_typed.debounce(300),
                    input_mode="numeric",
                    auto_complete="off",
                    class_name=INPUT + " font-mono",
                    data_testid="typed-numbers",
                ),
                class_name="space-y-1",
            ),
            rx.el.div(rx.foreach(LotteryState.rows, _pick_row), class_name="space-y-4"),
        ),
        class_name=CARD,
        data_testid="picker",
    )


# ---- bet slip --------------------------------------------------------------------------------


def _slip_line(line: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.td(
            rx.cond(line.label_key != "", text_of(line.label_key), line.label),
            class_name="py-1 pr-2",
        ),
        rx.el.td(line.odds, class_name="py-1 text-right tabular-nums"),
        rx.el.td(
            amount(line.pays),
            class_name="py-1 text-right tabular-nums font-semibold text-emerald-700 "
            "dark:text-emerald-400",
            data_testid="slip-pays",
        ),
        class_name="border-t border-slate-200 dark:border-slate-700",
    )


def _number_input(
    label: rx.Var, input_id: str, value: rx.Var, handler: rx.EventHandler, mode: str
) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=input_id, class_name="block text-xs font-medium mb-1"),
        rx.el.input(
            id=input_id,
            value=value,
            on_change=handler.debounce(300),
            input_mode=mode,
            auto_complete="off",
            class_name=INPUT + " text-center tabular-nums",
            data_testid=input_id,
        ),
    )


PLACE_BUTTON = "slip-place"
# The bar's button: the slip's place button centred in view (the count, stake and lines just
# above it) and focused, so Enter places the bet.
_TO_PLACE = (
    f"const place = document.getElementById('{PLACE_BUTTON}');"
    "place.scrollIntoView({block: 'center'}); place.focus({preventScroll: true});"
)
_BAR_LABEL = "text-xs font-normal text-slate-500 dark:text-slate-400"
_BAR_BUTTON = (
    "h-11 shrink-0 px-4 rounded-lg font-semibold bg-amber-400 text-slate-900 "
    f"hover:bg-amber-300 {FOCUS}"
)


def slip_bar() -> rx.Component:
    """Below lg the slip comes after the picker, a long scroll away on a phone (issue 35): once
    something is picked, a bar above the tab bar keeps its count and stake in sight, and its
    button leads to the slip. assets/home.css keeps room for it at the page's end."""
    return rx.cond(
        LotteryState.bet_count > 0,
        rx.el.div(
            rx.el.dl(
                rx.el.div(
                    rx.el.dt(t("lotterypage.bet_count"), class_name=_BAR_LABEL),
                    rx.el.dd(LotteryState.bet_count, data_testid="slip-bar-count"),
                ),
                rx.el.div(
                    rx.el.dt(t("lotterypage.stake"), class_name=_BAR_LABEL),
                    rx.el.dd(amount(LotteryState.stake), data_testid="slip-bar-stake"),
                ),
                class_name="flex gap-5 font-bold tabular-nums",
            ),
            rx.el.button(
                t("lotterypage.slip_bar.open"),
                type="button",
                on_click=rx.call_script(_TO_PLACE),
                class_name=_BAR_BUTTON,
                data_testid="slip-bar-open",
            ),
            role="region",
            aria_label=t("lotterypage.slip"),
            class_name=(
                "lg:hidden fixed inset-x-0 z-20 sm:bottom-0 "
                # Right above the phone's tab bar (h-14 and its border), which stays in reach.
                "bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] "
                "flex items-center justify-between gap-3 px-4 py-2 border-t border-slate-200 "
                "dark:border-slate-800 bg-white/95 dark:bg-slate-950/95 backdrop-blur"
            ),
            data_slip_bar="",
            data_testid="slip-bar",
        ),
    )


def slip() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("lotterypage.slip"), class_name="font-semibold"),
        rx.el.div(
            _number_input(
                t("lotterypage.unit"),
                "slip-unit",
                LotteryState.unit,
                LotteryState.set_unit,
                "decimal",
            ),
            _number_input(
                t("lotterypage.multiplier"),
                "slip-multiplier",
                LotteryState.multiplier,
                LotteryState.set_multiplier,
                "numeric",
            ),
            class_name="grid grid-cols-2 gap-2",
        ),
        rx.el.dl(
            rx.el.div(
                rx.el.dt(
                    t("lotterypage.bet_count"),
                    class_name="text-xs text-slate-500 dark:text-slate-400",
                ),
                rx.el.dd(
                    LotteryState.bet_count,
                    class_name="text-lg font-bold tabular-nums",
                    data_testid="slip-count",
                ),
            ),
            rx.el.div(
                rx.el.dt(
                    t("lotterypage.stake"), class_name="text-xs text-slate-500 dark:text-slate-400"
                ),
                rx.el.dd(
                    rx.cond(LotteryState.stake != "", amount(LotteryState.stake), "—"),
                    class_name="text-lg font-bold tabular-nums",
                    data_testid="slip-stake",
                ),
                class_name="text-right",
            ),
            class_name="grid grid-cols-2 gap-2",
        ),
        rx.cond(
            LotteryState.slip.length() > 0,
            rx.el.table(
                rx.el.thead(
                    rx.el.tr(
                        rx.el.th("", class_name="text-left"),
                        rx.el.th(t("lotterypage.odds"), class_name="text-right text-xs"),
                        rx.el.th(t("lotterypage.pays"), class_name="text-right text-xs"),
                    )
                ),
                rx.el.tbody(rx.foreach(LotteryState.slip, _slip_line)),
                class_name="w-full text-sm",
                data_testid="slip-lines",
            ),
            rx.el.p(
                t("lotterypage.slip_empty"), class_name="text-sm text-slate-500 dark:text-slate-400"
            ),
        ),
        rx.el.p(
            LotteryState.slip_error,
            role="alert",
            class_name="min-h-5 text-sm text-red-600 dark:text-red-400",
            data_testid="slip-error",
        ),
        rx.el.button(
            t("lotterypage.place"),
            type="button",
            on_click=LotteryState.place,
            disabled=LotteryState.bet_count == 0,
            id=PLACE_BUTTON,
            class_name=PRIMARY,
            data_testid="place-bet",
        ),
        rx.cond(  # đá on two stations is one bet on one draw: nothing to chase
            ~LotteryState.two_stations,
            rx.el.details(
                rx.el.summary(
                    t("lotterypage.chase"),
                    class_name=f"cursor-pointer font-semibold rounded {FOCUS}",
                ),
                rx.el.div(
                    _number_input(
                        t("lotterypage.chase_issues"),
                        "chase-issues",
                        LotteryState.chase_issues,
                        LotteryState.set_chase_issues,
                        "numeric",
                    ),
                    rx.el.label(
                        rx.el.input(
                            type="checkbox",
                            checked=LotteryState.chase_stop,
                            on_change=LotteryState.set_chase_stop,
                            class_name="size-5 accent-amber-500",
                            data_testid="chase-stop",
                        ),
                        t("lotterypage.chase_stop"),
                        class_name="flex items-center gap-2 text-sm min-h-11",
                    ),
                    rx.el.button(
                        t("lotterypage.chase_place"),
                        type="button",
                        on_click=LotteryState.place_chase,
                        disabled=LotteryState.bet_count == 0,
                        class_name=SECONDARY,
                        data_testid="place-chase",
                    ),
                    class_name="space-y-2 mt-2",
                ),
            ),
        ),
        form_error(LotteryState.error, "lottery-error"),
        refusal_remedy(LotteryState.error, LotteryState.error_link),
        rx.el.p(
            LotteryState.notice,
            role="status",
            class_name="text-sm font-medium text-emerald-700 dark:text-emerald-400",
            data_testid="lottery-notice",
        ),
        class_name=CARD + " lg:sticky lg:top-4",
        data_testid="bet-slip",
    )


# ---- Vietnamese codes ------------------------------------------------------------------------


def vn_codes() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("lotterypage.vn_codes"), class_name="font-semibold"),
        rx.el.label(
            t("lotterypage.vn_codes_help"), html_for="vn-codes", class_name="block text-sm"
        ),
        rx.el.textarea(
            id="vn-codes",
            value=LotteryState.codes,
            on_change=LotteryState.set_codes.debounce(300),
            rows=3,
            class_name=INPUT.replace("h-11", "min-h-24 py-2") + " font-mono",
            data_testid="vn-codes",
        ),
        rx.el.div(
            rx.el.button(
                t("lotterypage.vn_check"),
                type="button",
                on_click=LotteryState.check_codes,
                class_name=SECONDARY,
                data_testid="vn-check",
            ),
            rx.el.button(
                t("lotterypage.vn_place"),
                type="button",
                on_click=LotteryState.place_codes,
                class_name=PRIMARY,
                data_testid="vn-place",
            ),
            class_name="grid grid-cols-2 gap-2",
        ),
        rx.el.ul(
            rx.foreach(
                LotteryState.code_lines,
                lambda line: rx.el.li(
                    rx.el.code(line.code, class_name="font-mono"),
                    rx.el.span(
                        line.message,
                        class_name=rx.cond(
                            line.ok,
                            "text-emerald-700 dark:text-emerald-400",
                            "text-red-600 dark:text-red-400",
                        ),
                    ),
                    class_name="flex flex-col text-sm",
                    data_testid="vn-code-line",
                    data_ok=rx.cond(line.ok, "1", "0"),
                ),
            ),
            class_name="space-y-1",
            aria_live="polite",
        ),
        class_name=CARD,
        data_testid="vn-codes-card",
    )
