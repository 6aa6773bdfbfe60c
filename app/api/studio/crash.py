"""Crash in the studio's game-client API (`/studio/crash/...`): the same game session as every
studio game (a launch of BGS_CRASH, its token in `Authorization`), the brand's shared round,
the player's bets and cash-outs, and any crashed round's verification."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, Depends, Path
from pydantic import Field

from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.api.studio.games import CurrentGameSession, studio_open_for_money
from app.core import clock
from app.services.studio import rounds as studio_rounds
from app.services.studio.crash import bets, fairness
from app.services.studio.crash import rounds as crash_rounds

router = APIRouter(prefix="/studio/crash", tags=["studio game client: Crash"])

CrashRoundId = Annotated[
    str, Path(max_length=64, description="a crashed round of the brand (public), e.g. crash-42")
]


class CrashFeedValue(ApiModel):
    name: str = Field(description="masked")
    stake: Decimal
    currency: str
    status: str = Field(description="OPEN, CASHED or LOST (VOIDED: returned)")
    cashout: Decimal | None


class CrashPastValue(ApiModel):
    roundId: str
    number: int
    crash: Decimal


class CrashRoundValue(ApiModel):
    roundId: str | None = Field(description="null before the brand's first round")
    number: int
    phase: str = Field(description="betting, running or crashed")
    startedAt: datetime | None = Field(description="betting closes and the curve starts")
    serverTime: datetime = Field(description="the server's clock, which decides cash-outs")
    growthPerMs: float = Field(description="the curve: multiplier = e^(growthPerMs × ms)")
    multiplier: Decimal = Field(description="the curve now (the crash point once crashed)")
    crash: Decimal | None = Field(description="null until the round crashed")
    seedHash: str
    feed: list[CrashFeedValue] = Field(description="the round's largest bets (30 at most)")
    bettors: int = Field(description="every bet of the round, in the feed or not")
    past: list[CrashPastValue]


class CrashBetRequest(ApiModel):
    slot: int = Field(ge=1, le=2)
    bet: str = Field(max_length=24, description="the stake, a decimal string such as 1.00")
    autoCashout: str = Field(
        default="", max_length=16, description="cash out automatically at this multiplier"
    )


class CrashCashOutRequest(ApiModel):
    slot: int = Field(ge=1, le=2, description="bet 1 or bet 2 of the round")


class CrashPlacedValue(ApiModel):
    betId: int
    slot: int
    stake: Decimal
    autoCashout: Decimal | None
    balance: Decimal


class CrashCashedValue(ApiModel):
    betId: int
    slot: int
    multiplier: Decimal
    payout: Decimal


class CrashBetValue(ApiModel):
    roundId: str
    number: int
    slot: int
    stake: Decimal
    autoCashout: Decimal | None
    status: str
    cashout: Decimal | None
    payout: Decimal
    crash: Decimal | None


class CrashVerificationValue(ApiModel):
    roundId: str
    number: int = Field(description="the round's index in its chain")
    seed: str
    previous: str = Field(description="the previous round's seed (the terminal hash for 1)")
    terminalHash: str
    salt: str
    houseEdgePercent: Decimal
    stored: Decimal
    recomputed: Decimal
    linksToPrevious: bool
    reachesTerminal: bool
    matches: bool


@router.get("/round", response_model=Envelope[CrashRoundValue])
async def current_round(session: CurrentGameSession) -> Envelope[CrashRoundValue]:
    """The brand's round now, its bets (names masked) and the last crash points."""
    bets.require_crash_session(session.game_code)
    now = clock.now()
    seen = await crash_rounds.board(session.merchant_id, now)
    state = seen.state
    return ok(
        CrashRoundValue(
            roundId=state.round_id if state else None,
            number=state.number if state else 0,
            phase=state.phase if state else "",
            startedAt=state.started_at if state else None,
            serverTime=now,
            growthPerMs=fairness.GROWTH,
            multiplier=state.multiplier if state else Decimal("1.00"),
            crash=state.crash if state else None,
            seedHash=state.seed_hash if state else "",
            feed=[
                CrashFeedValue(
                    name=line.shown_name,
                    stake=line.stake,
                    currency=line.currency,
                    status=line.status,
                    cashout=line.cashout,
                )
                for line in (state.feed if state else ())
            ],
            bettors=state.bettors if state else 0,
            past=[
                CrashPastValue(roundId=p.round_id, number=p.number, crash=p.crash)
                for p in seen.past
            ],
        )
    )


@router.post(
    "/bets",
    response_model=Envelope[CrashPlacedValue],
    dependencies=[Depends(studio_open_for_money)],
)
async def place(session: CurrentGameSession, body: CrashBetRequest) -> Envelope[CrashPlacedValue]:
    """A bet in the round taking bets (two at most, one per slot)."""
    bets.require_crash_session(session.game_code)
    player = studio_rounds.member_player(session)
    placed = await bets.place(player, session.merchant_id, body.slot, body.bet, body.autoCashout)
    return ok(
        CrashPlacedValue(
            betId=placed.bet_id,
            slot=placed.slot,
            stake=placed.stake,
            autoCashout=placed.auto,
            balance=placed.balance,
        )
    )


@router.post("/cashout", response_model=Envelope[CrashCashedValue])
async def cash_out(
    session: CurrentGameSession, body: CrashCashOutRequest
) -> Envelope[CrashCashedValue]:
    """Cash out the riding bet of that slot now: the server's clock decides."""
    bets.require_crash_session(session.game_code)
    done = await bets.cash_out(session.member_id, session.merchant_id, body.slot)
    return ok(
        CrashCashedValue(
            betId=done.bet_id, slot=done.slot, multiplier=done.multiplier, payout=done.payout
        )
    )


@router.get("/bets", response_model=Envelope[list[CrashBetValue]])
async def own_bets(session: CurrentGameSession) -> Envelope[list[CrashBetValue]]:
    """The player's last bets, newest first (each with its round for verification)."""
    bets.require_crash_session(session.game_code)
    found = await crash_rounds.own_bets(session.member_id, session.merchant_id, clock.now())
    return ok(
        [
            CrashBetValue(
                roundId=b.round_id,
                number=b.number,
                slot=b.slot,
                stake=b.stake,
                autoCashout=b.auto,
                status=b.status,
                cashout=b.cashout,
                payout=b.payout,
                crash=b.crash,
            )
            for b in found
        ]
    )


@router.get("/rounds/{crashRound}/verify", response_model=Envelope[CrashVerificationValue])
async def verify(
    session: CurrentGameSession, crashRound: CrashRoundId
) -> Envelope[CrashVerificationValue]:
    """Recompute any crashed round of the brand from its revealed seed and the chain."""
    bets.require_crash_session(session.game_code)
    check = await crash_rounds.verify(crashRound, session.merchant_id)
    return ok(
        CrashVerificationValue(
            roundId=check.round_id,
            number=check.number,
            seed=check.seed,
            previous=check.previous,
            terminalHash=check.terminal_hash,
            salt=check.salt,
            houseEdgePercent=Decimal(check.house_edge_bp) / 100,
            stored=check.stored,
            recomputed=check.recomputed,
            linksToPrevious=check.links_to_previous,
            reachesTerminal=check.reaches_terminal,
            matches=check.matches,
        )
    )


# Matched before every other router: the money calls players and vendors make most.
MONEY_ROUTERS = (router,)
