"""Home page (/, /index, /home). The lobby sections arrive with the catalogue capability."""

from __future__ import annotations

import reflex as rx

from components.i18n import t
from components.layout import layout
from components.media import image


def home_content() -> tuple[rx.Component, ...]:
    return (
        rx.el.section(
            image(
                src="/banners/w_home_1.svg",
                alt="",
                class_name="absolute inset-0 size-full object-cover",
                fetch_priority="high",
                width=1200,
                height=400,
            ),
            rx.el.div(
                rx.el.h1(t("home.title"), class_name="text-3xl sm:text-5xl font-extrabold"),
                rx.el.p(t("home.subtitle"), class_name="mt-2 text-lg sm:text-xl"),
                class_name="relative p-6 sm:p-10 text-white drop-shadow",
            ),
            class_name=(
                "relative overflow-hidden rounded-2xl w-full h-44 sm:h-auto sm:aspect-[3/1] "
                "lg:aspect-[4/1] flex items-end"
            ),
            data_testid="home-hero",
        ),
        rx.el.p(
            t("home.coming"),
            class_name="mt-8 text-center text-slate-500",
            data_testid="home-coming",
        ),
    )


def home() -> rx.Component:
    return layout(*home_content())
