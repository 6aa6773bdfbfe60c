"""Images with real width/height attributes, so the browser reserves their space (no shift)."""

from __future__ import annotations

import reflex as rx
from reflex_base.components.component import field
from reflex_base.event import EventHandler, no_args_event_spec
from reflex_components_core.el.elements.media import Img


class CheckedImg(Img):
    """An <img> that tells the page when it failed to load (spec 9: 'Image load error')."""

    on_error: EventHandler[no_args_event_spec] = field(doc="Fired when the image fails to load")


def image(
    src: str | rx.Var, alt: str | rx.Var, width: int, height: int, **props: object
) -> rx.Component:
    # Reflex turns width/height props into CSS; custom_attrs keeps them as HTML attributes.
    make = CheckedImg.create if "on_error" in props else rx.el.img
    return make(
        src=src,
        alt=alt,
        custom_attrs={"width": str(width), "height": str(height)},
        decoding="async",
        **props,
    )
