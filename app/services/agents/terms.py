"""Contract terms and pay: pure functions, no database.

Kinds (spec 3): a dividend shares the team's net loss (what the players lost, bet - win) of
a period D, W, H (semi-monthly) or M; a daily or hourly salary pays a rate of the team's
valid bet of the day or hour; a real-time salary pays, every 5 minutes, the profit salary
rate (when the team lost, the house's profit) or the loss salary rate (when the team won) of
the valid bet of the bets of at least the single bet amount.

Tiers (not real-time): minimum active members, minimum period valid bet and minimum period
P&L (the team's net loss); the qualifying tier with the highest rate is chosen, so the rate
never falls when the team does better. Rates are fractions with at most 4 decimals; amounts
are rounded to the cent, half up.

An agent's pay for a period is its gross (rate × base) less the gross of its direct
downlines' contracts of the same kind for the same period (the rate-difference rule), never
below zero. The ceiling rule (a downline's rate never above its upline's at the same
figures) keeps that difference positive.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from app.core.errors import AppError
from app.services.amounts import parse_number
from models.agents import ContractKind

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
RATE_STEP = Decimal("0.0001")
MAX_TIERS = 10
# What the house allows at most per kind (a top agent's contract offered by the operator).
MAX_RATE: dict[ContractKind, Decimal] = {
    ContractKind.DIVIDEND: Decimal("0.5"),
    ContractKind.DAILY_SALARY: Decimal("0.05"),
    ContractKind.HOURLY_SALARY: Decimal("0.05"),
    ContractKind.REALTIME_SALARY: Decimal("0.05"),
}
PERIODS: dict[ContractKind, tuple[str, ...]] = {
    ContractKind.DIVIDEND: ("D", "W", "H", "M"),
    ContractKind.DAILY_SALARY: ("D",),
    ContractKind.HOURLY_SALARY: ("h",),
    ContractKind.REALTIME_SALARY: ("5",),
}
MAX_AMOUNT = Decimal("1000000000")
HUNDRED = Decimal(100)
INVALID_TERMS = "agent-contract-invalid-terms"


@dataclass(frozen=True)
class Tier:
    min_active: int
    min_valid_bet: Decimal
    min_net_loss: Decimal | None  # None: any P&L
    rate: Decimal


@dataclass(frozen=True)
class Terms:
    kind: ContractKind
    tiers: tuple[Tier, ...] = ()
    profit_rate: Decimal = ZERO  # real-time: when the team lost (the house's profit)
    loss_rate: Decimal = ZERO  # real-time: when the team won
    min_single_bet: Decimal = ZERO  # real-time: smallest bet that counts

    def to_json(self) -> dict[str, Any]:
        if self.kind == ContractKind.REALTIME_SALARY:
            return {
                "profitRate": str(self.profit_rate),
                "lossRate": str(self.loss_rate),
                "minSingleBet": str(self.min_single_bet),
            }
        return {
            "tiers": [
                {
                    "minActive": tier.min_active,
                    "minValidBet": str(tier.min_valid_bet),
                    "minNetLoss": None if tier.min_net_loss is None else str(tier.min_net_loss),
                    "rate": str(tier.rate),
                }
                for tier in self.tiers
            ]
        }

    @property
    def top_rate(self) -> Decimal:
        if self.kind == ContractKind.REALTIME_SALARY:
            return max(self.profit_rate, self.loss_rate)
        return max((tier.rate for tier in self.tiers), default=ZERO)


@dataclass(frozen=True)
class Inputs:
    """A team's figures over one period (from wager facts)."""

    active_members: int = 0
    valid_bet: Decimal = ZERO  # settled bets' valid bet, corrections included
    net_loss: Decimal = ZERO  # bet - win: positive when the players lost
    qualifying_valid_bet: Decimal = ZERO  # real-time: valid bet of bets ≥ the single bet amount
    adjustment_valid_bet: Decimal = ZERO  # the part of valid_bet from late corrections
    adjustment_net_loss: Decimal = ZERO  # the part of net_loss from late corrections
    # Dividends with negative carry-over on: the players' winnings of earlier periods not yet
    # won back (≤ 0), deducted from this period's net loss.
    carried_net_loss: Decimal = ZERO


@dataclass(frozen=True)
class Gross:
    """An agent's gross pay for a period, with why."""

    amount: Decimal
    rate: Decimal
    base: Decimal
    tier: int | None  # index of the chosen tier (None: no tier met, or real-time)
    formula: str


@dataclass(frozen=True)
class Line:
    """An agent's payout line: its inputs, the tier, the formula and the net amount."""

    gross: Gross
    downline_gross: Decimal
    amount: Decimal
    inputs: Inputs

    def to_json(self) -> dict[str, Any]:
        return {
            "activeMembers": self.inputs.active_members,
            "validBet": str(self.inputs.valid_bet),
            "netLoss": str(self.inputs.net_loss),
            "qualifyingValidBet": str(self.inputs.qualifying_valid_bet),
            "adjustmentValidBet": str(self.inputs.adjustment_valid_bet),
            "adjustmentNetLoss": str(self.inputs.adjustment_net_loss),
            "carriedNetLoss": str(self.inputs.carried_net_loss),
            "tier": self.gross.tier,
            "rate": str(self.gross.rate),
            "base": str(self.gross.base),
            "gross": str(self.gross.amount),
            "downlineGross": str(self.downline_gross),
            "amount": str(self.amount),
            "formula": self.gross.formula,
        }


def _decimal(value: object, *, low: Decimal, high: Decimal, step: Decimal) -> Decimal:
    places = max(-int(step.as_tuple().exponent), 0)
    number = parse_number(
        value, "agent-contract-invalid-terms", places=places, minimum=low, maximum=high
    )
    if number != number.quantize(step):
        raise AppError("agent-contract-invalid-terms", 422)
    return number.quantize(step)


def _rate(value: object, kind: ContractKind) -> Decimal:
    return _decimal(value, low=ZERO, high=MAX_RATE[kind], step=RATE_STEP)


def parse(kind: ContractKind | str, raw: Mapping[str, Any]) -> Terms:
    """Checked terms from a request (camelCase keys, decimals as strings); bad terms are
    refused with agent-contract-invalid-terms (or agent-contract-rate-too-high)."""
    try:
        kind = ContractKind(kind)
    except ValueError:
        raise AppError("agent-contract-invalid-kind", 422) from None
    if not isinstance(raw, Mapping):
        raise AppError("agent-contract-invalid-terms", 422)
    try:
        if kind == ContractKind.REALTIME_SALARY:
            terms = Terms(
                kind,
                profit_rate=_rate(raw.get("profitRate"), kind),
                loss_rate=_rate(raw.get("lossRate"), kind),
                min_single_bet=_decimal(
                    raw.get("minSingleBet", "0"), low=ZERO, high=MAX_AMOUNT, step=CENT
                ),
            )
            if terms.top_rate <= 0:
                raise AppError("agent-contract-invalid-terms", 422)
            return terms
        tiers_raw = raw.get("tiers")
        if not isinstance(tiers_raw, Sequence) or not 1 <= len(tiers_raw) <= MAX_TIERS:
            raise AppError("agent-contract-invalid-terms", 422)
        tiers = []
        for item in tiers_raw:
            if not isinstance(item, Mapping):
                raise AppError("agent-contract-invalid-terms", 422)
            active = item.get("minActive", 0)
            if isinstance(active, bool) or not isinstance(active, int) or not 0 <= active <= 100000:
                raise AppError("agent-contract-invalid-terms", 422)
            loss = item.get("minNetLoss")
            tiers.append(
                Tier(
                    min_active=active,
                    min_valid_bet=_decimal(
                        item.get("minValidBet", "0"), low=ZERO, high=MAX_AMOUNT, step=CENT
                    ),
                    min_net_loss=None
                    if loss is None or loss == ""
                    else _decimal(loss, low=-MAX_AMOUNT, high=MAX_AMOUNT, step=CENT),
                    rate=_rate(item.get("rate"), kind),
                )
            )
    except AppError as error:
        if error.code == "agent-contract-invalid-terms" and _too_high(kind, raw):
            raise AppError("agent-contract-rate-too-high", 422) from None
        raise
    if all(tier.rate <= 0 for tier in tiers):
        raise AppError("agent-contract-invalid-terms", 422)
    return Terms(kind, tiers=tuple(tiers))


def _too_high(kind: ContractKind, raw: Mapping[str, Any]) -> bool:
    """Whether some rate of the request is a number above the house's maximum."""
    values: list[object] = [raw.get("profitRate"), raw.get("lossRate")]
    tiers = raw.get("tiers")
    if isinstance(tiers, Sequence) and not isinstance(tiers, str):
        values += [item.get("rate") for item in tiers if isinstance(item, Mapping)]
    for value in values:
        try:
            if value is not None and Decimal(str(value)) > MAX_RATE[kind]:
                return True
        except InvalidOperation:
            continue
    return False


def from_json(kind: ContractKind | str, stored: Mapping[str, Any]) -> Terms:
    """Terms as stored (already checked when offered)."""
    return parse(kind, stored)


def _meets(tier: Tier, active: int, valid_bet: Decimal, net_loss: Decimal) -> bool:
    return (
        active >= tier.min_active
        and valid_bet >= tier.min_valid_bet
        and (tier.min_net_loss is None or net_loss >= tier.min_net_loss)
    )


def choose_tier(terms: Terms, active: int, valid_bet: Decimal, net_loss: Decimal) -> int | None:
    """The qualifying tier with the highest rate (the first of equals), or None."""
    best: int | None = None
    for index, tier in enumerate(terms.tiers):
        if _meets(tier, active, valid_bet, net_loss) and (
            best is None or tier.rate > terms.tiers[best].rate
        ):
            best = index
    return best


def _cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def gross(terms: Terms, inputs: Inputs, *, loss_based_pay: bool = True) -> Gross:
    """The gross pay of one agent for one period (before its downlines' share)."""
    if terms.kind == ContractKind.REALTIME_SALARY:
        team_lost = inputs.net_loss >= 0
        rate = terms.profit_rate if team_lost else terms.loss_rate
        base = _cents(max(inputs.qualifying_valid_bet, ZERO))
        which = "profit" if team_lost else "loss"
        return Gross(
            _cents(base * rate),
            rate,
            base,
            None,
            f"{which} salary {rate} × valid bet of bets ≥ {terms.min_single_bet} ({base})",
        )
    tier = choose_tier(terms, inputs.active_members, inputs.valid_bet, inputs.net_loss)
    if terms.kind == ContractKind.DIVIDEND:
        base = _cents(max(inputs.net_loss + inputs.carried_net_loss, ZERO))
        label = "team net loss"
        if inputs.carried_net_loss:
            label += f" {inputs.net_loss} less {-inputs.carried_net_loss} carried over"
        if not loss_based_pay:
            return Gross(ZERO, ZERO, base, None, "loss-based pay is off for this brand")
    else:
        base = _cents(max(inputs.valid_bet, ZERO))
        label = "team valid bet"
    if tier is None:
        return Gross(ZERO, ZERO, base, None, f"no tier met: 0 × {label} ({base})")
    rate = terms.tiers[tier].rate
    return Gross(
        _cents(base * rate), rate, base, tier, f"tier {tier + 1}: {rate} × {label} ({base})"
    )


def carry_out(inputs: Inputs) -> Decimal:
    """Negative carry-over: what a dividend period leaves to the next (≤ 0: the players won
    more than they lost, carried ones included)."""
    return _cents(min(inputs.net_loss + inputs.carried_net_loss, ZERO))


def line(
    terms: Terms,
    inputs: Inputs,
    downline_gross: Decimal = ZERO,
    *,
    loss_based_pay: bool = True,
) -> Line:
    """The payout line: gross less the direct downlines' gross, never below zero."""
    own = gross(terms, inputs, loss_based_pay=loss_based_pay)
    return Line(own, downline_gross, max(own.amount - downline_gross, ZERO), inputs)


def rate_at(terms: Terms, active: int, valid_bet: Decimal, net_loss: Decimal) -> Decimal:
    tier = choose_tier(terms, active, valid_bet, net_loss)
    return ZERO if tier is None else terms.tiers[tier].rate


def within_ceiling(child: Terms, parent: Terms) -> bool:
    """The ceiling rule: at every figures the child's rate is at most the parent's. Rates are
    step functions that never fall as figures grow, so checking at each corner of the
    child's tiers is enough."""
    if child.kind != parent.kind:
        return False
    if child.kind == ContractKind.REALTIME_SALARY:
        return child.profit_rate <= parent.profit_rate and child.loss_rate <= parent.loss_rate
    for tier in child.tiers:
        # A tier without a P&L floor holds at any P&L: the worst case is the lowest one.
        loss = tier.min_net_loss if tier.min_net_loss is not None else -MAX_AMOUNT
        corner = (tier.min_active, tier.min_valid_bet, loss)
        if rate_at(child, *corner) > rate_at(parent, *corner):
            return False
    return True


def lower_than(new: Terms, existing: Terms) -> bool:
    """Whether a newly signed contract's rate is below an existing downline contract's at
    some figures (the spec's rule: that downline contract then ends)."""
    return not within_ceiling(existing, new)


def _percent(form: Mapping[str, Any], name: str, required: bool = True) -> Decimal:
    """A rate typed in percent with two decimals (the terms' 0.0001 step), as a fraction."""
    value = form.get(name)
    if not required and (value is None or str(value).strip() == ""):
        return ZERO
    percent = parse_number(value, INVALID_TERMS, places=2, minimum=ZERO, maximum=HUNDRED)
    return percent / HUNDRED


def form_terms(kind: str, form: Mapping[str, Any]) -> dict[str, Any]:
    """The terms of the simple offer form (the console's, the CLI's and the agent centre's):
    one tier (`rate` in percent, `min_active`, `min_valid_bet`) or, for real-time salary, the
    profit (`rate`) and loss (`loss_rate`) salary rates and the single bet amount
    (`min_single_bet`). `parse` checks them after, as any offer's."""
    if kind == ContractKind.REALTIME_SALARY.value:
        return {
            "profitRate": str(_percent(form, "rate")),
            "lossRate": str(_percent(form, "loss_rate", required=False)),
            "minSingleBet": str(form.get("min_single_bet") or "0").strip() or "0",
        }
    active = parse_number(
        form.get("min_active") or "0",
        INVALID_TERMS,
        places=0,
        minimum=ZERO,
        maximum=Decimal(100_000),
    )
    return {
        "tiers": [
            {
                "minActive": int(active),
                "minValidBet": str(form.get("min_valid_bet") or "0").strip() or "0",
                "minNetLoss": None,
                "rate": str(_percent(form, "rate")),
            }
        ]
    }
