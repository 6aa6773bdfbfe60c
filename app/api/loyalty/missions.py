"""Missions and leaderboards (spec 7, "Points": mission summary and leaderboard, both T), and
the claim of a mission's reward. Thin: the rules are in app/services/loyalty."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import Field

from app.api.deps import Context, CurrentMember, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.core import clock
from app.services.loyalty import missions, races

router = APIRouter(tags=["missions"])
RaceCode = Annotated[str | None, Query(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
Period = Annotated[str | None, Query(pattern=r"^(DAILY|WEEKLY)$")]


class MissionValue(ApiModel):
    id: int
    code: str
    title: str
    period: str = Field(description="DAILY or WEEKLY, in the brand's time zone")
    kind: str = Field(description="BET_COUNT, DEPOSIT_COUNT or MULTIPLIER")
    category: str
    gameCode: str
    target: int
    progress: int
    percent: int
    minMultiplier: Decimal | None
    rewardKind: str = Field(description="CASH or POINTS")
    rewardAmount: Decimal
    status: str = Field(description="progress, claimable or claimed")
    endsAt: datetime


class MissionSummaryValue(ApiModel):
    claimable: int = Field(description="rewards ready to claim (the count badge)")
    dailyEndsAt: datetime
    weeklyEndsAt: datetime
    missions: list[MissionValue]


class LeaderboardRow(ApiModel):
    rank: int
    name: str = Field(description="masked")
    score: Decimal
    prize: Decimal
    mine: bool


class LeaderboardValue(ApiModel):
    raceCode: str
    title: str
    metric: str = Field(description="TURNOVER or MULTIPLIER")
    period: str
    category: str
    startsAt: datetime
    endsAt: datetime
    prizes: list[Decimal]
    rows: list[LeaderboardRow]
    myRank: int | None
    myScore: Decimal


class MissionClaim(ApiModel):
    missionId: int = Field(ge=1, le=2**31 - 1)


def mission_value(view: missions.MissionView) -> MissionValue:
    return MissionValue(
        id=view.id,
        code=view.code,
        title=view.title,
        period=view.period.value,
        kind=view.kind.value,
        category=view.category,
        gameCode=view.game_code,
        target=view.target,
        progress=view.progress,
        percent=view.percent,
        minMultiplier=view.min_multiplier,
        rewardKind=view.reward_kind.value,
        rewardAmount=view.reward_amount,
        status=view.status,
        endsAt=view.ends_at,
    )


@router.get(
    "/wps/relay/MCSFE_getMissionSummaryDetails", response_model=Envelope[MissionSummaryValue]
)
async def mission_summary(
    ctx: Context, auth: CurrentMember, period: Period = None
) -> Envelope[MissionSummaryValue]:
    """The brand's missions of this day and week with the caller's progress."""
    assert auth.member.id is not None
    found = await missions.summary(ctx.brand, auth.member.id, ctx.language, clock.now())
    return ok(
        MissionSummaryValue(
            claimable=found.claimable,
            dailyEndsAt=found.daily_ends_at,
            weeklyEndsAt=found.weekly_ends_at,
            missions=[mission_value(v) for v in found.missions if period in (None, v.period.value)],
        )
    )


@router.get("/wps/relay/MCSFE_getMissionLeaderboard", response_model=Envelope[LeaderboardValue])
async def mission_leaderboard(
    ctx: Context,
    auth: CurrentMember,
    raceCode: RaceCode = None,
    limitNum: Annotated[int, Query(ge=1, le=races.BOARD_LIMIT)] = races.BOARD_LIMIT,
) -> Envelope[LeaderboardValue]:
    """A race's board of the current period (masked names) and the caller's own rank."""
    board = await races.board(
        ctx.brand, auth.member.id, ctx.language, clock.now(), code=raceCode, limit=limitNum
    )
    return ok(
        LeaderboardValue(
            raceCode=board.code,
            title=board.title,
            metric=board.metric.value,
            period=board.period.value,
            category=board.category,
            startsAt=board.starts_at,
            endsAt=board.ends_at,
            prizes=board.prizes,
            rows=[
                LeaderboardRow(rank=r.place, name=r.name, score=r.score, prize=r.prize, mine=r.mine)
                for r in board.rows
            ],
            myRank=board.my_place,
            myScore=board.my_score,
        )
    )


@router.post("/wps/relay/MCSFE_claimMissionReward", response_model=Envelope[MissionValue])
async def claim_mission_reward(
    ctx: Context, auth: RealMember, payload: MissionClaim
) -> Envelope[MissionValue]:
    """Claim a completed mission's reward (once, however often it is asked)."""
    assert auth.member.id is not None
    view = await missions.claim(
        ctx.brand, auth.member.id, payload.missionId, ctx.language, clock.now()
    )
    return ok(mission_value(view))


ROUTERS = (router,)
