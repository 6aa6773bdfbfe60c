"""Images with real width/height attributes, so the browser reserves their space (no shift)."""

from __future__ import annotations

import reflex as rx


def image(
    src: str | rx.Var, alt: str | rx.Var, width: int, height: int, **props: object
) -> rx.Component:
    # Reflex turns width/height props into CSS; custom_attrs keeps them as HTML attributes.
    return rx.el.img(
        src=src,
        alt=alt,
        custom_attrs={"width": str(width), "height": str(height)},
        decoding="async",
        **props,
    )
