"""/seamless: the providers paid through the one seamless wallet, by category."""

from __future__ import annotations

from dataclasses import dataclass, field

import reflex as rx

from app.services import gates
from app.services.catalogue import lobby
from state.site import SiteState, current_brand

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    "ProvidersState.load": gates.READ,
}


@dataclass
class ProviderTile:
    vassalage: str = ""
    name: str = ""
    icon: str = ""
    path: str = ""
    popup: bool = False
    maintenance: bool = False
    cover: bool = False  # no icon of its own: its category's cover (assets/game-art)
    fallback: str = ""  # its category's cover, should its own icon fail to load


@dataclass
class ProviderSection:
    nav_type: str = ""
    title: str = ""  # the brand language's title; the page shows the visitor's from its texts
    providers: list[ProviderTile] = field(default_factory=list)


class ProvidersState(rx.State):
    sections: list[ProviderSection] = []
    loaded: bool = False

    @rx.event
    async def load(self) -> None:
        site = await self.get_state(SiteState)
        brand = await current_brand(self)
        groups = await lobby.seamless_providers(brand, site.lang or brand.default_language)
        self.sections = [
            ProviderSection(
                group.nav_type,
                group.title,
                [
                    ProviderTile(
                        p.vassalage,
                        p.name,
                        p.icon,
                        p.path,
                        p.popup,
                        p.maintenance,
                        p.cover,
                        p.fallback,
                    )
                    for p in group.providers
                ],
            )
            for group in groups
        ]
        self.loaded = True


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "ProvidersState.load": "catalogue only (the brand's seamless vendors)",
}
