"""A guide in pictures: numbered steps, each a picture of assets/guides/ and its caption (the
app installation guides of /down, the deposit tutorial of the deposit page)."""

from __future__ import annotations

import reflex as rx

from components.i18n import t
from components.media import image


def picture_steps(steps: tuple[str, ...], caption_prefix: str) -> rx.Component:
    """`steps` name the pictures (/guides/<step>.svg); captions are `<caption_prefix><step>`."""
    return rx.el.ol(
        *[
            rx.el.li(
                image(
                    src=f"/guides/{step}.svg",
                    alt="",
                    loading="lazy",
                    class_name="w-24 h-40 shrink-0",
                    width=96,
                    height=160,
                ),
                rx.el.p(
                    rx.el.span(
                        f"{number}. ", class_name="font-bold text-amber-700 dark:text-amber-400"
                    ),
                    t(f"{caption_prefix}{step}"),
                    class_name="text-sm",
                ),
                class_name="flex items-center gap-3",
            )
            for number, step in enumerate(steps, start=1)
        ],
        class_name="grid gap-3 sm:grid-cols-2",
    )
