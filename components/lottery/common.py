"""What every piece of the lottery pages shares: card and ball styles, family badge colours,
names and selections in the reader's language, the countdown, the verify link."""

from __future__ import annotations

import reflex as rx

from components.forms import LINK
from components.i18n import t
from components.style import FOCUS
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
    "SSC": "bg-rose-600",
    "11X5": "bg-sky-700",
    "PK10": "bg-violet-600",
    "LHC": "bg-emerald-700",
    "LF": "bg-amber-700",
}


def verify_link(url: rx.Var, test_id: str) -> rx.Component:
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
        class_name="flex flex-wrap gap-x-1 text-xs text-slate-500 dark:text-slate-400 break-all",
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
