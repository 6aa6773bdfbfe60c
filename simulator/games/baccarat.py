"""Punto banco baccarat, as a live table plays it: a shoe of eight decks, the tableau's third
card rules, bets on Player (pays 1:1), Banker (0.95:1) and Tie (8:1; Player and Banker bets are
returned on a tie). The table's dealer timeline: betting opens, closes, cards are dealt one by
one, the result is announced. `rtp()` computes each bet's return exactly for an infinite shoe
(every card value independent: a ten-value card 4/13, each other value 1/13): Banker 98.94%,
Player 98.77%, Tie 85.88%.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
PLAYER, BANKER, TIE = "PLAYER", "BANKER", "TIE"
BETS = (PLAYER, BANKER, TIE)
PAYOUT = {PLAYER: Decimal("1"), BANKER: Decimal("0.95"), TIE: Decimal("8")}
DECKS = 8


def value(card: str) -> int:
    rank = card[:-1]
    return 0 if rank in ("10", "J", "Q", "K") else 1 if rank == "A" else int(rank)


def banker_draws(banker: int, player_third: int | None) -> bool:
    """The tableau: whether the banker draws on `banker` given the player's third card."""
    if player_third is None:
        return banker <= 5
    if banker <= 2:
        return True
    if banker == 3:
        return player_third != 8
    if banker == 4:
        return 2 <= player_third <= 7
    if banker == 5:
        return 4 <= player_third <= 7
    if banker == 6:
        return player_third in (6, 7)
    return False


@dataclass(frozen=True)
class Coup:
    player: tuple[str, ...]
    banker: tuple[str, ...]
    player_total: int
    banker_total: int
    winner: str
    order: tuple[tuple[str, str], ...]  # (side, card) in the order the dealer deals them


def _total(cards: list[str]) -> int:
    return sum(value(card) for card in cards) % 10


def deal(draw: list[str]) -> Coup:
    """One coup from the top of `draw` (cards are popped from its end)."""
    player = [draw.pop(), draw.pop()]
    banker = [draw.pop(), draw.pop()]
    order = [("P", player[0]), ("B", banker[0]), ("P", player[1]), ("B", banker[1])]
    natural = _total(player) >= 8 or _total(banker) >= 8
    third: int | None = None
    if not natural:
        if _total(player) <= 5:
            player.append(draw.pop())
            order.append(("P", player[2]))
            third = value(player[2])
        if banker_draws(_total(banker), third):
            banker.append(draw.pop())
            order.append(("B", banker[-1]))
    p, b = _total(player), _total(banker)
    winner = PLAYER if p > b else BANKER if b > p else TIE
    return Coup(tuple(player), tuple(banker), p, b, winner, tuple(order))


def new_shoe(rng: random.Random) -> list[str]:
    shoe = [rank + suit for rank in RANKS for suit in SUITS] * DECKS
    rng.shuffle(shoe)
    return shoe


def payout(bet_on: str, amount: Decimal, coup: Coup) -> Decimal:
    """What a settled bet returns (stake included); 0 for a lost bet."""
    if coup.winner == TIE and bet_on != TIE:
        return amount
    if coup.winner != bet_on:
        return Decimal("0")
    return (amount + amount * PAYOUT[bet_on]).quantize(Decimal("0.01"))


def outcome_odds() -> dict[str, Fraction]:
    """Exact chances of Player, Banker and Tie for an infinite shoe."""
    values = {v: Fraction(4 if v == 0 else 1, 13) for v in range(10)}
    odds = {PLAYER: Fraction(0), BANKER: Fraction(0), TIE: Fraction(0)}

    def settle(p: int, b: int, chance: Fraction) -> None:
        odds[PLAYER if p > b else BANKER if b > p else TIE] += chance

    for p1, c1 in values.items():
        for p2, c2 in values.items():
            for b1, c3 in values.items():
                for b2, c4 in values.items():
                    chance = c1 * c2 * c3 * c4
                    p, b = (p1 + p2) % 10, (b1 + b2) % 10
                    if p >= 8 or b >= 8:
                        settle(p, b, chance)
                        continue
                    if p <= 5:
                        for p3, c5 in values.items():
                            pp = (p + p3) % 10
                            if banker_draws(b, p3):
                                for b3, c6 in values.items():
                                    settle(pp, (b + b3) % 10, chance * c5 * c6)
                            else:
                                settle(pp, b, chance * c5)
                    elif banker_draws(b, None):
                        for b3, c6 in values.items():
                            settle(p, (b + b3) % 10, chance * c6)
                    else:
                        settle(p, b, chance)
    return odds


def rtp() -> dict[str, Fraction]:
    """Each bet's exact return per unit staked."""
    odds = outcome_odds()
    return {
        PLAYER: odds[PLAYER] * 2 + odds[TIE],
        BANKER: odds[BANKER] * Fraction(195, 100) + odds[TIE],
        TIE: odds[TIE] * 9,
    }
