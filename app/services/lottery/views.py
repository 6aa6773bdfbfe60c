"""The lottery's read model: what the pages and the API show, as dataclasses.

Both doors (the Reflex pages and the /lgw calls) read the lottery through these functions
only, so a lobby, a board or a bet looks the same everywhere:

- `lobby(merchant, area, prize_mode, now)`: the games of an area (LOTT, ELOTT, VN, SEA) in a
  prize mode, each with its families' next issue;
- `board(merchant, game_code, prize_mode, now)`: one game's betting board: the issue taking
  bets with its close time, the next issues, the last results and the plays on offer (with
  their paytable and exact RTP);
- `results(game_code, page, page_size)`: drawn issues, newest first;
- `trend(game_code, draws)`: per position, how often each number came and how many draws
  each has been missing (omission) over the last N draws;
- `my_bets(member, kind, page, page_size)`: a member's open or settled bets with payout;
- `verification(game_code, issue_no)`: a drawn issue recomputed from its revealed seed.

Nothing here writes. Areas group the engine's games by the catalogue vendor whose cards open
them: LOTT and ELOTT are the vendor LOTT's games in the official or the two-sided prize mode,
VN the Vietnamese draws (TCG_LOTTO_VN), SEA the 4D draws (TCG_SEA).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, Generic, TypeVar

from sqlalchemy import func
from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.currencies import limit_scale
from app.services.lottery import issues as issue_service
from app.services.lottery.bets import MIN_RTP_BY_CURRENCY, Market
from app.services.lottery.families import FAMILIES, VN_SLOTS
from app.services.lottery.games import GAMES, Game, game
from app.services.lottery.plays import PLAYS, Mode, Play, offered, rtp
from models import Member
from models.lottery import BetStatus, IssueStatus, LotteryBet, LotteryChase, LotteryIssue

LOTT, ELOTT, VN, SEA = "LOTT", "ELOTT", "VN", "SEA"
AREAS = (LOTT, ELOTT, VN, SEA)
AREA_VENDORS: dict[str, str] = {
    LOTT: "LOTT",
    ELOTT: "LOTT",
    VN: "TCG_LOTTO_VN",
    SEA: "TCG_SEA",
}
# The prize modes an area offers; the first is its default.
AREA_MODES: dict[str, tuple[Mode, ...]] = {
    LOTT: (Mode.LOTT, Mode.ZY, Mode.ELOTT),
    ELOTT: (Mode.ELOTT,),
    VN: (Mode.ELOTT,),
    SEA: (Mode.SEA,),
}
VENDOR_AREAS: dict[str, str] = {"LOTT": LOTT, "ELOTT": ELOTT, "TCG_LOTTO_VN": VN, "TCG_SEA": SEA}
PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
RESULTS_ON_BOARD = 10
UPCOMING_ON_BOARD = 5
TREND_DRAWS = 30
MAX_TREND_DRAWS = 200
BET_KINDS = ("open", "settled", "all")
DRAWN = (IssueStatus.DRAWN, IssueStatus.SETTLED)
T = TypeVar("T")


# ---- values ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IssueView:
    game_code: str
    issue_no: str
    status: str
    station: str | None
    open_at: datetime
    close_at: datetime
    draw_at: datetime
    seed_hash: str | None  # public from creation (private games)
    beacon_round: int | None
    numbers: list[int] | None  # the result, once drawn
    server_seed: str | None  # revealed at the draw
    result_source: str | None

    @property
    def betting(self) -> bool:
        return self.status in issue_service.BETTING


@dataclass(frozen=True)
class LobbyGame:
    code: str
    family: str
    vendor: str
    official: bool
    interval_minutes: int | None  # fast private games: 1, 3 or 5
    close_seconds: int
    plays: int  # plays on offer in the lobby's prize mode
    next_issue: IssueView | None


@dataclass(frozen=True)
class Lobby:
    area: str
    prize_mode: str
    modes: tuple[str, ...]  # the prize modes the area offers
    families: tuple[str, ...]
    games: list[LobbyGame]


@dataclass(frozen=True)
class PlayView:
    code: str
    family: str
    prize_mode: str
    odds: dict[str, Decimal]  # paytable line → return per stake unit (the stake included)
    rtp: Decimal  # exact, to 4 decimals (0.9000 = 90 %)
    min_stake: Decimal
    max_stake: Decimal
    max_exposure: Decimal


@dataclass(frozen=True)
class Board:
    game: LobbyGame
    prize_mode: str
    current: IssueView | None  # the issue taking bets now (closes first)
    upcoming: list[IssueView]  # the next issues after it
    last_results: list[IssueView]
    plays: list[PlayView]
    now: datetime

    @property
    def seconds_to_close(self) -> int | None:
        if self.current is None:
            return None
        return max(0, int((self.current.close_at - self.now).total_seconds()))


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    total: int
    page: int
    page_size: int

    @property
    def total_pages(self) -> int:
        return max(1, -(-self.total // self.page_size))


@dataclass(frozen=True)
class PositionStats:
    """One position of a draw (or, for prize lists, the last two digits of every prize)."""

    position: int  # 1-based; 0 for "every prize" (Vietnam, 4D)
    label: str
    counts: dict[int, int]  # number → times drawn in the window
    omission: dict[int, int]  # number → draws since it last came (window length if never)
    max_omission: dict[int, int]  # number → longest run without it in the window


@dataclass(frozen=True)
class Trend:
    game_code: str
    draws: int  # how many drawn issues the statistics cover
    issues: list[IssueView]  # newest first
    positions: list[PositionStats]


@dataclass(frozen=True)
class BetView:
    uid: str
    game_code: str
    issue_no: str
    play_code: str
    prize_mode: str
    selection: list[list[object]]
    bet_count: int
    unit: Decimal
    multiplier: int
    stake: Decimal
    status: str
    payout: Decimal
    odds: dict[str, str]
    chase_uid: str | None
    placed_at: datetime
    settled_at: datetime | None
    issue_status: str
    close_at: datetime
    numbers: list[int] | None  # its issue's result, once drawn
    partner_issue_no: str | None = None  # đá on two stations: the second station's issue
    partner_numbers: list[int] | None = None  # and its result, once drawn

    @property
    def net(self) -> Decimal:
        return self.payout - self.stake if self.status == BetStatus.SETTLED else Decimal("0.00")


@dataclass(frozen=True)
class VerificationView:
    game_code: str
    issue_no: str
    source: str  # RNG (recomputable), PROVIDER or MANUAL (official results)
    numbers: list[int]  # the stored result
    seed_hash: str | None
    server_seed: str | None
    beacon_round: int | None
    beacon: str | None
    recomputed: list[int] | None
    hash_matches: bool | None
    matches: bool | None  # None for official results: nothing to recompute
    recipe: dict[str, object] | None = None  # the draw's derivation (families.Recipe.plain)
    steps: list[str] = field(default_factory=list)


# ---- helpers -----------------------------------------------------------------------------------


def issue_view(issue: LotteryIssue) -> IssueView:
    return IssueView(
        game_code=issue.game_code,
        issue_no=issue.issue_no,
        status=issue.status,
        station=issue.station,
        open_at=issue.open_at,
        close_at=issue.close_at,
        draw_at=issue.draw_at,
        seed_hash=issue.seed_hash,
        beacon_round=issue.beacon_round,
        numbers=list(issue.result) if issue.result is not None else None,
        server_seed=issue.server_seed,
        result_source=issue.result_source,
    )


def area(value: object) -> str:
    text = value.upper() if isinstance(value, str) else ""
    if text not in AREAS:
        raise AppError("lottery-area-unknown", 422, {"area": str(value)[:16]})
    return text


def area_of(game_code: str) -> str:
    """The area whose lobby lists a game (a LOTT vendor's game: the LOTT area)."""
    return VENDOR_AREAS[game(game_code).vendor]


def prize_mode(area_code: str, wanted: object = None) -> Mode:
    """The area's prize mode: the wanted one when the area offers it, else its default.
    A mode the area does not offer is refused."""
    modes = AREA_MODES[area(area_code)]
    if wanted is None or wanted == "":
        return modes[0]
    text = wanted.upper() if isinstance(wanted, str) else ""
    for mode in modes:
        if mode.value == text:
            return mode
    raise AppError("lottery-play-not-offered", 422)


def plays_of(merchant: Market, family: str, mode: Mode) -> list[Play]:
    """The family's plays a brand offers in a mode (its RTP floor applied), catalogue order."""
    floor = MIN_RTP_BY_CURRENCY.get(merchant.currency, Decimal(0))
    return [p for p in PLAYS.values() if p.family == family and offered(p.code, mode, floor)]


def play_view(found: Play, mode: Mode, currency: str) -> PlayView:
    """A play as offered to a brand: its odds, exact RTP and limits in the brand's currency."""
    exact = rtp(found.code, mode)
    limits = found.limits.scaled(limit_scale(currency))
    return PlayView(
        code=found.code,
        family=found.family,
        prize_mode=mode.value,
        odds=dict(found.table(mode)),
        rtp=(Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(Decimal("0.0001")),
        min_stake=limits.min_stake,
        max_stake=limits.max_stake,
        max_exposure=limits.max_exposure,
    )


def _games_of(area_code: str) -> list[Game]:
    vendor = AREA_VENDORS[area_code]
    return [g for g in GAMES.values() if g.vendor == vendor]


def _lobby_game(found: Game, plays: int, next_issue: LotteryIssue | None) -> LobbyGame:
    minutes = int(found.interval.total_seconds() // 60) if found.interval is not None else None
    return LobbyGame(
        code=found.code,
        family=found.family,
        vendor=found.vendor,
        official=found.official,
        interval_minutes=minutes,
        close_seconds=found.close_seconds,
        plays=plays,
        next_issue=issue_view(next_issue) if next_issue is not None else None,
    )


async def _next_issues(codes: Sequence[str], now: datetime) -> dict[str, LotteryIssue]:
    """Per game, the issue taking bets that closes first."""
    if not codes:
        return {}
    async with session_scope() as session:
        soonest = (
            select(LotteryIssue.game_code, func.min(LotteryIssue.close_at).label("close_at"))
            .where(
                col(LotteryIssue.game_code).in_(codes),
                col(LotteryIssue.status).in_(issue_service.BETTING),
                col(LotteryIssue.close_at) > now,
            )
            .group_by(col(LotteryIssue.game_code))
            .subquery()
        )
        rows = await session.exec(
            select(LotteryIssue).join(
                soonest,
                (col(LotteryIssue.game_code) == soonest.c.game_code)
                & (col(LotteryIssue.close_at) == soonest.c.close_at),
            )
        )
        return {issue.game_code: issue for issue in rows.all()}


# ---- the read model ----------------------------------------------------------------------------


async def lobby(merchant: Market, area_code: object, wanted_mode: object, now: datetime) -> Lobby:
    """The games of an area in a prize mode (games with no play on offer in it are left
    out), each with the issue taking bets that closes first."""
    code = area(area_code)
    mode = prize_mode(code, wanted_mode)
    counted = [(g, len(plays_of(merchant, g.family, mode))) for g in _games_of(code)]
    counted = [(g, n) for g, n in counted if n > 0]
    found = await _next_issues([g.code for g, _ in counted], now)
    games = [_lobby_game(g, n, found.get(g.code)) for g, n in counted]
    families = tuple(dict.fromkeys(g.family for g in games))
    return Lobby(code, mode.value, tuple(m.value for m in AREA_MODES[code]), families, games)


async def board(
    merchant: Market,
    game_code: object,
    wanted_mode: object,
    now: datetime,
    *,
    upcoming: int = UPCOMING_ON_BOARD,
    last: int = RESULTS_ON_BOARD,
) -> Board:
    """A game's betting board."""
    found = game(str(game_code) if isinstance(game_code, str) else "")
    mode = prize_mode(area_of(found.code), wanted_mode)
    plays = plays_of(merchant, found.family, mode)
    if not plays:
        raise AppError("lottery-play-not-offered", 422)
    ahead = await issue_service.upcoming(found.code, now, max(1, min(upcoming, 20)) + 1)
    drawn = await _drawn(found.code, 0, max(1, min(last, MAX_PAGE_SIZE)))
    return Board(
        game=_lobby_game(found, len(plays), ahead[0] if ahead else None),
        prize_mode=mode.value,
        current=issue_view(ahead[0]) if ahead else None,
        upcoming=[issue_view(i) for i in ahead[1:]],
        last_results=[issue_view(i) for i in drawn],
        plays=[play_view(p, mode, merchant.currency) for p in plays],
        now=now,
    )


async def _drawn(game_code: str, offset: int, limit: int) -> list[LotteryIssue]:
    async with session_scope() as session:
        rows = await session.exec(
            select(LotteryIssue)
            .where(LotteryIssue.game_code == game_code, col(LotteryIssue.status).in_(DRAWN))
            .order_by(col(LotteryIssue.draw_at).desc())
            .offset(offset)
            .limit(limit)
        )
        return list(rows.all())


def _paging(page: object, page_size: object) -> tuple[int, int]:
    if (
        isinstance(page, bool)
        or isinstance(page_size, bool)
        or not isinstance(page, int)
        or not isinstance(page_size, int)
        or page < 1
        or not 1 <= page_size <= MAX_PAGE_SIZE
    ):
        raise AppError("lottery-page-invalid", 422, {"max": MAX_PAGE_SIZE})
    return page, page_size


async def results(
    game_code: object, page: object = 1, page_size: object = PAGE_SIZE
) -> Page[IssueView]:
    """A game's drawn issues, newest first."""
    found = game(str(game_code) if isinstance(game_code, str) else "")
    number, size = _paging(page, page_size)
    async with session_scope() as session:
        total = (
            await session.exec(
                select(func.count())
                .select_from(LotteryIssue)
                .where(LotteryIssue.game_code == found.code, col(LotteryIssue.status).in_(DRAWN))
            )
        ).one()
    items = await _drawn(found.code, (number - 1) * size, size)
    return Page([issue_view(i) for i in items], total, number, size)


def _position_labels(family: str) -> list[tuple[int, str]]:
    if family in VN_SLOTS or family == "4d":
        return [(0, "tail2")]
    return [(p + 1, str(p + 1)) for p in range(FAMILIES[family].size)]


def _number_range(family: str) -> range:
    if family in VN_SLOTS or family == "4d":
        return range(100)
    fam = FAMILIES[family]
    return range(fam.low, fam.high + 1)


def _seen(family: str, position: int, draw: list[int]) -> set[int]:
    if position == 0:
        return {n % 100 for n in draw}
    return {draw[position - 1]}


def _stats(family: str, position: int, label: str, draws: list[list[int]]) -> PositionStats:
    """`draws` newest first."""
    numbers = _number_range(family)
    counts = dict.fromkeys(numbers, 0)
    omission = dict.fromkeys(numbers, len(draws))
    longest = dict.fromkeys(numbers, 0)
    running = dict.fromkeys(numbers, 0)
    for age, draw in enumerate(draws):
        seen = _seen(family, position, draw)
        for n in numbers:
            if n in seen:
                counts[n] += 1
                if omission[n] == len(draws):
                    omission[n] = age
                running[n] = 0
            else:
                running[n] += 1
                longest[n] = max(longest[n], running[n])
    return PositionStats(position, label, counts, omission, longest)


async def trend(game_code: object, draws: object = TREND_DRAWS) -> Trend:
    """Counts and omission per position over the game's last `draws` drawn issues. Vietnam
    and 4D draws are lists of prizes: their statistics are of the last two digits (the lô)
    over every prize."""
    found = game(str(game_code) if isinstance(game_code, str) else "")
    if isinstance(draws, bool) or not isinstance(draws, int) or not 1 <= draws <= MAX_TREND_DRAWS:
        raise AppError("lottery-page-invalid", 422, {"max": MAX_TREND_DRAWS})
    drawn = [i for i in await _drawn(found.code, 0, draws) if i.result is not None]
    numbers = [list(i.result or []) for i in drawn]
    positions = [
        _stats(found.family, p, label, numbers) for p, label in _position_labels(found.family)
    ]
    return Trend(found.code, len(drawn), [issue_view(i) for i in drawn], positions)


async def my_bets(
    member: Member,
    kind: object = "all",
    page: object = 1,
    page_size: object = PAGE_SIZE,
    game_code: object = None,
) -> Page[BetView]:
    """A member's bets, newest first: `open` (pending), `settled` (settled, cancelled or
    refunded) or `all`; optionally of one game."""
    if kind not in BET_KINDS:
        raise AppError("lottery-page-invalid", 422, {"max": MAX_PAGE_SIZE})
    number, size = _paging(page, page_size)
    filters = [col(LotteryBet.member_id) == member.id]
    if kind == "open":
        filters.append(col(LotteryBet.status) == BetStatus.PENDING)
    elif kind == "settled":
        filters.append(col(LotteryBet.status) != BetStatus.PENDING)
    if game_code is not None and game_code != "":
        filters.append(col(LotteryBet.game_code) == game(str(game_code)).code)
    return await _bet_page(filters, number, size)


async def bet_of(member: Member, uid: object) -> BetView:
    """One of the member's bets by its uid (another member's is unknown)."""
    if not isinstance(uid, str) or not 0 < len(uid) <= 32:
        raise AppError("lottery-bet-unknown", 404)
    filters = [col(LotteryBet.member_id) == member.id, col(LotteryBet.uid) == uid]
    found = await _bet_page(filters, 1, 1)
    if not found.items:
        raise AppError("lottery-bet-unknown", 404)
    return found.items[0]


async def chase_bets(member: Member, chase_uid: object) -> list[BetView]:
    """The bets of one of the member's chase plans, in draw order."""
    if not isinstance(chase_uid, str) or not 0 < len(chase_uid) <= 32:
        return []
    async with session_scope() as session:
        chase_id = (
            await session.exec(
                select(LotteryChase.id).where(
                    LotteryChase.uid == chase_uid, LotteryChase.member_id == member.id
                )
            )
        ).first()
    if chase_id is None:
        return []
    filters = [col(LotteryBet.member_id) == member.id, col(LotteryBet.chase_id) == chase_id]
    found = await _bet_page(filters, 1, MAX_PAGE_SIZE * 2)
    return sorted(found.items, key=lambda b: b.close_at)


async def _bet_page(filters: list[Any], number: int, size: int) -> Page[BetView]:
    async with session_scope() as session:
        total = (
            await session.exec(select(func.count()).select_from(LotteryBet).where(*filters))
        ).one()
        rows = await session.exec(
            select(LotteryBet, LotteryIssue)
            .join(LotteryIssue, col(LotteryIssue.id) == LotteryBet.issue_id)
            .where(*filters)
            .order_by(col(LotteryBet.placed_at).desc(), col(LotteryBet.id).desc())
            .offset((number - 1) * size)
            .limit(size)
        )
        found = list(rows.all())
        chase_ids = {bet.chase_id for bet, _ in found if bet.chase_id is not None}
        chases: dict[int, str] = {}
        if chase_ids:
            chase_rows = await session.exec(
                select(LotteryChase.id, LotteryChase.uid).where(col(LotteryChase.id).in_(chase_ids))
            )
            chases = {cid: uid for cid, uid in chase_rows.all() if cid is not None}
        partner_ids = {b.partner_issue_id for b, _ in found if b.partner_issue_id is not None}
        partners: dict[int, LotteryIssue] = {}
        if partner_ids:
            partner_rows = await session.exec(
                select(LotteryIssue).where(col(LotteryIssue.id).in_(partner_ids))
            )
            partners = {p.id: p for p in partner_rows.all() if p.id is not None}
    items = [
        BetView(
            uid=bet.uid,
            game_code=bet.game_code,
            issue_no=issue.issue_no,
            play_code=bet.play_code,
            prize_mode=bet.prize_mode,
            selection=[list(s) for s in bet.selection.get("singles", [])],
            bet_count=bet.bet_count,
            unit=bet.unit,
            multiplier=bet.multiplier,
            stake=bet.stake,
            status=bet.status,
            payout=bet.payout,
            odds=dict(bet.odds),
            chase_uid=chases.get(bet.chase_id) if bet.chase_id is not None else None,
            placed_at=bet.placed_at,
            settled_at=bet.settled_at,
            issue_status=issue.status,
            close_at=issue.close_at,
            numbers=list(issue.result) if issue.result is not None else None,
            partner_issue_no=partner.issue_no if partner is not None else None,
            partner_numbers=(
                list(partner.result) if partner is not None and partner.result is not None else None
            ),
        )
        for bet, issue in found
        for partner in [partners.get(bet.partner_issue_id or 0)]
    ]
    return Page(items, total, number, size)


async def verification(game_code: object, issue_no: object) -> VerificationView:
    """A drawn issue, and for a seeded one (private, or drawn by the demo feed) its result
    recomputed from the revealed seed (and beacon) exactly as `python -m app.cli
    lottery-verify` does."""
    found = game(str(game_code) if isinstance(game_code, str) else "")
    if not isinstance(issue_no, str) or not 0 < len(issue_no) <= 32:
        raise AppError("lottery-issue-unknown", 404)
    issue = await issue_service.find(found.code, issue_no)
    if issue.result is None:
        raise AppError("lottery-not-drawn", 409)
    if issue.server_seed is None:
        return VerificationView(
            game_code=issue.game_code,
            issue_no=issue.issue_no,
            source=issue.result_source or "",
            numbers=list(issue.result),
            seed_hash=None,
            server_seed=None,
            beacon_round=None,
            beacon=None,
            recomputed=None,
            hash_matches=None,
            matches=None,
        )
    checked = issue_service.verify(issue)
    return VerificationView(
        game_code=issue.game_code,
        issue_no=issue.issue_no,
        source=issue.result_source or "",
        numbers=checked.stored,
        seed_hash=checked.seed_hash,
        server_seed=checked.server_seed,
        beacon_round=issue.beacon_round,
        beacon=issue.beacon,
        recomputed=checked.recomputed,
        hash_matches=checked.hash_matches,
        matches=checked.matches,
        recipe=checked.recipe,
        steps=[
            "sha256(server_seed) == seed_hash",
            f"block(c) = HMAC-SHA256(server_seed, '{issue.game_code}:{issue.issue_no}:"
            f"{issue.beacon or ''}:c'), c = 0, 1, ...",
            f"draw = the {found.family} derivation of the blocks' 32-bit words (app.services"
            ".lottery.families)",
        ],
    )


__all__ = [
    "AREAS",
    "BetView",
    "Board",
    "IssueView",
    "Lobby",
    "LobbyGame",
    "Page",
    "PlayView",
    "PositionStats",
    "Trend",
    "VerificationView",
    "area_of",
    "bet_of",
    "board",
    "chase_bets",
    "issue_view",
    "lobby",
    "my_bets",
    "play_view",
    "plays_of",
    "prize_mode",
    "results",
    "trend",
    "verification",
]
