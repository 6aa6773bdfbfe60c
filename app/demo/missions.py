"""Demo missions and races of the demo brands (Brazilian: rewards after play only). Loaded by
`app.cli seed`; made once by code."""

from __future__ import annotations

from decimal import Decimal

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.loyalty.missions import mission_offered
from models.brand import Merchant
from models.loyalty_missions import (
    Mission,
    MissionKind,
    MissionPeriod,
    MissionReward,
    Race,
    RaceMetric,
)

D = Decimal
DAILY, WEEKLY = MissionPeriod.DAILY.value, MissionPeriod.WEEKLY.value


def demo_missions(merchant_id: int) -> list[Mission]:
    def mission(
        code: str, en: str, pt: str, period: str, kind: MissionKind, target: int, reward: str,
        *, category: str = "", game_code: str = "", multiplier: str | None = None, sort: int,
    ) -> Mission:  # fmt: skip
        return Mission(
            merchant_id=merchant_id,
            code=code,
            titles={"EN": en, "PT": pt},
            period=period,
            kind=kind.value,
            category=category,
            game_code=game_code,
            target=target,
            min_multiplier=None if multiplier is None else D(multiplier),
            reward_kind=MissionReward.CASH.value,
            reward_amount=D(reward),
            sort=sort,
        )

    return [
        mission(
            "ORIGINALS-5", "Play 5 rounds of BGS Originals", "Jogue 5 rodadas nos Originais",
            DAILY, MissionKind.BET_COUNT, 5, "1.00", category="INHOUSE", sort=10,
        ),
        mission(
            "SLOTS-10", "Bet 10 rounds of slots", "Aposte 10 rodadas em slots",
            DAILY, MissionKind.BET_COUNT, 10, "2.00", category="RNG", sort=20,
        ),
        mission(
            "DEPOSIT-1", "Deposit once", "Faça um depósito",
            DAILY, MissionKind.DEPOSIT_COUNT, 1, "3.00", sort=30,
        ),
        mission(
            "LIMBO-5X", "Win 5x your bet in Limbo", "Ganhe 5x a aposta no Limbo",
            DAILY, MissionKind.MULTIPLIER, 1, "5.00", game_code="BGS_LIMBO", multiplier="5",
            sort=40,
        ),
        mission(
            "SLOTS-100", "Bet 100 rounds of slots", "Aposte 100 rodadas em slots",
            WEEKLY, MissionKind.BET_COUNT, 100, "15.00", category="RNG", sort=50,
        ),
        mission(
            "DEPOSIT-3", "Deposit on 3 occasions", "Faça 3 depósitos",
            WEEKLY, MissionKind.DEPOSIT_COUNT, 3, "10.00", sort=60,
        ),
    ]  # fmt: skip


def demo_races(merchant_id: int) -> list[Race]:
    return [
        Race(
            merchant_id=merchant_id,
            code="WEEKLY-TURNOVER",
            titles={"EN": "Weekly turnover race", "PT": "Corrida semanal de apostas"},
            period=WEEKLY,
            metric=RaceMetric.TURNOVER.value,
            prizes=["100.00", "50.00", "25.00", "10.00", "5.00"],
        ),
        Race(
            merchant_id=merchant_id,
            code="DAILY-MULTIPLIER",
            titles={"EN": "Daily top multiplier", "PT": "Maior multiplicador do dia"},
            period=DAILY,
            metric=RaceMetric.MULTIPLIER.value,
            min_bet=D("1.00"),
            prizes=["20.00", "10.00", "5.00"],
        ),
    ]


async def seed_missions(session: AsyncSession) -> None:
    for merchant in (await session.exec(select(Merchant))).all():
        if merchant.code not in ("BR1", "BR2") or merchant.id is None:
            continue
        missions = set(
            (
                await session.exec(select(Mission.code).where(Mission.merchant_id == merchant.id))
            ).all()
        )
        races = set(
            (await session.exec(select(Race.code).where(Race.merchant_id == merchant.id))).all()
        )
        session.add_all(
            m
            for m in demo_missions(merchant.id)
            if m.code not in missions and mission_offered(m.kind, merchant)
        )
        session.add_all(r for r in demo_races(merchant.id) if r.code not in races)
