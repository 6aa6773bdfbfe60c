"""Draw derivation: the only way a private issue's numbers come to be.

Before an issue opens, the engine commits to `seed_hash(server_seed)` (SHA-256 hex of the seed
string) and, where the game is configured with one, to a public beacon round. At the draw the
numbers are read from a stream of 32-bit words:

    block(c) = HMAC-SHA256(key = server_seed, msg = f"{issue_key}:{beacon}:{c}")   c = 0, 1, ...
    words    = each block split into 8 big-endian 32-bit unsigned integers, in order

`beacon` is the beacon round's randomness in hex, or the empty string for games without one;
`issue_key` is `f"{game_code}:{issue_no}"`. A number below `n` is taken by rejection sampling:
a word `w` is used only if `w < 2**32 - (2**32 % n)`, and then gives `w % n` (no modulo bias);
a rejected word is skipped and the next one tried. Draws without replacement are a partial
Fisher-Yates shuffle of the population (1 … N, or 0 … N-1) from the front: step `i` swaps
position `i` with position `i + below(N - i)`, and the first `k` positions are the draw, in
draw order. Anyone holding the revealed seed can recompute an issue with `derive` below (the
`lottery-verify` command and the verify page do exactly that; the verify page also has the
player's browser redo it, by assets/lottery-verify.js, which must follow this description too).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct

WORD_BITS = 32
WORDS_PER_BLOCK = 8
_WORD_RANGE = 1 << WORD_BITS
_WORDS = struct.Struct(">8I")  # a digest as 8 big-endian 32-bit words


def new_server_seed() -> str:
    """64 hex characters (256 bits) from the operating system's cryptographic generator."""
    return secrets.token_hex(32)


def seed_hash(server_seed: str) -> str:
    """The commitment published before an issue opens: SHA-256 hex of the seed string."""
    return hashlib.sha256(server_seed.encode()).hexdigest()


def issue_key(game_code: str, issue_no: str) -> str:
    return f"{game_code}:{issue_no}"


class WordStream:
    """The endless stream of 32-bit words of one issue (see the module's description)."""

    __slots__ = ("_block", "_counter", "_index", "_key", "_prefix")

    def __init__(self, server_seed: str, key: str, beacon: str = "") -> None:
        self._key = server_seed.encode()
        self._prefix = f"{key}:{beacon}:"
        self._counter = 0
        self._block: tuple[int, ...] = ()
        self._index = WORDS_PER_BLOCK

    def _refill(self) -> None:
        message = f"{self._prefix}{self._counter}".encode()
        self._block = _WORDS.unpack(hmac.digest(self._key, message, "sha256"))
        self._counter += 1
        self._index = 0

    def word(self) -> int:
        if self._index == WORDS_PER_BLOCK:
            self._refill()
        value = self._block[self._index]
        self._index += 1
        return value

    def below(self, n: int) -> int:
        """An integer uniform in [0, n), by rejection sampling (no modulo bias)."""
        if not 0 < n <= _WORD_RANGE:
            raise ValueError(f"range {n} outside 1 … 2**32")
        limit = _WORD_RANGE - (_WORD_RANGE % n)
        while True:
            if self._index == WORDS_PER_BLOCK:
                self._refill()
            value = self._block[self._index]
            self._index += 1
            if value < limit:
                return value % n

    def digits(self, count: int, base: int = 10) -> tuple[int, ...]:
        """`count` independent numbers in [0, base) (with replacement): `below(base)` taken
        `count` times, written out as one loop because draws call it millions of times."""
        limit = _WORD_RANGE - (_WORD_RANGE % base)
        drawn: list[int] = []
        while len(drawn) < count:
            if self._index == WORDS_PER_BLOCK:
                self._refill()
            value = self._block[self._index]
            self._index += 1
            if value < limit:
                drawn.append(value % base)
        return tuple(drawn)

    def ranged(self, sizes: tuple[int, ...]) -> tuple[int, ...]:
        """`below(size)` for each size in turn, as one loop (a Vietnamese draw is 18 or 27)."""
        drawn: list[int] = []
        for size in sizes:
            limit = _WORD_RANGE - (_WORD_RANGE % size)
            while True:
                if self._index == WORDS_PER_BLOCK:
                    self._refill()
                value = self._block[self._index]
                self._index += 1
                if value < limit:
                    drawn.append(value % size)
                    break
        return tuple(drawn)

    def sample(self, population: int, k: int, start: int = 1) -> tuple[int, ...]:
        """`k` distinct numbers of `start … start + population - 1`, in draw order: a partial
        Fisher-Yates shuffle from the front, kept sparse (only moved positions are stored):
        step i swaps position i with position i + below(population - i)."""
        if not 0 <= k <= population:
            raise ValueError(f"cannot draw {k} of {population}")
        moved: dict[int, int] = {}
        drawn: list[int] = []
        for i in range(k):
            size = population - i
            limit = _WORD_RANGE - (_WORD_RANGE % size)
            while True:
                if self._index == WORDS_PER_BLOCK:
                    self._refill()
                value = self._block[self._index]
                self._index += 1
                if value < limit:
                    break
            j = i + value % size
            drawn.append(moved.get(j, j) + start)
            moved[j] = moved.get(i, i)
        return tuple(drawn)


def stream(server_seed: str, game_code: str, issue_no: str, beacon: str = "") -> WordStream:
    return WordStream(server_seed, issue_key(game_code, issue_no), beacon)
