"""Console: lottery issues per game (result and settlement state), their void and the typed
result of an official issue, both approved by a second staff member. The rules and the audit
are in app/services/backoffice/lottery.py."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n.formatting import format_money
from app.services.backoffice import lottery
from app.services.backoffice.staff import Staff
from state.backoffice.console import (
    ConsolePage,
    MenuItem,
    current_staff,
    failed,
    form_id,
    form_text,
    iso,
    ui_lang,
    word,
)
from state.guard import ARGS, STAFF, Form, checked


@dataclass
class IssueLine:
    """An issue (the field names are the table's column keys)."""

    id: int = 0
    issue: str = ""
    status: str = ""
    at: str = ""  # ISO, the draw
    result: str = ""
    source: str = ""  # where the result came from, or why the issue was voided
    bets: str = ""  # "all / not settled yet"
    stake: str = ""  # formatted in the staff member's language
    voidable: bool = False
    resultable: bool = False  # an official issue waiting for its result


def issue_line(row: lottery.IssueRow, lang: str) -> IssueLine:
    return IssueLine(
        id=row.id,
        issue=row.issue_no,
        status=word("issue", row.status, lang),
        at=iso(row.draw_at),
        result=row.result or "—",
        source=row.result_source or row.void_reason,
        bets=f"{row.bets} / {row.pending_bets}",
        stake=" · ".join(
            format_money(amount, currency, lang) for currency, amount in sorted(row.stakes.items())
        )
        or "—",
        voidable=row.status in ("SCHEDULED", "OPEN", "CLOSED"),
        resultable=row.official and row.status == "CLOSED",
    )


class LotteryConsoleState(ConsolePage, rx.State):
    games: list[str] = lottery.game_codes()
    game: str = ""
    status: str = ""
    issues: list[IssueLine] = []

    async def _refresh(self) -> Any:
        if self.game not in self.games:
            self.game = self.games[0]
        try:
            staff = await current_staff(self)
            rows = await lottery.issue_list(staff, self.game, self.status, clock.now())
        except AppError as exc:
            self.issues = []
            return await failed(self, exc)
        lang = await ui_lang(self)
        self.issues = [issue_line(row, lang) for row in rows]
        return None

    @rx.event
    @checked
    async def pick(self, form: Form) -> Any:
        self.game = form_text(form, "game", 32)
        status = form_text(form, "status", 16)
        self.status = status if status in lottery.STATUSES else ""
        self.error = self.notice = ""
        return await self._refresh()

    async def _ask(self, form: Form, ask: Callable[[Staff, int], Awaitable[int]]) -> Any:
        """A row's form (its issue id, hidden): the request waits for a second staff member."""
        issue_id = form_id(form, "id", "lottery-issue-unknown")
        await ask(await current_staff(self), issue_id)
        return await self._read_after_action("bo-waiting-approval")

    @rx.event
    @checked
    async def void(self, form: Form) -> Any:
        """The row's form: its issue id (hidden) and the reason typed."""
        reason = form_text(form, "reason", 200)
        return await self._ask(
            form, lambda staff, issue_id: lottery.void(staff, issue_id, reason, clock.now())
        )

    @rx.event
    @checked
    async def enter_result(self, form: Form) -> Any:
        """The row's form: its issue id (hidden), the official numbers typed and where they
        come from."""
        numbers, reason = form_text(form, "numbers", 120), form_text(form, "reason", 200)
        return await self._ask(
            form,
            lambda staff, issue_id: lottery.enter_result(
                staff, issue_id, numbers, reason, clock.now()
            ),
        )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "LotteryConsoleState.load": STAFF,
    "LotteryConsoleState.pick": f"{ARGS}; {STAFF}",
    "LotteryConsoleState.void": f"{ARGS}; {STAFF}",
    "LotteryConsoleState.enter_result": f"{ARGS}; {STAFF}",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_LOTTERY, "bo-lottery", "lottery.view", place=110),)
