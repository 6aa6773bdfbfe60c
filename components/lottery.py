"""Pieces of the lottery pages: lobby cards, the board with its countdown, play tabs, the
number picker with quick picks, the bet slip with chase, my bets, results with the trend and
missing-number charts, Vietnamese bet codes, the rules dialog."""

from __future__ import annotations

from typing import Any

import reflex as rx

from components.dialog import dialog
from components.forms import INPUT, LINK, PRIMARY, SECONDARY
from components.i18n import amount, local_time, t
from components.link import page_link
from components.style import AXIS_TICK, CHART_TEXT, FOCUS
from state.lottery import RULES_DIALOG, LotteryRecordState, LotteryState
from state.site import SiteState

CARD = "rounded-2xl p-4 bg-white dark:bg-slate-900 shadow space-y-3 min-w-0"
CHIP = (
    "h-9 px-3 rounded-full text-xs font-semibold border border-slate-300 dark:border-slate-600 "
    f"hover:bg-slate-100 dark:hover:bg-slate-800 {FOCUS}"
)
BALL = (
    "size-10 rounded-full grid place-items-center text-sm font-bold tabular-nums border "
    f"transition-colors {FOCUS}"
)
BALL_ON = "bg-amber-400 text-slate-900 border-amber-500"
BALL_OFF = (
    "bg-white text-slate-800 border-slate-300 hover:border-amber-400 dark:bg-slate-800 "
    "dark:text-slate-100 dark:border-slate-600"
)
OPTION = f"min-h-11 px-3 rounded-lg text-sm font-semibold border transition-colors {FOCUS}"
# Family badges stand for the lottery image categories of spec 3 (11X5, LF, LHC, PK10, SSC).
BADGE_COLOURS = {
    "SSC": "bg-rose-500",
    "11X5": "bg-sky-500",
    "PK10": "bg-violet-500",
    "LHC": "bg-emerald-500",
    "LF": "bg-amber-500",
}


def _verify_link(url: rx.Var, test_id: str) -> rx.Component:
    """The link to an issue's public check, where it has one (drawn from a seed)."""
    return rx.cond(
        url != "",
        rx.el.a(t("lotterypage.verify"), href=url, class_name=LINK, data_testid=test_id),
    )


def text_of(key: rx.Var) -> rx.Var[str]:
    """A catalog text whose key is only known in the page."""
    return SiteState.texts.get(key, key).to(str)


def name_of(parts: rx.Var) -> rx.Component:
    """A play's name from the catalog keys of its words."""
    return rx.el.span(
        rx.foreach(parts, lambda key: rx.el.span(text_of(key))),
        class_name="inline-flex flex-wrap gap-x-1",
    )


def selection_line(tokens: rx.Var) -> rx.Component:
    """A bet's selection: option names in the visitor's language, numbers as they are."""
    return rx.el.p(
        rx.foreach(tokens, lambda token: rx.el.span(text_of(token))),
        class_name="flex flex-wrap gap-x-1 text-xs text-slate-500 break-all",
        data_testid="bet-selection",
    )


def countdown(close_ms: rx.Var, test_id: str, refresh: bool = False) -> rx.Component:
    """Time left until `close_ms`, ticked by assets/lottery.js (no server event per tick)."""
    props = {"data-countdown-refresh": "1"} if refresh else {}
    return rx.el.span(
        "--:--",
        key=close_ms.to(str),
        class_name="tabular-nums font-mono font-bold",
        data_countdown_to=close_ms,
        data_testid=test_id,
        role="timer",
        **props,
    )


def ball(value: rx.Var, *, dice: rx.Var | bool = False) -> rx.Component:
    return rx.el.span(
        value,
        class_name=rx.cond(
            dice,
            "size-9 rounded-lg grid place-items-center font-bold bg-white text-slate-900 "
            "border-2 border-slate-800 shadow",
            "size-9 rounded-full grid place-items-center font-bold tabular-nums "
            "bg-gradient-to-b from-amber-300 to-amber-500 text-slate-900 shadow",
        ),
    )


# ---- lobby -----------------------------------------------------------------------------------


def _badge(image: rx.Var, family_key: rx.Var, badge: rx.Var) -> rx.Component:
    return rx.el.span(
        rx.cond(image != "", image, badge),
        class_name=rx.match(
            image,
            *((code, f"{colour} {_BADGE}") for code, colour in BADGE_COLOURS.items()),
            f"bg-slate-500 {_BADGE}",
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
        rx.el.div(
            rx.cond(
                card.issue != "",
                rx.el.div(
                    rx.el.span(
                        t("lotterypage.next_issue").replace("{issue}", card.issue),
                        class_name="text-xs text-slate-500 font-mono truncate",
                    ),
                    rx.el.span(
                        t("lotterypage.closes_in") + " ",
                        countdown(card.close_ms, "lobby-countdown"),
                        class_name="text-sm",
                    ),
                    class_name="flex flex-col",
                ),
                rx.el.span(t("lotterypage.no_issue"), class_name="text-xs text-slate-500"),
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
                        f"h-9 px-3 rounded-md text-sm font-semibold bg-white shadow "
                        f"dark:bg-slate-700 {FOCUS}",
                        f"h-9 px-3 rounded-md text-sm text-slate-600 dark:text-slate-300 {FOCUS}",
                    ),
                    data_testid="mode-switch",
                    data_mode=mode,
                ),
            ),
            role="radiogroup",
            aria_label=t("lotterypage.modes"),
            class_name="inline-flex gap-1 p-1 rounded-lg bg-slate-100 dark:bg-slate-800",
        ),
    )


# ---- board -----------------------------------------------------------------------------------


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
                rx.el.p(t("lotterypage.current"), class_name="text-xs text-slate-500"),
                rx.el.p(
                    rx.cond(LotteryState.issue != "", LotteryState.issue, "—"),
                    class_name="font-mono font-semibold",
                    data_testid="lottery-issue",
                ),
                class_name="min-w-0",
            ),
            rx.el.div(
                rx.el.p(t("lotterypage.closes_in"), class_name="text-xs text-slate-500"),
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
                class_name="text-xs text-slate-500",
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
                    class_name="text-sm text-slate-500 min-h-9",
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
        rx.el.p(label, class_name="text-xs text-slate-500 mb-1"),
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


# ---- plays and picker ------------------------------------------------------------------------


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
                class_name="text-xs text-slate-500",
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
            class_name="py-1 text-right tabular-nums font-semibold text-emerald-600 "
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
                rx.el.dt(t("lotterypage.bet_count"), class_name="text-xs text-slate-500"),
                rx.el.dd(
                    LotteryState.bet_count,
                    class_name="text-lg font-bold tabular-nums",
                    data_testid="slip-count",
                ),
            ),
            rx.el.div(
                rx.el.dt(t("lotterypage.stake"), class_name="text-xs text-slate-500"),
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
            rx.el.p(t("lotterypage.slip_empty"), class_name="text-sm text-slate-500"),
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
        rx.el.p(
            LotteryState.error,
            role="alert",
            class_name="min-h-5 text-sm font-medium text-red-600 dark:text-red-400",
            data_testid="lottery-error",
        ),
        rx.el.p(
            LotteryState.notice,
            role="status",
            class_name="text-sm font-medium text-emerald-600 dark:text-emerald-400",
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
                            "text-emerald-600 dark:text-emerald-400",
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


# ---- my bets ---------------------------------------------------------------------------------


def _bet_row(bet: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.span(bet.issue, class_name="font-mono text-xs"),
            rx.el.span(
                text_of("lotterypage.status." + bet.status),
                class_name=rx.cond(
                    bet.won,
                    "text-xs font-semibold text-emerald-600 dark:text-emerald-400",
                    "text-xs text-slate-500",
                ),
                data_testid="bet-status",
            ),
            class_name="flex justify-between gap-2",
        ),
        rx.el.div(
            name_of(bet.parts),
            rx.cond(
                bet.chase,
                rx.el.span(
                    t("lotterypage.chase_tag"),
                    class_name="text-[10px] uppercase px-1.5 rounded bg-sky-100 text-sky-800 "
                    "dark:bg-sky-900 dark:text-sky-100",
                ),
            ),
            class_name="flex flex-wrap items-center gap-2 text-sm font-medium",
        ),
        selection_line(bet.selection),
        rx.el.div(
            rx.el.span(
                t("lotterypage.bet.stake") + " ",
                rx.el.span(amount(bet.stake), class_name="tabular-nums"),
                class_name="text-sm",
            ),
            rx.cond(
                bet.status == "SETTLED",
                rx.el.span(
                    t("lotterypage.bet.payout") + " ",
                    rx.el.span(amount(bet.payout), class_name="tabular-nums font-semibold"),
                    class_name="text-sm",
                    data_testid="bet-payout",
                ),
            ),
            rx.cond(
                bet.cancellable,
                rx.el.button(
                    t("lotterypage.cancel"),
                    type="button",
                    on_click=LotteryState.cancel(bet.uid),
                    class_name=CHIP,
                    data_testid="cancel-bet",
                ),
            ),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        class_name="py-2 border-t border-slate-200 dark:border-slate-700 space-y-1",
        data_testid="my-bet",
        data_status=bet.status,
    )


def _tab(name: str, key: str, count: rx.Var) -> rx.Component:
    return rx.el.button(
        t(key),
        " (",
        count,
        ")",
        type="button",
        role="tab",
        aria_selected=LotteryState.bets_tab == name,
        on_click=LotteryState.set_bets_tab(name),
        class_name=rx.cond(
            LotteryState.bets_tab == name,
            f"h-9 px-3 rounded-lg text-sm font-semibold bg-slate-200 dark:bg-slate-700 {FOCUS}",
            f"h-9 px-3 rounded-lg text-sm text-slate-500 {FOCUS}",
        ),
        data_testid=f"bets-tab-{name}",
    )


def my_bets() -> rx.Component:
    shown = rx.cond(
        LotteryState.bets_tab == "open", LotteryState.open_bets, LotteryState.settled_bets
    )
    return rx.el.section(
        rx.el.div(
            rx.el.h2(t("lotterypage.my_bets"), class_name="font-semibold"),
            rx.el.div(
                _tab("open", "lotterypage.open_bets", LotteryState.open_bets.length()),
                _tab("settled", "lotterypage.settled_bets", LotteryState.settled_bets.length()),
                role="tablist",
                class_name="flex gap-1",
            ),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        rx.cond(
            shown.length() == 0,
            rx.el.p(t("lotterypage.no_bets"), class_name="text-sm text-slate-500"),
        ),
        rx.el.ul(rx.foreach(shown, _bet_row), data_testid="my-bets"),
        class_name=CARD,
    )


# ---- results and charts ----------------------------------------------------------------------


def _result_row(row: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.td(row.issue, class_name="py-1.5 pr-2 font-mono text-xs whitespace-nowrap"),
        rx.el.td(
            rx.el.div(
                rx.foreach(
                    row.numbers,
                    lambda n: rx.el.span(
                        n,
                        class_name="min-w-6 h-6 px-1 rounded-full grid place-items-center "
                        "text-xs font-bold bg-slate-100 dark:bg-slate-800 tabular-nums",
                    ),
                ),
                class_name="flex flex-wrap gap-1",
            ),
        ),
        rx.el.td(
            _verify_link(row.verify, "result-verify"),
            class_name="py-1.5 text-right",
        ),
        class_name="border-t border-slate-200 dark:border-slate-700",
        data_testid="result-row",
    )


def results() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("lotterypage.history"), class_name="font-semibold"),
        rx.cond(
            LotteryState.results.length() == 0,
            rx.el.p(t("lotterypage.no_result"), class_name="text-sm text-slate-500"),
            rx.el.div(
                rx.el.table(
                    rx.el.tbody(rx.foreach(LotteryState.results, _result_row)),
                    class_name="w-full text-sm",
                ),
                class_name="overflow-x-auto",
            ),
        ),
        class_name=CARD,
        data_testid="results",
    )


def _chart(key: str, colour: str, help_text: rx.Var, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.p(help_text, class_name="text-xs text-slate-500"),
        rx.el.div(
            rx.recharts.responsive_container(
                rx.recharts.bar_chart(
                    rx.recharts.bar(data_key=key, fill=colour, is_animation_active=False),
                    # Labels that would overlap (a hundred numbers on a phone) are skipped.
                    rx.recharts.x_axis(
                        data_key="number",
                        interval="preserveStartEnd",
                        min_tick_gap=6,
                        font_size=10,
                        tick=AXIS_TICK,
                    ),
                    rx.recharts.y_axis(
                        allow_decimals=False,
                        width=28,
                        font_size=10,
                        tick=AXIS_TICK,
                    ),
                    rx.recharts.graphing_tooltip(),
                    data=LotteryState.stats.to(list[dict[str, Any]]),
                    margin={"top": 4, "right": 4, "left": 0, "bottom": 0},
                ),
                width="100%",
                height=160,
            ),
            class_name=f"h-40 {CHART_TEXT}",
        ),
        data_testid=test_id,
    )


def charts() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h2(t("lotterypage.trend"), class_name="font-semibold"),
            rx.cond(
                LotteryState.positions.length() > 1,
                rx.el.div(
                    rx.foreach(
                        LotteryState.positions,
                        lambda p: rx.el.button(
                            (p + 1).to(str),
                            type="button",
                            aria_pressed=LotteryState.trend_position == p,
                            aria_label=t("lotterypage.position").replace("{n}", (p + 1).to(str)),
                            on_click=LotteryState.set_trend_position(p),
                            class_name=rx.cond(
                                LotteryState.trend_position == p,
                                f"size-8 rounded-full text-xs font-bold bg-amber-400 "
                                f"text-slate-900 {FOCUS}",
                                f"size-8 rounded-full text-xs bg-slate-100 dark:bg-slate-800 "
                                f"{FOCUS}",
                            ),
                        ),
                    ),
                    class_name="flex flex-wrap gap-1",
                ),
            ),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        rx.cond(
            LotteryState.trend_draws > 0,
            rx.fragment(
                _chart(
                    "hits",
                    "#f59e0b",
                    t("lotterypage.trend_help").replace(
                        "{count}", LotteryState.trend_draws.to(str)
                    ),
                    "trend-chart",
                ),
                rx.el.h3(t("lotterypage.missing"), class_name="font-semibold"),
                _chart("missing", "#6366f1", t("lotterypage.missing_help"), "missing-chart"),
            ),
            rx.el.p(
                t("lotterypage.no_result"),
                class_name="text-sm text-slate-500",
                data_testid="trend-empty",
            ),
        ),
        class_name=CARD,
    )


# ---- rules -----------------------------------------------------------------------------------


def rules_dialog() -> rx.Component:
    return dialog(
        RULES_DIALOG,
        rx.el.p(
            text_of("lotterypage.rule." + LotteryState.play_kind)
            .replace("{need}", LotteryState.need.to(str))
            .replace("{digits}", LotteryState.digits.to(str)),
            class_name="text-sm leading-relaxed",
        ),
        rx.el.p(t("lotterypage.rule.ties"), class_name="text-sm leading-relaxed"),
        rx.el.p(t("lotterypage.rule.stake"), class_name="text-sm leading-relaxed"),
        rx.el.p(
            t("lotterypage.rtp").replace("{rtp}", amount(LotteryState.rtp)),
            class_name="font-semibold",
            data_testid="rules-rtp",
        ),
        rx.el.table(
            rx.el.thead(
                rx.el.tr(
                    rx.el.th("", class_name="text-left py-1"),
                    rx.el.th(t("lotterypage.odds"), class_name="text-right py-1"),
                )
            ),
            rx.el.tbody(
                rx.foreach(
                    LotteryState.paytable,
                    lambda row: rx.el.tr(
                        rx.el.td(
                            rx.cond(row.label_key != "", text_of(row.label_key), row.label),
                            class_name="py-1 pr-2",
                        ),
                        rx.el.td(row.odds, class_name="py-1 text-right tabular-nums"),
                        class_name="border-t border-slate-200 dark:border-slate-700",
                    ),
                )
            ),
            class_name="w-full text-sm",
            data_testid="paytable",
        ),
        title=name_of(LotteryState.play_parts_active),
    )


# ---- betting record --------------------------------------------------------------------------


def _record_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            page_link(text_of(row.name_key), href=row.href, class_name=LINK),
            rx.el.span(local_time(row.placed_at), class_name="text-xs text-slate-500"),
            class_name="flex flex-wrap justify-between gap-2",
        ),
        rx.el.div(
            rx.el.span(row.issue, class_name="font-mono text-xs"),
            name_of(row.parts),
            class_name="flex flex-wrap items-center gap-2 text-sm",
        ),
        selection_line(row.selection),
        rx.el.div(
            rx.el.span(
                t("lotterypage.bet.stake") + " ",
                rx.el.span(amount(row.stake), class_name="tabular-nums"),
            ),
            rx.el.span(
                t("lotterypage.bet.payout") + " ",
                rx.el.span(
                    amount(row.payout),
                    class_name=rx.cond(
                        row.won, "tabular-nums font-semibold text-emerald-600", "tabular-nums"
                    ),
                    data_testid="record-payout",
                ),
            ),
            rx.el.span(
                text_of("lotterypage.status." + row.status),
                class_name="text-xs",
                data_testid="record-status",
            ),
            _verify_link(row.verify, "record-verify"),
            class_name="flex flex-wrap items-center justify-between gap-2 text-sm",
        ),
        class_name="py-2 border-t border-slate-200 dark:border-slate-700 space-y-1",
        data_testid="lottery-record-row",
        data_status=row.status,
    )


def lottery_record() -> rx.Component:
    """The member's latest lottery bets on the betting record."""
    return rx.el.section(
        rx.el.h2(t("lotterypage.record.title"), class_name="font-semibold"),
        rx.cond(
            LotteryRecordState.rows.length() == 0,
            rx.el.p(t("lotterypage.record.empty"), class_name="text-sm text-slate-500"),
            rx.el.ul(rx.foreach(LotteryRecordState.rows, _record_row)),
        ),
        class_name=CARD + " mt-6",
        data_testid="lottery-record",
    )
