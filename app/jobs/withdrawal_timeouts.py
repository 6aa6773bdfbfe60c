"""Withdrawal confirmation time-out (spec 4): paid parts the member has not answered within
`withdrawal_auto_receive_minutes` are treated as received. Run every few minutes."""

from __future__ import annotations

from datetime import datetime

from app.jobs import JobRun, run_locked
from app.services.cashier import withdrawals

NAME = "withdrawal-timeouts"


async def run_once(now: datetime | None = None) -> JobRun:
    """One run; `changed` is how many paid parts it marked AUTO_RECEIVED."""
    return await run_locked(NAME, lambda: withdrawals.auto_receive_due(now))
