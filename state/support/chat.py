"""The customer-service live chat window (/chat): the customer is the member logged in on
this browser, else the visitor's browser itself (never an id the page sends). New lines
arrive through a watch of the customer's version in Redis. The rules are in
app/services/support/live_chat.py."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.services import gates
from app.services.support import live_chat
from state.accounts.auth import member_or_none
from state.guard import ARGS, LOGIN, Form, checked
from state.member_page import MemberPage, member_action
from state.site import browser_secret, current_brand, page_visitor

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("ChatState.", "load send watch", gates.SUPPORT),
}

WATCH_EVERY_SECONDS = 1.5
WATCH_FOR_SECONDS = 1800  # a chat window left open stops watching after half an hour
WATCH_STALE_SECONDS = 3 * WATCH_EVERY_SECONDS


@dataclass
class ChatLine:
    from_staff: bool = False
    author: str = ""
    body: str = ""
    time: str = ""  # ISO, shown in the browser's time zone


def chat_lines(view: live_chat.ChatView | None) -> list[ChatLine]:
    """Newest first: the window's list runs bottom-up, so it opens on the latest line."""
    if view is None:
        return []
    return [
        ChatLine(line.from_staff, line.author, line.body, line.at.isoformat())
        for line in reversed(view.lines)
    ]


class ChatState(MemberPage, rx.State):
    lines: list[ChatLine] = []
    error: str = ""
    _version: int = -1
    _watch_token: str = ""
    _watch_beat: float = 0.0

    async def _customer(self) -> live_chat.Customer:
        brand = await current_brand(self)
        member = await member_or_none(self)
        if member is None:
            return live_chat.visitor_customer(brand.id, browser_secret(self))
        return live_chat.member_customer(brand.id, member.id or 0)

    async def _show(self, customer: live_chat.Customer) -> None:
        self._version = await live_chat.customer_version(customer)
        self.lines = chat_lines(await live_chat.current(customer))

    def _watch_alive(self) -> bool:
        return (
            self._watch_token == self.router.session.client_token
            and time.time() - self._watch_beat < WATCH_STALE_SECONDS
        )

    @rx.event
    @member_action
    async def load(self) -> Any:
        self.error, self.lines = "", []
        await self._show(await self._customer())
        return None if self._watch_alive() else ChatState.watch

    @rx.event
    @checked
    @member_action
    async def send(self, form: Form) -> Any:
        """The message typed, from this browser's member or visitor."""
        customer = await self._customer()
        shown = await live_chat.send(
            customer, form.get("body", ""), page_visitor(self).ip, clock.now()
        )
        self.error = ""
        self._version = await live_chat.customer_version(customer)
        self.lines = chat_lines(shown)
        return None if self._watch_alive() else ChatState.watch

    @rx.event(background=True)
    async def watch(self) -> None:
        """Show staff's answers as they come."""
        async with self:
            if self._watch_alive():
                return
            token = self._watch_token = self.router.session.client_token
            self._watch_beat = time.time()
            try:
                customer = await self._customer()
            except AppError:
                return
        for _ in range(int(WATCH_FOR_SECONDS / WATCH_EVERY_SECONDS)):
            await asyncio.sleep(WATCH_EVERY_SECONDS)
            version = await live_chat.customer_version(customer)
            async with self:
                if self._watch_token != token:
                    return  # a newer watch serves this tab
                self._watch_beat = time.time()
                if version != self._version:
                    await self._show(customer)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "ChatState.load": f"the open chat of the {LOGIN}, else of this browser's secret",
    "ChatState.send": (
        f"{ARGS}; the {LOGIN} or this browser's visitor; plain text, limited per customer and per "
        "address"
    ),
    "ChatState.watch": "the customer found on the server when the watch starts",
}
