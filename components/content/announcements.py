"""The announcement popup (spec 2 popups, spec 4 rules in state/content/announcements.py)."""

from __future__ import annotations

import reflex as rx

from components.dialog import dialog
from components.forms import PRIMARY
from components.i18n import t
from components.style import FOCUS
from state.content.announcements import ANNOUNCEMENT_DIALOG, AnnouncementState, PopupBannerCard


def announcement_dialog() -> rx.Component:
    current = AnnouncementState.current
    return dialog(
        ANNOUNCEMENT_DIALOG,
        rx.el.h2(current.title, class_name="text-lg font-semibold pr-2"),
        # Sanitised with nh3 when it was published (app/services/content/announcements.py).
        rx.html(
            current.content,
            class_name="prose prose-sm dark:prose-invert max-w-none my-3",
            data_testid="announcement-content",
        ),
        rx.cond(
            AnnouncementState.items.length() > 1,  # type: ignore[attr-defined]
            rx.el.div(
                rx.foreach(
                    AnnouncementState.items,
                    lambda item, i: rx.el.button(
                        (i + 1).to(str),
                        type="button",
                        on_click=AnnouncementState.pick(i),
                        aria_label=item.title,
                        aria_current=rx.cond(AnnouncementState.index == i, "true", "false"),
                        class_name=rx.cond(
                            AnnouncementState.index == i,
                            f"size-8 rounded-full bg-amber-400 text-slate-900 text-sm {FOCUS}",
                            f"size-8 rounded-full bg-slate-200 dark:bg-slate-700 text-sm {FOCUS}",
                        ),
                    ),
                ),
                class_name="flex gap-2 mb-3",
            ),
        ),
        rx.el.button(
            t("announcement.close"),
            type="button",
            on_click=AnnouncementState.close,
            auto_focus=True,
            class_name=PRIMARY,
            data_testid="announcement-close",
        ),
        show_close=False,
        on_escape=AnnouncementState.close_on_escape,
    )


def popup_banner(group: str) -> rx.Component:
    """The banner of a popup group (w_login, w_register, w_forget) at the top of its popup."""
    # A group without a banner reads as the empty card: no image, nothing shown.
    banner = AnnouncementState.banners.get(group, PopupBannerCard())
    return rx.cond(
        banner.image != "",
        rx.el.img(
            src=banner.image,
            alt=banner.title,
            class_name="w-full max-h-32 object-cover rounded-xl mb-3",
            data_testid=f"popup-banner-{group}",
        ),
    )
