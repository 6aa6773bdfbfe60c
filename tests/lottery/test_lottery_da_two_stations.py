"""Đá on two stations (vns.da2, 1:550): a pair of numbers read over both stations' lô of one
South or Central draw. The play's exact RTP and payout, typed codes that name two stations,
bets bound to two issues (refused when they cannot be, with nothing moved), settlement that
waits for both draws and refunds when the partner issue is voided, and the database's own
refusal of a bet whose partner issue has closed."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy.exc import DBAPIError
from sqlmodel import select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.lottery import bets, issues, settlement, vietnam, views
from app.services.lottery.families import VN_SOUTH_SLOTS
from app.services.lottery.games import VN_SOUTH_STATIONS
from app.services.lottery.plays import PLAYS, Mode, bet_count, play, rtp
from models import LotteryBet, LotteryIssue, Member, WagerFact
from models.lottery import BetStatus, IssueStatus
from tests.helpers.lottery import bets_of, new_day, player, transactions_of, void
from tests.helpers.money import cash, entry_count

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

SUNDAY = date(2026, 11, 22)  # Tiền Giang, Kiên Giang and Đà Lạt draw in the South
LO = len(VN_SOUTH_SLOTS)  # 18 lô a station


def draw_with(tails: dict[int, int]) -> list[int]:
    """A South draw whose lô all end in 01 except the given positions' tails."""
    return [tails.get(i, 1) for i in range(LO)]


def test_the_pair_is_read_over_both_stations_lo_at_1_to_550() -> None:
    found = play("vns.da2")
    assert found.stations == 2 and "vnn.da2" not in PLAYS  # the North draws one station
    assert bet_count("vns.da2", {"numbers": ["12", "34", "56"]}) == 3 * 2 * 2 * LO
    assert found.table(Mode.ELOTT) == {"hit": Decimal("550"), "nhay": Decimal("275")}
    one, two = draw_with({0: 12}), draw_with({4: 34})
    assert found.returned(("12", "34"), (*one, *two), Mode.ELOTT) == Decimal("550")
    assert found.returned(("12", "34"), (*one, *draw_with({})), Mode.ELOTT) == 0
    both_on_one = draw_with({0: 12, 3: 34})
    assert found.returned(("12", "34"), (*both_on_one, *draw_with({})), Mode.ELOTT) == 550
    again = draw_with({7: 12})  # 12 drawn again on the other station: one nháy
    assert found.returned(("12", "34"), (*both_on_one, *again), Mode.ELOTT) == 825
    # Exact over the 36 lô: above one station's 58.90 %, under Brazil's 85 % floor.
    assert round(float(rtp("vns.da2", Mode.ELOTT)), 4) == 0.8155
    assert round(float(rtp("vns.da", Mode.ELOTT)), 4) == 0.589


def test_a_code_naming_two_stations_makes_one_two_station_bet() -> None:
    [bet] = vietnam.parse("2dmn 12 34 da10", SUNDAY)
    assert (bet.game_code, bet.station, bet.partner, bet.play_code) == (
        "vn-mn",
        "tg",
        "kg",
        "vns.da2",
    )
    assert bet.numbers == ("12", "34") and bet.amount == Decimal("10")
    assert vietnam.parse("tg.dl 12.34.56 dx1", SUNDAY)[0].partner == "dl"
    assert vietnam.parse("tg 12 34 da1", SUNDAY)[0].play_code == "vns.da"  # one station
    for code, error, token in (
        ("3dmn 12 34 da1", "lottery-vn-pair-stations", "da1"),
        ("tg.kt 12 34 da1", "lottery-vn-pair-stations", "da1"),  # South and Centre
        ("2dmn 12 345 da1", "lottery-vn-digits", "da1"),
        ("tg.zz 12 dd1", "lottery-vn-unknown", "tg.zz"),
    ):
        with pytest.raises(AppError) as caught:
            vietnam.parse(code, SUNDAY)
        assert (caught.value.code, caught.value.params["code"]) == (error, token)
        for language in ("en", "pt"):
            message = translate(caught.value.code, language, **caught.value.params)
            assert token in message and "{" not in message
    # Dots join stations for every bet type, across regions too.
    both = vietnam.parse("tg.kt 12 dd1", SUNDAY)
    assert [(b.game_code, b.station) for b in both] == [("vn-mn", "tg"), ("vn-mt", "kt")]


class Published:
    """A results provider that publishes only the issues given to it."""

    def __init__(self) -> None:
        self.numbers: dict[str, list[int]] = {}

    async def fetch(self, game_code: str, issue_no: str) -> list[int] | None:
        return self.numbers.get(f"{game_code}/{issue_no}")


async def south_day() -> tuple[datetime, list[str], datetime]:
    """A fresh day's South issues; (the day, its stations' issue numbers, a clock reading
    one hour before the draw, inside betting)."""
    day = new_day()
    await issues.create_issues(day, timedelta(days=1), ["vn-mn"])
    stations = VN_SOUTH_STATIONS[day.weekday()]
    numbers = [f"{day:%Y%m%d}-{station}" for station in stations]
    first = await issues.find("vn-mn", numbers[0])
    return day, numbers, first.draw_at - timedelta(hours=1)


def pair(partner: str, unit: str = "1.00") -> bets.BetRequest:
    return bets.BetRequest("vn-mn", "vns.da2", "ELOTT", {"numbers": ["12", "34"]}, unit, 1, partner)


async def draw(results: dict[str, list[int]], at: datetime) -> None:
    """Publish some issues' results and collect them."""
    feed = Published()
    feed.numbers = {f"vn-mn/{n}": result for n, result in results.items()}
    await issues.advance(at)
    await issues.collect_official(at, feed)


async def issue(issue_no: str) -> LotteryIssue:
    return await issues.find("vn-mn", issue_no)


async def refused(member: Member, issue_no: str, request: bets.BetRequest, now: datetime) -> str:
    before = (await cash(member), await entry_count(), len(await bets_of(member)))
    with pytest.raises(AppError) as caught:
        await bets.place_bet(member, issue_no, request, now)
    assert (await cash(member), await entry_count(), len(await bets_of(member))) == before
    for language in ("en", "pt"):
        message = translate(caught.value.code, language, **caught.value.params)
        assert message != caught.value.code and "{" not in message
    return caught.value.code


@pytest.fixture
def any_market(monkeypatch: pytest.MonkeyPatch) -> None:
    """Brazil's 85 % floor offers no Vietnamese play; a market without one takes them."""
    monkeypatch.setitem(bets.MIN_RTP_BY_CURRENCY, "BRL", Decimal(0))


@pytest.mark.usefixtures("any_market")
async def test_the_bet_waits_for_both_draws_then_pays_once() -> None:
    _, (first, second, *_), now = await south_day()
    member = await player("1000.00")
    # Named in either order, the pair sits on the first station's issue.
    bet = await bets.place_bet(member, second, pair(first), now)
    assert bet.stake == Decimal("72.00")  # 2 numbers × 36 lô
    assert (bet.issue_id, bet.partner_issue_id) == (
        (await issue(first)).id,
        (await issue(second)).id,
    )
    single = await bets.place_bet(
        member,
        first,
        bets.BetRequest("vn-mn", "vns.da", "ELOTT", {"numbers": ["12", "34"]}, "1.00"),
        now,
    )
    assert await cash(member) == Decimal("1000.00") - 72 - 36
    mine = await views.bet_of(member, bet.uid)
    assert (mine.issue_no, mine.partner_issue_no) == (first, second)

    draw_at = (await issue(first)).draw_at
    await draw({first: draw_with({0: 12})}, draw_at)
    await settlement.settle_due(draw_at)
    # The one-station bet is settled on its own draw; the pair waits for the second station.
    [settled, waiting] = sorted(await bets_of(member), key=lambda b: b.id != single.id)
    assert settled.status == BetStatus.SETTLED and waiting.status == BetStatus.PENDING
    assert (await issue(first)).status == IssueStatus.DRAWN  # the job comes back to it
    assert await settlement.settle_due(draw_at) == 0

    await draw({second: draw_with({5: 34})}, draw_at)
    assert await settlement.settle_due(draw_at) == 1
    assert await settlement.settle_due(draw_at) == 0
    paid = (await bets_of(member))[0]
    assert paid.status == BetStatus.SETTLED and paid.payout == Decimal("550.00")
    assert (await issue(first)).status == IssueStatus.SETTLED
    assert await transactions_of(member, "WIN") == 1
    assert await cash(member) == Decimal("1000.00") - 72 - 36 + 550
    async with session_scope() as session:
        facts = (
            await session.exec(select(WagerFact).where(WagerFact.member_id == member.id))
        ).all()
    assert len(facts) == 2  # one per settled bet
    shown = await views.bet_of(member, bet.uid)
    assert shown.partner_numbers == draw_with({5: 34})


@pytest.mark.usefixtures("any_market")
async def test_a_voided_partner_refunds_the_pair() -> None:
    _, (first, second, *_), now = await south_day()
    member = await player("100.00")
    await bets.place_bet(member, first, pair(second), now)
    assert await cash(member) == Decimal("28.00")
    draw_at = (await issue(first)).draw_at
    await issues.advance(draw_at)
    await void((await issue(second)).id or 0, "feed outage", draw_at)
    await draw({first: draw_with({0: 12, 1: 34})}, draw_at)
    assert await settlement.settle_due(draw_at) == 1
    [bet] = await bets_of(member)
    assert bet.status == BetStatus.REFUNDED and bet.payout == 0
    assert await cash(member) == Decimal("100.00")
    assert (await issue(first)).status == IssueStatus.SETTLED


@pytest.mark.usefixtures("any_market")
async def test_bad_two_station_bets_are_refused_and_move_nothing() -> None:
    day, (first, second, *_), now = await south_day()
    member = await player("100.00")
    numbers = {"numbers": ["12", "34"]}
    one_station = bets.BetRequest("vn-mn", "vns.da", "ELOTT", numbers, "1.00", 1, second)
    cases = {
        "lottery-partner-required": pair(""),
        "lottery-partner-invalid": one_station,
        "lottery-issue-unknown": pair(f"{day:%Y%m%d}-hn"),
    }
    for code, request in cases.items():
        assert await refused(member, first, request, now) == code
    assert await refused(member, first, pair(first), now) == "lottery-partner-invalid"
    assert await refused(member, first, pair(second, "2.00"), now) == ("lottery-insufficient-funds")
    with pytest.raises(AppError) as caught:
        await bets.place_chase(member, pair(second), 2, now)
    assert caught.value.code == "lottery-chase-two-stations"
    close_at = (await issue(first)).close_at
    assert await refused(member, first, pair(second), close_at) == "lottery-issue-closed"
    assert await cash(member) == Decimal("100.00")


@pytest.mark.usefixtures("any_market")
async def test_a_typed_code_places_the_pair_on_todays_two_stations() -> None:
    _, (first, second, *_), now = await south_day()
    member = await player("100.00")
    [bet] = await bets.place_code(member, "2dmn 12 34 da1", now)
    assert bet.play_code == "vns.da2" and bet.stake == Decimal("72.00")
    assert (bet.issue_id, bet.partner_issue_id) == (
        (await issue(first)).id,
        (await issue(second)).id,
    )


async def test_the_database_refuses_a_pair_whose_partner_has_closed() -> None:
    _, (first, second, *_), now = await south_day()
    member = await player()
    partner = await issue(second)
    async with write_transaction() as session:
        closing = await session.get(LotteryIssue, partner.id)
        assert closing is not None
        closing.status = IssueStatus.CLOSED
        session.add(closing)
    with pytest.raises(DBAPIError, match="lottery-issue-closed"):
        async with write_transaction() as session:
            session.add(
                LotteryBet(
                    uid="pair-closed-" + first,
                    merchant_id=member.merchant_id,
                    member_id=member.id or 0,
                    currency="BRL",
                    issue_id=(await issue(first)).id or 0,
                    partner_issue_id=partner.id,
                    game_code="vn-mn",
                    play_code="vns.da2",
                    prize_mode="ELOTT",
                    selection={"singles": [["12", "34"]]},
                    bet_count=72,
                    unit=Decimal("1.00"),
                    multiplier=1,
                    stake=Decimal("72.00"),
                    placed_at=now,
                )
            )
