"""Crash's provable fairness: a hash chain made in advance, a public salt, the crash point and
the curve, all pure functions (no database, no clock).

The chain: a secret last seed `chain[N]`, then `chain[i - 1] = SHA-256(chain[i])` (hex of the
hex text) down to `chain[0]`, the terminal hash published before the first round. Round `i`
(1 … N) uses `chain[i]`, so each round's seed hashes to the one before it and `i` hashes lead
to the terminal: nobody can compute a later seed from the revealed ones, and the operator cannot
swap one without breaking the chain. The chain is stored as its last seed and checkpoints every
`CHECKPOINT_EVERY` links (encrypted), so any seed is at most that many hashes away.

The crash point: h = HMAC-SHA256(key=seed, message=salt); r = the first 52 bits of h; with
the house edge b in basis points, crash = floor((10000 − b) × 2^52 / (100 × (2^52 − r))) / 100,
shown as at least 1.00. A cash-out at t (in hundredths, t ≥ 1.01) pays when crash ≥ t, which
holds for exactly floor((10000 − b) × 2^52 / (100 × t)) of the 2^52 values of r: the return of
every target is t × that / 2^52, that is 1 − b / 10000 less under t / 2^52 (`rtp`).

The curve: multiplier(ms) = e^(GROWTH × ms) from 1.00 at the start, floored to hundredths; a
round crashes at the first millisecond where it reaches its crash point (`duration_ms`).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from fractions import Fraction

BITS = 52
GROWTH = 0.00006  # per millisecond: 2x after 11.6 s, 10x after 38 s, 100x after 77 s
CHECKPOINT_EVERY = 1000
FULL_EDGE = 10_000  # basis points
SHOWN_FLOOR = 100  # a crash point below 1.00 shows (and crashes) at 1.00
# The curve stops growing past e^700: above every crash point (all are below e^41) and
# below a float's end (e^709.78, 3.3 hours into a round): a round crashed hours ago still reads.
TOP_EXPONENT = 700.0


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def new_last_seed() -> str:
    return secrets.token_hex(32)


def build_chain(last_seed: str, length: int) -> tuple[str, dict[int, str]]:
    """The terminal hash `chain[0]` and the checkpoints {index: chain[index]} kept to find any
    seed again: every CHECKPOINT_EVERY-th index, and the last seed itself."""
    checkpoints = {length: last_seed}
    value = last_seed
    for index in range(length, 0, -1):
        value = sha256_hex(value)  # now chain[index - 1]
        if (index - 1) % CHECKPOINT_EVERY == 0 and index - 1 > 0:
            checkpoints[index - 1] = value
    return value, checkpoints


def seed_at(checkpoints: dict[int, str], index: int) -> str:
    """chain[index], hashed down from the nearest checkpoint above it."""
    above = min(k for k in checkpoints if k >= index)
    value = checkpoints[above]
    for _ in range(above - index):
        value = sha256_hex(value)
    return value


def hashes_to(seed: str, index: int) -> str:
    """What `index` hashes of a round's seed give: the terminal hash, for an honest chain."""
    value = seed
    for _ in range(index):
        value = sha256_hex(value)
    return value


def crash_hundredths(seed: str, salt: str, edge_bp: int, bits: int = BITS) -> int:
    """The round's crash point in hundredths (≥ 100); `bits` is smaller only in tests that
    enumerate every value."""
    digest = hmac.new(seed.encode(), salt.encode(), hashlib.sha256).hexdigest()
    return crash_of(int(digest, 16) >> (256 - bits), edge_bp, bits)


def crash_of(r: int, edge_bp: int, bits: int = BITS) -> int:
    """The crash point (hundredths) of the digest's leading `bits` bits, read as r."""
    span = 1 << bits
    return max(SHOWN_FLOOR, (FULL_EDGE - edge_bp) * span // (100 * (span - r)))


def winning_values(target: int, edge_bp: int, bits: int = BITS) -> int:
    """How many of the 2^bits values of r give a crash point ≥ target (hundredths > 100)."""
    return (FULL_EDGE - edge_bp) * (1 << bits) // (100 * target)


def rtp(target: int, edge_bp: int, bits: int = BITS) -> Fraction:
    """The exact return of cashing out at `target` hundredths."""
    return Fraction(target, 100) * Fraction(winning_values(target, edge_bp, bits), 1 << bits)


def duration_ms(hundredths: int) -> int:
    """Milliseconds from the start until the curve reaches the crash point (0 for 1.00)."""
    if hundredths <= SHOWN_FLOOR:
        return 0
    ms = math.ceil(math.log(hundredths / 100) / GROWTH)
    while multiplier_at(ms) < hundredths:  # float rounding: the curve must have reached it
        ms += 1
    while ms > 0 and multiplier_at(ms - 1) >= hundredths:
        ms -= 1
    return ms


def multiplier_at(elapsed_ms: int) -> int:
    """The curve, in hundredths, `elapsed_ms` after the start."""
    if elapsed_ms <= 0:
        return SHOWN_FLOOR
    exponent = min(GROWTH * elapsed_ms, TOP_EXPONENT)
    return max(SHOWN_FLOOR, math.floor(100 * math.exp(exponent) + 1e-9))
