"""What the Crash page shows, made by plain functions: outcomes in the reader's language,
masked names as given, the verify lines of a round."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from app.services.brands import Money
from app.services.studio.crash import rounds as crash_rounds
from app.services.studio.crash.rounds import FeedLine, OwnBet, PastRound, Verification
from models.crash import CrashBet, CrashBetStatus, CrashRound
from state.rows import epoch_ms
from state.studio import crash_views

BRL = Money("R$", 2)


def test_feed_rows_say_each_bets_outcome_in_the_readers_language() -> None:
    lines = (
        FeedLine(1, "ma***09", "BRL", Decimal("10.00"), "CASHED", Decimal("1.5"), Decimal(15)),
        FeedLine(2, "jo***42", "BRL", Decimal("2.50"), "LOST", None, Decimal(0)),
        FeedLine(3, "an***11", "BRL", Decimal("1.00"), "OPEN", None, Decimal(0)),
    )
    rows = crash_views.feed_rows(lines, "pt", BRL)
    assert [(r.name, r.stake, r.outcome, r.cashed, r.lost) for r in rows] == [
        ("ma***09", "R$\xa010,00", "Retirou em 1,50x", True, False),
        ("jo***42", "R$\xa02,50", "Perdeu", False, True),
        ("an***11", "R$\xa01,00", "Em jogo", False, False),
    ]
    assert crash_views.feed_rows(lines, "en", BRL)[0].outcome == "Cashed out at 1.50x"


def test_past_rounds_and_own_bets_link_to_their_rounds() -> None:
    past = crash_views.past_rows(
        [PastRound("crash-9", 9, Decimal("1.00")), PastRound("crash-8", 8, Decimal("12.34"))],
        "en",
    )
    assert [(p.round_id, p.multiplier, p.high) for p in past] == [
        ("crash-9", "1.00x", False),
        ("crash-8", "12.34x", True),
    ]
    bet = OwnBet(
        5, "crash-8", 8, 2, Decimal("3.00"), Decimal("2.00"), CrashBetStatus.CASHED,
        Decimal("2.00"), Decimal("6.00"), Decimal("12.34"), datetime(2026, 11, 29, tzinfo=UTC),
    )  # fmt: skip
    (row,) = crash_views.mine_rows([bet], "pt", BRL)
    assert (row.round_id, row.number, row.slot, row.outcome, row.payout) == (
        "crash-8",
        "Rodada nº 8",
        "Aposta 2",
        "Retirou em 2,00x",
        "R$\xa06,00",
    )


def test_a_verification_lists_every_check_and_says_no_where_one_fails() -> None:
    check = Verification(
        "crash-3", 1, 3, "s" * 64, "p" * 64, "t" * 64, "salt", 100,
        Decimal("1.87"), Decimal("1.87"), True, False,
    )  # fmt: skip
    lines = crash_views.verification_rows(check, "en")
    values = {key: value for key, _, value in lines}
    assert values["crash.verify.links"] == "yes"
    assert values["crash.verify.terminal"] == "NO"
    assert values["crash.verify.edge"] == "1.00 %"
    assert values["crash.verify.recomputed"] == "1.87x"
    assert not check.matches


def _round() -> CrashRound:
    """Round 7, betting until its start, crashing at 2.50x nine seconds later."""
    start = datetime(2026, 12, 3, 12, tzinfo=UTC)
    return CrashRound(
        id=7, merchant_id=1, chain_id=1, number=7, seed_encrypted="", seed_hash="h",
        crash_hundredths=250, house_edge_bp=100, started_at=start,
        crash_at=start + timedelta(seconds=9),
    )  # fmt: skip


def _bet(number: int, stake: Decimal, status: CrashBetStatus) -> CrashBet:
    return CrashBet(
        id=number,
        round_id=7,
        merchant_id=1,
        member_id=number,
        slot=1,
        shown_name=f"p{number}",
        currency="BRL",
        stake=stake,
        status=status,
        wallet_session_encrypted="",
    )


def test_the_feed_shows_the_largest_bets_and_counts_the_rest() -> None:
    """A round with more bets than the feed holds: its FEED_LINES largest stakes, every bet
    the wallet took counted (not one waiting for it or refused), the rest said in words."""
    row = _round()
    start = row.started_at
    extra = crash_rounds.FEED_LINES + 5
    bets = [_bet(n, Decimal(n), CrashBetStatus.OPEN) for n in range(1, extra + 1)]
    bets += [_bet(900, Decimal(1000), CrashBetStatus.PENDING)]
    bets += [_bet(901, Decimal(1000), CrashBetStatus.REFUSED)]
    state = crash_rounds.state_of(row, crash_rounds.RoundBets.of(bets), start)
    assert [line.stake for line in state.feed] == [
        Decimal(n) for n in range(extra, 5, -1)
    ]  # the largest first
    assert state.bettors == extra
    assert crash_views.feed_more(state, "pt") == "Mais apostas nesta rodada: 5"
    assert crash_views.feed_more(state, "en") == "More bets this round: 5"
    whole = crash_rounds.state_of(row, crash_rounds.RoundBets.of(bets[5:]), start)
    assert whole.bettors == len(whole.feed) and crash_views.feed_more(whole, "en") == ""


def test_a_round_crashed_hours_ago_still_shows_its_crash_point() -> None:
    """A brand whose rounds stopped (the driver down, Crash switched off): its last round,
    crashed hours ago, is what the board shows, at its crash point (the curve then would
    be past any float)."""
    row = _round()
    state = crash_rounds.state_of(
        row, crash_rounds.RoundBets.of([]), row.started_at + timedelta(hours=4)
    )
    assert (state.phase, state.crash, state.multiplier) == (
        crash_rounds.Phase.CRASHED, Decimal("2.5"), Decimal("2.5")
    )  # fmt: skip


def _board(bets: list[CrashBet], now: datetime) -> crash_rounds.Board:
    row = _round()
    taken = crash_rounds.RoundBets.of(bets)
    past = [crash_rounds.PastRound("crash-6", 6, Decimal("1.20"))]
    return crash_rounds.Board(crash_rounds.state_of(row, taken, now), past, taken.slots)


def test_the_live_message_writes_the_board_in_the_readers_language() -> None:
    """One message per brand and language for every Crash tab (app/crash_live.py): the
    round, its phase and every text written the reader's way; the crash point only once
    crashed; the server's time stamped as it leaves."""
    start = _round().started_at
    bets = [_bet(1, Decimal(5), CrashBetStatus.CASHED), _bet(2, Decimal(3), CrashBetStatus.LOST)]
    bets[0].cashout_hundredths = 150
    crashed = json.loads(
        crash_views.board_body(_board(bets, start + timedelta(seconds=10)), "pt", BRL)
    )
    assert (crashed["round"], crashed["label"], crashed["phase"]) == (
        "crash-7", "Rodada nº 7", "crashed"
    )  # fmt: skip
    assert (crashed["crash"], crashed["status"]) == ("2.50", "Estourou em 2,50x")
    assert [
        (r["name"], r["stake"], r["outcome"], r["cashed"], r["lost"]) for r in crashed["feed"]
    ] == [
        ("p1", "R$\xa05,00", "Retirou em 1,50x", True, False),
        ("p2", "R$\xa03,00", "Perdeu", False, True),
    ]
    assert crashed["note"] == "" and crashed["start"] == epoch_ms(start)
    assert crashed["past"] == [{"round_id": "crash-6", "multiplier": "1,20x", "high": False}]
    betting = json.loads(
        crash_views.board_body(_board([], start - timedelta(seconds=3)), "en", BRL)
    )
    assert (betting["phase"], betting["crash"], betting["status"]) == ("betting", "", "")
    assert (betting["feed"], betting["note"]) == ([], "No bets in this round yet.")
    running = json.loads(
        crash_views.board_body(_board([], start + timedelta(seconds=1)), "en", BRL)
    )
    assert (running["phase"], running["crash"], running["status"]) == ("running", "", "In flight")
    none = crash_rounds.Board(None, [], {})
    assert json.loads(crash_views.board_body(none, "pt", BRL)) == {
        "phase": "",
        "status": "A próxima rodada começa em breve",
        "note": "Ainda não há apostas nesta rodada.",
    }
    sent = json.loads(crash_views.stamped(crash_views.board_body(none, "en", BRL), start))
    assert sent["server"] == epoch_ms(start) and sent["phase"] == ""
