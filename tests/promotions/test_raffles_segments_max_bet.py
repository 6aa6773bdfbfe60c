"""Raffles with a later draw (tickets from wager facts, a provably fair draw once, a claim
paid once, Brazil's authorisation), eligibility by segment, the bonus maximum bet refused on
the studio and seamless paths, and feedback bounded in words."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import select

from app.core import clock
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import Amount, translate
from app.jobs import raffles as raffle_jobs
from app.services import bet_limits
from app.services.brands import brands
from app.services.job_runs import run_period
from app.services.promotions import bonus, eligibility, offers, raffles
from app.services.promotions.offers import PromotionSpec, Shown
from app.services.seamless import wallet
from app.services.studio import rounds
from app.services.support import tickets
from models import Feedback, Member, Merchant, PromotionEntry
from models.base import utcnow
from models.games import WalletStatus
from models.loyalty_vip import VipMember
from models.promotions import Promotion, PromotionKind, RewardKind
from tests.helpers.accounts import make_member
from tests.helpers.money import books_differences, cash, entry_count, fund, wager
from tests.helpers.seamless import call, funded_member, player_session, studio_game

D = Decimal
TEXTS = {
    "en": {"title": "Raffle", "summary": "Win a prize", "terms": "One ticket per 10 wagered."},
    "pt": {"title": "Sorteio", "summary": "Ganhe um prêmio", "terms": "Um bilhete a cada 10."},
}
DICE = {"target": "50.00", "direction": "under"}


async def _brand(code: str) -> int:
    async with session_scope() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == code))).one()
    assert merchant.id is not None
    return merchant.id


def _raffle(**changes: object) -> PromotionSpec:
    now = utcnow()
    fields: dict[str, object] = {
        "code": f"R{uuid4().hex[:10].upper()}",
        "kind": PromotionKind.RAFFLE,
        "content": TEXTS,
        "starts_at": now - timedelta(days=1),
        "ends_at": now + timedelta(days=1),
        "draw_at": now + timedelta(days=1, hours=1),
        "reward_kind": RewardKind.CASH,
        "reward_amount": D("50.00"),
        "budget": D("100.00"),
        "ticket_turnover": D("10.00"),
        "winners": 2,
        "authorisation": "SPA/MF 123/2026",
    }
    fields.update(changes)
    return PromotionSpec(**fields)  # type: ignore[arg-type]


async def _player(brand_id: int, turnover: str) -> Member:
    async with session_scope() as session:
        merchant = await session.get(Merchant, brand_id)
    assert merchant is not None
    member = await make_member(merchant.code)
    assert member.id is not None
    await fund(member.id, "100.00")
    if Decimal(turnover) > 0:
        await wager(member.id, turnover)
    return member


async def _refused(code: str, call_: object) -> AppError:
    with pytest.raises(AppError) as caught:
        await call_()  # type: ignore[operator]
    assert caught.value.code == code
    for language in ("en", "pt"):
        text = translate(code, language, **caught.value.params)
        assert text != code and "{" not in text
    return caught.value


# ---- raffles --------------------------------------------------------------------------------


async def test_brazil_refuses_a_raffle_without_its_authorisation() -> None:
    br1 = await _brand("BR1")
    await _refused(
        "promo-raffle-unauthorised", lambda: offers.define(br1, _raffle(authorisation=""))
    )
    await _refused(
        "promo-invalid", lambda: offers.define(br1, _raffle(winners=3))
    )  # 3 x 50 over the budget
    await _refused(
        "promo-invalid", lambda: offers.define(br1, _raffle(draw_at=utcnow()))
    )  # drawn before it ends
    assert await offers.define(br1, _raffle())
    # The draw re-checks it: an authorisation removed afterwards stops the draw.
    promotion = await offers.define(br1, _raffle())
    async with write_transaction() as session:
        row = await session.get(Promotion, promotion)
        assert row is not None
        row.authorisation = ""
        session.add(row)
    await _refused(
        "promo-raffle-unauthorised", lambda: raffles.draw_due(utcnow() + timedelta(days=2))
    )
    async with write_transaction() as session:
        row = await session.get(Promotion, promotion)
        assert row is not None and row.drawn_at is None
        row.enabled = False  # leave the other tests' draws alone
        session.add(row)


@pytest.mark.engines
async def test_tickets_draw_verify_and_claim_once() -> None:
    br1 = await _brand("BR1")
    promotion = await offers.define(br1, _raffle())
    players = [await _player(br1, turnover) for turnover in ("35.00", "10.00", "9.99", "0")]
    for player in players:
        await offers.join(br1, player.id or 0, promotion, utcnow())
    outsider = await _player(br1, "50.00")  # wagered but never joined: no tickets
    live = [await offers.detail(br1, promotion, p.id, "en", utcnow()) for p in players]
    assert [view.tickets for view in live] == [3, 1, 0, 0]
    assert all(view.status == Shown.JOINED and view.server_seed is None for view in live)
    seed_hash = live[0].seed_hash
    assert seed_hash
    await _refused(
        "promo-raffle-not-drawn",
        lambda: raffles.claim(br1, players[0].id or 0, promotion, utcnow()),
    )
    # Bets after the end earn nothing; the job draws at the draw time, once per raffle.
    await raffles.draw_due(utcnow() + timedelta(days=1, minutes=30))  # ended, not yet due
    assert (await raffles.result(br1, promotion)).drawn_at is None
    draw_time = (utcnow() + timedelta(days=1, hours=2)).replace(second=0, microsecond=0)
    ran = await run_period(raffle_jobs.DRAWS_JOB, draw_time, draw_time)
    assert ran.ran
    assert await raffles.draw_due(draw_time) == 0  # drawn already: nothing twice
    found = await raffles.result(br1, promotion)
    assert found.total_tickets == 4 and found.server_seed is not None
    assert [(r.first, r.count) for r in found.ranges] == [(1, 3), (4, 1)]
    assert len(found.winning_tickets) == 2  # two holders, two prizes, one each
    assert raffles.verify_draw(
        found.server_seed, found.seed_hash, promotion, found.ranges, 2, found.winning_tickets
    )
    assert found.seed_hash == seed_hash
    assert not raffles.verify_draw(
        "0" * 64, found.seed_hash, promotion, found.ranges, 2, found.winning_tickets
    )
    winners = players[:2]
    assert await offers.rewards_waiting(winners[0].id or 0, draw_time) == 1  # the badge
    assert await offers.rewards_waiting(players[2].id or 0, draw_time) == 0
    for winner in winners:
        view = await offers.detail(br1, promotion, winner.id, "pt", draw_time)
        assert view.status == Shown.CLAIM and view.winning_ticket in found.winning_tickets
    for loser in players[2:]:
        assert (
            await offers.detail(br1, promotion, loser.id, "en", draw_time)
        ).status == Shown.CLOSE
        await _refused(
            "promo-raffle-not-won",
            lambda m=loser: raffles.claim(br1, m.id or 0, promotion, draw_time),
        )
    await _refused(
        "promo-raffle-not-won", lambda: raffles.claim(br1, outsider.id or 0, promotion, draw_time)
    )
    # Twin claims: paid once through the ledger.
    before = await cash(winners[0])
    results = await asyncio.gather(
        *(raffles.claim(br1, winners[0].id or 0, promotion, draw_time) for _ in range(4)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1, results
    assert all(
        isinstance(r, AppError) and r.code == "promo-already-claimed"
        for r in results
        if isinstance(r, Exception)
    )
    assert await cash(winners[0]) == before + D("50.00")
    assert await offers.rewards_waiting(winners[0].id or 0, draw_time) == 0
    await raffles.claim(br1, winners[1].id or 0, promotion, draw_time)
    async with session_scope() as session:
        row = await session.get(Promotion, promotion)
        assert row is not None and row.spent == D("100.00")
        assert await books_differences(session) == ()


async def test_a_raffle_nobody_earned_a_ticket_in_draws_no_winner() -> None:
    br1 = await _brand("BR1")
    promotion = await offers.define(br1, _raffle())
    member = await _player(br1, "0")
    await offers.join(br1, member.id or 0, promotion, utcnow())
    assert await raffles.draw_due(utcnow() + timedelta(days=3)) >= 1
    found = await raffles.result(br1, promotion)
    assert found.total_tickets == 0 and found.winning_tickets == ()
    async with session_scope() as session:
        entry = (
            await session.exec(
                select(PromotionEntry).where(PromotionEntry.promotion_id == promotion)
            )
        ).one()
    assert entry.winning_ticket is None


def test_the_draw_is_a_pure_function_of_the_seed() -> None:
    ranges = [
        raffles.TicketRange(7, 1, 5),
        raffles.TicketRange(9, 6, 1),
        raffles.TicketRange(11, 7, 2),
    ]
    first = raffles.winning_tickets("ab" * 32, 42, ranges, 2)
    assert first == raffles.winning_tickets("ab" * 32, 42, ranges, 2)
    assert len({raffles.holder(ranges, t) for t in first}) == 2
    # more prizes than holders: each holder wins once, the draw ends
    everyone = raffles.winning_tickets("cd" * 32, 42, ranges, 10)
    assert sorted(raffles.holder(ranges, t) for t in everyone) == [7, 9, 11]


# ---- segments -------------------------------------------------------------------------------


async def test_segments_decide_who_may_join() -> None:
    br1 = await _brand("BR1")
    now = utcnow()
    await _refused(
        "promo-invalid",
        lambda: offers.define(br1, _raffle(eligibility={"vip": 1})),
    )
    await _refused(
        "promo-invalid",
        lambda: offers.define(br1, _raffle(eligibility={"new_member_days": -1})),
    )
    tagged = await _player(br1, "1.00")
    async with write_transaction() as session:
        row = await session.get(Member, tagged.id)
        assert row is not None
        row.profile = {"tags": ["high-roller"], "region": "SP"}
        session.add(row)
    plain = await _player(br1, "1.00")
    by_tag = await offers.define(br1, _raffle(eligibility={"tags": ["high-roller"]}))
    await offers.join(br1, tagged.id or 0, by_tag, now)
    await _refused("promo-not-in-segment", lambda: offers.join(br1, plain.id or 0, by_tag, now))
    by_region = await offers.define(br1, _raffle(eligibility={"regions": ["RJ"]}))
    await _refused("promo-not-in-segment", lambda: offers.join(br1, tagged.id or 0, by_region, now))
    new_members = await offers.define(br1, _raffle(eligibility={"new_member_days": 30}))
    await offers.join(br1, plain.id or 0, new_members, now)
    late = now + timedelta(days=40)
    async with session_scope() as session:
        member = await session.get(Member, plain.id)
        assert member is not None
        rules = eligibility.checked({"new_member_days": 30, "depositors": True})
        assert await eligibility.eligible(session, rules, member, now)
        assert not await eligibility.eligible(session, rules, member, late)
        assert not await eligibility.eligible(session, {"depositors": False}, member, now)
        registered = member.created_at.date()
        assert await eligibility.eligible(
            session, eligibility.checked({"registered_from": registered.isoformat()}), member, now
        )
        assert not await eligibility.eligible(
            session,
            eligibility.checked({"registered_to": (registered - timedelta(days=1)).isoformat()}),
            member,
            now,
        )


async def test_min_level_reads_the_members_vip_level() -> None:
    member = await funded_member("10.00")
    rules = eligibility.checked({"min_level": 3})
    async with session_scope() as session:
        assert not await eligibility.eligible(session, rules, member, utcnow())  # level 0
    for level, qualifies in ((2, False), (3, True), (4, True)):
        async with write_transaction() as session:
            row = await session.get(VipMember, member.id)
            if row is None:
                row = VipMember(member_id=member.id or 0, merchant_id=member.merchant_id)
            row.level = level
            session.add(row)
        async with session_scope() as session:
            assert await eligibility.eligible(session, rules, member, utcnow()) is qualifies


# ---- the bonus maximum bet ------------------------------------------------------------------


async def _member_with_bonus(max_bet: str) -> Member:
    member = await funded_member("100.00")
    assert member.id is not None
    await wager(member.id, "1.00")  # Brazil: a bonus only after a bet
    await bonus.grant(
        member.id,
        bonus.BonusTerms(amount=D("20.00"), multiplier=10, weights={}, days=7, max_bet=D(max_bet)),
        f"test:{uuid4().hex}",
        clock.now(),
    )
    return member


async def test_a_studio_bet_above_the_bonus_max_bet_is_refused_before_any_debit() -> None:
    member = await _member_with_bonus("5.00")
    player = rounds.member_player(await player_session(member, await studio_game()))
    before = (await cash(member), await entry_count())
    refused = await _refused("bonus-max-bet", lambda: rounds.play(player, "BGS_DICE", "5.01", DICE))
    assert refused.params == {"max": Amount(D("5.00"), 2, "R$")}
    assert (await cash(member), await entry_count()) == before
    played = await rounds.play(player, "BGS_DICE", "5.00", DICE)
    assert played.finished


async def test_a_seamless_debit_above_the_bonus_max_bet_is_refused_and_moves_nothing() -> None:
    member = await _member_with_bonus("2.50")
    ps = await player_session(member, await studio_game())
    before = (await cash(member), await entry_count())
    refused = await wallet.debit(
        wallet.STUDIO_VENDOR, ps.session_token, call(uuid4().hex, "3.00", ps.game_code)
    )
    assert refused.status is WalletStatus.REFUSED and refused.reason == "bonus-max-bet"
    assert (await cash(member), await entry_count()) == before
    allowed = await wallet.debit(
        wallet.STUDIO_VENDOR, ps.session_token, call(uuid4().hex, "2.50", ps.game_code)
    )
    assert allowed.status is WalletStatus.OK
    # Once the grant has expired the limit is gone.
    async with session_scope() as session:
        later = clock.now() + timedelta(days=8)
        assert await bet_limits.max_bet_in(session, member.id or 0, later) is None


async def test_no_open_grant_no_limit() -> None:
    member = await funded_member("100.00")
    async with session_scope() as session:
        assert await bet_limits.max_bet_in(session, member.id or 0, clock.now()) is None
    await bet_limits.check_max_bet(member.id or 0, D("99.00"), clock.now())


# ---- feedback in words ----------------------------------------------------------------------


async def test_feedback_is_bounded_in_words_not_characters() -> None:
    brand = await brands.by_code("BR1")
    short = await _refused(
        "feedback-words",
        lambda: tickets.submit_feedback(
            brand, None, "other", "Supercalifragilistic expialidocious", "10.9.9.1"
        ),
    )
    assert short.params == {"min": tickets.FEEDBACK_MIN_WORDS, "max": tickets.FEEDBACK_MAX_WORDS}
    await _refused(
        "feedback-words",
        lambda: tickets.submit_feedback(
            brand, None, "other", "word " * (tickets.FEEDBACK_MAX_WORDS + 1), "10.9.9.2"
        ),
    )
    assert await tickets.submit_feedback(brand, None, "game", "Ok I lost", "10.9.9.3")


async def test_a_ticket_of_no_known_type_is_filed_as_other() -> None:
    brand = await brands.by_code("BR1")
    ticket = await tickets.submit_feedback(
        brand, None, "refund-now", "Where is my money", "10.9.9.4"
    )
    async with session_scope() as session:
        stored = await session.get(Feedback, ticket)
    assert stored is not None and stored.question_type == "other"
