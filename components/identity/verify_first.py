"""The banner a page that moves money shows an account whose identity is not verified yet:
what is blocked and the way to lift it, before the player fills in a form that would be
refused."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.forms import PRIMARY
from components.i18n import t
from components.link import page_link


def verify_first_banner(shown: rx.Var[bool]) -> rx.Component:
    return rx.cond(
        shown,
        rx.el.div(
            rx.icon("shield-alert", size=24, aria_hidden="true", class_name="shrink-0"),
            rx.el.div(
                rx.el.p(t("identity.verify_first.title"), class_name="font-semibold"),
                rx.el.p(t("identity.verify_first.body"), class_name="text-sm"),
                class_name="grow space-y-1",
            ),
            page_link(
                t("identity.verify_first.action"),
                href=routes.VERIFY_IDENTITY,
                class_name=f"{PRIMARY} !w-auto px-4 inline-flex items-center justify-center",
                data_testid="verify-first-link",
            ),
            class_name=(
                "mb-4 flex flex-col sm:flex-row sm:items-center gap-3 rounded-2xl p-4 "
                "border border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 "
                "dark:bg-amber-950/40 dark:text-amber-100"
            ),
            data_testid="verify-first",
        ),
    )
