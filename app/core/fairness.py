"""Provably-fair randomness for the BGS studio.

Before play the player sees `seed_hash(server_seed)` (SHA-256 of the seed string). Each round's
outcome comes from HMAC-SHA256(key=server_seed, msg=f"{client_seed}:{nonce}:{cursor}"), read as
an endless stream of floats in [0, 1). The hash commits to the seed without revealing it; only the
seed itself (revealed on rotation) lets anyone recompute — and verify — the stream.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, MutableSequence
from typing import TypeVar

FLOATS_PER_DIGEST = 8
_BYTES_PER_FLOAT = 4
_FLOAT_SCALE = 256**_BYTES_PER_FLOAT

T = TypeVar("T")


def new_server_seed() -> str:
    """64 hex characters (256 bits) from the OS's cryptographic generator."""
    return secrets.token_hex(32)


def seed_hash(server_seed: str) -> str:
    """The commitment shown before play: SHA-256 hex of the seed string."""
    return hashlib.sha256(server_seed.encode()).hexdigest()


def new_client_seed() -> str:
    """16 hex characters; the player may replace it with any text of their own."""
    return secrets.token_hex(8)


def digest(server_seed: str, client_seed: str, nonce: int, cursor: int) -> bytes:
    message = f"{client_seed}:{nonce}:{cursor}".encode()
    return hmac.new(server_seed.encode(), message, hashlib.sha256).digest()


def floats(server_seed: str, client_seed: str, nonce: int) -> Iterator[float]:
    """Infinite stream of floats in [0, 1): 8 per digest, each from 4 bytes as
    sum(byte_i / 256**(i+1)) — that is, a big-endian 32-bit integer divided by 2**32."""
    cursor = 0
    while True:
        block = digest(server_seed, client_seed, nonce, cursor)
        for start in range(0, FLOATS_PER_DIGEST * _BYTES_PER_FLOAT, _BYTES_PER_FLOAT):
            yield int.from_bytes(block[start : start + _BYTES_PER_FLOAT], "big") / _FLOAT_SCALE
        cursor += 1


def below(rng: Iterator[float], n: int) -> int:
    """An integer in [0, n) from one float (floor(u * n)); the bias is below n / 2**32."""
    return min(int(next(rng) * n), n - 1)


def shuffle(rng: Iterator[float], items: MutableSequence[T]) -> MutableSequence[T]:
    """Fisher-Yates in place, from the top down, one float per swap; returns `items`."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def draw(rng: Iterator[float], population: list[T], k: int) -> list[T]:
    """The first `k` of a partial Fisher-Yates shuffle: k distinct items, in draw order."""
    pool = list(population)
    for i in range(k):
        j = i + below(rng, len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]
