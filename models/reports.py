"""The back office's report rollup: wager facts summed per brand, local day, category and
vendor (app/services/backoffice/rollup.py keeps it, as a consumer of the fact stream)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import Numeric
from sqlmodel import Field, SQLModel


class WagerDaily(SQLModel, table=True):
    """The sums of a brand's facts of one day in the brand's time zone, per category and
    vendor; facts are deltas (corrections, voids), so the sums add them up as they come."""

    __tablename__ = "wager_daily"

    brand_id: int = Field(primary_key=True)
    day: date = Field(primary_key=True)
    category: str = Field(primary_key=True, max_length=16)
    vendor: str = Field(primary_key=True, max_length=32)
    bet: Decimal = Field(default=Decimal("0"), sa_type=Numeric(20, 2))
    valid_bet: Decimal = Field(default=Decimal("0"), sa_type=Numeric(20, 2))
    win: Decimal = Field(default=Decimal("0"), sa_type=Numeric(20, 2))
    facts: int = 0
