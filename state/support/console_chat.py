"""Console: the live chat desk (a brand's open conversations, one conversation's lines, the
answer and the close), kept live by a watch of the brand's desk version in Redis. The rules
and the audit are in app/services/backoffice/chat_desk.py."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.backoffice import chat_desk
from app.services.brands import brands
from app.services.support import live_chat
from state.backoffice import console
from state.guard import ARGS, STAFF, Form, Name, checked
from state.support.chat import ChatLine, chat_lines
from state.watch import watch_key

WATCH_EVERY_SECONDS = 2.0
WATCH_FOR_SECONDS = 8 * 3600  # a shift
WATCH_STALE_SECONDS = 3 * WATCH_EVERY_SECONDS


@dataclass
class ConversationLine:
    """An open conversation (the field names are the table's column keys)."""

    id: int = 0
    customer: str = ""
    waiting: str = ""  # translated yes or no
    last: str = ""  # the start of its last line
    at: str = ""  # ISO


class ChatDeskState(console.BrandConsolePage, rx.State):
    rows: list[ConversationLine] = []
    open_id: int = 0
    open_customer: str = ""
    lines: list[ChatLine] = []
    _version: int = -1
    _watch_token: str = ""
    _watch_beat: float = 0.0

    async def _refresh(self) -> Any:
        staff = await console.brand_scope(self)
        found = await chat_desk.conversations(staff, self.brand, clock.now())
        shown = (
            await chat_desk.conversation(staff, self.brand, self.open_id, clock.now())
            if self.open_id
            else None
        )
        lang = await console.ui_lang(self)
        self.rows = [
            ConversationLine(
                id=row.conversation_id,
                customer=row.customer or translate("bo-visitor", lang),
                waiting=translate("bo-yes" if row.waiting else "bo-no", lang),
                last=row.last_line[:80],
                at=console.iso(row.updated_at),
            )
            for row in found
        ]
        if shown is not None and shown.status != live_chat.OPEN:
            self.open_id, self.open_customer, self.lines = 0, "", []
        elif shown is not None:
            self.open_customer = shown.customer or translate("bo-visitor", lang)
            self.lines = chat_lines(shown)
        return None

    def _watch_alive(self) -> bool:
        return (
            self._watch_token == watch_key(self)
            and time.time() - self._watch_beat < WATCH_STALE_SECONDS
        )

    async def _start(self) -> Any:
        refused = await self._refresh()
        if refused is not None or self.error:
            return refused
        return None if self._watch_alive() else ChatDeskState.watch

    def _forget(self) -> None:
        self.open_id, self.open_customer, self.lines = 0, "", []

    @rx.event
    async def load(self) -> Any:
        self._clear()
        return await self._start()

    @rx.event
    @checked
    async def pick_brand(self, code: Name) -> Any:
        self.brand = code.strip().upper()
        self._clear()
        self._watch_token = ""  # the running watch follows the old brand: a new one starts
        return await self._start()

    @rx.event
    @checked
    async def open_conversation(self, conversation_id: console.RowId) -> Any:
        self.error = self.notice = ""
        self.open_id = conversation_id
        return await self._refresh()

    @rx.event
    @checked
    async def answer(self, form: Form) -> Any:
        """The line typed under the conversation open on the page."""
        staff = await console.current_staff(self)
        await chat_desk.answer(
            staff,
            self.brand,
            self.open_id,
            console.form_text(form, "body", live_chat.MAX_CHARS + 1),
            clock.now(),
        )
        self.error = ""
        return await self._refresh()

    @rx.event
    async def close_conversation(self) -> Any:
        return await self._act(
            lambda staff: chat_desk.close(staff, self.brand, self.open_id, clock.now())
        )

    @rx.event(background=True)
    async def watch(self) -> None:
        """New messages of the brand's customers appear without a reload."""
        async with self:
            if self._watch_alive() or not self.brand:
                return
            token = self._watch_token = watch_key(self)
            self._watch_beat = time.time()
            code = self.brand
            brand_id = (await brands.by_code(code)).id
        for _ in range(int(WATCH_FOR_SECONDS / WATCH_EVERY_SECONDS)):
            await asyncio.sleep(WATCH_EVERY_SECONDS)
            version = await live_chat.desk_version(brand_id)
            async with self:
                if self._watch_token != token or self.brand != code:
                    return  # a newer watch serves this tab
                self._watch_beat = time.time()
                if version != self._version:
                    self._version = version
                    try:
                        await self._refresh()
                    except AppError as exc:  # a background handler shows its own refusals
                        await console.failed(self, exc)
                        return


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "ChatDeskState.load": STAFF,
    "ChatDeskState.pick_brand": f"{ARGS}; {STAFF}",
    "ChatDeskState.open_conversation": f"{ARGS}; {STAFF}",
    "ChatDeskState.answer": f"{ARGS}; {STAFF}",
    "ChatDeskState.close_conversation": STAFF,
    "ChatDeskState.watch": f"a version number only; each refresh: {STAFF}",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (console.MenuItem(routes.ADMIN_CHAT, "bo-chat", "support.view", place=170),)
