"""Every play of every family, as data: the judges that read a draw and the plays of each
family, built with the builders of play_kinds.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from fractions import Fraction

from app.services.lottery.families import VN_NORTH_SLOTS, VN_SOUTH_SLOTS, Slot
from app.services.lottery.play_kinds import (
    TIE,
    WIN,
    Judge,
    Limits,
    Mode,
    Option,
    Play,
    Table,
    four_d,
    grouped,
    official_options,
    official_tables,
    on,
    options,
    pair_play,
    positional,
    quoted,
    slot_play,
)

# ---- judges ------------------------------------------------------------------------------------


def _two_sided(
    value: Callable[[tuple[int, ...]], int],
    big: Callable[[int], bool | None],
    *,
    void: Callable[[tuple[int, ...]], bool] = lambda view: False,
    parity_ties: bool = True,
) -> dict[str, Judge]:
    """big/small/odd/even on a number read from the view. `big` answers None for a tie value:
    big and small get their stake back, and odd and even too when `parity_ties`. On a `void`
    view every option loses."""

    def judge(option: str) -> Judge:
        def decide(view: tuple[int, ...]) -> str | None:
            if void(view):
                return None
            number = value(view)
            is_big = big(number)
            if is_big is None and (parity_ties or option in ("big", "small")):
                return TIE
            hit = {
                "big": is_big is True,
                "small": is_big is False,
                "odd": number % 2 == 1,
                "even": number % 2 == 0,
            }[option]
            return option if hit else None

        return decide

    return {option: judge(option) for option in ("big", "small", "odd", "even")}


def _first(view: tuple[int, ...]) -> int:
    return view[0]


def _per_position(count: int, judges: Mapping[str, Judge]) -> dict[str, Option]:
    """The same judges (reading one number) for each position: options "<position>:<name>"."""
    return {
        f"{position + 1}:{name}": ((position,), judge)
        for position in range(count)
        for name, judge in judges.items()
    }


def _number_is(number: int) -> Judge:
    return lambda view: WIN if view[0] == number else None


def _numbers(low: int, high: int) -> dict[str, Judge]:
    return {str(n): _number_is(n) for n in range(low, high + 1)}


def _elott(lines: Mapping[str, str]) -> dict[Mode, Table]:
    return {Mode.ELOTT: {line: Decimal(odds) for line, odds in lines.items()}}


def _sum_is(total: int) -> Judge:
    return lambda view: str(total) if sum(view) == total else None


BSOE = {"big": "1.8", "small": "1.8", "odd": "1.8", "even": "1.8"}
K3_SUM_ODDS = {
    3: "194.4", 4: "64.8", 5: "32.4", 6: "19.44", 7: "12.96", 8: "9.257", 9: "7.776", 10: "7.2",
    11: "7.2", 12: "7.776", 13: "9.257", 14: "12.96", 15: "19.44", 16: "32.4", 17: "64.8",
    18: "194.4",
}  # fmt: skip
PC28_SUM_ODDS = {
    0: "837", 1: "300", 2: "150", 3: "90", 4: "60", 5: "42.85", 6: "32.14", 7: "25", 8: "20",
    9: "16.36", 10: "14.28", 11: "13.04", 12: "12.32", 13: "12", 14: "12", 15: "12.32",
    16: "13.04", 17: "14.28", 18: "16.36", 19: "20", 20: "25", 21: "32.14", 22: "42.85",
    23: "60", 24: "90", 25: "150", 26: "300", 27: "837",
}  # fmt: skip
LHC_RED = {1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46}
LHC_BLUE = {3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48}


def _ssc_plays() -> list[Play]:
    five = (0, 1, 2, 3, 4)
    return [
        positional("ssc.star5.direct", "ssc", five, 100_000),
        positional("ssc.front3.direct", "ssc", (0, 1, 2), 1000),
        grouped("ssc.front3.group6", "ssc", (0, 1, 2), 3, Fraction(1000, 6)),
        official_options("ssc.position", "ssc", _per_position(5, _numbers(0, 9)), 10),
        options(
            "ssc.position.bsoe",
            "ssc",
            _per_position(5, _two_sided(_first, lambda n: n >= 5)),
            _elott(BSOE),
        ),
        options("ssc.sum.bsoe", "ssc", on(five, _two_sided(sum, lambda t: t >= 23)), _elott(BSOE)),
        # Dragon is the first digit above the last, tiger below; an equal pair is a draw, on
        # which dragon and tiger lose.
        options(
            "ssc.dragon_tiger",
            "ssc",
            on(
                (0, 4),
                {
                    "dragon": lambda v: "dragon" if v[0] > v[1] else None,
                    "tiger": lambda v: "tiger" if v[0] < v[1] else None,
                    "draw": lambda v: "draw" if v[0] == v[1] else None,
                },
            ),
            _elott({"dragon": "1.899", "tiger": "1.899", "draw": "8.55"}),
        ),
    ]


def _x115_plays() -> list[Play]:
    five = (0, 1, 2, 3, 4)
    # A ball of 11 is a tie for that ball's big/small and odd/even; a total of 30 for the
    # total's.
    ball = _two_sided(_first, lambda n: None if n == 11 else n >= 6)
    return [
        positional("11x5.front3.direct", "11x5", (0, 1, 2), 990),
        grouped("11x5.front3.group", "11x5", (0, 1, 2), 3, Fraction(165)),
        grouped("11x5.any2", "11x5", five, 2, Fraction(55, 10), subset=True),
        grouped("11x5.any5", "11x5", five, 5, Fraction(462)),
        official_options("11x5.position", "11x5", _per_position(5, _numbers(1, 11)), 11),
        options("11x5.position.bsoe", "11x5", _per_position(5, ball), _elott(BSOE)),
        options(
            "11x5.sum.bsoe",
            "11x5",
            on(five, _two_sided(sum, lambda t: None if t == 30 else t > 30, parity_ties=False)),
            # Six of the eleven balls are odd, so an odd total is the likelier one.
            _elott({"big": "1.8", "small": "1.8", "odd": "1.76", "even": "1.83"}),
        ),
    ]


def _all_show(number: int) -> Judge:
    return lambda view: WIN if all(die == number for die in view) else None


def _at_least_two_show(number: int) -> Judge:
    return lambda view: WIN if view.count(number) >= 2 else None


def _any_shows(number: int) -> Judge:
    return lambda view: WIN if number in view else None


def _colour_is(colour: str) -> Judge:
    return lambda view: colour if _lhc_colour(view[0]) == colour else None


def _is_triple(view: tuple[int, ...]) -> bool:
    return view[0] == view[1] == view[2]


def _k3_plays() -> list[Play]:
    dice = (0, 1, 2)
    return [
        options(
            "k3.sum",
            "k3",
            on(dice, {str(total): _sum_is(total) for total in K3_SUM_ODDS}),
            _elott({str(total): odds for total, odds in K3_SUM_ODDS.items()}),
        ),
        # Big (11-17) / small (4-10) and odd / even lose on any triple.
        options(
            "k3.bsoe",
            "k3",
            on(dice, _two_sided(sum, lambda t: t >= 11, void=_is_triple)),
            _elott(BSOE),
        ),
        official_options(
            "k3.triple",
            "k3",
            on(
                dice,
                {str(n): _all_show(n) for n in range(1, 7)},
            ),
            216,
        ),
        official_options(
            "k3.triple.any", "k3", on(dice, {"any": lambda v: WIN if _is_triple(v) else None}), 36
        ),
        options(
            "k3.pair",
            "k3",
            on(
                dice,
                {str(n): _at_least_two_show(n) for n in range(1, 7)},
            ),
            _elott({WIN: "12.15"}),
        ),
        # A single number pays once, however many dice show it.
        options(
            "k3.single",
            "k3",
            on(dice, {str(n): _any_shows(n) for n in range(1, 7)}),
            _elott({WIN: "2.13"}),
        ),
    ]


def _pk10_plays() -> list[Play]:
    # Dragon/tiger pairs positions 1 v 10, 2 v 9 … 5 v 6 (two cars never tie).
    dragon_tiger = {
        f"{p + 1}:{name}": ((p, 9 - p), judge)
        for p in range(5)
        for name, judge in {
            "dragon": lambda v: "dragon" if v[0] > v[1] else None,
            "tiger": lambda v: "tiger" if v[0] < v[1] else None,
        }.items()
    }
    return [
        positional("pk10.top3.direct", "pk10", (0, 1, 2), 720),
        official_options("pk10.position", "pk10", _per_position(10, _numbers(1, 10)), 10),
        options(
            "pk10.position.bsoe",
            "pk10",
            _per_position(10, _two_sided(_first, lambda n: n >= 6)),
            _elott(BSOE),
        ),
        options(
            "pk10.dragon_tiger", "pk10", dragon_tiger, _elott({"dragon": "1.8", "tiger": "1.8"})
        ),
        options(
            "pk10.top2.sum",
            "pk10",
            on((0, 1), _two_sided(sum, lambda t: t >= 12)),
            _elott({"big": "2.025", "small": "1.62", "odd": "1.62", "even": "2.025"}),
        ),
    ]


def _lhc_colour(number: int) -> str:
    return "red" if number in LHC_RED else "blue" if number in LHC_BLUE else "green"


def _lhc_plays() -> list[Play]:
    special = (6,)
    return [
        options(
            "lhc.special",
            "lhc",
            on(special, _numbers(1, 49)),
            {**_elott({WIN: "44.1"}), **official_tables(Fraction(49))},
        ),
        # 49 is a tie for the special number's big/small and odd/even.
        options(
            "lhc.special.bsoe",
            "lhc",
            on(special, _two_sided(_first, lambda n: None if n == 49 else n >= 25)),
            _elott(BSOE),
        ),
        options(
            "lhc.special.colour",
            "lhc",
            on(
                special,
                {colour: _colour_is(colour) for colour in ("red", "blue", "green")},
            ),
            _elott({"red": "2.59", "blue": "2.75", "green": "2.75"}),
        ),
    ]


def _three_digit_plays(family: str) -> list[Play]:
    digits = (0, 1, 2)
    two_sided = options(
        f"{family}.sum.bsoe", family, on(digits, _two_sided(sum, lambda t: t >= 14)), _elott(BSOE)
    )
    if family == "pcb":
        return [
            options(
                "pcb.sum",
                "pcb",
                on(digits, {str(total): _sum_is(total) for total in PC28_SUM_ODDS}),
                _elott({str(total): odds for total, odds in PC28_SUM_ODDS.items()}),
            ),
            two_sided,
        ]
    return [
        positional(f"{family}.direct", family, digits, 1000),
        grouped(f"{family}.group6", family, digits, 3, Fraction(1000, 6)),
        official_options(f"{family}.position", family, _per_position(3, _numbers(0, 9)), 10),
        two_sided,
    ]


# Vietnamese plays: which prizes each bet type covers (indices into the region's prize list).
def _indices(slots: tuple[Slot, ...], *prizes: str, digits: int = 2) -> tuple[int, ...]:
    return tuple(
        i for i, slot in enumerate(slots) if slot.prize in prizes and slot.digits >= digits
    )


def _all(slots: tuple[Slot, ...], digits: int) -> tuple[int, ...]:
    return tuple(i for i, slot in enumerate(slots) if slot.digits >= digits)


VN_TABLES = {
    2: _elott({"hit": "75"}),
    3: _elott({"hit": "650"}),
    4: _elott({"hit": "5500"}),
}
VN_LIMITS = Limits(min_stake=Decimal("1.00"), max_stake=Decimal("5000.00"))


def _vn_plays(family: str) -> list[Play]:
    south = family == "vns"
    slots = VN_SOUTH_SLOTS if south else VN_NORTH_SLOTS
    head2 = _indices(slots, "eighth" if south else "seventh")
    head3 = _indices(slots, "seventh" if south else "sixth", digits=3)
    special = _indices(slots, "special")

    def play(name: str, chosen: tuple[int, ...], digits: int, reverse: bool = False) -> Play:
        return slot_play(
            f"{family}.{name}",
            family,
            slots,
            chosen,
            digits,
            VN_TABLES[digits],
            reverse=reverse,
            limits=VN_LIMITS,
        )

    plays = [
        play("dd", head2 + special, 2),
        play("dau", head2, 2),
        play("duoi", special, 2),
        play("xc", head3 + special, 3),
        play("b2", _all(slots, 2), 2),
        play("b3", _all(slots, 3), 3),
        play("b4", _all(slots, 4), 4),
        play("daob", _all(slots, 2), 2, reverse=True),
        play("daob3", _all(slots, 3), 3, reverse=True),
    ]
    # Đá on one station's draw: 1:750 in the South and Centre, 1:650 in the North, and the
    # nháy bonus of half that for each repeat of a number (research).
    da_odds = {"hit": "750", "nhay": "375"} if south else {"hit": "650", "nhay": "325"}
    plays.append(pair_play(f"{family}.da", family, _all(slots, 2), _elott(da_odds), VN_LIMITS))
    if south:
        # Đá on two stations of one draw: 1:550 over the 36 lô of both (research).
        both = _all(slots, 2) + tuple(len(slots) + i for i in _all(slots, 2))
        two = _elott({"hit": "550", "nhay": "275"})
        plays.append(pair_play(f"{family}.da2", family, both, two, VN_LIMITS, stations=2))
        plays.append(
            play("b7l", _indices(slots, "eighth", "seventh", "sixth", "fifth", "special"), 2)
        )
    else:
        plays.append(play("b8l", _indices(slots, "seventh", "sixth", "special"), 2))
    return plays


def _four_d_plays() -> list[Play]:
    return [
        four_d(
            "4d.big",
            {
                "first": quoted("2500"),
                "second": quoted("1000"),
                "third": quoted("500"),
                "starter": quoted("180"),
                "consolation": quoted("60"),
            },
        ),
        four_d(
            "4d.small", {"first": quoted("3500"), "second": quoted("2000"), "third": quoted("1000")}
        ),
    ]


def catalogue() -> dict[str, Play]:
    plays = [
        *_ssc_plays(),
        *_x115_plays(),
        *_k3_plays(),
        *_pk10_plays(),
        *_lhc_plays(),
        *_three_digit_plays("pcb"),
        *_three_digit_plays("lf"),
        *_vn_plays("vns"),
        *_vn_plays("vnn"),
        *_four_d_plays(),
    ]
    return {play.code: play for play in plays}
