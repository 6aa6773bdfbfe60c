"""The responsible-gaming page (member centre): the player's own limits, a break
(cooling-off or self-exclusion, with the central platform's link where the market has one),
and the "my activity" statement."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app import routes
from components.forms import INPUT, LINK, PRIMARY, SECONDARY, field, form_error, notice, tabs
from components.i18n import local_time, money, t
from components.layout import member_page
from components.style import FOCUS
from pages.registry import Page
from state.protection.protection import (
    BREAK_FORM,
    LIMIT_KINDS,
    LIMITS_FORM,
    PERIODS,
    ProtectionState,
)
from state.site import SiteState

BREAKS = (
    ("COOLING_OFF:1", "protection.length.1d"),
    ("COOLING_OFF:7", "protection.length.7d"),
    ("COOLING_OFF:30", "protection.length.30d"),
    ("COOLING_OFF:42", "protection.length.6w"),
    ("SELF_EXCLUSION:183", "protection.length.6m"),
    ("SELF_EXCLUSION:365", "protection.length.1y"),
    ("SELF_EXCLUSION:indefinite", "protection.length.indefinite"),
)
CARD = "rounded-xl border border-slate-200 dark:border-slate-800 p-4 mb-4 space-y-3"


def _select(
    name: str, label_key: str, options: list[tuple[str, str]], **props: Any
) -> rx.Component:
    return rx.el.div(
        rx.el.label(t(label_key), html_for=f"field-{name}", class_name="block text-sm mb-1"),
        rx.el.select(
            *[rx.el.option(t(key), value=value) for value, key in options],
            id=f"field-{name}",
            name=name,
            class_name=INPUT,
            **props,
        ),
    )


def _label(row: rx.Var) -> rx.Component:
    return rx.el.span(
        SiteState.texts["protection.kind." + row.kind].to(str),
        " ",
        SiteState.texts["protection.period." + row.period].to(str),
        class_name="font-medium",
    )


def _figure(row: rx.Var, value: rx.Var) -> rx.Var:
    """One of a limit's figures: money with the brand's symbol (R$ 100,00), or a count of
    bets or minutes."""
    return rx.cond(row.money, money(value), value)


def _limit_row(row: rx.Var) -> rx.Component:
    kind, period = row.kind, row.period
    return rx.el.li(
        rx.el.div(
            _label(row),
            rx.el.span(
                _figure(row, row.used),
                " / ",
                _figure(row, row.value),
                class_name="font-mono tabular-nums",
            ),
            class_name="flex justify-between gap-2",
        ),
        rx.el.div(
            rx.el.div(
                class_name=rx.cond(
                    row.percent >= 80,
                    "h-2 rounded bg-red-500",
                    "h-2 rounded bg-amber-400",
                ),
                style={"width": row.percent.to_string() + "%"},
            ),
            role="progressbar",
            aria_valuenow=row.percent,
            aria_valuemin="0",
            aria_valuemax="100",
            class_name="h-2 rounded bg-slate-200 dark:bg-slate-700 overflow-hidden",
        ),
        rx.cond(
            row.pending,
            rx.el.div(
                rx.el.p(
                    t("protection.pending"),
                    " ",
                    rx.cond(
                        row.pending_value == "-",
                        t("protection.removal"),
                        _figure(row, row.pending_value),
                    ),
                    " · ",
                    t("protection.pending_from"),
                    " ",
                    local_time(row.pending_from),
                    class_name="text-sm text-slate-600 dark:text-slate-300",
                ),
                rx.el.div(
                    rx.cond(
                        row.confirmable,
                        rx.el.button(
                            t("protection.confirm"),
                            type="button",
                            on_click=ProtectionState.confirm_limit(kind, period),
                            class_name=f"px-3 h-9 rounded-lg bg-amber-400 text-slate-900 {FOCUS}",
                            data_testid="limit-confirm",
                        ),
                    ),
                    rx.el.button(
                        t("protection.cancel"),
                        type="button",
                        on_click=ProtectionState.cancel_limit(kind, period),
                        class_name=f"px-3 h-9 rounded-lg border border-slate-300 {FOCUS}",
                        data_testid="limit-cancel",
                    ),
                    class_name="flex gap-2",
                ),
                class_name="space-y-2",
            ),
        ),
        class_name="py-3 border-b border-slate-200 dark:border-slate-800 space-y-2",
        data_testid="limit-row",
    )


def _error_for(form: str) -> rx.Component:
    """The refusal of this form, beside its button, where the eye is ("": the page's own)."""
    return form_error(rx.cond(ProtectionState.error_at == form, ProtectionState.error, ""))


def _limits() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("protection.limits_title"), class_name="text-lg font-semibold"),
        rx.el.p(
            t("protection.limits_intro"), class_name="text-sm text-slate-600 dark:text-slate-300"
        ),
        rx.cond(
            ProtectionState.limits.length() > 0,
            rx.el.ul(rx.foreach(ProtectionState.limits, _limit_row), data_testid="limit-list"),
            rx.el.p(t("protection.no_limits"), class_name="text-sm", data_testid="limit-empty"),
        ),
        rx.el.form(
            rx.el.div(
                _select(
                    "kind",
                    "protection.limit_kind",
                    [(k, f"protection.kind.{k}") for k in LIMIT_KINDS],
                    on_change=ProtectionState.pick_kind,
                ),
                _select(
                    "period",
                    "protection.limit_period",
                    [(p, f"protection.period.{p}") for p in PERIODS],
                ),
                class_name="grid grid-cols-2 gap-2",
            ),
            field(
                "value",
                t("protection.limit_value"),
                input_mode="decimal",
                required=True,
                # what the number counts, for the kind picked (its unit)
                hint=SiteState.texts.get("protection.unit." + ProtectionState.limit_kind, ""),
            ),
            rx.el.button(
                t("protection.save"), type="submit", class_name=PRIMARY, data_testid="limit-save"
            ),
            _error_for(LIMITS_FORM),
            notice(ProtectionState.notice),
            on_submit=ProtectionState.save_limit,
            reset_on_submit=True,
            class_name="space-y-2",
            data_testid=LIMITS_FORM,
        ),
        class_name=CARD,
    )


def _break() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("protection.break_title"), class_name="text-lg font-semibold"),
        rx.el.p(
            t("protection.break_intro"), class_name="text-sm text-slate-600 dark:text-slate-300"
        ),
        rx.cond(
            ProtectionState.paused_until != "",
            rx.el.p(
                rx.cond(
                    ProtectionState.paused_until == "∞",
                    t("protection.paused_indefinitely"),
                    t("protection.paused_until") + " " + local_time(ProtectionState.paused_until),
                ),
                class_name="font-medium text-red-600 dark:text-red-400",
                data_testid="paused-until",
            ),
        ),
        rx.el.form(
            _select("length", "protection.length", [(v, k) for v, k in BREAKS]),
            rx.el.label(
                # Uncontrolled (the box changes at once; the state follows): the button waits
                # for the tick, the server still refuses an unticked form.
                rx.el.input(
                    type="checkbox",
                    name="agree",
                    default_checked=False,
                    on_change=ProtectionState.set_break_agreed,
                    class_name="size-4 accent-amber-500",
                ),
                t("protection.agree"),
                class_name="flex items-center gap-2 text-sm",
            ),
            rx.el.button(
                t("protection.take_break"),
                type="submit",
                disabled=~ProtectionState.break_agreed,
                class_name=SECONDARY,
                data_testid="take-break",
            ),
            _error_for(BREAK_FORM),
            on_submit=ProtectionState.take_break,
            class_name="space-y-2",
            data_testid=BREAK_FORM,
        ),
        rx.cond(
            ProtectionState.central_url != "",
            rx.el.a(
                t("protection.central_link"),
                href=ProtectionState.central_url,
                target="_blank",
                rel="noopener noreferrer",
                class_name=f"{LINK} underline",
                data_testid="central-exclusion-link",
            ),
        ),
        class_name=CARD,
    )


def _activity_line(key: str, value: rx.Var, in_money: bool = True) -> rx.Component:
    return rx.el.div(
        rx.el.dt(
            t(f"protection.activity.{key}"), class_name="text-sm text-slate-600 dark:text-slate-300"
        ),
        rx.el.dd(
            money(value) if in_money else value,
            class_name="font-mono tabular-nums text-right",
            data_testid=f"activity-{key}",
        ),
        class_name="flex justify-between py-1",
    )


def _activity() -> rx.Component:
    figures = ProtectionState.activity
    return rx.el.section(
        rx.el.h2(t("protection.activity_title"), class_name="text-lg font-semibold"),
        tabs(
            [(p, t(f"protection.activity.{p}")) for p in PERIODS],
            ProtectionState.activity_period,
            ProtectionState.set_activity_period,
        ),
        rx.el.dl(
            _activity_line("deposits", figures.deposits),
            _activity_line("withdrawals", figures.withdrawals),
            _activity_line("stakes", figures.stakes),
            _activity_line("wins", figures.wins),
            _activity_line("net", figures.net),
            _activity_line("bets", figures.bets, in_money=False),
            _activity_line("balance", figures.balance),
        ),
        class_name=CARD,
    )


def protection_page() -> rx.Component:
    return member_page(
        "protection.title",
        rx.el.p(t("protection.intro"), class_name="mb-4 text-sm"),
        _error_for(""),
        rx.cond(
            ProtectionState.offered,
            rx.fragment(_limits(), _break()),
            rx.el.p(t("protection-not-offered"), class_name="mb-4"),
        ),
        _activity(),
    )


PAGES = (
    Page(
        routes.RESPONSIBLE_GAMING,
        protection_page,
        "Responsible gaming",
        load=(ProtectionState.load,),
        login=True,
    ),
)
