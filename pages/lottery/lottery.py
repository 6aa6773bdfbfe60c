"""The lottery pages: the lobby of an area (/lottery, /seaLottery, /vnLottery and their
lower-case forms), a game's betting page (`?gameCode=`), and the public verify page."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import LINK
from components.i18n import t
from components.layout import layout
from components.link import page_link
from components.lottery import (
    CARD,
    ball,
    board,
    charts,
    family_filter,
    lobby_card,
    mode_switch,
    my_bets,
    picker,
    play_tabs,
    refresh_button,
    results,
    rules_dialog,
    slip,
    slip_bar,
    stations,
    text_of,
    vn_codes,
)
from pages.registry import Page
from state.lottery.lottery import LotteryState
from state.lottery.verify import LotteryVerifyState


def _lobby() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.h1(
                text_of("lotterypage.area." + LotteryState.area),
                class_name="text-2xl font-bold",
            ),
            refresh_button(),
            class_name="flex items-center justify-between gap-3",
        ),
        rx.el.p(
            t("lotterypage.lobby.intro"), class_name="text-sm text-slate-500 dark:text-slate-400"
        ),
        mode_switch(),
        family_filter(),
        rx.cond(
            LotteryState.unknown,
            rx.el.p(
                t("lotterypage.unknown_game"),
                role="alert",
                class_name="text-sm font-medium text-red-600 dark:text-red-400",
                data_testid="lottery-unknown",
            ),
        ),
        rx.cond(
            LotteryState.lobby.length() == 0,
            rx.el.div(
                rx.el.p(
                    t("lotterypage.lobby.empty"),
                    class_name="text-slate-500 dark:text-slate-400",
                    data_testid="lottery-lobby-empty",
                ),
                rx.cond(
                    LotteryState.area != "LOTT",
                    page_link(
                        t("lotterypage.other_lotteries"),
                        href=routes.LOTTERY,
                        class_name=LINK,
                        data_testid="lottery-other",
                    ),
                ),
                class_name=CARD,
            ),
        ),
        rx.el.div(
            rx.foreach(LotteryState.shown_lobby, lobby_card),
            class_name="grid gap-3 sm:grid-cols-2 lg:grid-cols-3",
            data_testid="lottery-lobby",
        ),
        class_name="space-y-4",
    )


def _title() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            page_link(
                rx.icon("chevron-left", size=16),
                t("lotterypage.back"),
                href=LotteryState.router.page.path,
                class_name=LINK + " inline-flex items-center",
                data_testid="lottery-back",
            ),
            rx.el.h1(
                text_of(LotteryState.name_key),
                class_name="text-2xl font-bold",
                data_testid="lottery-title",
            ),
            rx.el.p(
                rx.cond(
                    LotteryState.minutes > 0,
                    t("lotterypage.every").replace("{minutes}", LotteryState.minutes.to(str)),
                    t("lotterypage.official"),
                ),
                class_name="text-sm text-slate-500 dark:text-slate-400",
            ),
            rx.el.p(
                text_of(LotteryState.about_key),
                class_name="text-sm text-slate-600 dark:text-slate-300 max-w-prose",
                data_testid="lottery-about",
            ),
        ),
        refresh_button(),
        class_name="flex items-end justify-between gap-3",
    )


def _game() -> rx.Component:
    return rx.el.div(
        _title(),
        mode_switch(),
        rx.cond(
            LotteryState.not_offered,
            rx.el.p(
                t("lotterypage.not_offered"),
                role="alert",
                class_name=CARD + " text-amber-700 dark:text-amber-300",
                data_testid="lottery-not-offered",
            ),
        ),
        # One column on phones (board, picker, slip, bets, results); on wide screens the
        # slip and bets stand to the right of the board and the results.
        rx.el.div(
            rx.el.div(
                board(),
                rx.cond(~LotteryState.not_offered, stations()),
                rx.cond(~LotteryState.not_offered, play_tabs()),
                rx.cond(~LotteryState.not_offered, picker()),
                rx.cond(LotteryState.vietnam, vn_codes()),
                class_name="space-y-4 min-w-0",
            ),
            rx.el.div(
                rx.cond(~LotteryState.not_offered, slip()),
                my_bets(),
                class_name="space-y-4 min-w-0 lg:row-span-2",
            ),
            rx.el.div(
                results(),
                charts(),
                class_name="space-y-4 min-w-0 lg:col-start-1",
            ),
            class_name="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] items-start",
        ),
        rules_dialog(),
        class_name="space-y-4",
    )


def lottery_page() -> rx.Component:
    return layout(
        rx.el.div(
            rx.cond(LotteryState.game_code != "", _game(), _lobby()),
            # Outside the game's spaced columns: their gaps would lift the fixed bar.
            slip_bar(),
            class_name="sm:pr-12",
            data_testid="lottery-page",
            data_area=LotteryState.area,
            data_game=LotteryState.game_code,
        ),
    )


def _numbers(values: rx.Var, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.foreach(values, lambda n: ball(n)),
        class_name="flex flex-wrap gap-1.5",
        data_testid=test_id,
    )


# The lines of the browser's own check, one per state assets/lottery-verify.js sets.
_BROWSER_LINES = (
    ("checking", "text-slate-600 dark:text-slate-300"),
    ("ok", "font-bold text-emerald-700 dark:text-emerald-400"),
    ("bad_hash", "font-bold text-red-600 dark:text-red-400"),
    ("bad_numbers", "font-bold text-red-600 dark:text-red-400"),
    ("unavailable", "text-amber-700 dark:text-amber-300"),
)


def _browser_check() -> rx.Component:
    """The draw redone in the player's own browser (assets/lottery-verify.js), from the data
    on this element: the revealed seed, the published hash, the beacon, the game and issue,
    the family's recipe and the numbers drawn. The script sets `data-state`; the line of that
    state shows."""
    state = LotteryVerifyState
    return rx.el.div(
        *(
            rx.el.p(
                ("✓ " if name == "ok" else "✗ " if name.startswith("bad") else "")
                + t(f"lotterypage.verify.browser_{name}"),
                class_name=f"hidden group-data-[state={name}]:block {look}",
            )
            for name, look in _BROWSER_LINES
        ),
        rx.el.p(
            t("lotterypage.verify.browser_about"),
            class_name="text-xs text-slate-500 dark:text-slate-400",
        ),
        role="status",
        aria_live="polite",
        class_name="group rounded-lg border border-slate-200 dark:border-slate-700 p-3 space-y-1",
        data_testid="verify-browser",
        data_state="checking",
        data_verify_seed=state.seed,
        data_verify_hash=state.seed_hash,
        data_verify_beacon=state.beacon,
        data_verify_game=state.game_code,
        data_verify_issue=state.issue,
        data_verify_recipe=state.recipe,
        data_verify_stored=state.stored.join(","),
    )


def lottery_verify_page() -> rx.Component:
    state = LotteryVerifyState
    return layout(
        rx.el.div(
            rx.el.h1(t("lotterypage.verify.title"), class_name="text-2xl font-bold"),
            rx.cond(
                state.error != "",
                rx.el.div(
                    rx.el.p(
                        state.error,
                        role="alert",
                        class_name="text-red-600 dark:text-red-400 font-medium",
                        data_testid="verify-error",
                    ),
                    rx.el.p(t("lotterypage.verify.find"), class_name="text-sm"),
                    page_link(
                        t("lotterypage.back"),
                        href=routes.LOTTERY,
                        class_name=LINK,
                        data_testid="verify-lobby",
                    ),
                    class_name="space-y-3",
                ),
                rx.el.div(
                    rx.el.dl(
                        rx.el.div(
                            rx.el.dt(t("lotterypage.verify.game"), class_name="text-xs"),
                            rx.el.dd(text_of(state.name_key), class_name="font-semibold"),
                        ),
                        rx.el.div(
                            rx.el.dt(t("lotterypage.verify.issue"), class_name="text-xs"),
                            rx.el.dd(state.issue, class_name="font-mono"),
                        ),
                        rx.foreach(
                            state.lines,
                            lambda line: rx.el.div(
                                rx.el.dt(text_of(line.label_key), class_name="text-xs"),
                                rx.el.dd(
                                    rx.cond(
                                        line.value_key != "",
                                        text_of(line.value_key),
                                        line.value,
                                    ),
                                    class_name="font-mono text-sm break-all",
                                ),
                            ),
                        ),
                        class_name="space-y-2",
                    ),
                    rx.cond(
                        state.official,
                        rx.el.p(t("lotterypage.verify.official"), class_name="text-sm"),
                    ),
                    rx.el.p(t("lotterypage.verify.stored"), class_name="text-sm font-medium"),
                    _numbers(state.stored, "verify-stored"),
                    rx.cond(
                        state.drawn,
                        rx.el.div(
                            rx.el.p(
                                t("lotterypage.verify.recomputed"),
                                class_name="text-sm font-medium",
                            ),
                            _numbers(state.recomputed, "verify-recomputed"),
                            rx.el.p(
                                rx.cond(
                                    state.hash_matches,
                                    t("lotterypage.verify.hash_ok"),
                                    t("lotterypage.verify.hash_bad"),
                                ),
                                class_name="text-sm",
                            ),
                            rx.cond(
                                state.matches,
                                rx.el.p(
                                    "✓ " + t("lotterypage.verify.ok"),
                                    class_name=(
                                        "text-lg font-bold text-emerald-700 dark:text-emerald-400"
                                    ),
                                    data_testid="verify-result",
                                    data_ok="1",
                                ),
                                rx.el.p(
                                    "✗ " + t("lotterypage.verify.bad"),
                                    class_name="text-lg font-bold text-red-600",
                                    data_testid="verify-result",
                                    data_ok="0",
                                ),
                            ),
                            _browser_check(),
                            class_name="space-y-2",
                        ),
                        rx.cond(
                            ~state.official,
                            rx.el.p(
                                t("lotterypage.verify.pending"),
                                class_name="text-amber-700 dark:text-amber-300",
                                data_testid="verify-pending",
                            ),
                        ),
                    ),
                    rx.el.p(
                        t("lotterypage.verify.how"),
                        class_name="text-sm text-slate-700 dark:text-slate-300",
                        data_testid="verify-how",
                    ),
                    rx.el.p(
                        t("lotterypage.verify.expert"),
                        class_name="text-xs text-slate-500 dark:text-slate-400",
                    ),
                    page_link(
                        t("lotterypage.back"),
                        href=routes.LOTTERY + "?gameCode=" + state.game_code,
                        class_name=LINK,
                    ),
                    class_name="space-y-3",
                ),
            ),
            class_name=CARD + " max-w-2xl",
            data_testid="verify-page",
        ),
    )


PAGES = (
    *(
        Page(path, lottery_page, "Lottery", load=(LotteryState.load,), login=True)
        for path in routes.LOTTERY_AREAS
    ),
    Page(
        routes.LOTTERY_VERIFY,
        lottery_verify_page,
        "Verify a lottery draw",
        load=(LotteryVerifyState.load,),
        indexed=False,
    ),
)
