"""Demo points of the demo brands: the earning and conversion ratios and the mall's rewards
(cash, a bonus where the jurisdiction allows it, free spins of an in-house slot, physical
items with stock). Loaded by
`app.cli seed`; made once by code."""

from __future__ import annotations

from decimal import Decimal

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.loyalty.points import DEFAULT_CONVERT_RATIO, DEFAULT_MIN_CONVERT, DEFAULT_RATIOS
from models.brand import Merchant
from models.points import PointsConfig, PointsReward, PointsRewardKind

D = Decimal
# Free-rounds rewards: code → (the studio game, rounds of one).
FREE_ROUNDS = {"SPINS10": ("BGS_SLOT_JUNGLE", 10)}
# code, kind, model, points, value, stock, (EN name, EN description), (PT name, PT description)
REWARDS: tuple[
    tuple[str, PointsRewardKind, str, str, str, int | None, tuple[str, str], tuple[str, str]], ...
] = (
    (
        "CASH5",
        PointsRewardKind.CASH,
        "CASH-5",
        "500",
        "5.00",
        None,
        ("R$ 5 cash", "Straight into your wallet, no wagering."),
        ("R$ 5 em dinheiro", "Direto na sua carteira, sem rollover."),
    ),
    (
        "CASH20",
        PointsRewardKind.CASH,
        "CASH-20",
        "1900",
        "20.00",
        None,
        ("R$ 20 cash", "Straight into your wallet, no wagering."),
        ("R$ 20 em dinheiro", "Direto na sua carteira, sem rollover."),
    ),
    (
        "BONUS10",
        PointsRewardKind.BONUS,
        "BONUS-10",
        "600",
        "10.00",
        None,
        ("R$ 10 bonus", "A bonus to wager 3 times within 7 days."),
        ("R$ 10 de bônus", "Um bônus para apostar 3 vezes em até 7 dias."),
    ),
    (
        "SPINS10",
        PointsRewardKind.FREE_ROUNDS,
        "SPINS-10",
        "400",
        "0.50",
        None,
        ("10 free spins", "Ten spins of Jungle Reels on us; what they win is yours."),
        ("10 giros grátis", "Dez giros de Rolos da Selva por nossa conta; o que ganhar é seu."),
    ),
    (
        "MUG",
        PointsRewardKind.PHYSICAL,
        "SG-MUG-01",
        "1500",
        "0.00",
        25,
        ("Lucky mug", "A 350 ml ceramic mug, shipped to your address."),
        ("Caneca da sorte", "Caneca de cerâmica de 350 ml, enviada ao seu endereço."),
    ),
    (
        "HEADPHONES",
        PointsRewardKind.PHYSICAL,
        "SG-HP-BT5",
        "12000",
        "0.00",
        5,
        ("Wireless headphones", "Bluetooth 5.0 over-ear headphones, shipped to you."),
        ("Fone sem fio", "Fone Bluetooth 5.0 over-ear, enviado para você."),
    ),
)


async def seed_points(session: AsyncSession) -> None:
    merchants = (await session.exec(select(Merchant))).all()
    for merchant in merchants:
        if merchant.code not in ("BR1", "BR2") or merchant.id is None:
            continue
        if await session.get(PointsConfig, merchant.id) is None:
            session.add(
                PointsConfig(
                    merchant_id=merchant.id,
                    earn_ratios={k: str(v) for k, v in DEFAULT_RATIOS.items()},
                    convert_ratio=DEFAULT_CONVERT_RATIO,
                    min_convert=DEFAULT_MIN_CONVERT,
                )
            )
        known = set(
            (
                await session.exec(
                    select(PointsReward.code).where(PointsReward.merchant_id == merchant.id)
                )
            ).all()
        )
        for sort, (code, kind, model, cost, value, stock, en, pt) in enumerate(REWARDS):
            if code in known:
                continue
            free_game, free_rounds = FREE_ROUNDS.get(code, ("", 0))
            session.add(
                PointsReward(
                    merchant_id=merchant.id,
                    code=code,
                    kind=kind.value,
                    model=model,
                    content={
                        "en": {"name": en[0], "description": en[1]},
                        "pt": {"name": pt[0], "description": pt[1]},
                    },
                    points=D(cost),
                    value=D(value),
                    wagering_multiplier=3 if kind is PointsRewardKind.BONUS else 0,
                    bonus_days=7,
                    stock=stock,
                    sort=sort,
                    free_game=free_game,
                    free_rounds=free_rounds,
                )
            )
