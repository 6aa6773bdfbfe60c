"""A loyalty consumer process for the kill test: `python -m tests.helpers.loyalty_consumer
world` seeds the demo brands, makes three BR1 players and prints their ids as JSON;
`python -m tests.helpers.loyalty_consumer run` counts wager facts in a loop (batches of 20)
until it is killed."""

from __future__ import annotations

import asyncio
import json
import sys

from app.core.db import dispose_engine
from app.demo.seed import seed_demo_data
from app.services.loyalty import progress
from models.base import utcnow
from tests.helpers.accounts import make_member


async def world() -> dict[str, object]:
    await seed_demo_data()
    await progress.register()
    players = [await make_member() for _ in range(3)]
    await dispose_engine()
    return {"players": [p.id for p in players], "merchant": players[0].merchant_id}


async def run() -> None:
    while True:
        if not await progress.process(utcnow(), batch_size=20):
            await asyncio.sleep(0.05)


if __name__ == "__main__":
    if sys.argv[1] == "world":
        print(json.dumps(asyncio.run(world())))
    else:
        asyncio.run(run())
