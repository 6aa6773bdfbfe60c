"""The betting record (personalHistoryCopy) and profit and loss (personalProfit) screens."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from app.core.errors import AppError
from app.core.i18n import studio_game_name
from app.services import gates
from app.services.seamless import betting
from state.accounts.auth import member_id_or_none
from state.guard import ARGS, LOGIN, Name, checked
from state.paging import DateRange, RangePaging
from state.rows import row_of
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("BettingState.", "go load set_category set_range toggle_detail", gates.READ),
    **gates.each("ProfitState.", "load set_range", gates.READ),
}


@dataclass
class MoneyRow:
    """Rounds, bet, win and profit of a period, a day or a category (amounts as plain
    numbers: the page formats them in the visitor's locale)."""

    label: str = ""  # the day (ISO) or the category; "" for the totals
    rounds: int = 0
    bet: str = "0"
    win: str = "0"
    profit: str = "0"
    positive: bool = True


@dataclass
class RoundRow:
    key: str = ""  # vendor:round, one row's identity on the page
    round: str = ""
    vendor: str = ""
    vendor_name: str = ""
    game: str = ""
    type: str = ""
    bet: str = ""
    win: str = ""
    profit: str = ""
    positive: bool = True
    status: str = ""
    time: str = ""  # ISO
    verify: str = ""  # the studio's check page, "" for other vendors


@dataclass
class CallRow:
    id: str = ""
    kind: str = ""
    amount: str = ""
    status: str = ""
    time: str = ""  # ISO


def _money(totals: betting.Totals, label: str = "") -> MoneyRow:
    return MoneyRow(
        label=label,
        rounds=totals.rounds,
        bet=str(totals.bet),
        win=str(totals.win),
        profit=str(totals.profit),
        positive=totals.profit >= 0,
    )


class BettingState(RangePaging, rx.State):
    category: str = betting.ALL
    total: int = 0
    items: list[RoundRow] = []
    totals: MoneyRow = MoneyRow()
    open_round: str = ""
    calls: list[CallRow] = []

    async def _query(self) -> None:
        member_id = await member_id_or_none(self)
        if member_id is None:
            self.items, self.totals = [], MoneyRow()
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
        self.totals = _money(found.totals)
        self.open_round, self.calls = "", []
        lang = await ui_lang(self)
        # In-house games carry the lobby's name in the reader's language (Dados, Minas).
        self.items = [
            row_of(
                RoundRow,
                item,
                key=f"{item.vendor}:{item.round_id}",
                round=item.round_id,
                game=studio_game_name(item.game_code, lang) or item.game_name,
                type=item.game_type,
                bet=str(item.bet),
                win=str(item.win),
                profit=str(item.profit),
                positive=item.profit >= 0,
                time=item.opened_at.isoformat(),
                verify=item.verify_url or "",
            )
            for item in found.items
        ]

    @rx.event
    @checked
    async def set_category(self, value: Name) -> None:
        self.category = value if value in betting.CATEGORIES else betting.ALL
        await self._first_page()

    @rx.event
    @checked
    async def toggle_detail(self, vendor: Name, round_id: Name) -> None:
        """Show (or hide) the wallet calls of one round under its row."""
        key = f"{vendor}:{round_id}"
        if self.open_round == key:
            self.open_round, self.calls = "", []
            return
        member_id = await member_id_or_none(self)
        if member_id is None:
            return
        try:
            detail = await betting.round_detail(
                member_id=member_id, vendor=vendor, round_id=round_id
            )
        except AppError:
            self.open_round, self.calls = "", []
            return
        self.open_round = key
        self.calls = [
            row_of(CallRow, c, id=c.transaction_id, amount=str(c.amount), time=c.time.isoformat())
            for c in detail.calls
        ]


class ProfitState(DateRange, rx.State):
    days: list[MoneyRow] = []
    categories: list[MoneyRow] = []
    totals: MoneyRow = MoneyRow()

    async def _query(self) -> None:
        member_id = await member_id_or_none(self)
        if member_id is None:
            self.days, self.categories, self.totals = [], [], MoneyRow()
            return
        brand = await current_brand(self)
        report = await betting.profit_and_loss(
            member_id=member_id, timezone=brand.timezone, range_name=self.range_name
        )
        self.totals = _money(report.totals)
        self.days = [_money(d.totals, d.day.isoformat()) for d in report.days]
        self.categories = [_money(c.totals, c.category) for c in report.categories]


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "BettingState.load": LOGIN,
    "BettingState.go": f"{ARGS}; {LOGIN}",
    "BettingState.set_range": f"{ARGS}; {LOGIN}",
    "BettingState.set_category": f"{ARGS}; {LOGIN}",
    "BettingState.toggle_detail": f"{ARGS}; rounds of the {LOGIN} only",
    "ProfitState.load": LOGIN,
    "ProfitState.set_range": f"{ARGS}; {LOGIN}",
}
