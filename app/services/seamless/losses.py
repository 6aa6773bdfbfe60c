"""Many lost rounds settled in one transaction: the zero credits a shared game sends for the
bets that rode into its crash (Crash settles a whole round's losers at once).

Each call does what `wallet.credit` does with a zero amount, without the member's cash lock (a
zero credit moves no money): the call's transaction id is stored with its first answer, and the
round it names is settled with nothing won and its wager fact written. A whole batch is a few
statements: the sessions, the stored calls and the rounds read (the rounds locked), the rounds
settled in one statement, the calls stored and the facts written as one batch each. A call
already stored is a repeat: its first answer stands. A call the wallet refuses (a round of
another member, rolled back, or without a bet) is stored REFUSED, as `credit` would store it.

On PostgreSQL the plain calls (a usable session, no stored call, the member's open round with
a bet) are one statement for the whole batch, `SETTLE_PLAIN`: a Crash round's losers are
almost all plain, and the database settles them at its own speed. The rest (repeats, refusals,
a round settled already) take the way above.

A call whose game session is unusable is left out of the answer: its caller makes it the
one-at-a-time way, which raises as `credit` does.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
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
from app.services.seamless.wallet import _check_request, _same_request
from app.services.seamless.wallet_reads import stored_calls, usable_session
from models.base import saved_id
from models.facts import FactKind
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
    now = clock.now()
    settled: dict[str, str] = {}
    if losses and (await session.connection()).dialect.name == "postgresql":
        settled = await _settle_plain(session, vendor, losses, now)
    rest = [loss for loss in losses if loss.call.transaction_id not in settled]
    if rest:
        settled |= await _credit_each(session, vendor, rest, now)
    return settled


# The plain zero credits of a batch in one statement (PostgreSQL): for each call whose session
# is the vendor's and which is not stored yet, the member's open round with a bet is settled
# with nothing won, the call stored OK and the round's SETTLED fact written (`change` from an
# open round: its bet, a valid bet of its bet, its win). Returns the calls made. The round's
# status is checked again under its row lock, so a call a twin settled first is left out.
SETTLE_PLAIN = text(
    """
WITH calls AS (
    SELECT c.transaction_id, c.round_id, c.game_code, s.member_id
    FROM json_to_recordset(CAST(:calls AS json)) AS c (transaction_id varchar,
        round_id varchar, game_code varchar, digest varchar)
    JOIN gamesession s ON s.session_token_digest = c.digest AND s.vendor = :vendor
    WHERE NOT EXISTS (
        SELECT 1 FROM walletcall w
        WHERE w.vendor = :vendor AND w.transaction_id = c.transaction_id
    )
), settled AS (
    UPDATE gameround g SET status = 'SETTLED', settled_at = :now
    FROM calls c
    WHERE g.vendor = :vendor AND g.round_id = c.round_id AND g.member_id = c.member_id
        AND g.status = 'OPEN' AND g.bet_total > 0
    RETURNING c.transaction_id, c.game_code AS call_game, g.round_id, g.member_id,
        g.merchant_id, g.game_code, g.game_type, g.currency, g.bet_total, g.win_total
), stored AS (
    INSERT INTO walletcall (vendor, transaction_id, kind, round_id, member_id, game_code,
        amount, status, answer, created_at)
    SELECT :vendor, transaction_id, 'CREDIT', round_id, member_id, call_game, 0, 'OK',
        CAST('{"status": "OK"}' AS json), :now
    FROM settled
), facts AS (
    INSERT INTO wager_fact (txid, member_id, brand_id, vendor, game_code, category, currency,
        round_ref, kind, bet, valid_bet, win, net, settled_at)
    SELECT CAST(CAST(pg_current_xact_id() AS text) AS bigint), member_id, merchant_id,
        :vendor, game_code, game_type, currency, round_id, 'SETTLED', bet_total, bet_total,
        win_total, win_total - bet_total, :now
    FROM settled
)
SELECT transaction_id FROM settled
"""
)


async def _settle_plain(
    session: AsyncSession, vendor: str, losses: Sequence[Loss], now: datetime
) -> dict[str, str]:
    document = json.dumps(
        [
            {
                "transaction_id": loss.call.transaction_id,
                "round_id": loss.call.round_id,
                "game_code": loss.call.game_code,
                "digest": loss.session_digest,
            }
            for loss in losses
        ]
    )
    connection = await session.connection()
    made = await connection.execute(SETTLE_PLAIN, {"calls": document, "vendor": vendor, "now": now})
    settled = {row.transaction_id: WalletStatus.OK.value for row in made}
    wager_facts.count_recorded(FactKind.SETTLED, len(settled))
    return settled


async def _credit_each(
    session: AsyncSession, vendor: str, losses: Sequence[Loss], now: datetime
) -> dict[str, str]:
    """The calls' checks and writes in Python, a few statements for the batch."""
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
    stored = await stored_calls(session, vendor, [loss.call.transaction_id for loss in losses])
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
    for loss in losses:
        try:
            game_session = usable_session(
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
