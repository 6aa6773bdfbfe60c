"""What every studio game is built on: specs, limits, outcomes, the `StudioGame` protocol
and the one-step helper (the contract is described in the package's docstring)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from typing import Any, Protocol

from sqlalchemy import ColumnElement, func

from app.core.errors import AppError
from app.services.brands import Money
from app.services.currencies import minor_digits, scale_of

MULTIPLIER_STEP = Decimal("0.0001")
MONEY_DIGITS = 2
MONEY_STEP = Decimal(1).scaleb(-MONEY_DIGITS)


@dataclass(frozen=True)
class BetLimits:
    currency: str
    min_bet: Decimal
    max_bet: Decimal
    max_win: Decimal  # the most one round can pay in this currency
    symbol: str = ""  # the brand's currency symbol, which a refusal writes the bounds with

    @property
    def money(self) -> Money:
        """How the limits are written: the brand's symbol, the currency's digits."""
        return Money(self.symbol, minor_digits(self.currency))

    def bounds(self) -> dict[str, object]:
        """The stake's bounds as a refusal says them, as the site writes money: R$ 1,00."""
        return {
            "min": self.money.in_message(self.min_bet),
            "max": self.money.in_message(self.max_bet),
        }

    def within(self, stake: Decimal) -> bool:
        return self.min_bet <= stake <= self.max_bet

    def check(self, stake: Decimal) -> None:
        """Within the limits (`studio-bet-out-of-range`) and in the currency's minor digits."""
        if not self.within(stake):
            raise AppError("studio-bet-out-of-range", 400, self.bounds())
        if stake != stake.quantize(self.unit):
            raise AppError("amount-whole-only", 400)

    def check_table(self, total: Decimal) -> None:
        """A table's bets being laid chip by chip: their total stays within the maximum (the
        minimum and the digits are checked when the round is played, as `check`)."""
        if total > self.max_bet:
            raise AppError("studio-bet-out-of-range", 400, self.bounds())

    @property
    def unit(self) -> Decimal:
        """The currency's smallest stake step: 0.01 in reais, 1 in dong."""
        return Decimal(1).scaleb(-minor_digits(self.currency))

    def kept(self, stake: Decimal | None) -> Decimal:
        """A stake field's value when it is within the limits; else the minimum."""
        if stake is not None and self.min_bet <= stake <= self.max_bet:
            return stake
        return self.min_bet

    def stepped(self, stake: Decimal | None, factor: Decimal) -> Decimal:
        """The ½ and 2× buttons: the stake (the minimum when unreadable) times `factor`, in the
        currency's digits (whole dong), kept within the limits."""
        changed = ((self.min_bet if stake is None else stake) * factor).quantize(self.unit)
        return min(max(changed, self.min_bet), self.max_bet)


@dataclass(frozen=True)
class GameSpec:
    code: str  # also the catalogue game_code
    sub_category: str | None  # None (slot, RNG), "SC", "VP", "AC", "TG", "BG"
    rtp: Decimal  # declared, in percent
    min_bet: Decimal  # per round, BRL
    max_bet: Decimal
    max_win_multiplier: Decimal  # a round never returns more than bet * this
    two_step: bool = False

    def limits(self, currency: str, symbol: str = "") -> BetLimits:
        """Bet limits scaled to the currency; the maximum win is the max bet times the cap;
        `symbol` (the brand's) is what a refusal writes the bounds with."""
        scale = scale_of(currency)
        if scale is None:
            raise AppError("studio-currency-unsupported", 400, {"currency": currency})
        max_bet = (self.max_bet * scale).quantize(MONEY_STEP)
        return BetLimits(
            currency=currency.upper(),
            min_bet=(self.min_bet * scale).quantize(MONEY_STEP),
            max_bet=max_bet,
            max_win=(max_bet * self.max_win_multiplier).quantize(MONEY_STEP),
            symbol=symbol,
        )

    def check_bet(self, bet: Decimal, currency: str, symbol: str = "") -> None:
        """Within the currency's limits and in its minor digits (whole dong); a refusal
        writes the limits with `symbol`."""
        self.limits(currency, symbol).check(bet)

    def payout(self, bet: Decimal, multiplier: Decimal) -> Decimal:
        """The amount to credit for a stake and an outcome multiplier (cents, rounded down)."""
        capped = min(multiplier, self.max_win_multiplier)
        return (bet * capped).quantize(MONEY_STEP, rounding=ROUND_DOWN)

    def payout_in_sql(
        self, bet: ColumnElement[Any], multiplier: ColumnElement[Any]
    ) -> ColumnElement[Decimal]:
        """`payout` as SQL, for a statement that decides a win and stores it at once
        (PostgreSQL: its numeric is exact as Decimal, and `trunc` of a positive amount rounds
        down as ROUND_DOWN does)."""
        capped = func.least(multiplier, self.max_win_multiplier)
        return func.trunc(bet * capped, MONEY_DIGITS)


@dataclass(frozen=True)
class Outcome:
    multiplier: Decimal  # total return / stake for the round (0 = loss); capped
    detail: dict[str, Any]  # JSON-safe, everything the page needs to show the result
    finished: bool = True  # False only after step 1 of a two-step game
    state: dict[str, Any] = field(default_factory=dict)  # carry-over to step 2 (empty when done)


class StudioGame(Protocol):
    spec: GameSpec

    def paytable(self) -> list[PayRow]: ...

    def check(self, params: dict[str, Any]) -> dict[str, Any]: ...

    def quoted_multiplier(self, params: dict[str, Any]) -> Decimal | None: ...

    def staked(self, params: dict[str, Any], stake: Decimal, unit: Decimal) -> dict[str, Any]: ...

    def play(self, rng: Iterator[float], params: dict[str, Any]) -> Outcome: ...

    def finish(
        self,
        rng: Iterator[float],
        params: dict[str, Any],
        state: dict[str, Any],
        choice: dict[str, Any],
    ) -> Outcome: ...


class OneStep:
    """Base for single-step games: no second step, no quoted multiplier unless overridden."""

    spec: GameSpec

    def quoted_multiplier(self, params: dict[str, Any]) -> Decimal | None:
        return None

    def staked(self, params: dict[str, Any], stake: Decimal, unit: Decimal) -> dict[str, Any]:
        """The choices for a bet of `stake` (autobet changed it): the same, unless the
        choices carry amounts of their own (the roulette's chips)."""
        return params

    def finish(
        self,
        rng: Iterator[float],
        params: dict[str, Any],
        state: dict[str, Any],
        choice: dict[str, Any],
    ) -> Outcome:
        raise AppError("studio-round-finished", 409)

    def capped(self, multiplier: Decimal) -> Decimal:
        return min(multiplier, self.spec.max_win_multiplier)


@dataclass(frozen=True)
class PayRow:
    """A paytable row as numbers, which the page writes the reader's way: `label` is a
    catalog key whose placeholders are `counts` (whole numbers: 1.000 or 1,000) and `rates`
    (0.495 shown as 49,5 or 49.5 before the label's %); `pays` is the multiplier paid, or a
    range's lowest and highest; `times`, when set, is how many rounds pay it (free spins)."""

    label: str
    pays: tuple[Decimal, ...]
    counts: dict[str, int] = field(default_factory=dict)
    rates: dict[str, Decimal] = field(default_factory=dict)
    times: int = 0


def decimal_param(params: dict[str, Any], name: str, error: str, bounds: dict[str, Any]) -> Decimal:
    """A finite decimal parameter; a missing or malformed one is refused with the error's
    bounds, so its message names the range (never a raw "{min}")."""
    try:
        value = Decimal(str(params[name]))
    except (KeyError, ArithmeticError, ValueError) as exc:
        raise AppError(error, 400, bounds) from exc
    if not value.is_finite():
        raise AppError(error, 400, bounds)
    return value
