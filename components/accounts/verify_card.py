"""The verify card of a provably fair round (`/play/verify?round=<id>`): its title, the round's
values as rows, and whether the recomputed outcome matches the one played, or the refusal. The
studio's rounds (pages/studio/play.py) and Crash's (pages/studio/crash.py) both show it."""

from __future__ import annotations

from typing import Any

import reflex as rx

from components.i18n import t
from components.studio.panels import CARD
from state.studio.studio_views import Detail


def _row(row: Detail) -> rx.Component:
    return rx.el.div(
        rx.el.dt(row.label, class_name="text-xs text-slate-500 dark:text-slate-400"),
        rx.el.dd(row.value, class_name="font-mono text-sm break-all"),
    )


def _result(ok: rx.Var[bool]) -> rx.Component:
    return rx.el.p(
        rx.cond(ok, "✓ " + t("play.verify.ok"), "✗ " + t("play.verify.bad")),
        class_name=rx.cond(
            ok,
            "text-lg font-bold text-emerald-700 dark:text-emerald-400",
            "text-lg font-bold text-red-600",
        ),
        data_testid="verify-result",
        data_ok=rx.cond(ok, "1", "0"),
    )


def verify_card(
    title_key: str,
    error: rx.Var[str],
    rows: rx.Var[list[Detail]],
    ok: rx.Var[bool],
    *,
    before: tuple[rx.Component, ...] = (),
    after: tuple[rx.Component, ...] = (),
    decided: rx.Var[bool] | None = None,
    pending_key: str = "play.verify.not_revealed",
    footer: tuple[rx.Component, ...] = (),
    **props: Any,
) -> rx.Component:
    """`before` and `after` go above and below the rows; while `decided` is false (a seed not
    revealed yet) the card says so instead of a result."""
    result = _result(ok)
    if decided is not None:
        result = rx.cond(
            decided,
            result,
            rx.el.p(
                t(pending_key),
                class_name="text-amber-700 dark:text-amber-300",
                data_testid="verify-pending",
            ),
        )
    return rx.el.div(
        rx.el.h1(t(title_key), class_name="text-2xl font-bold"),
        rx.cond(
            error != "",
            rx.el.p(
                error,
                role="alert",
                class_name="text-red-600 dark:text-red-400 font-medium",
                data_testid="verify-error",
            ),
            rx.el.div(
                *before,
                rx.el.dl(rx.foreach(rows, _row), class_name="space-y-2"),
                *after,
                result,
                *footer,
                class_name="space-y-3",
            ),
        ),
        class_name=CARD + " max-w-2xl space-y-3",
        **props,
    )
