"""The play catalogue: exact RTP of every play in every prize mode by enumeration, the
brand floor, the tie rules that trip implementations, and bet counting."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from app.core.errors import AppError
from app.services.lottery.families import FAMILIES, VN_NORTH_SLOTS, VN_SOUTH_SLOTS
from app.services.lottery.plays import (
    MAX_SINGLE_BETS,
    PLAYS,
    PRIZE_GROUPS,
    WIN,
    Mode,
    bet_count,
    expected_return,
    offered,
    play,
    rtp,
    rtp_table,
)

BRAZIL = Decimal("0.85")


def returned(code: str, option: str, draw: tuple[int, ...], mode: Mode = Mode.ELOTT) -> Decimal:
    return play(code).returned((option,), draw, mode)


async def test_every_site_worker_works_out_the_rtp_table_before_it_serves() -> None:
    """The lobby and the lottery pages ask which plays a brand offers (each play's exact RTP):
    the site's start fills that cache, so no visitor's request waits for it."""
    from app import app as site

    warm_up = next(
        task
        for task in site.app.get_lifespan_tasks()
        if getattr(task, "__name__", "") == "_lottery_rtp"
    )
    assert callable(warm_up)
    rtp.cache_clear()
    async with warm_up():
        assert rtp.cache_info().currsize == sum(len(p.modes) for p in PLAYS.values())


@pytest.mark.slow
def test_every_play_has_an_exact_rtp_from_every_outcome() -> None:
    table = rtp_table()
    assert {code for code, _ in table} == set(PLAYS)
    for (code, mode), value in table.items():
        assert 0 < value < 1, (code, mode, value)
        found = play(code)
        lines = found.tables[mode]
        if set(lines) == {WIN} and mode in PRIZE_GROUPS:
            # official: RTP = P(win) × prize, and the prize is the group's share of the odds
            single = found.unit_bets()[0]
            p_win = sum(
                weight * sum(1 for view in views if found.lines(single, view))
                for weight, views in found.space(single)
            )
            assert value == p_win * Fraction(lines[WIN])
            fair = Fraction(PRIZE_GROUPS[mode], 2000)
            assert fair - Fraction(1, 100) * p_win <= value <= fair
    # the research's published figures, recomputed
    assert table["4d.big", Mode.SEA] == Fraction(64, 100)
    assert table["4d.small", Mode.SEA] == Fraction(65, 100)
    for region in ("vns", "vnn"):
        assert table[f"{region}.b2", Mode.ELOTT] == Fraction(75, 100)
        assert table[f"{region}.b3", Mode.ELOTT] == Fraction(65, 100)
        assert table[f"{region}.b4", Mode.ELOTT] == Fraction(55, 100)
    assert table["pcb.sum", Mode.ELOTT] == Fraction(837, 1000)  # sums 0 and 27


def test_the_brazilian_floor_offers_exactly_the_plays_at_85_percent_or_more() -> None:
    fast = ["ssc.position", "k3.triple", "ssc.dragon_tiger", "vns.b2", "4d.big", "pcb.sum"]
    for code in fast:
        for mode in play(code).modes:
            assert offered(code, mode, BRAZIL) == (rtp(code, mode) >= Fraction(85, 100))
    assert offered("ssc.dragon_tiger", Mode.ELOTT, BRAZIL)  # 85.455 %: in, barely
    assert not offered("vns.b2", Mode.ELOTT, BRAZIL)
    assert not offered("4d.big", Mode.SEA, BRAZIL)
    assert not offered("pcb.sum", Mode.ELOTT, BRAZIL)
    assert offered("vns.b2", Mode.ELOTT, Decimal(0))
    assert not offered("ssc.position", Mode.ELOTT, Decimal(0))  # no ELOTT table


def test_k3_big_small_and_odd_even_lose_on_any_triple() -> None:
    for option in ("big", "small", "odd", "even"):
        for n in range(1, 7):
            assert returned("k3.bsoe", option, (n, n, n)) == 0
    assert returned("k3.bsoe", "big", (5, 5, 6)) == Decimal("1.8")
    assert returned("k3.bsoe", "even", (5, 5, 6)) == Decimal("1.8")
    assert returned("k3.bsoe", "small", (1, 2, 2)) == Decimal("1.8")


def test_k3_single_number_pays_once_however_many_dice_show_it() -> None:
    assert returned("k3.single", "3", (3, 3, 3)) == Decimal("2.13")
    assert returned("k3.single", "3", (3, 1, 2)) == Decimal("2.13")
    assert returned("k3.single", "4", (3, 1, 2)) == 0


def test_11x5_ball_11_and_total_30_are_ties() -> None:
    for option in ("big", "small", "odd", "even"):
        assert returned("11x5.position.bsoe", f"1:{option}", (11, 1, 2, 3, 4)) == 1
    assert returned("11x5.position.bsoe", "2:small", (11, 1, 2, 3, 4)) == Decimal("1.8")
    thirty = (1, 2, 8, 9, 10)
    assert returned("11x5.sum.bsoe", "big", thirty) == 1
    assert returned("11x5.sum.bsoe", "small", thirty) == 1
    assert returned("11x5.sum.bsoe", "even", thirty) == Decimal("1.83")  # parity still counts
    assert returned("11x5.sum.bsoe", "odd", thirty) == 0


def test_lhc_49_ties_and_dragon_tiger_pairs() -> None:
    draw = (1, 2, 3, 4, 5, 6, 49)
    assert returned("lhc.special.bsoe", "big", draw) == 1
    assert returned("lhc.special", "49", draw) == Decimal("44.1")
    assert returned("ssc.dragon_tiger", "dragon", (4, 0, 0, 0, 4)) == 0
    assert returned("ssc.dragon_tiger", "draw", (4, 0, 0, 0, 4)) == Decimal("8.55")
    cars = (10, 2, 3, 4, 5, 6, 7, 8, 9, 1)  # 1 v 10: car 10 ahead of car 1
    assert returned("pk10.dragon_tiger", "1:dragon", cars) == Decimal("1.8")
    assert returned("pk10.dragon_tiger", "2:dragon", cars) == 0  # 2 v 9


def test_bet_counts() -> None:
    assert bet_count("ssc.star5.direct", {"positions": [[1, 2], [3, 4], [5], [6], [7]]}) == 4
    assert bet_count("11x5.any5", {"numbers": [1, 2, 3, 4, 5, 6, 7]}) == 21
    # a direct play of distinct balls skips combinations that repeat a number
    assert bet_count("pk10.top3.direct", {"positions": [[1, 2], [1, 2], [3]]}) == 2
    assert bet_count("ssc.position", {"options": ["1:1", "5:9"]}) == 2
    lo = {"numbers": ["12"]}
    assert bet_count("vns.b2", lo) == 18 and bet_count("vnn.b2", lo) == 27
    assert bet_count("vns.b3", {"numbers": ["123"]}) == 17
    assert bet_count("vnn.b3", {"numbers": ["123"]}) == 23
    assert bet_count("vns.b4", {"numbers": ["1234"]}) == 16
    assert bet_count("vnn.b4", {"numbers": ["1234"]}) == 20
    assert bet_count("vns.dd", lo) == 2 and bet_count("vnn.dd", lo) == 5
    assert bet_count("vns.xc", {"numbers": ["123"]}) == 2
    assert bet_count("vnn.xc", {"numbers": ["123"]}) == 4
    assert bet_count("vns.b7l", lo) == 7 and bet_count("vnn.b8l", lo) == 8
    assert bet_count("vns.daob", lo) == 2 * 18  # 12 and 21
    assert bet_count("vns.daob", {"numbers": ["11"]}) == 18
    assert bet_count("vns.daob3", {"numbers": ["123"]}) == 6 * 17
    assert len(VN_SOUTH_SLOTS) == 18 and len(VN_NORTH_SLOTS) == 27


@pytest.mark.parametrize(
    ("code", "selection"),
    [
        ("ssc.star5.direct", {"positions": [[1], [2], [3], [4]]}),
        ("ssc.star5.direct", {"positions": [[1], [2], [3], [4], [10]]}),
        ("ssc.star5.direct", {"positions": [[1, 1], [2], [3], [4], [5]]}),
        ("11x5.any5", {"numbers": [1, 2, 3, 4]}),
        ("11x5.any5", {"numbers": [1, 2, 3, 4, True]}),
        ("11x5.any2", {"numbers": "1,2"}),
        ("k3.sum", {"options": ["2"]}),
        ("k3.sum", {"options": []}),
        ("pk10.top3.direct", {"positions": [[1], [1], [1]]}),
        ("vns.b2", {"numbers": ["123"]}),
        ("vns.b2", {"numbers": [12]}),
        ("4d.big", {"numbers": ["12a4"]}),
    ],
)
def test_malformed_selections_are_refused(code: str, selection: dict[str, object]) -> None:
    with pytest.raises(AppError) as refused:
        bet_count(code, selection)
    assert refused.value.code == "lottery-selection-invalid"
    assert refused.value.params == {"play": code}


def test_a_selection_of_too_many_bets_is_refused() -> None:
    every = {"positions": [list(range(10))] * 5}
    with pytest.raises(AppError) as refused:
        bet_count("ssc.star5.direct", every)
    assert refused.value.code == "lottery-too-many-bets"
    assert refused.value.params == {"count": 100_000, "max": MAX_SINGLE_BETS}


def test_vietnamese_lo_pay_per_matching_prize() -> None:
    south = play("vns.b2")
    draw = [0] * 18
    draw[0] = 123412  # special: ends in 12
    draw[17] = 12  # eighth prize
    draw[5] = 99912  # a fourth prize
    assert south.returned(("12",), tuple(draw), Mode.ELOTT) == 3 * 75
    assert play("vns.dd").returned(("12",), tuple(draw), Mode.ELOTT) == 2 * 75
    assert play("vns.duoi").returned(("12",), tuple(draw), Mode.ELOTT) == 75
    assert play("vns.xc").returned(("412",), tuple(draw), Mode.ELOTT) == 650


def test_4d_pays_the_prize_each_bet_type_covers() -> None:
    draw = [*range(1000, 1023)]
    draw[0], draw[5] = 123, 4567  # 0123 first, 4567 a starter
    big, small = play("4d.big"), play("4d.small")
    assert big.returned(("0123",), tuple(draw), Mode.SEA) == 2500
    assert small.returned(("0123",), tuple(draw), Mode.SEA) == 3500
    assert big.returned(("4567",), tuple(draw), Mode.SEA) == 180
    assert small.returned(("4567",), tuple(draw), Mode.SEA) == 0


def test_the_catalogue_covers_every_family() -> None:
    assert {found.family for found in PLAYS.values()} == set(FAMILIES)
    # an option bet's expectation is the sum over the outcomes it reads
    single = ("1:5",)
    assert expected_return(play("ssc.position"), single, Mode.LOTT) == Fraction(9, 10)
