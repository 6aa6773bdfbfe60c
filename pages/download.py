"""App download page (/down): QR codes for Android and iOS, with the iOS profile guide."""

from __future__ import annotations

import reflex as rx

from components.i18n import t
from components.layout import layout
from components.media import image
from components.style import FOCUS
from state.download import DownloadState
from state.site import SiteState


def _platform(label_key: str, icon: str, qr: rx.Var, href: rx.Var, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.h2(
            rx.icon(icon, size=20, aria_hidden="true"),
            t(label_key),
            class_name="flex items-center gap-2 text-xl font-semibold",
        ),
        rx.cond(
            qr != "",
            image(
                src=qr,
                alt=t("down.scan"),
                class_name="size-[200px] bg-white rounded-lg",
                width=200,
                height=200,
            ),
            rx.el.div(class_name="size-[200px]"),
        ),
        rx.el.p(t("down.scan"), class_name="text-sm text-slate-500"),
        rx.el.a(
            rx.icon("download", size=16, aria_hidden="true"),
            t("down.button"),
            href=href,
            class_name=(
                "inline-flex items-center gap-2 rounded-full px-5 py-2 font-semibold "
                f"bg-amber-400 text-slate-900 hover:bg-amber-300 {FOCUS}"
            ),
        ),
        class_name=(
            "flex flex-col items-center gap-3 rounded-2xl p-6 bg-white dark:bg-slate-900 shadow"
        ),
        data_testid=test_id,
    )


def download_page() -> rx.Component:
    return layout(
        rx.el.h1(t("down.title"), class_name="text-2xl font-bold mb-6"),
        rx.el.div(
            _platform(
                "down.android",
                "smartphone",
                DownloadState.android_qr,
                SiteState.android_url,
                "down-android",
            ),
            _platform("down.ios", "apple", DownloadState.ios_qr, SiteState.ios_url, "down-ios"),
            class_name="grid gap-6 sm:grid-cols-2",
        ),
        rx.el.p(t("down.ios_guide"), class_name="mt-6 text-sm text-slate-500"),
    )
