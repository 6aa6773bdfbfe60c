"""App download page (/down): the Android package or the lite app, the iOS profile, each with
its QR code and an installation guide with pictures (iOS 17: the profile through Settings)."""

from __future__ import annotations

import reflex as rx

from app import routes
from components.guide import picture_steps
from components.i18n import t
from components.layout import layout
from components.media import image
from components.style import FOCUS
from pages.registry import Page
from state.content.download import DownloadState

BUTTON = (
    "inline-flex items-center gap-2 rounded-full px-5 py-2 font-semibold "
    f"bg-amber-400 text-slate-900 hover:bg-amber-300 {FOCUS}"
)
# The steps of each guide: its picture (assets/guides/) and its caption key.
ANDROID_STEPS = ("android-1", "android-2", "android-3")
IOS_STEPS = ("ios-1", "ios-2", "ios-3", "ios-4")
# The browser keeps the install prompt it offered (assets/register-sw.js).
_INSTALL = (
    "window.__installPrompt ? window.__installPrompt.prompt() : "
    "document.getElementById('android-guide')?.scrollIntoView({behavior: 'smooth'})"
)


def _qr(kind: str) -> rx.Component:
    # The image is drawn once the page has loaded (not in the prerendered HTML), so a failure
    # reaches its handler; the box keeps its size meanwhile.
    placeholder = rx.el.div(class_name="size-[200px] rounded-lg bg-slate-100 dark:bg-slate-800")
    shown = rx.cond(
        DownloadState.failed_images.contains(kind),
        rx.el.div(
            t("down.image_error"),
            role="img",
            aria_label=t("down.image_error"),
            class_name=(
                "size-[200px] grid place-items-center rounded-lg text-sm "
                "text-slate-500 dark:text-slate-400 "
                "border border-dashed border-slate-300 dark:border-slate-700"
            ),
            data_testid=f"qr-error-{kind}",
        ),
        image(
            src=routes.download_qr(kind),
            alt=t("down.scan"),
            on_error=DownloadState.image_failed(kind),
            class_name="size-[200px] bg-white rounded-lg",
            width=200,
            height=200,
            data_testid=f"qr-{kind}",
        ),
    )
    return rx.cond(DownloadState.ready, shown, placeholder)


def _guide(anchor: str, title_key: str, steps: tuple[str, ...]) -> rx.Component:
    return rx.el.section(
        rx.el.h3(t(title_key), class_name="font-semibold mb-3"),
        picture_steps(steps, "down.guide."),
        id=anchor,
        class_name="mt-6 scroll-mt-24",
        data_testid=anchor,
    )


def _card(*children: rx.Component, test_id: str) -> rx.Component:
    return rx.el.div(
        *children,
        class_name=(
            "flex flex-col items-center gap-3 rounded-2xl p-6 bg-white dark:bg-slate-900 shadow"
        ),
        data_testid=test_id,
    )


def _heading(key: str, icon: str) -> rx.Component:
    return rx.el.h2(
        rx.icon(icon, size=20, aria_hidden="true"),
        t(key),
        class_name="flex items-center gap-2 text-xl font-semibold",
    )


def _android() -> rx.Component:
    return _card(
        _heading("down.android", "smartphone"),
        rx.cond(
            DownloadState.android_package != "",
            rx.fragment(
                _qr("android"),
                rx.el.p(t("down.scan"), class_name="text-sm text-slate-500 dark:text-slate-400"),
                rx.el.a(
                    rx.icon("download", size=16, aria_hidden="true"),
                    t("down.button"),
                    href=DownloadState.android_package,
                    class_name=BUTTON,
                    data_testid="down-android-package",
                ),
            ),
            rx.fragment(
                _qr("site"),
                rx.el.p(
                    t("down.lite_text"),
                    class_name="text-sm text-slate-500 dark:text-slate-400 text-center",
                ),
                rx.el.button(
                    rx.icon("download", size=16, aria_hidden="true"),
                    t("down.lite_button"),
                    type="button",
                    on_click=rx.call_script(_INSTALL),
                    class_name=BUTTON,
                    data_testid="down-lite-app",
                ),
            ),
        ),
        test_id="down-android",
    )


def _ios() -> rx.Component:
    return _card(
        _heading("down.ios", "apple"),
        _qr("ios"),
        rx.el.p(t("down.scan"), class_name="text-sm text-slate-500 dark:text-slate-400"),
        rx.el.a(
            rx.icon("download", size=16, aria_hidden="true"),
            t("down.ios_button"),
            href=DownloadState.ios_profile,
            class_name=BUTTON,
            data_testid="down-ios-profile",
        ),
        test_id="down-ios",
    )


def download_page() -> rx.Component:
    return layout(
        rx.el.h1(t("down.title"), class_name="text-2xl font-bold mb-6"),
        rx.el.div(_android(), _ios(), class_name="grid gap-6 sm:grid-cols-2"),
        _guide("android-guide", "down.android_guide", ANDROID_STEPS),
        _guide("ios-guide", "down.ios_guide_title", IOS_STEPS),
        rx.el.p(t("down.ios_guide"), class_name="mt-4 text-sm text-slate-500 dark:text-slate-400"),
    )


PAGES = (Page(routes.DOWNLOAD, download_page, "Download", load=(DownloadState.load,)),)
