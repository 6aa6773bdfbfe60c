"""Provably-fair primitives: pinned vectors (checked once against `openssl dgst -sha256 -hmac`),
determinism, independence of nonce/client seed, distribution sanity and the seed commitment."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections import Counter
from itertools import islice

from app.core.fairness import (
    below,
    digest,
    draw,
    floats,
    new_client_seed,
    new_server_seed,
    seed_hash,
    shuffle,
)

ZERO_SEED = "0" * 64


def test_seeds_have_the_promised_shape_and_are_fresh() -> None:
    servers = {new_server_seed() for _ in range(50)}
    clients = {new_client_seed() for _ in range(50)}
    assert len(servers) == 50 and len(clients) == 50
    assert all(re.fullmatch(r"[0-9a-f]{64}", s) for s in servers)
    assert all(re.fullmatch(r"[0-9a-f]{16}", c) for c in clients)


def test_hash_commits_to_the_seed_string() -> None:
    assert seed_hash(ZERO_SEED) == (
        "60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55"
    )
    seed = new_server_seed()
    assert seed_hash(seed) == hashlib.sha256(seed.encode()).hexdigest()
    assert seed_hash(seed) != seed_hash(seed[:-1] + ("1" if seed[-1] != "1" else "2"))


def test_pinned_vector() -> None:
    # openssl: printf 'client:0:0' | openssl dgst -sha256 -hmac 000…000 (64 zeros)
    assert digest(ZERO_SEED, "client", 0, 0).hex() == (
        "fe7c1367538d6ccf4d0be430bde1079389741a0e1ce752a5e8c7ae7321d1d6ec"
    )
    first = list(islice(floats(ZERO_SEED, "client", 0), 10))
    assert first[0] == 0xFE7C1367 / 2**32 == 0.994080746313557
    assert first[1] == 0.3263767247553915
    assert first[7] == 0.13210814725607634
    # the 9th float comes from the next cursor
    second_digest = hmac.new(ZERO_SEED.encode(), b"client:0:1", hashlib.sha256).digest()
    assert first[8] == int.from_bytes(second_digest[:4], "big") / 2**32 == 0.40298621356487274


def test_each_float_is_the_sum_of_its_bytes() -> None:
    block = digest(ZERO_SEED, "abc", 7, 0)
    stream = list(islice(floats(ZERO_SEED, "abc", 7), 8))
    for i, value in enumerate(stream):
        chunk = block[4 * i : 4 * i + 4]
        assert value == sum(b / 256 ** (k + 1) for k, b in enumerate(chunk))


def test_the_stream_is_deterministic() -> None:
    seed, client = new_server_seed(), new_client_seed()
    assert list(islice(floats(seed, client, 42), 100)) == list(
        islice(floats(seed, client, 42), 100)
    )


def test_nonce_client_seed_and_server_seed_each_change_the_stream() -> None:
    seed, client = new_server_seed(), new_client_seed()
    base = list(islice(floats(seed, client, 1), 16))
    assert list(islice(floats(seed, client, 2), 16)) != base
    assert list(islice(floats(seed, client + "x", 1), 16)) != base
    assert list(islice(floats(new_server_seed(), client, 1), 16)) != base


def test_floats_are_uniform_enough() -> None:
    values = list(islice(floats(ZERO_SEED, "uniform", 0), 80_000))
    assert all(0.0 <= v < 1.0 for v in values)
    assert abs(sum(values) / len(values) - 0.5) < 0.005
    buckets = Counter(int(v * 10) for v in values)
    # chi-square with 9 degrees of freedom; 27.9 is the 0.1 % critical value
    expected = len(values) / 10
    chi2 = sum((buckets[b] - expected) ** 2 / expected for b in range(10))
    assert chi2 < 27.9


def test_below_shuffle_and_draw() -> None:
    rng = floats(ZERO_SEED, "ints", 0)
    counts = Counter(below(rng, 6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 10_000) < 500 for c in counts.values())
    deck = list(range(52))
    shuffled = shuffle(floats(ZERO_SEED, "deck", 0), list(deck))
    assert sorted(shuffled) == deck and shuffled != deck
    drawn = draw(floats(ZERO_SEED, "deck", 0), deck, 10)
    assert len(set(drawn)) == 10 and set(drawn) <= set(deck)
    assert drawn == draw(floats(ZERO_SEED, "deck", 0), deck, 10)


def test_the_published_hash_is_no_key_to_the_stream() -> None:
    # what the player sees before play (the hash) does not give the rounds' floats
    seed, client = new_server_seed(), new_client_seed()
    published = seed_hash(seed)
    assert published != seed
    from_hash = list(islice(floats(published, client, 0), 16))
    assert from_hash != list(islice(floats(seed, client, 0), 16))
