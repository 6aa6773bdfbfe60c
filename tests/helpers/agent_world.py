"""A small agent world in the database of DATABASE_URL, for the scaled-mode agent tests:
`python -m tests.helpers.agent_world` seeds the demo brands, makes a top agent of BR1 with a
real-time salary contract from the house and three players below it, and prints their ids
as JSON."""

from __future__ import annotations

import asyncio
import json

from app.core.db import dispose_engine
from app.demo.seed import seed_demo_data
from app.services.agents import contracts
from models.base import utcnow
from tests.helpers.agents import brand, downline, top_agent

RATE = "0.01"


async def build() -> dict[str, object]:
    await seed_demo_data()
    agent = await top_agent()
    offered = await contracts.offer(
        await brand(),
        None,
        agent.id or 0,
        "REALTIME_SALARY",
        "5",
        {"profitRate": RATE, "lossRate": RATE, "minSingleBet": "0"},
        utcnow(),
    )
    await contracts.accept(agent, offered.id, utcnow())
    players = [await downline(agent, as_agent=False) for _ in range(3)]
    await dispose_engine()
    return {"agent": agent.id, "players": [p.id for p in players], "merchant": agent.merchant_id}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(build())))
