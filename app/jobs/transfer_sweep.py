"""Transfer wallets left behind (issue 35): every 5 minutes, on brands with
TRANSFER_BACK_ON_EXIT on, the money of a vendor wallet whose games are all closed (no game
session of that vendor still open) comes back to the player's main wallet.

Each wallet comes back under its member's lock and only while it holds money
(`transfers.sweep_left_behind`), so the work needs no `context.transaction()`: a repeated or
concurrent run moves nothing twice."""

from __future__ import annotations

from datetime import datetime

from app.core.periods import every
from app.services.cashier import transfers
from app.services.job_runs import Job, JobContext, RunResult, run_current

NAME = "transfer-wallet-sweep"


async def _sweep(context: JobContext) -> int:
    return await transfers.sweep_left_behind(context.now)


JOB = Job(name=NAME, cron=every(300), run=_sweep)
JOBS = (JOB,)


async def run_once(now: datetime | None = None) -> RunResult:
    """Run the period `now` is in (the CLI's run by hand); `changed` is how many vendor
    wallets came back."""
    return await run_current(JOB, now)
