"""A new member's first steps (state/accounts/first_steps.py): the home page's card and the
dialog of the first login, one list for both."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.dialog import dialog
from components.forms import SECONDARY
from components.i18n import local_time, t
from components.link import page_link
from components.style import FOCUS
from state.accounts.auth import STOPPED_PLAYING, AuthState
from state.accounts.first_steps import FIRST_STEPS_DIALOG, FirstStepsState, StepRow
from state.site import SiteState


def _step(row: StepRow) -> rx.Component:
    label = SiteState.texts["first_steps." + row.key].to(str)
    return rx.el.li(
        rx.cond(
            row.done,
            rx.el.span(
                rx.icon("circle-check", size=18, aria_hidden="true", class_name="text-emerald-500"),
                rx.el.span(label, class_name="line-through text-slate-500 dark:text-slate-400"),
                rx.el.span(t("first_steps.done"), class_name="sr-only"),
                class_name="flex items-center gap-2",
            ),
            page_link(
                rx.icon("circle", size=18, aria_hidden="true", class_name="text-amber-500"),
                rx.el.span(label, class_name="font-medium"),
                rx.icon("chevron-right", size=16, aria_hidden="true", class_name="ml-auto"),
                href=row.href,
                on_click=FirstStepsState.dismiss,
                class_name=(
                    "flex items-center gap-2 rounded-lg px-2 py-2 -mx-2 "
                    f"hover:bg-amber-50 dark:hover:bg-slate-800 {FOCUS}"
                ),
            ),
        ),
        class_name="min-h-10 flex flex-col justify-center",
        data_testid="first-step",
        data_done=rx.cond(row.done, "1", "0"),
    )


def _steps() -> rx.Component:
    return rx.el.ol(rx.foreach(FirstStepsState.rows, _step), class_name="space-y-1")


def first_steps_card() -> rx.Component:
    """On the home page, while a step is open."""
    return rx.cond(
        FirstStepsState.open_count > 0,
        rx.el.section(
            rx.el.h2(t("first_steps.title"), class_name="text-lg font-semibold"),
            rx.el.p(
                t("first_steps.intro"), class_name="text-sm text-slate-500 dark:text-slate-400 mb-2"
            ),
            _steps(),
            class_name="rounded-2xl p-4 mt-4 bg-white dark:bg-slate-900 shadow",
            data_testid="first-steps-card",
        ),
    )


def break_banner() -> rx.Component:
    """A member on a break sees it and its end first (no deposit prompt anywhere near)."""
    until = local_time(FirstStepsState.break_until)
    return rx.cond(
        FirstStepsState.break_kind != "",
        rx.el.section(
            rx.icon("shield-check", size=20, aria_hidden="true", class_name="shrink-0"),
            rx.el.div(
                rx.el.h2(
                    SiteState.texts.get("break.title." + FirstStepsState.break_kind, ""),
                    class_name="font-semibold",
                ),
                rx.el.p(
                    rx.cond(
                        FirstStepsState.break_until != "",
                        t("break.until").replace("{until}", until),
                        t("break.indefinite"),
                    ),
                    class_name="text-sm",
                    data_testid="break-until",
                ),
                page_link(
                    t("break.more"),
                    href=routes.RESPONSIBLE_GAMING,
                    class_name="text-sm underline underline-offset-2",
                ),
            ),
            class_name=(
                "flex gap-3 rounded-2xl p-4 mt-4 bg-sky-50 text-sky-950 "
                "dark:bg-sky-950 dark:text-sky-50"
            ),
            data_testid="break-banner",
        ),
    )


def signed_out_banner() -> rx.Component:
    """The tab a member's own break logged out says why and until when, on every page until
    put away or the next login."""
    until = local_time(AuthState.signed_out_until)
    return rx.cond(
        AuthState.signed_out_kind != "",
        rx.el.section(
            rx.icon("log-out", size=20, aria_hidden="true", class_name="shrink-0"),
            rx.el.div(
                rx.el.h2(t("signed_out.title"), class_name="font-semibold"),
                rx.el.p(
                    rx.cond(
                        AuthState.signed_out_until != "",
                        SiteState.texts.get(
                            "signed_out.until." + AuthState.signed_out_kind, ""
                        ).replace("{until}", until),
                        SiteState.texts.get(
                            "signed_out.indefinite." + AuthState.signed_out_kind, ""
                        ),
                    ),
                    class_name="text-sm",
                    data_testid="signed-out-reason",
                ),
                # A break leaves only withdrawals; a stop at the reality check leaves everything.
                rx.cond(
                    AuthState.signed_out_kind != STOPPED_PLAYING,
                    rx.el.p(t("signed_out.withdraw"), class_name="text-sm"),
                ),
                class_name="flex-1",
            ),
            rx.el.button(
                rx.icon("x", size=16, aria_hidden="true"),
                type="button",
                on_click=AuthState.dismiss_signed_out,
                aria_label=t("signed_out.dismiss"),
                class_name=f"self-start p-1 rounded {FOCUS}",
                data_testid="signed-out-dismiss",
            ),
            role="alert",
            class_name=(
                "flex gap-3 rounded-2xl p-4 mb-4 bg-sky-50 text-sky-950 "
                "dark:bg-sky-950 dark:text-sky-50"
            ),
            data_testid="signed-out-banner",
        ),
    )


def first_steps_dialog() -> rx.Component:
    return dialog(
        FIRST_STEPS_DIALOG,
        rx.el.p(
            t("first_steps.intro"), class_name="text-sm text-slate-500 dark:text-slate-400 mb-3"
        ),
        _steps(),
        # The steps are the way on; putting them off is the quiet choice.
        rx.el.button(
            t("first_steps.later"),
            type="button",
            on_click=FirstStepsState.dismiss,
            class_name=f"{SECONDARY} mt-4",
            data_testid="first-steps-later",
        ),
        title=t("first_steps.welcome"),
        show_close=False,
    )
