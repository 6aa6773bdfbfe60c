"""In-site links: client-side navigation through React Router, no full page load."""

from __future__ import annotations

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink


def page_link(*children: rx.Component | rx.Var | str, href: str, **props: object) -> rx.Component:
    return ReactRouterLink.create(*children, to=href, **props)
