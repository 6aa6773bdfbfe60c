"""The lottery pages' presenters: the picker's layout of every play makes selections the
engine takes, the bet slip's quote (bet count, stake, payout per selection), quick picks,
names and labels present in both catalogs, cancellable bets, and the member's play (a trial
user registers first; Vietnamese codes are read per station and refused where not offered)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from app import routes
from app.app import app as site
from app.core.errors import AppError
from app.core.i18n import catalog, translate
from app.services.lottery import member_play, page_views, views
from app.services.lottery.bets import BetRequest, check, first_unit
from app.services.lottery.games import GAMES
from app.services.lottery.plays import PLAYS, PRIZE_GROUPS, Mode
from models.lottery import BetStatus
from state.lottery.lottery import LotteryState
from state.lottery.lottery_rows import (
    game_name_key,
    line_key,
    option_key,
    pick_rows,
    play_parts,
    quick_pick,
    selection_of,
    selection_tokens,
    ties_key,
)
from tests.helpers.accounts import make_member
from tests.helpers.lottery import bets_of, open_issue, player, request, transactions_of
from tests.helpers.page_state import member_tab

ANY_MARKET = "VND"  # a currency with no RTP floor: every play is offered
A_REAL_IN_DONG = "5000"  # the limits' scale: a stake of one real's worth in dong


def _first_picks(found: page_views.PlayShape) -> tuple[dict[int, list[str]], str]:
    """What a player would pick first on the page: the first numbers of each row."""
    rows = pick_rows(found, {})
    if found.kind == page_views.DIGITS:
        typed = [str(n).zfill(found.digits) for n in range(1, found.need + 1)]
        return {}, " ".join(typed) if found.need > 1 else "1" * found.digits
    if found.kind == page_views.OPTIONS:
        return {0: [rows[0].balls[0].value]}, ""
    if found.kind == page_views.POSITIONS:
        return {row.index: [row.balls[row.index].value] for row in rows}, ""
    return {0: [ball.value for ball in rows[0].balls[: found.need]]}, ""


@pytest.mark.parametrize("code", sorted(PLAYS))
def test_every_play_can_be_picked_and_quoted(code: str) -> None:
    found = PLAYS[code]
    shape = page_views.shape(found)
    picks, typed = _first_picks(shape)
    selection = selection_of(shape, picks, typed)
    assert found.expand(selection)
    game_code = next(g.code for g in GAMES.values() if g.family == found.family)
    partner = "second-station" if found.stations > 1 else ""  # not read by a quote
    quoted = page_views.quote(
        ANY_MARKET,
        BetRequest(game_code, code, found.modes[0].value, selection, A_REAL_IN_DONG, 1, partner),
    )
    assert quoted.bet_count >= 1 and quoted.stake >= Decimal(A_REAL_IN_DONG)
    assert quoted.lines and all(line.pays > 0 for line in quoted.lines)


def test_the_slip_shows_each_selection_s_payout_before_the_bet() -> None:
    both = request("ssc.sum.bsoe", {"options": ["big", "small"]}, mode="ELOTT")
    quoted = page_views.quote("BRL", both)
    assert (quoted.bet_count, quoted.stake) == (2, Decimal("2.00"))
    assert [(line.line, line.pays) for line in quoted.lines] == [
        ("big", Decimal("1.80")),
        ("small", Decimal("1.80")),
    ]
    per_position = request("ssc.position.bsoe", {"options": ["1:big", "3:odd"]}, "2.50", 2, "ELOTT")
    quoted = page_views.quote("BRL", per_position)
    assert quoted.stake == Decimal("10.00")
    assert [(line.line, line.pays) for line in quoted.lines] == [
        ("big", Decimal("9.00")),
        ("odd", Decimal("9.00")),
    ]
    draw = request("ssc.dragon_tiger", {"options": ["draw"]}, mode="ELOTT")
    assert [line.pays for line in page_views.quote("BRL", draw).lines] == [Decimal("8.55")]
    # Official table: 5 stars direct pays 100,000 × 1800 / 2000 per unit.
    star5 = request("ssc.star5.direct", {"positions": [[1], [2], [3], [4], [5, 6]]})
    quoted = page_views.quote("BRL", star5)
    assert quoted.bet_count == 2
    assert [(line.line, line.pays) for line in quoted.lines] == [("win", Decimal("90000.00"))]


def test_the_quote_refuses_what_the_bet_refuses() -> None:
    big, huge = {"options": ["big"]}, {"options": ["huge"]}
    for bad, code in (
        (request("ssc.sum.bsoe", big, "0.05", mode="ELOTT"), "lottery-under-min"),
        (request("ssc.sum.bsoe", huge, mode="ELOTT"), "lottery-selection-invalid"),
        (request("ssc.sum.bsoe", big, mode="LOTT"), "lottery-play-not-offered"),
        (request("ssc.sum.bsoe", big, "1.001", mode="ELOTT"), "lottery-stake-invalid"),
    ):
        with pytest.raises(AppError) as refused:
            page_views.quote("BRL", bad)
        assert refused.value.code == code
        with pytest.raises(AppError):
            check(page_views.market("BRL"), bad)
    # Vietnamese lô đề (75 %) is below Brazil's 85 % floor.
    vn = BetRequest("vn-mn", "vns.b2", "ELOTT", {"numbers": ["12"]}, "1.00")
    with pytest.raises(AppError) as refused:
        page_views.quote("BRL", vn)
    assert refused.value.code == "lottery-play-not-offered"
    quoted = page_views.quote(ANY_MARKET, replace(vn, unit="1000"))
    assert quoted.stake == Decimal("18000")  # one unit per lô of the South's 18
    assert [(line.line, line.pays) for line in quoted.lines] == [("hit", Decimal("75000"))]


def test_a_brand_in_dong_bets_within_limits_scaled_to_dong_in_whole_dong() -> None:
    """Play limits are written in reais and scale like every bet limit (5,000 ₫ a real): a
    few dong are under the minimum, and the refusal says the minimum in whole dong; a
    fraction of a dong is refused."""
    few = BetRequest("vn-mn", "vns.b2", "ELOTT", {"numbers": ["12"]}, "100")
    with pytest.raises(AppError) as refused:
        page_views.quote("VND", few, "₫")
    assert refused.value.code == "lottery-under-min"
    assert translate(refused.value.code, "en", **refused.value.params) == (
        "The stake is below this play's minimum of ₫\u00a05,000."
    )
    with pytest.raises(AppError) as refused:
        page_views.quote("VND", replace(few, unit="1000.50"))
    assert refused.value.code == "amount-whole-only"
    assert page_views.quote("VND", replace(few, unit="300")).stake == Decimal(5400)
    (offered,) = [p for p in views.plays_of(page_views.market("VND"), "vns", Mode.ELOTT)
                  if p.code == "vns.b2"]  # fmt: skip
    shown = views.play_view(offered, Mode.ELOTT, "VND")
    assert (shown.min_stake, shown.max_stake) == (Decimal(5000), Decimal(25_000_000))
    # A new slip starts at a real's worth, never under one unit of the currency.
    assert [first_unit(c) for c in ("BRL", "VND", "USD")] == [1, 5000, 1]


def test_picker_layouts() -> None:
    star5 = pick_rows(page_views.shape(PLAYS["ssc.star5.direct"]), {2: ["7"]})
    assert [row.position for row in star5] == [1, 2, 3, 4, 5]
    assert [b.value for b in star5[0].balls] == [str(n) for n in range(10)]
    assert [b.value for b in star5[2].balls if b.picked] == ["7"] and star5[0].quick
    options = pick_rows(page_views.shape(PLAYS["ssc.position.bsoe"]), {1: ["2:odd"]})
    assert [row.position for row in options] == [1, 2, 3, 4, 5]
    assert [b.value for b in options[1].balls] == ["2:big", "2:small", "2:odd", "2:even"]
    assert options[1].balls[0].label_key == "lotterypage.opt.big"
    assert [b.value for b in options[1].balls if b.picked] == ["2:odd"]
    assert not options[0].quick
    group = page_views.shape(PLAYS["11x5.any5"])
    assert (group.kind, group.low, group.high, group.need) == ("numbers", 1, 11, 5)
    assert page_views.shape(PLAYS["4d.big"]).digits == 4
    assert pick_rows(page_views.shape(PLAYS["vnn.b3"]), {}) == []


def test_quick_picks() -> None:
    digits = [str(n) for n in range(10)]
    assert quick_pick(digits, "big") == ["5", "6", "7", "8", "9"]
    assert quick_pick(digits, "small") == ["0", "1", "2", "3", "4"]
    assert quick_pick(digits, "odd") == ["1", "3", "5", "7", "9"]
    assert quick_pick(digits, "even") == ["0", "2", "4", "6", "8"]
    assert quick_pick(digits, "all") == digits
    assert quick_pick(digits, "clear") == []
    eleven = [str(n) for n in range(1, 12)]
    assert quick_pick(eleven, "big") == ["6", "7", "8", "9", "10", "11"]
    assert quick_pick(eleven, "small") == ["1", "2", "3", "4", "5"]


def test_a_bet_s_selection_is_shown_in_the_visitor_s_language() -> None:
    assert selection_tokens([["big"], ["small"]]) == [
        "lotterypage.opt.big",
        "·",
        "lotterypage.opt.small",
    ]
    assert selection_tokens([["1:big"], ["3:7"]]) == ["#1", "lotterypage.opt.big", "·", "#3", "7"]
    assert selection_tokens([[1, 2, 3]]) == ["1", "2", "3"]
    assert selection_tokens([["0123"]]) == ["0123"]
    assert len(selection_tokens([[n] for n in range(100)])) == 41  # 40 and an ellipsis


def test_rtp_is_shown_rounded_down() -> None:
    assert page_views.rtp_percent(Decimal("0.9000")) == "90.00"
    assert page_views.rtp_percent(Decimal("0.85459")) == "85.45"


def test_every_label_is_in_both_catalogs() -> None:
    messages = catalog()
    keys: set[str] = set()
    for code, found in PLAYS.items():
        keys.update(play_parts(code))
        keys.update(k for k in map(option_key, page_views.shape(found).options) if k)
        for mode in found.modes:
            keys.update(k for k in map(line_key, found.table(mode)) if k)
    keys.update(game_name_key(code) for code in GAMES)
    keys.update(f"lotterypage.area.{area}" for area in views.AREAS)
    keys.update(f"lotterypage.mode.{mode.value}" for mode in Mode)
    keys.update(f"lotterypage.status.{status.value}" for status in BetStatus)
    keys.update(
        f"lotterypage.rule.{kind}" for kind in ("positions", "numbers", "options", "digits")
    )
    for lang in ("en", "pt"):
        assert sorted(keys - messages[lang].keys()) == []


def test_an_official_tables_label_says_its_return_as_its_prize_group_pays_it() -> None:
    """The two official tables differ only by their prize group: each label names the return
    the group pays (group / 2000, a prize rounded down to the cent), not the mode's code."""
    for mode, group in PRIZE_GROUPS.items():
        for lang in ("en", "pt"):
            label = translate(f"lotterypage.mode.{mode.value}", lang)
            assert f"{group * 100 // 2000}%" in label
            assert mode.value not in label


def test_each_page_shows_its_area() -> None:
    areas = {path: page_views.area_of_vendor(v) for path, v in routes.LOTTERY_AREAS.items()}
    assert areas == {
        "/lottery": "LOTT",
        "/vnLottery": "VN",
        "/vnlottery": "VN",
        "/seaLottery": "SEA",
        "/sealottery": "SEA",
    }
    for code, found in GAMES.items():
        path = routes.lottery_game(found.vendor, code).split("?")[0]
        assert routes.LOTTERY_AREAS[path] == found.vendor


async def test_bets_can_be_cancelled_only_while_their_issue_takes_bets() -> None:
    issue, now = await open_issue("ssc-1m")
    member = await player()
    both = request("ssc.sum.bsoe", {"options": ["big", "small"]}, mode="ELOTT")
    await member_play.place_bet(member, issue.issue_no, both, now)
    [bet] = (await views.my_bets(member, "open")).items
    assert page_views.cancellable(bet, now)
    assert not page_views.cancellable(bet, issue.close_at)
    assert page_views.selection_text(bet.selection) == ("big", "small")
    await member_play.cancel_bet(member, bet.uid, now)
    [cancelled] = (await views.my_bets(member, "settled")).items
    assert cancelled.status == BetStatus.CANCELLED and not page_views.cancellable(cancelled, now)


async def test_a_trial_user_cannot_bet_and_nothing_moves() -> None:
    issue, now = await open_issue("ssc-1m")
    trial = await make_member(account_type=4)
    one = request("ssc.position", {"options": ["1:1"]})
    for attempt in (
        member_play.place_bet(trial, issue.issue_no, one, now),
        member_play.place_chase(trial, one, 2, now, stop_on_win=True),
    ):
        with pytest.raises(AppError) as refused:
            await attempt
        assert refused.value.code == "in_need_true_account"
    assert await bets_of(trial) == []
    assert await transactions_of(trial, "BET") == 0


async def test_vietnamese_codes_become_bets_on_each_station_s_issue() -> None:
    sunday = datetime(2026, 11, 22, 1, tzinfo=UTC)  # 08:00 in Vietnam
    found = member_play.code_bets("2dmn 12 34 dd10", sunday, page_views.market("BRL"))
    assert [(b.issue_no, b.request.game_code, b.request.play_code) for b in found] == [
        ("20261122-tg", "vn-mn", "vns.dd"),
        ("20261122-kg", "vn-mn", "vns.dd"),
    ]
    assert found[0].request.selection == {"numbers": ["12", "34"]}
    assert found[0].request.unit == Decimal("10")
    # In dong, a point is a thousand: dd10 stakes 10,000 ₫ a number.
    in_dong = member_play.code_bets("2dmn 12 34 dd10", sunday, page_views.market("VND"))
    assert in_dong[0].request.unit == Decimal("10000")
    with pytest.raises(AppError) as refused:
        member_play.code_bets("2dmn 12 zz10", sunday, page_views.market("BRL"))
    assert refused.value.code == "lottery-vn-unknown" and refused.value.params["code"] == "zz10"
    # A Brazilian brand is not offered lô đề: the whole code is refused before any bet.
    member = await player()
    with pytest.raises(AppError) as refused:
        await member_play.place_codes(
            member, ["2dmn 12 34 dd10", "mb 12 b1"], datetime(2026, 11, 22, 1, tzinfo=UTC)
        )
    assert refused.value.code == "lottery-play-not-offered"
    assert await bets_of(member) == []


async def test_a_chase_from_the_page_stakes_the_next_issues() -> None:
    _, now = await open_issue("ssc-1m")
    member = await player()
    big = request("ssc.sum.bsoe", {"options": ["big"]}, mode="ELOTT")
    chase = await member_play.place_chase(member, big, 3, now, stop_on_win=True)
    placed = (await views.my_bets(member, "open")).items
    assert len(placed) == 3 and {b.chase_uid for b in placed} == {chase.uid}
    assert len({b.issue_no for b in placed}) == 3
    assert all(page_views.cancellable(b, now) for b in placed)


def test_a_game_s_rules_say_its_own_family_s_ties_and_name_no_other_game() -> None:
    """Issue 35: the rules dialog once listed the ties of Fast 3, 11 choose 5 and Mark Six
    on every game, games a brand may not offer; now a game's rules say its family's only."""
    families = {found.family for found in GAMES.values()}
    with_ties = {family for family in families if ties_key(family)}
    assert with_ties == {"k3", "11x5", "lhc"}
    names = {family: translate(f"lotterypage.family.{family}", "en") for family in families}
    for family in with_ties:
        for lang in ("en", "pt"):
            text = translate(ties_key(family), lang)
            assert text.startswith(("Ties:", "Empates:"))
            assert not [name for name in names.values() if name in text], text


async def test_the_rules_dialog_of_a_game_holds_its_family_s_ties() -> None:
    member = await make_member()
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(f"{routes.LOTTERY}?gameCode=k3-1m")
        assert (await tab.state(LotteryState)).ties_key == "lotterypage.rule.ties.k3"
        await tab.open(f"{routes.LOTTERY}?gameCode=ssc-1m")
        assert (await tab.state(LotteryState)).ties_key == ""
