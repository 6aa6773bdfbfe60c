"""The bonus details screen: the member's bonuses and rebates, by date range, a page at a time."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.services import records
from state.auth import AuthState, current_login
from state.paging import RangePaging
from state.site import current_brand


class BonusState(RangePaging, rx.State):
    items: list[dict[str, Any]] = []

    async def _query(self) -> None:
        try:
            login = await current_login(self)
        except AppError:
            self.items = []
            return
        assert login.member.id is not None
        found = await records.bonus_details(
            member_id=login.member.id,
            timezone=(await current_brand(self)).timezone,
            range_name=self.range_name,
            page=self.page,
        )
        self._count_pages(found.total, found.page_size)
        self.items = [
            {
                "id": str(item["id"]),
                "kind": item["kind"],
                "reference": item["reference"],
                "time": item["time"],
                "amount": str(item["amount"]),
                "wallet": item["wallet"] or "",
            }
            for item in found.items
        ]

    @rx.event
    async def load(self) -> Any:
        auth = await self.get_state(AuthState)
        if auth.is_login and auth.is_trial:
            return AuthState.gate("deposit")
        await self._first_page()
        return None
