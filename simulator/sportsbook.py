"""The simulated sportsbook of the transfer vendors (sports, e-sports, cockfight).

A transfer vendor keeps the player's money in its own wallet, which the platform mirrors and
the player fills with transferFund: the simulator reads it through the wallet API's balance,
accepts a bet if the wallet covers it and the player's other open bets, fixes the odds at that
moment, and once the event is over reports the settled round (bet and win) through the
platform's `POST /vendor/<code>/reports/rounds`. A report whose answer is lost is sent again
on the next pass (the platform answers a repeat as a replay).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from simulator.games import events
from simulator.wallet import PlatformWallet, WalletError

KEEP_SECONDS = 24 * 60 * 60


@dataclass
class SportsBet:
    bet_id: str
    vendor: str
    game_code: str
    member_id: int | None  # None: a demo bet on play money
    event_id: str
    market: str
    outcome: str
    stake: Decimal
    odds: Decimal
    placed_at: datetime
    status: str = "OPEN"  # OPEN, WON, LOST
    win: Decimal = Decimal("0.00")
    result: str = ""
    reported: bool = False


@dataclass
class Sportsbook:
    wallet: PlatformWallet
    bets: dict[str, SportsBet] = field(default_factory=dict)

    def open_stakes(self, vendor: str, member_id: int | None, demo_key: str) -> Decimal:
        return sum(
            (
                b.stake
                for b in self.bets.values()
                if b.status == "OPEN"
                and b.vendor == vendor
                and (b.member_id == member_id if member_id is not None else b.bet_id == demo_key)
            ),
            Decimal("0.00"),
        )

    def place(
        self,
        *,
        vendor: str,
        game_code: str,
        kind: str,
        member_id: int | None,
        event_id: str,
        market: str,
        outcome: str,
        stake: Decimal,
        available: Decimal,
        now: datetime,
    ) -> SportsBet:
        """A bet at the odds of this moment; refused once the event has started."""
        owner, event_kind, slot = events.parse_event(event_id)
        if owner != vendor or event_kind != kind:
            raise ValueError("unknown event")
        event = events.event_at(vendor, kind, slot)
        if now >= event.starts_at:
            raise ValueError("betting closed")
        odds = event.odds().get(market, {}).get(outcome)
        if odds is None:
            raise ValueError("unknown selection")
        if stake > available:
            raise ValueError("INSUFFICIENT_FUNDS")
        bet = SportsBet(
            secrets.token_hex(10), vendor, game_code, member_id, event_id, market, outcome,
            stake, odds, now,
        )  # fmt: skip
        self.bets[bet.bet_id] = bet
        return bet

    def settle(self, bet: SportsBet, now: datetime) -> bool:
        """Settle a bet whose event is over; False while it is still on."""
        _, kind, slot = events.parse_event(bet.event_id)
        event = events.event_at(bet.vendor, kind, slot)
        if now < event.ends_at:
            return False
        result = events.play(event)
        won = result.outcomes[bet.market] == bet.outcome
        bet.status = "WON" if won else "LOST"
        bet.win = events.payout(bet.stake, bet.odds, won)
        bet.result = f"{result.score[0]}-{result.score[1]}"
        return True

    async def settle_due(self, now: datetime) -> int:
        """Settle what is over and report the real-money rounds; returns rounds reported."""
        pending: dict[str, list[SportsBet]] = {}
        for bet in self.bets.values():
            if bet.status == "OPEN":
                self.settle(bet, now)
            if bet.status != "OPEN" and bet.member_id is not None and not bet.reported:
                pending.setdefault(bet.vendor, []).append(bet)
        for bet_id, bet in list(self.bets.items()):  # settled and reported a day ago: gone
            if bet.reported and (now - bet.placed_at).total_seconds() > KEEP_SECONDS:
                del self.bets[bet_id]
        reported = 0
        for vendor, bets in pending.items():
            for start in range(0, len(bets), 100):
                chunk = bets[start : start + 100]
                try:
                    await self.wallet.report_rounds(vendor, [_round(b) for b in chunk])
                except WalletError:
                    continue  # sent again on the next pass
                for bet in chunk:
                    bet.reported = True
                reported += len(chunk)
        return reported


def _round(bet: SportsBet) -> dict[str, Any]:
    return {
        "roundId": f"sb-{bet.bet_id}",
        "memberId": bet.member_id,
        "gameCode": bet.game_code,
        "bet": str(bet.stake),
        "win": str(bet.win),
        "status": "SETTLED",
    }


def event_view(event: events.Event) -> dict[str, Any]:
    return {
        "eventId": event.event_id,
        "home": event.home,
        "away": event.away,
        "startsAt": event.starts_at.isoformat() + "Z",
        "markets": {
            market: {outcome: str(odds) for outcome, odds in outcomes.items()}
            for market, outcomes in event.odds().items()
        },
    }


def bet_view(bet: SportsBet) -> dict[str, Any]:
    return {
        "betId": bet.bet_id,
        "eventId": bet.event_id,
        "market": bet.market,
        "outcome": bet.outcome,
        "stake": str(bet.stake),
        "odds": str(bet.odds),
        "status": bet.status,
        "win": str(bet.win),
        "result": bet.result,
    }
