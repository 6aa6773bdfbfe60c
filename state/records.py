"""The account record screen: filters and one page of the member's movements."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.services import records
from state.auth import current_login
from state.guard import Name, checked
from state.paging import RangePaging
from state.site import current_brand


class RecordsState(RangePaging, rx.State):
    type_filter: str = "all"
    total: int = 0
    items: list[dict[str, Any]] = []

    async def _query(self) -> None:
        try:
            login = await current_login(self)
        except AppError:
            self.items = []
            return
        brand = await current_brand(self)
        assert login.member.id is not None
        found = await records.account_record(
            member_id=login.member.id,
            timezone=brand.timezone,
            type_filter=self.type_filter,
            range_name=self.range_name,
            page=self.page,
        )
        self.total = found.total
        self._count_pages(found.total, found.page_size)
        self.items = [
            {
                "id": str(item["id"]),
                "kind": item["kind"],
                "reference": item["reference"],
                "time": item["time"],
                "amount": str(item["amount"]),
                "positive": item["amount"] >= 0,
                "balance": "" if item["balance"] is None else str(item["balance"]),
            }
            for item in found.items
        ]

    @rx.event
    async def load(self) -> None:
        await self._first_page()

    @rx.event
    @checked
    async def set_type(self, value: Name) -> None:
        self.type_filter = value if value in records.TYPE_FILTERS else "all"
        await self._first_page()
