"""In-site links: client-side navigation through React Router, no full page load."""

from __future__ import annotations

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from components.i18n import t


def page_link(*children: rx.Component | rx.Var | str, href: str, **props: object) -> rx.Component:
    return ReactRouterLink.create(*children, to=href, **props)


def icon_link_item(icon: str, label_key: str, href: str, **props: object) -> rx.Component:
    """A list item holding an in-site link: its icon, then its translated label."""
    return rx.el.li(
        page_link(rx.icon(icon, size=16, aria_hidden="true"), t(label_key), href=href, **props)
    )
