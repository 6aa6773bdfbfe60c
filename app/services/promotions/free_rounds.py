"""Free rounds of an in-house studio game as a promotion's reward (RewardKind.FREE_ROUNDS).

A promotion paying free rounds names a one-step studio game (`free_game`), how many rounds
(`free_rounds`) and the stake of each (`reward_amount`); paying the reward makes a
`FreeRoundGrant` (the budget spends rounds x stake, the nominal value). The member plays them
from the game page: no cash is debited. Each free round, in one transaction:

1. takes one round off the member's oldest open grant for that game (row lock: twin clicks
   cannot play one round twice) and the next nonce of the member's seed pair, so the outcome
   is provably fair and verifiable like any studio round;
2. settles the studio round at once (status SETTLED, stake = the grant's stake, its `choice`
   marked `free_round` with the grant's id);
3. credits the winnings from the brand's promotion expense: to a bonus with the promotion's
   wagering (`bonus.grant_in`, key `free-round:<round>`) or, where the brand's rules allow no
   bonus before the first bet (Brazil), to cash (ledger key `free-round:<round>`);
4. writes the round's wager fact: bet and valid bet 0 (no money of the member's was at stake,
   so it counts towards no wagering, rebate or limit), win = the winnings.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from sqlmodel.sql.expression import SelectOfScalar

from app.core import fairness
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger, wager_facts, wallet_events
from app.services.promotions import bonus
from app.services.promotions.rules import rules_for
from app.services.seamless.port import STUDIO_VENDOR
from app.services.studio import seeds
from app.services.studio.games import GAMES, game
from app.services.studio.rounds import RoundView, _json, _view
from models.base import saved_id
from models.brand import Merchant
from models.catalogue import Game
from models.ledger import AccountKind, TransactionKind
from models.member import Member
from models.promotions import FreeRoundGrant, Promotion, RewardKind
from models.studio import RoundStatus, StudioRound

CENT = Decimal("0.01")
MAX_ROUNDS = 500
VALID_DAYS = 30  # free rounds not played within this are gone


@dataclass(frozen=True)
class FreeRounds:
    """A member's free rounds left on one game."""

    game_code: str
    rounds_left: int
    stake: Decimal
    winnings: Decimal
    expires_at: datetime


def offerable_games() -> list[str]:
    """The studio games free rounds may be of: the one-step ones."""
    return sorted(code for code, found in GAMES.items() if not found.spec.two_step)


def check_offer(game_code: str, rounds: int, stake: Decimal) -> None:
    """A free-rounds reward as an operator defines it (promo-invalid, field free_rounds)."""
    found = GAMES.get(game_code)
    if found is None or found.spec.two_step or not 1 <= rounds <= MAX_ROUNDS or stake <= 0:
        raise AppError("promo-invalid", 422, {"field": "free_rounds"})


async def grant_in(
    session: AsyncSession, member: Member, promotion: Promotion, grant_key: str, now: datetime
) -> FreeRoundGrant:
    """The promotion's free rounds for the member, in the caller's transaction (once per key)."""
    return await grant(
        session,
        member,
        game_code=promotion.free_game,
        stake=promotion.reward_amount,
        rounds=promotion.free_rounds,
        multiplier=promotion.wagering_multiplier,
        bonus_days=promotion.bonus_days,
        grant_key=grant_key,
        now=now,
        promotion_id=promotion.id,
    )


async def grant(
    session: AsyncSession,
    member: Member,
    *,
    game_code: str,
    stake: Decimal,
    rounds: int,
    multiplier: int,
    bonus_days: int,
    grant_key: str,
    now: datetime,
    promotion_id: int | None = None,
) -> FreeRoundGrant:
    """Free rounds for the member (a promotion's or a points-mall reward), in the caller's
    transaction, once per key. Winnings go to cash where the jurisdiction forbids pre-bet
    bonuses or no wagering is asked, else to a bonus with `multiplier`x wagering."""
    existing = (
        await session.exec(select(FreeRoundGrant).where(FreeRoundGrant.grant_key == grant_key))
    ).first()
    if existing is not None:
        return existing
    merchant = await session.get(Merchant, member.merchant_id)
    assert merchant is not None
    to_cash = not rules_for(merchant).bonus_before_first_bet or multiplier <= 0
    made = FreeRoundGrant(
        merchant_id=member.merchant_id,
        member_id=saved_id(member.id),
        promotion_id=promotion_id,
        grant_key=grant_key,
        game_code=game_code,
        currency=merchant.currency,
        stake=stake,
        rounds=rounds,
        rounds_left=rounds,
        winnings_to=(RewardKind.CASH if to_cash else RewardKind.BONUS).value,
        multiplier=multiplier,
        bonus_days=bonus_days,
        granted_at=now,
        expires_at=now + timedelta(days=VALID_DAYS),
    )
    session.add(made)
    await session.flush()
    return made


def _open_grants(member_id: int, game_code: str, now: datetime) -> SelectOfScalar[FreeRoundGrant]:
    return (
        select(FreeRoundGrant)
        .where(
            FreeRoundGrant.member_id == member_id,
            FreeRoundGrant.game_code == game_code,
            col(FreeRoundGrant.rounds_left) > 0,
            col(FreeRoundGrant.expires_at) > now,
        )
        .order_by(col(FreeRoundGrant.id))
    )


async def available(member_id: int, game_code: str, now: datetime) -> FreeRounds | None:
    """The member's free rounds on this game (summed over open grants), or None."""
    async with session_scope() as session:
        rows = (await session.exec(_open_grants(member_id, game_code, now))).all()
    if not rows:
        return None
    return FreeRounds(
        game_code=game_code,
        rounds_left=sum(row.rounds_left for row in rows),
        stake=rows[0].stake,
        winnings=sum((row.winnings for row in rows), Decimal("0.00")),
        expires_at=rows[0].expires_at,
    )


async def _credit(
    session: AsyncSession,
    member: Member,
    grant: FreeRoundGrant,
    round_id: str,
    amount: Decimal,
    now: datetime,
) -> None:
    key = f"free-round:{round_id}"
    if grant.winnings_to == RewardKind.BONUS.value:
        await bonus.grant_in(
            session,
            member=member,
            terms=bonus.BonusTerms(
                amount=amount, multiplier=grant.multiplier, weights={}, days=grant.bonus_days
            ),
            grant_key=key,
            now=now,
            promotion_id=grant.promotion_id,
        )
        return
    await ledger.transfer(
        session,
        merchant_id=member.merchant_id,
        member_id=grant.member_id,
        currency=grant.currency,
        kind=TransactionKind.BONUS,
        idempotency_key=key,
        from_=ledger.of_merchant(AccountKind.PROMOTION_EXPENSE),
        to=ledger.of_member(AccountKind.MEMBER_CASH),
        amount=amount,
        reference=round_id,
        metadata={"action": "free-round", "promotion": grant.promotion_id},
    )


async def play(
    member_id: int, game_code: str, params: dict[str, object], now: datetime
) -> RoundView:
    """Play one free round of the member's (no cash debit); see the module docstring."""
    studio_game = game(game_code)
    if studio_game.spec.two_step:
        raise AppError("free-rounds-none", 409)
    checked = studio_game.check(dict(params))
    async with write_transaction() as session:
        grant = (
            await session.exec(
                _open_grants(member_id, game_code, now)
                .with_for_update()
                .execution_options(populate_existing=True)
            )
        ).first()
        if grant is None:
            raise AppError("free-rounds-none", 409)
        member = await session.get(Member, member_id)
        assert member is not None
        owner = seeds.member_owner(member_id)
        pair = await seeds.locked_pair(session, owner, create=True)
        nonce = pair.next_nonce
        pair.next_nonce = nonce + 1
        session.add(pair)
        rng = fairness.floats(seeds.server_seed(pair), pair.client_seed, nonce)
        outcome = studio_game.play(rng, checked)
        payout = studio_game.spec.payout(grant.stake, outcome.multiplier)
        row = StudioRound(
            round_id=f"{pair.id}-{nonce}",
            owner=owner.key,
            member_id=member_id,
            merchant_id=member.merchant_id,
            game_code=game_code,
            currency=grant.currency,
            seed_pair_id=saved_id(pair.id),
            client_seed=pair.client_seed,
            nonce=nonce,
            params=_json(checked),
            stake=grant.stake,
            multiplier=outcome.multiplier,
            payout=payout,
            detail=_json(outcome.detail),
            choice={"free_round": grant.id},  # one-step games have no choice: the mark
            status=RoundStatus.SETTLED,
            settled_at=now,
        )
        session.add(row)
        grant.rounds_left -= 1
        grant.winnings += payout
        session.add(grant)
        if payout > 0:
            await _credit(session, member, grant, row.round_id, payout, now)
        category = (
            await session.exec(
                select(Game.game_type).where(
                    Game.vassalage == STUDIO_VENDOR, Game.game_code == game_code
                )
            )
        ).first()
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member_id,
                    brand_id=member.merchant_id,
                    vendor=STUDIO_VENDOR,
                    game_code=game_code,
                    category=category or "RNG",
                    currency=grant.currency,
                    round_ref=row.round_id,
                    bet=Decimal("0.00"),
                    valid_bet=Decimal("0.00"),
                    win=payout,
                    settled_at=now,
                )
            ],
        )
        seed_hash = pair.server_seed_hash
    await wallet_events.balance_changed(member_id)
    return _view(row, seed_hash)
