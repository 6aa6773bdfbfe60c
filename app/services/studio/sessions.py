"""Game sessions of the studio's game client: a launch token exchanged once, then a session token.

The exchange goes through the wallet port (`studio_wallet().authenticate`), as it does for any
vendor, so it works in-process and for a studio running apart alike. The studio keeps what the
wallet told it (who plays, which game, which currency) in the cache for the session's lifetime,
keyed by a digest of the token, the way a vendor's game server keeps its own sessions. Every
call still asks the wallet for the balance: a session the platform has ended is refused (401).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from app.core.cache import get_redis
from app.core.config import get_settings
from app.core.errors import AppError
from app.core.security import token_digest
from app.services.seamless.port import PlayerSession
from app.services.seamless.studio_port import studio_wallet
from app.services.studio import rounds, seeds
from app.services.studio.crash import rounds as crash_rounds
from app.services.studio.games import BetLimits, GameSpec, game


@dataclass(frozen=True)
class Opened:
    """A game session as its client starts: the session, the game's limits in its currency,
    and a dealt two-step round waiting for its draw (from an earlier session), if any."""

    session: PlayerSession
    limits: BetLimits
    open_round: rounds.RoundView | None


def _spec(game_code: str) -> GameSpec:
    """The game's spec: one of the one-player games, or the shared Crash."""
    return crash_rounds.SPEC if game_code == crash_rounds.CODE else game(game_code).spec


def _key(session_token: str) -> str:
    return f"studio-session:{token_digest(session_token)}"


async def open_session(launch_token: str) -> Opened:
    """Exchange a one-time launch token (a second use is refused by the wallet, 401)."""
    session = await studio_wallet().authenticate(launch_token)
    kept = {
        "member_id": session.member_id,
        "merchant_id": session.merchant_id,
        "currency": session.currency,
        "vendor": session.vendor,
        "game_code": session.game_code,
    }
    ttl = get_settings().game_session_minutes * 60
    await get_redis().set(_key(session.session_token), json.dumps(kept), ex=ttl)
    return Opened(
        session=session,
        limits=_spec(session.game_code).limits(session.currency),
        open_round=await rounds.open_round(
            seeds.member_owner(session.member_id), session.game_code
        ),
    )


async def resolve(session_token: str | None) -> PlayerSession:
    """The live game session of a token, with the balance now; unknown or ended: 401."""
    if not session_token:
        raise AppError("seamless-invalid-session", 401)
    kept = await get_redis().get(_key(session_token))
    if kept is None:
        raise AppError("seamless-invalid-session", 401)
    answer = await studio_wallet().balance(session_token)  # refuses an ended session
    return PlayerSession(session_token=session_token, balance=answer.balance, **json.loads(kept))
