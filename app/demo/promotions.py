"""Demo promotions of the demo brands, each with a home banner tied to it: the Brazilian
brands' (no pre-bet offers, see app/services/promotions/rules.py) and the Asian brand's, in
its currency, with the deposit bonus its market allows. Loaded by `app.cli seed`;
made once by code."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.catalogue.home import HOME_BANNERS
from app.services.promotions.offers import PromotionSpec, define_in
from models.base import saved_id, utcnow
from models.brand import Banner, Merchant
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


def _window() -> tuple[datetime, datetime]:
    """A demo offer runs from yesterday for a year."""
    now = utcnow().replace(microsecond=0)
    return now - timedelta(days=1), now + timedelta(days=365)


def _reward(
    code: str, content: dict[str, dict[str, str]], *, bonus: str, turnover: str, budget: str
) -> PromotionSpec:
    """A bonus, wagered 3 times, for a turnover reached during the offer."""
    start, end = _window()
    return PromotionSpec(
        code=code,
        kind=PromotionKind.REWARD,
        content=content,
        starts_at=start,
        ends_at=end,
        reward_kind=RewardKind.BONUS,
        reward_amount=Decimal(bonus),
        budget=Decimal(budget),
        wagering_multiplier=3,
        weights=WEIGHTS,
        min_turnover=Decimal(turnover),
        sort=2,
    )


def _envelope(
    content: dict[str, dict[str, str]], *, low: str, high: str, turnover: str, budget: str
) -> PromotionSpec:
    """A red envelope of cash between `low` and `high`, opened once the turnover is met."""
    start, end = _window()
    return PromotionSpec(
        code="ENVELOPE",
        kind=PromotionKind.RED_ENVELOPE,
        content=content,
        starts_at=start,
        ends_at=end,
        reward_kind=RewardKind.CASH,
        reward_amount=Decimal(low),
        reward_max=Decimal(high),
        budget=Decimal(budget),
        min_turnover=Decimal(turnover),
        sort=3,
    )


def demo_specs() -> list[PromotionSpec]:
    start, end = _window()
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
        _reward(
            "PLAY100",
            {
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
            bonus="10.00",
            turnover="100.00",
            budget="10000.00",
        ),
        _envelope(
            {
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
            low="1.00",
            high="18.88",
            turnover="50.00",
            budget="5000.00",
        ),
    ]


DEPOSIT_TERMS_VN = (
    "Join the promotion, then deposit at least ₫500,000 in one payment and request a "
    "₫200,000 bonus, to be wagered 10 times within 7 days (slots and other RNG games count "
    "100%, live casino 50%, sports and PvP 0%); bets above ₫250,000 do not count. One bonus "
    "per player, while the budget lasts."
)
REWARD_TERMS_VN = (
    "Bet ₫2,000,000 in total during the promotion and request a ₫100,000 bonus, to be "
    "wagered 3 times within 7 days (sports and PvP 0%, live casino 50%). One reward per "
    "player, while the budget lasts."
)
ENVELOPE_TERMS_VN = (
    "Bet ₫1,000,000 in total during the promotion, then open your red envelope once: it "
    "holds between ₫10,000 and ₫888,888 in cash, drawn for you by a provably fair method (the "
    "hash of its seed is shown from the start, the seed once the promotion has ended). One "
    "envelope per player, while the budget lasts."
)


def asian_specs() -> list[PromotionSpec]:
    """The Asian demo brand's offers (VND, English): a deposit bonus, which its market allows
    and Brazil's does not, then the reward and the red envelope."""
    start, end = _window()
    return [
        PromotionSpec(
            code="DEPOSIT500K",
            kind=PromotionKind.DEPOSIT,
            content={
                "en": {
                    "title": "Deposit ₫500,000, get ₫200,000",
                    "summary": "Join, then deposit ₫500,000 or more in one payment.",
                    "terms": DEPOSIT_TERMS_VN,
                }
            },
            starts_at=start,
            ends_at=end,
            reward_kind=RewardKind.BONUS,
            reward_amount=Decimal("200000.00"),
            budget=Decimal("200000000.00"),
            wagering_multiplier=10,
            weights=WEIGHTS,
            max_bet=Decimal("250000.00"),
            min_deposit=Decimal("500000.00"),
            sort=1,
        ),
        _reward(
            "PLAY2M",
            {
                "en": {
                    "title": "Bet ₫2,000,000, get ₫100,000",
                    "summary": "A bonus for players who bet ₫2,000,000 during the promotion.",
                    "terms": REWARD_TERMS_VN,
                }
            },
            bonus="100000.00",
            turnover="2000000.00",
            budget="100000000.00",
        ),
        _envelope(
            {
                "en": {
                    "title": "Red envelope: up to ₫888,888",
                    "summary": "Bet ₫1,000,000 and open your red envelope: ₫10,000 to ₫888,888.",
                    "terms": ENVELOPE_TERMS_VN,
                }
            },
            low="10000.00",
            high="888888.00",
            turnover="1000000.00",
            budget="50000000.00",
        ),
    ]


SPECS_BY_BRAND = {"BR1": demo_specs, "BR2": demo_specs, "VN1": asian_specs}


# No demo announcements: the popup query (spec 7) includes notices, so any announcement
# would open a popup over every page of every browser test. Publish them with
# `python -m app.cli announce --help`.


async def seed_promotions(session: AsyncSession) -> None:
    merchants = (await session.exec(select(Merchant))).all()
    for merchant in merchants:
        specs = SPECS_BY_BRAND.get(merchant.code)
        if specs is None:
            continue
        known = set(
            (
                await session.exec(
                    select(Promotion.code).where(Promotion.merchant_id == merchant.id)
                )
            ).all()
        )
        for spec in specs():
            if spec.code not in known:
                promotion = await define_in(session, merchant, spec)
                session.add(
                    Banner(
                        merchant_id=saved_id(merchant.id),
                        group_name=HOME_BANNERS,
                        image_url="",  # the promotion's own art
                        promotion_id=saved_id(promotion.id),
                        linkage_type="PROMOTION",
                        title=spec.code,
                        sort=spec.sort,
                    )
                )
