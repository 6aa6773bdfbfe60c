"""What was played and drawn: my bets, results with the trend and missing-number charts, the
rules dialog, the betting record."""

from __future__ import annotations

from typing import Any

import reflex as rx

from components.dialog import dialog
from components.forms import LINK
from components.i18n import amount, local_time, t
from components.link import page_link
from components.lottery.common import CARD, CHIP, name_of, selection_line, text_of, verify_link
from components.style import AXIS_TICK, CHART_TEXT, FOCUS, INFO_TAG
from state.lottery.lottery import RULES_DIALOG, LotteryRecordState, LotteryState


def _bet_row(bet: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.span(bet.issue, class_name="font-mono text-xs"),
            rx.el.span(
                text_of("lotterypage.status." + bet.status),
                class_name=rx.cond(
                    bet.won,
                    "text-xs font-semibold text-emerald-700 dark:text-emerald-400",
                    "text-xs text-slate-500 dark:text-slate-400",
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
                    class_name=f"text-[10px] uppercase px-1.5 rounded {INFO_TAG}",
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
            f"h-9 px-3 rounded-lg text-sm text-slate-500 dark:text-slate-400 {FOCUS}",
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
            rx.el.p(
                t("lotterypage.no_bets"), class_name="text-sm text-slate-500 dark:text-slate-400"
            ),
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
            verify_link(row.verify, "result-verify"),
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
            rx.el.p(
                t("lotterypage.no_result"), class_name="text-sm text-slate-500 dark:text-slate-400"
            ),
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
        rx.el.p(help_text, class_name="text-xs text-slate-500 dark:text-slate-400"),
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
                class_name="text-sm text-slate-500 dark:text-slate-400",
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
        rx.cond(
            LotteryState.ties_key != "",
            rx.el.p(
                text_of(LotteryState.ties_key),
                class_name="text-sm leading-relaxed",
                data_testid="rules-ties",
            ),
        ),
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
            rx.el.span(
                local_time(row.placed_at), class_name="text-xs text-slate-500 dark:text-slate-400"
            ),
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
                        row.won,
                        "tabular-nums font-semibold text-emerald-700 dark:text-emerald-400",
                        "tabular-nums",
                    ),
                    data_testid="record-payout",
                ),
            ),
            rx.el.span(
                text_of("lotterypage.status." + row.status),
                class_name="text-xs",
                data_testid="record-status",
            ),
            verify_link(row.verify, "record-verify"),
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
            rx.el.p(
                t("lotterypage.record.empty"),
                class_name="text-sm text-slate-500 dark:text-slate-400",
            ),
            rx.el.ul(rx.foreach(LotteryRecordState.rows, _record_row)),
        ),
        class_name=CARD + " mt-6",
        data_testid="lottery-record",
    )
