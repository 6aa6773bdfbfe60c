"""The lottery calls (spec 7 "Lottery") and the calls a client needs to play.

The spec's paths:
- GET /lgw/vn/games/game_menu (prizeMode, device WEB): the Vietnamese lottery menus;
- GET /lgw/vn/games/game_menu/recent (T): the Vietnamese games the member played lately;
- GET /lgw/vn/numeros/opened/game: the latest drawn numbers of the Vietnamese games;
- GET /lotto/lgw/games/opened/numero (T): the latest drawn numbers of lottery games;
- GET /lgw/lotto/lobby (lottoArea, launchMode, lottoPrizeMode, lottoGameCode, lottoView
  betting or lobby, device, backUrl, language): the lobby data (the spec names no path).

Playing (paths of our own, under /lgw/lotto):
- GET  /lgw/lotto/games/{gameCode}/issues: the issue taking bets and the next ones;
- GET  /lgw/lotto/games/{gameCode}/results, /trend: drawn issues, trend and omission;
- GET  /lgw/lotto/games/{gameCode}/issues/{issueNo}/verify: a drawn issue recomputed;
- POST /lgw/lotto/bets (T, real account), POST /lgw/lotto/chases (T, real account),
  DELETE /lgw/lotto/bets/{betUid} (T, real account), GET /lgw/lotto/bets (T).

Every rule is the services' (app/services/lottery): this router only shapes JSON.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any, Literal

from fastapi import APIRouter, Query
from pydantic import Field

from app.api.deps import Context, CurrentMember, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, PageNumber, PageSize, PageValue
from app.core import clock
from app.core.errors import AppError
from app.services.lottery import bets, views
from app.services.lottery.views import VN

router = APIRouter(tags=["lottery"])

GameCode = Field(min_length=1, max_length=32, pattern=r"^[a-z0-9-]+$")
VN_ACCOUNT_TYPE = "VNLOTTO"  # spec 3: Vietnam menus' accountTypeName
RECENT_LIMIT = 10


# ---- values --------------------------------------------------------------------------------------


class IssueValue(ApiModel):
    gameCode: str
    issueNo: str
    status: str = Field(description="SCHEDULED, OPEN, CLOSED, DRAWN, SETTLED or VOIDED")
    station: str | None
    openAt: datetime
    closeAt: datetime
    drawAt: datetime
    seedHash: str | None = Field(description="SHA-256 of the server seed, public before open")
    beaconRound: int | None
    numbers: list[int] | None = Field(description="the draw, once drawn")
    serverSeed: str | None = Field(description="revealed at the draw")
    resultSource: str | None = Field(description="RNG, PROVIDER or MANUAL")

    @classmethod
    def of(cls, issue: views.IssueView) -> IssueValue:
        return cls(
            gameCode=issue.game_code,
            issueNo=issue.issue_no,
            status=issue.status,
            station=issue.station,
            openAt=issue.open_at,
            closeAt=issue.close_at,
            drawAt=issue.draw_at,
            seedHash=issue.seed_hash,
            beaconRound=issue.beacon_round,
            numbers=issue.numbers,
            serverSeed=issue.server_seed,
            resultSource=issue.result_source,
        )


class GameValue(ApiModel):
    gameCode: str
    family: str = Field(description="ssc, 11x5, k3, pk10, lhc, pcb, lf, vns, vnn or 4d")
    vassalage: str
    accountTypeName: str
    official: bool
    intervalMinutes: int | None
    closeSeconds: int
    plays: int
    nextIssue: IssueValue | None

    @classmethod
    def of(cls, found: views.LobbyGame) -> GameValue:
        return cls(
            gameCode=found.code,
            family=found.family,
            vassalage=found.vendor,
            accountTypeName=VN_ACCOUNT_TYPE if found.vendor == "TCG_LOTTO_VN" else found.vendor,
            official=found.official,
            intervalMinutes=found.interval_minutes,
            closeSeconds=found.close_seconds,
            plays=found.plays,
            nextIssue=IssueValue.of(found.next_issue) if found.next_issue else None,
        )


class PlayValue(ApiModel):
    playCode: str
    prizeMode: str
    odds: dict[str, Decimal] = Field(description="line → return per unit, stake included")
    rtp: Decimal = Field(description="exact theoretical return, 0.9000 = 90 %")
    minStake: Decimal
    maxStake: Decimal
    maxExposure: Decimal


class LobbyValue(ApiModel):
    lottoArea: str
    lottoPrizeMode: str
    prizeModes: list[str]
    families: list[str]
    games: list[GameValue]


class BoardValue(ApiModel):
    game: GameValue
    lottoPrizeMode: str
    current: IssueValue | None
    secondsToClose: int | None
    upcoming: list[IssueValue]
    lastResults: list[IssueValue]
    plays: list[PlayValue]


class LobbyDataValue(ApiModel):
    lottoArea: str
    launchMode: str
    lottoView: str
    lottoPrizeMode: str
    backUrl: str | None = Field(description="echoed when it is a path of this site")
    lobby: LobbyValue | None
    betting: BoardValue | None


class VnMenuValue(ApiModel):
    prizeMode: str
    gameMenus: list[GameValue]


class OpenedValue(ApiModel):
    gameCode: str
    issues: list[IssueValue]


class IssuesValue(ApiModel):
    current: IssueValue | None
    secondsToClose: int | None
    upcoming: list[IssueValue]


class ResultsPageValue(PageValue):
    items: list[IssueValue]


class PositionValue(ApiModel):
    position: int = Field(description="1-based; 0: the last two digits of every prize")
    label: str
    counts: dict[str, int]
    omission: dict[str, int] = Field(description="draws since the number last came")
    maxOmission: dict[str, int]


class TrendValue(ApiModel):
    gameCode: str
    draws: int
    issues: list[IssueValue]
    positions: list[PositionValue]


class VerifyValue(ApiModel):
    gameCode: str
    issueNo: str
    source: str
    numbers: list[int]
    seedHash: str | None
    serverSeed: str | None
    beaconRound: int | None
    beacon: str | None
    recomputed: list[int] | None
    hashMatches: bool | None
    matches: bool | None = Field(description="null for official results (nothing to recompute)")
    steps: list[str]


class BetValue(ApiModel):
    betUid: str
    gameCode: str
    issueNo: str
    playCode: str
    prizeMode: str
    selection: list[list[Any]]
    betCount: int
    unit: Decimal
    multiplier: int
    stake: Decimal
    status: str = Field(description="PENDING, SETTLED, CANCELLED or REFUNDED")
    payout: Decimal
    odds: dict[str, str]
    chaseUid: str | None
    placedAt: datetime
    settledAt: datetime | None
    issueStatus: str
    closeAt: datetime
    numbers: list[int] | None
    partnerIssueNo: str | None = Field(
        default=None, description="đá on two stations: the second station's issue"
    )
    partnerNumbers: list[int] | None = None

    @classmethod
    def of(cls, bet: views.BetView) -> BetValue:
        return cls(
            betUid=bet.uid,
            gameCode=bet.game_code,
            issueNo=bet.issue_no,
            playCode=bet.play_code,
            prizeMode=bet.prize_mode,
            selection=bet.selection,
            betCount=bet.bet_count,
            unit=bet.unit,
            multiplier=bet.multiplier,
            stake=bet.stake,
            status=bet.status,
            payout=bet.payout,
            odds=bet.odds,
            chaseUid=bet.chase_uid,
            placedAt=bet.placed_at,
            settledAt=bet.settled_at,
            issueStatus=bet.issue_status,
            closeAt=bet.close_at,
            numbers=bet.numbers,
            partnerIssueNo=bet.partner_issue_no,
            partnerNumbers=bet.partner_numbers,
        )


class BetPageValue(PageValue):
    items: list[BetValue]


class PlacedValue(ApiModel):
    betUid: str
    gameCode: str
    issueNo: str
    partnerIssueNo: str | None = None
    betCount: int
    stake: Decimal
    status: str


class ChaseValue(ApiModel):
    chaseUid: str
    gameCode: str
    issues: int
    stopOnWin: bool
    bets: list[BetValue]


class BetPayload(ApiModel):
    gameCode: str = GameCode
    issueNo: str = Field(min_length=1, max_length=32)
    playCode: str = Field(min_length=1, max_length=40)
    prizeMode: str = Field(default="LOTT", max_length=8)
    selection: dict[str, Any] = Field(
        description='{"positions": [[..]]}, {"numbers": [..]} or {"options": [..]}'
    )
    # Text (or a whole number), never a JSON decimal: the amount parser reads it as typed.
    unit: str | int = Field(description="stake per bet, e.g. 1.00")
    multiplier: int = Field(default=1)
    partnerIssueNo: str = Field(
        default="",
        max_length=32,
        description="đá on two stations (vns.da2): another station's issue of the same draw",
    )


class ChasePayload(ApiModel):
    gameCode: str = GameCode
    playCode: str = Field(min_length=1, max_length=40)
    prizeMode: str = Field(default="LOTT", max_length=8)
    selection: dict[str, Any]
    unit: str | int
    multiplier: int = Field(default=1)
    issues: int = Field(description="how many of the next issues, 2 to 120")
    stopOnWin: bool = True


# ---- shaping -------------------------------------------------------------------------------------


def _play(found: views.PlayView) -> PlayValue:
    return PlayValue(
        playCode=found.code,
        prizeMode=found.prize_mode,
        odds=found.odds,
        rtp=found.rtp,
        minStake=found.min_stake,
        maxStake=found.max_stake,
        maxExposure=found.max_exposure,
    )


def _lobby(found: views.Lobby) -> LobbyValue:
    return LobbyValue(
        lottoArea=found.area,
        lottoPrizeMode=found.prize_mode,
        prizeModes=list(found.modes),
        families=list(found.families),
        games=[GameValue.of(g) for g in found.games],
    )


def _board(found: views.Board) -> BoardValue:
    return BoardValue(
        game=GameValue.of(found.game),
        lottoPrizeMode=found.prize_mode,
        current=IssueValue.of(found.current) if found.current else None,
        secondsToClose=found.seconds_to_close,
        upcoming=[IssueValue.of(i) for i in found.upcoming],
        lastResults=[IssueValue.of(i) for i in found.last_results],
        plays=[_play(p) for p in found.plays],
    )


def _site_path(url: str | None) -> str | None:
    """A back URL is kept only as a path of this site (never another origin)."""
    if not url or not url.startswith("/") or url.startswith("//") or "\\" in url:
        return None
    return url[:512]


# ---- the spec's calls ----------------------------------------------------------------------------


@router.get("/lgw/vn/games/game_menu", response_model=Envelope[VnMenuValue])
async def vn_game_menu(
    ctx: Context,
    prizeMode: str | None = Query(default=None, max_length=8),
    device: str = Query(default="WEB", max_length=16),
) -> Envelope[VnMenuValue]:
    """The Vietnamese lottery menus (spec 3: each with accountTypeName VNLOTTO)."""
    found = await views.lobby(ctx.brand, VN, prizeMode, clock.now())
    return ok(
        VnMenuValue(prizeMode=found.prize_mode, gameMenus=[GameValue.of(g) for g in found.games])
    )


@router.get("/lgw/vn/games/game_menu/recent", response_model=Envelope[list[GameValue]])
async def vn_recent(ctx: Context, auth: CurrentMember) -> Envelope[list[GameValue]]:
    """The Vietnamese games the member bet on lately, the latest first."""
    page = await views.my_bets(auth.member, "all", 1, views.MAX_PAGE_SIZE)
    codes = [b.game_code for b in page.items if views.area_of(b.game_code) == VN]
    found = await views.lobby(ctx.brand, VN, None, clock.now())
    by_code = {g.code: g for g in found.games}
    recent = [by_code[c] for c in dict.fromkeys(codes) if c in by_code][:RECENT_LIMIT]
    return ok([GameValue.of(g) for g in recent])


async def _opened(ctx: Context, area: str, game_code: str | None, count: int) -> list[OpenedValue]:
    if game_code:
        codes = [game_code]
    else:
        found = await views.lobby(ctx.brand, area, None, clock.now())
        codes = [g.code for g in found.games]
    opened = []
    for code in codes:
        page = await views.results(code, 1, count)
        opened.append(OpenedValue(gameCode=code, issues=[IssueValue.of(i) for i in page.items]))
    return opened


@router.get("/lgw/vn/numeros/opened/game", response_model=Envelope[list[OpenedValue]])
async def vn_opened(
    ctx: Context,
    gameCode: str | None = Query(default=None, max_length=32),
    count: int = Query(default=1, ge=1, le=20),
) -> Envelope[list[OpenedValue]]:
    """The latest drawn numbers of the Vietnamese games (or of one)."""
    if gameCode and views.area_of(gameCode) != VN:
        raise AppError("lottery-game-unknown", 404)
    return ok(await _opened(ctx, VN, gameCode, count))


@router.get("/lotto/lgw/games/opened/numero", response_model=Envelope[list[OpenedValue]])
async def opened_numero(
    ctx: Context,
    auth: CurrentMember,
    lottoArea: str = Query(default="LOTT", max_length=8),
    gameCode: str | None = Query(default=None, max_length=32),
    count: int = Query(default=1, ge=1, le=20),
) -> Envelope[list[OpenedValue]]:
    """The latest drawn numbers of an area's games (or of one game)."""
    return ok(await _opened(ctx, views.area(lottoArea), gameCode, count))


@router.get("/lgw/lotto/lobby", response_model=Envelope[LobbyDataValue])
async def lobby_data(
    ctx: Context,
    lottoArea: str = Query(default="LOTT", max_length=8),
    launchMode: str = Query(default="LOTT", max_length=8),
    lottoPrizeMode: str | None = Query(default=None, max_length=8),
    lottoGameCode: str | None = Query(default=None, max_length=32),
    lottoView: Literal["lobby", "betting"] = Query(default="lobby"),
    device: str = Query(default="WEB", max_length=16),
    backUrl: str | None = Query(default=None, max_length=512),
    language: str | None = Query(default=None, max_length=8),
) -> Envelope[LobbyDataValue]:
    """The lobby data call: an area's lobby, or with lottoView=betting one game's board."""
    area = views.area(lottoArea)
    now = clock.now()
    lobby: LobbyValue | None = None
    betting: BoardValue | None = None
    if lottoView == "betting":
        if not lottoGameCode:
            raise AppError("lottery-game-unknown", 404)
        board = await views.board(ctx.brand, lottoGameCode, lottoPrizeMode, now)
        betting = _board(board)
        mode = board.prize_mode
    else:
        found = await views.lobby(ctx.brand, area, lottoPrizeMode, now)
        lobby = _lobby(found)
        mode = found.prize_mode
    return ok(
        LobbyDataValue(
            lottoArea=area,
            launchMode=launchMode.upper(),
            lottoView=lottoView,
            lottoPrizeMode=mode,
            backUrl=_site_path(backUrl),
            lobby=lobby,
            betting=betting,
        )
    )


# ---- playing -------------------------------------------------------------------------------------


@router.get("/lgw/lotto/games/{gameCode}/issues", response_model=Envelope[IssuesValue])
async def game_issues(
    ctx: Context,
    gameCode: str,
    count: int = Query(default=5, ge=1, le=20),
    prizeMode: str | None = Query(default=None, max_length=8),
) -> Envelope[IssuesValue]:
    """The issue taking bets (closing first) and the next ones."""
    board = await views.board(ctx.brand, gameCode, prizeMode, clock.now(), upcoming=count, last=1)
    return ok(
        IssuesValue(
            current=IssueValue.of(board.current) if board.current else None,
            secondsToClose=board.seconds_to_close,
            upcoming=[IssueValue.of(i) for i in board.upcoming],
        )
    )


@router.get("/lgw/lotto/games/{gameCode}/results", response_model=Envelope[ResultsPageValue])
async def game_results(
    gameCode: str, page: PageNumber = 1, page_size: PageSize = views.PAGE_SIZE
) -> Envelope[ResultsPageValue]:
    found = await views.results(gameCode, page, page_size)
    return ok(
        ResultsPageValue(
            items=[IssueValue.of(i) for i in found.items],
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
        )
    )


@router.get("/lgw/lotto/games/{gameCode}/trend", response_model=Envelope[TrendValue])
async def game_trend(
    gameCode: str, draws: int = Query(default=views.TREND_DRAWS, ge=1, le=views.MAX_TREND_DRAWS)
) -> Envelope[TrendValue]:
    """Per position: how often each number came and for how many draws it has been missing."""
    found = await views.trend(gameCode, draws)
    return ok(
        TrendValue(
            gameCode=found.game_code,
            draws=found.draws,
            issues=[IssueValue.of(i) for i in found.issues],
            positions=[
                PositionValue(
                    position=p.position,
                    label=p.label,
                    counts={str(k): v for k, v in p.counts.items()},
                    omission={str(k): v for k, v in p.omission.items()},
                    maxOmission={str(k): v for k, v in p.max_omission.items()},
                )
                for p in found.positions
            ],
        )
    )


@router.get(
    "/lgw/lotto/games/{gameCode}/issues/{issueNo}/verify", response_model=Envelope[VerifyValue]
)
async def verify_issue(gameCode: str, issueNo: str) -> Envelope[VerifyValue]:
    """Anyone can recompute a drawn private issue from its revealed seed."""
    found = await views.verification(gameCode, issueNo)
    return ok(
        VerifyValue(
            gameCode=found.game_code,
            issueNo=found.issue_no,
            source=found.source,
            numbers=found.numbers,
            seedHash=found.seed_hash,
            serverSeed=found.server_seed,
            beaconRound=found.beacon_round,
            beacon=found.beacon,
            recomputed=found.recomputed,
            hashMatches=found.hash_matches,
            matches=found.matches,
            steps=found.steps,
        )
    )


@router.post("/lgw/lotto/bets", response_model=Envelope[PlacedValue])
async def place_bet(auth: RealMember, body: BetPayload) -> Envelope[PlacedValue]:
    """Place one bet on one issue; the stake is taken at once (refusals move nothing)."""
    request = bets.BetRequest(
        body.gameCode,
        body.playCode,
        body.prizeMode,
        body.selection,
        body.unit,
        body.multiplier,
        body.partnerIssueNo,
    )
    bet = await bets.place_bet(auth.member, body.issueNo, request, clock.now())
    issue_no, partner_issue_no = body.issueNo, None
    if bet.partner_issue_id is not None:  # a pair is kept in the day's station order
        placed = await views.bet_of(auth.member, bet.uid)
        issue_no, partner_issue_no = placed.issue_no, placed.partner_issue_no
    return ok(
        PlacedValue(
            betUid=bet.uid,
            gameCode=bet.game_code,
            issueNo=issue_no,
            partnerIssueNo=partner_issue_no,
            betCount=bet.bet_count,
            stake=bet.stake,
            status=bet.status,
        )
    )


class CodePayload(ApiModel):
    code: str = Field(min_length=1, max_length=500, description="e.g. 2dmn 12 34 dd10")


@router.post("/lgw/lotto/bets/code", response_model=Envelope[list[BetValue]])
async def place_code(auth: RealMember, body: CodePayload) -> Envelope[list[BetValue]]:
    """Every bet of a typed Vietnamese code on today's draws, all or none."""
    placed = await bets.place_code(auth.member, body.code, clock.now())
    return ok([BetValue.of(await views.bet_of(auth.member, bet.uid)) for bet in placed])


@router.post("/lgw/lotto/chases", response_model=Envelope[ChaseValue])
async def place_chase(auth: RealMember, body: ChasePayload) -> Envelope[ChaseValue]:
    """The same bet on each of the next `issues` issues, all staked now."""
    request = bets.BetRequest(
        body.gameCode, body.playCode, body.prizeMode, body.selection, body.unit, body.multiplier
    )
    chase = await bets.place_chase(
        auth.member, request, body.issues, clock.now(), stop_on_win=body.stopOnWin
    )
    placed = [BetValue.of(b) for b in await views.chase_bets(auth.member, chase.uid)]
    return ok(
        ChaseValue(
            chaseUid=chase.uid,
            gameCode=chase.game_code,
            issues=chase.issues,
            stopOnWin=chase.stop_on_win,
            bets=placed,
        )
    )


@router.delete("/lgw/lotto/bets/{betUid}", response_model=Envelope[BetValue])
async def cancel_bet(auth: RealMember, betUid: str) -> Envelope[BetValue]:
    """Cancel one of your pending bets before its issue closes; the stake comes back."""
    if len(betUid) > 32:
        raise AppError("lottery-bet-unknown", 404)
    bet = await bets.cancel_bet(auth.member, betUid, clock.now())
    return ok(BetValue.of(await views.bet_of(auth.member, bet.uid)))


@router.get("/lgw/lotto/bets", response_model=Envelope[BetPageValue])
async def my_bets(
    auth: CurrentMember,
    kind: Literal["open", "settled", "all"] = Query(default="all"),
    gameCode: str | None = Query(default=None, max_length=32),
    page: PageNumber = 1,
    page_size: PageSize = views.PAGE_SIZE,
) -> Envelope[BetPageValue]:
    """Your bets, newest first: open (pending) or settled (with payout)."""
    found = await views.my_bets(auth.member, kind, page, page_size, gameCode)
    return ok(
        BetPageValue(
            items=[BetValue.of(b) for b in found.items],
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
        )
    )


# Matched before every other router: the money calls players and vendors make most.
MONEY_ROUTERS = (router,)
