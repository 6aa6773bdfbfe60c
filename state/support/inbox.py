"""messageV2: the member's platform messages, read, read all, delete; the header and member
centre badges come from WalletState.unread, kept live by the wallet watch."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import reflex as rx
from pydantic import Field

from app.core import clock
from app.services import gates, inbox
from state.accounts.auth import member_id_or_none
from state.cashier.wallet import WalletState
from state.guard import ARGS, LOGIN, checked
from state.paging import Paging
from state.rows import row_of
from state.site import ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("InboxState.", "load go", gates.READ),
    **gates.each("InboxState.", "ask_remove", gates.VIEW),
    **gates.each("InboxState.", "open read_all remove", gates.INBOX),
}

MessageId = Annotated[int, Field(ge=1, le=2**31 - 1)]
PAGE_SIZE = 10


@dataclass
class MessageRow:
    id: str = ""  # text, as `InboxState.opened` holds it
    kind: str = ""
    title: str = ""
    body: str = ""
    read: bool = False
    time: str = ""  # ISO


class InboxState(Paging, rx.State):
    items: list[MessageRow] = []
    unread: int = 0
    opened: str = ""
    removing: str = ""  # the message whose delete waits for its confirmation ("" none)

    async def _query(self) -> Any:
        member_id = await member_id_or_none(self)
        if member_id is None:
            self.items, self.unread = [], 0
            return None
        lang = await ui_lang(self)
        found = await inbox.page(member_id, lang, self.page, PAGE_SIZE)
        self._count_pages(found.total, PAGE_SIZE)
        self.unread = found.unread
        self.items = [
            row_of(MessageRow, m, id=str(m.id), time=m.created_at.isoformat()) for m in found.items
        ]
        return WalletState.refresh

    @rx.event
    async def load(self) -> Any:
        self.page, self.opened, self.removing = 1, "", ""
        return await self._query()

    async def _change_own(self, change: Callable[[int], Awaitable[object]]) -> Any:
        """Change the logged-in member's own messages (by their id), then show the page again;
        nothing without a member."""
        member_id = await member_id_or_none(self)
        if member_id is None:
            return None
        await change(member_id)
        return await self._query()

    @rx.event
    @checked
    async def open(self, message_id: MessageId) -> Any:
        """Show a message's body and mark it read (only the member's own)."""

        async def mark_read(member_id: int) -> None:
            self.opened = "" if self.opened == str(message_id) else str(message_id)
            await inbox.mark_read(member_id, [message_id], clock.now())

        return await self._change_own(mark_read)

    @rx.event
    async def read_all(self) -> Any:
        return await self._change_own(
            lambda member_id: inbox.mark_read(member_id, [], clock.now(), every=True)
        )

    @rx.event
    @checked
    async def remove(self, message_id: MessageId) -> Any:
        self.removing = ""
        return await self._change_own(lambda member_id: inbox.delete(member_id, [message_id]))

    @rx.event
    @checked
    def ask_remove(self, message_id: MessageId | Literal[0]) -> None:
        """The bin asks first: a message (a deposit's receipt, a withdrawal's) is gone for
        good once deleted. 0 takes the question back."""
        self.removing = str(message_id) if message_id else ""


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "InboxState.load": f"messages of the {LOGIN}",
    "InboxState.go": f"{ARGS}; {LOGIN}",
    "InboxState.open": f"{ARGS}; marks read only the {LOGIN}'s own message",
    "InboxState.read_all": f"messages of the {LOGIN}",
    "InboxState.remove": f"{ARGS}; deletes only the {LOGIN}'s own message",
    "InboxState.ask_remove": f"{ARGS}; this tab's question before a delete",
}
