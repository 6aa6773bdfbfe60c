"""Many lost rounds settled in one transaction: the zero credits a shared game sends for the
bets that rode into its crash (Crash settles a whole round's losers at once).

Each call does what `wallet.credit` does with a zero amount, without the member's cash lock (a
zero credit moves no money): the call's transaction id is stored with its first answer, and the
round it names is settled with nothing won and its wager fact written. A whole batch is a few
statements: the sessions, the stored calls and the rounds read (the rounds locked), the rounds
settled in one statement, the calls stored and the facts written as one batch each. A call
already stored is a repeat: its first answer stands. A call the wallet refuses (a round of
another member, rolled back, or without a bet) is stored REFUSED, as `credit` would store it.

A call whose game session is unusable is left out of the answer: its caller makes it the
one-at-a-time way, which raises as `credit` does.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import insert, text
from sqlmodel import col, select, update
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.db import among
from app.core.errors import AppError
from app.services import wager_facts
from app.services.seamless.port import WalletCall
from app.services.seamless.wallet import (
    _check_request,
    _same_request,
    _stored_calls,
    _usable_session,
)
from models.base import saved_id
from models.games import GameRound, GameSession, RoundStatus, WalletCallKind, WalletStatus
from models.games import WalletCall as WalletCallRow


@dataclass(frozen=True)
class Loss:
    """One zero credit: the game session's token digest and the call (amount 0)."""

    session_digest: str
    call: WalletCall


def _refused(game_round: GameRound | None, member_id: int) -> bool:
    """What `wallet._credit` refuses: an unknown round, another member's, one rolled back,
    or one without a bet."""
    return (
        game_round is None
        or game_round.member_id != member_id
        or game_round.status == RoundStatus.ROLLED_BACK
        or game_round.bet_total <= 0
    )


async def credit_losses(
    session: AsyncSession, vendor: str, losses: Sequence[Loss]
) -> dict[str, str]:
    """Make the zero credits in the caller's write transaction; the status of each call now
    stored (made or repeated), by transaction id. An IntegrityError (a twin stored one of them
    first) fails the whole batch: its caller rolls it back (a savepoint) and makes the calls
    one at a time."""
    for loss in losses:
        if _check_request(WalletCallKind.CREDIT, loss.call) != 0:
            raise AppError("seamless-invalid-amount", 422)
    settled: dict[str, str] = {}
    # Long lists as one array each on PostgreSQL: the statements' text stays the same.
    dialect = (await session.connection()).dialect.name
    digests = sorted({loss.session_digest for loss in losses})
    game_sessions = {
        found.session_token_digest: found
        for found in await session.exec(
            select(GameSession).where(
                among(col(GameSession.session_token_digest), digests, dialect)
            )
        )
    }
    stored = await _stored_calls(session, vendor, [loss.call.transaction_id for loss in losses])
    rounds = {
        found.round_id: found
        for found in await session.exec(
            select(GameRound)
            .where(
                GameRound.vendor == vendor,
                among(
                    col(GameRound.round_id),
                    sorted({loss.call.round_id for loss in losses}),
                    dialect,
                ),
            )
            .with_for_update()
        )
    }
    facts, settling, stored_rows = [], set[int](), []
    now = clock.now()
    for loss in losses:
        try:
            game_session = _usable_session(
                game_sessions.get(loss.session_digest), vendor, allow_expired=True
            )
        except AppError:
            continue
        call, member_id = loss.call, game_session.member_id
        if call.transaction_id in settled:
            continue  # named twice in the batch
        if call.transaction_id in stored:
            first = stored[call.transaction_id]
            _same_request(first, WalletCallKind.CREDIT, member_id)
            settled[call.transaction_id] = first.status
            continue
        game_round = rounds.get(call.round_id)
        status = WalletStatus.OK
        if _refused(game_round, member_id):
            status = WalletStatus.REFUSED
        elif game_round is not None and saved_id(game_round.id) not in settling:
            before = wager_facts.round_figures(game_round)
            # Settled by one statement for the whole batch (below), not row by row.
            session.expunge(game_round)
            game_round.status, game_round.settled_at = RoundStatus.SETTLED, now
            settling.add(saved_id(game_round.id))
            fact = wager_facts.fact_of_round(game_round, before)
            if fact is not None:
                facts.append(fact)
        stored_rows.append(
            {
                "vendor": vendor,
                "transaction_id": call.transaction_id,
                "kind": WalletCallKind.CREDIT,
                "round_id": call.round_id,
                "member_id": member_id,
                "game_code": call.game_code,
                "amount": Decimal("0.00"),
                "status": status,
                "answer": {"status": status.value},
                "created_at": now,
            }
        )
        settled[call.transaction_id] = status
    if settling:
        await session.exec(
            update(GameRound)
            .where(among(col(GameRound.id), sorted(settling), dialect))
            .values(status=RoundStatus.SETTLED, settled_at=now)
        )
    if stored_rows:
        await _store_calls(session, stored_rows)
    await wager_facts.record(session, facts)
    return settled


# PostgreSQL stores a batch's calls in one statement whose rows come as one JSON document (as
# wager_facts.RECORD_MANY): its text is the same for every batch size.
STORE_CALLS = text(
    """
INSERT INTO walletcall (vendor, transaction_id, kind, round_id, member_id, game_code, amount,
    status, answer, created_at)
SELECT f.vendor, f.transaction_id, f.kind, f.round_id, f.member_id, f.game_code, f.amount,
    f.status, f.answer, f.created_at
FROM json_to_recordset(CAST(:rows AS json)) AS f (vendor varchar, transaction_id varchar,
    kind varchar, round_id varchar, member_id integer, game_code varchar, amount numeric,
    status varchar, answer json, created_at timestamptz)
"""
)


async def _store_calls(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    connection = await session.connection()
    if connection.dialect.name != "postgresql":
        await connection.execute(insert(WalletCallRow), rows)
        return
    document = [
        row | {"amount": str(row["amount"]), "created_at": row["created_at"].isoformat()}
        for row in rows
    ]
    await connection.execute(STORE_CALLS, {"rows": json.dumps(document)})
