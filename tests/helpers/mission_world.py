"""A member and a long mission in the database of DATABASE_URL, for the scaled-mode mission
kill test: `python -m tests.helpers.mission_world` seeds the demo brands, registers the
missions' consumer, makes a BR1 member and a daily mission of 100,000 RNG rounds, and prints
their ids as JSON."""

from __future__ import annotations

import asyncio
import json
from decimal import Decimal

from app.core.db import dispose_engine, write_transaction
from app.demo.seed import seed_demo_data
from app.services.loyalty import missions
from models.loyalty_missions import Mission, MissionKind, MissionPeriod
from tests.helpers.accounts import make_member


async def build() -> dict[str, object]:
    await seed_demo_data()
    await missions.register()
    member = await make_member()
    async with write_transaction() as session:
        mission = Mission(
            merchant_id=member.merchant_id,
            code="KILL-TEST",
            titles={"EN": "Many rounds", "PT": "Muitas rodadas"},
            period=MissionPeriod.DAILY.value,
            kind=MissionKind.BET_COUNT.value,
            category="RNG",
            target=100_000,
            reward_amount=Decimal("1.00"),
        )
        session.add(mission)
    await dispose_engine()
    return {"member": member.id, "merchant": member.merchant_id, "mission": mission.id}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(build())))
