"""What the seamless wallet (wallet.py) writes when a run of calls ends: the round it opened
or changed, the wager fact that change calls for, and its new calls' first answers. On
PostgreSQL that is one statement (the round's write and the fact's insert as CTEs of the
calls' insert), on SQLite one per table; each shape is built once, with bound values.

The ORM's flush of the same rows at commit (its unit of work, then one statement per table)
made a debit run 12 % more Python function calls and a bet-and-win 13 % more, so the wallet
keeps them out of the session: rounds it reads are detached (`detached`) and written here
with the calls.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Column, Table, bindparam, insert, select, union_all, update
from sqlalchemy.sql.base import Executable
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import get_engine
from app.services import wager_facts
from app.services.wager_facts import Fact
from models.games import GameRound
from models.games import WalletCall as WalletCallRow

ROUNDS: Table = GameRound.__table__  # type: ignore[attr-defined]
CALLS: Table = WalletCallRow.__table__  # type: ignore[attr-defined]
_ROUND_COLUMNS = [c for c in ROUNDS.columns if c.name != "id"]
_CALL_COLUMNS = [c for c in CALLS.columns if c.name != "id"]
_CALL_NAMES = tuple(c.name for c in _CALL_COLUMNS)
# What a call may change of a round it did not open.
_ROUND_CHANGES = ("bet_total", "win_total", "status", "settled_at")


def detached(session: AsyncSession, game_round: GameRound) -> GameRound:
    """A round read in `session`, taken out of it: its changes are written by `write_run`,
    not by the session's flush."""
    if game_round in session:
        session.expunge(game_round)
    return game_round


def _bound(prefix: str, column: Column[Any]) -> Any:
    return bindparam(f"{prefix}{column.name}", type_=column.type)


def _round_write(opened: bool) -> Any:
    if opened:
        return insert(ROUNDS).values({c.name: _bound("round_", c) for c in _ROUND_COLUMNS})
    return (
        update(ROUNDS)
        .where(ROUNDS.c.id == bindparam("round_pk"))
        .values({name: _bound("round_", ROUNDS.c[name]) for name in _ROUND_CHANGES})
    )


def _calls_insert(count: int) -> Any:
    """The calls' insert, as forms SQLAlchemy caches compiled (a multi-row VALUES it would
    compile again at every call): one row's values, or a SELECT of each row's."""
    row = [[_bound(f"call{i}_", c) for c in _CALL_COLUMNS] for i in range(count)]
    if count == 1:
        return insert(CALLS).values(dict(zip(_CALL_NAMES, row[0], strict=True)))
    return insert(CALLS).from_select(_CALL_NAMES, union_all(*(select(*each) for each in row)))


@functools.cache
def _statements(
    opened: bool | None, facts: int, calls: int, dialect: str
) -> tuple[Executable, ...]:
    """The run's statements: `opened` None (no round to write), True (a new round), False
    (a changed one); on PostgreSQL the round's write and the facts' inserts are CTEs of
    the calls' insert."""
    written: list[Any] = []
    if opened is not None:
        written.append(_round_write(opened))
    written += [wager_facts.bound_insert(f"fact{i}_", dialect) for i in range(facts)]
    if calls:
        written.append(_calls_insert(calls))
    if dialect != "postgresql" or len(written) < 2:
        return tuple(written)
    *before, last = written
    return (last.add_cte(*(each.cte(f"run_write{i}") for i, each in enumerate(before))),)


@functools.cache
def _keys(prefix: str, names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(bound parameter, field) of each of `names`: the parameters' names made once."""
    return tuple((f"{prefix}{name}", name) for name in names)


def _values(params: dict[str, Any], row: object, keys: tuple[tuple[str, str], ...]) -> None:
    for key, name in keys:
        params[key] = getattr(row, name)


_ROUND_NAMES = tuple(c.name for c in _ROUND_COLUMNS)


def _params(
    game_round: GameRound | None, facts: Sequence[Fact], calls: Sequence[WalletCallRow]
) -> dict[str, Any]:
    params: dict[str, Any] = {}
    if game_round is not None:
        if game_round.id is None:
            _values(params, game_round, _keys("round_", _ROUND_NAMES))
        else:
            params["round_pk"] = game_round.id
            _values(params, game_round, _keys("round_", _ROUND_CHANGES))
    for i, fact in enumerate(facts):
        params |= wager_facts.bound_values(fact, f"fact{i}_")
    for i, call in enumerate(calls):
        _values(params, call, _keys(f"call{i}_", _CALL_NAMES))
    return params


async def write_run(
    session: AsyncSession,
    game_round: GameRound | None,
    facts: Sequence[Fact],
    calls: Sequence[WalletCallRow],
) -> None:
    """Write a run's round (opened or changed; None: neither), the wager facts its changes
    call for and its new calls, in the run's transaction. A twin that stored one of the calls
    first makes it fail (IntegrityError), as it would at the commit; so does a second
    closing fact of a round (`wager_facts.record`)."""
    opened = None if game_round is None else game_round.id is None
    if opened is None and not facts and not calls:
        return
    dialect = get_engine().dialect.name
    params = _params(game_round, facts, calls)
    # On the session's connection: core statements need none of the ORM's execution (its
    # flush of the session first included: the rows the session holds go at the commit).
    connection = await session.connection()
    for statement in _statements(opened, len(facts), len(calls), dialect):
        await connection.execute(statement, params)
