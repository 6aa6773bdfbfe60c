"""Demo promotions of the demo brands (both are Brazilian: no pre-bet offers, see
app/services/promotions/rules.py). Loaded by `app.cli seed`; made once by code."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.promotions.offers import PromotionSpec, define_in
from models.base import utcnow
from models.brand import Merchant
from models.promotions import Promotion, PromotionKind, RewardKind

WEIGHTS = {"SPORTS": 0, "PVP": 0, "LIVE": 50}

ACTIVITY_TERMS_EN = (
    "Share a screenshot of a win of at least 10x your bet in any of our games and tell us "
    "about it in up to 140 characters. One application per player. Approved applications "
    "receive a R$ 20.00 bonus that must be wagered 5 times (slots and other RNG games count "
    "100%, live casino 50%, sports and PvP 0%) within 7 days; bets above R$ 25.00 do not "
    "count. When the wagering is complete the bonus becomes cash. Bonuses are forfeited on "
    "self-exclusion or account closure."
)
ACTIVITY_TERMS_PT = (
    "Envie uma captura de tela de um prêmio de pelo menos 10x a sua aposta em qualquer um "
    "dos nossos jogos e conte como foi em até 140 caracteres. Uma inscrição por jogador. "
    "Inscrições aprovadas recebem um bônus de R$ 20,00 que deve ser apostado 5 vezes (slots "
    "e outros jogos RNG contam 100%, cassino ao vivo 50%, esportes e PvP 0%) em até 7 dias; "
    "apostas acima de R$ 25,00 não contam. Cumprida a meta, o bônus vira dinheiro. Os "
    "bônus são perdidos em caso de autoexclusão ou encerramento da conta."
)
REWARD_TERMS_EN = (
    "Bet R$ 100.00 in total during the promotion and request a R$ 10.00 bonus, to be wagered "
    "3 times within 7 days (sports and PvP 0%, live casino 50%). One reward per player, "
    "while the budget lasts."
)
REWARD_TERMS_PT = (
    "Aposte R$ 100,00 no total durante a promoção e solicite um bônus de R$ 10,00, a ser "
    "apostado 3 vezes em até 7 dias (esportes e PvP 0%, cassino ao vivo 50%). Uma "
    "recompensa por jogador, enquanto durar o orçamento."
)

ENVELOPE_TERMS_EN = (
    "Bet R$ 50.00 in total during the promotion, then open your red envelope once: it holds "
    "between R$ 1.00 and R$ 18.88 in cash, drawn for you by a provably fair method (the hash "
    "of its seed is shown from the start, the seed once the promotion has ended). One envelope "
    "per player, while the budget lasts."
)
ENVELOPE_TERMS_PT = (
    "Aposte R$ 50,00 no total durante a promoção e abra o seu envelope vermelho uma vez: ele "
    "guarda de R$ 1,00 a R$ 18,88 em dinheiro, sorteados para você por um método verificável "
    "(o hash da semente é mostrado desde o início, a semente após o fim da promoção). Um "
    "envelope por jogador, enquanto durar o orçamento."
)


def demo_specs() -> list[PromotionSpec]:
    now = utcnow().replace(microsecond=0)
    start, end = now - timedelta(days=1), now + timedelta(days=365)
    return [
        PromotionSpec(
            code="BIGWIN",
            kind=PromotionKind.ACTIVITY,
            content={
                "en": {
                    "title": "Show us your big win",
                    "summary": "Send a screenshot of a 10x win and get a R$ 20 bonus.",
                    "terms": ACTIVITY_TERMS_EN,
                },
                "pt": {
                    "title": "Mostre o seu grande prêmio",
                    "summary": "Envie a captura de um prêmio de 10x e ganhe R$ 20 de bônus.",
                    "terms": ACTIVITY_TERMS_PT,
                },
            },
            starts_at=start,
            ends_at=end,
            reward_kind=RewardKind.BONUS,
            reward_amount=Decimal("20.00"),
            budget=Decimal("20000.00"),
            wagering_multiplier=5,
            weights=WEIGHTS,
            max_bet=Decimal("25.00"),
            bonus_days=7,
            sort=1,
        ),
        PromotionSpec(
            code="PLAY100",
            kind=PromotionKind.REWARD,
            content={
                "en": {
                    "title": "Play R$ 100, get R$ 10",
                    "summary": "A bonus for players who bet R$ 100 during the promotion.",
                    "terms": REWARD_TERMS_EN,
                },
                "pt": {
                    "title": "Aposte R$ 100, ganhe R$ 10",
                    "summary": "Um bônus para quem apostar R$ 100 durante a promoção.",
                    "terms": REWARD_TERMS_PT,
                },
            },
            starts_at=start,
            ends_at=end,
            reward_kind=RewardKind.BONUS,
            reward_amount=Decimal("10.00"),
            budget=Decimal("10000.00"),
            wagering_multiplier=3,
            weights=WEIGHTS,
            min_turnover=Decimal("100.00"),
            sort=2,
        ),
        PromotionSpec(
            code="ENVELOPE",
            kind=PromotionKind.RED_ENVELOPE,
            content={
                "en": {
                    "title": "Red envelope: up to R$ 18.88",
                    "summary": "Bet R$ 50 and open your red envelope: R$ 1.00 to R$ 18.88.",
                    "terms": ENVELOPE_TERMS_EN,
                },
                "pt": {
                    "title": "Envelope vermelho: até R$ 18,88",
                    "summary": "Aposte R$ 50 e abra o seu envelope: de R$ 1,00 a R$ 18,88.",
                    "terms": ENVELOPE_TERMS_PT,
                },
            },
            starts_at=start,
            ends_at=end,
            reward_kind=RewardKind.CASH,
            reward_amount=Decimal("1.00"),
            reward_max=Decimal("18.88"),
            budget=Decimal("5000.00"),
            min_turnover=Decimal("50.00"),
            sort=3,
        ),
    ]


# No demo announcements: the popup query (spec 7) includes notices, so any announcement
# would open a popup over every page of every browser test. Publish them with
# `python -m app.cli announce --help`.


async def seed_promotions(session: AsyncSession) -> None:
    merchants = (await session.exec(select(Merchant))).all()
    for merchant in merchants:
        if merchant.code not in ("BR1", "BR2"):
            continue
        known = set(
            (
                await session.exec(
                    select(Promotion.code).where(Promotion.merchant_id == merchant.id)
                )
            ).all()
        )
        for spec in demo_specs():
            if spec.code not in known:
                await define_in(session, merchant, spec)
