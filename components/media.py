"""Images with real width/height attributes, so the browser reserves their space (no shift)."""

from __future__ import annotations

import reflex as rx
from reflex_base.components.component import field
from reflex_base.event import EventHandler, no_args_event_spec
from reflex_base.vars.function import FunctionVar
from reflex_components_core.el.elements.media import Img


class CheckedImg(Img):
    """An <img> that tells the page when it failed to load (spec 9: 'Image load error')."""

    on_error: EventHandler[no_args_event_spec] = field(doc="Fired when the image fails to load")


# An image that fails to load shows its data-fallback instead of the browser's broken-image
# icon; once, so a fallback that fails too stays put. Part of the bundle, not an inline
# script or attribute, so the CSP has nothing to refuse.
SHOW_FALLBACK = rx.Var(
    "((event) => {const img = event.currentTarget; const fallback = img.dataset.fallback;"
    " if (fallback && img.getAttribute('src') !== fallback) img.src = fallback;})"
).to(FunctionVar)
# An image that fails to load steps aside for the element after it, hidden until then (a
# vendor's wordmark over a cover gives way to the name written on the cover).
SHOW_NEXT = rx.Var(
    "((event) => {const img = event.currentTarget; img.hidden = true;"
    " const next = img.nextElementSibling; if (next) next.hidden = false;})"
).to(FunctionVar)


def image(
    src: str | rx.Var,
    alt: str | rx.Var,
    width: int,
    height: int,
    *,
    fallback: str | rx.Var | None = None,
    **props: object,
) -> rx.Component:
    """`fallback`: the picture to show should `src` fail to load ("" for none)."""
    if fallback is not None:
        props = {**props, "data_fallback": fallback, "on_error": SHOW_FALLBACK}
    # Reflex turns width/height props into CSS; custom_attrs keeps them as HTML attributes.
    make = CheckedImg.create if "on_error" in props else rx.el.img
    return make(
        src=src,
        alt=alt,
        custom_attrs={"width": str(width), "height": str(height)},
        decoding="async",
        **props,
    )
