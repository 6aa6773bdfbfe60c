"""Blackjack as a live table deals it: an endless shoe (every card independent), the dealer
stands on every 17 and peeks for blackjack under an ace or a ten-value card, blackjack pays 3:2,
the player hits, stands or doubles on the first two cards (no split, no insurance).

The dealer's timeline is the order the cards are shown. `rtp()` is the exact return per unit of
the first bet when the player plays the best strategy (`best_action`), computed by recursion
over every hand with exact fractions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from functools import cache

from simulator.games.live_tables import RANKS, SUITS

HIT, STAND, DOUBLE = "HIT", "STAND", "DOUBLE"
ACTIONS = (HIT, STAND, DOUBLE)
CENT = Decimal("0.01")
# A card's value (an ace 1 here; a hand counts one ace as 11 when that does not bust it) and
# its chance in an endless shoe.
VALUES = {1: Fraction(1, 13), **{v: Fraction(1, 13) for v in range(2, 10)}, 10: Fraction(4, 13)}


def card_value(card: str) -> int:
    rank = card[:-1]
    return 1 if rank == "A" else 10 if rank in ("10", "J", "Q", "K") else int(rank)


def total(hard: int, has_ace: bool) -> int:
    return hard + 10 if has_ace and hard + 10 <= 21 else hard


def hand_total(cards: list[str]) -> int:
    values = [card_value(c) for c in cards]
    return total(sum(values), 1 in values)


def is_blackjack(cards: list[str]) -> bool:
    return len(cards) == 2 and hand_total(cards) == 21


@dataclass
class Hand:
    player: list[str]
    dealer: list[str]  # the second card is the hole card, hidden until the dealer plays
    doubled: bool = False
    done: bool = False
    order: list[tuple[str, str]] = field(default_factory=list)  # (P|D, card) as shown

    def may_double(self) -> bool:
        return not self.done and len(self.player) == 2 and not self.doubled


def _draw(rng: random.Random) -> str:
    return rng.choice(RANKS) + rng.choice(SUITS)


def start(rng: random.Random) -> Hand:
    """Two cards each; a blackjack on either side ends the hand at once (the dealer peeks)."""
    player = [_draw(rng), _draw(rng)]
    dealer = [_draw(rng), _draw(rng)]
    hand = Hand(player, dealer, order=[("P", player[0]), ("D", dealer[0]), ("P", player[1])])
    if is_blackjack(player) or is_blackjack(dealer):
        _finish(hand, rng, dealer_draws=False)
    return hand


def act(hand: Hand, action: str, rng: random.Random) -> Hand:
    """The player's decision; a bust, a 21, a stand or a double ends the player's turn."""
    if hand.done or action not in ACTIONS or (action == DOUBLE and not hand.may_double()):
        raise ValueError(action)
    if action == STAND:
        _finish(hand, rng)
        return hand
    card = _draw(rng)
    hand.player.append(card)
    hand.order.append(("P", card))
    if action == DOUBLE:
        hand.doubled = True
    if action == DOUBLE or hand_total(hand.player) >= 21:
        _finish(hand, rng, dealer_draws=hand_total(hand.player) <= 21)
    return hand


def _finish(hand: Hand, rng: random.Random, *, dealer_draws: bool = True) -> None:
    hand.order.append(("D", hand.dealer[1]))
    if dealer_draws and not is_blackjack(hand.player):
        while hand_total(hand.dealer) < 17:
            card = _draw(rng)
            hand.dealer.append(card)
            hand.order.append(("D", card))
    hand.done = True


def returns(hand: Hand) -> Fraction:
    """What a finished hand returns per unit of the first bet, stakes included."""
    player, dealer = hand_total(hand.player), hand_total(hand.dealer)
    if is_blackjack(hand.player):
        return Fraction(1) if is_blackjack(hand.dealer) else Fraction(5, 2)
    if is_blackjack(hand.dealer) or player > 21:
        return Fraction(0)
    staked = 2 if hand.doubled else 1
    if dealer > 21 or player > dealer:
        return Fraction(2 * staked)
    return Fraction(staked) if player == dealer else Fraction(0)


def payout(bet: Decimal, hand: Hand) -> Decimal:
    back = returns(hand)
    return (bet * back.numerator / back.denominator).quantize(CENT, rounding=ROUND_DOWN)


# The exact return under the best strategy.


def _add(hard: int, has_ace: bool, value: int) -> tuple[int, bool]:
    return hard + value, has_ace or value == 1


@cache
def _dealer_from(hard: int, has_ace: bool) -> tuple[tuple[int, Fraction], ...]:
    """The dealer's final totals (22 for a bust) from a hand, drawing to 17."""
    if total(hard, has_ace) >= 17:
        return ((min(total(hard, has_ace), 22), Fraction(1)),)
    final: dict[int, Fraction] = {}
    for value, chance in VALUES.items():
        for result, p in _dealer_from(*_add(hard, has_ace, value)):
            final[result] = final.get(result, Fraction(0)) + chance * p
    return tuple(sorted(final.items()))


@cache
def _dealer_final(up: int) -> tuple[tuple[int, Fraction], ...]:
    """The dealer's final totals under an upcard, knowing the dealer has no blackjack."""
    # the peek rules out the hole card that makes a blackjack
    holes = {v: c for v, c in VALUES.items() if {up, v} != {1, 10}}
    weight = sum(holes.values())
    final: dict[int, Fraction] = {}
    for value, chance in holes.items():
        for result, p in _dealer_from(*_add(up, up == 1, value)):
            final[result] = final.get(result, Fraction(0)) + chance / weight * p
    return tuple(sorted(final.items()))


def _stand(player: int, up: int) -> Fraction:
    return sum(
        (p * (1 if dealer > 21 or player > dealer else 0 if player == dealer else -1)
         for dealer, p in _dealer_final(up)),
        Fraction(0),
    )  # fmt: skip


@cache
def _best(hard: int, has_ace: bool, up: int) -> Fraction:
    """The expected net of a hand the player may still hit (not double), playing best."""
    if hard > 21:
        return Fraction(-1)
    return max(_stand(total(hard, has_ace), up), _hit(hard, has_ace, up))


@cache
def _hit(hard: int, has_ace: bool, up: int) -> Fraction:
    return sum(
        (chance * _best(*_add(hard, has_ace, value), up) for value, chance in VALUES.items()),
        Fraction(0),
    )


@cache
def _double(hard: int, has_ace: bool, up: int) -> Fraction:
    net = Fraction(0)
    for value, chance in VALUES.items():
        after = _add(hard, has_ace, value)
        net += chance * (-1 if after[0] > 21 else _stand(total(*after), up))
    return 2 * net


def best_action(player: list[str], up_card: str) -> str:
    """The strategy `rtp()` assumes, for a hand still in play."""
    values = [card_value(c) for c in player]
    hard, has_ace, up = sum(values), 1 in values, card_value(up_card)
    choices = {STAND: _stand(total(hard, has_ace), up), HIT: _hit(hard, has_ace, up)}
    if len(player) == 2:
        choices[DOUBLE] = _double(hard, has_ace, up)
    return max(choices, key=lambda action: choices[action])


@cache
def rtp() -> Fraction:
    net = Fraction(0)
    for up, p_up in VALUES.items():
        dealer_bj = VALUES[10] if up == 1 else VALUES[1] if up == 10 else Fraction(0)
        for (first, p1), (second, p2) in ((a, b) for a in VALUES.items() for b in VALUES.items()):
            chance = p_up * p1 * p2
            hard, has_ace = first + second, 1 in (first, second)
            if total(hard, has_ace) == 21:
                net += chance * (1 - dealer_bj) * Fraction(3, 2)
                continue
            play = max(_stand(total(hard, has_ace), up), _hit(hard, has_ace, up),
                       _double(hard, has_ace, up))  # fmt: skip
            net += chance * (dealer_bj * -1 + (1 - dealer_bj) * play)
    return 1 + net
