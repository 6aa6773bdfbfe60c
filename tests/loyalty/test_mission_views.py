"""What the missions page shows from the services' values: the time left, a mission card,
the board's scores (multipliers with an x), in both languages."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from app.services.brands import Money
from app.services.loyalty import missions, races
from app.services.loyalty.rewards import title_of
from models.loyalty_missions import MissionKind, MissionPeriod, MissionReward, RaceMetric
from state.loyalty.missions import board_lines, mission_card, remaining

NOW = datetime(2026, 11, 23, 22, 0, tzinfo=UTC)


def test_the_time_left_in_days_or_hours() -> None:
    assert remaining(NOW + timedelta(days=2, hours=4, minutes=5), NOW, "en") == "2 d 4 h"
    assert remaining(NOW + timedelta(hours=3, minutes=12, seconds=50), NOW, "pt") == "3 h 12 min"
    assert remaining(NOW - timedelta(minutes=1), NOW, "en") == "0 h 0 min"


def test_a_mission_card_in_each_language() -> None:
    view = missions.MissionView(
        id=7,
        code="SLOTS-10",
        title="Aposte 10 rodadas em slots",
        period=MissionPeriod.DAILY,
        kind=MissionKind.BET_COUNT,
        category="RNG",
        game_code="",
        target=10,
        progress=3,
        min_multiplier=None,
        reward_kind=MissionReward.CASH,
        reward_amount=Decimal("1234.50"),
        status="progress",
        ends_at=NOW,
    )
    card = mission_card(view, "pt", Money("R$", 2))
    # The symbol never wraps away from its amount (a non-breaking space).
    assert (card.id, card.progress, card.percent, card.reward) == (
        7,
        "3 / 10",
        30,
        "R$\u00a01.234,50",
    )
    assert mission_card(view, "en", Money("R$", 2)).reward == "R$\u00a01,234.50"
    # The dong has no minor unit: a reward in dong shows none.
    in_dong = replace(view, reward_amount=Decimal(50000))
    assert mission_card(in_dong, "en", Money("₫", 0)).reward == "₫\u00a050,000"


def test_a_mission_card_leads_to_where_the_mission_is_done() -> None:
    view = missions.MissionView(
        id=8, code="M", title="t", period=MissionPeriod.DAILY, kind=MissionKind.BET_COUNT,
        category="RNG", game_code="", target=10, progress=0, min_multiplier=None,
        reward_kind=MissionReward.CASH, reward_amount=Decimal(1), status="progress", ends_at=NOW,
    )  # fmt: skip
    money = Money("R$", 2)
    assert mission_card(view, "pt", money).way == "/rng"  # its category's games
    limbo = replace(view, kind=MissionKind.MULTIPLIER, category="", game_code="BGS_LIMBO")
    assert mission_card(limbo, "pt", money).way == "/play/BGS_LIMBO"  # its Original
    deposit = mission_card(replace(view, kind=MissionKind.DEPOSIT_COUNT, category=""), "pt", money)
    assert (deposit.way, deposit.deposit) == ("/depositv2", True)
    assert mission_card(replace(view, category=""), "pt", money).way == ""  # none named


def test_board_lines_show_multipliers_with_a_times_sign_and_prizes_only_where_paid() -> None:
    board = races.RaceBoard(
        id=1,
        code="M",
        title="Top",
        metric=RaceMetric.MULTIPLIER,
        period=MissionPeriod.DAILY,
        category="",
        starts_at=NOW,
        ends_at=NOW,
        prizes=[Decimal("20.00")],
        rows=[
            races.BoardRow(1, "jo***12", Decimal("12.50"), Decimal("20.00"), False),
            races.BoardRow(2, "ma***09", Decimal("3.00"), Decimal("0.00"), True),
        ],
        my_place=2,
        my_score=Decimal("3.00"),
    )
    lines = board_lines(board, "pt", 2)
    assert [(line.score, line.prize, line.mine) for line in lines] == [
        ("12,50x", "20,00", False),
        ("3,00x", "", True),
    ]


def test_titles_by_language_code() -> None:
    titles: dict[str, object] = {"EN": "Deposit once", "PT": "Faça um depósito"}
    assert title_of(titles, "pt-BR", "D") == title_of(titles, "pt", "D") == "Faça um depósito"
    assert title_of(titles, "es", "D") == "Deposit once"
    assert title_of({}, "en", "DEPOSIT-1") == "DEPOSIT-1"
