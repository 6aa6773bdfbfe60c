"""Lottery tests share their worker's database: `settlement.settle_due` closes every drawn
or voided issue in it, so each test starts with none left over by an earlier one (a test
that draws without settling), and the counts it reads are its own."""

from __future__ import annotations

import pytest

from app.core import clock
from app.services.lottery import settlement


@pytest.fixture(autouse=True)
async def no_issue_left_to_settle() -> None:
    await settlement.settle_due(clock.now())
