"""What the studio's game page shows of a round (state/studio/studio_views.py): plain functions of
the outcome, checked here without a browser."""

from __future__ import annotations

from decimal import Decimal

import pytest

from app.core.i18n.formatting import format_game_multiplier
from app.services.studio.games import GAMES, roulette
from state.studio import studio_views
from state.studio.studio_views import Cell


def test_each_studio_game_has_a_page_kind() -> None:
    kinds = {code: studio_views.kind_of(game) for code, game in GAMES.items()}
    assert kinds["BGS_LIMBO"] == "limbo" and kinds["BGS_MINES"] == "mines"
    assert set(kinds.values()) <= {
        *studio_views.GRID_KINDS,
        "dice",
        "limbo",
        "mines",
        "plinko",
        "roulette",
    }


def test_a_slot_rings_the_cells_of_winning_lines_and_names_them() -> None:
    reels = [["TIGER", "A", "K"] for _ in range(5)]
    reels[4][0] = "SCATTER"
    detail = {
        "paylines": [[0, 0, 0, 0, 0], [1, 1, 1, 1, 1]],
        "base": {
            "reels": reels,
            "lines": [{"line": 1, "symbol": "TIGER", "count": 4}],
            "scatter_pays": False,
        },
        "free_spins": [],
    }
    grid = studio_views.slot_grid(detail, "en")
    assert grid.cols == 5 and len(grid.cells) == 15
    # Row by row: the first row holds each reel's top symbol; four of them won.
    assert [cell.hit for cell in grid.cells[:5]] == [True, True, True, True, False]
    assert not any(cell.hit for cell in grid.cells[5:])
    assert grid.cells[0] == Cell(icon="TIGER", label="TIGER", name="Tiger", hit=True)
    assert grid.lines == ["Line 1: 4 × Tiger"]
    assert studio_views.slot_grid(detail, "pt").lines == ["Linha 1: 4 × Tigre"]
    assert studio_views.slot_grid({}, "en").cells == []


def test_a_slot_with_scatters_and_free_spins_says_so() -> None:
    reels = [["SCATTER", "A", "K"] for _ in range(5)]
    detail = {
        "paylines": [],
        "base": {"reels": reels, "lines": [], "scatter_pays": True, "scatters": 5},
        "free_spins": [{}, {}],
    }
    grid = studio_views.slot_grid(detail, "en")
    assert all(cell.hit for cell in grid.cells[:5])
    assert len(grid.lines) == 2


def test_poker_cards_show_rank_suit_colour_the_hand_and_the_suggested_hold() -> None:
    cards = ["TD", "AS", "2H", "2C", "9S"]
    dealt = studio_views.poker_grid({"cards": cards, "hand": "nothing", "advice": [2, 3]}, "pt")
    assert [cell.icon for cell in dealt.cells] == ["10♦", "A♠", "2♥", "2♣", "9♠"]
    assert [cell.red for cell in dealt.cells] == [True, False, True, False, False]
    assert dealt.lines == ["Sugestão: manter 2♥ 2♣"] and dealt.cols == 5
    nothing = studio_views.poker_grid({"cards": cards, "hand": "nothing", "advice": []}, "en")
    assert nothing.lines == ["Suggested: draw all five"]
    # Drawn: a losing hand rings none of the cards held; a winning one rings them.
    lost = studio_views.poker_grid({"cards": cards, "held": [2, 3], "hand": "nothing"}, "en")
    assert not any(cell.hit for cell in lost.cells) and lost.lines == []
    pair = studio_views.poker_grid({"cards": cards, "held": [0, 1], "hand": "two_pair"}, "en")
    assert [cell.hit for cell in pair.cells] == [True, True, False, False, False]
    royal = studio_views.poker_grid({"cards": [], "hand": "royal_flush"}, "en")
    assert royal.lines == ["Royal flush"]


def test_scratch_and_bingo_grids() -> None:
    scratch = studio_views.scratch_grid(
        {"grid": [["COIN", "LEMON", "COIN"], ["COIN", "GRAPE", "LEMON"]], "cells": [0, 2, 3]},
        "en",
    )
    assert [cell.hit for cell in scratch.cells] == [True, False, True, True, False, False]
    assert scratch.lines == []
    won = studio_views.scratch_grid({"grid": [], "symbol": "COIN", "prize": "5"}, "en")
    assert won.lines == ["3 × Coin: pays 5 times the bet"]
    bingo = studio_views.bingo_grid(
        {"card": [[1, 0], [3, 4]], "marked": [[True, True], [False, True]], "balls": [1, 4]},
        "en",
    )
    assert [cell.icon for cell in bingo.cells] == ["1", "★", "3", "4"]
    assert [cell.hit for cell in bingo.cells] == [True, True, False, True]
    assert bingo.called == ["1", "4"] and bingo.lines == []
    assert studio_views.bingo_grid({"lines": [[0]]}, "en").lines == ["Lines completed: 1"]


def test_the_mine_field_shows_picks_safe_tiles_and_mines() -> None:
    assert studio_views.mine_tiles([0, 1], []) == ["pick", "pick", *[""] * 23]
    shown = studio_views.mine_tiles([0, 1], [1, 5])
    assert shown[:6] == ["safe", "boom", "", "", "", "mine"]
    assert len(shown) == studio_views.MINE_TILES


def test_roulette_chips_sum_per_bet_and_become_the_games_bets() -> None:
    placed = [
        ("split:1-2", Decimal("1.00")),
        ("red", Decimal("0.10")),
        ("split:1-2", Decimal("0.10")),
        ("corner:1-2-4-5", Decimal("0.20")),
    ]
    amounts = studio_views.table_amounts(placed)
    assert amounts == {
        "split:1-2": Decimal("1.10"),
        "red": Decimal("0.10"),
        "corner:1-2-4-5": Decimal("0.20"),
    }
    # the stake (1,40) splits as the chips lie: 11, 1 and 2 tenths
    units = studio_views.chip_units(amounts)
    assert units == {"split:1-2": 11, "red": 1, "corner:1-2-4-5": 2}
    assert studio_views.chip_units({"red": Decimal(500), "odd": Decimal(25000)}) == {
        "red": 1,
        "odd": 50,
    }
    assert [studio_views.chip_bet(key, n) for key, n in units.items()] == [
        {"kind": "split", "numbers": [1, 2], "units": 11},
        {"kind": "red", "units": 1},
        {"kind": "corner", "numbers": [1, 2, 4, 5], "units": 2},
    ]
    assert studio_views.chip_bet("dozen:3", 1) == {"kind": "dozen", "index": 3, "units": 1}
    assert studio_views.group_key("line", [6, 1, 2, 3, 4, 5]) == "line:1-2-3-4-5-6"


def test_roulette_bets_are_said_in_the_readers_words_and_money() -> None:
    amounts = {"split:1-2": Decimal("1.10"), "dozen:2": Decimal(5), "red": Decimal("1234.5")}
    rows = studio_views.table_bets(amounts, "pt", 2)
    assert [(r.label, r.amount) for r in rows] == [
        ("Cavalo 1/2", "1,10"),
        ("2ª dúzia", "5,00"),
        ("Vermelho", "1.234,50"),
    ]
    assert studio_views.table_bets({"street:0-2-3": Decimal(1)}, "en", 2)[0].label == (
        "Street 0/2/3"
    )


@pytest.mark.parametrize(
    ("value", "lang", "shown"),
    [
        (Decimal("2.500"), "en", "2.50x"),
        (Decimal("2.500"), "pt", "2,50x"),
        (Decimal("0"), "pt", "0,00x"),
        (Decimal("1000"), "pt", "1.000,00x"),
        (Decimal("5000"), "en", "5,000.00x"),
        (Decimal("1.4785"), "pt", "1,47x"),
        (Decimal("0.6666"), "en", "0.66x"),
        (Decimal("1E+3"), "en", "1,000.00x"),
    ],
)
def test_multipliers_are_shown_with_two_decimals_the_readers_way(
    value: Decimal, lang: str, shown: str
) -> None:
    assert format_game_multiplier(value, lang) == shown


def test_a_paytable_s_multipliers_take_the_readers_decimal_mark() -> None:
    pays = [row.pays for row in studio_views.paytable_rows(GAMES["BGS_DICE"], "pt")]
    assert any("," in p for p in pays) and not any("." in p for p in pays)
    english = [row.pays for row in studio_views.paytable_rows(GAMES["BGS_DICE"], "en")]
    assert [p.replace(",", ".") for p in pays] == english


@pytest.mark.parametrize(
    ("code", "lang", "label", "pays"),
    [
        ("BGS_DICE", "pt", "Chance de ganhar 49,5 %", "2,00x"),
        ("BGS_DICE", "en", "Win chance 49.5 %", "2.00x"),
        ("BGS_LIMBO", "pt", "Chance de 0,099 %", "1.000,00x"),
        ("BGS_SCRATCH_LUCKY", "pt", "3 × Diamante (chance de 1 em 100.000)", "1.000,00x"),
        ("BGS_SCRATCH_LUCKY", "en", "3 × Diamond (odds 1 in 100,000)", "1,000.00x"),
        ("BGS_PLINKO", "pt", "8 fileiras, risco baixo", "0,52x – 5,60x"),
        ("BGS_SLOT_JUNGLE", "pt", "3+ SCATTER: 10 giros grátis, prêmios × 3", "10 × 3,00x"),
        ("BGS_MINES", "pt", "Minas: 3 · casas abertas: 3", "1,47x"),
    ],
)
def test_a_paytable_s_every_number_is_written_the_readers_way(
    code: str, lang: str, label: str, pays: str
) -> None:
    """The chances, odds and multipliers of the labels as well as of the pays column (a
    Portuguese page read "Chance de ganhar 49.5 %" and "chance 1 : 100000")."""
    rows = {row.label: row.pays for row in studio_views.paytable_rows(GAMES[code], lang)}
    assert rows[label] == pays


def test_the_paytable_and_verify_summary_are_readable() -> None:
    rows = studio_views.paytable_rows(GAMES["BGS_DICE"], "pt")
    assert rows and all(row.label and "{" not in row.label for row in rows)
    dice = {"roll": "42.13", "target": "50.00", "direction": "under", "won": True}
    assert studio_views.outcome_summary(dice, "pt") == (
        "Número sorteado: 42,13 · Alvo: abaixo de 50,00"
    )
    slot = {"base": {"reels": [["A", "TOUCAN", "10"]]}, "free_spins": [{}]}
    assert studio_views.outcome_summary(slot, "pt") == (
        "Rolos, de cima para baixo: A Tucano 10 · Giros grátis: 1"
    )
    roulette = {"number": 0, "colour": "green", "chips": []}
    assert studio_views.outcome_summary(roulette, "en") == "Number: 0 (green)"


FAR, MID, NEAR = "calc(100% + .125rem)", "50%", "-.125rem"


@pytest.mark.parametrize(
    ("key", "upright", "across"),
    [
        # (column, row, x, y) of the number's cell the chip sits against: standing up 1 2 3
        # run across the table's first row (row 2, under the zero); lying across (xl) 1 is at
        # the bottom of the second column, 3 at its top.
        ("split:1-2", (1, 2, FAR, MID), (2, 3, MID, NEAR)),  # the line between 1 and 2
        ("split:1-4", (1, 2, MID, FAR), (2, 3, FAR, MID)),
        ("split:0-2", (2, 2, MID, NEAR), (2, 2, NEAR, MID)),  # on the zero's line
        ("corner:1-2-4-5", (1, 2, FAR, FAR), (2, 3, FAR, NEAR)),  # where the four meet
        ("corner:0-1-2-3", (1, 2, NEAR, NEAR), (2, 3, NEAR, FAR)),  # the first four
        ("street:4-5-6", (3, 3, FAR, MID), (3, 3, MID, FAR)),  # the row's edge by the dozens
        ("street:0-2-3", (2, 2, FAR, NEAR), (2, 2, NEAR, NEAR)),
        ("line:31-32-33-34-35-36", (3, 12, FAR, FAR), (12, 3, FAR, FAR)),
    ],
)
def test_a_chip_on_a_group_of_numbers_lies_on_its_line_or_corner(
    key: str, upright: tuple[int, int, str, str], across: tuple[int, int, str, str]
) -> None:
    kind, _, value = key.partition(":")
    spot = studio_views.group_place(kind, [int(n) for n in value.split("-")])
    assert (spot.col, spot.row, spot.x, spot.y) == upright
    assert (spot.x_col, spot.x_row, spot.xx, spot.xy) == across


def test_every_group_of_the_table_has_a_spot_of_its_own() -> None:
    """No two bets' chips on one point (a tap on a chip adds to its bet only)."""
    upright, across = [], []
    for kind, groups in roulette.GROUPS.items():
        if kind == "straight":
            continue
        for group in groups:
            spot = studio_views.group_place(kind, group)
            upright.append((spot.col, spot.row, spot.x, spot.y))
            across.append((spot.x_col, spot.x_row, spot.xx, spot.xy))
            assert studio_views.is_chip_key(studio_views.group_key(kind, group))
    count = sum(len(groups) for kind, groups in roulette.GROUPS.items() if kind != "straight")
    assert len(set(upright)) == len(set(across)) == len(upright) == count


def test_the_group_chips_are_the_table_bets_on_groups_with_their_words() -> None:
    amounts = {
        "straight:17": Decimal(1),
        "split:1-2": Decimal("1.10"),
        "red": Decimal(1),
        "line:1-2-3-4-5-6": Decimal(5),
    }
    spots = studio_views.group_spots(studio_views.table_bets(amounts, "pt", 2))
    assert [(s.key, s.label, s.amount) for s in spots] == [
        ("split:1-2", "Cavalo 1/2", "1,10"),
        ("line:1-2-3-4-5-6", "Linha 1/2/3/4/5/6", "5,00"),
    ]
    for key in ("straight:5", "split:2-1", "split:1-5", "corner:1-2", "split:a-b", "black"):
        assert studio_views.is_chip_key(key) == (key == "black"), key
