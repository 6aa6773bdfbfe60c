"""Plinko: the path comes from the round's seeds and anyone holding the revealed seed finds it
again; choices are checked; the board the page draws follows the path. (The exact RTP of every
table: tests/studio/test_studio_rtp.py.)"""

from __future__ import annotations

import secrets
from decimal import Decimal

import pytest

from app.core import fairness
from app.core.errors import AppError
from app.services.studio import rounds, seeds
from app.services.studio.games import GAMES, plinko
from state.studio import plinko_board
from state.studio.studio_views import kind_of, outcome_summary

PLINKO = "BGS_PLINKO"


def test_plinko_is_an_original_with_a_board_of_its_own() -> None:
    assert isinstance(GAMES[PLINKO], plinko.Plinko)
    assert kind_of(GAMES[PLINKO]) == "plinko"


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({"rows": 7, "risk": "low"}, "studio-plinko-rows"),
        ({"rows": 17, "risk": "low"}, "studio-plinko-rows"),
        ({"rows": "16", "risk": "low"}, "studio-plinko-rows"),
        ({"rows": True, "risk": "low"}, "studio-plinko-rows"),
        ({"risk": "low"}, "studio-plinko-rows"),
        ({"rows": 12, "risk": "extreme"}, "studio-plinko-risk"),
        ({"rows": 12}, "studio-plinko-risk"),
    ],
)
def test_bad_choices_are_refused(params: dict[str, object], code: str) -> None:
    with pytest.raises(AppError) as caught:
        plinko.Plinko().check(params)
    assert caught.value.code == code


def test_the_slot_is_the_number_of_rights_and_pays_its_table() -> None:
    game = plinko.Plinko()
    for rows in (8, 13, 16):
        for risk in plinko.RISKS:
            stream = fairness.floats("a" * 64, "client", rows)
            outcome = game.play(stream, {"rows": rows, "risk": risk})
            path = outcome.detail["path"]
            assert len(path) == rows and set(path) <= {0, 1}
            assert outcome.detail["slot"] == sum(path)
            assert outcome.multiplier == plinko.multipliers(rows, risk)[sum(path)]


async def test_a_played_drop_is_found_again_from_the_revealed_seed() -> None:
    player = rounds.demo_player(secrets.token_urlsafe(16))
    played = [
        await rounds.play(player, PLINKO, "1.00", {"rows": rows, "risk": risk})
        for rows, risk in ((8, "low"), (12, "medium"), (16, "high"))
    ]
    revealed, _ = await seeds.rotate(player.owner)
    for view in played:
        checked = await rounds.verify(player.owner, view.round_id)
        assert checked.matches and checked.detail == view.detail
        # by hand: one float per row, right when it is at least one half
        stream = fairness.floats(revealed.server_seed, view.client_seed, view.nonce)
        path = [1 if next(stream) >= 0.5 else 0 for _ in range(view.detail["rows"])]
        assert view.detail["path"] == path
        pays = plinko.multipliers(view.detail["rows"], view.detail["risk"])[sum(path)]
        assert view.multiplier == pays and view.payout == (view.stake * pays).quantize(
            Decimal("0.01")
        )
        bounces = " ".join("R" if side else "L" for side in path)
        assert f"Bounces, top to bottom: {bounces} · Slot: {sum(path) + 1}" in outcome_summary(
            view.detail, "en"
        )


def test_the_board_follows_the_path_into_its_slot() -> None:
    rows = 12
    assert len(plinko_board.pegs(rows)) == sum(r + 3 for r in range(rows))
    slots = plinko_board.slots(rows, "high", hit=3)
    assert [s.hit for s in slots].index(True) == 3 and len(slots) == rows + 1
    assert slots[0].tone == "edge" and slots[rows // 2].tone == "low"
    portuguese = [s.pays for s in plinko_board.slots(16, "high", mark=",")]
    assert portuguese[0] == "1000" and any("," in p for p in portuguese)
    assert [p.replace(",", ".") for p in portuguese] == [
        s.pays for s in plinko_board.slots(16, "high")
    ]
    path = [1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1]
    points = plinko_board.ball_points(path)
    step = plinko_board.spacing(rows)
    landed = Decimal(points[-1][0])
    slot_centre = Decimal(plinko_board.WIDTH) / 2 + (sum(path) - Decimal(rows) / 2) * step
    assert abs(landed - slot_centre) < Decimal("0.01")
    frames = plinko_board.ball_keyframes("plinko-drop-1", path)
    assert frames.startswith("@keyframes plinko-drop-1 {") and "100% {" in frames
