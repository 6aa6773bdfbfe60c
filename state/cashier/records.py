"""The account record screen: filters and one page of the member's movements."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from app.services import gates, records
from state.accounts.auth import member_id_or_none
from state.guard import ARGS, LOGIN, Name, checked
from state.paging import RangePaging
from state.rows import text
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("RecordsState.", "go load set_range set_type", gates.READ),
}


@dataclass
class RecordRow:
    """A movement as the record list shows it (amounts are formatted in the page)."""

    id: str = ""
    kind: str = ""
    reference: str = ""  # what it was, in words (a round's game by its name)
    round: str = ""  # a game's movement: its round in words, under the game's name
    time: str = ""  # ISO, shown in the visitor's time zone
    amount: str = ""
    positive: bool = True
    balance: str = ""  # "" when the movement did not touch cash


class RecordsState(RangePaging, rx.State):
    type_filter: str = "all"
    total: int = 0
    items: list[RecordRow] = []

    async def _query(self) -> None:
        member_id = await member_id_or_none(self)
        if member_id is None:
            self.items = []
            return
        brand = await current_brand(self)
        found = await records.account_record(
            member_id=member_id,
            timezone=brand.timezone,
            type_filter=self.type_filter,
            range_name=self.range_name,
            page=self.page,
            language=(lang := await ui_lang(self)),
        )
        self.total = found.total
        self._count_pages(found.total, found.page_size)
        self.items = [
            RecordRow(
                id=str(item.id),
                kind=item.kind,
                reference=records.reference_words(item.kind, item.reference, lang, item.game),
                round=records.round_words(item.kind, item.reference, lang) if item.game else "",
                time=item.time.isoformat(),
                amount=str(item.amount),
                positive=item.amount >= 0,
                balance=text(item.balance),
            )
            for item in found.items
        ]

    @rx.event
    @checked
    async def set_type(self, value: Name) -> None:
        self.type_filter = value if value in records.TYPE_FILTERS else "all"
        await self._first_page()


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "RecordsState.load": LOGIN,
    "RecordsState.go": f"{ARGS}; {LOGIN}",
    "RecordsState.set_range": f"{ARGS}; {LOGIN}",
    "RecordsState.set_type": f"{ARGS}; {LOGIN}",
}
