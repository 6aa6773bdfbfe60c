"""Provably-fair seed pairs: the committed server seed, the player's client seed, the nonce.

Each player (a member, or a demo player by their demo id) has one active pair. The server seed
is stored encrypted and only its SHA-256 is shown; rotating the pair reveals the old seed, so
every round played with it can be recomputed, and commits to a new one. A pair is not rotated
while a two-step round on it is still open: revealing the seed would reveal the rest of the deal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock, fairness
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import decrypt_secret, encrypt_secret
from models.studio import RoundStatus, StudioRound, StudioSeedPair

_PURPOSE = "studio-server-seed"
CLIENT_SEED_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")
DEMO_ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")


@dataclass(frozen=True)
class Owner:
    """Who plays: `m:<member id>` or `d:<demo id>`."""

    key: str
    member_id: int | None = None

    @property
    def demo(self) -> bool:
        return self.member_id is None


def member_owner(member_id: int) -> Owner:
    return Owner(key=f"m:{member_id}", member_id=member_id)


def demo_owner(demo_id: str) -> Owner:
    if not DEMO_ID_PATTERN.fullmatch(demo_id):
        raise AppError("play-demo-invalid", 400)
    return Owner(key=f"d:{demo_id}")


@dataclass(frozen=True)
class SeedView:
    """What the player sees before play: never the server seed itself."""

    pair_id: int
    server_seed_hash: str
    client_seed: str
    next_nonce: int


@dataclass(frozen=True)
class Revealed:
    pair_id: int
    server_seed: str
    server_seed_hash: str
    client_seed: str
    rounds: int  # nonces 0 … rounds - 1 were played with it
    revealed_at: datetime


def _view(pair: StudioSeedPair) -> SeedView:
    assert pair.id is not None
    return SeedView(pair.id, pair.server_seed_hash, pair.client_seed, pair.next_nonce)


def _new_pair(owner: Owner, client_seed: str | None = None) -> StudioSeedPair:
    seed = fairness.new_server_seed()
    return StudioSeedPair(
        owner=owner.key,
        active_owner=owner.key,
        member_id=owner.member_id,
        server_seed_encrypted=encrypt_secret(seed, _PURPOSE),
        server_seed_hash=fairness.seed_hash(seed),
        client_seed=client_seed or fairness.new_client_seed(),
    )


def server_seed(pair: StudioSeedPair) -> str:
    """The pair's server seed, for computing outcomes on the server only."""
    return decrypt_secret(pair.server_seed_encrypted, _PURPOSE)


async def _ensure_pair(owner: Owner) -> None:
    """Create the owner's first pair; a concurrent creation wins harmlessly (unique owner)."""
    async with session_scope() as session:
        found = await session.exec(
            select(StudioSeedPair.id).where(StudioSeedPair.active_owner == owner.key)
        )
        if found.first() is not None:
            return
    try:
        async with write_transaction() as session:
            session.add(_new_pair(owner))
    except IntegrityError:
        return


async def locked_pair(
    session: AsyncSession, owner: Owner, *, create: bool = False
) -> StudioSeedPair:
    """The owner's active pair, row-locked for the rest of the caller's write transaction;
    with `create`, the owner's first pair is made here if they have none yet."""
    query = select(StudioSeedPair).where(StudioSeedPair.active_owner == owner.key)
    pair = (await session.exec(query.with_for_update())).first()
    if pair is None and create:
        try:
            async with session.begin_nested():
                session.add(_new_pair(owner))
        except IntegrityError:
            pass  # a concurrent first round made it
        pair = (await session.exec(query.with_for_update())).first()
    if pair is None:
        raise AppError("play-seed-missing", 409)
    return pair


async def current(owner: Owner) -> SeedView:
    await _ensure_pair(owner)
    async with session_scope() as session:
        pair = (
            await session.exec(
                select(StudioSeedPair).where(StudioSeedPair.active_owner == owner.key)
            )
        ).one()
    return _view(pair)


async def set_client_seed(owner: Owner, client_seed: str) -> SeedView:
    """The player's own client seed for the next rounds (the nonce carries on)."""
    text = client_seed.strip()
    if not CLIENT_SEED_PATTERN.fullmatch(text):
        raise AppError("play-client-seed-invalid", 400)
    async with write_transaction() as session:
        pair = await locked_pair(session, owner, create=True)
        pair.client_seed = text
        session.add(pair)
    return _view(pair)


async def rotate(owner: Owner) -> tuple[Revealed, SeedView]:
    """Reveal the active server seed and commit to a fresh one (the client seed is kept)."""
    async with write_transaction() as session:
        pair = await locked_pair(session, owner, create=True)
        open_round = (
            await session.exec(
                select(StudioRound.id).where(
                    StudioRound.seed_pair_id == pair.id,
                    col(StudioRound.status).in_([RoundStatus.OPEN, RoundStatus.PENDING]),
                )
            )
        ).first()
        if open_round is not None:
            raise AppError("play-rotate-open-round", 409)
        seed = server_seed(pair)
        pair.server_seed = seed
        pair.active_owner = None
        pair.revealed_at = clock.now()
        session.add(pair)
        await session.flush()
        fresh = _new_pair(owner, pair.client_seed)
        session.add(fresh)
        await session.flush()
        assert pair.id is not None and pair.revealed_at is not None
        revealed = Revealed(
            pair_id=pair.id,
            server_seed=seed,
            server_seed_hash=pair.server_seed_hash,
            client_seed=pair.client_seed,
            rounds=pair.next_nonce,
            revealed_at=pair.revealed_at,
        )
        view = _view(fresh)
    return revealed, view


async def revealed_pairs(owner: Owner, limit: int = 5) -> list[Revealed]:
    """The owner's last revealed seeds, newest first."""
    async with session_scope() as session:
        pairs = (
            await session.exec(
                select(StudioSeedPair)
                .where(
                    StudioSeedPair.owner == owner.key,
                    col(StudioSeedPair.server_seed).is_not(None),
                )
                .order_by(col(StudioSeedPair.id).desc())
                .limit(limit)
            )
        ).all()
    return [
        Revealed(
            pair_id=p.id or 0,
            server_seed=p.server_seed or "",
            server_seed_hash=p.server_seed_hash,
            client_seed=p.client_seed,
            rounds=p.next_nonce,
            revealed_at=p.revealed_at or p.created_at,
        )
        for p in pairs
    ]
