"""The demo brands' Crash chains: a short chain each with a salt marked as demo, so the game
runs out of the box. A real operator makes its own (`app.cli crash-chain`, then `crash-salt`
with a value nobody knew when the terminal hash was published)."""

from __future__ import annotations

from app.services.brands import brands
from app.services.studio.crash import chains
from models.base import utcnow

DEMO_LENGTH = 100_000
DEMO_SALT = "demo-salt-not-a-beacon"


async def seed_crash(brand_codes: list[str]) -> None:
    """A chain for each demo brand that has none (idempotent)."""
    brands.invalidate()  # brands made by this seed are new to the snapshot
    for code in brand_codes:
        brand = await brands.by_code(code)
        if await chains.published(brand.id) is None:
            await chains.create_chain(code, DEMO_LENGTH)
            await chains.set_salt(code, DEMO_SALT, utcnow())
