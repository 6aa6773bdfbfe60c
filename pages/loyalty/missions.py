"""The missions and leaderboard page (/missionLeaderboard): daily and weekly missions with
their progress bars and claim buttons, the races' boards with the member's own place, and
the winning ranking (biggest wins, top multipliers)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import PRIMARY, TAP_LINK, form_error, notice, tabs
from components.i18n import t
from components.layout import member_page
from components.link import page_link
from components.progress import progress_bar
from components.style import FOCUS
from pages.registry import Page
from state.loyalty.missions import MissionState

CARD = (
    "space-y-2 rounded-xl p-4 bg-white dark:bg-slate-900 border border-slate-200 "
    "dark:border-slate-800"
)
CHIP = "text-xs font-semibold rounded-full px-2 py-0.5"


def _status(card: rx.Var) -> rx.Component:
    return rx.match(
        card.status,
        (
            "claimable",
            rx.el.button(
                t("missions.claim"),
                type="button",
                on_click=MissionState.claim(card.id),
                class_name=f"{PRIMARY} !h-9 !w-auto px-4",
                data_testid="mission-claim",
            ),
        ),
        (
            "claimed",
            rx.el.span(
                t("missions.status.claimed"),
                class_name=f"{CHIP} bg-emerald-100 text-emerald-800 dark:bg-emerald-900 "
                "dark:text-emerald-200",
                data_testid="mission-claimed",
            ),
        ),
        rx.el.div(
            rx.el.span(
                rx.cond(
                    card.percent > 0,
                    t("missions.status.progress"),
                    t("missions.status.not_started"),
                ),
                class_name=f"{CHIP} bg-slate-100 dark:bg-slate-800",
                data_testid="mission-open",
            ),
            rx.cond(
                card.way != "",
                page_link(
                    rx.cond(card.deposit, t("missions.go.deposit"), t("missions.go.play")),
                    href=card.way,
                    class_name=TAP_LINK,
                    data_testid="mission-go",
                ),
            ),
            class_name="flex items-center gap-2",
        ),
    )


def _card(card: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p(card.title, class_name="font-semibold"),
            rx.el.span(
                card.reward,
                class_name=f"{CHIP} bg-amber-100 text-amber-900 dark:bg-amber-900 "
                "dark:text-amber-100 whitespace-nowrap",
            ),
            class_name="flex items-start justify-between gap-2",
        ),
        progress_bar(card.percent, card.title, "mission-bar"),
        rx.el.div(
            rx.el.span(
                card.progress,
                class_name="font-mono tabular-nums text-sm",
                data_testid="mission-progress",
            ),
            _status(card),
            class_name="flex items-center justify-between gap-2 min-h-9",
        ),
        class_name=CARD,
        data_testid="mission",
        data_id=card.id,
        data_status=card.status,
    )


def _missions() -> rx.Component:
    return rx.el.section(
        rx.el.p(
            rx.el.span(t("missions.ends_in"), " "),
            rx.el.span(
                rx.cond(
                    MissionState.tab == "WEEKLY", MissionState.weekly_left, MissionState.daily_left
                ),
                class_name="font-semibold",
                data_testid="missions-countdown",
            ),
            class_name="text-sm text-slate-500 dark:text-slate-400",
        ),
        rx.cond(
            MissionState.shown_cards.length() > 0,  # type: ignore[attr-defined]
            rx.el.ul(
                rx.foreach(MissionState.shown_cards, _card),
                class_name="grid gap-3 sm:grid-cols-2",
                data_testid="missions",
            ),
            rx.el.p(t("missions.none"), class_name="text-sm text-slate-500 dark:text-slate-400"),
        ),
        class_name="space-y-3",
    )


def _line(line: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.span(
            line.place.to(str),
            class_name="w-8 text-center font-bold tabular-nums",
        ),
        rx.el.span(line.name, class_name="flex-1 truncate", data_testid="board-name"),
        rx.el.span(line.score, class_name="font-mono tabular-nums"),
        rx.el.span(
            line.prize,
            class_name="w-24 text-right font-mono tabular-nums text-emerald-700 "
            "dark:text-emerald-400",
        ),
        class_name=rx.cond(
            line.mine,
            "flex items-center gap-2 px-3 py-2 rounded-lg bg-amber-100 dark:bg-amber-900/50 "
            "font-semibold",
            "flex items-center gap-2 px-3 py-2 rounded-lg",
        ),
        data_testid="board-row",
        data_mine=line.mine,
    )


def _race_pick(race: rx.Var) -> rx.Component:
    return rx.el.button(
        race.title,
        type="button",
        on_click=MissionState.select_race(race.code),
        aria_pressed=MissionState.race_code == race.code,
        class_name=rx.cond(
            MissionState.race_code == race.code,
            f"px-3 h-9 rounded-full text-sm font-semibold bg-amber-400 text-slate-900 {FOCUS}",
            f"px-3 h-9 rounded-full text-sm bg-slate-100 dark:bg-slate-800 {FOCUS}",
        ),
        data_testid="race-pick",
    )


def _race() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.foreach(MissionState.race_tabs, _race_pick),
            class_name="flex flex-wrap gap-2",
        ),
        rx.el.div(
            rx.el.h2(MissionState.race_title, class_name="text-lg font-semibold"),
            rx.el.p(
                t("missions.ends_in"),
                " ",
                rx.el.span(MissionState.race_left, class_name="font-semibold"),
                class_name="text-sm text-slate-500 dark:text-slate-400",
                data_testid="race-countdown",
            ),
            rx.el.p(t("missions.prizes"), " ", MissionState.race_prizes, class_name="text-sm"),
            rx.el.p(
                t("missions.my_place"),
                " ",
                rx.el.span(
                    rx.cond(MissionState.my_place != "", "#" + MissionState.my_place, "—"),
                    class_name="font-bold",
                    data_testid="race-my-place",
                ),
                " · ",
                rx.el.span(MissionState.my_score, class_name="font-mono tabular-nums"),
                class_name="text-sm",
            ),
            class_name=CARD,
        ),
        rx.cond(
            MissionState.board.length() > 0,  # type: ignore[attr-defined]
            rx.el.ol(
                rx.foreach(MissionState.board, _line),
                class_name=f"{CARD} !space-y-1",
                aria_label=MissionState.race_title,
                data_testid="race-board",
            ),
            rx.el.p(
                t("missions.board_empty"), class_name="text-sm text-slate-500 dark:text-slate-400"
            ),
        ),
        class_name="space-y-3",
    )


def _win(line: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.span(line.name, class_name="w-24 truncate"),
        rx.el.span(line.game, class_name="flex-1 truncate text-slate-500 dark:text-slate-400"),
        rx.el.span(
            line.amount,
            class_name="font-mono tabular-nums font-semibold text-emerald-700 "
            "dark:text-emerald-400",
        ),
        class_name="flex items-center gap-2 px-3 py-2",
        data_testid="ranking-win",
    )


def _ranking() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h2(t("missions.big_wins"), class_name="text-lg font-semibold"),
            rx.el.ol(rx.foreach(MissionState.big_wins, _win), data_testid="ranking-wins"),
            class_name=CARD,
        ),
        rx.el.div(
            rx.el.h2(t("missions.top_multipliers"), class_name="text-lg font-semibold"),
            rx.cond(
                MissionState.top_multipliers.length() > 0,  # type: ignore[attr-defined]
                rx.el.ol(
                    rx.foreach(MissionState.top_multipliers, _line),
                    data_testid="ranking-multipliers",
                ),
                rx.el.p(
                    t("missions.board_empty"),
                    class_name="text-sm text-slate-500 dark:text-slate-400",
                ),
            ),
            class_name=CARD,
        ),
        class_name="grid gap-3 md:grid-cols-2",
    )


def missions_page() -> rx.Component:
    return member_page(
        "missions.title",
        tabs(
            [
                ("DAILY", t("missions.tab.daily")),
                ("WEEKLY", t("missions.tab.weekly")),
                ("RACE", t("missions.tab.race")),
                ("RANKING", t("missions.tab.ranking")),
            ],
            MissionState.tab,
            MissionState.set_tab,
        ),
        # One line kept for the answer to a claim, so the cards do not move when it comes.
        rx.cond(
            MissionState.error != "", form_error(MissionState.error), notice(MissionState.notice)
        ),
        rx.match(
            MissionState.tab,
            ("RACE", _race()),
            ("RANKING", _ranking()),
            _missions(),
        ),
    )


PAGES = (
    Page(
        routes.MISSION_LEADERBOARD,
        missions_page,
        "Missions and leaderboard",
        load=(MissionState.load,),
        login=True,
    ),
)
