"""The page for unknown paths."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.i18n import t
from components.layout import layout
from components.link import page_link
from pages.registry import Page


def not_found_page() -> rx.Component:
    return layout(
        rx.el.div(
            rx.el.h1(t("notfound.title"), class_name="text-2xl font-bold"),
            page_link(
                t("notfound.back"),
                href=routes.HOME,
                class_name="underline text-amber-700 dark:text-amber-400",
            ),
            class_name="py-20 text-center space-y-4",
        )
    )


PAGES = (Page(routes.NOT_FOUND, not_found_page, "Not found", indexed=False),)
