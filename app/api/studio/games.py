"""The in-house studio's game-client API (`/studio/...`), as a game studio's server serves its
game client: the client exchanges the one-time launch token of `launchGame` for a game session
once, then sends the session token (header `Authorization`) with every call.

A session plays one game, the one it was launched for; a player sees, finishes and verifies
only their own rounds of it. Money moves through the seamless wallet like any vendor's.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import Field

from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.core.visitor import visitor
from app.services import site
from app.services.accounts.sessions import bearer
from app.services.brands import brands
from app.services.seamless.port import PlayerSession
from app.services.studio import rounds, seeds
from app.services.studio import sessions as studio_sessions

router = APIRouter(prefix="/studio", tags=["studio game client"])

RECENT_DEFAULT, RECENT_MAX = 10, 50
RoundId = Annotated[
    str, Path(max_length=64, description="the round's id, as a round answer gives it")
]


async def game_session(request: Request) -> PlayerSession:
    """The guard: the live game session of the `Authorization` header, else 401."""
    return await studio_sessions.resolve(bearer(request.headers.get("authorization")))


CurrentGameSession = Annotated[PlayerSession, Depends(game_session)]


async def studio_open_for_money(request: Request, session: CurrentGameSession) -> None:
    """A new round is a money call: refused to a blocked address and during the maintenance
    of the player's brand (finishing an open round stays open)."""
    seen = visitor(request.client.host if request.client else None, request.headers.get)
    site.enforce_open(await brands.by_id(session.merchant_id), seen.ip, seen.country, money=True)


class StudioSessionRequest(ApiModel):
    launchToken: str = Field(max_length=128, description="from launchGame's game_url (token=)")


class StudioLimitsValue(ApiModel):
    minBet: Decimal
    maxBet: Decimal
    maxWin: Decimal = Field(description="the most one round pays")


class StudioRoundValue(ApiModel):
    roundId: str
    gameCode: str
    nonce: int
    clientSeed: str
    serverSeedHash: str
    stake: Decimal
    multiplier: Decimal
    payout: Decimal
    quoted: Decimal | None = Field(description="the multiplier the choices promised, if fixed")
    params: dict[str, Any]
    detail: dict[str, Any] = Field(description="the outcome, as the game shows it")
    finished: bool = Field(description="false after the deal of a two-step game")
    status: str
    balance: Decimal | None = Field(description="the balance after this call (play and finish)")
    createdAt: datetime


class StudioSessionValue(ApiModel):
    sessionToken: str
    gameCode: str
    currency: str
    balance: Decimal
    limits: StudioLimitsValue
    openRound: StudioRoundValue | None = Field(description="a dealt round waiting for its draw")


class StudioBalanceValue(ApiModel):
    balance: Decimal
    currency: str


class StudioPlayRequest(ApiModel):
    bet: str = Field(max_length=24, description="the stake, a decimal string such as 1.00")
    params: dict[str, Any] = Field(
        default_factory=dict, description="the game's choices, e.g. dice {target, direction}"
    )


class StudioFinishRequest(ApiModel):
    choice: dict[str, Any] = Field(
        default_factory=dict, description="the second step's choice, e.g. video poker {hold}"
    )


class StudioVerificationValue(ApiModel):
    round: StudioRoundValue
    choice: dict[str, Any]
    serverSeed: str | None = Field(description="null until the seed pair is rotated")
    hashMatches: bool | None
    multiplier: Decimal | None = Field(description="recomputed")
    detail: dict[str, Any] | None = Field(description="recomputed")
    matches: bool | None = Field(description="null while the server seed is not revealed")


class StudioSeedsValue(ApiModel):
    serverSeedHash: str = Field(description="the commitment to the hidden server seed")
    clientSeed: str
    nextNonce: int


class StudioClientSeedRequest(ApiModel):
    clientSeed: str = Field(max_length=64, description="the player's own seed for next rounds")


class StudioRevealedValue(ApiModel):
    serverSeed: str
    serverSeedHash: str
    clientSeed: str
    rounds: int = Field(description="nonces 0 … rounds - 1 were played with this pair")
    revealedAt: datetime


class StudioRotatedValue(ApiModel):
    revealed: StudioRevealedValue
    current: StudioSeedsValue


def _seeds(view: seeds.SeedView) -> StudioSeedsValue:
    return StudioSeedsValue(
        serverSeedHash=view.server_seed_hash, clientSeed=view.client_seed, nextNonce=view.next_nonce
    )


def _round(view: rounds.RoundView) -> StudioRoundValue:
    return StudioRoundValue(
        roundId=view.round_id,
        gameCode=view.game_code,
        nonce=view.nonce,
        clientSeed=view.client_seed,
        serverSeedHash=view.server_seed_hash,
        stake=view.stake,
        multiplier=view.multiplier,
        payout=view.payout,
        quoted=view.quoted,
        params=view.params,
        detail=view.detail,
        finished=view.finished,
        status=view.status,
        balance=view.balance,
        createdAt=view.created_at,
    )


@router.post("/session", response_model=Envelope[StudioSessionValue])
async def open_session(body: StudioSessionRequest) -> Envelope[StudioSessionValue]:
    """Exchange the one-time launch token for the game session (once only)."""
    opened = await studio_sessions.open_session(body.launchToken)
    session, limits = opened.session, opened.limits
    return ok(
        StudioSessionValue(
            sessionToken=session.session_token,
            gameCode=session.game_code,
            currency=session.currency,
            balance=session.balance,
            limits=StudioLimitsValue(
                minBet=limits.min_bet, maxBet=limits.max_bet, maxWin=limits.max_win
            ),
            openRound=_round(opened.open_round) if opened.open_round else None,
        )
    )


@router.get("/balance", response_model=Envelope[StudioBalanceValue])
async def balance(session: CurrentGameSession) -> Envelope[StudioBalanceValue]:
    """The player's cash balance now, as the wallet answers it."""
    return ok(StudioBalanceValue(balance=session.balance, currency=session.currency))


@router.post(
    "/rounds",
    response_model=Envelope[StudioRoundValue],
    dependencies=[Depends(studio_open_for_money)],
)
async def play(session: CurrentGameSession, body: StudioPlayRequest) -> Envelope[StudioRoundValue]:
    """Play a round of the session's game (or deal the first step of a two-step game)."""
    player = rounds.member_player(session)
    return ok(_round(await rounds.play(player, session.game_code, body.bet, body.params)))


@router.get("/rounds", response_model=Envelope[list[StudioRoundValue]])
async def recent(
    session: CurrentGameSession,
    limit: Annotated[int, Query(ge=1, le=RECENT_MAX)] = RECENT_DEFAULT,
) -> Envelope[list[StudioRoundValue]]:
    """The player's last settled rounds of the session's game, newest first."""
    owner = rounds.member_player(session).owner
    return ok([_round(view) for view in await rounds.recent(owner, session.game_code, limit)])


@router.post("/rounds/{roundId}/finish", response_model=Envelope[StudioRoundValue])
async def finish(
    session: CurrentGameSession, roundId: RoundId, body: StudioFinishRequest
) -> Envelope[StudioRoundValue]:
    """The second step of a dealt round (video poker: the cards held), then the payout."""
    player = rounds.member_player(session)
    view = await rounds.finish(player, roundId, body.choice, game_code=session.game_code)
    return ok(_round(view))


@router.get("/rounds/{roundId}/verify", response_model=Envelope[StudioVerificationValue])
async def verify(
    session: CurrentGameSession, roundId: RoundId
) -> Envelope[StudioVerificationValue]:
    """Recompute a settled round from its seeds (once the server seed is revealed)."""
    owner = rounds.member_player(session).owner
    found = await rounds.verify(owner, roundId, game_code=session.game_code)
    return ok(
        StudioVerificationValue(
            round=_round(found.round),
            choice=found.choice,
            serverSeed=found.server_seed,
            hashMatches=found.hash_matches,
            multiplier=found.multiplier,
            detail=found.detail,
            matches=found.matches,
        )
    )


@router.get("/seeds", response_model=Envelope[StudioSeedsValue])
async def current_seeds(session: CurrentGameSession) -> Envelope[StudioSeedsValue]:
    """The active seed pair: the server seed's hash (never the seed), client seed, next nonce."""
    return ok(_seeds(await seeds.current(rounds.member_player(session).owner)))


@router.put("/seeds/client", response_model=Envelope[StudioSeedsValue])
async def set_client_seed(
    session: CurrentGameSession, body: StudioClientSeedRequest
) -> Envelope[StudioSeedsValue]:
    """Play the next rounds with the player's own client seed."""
    owner = rounds.member_player(session).owner
    return ok(_seeds(await seeds.set_client_seed(owner, body.clientSeed)))


@router.post("/seeds/rotate", response_model=Envelope[StudioRotatedValue])
async def rotate_seeds(session: CurrentGameSession) -> Envelope[StudioRotatedValue]:
    """Reveal the active server seed (its rounds can then be verified) and commit to a new one."""
    revealed, current = await seeds.rotate(rounds.member_player(session).owner)
    return ok(
        StudioRotatedValue(
            revealed=StudioRevealedValue(
                serverSeed=revealed.server_seed,
                serverSeedHash=revealed.server_seed_hash,
                clientSeed=revealed.client_seed,
                rounds=revealed.rounds,
                revealedAt=revealed.revealed_at,
            ),
            current=_seeds(current),
        )
    )


# Matched before every other router: the money calls players and vendors make most.
MONEY_ROUTERS = (router,)
