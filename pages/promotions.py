"""Promotions (/promotions): the last item of the navigation."""

from __future__ import annotations

import reflex as rx

from components.i18n import t
from components.layout import layout


def promotions_page() -> rx.Component:
    return layout(
        rx.el.h1(t("nav.PROMO"), class_name="text-2xl font-bold mb-4"),
        rx.el.p(t("promo.empty"), class_name="text-slate-500", data_testid="promo-empty"),
    )
