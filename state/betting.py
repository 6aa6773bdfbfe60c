"""The betting record (personalHistoryCopy) and profit and loss (personalProfit) screens."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.services import records
from app.services.seamless import betting
from state.auth import current_login
from state.guard import Card, Name, checked, refuse
from state.paging import RangePaging
from state.site import current_brand


def _money(totals: dict[str, Any]) -> dict[str, str]:
    return {
        "rounds": str(totals["rounds"]),
        "bet": str(totals["bet"]),
        "win": str(totals["win"]),
        "profit": str(totals["profit"]),
        "positive": "1" if totals["profit"] >= 0 else "",
    }


class BettingState(RangePaging, rx.State):
    category: str = betting.ALL
    total: int = 0
    items: list[dict[str, str]] = []
    totals: dict[str, str] = {}
    open_round: str = ""
    calls: list[dict[str, str]] = []

    async def _member_id(self) -> int | None:
        try:
            login = await current_login(self)
        except AppError:
            return None
        return login.member.id

    async def _query(self) -> None:
        member_id = await self._member_id()
        if member_id is None:
            self.items, self.totals = [], {}
            return
        brand = await current_brand(self)
        found = await betting.betting_record(
            member_id=member_id,
            timezone=brand.timezone,
            category=self.category,
            range_name=self.range_name,
            page=self.page,
        )
        self.total = found.total
        self._count_pages(found.total, found.page_size)
        self.totals = _money(found.totals.as_dict())
        self.open_round, self.calls = "", []
        self.items = [
            {
                "key": f"{item['vendor']}:{item['roundId']}",
                "round": item["roundId"],
                "vendor": item["vendor"],
                "vendor_name": item["vendorName"],
                "game": item["gameName"],
                "type": item["gameType"],
                "bet": str(item["bet"]),
                "win": str(item["win"]),
                "profit": str(item["profit"]),
                "positive": "1" if item["profit"] >= 0 else "",
                "status": item["status"],
                "time": item["openedAt"].isoformat(),
                "verify": item["verifyUrl"] or "",
            }
            for item in found.items
        ]

    @rx.event
    async def load(self) -> None:
        await self._first_page()

    @rx.event
    @checked
    async def set_category(self, value: Name) -> None:
        self.category = value if value in betting.CATEGORIES else betting.ALL
        await self._first_page()

    @rx.event
    @checked
    async def toggle_detail(self, item: Card) -> None:
        """Show (or hide) the wallet calls of one round under its row."""
        if not {"key", "vendor", "round"} <= item.keys():
            await refuse(self)
            return
        if self.open_round == item["key"]:
            self.open_round, self.calls = "", []
            return
        member_id = await self._member_id()
        if member_id is None:
            return
        try:
            detail = await betting.round_detail(
                member_id=member_id, vendor=item["vendor"], round_id=item["round"]
            )
        except AppError:
            self.open_round, self.calls = "", []
            return
        self.open_round = item["key"]
        self.calls = [
            {
                "id": c["transactionId"],
                "kind": c["kind"],
                "amount": str(c["amount"]),
                "status": c["status"],
                "time": c["time"].isoformat(),
            }
            for c in detail["calls"]
        ]


class ProfitState(rx.State):
    range_name: str = "7d"
    days: list[dict[str, str]] = []
    categories: list[dict[str, str]] = []
    totals: dict[str, str] = {}

    async def _query(self) -> None:
        try:
            login = await current_login(self)
        except AppError:
            self.days, self.categories, self.totals = [], [], {}
            return
        brand = await current_brand(self)
        assert login.member.id is not None
        report = await betting.profit_and_loss(
            member_id=login.member.id, timezone=brand.timezone, range_name=self.range_name
        )
        self.totals = _money(report["totals"])
        self.days = [{"day": d["day"], **_money(d)} for d in report["days"]]
        self.categories = [{"category": c["category"], **_money(c)} for c in report["categories"]]

    @rx.event
    async def load(self) -> None:
        await self._query()

    @rx.event
    @checked
    async def set_range(self, value: Name) -> None:
        self.range_name = value if value in records.RANGES else "7d"
        await self._query()
