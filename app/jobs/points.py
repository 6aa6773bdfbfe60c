"""Points earning from wager facts, every second (the fact-consumers job): the consumer's
stored position makes each fact count once (app/services/loyalty/points.py)."""

from __future__ import annotations

from app.jobs.fact_consumers import FactConsumer
from app.services.loyalty import points

FACT_CONSUMERS = (FactConsumer("points-earning", points.catch_up_earning),)
