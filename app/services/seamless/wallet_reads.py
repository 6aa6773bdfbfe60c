"""What the seamless wallet (wallet.py) reads for a call, each read one statement.

A money call holds the member's cash lock while it runs, and on this stack building a
statement costs more CPU than running it: the hot reads are built once with bind parameters,
and what one call needs comes together (the session with its member, game, vendor and bonus
maximum bet; a run's stored calls with its round and a debit's earlier rollback). The rules
that use them stay in wallet.py.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

from sqlalchemy import Column, bindparam, literal
from sqlalchemy import select as core_select
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from sqlmodel.sql.expression import SelectOfScalar

from app.core import clock
from app.core.errors import AppError
from app.core.security import token_digest
from app.services import bet_limits, ledger
from models import Game, GameVendor, Member
from models.base import new_row
from models.catalogue import WalletMode
from models.games import GameRound, GameSession, PendingRollback
from models.games import WalletCall as WalletCallRow

_Row = TypeVar("_Row", bound=SQLModel)


def usable_session(found: GameSession | None, vendor: str, *, allow_expired: bool) -> GameSession:
    """The session a vendor's call names: unknown or another vendor's, or expired (unless
    the call may come late), it is refused."""
    if found is None or found.vendor != vendor:
        raise AppError("seamless-invalid-session", 401)
    if not allow_expired and found.expires_at <= clock.now():
        raise AppError("seamless-session-expired", 401)
    return found


async def game_session(
    session: AsyncSession, vendor: str, session_token: str, *, allow_expired: bool
) -> GameSession:
    found = (
        await session.exec(
            select(GameSession).where(
                GameSession.session_token_digest == token_digest(session_token or "")
            )
        )
    ).first()
    return usable_session(found, vendor, allow_expired=allow_expired)


def _columns(model: type[SQLModel]) -> tuple[Column[Any], ...]:
    return tuple(model.__table__.c)  # type: ignore[attr-defined]


_SESSION_COLUMNS = _columns(GameSession)
_MEMBER_COLUMNS = _columns(Member)
_CALL_COLUMNS = _columns(WalletCallRow)
_ROUND_COLUMNS = _columns(GameRound)
_SESSION_NAMES, _MEMBER_NAMES, _CALL_NAMES, _ROUND_NAMES = (
    tuple(c.name for c in columns)
    for columns in (_SESSION_COLUMNS, _MEMBER_COLUMNS, _CALL_COLUMNS, _ROUND_COLUMNS)
)


def _row(model: type[_Row], names: tuple[str, ...], values: Sequence[Any]) -> _Row | None:
    """The row of `model` a core read brought as `values` (None: its outer join found none).
    The hot reads take columns, not entities: the ORM's loading of a row cost more than the
    statement's run (a wallet call reads two or four)."""
    if values[0] is None:  # the primary key, the first column
        return None
    return new_row(model, **dict(zip(names, values, strict=True)))


# The session of a money call, its member, its game's type (None: not in the catalogue), its
# vendor's wallet mode and the member's bonus maximum bet. The grants take no lock of the
# member's: read before the cash lock or under it, a grant opened or closed meanwhile is seen
# alike.
_MONEY_SESSION = (
    core_select(
        *_SESSION_COLUMNS, *_MEMBER_COLUMNS, col(Game.game_type), col(GameVendor.wallet_mode)
    )
    .add_columns(bet_limits.lowest_max_bet(col(GameSession.member_id), bindparam("now")))
    .join(Member, col(Member.id) == GameSession.member_id)
    .outerjoin(
        Game,
        (col(Game.vassalage) == GameSession.vendor)
        & (col(Game.game_code) == GameSession.game_code),
    )
    .outerjoin(GameVendor, col(GameVendor.vassalage) == GameSession.vendor)
    .where(col(GameSession.session_token_digest) == bindparam("digest"))
)
_MEMBER_AT = len(_SESSION_COLUMNS)
_EXTRAS_AT = _MEMBER_AT + len(_MEMBER_COLUMNS)  # game type, wallet mode, lowest maximum bet
_ACCOUNTS_AT = _EXTRAS_AT + 3


# ...with the member's cash (locked) and clearing shard: the cash lock comes with the read.
_MONEY_SESSION_LOCKED = ledger.with_game_accounts(
    _MONEY_SESSION,
    merchant_id=col(GameSession.merchant_id),
    member_id=col(GameSession.member_id),
    currency=col(GameSession.currency),
)


@dataclass(frozen=True)
class MoneySession:
    game_session: GameSession
    member: Member
    game_type: str | None
    max_bet: Decimal | None  # the member's bonus maximum bet when the call came
    accounts: ledger.GameAccounts | None  # None: an account is still to be made


async def money_session(
    session: AsyncSession, vendor: str, session_token: str, *, allow_expired: bool
) -> MoneySession:
    """`game_session` for money calls, in one statement: the game session, its member, the
    type of its game, the member's bonus maximum bet, whether the vendor is a transfer vendor
    (which bets from its own wallet and reports its rounds: refused), and the member's game
    accounts, the cash row locked for the rest of the transaction. A member without them yet
    (or a session unknown) is read again without them."""
    params = {"digest": token_digest(session_token or ""), "now": clock.now()}
    connection = await session.connection()
    found: Sequence[Any] | None = (await connection.execute(_MONEY_SESSION_LOCKED, params)).first()
    accounts = None if found is None else ledger.GameAccounts(*found[_ACCOUNTS_AT:])
    if found is None:
        found = (await connection.execute(_MONEY_SESSION, params)).first()
    game_session = None if found is None else _row(GameSession, _SESSION_NAMES, found[:_MEMBER_AT])
    usable = usable_session(game_session, vendor, allow_expired=allow_expired)
    assert found is not None
    member = _row(Member, _MEMBER_NAMES, found[_MEMBER_AT:_EXTRAS_AT])
    assert member is not None  # an inner join
    game_type, wallet_mode, lowest = found[_EXTRAS_AT:_ACCOUNTS_AT]
    if wallet_mode == WalletMode.TRANSFER:
        raise AppError("seamless-transfer-vendor", 409)
    return MoneySession(usable, member, game_type, bet_limits.max_bet_of(lowest), accounts)


# A run of calls is one or two (a bet and its win): each length of the IN list is a statement
# built once, its ids bound values of their own (SQLAlchemy rewrites a statement's text for an
# expanding list at every run); a longer list (a batch of losses) is one expanding list.
RUN_CALLS = 2


def _ids_in(count: int) -> Any:
    if count > RUN_CALLS:
        return col(WalletCallRow.transaction_id).in_(bindparam("ids", expanding=True))
    return col(WalletCallRow.transaction_id).in_([bindparam(f"id{n}") for n in range(count)])


def _ids(transaction_ids: Sequence[str]) -> tuple[int, dict[str, Any]]:
    """The statement's length of IN list (`_ids_in`) and the ids' bound values."""
    ids = sorted(set(transaction_ids))
    if len(ids) > RUN_CALLS:
        return RUN_CALLS + 1, {"ids": ids}
    return len(ids), {f"id{n}": each for n, each in enumerate(ids)}


@functools.cache
def _stored_calls(count: int) -> SelectOfScalar[WalletCallRow]:
    return select(WalletCallRow).where(WalletCallRow.vendor == bindparam("vendor"), _ids_in(count))


async def stored_calls(
    session: AsyncSession, vendor: str, transaction_ids: Sequence[str]
) -> dict[str, WalletCallRow]:
    """The stored calls of these transaction ids, by id: one statement for a run of calls."""
    count, ids = _ids(transaction_ids)
    statement = _stored_calls(count)
    return {
        row.transaction_id: row
        for row in await session.exec(statement, params={"vendor": vendor, **ids})
    }


async def stored_call(
    session: AsyncSession, vendor: str, transaction_id: str
) -> WalletCallRow | None:
    return (await stored_calls(session, vendor, [transaction_id])).get(transaction_id)


_ROUND = select(GameRound).where(
    GameRound.vendor == bindparam("vendor"), GameRound.round_id == bindparam("round_id")
)
# A rollback that came before its debit, by the debit's transaction id.
_PENDING_ROLLBACK_OF = (
    PendingRollback.vendor == bindparam("vendor"),
    PendingRollback.debit_transaction_id == bindparam("debit"),
)
_PENDING_ROLLBACK = select(PendingRollback).where(*_PENDING_ROLLBACK_OF)


# A run's reads under the cash lock in one statement: its stored calls (a row each, or one
# row of NULLs), each with the round its first call names and, when that call is a debit, the
# id of a rollback that came before it.
@functools.cache
def _run(count: int) -> Any:
    return (
        core_select(
            *_CALL_COLUMNS,
            *_ROUND_COLUMNS,
            select(PendingRollback.id).where(*_PENDING_ROLLBACK_OF).scalar_subquery(),
        )
        .select_from(select(literal(1)).subquery())
        .outerjoin(
            GameRound,
            (col(GameRound.vendor) == bindparam("vendor"))
            & (col(GameRound.round_id) == bindparam("round_id")),
        )
        .outerjoin(
            WalletCallRow,
            (col(WalletCallRow.vendor) == bindparam("vendor")) & _ids_in(count),
        )
    )


_ROUND_AT = len(_CALL_COLUMNS)
_PENDING_AT = _ROUND_AT + len(_ROUND_COLUMNS)


@dataclass(frozen=True)
class RunReads:
    calls: dict[str, WalletCallRow]  # the run's stored calls, by transaction id
    game_round: GameRound | None  # the round its first call names (None: none yet)
    pending: PendingRollback | None  # a rollback that came before its first call, a debit


async def run_reads(
    session: AsyncSession,
    vendor: str,
    transaction_ids: Sequence[str],
    round_id: str,
    debit_transaction_id: str | None,
) -> RunReads:
    """`stored_calls` with the round of the run's first call and (`debit_transaction_id`:
    that call is a debit) a rollback that came before it, in one read (a second only when
    such a rollback came)."""
    count, ids = _ids(transaction_ids)
    params = {"vendor": vendor, "round_id": round_id, "debit": debit_transaction_id, **ids}
    connection = await session.connection()
    rows = (await connection.execute(_run(count), params)).all()
    calls = {
        call.transaction_id: call
        for row in rows
        if (call := _row(WalletCallRow, _CALL_NAMES, row[:_ROUND_AT])) is not None
    }
    found = _row(GameRound, _ROUND_NAMES, rows[0][_ROUND_AT:_PENDING_AT])
    pending_id = rows[0][_PENDING_AT]
    pending = None if pending_id is None else await session.get(PendingRollback, pending_id)
    return RunReads(calls, found, pending)


async def game_round(session: AsyncSession, vendor: str, round_id: str) -> GameRound | None:
    params = {"vendor": vendor, "round_id": round_id}
    return (await session.exec(_ROUND, params=params)).first()


async def pending_rollback(
    session: AsyncSession, vendor: str, debit_transaction_id: str
) -> PendingRollback | None:
    params = {"vendor": vendor, "debit": debit_transaction_id}
    return (await session.exec(_PENDING_ROLLBACK, params=params)).first()


async def game(session: AsyncSession, vendor: str, game_code: str) -> Game:
    found = (
        await session.exec(
            select(Game).where(Game.vassalage == vendor, Game.game_code == game_code)
        )
    ).first()
    if found is None:
        raise AppError("seamless-unknown-game", 404)
    return found
