"""The lottery's read model: lobbies per area and prize mode, a game's board, results, trend
and omission statistics, a member's bets and the verification of a drawn issue."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.lottery import bets, issues, settlement, views
from app.services.lottery.games import VN_SOUTH_STATIONS
from models import Merchant
from models.lottery import BetStatus, IssueStatus
from tests.helpers.lottery import new_day, open_issue, player, request
from tests.helpers.money import cash, entry_count


async def merchant_of(member_merchant_id: int) -> Merchant:
    async with session_scope() as session:
        found = await session.get(Merchant, member_merchant_id)
    assert found is not None
    return found


async def test_lobbies_group_games_by_area_and_prize_mode() -> None:
    issue, now = await open_issue("ssc-1m")
    member = await player()
    merchant = await merchant_of(member.merchant_id)
    lott = await views.lobby(merchant, "lott", None, now)
    assert lott.prize_mode == "LOTT" and lott.modes == ("LOTT", "ZY", "ELOTT")
    codes = {g.code for g in lott.games}
    assert "ssc-1m" in codes and "lhc-hk" in codes
    assert "pcb-1m" not in codes  # PC28 has no official-table play
    assert not codes & {"vn-mn", "4d-mkt", "vns-1m"}
    ssc = next(g for g in lott.games if g.code == "ssc-1m")
    assert ssc.interval_minutes == 1 and ssc.plays > 0
    assert ssc.next_issue is not None and ssc.next_issue.issue_no == issue.issue_no
    assert ssc.next_issue.seed_hash is not None and ssc.next_issue.server_seed is None

    elott = await views.lobby(merchant, "LOTT", "ELOTT", now)
    assert "pcb-1m" in {g.code for g in elott.games}
    # Brazil's 85 % floor leaves out the Vietnamese (75 % and less) and 4D plays (64-65 %).
    assert (await views.lobby(merchant, "VN", None, now)).games == []
    assert (await views.lobby(merchant, "SEA", None, now)).games == []
    elsewhere = merchant.model_copy(update={"currency": "USD"})
    vn = await views.lobby(elsewhere, "VN", None, now)
    assert vn.prize_mode == "ELOTT" and {"vn-mn", "vn-mt", "vn-mb"} <= {g.code for g in vn.games}
    sea = await views.lobby(elsewhere, "SEA", None, now)
    assert sea.prize_mode == "SEA" and "4d-mkt" in {g.code for g in sea.games}
    assert sea.families == ("4d",)

    with pytest.raises(AppError) as caught:
        await views.lobby(merchant, "MARS", None, now)
    assert caught.value.code == "lottery-area-unknown"
    with pytest.raises(AppError):
        await views.lobby(merchant, "SEA", "LOTT", now)


async def test_a_board_shows_the_open_issue_the_next_ones_and_plays_with_rtp() -> None:
    issue, now = await open_issue("ssc-1m")
    member = await player()
    merchant = await merchant_of(member.merchant_id)
    board = await views.board(merchant, "ssc-1m", None, now)
    assert board.current is not None and board.current.issue_no == issue.issue_no
    assert board.current.betting
    assert board.seconds_to_close == int((issue.close_at - now).total_seconds())
    assert [i.draw_at for i in board.upcoming] == sorted(i.draw_at for i in board.upcoming)
    assert all(i.draw_at > issue.draw_at for i in board.upcoming)
    direct = next(p for p in board.plays if p.code == "ssc.star5.direct")
    assert direct.odds == {"win": Decimal("90000.00")} and direct.rtp == Decimal("0.9000")
    assert all(p.rtp >= Decimal("0.85") for p in board.plays)  # Brazil's floor
    with pytest.raises(AppError) as caught:
        await views.board(merchant, "nope-1m", None, now)
    assert caught.value.code == "lottery-game-unknown"


async def test_results_are_paged_newest_first_and_trend_counts_omission() -> None:
    issue, _ = await open_issue("k3-1m")
    for minute in range(6):
        await issues.advance(issue.draw_at + timedelta(minutes=minute))
    page = await views.results("k3-1m", 1, 4)
    assert page.total >= 6 and len(page.items) == 4 and page.total_pages >= 2
    draws = [i.draw_at for i in page.items]
    assert draws == sorted(draws, reverse=True)
    assert all(i.numbers is not None and i.server_seed is not None for i in page.items)

    stats = await views.trend("k3-1m", 6)
    assert stats.draws == 6 and [p.position for p in stats.positions] == [1, 2, 3]
    newest_first = [i.numbers for i in stats.issues]
    assert all(r is not None for r in newest_first)
    for position in stats.positions:
        column = [r[position.position - 1] for r in newest_first if r is not None]
        assert sum(position.counts.values()) == 6
        for number in range(1, 7):
            assert position.counts[number] == column.count(number)
            expected = column.index(number) if number in column else 6
            assert position.omission[number] == expected

    with pytest.raises(AppError) as caught:
        await views.results("k3-1m", 0, 10)
    assert caught.value.code == "lottery-page-invalid"
    with pytest.raises(AppError):
        await views.trend("k3-1m", 10_000)


async def test_vietnam_trend_reads_the_two_last_digits_of_every_prize() -> None:
    day_issue, _ = await open_issue("vns-1m")
    await issues.advance(day_issue.draw_at + timedelta(minutes=2))
    stats = await views.trend("vns-1m", 3)
    assert [p.position for p in stats.positions] == [0]
    tails = stats.positions[0]
    assert set(tails.counts) == set(range(100))
    for number, count in tails.counts.items():
        expected = sum(1 for i in stats.issues if number in {n % 100 for n in (i.numbers or [])})
        assert count == expected


async def test_my_bets_show_open_then_settled_with_payout_and_verification() -> None:
    issue, now = await open_issue("ssc-1m")
    member = await player("100.00")
    other = await player("100.00")
    bet = await bets.place_bet(
        member, issue.issue_no, request("ssc.position", {"options": ["1:0", "1:1"]}), now
    )
    await bets.place_bet(other, issue.issue_no, request("ssc.position", {"options": ["1:0"]}), now)
    mine = await views.my_bets(member, "open")
    assert [b.uid for b in mine.items] == [bet.uid] and mine.items[0].issue_no == issue.issue_no
    assert (await views.my_bets(member, "settled")).total == 0

    await issues.advance(issue.draw_at)
    drawn = await issues.find("ssc-1m", issue.issue_no)
    await settlement.settle_issue(drawn.id or 0, drawn.draw_at)
    settled = await views.my_bets(member, "settled")
    assert settled.total == 1
    shown = settled.items[0]
    assert shown.status == BetStatus.SETTLED and shown.numbers == drawn.result
    assert shown.issue_status == IssueStatus.SETTLED
    won = drawn.result is not None and drawn.result[0] in (0, 1)
    assert (shown.payout > 0) == won
    assert shown.net == shown.payout - shown.stake
    assert (await views.my_bets(member, "open")).total == 0
    with pytest.raises(AppError):
        await views.my_bets(member, "everything")

    checked = await views.verification("ssc-1m", issue.issue_no)
    assert checked.matches and checked.hash_matches and checked.source == "RNG"
    assert checked.recomputed == drawn.result == checked.numbers
    # What the player's browser redoes the draw with: the family's recipe.
    assert checked.recipe == {"kind": "digits", "count": 5, "base": 10, "add": 0}
    with pytest.raises(AppError) as caught:
        await views.verification("ssc-1m", (await issues.upcoming("ssc-1m", now, 3))[-1].issue_no)
    assert caught.value.code == "lottery-not-drawn"


async def test_a_vietnamese_code_places_each_stations_bet_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Brazil's floor (85 %) refuses every Vietnamese play; a market without one takes them.
    monkeypatch.setitem(bets.MIN_RTP_BY_CURRENCY, "BRL", Decimal(0))
    day = new_day()
    await issues.create_issues(day, timedelta(days=1), ["vn-mn"])
    now = day + timedelta(hours=1)  # 08:00 in Vietnam, before the South's 16:15 draw
    member = await player("1000.00")
    placed = await bets.place_code(member, "2dmn 12 34 dd10", now)
    stations = VN_SOUTH_STATIONS[day.weekday()][:2]
    assert sorted(b.issue_id for b in placed) == sorted(
        [(await issues.find("vn-mn", f"{day:%Y%m%d}-{s}")).id for s in stations]
    )
    # đầu đuôi covers 2 lô per number: 2 numbers × 2 lô × 10 points on each station.
    assert all(b.play_code == "vns.dd" and b.stake == Decimal("40.00") for b in placed)
    assert await cash(member) == Decimal("920.00")
    mine = await views.my_bets(member, "open")
    assert {b.issue_no for b in mine.items} == {f"{day:%Y%m%d}-{s}" for s in stations}

    before = (await cash(member), await entry_count())
    for code, refused in (
        ("2dmn 12 34 dd10 zz9", "lottery-vn-unknown"),
        ("12dd10", "lottery-vn-station-missing"),
        ("mn 123 dd10", "lottery-vn-digits"),
        ("", "lottery-vn-empty"),
    ):
        with pytest.raises(AppError) as caught:
            await bets.place_code(member, code, now)
        assert caught.value.code == refused
    assert (await cash(member), await entry_count()) == before
