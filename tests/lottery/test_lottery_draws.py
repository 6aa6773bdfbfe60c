"""Draw derivation: the documented algorithm, recomputed here from scratch; every draw a
possible one; and a chi-square test per family inside the 99 % interval, on enough draws that
every category expects at least 20 (100,000 draws at least, 1,000,000 at most)."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from statistics import NormalDist
from typing import Any

import pytest

from app.services.lottery import rng
from app.services.lottery.families import FAMILIES, VN_NORTH_SLOTS, VN_SOUTH_SLOTS, Draw

MIN_DRAWS = 100_000
MAX_DRAWS = 1_000_000
EXPECTED_PER_CATEGORY = 20


def draws_for(categories: int) -> int:
    """Chi-square wants every category to expect a fair count (5 is the textbook least): 20
    each, within the bounds (the 100,000 categories of the SSC reach the bound at 10 each)."""
    return min(MAX_DRAWS, max(MIN_DRAWS, EXPECTED_PER_CATEGORY * categories))


def documented_words(seed: str, key: str, beacon: str = "") -> Iterator[int]:
    """The word stream exactly as rng's documentation states it, written independently."""
    counter = 0
    while True:
        digest = hmac.new(seed.encode(), f"{key}:{beacon}:{counter}".encode(), hashlib.sha256)
        block = digest.digest()
        for i in range(8):
            yield int.from_bytes(block[4 * i : 4 * i + 4], "big")
        counter += 1


def documented_below(words: Iterator[int], n: int) -> int:
    limit = 2**32 - (2**32 % n)
    for word in words:
        if word < limit:
            return word % n
    raise AssertionError("unreachable")


def test_the_draw_is_the_documented_algorithm() -> None:
    seed, game, issue_no, beacon = "a" * 64, "11x5-1m", "20261123-0001", "ff" * 32
    words = documented_words(seed, f"{game}:{issue_no}", beacon)
    population = list(range(1, 12))
    expected = []
    for i in range(5):  # a partial Fisher-Yates shuffle from the front
        j = i + documented_below(words, 11 - i)
        population[i], population[j] = population[j], population[i]
        expected.append(population[i])
    stream = rng.stream(seed, game, issue_no, beacon)
    assert list(FAMILIES["11x5"].derive(stream)) == expected
    words = documented_words(seed, f"ssc-1m:{issue_no}")
    ssc = FAMILIES["ssc"].derive(rng.stream(seed, "ssc-1m", issue_no))
    assert list(ssc) == [documented_below(words, 10) for _ in range(5)]


def recipe_draw(recipe: dict[str, Any], words: Iterator[int]) -> list[int]:
    """A family's recipe as the verify page hands it to the browser (JSON), drawn the way
    assets/lottery-verify.js draws it, on the documented word stream."""
    if recipe["kind"] == "digits":
        return [
            documented_below(words, recipe["base"]) + recipe["add"] for _ in range(recipe["count"])
        ]
    if recipe["kind"] == "sample":
        moved: dict[int, int] = {}
        drawn = []
        for i in range(recipe["count"]):
            j = i + documented_below(words, recipe["population"] - i)
            drawn.append(moved.get(j, j) + recipe["start"])
            moved[j] = moved.get(i, i)
        return drawn
    assert recipe["kind"] == "ranged"
    return [documented_below(words, size) for size in recipe["sizes"]]


@pytest.mark.parametrize("code", sorted(FAMILIES))
def test_each_familys_recipe_for_the_browser_is_its_draw(code: str) -> None:
    family = FAMILIES[code]
    recipe = json.loads(json.dumps(family.recipe.plain()))
    for n, beacon in enumerate(("", "ab" * 32, "", "0f" * 32)):
        seed = f"recipe-{n}-" + "7" * 40
        words = documented_words(seed, f"{code}-1m:20261204-{n:04d}", beacon)
        expected = family.derive(rng.stream(seed, f"{code}-1m", f"20261204-{n:04d}", beacon))
        assert recipe_draw(recipe, words) == list(expected)


def test_the_prize_by_prize_draw_and_the_sample_follow_below() -> None:
    sizes = (10**6, 10**5, 100, 10**4, 10**3)
    one, two = rng.WordStream("c" * 64, "k"), rng.WordStream("c" * 64, "k")
    assert one.ranged(sizes) == tuple(two.below(size) for size in sizes)
    words = documented_words("c" * 64, "k2")
    population = list(range(10_000))
    expected = []
    for i in range(23):
        j = i + documented_below(words, 10_000 - i)
        population[i], population[j] = population[j], population[i]
        expected.append(population[i])
    assert rng.WordStream("c" * 64, "k2").sample(10_000, 23, start=0) == tuple(expected)


def test_rejection_sampling_skips_the_words_that_would_bias_the_draw() -> None:
    n = 3 * 2**30  # 2**32 % n == 2**30: one word in four must be rejected
    stream, words = rng.WordStream("b" * 64, "k"), documented_words("b" * 64, "k")
    for _ in range(200):
        value = stream.below(n)
        assert value == documented_below(words, n) and value < n


def test_a_draw_depends_on_seed_issue_and_beacon_only() -> None:
    family = FAMILIES["pk10"]
    first = family.derive(rng.stream("s" * 64, "pk10-1m", "20261123-0001"))
    assert first == family.derive(rng.stream("s" * 64, "pk10-1m", "20261123-0001"))
    assert first != family.derive(rng.stream("s" * 64, "pk10-1m", "20261123-0002"))
    assert first != family.derive(rng.stream("s" * 64, "pk10-1m", "20261123-0001", "01"))
    assert first != family.derive(rng.stream("t" * 64, "pk10-1m", "20261123-0001"))
    assert rng.seed_hash("abc") == hashlib.sha256(b"abc").hexdigest()


@pytest.mark.parametrize("code", sorted(FAMILIES))
def test_every_derived_draw_is_a_possible_draw(code: str) -> None:
    family = FAMILIES[code]
    for n in range(300):
        assert family.check(family.derive(rng.stream(rng.new_server_seed(), code, str(n))))


def chi_square_interval(df: int) -> tuple[float, float]:
    """The 0.5 % and 99.5 % quantiles of chi-square with `df` degrees of freedom
    (Wilson-Hilferty; within a fraction of a percent for the df used here)."""
    z = NormalDist().inv_cdf(0.995)
    spread = (2 / (9 * df)) ** 0.5

    def quantile(sign: int) -> float:
        return df * (1 - 2 / (9 * df) + sign * z * spread) ** 3

    return quantile(-1), quantile(1)


def statistic(counts: Counter[Hashable], categories: int, total: int) -> float:
    expected = total / categories
    seen = sum((count - expected) ** 2 / expected for count in counts.values())
    return seen + (categories - len(counts)) * expected  # categories never drawn


# Per family: what is counted from each draw, and into how many equally likely categories.
# Draws with replacement are tested on their joint outcome; draws without replacement on an
# ordered pair or triple of positions (or the first 4D prize); the Vietnamese draws on every
# prize's last two digits (the prizes are independent, so their statistics add up).
VIEWS: dict[str, tuple[Callable[[Draw], Hashable], int]] = {
    "ssc": (lambda d: d, 100_000),
    "11x5": (lambda d: d, 55_440),
    "k3": (lambda d: d, 216),
    "pk10": (lambda d: d[:3], 720),
    "lhc": (lambda d: (d[0], d[6]), 49 * 48),
    "pcb": (lambda d: d, 1000),
    "lf": (lambda d: d, 1000),
    "4d": (lambda d: d[0], 10_000),
}


def prize_by_prize(code: str) -> tuple[float, tuple[float, float]]:
    derive = FAMILIES[code].derive
    stream = rng.stream("chi-square-" + code, code, "evidence")
    prizes = len(VN_SOUTH_SLOTS if code == "vns" else VN_NORTH_SLOTS)
    counts = [0] * (prizes * 100)
    draws = draws_for(100)
    for _ in range(draws):
        for slot, number in enumerate(derive(stream)):
            counts[slot * 100 + number % 100] += 1
    expected = draws / 100
    value = sum((count - expected) ** 2 / expected for count in counts)
    return value, chi_square_interval(prizes * 99)


# Pure statistics over functions that the tests above cover line by line: measured without
# coverage's tracing, which would multiply their time.
@pytest.mark.slow
@pytest.mark.no_cover
@pytest.mark.parametrize("code", sorted(FAMILIES))
def test_draws_fall_inside_the_99_percent_interval(code: str) -> None:
    if code in ("vns", "vnn"):
        value, (low, high) = prize_by_prize(code)
    else:
        derive = FAMILIES[code].derive
        view, categories = VIEWS[code]
        stream = rng.stream("chi-square-" + code, code, "evidence")
        counts: Counter[Hashable] = Counter()
        draws = draws_for(categories)
        for _ in range(draws):
            counts[view(derive(stream))] += 1
        value = statistic(counts, categories, draws)
        low, high = chi_square_interval(categories - 1)
    assert low < value < high, f"{code}: chi-square {value:.1f} outside ({low:.1f}, {high:.1f})"
