"""Agent pay as pure functions: every contract kind, tier boundaries, the ceiling and the
lower-rate comparisons, the rate-difference rule, periods in the brand's time zone."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from app.core.errors import AppError
from app.services.agents import periods
from app.services.agents import terms as t
from models.agents import ContractKind

D = Decimal
SALARY = ContractKind.DAILY_SALARY


def _tiers(*rows: tuple[int, str, str | None, str]) -> dict[str, object]:
    return {
        "tiers": [
            {"minActive": a, "minValidBet": v, "minNetLoss": loss, "rate": r}
            for a, v, loss, r in rows
        ]
    }


LADDER = _tiers(
    (1, "100.00", None, "0.001"), (5, "1000.00", None, "0.002"), (10, "5000", None, "0.003")
)


@pytest.mark.parametrize("kind", [SALARY, ContractKind.HOURLY_SALARY])
@pytest.mark.parametrize(
    ("active", "valid", "tier", "amount"),
    [
        (0, "100.00", None, "0.00"),  # one member short of tier 1
        (1, "99.99", None, "0.00"),  # a cent short
        (1, "100.00", 0, "0.10"),  # exactly on the boundary
        (5, "999.99", 0, "1.00"),
        (5, "1000.00", 1, "2.00"),
        (9, "100000.00", 1, "200.00"),
        (10, "5000.00", 2, "15.00"),
    ],
)
def test_salary_tiers_and_their_boundaries(
    kind: ContractKind, active: int, valid: str, tier: int | None, amount: str
) -> None:
    terms = t.parse(kind, LADDER)
    gross = t.gross(terms, t.Inputs(active_members=active, valid_bet=D(valid)))
    assert gross.tier == tier
    assert gross.amount == D(amount)
    assert gross.base == D(valid)
    assert ("tier" in gross.formula) and (str(gross.base) in gross.formula)


def test_dividend_shares_only_a_positive_net_loss_and_tiers_on_pnl() -> None:
    terms = t.parse(
        ContractKind.DIVIDEND,
        _tiers((1, "0", "0", "0.10"), (3, "0", "1000.00", "0.25")),
    )
    lost = t.gross(terms, t.Inputs(active_members=3, valid_bet=D("5000"), net_loss=D("999.99")))
    assert (lost.tier, lost.amount) == (0, D("100.00"))
    more = t.gross(terms, t.Inputs(active_members=3, valid_bet=D("5000"), net_loss=D("1000.00")))
    assert (more.tier, more.amount) == (1, D("250.00"))
    won = t.gross(terms, t.Inputs(active_members=3, valid_bet=D("5000"), net_loss=D("-50")))
    assert won.amount == D("0.00") and won.tier is None  # the team won: nothing to share
    off = t.gross(terms, t.Inputs(active_members=3, net_loss=D("1000")), loss_based_pay=False)
    assert off.amount == D("0.00") and "off" in off.formula


def test_realtime_salary_picks_profit_or_loss_rate_over_qualifying_bets() -> None:
    terms = t.parse(
        ContractKind.REALTIME_SALARY,
        {"profitRate": "0.002", "lossRate": "0.001", "minSingleBet": "10.00"},
    )
    house_won = t.Inputs(valid_bet=D("500"), net_loss=D("20"), qualifying_valid_bet=D("400"))
    assert t.gross(terms, house_won).amount == D("0.80")
    house_lost = t.Inputs(valid_bet=D("500"), net_loss=D("-1"), qualifying_valid_bet=D("400"))
    assert t.gross(terms, house_lost).amount == D("0.40")


def test_rounding_is_half_up_to_the_cent() -> None:
    terms = t.parse(SALARY, _tiers((0, "0", None, "0.0005")))
    assert t.gross(terms, t.Inputs(valid_bet=D("10.00"))).amount == D("0.01")  # 0.005 → 0.01
    assert t.gross(terms, t.Inputs(valid_bet=D("9.98"))).amount == D("0.00")  # 0.00499


@pytest.mark.parametrize(
    "raw",
    [
        {},
        {"tiers": []},
        {"tiers": [{"minActive": -1, "minValidBet": "0", "rate": "0.01"}]},
        {"tiers": [{"minActive": 0, "minValidBet": "0.001", "rate": "0.01"}]},
        {"tiers": [{"minActive": 0, "minValidBet": "0", "rate": "0.00001"}]},
        {"tiers": [{"minActive": 0, "minValidBet": "0", "rate": "NaN"}]},
        {"tiers": [{"minActive": 0, "minValidBet": "0", "rate": "0"}]},
        {"tiers": [{"minActive": True, "minValidBet": "0", "rate": "0.01"}]},
        {"tiers": "x"},
    ],
)
def test_bad_terms_are_refused(raw: dict[str, object]) -> None:
    with pytest.raises(AppError) as caught:
        t.parse(SALARY, raw)
    assert caught.value.code == "agent-contract-invalid-terms"


def test_a_rate_above_the_house_maximum_is_refused_by_name() -> None:
    with pytest.raises(AppError) as caught:
        t.parse(SALARY, _tiers((0, "0", None, "0.06")))
    assert caught.value.code == "agent-contract-rate-too-high"
    with pytest.raises(AppError):
        t.parse("SOMETHING", _tiers((0, "0", None, "0.01")))


def test_ceiling_band_by_band() -> None:
    parent = t.parse(SALARY, _tiers((0, "0", None, "0.001"), (5, "1000", None, "0.003")))
    same = t.parse(SALARY, _tiers((0, "0", None, "0.001"), (5, "1000", None, "0.003")))
    lower = t.parse(SALARY, _tiers((0, "0", None, "0.0005"), (5, "1000", None, "0.002")))
    later = t.parse(SALARY, _tiers((0, "0", None, "0.001"), (6, "2000", None, "0.003")))
    # Its top band reached earlier than the parent's: above the parent at 3 members.
    early = t.parse(SALARY, _tiers((3, "0", None, "0.003")))
    # Below in one band, above in the other.
    mixed = t.parse(SALARY, _tiers((0, "0", None, "0.0005"), (5, "1000", None, "0.004")))
    for child in (same, lower, later):
        assert t.within_ceiling(child, parent)
    for child in (early, mixed):
        assert not t.within_ceiling(child, parent)
    # A parent tier that needs a P&L the child's tier does not: the child is above it
    # whenever the team loses less.
    pnl_parent = t.parse(SALARY, _tiers((0, "0", "100", "0.002")))
    assert not t.within_ceiling(t.parse(SALARY, _tiers((0, "0", None, "0.001"))), pnl_parent)
    rt = ContractKind.REALTIME_SALARY
    up = t.parse(rt, {"profitRate": "0.002", "lossRate": "0.001"})
    assert t.within_ceiling(t.parse(rt, {"profitRate": "0.002", "lossRate": "0.001"}), up)
    assert not t.within_ceiling(t.parse(rt, {"profitRate": "0.001", "lossRate": "0.0011"}), up)


def test_lower_rate_detection() -> None:
    existing = t.parse(SALARY, _tiers((0, "0", None, "0.002")))
    assert t.lower_than(t.parse(SALARY, _tiers((0, "0", None, "0.0019"))), existing)
    assert not t.lower_than(t.parse(SALARY, _tiers((0, "0", None, "0.002"))), existing)
    assert not t.lower_than(t.parse(SALARY, _tiers((0, "0", None, "0.003"))), existing)


def test_pay_is_gross_less_the_direct_downlines_gross_never_below_zero() -> None:
    terms = t.parse(SALARY, _tiers((0, "0", None, "0.003")))
    inputs = t.Inputs(active_members=3, valid_bet=D("1000"))
    line = t.line(terms, inputs, D("1.00"))
    assert (line.gross.amount, line.downline_gross, line.amount) == (
        D("3.00"),
        D("1.00"),
        D("2.00"),
    )
    assert t.line(terms, inputs, D("5.00")).amount == D("0.00")
    shown = line.to_json()
    assert shown["formula"] and shown["rate"] == "0.0030" and shown["amount"] == "2.00"


def test_waterfall_pays_the_top_rate_in_total() -> None:
    """Root 1.5 %, L1 1.2 %, L2 0.8 % on one bettor's 1,000: 15 in all (8 + 4 + 3)."""
    base = t.Inputs(active_members=1, valid_bet=D("1000"))
    rates = ["0.015", "0.012", "0.008"]
    grosses = [t.gross(t.parse(SALARY, _tiers((0, "0", None, r))), base).amount for r in rates]
    pays = [grosses[i] - (grosses[i + 1] if i + 1 < len(grosses) else 0) for i in range(3)]
    assert pays == [D("3.00"), D("4.00"), D("8.00")] and sum(pays) == D("15.00")


SP = "America/Sao_Paulo"


def test_periods_close_in_the_brand_time_zone() -> None:
    moment = datetime(2026, 3, 16, 2, 30, tzinfo=UTC)  # 23:30 on the 15th in São Paulo
    assert periods.bounds("D", moment, SP) == (
        datetime(2026, 3, 15, 3, tzinfo=UTC),
        datetime(2026, 3, 16, 3, tzinfo=UTC),
    )
    assert periods.bounds("H", moment, SP) == (
        datetime(2026, 3, 1, 3, tzinfo=UTC),
        datetime(2026, 3, 16, 3, tzinfo=UTC),
    )
    assert periods.bounds("H", datetime(2026, 3, 16, 3, tzinfo=UTC), SP) == (
        datetime(2026, 3, 16, 3, tzinfo=UTC),
        datetime(2026, 4, 1, 3, tzinfo=UTC),
    )
    assert periods.bounds("W", moment, SP) == (  # Monday 9 March to Monday 16 March
        datetime(2026, 3, 9, 3, tzinfo=UTC),
        datetime(2026, 3, 16, 3, tzinfo=UTC),
    )
    assert periods.bounds("M", datetime(2026, 12, 31, 12, tzinfo=UTC), SP) == (
        datetime(2026, 12, 1, 3, tzinfo=UTC),
        datetime(2027, 1, 1, 3, tzinfo=UTC),
    )
    assert periods.bounds("5", datetime(2026, 3, 16, 2, 34, 59, tzinfo=UTC), SP) == (
        datetime(2026, 3, 16, 2, 30, tzinfo=UTC),
        datetime(2026, 3, 16, 2, 35, tzinfo=UTC),
    )
    assert periods.last_closed("D", moment, SP)[1] == datetime(2026, 3, 15, 3, tzinfo=UTC)
    assert len(periods.between("h", moment, datetime(2026, 3, 16, 5, 30, tzinfo=UTC), SP)) == 3
    with pytest.raises(AppError):
        periods.bounds("X", moment, SP)
