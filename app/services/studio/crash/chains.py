"""A brand's Crash chain: made in advance by the operator (CLI), its terminal hash published,
its public salt fixed before the first round, its house edge kept within the brand's
jurisdiction (Brazil: a return of at least 85 %)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import decrypt_secret, encrypt_secret
from app.services import amounts
from app.services.brands import brands
from app.services.jurisdiction import profile_of
from app.services.studio.crash import fairness
from models.crash import CrashChain

_PURPOSE = "crash-chain"
MAX_LENGTH = 10_000_000
DEFAULT_EDGE = Decimal("1.00")  # percent: a 99 % return
MAX_EDGE = Decimal("50.00")
MAX_TARGET = 1_000_000  # hundredths: cash-outs pay at most 10,000x
SALT_PATTERN = re.compile(r"[\x21-\x7e]{1,128}")


@dataclass(frozen=True)
class ChainView:
    """What is public of a chain: everything but its seeds."""

    chain_id: int
    brand: str
    length: int
    terminal_hash: str
    salt: str | None
    house_edge_bp: int
    rounds_used: int
    created_at: datetime

    @property
    def rtp(self) -> Decimal:
        """The return in percent of every cash-out (exact to under 10^-9 points)."""
        return Decimal(fairness.FULL_EDGE - self.house_edge_bp) / 100


def _view(chain: CrashChain, brand_code: str) -> ChainView:
    assert chain.id is not None
    return ChainView(
        chain.id,
        brand_code,
        chain.length,
        chain.terminal_hash,
        chain.salt,
        chain.house_edge_bp,
        chain.next_index - 1,
        chain.created_at,
    )


def edge_basis_points(value: object, min_rtp: Decimal) -> int:
    """A house edge in percent (two decimals) as basis points, refused when the lowest exact
    return of any cash-out target would fall under the brand's floor."""
    edge = amounts.parse_amount(value, "crash-edge-invalid", status=400, allow_zero=True)
    if edge > MAX_EDGE:
        raise AppError("crash-edge-invalid", 400)
    points = int(edge * 100)
    worst = Fraction(fairness.FULL_EDGE - points, fairness.FULL_EDGE) - Fraction(
        MAX_TARGET, 100 << fairness.BITS
    )
    if worst < Fraction(min_rtp):
        raise AppError("crash-edge-over-floor", 400, {"rtp": f"{min_rtp * 100:.2f}"})
    return points


def _sealed(checkpoints: dict[int, str]) -> str:
    return encrypt_secret(json.dumps(checkpoints), _PURPOSE)


def checkpoints(chain: CrashChain) -> dict[int, str]:
    """The chain's checkpoints, for computing round seeds on the server only."""
    loaded: dict[str, str] = json.loads(decrypt_secret(chain.checkpoints_encrypted, _PURPOSE))
    return {int(index): seed for index, seed in loaded.items()}


async def create_chain(brand_code: str, length: int, edge: object = DEFAULT_EDGE) -> ChainView:
    """A new chain for the brand, active from now on (the previous one is retired; rounds
    wait for this one's salt)."""
    brand = await brands.by_code(brand_code)
    if not 1 <= length <= MAX_LENGTH:
        raise AppError("crash-chain-length", 400, {"max": MAX_LENGTH})
    points = edge_basis_points(edge, profile_of(brand).min_rtp)
    terminal, marks = fairness.build_chain(fairness.new_last_seed(), length)
    async with write_transaction() as session:
        old = await active_chain(session, brand.id, lock=True)
        if old is not None:
            old.active_merchant = None
            session.add(old)
            await session.flush()
        chain = CrashChain(
            merchant_id=brand.id,
            active_merchant=brand.id,
            length=length,
            terminal_hash=terminal,
            house_edge_bp=points,
            checkpoints_encrypted=_sealed(marks),
        )
        session.add(chain)
        await session.flush()
    return _view(chain, brand.code)


async def set_salt(brand_code: str, salt: str, now: datetime) -> ChainView:
    """Fix the public salt of the brand's chain: once, before its first round."""
    brand = await brands.by_code(brand_code)
    text = salt.strip()
    if not SALT_PATTERN.fullmatch(text):
        raise AppError("crash-salt-invalid", 400)
    async with write_transaction() as session:
        chain = await active_chain(session, brand.id, lock=True)
        if chain is None:
            raise AppError("crash-no-chain", 404)
        if chain.salt is not None or chain.next_index > 1:
            raise AppError("crash-salt-fixed", 409)
        chain.salt = text
        chain.salt_set_at = now
        session.add(chain)
    return _view(chain, brand.code)


async def active_chain(
    session: AsyncSession, merchant_id: int, *, lock: bool = False
) -> CrashChain | None:
    query = select(CrashChain).where(CrashChain.active_merchant == merchant_id)
    if lock:
        query = query.with_for_update()
    return (await session.exec(query)).first()


async def published(merchant_id: int) -> ChainView | None:
    """The brand's active chain as the rules page and the verify command show it."""
    brand = await brands.by_id(merchant_id)
    async with session_scope() as session:
        chain = await active_chain(session, merchant_id)
    return None if chain is None else _view(chain, brand.code)
