"""A fishing (shooting) game: every shot is a bet; a shot at a fish of multiplier m catches it
with chance RTP / m and then pays m times the shot. Each fish returns exactly TARGET_RTP."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

TARGET_RTP = Fraction(96, 100)
FISH: dict[str, int] = {"clownfish": 2, "pufferfish": 5, "turtle": 10, "shark": 30, "dragon": 100}


def shoot(rng: random.Random, fish: str, bet: Decimal) -> Decimal:
    m = FISH[fish]
    caught = rng.random() < float(TARGET_RTP / m)
    return bet * m if caught else Decimal("0")


def rtp(fish: str) -> Fraction:
    return (TARGET_RTP / FISH[fish]) * FISH[fish]
