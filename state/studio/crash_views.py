"""What the Crash page shows, as plain functions of the service's values: no state, no Reflex
(tests/studio/test_crash_views.py). Amounts and multipliers are formatted per locale here."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime
from decimal import Decimal

from app.core.i18n import translate
from app.core.i18n.formatting import format_amount, format_count
from app.services.brands import Money
from app.services.studio.crash.rounds import (
    Board,
    FeedLine,
    OwnBet,
    PastRound,
    Phase,
    RoundState,
    Verification,
)
from models.crash import CrashBetStatus
from state.rows import epoch_ms

STATUS_KEYS = {
    CrashBetStatus.OPEN: "crash.riding",
    CrashBetStatus.PENDING: "crash.riding",
    CrashBetStatus.LOST: "crash.lost",
    CrashBetStatus.VOIDED: "crash.voided",
}


@dataclass
class FeedRow:
    name: str = ""
    stake: str = ""
    outcome: str = ""
    cashed: bool = False
    lost: bool = False


@dataclass
class PastRow:
    round_id: str = ""
    multiplier: str = ""
    high: bool = False  # 2x or more: shown in the winning colour


@dataclass
class MineRow:
    round_id: str = ""
    number: str = ""
    slot: str = ""
    stake: str = ""
    outcome: str = ""
    payout: str = ""
    cashed: bool = False


def multiplier(value: Decimal, lang: str) -> str:
    return format_amount(value.quantize(Decimal("0.01")), lang)


def cashed_notice(cashout: Decimal, payout: Decimal, lang: str, money: Money) -> str:
    """What a cash-out says beside the buttons: its multiplier and what it paid."""
    return translate(
        "crash.cashed_notice",
        lang,
        multiplier=multiplier(cashout, lang),
        amount=money.write(payout, lang),
    )


def outcome(status: str, cashout: Decimal | None, lang: str) -> str:
    if status == CrashBetStatus.CASHED and cashout is not None:
        return translate("crash.cashed", lang, multiplier=multiplier(cashout, lang))
    return translate(STATUS_KEYS.get(CrashBetStatus(status), "crash.riding"), lang)


def feed_rows(lines: tuple[FeedLine, ...], lang: str, money: Money) -> list[FeedRow]:
    return [
        FeedRow(
            name=line.shown_name,
            stake=money.write(line.stake, lang),
            outcome=outcome(line.status, line.cashout, lang),
            cashed=line.status == CrashBetStatus.CASHED,
            lost=line.status == CrashBetStatus.LOST,
        )
        for line in lines
    ]


def feed_more(state: RoundState, lang: str) -> str:
    """How many of the round's bets the feed (its largest) leaves out; "" when none."""
    more = state.bettors - len(state.feed)
    return translate("crash.feed_more", lang, count=format_count(more, lang)) if more > 0 else ""


def board_body(board: Board, lang: str, money: Money) -> str:
    """The brand's board as every Crash tab shows it, for the live socket (app/crash_live.py)
    and assets/crash.js: a JSON object, every text written in `lang`, without the server's
    time (`stamped` adds it as the message leaves)."""
    state = board.state
    if state is None:
        # No round yet: the feed's card says so rather than stand empty under its heading.
        return json.dumps(
            {
                "phase": "",
                "status": translate("crash.waiting", lang),
                "note": translate("crash.feed_empty", lang),
            }
        )
    shown = "" if state.crash is None else multiplier(state.crash, lang)
    statuses = {
        Phase.RUNNING: translate("crash.running", lang),
        Phase.CRASHED: translate("crash.crashed", lang, multiplier=shown),
    }
    feed = feed_rows(state.feed, lang, money)
    return json.dumps(
        {
            "round": state.round_id,
            "label": translate("crash.round", lang, number=state.number),
            "phase": state.phase,
            "start": epoch_ms(state.started_at),
            "crash": "" if state.crash is None else f"{state.crash:.2f}",
            "status": statuses.get(state.phase, ""),
            "seed": state.seed_hash,
            "feed": [asdict(row) for row in feed],
            "note": feed_more(state, lang) or ("" if feed else translate("crash.feed_empty", lang)),
            "past": [asdict(row) for row in past_rows(board.past, lang)],
        },
        separators=(",", ":"),
    )


def stamped(body: str, now: datetime) -> str:
    """A board's message with the server's time as it leaves (the curve's clock)."""
    return f'{{"server":{epoch_ms(now)},{body[1:]}'


def past_rows(rounds: list[PastRound], lang: str) -> list[PastRow]:
    return [PastRow(r.round_id, multiplier(r.crash, lang) + "x", r.crash >= 2) for r in rounds]


def mine_rows(bets: list[OwnBet], lang: str, money: Money) -> list[MineRow]:
    return [
        MineRow(
            round_id=b.round_id,
            number=translate("crash.round", lang, number=b.number),
            slot=translate("crash.bet_slot", lang, slot=b.slot),
            stake=money.write(b.stake, lang),
            outcome=outcome(b.status, b.cashout, lang),
            payout=money.write(b.payout, lang),
            cashed=b.status == CrashBetStatus.CASHED,
        )
        for b in bets
    ]


def verification_rows(check: Verification, lang: str) -> list[tuple[str, dict[str, object], str]]:
    """(catalog key, its placeholders, value) for each line of a round's verification."""

    def yes(flag: bool) -> str:
        return translate("crash.yes" if flag else "crash.no", lang)

    return [
        ("crash.verify.number", {}, format_count(check.number, lang)),
        ("crash.verify.seed", {}, check.seed),
        ("crash.verify.previous", {}, check.previous),
        ("crash.verify.links", {}, yes(check.links_to_previous)),
        ("crash.chain", {}, check.terminal_hash),
        ("crash.verify.terminal", {"number": check.number}, yes(check.reaches_terminal)),
        ("crash.salt", {}, check.salt),
        ("crash.verify.edge", {}, format_amount(Decimal(check.house_edge_bp) / 100, lang) + " %"),
        ("crash.verify.stored", {}, multiplier(check.stored, lang) + "x"),
        ("crash.verify.recomputed", {}, multiplier(check.recomputed, lang) + "x"),
    ]
