"""The announcement popup (spec 4): once per session unless its closed marker is set, with
separate markers for members and visitors; members see execution A (and F on their first
login), visitors B; it reloads on a language change and on login."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.services import gates
from app.services.content import announcements
from state import follow
from state.accounts.auth import AuthState
from state.dialog import DialogState
from state.guard import ARGS, Index, Text, checked
from state.site import SiteState, current_brand
from state.ui import ESCAPE

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("AnnouncementState.", "close close_on_escape load pick", gates.SHELL),
}

ANNOUNCEMENT_DIALOG = "announcement"


@dataclass
class AnnouncementCard:
    title: str = ""
    content: str = ""  # HTML, sanitised when it was published


@dataclass
class PopupBannerCard:
    image: str = ""
    link: str = ""
    title: str = ""


class AnnouncementState(rx.State):
    # The browser's session storage: set when the popup was closed, per audience.
    closed_member: str = rx.SessionStorage("", name=announcements.MEMBER_MARKER)
    closed_visitor: str = rx.SessionStorage("", name=announcements.VISITOR_MARKER)
    items: list[AnnouncementCard] = []
    index: int = 0
    # The first banner of each popup group (w_login, w_register, w_forget) for the language.
    banners: dict[str, PopupBannerCard] = {}
    _member: bool = False
    # The same markers, kept with the tab's state: a popup closed before the page finished
    # loading is not written to the browser's storage (Reflex writes it once hydrated).
    _closed_here: list[str] = []

    @rx.var
    def current(self) -> AnnouncementCard:
        if not self.items:
            return AnnouncementCard()
        return self.items[min(self.index, len(self.items) - 1)]

    def _closed(self, member: bool) -> set[str]:
        markers = set(self._closed_here)
        if self.closed_member:
            markers.add(announcements.MEMBER_MARKER)
        if self.closed_visitor:
            markers.add(announcements.VISITOR_MARKER)
        return markers

    @rx.event
    async def load(self) -> Any:
        """Every page load, a login and a language change: show the popup if it is due (not
        over the identity check a new Brazilian account must finish first)."""
        if self.router.url.path.rstrip("/") == routes.VERIFY_IDENTITY:
            return DialogState.close(ANNOUNCEMENT_DIALOG)
        auth = await self.get_state(AuthState)
        member = auth.is_login
        self._member = member
        brand = await current_brand(self)
        lang = (await self.get_state(SiteState)).lang or brand.default_language
        self.banners = {
            group: PopupBannerCard(b.image, b.link, b.title)
            for group, b in announcements.popup_banners(brand, lang).items()
        }
        if not announcements.popup_due(member, self._closed(member)):
            self.items = []
            return DialogState.close(ANNOUNCEMENT_DIALOG)
        found = await announcements.popup(
            brand.id,
            lang,
            clock.now(),
            member=member,
            first_login=member and auth.first_time_login,
        )
        self.items = [AnnouncementCard(v.title, v.content) for v in found.items]
        self.index = 0
        if not self.items:
            return DialogState.close(ANNOUNCEMENT_DIALOG)
        return DialogState.open(ANNOUNCEMENT_DIALOG)

    @rx.event
    @checked
    def pick(self, index: Index) -> None:
        self.index = min(index, max(0, len(self.items) - 1))

    @rx.event
    def close(self) -> Any:
        return self._close()

    @rx.event
    @checked
    def close_on_escape(self, key: Text) -> Any:
        """Escape closes the popup as its button does (a dialog without a close button)."""
        if key == ESCAPE:
            return self._close()
        return None

    def _close(self) -> Any:
        """Closed: not shown again this session to this audience."""
        if self._member:
            self.closed_member = "1"
            marker = announcements.MEMBER_MARKER
        else:
            self.closed_visitor = "1"
            marker = announcements.VISITOR_MARKER
        self._closed_here = sorted({*self._closed_here, marker})
        self.items = []
        return DialogState.close(ANNOUNCEMENT_DIALOG)


# Spec 4: the announcement popup reloads on login and on a language change.
follow.AFTER_LOGIN.append(AnnouncementState.load)
follow.AFTER_LANGUAGE.append(AnnouncementState.load)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "AnnouncementState.load": (
        "the brand's popup for the audience of this browser's login (A/F members, B visitors)"
    ),
    "AnnouncementState.pick": ARGS,
    "AnnouncementState.close": "sets this browser's own session marker",
    "AnnouncementState.close_on_escape": f"{ARGS}; sets this browser's own session marker",
}
