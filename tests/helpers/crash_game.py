"""Crash tests' helpers: a brand's fresh chain and round, members with a wallet session of
the Crash game, and their ledger and wager facts read back."""

from __future__ import annotations

import itertools
from datetime import timedelta

from sqlalchemy import update
from sqlmodel import col, func, select

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.services.brands import brands
from app.services.seamless import wallet
from app.services.studio import rounds as studio_rounds
from app.services.studio import seeds
from app.services.studio.crash import chains, fairness
from app.services.studio.crash import rounds as crash_rounds
from models import Game, Member
from models.crash import CrashBet, CrashRound, CrashRoundStatus
from models.facts import WagerFact
from models.ledger import LedgerTransaction
from tests.helpers.seamless import CURRENCY, funded_member

BRAND = "BR1"


async def clear_brand(merchant_id: int) -> None:
    """Earlier tests' rounds of the brand set aside (settled, crashed long ago), so the next
    round opens at once."""
    long_ago = clock.now() - timedelta(days=1)
    async with write_transaction() as session:
        await session.exec(
            update(CrashRound)
            .where(col(CrashRound.merchant_id) == merchant_id)
            .values(status=CrashRoundStatus.SETTLED, crash_at=long_ago, started_at=long_ago)
        )


async def fresh_round(length: int = 40, edge: str = "1.00", *, crash_from: int = 0) -> CrashRound:
    """A new chain with its salt on the test brand, the clock frozen, and its first round
    opened (taking bets); with `crash_from` (hundredths), a round that crashes there or
    later (a random first round crashes under 1.05x about once in eighteen)."""
    view = await chains.create_chain(BRAND, length, edge)
    salt = "beacon-round-1234567"
    if crash_from:
        salt = await _salt_crashing_between(crash_from, 1_000_000)
    await chains.set_salt(BRAND, salt, clock.now())
    clock.freeze()
    merchant_id = await brand_id()
    await clear_brand(merchant_id)
    opened = await crash_rounds.open_next(merchant_id, clock.now())
    assert opened is not None and opened.number == 1 and opened.chain_id == view.chain_id
    return opened


async def _land_rounds_in_flight(merchant_id: int) -> None:
    """The brand's round in the air or taking bets crashes now: a random round may fly for two
    and a half minutes (10,000x), which a walk need not watch."""
    now = clock.now()
    async with write_transaction() as session:
        flying = await session.exec(
            select(CrashRound).where(
                CrashRound.merchant_id == merchant_id,
                CrashRound.status == CrashRoundStatus.OPEN,
                col(CrashRound.crash_at) > now,
            )
        )
        for row in flying.all():
            row.started_at = min(row.started_at, now)
            row.crash_at = now
            session.add(row)


async def next_round_crashing_between(low: int, high: int, length: int = 1000) -> None:
    """A new chain on the test brand whose first round crashes between `low` and `high`
    hundredths (its public salt is the first of a counted series that gives one), and the
    round in flight landed: a running site's driver opens the made round a pause later. A walk
    then plays a known round instead of waiting for a random one."""
    await chains.create_chain(BRAND, length)
    await chains.set_salt(BRAND, await _salt_crashing_between(low, high), clock.now())
    await _land_rounds_in_flight(await brand_id())


async def _salt_crashing_between(low: int, high: int) -> str:
    """The first of a counted series of public salts that makes the active chain's first
    round crash between `low` and `high` hundredths."""
    async with session_scope() as session:
        chain = await chains.active_chain(session, await brand_id())
    assert chain is not None
    seed = fairness.seed_at(chains.checkpoints(chain), 1)
    return next(
        f"walk-salt-{n}"
        for n in itertools.count()
        if low <= fairness.crash_hundredths(seed, f"walk-salt-{n}", chain.house_edge_bp) <= high
    )


async def crash_game() -> Game:
    async with session_scope() as session:
        game = (
            await session.exec(
                select(Game).where(
                    Game.vassalage == wallet.STUDIO_VENDOR,
                    Game.game_code == crash_rounds.CODE,
                )
            )
        ).one()
    return game


async def player_of(member: Member) -> studio_rounds.Player:
    """The member with a fresh wallet session of the Crash game (a launch and its exchange)."""
    assert member.id is not None
    token = await wallet.open_session(
        member=member,
        vendor=wallet.STUDIO_VENDOR,
        game_code=(await crash_game()).game_code,
        currency=CURRENCY,
    )
    session = await wallet.authenticate(wallet.STUDIO_VENDOR, token)
    return studio_rounds.Player(
        owner=seeds.member_owner(member.id),
        currency=CURRENCY,
        token=session.session_token,
        merchant_id=member.merchant_id,
    )


async def crash_player(amount: str = "100.00") -> tuple[Member, studio_rounds.Player]:
    member = await funded_member(amount)
    return member, await player_of(member)


async def bets_of(round_id: int) -> list[CrashBet]:
    async with session_scope() as session:
        found = await session.exec(select(CrashBet).where(CrashBet.round_id == round_id))
        return list(found.all())


def at_ms(row: CrashRound, ms: int) -> None:
    """Move the frozen clock to `ms` after the round's start."""
    target = row.started_at + timedelta(milliseconds=ms)
    clock.advance((target - clock.now()).total_seconds())


async def bet_row(bet_id: int) -> CrashBet:
    async with session_scope() as session:
        found = await session.get(CrashBet, bet_id)
    assert found is not None
    return found


async def round_row(round_id: int) -> CrashRound:
    async with session_scope() as session:
        found = await session.get(CrashRound, round_id)
    assert found is not None
    return found


async def wins_of(bet_id: int) -> int:
    """Ledger transactions carrying the bet's win."""
    key = f"seamless:{wallet.STUDIO_VENDOR}:{crash_rounds.wallet_round(bet_id)}:win"
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count(col(LedgerTransaction.id))).where(
                    LedgerTransaction.idempotency_key == key
                )
            )
        ).one()


async def facts_of(bet_id: int) -> list[WagerFact]:
    async with session_scope() as session:
        return list(
            (
                await session.exec(
                    select(WagerFact).where(
                        WagerFact.round_ref == crash_rounds.wallet_round(bet_id)
                    )
                )
            ).all()
        )


async def brand_id() -> int:
    return (await brands.by_code(BRAND)).id
