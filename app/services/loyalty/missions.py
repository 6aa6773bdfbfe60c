"""Missions: daily and weekly goals of a brand ("play 10 rounds of slots", "deposit once",
"win 5x in limbo") with a reward the member claims once.

Progress comes from two sources and never from game tables:
- wager facts (`CONSUMER`, run every second by the loyalty-missions job): a SETTLED fact with
  a valid bet counts one round for BET_COUNT missions of its category / game, and for
  MULTIPLIER missions when win / bet reaches the mission's multiplier. Voids and corrections
  do not count (a round counted once stays counted: it was played). The consumer's position
  is stored with the progress, so each fact counts once, and a consumer that was down
  catches up from its position. The same handler feeds the races (app/services/loyalty/races.py);
- paid deposits (`DepositOrder.paid_at` in the period) for DEPOSIT_COUNT missions, counted
  when read.

Periods close in the brand's time zone (its midnight, its Monday); progress is kept per
period start, so unclaimed progress is left behind when the next period starts.

A claim runs under the progress row's lock and pays through the ledger with a key naming
(mission, member, period): twin claims pay once. Brazil allows rewards after activity
(only pre-bet bonuses are barred, `Profile.pre_bet_bonus`): a mission rewards what was
played, so cash rewards run on every brand; a deposit mission, which pays for a deposit
before any bet, is neither listed nor paid there (`mission_offered`). A member under a
responsible-gambling block (cooling-off, self-exclusion) is not paid and not told: no badge
count, and a claim is refused with neutral wording.

Reward kinds (app/services/loyalty/rewards.py): CASH through the ledger (promotion expense →
member cash); POINTS through the points capability (`points_ledger.credit`, shown in the points
details as a mission reward). Both once per key, in the claim's transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.progress import percent_done
from app.services import wager_facts, wallet_events
from app.services.accounts.members import require_real_account
from app.services.brands import Brand, brands
from app.services.jurisdiction import HasJurisdiction, profile_of
from app.services.loyalty import races
from app.services.loyalty.rewards import (
    pay_reward,
    period_bounds,
    period_key,
    scheduled_at,
    title_of,
)
from app.services.protection.limits import excluded
from app.services.wager_facts import StoredFact
from models.base import saved_id
from models.cashier import DepositOrder, DepositStatus
from models.facts import FactKind
from models.loyalty_missions import (
    Mission,
    MissionKind,
    MissionPeriod,
    MissionProgress,
    MissionReward,
)
from models.member import Member
from models.protection import MemberProtection

CONSUMER = "loyalty-missions"
CENT = Decimal("0.01")
FACT_KINDS = frozenset({MissionKind.BET_COUNT, MissionKind.MULTIPLIER})


# ---- periods --------------------------------------------------------------------------------


# ---- views ----------------------------------------------------------------------------------


class MissionStatus:
    PROGRESS = "progress"
    CLAIMABLE = "claimable"
    CLAIMED = "claimed"


@dataclass(frozen=True)
class MissionView:
    id: int
    code: str
    title: str
    period: MissionPeriod
    kind: MissionKind
    category: str
    game_code: str
    target: int
    progress: int
    min_multiplier: Decimal | None
    reward_kind: MissionReward
    reward_amount: Decimal
    status: str
    ends_at: datetime

    @property
    def percent(self) -> int:
        return percent_done(self.progress, self.target)


@dataclass(frozen=True)
class MissionSummary:
    missions: list[MissionView]
    claimable: int
    daily_ends_at: datetime
    weekly_ends_at: datetime


def mission_offered(kind: str, brand: HasJurisdiction) -> bool:
    """A deposit mission pays for a deposit, before any bet: a pre-bet bonus, which a brand
    whose jurisdiction bars them (Brazil, Lei 14.790 art. 29 I) neither offers nor pays."""
    return profile_of(brand).pre_bet_bonus or kind != MissionKind.DEPOSIT_COUNT.value


async def _blocked(session: AsyncSession, member_id: int, now: datetime) -> bool:
    """Under a responsible-gambling block (cooling-off or self-exclusion) at `now`."""
    return excluded(await session.get(MemberProtection, member_id), now)


async def _deposits(session: AsyncSession, member_id: int, start: datetime, end: datetime) -> int:
    count = (
        await session.exec(
            select(func.count())
            .select_from(DepositOrder)
            .where(
                DepositOrder.member_id == member_id,
                DepositOrder.status == DepositStatus.PAID,
                col(DepositOrder.paid_at) >= start,
                col(DepositOrder.paid_at) < end,
            )
        )
    ).one()
    return int(count)


async def _enabled(session: AsyncSession, brand_id: int, now: datetime) -> list[Mission]:
    rows = (
        await session.exec(
            select(Mission)
            .where(Mission.merchant_id == brand_id, col(Mission.enabled).is_(True))
            .order_by(col(Mission.sort), col(Mission.id))
        )
    ).all()
    return [row for row in rows if scheduled_at(row, now)]


async def _progress_rows(
    session: AsyncSession, member_id: int, starts: Sequence[datetime]
) -> dict[tuple[int, datetime], MissionProgress]:
    rows = (
        await session.exec(
            select(MissionProgress).where(
                MissionProgress.member_id == member_id,
                col(MissionProgress.period_start).in_(list(starts)),
            )
        )
    ).all()
    return {(row.mission_id, row.period_start): row for row in rows}


async def _views(
    session: AsyncSession, brand: Brand, member_id: int, language: str, now: datetime
) -> list[MissionView]:
    offered = await _enabled(session, brand.id, now)
    missions = [mission for mission in offered if mission_offered(mission.kind, brand)]
    bounds = {p: period_bounds(brand.timezone, p, now) for p in MissionPeriod}
    rows = await _progress_rows(session, member_id, [start for start, _ in bounds.values()])
    deposits: dict[MissionPeriod, int] = {}
    views = []
    for mission in missions:
        period = MissionPeriod(mission.period)
        start, end = bounds[period]
        row = rows.get((saved_id(mission.id), start))
        kind = MissionKind(mission.kind)
        if kind is MissionKind.DEPOSIT_COUNT:
            if period not in deposits:
                deposits[period] = await _deposits(session, member_id, start, end)
            progress = deposits[period]
        else:
            progress = row.progress if row is not None else 0
        progress = min(progress, mission.target)
        if row is not None and row.claimed_at is not None:
            status = MissionStatus.CLAIMED
        elif progress >= mission.target:
            status = MissionStatus.CLAIMABLE
        else:
            status = MissionStatus.PROGRESS
        views.append(
            MissionView(
                id=saved_id(mission.id),
                code=mission.code,
                title=title_of(mission.titles, language, mission.code),
                period=period,
                kind=kind,
                category=mission.category,
                game_code=mission.game_code,
                target=mission.target,
                progress=progress,
                min_multiplier=mission.min_multiplier,
                reward_kind=MissionReward(mission.reward_kind),
                reward_amount=Decimal(mission.reward_amount).quantize(CENT),
                status=status,
                ends_at=end,
            )
        )
    return views


async def summary(brand: Brand, member_id: int, language: str, now: datetime) -> MissionSummary:
    """The brand's missions of this day and week with the member's progress. A member under
    a block sees progress but nothing claimable (not told of rewards)."""
    async with session_scope() as session:
        views = await _views(session, brand, member_id, language, now)
        blocked = await _blocked(session, member_id, now)
    claimable = 0 if blocked else sum(v.status == MissionStatus.CLAIMABLE for v in views)
    if blocked:
        views = [
            v if v.status != MissionStatus.CLAIMABLE else _with_status(v, MissionStatus.PROGRESS)
            for v in views
        ]
    return MissionSummary(
        missions=views,
        claimable=claimable,
        daily_ends_at=period_bounds(brand.timezone, MissionPeriod.DAILY, now)[1],
        weekly_ends_at=period_bounds(brand.timezone, MissionPeriod.WEEKLY, now)[1],
    )


def _with_status(view: MissionView, status: str) -> MissionView:
    return replace(view, status=status)


async def claimable_count(member_id: int, now: datetime) -> int:
    """The badge of the member centre's mission entry: rewards ready to claim."""
    async with session_scope() as session:
        member = await session.get(Member, member_id)
        if member is None or await _blocked(session, member_id, now):
            return 0
        brand = await brands.by_id(member.merchant_id)
        views = await _views(session, brand, member_id, brand.default_language, now)
    return sum(v.status == MissionStatus.CLAIMABLE for v in views)


# ---- claiming -------------------------------------------------------------------------------


async def _locked_row(
    session: AsyncSession, mission_id: int, member_id: int, start: datetime
) -> MissionProgress | None:
    return (
        await session.exec(
            select(MissionProgress)
            .where(
                MissionProgress.mission_id == mission_id,
                MissionProgress.member_id == member_id,
                MissionProgress.period_start == start,
            )
            .with_for_update()
            .execution_options(populate_existing=True)
        )
    ).first()


async def _row_for_claim(
    session: AsyncSession, mission_id: int, member_id: int, start: datetime, now: datetime
) -> MissionProgress:
    """The progress row under its lock, made if missing (a deposit mission has none until
    claimed); a twin claim that made it first is waited for and read."""
    row = await _locked_row(session, mission_id, member_id, start)
    if row is not None:
        return row
    try:
        async with session.begin_nested():
            row = MissionProgress(
                mission_id=mission_id, member_id=member_id, period_start=start, updated_at=now
            )
            session.add(row)
    except IntegrityError:
        row = await _locked_row(session, mission_id, member_id, start)
        assert row is not None
    return row


async def claim(
    brand: Brand, member_id: int, mission_id: int, language: str, now: datetime
) -> MissionView:
    """Claim a completed mission's reward of the current period. Twin claims pay once: the
    second is answered with the claimed mission."""
    if not isinstance(mission_id, int) or not 0 < mission_id < 2**31:
        raise AppError("mission-not-found", 404)
    async with write_transaction() as session:
        member = await session.get(Member, member_id)
        mission = await session.get(Mission, mission_id)
        if (
            member is None
            or mission is None
            or mission.merchant_id != brand.id
            or member.merchant_id != brand.id
            or not scheduled_at(mission, now)
            or not mission_offered(mission.kind, brand)
        ):
            raise AppError("mission-not-found", 404)
        require_real_account(member)
        if await _blocked(session, member_id, now):
            raise AppError("mission-unavailable", 409)
        start, end = period_bounds(brand.timezone, mission.period, now)
        row = await _row_for_claim(session, mission_id, member_id, start, now)
        if row.claimed_at is None:
            if MissionKind(mission.kind) is MissionKind.DEPOSIT_COUNT:
                row.progress = min(mission.target, await _deposits(session, member_id, start, end))
            if row.progress < mission.target:
                raise AppError("mission-not-complete", 409)
            await _pay(session, brand, member, mission, start, now, row)
        views = await _views(session, brand, member_id, language, now)
    await wallet_events.balance_changed(member_id)
    return next(v for v in views if v.id == mission_id)


async def _pay(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    mission: Mission,
    start: datetime,
    now: datetime,
    row: MissionProgress,
) -> None:
    row.claim_transaction_id = await pay_reward(
        session,
        kind=mission.reward_kind,
        member=member,
        currency=brand.currency,
        amount=Decimal(mission.reward_amount).quantize(CENT),
        key=f"mission:{mission.id}:{member.id}:{period_key(start)}",
        reference=f"MISSION-{mission.code}",
        metadata={"action": "mission-reward", "mission": mission.id},
        now=now,
    )
    row.completed_at = row.completed_at or now
    row.claimed_at = row.updated_at = now
    session.add(row)


# ---- progress from wager facts --------------------------------------------------------------


def counts(mission: Mission, fact: StoredFact) -> bool:
    """Whether a fact counts one round towards a fact-fed mission."""
    if fact.kind != FactKind.SETTLED or fact.valid_bet <= 0:
        return False
    if mission.category and mission.category != fact.category:
        return False
    if mission.game_code and mission.game_code != fact.game_code:
        return False
    if MissionKind(mission.kind) is MissionKind.MULTIPLIER:
        needed = Decimal(mission.min_multiplier or 0)
        return fact.bet > 0 and fact.win >= fact.bet * needed
    return True


async def _fact_missions(session: AsyncSession, brand_ids: set[int]) -> dict[int, list[Mission]]:
    rows = (
        await session.exec(
            select(Mission).where(
                col(Mission.merchant_id).in_(sorted(brand_ids)),
                col(Mission.enabled).is_(True),
                col(Mission.kind).in_([k.value for k in FACT_KINDS]),
            )
        )
    ).all()
    found: dict[int, list[Mission]] = {}
    for row in rows:
        found.setdefault(row.merchant_id, []).append(row)
    return found


class _Progress:
    """The consumer's handler: rounds towards missions, then scores towards races."""

    def __init__(self, now: datetime) -> None:
        self.now = now
        self.members: set[int] = set()  # whose missions moved: their badges refresh

    async def __call__(self, session: AsyncSession, facts: Sequence[StoredFact]) -> None:
        brand_ids = {fact.brand_id for fact in facts}
        zones = {brand_id: (await brands.by_id(brand_id)).timezone for brand_id in brand_ids}
        missions = await _fact_missions(session, brand_ids)
        added: dict[tuple[int, int, datetime], int] = {}
        by_id: dict[int, Mission] = {}
        for fact in facts:
            for mission in missions.get(fact.brand_id, ()):
                if counts(mission, fact) and scheduled_at(mission, fact.settled_at):
                    start, _ = period_bounds(zones[fact.brand_id], mission.period, fact.settled_at)
                    key = (saved_id(mission.id), fact.member_id, start)
                    added[key] = added.get(key, 0) + 1
                    by_id[saved_id(mission.id)] = mission
        if added:
            await self._apply(session, added, by_id)
        await races.count_in(session, facts, zones)

    async def _apply(
        self,
        session: AsyncSession,
        added: dict[tuple[int, int, datetime], int],
        by_id: dict[int, Mission],
    ) -> None:
        rows = (
            await session.exec(
                select(MissionProgress)
                .where(
                    col(MissionProgress.mission_id).in_(sorted({k[0] for k in added})),
                    col(MissionProgress.member_id).in_(sorted({k[1] for k in added})),
                    col(MissionProgress.period_start).in_(sorted({k[2] for k in added})),
                )
                .with_for_update()
                .execution_options(populate_existing=True)
            )
        ).all()
        existing = {(r.mission_id, r.member_id, r.period_start): r for r in rows}
        for key, rounds in added.items():
            mission = by_id[key[0]]
            row = existing.get(key) or MissionProgress(
                mission_id=key[0], member_id=key[1], period_start=key[2]
            )
            if row.progress >= mission.target:
                continue  # done: more rounds change nothing
            row.progress = min(mission.target, row.progress + rounds)
            if row.progress >= mission.target:
                row.completed_at = self.now
                self.members.add(key[1])
            row.updated_at = self.now
            session.add(row)


async def register() -> None:
    """Make the consumer known from now on (missions count play from when they exist)."""
    await wager_facts.register_consumer(CONSUMER, from_now=True)


async def process(now: datetime, *, batch_size: int = 500) -> int:
    """Count the next facts (one batch); returns how many were read."""
    await register()
    progress = _Progress(now)
    done = await wager_facts.process(CONSUMER, progress, batch_size=batch_size)
    # A completed mission shows on the badge: the member's pages refresh.
    await wallet_events.balances_changed(progress.members)
    return done


async def catch_up(now: datetime, *, batch_size: int = 500) -> int:
    total = 0
    while done := await process(now, batch_size=batch_size):
        total += done
    return total
